"""EBE's rules as functions over the facts and the state: whose move, the legal actions, applying one,
a seat's view, the result and the report's labels.  The steps themselves live by topic: ``setup`` (a new
game, the chance steps), ``dice`` (the assignment and the dice change), ``turns`` (reveal, penalties,
drones, actions), ``rounds`` (turn and round end, events), ``pieces`` (weight, damage, areas)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...messages import msg
from ...sim.engine import CHANCE, TERMINAL, Result
from .actions import DRONE_CHOICES, PAYS, TUNE_PASS, Act, AssignDie, Deal, Discard, DroneChoice, Pay, Play, Roll, Tune
from .dice import assign_legal, assign_rest, give_die, next_tuner
from .facts import (
    CHANCE_DECKS,
    CHANCE_PHASES,
    E_DICE,
    END_REASONS_JA,
    INFO_BASE,
    ITEM_BASE,
    P_ACT,
    P_ASSIGN,
    P_CHOOSE,
    P_DICE,
    P_DISCARD,
    P_DRONE,
    P_END,
    P_PAY,
    P_ROLL,
    PHASE_NAMES,
    RES_NAMES,
    RESOURCES,
    WEAPON,
    Effect,
    Facts,
)
from .pieces import damage, played_area, slot_name, token_area
from .questions import LABELS_JA
from .rounds import event_dice, event_reward, fail_event, finish_round, pay_event, weight_check
from .setup import apply_chance
from .state import Observation, State
from .turns import act_legal, advance, apply_act, start_act
from .variants import R_CLOSED, R_INFO_WEIGHT, R_TUNE_ONCE


def to_move(f: Facts, s: State) -> int:
    ph = s.phase
    if ph == P_END:
        return TERMINAL
    if ph in CHANCE_PHASES:
        return CHANCE
    return s.cur


def legal_actions(f: Facts, s: State) -> list[Any]:
    """The legal actions of the phase's decision (a chance phase or the end has none)."""
    legal = _LEGAL.get(s.phase)
    return legal(f, s) if legal is not None else []


def _choose_legal(f: Facts, s: State) -> list[Any]:
    """探索カードを出す: any card in hand."""
    hand = s.hand[s.cur]
    if s.rules & R_CLOSED and s.seen_prev:
        # option closed: 「イーバが既に出現したエリアは立入禁止」 — a card of such an area only when
        # every card in hand is one (the explorer then stays out: he does nothing this turn)
        open_ = [t for t in hand if not s.seen_prev >> token_area(f, t) & 1]
        hand = open_ or hand
    out: list[Any] = []
    for t in hand:
        out.append(f.plays[t] if t < INFO_BASE else f.info_plays[t - INFO_BASE])
    return out


def _drone_legal(f: Facts, s: State) -> list[Any]:
    """ドローン: fight it only with a weapon to pay (or a character who fights for free)."""
    p = s.cur
    return [DRONE_CHOICES[0], DRONE_CHOICES[1]] if (s.weap[p] > 0 or f.char_dfree[s.chars[p]]) \
        else [DRONE_CHOICES[0]]


def _discard_legal(f: Facts, s: State) -> list[Any]:
    """重量チェック: one piece or item held, at a time."""
    p = s.cur
    out = [Discard(r, RES_NAMES[r]) for r in range(4) if s.res[p][r] > 0]
    if s.weap[p] > 0:
        out.append(Discard(WEAPON, "武器"))
    for i in sorted(set(s.items[p])):
        out.append(Discard(ITEM_BASE + i, f.item_names[i]))
    if s.rules & R_INFO_WEIGHT:         # variant info-weight: a 情報 in hand may be discarded too
        for t in s.hand[p]:
            if t >= INFO_BASE:
                out.append(Discard(ITEM_BASE + t - INFO_BASE, f.item_names[t - INFO_BASE]))
    return out


def _pay_legal(f: Facts, s: State) -> list[Any]:
    return [PAYS[0], PAYS[1]]


def _tune_legal(f: Facts, s: State) -> list[Any]:
    """行動予測装置: pass, or move one die by one pip within 1–6."""
    out: list[Any] = [TUNE_PASS]
    dice = list(s.die) + list(s.ebe_die)
    for slot, v in enumerate(dice):
        for d in (-1, 1):
            if 1 <= v + d <= 6:
                out.append(Tune(slot, d, slot_name(f, s, slot)))
    return out


