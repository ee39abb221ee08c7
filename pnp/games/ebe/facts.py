"""EBE's fixed facts: the station map, areas and resources, the phases, action codes, variant rule
switches and end reasons (no state, no engine)."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import IntEnum
from typing import Any

from ...data.model import Game
from ...messages import msg
from .actions import Act, EndTurn, Heal, Kind, Play, make_act

GAME_ID = "ebe"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
ENGINE_VERSION = "4"           # 3: keyed chance streams (common random numbers); 4: same-name items in trade-no-return

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


class Effect(IntEnum):
    """An item's ``effect:`` (items.yaml), as the engine keeps it."""
    INFO = 0            # 情報: played from the hand as a 探索カード of its area
    HEAL = 1
    AP = 2
    WEAPONS = 3
    RESOURCES = 4       # two resources from the supply, chosen when used
    ARMOR = 5           # held: less damage from an イーバ
    DICE = 6            # 行動予測装置: one die ±1 after the reveal


class Condition(IntEnum):
    """An event's ``condition:`` (events.yaml): what the team must do in the round."""
    VISIT = 0           # explore an area n times
    PAY = 1             # hand in n of a resource (the team decides)
    DESTROY = 2         # destroy n drones
    WEAPONS = 3         # hold n weapons
    LOAD = 4            # load n resources onto missions


ITEM_EFFECTS = tuple(e.name.lower() for e in Effect)
E_DICE = Effect.DICE
EVENT_CONDITIONS = tuple(c.name.lower() for c in Condition)
# an event's effect when it is revealed (``now:``) and its reward when met (``reward:``), keys of the card's rules
EVENT_NOW = ("damage", "player_dice", "ebe_dice")
EVENT_REWARDS = ("heal", "boost")

# The rulings this engine plays, by id; their text (and the designer's ledger) is in
# components/ebe/rulings.yaml, which the rulebook prints.
RULING_IDS: tuple[str, ...] = (
    "dice-assignment", "tie-order", "earlier-ebe", "closed-areas", "ebe-strength", "adjacent-stacks", "ebe-after-only", "failed-no-trade",
    "trade-timing", "trade-no-return", "load-choice", "heal-self", "drone-lowest", "damage-over-life",
    "supply-limit", "info-cards", "consumables", "armor", "event-pay", "event-order", "weight-order", "item-deck",
    "round4-ebe", "dice-change-hook", "dice-change-twice", "ap-floor", "event-effects",
)



class Phase(IntEnum):
    """Where a game stands: a chance step (CHARS … ROLL), a seat's decision, or the end."""
    CHARS = 0           # chance: the characters dealt
    MISSIONS = 1        # chance: the missions
    EVENT = 2           # chance: the round's event
    DRONES = 3          # chance: the round's drones and their items
    EBE = 4             # chance: the turn's face-down イーバ
    ROLL = 5            # chance: the dice
    ASSIGN = 6          # the leader hands out the dice
    CHOOSE = 7          # each seat plays a card face down
    RESOLVE = 8         # the engine runs イーバ and failed explorations (never seen by a caller)
    DRONE = 9           # fight or flee a drone
    ACT = 10            # a successful explorer's actions (``Kind``)
    DISCARD = 11        # the weight check
    PAY = 12            # pay for the round's event or not
    END = 13
    DICE = 14           # a 行動予測装置 may change a die


(P_CHARS, P_MISSIONS, P_EVENT, P_DRONES, P_EBE, P_ROLL, P_ASSIGN, P_CHOOSE, P_RESOLVE, P_DRONE, P_ACT,
 P_DISCARD, P_PAY, P_END, P_DICE) = tuple(Phase)
PHASE_NAMES = tuple(p.name.lower() for p in Phase)
CHANCE_PHASES = frozenset((P_CHARS, P_MISSIONS, P_EVENT, P_DRONES, P_EBE, P_ROLL))
# the deck each dealing phase draws from (P_ROLL rolls the dice)
CHANCE_DECKS: dict[int, str] = {P_CHARS: "characters", P_MISSIONS: "missions", P_EVENT: "events", P_DRONES: "drones", P_EBE: "ebe"}



