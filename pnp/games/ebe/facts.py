"""EBE's fixed facts: the station map, areas and resources, the phases, action codes and end reasons,
and the ``Facts`` record the rules read (built from the game's data by :mod:`.reading`; no state, no
engine)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum

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


@dataclass(frozen=True)
class Facts:
    """What the engine reads from the game's data, once (:func:`.reading.facts_from`): characters, cards, the
    supply."""

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
