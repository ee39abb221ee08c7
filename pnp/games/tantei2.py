"""Rules engine for 探偵無宿２ (draft 5): 3–4 players, rounds until 13 VP or five deaths.

Every fact about a card comes from the loaded model (``rules:`` of components/tantei2/*.yaml) in a
small effect vocabulary; no card has Python of its own.

Effects (a person's action, an instant event, or a placed event's 「配置時」 effect), each ``{op: …}``:
``draw`` / ``discard`` (``n``, ``who``: self | others | all), ``take_discard`` (top ``n`` of the 捨て札),
``facedown`` (may place a hand card face down in the 【手帳】), ``flip_free`` (turn a face-down card face up,
ignoring cost and 死亡条件), ``sub_discount`` (this turn's 代用コスト costs ``n`` fewer discards), ``lamp``
(add ``n`` 告命灯, negative removes), ``outside`` (move ``n`` person cards of the player's choice from the
【容疑者】 to the 【線外】: it brings 覚醒 nearer), ``line_out`` (the last card of the 【捜査線】, when it is a
person card, goes to the 【線外】: one fewer for the 犠牲者の選定).

Ongoing effects of a face-up placed event (``ongoing:``): ``color`` (always one cost of ``color``),
``rest_draw`` (一服 draws ``n`` more), ``keep_free`` (keep ``n`` face-down cards at round end without
discarding), ``death_draw`` (draw ``n`` whenever a person dies), ``tragedy_draw`` (draw ``n`` whenever
「惨劇の夜」 is drawn in a turn), ``awake_color`` (one cost of ``color`` while the person of that colour is
alive and 覚醒), ``dead_sub_free`` (代用コスト of a dead person's colour needs no extra discard).  The draft's open points are settled in ``components/tantei2/rulings.yaml`` (``RULING_IDS``) so the rulebook and the engine agree.

Resolution is a small task stack: a turn, an effect, a discard, a shuffle are tasks; a task that
needs a player's choice (or a chance outcome) stops the stack until ``apply`` receives it.
Seats are numbered clockwise; seat 0 is the first start player.
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..data.model import Game
from ..sim.engine import CHANCE, TERMINAL, Finding, IllegalAction, InvariantError, OptionSpec, Result, Variant
from ..sim.stats import rate, rate_ja

GAME_ID = "tantei2"
ENGINE_VERSION = "2"           # 2: 代用コスト and the tie-break as the draft writes them
WIN_VP = 13
DEATHS_TO_END = 5
MAX_LAMPS = 7
FIRST_LAMP_SPACE = 4      # ruling lamp-spaces
HAND_START = 6
ROUND_CAP = 100           # safety net only; never reached in measured play

# The rulings this engine plays, by id; their text (and the designer's ledger) is in
# components/tantei2/rulings.yaml, which the rulebook prints.
RULING_IDS: tuple[str, ...] = (
    "wasurenagusa-entry", "awake", "round-start-tragedy", "cost-not-spent", "substitute", "flash-timing",
    "auto-flip", "lamp-spaces", "lamp-removal", "victim-lamp", "round-end-order", "round-cap", "victory-tie",
    "facedown-keep", "effects-target", "dead-cards", "substitute-colour", "substitute-timing", "victory-shared",
)

# The draft's literal rules are the standard game; pnp's earlier readings are variants the simulator compares
# (each is an option of a question in rulings.yaml).
V_SUB_ANY = "sub-any-colour"     # 代用コスト: any colour but black, even one already on the 【捜査線】
V_TIE_UP = "tie-face-up"         # tie-break: only face-up cards in the 【手帳】 count
V_LAMPS_EVERY = "lamps-every-round"   # 告命灯 removed at every round end, not only after a death
V_LAMPS_FIRST = "lamps-from-first"    # 告命灯 on spaces 1…k of the 【捜査線】 instead of 4…3+k

# ---------------------------------------------------------------- constants
PH_CHANCE, PH_PICK, PH_OUTSIDE, PH_MAIN, PH_DISCARD, PH_DOWN, PH_FLIP, PH_KEEP, PH_END = range(9)
CH_EV, CH_INV = 1, 2

# action kinds (order defines the sort order of legal actions)
K_PICK, K_OUT, K_INV, K_FLASH, K_SUB, K_REST, K_RESTE, K_DISC, K_DOWN, K_DSKIP, K_FLIP, K_KEEP, K_KDONE = range(13)

# effect opcodes
O_DRAW, O_DISC, O_TAKE, O_DOWN, O_FLIP, O_SUBD, O_LAMP, O_OUTX, O_LOUT = range(9)
OPS = {"draw": O_DRAW, "discard": O_DISC, "take_discard": O_TAKE, "facedown": O_DOWN,
       "flip_free": O_FLIP, "sub_discount": O_SUBD, "lamp": O_LAMP, "outside": O_OUTX, "line_out": O_LOUT}
ONGOING = ("color", "rest_draw", "keep_free", "death_draw", "tragedy_draw", "awake_color", "dead_sub_free")
WHO = {"self": 0, "others": 1, "all": 2}

# tasks
(T_SHEV, T_DEAL, T_SHINV, T_PICK, T_RSTART, T_OUT, T_TURN, T_MAIN, T_END, T_DRAW, T_DISC, T_TAKE,
 T_DOWN, T_FLIP, T_LAMP, T_SUBD, T_REND, T_KEEP, T_KEEPQ, T_NEWR, T_TODISC, T_OUTX, T_LOUT, T_OUTRET) = range(24)


@dataclass(frozen=True, order=True)
class Act:
    kind: int
    a: int = 0
    b: int = 0
    text: str = field(default="", compare=False)

    def label(self) -> str:
        return self.text

    def to_json(self) -> Any:
        return {"k": self.kind, "a": self.a, "b": self.b}


@dataclass(frozen=True, order=True)
class Shuffle:
    deck: int                  # CH_EV (イベントの山) or CH_INV (捜査デッキ)
    order: tuple[int, ...]     # new deck, bottom first (the last card is drawn first)

    def label(self) -> str:
        return "イベントの山をシャッフルする" if self.deck == CH_EV else "捜査デッキをシャッフルする"

    def to_json(self) -> Any:
        return {"t": "shuffle", "deck": self.deck, "order": list(self.order)}


# ---------------------------------------------------------------- state

class State:
    __slots__ = (
        "n", "skills", "sub_any", "tie_up", "lamp_first", "lamp_clear", "phase", "cur", "stack", "chance",
        "ev_deck", "discard", "limbo", "hands", "up", "down", "fresh",
        "inv", "line", "linecnt", "outside", "piles", "removed",
        "lamps", "dead", "ndead", "round", "start", "tragedy_pos",
        "sub_color", "sub_used", "sub_disc", "dn",
        "watashi", "extra", "rest_bonus", "keep_free", "kept", "kfree",
        "over", "end_reason", "vp", "hist",
        "st_down", "st_flip", "st_flip_vp", "st_kept", "st_lost", "st_subs", "st_subs_dead",
        "st_lamp_deaths", "st_deaths", "st_turns", "st_flash", "st_down_vp", "st_used",
    )

    def clone(self) -> State:
        c = State.__new__(State)
        for k in ("n", "skills", "sub_any", "tie_up", "lamp_first", "lamp_clear", "phase", "cur", "chance", "lamps", "ndead", "round", "start",
                  "tragedy_pos", "sub_color", "sub_used", "sub_disc", "dn", "kfree", "over",
                  "end_reason", "st_down", "st_flip", "st_flip_vp", "st_kept", "st_lost", "st_subs",
                  "st_subs_dead", "st_lamp_deaths", "st_turns", "st_flash", "st_down_vp"):
            setattr(c, k, getattr(self, k))
        for k in ("stack", "ev_deck", "discard", "limbo", "inv", "line", "linecnt", "outside", "removed",
                  "dead", "watashi", "vp", "hist", "kept", "rest_bonus", "keep_free", "st_deaths", "fresh",
                  "st_used"):
            setattr(c, k, list(getattr(self, k)))
        for k in ("hands", "up", "down", "piles", "extra"):
            setattr(c, k, [list(x) for x in getattr(self, k)])
        return c

    def __repr__(self) -> str:
        return (f"<tantei2 round={self.round} phase={self.phase} cur={self.cur} vp={self.vp} "
                f"dead={self.ndead} lamps={self.lamps}>")


class Observation:
    """What one seat may see: its own hand and face-down cards; counts of everyone else's."""

    __slots__ = ("seat", "players", "phase", "facts", "hand", "my_down", "down_counts", "hand_counts",
                 "up", "line", "linecnt", "extra", "sub_color", "sub_used", "dead", "awake", "lamps",
                 "vp", "round", "discard", "outside", "pile_sizes", "watashi", "skills", "inv_size",
                 "ev_deck_size", "tragedy_pos", "dn")

    def __repr__(self) -> str:
        return f"<tantei2 obs seat={self.seat} phase={self.phase} hand={self.hand}>"


