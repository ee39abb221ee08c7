"""Rules engine for 探偵無宿２ (draft 5): 3–4 players, rounds until 13 VP or five deaths — the decisions:
whose move it is, the legal actions, chance, and what an action does; the resolution that follows is the
task stack of :mod:`.tasks`, the round's start and end are in :mod:`.rounds`.

Every fact about a card comes from the loaded model (``rules:`` of components/tantei2/*.yaml) in a
small effect vocabulary; no card has Python of its own.

Effects (a person's action, an instant event, or a placed event's 「配置時」 effect), each ``{op: …}``:
``draw`` / ``discard`` (``n``, ``who``: self | others | all), ``take_discard`` (top ``n`` of the 捨て札),
``facedown`` (may place a hand card face down in the 【手帳】), ``flip_free`` (turn a face-down card face up,
ignoring cost and 死亡条件), ``sub_discount`` (this turn's 代用コスト costs ``n`` fewer discards), ``lamp``
(add ``n`` 告命灯, negative removes), ``outside`` (move ``n`` person cards of the player's choice from the
【容疑者】 to the 【線外】: it brings 覚醒 nearer), ``line_out`` (the last card of the 【捜査線】, when it is a
person card, goes to the 【線外】: one fewer for the 犠牲者の選定).

Ongoing effects of a face-up placed event (``ongoing:``): ``color`` (always one cost of ``color``),
``rest_draw`` (一服 draws ``n`` more), ``keep_free`` (keep ``n`` face-down cards at round end without
discarding), ``death_draw`` (draw ``n`` whenever a person dies), ``tragedy_draw`` (draw ``n`` whenever
「惨劇の夜」 is drawn, in a turn or among the round start's cards), ``awake_color`` (one cost of ``color``
while the person of that colour is alive and 覚醒), ``dead_sub_free`` (代用コスト of a dead person's colour needs no extra discard).
The draft's open points are settled in ``components/tantei2/rulings.yaml`` (``RULING_IDS``) so the rulebook
and the engine agree.  Seats are numbered clockwise; seat 0 is the first start player.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...messages import msg
from ...sim.engine import CHANCE, TERMINAL, IllegalAction
from . import rounds, tasks
from .actions import (
    Deck,
    Discard,
    Flash,
    Flip,
    Investigate,
    Keep,
    KeepDone,
    Move,
    MoveOutside,
    Phase,
    PickWatashi,
    PlaceFaceDown,
    Rest,
    RestEmpty,
    Shuffle,
    SkipFaceDown,
    Substitute,
    Task,
)
from .costs import avail, dead_sub_free, is_awake, movable, payable, sub_colours, sub_cost
from .facts import GAME_ID, Facts
from .state import Observation, State


def to_move(s: State) -> int:
    if s.over:
        return TERMINAL
    if s.phase == Phase.CHANCE:
        return CHANCE
    return s.cur


# ------------------------------------------------------------ legal actions
def legal_actions(f: Facts, s: State) -> list[Move]:
    ph = s.phase
    A = f.actions
    if ph == Phase.MAIN:
        return main_actions(f, s)
    if ph == Phase.DISCARD:
        return [A.disc[e] for e in sorted(s.hands[s.cur])]
    if ph == Phase.KEEP:
        return _keep_actions(f, s)
    if ph == Phase.OUTSIDE:
        return [A.out[p] for p in movable(f, s)]
    if ph == Phase.PICK:
        taken = set(s.watashi)
        return [a for w, a in enumerate(A.pick) if w not in taken]
    if ph == Phase.DOWN:
        return [A.down[e] for e in sorted(s.hands[s.cur])] + [A.down_skip]
    if ph == Phase.FLIP:
        return [A.flip[e] for e in sorted(s.down[s.cur])]
    return []


def _keep_actions(f: Facts, s: State) -> list[Move]:
    seat = s.cur
    out: list[Move] = []
    if s.kfree > 0 or s.hands[seat]:
        kept = s.kept
        out = [f.actions.keep[e] for e in sorted(s.down[seat]) if e not in kept]
    out.append(f.actions.keep_done)
    return out


def main_actions(f: Facts, s: State) -> list[Move]:
    """The turn player's main decision: 捜査 (payable cards, then the ［閃き］ ones), 代用コスト, 一服."""
    seat = s.cur
    hand = sorted(s.hands[seat])
    av = avail(f, s, seat)
    dead = s.dead
    need, death, flash = f.ev_need, f.ev_death, f.ev_flash
    A = f.actions
    out: list[Move] = []
    fl: list[Move] = []
    for e in hand:
        for c, k in need[e]:
            if av[c] < k:
                break
        else:
            for p in death[e]:
                if not dead[p]:
                    break
            else:
                if flash[e]:
                    fl.append(A.flash[e])
                else:
                    out.append(A.inv[e])
    if fl:
        out += fl
    if not s.sub_used and not s.cube_rule:
        nh = len(hand)
        cheap = 1 - s.sub_disc
        dear = cheap + 1 if any(dead) and not dead_sub_free(f, s, seat) else cheap
        for c in sub_colours(f, s):
            if nh >= (dear if dead[c] else cheap):
                out.append(A.sub[c])
    if hand:
        for e in hand:
            out += A.rest[e]
    else:
        out.append(A.rest_empty)
    return out