_LEGAL: dict[int, Callable[[Facts, State], list[Any]]] = {
    P_ACT: act_legal, P_CHOOSE: _choose_legal, P_ASSIGN: assign_legal, P_DRONE: _drone_legal,
    P_DISCARD: _discard_legal, P_PAY: _pay_legal, P_DICE: _tune_legal,
}

# ------------------------------------------------------------ apply


def apply(f: Facts, s: State, a: Any) -> None:
    ph = s.phase
    step = _STEPS.get(ph)
    if step is not None and isinstance(a, step[0]):
        step[1](f, s, a)
    elif ph in CHANCE_PHASES and (a.__class__ is Roll if ph == P_ROLL
                                  else a.__class__ is Deal and a.deck == CHANCE_DECKS[ph]):
        apply_chance(f, s, a)
    else:
        raise ValueError(msg("ebe.wrong_phase", action=a, phase=PHASE_NAMES[ph]))


def _play(f: Facts, s: State, a: Play) -> None:
    p = s.cur
    s.hand[p].remove(a.token)
    s.played[p] = a.token
    s.cur = p + 1
    if s.cur >= s.n:
        s.revealed = True
        s.pos = -1
        if s.pmod or s.emod:
            event_dice(f, s)
        next_tuner(f, s)


def _assign(f: Facts, s: State, a: AssignDie) -> None:
    if a.slot != s.slot or a.value not in s.dice:
        raise ValueError(msg("ebe.illegal_assignment", action=a))
    give_die(f, s, a.slot, a.value)
    assign_rest(f, s)


def _drone(f: Facts, s: State, a: DroneChoice) -> None:
    p = s.cur
    area = played_area(f, s, p)
    if a.fight:
        if not f.char_dfree[s.chars[p]]:
            if s.weap[p] <= 0:
                raise ValueError(msg("ebe.no_weapon_for_drone"))
            s.weap[p] -= 1
            s.supply_weap += 1
        s.drone_discard.append(s.drone_at[area])
        s.drone_at[area] = -1
        it = s.drone_item[area]
        s.drone_item[area] = -1
        s.destroyed += 1
        if it >= 0:
            if f.item_effect[it] == Effect.INFO:
                s.hand[p].append(INFO_BASE + it)
                s.hand[p].sort()
            else:
                s.items[p].append(it)
    else:
        damage(f, s, p, 1)
    start_act(f, s, p)
    advance(f, s)


def _discard(f: Facts, s: State, a: Discard) -> None:
    p = s.cur
    w = a.what
    if w < 4:
        if s.res[p][w] <= 0:
            raise ValueError(msg("ebe.nothing_to_discard"))
        s.res[p][w] -= 1
        s.supply_res[w] += 1
    elif w == WEAPON:
        if s.weap[p] <= 0:
            raise ValueError(msg("ebe.nothing_to_discard"))
        s.weap[p] -= 1
        s.supply_weap += 1
    elif s.rules & R_INFO_WEIGHT and INFO_BASE + w - ITEM_BASE in s.hand[p]:
        s.hand[p].remove(INFO_BASE + w - ITEM_BASE)        # variant info-weight: a 情報 from the hand
        s.item_discard.append(w - ITEM_BASE)
    else:
        s.items[p].remove(w - ITEM_BASE)
        s.item_discard.append(w - ITEM_BASE)
    weight_check(f, s)


def _tune(f: Facts, s: State, a: Tune) -> None:
    p = s.cur
    if a.slot >= 0:
        i = next((i for i in s.items[p] if f.item_effect[i] == E_DICE), -1)
        dice = list(s.die) + list(s.ebe_die)
        die = dice[a.slot] if a.slot < len(dice) else 0
        if i < 0 or a.delta not in (-1, 1) or not 1 <= die + a.delta <= 6:
            raise ValueError(msg("ebe.cannot_tune", action=a))
        s.items[p].remove(i)
        s.item_discard.append(i)
        if a.slot < s.n:
            s.die[a.slot] += a.delta
        else:
            s.ebe_die[a.slot - s.n] += a.delta
        if not s.rules & R_TUNE_ONCE and any(f.item_effect[j] == E_DICE for j in s.items[p]):
            return                  # ruling dice-change-twice: the same seat may use another one
    next_tuner(f, s)