class Facts:
    """Fixed facts read from the model, shared by the engine and the policies."""

    def __init__(self, game: Game):
        persons = game.deck("persons")
        self.person_ids: list[str] = []
        self.person_names: list[str] = []
        self.color_ids: list[str] = []
        for card in persons.cards:
            pid = card.rules["person"]
            if pid not in self.person_ids:
                self.person_ids.append(pid)
                self.person_names.append(card.title)
                self.color_ids.append(card.rules["color"])
        self.np = len(self.person_ids)
        pidx = {p: i for i, p in enumerate(self.person_ids)}
        cidx = {c: i for i, c in enumerate(self.color_ids)}
        self.black = cidx["black"]
        self.action: list[tuple] = [()] * self.np
        self.action_awake: list[tuple | None] = [None] * self.np
        self.pc_person: list[int] = []
        self.pc_awake: list[bool] = []
        self.pc_name: list[str] = []
        for card in persons.physical_cards():
            p = pidx[card.rules["person"]]
            awake = bool(card.rules.get("awake"))
            ops = _compile(card.rules.get("action", []))
            if awake:
                self.action_awake[p] = ops
            else:
                self.action[p] = ops
            self.pc_person.append(p)
            self.pc_awake.append(awake)
            self.pc_name.append(card.title)
        self.tragedy = len(self.pc_person)
        self.pc_person.append(-1)
        self.pc_awake.append(False)
        self.pc_name.append(game.deck("tragedy").cards[0].title)
        self.n_pc = len(self.pc_person)
        ev = sorted(game.deck("events").cards, key=lambda c: c.rules["serial"])
        self.n_ev = len(ev)
        self.ev_serial = [c.rules["serial"] for c in ev]
        self.ev_title = [c.title for c in ev]
        self.ev_vp = [int(c.rules.get("vp", 0)) for c in ev]
        self.ev_placed = [c.rules["type"] == "placed" for c in ev]
        self.ev_flash = [bool(c.rules.get("flash")) for c in ev]
        self.ev_need: list[tuple[tuple[int, int], ...]] = []
        self.ev_need_total = []
        for c in ev:
            cnt: dict[int, int] = {}
            for col in c.rules.get("cost", []):
                cnt[cidx[col]] = cnt.get(cidx[col], 0) + 1
            self.ev_need.append(tuple(sorted(cnt.items())))
            self.ev_need_total.append(len(c.rules.get("cost", [])))
        self.ev_death = [tuple(pidx[p] for p in c.rules.get("death", [])) for c in ev]
        self.ev_effect = [_compile(c.rules.get("effect", [])) for c in ev]
        self.ev_ongoing = [tuple((o["op"], cidx.get(o.get("color"), -1), int(o.get("n", 1)))
                                 for o in c.rules.get("ongoing", [])) for c in ev]
        for c, ong in zip(ev, self.ev_ongoing):
            for op, col, _ in ong:
                if op not in ONGOING:
                    raise ValueError(f"{GAME_ID}: {c.id}: unknown ongoing effect {op!r}")
                if op in ("color", "awake_color") and col < 0:
                    raise ValueError(f"{GAME_ID}: {c.id}: {op} needs a colour")

        def total(op: str) -> list[int]:
            return [sum(n for o, _, n in ong if o == op) for ong in self.ev_ongoing]
        self.ev_death_draw = total("death_draw")
        self.ev_tragedy_draw = total("tragedy_draw")
        self.ev_dead_sub_free = [any(o == "dead_sub_free" for o, _, _ in ong) for ong in self.ev_ongoing]
        # colour index == person index (one base colour per person)
        self.ev_awake_col = [next((col for o, col, _ in ong if o == "awake_color"), -1) for ong in self.ev_ongoing]
        self.any_awake_col = any(c >= 0 for c in self.ev_awake_col)
        w = game.deck("watashi").cards
        self.watashi_ids = [c.id for c in w]
        self.watashi_names = [c.title for c in w]
        self.watashi_skill = [c.rules.get("skill", "") for c in w]
        self.watashi_n = [int(c.rules.get("n", 1)) for c in w]


def _compile(ops: Sequence[Mapping[str, Any]]) -> tuple:
    return tuple((OPS[o["op"]], int(o.get("n", 1)), WHO[o.get("who", "self")]) for o in ops)


# ---------------------------------------------------------------- engine

