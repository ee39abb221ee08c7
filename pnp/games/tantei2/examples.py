"""探偵無宿２: positions for the rulebook's worked examples (``~~~check`` blocks) and the facts they claim."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...messages import msg
from . import tasks
from .actions import Phase, Task
from .costs import payable, sub_colours
from .facts import MAX_LAMPS, Facts
from .scoring import result
from .setup import new_state
from .state import State


def example_state(f: Facts, players: int, setup: Mapping[str, Any], variant: str = "standard",
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
    from ...sim.examples import ExampleError
    known = {"line", "lamps", "round", "dead", "awake", "hands", "up", "down", "start", "turn"}
    unknown = sorted(set(setup) - known)
    if unknown:
        raise ExampleError(msg("tantei2.example_setup_key", key=unknown[0], keys=", ".join(sorted(known))))
    s = new_state(f, players, variant, options)
    pos = _read(f, players, setup)
    _lay_persons(f, s, pos)
    _lay_events(f, s, pos)
    s.stack = [(Task.MAIN, pos.turn)]
    tasks.run(f, s)
    return s


@dataclass(frozen=True)
class _Position:
    """A worked example's ``setup``, checked and in the engine's numbers."""
    hands: list[list[int]]
    up: list[list[int]]
    down: list[list[int]]
    dead: set[int]
    awake: set[int]
    line: list[str]
    lamps: int
    start: int
    turn: int
    round: int


def _read(f: Facts, players: int, setup: Mapping[str, Any]) -> _Position:
    from ...sim.examples import ExampleError
    pidx = {p: i for i, p in enumerate(f.person_ids)}

    def person(pid: Any) -> int:
        if pid not in pidx:
            raise ExampleError(msg("tantei2.example_person", person=pid, persons=", ".join(f.person_ids)))
        return pidx[pid]

    hands, up, down = (_read_seats(f, players, setup, key) for key in ("hands", "up", "down"))
    used = [e for rows in (hands, up, down) for row in rows for e in row]
    if len(used) != len(set(used)):
        raise ExampleError(msg("tantei2.example_two_places"))
    for row in up:
        for e in row:
            if not f.ev_placed[e]:
                raise ExampleError(msg("tantei2.example_instant_up", card=f.ev_title[e]))
    dead = {person(p) for p in setup.get("dead") or []}
    awake = {person(p) for p in setup.get("awake") or []}
    for row in up:
        for e in row:
            alive = [f.person_names[p] for p in f.ev_death[e] if p not in dead]
            if alive:
                raise ExampleError(msg("tantei2.example_death_condition", card=f.ev_title[e], person=alive[0]))
    line = _read_line(setup)
    for x in line:
        if x != "tragedy":
            person(x)                      # an unknown person id is an error
    lamps, start, turn, rnd = _read_numbers(players, setup)
    return _Position(hands, up, down, dead, awake, line, lamps, start, turn, rnd)


def _read_seats(f: Facts, players: int, setup: Mapping[str, Any], key: str) -> list[list[int]]:
    """``hands``, ``up`` or ``down``: one list of event ids per seat."""
    from ...sim.examples import ExampleError
    rows = setup.get(key) or [[] for _ in range(players)]
    if not isinstance(rows, list) or len(rows) != players:
        raise ExampleError(msg("tantei2.example_per_player", key=key, players=players))
    eidx = {cid: i for i, cid in enumerate(f.ev_id)}
    out = []
    for row in rows:
        cards = []
        for cid in row or []:
            if cid not in eidx:
                raise ExampleError(msg("tantei2.example_event", key=key, card=cid))
            cards.append(eidx[cid])
        out.append(cards)
    return out


def _read_line(setup: Mapping[str, Any]) -> list[str]:
    from ...sim.examples import ExampleError
    line = list(setup.get("line") or [])
    if len(line) < 3:
        raise ExampleError(msg("tantei2.example_line_short"))
    if "tragedy" in line[:3]:
        raise ExampleError(msg("tantei2.example_tragedy_start"))
    if "tragedy" in line[:-1]:
        raise ExampleError(msg("tantei2.example_tragedy_last"))
    return line


def _read_numbers(players: int, setup: Mapping[str, Any]) -> tuple[int, int, int, int]:
    """``lamps``, ``start``, ``turn`` and ``round``."""
    from ...sim.examples import ExampleError
    lamps = setup.get("lamps", 0)
    if not isinstance(lamps, int) or not 0 <= lamps <= MAX_LAMPS:
        raise ExampleError(msg("tantei2.example_lamps", most=MAX_LAMPS, lamps=lamps))
    start = setup.get("start", 0)
    turn = setup.get("turn", start)
    rnd = setup.get("round", 1)
    if not (isinstance(start, int) and 0 <= start < players and isinstance(turn, int) and 0 <= turn < players):
        raise ExampleError(msg("tantei2.example_seats"))
    if not isinstance(rnd, int) or rnd < 1:
        raise ExampleError(msg("tantei2.example_round"))
    return lamps, start, turn, rnd


def _lay_persons(f: Facts, s: State, pos: _Position) -> None:
    """The 【捜査線】 as the example gives it; the living persons' other cards in the 捜査デッキ or, one each, on
    top of their 【容疑者】 pile; the dead persons' cards out of the game."""
    from ...sim.examples import ExampleError
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
    for x in pos.line:
        if x == "tragedy":
            s.line.append(f.tragedy)
            continue
        p = f.person_ids.index(x)
        if p in pos.dead:
            raise ExampleError(msg("tantei2.example_dead_on_line", person=f.person_names[p]))
        if not normal[p]:
            raise ExampleError(msg("tantei2.example_three_cards", person=f.person_names[p]))
        s.line.append(normal[p].pop())
        s.linecnt[p] += 1
    for p in range(f.np):
        _lay_pile(f, s, pos, p, normal[p], awake_card[p])
    if f.tragedy in s.line:
        s.tragedy_pos = len(s.line)
    else:
        s.inv.append(f.tragedy)
        s.tragedy_pos = 0
    s.dead = [p in pos.dead for p in range(f.np)]
    s.ndead = len(pos.dead)


