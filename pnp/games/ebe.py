"""Rules engine for EBE (draft 9): a cooperative escape from a space station, 2–4 players.

Everything printed comes from ``components/ebe/*.yaml``: characters (life, inventory, areas, skill),
explore cards, the イーバ / drone / mission / item / event decks and the supply counts of game.yaml.
Card effects are data (``rules:``) read through a small vocabulary (see ``SKILLS``, ``ITEM_EFFECTS``,
``EVENT_CONDITIONS``); no card has code of its own.

The station map is ``STATION_GRID`` (the draft's drawing, one letter per drawn character) until a
``board`` part with ``grid:`` exists in the game's data; adjacency is derived from shared edges.

The game is open-information and cooperative: ``observe`` shows the whole table except the face-down
イーバ cards (and the order of the decks).  Team decisions (the dice assignment, paying for an event)
are taken by a leader seat that rotates every turn / round.
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..data.model import Game
from ..sim.engine import CHANCE, TERMINAL, Finding, InvariantError, Result, Variant
from ..sim.stats import rate, rate_ja

GAME_ID = "ebe"
ENGINE_VERSION = "1"

# The draft's map as drawn (each area letter spans two characters; "." is empty space).
STATION_GRID: tuple[str, ...] = (
    "....BBCC..",
    "AA..BBCC..",
    "AADDBBCCGG",
    "AADD....GG",
    "EEDDFFFFGG",
    "EEDDFFFF..",
    "EE........",
)
AREAS = "ABCDEFG"
AREA_NAMES = ("医務室", "製作所", "研究所", "制御室", "備品室", "廃棄場", "動力室")
RESOURCES = ("ether", "dust", "scrap", "carbon")
RES_NAMES = ("エーテル", "宇宙塵", "鉄屑", "炭素繊維")
# area → what one AP there gains: a resource index, WEAPON, or None (医務室・製作所 have own actions)
WEAPON = 4
AREA_GAIN = (None, None, 3, WEAPON, 1, 2, 0)
A_MED, A_FAB = 0, 1

SKILLS = ("heal_per_ap", "free_convert", "drone_free", "area_bonus", "ignore_adjacent")
ITEM_EFFECTS = ("info", "heal", "ap", "weapons", "resources", "armor", "dice")
E_DICE = 6
EVENT_CONDITIONS = ("visit", "pay", "destroy", "weapons", "load")

# The rulings this engine plays, by id; their text (and the designer's ledger) is in
# components/ebe/rulings.yaml, which the rulebook prints.
RULING_IDS: tuple[str, ...] = (
    "dice-assignment", "tie-order", "earlier-ebe", "adjacent-stacks", "ebe-after-only", "failed-no-trade",
    "trade-timing", "trade-safeguard", "load-choice", "heal-self", "drone-lowest", "damage-over-life",
    "supply-limit", "info-cards", "consumables", "armor", "event-pay", "event-order", "weight-order", "item-deck",
    "round4-ebe",
)

# phases
(P_CHARS, P_MISSIONS, P_EVENT, P_DRONES, P_EBE, P_ROLL, P_ASSIGN, P_CHOOSE, P_RESOLVE, P_DRONE, P_ACT,
 P_DISCARD, P_PAY, P_END, P_DICE) = range(15)
PHASE_NAMES = ("chars", "missions", "event", "drones", "ebe", "roll", "assign", "choose", "resolve",
               "drone", "act", "discard", "pay", "end", "dice")
CHANCE_PHASES = frozenset((P_CHARS, P_MISSIONS, P_EVENT, P_DRONES, P_EBE, P_ROLL))

# Act kinds
K_DONE, K_HEAL, K_CONVERT, K_LOAD, K_GAIN, K_USE, K_GIVE = range(7)
ITEM_BASE = 10          # "what" codes: 0–3 resource, 4 weapon, 10+i item i
INFO_BASE = 100         # hand tokens: 0–24 explore cards, 100+i info item i
MAX_TRADES = 6          # the trade-limited variant: pieces passed per turn
TRADE_SAFEGUARD = 20    # the draft's free exchange: an engine safeguard (not a rule) against endless passing
LOAD_BASE = 8           # a load's amounts packed per resource: a0 + 8·a1 + 64·a2 + 512·a3 (costs stay below 8)

# rule switches a variant turns on (pnp's earlier readings, compared with the draft's by the simulator)
R_TRADE_LIMIT = 1       # exchange only during the later player's turn, ≤ 6 pieces, weapons yes, 情報 no
R_DAMAGE_CAP = 2        # damage tokens stop at the character's life
R_LOAD_ALL = 4          # a load puts everything that fits (no choice of amount)
VARIANT_RULES = {"standard": 0, "life30": 0, "trade-limited": R_TRADE_LIMIT, "damage-cap": R_DAMAGE_CAP,
                 "load-all": R_LOAD_ALL}

END_REASONS_JA = {"escape": "脱出成功", "station": "ステーションライフが尽きた", "death": "死亡者が出た",
                  "time": "4ラウンド終了（時間切れ）"}


def pack_load(amounts: Sequence[int]) -> int:
    """The amounts of the four resources one load puts on a mission, as one number."""
    return amounts[0] + LOAD_BASE * (amounts[1] + LOAD_BASE * (amounts[2] + LOAD_BASE * amounts[3]))


def unpack_load(code: int) -> tuple[int, int, int, int]:
    return (code % LOAD_BASE, code // LOAD_BASE % LOAD_BASE, code // LOAD_BASE ** 2 % LOAD_BASE,
            code // LOAD_BASE ** 3 % LOAD_BASE)


def grid_adjacency(grid: Sequence[str]) -> dict[str, frozenset[str]]:
    """Areas sharing an edge in a grid of letters ('.' and ' ' are empty)."""
    adj: dict[str, set[str]] = {}
    h = len(grid)
    for y, row in enumerate(grid):
        for x, a in enumerate(row):
            if a in ". ":
                continue
            adj.setdefault(a, set())
            for dx, dy in ((1, 0), (0, 1)):
                xx, yy = x + dx, y + dy
                if yy < h and xx < len(grid[yy]):
                    b = grid[yy][xx]
                    if b not in ". " and b != a:
                        adj[a].add(b)
                        adj.setdefault(b, set()).add(a)
    return {a: frozenset(v) for a, v in adj.items()}


# ---------------------------------------------------------------- actions and chance outcomes

@dataclass(frozen=True, order=True)
class Deal:
    """Chance: cards drawn from a deck (characters per seat, missions, event, イーバ) in order."""
    deck: str
    cards: tuple[int, ...]
    items: tuple[int, ...] = ()          # drones only: the item each drone carries
    names: str = field(default="", compare=False)

    def label(self) -> str:
        return f"{self.names or self.deck}を引く"

    def to_json(self) -> Any:
        return {"t": "deal", "deck": self.deck, "cards": list(self.cards), "items": list(self.items)}


@dataclass(frozen=True, order=True)
class Roll:
    dice: tuple[int, ...]

    def label(self) -> str:
        return "サイコロ: " + "・".join(map(str, self.dice))

    def to_json(self) -> Any:
        return {"t": "roll", "dice": list(self.dice)}


@dataclass(frozen=True, order=True)
class AssignDie:
    slot: int                            # 0..n-1 a seat, n.. an イーバ
    value: int
    who: str = field(default="", compare=False)

    def label(self) -> str:
        return f"{self.who}に{self.value}の目を割り振る"

    def to_json(self) -> Any:
        return {"t": "assign", "slot": self.slot, "value": self.value}


@dataclass(frozen=True, order=True)
class Play:
    token: int                           # explore card index, or INFO_BASE + item index
    text: str = field(default="", compare=False)

    def label(self) -> str:
        return f"「{self.text}」を出す"

    def to_json(self) -> Any:
        return {"t": "play", "token": self.token}


@dataclass(frozen=True, order=True)
class DroneChoice:
    fight: bool

    def label(self) -> str:
        return "ドローンを撃退する" if self.fight else "ドローンから逃げる（1ダメージ）"

    def to_json(self) -> Any:
        return {"t": "drone", "fight": self.fight}


@dataclass(frozen=True, order=True)
class Act:
    kind: int
    a: int = 0
    b: int = 0
    c: int = 0
    text: str = field(default="", compare=False)

    def label(self) -> str:
        return self.text

    def to_json(self) -> Any:
        return {"t": "act", "k": self.kind, "a": self.a, "b": self.b, "c": self.c}


@dataclass(frozen=True, order=True)
class Discard:
    what: int
    text: str = field(default="", compare=False)

    def label(self) -> str:
        return f"重量超過：{self.text}を捨てる"

    def to_json(self) -> Any:
        return {"t": "discard", "what": self.what}


@dataclass(frozen=True, order=True)
class Pay:
    yes: bool

    def label(self) -> str:
        return "イベントの支払いをする" if self.yes else "イベントの支払いをしない"

    def to_json(self) -> Any:
        return {"t": "pay", "yes": self.yes}


@dataclass(frozen=True, order=True)
class Tune:
    """The draft's 「サイコロの目を変更する効果」 (the 行動予測装置 item): after the reveal, one die ±1, or pass."""
    slot: int                            # -1 pass; 0..n-1 a seat's die; n.. an イーバ's die
    delta: int = 0
    who: str = field(default="", compare=False)

    def label(self) -> str:
        if self.slot < 0:
            return "サイコロの目を変えない"
        return f"{self.who}のサイコロの目を{'1増やす' if self.delta > 0 else '1減らす'}"

    def to_json(self) -> Any:
        return {"t": "tune", "slot": self.slot, "delta": self.delta}


DRONE_CHOICES = (DroneChoice(False), DroneChoice(True))
TUNE_PASS = Tune(-1, 0)
PAYS = (Pay(False), Pay(True))


# ---------------------------------------------------------------- state

class State:
    __slots__ = (
        "n", "life_start", "rules", "phase", "cur", "rnd", "turn", "leader", "end",
        "chars", "hand", "table", "played", "dmg", "res", "weap", "items",
        "supply_res", "supply_weap", "supply_dmg", "station",
        "mission_deck", "missions", "loaded", "built",
        "event_deck", "event_discard", "event",
        "drone_deck", "drone_discard", "drone_at", "drone_item",
        "item_deck", "item_discard",
        "ebe_deck", "ebe_table", "ebe_now", "ebe_die", "revealed", "seen_prev", "ebe_active",
        "dice", "die", "slot", "order", "pos", "ap", "failed", "success", "drone_seen",
        "free_conv", "trades", "visits", "destroyed", "loaded_round",
        "log_ebe_dice", "log_min_share", "peak_res", "peak_weap", "peak_dmg", "peak_cubes",
        "events_failed", "events_paid", "events_done", "station_hist", "built_round",
    )

    def clone(self) -> State:
        c = State.__new__(State)
        for k in ("n", "life_start", "rules", "phase", "cur", "rnd", "turn", "leader", "end", "supply_weap",
                  "supply_dmg", "station", "event", "revealed", "seen_prev", "pos", "ap", "drone_seen",
                  "free_conv", "trades", "destroyed", "loaded_round", "peak_weap", "peak_dmg",
                  "peak_cubes", "events_failed", "events_paid", "events_done", "slot", "dice"):
            setattr(c, k, getattr(self, k))
        for k in ("chars", "played", "dmg", "weap", "supply_res", "mission_deck", "missions", "built",
                  "event_deck", "event_discard", "drone_deck", "drone_discard", "drone_at", "drone_item",
                  "item_deck", "item_discard", "ebe_deck", "ebe_table", "ebe_now", "ebe_die", "ebe_active",
                  "die", "order", "failed", "success", "visits", "log_ebe_dice", "log_min_share",
                  "peak_res", "station_hist", "built_round"):
            setattr(c, k, getattr(self, k)[:])
        c.hand = [h[:] for h in self.hand]
        c.table = [t[:] for t in self.table]
        c.res = [r[:] for r in self.res]
        c.items = [i[:] for i in self.items]
        c.loaded = [m[:] for m in self.loaded]
        return c

    def __repr__(self) -> str:
        return (f"State(round={self.rnd}, turn={self.turn}, phase={PHASE_NAMES[self.phase]}, cur={self.cur}, "
                f"station={self.station}, end={self.end})")


