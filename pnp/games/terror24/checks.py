"""Checks and replays of 24: the invariants after every step (card conservation, each seat's detective cards),
where every card is (for the validator), the pieces the rules play with, and the state hash a replay must reach."""
from __future__ import annotations

import hashlib

from ...messages import msg
from ...sim.engine import InvariantError
from .actions import P_PICK
from .facts import Facts
from .state import State


def check_invariants(facts: Facts, s: State) -> None:
    """Card conservation (事件カード anywhere, each seat's 刑事カード), each seat's score, kept cards and
    death, distinct detectives once chosen, the play order, the hand number."""
    where: list[int] = []
    where += s.box; where += s.discard
    where += [c for c in s.layout if c >= 0]
    for w in s.won:
        where += w
    for kc_ in s.kept:
        where += kc_
    if sorted(where) != list(range(facts.n_cards)):
        raise InvariantError(msg("terror24.incidents_not_conserved", cards=sorted(where)))
    for seat in range(s.n):
        _check_seat(facts, s, seat)
    if s.phase not in (P_PICK,) and sorted(d for d in s.det) != sorted(set(s.det)):
        raise InvariantError(msg("terror24.detective_shared"))
    if sorted(s.order) != list(range(s.n)) or any(s.order[s.pos[i]] != i for i in range(s.n)):
        raise InvariantError(msg("terror24.play_order_broken"))
    if not 1 <= s.hand_no <= s.hands:
        raise InvariantError(msg("terror24.hand_out_of_range"))


def _check_seat(facts: Facts, s: State, seat: int) -> None:
    """One seat: its 刑事カード in hand and placed are its set, VP ≥ 0, no 5 kept and no more kept than
    the hands allow, a dead detective's death recorded."""
    kc = facts.kind_counts
    cnt = list(s.hand[seat])
    for row in (s.p1[seat], s.p2[seat]):
        for k in row:
            if k >= 0:
                cnt[k] += 1
    if cnt != list(kc):
        raise InvariantError(msg("terror24.detective_cards_not_conserved", seat=seat, counts=cnt, expected=list(kc)))
    if s.vp[seat] < 0:
        raise InvariantError(msg("terror24.negative_vp", seat=seat))
    if any(facts.card_value[c] == 5 for c in s.kept[seat]):
        raise InvariantError(msg("terror24.keeps_a_five", seat=seat))
    one = s.keep_old or s.variant == "keep-replace"
    if len(s.kept[seat]) > (1 if one else min(s.hand_no, s.hands - 1)):
        raise InvariantError(msg("terror24.keeps_too_many", seat=seat, count=len(s.kept[seat]), hand=s.hand_no))
    if not s.alive[seat] and not s.died[seat]:
        raise InvariantError(msg("terror24.dead_unrecorded", seat=seat))


def card_locations(facts: Facts, s: State) -> dict[str, list[str]]:
    """Where every 事件カード is (the validator checks each card of the deck is in exactly one place)."""
    ids = facts.card_ids
    places = {"box": [ids[c] for c in s.box], "discard": [ids[c] for c in s.discard],
              "事件置き場": [ids[c] for c in s.layout if c >= 0]}
    for p in range(s.n):
        places[f"won {p + 1}"] = [ids[c] for c in s.won[p]]
        places[f"kept {p + 1}"] = [ids[c] for c in s.kept[p]]
    # 刑事カード: each seat's hand and placed cards; the detectives nobody chose stay in the box
    unused: list[str] = []
    for d, cids in enumerate(facts.det_card_ids):
        if d not in s.det:
            unused += [cids[k] for k in range(facts.n_kinds) for _ in range(facts.kind_counts[k])]
    places["detectives box"] = unused
    for p in range(s.n):
        d = s.det[p]
        if d < 0:
            continue
        cids = facts.det_card_ids[d]
        places[f"detective hand {p + 1}"] = [cids[k] for k in range(facts.n_kinds) for _ in range(s.hand[p][k])]
        places[f"detective placed {p + 1}"] = [cids[k] for row in (s.p1[p], s.p2[p]) for k in row if k >= 0]
    return places


def component_counts(facts: Facts) -> dict[str, int]:
    """The pieces the rules play with (read from the data); the validator compares them with game.yaml."""
    return {"incidents": facts.n_cards, "detectives": len(facts.det_ids) * sum(facts.kind_counts)}



def state_hash(facts: Facts, s: State) -> str:
    key = repr((s.n, s.variant, s.hands, s.hand_no, int(s.phase), s.cur, s.det, s.vp, s.order,
                sorted(s.box), sorted(s.discard), s.layout, s.revealed, s.hand, s.p1, s.p2,
                s.won, s.kept, s.alive, s.inj, s.died, s.power, s.inc, s.queue, s.dice,
                s.rnd, s.col) + ((s.peek,) if s.peek >= 0 else ())    # ロイド's one look (variant lloyd-one)
               + ((s.death,) if s.death != "draft" else ()))        # option death_rule, only when set
    return hashlib.sha256(key.encode()).hexdigest()[:16]