def _lay_pile(f: Facts, s: State, pos: _Position, p: int, rest: list[int], awake_card: int) -> None:
    from ...sim.examples import ExampleError
    if awake_card >= 0:
        s.piles[p].append(awake_card)
    if p in pos.dead:
        s.removed.extend(rest)
    elif p in pos.awake:
        if awake_card < 0:
            raise ExampleError(msg("tantei2.example_never_awakes", person=f.person_names[p]))
        s.inv.extend(rest)
    elif not rest:
        if awake_card >= 0:
            raise ExampleError(msg("tantei2.example_pile_empty", person=f.person_names[p]))
    else:
        s.piles[p].append(rest[-1])
        s.inv.extend(rest[:-1])


def _lay_events(f: Facts, s: State, pos: _Position) -> None:
    """Hands and 【手帳】 as the example gives them (face-up cards put into effect), every other event card in
    the event deck, lowest serial on top; the turn's and the table's numbers."""
    players = s.n
    s.hands, s.up, s.down = pos.hands, [[] for _ in range(players)], pos.down
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
    for seat, row in enumerate(pos.up):
        for e in row:
            tasks.reveal(f, s, seat, e)
    taken = {e for rows in (pos.hands, pos.up, pos.down) for row in rows for e in row}
    s.ev_deck = sorted((e for e in range(f.n_ev) if e not in taken), reverse=True)
    s.discard, s.limbo, s.fresh = [], [], []
    s.lamps, s.round, s.start = pos.lamps, pos.round, pos.start
    # 惨劇の夜 at the end of ``line`` was drawn with these lamps on the 【捜査線】 (ruling lamp-at-draw)
    s.tragedy_lit = bool(s.tragedy_pos) and s.lamp_first <= s.tragedy_pos < s.lamp_first + pos.lamps
    s.sub_color, s.sub_used, s.sub_disc, s.dn = -1, False, 0, 0
    s.over, s.end_reason, s.hist = False, "", []
    s.chance = 0


def example_facts(f: Facts, s: State) -> dict[str, Any]:
    """What rulebook examples claim: ``vp`` (per seat), ``notebook`` / ``facedown`` (titles of the face-up
    / face-down cards per seat), ``substitute_colours`` (the colours 代用コスト may make for the player to
    move, in Japanese), ``payable`` (hand cards the player to move could play now), ``dead`` (names),
    ``lamps``, ``over``, ``winner`` (seat letters A, B …), ``ranks``, ``end_reason``."""
    main = s.phase == Phase.MAIN and not s.over
    facts: dict[str, Any] = {
        "vp": list(s.vp),
        "notebook": [[f.ev_title[e] for e in row] for row in s.up],
        "facedown": [[f.ev_title[e] for e in sorted(row)] for row in s.down],
        "substitute_colours": [f.colja[c] for c in sub_colours(f, s)] if main and not s.sub_used else [],
        "payable": sorted((f.ev_title[e] for e in s.hands[s.cur] if payable(f, s, s.cur, e)),
                          key=f.ev_title.index) if main else [],
        "dead": [f.person_names[p] for p in range(f.np) if s.dead[p]],
        "lamps": s.lamps,
        "over": s.over,
    }
    if s.over:
        r = result(f, s)
        facts["winner"] = [chr(ord("A") + i) for i in range(s.n) if r.ranks[i] == 1]
        facts["ranks"] = list(r.ranks)
        facts["end_reason"] = r.end_reason
    return facts
