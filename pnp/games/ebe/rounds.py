"""The end of a turn and of a round: death and station checks, the weight check and its discards, the
round's event (met, paid or failed), the escape, and the reset for the next round."""
from __future__ import annotations

from ...sim.engine import TERMINAL
from .facts import P_DISCARD, P_EBE, P_END, P_EVENT, P_PAY, Condition, Facts
from .pieces import damage, weight
from .state import State

# ------------------------------------------------------------ turn and round end


def turn_end(f: Facts, s: State) -> None:
    for p in range(s.n):
        s.table[p].append(s.played[p])
        s.played[p] = -1
    for c in s.ebe_now:
        s.ebe_table.append(c)
    for a in s.ebe_active:
        s.seen_prev |= 1 << a
    s.ebe_now = []
    s.ebe_active = []
    s.ebe_die = []
    s.order = []
    s.success = []
    s.cur = -1
    for p in range(s.n):
        if s.dmg[p] >= f.char_life[s.chars[p]]:
            finish(f, s, "death")
            return
    if s.station <= 0:
        finish(f, s, "station")
        return
    weight_check(f, s)


def weight_check(f: Facts, s: State) -> None:
    for p in range(s.n):
        if weight(f, s, p) > f.char_inv[s.chars[p]]:
            s.cur = p
            s.phase = P_DISCARD
            return
    s.cur = -1
    s.turn += 1
    if s.turn > 4:
        _round_end(f, s)
    else:
        s.phase = P_EBE


def event_met(f: Facts, s: State) -> bool | None:
    """True/False, or None when a pay event can be paid (the team decides)."""
    cond, area, r, n, _ = f.event_cond[s.event]
    if cond == Condition.VISIT:
        return s.visits[area] >= n
    if cond == Condition.PAY:
        return None if sum(s.res[p][r] for p in range(s.n)) >= n else False
    if cond == Condition.DESTROY:
        return s.destroyed >= n
    if cond == Condition.WEAPONS:
        return sum(s.weap) >= n
    return s.loaded_round >= n


def _round_end(f: Facts, s: State) -> None:
    met = event_met(f, s)
    if met is None:
        s.phase = P_PAY
        s.cur = (s.rnd - 1) % s.n
        return
    if met:
        s.events_done += 1
        event_reward(f, s)
    else:
        fail_event(f, s)
    finish_round(f, s)


def event_now(f: Facts, s: State) -> None:
    """The event's effect when it is revealed (「効果を適用してください」): damage to every character at
    once (death is still checked at the turn end), and the die changes of this round (applied at the
    reveal, see ``_event_dice``)."""
    hurt, s.pmod, s.emod = f.event_now[s.event]
    if hurt:
        for p in range(s.n):
            damage(f, s, p, hurt)


def event_dice(f: Facts, s: State) -> None:
    """「サイコロの目を変更する効果があれば、このタイミングで適用してください」: the round's event changes
    every player's and every イーバ's die when the cards are revealed (never below 1 nor above 6)."""
    if s.pmod:
        s.die = [min(6, max(1, d + s.pmod)) for d in s.die]
    if s.emod:
        s.ebe_die = [min(6, max(1, d + s.emod)) for d in s.ebe_die]


def event_reward(f: Facts, s: State) -> None:
    """A met event's reward: every character heals, and/or an area gives +1 AP from now on."""
    heal, boost = f.event_reward[s.event]
    if heal:
        for p in range(s.n):
            h = min(heal, s.dmg[p])
            s.dmg[p] -= h
            s.supply_dmg += h
    if boost >= 0:
        s.boosted |= 1 << boost


def fail_event(f: Facts, s: State) -> None:
    s.station -= f.event_cond[s.event][4]
    s.events_failed += 1


def pay_event(f: Facts, s: State) -> None:
    _, _, r, n, _ = f.event_cond[s.event]
    for _ in range(n):
        best = max(range(s.n), key=lambda p: (s.res[p][r], -p))
        s.res[best][r] -= 1
        s.supply_res[r] += 1


def finish_round(f: Facts, s: State) -> None:
    s.station_hist.append(s.station)
    if s.station <= 0:
        finish(f, s, "station")
        return
    if len(s.built) == len(s.missions):
        finish(f, s, "escape")
        return
    if s.rnd >= 4:
        finish(f, s, "time")
        return
    # reset
    s.event_discard.append(s.event)
    s.event = -1
    for a in range(7):
        if s.drone_at[a] >= 0:
            s.drone_deck.append(s.drone_at[a])
            s.drone_at[a] = -1
        if s.drone_item[a] >= 0:
            s.item_discard.append(s.drone_item[a])
            s.drone_item[a] = -1
    s.drone_deck += s.drone_discard
    s.drone_discard = []
    s.drone_deck.sort()
    s.ebe_deck += s.ebe_table
    s.ebe_deck.sort()
    s.ebe_table = []
    s.seen_prev = 0
    for p in range(s.n):
        s.hand[p] += s.table[p]
        s.hand[p].sort()
        s.table[p] = []
    s.visits = [0] * 7
    s.pmod = s.emod = 0
    s.destroyed = 0
    s.loaded_round = 0
    s.rnd += 1
    s.turn = 1
    s.cur = -1
    s.phase = P_EVENT


def finish(f: Facts, s: State, reason: str) -> None:
    s.end = reason
    s.phase = P_END
    s.cur = TERMINAL