class Observation:
    """The public table for one seat: a redacted copy of the state (face-down イーバ hidden as -1,
    deck orders unknown anyway) and the engine's fixed tables (``eng``)."""

    __slots__ = ("seat", "state", "eng")

    def __init__(self, seat: int, state: State, eng: EbeEngine):
        self.seat, self.state, self.eng = seat, state, eng

    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, {self.state!r})"


# ---------------------------------------------------------------- engine

class EbeEngine:
    game_id = GAME_ID
    cooperative = True          # the team wins or loses together (reports give the team rate)
    version = ENGINE_VERSION
    min_players = 2
    max_players = 4
    variants = (
        Variant("standard", "標準ルール", "ステーションライフ60で始める。"),
        Variant("life30", "ステーションライフ30", "ステーションライフ30で始める（草案メモの案）。"),
        Variant("trade-limited", "交換の制限",
                "交換は後から手番を行う人の手番中だけ、1手番6個まで。武器は渡せ、情報は渡せない（pnp の旧裁定）。"),
        Variant("damage-cap", "ダメージの上限",
                "キャラクターに置くダメージはライフと同数まで（pnp の旧裁定）。"),
        Variant("load-all", "積めるだけ積む",
                "ミッションへの積み込みは、足りない資源を手持ちから積めるだけ全部積む（量を選べない。pnp の旧裁定）。"),
    )
    options = ()
    ruling_ids = RULING_IDS
    default_policy = "planner"

    def __init__(self, game: Game, supply: Mapping[str, int] | None = None):
        problems: list[str] = []
        self.map_source = "STATION_GRID"
        # map: a board part with a grid wins over the module constant
        grid = STATION_GRID
        adj = grid_adjacency(grid)
        for p in getattr(game, "parts", ()):
            if getattr(p, "kind", None) == "board" and p.id == "station":
                pairs = p.adjacency()
                adj = {a: frozenset() for a in AREAS}
                for x, y in pairs:
                    X, Y = x.upper(), y.upper()
                    adj[X] = adj[X] | {Y}
                    adj[Y] = adj[Y] | {X}
                self.map_source = p.file
        self.grid = grid
        self.adj = tuple(tuple(AREAS[j] in adj.get(AREAS[i], ()) for j in range(7)) for i in range(7))
        self.adj_list = tuple(tuple(j for j in range(7) if self.adj[i][j]) for i in range(7))

        chars = game.deck("characters").physical_cards()
        self.char_ids = tuple(c.id for c in chars)
        self.char_names = tuple(c.title for c in chars)
        self.char_life = tuple(int(c.rules["life"]) for c in chars)
        self.char_inv = tuple(int(c.rules["inventory"]) for c in chars)
        self.char_areas = tuple(tuple(sorted(AREAS.index(a) for a in c.rules["areas"])) for c in chars)
        heal, fconv, dfree, bonus, ign = [], [], [], [], []
        for c in chars:
            sk = dict(c.rules.get("skill") or {})
            for k in sk:
                if k not in SKILLS:
                    problems.append(f"{c.where.file}:{c.where.line}: unknown skill {k!r}")
            heal.append(int(sk.get("heal_per_ap", 1)))
            fconv.append(int(sk.get("free_convert", 0)))
            dfree.append(bool(sk.get("drone_free", False)))
            b = [0] * 7
            for a, v in (sk.get("area_bonus") or {}).items():
                b[AREAS.index(a)] = int(v)
            bonus.append(tuple(b))
            ign.append(bool(sk.get("ignore_adjacent", False)))
        self.char_heal, self.char_fconv, self.char_dfree = tuple(heal), tuple(fconv), tuple(dfree)
        self.char_bonus, self.char_ignore = tuple(bonus), tuple(ign)

        exp = game.deck("explore").physical_cards()
        self.exp_char = tuple(self.char_ids.index(c.rules["character"]) for c in exp)
        self.exp_area = tuple(AREAS.index(c.rules["area"]) for c in exp)
        self.char_cards = tuple(tuple(i for i in range(len(exp)) if self.exp_char[i] == ch)
                                for ch in range(len(chars)))
        for ch in range(len(chars)):
            if tuple(sorted(self.exp_area[i] for i in self.char_cards[ch])) != self.char_areas[ch]:
                problems.append(f"explore cards of {self.char_ids[ch]} differ from its areas")

        self.ebe_area = tuple(AREAS.index(c.rules["area"]) for c in game.deck("ebe").physical_cards())
        self.drone_area = tuple(AREAS.index(c.rules["area"]) for c in game.deck("drones").physical_cards())
        ms = game.deck("missions").physical_cards()
        self.mission_names = tuple(c.title for c in ms)
        self.mission_ids = tuple(c.id for c in ms)
        self.mission_cost = tuple(tuple(int(c.rules["cost"].get(r, 0)) for r in RESOURCES) for c in ms)
        its = game.deck("items").physical_cards()
        self.item_names = tuple(c.title for c in its)
        self.item_ids = tuple(c.id for c in its)
        self.item_effect = tuple(ITEM_EFFECTS.index(c.rules["effect"]) if c.rules.get("effect") in ITEM_EFFECTS
                                 else -1 for c in its)
        for c, e in zip(its, self.item_effect):
            if e < 0:
                problems.append(f"{c.where.file}:{c.where.line}: unknown item effect {c.rules.get('effect')!r}")
        self.item_amount = tuple(int(c.rules.get("amount", 0)) for c in its)
        self.item_area = tuple(AREAS.index(c.rules["area"]) if "area" in c.rules else -1 for c in its)
        evs = game.deck("events").physical_cards()
        self.event_names = tuple(c.title for c in evs)
        self.event_ids = tuple(c.id for c in evs)
        self.event_cond = []
        for c in evs:
            r = c.rules
            if r.get("condition") not in EVENT_CONDITIONS:
                problems.append(f"{c.where.file}:{c.where.line}: unknown event condition {r.get('condition')!r}")
                self.event_cond.append((0, 0, 0, 0, 0))
                continue
            self.event_cond.append((EVENT_CONDITIONS.index(r["condition"]),
                                    AREAS.index(r["area"]) if "area" in r else -1,
                                    RESOURCES.index(r["resource"]) if "resource" in r else -1,
                                    int(r.get("n", 1)), int(r["damage"])))
        self.event_cond = tuple(self.event_cond)
        if problems:
            raise ValueError(f"{GAME_ID}: " + "; ".join(problems))

        sup = dict(supply or {})
        self.total_dmg = int(sup.get("damage", game.component("damage").count))
        self.total_cubes = int(sup.get("cubes", game.component("cubes").count)) // 4
        self.total_weap = int(sup.get("weapons", game.component("weapons").count))
        self.n_dice = game.component("dice").count

        self.n_chars, self.n_exp, self.n_items = len(chars), len(exp), len(its)
        self.n_missions, self.n_events = len(ms), len(evs)
        self.n_ebe, self.n_drones = len(self.ebe_area), len(self.drone_area)
        # longest game: 4 rounds × (event + drones + 4 turns × (ebe + roll + 6 assigns + 4 plays + 6 dice changes
        #   + 4 × (drone + acts (≤ 3+1 AP + 4 from 興奮剤 + 18 item uses + 20 passes + 1 free conversion + done))
        #   + discards (at most every piece of the game: 60 cubes, 10 weapons, 18 items))) + pay
        self.max_steps = 2 + 4 * (3 + 4 * (2 + 6 + 4 + 6 + 4 * (1 + 60) + 90))
        self._acts: dict[tuple, Act] = {}
        self.plays = tuple(Play(i, f"{AREA_NAMES[self.exp_area[i]]}（{self.char_names[self.exp_char[i]]}）")
                           for i in range(self.n_exp))
        self.info_plays = tuple(Play(INFO_BASE + i, self.item_names[i]) for i in range(self.n_items))

    # ------------------------------------------------------------ helpers

    def what_name(self, w: int) -> str:
        if w < 4:
            return RES_NAMES[w]
        if w == WEAPON:
            return "武器"
        return self.item_names[w - ITEM_BASE]

    def act(self, kind: int, a: int = 0, b: int = 0, c: int = 0) -> Act:
        key = (kind, a, b, c)
        x = self._acts.get(key)
        if x is None:
            x = Act(kind, a, b, c, self._act_text(kind, a, b, c))
            self._acts[key] = x
        return x

    def _act_text(self, kind: int, a: int, b: int, c: int) -> str:
        if kind == K_DONE:
            return "手番を終える"
        if kind == K_HEAL:
            return "1AP：ダメージを回復する"
        if kind == K_CONVERT:
            return f"1AP：{RES_NAMES[a]}を{RES_NAMES[b]}に変える"
        if kind == K_LOAD:
            amounts = "・".join(f"{RES_NAMES[r]}{k}" for r, k in enumerate(unpack_load(b)) if k)
            return f"1AP：「{self.mission_names[a]}」に{amounts or '資源'}を積む"
        if kind == K_GAIN:
            return f"1AP：{self.what_name(a)}を1つ得る"
        if kind == K_USE:
            extra = f"（{RES_NAMES[b]}と{RES_NAMES[c]}）" if self.item_effect[a] == 4 else ""
            return f"「{self.item_names[a]}」を使う{extra}"
        return f"{a + 1}番席から{b + 1}番席へ{self.what_name(c)}を渡す"

    def weight(self, s: State, p: int) -> int:
        r = s.res[p]
        return r[0] + r[1] + r[2] + r[3] + s.weap[p] + len(s.items[p])

    def _damage(self, s: State, p: int, k: int) -> None:
        """Damage tokens onto a character.  The draft: 「キャラクターのライフ以上のダメージを受けても、
        キャラクターは即死しません」 — damage above life stays (and is healed token by token); death is
        checked at the end of the turn.  The damage-cap variant stops at life (and at the printed tokens)."""
        if s.rules & R_DAMAGE_CAP:
            k = min(k, self.char_life[s.chars[p]] - s.dmg[p], s.supply_dmg)
        if k > 0:
            s.dmg[p] += k
            s.supply_dmg -= k
            used = self.total_dmg - s.supply_dmg
            if used > s.peak_dmg:
                s.peak_dmg = used

    def _note_cubes(self, s: State) -> None:
        tot = 0
        for r in range(4):
            used = self.total_cubes - s.supply_res[r]
            tot += used
            if used > s.peak_res[r]:
                s.peak_res[r] = used
        if tot > s.peak_cubes:
            s.peak_cubes = tot
        used = self.total_weap - s.supply_weap
        if used > s.peak_weap:
            s.peak_weap = used

    # ------------------------------------------------------------ setup

    def new_state(self, players: int, variant: str = "standard",
                  options: Mapping[str, Any] | None = None) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{GAME_ID}: {players} players (2–4)")
        if variant not in VARIANT_RULES:
            raise ValueError(f"{GAME_ID}: unknown variant {variant!r}")
        if options:
            raise ValueError(f"{GAME_ID}: no options, got {dict(options)!r}")
        n = players
        s = State()
        s.n = n
        s.life_start = 30 if variant == "life30" else 60
        s.rules = VARIANT_RULES[variant]
        s.phase, s.cur, s.rnd, s.turn, s.leader, s.end = P_CHARS, -1, 1, 1, 0, ""
        s.chars = []
        s.hand = [[] for _ in range(n)]
        s.table = [[] for _ in range(n)]
        s.played = [-1] * n
        s.dmg = [0] * n
        s.res = [[0, 0, 0, 0] for _ in range(n)]
        s.weap = [0] * n
        s.items = [[] for _ in range(n)]
        s.supply_res = [self.total_cubes] * 4
        s.supply_weap = self.total_weap
        s.supply_dmg = self.total_dmg
        s.station = s.life_start
        s.mission_deck = list(range(self.n_missions))
        s.missions, s.built = [], []
        s.loaded = [[0, 0, 0, 0] for _ in range(self.n_missions)]
        s.event_deck, s.event_discard, s.event = list(range(self.n_events)), [], -1
        s.drone_deck, s.drone_discard = list(range(self.n_drones)), []
        s.drone_at, s.drone_item = [-1] * 7, [-1] * 7
        s.item_deck, s.item_discard = list(range(self.n_items)), []
        s.ebe_deck, s.ebe_table, s.ebe_now, s.ebe_die = list(range(self.n_ebe)), [], [], []
        s.revealed, s.seen_prev, s.ebe_active = False, 0, []
        s.dice, s.die, s.slot = (), [0] * n, 0
        s.order, s.pos, s.ap = [], 0, 0
        s.failed, s.success, s.drone_seen = [False] * n, [], 0
        s.free_conv, s.trades = 0, 0
        s.visits, s.destroyed, s.loaded_round = [0] * 7, 0, 0
        s.log_ebe_dice, s.log_min_share = [], []
        s.peak_res, s.peak_weap, s.peak_dmg, s.peak_cubes = [0, 0, 0, 0], 0, 0, 0
        s.events_failed = s.events_paid = s.events_done = 0
        s.station_hist, s.built_round = [], []
        return s

    # ------------------------------------------------------------ protocol

    def to_move(self, s: State) -> int:
        ph = s.phase
        if ph == P_END:
            return TERMINAL
        if ph in CHANCE_PHASES:
            return CHANCE
        return s.cur

    def _ebe_count(self, s: State) -> int:
        return 2 if s.rnd == 4 and s.turn < 4 else 1

    def sample_chance(self, s: State, rng: random.Random):
        ph = s.phase
        if ph == P_CHARS:
            return Deal("characters", tuple(rng.sample(range(self.n_chars), s.n)), (), "キャラクター")
        if ph == P_MISSIONS:
            return Deal("missions", tuple(rng.sample(sorted(s.mission_deck), s.n)), (), "ミッション")
        if ph == P_EVENT:
            return Deal("events", (rng.choice(sorted(s.event_deck)),), (), "イベント")
        if ph == P_DRONES:
            k = s.rnd
            drones = tuple(rng.sample(sorted(s.drone_deck), k))
            deck = sorted(s.item_deck)
            items: list[int] = []
            if len(deck) >= k:
                items = rng.sample(deck, k)
            else:     # the deck runs out: take what is left, then the reshuffled discard
                items = deck[:]
                rest = rng.sample(sorted(s.item_discard), min(k - len(deck), len(s.item_discard)))
                items += rest
            return Deal("drones", drones, tuple(items), "ドローンとアイテム")
        if ph == P_EBE:
            return Deal("ebe", tuple(rng.sample(sorted(s.ebe_deck), self._ebe_count(s))), (), "イーバカード（裏向き）")
        if ph == P_ROLL:
            k = s.n + len(s.ebe_now)
            return Roll(tuple(sorted(rng.randint(1, 6) for _ in range(k))))
        raise ValueError(f"no chance step in phase {PHASE_NAMES[ph]}")

    def legal_actions(self, s: State) -> list:
        ph = s.phase
        if ph == P_ACT:
            return self._act_legal(s)
        if ph == P_CHOOSE:
            hand = s.hand[s.cur]
            out = []
            for t in hand:
                out.append(self.plays[t] if t < INFO_BASE else self.info_plays[t - INFO_BASE])
            return out
        if ph == P_ASSIGN:
            return self._assign_legal(s)
        if ph == P_DRONE:
            p = s.cur
            return [DRONE_CHOICES[0], DRONE_CHOICES[1]] if (s.weap[p] > 0 or self.char_dfree[s.chars[p]]) \
                else [DRONE_CHOICES[0]]
        if ph == P_DISCARD:
            p = s.cur
            out = [Discard(r, RES_NAMES[r]) for r in range(4) if s.res[p][r] > 0]
            if s.weap[p] > 0:
                out.append(Discard(WEAPON, "武器"))
            for i in sorted(set(s.items[p])):
                out.append(Discard(ITEM_BASE + i, self.item_names[i]))
            return out
        if ph == P_PAY:
            return [PAYS[0], PAYS[1]]
        if ph == P_DICE:
            out = [TUNE_PASS]
            dice = list(s.die) + list(s.ebe_die)
            for slot, v in enumerate(dice):
                for d in (-1, 1):
                    if 1 <= v + d <= 6:
                        out.append(Tune(slot, d, self._slot_name(s, slot)))
            return out
        return []

    def _slot_name(self, s: State, slot: int) -> str:
        if slot < s.n:
            return f"{slot + 1}番席"
        return "イーバ" if len(s.ebe_now) == 1 else f"イーバ{slot - s.n + 1}"

    def _assign_legal(self, s: State) -> list:
        # slots are filled in the order イーバ(s) first, then seats 0..n-1; ``s.dice`` holds what is left
        slot = s.slot
        who = self._slot_name(s, slot)
        return [AssignDie(slot, v, who) for v in sorted(set(s.dice))]

    def _act_legal(self, s: State) -> list:
        p = s.cur
        out = [self.act(K_DONE)]
        area = self._played_area(s, p)
        res = s.res[p]
        if s.ap > 0:
            if area == A_MED:
                if s.dmg[p] > 0:
                    out.append(self.act(K_HEAL))
            elif area == A_FAB:
                self._convert_legal(s, res, out)
                for m in s.missions:
                    cost, ld = self.mission_cost[m], s.loaded[m]
                    most = [min(res[r], cost[r] - ld[r]) for r in range(4)]
                    if not any(most):
                        continue
                    if s.rules & R_LOAD_ALL:
                        out.append(self.act(K_LOAD, m, pack_load(most)))
                        continue
                    for a0 in range(most[0] + 1):
                        for a1 in range(most[1] + 1):
                            for a2 in range(most[2] + 1):
                                for a3 in range(most[3] + 1):
                                    if a0 or a1 or a2 or a3:
                                        out.append(self.act(K_LOAD, m, pack_load((a0, a1, a2, a3))))
            else:
                g = AREA_GAIN[area]
                if (s.supply_weap if g == WEAPON else s.supply_res[g]) > 0:
                    out.append(self.act(K_GAIN, g))
        elif s.free_conv and area == A_FAB:
            self._convert_legal(s, res, out)
        for i in sorted(set(s.items[p])):
            e = self.item_effect[i]
            if e == 1:
                if s.dmg[p] > 0:
                    out.append(self.act(K_USE, i))
            elif e == 2:
                out.append(self.act(K_USE, i))
            elif e == 3:
                if s.supply_weap > 0:
                    out.append(self.act(K_USE, i))
            elif e == 4:
                for r in range(4):
                    for r2 in range(r, 4):
                        if s.supply_res[r] and s.supply_res[r2] and (r != r2 or s.supply_res[r] >= 2):
                            out.append(self.act(K_USE, i, r, r2))
        if s.rules & R_TRADE_LIMIT:
            if s.trades < MAX_TRADES:
                for q in s.success:
                    if q == p or self._played_area(s, q) != area:
                        continue
                    for (x, y) in ((p, q), (q, p)):
                        rx = s.res[x]
                        for r in range(4):
                            if rx[r]:
                                out.append(self.act(K_GIVE, x, y, r))
                        if s.weap[x]:
                            out.append(self.act(K_GIVE, x, y, WEAPON))
                        for i in sorted(set(s.items[x])):
                            out.append(self.act(K_GIVE, x, y, ITEM_BASE + i))
        elif s.trades < TRADE_SAFEGUARD:
            # the draft: players who explore the same area successfully exchange 資源やアイテム freely,
            # before or after their card's effect: the acting player with every partner who succeeded
            # or will succeed (an イーバ acting before a partner in this area makes the partner fail).
            # Weapons are not resources (「資源」とは扱いが異なります); 情報 is an item and may be passed.
            for q in range(s.n):
                if q == p or s.failed[q] or self._played_area(s, q) != area:
                    continue
                for (x, y) in ((p, q), (q, p)):
                    rx = s.res[x]
                    for r in range(4):
                        if rx[r]:
                            out.append(self.act(K_GIVE, x, y, r))
                    for i in sorted(set(s.items[x])):
                        out.append(self.act(K_GIVE, x, y, ITEM_BASE + i))
                    for t in s.hand[x]:
                        if t >= INFO_BASE:
                            out.append(self.act(K_GIVE, x, y, ITEM_BASE + t - INFO_BASE))
        out.sort()
        return out

    def _convert_legal(self, s: State, res: list[int], out: list) -> None:
        """製作所: one resource into another — only into a kind the stock still has."""
        sup = s.supply_res
        for r in range(4):
            if res[r]:
                for r2 in range(4):
                    if r2 != r and sup[r2] > 0:
                        out.append(self.act(K_CONVERT, r, r2))

    def _played_area(self, s: State, p: int) -> int:
        t = s.played[p]
        return self.exp_area[t] if t < INFO_BASE else self.item_area[t - INFO_BASE]

    # ------------------------------------------------------------ apply

    def apply(self, s: State, a) -> None:
        ph = s.phase
        cls = a.__class__
        if ph == P_ACT and cls is Act:
            self._apply_act(s, a)
        elif ph == P_CHOOSE and cls is Play:
            p = s.cur
            s.hand[p].remove(a.token)
            s.played[p] = a.token
            s.cur = p + 1
            if s.cur >= s.n:
                s.revealed = True
                s.pos = -1
                self._next_tuner(s)
        elif ph == P_ASSIGN and cls is AssignDie:
            if a.slot != s.slot or a.value not in s.dice:
                raise ValueError(f"illegal assignment {a!r}")
            self._give_die(s, a.slot, a.value)
            self._assign_rest(s)
        elif ph == P_DRONE and cls is DroneChoice:
            p = s.cur
            area = self._played_area(s, p)
            if a.fight:
                if not self.char_dfree[s.chars[p]]:
                    if s.weap[p] <= 0:
                        raise ValueError("no weapon to fight the drone")
                    s.weap[p] -= 1
                    s.supply_weap += 1
                s.drone_discard.append(s.drone_at[area])
                s.drone_at[area] = -1
                it = s.drone_item[area]
                s.drone_item[area] = -1
                s.destroyed += 1
                if it >= 0:
                    if self.item_effect[it] == 0:
                        s.hand[p].append(INFO_BASE + it)
                        s.hand[p].sort()
                    else:
                        s.items[p].append(it)
            else:
                self._damage(s, p, 1)
            self._start_act(s, p)
            self._advance(s)
        elif ph == P_DISCARD and cls is Discard:
            p = s.cur
            w = a.what
            if w < 4:
                if s.res[p][w] <= 0:
                    raise ValueError("nothing to discard")
                s.res[p][w] -= 1
                s.supply_res[w] += 1
            elif w == WEAPON:
                if s.weap[p] <= 0:
                    raise ValueError("nothing to discard")
                s.weap[p] -= 1
                s.supply_weap += 1
            else:
                s.items[p].remove(w - ITEM_BASE)
                s.item_discard.append(w - ITEM_BASE)
            self._weight_check(s)
        elif ph == P_DICE and cls is Tune:
            p = s.cur
            if a.slot >= 0:
                i = next((i for i in s.items[p] if self.item_effect[i] == E_DICE), -1)
                dice = list(s.die) + list(s.ebe_die)
                die = dice[a.slot] if a.slot < len(dice) else 0
                if i < 0 or a.delta not in (-1, 1) or not 1 <= die + a.delta <= 6:
                    raise ValueError(f"cannot change a die: {a!r}")
                s.items[p].remove(i)
                s.item_discard.append(i)
                if a.slot < s.n:
                    s.die[a.slot] += a.delta
                else:
                    s.ebe_die[a.slot - s.n] += a.delta
                if any(self.item_effect[j] == E_DICE for j in s.items[p]):
                    return                  # the same seat may use another one
            self._next_tuner(s)
        elif ph == P_PAY and cls is Pay:
            if a.yes:
                self._pay_event(s)
                s.events_paid += 1
                s.events_done += 1
            else:
                self._fail_event(s)
            self._round_end2(s)
        elif ph in CHANCE_PHASES:
            self._apply_chance(s, a)
        else:
            raise ValueError(f"action {a!r} does not fit phase {PHASE_NAMES[ph]}")

    def _apply_chance(self, s: State, a) -> None:
        ph = s.phase
        if ph == P_CHARS:
            s.chars = list(a.cards)
            for p, ch in enumerate(s.chars):
                s.hand[p] = sorted(self.char_cards[ch])
                s.weap[p] = 1
                s.supply_weap -= 1
            self._note_cubes(s)
            s.phase = P_MISSIONS
        elif ph == P_MISSIONS:
            for m in a.cards:
                s.mission_deck.remove(m)
            s.missions = sorted(a.cards)
            s.phase = P_EVENT
        elif ph == P_EVENT:
            e = a.cards[0]
            s.event_deck.remove(e)
            s.event = e
            s.phase = P_DRONES
        elif ph == P_DRONES:
            for d, it in zip(a.cards, a.items):
                s.drone_deck.remove(d)
                area = self.drone_area[d]
                s.drone_at[area] = d
                if not s.item_deck:
                    s.item_deck, s.item_discard = s.item_discard, []
                if it in s.item_deck:
                    s.item_deck.remove(it)
                else:
                    s.item_deck += s.item_discard
                    s.item_discard = []
                    s.item_deck.remove(it)
                s.drone_item[area] = it
            s.phase = P_EBE
        elif ph == P_EBE:
            for c in a.cards:
                s.ebe_deck.remove(c)
            s.ebe_now = list(a.cards)
            s.revealed = False
            s.phase = P_ROLL
        elif ph == P_ROLL:
            s.dice = tuple(sorted(a.dice))
            s.ebe_die = [0] * len(s.ebe_now)
            s.die = [0] * s.n
            s.slot = s.n                # イーバ first
            s.leader = (4 * (s.rnd - 1) + s.turn - 1) % s.n
            s.cur = s.leader
            s.phase = P_ASSIGN
            self._assign_rest(s)

    def _give_die(self, s: State, slot: int, v: int) -> None:
        d = list(s.dice)
        d.remove(v)
        s.dice = tuple(d)
        if slot >= s.n:
            s.ebe_die[slot - s.n] = v
        else:
            s.die[slot] = v
        # next slot: イーバ n..n+e-1, then seats 0..n-1
        e = len(s.ebe_now)
        if slot >= s.n:
            slot += 1
            if slot >= s.n + e:
                slot = 0
        else:
            slot += 1
        s.slot = slot

    def _assign_rest(self, s: State) -> None:
        """Fills slots while only one value is left to give; then the plays start."""
        while s.dice and len(set(s.dice)) == 1:
            self._give_die(s, s.slot, s.dice[0])
        if not s.dice:
            ed = s.ebe_die
            rolled = sorted(ed + s.die)
            s.log_ebe_dice += ed
            # share of イーバ that got the lowest rolled value
            s.log_min_share += [1 if v == rolled[0] else 0 for v in ed]
            s.phase = P_CHOOSE
            s.cur = 0

    def _next_tuner(self, s: State) -> None:
        """After the reveal: each seat holding a 行動予測装置, in seat order, may change dice; then the turn."""
        p = s.pos + 1
        while p < s.n and not any(self.item_effect[i] == E_DICE for i in s.items[p]):
            p += 1
        if p < s.n:
            s.pos = p
            s.cur = p
            s.phase = P_DICE
            return
        self._reveal(s)

    def _reveal(self, s: State) -> None:
        s.revealed = True
        order = [(s.ebe_die[k], 0, k) for k in range(len(s.ebe_now))]
        order += [(s.die[p], 1, p) for p in range(s.n)]
        order.sort()
        s.order = order
        s.pos = 0
        s.ebe_active = []
        s.success = []
        s.drone_seen = 0
        # a player fails when an イーバ that acts before him appears in his area (known once revealed)
        failed = [False] * s.n
        before: list[int] = []
        for _, kind, who in order:
            if kind == 0:
                before.append(self.ebe_area[s.ebe_now[who]])
            elif self._played_area(s, who) in before:
                failed[who] = True
        s.failed = failed
        s.phase = P_RESOLVE
        self._advance(s)

    def _advance(self, s: State) -> None:
        """Runs automatic steps (イーバ, failed explorations) until a decision, chance or the end."""
        while s.phase == P_RESOLVE:
            if s.pos >= len(s.order):
                self._turn_end(s)
                return
            die, kind, who = s.order[s.pos]
            if kind == 0:
                area = self.ebe_area[s.ebe_now[who]]
                s.ebe_active.append(area)
                s.station -= die
                s.pos += 1
                continue
            self._begin_player(s, who, die)

    def _begin_player(self, s: State, p: int, die: int) -> None:
        ch = s.chars[p]
        area = self._played_area(s, p)
        ap = (die + 1) // 2 + self.char_bonus[ch][area]
        if s.seen_prev >> area & 1:
            ap -= 1
        armor = 0
        for i in s.items[p]:
            if self.item_effect[i] == 5:
                armor += self.item_amount[i]
        failed = False
        for ea in s.ebe_active:
            if ea == area:
                failed = True
                self._damage(s, p, max(0, 2 - armor))
            elif self.adj[ea][area]:
                if not self.char_ignore[ch]:
                    ap -= 1
                self._damage(s, p, max(0, 1 - armor))
        s.failed[p] = failed
        s.ap = ap if ap > 0 else 0
        s.cur = p
        bit = 1 << area
        if not s.drone_seen & bit:
            s.drone_seen |= bit
            if s.drone_at[area] >= 0:
                s.phase = P_DRONE
                return
        self._start_act(s, p)

    def _start_act(self, s: State, p: int) -> None:
        if s.failed[p]:
            s.phase = P_RESOLVE
            s.pos += 1
            return
        area = self._played_area(s, p)
        s.visits[area] += 1
        s.success.append(p)
        s.free_conv = self.char_fconv[s.chars[p]]
        s.trades = 0
        s.phase = P_ACT

    def _apply_act(self, s: State, a: Act) -> None:
        p = s.cur
        k = a.kind
        if k == K_DONE:
            s.phase = P_RESOLVE
            s.pos += 1
            self._advance(s)
            return
        if k == K_GIVE:
            x, y, w = a.a, a.b, a.c
            if w < 4:
                if s.res[x][w] <= 0:
                    raise ValueError("nothing to give")
                s.res[x][w] -= 1
                s.res[y][w] += 1
            elif w == WEAPON:
                if s.weap[x] <= 0:
                    raise ValueError("nothing to give")
                s.weap[x] -= 1
                s.weap[y] += 1
            elif self.item_effect[w - ITEM_BASE] == 0 and INFO_BASE + w - ITEM_BASE in s.hand[x]:
                s.hand[x].remove(INFO_BASE + w - ITEM_BASE)          # 情報 passes from hand to hand
                s.hand[y].append(INFO_BASE + w - ITEM_BASE)
                s.hand[y].sort()
            else:
                s.items[x].remove(w - ITEM_BASE)
                s.items[y].append(w - ITEM_BASE)
            s.trades += 1
            return
        if k == K_USE:
            i = a.a
            s.items[p].remove(i)
            s.item_discard.append(i)
            e = self.item_effect[i]
            amt = self.item_amount[i]
            if e == 1:
                h = min(amt, s.dmg[p])
                s.dmg[p] -= h
                s.supply_dmg += h
            elif e == 2:
                s.ap += amt
            elif e == 3:
                g = min(amt, s.supply_weap)
                s.weap[p] += g
                s.supply_weap -= g
            elif e == 4:
                for r in (a.b, a.c):
                    if s.supply_res[r] > 0:
                        s.supply_res[r] -= 1
                        s.res[p][r] += 1
            self._note_cubes(s)
            return
        # area actions cost 1 AP (except the engineer's free conversion)
        if k == K_CONVERT and s.free_conv:
            s.free_conv = 0
        else:
            if s.ap <= 0:
                raise ValueError("no AP left")
            s.ap -= 1
        if k == K_HEAL:
            h = min(self.char_heal[s.chars[p]], s.dmg[p])
            s.dmg[p] -= h
            s.supply_dmg += h
        elif k == K_CONVERT:
            r, r2 = a.a, a.b
            if s.res[p][r] <= 0 or s.supply_res[r2] <= 0:
                raise ValueError("cannot convert")
            s.res[p][r] -= 1
            s.supply_res[r] += 1
            s.res[p][r2] += 1
            s.supply_res[r2] -= 1
        elif k == K_LOAD:
            m = a.a
            cost, ld, res = self.mission_cost[m], s.loaded[m], s.res[p]
            amounts = unpack_load(a.b)
            if m not in s.missions or not any(amounts) \
                    or any(amounts[r] > min(res[r], cost[r] - ld[r]) for r in range(4)):
                raise ValueError("cannot load")
            for r in range(4):
                put = amounts[r]
                if put > 0:
                    res[r] -= put
                    ld[r] += put
                    s.loaded_round += put
            if ld == list(cost) and m not in s.built:
                s.built.append(m)
                s.built_round.append(s.rnd)
        elif k == K_GAIN:
            g = a.a
            if g == WEAPON:
                s.weap[p] += 1
                s.supply_weap -= 1
            else:
                s.res[p][g] += 1
                s.supply_res[g] -= 1
        self._note_cubes(s)

    # ------------------------------------------------------------ turn and round end

    def _turn_end(self, s: State) -> None:
        for p in range(s.n):
            s.table[p].append(s.played[p])
            s.played[p] = -1
        for c in s.ebe_now:
            s.ebe_table.append(c)
        for a in s.ebe_active:
            s.seen_prev |= 1 << a
        s.ebe_now = []
        s.ebe_active = []
        s.ebe_die = []
        s.order = []
        s.success = []
        s.cur = -1
        for p in range(s.n):
            if s.dmg[p] >= self.char_life[s.chars[p]]:
                self._finish(s, "death")
                return
        if s.station <= 0:
            self._finish(s, "station")
            return
        self._weight_check(s)

    def _weight_check(self, s: State) -> None:
        for p in range(s.n):
            if self.weight(s, p) > self.char_inv[s.chars[p]]:
                s.cur = p
                s.phase = P_DISCARD
                return
        s.cur = -1
        s.turn += 1
        if s.turn > 4:
            self._round_end(s)
        else:
            s.phase = P_EBE

    def _event_met(self, s: State) -> bool | None:
        """True/False, or None when a pay event can be paid (the team decides)."""
        cond, area, r, n, _ = self.event_cond[s.event]
        if cond == 0:
            return s.visits[area] >= n
        if cond == 1:
            return None if sum(s.res[p][r] for p in range(s.n)) >= n else False
        if cond == 2:
            return s.destroyed >= n
        if cond == 3:
            return sum(s.weap) >= n
        return s.loaded_round >= n

    def _round_end(self, s: State) -> None:
        met = self._event_met(s)
        if met is None:
            s.phase = P_PAY
            s.cur = (s.rnd - 1) % s.n
            return
        if met:
            s.events_done += 1
        else:
            self._fail_event(s)
        self._round_end2(s)

    def _fail_event(self, s: State) -> None:
        s.station -= self.event_cond[s.event][4]
        s.events_failed += 1

    def _pay_event(self, s: State) -> None:
        _, _, r, n, _ = self.event_cond[s.event]
        for _ in range(n):
            best = max(range(s.n), key=lambda p: (s.res[p][r], -p))
            s.res[best][r] -= 1
            s.supply_res[r] += 1

    def _round_end2(self, s: State) -> None:
        s.station_hist.append(s.station)
        if s.station <= 0:
            self._finish(s, "station")
            return
        if len(s.built) == len(s.missions):
            self._finish(s, "escape")
            return
        if s.rnd >= 4:
            self._finish(s, "time")
            return
        # reset
        s.event_discard.append(s.event)
        s.event = -1
        for a in range(7):
            if s.drone_at[a] >= 0:
                s.drone_deck.append(s.drone_at[a])
                s.drone_at[a] = -1
            if s.drone_item[a] >= 0:
                s.item_discard.append(s.drone_item[a])
                s.drone_item[a] = -1
        s.drone_deck += s.drone_discard
        s.drone_discard = []
        s.drone_deck.sort()
        s.ebe_deck += s.ebe_table
        s.ebe_deck.sort()
        s.ebe_table = []
        s.seen_prev = 0
        for p in range(s.n):
            s.hand[p] += s.table[p]
            s.hand[p].sort()
            s.table[p] = []
        s.visits = [0] * 7
        s.destroyed = 0
        s.loaded_round = 0
        s.rnd += 1
        s.turn = 1
        s.cur = -1
        s.phase = P_EVENT

    def _finish(self, s: State, reason: str) -> None:
        s.end = reason
        s.phase = P_END
        s.cur = TERMINAL

    # ------------------------------------------------------------ views and results

    def observe(self, s: State, seat: int) -> Observation:
        c = s.clone()
        if not s.revealed and c.ebe_now:
            c.ebe_deck = sorted(c.ebe_deck + c.ebe_now)
            c.ebe_now = [-1] * len(c.ebe_now)
        return Observation(seat, c, self)

    def result(self, s: State) -> Result:
        if s.phase != P_END:
            raise ValueError("the game is not over")
        win = s.end == "escape"
        n = s.n
        extra = {
            "players": n,
            "win": win,
            "cause": s.end,
            "life_start": s.life_start,
            "round": s.rnd,
            "station_end": s.station,
            "missions_built": len(s.built),
            "missions_needed": len(s.missions),
            "built_rounds": list(s.built_round),
            "events_failed": s.events_failed,
            "events_paid": s.events_paid,
            "events_done": s.events_done,
            "ebe_dice": list(s.log_ebe_dice),
            "ebe_got_min": list(s.log_min_share),
            "station_by_round": list(s.station_hist),
            "peak_pieces": {"damage": s.peak_dmg, "cubes": s.peak_cubes, "weapons": s.peak_weap,
                            **{f"cubes_{RESOURCES[r]}": s.peak_res[r] for r in range(4)}},
            "per_seat": {"character": [self.char_ids[c] for c in s.chars]},
        }
        sc = 1.0 if win else 0.0
        return Result(scores=(sc,) * n, ranks=(1 if win else 2,) * n, end_reason=s.end,
                      end_reason_ja=END_REASONS_JA[s.end], extra=extra)

    def progress(self, s: State) -> tuple[int, tuple[float, ...]]:
        return s.rnd, (float(len(s.built)),) * s.n

    def is_terminal(self, s: State) -> bool:
        return s.phase == P_END

    def describe_setup(self, s: State) -> list[str]:
        lines = [f"{p + 1}番席：{self.char_names[c]}" for p, c in enumerate(s.chars)]
        if s.missions:
            lines.append("ミッション：" + "、".join(self.mission_names[m] for m in s.missions))
        lines.append(f"ステーションライフ：{s.life_start}")
        return lines

    # ------------------------------------------------------------ checks and replays

    def check_invariants(self, s: State) -> None:
        n = s.n

        def same(name: str, got: list, total: int) -> None:
            if sorted(got) != list(range(total)):
                raise InvariantError(f"{name} not conserved: {sorted(got)}")

        if s.chars:
            if len(set(s.chars)) != n:
                raise InvariantError("two seats share a character")
            cards: list[int] = []
            infos: list[int] = []
            for p in range(n):
                for t in s.hand[p] + s.table[p] + ([s.played[p]] if s.played[p] >= 0 else []):
                    (cards if t < INFO_BASE else infos).append(t)
            for ch in range(self.n_chars):
                if ch not in s.chars:
                    cards += self.char_cards[ch]          # in the box
            same("explore cards", cards, self.n_exp)
        else:
            infos = []
        items = s.item_deck + s.item_discard + [i for i in s.drone_item if i >= 0]
        for p in range(n):
            items += s.items[p]
        items += [t - INFO_BASE for t in infos]
        same("item cards", items, self.n_items)
        same("イーバ cards", s.ebe_deck + s.ebe_table + [c for c in s.ebe_now if c >= 0], self.n_ebe)
        same("drone cards", s.drone_deck + s.drone_discard + [d for d in s.drone_at if d >= 0], self.n_drones)
        same("mission cards", s.mission_deck + s.missions, self.n_missions)
        same("event cards", s.event_deck + s.event_discard + ([s.event] if s.event >= 0 else []), self.n_events)
        for a in range(7):
            if (s.drone_at[a] >= 0) != (s.drone_at[a] >= 0 and self.drone_area[s.drone_at[a]] == a):
                raise InvariantError("drone on the wrong area")
            if s.drone_item[a] >= 0 and s.drone_at[a] < 0:
                raise InvariantError("an item without its drone")
        for r in range(4):
            held = sum(s.res[p][r] for p in range(n)) + sum(s.loaded[m][r] for m in range(self.n_missions))
            if held + s.supply_res[r] != self.total_cubes or s.supply_res[r] < 0:
                raise InvariantError(f"{RESOURCES[r]} cubes not conserved")
            if any(s.res[p][r] < 0 for p in range(n)):
                raise InvariantError("negative resources")
        if sum(s.weap) + s.supply_weap != self.total_weap or s.supply_weap < 0 or min(s.weap, default=0) < 0:
            raise InvariantError("weapon cubes not conserved")
        # the draft's damage may pass life (and the printed tokens): only the damage-cap variant bounds it
        if sum(s.dmg) + s.supply_dmg != self.total_dmg or (s.rules & R_DAMAGE_CAP and s.supply_dmg < 0):
            raise InvariantError("damage tokens not conserved")
        for p in range(n):
            if s.chars and (s.dmg[p] < 0 or (s.rules & R_DAMAGE_CAP and s.dmg[p] > self.char_life[s.chars[p]])):
                raise InvariantError("damage out of range")
        for m in range(self.n_missions):
            if any(s.loaded[m][r] > self.mission_cost[m][r] for r in range(4)):
                raise InvariantError("mission overloaded")
            if any(s.loaded[m]) and m not in s.missions:
                raise InvariantError("resources on an unused mission")
        for m in s.built:
            if s.loaded[m] != list(self.mission_cost[m]):
                raise InvariantError("built mission without its resources")
        if s.phase != P_END:
            if not 1 <= s.rnd <= 4 or not 1 <= s.turn <= 5:
                raise InvariantError("round/turn out of range")
            if s.phase in (P_EBE, P_ROLL, P_ASSIGN, P_CHOOSE):
                for p in range(n):
                    if self.weight(s, p) > self.char_inv[s.chars[p]]:
                        raise InvariantError("over inventory after the weight check")
            if s.phase not in (P_CHARS, P_MISSIONS) and len(s.missions) != n:
                raise InvariantError("wrong number of missions")
        if s.ap < 0:
            raise InvariantError("negative AP")

    def action_from_json(self, data: Any):
        t = data["t"]
        if t == "act":
            return self.act(int(data["k"]), int(data["a"]), int(data["b"]), int(data["c"]))
        if t == "play":
            tok = int(data["token"])
            return self.plays[tok] if tok < INFO_BASE else self.info_plays[tok - INFO_BASE]
        if t == "assign":
            return AssignDie(int(data["slot"]), int(data["value"]))
        if t == "drone":
            return DRONE_CHOICES[bool(data["fight"])]
        if t == "discard":
            w = int(data["what"])
            return Discard(w, self.what_name(w))
        if t == "pay":
            return PAYS[bool(data["yes"])]
        if t == "tune":
            return TUNE_PASS if int(data["slot"]) < 0 else Tune(int(data["slot"]), int(data["delta"]))
        if t == "roll":
            return Roll(tuple(int(v) for v in data["dice"]))
        if t == "deal":
            return Deal(data["deck"], tuple(int(c) for c in data["cards"]), tuple(int(i) for i in data["items"]))
        raise ValueError(f"unknown action {data!r}")

    def state_hash(self, s: State) -> str:
        key = repr((s.n, s.life_start, s.rules, s.phase, s.cur, s.rnd, s.turn, s.end, s.chars, s.hand, s.table,
                    s.played, s.dmg, s.res, s.weap, [sorted(i) for i in s.items], s.supply_res, s.supply_weap,
                    s.supply_dmg, s.station, sorted(s.mission_deck), s.missions, s.loaded, sorted(s.built),
                    sorted(s.event_deck), sorted(s.event_discard), s.event, sorted(s.drone_deck),
                    sorted(s.drone_discard), s.drone_at, s.drone_item, sorted(s.item_deck),
                    sorted(s.item_discard), sorted(s.ebe_deck), s.ebe_table, s.ebe_now, s.ebe_die,
                    s.seen_prev, s.dice, s.die, s.slot, s.pos, s.ap, s.failed, s.visits, s.destroyed,
                    s.loaded_round))
        return hashlib.sha256(key.encode()).hexdigest()[:16]

    # ------------------------------------------------------------ worked examples (rulebook ~~~check)

    def example_state(self, players: int, setup: Mapping[str, Any], variant: str = "standard",
                      options: Mapping[str, Any] | None = None) -> State:
        """A position at the start of a turn (before its イーバカード is drawn), for a rulebook example.

        ``setup`` keys (seat lists are in seat order, 1番席 first; areas are the map letters A–G):

        ``characters``  character ids, one per seat (required);
        ``round`` / ``turn``  the round (1–4) and the turn about to start (1–4); default 1 / 1;
        ``station``     station life now (default: the variant's start);
        ``missions``    the mission ids on the table (as many as players; default: the first ones);
        ``event``       the event id of this round (default: the first);
        ``drones``      {area: item id} — the drones still in play and the item each carries (at most
                        ``round`` of them; the others of this round count as destroyed);
        ``earlier_ebe`` the areas of the イーバカード revealed in the earlier turns of this round;
        ``played``      per seat, the areas of the 探索カード played in the earlier turns of this round;
        ``resources``   per seat, {ether|dust|scrap|carbon: n};  ``weapons`` per seat (default 1);
        ``damage``      per seat;  ``items`` per seat, item ids held (情報 goes to the hand);
        ``loaded``      {mission id: {resource: n}} already on the missions.

        Raises ExampleError for a position the rules cannot reach: a wrong number of played cards,
        イーバカード or drones for the round and turn, a card the character does not have, damage at or
        above life (he would have died at the last turn end), a seat over its inventory, pieces the
        stock does not have, a station life at or below 0."""
        from ..sim.examples import ExampleError

        def seat_list(key: str, default: Any) -> list:
            v = setup.get(key)
            if v is None:
                return [default() if callable(default) else default for _ in range(players)]
            if not isinstance(v, list) or len(v) != players:
                raise ExampleError(f"{key}: one entry per seat ({players}), got {v!r}")
            return v

        def area(letter: Any, key: str) -> int:
            if not isinstance(letter, str) or letter.upper() not in AREAS:
                raise ExampleError(f"{key}: {letter!r} is not an area (A–G)")
            return AREAS.index(letter.upper())

        def index(ids: tuple[str, ...], name: Any, key: str, used: set[int] | None = None) -> int:
            for i, x in enumerate(ids):
                if x == name and (used is None or i not in used):
                    if used is not None:
                        used.add(i)
                    return i
            raise ExampleError(f"{key}: no (free) card {name!r}")

        s = self.new_state(players, variant, options)
        rnd, turn = int(setup.get("round", 1)), int(setup.get("turn", 1))
        if not (1 <= rnd <= 4 and 1 <= turn <= 4):
            raise ExampleError(f"round {rnd} / turn {turn}: a game has 4 rounds of 4 turns")
        s.rnd, s.turn = rnd, turn
        chars = seat_list("characters", None)
        s.chars = [index(self.char_ids, c, "characters") for c in chars]
        if len(set(s.chars)) != players:
            raise ExampleError("two seats share a character")
        s.station = int(setup.get("station", s.life_start))
        if s.station <= 0:
            raise ExampleError(f"station life {s.station}: the game would be over")
        missions = setup.get("missions") or list(self.mission_ids[:players])
        if len(missions) != players:
            raise ExampleError(f"missions: as many as players ({players}), got {len(missions)}")
        s.missions = sorted(index(self.mission_ids, m, "missions") for m in missions)
        s.mission_deck = [m for m in range(self.n_missions) if m not in s.missions]
        ev = index(self.event_ids, setup.get("event", self.event_ids[0]), "event")
        s.event_deck.remove(ev)
        s.event = ev
        for _ in range(rnd - 1):                  # the events of the earlier rounds
            s.event_discard.append(s.event_deck.pop(0))
        used_items: set[int] = set()
        drones = setup.get("drones") or {}
        if len(drones) > rnd:
            raise ExampleError(f"drones: {len(drones)} in play, but round {rnd} draws {rnd}")
        for letter, it in drones.items():
            a = area(letter, "drones")
            d = self.drone_area.index(a)
            s.drone_deck.remove(d)
            s.drone_at[a] = d
            if it is not None:
                s.drone_item[a] = index(self.item_ids, it, "drones", used_items)
        for _ in range(rnd - len(drones)):        # destroyed earlier this round
            s.drone_discard.append(s.drone_deck.pop(0))
        earlier = [area(x, "earlier_ebe") for x in setup.get("earlier_ebe") or []]
        want = sum(2 if rnd == 4 and t < 4 else 1 for t in range(1, turn))
        if len(earlier) != want:
            raise ExampleError(f"earlier_ebe: {want} イーバカード revealed before turn {turn} of round {rnd}, "
                               f"got {len(earlier)}")
        for a in earlier:
            c = self.ebe_area.index(a)
            if c in s.ebe_table:
                raise ExampleError(f"earlier_ebe: the イーバカード of {AREAS[a]} appears twice")
            s.ebe_deck.remove(c)
            s.ebe_table.append(c)
            s.seen_prev |= 1 << a
        played = seat_list("played", list)
        resources = seat_list("resources", dict)
        weapons = seat_list("weapons", 1)
        damage = seat_list("damage", 0)
        items = seat_list("items", list)
        for p in range(players):
            ch = s.chars[p]
            if len(played[p]) != turn - 1:
                raise ExampleError(f"played: seat {p + 1} has played {len(played[p])} cards before turn {turn} "
                                   f"(must be {turn - 1})")
            hand = list(self.char_cards[ch])
            for letter in played[p]:
                a = area(letter, "played")
                t = next((t for t in hand if self.exp_area[t] == a), None)
                if t is None:
                    raise ExampleError(f"played: {self.char_names[ch]} has no (unplayed) 探索カード for {AREAS[a]}")
                hand.remove(t)
                s.table[p].append(t)
            s.hand[p] = sorted(hand)
            for r, k in (resources[p] or {}).items():
                if r not in RESOURCES:
                    raise ExampleError(f"resources: {r!r} is not a resource ({', '.join(RESOURCES)})")
                s.res[p][RESOURCES.index(r)] = int(k)
                s.supply_res[RESOURCES.index(r)] -= int(k)
            s.weap[p] = int(weapons[p])
            s.supply_weap -= s.weap[p]
            s.dmg[p] = int(damage[p])
            s.supply_dmg -= s.dmg[p]
            if s.dmg[p] >= self.char_life[ch]:
                raise ExampleError(f"damage: {self.char_names[ch]} has {s.dmg[p]} damage at the start of a turn "
                                   f"(life {self.char_life[ch]}): he would have died at the last turn end")
            for it in items[p]:
                i = index(self.item_ids, it, "items", used_items)
                if self.item_effect[i] == 0:
                    s.hand[p].append(INFO_BASE + i)
                    s.hand[p].sort()
                else:
                    s.items[p].append(i)
            if self.weight(s, p) > self.char_inv[ch]:
                raise ExampleError(f"seat {p + 1} holds {self.weight(s, p)} pieces, over the inventory "
                                   f"{self.char_inv[ch]} (the weight check would have discarded)")
        for m, load in (setup.get("loaded") or {}).items():
            mi = index(self.mission_ids, m, "loaded")
            if mi not in s.missions:
                raise ExampleError(f"loaded: {m!r} is not on the table")
            for r, k in load.items():
                s.loaded[mi][RESOURCES.index(r)] = int(k)
                s.supply_res[RESOURCES.index(r)] -= int(k)
            if s.loaded[mi] == list(self.mission_cost[mi]):
                s.built.append(mi)
                s.built_round.append(rnd)
        if min(s.supply_res) < 0 or s.supply_weap < 0:
            raise ExampleError("more cubes than the game has")
        s.item_deck = [i for i in range(self.n_items) if i not in used_items]
        s.phase = P_EBE
        s.cur = -1
        self._note_cubes(s)
        return s

    def example_facts(self, s: State) -> dict[str, Any]:
        """What a rulebook example may claim: ``station``, ``round``, ``turn``, ``end`` (the end reason, or
        "" while the game goes on), ``win``, ``damage`` / ``weapons`` (per seat), ``resources`` (per seat,
        the kinds held), ``items`` (per seat, item ids held, 情報 in hand included), ``dead`` (seats, 1-based,
        whose damage is at or above life), ``built`` (mission ids) and ``loaded`` (what lies on each
        unbuilt mission)."""
        return {
            "station": s.station,
            "round": s.rnd,
            "turn": s.turn,
            "end": s.end,
            "win": s.end == "escape",
            "damage": list(s.dmg),
            "weapons": list(s.weap),
            "resources": [{RESOURCES[r]: s.res[p][r] for r in range(4) if s.res[p][r]} for p in range(s.n)],
            "items": [sorted([self.item_ids[i] for i in s.items[p]]
                             + [self.item_ids[t - INFO_BASE] for t in s.hand[p] if t >= INFO_BASE])
                      for p in range(s.n)],
            "dead": [p + 1 for p in range(s.n) if s.dmg[p] >= self.char_life[s.chars[p]]],
            "built": sorted(self.mission_ids[m] for m in s.built),
            "loaded": {self.mission_ids[m]: {RESOURCES[r]: s.loaded[m][r] for r in range(4) if s.loaded[m][r]}
                       for m in s.missions if m not in s.built and any(s.loaded[m])},
        }

    # ------------------------------------------------------------ report

    def questions(self, records: Sequence[Any]) -> list[Finding]:
        return questions(records)

    @property
    def policies(self) -> Mapping[str, Any]:
        return POLICIES

    # ------------------------------------------------------------ determinization (search player)
    hidden_information = True

    def information_set(self, s: State, seat: int) -> State:
        """The state as ``seat`` knows it: the face-down イーバ of this turn (hidden from every seat until
        the reveal) dealt back from the unseen イーバ cards in a fixed order (see ``pnp.sim.engine``)."""
        return self._redeal_hidden(s, seat, None)

    def determinize(self, info: State, seat: int, rng: random.Random) -> State:
        """A full state ``seat`` cannot tell from ``info``: the face-down イーバ drawn at random."""
        return self._redeal_hidden(info, seat, rng)

    def _redeal_hidden(self, s: State, seat: int, rng: random.Random | None) -> State:
        c = s.clone()
        if c.revealed or not c.ebe_now:
            return c
        pool = sorted(c.ebe_deck + c.ebe_now)
        if rng is not None:
            rng.shuffle(pool)
        k = len(c.ebe_now)
        c.ebe_now = pool[:k]
        c.ebe_deck = sorted(pool[k:])
        return c


