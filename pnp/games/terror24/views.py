"""What one seat of 24 sees: the 事件置き場 with its face-down cards, ロイド's look, the observation a policy reads."""
from __future__ import annotations

from .actions import P_CHAL, P_DEAL, P_KEEP, P_PICK, P_TAKE, PHASE_NAMES
from .conditions import hidden_column, third
from .facts import Facts
from .hands import keep_options
from .state import Observation, State

HIDDEN5 = (-1,) * 5
HIDDEN_ROWS = tuple((HIDDEN5,) * n for n in range(8))
ZEROS = tuple((0,) * n for n in range(8))


def visible_layout(facts: Facts, s: State, seat: int) -> list[int]:
    """The 事件置き場 as ``seat`` sees it (-1 for a card face down to him): ロイド's skill (all of them; variant
    lloyd-one: the one he chose), the final hand's peeks (「手元にある事件カードと、２位の事件カードが同スートの
    事件番号について、裏向きの中を確認することができます」: his own; variant open-peek: everyone's)."""
    lay = s.layout[:]
    if s.revealed or s.phase == P_DEAL:
        return lay
    skills = s.hand_no >= 2
    lloyd = skills and s.det[seat] == facts.sk["lloyd"]
    if lloyd and s.variant != "lloyd-one":
        return lay
    if third(s):
        suit = facts.card_suit
        keepers = range(s.n) if s.variant == "open-peek" else (seat,)
        mine = {suit[c] for p in keepers for c in s.kept[p]}
        for col in range(5):
            r2 = lay[2 * col + 1]
            if not (r2 >= 0 and suit[r2] in mine):
                lay[2 * col] = -1
    else:
        col = hidden_column(s)
        lay[2 * col] = -1
        lay[2 * col + 1] = -1
    if lloyd and s.peek >= 0:
        lay[s.peek] = s.layout[s.peek]
    return lay


def lloyd_one(facts: Facts, s: State) -> int:
    """The seat that plays ロイド, when his skill lets him look at one card this hand (variant lloyd-one)."""
    if s.variant != "lloyd-one" or s.hand_no < 2:
        return -1
    return next((i for i in range(s.n) if s.det[i] == facts.sk["lloyd"]), -1)


def peekable(facts: Facts, s: State, seat: int) -> list[int]:
    """The layout places still face down to ``seat`` before the placements (the ones ロイド may choose)."""
    if s.peek >= 0:
        return []
    shown = visible_layout(facts, s, seat)
    return [i for i in range(10) if s.layout[i] >= 0 and shown[i] < 0]


def observe(facts: Facts, s: State, seat: int) -> Observation:
    """What ``seat`` may see: the others' face-down cards, hands and (before the final hand) kept cards as -1."""
    o = Observation()
    o.card_suit = facts.card_suit; o.card_value = facts.card_value
    o.kind_hours = facts.kind_hours; o.hero_kind = facts.hero
    ph = s.phase
    n = s.n
    hn = s.hand_no
    o.seat = seat; o.players = n; o.hand_no = hn; o.hands = s.hands
    o.final_hand = third(s)
    o.skills = hn >= 2; o.notes = s.notes; o.variant = s.variant
    o.phase = PHASE_NAMES[ph]
    resolving = P_CHAL <= ph <= P_TAKE
    o.incident = s.inc + 1 if resolving else 0
    o.round = s.rnd + 1; o.column = s.col
    o.detectives = tuple(facts.det_ids[d] if d >= 0 else None for d in s.det)
    o.vp = tuple(s.vp); o.order = tuple(s.order)
    o.alive = tuple(s.alive); o.injuries = tuple(s.inj)
    o.layout = visible_layout(facts, s, seat)
    o.hand = tuple(s.hand[seat])
    _observe_rows(s, seat, resolving, o)
    o.won = tuple(map(tuple, s.won))
    if o.final_hand:
        o.kept = tuple(map(tuple, s.kept))
    else:
        kept: list[tuple[int, ...]] = [()] * n; kept[seat] = tuple(s.kept[seat]); o.kept = tuple(kept)
    o.keep_options = tuple(keep_options(facts, s, seat)) if ph == P_KEEP else ()
    o.available = (tuple(facts.det_ids[d] for d in range(len(facts.det_ids)) if d not in s.det)
                   if ph == P_PICK else ())
    o.dice = s.dice
    o.halving_ahead = hn < s.hands
    o.death = s.death
    return o


def _observe_rows(s: State, seat: int, resolving: bool, o: Observation) -> None:
    """The placed 刑事カード rows and the power: the first row is face down to the others until it is
    revealed; the second row turns up one incident at a time while the incidents are resolved, and
    lies open after them."""
    n, ph = s.n, s.phase
    hidden = HIDDEN_ROWS[n]
    if s.revealed:
        o.placed1 = tuple(map(tuple, s.p1))
    else:
        p1: list[tuple[int, ...]] = list(hidden); p1[seat] = tuple(s.p1[seat]); o.placed1 = tuple(p1)
    if resolving:
        upto = s.inc
        cut = HIDDEN5[upto + 1:]
        p2 = [tuple(r[:upto + 1]) + cut for r in s.p2]
        p2[seat] = tuple(s.p2[seat])
        o.placed2 = tuple(p2)
        o.power = tuple(s.power)
    else:
        if ph >= P_KEEP:
            o.placed2 = tuple(map(tuple, s.p2))
        else:
            p2h: list[tuple[int, ...]] = list(hidden); p2h[seat] = tuple(s.p2[seat]); o.placed2 = tuple(p2h)
        o.power = ZEROS[n]