def action_cards(f: Facts, a: Any) -> tuple[str, ...]:
    """The event cards an action puts into effect (investigating, 閃き, turning a face-down card up):
    what a player forbidden to use a card may not choose (restricted play, pnp.sim.cardeffects)."""
    if isinstance(a, (Investigate, Flash, Flip)):
        return (f.ev_id[a.card],)
    return ()


def action_from_json(f: Facts, data: Any) -> Move | Shuffle:
    if isinstance(data, dict) and data.get("t") == "shuffle":
        return Shuffle(int(data["deck"]), tuple(int(x) for x in data["order"]))
    try:
        return f.actions.from_json(data)
    except (KeyError, TypeError, ValueError):
        raise IllegalAction(msg("tantei2.illegal_json", game=GAME_ID, data=repr(data))) from None


# ------------------------------------------------------------ chance
def chance_key(s: State) -> tuple[str, int]:
    """Common random numbers: the 捜査デッキ is shuffled once a round; the event deck's shuffles of one
    round continue one stream (a reshuffle when it runs out, 惨劇の夜 shuffled back)."""
    return ("inv" if s.chance == Deck.INVESTIGATION else "ev", s.round)


def decision_key(s: State) -> int:
    return s.round


def sample_chance(s: State, rng: random.Random) -> Shuffle:
    if s.chance == Deck.EVENTS:
        cards = sorted(s.ev_deck + s.discard)
    else:
        cards = sorted(s.inv)
    rng.shuffle(cards)
    return Shuffle(s.chance, tuple(cards))


# ------------------------------------------------------------ apply
def apply(f: Facts, s: State, a: Any) -> None:
    """Carry out ``a`` (a chance outcome or the decision due) and run the tasks up to the next one;
    IllegalAction for anything else."""
    if s.phase == Phase.CHANCE:
        _apply_shuffle(s, a)
    else:
        if not isinstance(a, Move):
            raise IllegalAction(msg("tantei2.illegal_foreign", action=repr(a)))
        step = _APPLY.get(s.phase)
        if step is None:
            raise IllegalAction(msg("tantei2.illegal_no_decision", action=repr(a)))
        if step(f, s, a):
            return
    tasks.run(f, s)


def _apply_shuffle(s: State, a: Any) -> None:
    if a.__class__ is not Shuffle or a.deck != s.chance:
        raise IllegalAction(msg("tantei2.illegal_shuffle", deck=s.chance, action=repr(a)))
    if s.chance == Deck.EVENTS:
        if sorted(a.order) != sorted(s.ev_deck + s.discard):
            raise IllegalAction(msg("tantei2.illegal_event_order"))
        s.ev_deck = list(a.order)
        s.discard = []
    else:
        if sorted(a.order) != sorted(s.inv):
            raise IllegalAction(msg("tantei2.illegal_inv_order"))
        s.inv = list(a.order)
    s.chance = 0