K_DONE, K_HEAL, K_CONVERT, K_LOAD, K_GAIN, K_USE, K_GIVE = tuple(Kind)
ITEM_BASE = 10          # "what" codes: 0–3 resource, 4 weapon, 10+i item i
INFO_BASE = 100         # hand tokens: 0–24 explore cards, 100+i info item i
MAX_TRADES = 6          # the trade-limited variant: pieces passed per turn
TRADE_CAP = 20          # the trade-cap variant (pnp's earlier, unprinted safeguard): pieces passed per turn
LOAD_BASE = 8           # a load's amounts packed per resource: a0 + 8·a1 + 64·a2 + 512·a3 (costs stay below 8)

END_REASONS_JA = {"escape": "脱出成功", "station": "ステーションライフが尽きた", "death": "死亡者が出た",
                  "time": "4ラウンド終了（時間切れ）"}


def pack_load(amounts: Sequence[int]) -> int:
    """The amounts of the four resources one load puts on a mission, as one number."""
    return amounts[0] + LOAD_BASE * (amounts[1] + LOAD_BASE * (amounts[2] + LOAD_BASE * amounts[3]))


def pass_code(giver: int, receiver: int, what: int) -> int:
    """One give of a turn (seat → seat, a ``what`` code), as one number (ruling trade-no-return)."""
    return (giver * 8 + receiver) * 64 + what


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


@dataclass(frozen=True)
class Facts:
    """What the engine reads from the game's data, once (``facts_from``): characters, cards, the supply."""

    grid: tuple[str, ...]
    adj: tuple[tuple[bool, ...], ...]                 # adj[a][b]: areas a and b share an edge
    adj_list: tuple[tuple[int, ...], ...]
    char_ids: tuple[str, ...]
    char_names: tuple[str, ...]
    char_life: tuple[int, ...]
    char_inv: tuple[int, ...]
    char_areas: tuple[tuple[int, ...], ...]
    char_heal: tuple[int, ...]                        # the skills, per character
    char_fconv: tuple[int, ...]
    char_dfree: tuple[bool, ...]
    char_bonus: tuple[tuple[int, ...], ...]           # +AP per area
    char_ignore: tuple[bool, ...]
    exp_char: tuple[int, ...]                         # 探索カード: whose, and which area
    exp_area: tuple[int, ...]
    char_cards: tuple[tuple[int, ...], ...]
    ebe_area: tuple[int, ...]
    drone_area: tuple[int, ...]
    mission_names: tuple[str, ...]
    mission_ids: tuple[str, ...]
    mission_cost: tuple[tuple[int, ...], ...]
    item_names: tuple[str, ...]
    item_kind: tuple[int, ...]                        # the first item of the same name (ruling trade-no-return)
    item_ids: tuple[str, ...]
    item_effect: tuple[int, ...]                      # an index of ITEM_EFFECTS
    item_amount: tuple[int, ...]
    item_area: tuple[int, ...]                        # 情報: the area it explores (-1 other items)
    event_names: tuple[str, ...]
    event_ids: tuple[str, ...]
    event_body: tuple[str, ...]
    event_cond: tuple[tuple[int, int, int, int, int], ...]   # condition, area, resource, n, station damage
    event_now: tuple[tuple[int, int, int], ...]       # damage, players' dice, イーバ's dice when revealed
    event_reward: tuple[tuple[int, int], ...]         # heal, boosted area (-1 none) when met
    total_dmg: int
    total_cubes: int                                  # per resource
    total_weap: int
    n_dice: int
    n_chars: int
    n_exp: int
    n_items: int
    n_missions: int
    n_events: int
    n_ebe: int
    n_drones: int
    max_steps: int
    # the actions, made once: every Act by its numbers (``act``), the plays of every card, and the ones the
    # legal-move lists are built from
    acts: dict[tuple[int, int, int, int], Act] = field(default_factory=dict, compare=False, repr=False)
    plays: tuple[Play, ...] = ()
    info_plays: tuple[Play, ...] = ()
    act_done: Act = EndTurn()
    act_heal: Act = Heal()
    act_gain: tuple[Act, ...] = ()
    act_convert: tuple[tuple[Act, ...], ...] = ()
    act_use: tuple[Act, ...] = ()
    act_give: tuple[tuple[tuple[Act, ...], ...], ...] = ()


