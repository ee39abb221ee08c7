"""The rules of 24 −共鳴するテロル− (draft 12), 3–5 players, 1–3 hands: who moves, the legal actions, chance,
and one step of play.

Seats are numbered clockwise from the 親 (seat 0).  The draft's open points are settled in
``components/terror24/rulings.yaml`` (``RULING_IDS``), which the rulebook prints in its 補足・裁定, so the
engine and the book agree.  Where the draft is literal the standard rules play it literally; each other
reading pnp considered is a named variant the simulator compares.  Simultaneous face-down placements are
sequential decisions whose ``observe`` hides the other seats' cards until the rules reveal them.

A step is applied by the handler of the state's phase (:data:`HANDLERS`); one incident's resolution is in
``resolution``, a hand's end in ``hands``.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...messages import msg
from ...sim.engine import CHANCE, TERMINAL, IllegalAction
from .actions import (
    CHALLENGES,
    P_CHAL,
    P_DEAL,
    P_KEEP,
    P_PEEK,
    P_PICK,
    P_PLACE,
    P_ROLL,
    P_TAKE,
    PEEKS,
    ROLLS,
    TAKES,
    Challenge,
    Deal,
    Keep,
    Peek,
    Phase,
    Pick,
    Place,
    Roll,
    Take,
)
from .facts import ST_LAST_DICE, ST_USED, Facts
from .hands import keep, keep_options, next_keeper
from .resolution import award, next_challenger, next_incident, roll, start_incident
from .state import State
from .views import lloyd_one, peekable


def to_move(facts: Facts, s: State) -> int:
    return s.cur


def legal_actions(facts: Facts, s: State) -> list[Any]:
    ph = s.phase
    if ph == P_PLACE:
        # a detective's hand takes a few hundred shapes at most: each shape's placements, built once
        h = tuple(s.hand[s.cur])
        legal = facts.place_lists.get(h)
        if legal is None:
            pl = facts.places
            legal = facts.place_lists[h] = tuple(pl[k] for k in range(facts.n_kinds) if h[k])
        return list(legal)
    if ph == P_CHAL:
        return list(CHALLENGES)
    if ph == P_PICK:
        taken = s.det
        return sorted(facts.picks[d] for d in range(len(facts.picks)) if d not in taken)
    if ph == P_TAKE:
        return list(TAKES)
    if ph == P_KEEP:
        return sorted(facts.keeps[c] for c in keep_options(facts, s, s.cur))
    if ph == P_PEEK:
        return [PEEKS[slot] for slot in peekable(facts, s, s.cur)]
    return []


def chance_key(facts: Facts, s: State) -> tuple[object, ...]:
    """Common random numbers: a deal is its hand's, a roll its challenger's at one incident of one
    round of one hand, whatever the rules drew before it."""
    if s.phase == P_ROLL:
        return ("roll", s.hand_no, s.rnd, s.inc, s.chal)
    return ("deal", s.hand_no)


def decision_key(facts: Facts, s: State) -> tuple[int, int]:
    return (s.hand_no, s.rnd)


def sample_chance(facts: Facts, s: State, rng: random.Random) -> Roll | Deal:
    if s.phase == P_ROLL:
        # both dice are drawn whichever are rolled, so a rule that rolls one die more or less leaves
        # the other's number alone (common random numbers)
        g, r = int(rng.random() * 8) + 1, int(rng.random() * 8) + 1
        return ROLLS[g if s.dice & 1 else 0][r if s.dice & 2 else 0]
    if s.phase == P_DEAL:
        return Deal(tuple(rng.sample(sorted(s.box), 10)))
    raise IllegalAction(msg("terror24.not_chance"))


def apply(facts: Facts, s: State, a: Any) -> None:
    handler = HANDLERS.get(s.phase)
    if handler is None:
        raise IllegalAction(msg("terror24.game_over"))
    handler(facts, s, a)


def _place(facts: Facts, s: State, a: Any) -> None:
    seat = s.cur
    if a.__class__ is not Place:
        raise IllegalAction(msg("terror24.expected_place", action=repr(a)))
    k = a.kind
    h = s.hand[seat]
    if not 0 <= k < facts.n_kinds or h[k] <= 0:
        raise IllegalAction(msg("terror24.no_such_card", seat=seat, action=repr(a)))
    h[k] -= 1
    (s.p1 if s.rnd == 0 else s.p2)[seat][s.col] = k
    s.col += 1
    if s.col < 5:
        return
    s.col = 0
    seat += 1
    if seat == s.n:
        seat = 0
        if s.rnd == 0:
            s.rnd = 1
            s.revealed = True      # first cards and face-down incidents turn over
        else:
            s.inc = 0
            s.events = []
            start_incident(facts, s)
            return
    s.cur = seat


def _challenge(facts: Facts, s: State, a: Any) -> None:
    if a.__class__ is not Challenge or not 0 <= a.dice <= 3:
        raise IllegalAction(msg("terror24.expected_challenge", action=repr(a)))
    if not a.dice:
        s.step_vp = s.vp[:]; s.events = []
        next_challenger(facts, s)
        return
    st = s.stats
    if a.dice & 1:
        st[ST_USED] += 1
    if a.dice & 2:
        st[6 + ST_USED] += 1
    if s.hand_no == s.hands:
        for ci in (0, 1):
            if a.dice & (1 << ci):
                st[ST_LAST_DICE + 5 * ci + s.inc] += 1
    s.dice = a.dice
    s.chal = s.cur
    s.events = []
    s.phase = P_ROLL
    s.cur = CHANCE


def _roll(facts: Facts, s: State, a: Any) -> None:
    if a.__class__ is not Roll:
        raise IllegalAction(msg("terror24.expected_roll", action=repr(a)))
    s.step_vp = s.vp[:]; s.events = []
    roll(facts, s, a)


def _deal(facts: Facts, s: State, a: Any) -> None:
    if a.__class__ is not Deal or len(a.cards) != 10 or len(set(a.cards)) != 10:
        raise IllegalAction(msg("terror24.expected_deal", action=repr(a)))
    box = s.box
    for c in a.cards:
        if c not in box:
            raise IllegalAction(msg("terror24.card_not_in_deck", card=c))
    chosen = set(a.cards)
    s.layout = list(a.cards)
    s.box = [c for c in box if c not in chosen]
    s.revealed = False; s.peek = -1
    s.phase = P_PLACE; s.rnd = 0; s.col = 0; s.cur = 0
    lloyd = lloyd_one(facts, s)
    if lloyd >= 0 and peekable(facts, s, lloyd):
        s.phase = P_PEEK; s.cur = lloyd      # variant lloyd-one: he looks before anyone places


def _peek(facts: Facts, s: State, a: Any) -> None:
    if a.__class__ is not Peek or a.slot not in peekable(facts, s, s.cur):
        raise IllegalAction(msg("terror24.cannot_peek", seat=s.cur, action=repr(a)))
    s.peek = a.slot
    s.phase = P_PLACE; s.cur = 0


def _pick(facts: Facts, s: State, a: Any) -> None:
    if a.__class__ is not Pick or a.detective not in facts.det_ids:
        raise IllegalAction(msg("terror24.expected_pick", action=repr(a)))
    d = facts.det_ids.index(a.detective)
    if d in s.det:
        raise IllegalAction(msg("terror24.detective_taken", detective=a.detective))
    s.det[s.cur] = d
    if s.cur + 1 < s.n:
        s.cur += 1
    else:
        s.phase = P_DEAL; s.cur = CHANCE


def _take(facts: Facts, s: State, a: Any) -> None:
    if a.__class__ is not Take:
        raise IllegalAction(msg("terror24.expected_take", action=repr(a)))
    s.step_vp = s.vp[:]; s.events = []
    k = s.inc
    first, second = s.cur, s.take_second
    mine, other = (2 * k, 2 * k + 1) if a.row == 0 else (2 * k + 1, 2 * k)
    award(facts, s, first, mine)
    if second >= 0:
        award(facts, s, second, other)
    next_incident(facts, s)


def _keep(facts: Facts, s: State, a: Any) -> None:
    seat = s.cur
    if a.__class__ is not Keep or a.card not in keep_options(facts, s, seat):
        raise IllegalAction(msg("terror24.cannot_keep", seat=seat, action=repr(a)))
    s.step_vp = s.vp[:]; s.events = []
    keep(facts, s, seat, a.card)
    next_keeper(facts, s)


# the phase of a state → what applies an action there (the placements first: most steps of a game)
HANDLERS: dict[Phase, Callable[[Facts, State, Any], None]] = {
    P_PLACE: _place, P_CHAL: _challenge, P_ROLL: _roll, P_DEAL: _deal, P_PEEK: _peek, P_PICK: _pick,
    P_TAKE: _take, P_KEEP: _keep,
}


def is_terminal(facts: Facts, s: State) -> bool:
    return s.cur == TERMINAL


def action_from_json(facts: Facts, data: Any) -> Any:
    t = data["t"]
    if t == "place":
        return facts.places[int(data["k"])]
    if t == "challenge":
        return CHALLENGES[int(data["dice"])]
    if t == "roll":
        return ROLLS[int(data["g"])][int(data["r"])]
    if t == "deal":
        return Deal(tuple(int(c) for c in data["cards"]))
    if t == "pick":
        return facts.picks[facts.det_ids.index(data["d"])]
    if t == "take":
        return TAKES[int(data["row"])]
    if t == "keep":
        return facts.keeps[int(data["card"])]
    if t == "peek":
        return PEEKS[int(data["slot"])]
    raise ValueError(msg("terror24.unknown_action", data=data))