def _apply_main(f: Facts, s: State, a: Move) -> bool:
    if isinstance(a, (Rest, RestEmpty)):
        _rest(f, s, a)
    elif isinstance(a, (Investigate, Flash)):
        _investigate(f, s, a)
    elif isinstance(a, Substitute):
        _substitute(f, s, a)
    else:
        raise IllegalAction(msg("tantei2.illegal_not_main", action=repr(a)))
    return False


def _rest(f: Facts, s: State, a: Rest | RestEmpty) -> None:
    """一服: a hand card discarded or placed face down (or none, with an empty hand), then draw two."""
    seat = s.cur
    hand = s.hands[seat]
    extra = 0
    if isinstance(a, Rest):
        e = a.card
        if e not in hand:
            raise IllegalAction(msg("tantei2.illegal_not_in_hand", action=a.label()))
        hand.remove(e)
        if a.face_down:
            s.down[seat].append(e)
            s.fresh.append(e)
            s.st_down += 1
            if s.skills and f.watashi_skill[s.watashi[seat]] == "rest_facedown_draw":
                extra = f.watashi_n[s.watashi[seat]]
        else:
            s.discard.append(e)
    elif hand:
        raise IllegalAction(msg("tantei2.illegal_rest_empty"))
    s.stack.append((Task.END, seat))
    s.stack.append((Task.DRAW, seat, 2 + s.rest_bonus[seat] + extra))


def _investigate(f: Facts, s: State, a: Investigate | Flash) -> None:
    """捜査 (the turn ends after it) or 閃き (the main decision comes again)."""
    seat = s.cur
    hand = s.hands[seat]
    e = a.card
    flash = isinstance(a, Flash)
    if e not in hand or f.ev_flash[e] != flash or not payable(f, s, seat, e):
        raise IllegalAction(msg("tantei2.illegal_not_payable", action=a.label()))
    hand.remove(e)
    if not flash:
        s.stack.append((Task.END, seat))
        if not s.flip_before:         # ruling auto-flip: also after a card played by 捜査
            s.stack.append((Task.FLIPS, seat))
    else:
        s.stack.append((Task.MAIN, seat))
        s.st_flash += 1
    tasks.reveal(f, s, seat, e)


def _substitute(f: Facts, s: State, a: Substitute) -> None:
    seat = s.cur
    c = a.colour
    if s.sub_used or c not in sub_colours(f, s):
        raise IllegalAction(msg("tantei2.illegal_sub_colour", action=a.label()))
    cost = sub_cost(f, s, seat, c)
    if len(s.hands[seat]) < cost:
        raise IllegalAction(msg("tantei2.illegal_sub_cards", action=a.label()))
    s.sub_used = True
    s.sub_color = c
    s.st_subs += 1
    if s.dead[c]:
        s.st_subs_dead += 1
    s.stack.append((Task.MAIN, seat))
    s.stack.append((Task.DISC, seat, cost))


def _apply_discard(f: Facts, s: State, a: Move) -> bool:
    """One card of a discard; True while more are due (the decision stays)."""
    seat = s.cur
    if not isinstance(a, Discard) or a.card not in s.hands[seat]:
        raise IllegalAction(msg("tantei2.illegal_discard", action=repr(a)))
    s.hands[seat].remove(a.card)
    s.discard.append(a.card)
    s.dn -= 1
    return s.dn > 0 and bool(s.hands[seat])


def _apply_outside(f: Facts, s: State, a: Move) -> bool:
    if not isinstance(a, MoveOutside) or a.person not in movable(f, s):
        raise IllegalAction(msg("tantei2.illegal_not_movable", action=repr(a)))
    s.outside.append(s.piles[a.person].pop())
    if s.stack and s.stack[-1][0] == Task.OUT_RETURN:
        s.stack.pop()                      # an effect's move: carry on with the effect
    else:
        s.stack.append((Task.TURN, s.start))  # the round start's move: the first turn follows
    return False


def _apply_pick(f: Facts, s: State, a: Move) -> bool:
    if not isinstance(a, PickWatashi) or a.watashi in s.watashi:
        raise IllegalAction(msg("tantei2.illegal_watashi_taken", action=repr(a)))
    s.watashi[s.cur] = a.watashi
    if s.skills and f.watashi_skill[a.watashi] == "keep_free":
        s.keep_free[s.cur] += f.watashi_n[a.watashi]
    return False


