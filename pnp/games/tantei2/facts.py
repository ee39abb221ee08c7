"""探偵無宿２: the fixed facts — constants, the action and chance values, and what the engine reads
from the loaded model (``Facts``), plus the data checks ``pnp validate`` runs (``check_components``)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...data.model import Game
from ...messages import msg

Ops = tuple[tuple[int, int, int], ...]   # compiled effects: (opcode, n, who)

GAME_ID = "tantei2"
ENGINE_VERSION = "5"           # 2: 代用コスト and the tie-break as the draft writes them; 3: the 告命灯 under 惨劇の夜; 4: keyed chance streams; 5: the game-ending death draws
#                                 counted when it is drawn, face-down cards checked after a 捜査 too, 惨劇の夜 among
#                                 the round start's cards drawn for 割れた懐中時計, draws at a death in the table's order
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
    "facedown-cubes", "lamp-at-draw", "tragedy-draw", "flip-placement-effect", "flip-batch", "all-order",
    "release-order", "reshuffle-timing",
)

# The draft's literal rules are the standard game; pnp's earlier readings are variants the simulator compares
# (each is an option of a question in rulings.yaml).
V_SUB_ANY = "sub-any-colour"     # 代用コスト: any colour but black, even one already on the 【捜査線】
V_TIE_UP = "tie-face-up"         # tie-break: only face-up cards in the 【手帳】 count
V_LAMPS_EVERY = "lamps-every-round"   # 告命灯 removed at every round end, not only after a death
V_LAMPS_FIRST = "lamps-from-first"    # 告命灯 on spaces 1…k of the 【捜査線】 instead of 4…3+k
# The designer's proposed fix for face-down cards (the draft's 「問題点」): no 代用コスト; at the start of its
# owner's turn each face-down card gains a cube, each cube is one cost of any colour but black for that card.
V_CUBES = "facedown-cubes"
# pnp's earlier readings of points its own cards left open (issue "rules points found in review"):
V_LAMP_AT_END = "lamp-at-round-end"      # the 告命灯 under 惨劇の夜 judged by the lamps left at round end
V_FLIP_BEFORE = "flip-before-action"     # face-down cards not checked after a 捜査 (only before 捜査 or 一服)
V_TDRAW_TURNS = "tragedy-draw-turns-only"  # 割れた懐中時計 draws only for 惨劇の夜 drawn in a turn
V_FLIP_NO_EFFECT = "flip-without-placement-effect"  # a card turned face up gets no 配置時 effect
# orders the draft does not state (ruling play-orders): pnp's reading is the standard game, the other a variant
V_FLIP_ONE = "flip-one-at-a-time"         # face-down cards due at once: the lowest serial, its effects, check again
V_ALL_NEXT = "all-from-next-player"       # 「全員が…」 effects start with the player after the turn player
V_RELEASE_SERIAL = "release-in-serial-order"  # face-down cards not kept go to the discard in serial order
V_RESHUFFLE_NOW = "reshuffle-when-empty"  # the event deck is remade as soon as it empties, not at the next draw

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
 T_DOWN, T_FLIP, T_LAMP, T_SUBD, T_REND, T_KEEP, T_KEEPQ, T_NEWR, T_TODISC, T_OUTX, T_LOUT, T_OUTRET,
 T_FLIPS, T_OVER) = range(26)
# A draw task is (T_DRAW, seat, n) or, for a draw an ongoing effect or a skill causes, (T_DRAW, seat, n, source):
# source is the event card, or -1 - w for the skill of 「私」 w (the transcript names it)


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


_COLOR_JA = {"purple": "紫", "red": "赤", "blue": "青", "yellow": "黄", "green": "緑", "white": "白",
             "orange": "橙", "black": "黒"}


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
        self.action: list[Ops] = [()] * self.np
        self.action_awake: list[Ops | None] = [None] * self.np
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
        self.ev_id = [c.id for c in ev]
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
                    raise ValueError(msg("tantei2.data_unknown_ongoing", game=GAME_ID, card=c.id, op=op))
                if op in ("color", "awake_color") and col < 0:
                    raise ValueError(msg("tantei2.data_ongoing_needs_colour", game=GAME_ID, card=c.id, op=op))

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


def _compile(ops: Sequence[Mapping[str, Any]]) -> Ops:
    return tuple((OPS[o["op"]], int(o.get("n", 1)), WHO[o.get("who", "self")]) for o in ops)


def check_components(game: Game) -> list[str]:
    """Invariants the rules rely on (run by pnp validate): 8 persons with 3 cards each, a 覚醒 card for
    every person but the black one (勿忘草), one 惨劇の夜, and event serial numbers 1–N each once with
    VP never rising as the serial number rises (lower numbers are the more important events)."""
    problems = []
    persons = game.deck("persons")
    by_person: dict[str, list[Any]] = {}
    colour: dict[str, str] = {}
    for card in persons.physical_cards():
        by_person.setdefault(card.rules["person"], []).append(card)
        colour[card.rules["person"]] = card.rules["color"]
    if len(by_person) != 8:
        problems.append(f"{persons.file}: " + msg("tantei2.data_person_count", count=len(by_person)))
    for pid, cards in by_person.items():
        normal = sum(1 for c in cards if not c.rules.get("awake"))
        awake = sum(1 for c in cards if c.rules.get("awake"))
        want_awake = 0 if colour[pid] == "black" else 1
        if normal != 3 or awake != want_awake:
            problems.append(f"{persons.file}: " + msg("tantei2.data_person_cards", person=cards[0].title, normal=normal,
                                                               awake=awake, want_awake=want_awake))
    if sum(1 for c in by_person.values() if colour[c[0].rules['person']] == "black") != 1:
        problems.append(f"{persons.file}: " + msg("tantei2.data_black_person"))
    if game.deck("tragedy").piece_count != 1:
        problems.append(msg("tantei2.data_tragedy_count"))
    events = game.deck("events")
    serials = sorted(int(c.rules["serial"]) for c in events.physical_cards())
    if serials != list(range(1, len(serials) + 1)):
        problems.append(f"{events.file}: " + msg("tantei2.data_serials", last=len(serials)))
    placed = sorted((int(c.rules["serial"]), int(c.rules.get("vp", 0))) for c in events.cards
                    if c.rules.get("vp"))
    for (s1, v1), (s2, v2) in zip(placed, placed[1:]):
        if v2 > v1:
            problems.append(f"{events.file}: " + msg("tantei2.data_vp_order", serial=s2, vp=v2, earlier=s1, earlier_vp=v1))
            break
    return problems