def _pay(f: Facts, s: State, a: Pay) -> None:
    if a.yes:
        pay_event(f, s)
        s.events_paid += 1
        s.events_done += 1
        event_reward(f, s)
    else:
        fail_event(f, s)
    finish_round(f, s)


# each decision's phase: the action it takes and what applies it
_STEPS: dict[int, tuple[type, Callable[[Facts, State, Any], None]]] = {
    P_ACT: (Act, apply_act), P_CHOOSE: (Play, _play), P_ASSIGN: (AssignDie, _assign), P_DRONE: (DroneChoice, _drone),
    P_DISCARD: (Discard, _discard), P_DICE: (Tune, _tune), P_PAY: (Pay, _pay),
}

# ------------------------------------------------------------ views and results


def observe(f: Facts, s: State, seat: int) -> Observation:
    c = s.clone()
    if not s.revealed and c.ebe_now:
        c.ebe_deck = sorted(c.ebe_deck + c.ebe_now)
        c.ebe_now = [-1] * len(c.ebe_now)
    return Observation(seat, c, f)


def result(f: Facts, s: State) -> Result:
    if s.phase != P_END:
        raise ValueError(msg("ebe.game_not_over"))
    win = s.end == "escape"
    n = s.n
    extra = {
        "players": n,
        "win": win,
        "cause": s.end,
        "life_start": s.life_start,
        "round": s.rnd,
        "station_end": s.station,
        "missions_built": len(s.built),
        "missions_needed": len(s.missions),
        "built_rounds": list(s.built_round),
        "events_failed": s.events_failed,
        "events_paid": s.events_paid,
        "events_done": s.events_done,
        "closed_out": s.closed_out,
        "ebe_repelled": s.ebe_repelled,
        "ebe_dice": list(s.log_ebe_dice),
        "ebe_got_min": list(s.log_min_share),
        "station_by_round": list(s.station_hist),
        "peak_pieces": {"damage": s.peak_dmg, "cubes": s.peak_cubes, "weapons": s.peak_weap,
                        **{f"cubes_{RESOURCES[r]}": s.peak_res[r] for r in range(4)}},
        "per_seat": {"character": [f.char_ids[c] for c in s.chars]},
        # the event and mission cards put into effect this game (the team's: seat -1)
        "cards_used": {**{f.mission_ids[m]: -1 for m in s.missions},
                       **{f.event_ids[ev]: -1 for ev in s.event_discard + ([s.event] if s.event >= 0 else [])}},
        # dealt before anyone chose: the missions and the first round's event (the causal card figure)
        "cards_dealt": {**{f.mission_ids[m]: -1 for m in s.missions},
                        **{f.event_ids[ev]: -1 for ev in (s.event_discard + [s.event])[:1] if ev >= 0}},
    }
    sc = 1.0 if win else 0.0
    return Result(scores=(sc,) * n, ranks=(1 if win else 2,) * n, end_reason=s.end,
                  end_reason_ja=END_REASONS_JA[s.end], extra=extra)


def labels_ja(f: Facts) -> dict[str, str]:
    """Japanese words for every key of end reasons, Result.extra, per_seat facts and Findings (card and
    character ids included, so a report never shows a raw id)."""
    labels = dict(LABELS_JA)
    labels.update(zip(f.char_ids, f.char_names, strict=True))
    labels.update(zip(f.mission_ids, f.mission_names, strict=True))
    labels.update(zip(f.event_ids, f.event_names, strict=True))
    return labels


def card_groups(f: Facts) -> dict[str, str]:
    """Missions are compared with missions, events with events (pooled over their uses, so an event is
    weighed against the games in proportion to the events they drew)."""
    return {**{m: "ミッション" for m in f.mission_ids}, **{e: "イベント" for e in f.event_ids}}


def progress(f: Facts, s: State) -> tuple[int, tuple[float, ...]]:
    return s.rnd, (float(len(s.built)),) * s.n


def is_terminal(f: Facts, s: State) -> bool:
    return s.phase == P_END