def _apply_down(f: Facts, s: State, a: Move) -> bool:
    seat = s.cur
    if isinstance(a, PlaceFaceDown):
        if a.card not in s.hands[seat]:
            raise IllegalAction(msg("tantei2.illegal_not_in_hand", action=repr(a)))
        s.hands[seat].remove(a.card)
        s.down[seat].append(a.card)
        s.fresh.append(a.card)
        s.st_down += 1
    elif not isinstance(a, SkipFaceDown):
        raise IllegalAction(msg("tantei2.illegal_facedown", action=repr(a)))
    return False


def _apply_flip(f: Facts, s: State, a: Move) -> bool:
    seat = s.cur
    if not isinstance(a, Flip) or a.card not in s.down[seat]:
        raise IllegalAction(msg("tantei2.illegal_flip", action=repr(a)))
    e = a.card
    s.down[seat].remove(e)
    s.cubes[e] = 0
    if e in s.fresh:
        s.fresh.remove(e)
    tasks.count_flip(f, s, e)
    tasks.reveal(f, s, seat, e, flipped=True)
    return False


def _apply_keep(f: Facts, s: State, a: Move) -> bool:
    seat = s.cur
    if isinstance(a, Keep):
        if a.card not in s.down[seat] or a.card in s.kept:
            raise IllegalAction(msg("tantei2.illegal_keep_card", action=repr(a)))
        s.kept.append(a.card)
        s.st_kept += 1
        s.stack.append((Task.KEEP_ASK, seat))
        if s.kfree > 0:
            s.kfree -= 1
        else:
            if not s.hands[seat]:
                raise IllegalAction(msg("tantei2.illegal_keep_no_hand", action=repr(a)))
            s.stack.append((Task.DISC, seat, 1))
    elif isinstance(a, KeepDone):
        rounds.release(f, s, seat)
    else:
        raise IllegalAction(msg("tantei2.illegal_keep", action=repr(a)))
    return False


_APPLY: dict[int, Callable[[Facts, State, Move], bool]] = {
    Phase.MAIN: _apply_main,
    Phase.DISCARD: _apply_discard,
    Phase.OUTSIDE: _apply_outside,
    Phase.PICK: _apply_pick,
    Phase.DOWN: _apply_down,
    Phase.FLIP: _apply_flip,
    Phase.KEEP: _apply_keep,
}


# ------------------------------------------------------------ what a seat sees
def observe(f: Facts, s: State, seat: int) -> Observation:
    o = Observation()
    o.seat = seat
    o.players = s.n
    o.phase = s.phase
    o.facts = f
    o.hand = tuple(s.hands[seat])
    o.my_down = tuple(s.down[seat])
    o.down_counts = tuple(len(d) for d in s.down)
    o.hand_counts = tuple(len(h) for h in s.hands)
    o.up = tuple(tuple(u) for u in s.up)
    o.line = tuple(f.pc_person[c] for c in s.line)
    o.linecnt = tuple(s.linecnt)
    o.extra = tuple(s.extra[seat])
    o.sub_color = s.sub_color
    o.sub_used = s.sub_used
    o.dead = tuple(s.dead)
    o.awake = tuple(is_awake(f, s, p) for p in range(f.np))
    o.lamps = s.lamps
    o.vp = tuple(s.vp)
    o.round = s.round
    o.discard = tuple(s.discard)
    o.outside = tuple(f.pc_person[c] for c in s.outside)
    o.pile_sizes = tuple(len(p) for p in s.piles)
    o.watashi = tuple(s.watashi)
    o.skills = s.skills
    o.inv_size = len(s.inv)
    o.ev_deck_size = len(s.ev_deck)
    o.tragedy_pos = s.tragedy_pos
    o.dn = s.dn
    cubes = s.cubes
    o.cubes = tuple(cubes[e] for e in s.down[seat])
    o.down_cubes = tuple(tuple(sorted(cubes[e] for e in d)) for d in s.down) if s.cube_rule else ()
    return o
