"""探偵無宿２: the fixed facts — the game's constants and variant ids, and what the rules read from the loaded
model (``Facts``, built once by :func:`facts_from`), plus the data checks ``pnp validate`` runs
(``check_components``)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...data.model import Game
from ...messages import msg
from .actions import Actions, make_actions
from .questions import LABELS_JA

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

# effect opcodes (compiled from the data's ``op:`` names)
O_DRAW, O_DISC, O_TAKE, O_DOWN, O_FLIP, O_SUBD, O_LAMP, O_OUTX, O_LOUT = range(9)
OPS = {"draw": O_DRAW, "discard": O_DISC, "take_discard": O_TAKE, "facedown": O_DOWN,
       "flip_free": O_FLIP, "sub_discount": O_SUBD, "lamp": O_LAMP, "outside": O_OUTX, "line_out": O_LOUT}
ONGOING = ("color", "rest_draw", "keep_free", "death_draw", "tragedy_draw", "awake_color", "dead_sub_free")
WHO = {"self": 0, "others": 1, "all": 2}

COLOUR_JA = {"purple": "紫", "red": "赤", "blue": "青", "yellow": "黄", "green": "緑", "white": "白",
             "orange": "橙", "black": "黒"}


@dataclass(frozen=True, eq=False)
class Facts:
    """Fixed facts read from the model (:func:`facts_from`), shared by the rules, the policies and the report.
    Persons and colours share one index (one base colour per person); event cards are indexed in serial
    order; person cards (``pc_*``) end with 惨劇の夜 (``tragedy``)."""
    person_ids: list[str]
    person_names: list[str]
    color_ids: list[str]
    colja: list[str]                          # the colours in Japanese
    np: int
    black: int
    non_black: list[int]
    action: list[Ops]                         # a person card's action, by person
    action_awake: list[Ops | None]            # a 覚醒 card's action, by person
    pc_person: list[int]
    pc_awake: list[bool]
    pc_name: list[str]
    tragedy: int
    n_pc: int
    n_ev: int
    ev_id: list[str]
    ev_serial: list[int]
    ev_title: list[str]
    ev_vp: list[int]
    ev_placed: list[bool]
    ev_flash: list[bool]
    ev_need: list[tuple[tuple[int, int], ...]]   # (colour, count) of each card's cost
    ev_need_total: list[int]
    ev_death: list[tuple[int, ...]]           # the persons a card's 死亡条件 needs dead
    ev_effect: list[Ops]
    ev_ongoing: list[tuple[tuple[str, int, int], ...]]
    ev_death_draw: list[int]
    ev_tragedy_draw: list[int]
    ev_dead_sub_free: list[bool]
    ev_awake_col: list[int]
    any_awake_col: bool
    watashi_ids: list[str]
    watashi_names: list[str]
    watashi_skill: list[str]
    watashi_n: list[int]
    actions: Actions
    labels_ja: dict[str, str]                 # the report's words for the data's ids
    card_groups: dict[str, str]               # a card's win rate is compared within its group
    card_effects: dict[str, str]              # cards with equal keys have one effect


def facts_from(game: Game) -> Facts:
    """The facts of ``game``'s data (its ``rules:``); a ValueError for an effect the engine does not know."""
    persons = game.deck("persons")
    person_ids: list[str] = []
    person_names: list[str] = []
    color_ids: list[str] = []
    for card in persons.cards:
        pid = card.rules["person"]
        if pid not in person_ids:
            person_ids.append(pid)
            person_names.append(card.title)
            color_ids.append(card.rules["color"])
    np = len(person_ids)
    pidx = {p: i for i, p in enumerate(person_ids)}
    cidx = {c: i for i, c in enumerate(color_ids)}
    black = cidx["black"]
    action: list[Ops] = [()] * np
    action_awake: list[Ops | None] = [None] * np
    pc_person: list[int] = []
    pc_awake: list[bool] = []
    pc_name: list[str] = []
    for card in persons.physical_cards():
        p = pidx[card.rules["person"]]
        awake = bool(card.rules.get("awake"))
        ops = _compile(card.rules.get("action", []))
        if awake:
            action_awake[p] = ops
        else:
            action[p] = ops
        pc_person.append(p)
        pc_awake.append(awake)
        pc_name.append(card.title)
    tragedy = len(pc_person)
    pc_person.append(-1)
    pc_awake.append(False)
    pc_name.append(game.deck("tragedy").cards[0].title)
    ev = sorted(game.deck("events").cards, key=lambda c: c.rules["serial"])
    ev_need: list[tuple[tuple[int, int], ...]] = []
    for c in ev:
        cnt: dict[int, int] = {}
        for col in c.rules.get("cost", []):
            cnt[cidx[col]] = cnt.get(cidx[col], 0) + 1
        ev_need.append(tuple(sorted(cnt.items())))
    ev_ongoing = [tuple((o["op"], cidx.get(o.get("color"), -1), int(o.get("n", 1)))
                        for o in c.rules.get("ongoing", [])) for c in ev]
    for c, ong in zip(ev, ev_ongoing):
        for op, col, _ in ong:
            if op not in ONGOING:
                raise ValueError(msg("tantei2.data_unknown_ongoing", game=GAME_ID, card=c.id, op=op))
            if op in ("color", "awake_color") and col < 0:
                raise ValueError(msg("tantei2.data_ongoing_needs_colour", game=GAME_ID, card=c.id, op=op))

    def total(op: str) -> list[int]:
        return [sum(n for o, _, n in ong if o == op) for ong in ev_ongoing]
    ev_awake_col = [next((col for o, col, _ in ong if o == "awake_color"), -1) for ong in ev_ongoing]
    ev_id = [c.id for c in ev]
    ev_serial = [c.rules["serial"] for c in ev]
    ev_title = [c.title for c in ev]
    ev_vp = [int(c.rules.get("vp", 0)) for c in ev]
    ev_placed = [c.rules["type"] == "placed" for c in ev]
    w = game.deck("watashi").cards
    watashi_ids = [c.id for c in w]
    watashi_names = [c.title for c in w]
    colja = [COLOUR_JA.get(c, c) for c in color_ids]
    return Facts(
        person_ids=person_ids, person_names=person_names, color_ids=color_ids, colja=colja, np=np, black=black,
        non_black=[c for c in range(np) if c != black], action=action, action_awake=action_awake,
        pc_person=pc_person, pc_awake=pc_awake, pc_name=pc_name, tragedy=tragedy, n_pc=len(pc_person),
        n_ev=len(ev), ev_id=ev_id, ev_serial=ev_serial, ev_title=ev_title, ev_vp=ev_vp, ev_placed=ev_placed,
        ev_flash=[bool(c.rules.get("flash")) for c in ev], ev_need=ev_need,
        ev_need_total=[len(c.rules.get("cost", [])) for c in ev],
        ev_death=[tuple(pidx[p] for p in c.rules.get("death", [])) for c in ev],
        ev_effect=[_compile(c.rules.get("effect", [])) for c in ev], ev_ongoing=ev_ongoing,
        ev_death_draw=total("death_draw"), ev_tragedy_draw=total("tragedy_draw"),
        ev_dead_sub_free=[any(o == "dead_sub_free" for o, _, _ in ong) for ong in ev_ongoing],
        ev_awake_col=ev_awake_col, any_awake_col=any(c >= 0 for c in ev_awake_col),
        watashi_ids=watashi_ids, watashi_names=watashi_names,
        watashi_skill=[c.rules.get("skill", "") for c in w], watashi_n=[int(c.rules.get("n", 1)) for c in w],
        actions=make_actions(watashi_names, person_names, colja, ev_title, ev_serial, ev_placed),
        labels_ja={**LABELS_JA, **dict(zip(watashi_ids, watashi_names)),
                   **{ev_id[e]: f"{ev_title[e]}（{ev_serial[e]}）" for e in range(len(ev))}},
        # a card's win rate is compared with the cards of its VP (a 5VP card is used by winners more often
        # for its VP alone), the instant cards with each other
        card_groups={ev_id[e]: (f"{ev_vp[e]}VP" if ev_placed[e] else "即時") for e in range(len(ev))},
        # cards whose rules differ only in colours (e58 and e64: 閃き, cost 1, 「1枚引く」) have one effect: the
        # causal card figure measures them together (pnp.sim.cardeffects)
        card_effects={ev_id[e]: _effect_key(c.rules) for e, c in enumerate(ev)},
    )


def _effect_key(rules: Mapping[str, Any]) -> str:
    """A card's rules with its colours left out (cost colours, the colour an effect names): equal keys,
    equal effects.  Black is kept apart: no 代用コスト makes it, so a black cost is a different card."""
    def ops(items: Any) -> list[str]:
        return [",".join(f"{k}={v}" for k, v in sorted(o.items()) if k != "color") for o in items or []]
    return "|".join([str(rules.get("type")), f"flash={bool(rules.get('flash'))}", f"vp={rules.get('vp', 0)}",
                     f"cost={len(rules.get('cost', []))}",
                     f"black={sum(1 for c in rules.get('cost', []) if c == 'black')}", f"death={len(rules.get('death', []))}",
                     "effect=" + ";".join(ops(rules.get("effect"))), "ongoing=" + ";".join(ops(rules.get("ongoing")))])


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