def make_engine(game: Game) -> EbeEngine:
    return EbeEngine(game)


# ---------------------------------------------------------------- planner

def _team_need(o: Observation) -> list[int]:
    """Resources the unbuilt missions still lack beyond what the team holds (may be negative)."""
    s, e = o.state, o.eng
    need = [0, 0, 0, 0]
    for m in s.missions:
        if m in s.built:
            continue
        cost, ld = e.mission_cost[m], s.loaded[m]
        for r in range(4):
            need[r] += cost[r] - ld[r]
    for p in range(s.n):
        for r in range(4):
            need[r] -= s.res[p][r]
    return need


def _event_need(o: Observation) -> tuple[int, int, int, int]:
    """(condition, area, resource, how many still missing) of the open event."""
    s, e = o.state, o.eng
    if s.event < 0:
        return (-1, -1, -1, 0)
    cond, area, r, n, _ = e.event_cond[s.event]
    if cond == 0:
        return (cond, area, r, max(0, n - s.visits[area]))
    if cond == 1:
        return (cond, area, r, max(0, n - sum(s.res[p][r] for p in range(s.n))))
    if cond == 2:
        return (cond, area, r, max(0, n - s.destroyed))
    if cond == 3:
        return (cond, area, r, max(0, n - sum(s.weap)))
    return (cond, area, r, max(0, n - s.loaded_round))