class Tantei2Engine:
    game_id = GAME_ID
    version = ENGINE_VERSION
    min_players = 3
    max_players = 4
    variants = (Variant("standard", "標準", "草案5のルール（裁定つき）"),
                Variant(V_SUB_ANY, "代用コストは黒以外の好きな色",
                        "代用コストで【捜査線】にある色も生み出せる（草案は【捜査線】上にない色だけ）"),
                Variant(V_TIE_UP, "同点は表向きのカードだけで比べる",
                        "VPが同じとき、【手帳】の表向きのカードの通し番号だけで比べる（草案は【手帳】に配置したカードすべて）"),
                Variant(V_LAMPS_EVERY, "告命灯を毎ラウンド取り除く",
                        "犠牲者が出なかったラウンドの終了時にも告命灯をすべて取り除く"),
                Variant(V_LAMPS_FIRST, "告命灯を1枚目の場所から置く",
                        "告命灯を【捜査線】の1枚目の場所から置く（pnp は4枚目の場所から）"))
    options = (OptionSpec("skills", "「私」のスキルを使う（選択ルール）", (False, True), False),)
    max_steps = 200_000
    default_policy = "heuristic"
    score_track = None

    def __init__(self, game: Game):
        self.game = game
        f = self.facts = Facts(game)
        self.policies = POLICIES
        pn, et = f.person_names, f.ev_title
        colja = [_COLOR_JA.get(c, c) for c in f.color_ids]
        self.colja = colja
        self.A_PICK = [Act(K_PICK, w, 0, f"「私」に{f.watashi_names[w]}を選ぶ") for w in range(len(f.watashi_ids))]
        self.A_OUT = [Act(K_OUT, p, 0, f"{pn[p]}のカードを【容疑者】から【線外】へ移す") for p in range(f.np)]
        self.A_INV = [Act(K_INV, e, 0, f"捜査：{et[e]}（{f.ev_serial[e]}）を"
                          + ("【手帳】に配置する" if f.ev_placed[e] else "使う")) for e in range(f.n_ev)]
        self.A_FLASH = [Act(K_FLASH, e, 0, f"閃き：{et[e]}（{f.ev_serial[e]}）を"
                            + ("【手帳】に配置する" if f.ev_placed[e] else "使う")) for e in range(f.n_ev)]
        self.A_SUB = [Act(K_SUB, c, 0, f"代用コストで{colja[c]}を生み出す") for c in range(f.np)]
        self.A_REST = [[Act(K_REST, e, d, f"一服：{et[e]}（{f.ev_serial[e]}）を"
                            + ("裏向きに置いて引く" if d else "捨てて引く")) for d in (0, 1)]
                       for e in range(f.n_ev)]
        self.A_RESTE = Act(K_RESTE, 0, 0, "一服：手札がないので引く")
        self.A_DISC = [Act(K_DISC, e, 0, f"{et[e]}（{f.ev_serial[e]}）を捨てる") for e in range(f.n_ev)]
        self.A_DOWN = [Act(K_DOWN, e, 0, f"{et[e]}（{f.ev_serial[e]}）を裏向きに置く") for e in range(f.n_ev)]
        self.A_DSKIP = Act(K_DSKIP, 0, 0, "裏向きに置かない")
        self.A_FLIP = [Act(K_FLIP, e, 0, f"裏向きの{et[e]}（{f.ev_serial[e]}）を表にする") for e in range(f.n_ev)]
        self.A_KEEP = [Act(K_KEEP, e, 0, f"裏向きの{et[e]}（{f.ev_serial[e]}）を【手帳】に残す") for e in range(f.n_ev)]
        self.A_KDONE = Act(K_KDONE, 0, 0, "残りの裏向きカードを捨て札にする")
        self._all = {a.to_json()["k"] * 1_000_000 + a.a * 10 + a.b: a for a in
                     self.A_PICK + self.A_OUT + self.A_INV + self.A_FLASH + self.A_SUB
                     + [x for r in self.A_REST for x in r] + self.A_DISC + self.A_DOWN + self.A_FLIP
                     + self.A_KEEP + [self.A_RESTE, self.A_DSKIP, self.A_KDONE]}
        self.ruling_ids = RULING_IDS

    # ------------------------------------------------------------ set-up
    def new_state(self, players: int, variant: str = "standard",
                  options: Mapping[str, Any] | None = None) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{GAME_ID}: {players} players is outside 3–4")
        if variant not in {v.id for v in self.variants}:
            raise ValueError(f"{GAME_ID}: unknown variant {variant!r}")
        opts = dict(options or {})
        unknown = set(opts) - {"skills"}
        if unknown:
            raise ValueError(f"{GAME_ID}: unknown options {sorted(unknown)}")
        f = self.facts
        s = State()
        s.n = players
        s.skills = bool(opts.get("skills", False))
        s.sub_any = variant == V_SUB_ANY
        s.tie_up = variant == V_TIE_UP
        s.lamp_first = 1 if variant == V_LAMPS_FIRST else FIRST_LAMP_SPACE
        s.lamp_clear = variant == V_LAMPS_EVERY
        s.phase = PH_CHANCE
        s.cur = -1
        s.chance = 0
        s.ev_deck = list(range(f.n_ev))
        s.discard = []
        s.limbo = []
        s.hands = [[] for _ in range(players)]
        s.up = [[] for _ in range(players)]
        s.down = [[] for _ in range(players)]
        s.fresh = []
        s.piles = [[] for _ in range(f.np)]
        s.inv = []
        seen = set()
        for pc in range(f.tragedy):
            p = f.pc_person[pc]
            if f.pc_awake[pc]:
                s.piles[p].insert(0, pc)           # the 覚醒 card lies at the bottom
            elif p != f.black and p not in seen:
                seen.add(p)
                s.inv.append(pc)
            else:
                s.piles[p].append(pc)
        s.inv.append(f.tragedy)
        s.line = []
        s.linecnt = [0] * f.np
        s.outside = []
        s.removed = []
        s.lamps = 0
        s.dead = [False] * f.np
        s.ndead = 0
        s.round = 1
        s.start = 0
        s.tragedy_pos = 0
        s.sub_color = -1
        s.sub_used = False
        s.sub_disc = 0
        s.dn = 0
        s.watashi = [-1] * players
        s.extra = [[0] * f.np for _ in range(players)]
        s.rest_bonus = [0] * players
        s.keep_free = [0] * players
        s.kept = []
        s.kfree = 0
        s.over = False
        s.end_reason = ""
        s.vp = [0] * players
        s.hist = []
        s.st_down = s.st_flip = s.st_flip_vp = s.st_kept = s.st_lost = 0
        s.st_subs = s.st_subs_dead = s.st_lamp_deaths = s.st_turns = s.st_flash = s.st_down_vp = 0
        s.st_deaths = []
        s.st_used = []
        tasks = [(T_SHEV,), (T_DEAL,), (T_SHINV,)] + [(T_PICK, i) for i in range(players)] + [(T_RSTART,)]
        s.stack = tasks[::-1]
        self._run(s)
        return s

    # ------------------------------------------------------------ protocol
    def to_move(self, s: State) -> int:
        if s.over:
            return TERMINAL
        if s.phase == PH_CHANCE:
            return CHANCE
        return s.cur

    def legal_actions(self, s: State) -> list:
        ph = s.phase
        f = self.facts
        if ph == PH_MAIN:
            seat = s.cur
            hand = sorted(s.hands[seat])
            avail = self._avail(s, seat)
            dead = s.dead
            need, death, flash = f.ev_need, f.ev_death, f.ev_flash
            inv, fl = [], []
            for e in hand:
                ok = True
                for c, k in need[e]:
                    if avail[c] < k:
                        ok = False
                        break
                if ok:
                    for p in death[e]:
                        if not dead[p]:
                            ok = False
                            break
                if ok:
                    (fl if flash[e] else inv).append(e)
            A_INV, A_FLASH = self.A_INV, self.A_FLASH
            out = [A_INV[e] for e in inv]
            out += [A_FLASH[e] for e in fl]
            if not s.sub_used:
                nh = len(hand)
                for c in self.sub_colours(s):
                    if nh >= self._sub_cost(s, seat, c):
                        out.append(self.A_SUB[c])
            if hand:
                R = self.A_REST
                for e in hand:
                    out.append(R[e][0])
                    out.append(R[e][1])
            else:
                out.append(self.A_RESTE)
            return out
        if ph == PH_DISCARD:
            A = self.A_DISC
            return [A[e] for e in sorted(s.hands[s.cur])]
        if ph == PH_OUTSIDE:
            return [self.A_OUT[p] for p in self._movable(s)]
        if ph == PH_PICK:
            taken = set(s.watashi)
            return [a for w, a in enumerate(self.A_PICK) if w not in taken]
        if ph == PH_DOWN:
            A = self.A_DOWN
            return [A[e] for e in sorted(s.hands[s.cur])] + [self.A_DSKIP]
        if ph == PH_FLIP:
            A = self.A_FLIP
            return [A[e] for e in sorted(s.down[s.cur])]
        if ph == PH_KEEP:
            seat = s.cur
            out = []
            if s.kfree > 0 or s.hands[seat]:
                kept = s.kept
                out = [self.A_KEEP[e] for e in sorted(s.down[seat]) if e not in kept]
            out.append(self.A_KDONE)
            return out
        return []

    def sample_chance(self, s: State, rng: random.Random) -> Shuffle:
        if s.chance == CH_EV:
            cards = s.ev_deck + s.discard
        else:
            cards = list(s.inv)
        rng.shuffle(cards)
        return Shuffle(s.chance, tuple(cards))

    def apply(self, s: State, a) -> None:
        ph = s.phase
        if ph == PH_CHANCE:
            if a.__class__ is not Shuffle or a.deck != s.chance:
                raise IllegalAction(f"expected a shuffle of deck {s.chance}, got {a!r}")
            if s.chance == CH_EV:
                cur = s.ev_deck + s.discard
                if sorted(a.order) != sorted(cur):
                    raise IllegalAction("the shuffled event deck is not a permutation of its cards")
                s.ev_deck = list(a.order)
                s.discard = []
            else:
                if sorted(a.order) != sorted(s.inv):
                    raise IllegalAction("the shuffled 捜査デッキ is not a permutation of its cards")
                s.inv = list(a.order)
            s.chance = 0
            self._run(s)
            return
        if a.__class__ is not Act:
            raise IllegalAction(f"not an action of this game: {a!r}")
        k = a.kind
        seat = s.cur
        f = self.facts
        if ph == PH_MAIN:
            hand = s.hands[seat]
            if k == K_REST or k == K_RESTE:
                if k == K_REST:
                    e = a.a
                    if e not in hand:
                        raise IllegalAction(f"{a.label()}: not in hand")
                    hand.remove(e)
                    extra = 0
                    if a.b:
                        s.down[seat].append(e)
                        s.fresh.append(e)
                        s.st_down += 1
                        if s.skills and f.watashi_skill[s.watashi[seat]] == "rest_facedown_draw":
                            extra = f.watashi_n[s.watashi[seat]]
                    else:
                        s.discard.append(e)
                else:
                    if hand:
                        raise IllegalAction("一服 without a card is only for an empty hand")
                    extra = 0
                s.stack.append((T_END, seat))
                s.stack.append((T_DRAW, seat, 2 + s.rest_bonus[seat] + extra))
            elif k == K_INV or k == K_FLASH:
                e = a.a
                if e not in hand or f.ev_flash[e] != (k == K_FLASH) or not self.payable(s, seat, e):
                    raise IllegalAction(f"{a.label()}: not payable now")
                hand.remove(e)
                s.stack.append((T_END, seat) if k == K_INV else (T_MAIN, seat))
                if k == K_FLASH:
                    s.st_flash += 1
                self._reveal(s, seat, e)
            elif k == K_SUB:
                c = a.a
                if s.sub_used or c not in self.sub_colours(s):
                    raise IllegalAction(f"{a.label()}: not allowed")
                cost = self._sub_cost(s, seat, c)
                if len(hand) < cost:
                    raise IllegalAction(f"{a.label()}: not enough cards")
                s.sub_used = True
                s.sub_color = c
                s.st_subs += 1
                if s.dead[c]:
                    s.st_subs_dead += 1
                s.stack.append((T_MAIN, seat))
                s.stack.append((T_DISC, seat, cost))
            else:
                raise IllegalAction(f"{a!r} is not a main-phase action")
        elif ph == PH_DISCARD:
            if k != K_DISC or a.a not in s.hands[seat]:
                raise IllegalAction(f"{a!r}: expected a card to discard")
            s.hands[seat].remove(a.a)
            s.discard.append(a.a)
            s.dn -= 1
            if s.dn > 0 and s.hands[seat]:
                return
        elif ph == PH_OUTSIDE:
            if k != K_OUT or a.a not in self._movable(s):
                raise IllegalAction(f"{a!r}: not movable")
            s.outside.append(s.piles[a.a].pop())
            if s.stack and s.stack[-1][0] == T_OUTRET:
                s.stack.pop()                      # an effect's move: carry on with the effect
            else:
                s.stack.append((T_TURN, s.start))  # the round start's move: the first turn follows
        elif ph == PH_PICK:
            if k != K_PICK or a.a in s.watashi:
                raise IllegalAction(f"{a!r}: not available")
            s.watashi[seat] = a.a
            if s.skills and f.watashi_skill[a.a] == "keep_free":
                s.keep_free[seat] += f.watashi_n[a.a]
        elif ph == PH_DOWN:
            if k == K_DOWN:
                if a.a not in s.hands[seat]:
                    raise IllegalAction(f"{a!r}: not in hand")
                s.hands[seat].remove(a.a)
                s.down[seat].append(a.a)
                s.fresh.append(a.a)
                s.st_down += 1
            elif k != K_DSKIP:
                raise IllegalAction(f"{a!r}: expected a face-down placement")
        elif ph == PH_FLIP:
            if k != K_FLIP or a.a not in s.down[seat]:
                raise IllegalAction(f"{a!r}: expected a face-down card")
            s.down[seat].remove(a.a)
            if a.a in s.fresh:
                s.fresh.remove(a.a)
            self._count_flip(s, a.a)
            self._reveal(s, seat, a.a)
        elif ph == PH_KEEP:
            if k == K_KEEP:
                if a.a not in s.down[seat] or a.a in s.kept:
                    raise IllegalAction(f"{a!r}: not a face-down card to keep")
                s.kept.append(a.a)
                s.st_kept += 1
                s.stack.append((T_KEEPQ, seat))
                if s.kfree > 0:
                    s.kfree -= 1
                else:
                    if not s.hands[seat]:
                        raise IllegalAction(f"{a!r}: no hand card to discard")
                    s.stack.append((T_DISC, seat, 1))
            elif k == K_KDONE:
                self._release(s, seat)
            else:
                raise IllegalAction(f"{a!r}: expected a keep decision")
        else:
            raise IllegalAction(f"no decision is pending ({a!r})")
        self._run(s)

    # ------------------------------------------------------------ rules helpers
    def _avail(self, s: State, seat: int) -> list[int]:
        av = [x + y for x, y in zip(s.linecnt, s.extra[seat])]
        if s.sub_color >= 0:
            av[s.sub_color] += 1
        f = self.facts
        if f.any_awake_col:
            awc = f.ev_awake_col
            for e in s.up[seat]:
                p = awc[e]
                if p >= 0 and not s.dead[p] and self.is_awake(s, p):
                    av[p] += 1
        return av

    def payable(self, s: State, seat: int, e: int, avail: list[int] | None = None) -> bool:
        f = self.facts
        av = avail if avail is not None else self._avail(s, seat)
        for c, k in f.ev_need[e]:
            if av[c] < k:
                return False
        for p in f.ev_death[e]:
            if not s.dead[p]:
                return False
        return True

    def sub_colours(self, s: State) -> list[int]:
        """The colours 代用コスト may make now: 「【捜査線】上にないコスト」, never black (「勿忘草」のコスト).
        Variant sub-any-colour: any colour but black."""
        black = self.facts.black
        if s.sub_any:
            return [c for c in range(self.facts.np) if c != black]
        cnt = s.linecnt
        return [c for c in range(self.facts.np) if c != black and not cnt[c]]

    def _sub_cost(self, s: State, seat: int, c: int) -> int:
        cost = 1
        f = self.facts
        if s.dead[c] and not (s.skills and f.watashi_skill[s.watashi[seat]] == "dead_sub_free") \
                and not any(f.ev_dead_sub_free[e] for e in s.up[seat]):
            cost = 2
        return max(0, cost - s.sub_disc)

    def _movable(self, s: State) -> list[int]:
        awake = self.facts.pc_awake
        return [p for p, pile in enumerate(s.piles) if pile and not awake[pile[-1]]]

    def is_awake(self, s: State, p: int) -> bool:
        pile = s.piles[p]
        return not pile or self.facts.pc_awake[pile[-1]]

    def _reveal(self, s: State, seat: int, e: int) -> None:
        """Put an event into effect: placed → 手帳 face up (VP, ongoing); instant → effect, discard."""
        f = self.facts
        s.st_used.append((seat, e))
        if f.ev_placed[e]:
            s.up[seat].append(e)
            s.vp[seat] += f.ev_vp[e]
            for op, col, n in f.ev_ongoing[e]:
                if op == "color":
                    s.extra[seat][col] += n
                elif op == "rest_draw":
                    s.rest_bonus[seat] += n
                elif op == "keep_free":
                    s.keep_free[seat] += n
        else:
            # an instant card waits beside the table until its effect is over (回想 must not take itself)
            s.limbo.append(e)
            s.stack.append((T_TODISC, e))
        if f.ev_effect[e]:
            self._push_effects(s, seat, f.ev_effect[e])

    def _count_flip(self, s: State, e: int) -> None:
        s.st_flip += 1
        s.st_flip_vp += self.facts.ev_vp[e]

    def _push_effects(self, s: State, seat: int, ops: tuple) -> None:
        n = s.n
        tasks = []
        for op, k, who in ops:
            if op == O_DRAW or op == O_DISC:
                t = T_DRAW if op == O_DRAW else T_DISC
                if who != 1:
                    tasks.append((t, seat, k))
                if who != 0:
                    for i in range(1, n):
                        tasks.append((t, (seat + i) % n, k))
            elif op == O_TAKE:
                tasks.append((T_TAKE, seat, k))
            elif op == O_DOWN:
                tasks.append((T_DOWN, seat))
            elif op == O_FLIP:
                tasks.append((T_FLIP, seat))
            elif op == O_SUBD:
                tasks.append((T_SUBD, k))
            elif op == O_LAMP:
                tasks.append((T_LAMP, k))
            elif op == O_OUTX:
                tasks.append((T_OUTX, seat, k))
            elif op == O_LOUT:
                tasks.append((T_LOUT,))
        s.stack.extend(reversed(tasks))

    def _release(self, s: State, seat: int) -> None:
        kept = s.kept
        d = s.down[seat]
        for e in list(d):
            if e not in kept:
                d.remove(e)
                s.discard.append(e)
                s.st_lost += 1

    # ------------------------------------------------------------ the task machine
    def _run(self, s: State) -> None:
        f = self.facts
        stack = s.stack
        while stack:
            t = stack.pop()
            code = t[0]
            if code == T_DRAW:
                seat, k = t[1], t[2]
                hand = s.hands[seat]
                deck = s.ev_deck
                while k > 0:
                    if not deck:
                        if s.discard:
                            stack.append((T_DRAW, seat, k))
                            s.phase, s.chance = PH_CHANCE, CH_EV
                            return
                        break
                    hand.append(deck.pop())
                    k -= 1
            elif code == T_MAIN:
                seat = t[1]
                d = s.down[seat]
                if d:
                    av = self._avail(s, seat)
                    fresh = s.fresh
                    flips = sorted(e for e in d if e not in fresh and self.payable(s, seat, e, av))
                    if flips:
                        stack.append(t)
                        for e in reversed(flips):
                            d.remove(e)
                            self._count_flip(s, e)
                        # reveal in serial order: push effects so the lowest serial resolves first
                        for e in reversed(flips):
                            self._reveal(s, seat, e)
                        continue
                s.phase, s.cur = PH_MAIN, seat
                return
            elif code == T_TURN:
                seat = t[1]
                s.st_turns += 1
                if not s.inv:                       # cannot happen: 惨劇の夜 is always in the deck
                    raise InvariantError("the 捜査デッキ ran out before 惨劇の夜")
                c = s.inv.pop()
                s.line.append(c)
                stack.append((T_MAIN, seat))     # the main decision pushes T_END itself
                if c == f.tragedy:
                    s.tragedy_pos = len(s.line)
                    # ongoing tragedy_draw: each holder draws, the turn player first
                    for i in range(s.n - 1, -1, -1):
                        who = (seat + i) % s.n
                        k = sum(f.ev_tragedy_draw[e] for e in s.up[who])
                        if k:
                            stack.append((T_DRAW, who, k))
                else:
                    p = f.pc_person[c]
                    s.linecnt[p] += 1
                    ops = f.action_awake[p] if (self.is_awake(s, p) and f.action_awake[p]) else f.action[p]
                    self._push_effects(s, seat, ops)
            elif code == T_END:
                seat = t[1]
                s.sub_color = -1
                s.sub_used = False
                s.sub_disc = 0
                s.fresh.clear()
                if s.tragedy_pos:
                    stack.append((T_REND,))
                else:
                    stack.append((T_TURN, (seat + 1) % s.n))
            elif code == T_DISC:
                seat, k = t[1], t[2]
                if k > 0 and s.hands[seat]:
                    s.phase, s.cur, s.dn = PH_DISCARD, seat, k
                    return
            elif code == T_TAKE:
                seat, k = t[1], t[2]
                for _ in range(min(k, len(s.discard))):
                    s.hands[seat].append(s.discard.pop())
            elif code == T_DOWN:
                if s.hands[t[1]]:
                    s.phase, s.cur = PH_DOWN, t[1]
                    return
            elif code == T_FLIP:
                if s.down[t[1]]:
                    s.phase, s.cur = PH_FLIP, t[1]
                    return
            elif code == T_TODISC:
                s.limbo.remove(t[1])
                s.discard.append(t[1])
            elif code == T_LAMP:
                s.lamps = min(MAX_LAMPS, max(0, s.lamps + t[1]))
            elif code == T_SUBD:
                s.sub_disc += t[1]
            elif code == T_REND:
                if self._round_end(s):
                    return
            elif code == T_KEEP:
                seat = t[1]
                if s.down[seat]:
                    s.kept = []
                    s.kfree = s.keep_free[seat]
                    stack.append((T_KEEPQ, seat))
            elif code == T_KEEPQ:
                seat = t[1]
                left = [e for e in s.down[seat] if e not in s.kept]
                if not left:
                    continue
                if s.kfree <= 0 and not s.hands[seat]:
                    self._release(s, seat)
                    continue
                s.phase, s.cur = PH_KEEP, seat
                return
            elif code == T_NEWR:
                s.lamps = min(MAX_LAMPS, s.lamps + 1)
                s.round += 1
                s.start = (s.start + 1) % s.n
                stack.append((T_RSTART,))
                stack.append((T_SHINV,))
            elif code == T_RSTART:
                line = s.line
                for _ in range(3):
                    if s.inv:
                        line.append(s.inv.pop())
                if f.tragedy in line:
                    line.remove(f.tragedy)
                    # the draft: add one card, then shuffle 惨劇の夜 back
                    if s.inv:
                        line.append(s.inv.pop())
                    s.inv.append(f.tragedy)
                    stack.append((T_OUT,))
                    stack.append((T_SHINV,))
                else:
                    stack.append((T_OUT,))
                for c in line:
                    s.linecnt[f.pc_person[c]] += 1
            elif code == T_OUT:
                if self._movable(s):
                    s.phase, s.cur = PH_OUTSIDE, s.start
                    return
                stack.append((T_TURN, s.start))
            elif code == T_OUTX:                  # an effect: the player moves a card to the 【線外】
                if t[2] > 0 and self._movable(s):
                    if t[2] > 1:
                        stack.append((T_OUTX, t[1], t[2] - 1))
                    stack.append((T_OUTRET,))    # the choice returns here, not to a new turn
                    s.phase, s.cur = PH_OUTSIDE, t[1]
                    return
            elif code == T_OUTRET:
                pass
            elif code == T_LOUT:                  # an effect: the last card of the 【捜査線】 to the 【線外】
                line = s.line
                if line and line[-1] != f.tragedy:
                    c = line.pop()
                    s.linecnt[f.pc_person[c]] -= 1
                    s.outside.append(c)
            elif code == T_SHINV:
                s.phase, s.chance = PH_CHANCE, CH_INV
                return
            elif code == T_SHEV:
                if s.ev_deck or s.discard:
                    s.phase, s.chance = PH_CHANCE, CH_EV
                    return
            elif code == T_DEAL:
                for seat in range(s.n):
                    for _ in range(HAND_START):
                        s.hands[seat].append(s.ev_deck.pop())
            elif code == T_PICK:
                s.phase, s.cur = PH_PICK, t[1]
                return
            else:
                raise InvariantError(f"unknown task {t!r}")
        raise InvariantError("the task stack ran empty")

    def _round_end(self, s: State) -> bool:
        """Victim, lamps, end check, then the re-setup tasks.  True when the game is over."""
        f = self.facts
        cnt = s.linecnt
        best = max(cnt)
        victim = -1
        if best > 0:
            tied = [p for p in range(f.np) if cnt[p] == best]
            if len(tied) == 1:
                victim = tied[0]
            elif s.lamp_first <= s.tragedy_pos < s.lamp_first + s.lamps:
                last = {}
                for i, c in enumerate(s.line):
                    if c != f.tragedy:
                        last[f.pc_person[c]] = i
                victim = max(tied, key=lambda p: last[p])
                s.st_lamp_deaths += 1
        if victim >= 0 or s.lamp_clear:
            s.lamps = 0
        if victim >= 0:
            self._kill(s, victim)
            for seat in range(s.n):             # ongoing death_draw
                k = sum(f.ev_death_draw[e] for e in s.up[seat])
                if k:
                    s.stack.append((T_DRAW, seat, k))
            if s.skills:
                for seat in range(s.n):
                    if f.watashi_skill[s.watashi[seat]] == "victim_draw":
                        s.stack.append((T_DRAW, seat, f.watashi_n[s.watashi[seat]]))
        s.hist.append(tuple(s.vp))
        if max(s.vp) >= WIN_VP or s.ndead >= DEATHS_TO_END or s.round >= ROUND_CAP:
            vp = max(s.vp) >= WIN_VP
            dd = s.ndead >= DEATHS_TO_END
            s.end_reason = ("vp_and_deaths" if vp and dd else "vp" if vp else "deaths" if dd else "round_cap")
            s.over = True
            s.phase = PH_END
            s.cur = -1
            s.stack.clear()
            return True
        # re-setup
        s.inv.extend(s.line)
        s.inv.extend(s.outside)
        s.line.clear()
        s.outside.clear()
        s.linecnt = [0] * f.np
        s.tragedy_pos = 0
        tasks = [(T_KEEP, (s.start + i) % s.n) for i in range(s.n)] + [(T_NEWR,)]
        # victim_draw tasks (if any) were pushed first and stay below? resolve them before keeping
        draws = [t for t in s.stack if t[0] == T_DRAW]
        s.stack[:] = [t for t in s.stack if t[0] != T_DRAW]
        s.stack.extend(reversed(tasks))
        s.stack.extend(draws)
        return False

    def _kill(self, s: State, p: int) -> None:
        f = self.facts
        s.dead[p] = True
        s.ndead += 1
        s.st_deaths.append(p)
        s.linecnt[p] = 0
        pp = f.pc_person
        for zone in (s.inv, s.line, s.outside):
            keep = [c for c in zone if pp[c] != p]
            s.removed.extend(c for c in zone if pp[c] == p)
            zone[:] = keep
        pile = s.piles[p]
        s.removed.extend(c for c in pile if not f.pc_awake[c])
        pile[:] = [c for c in pile if f.pc_awake[c]]

    # ------------------------------------------------------------ views and results
    def observe(self, s: State, seat: int) -> Observation:
        f = self.facts
        o = Observation()
        o.seat = seat
        o.players = s.n
        o.phase = s.phase
        o.facts = f
        o.hand = tuple(s.hands[seat])
        o.my_down = tuple(s.down[seat])
        o.down_counts = tuple(len(d) for d in s.down)
        o.hand_counts = tuple(len(h) for h in s.hands)
        o.up = tuple(tuple(u) for u in s.up)
        o.line = tuple(f.pc_person[c] for c in s.line)
        o.linecnt = tuple(s.linecnt)
        o.extra = tuple(s.extra[seat])
        o.sub_color = s.sub_color
        o.sub_used = s.sub_used
        o.dead = tuple(s.dead)
        o.awake = tuple(self.is_awake(s, p) for p in range(f.np))
        o.lamps = s.lamps
        o.vp = tuple(s.vp)
        o.round = s.round
        o.discard = tuple(s.discard)
        o.outside = tuple(f.pc_person[c] for c in s.outside)
        o.pile_sizes = tuple(len(p) for p in s.piles)
        o.watashi = tuple(s.watashi)
        o.skills = s.skills
        o.inv_size = len(s.inv)
        o.ev_deck_size = len(s.ev_deck)
        o.tragedy_pos = s.tragedy_pos
        o.dn = s.dn
        return o

    def _best_serial(self, s: State, seat: int) -> int:
        """The tie-break: 「通し番号のより小さいイベントカードを【手帳】に配置している方」 — face-up and
        face-down cards alike are placed in the 【手帳】 (variant tie-face-up: face-up cards only)."""
        f = self.facts
        cards = s.up[seat] if s.tie_up else s.up[seat] + s.down[seat]
        return min((f.ev_serial[e] for e in cards), default=10_000)

    def result(self, s: State) -> Result:
        f = self.facts
        n = s.n
        key = [(-s.vp[i], self._best_serial(s, i)) for i in range(n)]
        ranks = tuple(1 + sum(1 for j in range(n) if key[j] < key[i]) for i in range(n))
        top = [i for i in range(n) if ranks[i] == 1]
        tie_break = sum(1 for i in range(n) if s.vp[i] == max(s.vp)) > 1
        ja = {"vp": "13VPに到達", "deaths": "5人が死亡", "vp_and_deaths": "13VP到達と5人死亡が同時",
              "round_cap": "ラウンド上限"}.get(s.end_reason, "")
        extra = {
            "rounds": s.round, "deaths": s.ndead, "lamp_deaths": s.st_lamp_deaths,
            "victims": [f.person_ids[p] for p in s.st_deaths],
            "facedown_placed": s.st_down, "facedown_flipped": s.st_flip, "facedown_flip_vp": s.st_flip_vp,
            "facedown_kept": s.st_kept, "facedown_lost": s.st_lost,
            "subs": s.st_subs, "subs_dead": s.st_subs_dead, "flash": s.st_flash, "turns": s.st_turns,
            "skills": s.skills, "tie_break_serial": tie_break and len(top) == 1,
            "watashi": [f.watashi_ids[w] if w >= 0 else None for w in s.watashi],
            "winner_watashi": [f.watashi_ids[s.watashi[i]] for i in top if s.watashi[i] >= 0],
            "vp": list(s.vp), "lamps_at_end": s.lamps,
            "used": [[f.ev_serial[e] for w, e in s.st_used if w == i] for i in range(n)],
            "per_seat": {"watashi": [f.watashi_names[w] if w >= 0 else None for w in s.watashi]},
            "watashi_names": {f.watashi_ids[w]: f.watashi_names[w] for w in range(len(f.watashi_ids))},
        }
        return Result(tuple(float(v) for v in s.vp), ranks, s.end_reason or "unfinished", ja, extra)

    def progress(self, s: State) -> tuple[int, tuple[float, ...]]:
        return s.round, tuple(float(v) for v in s.vp)

    def score_history(self, s: State) -> tuple[tuple[float, ...], ...]:
        return tuple(tuple(float(v) for v in h) for h in s.hist)

    def is_terminal(self, s: State) -> bool:
        return s.over

    # ------------------------------------------------------------ worked examples (rulebook ~~~check)
    def example_state(self, players: int, setup: Mapping[str, Any], variant: str = "standard",
                      options: Mapping[str, Any] | None = None) -> State:
        """A main-phase position for a rulebook example.  ``setup`` keys (all optional but ``line``):

        ``line``    the 【捜査線】 left to right: person ids (``shizue`` …) and ``tragedy`` (惨劇の夜 may only
                    be the last card, and never among the three cards of the round start);
        ``lamps``   告命灯 on the 【捜査線】 (0–7);  ``round`` the round number (default 1);
        ``dead``    person ids already dead;  ``awake`` person ids whose 【容疑者】 pile holds only the
                    覚醒人物カード;
        ``hands`` / ``up`` / ``down``   one list per seat of event ids (``e03`` …): the hand, the face-up
                    and the face-down cards of the 【手帳】 (face-down ones were placed in an earlier turn);
        ``start``   the start player's seat (default 0);  ``turn`` the seat whose turn it is (default the
                    start player), who has drawn the last person card of ``line`` and resolved its action.

        Every other event card lies in the event deck (lowest serial on top); the living persons' other
        cards lie in the 捜査デッキ (惨劇の夜 on top unless it is on the 【捜査線】) or, one each, on top of
        their 【容疑者】 pile.  The position is then resolved up to the turn player's main decision (face-down
        cards whose conditions hold turn face up, as in play)."""
        from ..sim.examples import ExampleError
        f = self.facts
        known = {"line", "lamps", "round", "dead", "awake", "hands", "up", "down", "start", "turn"}
        unknown = sorted(set(setup) - known)
        if unknown:
            raise ExampleError(f"unknown setup key {unknown[0]!r} (keys: {', '.join(sorted(known))})")
        s = self.new_state(players, variant, options)
        pidx = {p: i for i, p in enumerate(f.person_ids)}
        eidx = {c.id: i for i, c in enumerate(sorted(self.game.deck("events").cards,
                                                       key=lambda c: c.rules["serial"]))}

        def person(pid: Any) -> int:
            if pid not in pidx:
                raise ExampleError(f"unknown person {pid!r} (persons: {', '.join(f.person_ids)})")
            return pidx[pid]

        def seats(key: str) -> list[list[int]]:
            rows = setup.get(key) or [[] for _ in range(players)]
            if not isinstance(rows, list) or len(rows) != players:
                raise ExampleError(f"{key} needs one list per player ({players})")
            out = []
            for row in rows:
                cards = []
                for cid in row or []:
                    if cid not in eidx:
                        raise ExampleError(f"{key}: unknown event card {cid!r}")
                    cards.append(eidx[cid])
                out.append(cards)
            return out

        hands, up, down = seats("hands"), seats("up"), seats("down")
        used = [e for rows in (hands, up, down) for row in rows for e in row]
        if len(used) != len(set(used)):
            raise ExampleError("an event card is in two places")
        for row in up:
            for e in row:
                if not f.ev_placed[e]:
                    raise ExampleError(f"{f.ev_title[e]} is an instant card: it never stays face up in a 【手帳】")
        dead = {person(p) for p in setup.get("dead") or []}
        awake = {person(p) for p in setup.get("awake") or []}
        for row in up:
            for e in row:
                alive = [f.person_names[p] for p in f.ev_death[e] if p not in dead]
                if alive:
                    raise ExampleError(f"{f.ev_title[e]} is face up, but its 死亡条件 needs {alive[0]} dead")
        line_ids = list(setup.get("line") or [])
        if len(line_ids) < 3:
            raise ExampleError("the 【捜査線】 starts every round with three person cards")
        if "tragedy" in line_ids[:3]:
            raise ExampleError("惨劇の夜 never stays among the three cards of the round start")
        if "tragedy" in line_ids[:-1]:
            raise ExampleError("the round ends in the turn 惨劇の夜 is drawn: it can only be the last card")
        line_p = [person(x) for x in line_ids if x != "tragedy"]
        lamps = setup.get("lamps", 0)
        if not isinstance(lamps, int) or not 0 <= lamps <= MAX_LAMPS:
            raise ExampleError(f"lamps must be 0–{MAX_LAMPS}, got {lamps!r}")
        start = setup.get("start", 0)
        turn = setup.get("turn", start)
        rnd = setup.get("round", 1)
        if not (isinstance(start, int) and 0 <= start < players and isinstance(turn, int) and 0 <= turn < players):
            raise ExampleError("start and turn are seats 0…players-1")
        if not isinstance(rnd, int) or rnd < 1:
            raise ExampleError("round must be 1 or more")
        # person cards
        normal: list[list[int]] = [[] for _ in range(f.np)]
        awake_card = [-1] * f.np
        for pc in range(f.tragedy):
            if f.pc_awake[pc]:
                awake_card[f.pc_person[pc]] = pc
            else:
                normal[f.pc_person[pc]].append(pc)
        s.piles = [[] for _ in range(f.np)]
        s.inv, s.line, s.outside, s.removed = [], [], [], []
        s.linecnt = [0] * f.np
        for x in line_ids:
            if x == "tragedy":
                s.line.append(f.tragedy)
                continue
            p = pidx[x]
            if p in dead:
                raise ExampleError(f"{f.person_names[p]} is dead: no card of theirs is on the 【捜査線】")
            if not normal[p]:
                raise ExampleError(f"{f.person_names[p]} has only three person cards")
            s.line.append(normal[p].pop())
            s.linecnt[p] += 1
        for p in range(f.np):
            if awake_card[p] >= 0:
                s.piles[p].append(awake_card[p])
            if p in dead:
                s.removed.extend(normal[p])
                continue
            rest = normal[p]
            if p in awake:
                if awake_card[p] < 0:
                    raise ExampleError(f"{f.person_names[p]} has no 覚醒人物カード and never awakes")
                s.inv.extend(rest)
            elif not rest:
                if awake_card[p] >= 0:
                    raise ExampleError(f"all of {f.person_names[p]}'s cards are out of the 【容疑者】 pile: "
                                       f"list the person under awake")
            else:
                s.piles[p].append(rest[-1])
                s.inv.extend(rest[:-1])
        if f.tragedy in s.line:
            s.tragedy_pos = len(s.line)
        else:
            s.inv.append(f.tragedy)
            s.tragedy_pos = 0
        s.dead = [p in dead for p in range(f.np)]
        s.ndead = len(dead)
        # event cards
        s.hands, s.up, s.down = hands, [[] for _ in range(players)], down
        s.vp = [0] * players
        s.extra = [[0] * f.np for _ in range(players)]
        s.rest_bonus = [0] * players
        s.keep_free = [0] * players
        s.watashi = list(range(players))
        if s.skills:
            for seat in range(players):
                if f.watashi_skill[seat] == "keep_free":
                    s.keep_free[seat] += f.watashi_n[seat]
        s.stack = []
        for seat, row in enumerate(up):
            for e in row:
                self._reveal(s, seat, e)
        taken = set(used)
        s.ev_deck = sorted((e for e in range(f.n_ev) if e not in taken), reverse=True)
        s.discard, s.limbo, s.fresh = [], [], []
        s.lamps, s.round, s.start = lamps, rnd, start
        s.sub_color, s.sub_used, s.sub_disc, s.dn = -1, False, 0, 0
        s.over, s.end_reason, s.hist = False, "", []
        s.chance = 0
        s.stack = [(T_MAIN, turn)]
        self._run(s)
        return s

    def example_facts(self, s: State) -> dict[str, Any]:
        """What rulebook examples claim: ``vp`` (per seat), ``notebook`` / ``facedown`` (titles of the face-up
        / face-down cards per seat), ``substitute_colours`` (the colours 代用コスト may make for the player to
        move, in Japanese), ``payable`` (hand cards the player to move could play now), ``dead`` (names),
        ``lamps``, ``over``, ``winner`` (seat letters A, B …), ``ranks``, ``end_reason``."""
        f = self.facts
        main = s.phase == PH_MAIN and not s.over
        facts: dict[str, Any] = {
            "vp": list(s.vp),
            "notebook": [[f.ev_title[e] for e in row] for row in s.up],
            "facedown": [[f.ev_title[e] for e in sorted(row)] for row in s.down],
            "substitute_colours": [self.colja[c] for c in self.sub_colours(s)] if main and not s.sub_used else [],
            "payable": sorted((f.ev_title[e] for e in s.hands[s.cur] if self.payable(s, s.cur, e)),
                              key=f.ev_title.index) if main else [],
            "dead": [f.person_names[p] for p in range(f.np) if s.dead[p]],
            "lamps": s.lamps,
            "over": s.over,
        }
        if s.over:
            r = self.result(s)
            facts["winner"] = [chr(ord("A") + i) for i in range(s.n) if r.ranks[i] == 1]
            facts["ranks"] = list(r.ranks)
            facts["end_reason"] = r.end_reason
        return facts

    def check_invariants(self, s: State) -> None:
        f = self.facts
        ev = list(s.ev_deck) + s.discard + s.limbo + [e for h in s.hands for e in h] + [e for u in s.up for e in u] \
            + [e for d in s.down for e in d]
        if sorted(ev) != list(range(f.n_ev)):
            raise InvariantError(f"event cards are not conserved: {len(ev)} in play")
        pc = s.inv + s.line + s.outside + s.removed + [c for p in s.piles for c in p]
        if sorted(pc) != list(range(f.n_pc)):
            raise InvariantError(f"person cards are not conserved: {sorted(pc)}")
        if f.tragedy in s.removed:
            raise InvariantError("惨劇の夜 left the game")
        for c in s.inv + s.line + s.outside:
            if f.pc_awake[c]:
                raise InvariantError("a 覚醒 card left 【容疑者】")
        for p, pile in enumerate(s.piles):
            for i, c in enumerate(pile):
                if f.pc_person[c] != p or (f.pc_awake[c] and i != 0):
                    raise InvariantError(f"bad 【容疑者】 pile for {f.person_names[p]}")
        for c in s.removed:
            if not s.dead[f.pc_person[c]]:
                raise InvariantError("a living person's card left the game")
        if s.ndead != sum(s.dead):
            raise InvariantError("death count mismatch")
        for p in range(f.np):
            if s.dead[p] and any(f.pc_person[c] == p for c in s.inv + s.line + s.outside):
                raise InvariantError("a dead person's card is still in play")
        cnt = [0] * f.np
        for c in s.line:
            if c != f.tragedy:
                cnt[f.pc_person[c]] += 1
        if cnt != s.linecnt:
            raise InvariantError("line counts are stale")
        if not 0 <= s.lamps <= MAX_LAMPS:
            raise InvariantError(f"{s.lamps} lamps")
        for i in range(s.n):
            if s.vp[i] != sum(f.ev_vp[e] for e in s.up[i]):
                raise InvariantError("VP differ from the 手帳")
            if any(not f.ev_placed[e] for e in s.up[i]):
                raise InvariantError("an instant event stayed in a 手帳")
        if not s.over and s.phase != PH_CHANCE and not self.legal_actions(s):
            raise InvariantError("a decision with no legal action")

    def action_from_json(self, data: Any):
        if isinstance(data, dict) and data.get("t") == "shuffle":
            return Shuffle(int(data["deck"]), tuple(int(x) for x in data["order"]))
        try:
            return self._all[int(data["k"]) * 1_000_000 + int(data["a"]) * 10 + int(data["b"])]
        except (KeyError, TypeError, ValueError):
            raise IllegalAction(f"not an action of {GAME_ID}: {data!r}") from None

    def state_hash(self, s: State) -> str:
        key = (s.phase, s.cur, s.stack, s.chance, s.ev_deck, s.discard, s.limbo, s.hands, s.up, s.down, s.fresh,
               s.inv, s.line, s.outside, s.piles, s.removed, s.lamps, s.dead, s.round, s.start,
               s.tragedy_pos, s.sub_color, s.sub_used, s.sub_disc, s.dn, s.watashi, s.extra,
               s.rest_bonus, s.keep_free, s.kept, s.kfree, s.over, s.vp)
        return hashlib.sha256(repr(key).encode()).hexdigest()[:16]

    def questions(self, records: Sequence[Any]) -> list[Finding]:
        return questions(records)

    def describe_setup(self, s: State) -> list[str]:
        return [f"{s.n}人。スキル{'あり' if s.skills else 'なし'}。捜査デッキ{len(s.inv)}枚。"]

    # ------------------------------------------------------------ determinization (search player)
    hidden_information = True

    def information_set(self, s: State, seat: int) -> State:
        """The state as ``seat`` knows it: the event cards it cannot see (the other seats' hands and
        face-down cards, the イベントの山) dealt back in a fixed order, and the 捜査デッキ in a fixed order
        (see ``pnp.sim.engine``)."""
        return self._redeal_hidden(s, seat, None)

    def determinize(self, info: State, seat: int, rng: random.Random) -> State:
        """A full state ``seat`` cannot tell from ``info``: the hidden cards dealt at random and the
        捜査デッキ shuffled."""
        return self._redeal_hidden(info, seat, rng)

    def _redeal_hidden(self, s: State, seat: int, rng: random.Random | None) -> State:
        c = s.clone()
        zones = [c.hands[p] for p in range(c.n) if p != seat] + [c.down[p] for p in range(c.n) if p != seat]
        zones.append(c.ev_deck)
        old = [e for z in zones for e in z]
        new = sorted(old)
        if rng is not None:
            rng.shuffle(new)
        k = 0
        for z in zones[:-1]:          # hands and face-down rows: their order carries no meaning
            m = len(z)
            z[:] = sorted(new[k:k + m])
            k += m
        c.ev_deck[:] = new[k:]
        moved = dict(zip(old, [e for z in zones for e in z]))
        c.fresh = [moved.get(e, e) for e in c.fresh]      # placed face down this turn (still face down)
        c.kept = [moved.get(e, e) for e in c.kept]
        inv = sorted(c.inv)
        if rng is not None:
            rng.shuffle(inv)
        c.inv = inv
        return c


