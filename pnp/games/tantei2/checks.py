"""探偵無宿２: the invariants checked after every step (``pnp simulate --check``, ``pnp validate``) and the
state's hash (a replay must reach the same one)."""
from __future__ import annotations

import hashlib
from typing import Any

from ...messages import msg
from ...sim.engine import InvariantError
from .actions import Phase
from .facts import MAX_LAMPS, Facts
from .rules import legal_actions
from .state import State


def check_invariants(f: Facts, s: State) -> None:
    _check_events(f, s)
    _check_persons(f, s)
    if not 0 <= s.lamps <= MAX_LAMPS:
        raise InvariantError(msg("tantei2.invariant_lamps", lamps=s.lamps))
    if not s.over and s.phase != Phase.CHANCE and not legal_actions(f, s):
        raise InvariantError(msg("tantei2.invariant_no_action"))


def _check_events(f: Facts, s: State) -> None:
    """Event cards: each once, the cubes only on face-down cards, VP as the face-up cards say."""
    ev = list(s.ev_deck) + s.discard + s.limbo + [e for h in s.hands for e in h] + [e for u in s.up for e in u] \
        + [e for d in s.down for e in d]
    if sorted(ev) != list(range(f.n_ev)):
        raise InvariantError(msg("tantei2.invariant_events", count=len(ev)))
    down = {e for d in s.down for e in d}
    if any(k and e not in down for e, k in enumerate(s.cubes)):
        raise InvariantError(msg("tantei2.invariant_cube"))
    for i in range(s.n):
        if s.vp[i] != sum(f.ev_vp[e] for e in s.up[i]):
            raise InvariantError(msg("tantei2.invariant_vp"))
        if any(not f.ev_placed[e] for e in s.up[i]):
            raise InvariantError(msg("tantei2.invariant_instant_up"))


def _check_persons(f: Facts, s: State) -> None:
    """Person cards: each once, 覚醒 cards only at the bottom of their pile, the dead out of play."""
    pc = s.inv + s.line + s.outside + s.removed + [c for p in s.piles for c in p]
    if sorted(pc) != list(range(f.n_pc)):
        raise InvariantError(msg("tantei2.invariant_persons", cards=str(sorted(pc))))
    if f.tragedy in s.removed:
        raise InvariantError(msg("tantei2.invariant_tragedy_gone"))
    for c in s.inv + s.line + s.outside:
        if f.pc_awake[c]:
            raise InvariantError(msg("tantei2.invariant_awake_left"))
    for p, pile in enumerate(s.piles):
        for i, c in enumerate(pile):
            if f.pc_person[c] != p or (f.pc_awake[c] and i != 0):
                raise InvariantError(msg("tantei2.invariant_pile", person=f.person_names[p]))
    _check_dead(f, s)
    cnt = [0] * f.np
    for c in s.line:
        if c != f.tragedy:
            cnt[f.pc_person[c]] += 1
    if cnt != s.linecnt:
        raise InvariantError(msg("tantei2.invariant_line_counts"))


def _check_dead(f: Facts, s: State) -> None:
    """Only a dead person's cards are removed; the death count; no card of a dead person in play."""
    for c in s.removed:
        if not s.dead[f.pc_person[c]]:
            raise InvariantError(msg("tantei2.invariant_living_removed"))
    if s.ndead != sum(s.dead):
        raise InvariantError(msg("tantei2.invariant_death_count"))
    for p in range(f.np):
        if s.dead[p] and any(f.pc_person[c] == p for c in s.inv + s.line + s.outside):
            raise InvariantError(msg("tantei2.invariant_dead_in_play"))


def state_hash(s: State) -> str:
    key: tuple[Any, ...] = (
           s.phase, s.cur, s.stack, s.chance, s.ev_deck, s.discard, s.limbo, s.hands, s.up, s.down, s.fresh,
           s.inv, s.line, s.outside, s.piles, s.removed, s.lamps, s.dead, s.round, s.start,
           s.tragedy_pos, s.sub_color, s.sub_used, s.sub_disc, s.dn, s.watashi, s.extra,
           s.rest_bonus, s.keep_free, s.kept, s.kfree, s.over, s.vp, s.tragedy_lit)
    if s.cube_rule:
        key += (s.cubes,)
    return hashlib.sha256(repr(key).encode()).hexdigest()[:16]