def _remaining_ebe(s: State) -> int:
    """イーバ appearances still to come this game, the current turn's included if not yet resolved."""
    left = 0
    for rnd in range(s.rnd, 5):
        for t in range(1, 5):
            if rnd == s.rnd and t < s.turn:
                continue
            left += 2 if rnd == 4 and t < 4 else 1
    return left


class PlannerPolicy:
    """A cooperative planner: reads the open table and plays for the team.

    Dice: tries every assignment and weighs AP (and the risk of acting after the イーバ) against the
    station damage, whose weight grows as the station's margin shrinks.  Cards: the area whose
    actions the team needs most (missions, the event, healing, weapons), avoiding likely イーバ.
    Actions: greedy (gain what is needed, load, convert surplus, heal), hand resources to a partner
    who can reach the 製作所."""

    name = "planner"

    def __init__(self) -> None:
        self._plan_key: Any = None
        self._plan: dict[int, int] = {}

    def choose(self, o: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        cls = legal[0].__class__
        if cls is AssignDie:
            return self._assign(o, legal)
        if cls is Play:
            return self._play(o, legal)
        if cls is Act:
            return self._act(o, legal)
        if cls is DroneChoice:
            return legal[1] if len(legal) > 1 else legal[0]
        if cls is Discard:
            return self._discard(o, legal)
        if cls is Pay:
            return self._pay(o)
        if cls is Tune:
            return self._tune(o, legal)
        return legal[0]

    def _tune(self, o: Observation, legal: Sequence[Any]) -> Any:
        """行動予測装置: raise an イーバ's die by one when that lets a player in its area (or next to it)
        who has the same die act before it; otherwise keep the dice."""
        s, e = o.state, o.eng
        best, best_v = TUNE_PASS, 0.0
        for k, c in enumerate(s.ebe_now):
            if c < 0:
                continue
            ea, d = e.ebe_area[c], s.ebe_die[k]
            v = -0.5                                   # one more point of station life
            for q in range(s.n):
                qa = self._area_of(o, q)
                if s.die[q] == d:
                    v += 3.0 if qa == ea else (1.5 if e.adj[ea][qa] else 0.0)
            a = Tune(s.n + k, 1)
            if v > best_v and a in legal:
                best, best_v = a, v
        return best

    # -- station pressure: how much one point of station life is worth in AP
    @staticmethod
    def _lam(o: Observation) -> float:
        s, e = o.state, o.eng
        left = _remaining_ebe(s)
        rounds_left = 4 - s.rnd + 1
        ev = rounds_left * 5.5 * 0.5
        slack = s.station - left * 2.2 - ev
        if slack <= 0:
            return 3.0
        return max(0.15, min(3.0, 8.0 / (slack + 4)))

    def _risk(self, o: Observation) -> tuple[int, float]:
        s = o.state
        k = len(s.ebe_deck)
        return k, 1.0 / max(1, k)

    def _assign(self, o: Observation, legal: Sequence[Any]) -> Any:
        s, e = o.state, o.eng
        key = (s.rnd, s.turn, s.n, tuple(s.die), tuple(s.ebe_die), s.dice if s.slot == s.n else None)
        if s.slot == s.n and key != self._plan_key:
            self._plan_key = key
            self._plan = self._best_assignment(o)
        want = self._plan.get(legal[0].slot)
        for a in legal:
            if a.value == want:
                return a
        return legal[0]

    def _best_assignment(self, o: Observation) -> dict[int, int]:
        import itertools
        s, e = o.state, o.eng
        n, ne = s.n, len(s.ebe_now)
        dice = list(s.dice)
        lam = self._lam(o)
        k, p1 = self._risk(o)
        best, best_v = None, -1e9
        seen = set()
        for perm in itertools.permutations(dice):
            if perm in seen:
                continue
            seen.add(perm)
            ebe = perm[:ne]
            v = -lam * sum(ebe)
            for p in range(n):
                d = perm[ne + p]
                ap = (d + 1) // 2
                ch = s.chars[p]
                life_left = e.char_life[ch] - s.dmg[p]
                dmg_w = 0.4 if life_left > 3 else (1.2 if life_left > 2 else 3.0)
                val = ap
                for ed in ebe:
                    if ed <= d:      # the イーバ acts first
                        val -= p1 * (ap + 2 * dmg_w) + 2 * p1 * (1 + dmg_w)
                v += val
            if v > best_v + 1e-9:
                best_v, best = v, perm
        plan = {}
        for j in range(ne):
            plan[n + j] = best[j]
        for p in range(n):
            plan[p] = best[ne + p]
        return plan

    # -- card choice
    def _area_value(self, o: Observation, p: int, area: int, ap: float, need: list[int]) -> float:
        s, e = o.state, o.eng
        ch = s.chars[p]
        space = e.char_inv[ch] - e.weight(s, p)
        cond, earea, er, emiss = _event_need(o)
        v = 0.0
        if area == A_MED:
            v = min(ap * e.char_heal[ch], s.dmg[p]) * (0.6 if e.char_life[ch] - s.dmg[p] > 2 else 2.0)
        elif area == A_FAB:
            loadable = 0
            for m in s.missions:
                if m in s.built:
                    continue
                cost, ld = e.mission_cost[m], s.loaded[m]
                loadable += sum(min(s.res[p][r], cost[r] - ld[r]) for r in range(4))
            surplus = sum(max(0, min(s.res[p][r], -need[r])) for r in range(4))
            v = loadable * 1.3 + min(surplus, max(0, ap - 1)) * 0.5
            if loadable and ap < 1:
                v = 0.0
        else:
            g = AREA_GAIN[area]
            if g == WEAPON:
                want = max(0, 2 - s.weap[p])
                if cond == 3:
                    want += emiss
                drones = sum(1 for a in range(7) if s.drone_at[a] >= 0)
                if not drones and cond != 3:
                    want = min(want, 1)
                v = min(ap, want, space) * 0.6
            else:
                useful = max(0, need[g])
                if cond == 1 and er == g:
                    useful += emiss
                got = min(ap, space)
                v = min(got, useful) * 1.0 + max(0, got - useful) * 0.25
        if cond == 0 and earea == area and emiss > 0:
            v += 2.5
        if s.drone_at[area] >= 0:
            first = all(not (self._area_of(o, q) == area and s.die[q] < s.die[p])
                        for q in range(s.n) if q != p and s.played[q] >= 0)
            if first:
                if s.weap[p] > 0 or e.char_dfree[ch]:
                    v += 0.8 + (1.5 if cond == 2 and emiss else 0)
                else:
                    v -= 0.8
        return v

    @staticmethod
    def _area_of(o: Observation, q: int) -> int:
        t = o.state.played[q]
        e = o.eng
        return e.exp_area[t] if t < INFO_BASE else e.item_area[t - INFO_BASE]

    def _play(self, o: Observation, legal: Sequence[Any]) -> Any:
        s, e = o.state, o.eng
        p = s.cur
        ch = s.chars[p]
        need = _team_need(o)
        # what the seats before me will gain
        for q in range(s.n):
            if q != p and s.played[q] >= 0:
                a = self._area_of(o, q)
                g = AREA_GAIN[a]
                if g is not None and g != WEAPON:
                    need[g] -= (s.die[q] + 1) // 2
        possible = [e.ebe_area[c] for c in s.ebe_deck]
        k = max(1, len(possible))
        before = [d for d in s.ebe_die if d <= s.die[p]]
        life_left = e.char_life[ch] - s.dmg[p]
        dmg_w = 0.5 if life_left > 3 else (1.5 if life_left > 2 else 4.0)
        best, best_v = legal[0], -1e9
        # keep the 製作所 card for when there is something to load
        for a in legal:
            area = e.exp_area[a.token] if a.token < INFO_BASE else e.item_area[a.token - INFO_BASE]
            ap = (s.die[p] + 1) // 2 + e.char_bonus[ch][area] - (1 if s.seen_prev >> area & 1 else 0)
            risk_same = sum(1 for x in possible if x == area) / k * len(before)
            risk_adj = sum(1 for x in possible if e.adj[x][area]) / k * len(before)
            if not e.char_ignore[ch]:
                ap_exp = ap - risk_adj
            else:
                ap_exp = ap
            ap_exp = max(0.0, ap_exp) * (1 - risk_same)
            v = self._area_value(o, p, area, ap_exp, need)
            v -= (2 * risk_same + risk_adj) * dmg_w
            # a card left in hand keeps options: slight preference to use an area early that others need later
            if area == A_FAB and v <= 0.01:
                v -= 0.3
            if a.token >= INFO_BASE:
                v += 0.05
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best

    # -- actions
    def _act(self, o: Observation, legal: Sequence[Any]) -> Any:
        s, e = o.state, o.eng
        p = s.cur
        ch = s.chars[p]
        need = _team_need(o)
        cond, earea, er, emiss = _event_need(o)
        if cond == 1 and emiss >= 0:
            need[er] += emiss
        by_kind: dict[int, list[Act]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        done = by_kind[K_DONE][0]
        space = e.char_inv[ch] - e.weight(s, p)
        # items first
        for a in by_kind.get(K_USE, ()):
            eff = e.item_effect[a.a]
            if eff == 1 and s.dmg[p] >= 2:
                return a
            if eff == 2 and s.ap >= 0 and self._useful_ap(o, p, need, space):
                return a
            if eff == 3 and s.weap[p] < 2:
                return a
            if eff == 4 and space >= 1:
                order = sorted(range(4), key=lambda r: -need[r])
                r1, r2 = sorted((order[0], order[1] if need[order[1]] > 0 and need[order[0]] < 2 else order[0]))
                for b in by_kind[K_USE]:
                    if b.a == a.a and b.b == r1 and b.c == r2:
                        return b
        if K_LOAD in by_kind:
            # all that fits onto the mission that takes most (the draft lets a player choose less)
            best = max(by_kind[K_LOAD], key=lambda a: (sum(unpack_load(a.b)), -a.a))
            if self._load_amount(o, p, best.a) > 0:
                return best
        if K_CONVERT in by_kind:
            # surplus → the resource most needed, only if it lets something be loaded now or later
            give = [r for r in range(4) if s.res[p][r] > 0 and need[r] < 0]
            take = [r for r in range(4) if need[r] > 0]
            if give and take:
                r = max(give, key=lambda r: (-need[r], -r))
                r2 = max(take, key=lambda x: (need[x], -x))
                for a in by_kind[K_CONVERT]:
                    if a.a == r and a.b == r2:
                        return a
        if K_HEAL in by_kind:
            return by_kind[K_HEAL][0]
        if K_GAIN in by_kind:
            g = by_kind[K_GAIN][0].a
            if g == WEAPON:
                want = 2 + (emiss if cond == 3 else 0)
                if s.weap[p] < want and space > 0:
                    return by_kind[K_GAIN][0]
            elif space > 0:
                return by_kind[K_GAIN][0]
        if K_GIVE in by_kind:
            a = self._trade(o, p, by_kind[K_GIVE], need)
            if a is not None:
                return a
        return done

    @staticmethod
    def _useful_ap(o: Observation, p: int, need: list[int], space: int) -> bool:
        s, e = o.state, o.eng
        t = s.played[p]
        area = e.exp_area[t] if t < INFO_BASE else e.item_area[t - INFO_BASE]
        if area == A_MED:
            return s.dmg[p] > s.ap
        if area == A_FAB:
            return False
        return space > s.ap

    @staticmethod
    def _load_amount(o: Observation, p: int, m: int) -> int:
        s, e = o.state, o.eng
        cost, ld = e.mission_cost[m], s.loaded[m]
        return sum(min(s.res[p][r], cost[r] - ld[r]) for r in range(4))

    @staticmethod
    def _reaches_fab(o: Observation, q: int) -> bool:
        s, e = o.state, o.eng
        for t in s.hand[q]:
            a = e.exp_area[t] if t < INFO_BASE else e.item_area[t - INFO_BASE]
            if a == A_FAB:
                return True
        return A_FAB in e.char_areas[s.chars[q]] and s.rnd < 4 or any(
            (e.exp_area[t] if t < INFO_BASE else e.item_area[t - INFO_BASE]) == A_FAB for t in s.hand[q])

    def _trade(self, o: Observation, p: int, gives: list[Act], need: list[int]) -> Act | None:
        s, e = o.state, o.eng
        for a in gives:
            x, y, w = a.a, a.b, a.c
            if w >= 4:
                continue
            fx, fy = self._reaches_fab(o, x), self._reaches_fab(o, y)
            room = e.char_inv[s.chars[y]] - e.weight(s, y)
            if fy and not fx and room > 0:
                return a
        return None

    def _discard(self, o: Observation, legal: Sequence[Any]) -> Any:
        need = _team_need(o)
        s = o.state

        def keep_value(a: Discard) -> float:
            if a.what < 4:
                return 1.0 if need[a.what] > 0 else 0.2
            if a.what == WEAPON:
                return 0.9 if s.weap[s.cur] <= 1 else 0.3
            return 0.7
        return min(legal, key=lambda a: (keep_value(a), a))

    def _pay(self, o: Observation) -> Any:
        s, e = o.state, o.eng
        _, _, r, n, dmg = e.event_cond[s.event]
        need = _team_need(o)
        if need[r] + n <= 0:            # the cubes are spare
            return PAYS[1]
        left = _remaining_ebe(s) * 2.0 + (4 - s.rnd) * 3
        if s.station - dmg <= left:
            return PAYS[1]
        return PAYS[0]


class HoarderPolicy:
    """A stress player for the sample games: it gathers cubes and converts them all into one kind, so
    the stock of that kind runs dry while players still stand at the 製作所 with cubes to convert (a
    corner where a move must not be offered that the rules then refuse).  It passes pieces, uses items,
    meets drones, keeps cubes rather than loading them, and otherwise plays at random."""

    name = "hoarder"

    def choose(self, o: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        s, e = o.state, o.eng
        cls = legal[0].__class__
        target = s.missions[0] % 4 if s.missions else 0       # one kind per game, drained on purpose
        if cls is Play:
            def area(a: Play) -> int:
                return e.exp_area[a.token] if a.token < INFO_BASE else e.item_area[a.token - INFO_BASE]
            held = sum(s.res[s.cur])
            good = [a for a in legal if area(a) == A_FAB] if held >= 2 else []
            good = good or [a for a in legal if AREA_GAIN[area(a)] is not None and AREA_GAIN[area(a)] != WEAPON]
            return rng.choice(good or list(legal))
        if cls is Act:
            for kind in (K_CONVERT, K_GAIN, K_USE, K_GIVE):
                acts = [a for a in legal if a.kind == kind]
                if kind == K_CONVERT:
                    acts = [a for a in acts if a.b == target] or [a for a in acts if a.a != target]
                if kind == K_GIVE and rng.random() < 0.5:
                    acts = []
                if acts:
                    return rng.choice(acts)
            if rng.random() < 0.2:
                loads = [a for a in legal if a.kind == K_LOAD]
                if loads:
                    return rng.choice(loads)
            return legal[0]                     # K_DONE sorts first
        if cls is DroneChoice:
            return legal[-1]
        if cls is Discard:
            keep = [a for a in legal if a.what >= 4] or [a for a in legal if a.what != target]
            return rng.choice(keep or list(legal))
        if cls is Pay:
            return PAYS[0]
        return rng.choice(list(legal))


POLICIES: dict[str, Any] = {"planner": PlannerPolicy, "hoarder": HoarderPolicy}


# ---------------------------------------------------------------- report

_pct = rate_ja   # shared report text for a rate


def questions(records: Sequence[Any]) -> list[Finding]:
    done = [r for r in records if r.result is not None]
    out: list[Finding] = []
    if not done:
        return [Finding("対戦記録", "完了した対戦がありません。", {})]
    # 1. team win rate per player count (and variant)
    figs: dict[str, Any] = {}
    parts = []
    groups: dict[tuple[str, int], list] = {}
    for r in done:
        groups.setdefault((r.variant, r.players), []).append(r)
    for (var, n), rs in sorted(groups.items()):
        k = sum(1 for r in rs if r.result.extra["win"])
        figs[f"{var}/{n}p"] = rate(k, len(rs))
        parts.append(f"{var} {n}人：{_pct(figs[f'{var}/{n}p'])}")
    out.append(Finding("人数ごとのチームの勝率", "、".join(parts) + "。", figs))
    # 2. loss causes
    causes: dict[str, int] = {}
    for r in done:
        causes[r.result.end_reason] = causes.get(r.result.end_reason, 0) + 1
    lost = [r for r in done if not r.result.extra["win"]]
    cf = {c: rate(v, len(done)) for c, v in sorted(causes.items())}
    out.append(Finding("敗因（ステーションライフ・死亡・時間切れ）",
                       "、".join(f"{END_REASONS_JA[c]} {_pct(v)}" for c, v in cf.items()) + "。",
                       {"causes": cf, "lost": len(lost)}))
    # 3. dice: what the イーバ gets
    hist = [0] * 7
    mins = total = 0
    for r in done:
        for v in r.result.extra["ebe_dice"]:
            hist[v] += 1
        mins += sum(r.result.extra["ebe_got_min"])
        total += len(r.result.extra["ebe_got_min"])
    share = rate(mins, total) if total else rate(0, 0)
    dist = {str(v): round(hist[v] / total, 4) if total else 0.0 for v in range(1, 7)}
    out.append(Finding("サイコロの割り振りに支配的な選択はあるか（イーバに1を渡すだけになるか）",
                       f"イーバが振られた中で最小の目を受け取った割合は{_pct(share)}。"
                       f"イーバの目の分布：" + "、".join(f"{v}:{dist[v] * 100:.0f}%" for v in dist) + "。",
                       {"ebe_got_lowest": share, "ebe_die_distribution": dist}))
    # 4. missions vs events
    paid = sum(r.result.extra["events_paid"] for r in done)
    failed = sum(r.result.extra["events_failed"] for r in done)
    met = sum(r.result.extra["events_done"] for r in done)
    ev_total = paid + failed + met - paid
    by_failed: dict[int, list] = {}
    for r in done:
        by_failed.setdefault(r.result.extra["events_failed"], []).append(r)
    wr = {str(k): rate(sum(1 for r in rs if r.result.extra["win"]), len(rs)) for k, rs in sorted(by_failed.items())}
    short = [r.result.extra["missions_needed"] - r.result.extra["missions_built"] for r in lost]
    out.append(Finding("ミッションとイベントはどちらかを締め出すか",
                       f"イベント{ev_total}件のうち達成{met}件（うち支払い{paid}件）、未達成{failed}件。"
                       f"未達成イベント数ごとの勝率：" + "、".join(f"{k}件 {v['rate'] * 100:.0f}%" for k, v in wr.items())
                       + f"。負けた対戦で足りなかったミッションは平均{(sum(short) / len(short)) if short else 0:.2f}枚。",
                       {"events_met": met, "events_paid": paid, "events_failed": failed,
                        "win_by_events_failed": wr,
                        "missions_short_in_losses": round(sum(short) / len(short), 3) if short else 0.0}))
    # 5. life 60 vs 30
    by_life: dict[int, list] = {}
    for r in done:
        by_life.setdefault(r.result.extra["life_start"], []).append(r)
    lf = {str(k): {"win": rate(sum(1 for r in rs if r.result.extra["win"]), len(rs)),
                   "station_loss": rate(sum(1 for r in rs if r.result.end_reason == "station"), len(rs))}
          for k, rs in sorted(by_life.items())}
    out.append(Finding("ステーションライフ60と30の違い",
                       "、".join(f"ライフ{k}：勝率{_pct(v['win'])}、ステーションライフでの敗北{v['station_loss']['rate'] * 100:.1f}%"
                                for k, v in lf.items()) + "。", lf))
    # 6. peaks
    peaks: dict[str, int] = {}
    for r in done:
        for k, v in r.result.extra["peak_pieces"].items():
            peaks[k] = max(peaks.get(k, 0), v)
    out.append(Finding("同時に使われるキューブとトークンの最大数",
                       "、".join(f"{k} {v}" for k, v in peaks.items()) + "。", peaks))
    return out


def check_components(game) -> list[str]:
    """Invariants the rules rely on (run by pnp validate): enough dice for the most players plus the
    most EBE at once (two in round 4), one 探索 set of five per character, and a station map whose
    areas are exactly the ones the 探索 cards name."""
    problems = []
    lo, hi = game.players
    dice = game.component("dice").count
    if dice != hi + 2:
        problems.append(f"サイコロが {dice} 個です（最多人数 {hi} ＋ 同時に出るイーバ 2 ＝ {hi + 2} 個のはず）")
    explore = game.deck("explore")
    for char in game.deck("characters").cards:
        own = [c for c in explore.physical_cards() if c.rules.get("character") == char.id]
        if len(own) != 5:
            problems.append(f"{explore.file}: {char.title} の探索カードが {len(own)} 枚です（5 枚のはず）")
    try:
        board = game.part("station")
    except KeyError:
        return problems + ["ステーションマップ（station）がありません"]
    areas = {a.id.upper() for a in board.areas}
    named = {str(c.rules.get("area")).upper() for c in explore.cards if c.rules.get("area")}
    if named - areas:
        problems.append(f"{explore.file}: マップにないエリア {sorted(named - areas)} を探索カードが指しています")
    return problems
