"""EBE's fixed facts: the station map, areas and resources, the phases, action codes, variant rule
switches and end reasons (no state, no engine)."""
from __future__ import annotations

from collections.abc import Sequence

GAME_ID = "ebe"
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
ITEM_EFFECTS = ("info", "heal", "ap", "weapons", "resources", "armor", "dice")
E_DICE = 6
EVENT_CONDITIONS = ("visit", "pay", "destroy", "weapons", "load")
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

# phases
(P_CHARS, P_MISSIONS, P_EVENT, P_DRONES, P_EBE, P_ROLL, P_ASSIGN, P_CHOOSE, P_RESOLVE, P_DRONE, P_ACT,
 P_DISCARD, P_PAY, P_END, P_DICE) = range(15)
PHASE_NAMES = ("chars", "missions", "event", "drones", "ebe", "roll", "assign", "choose", "resolve",
               "drone", "act", "discard", "pay", "end", "dice")
CHANCE_PHASES = frozenset((P_CHARS, P_MISSIONS, P_EVENT, P_DRONES, P_EBE, P_ROLL))
# the deck each dealing phase draws from (P_ROLL rolls the dice)
CHANCE_DECKS = {P_CHARS: "characters", P_MISSIONS: "missions", P_EVENT: "events", P_DRONES: "drones", P_EBE: "ebe"}

# Act kinds
K_DONE, K_HEAL, K_CONVERT, K_LOAD, K_GAIN, K_USE, K_GIVE = range(7)
ITEM_BASE = 10          # "what" codes: 0–3 resource, 4 weapon, 10+i item i
INFO_BASE = 100         # hand tokens: 0–24 explore cards, 100+i info item i
MAX_TRADES = 6          # the trade-limited variant: pieces passed per turn
TRADE_CAP = 20          # the trade-cap variant (pnp's earlier, unprinted safeguard): pieces passed per turn
LOAD_BASE = 8           # a load's amounts packed per resource: a0 + 8·a1 + 64·a2 + 512·a3 (costs stay below 8)

# rule switches a variant turns on (pnp's earlier readings, compared with the draft's by the simulator)
R_TRADE_LIMIT = 1       # exchange only during the later player's turn, ≤ 6 pieces, weapons yes, 情報 no
R_DAMAGE_CAP = 2        # damage tokens stop at the character's life
R_LOAD_ALL = 4          # a load puts everything that fits (no choice of amount)
R_TRADE_CAP = 8         # at most TRADE_CAP pieces passed per turn, passing back allowed (no trade-no-return)
R_TUNE_ONCE = 16        # a seat uses at most one 行動予測装置 per turn
R_FLOOR_FIRST = 32      # the penalties stop at 0 AP first, the +1AP bonuses are added after
R_CLOSED = 64           # option closed=closed: an area where an イーバ appeared earlier this round is 立入禁止
R_EBE_STR1 = 128        # option ebe_strength=1: an イーバ is driven off with 1 weapon (the notes' 幼体)
R_EBE_STR2 = 256        # option ebe_strength=2: with 2 weapons
R_ADJ_ONCE = 512        # the −1AP of adjacent イーバ counts once however many there are (ruling adjacent-stacks)
R_ITEMS_RUN_OUT = 1024  # an empty item deck is not reshuffled: the drones carry nothing (ruling item-deck)
R_HEAL_ANY = 2048       # 医務室 heals any player's damage, not only the explorer's (ruling heal-self)
R_INFO_WEIGHT = 4096    # 情報 in hand counts towards the inventory at the weight check (ruling info-cards)
LIFE_CHOICES: tuple[int, ...] = tuple(range(10, 101, 5))   # the option life=…: station life at the start
OPTION_NAMES = ("life", "closed", "ebe_strength")
VARIANT_RULES = {"standard": 0, "life30": 0, "trade-limited": R_TRADE_LIMIT, "damage-cap": R_DAMAGE_CAP,
                 "load-all": R_LOAD_ALL, "trade-cap": R_TRADE_CAP, "tune-once": R_TUNE_ONCE,
                 "floor-first": R_FLOOR_FIRST, "adjacent-once": R_ADJ_ONCE, "items-run-out": R_ITEMS_RUN_OUT,
                 "heal-any": R_HEAL_ANY, "info-weight": R_INFO_WEIGHT}

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