def facts_from(game: Game, supply: Mapping[str, int] | None = None) -> Facts:
    """The facts of ``game`` (``supply`` overrides the counts of damage, cubes and weapons); a ValueError
    names every card whose rules the engine does not know."""
    problems: list[str] = []
    chars = _characters(game, problems)
    fields: dict[str, Any] = {**_station(game), **chars,
                              **_explore(game, chars["char_ids"], chars["char_areas"], problems),
                              **_decks(game, problems), **_events(game, problems)}
    if problems:
        raise ValueError(msg("ebe.data_problems", problems="; ".join(problems)))
    fields.update(n_chars=len(fields["char_ids"]), n_exp=len(fields["exp_area"]), n_items=len(fields["item_ids"]),
                  n_missions=len(fields["mission_ids"]), n_events=len(fields["event_ids"]),
                  n_ebe=len(fields["ebe_area"]), n_drones=len(fields["drone_area"]))
    fields.update(_supply(game, supply, fields["n_items"]))
    facts = Facts(**fields)
    return _with_actions(facts)


def _with_actions(f: Facts) -> Facts:
    """The facts with the actions made once: the play of every card and the ones legal lists are built from."""
    return replace(
        f,
        plays=tuple(Play(i, f"{AREA_NAMES[f.exp_area[i]]}（{f.char_names[f.exp_char[i]]}）") for i in range(f.n_exp)),
        info_plays=tuple(Play(INFO_BASE + i, f.item_names[i]) for i in range(f.n_items)),
        act_done=act(f, K_DONE), act_heal=act(f, K_HEAL),
        act_gain=tuple(act(f, K_GAIN, g) for g in range(WEAPON + 1)),
        act_convert=tuple(tuple(act(f, K_CONVERT, r, r2) for r2 in range(4)) for r in range(4)),
        act_use=tuple(act(f, K_USE, i) for i in range(f.n_items)),
        act_give=tuple(tuple(tuple(act(f, K_GIVE, x, y, w) for w in range(ITEM_BASE + f.n_items))
                             for y in range(MAX_PLAYERS)) for x in range(MAX_PLAYERS)),
    )


def _station(game: Game) -> dict[str, Any]:
    """The station map's adjacency: a board part ``station`` wins over STATION_GRID."""
    # map: a board part with a grid wins over the module constant
    grid = STATION_GRID
    edges = grid_adjacency(grid)
    for p in getattr(game, "parts", ()):
        if getattr(p, "kind", None) == "board" and p.id == "station":
            pairs = p.adjacency()
            edges = {a: frozenset() for a in AREAS}
            for x, y in pairs:
                X, Y = x.upper(), y.upper()
                edges[X] = edges[X] | {Y}
                edges[Y] = edges[Y] | {X}
    adj = tuple(tuple(AREAS[j] in edges.get(AREAS[i], ()) for j in range(7)) for i in range(7))
    adj_list = tuple(tuple(j for j in range(7) if adj[i][j]) for i in range(7))
    return {"grid": grid, "adj": adj, "adj_list": adj_list}


def _characters(game: Game, problems: list[str]) -> dict[str, Any]:
    """Each character's life, inventory, areas and skill."""
    chars = game.deck("characters").physical_cards()
    char_ids = tuple(c.id for c in chars)
    char_names = tuple(c.title for c in chars)
    char_life = tuple(int(c.rules["life"]) for c in chars)
    char_inv = tuple(int(c.rules["inventory"]) for c in chars)
    char_areas = tuple(tuple(sorted(AREAS.index(a) for a in c.rules["areas"])) for c in chars)
    heal, fconv, dfree, bonus, ign = [], [], [], [], []
    for c in chars:
        sk = dict(c.rules.get("skill") or {})
        for k in sk:
            if k not in SKILLS:
                problems.append(msg("ebe.unknown_skill", file=c.where.file, line=c.where.line, skill=k))
        heal.append(int(sk.get("heal_per_ap", 1)))
        fconv.append(int(sk.get("free_convert", 0)))
        dfree.append(bool(sk.get("drone_free", False)))
        b = [0] * 7
        for a, v in (sk.get("area_bonus") or {}).items():
            b[AREAS.index(a)] = int(v)
        bonus.append(tuple(b))
        ign.append(bool(sk.get("ignore_adjacent", False)))
    char_heal, char_fconv, char_dfree = tuple(heal), tuple(fconv), tuple(dfree)
    char_bonus, char_ignore = tuple(bonus), tuple(ign)
    return {"char_ids": char_ids, "char_names": char_names, "char_life": char_life, "char_inv": char_inv, "char_areas": char_areas, "char_heal": char_heal, "char_fconv": char_fconv, "char_dfree": char_dfree, "char_bonus": char_bonus, "char_ignore": char_ignore}