_COLOR_JA = {"purple": "紫", "red": "赤", "blue": "青", "yellow": "黄", "green": "緑", "white": "白",
             "orange": "橙", "black": "黒"}


def make_engine(game: Game) -> Tantei2Engine:
    return Tantei2Engine(game)


# ---------------------------------------------------------------- heuristic policy

class HeuristicPolicy:
    """Plays the most valuable payable event, buys one missing colour with 代用コスト when that
    completes a card worth 2 VP or more, otherwise rests: it places face down a valuable card that is
    close to payable and discards the hardest card."""

    name = "heuristic"

    def choose(self, o: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        k = legal[0].kind
        f = o.facts
        if o.phase == PH_MAIN:
            return self._main(o, legal, f)
        if k == K_DISC:
            return min(legal, key=lambda a: (self._worth(o, f, a.a), a.a))
        if k == K_PICK:
            return legal[int(rng.random() * len(legal))]
        if k == K_OUT:
            return self._outside(o, legal, f)
        if o.phase == PH_DOWN:
            cands = [a for a in legal if a.kind == K_DOWN and f.ev_vp[a.a] >= 2 and self._missing(o, f, a.a) > 0]
            return max(cands, key=lambda a: (f.ev_vp[a.a], -a.a)) if cands else legal[-1]
        if k == K_FLIP:
            return max(legal, key=lambda a: (f.ev_vp[a.a], -a.a))
        if o.phase == PH_KEEP:
            keeps = [a for a in legal if a.kind == K_KEEP and f.ev_vp[a.a] >= 2]
            if keeps and len(o.hand) >= 3:
                return max(keeps, key=lambda a: f.ev_vp[a.a])
            return legal[-1]
        return legal[int(rng.random() * len(legal))]

    @staticmethod
    def _missing(o: Observation, f: Facts, e: int) -> int:
        miss = 0
        for c, k in f.ev_need[e]:
            have = o.linecnt[c] + o.extra[c] + (1 if o.sub_color == c else 0)
            if have < k:
                miss += k - have
        for p in f.ev_death[e]:
            if not o.dead[p]:
                miss += 3
        return miss

    def _worth(self, o: Observation, f: Facts, e: int) -> float:
        """How much a hand card is worth keeping (higher = keep)."""
        if any(f.ev_need[e][i][0] == f.black for i in range(len(f.ev_need[e]))) and o.dead[f.black]:
            return -5.0
        if any(o.dead[c] and c != f.black for c, _ in f.ev_need[e]):
            base = -1.0
        else:
            base = 0.0
        v = f.ev_vp[e] if f.ev_placed[e] else 0.8
        return base + v - 0.45 * f.ev_need_total[e] + (0.5 if f.ev_flash[e] else 0)

    def _main(self, o: Observation, legal: Sequence[Any], f: Facts) -> Any:
        plays = [a for a in legal if a.kind in (K_INV, K_FLASH)]
        flash = [a for a in plays if a.kind == K_FLASH and (f.ev_placed[a.a] or o.ev_deck_size > 0)]
        if flash:
            return max(flash, key=lambda a: (f.ev_vp[a.a], -a.a))
        inv = [a for a in plays if a.kind == K_INV]
        best_inv = max(inv, key=lambda a: (f.ev_vp[a.a] if f.ev_placed[a.a] else 0.5, -a.a)) if inv else None
        # buy a colour if it completes something better than what is payable now
        subs = [a for a in legal if a.kind == K_SUB]
        if subs and len(o.hand) >= 2:
            makeable = {a.a for a in subs}
            cur = f.ev_vp[best_inv.a] if best_inv and f.ev_placed[best_inv.a] else 0
            target, tcol = None, -1
            for e in o.hand + o.my_down:
                if not f.ev_placed[e] or f.ev_vp[e] <= max(cur, 1):
                    continue
                if any(not o.dead[p] for p in f.ev_death[e]):
                    continue
                short = [(c, k - (o.linecnt[c] + o.extra[c])) for c, k in f.ev_need[e]
                         if o.linecnt[c] + o.extra[c] < k]
                if len(short) == 1 and short[0][1] == 1 and short[0][0] in makeable:
                    c = short[0][0]
                    if o.dead[c] and len(o.hand) < 3:
                        continue
                    if target is None or f.ev_vp[e] > f.ev_vp[target]:
                        target, tcol = e, c
            if target is not None:
                for a in subs:
                    if a.a == tcol:
                        return a
        if best_inv is not None:
            return best_inv
        rests = [a for a in legal if a.kind == K_REST]
        if not rests:
            return legal[-1]
        # face down: a valuable card one or two colours short
        downs = [a for a in rests if a.b == 1 and f.ev_placed[a.a] and f.ev_vp[a.a] >= 2
                 and not any(c == f.black and o.dead[f.black] for c, _ in f.ev_need[a.a])
                 and self._missing(o, f, a.a) <= 2]
        if downs and len(o.my_down) < 2:
            return max(downs, key=lambda a: (f.ev_vp[a.a] - self._missing(o, f, a.a), -a.a))
        discards = [a for a in rests if a.b == 0]
        return min(discards, key=lambda a: (self._worth(o, f, a.a), a.a))

    @staticmethod
    def _outside(o: Observation, legal: Sequence[Any], f: Facts) -> Any:
        # more copies of a colour my hand wants; avoid waking 勿忘草 into the deck early
        want = [0] * f.np
        for e in o.hand:
            for c, k in f.ev_need[e]:
                want[c] += k * (1 + f.ev_vp[e])
        return max(legal, key=lambda a: (want[a.a], -a.a))


POLICIES = {"heuristic": HeuristicPolicy}


# ---------------------------------------------------------------- questions

# figures and their Japanese text come from the shared statistics module
_rate = rate
_pct = rate_ja


def _mean(xs: Sequence[float]) -> float:
    return round(sum(xs) / len(xs), 2) if xs else 0.0


def questions(records: Sequence[Any]) -> list[Finding]:
    done = [r for r in records if r.result is not None]
    out: list[Finding] = []
    if not done:
        return [Finding("対戦記録", "完了したゲームがありません。", {})]
    ex = [r.result.extra for r in done]
    g = len(done)

    placed = sum(e["facedown_placed"] for e in ex)
    flipped = sum(e["facedown_flipped"] for e in ex)
    fvp = sum(e["facedown_flip_vp"] for e in ex)
    allvp = sum(sum(e["vp"]) for e in ex)
    figs = {"placed_per_game": round(placed / g, 2), "flip_rate": _rate(flipped, placed),
            "flip_vp_per_game": round(fvp / g, 2), "flip_vp_share": _rate(fvp, allvp),
            "kept_per_game": round(sum(e["facedown_kept"] for e in ex) / g, 2),
            "lost_per_game": round(sum(e["facedown_lost"] for e in ex) / g, 2)}
    out.append(Finding(
        "裏向き配置は生きているか（置かれる回数、後で表になる割合、それで得たVP）",
        f"裏向き配置は1ゲーム平均{figs['placed_per_game']}回。表になったのは{_pct(figs['flip_rate'])}"
        f"（アクションで表にしたものを含む）。表になったカードのVPは1ゲーム平均{figs['flip_vp_per_game']}VPで、"
        f"全VPのうち{_pct(figs['flip_vp_share'])}。ラウンドを越えて残したのは平均{figs['kept_per_game']}枚、"
        f"捨てたのは{figs['lost_per_game']}枚。", figs))

    reasons: dict[str, int] = {}
    for r in done:
        reasons[r.result.end_reason] = reasons.get(r.result.end_reason, 0) + 1
    figs = {k: _rate(v, g) for k, v in sorted(reasons.items())}
    out.append(Finding("ゲームはどちらの条件で終わるか（13VPか、5人の死亡か）",
                       "、".join(f"{k}: {_pct(v)}" for k, v in figs.items()) + "。", figs))

    rounds = sorted(e["rounds"] for e in ex)
    figs = {"mean": _mean(rounds), "median": rounds[len(rounds) // 2], "min": rounds[0], "max": rounds[-1],
            "turns_mean": _mean([e["turns"] for e in ex])}
    out.append(Finding("1ゲームのラウンド数",
                       f"平均{figs['mean']}ラウンド（中央値{figs['median']}、最短{figs['min']}、最長{figs['max']}）、"
                       f"手番は平均{figs['turns_mean']}回。", figs))

    subs = sum(e["subs"] for e in ex)
    figs = {"per_game": round(subs / g, 2), "dead_colour": _rate(sum(e["subs_dead"] for e in ex), subs),
            "per_turn": _rate(subs, sum(e["turns"] for e in ex))}
    out.append(Finding("代用コストはどれくらい使われるか",
                       f"1ゲーム平均{figs['per_game']}回、手番あたり{_pct(figs['per_turn'])}。"
                       f"そのうち死亡した人物の色は{_pct(figs['dead_colour'])}。", figs))

    deaths = sum(e["deaths"] for e in ex)
    figs = {"deaths_per_game": round(deaths / g, 2), "lamp_forced": _rate(sum(e["lamp_deaths"] for e in ex), deaths)}
    out.append(Finding("告命灯による強制死亡",
                       f"1ゲームの死者は平均{figs['deaths_per_game']}人。そのうち同数で告命灯の裁定により死亡したのは"
                       f"{_pct(figs['lamp_forced'])}。", figs))

    figs = {}
    parts = []
    for n in (3, 4):
        rs = [r for r in done if r.players == n]
        if not rs:
            continue
        rates = [_rate(sum(1 for r in rs if r.result.ranks[s] == 1), len(rs)) for s in range(n)]
        figs[f"players{n}"] = rates
        parts.append(f"{n}人: " + "、".join(f"席{s + 1} {100 * rt['rate']:.1f}%" for s, rt in enumerate(rates))
                     + f"（均等なら{100 / n:.1f}%）")
    out.append(Finding("席順の有利不利（最初のスタートプレイヤーが席1）", "。".join(parts) + "。", figs))

    sk = [r for r in done if r.result.extra.get("skills")]
    figs = {}
    if sk:
        games: dict[str, int] = {}
        wins: dict[str, int] = {}
        for r in sk:
            for s, w in enumerate(r.result.extra["watashi"]):
                games[w] = games.get(w, 0) + 1
                if r.result.ranks[s] == 1:
                    wins[w] = wins.get(w, 0) + 1
        figs = {w: _rate(wins.get(w, 0), games[w]) for w in sorted(games)}
        names = sk[0].result.extra.get("watashi_names", {})
        ans = "、".join(f"{names.get(w, w)} {_pct(v)}" for w, v in figs.items()) + "。"
    else:
        ans = "スキルありの対戦記録がありません（--option skills=True で対戦させてください）。"
    out.append(Finding("スキルありのとき「私」ごとの勝率", ans, figs))
    return out


def check_components(game) -> list[str]:
    """Invariants the rules rely on (run by pnp validate): 8 persons with 3 cards each, a 覚醒 card for
    every person but the black one (勿忘草), one 惨劇の夜, and event serial numbers 1–N each once with
    VP never rising as the serial number rises (lower numbers are the more important events)."""
    problems = []
    persons = game.deck("persons")
    by_person: dict[str, list] = {}
    colour: dict[str, str] = {}
    for card in persons.physical_cards():
        by_person.setdefault(card.rules["person"], []).append(card)
        colour[card.rules["person"]] = card.rules["color"]
    if len(by_person) != 8:
        problems.append(f"{persons.file}: 人物が {len(by_person)} 人です（8 人のはず）")
    for pid, cards in by_person.items():
        normal = sum(1 for c in cards if not c.rules.get("awake"))
        awake = sum(1 for c in cards if c.rules.get("awake"))
        want_awake = 0 if colour[pid] == "black" else 1
        if normal != 3 or awake != want_awake:
            problems.append(f"{persons.file}: {cards[0].title} は通常 {normal} 枚・覚醒 {awake} 枚です"
                            f"（通常 3 枚・覚醒 {want_awake} 枚のはず）")
    if sum(1 for c in by_person.values() if colour[c[0].rules['person']] == "black") != 1:
        problems.append(f"{persons.file}: 黒（勿忘草）の人物はちょうど 1 人のはずです")
    if game.deck("tragedy").piece_count != 1:
        problems.append("惨劇の夜はちょうど 1 枚のはずです")
    events = game.deck("events")
    serials = sorted(int(c.rules["serial"]) for c in events.physical_cards())
    if serials != list(range(1, len(serials) + 1)):
        problems.append(f"{events.file}: 通し番号が 1〜{len(serials)} の連番になっていません")
    placed = sorted((int(c.rules["serial"]), int(c.rules.get("vp", 0))) for c in events.cards
                    if c.rules.get("vp"))
    for (s1, v1), (s2, v2) in zip(placed, placed[1:]):
        if v2 > v1:
            problems.append(f"{events.file}: 通し番号 {s2} の VP {v2} が、より重要な {s1} の VP {v1} を上回ります")
            break
    return problems