def _explore(game: Game, char_ids: tuple[str, ...], char_areas: tuple[tuple[int, ...], ...],
             problems: list[str]) -> dict[str, Any]:
    """The 探索カード: whose each is and which area it explores."""
    exp = game.deck("explore").physical_cards()
    exp_char = tuple(char_ids.index(c.rules["character"]) for c in exp)
    exp_area = tuple(AREAS.index(c.rules["area"]) for c in exp)
    char_cards = tuple(tuple(i for i in range(len(exp)) if exp_char[i] == ch)
                            for ch in range(len(char_ids)))
    for ch in range(len(char_ids)):
        if tuple(sorted(exp_area[i] for i in char_cards[ch])) != char_areas[ch]:
            problems.append(msg("ebe.explore_areas", character=char_ids[ch]))
    return {"exp_char": exp_char, "exp_area": exp_area, "char_cards": char_cards}


def _decks(game: Game, problems: list[str]) -> dict[str, Any]:
    """The イーバ, drone, mission and item cards."""
    ebe_area = tuple(AREAS.index(c.rules["area"]) for c in game.deck("ebe").physical_cards())
    drone_area = tuple(AREAS.index(c.rules["area"]) for c in game.deck("drones").physical_cards())
    ms = game.deck("missions").physical_cards()
    mission_names = tuple(c.title for c in ms)
    mission_ids = tuple(c.id for c in ms)
    mission_cost = tuple(tuple(int(c.rules["cost"].get(r, 0)) for r in RESOURCES) for c in ms)
    its = game.deck("items").physical_cards()
    item_names = tuple(c.title for c in its)
    # ruling trade-no-return: 「同じ名前のアイテムも同じです」 — a give is remembered by the item's name
    item_kind = tuple(item_names.index(name) for name in item_names)
    item_ids = tuple(c.id for c in its)
    item_effect = tuple(ITEM_EFFECTS.index(c.rules["effect"]) if c.rules.get("effect") in ITEM_EFFECTS
                             else -1 for c in its)
    for c, e in zip(its, item_effect):
        if e < 0:
            problems.append(msg("ebe.unknown_item_effect", file=c.where.file, line=c.where.line, effect=c.rules.get("effect")))
    item_amount = tuple(int(c.rules.get("amount", 0)) for c in its)
    item_area = tuple(AREAS.index(c.rules["area"]) if "area" in c.rules else -1 for c in its)
    return {"ebe_area": ebe_area, "drone_area": drone_area, "mission_names": mission_names, "mission_ids": mission_ids, "mission_cost": mission_cost, "item_names": item_names, "item_kind": item_kind, "item_ids": item_ids, "item_effect": item_effect, "item_amount": item_amount, "item_area": item_area}


def _events(game: Game, problems: list[str]) -> dict[str, Any]:
    """The event cards: condition, effect when revealed, reward when met."""
    evs = game.deck("events").physical_cards()
    event_names = tuple(c.title for c in evs)
    event_ids = tuple(c.id for c in evs)
    event_body = tuple(re.sub(r":[a-z]+:", "", c.body or "") for c in evs)   # printed text, no icons
    conds: list[tuple[int, int, int, int, int]] = []
    for c in evs:
        r = c.rules
        if r.get("condition") not in EVENT_CONDITIONS:
            problems.append(msg("ebe.unknown_event_condition", file=c.where.file, line=c.where.line,
                                condition=r.get("condition")))
            conds.append((0, 0, 0, 0, 0))
            continue
        conds.append((EVENT_CONDITIONS.index(r["condition"]),
                                AREAS.index(r["area"]) if "area" in r else -1,
                                RESOURCES.index(r["resource"]) if "resource" in r else -1,
                                int(r.get("n", 1)), int(r["damage"])))
    event_cond = tuple(conds)
    # now: damage to every character at once, and this round's die changes (players', イーバ's)
    # applied when the cards are revealed; reward: damage healed by every
    # character, and an area (-1 none) whose successful explorations give +1 AP from then on
    now_list: list[tuple[int, int, int]] = []
    reward_list: list[tuple[int, int]] = []
    for c in evs:
        now = dict(c.rules.get("now") or {})
        reward = dict(c.rules.get("reward") or {})
        for k in now:
            if k not in EVENT_NOW:
                problems.append(msg("ebe.unknown_event_now", file=c.where.file, line=c.where.line, key=k, known=EVENT_NOW))
        for k in reward:
            if k not in EVENT_REWARDS:
                problems.append(msg("ebe.unknown_event_reward", file=c.where.file, line=c.where.line, key=k,
                                    known=EVENT_REWARDS))
        boost = str(reward.get("boost", "")).upper()
        if boost and boost not in AREAS:
            problems.append(msg("ebe.boost_area", file=c.where.file, line=c.where.line, area=boost))
        now_list.append((int(now.get("damage", 0)), int(now.get("player_dice", 0)), int(now.get("ebe_dice", 0))))
        reward_list.append((int(reward.get("heal", 0)), AREAS.index(boost) if boost in AREAS and boost else -1))
    event_now = tuple(now_list)
    event_reward = tuple(reward_list)
    return {"event_names": event_names, "event_ids": event_ids, "event_body": event_body, "event_cond": event_cond, "event_now": event_now, "event_reward": event_reward}


def _supply(game: Game, supply: Mapping[str, int] | None, n_items: int) -> dict[str, Any]:
    """The pieces in the box (``supply`` overrides them) and the longest game's steps."""
    sup = dict(supply or {})
    total_dmg = int(sup.get("damage", game.component("damage").count))
    total_cubes = int(sup.get("cubes", game.component("cubes").count)) // 4
    total_weap = int(sup.get("weapons", game.component("weapons").count))
    n_dice = game.component("dice").count

    # gives in one turn (ruling trade-no-return): between the acting seat and a partner a kind moves one way
    # only, so a partner never gets back what he gave and a piece passes at most twice (partner → acting
    # seat → another partner): at most twice every cube and item of the game (the trade-cap variant: 20)
    passes = max(2 * (4 * total_cubes + n_items), 20)
    # longest game: 4 rounds × (event + drones + 4 turns × (ebe + roll + 6 assigns + 4 plays + 6 dice changes
    #   + 4 × (drone + acts (≤ 3+1 AP + 4 from 興奮剤 + 18 item uses + the passes + 1 free conversion + done,
    #   with room to spare: 40 and the passes)) + discards (at most every piece of the game: 60 cubes,
    #   10 weapons, 18 items))) + pay
    max_steps = 2 + 4 * (3 + 4 * (2 + 6 + 4 + 6 + 4 * (1 + 40 + passes) + 90))
    return {"total_dmg": total_dmg, "total_cubes": total_cubes, "total_weap": total_weap, "n_dice": n_dice, "max_steps": max_steps}



def pass_kind(f: Facts, w: int) -> int:
    """A give's ``what`` code as ruling trade-no-return compares it: items of the same name are one."""
    return ITEM_BASE + f.item_kind[w - ITEM_BASE] if w >= ITEM_BASE else w


def what_name(f: Facts, w: int) -> str:
    if w < 4:
        return RES_NAMES[w]
    if w == WEAPON:
        return "武器"
    return f.item_names[w - ITEM_BASE]


def act(f: Facts, kind: int, a: int = 0, b: int = 0, c: int = 0) -> Act:
    key = (kind, a, b, c)
    x = f.acts.get(key)
    if x is None:
        x = make_act(Kind(kind), a, b, c, act_text(f, kind, a, b, c))
        f.acts[key] = x
    return x


def act_text(f: Facts, kind: int, a: int, b: int, c: int) -> str:
    if kind == K_DONE:
        return "手番を終える"
    if kind == K_HEAL:
        # a = 0: the explorer's own damage; a = q + 1: seat q's (variant heal-any)
        return "1AP：ダメージを回復する" if a == 0 else f"1AP：{a}番席のダメージを回復する"
    if kind == K_CONVERT:
        return f"1AP：{RES_NAMES[a]}を{RES_NAMES[b]}に変える"
    if kind == K_LOAD:
        amounts = "・".join(f"{RES_NAMES[r]}{k}" for r, k in enumerate(unpack_load(b)) if k)
        return f"1AP：「{f.mission_names[a]}」に{amounts or '資源'}を積む"
    if kind == K_GAIN:
        return f"1AP：{what_name(f, a)}を1つ得る"
    if kind == K_USE:
        extra = f"（{RES_NAMES[b]}と{RES_NAMES[c]}）" if f.item_effect[a] == Effect.RESOURCES else ""
        return f"「{f.item_names[a]}」を使う{extra}"
    return f"{a + 1}番席から{b + 1}番席へ{what_name(f, c)}を渡す"
