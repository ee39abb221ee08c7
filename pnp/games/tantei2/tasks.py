"""探偵無宿２: resolution as a small task stack.  A turn, an effect, a discard, a shuffle are tasks
(``(Task.X, arguments…)``); a task that needs a player's choice (or a chance outcome) stops the stack until
``rules.apply`` receives it.  :func:`run` pops tasks and hands each to its handler in ``HANDLERS``."""
from __future__ import annotations

from collections.abc import Callable

from ...messages import msg
from ...sim.engine import InvariantError
from . import rounds
from .actions import Deck, Phase, Task
from .costs import avail, cubes_short, is_awake, movable
from .facts import (
    HAND_START,
    MAX_LAMPS,
    O_DISC,
    O_DOWN,
    O_DRAW,
    O_FLIP,
    O_LAMP,
    O_LOUT,
    O_OUTX,
    O_SUBD,
    O_TAKE,
    Facts,
    Ops,
)
from .state import State, TaskTuple

Handler = Callable[[Facts, State, TaskTuple], bool]


def run(f: Facts, s: State) -> None:
    """Run the task stack until a decision or a chance step is due: each task's handler does its part and
    says whether play stops there (True) or goes on with the next task (False)."""
    stack = s.stack
    while stack:
        t = stack.pop()
        handler = HANDLERS.get(t[0])
        if handler is None:
            raise InvariantError(msg("tantei2.invariant_unknown_task", task=repr(t)))
        if handler(f, s, t):
            return
    raise InvariantError(msg("tantei2.invariant_stack_empty"))


# ------------------------------------------------------------ what tasks and decisions share
def reveal(f: Facts, s: State, seat: int, e: int, flipped: bool = False) -> None:
    """Put an event into effect: placed → 手帳 face up (VP, ongoing, the 配置時 effect); instant → effect,
    discard.  ``flipped``: a face-down card turning face up (ruling flip-placement-effect: its 配置時 effect
    applies as well; not in variant flip-without-placement-effect)."""
    s.st_used.append((seat, e))
    if f.ev_placed[e]:
        s.up[seat].append(e)
        s.vp[seat] += f.ev_vp[e]
        for op, col, n in f.ev_ongoing[e]:
            if op == "color":
                s.extra[seat][col] += n
            elif op == "rest_draw":
                s.rest_bonus[seat] += n
            elif op == "keep_free":
                s.keep_free[seat] += n
    else:
        # an instant card waits beside the table until its effect is over (回想 must not take itself)
        s.limbo.append(e)
        s.stack.append((Task.TO_DISCARD, e))
    if f.ev_effect[e] and not (flipped and s.flip_noeff and f.ev_placed[e]):
        push_effects(f, s, seat, f.ev_effect[e])


def count_flip(f: Facts, s: State, e: int) -> None:
    s.st_flip += 1
    s.st_flip_vp += f.ev_vp[e]


def push_effects(f: Facts, s: State, seat: int, ops: Ops) -> None:
    """The tasks of an effect, pushed so that they resolve in the effect's order."""
    n = s.n
    tasks: list[TaskTuple] = []
    for op, k, who in ops:
        if op == O_DRAW or op == O_DISC:
            t = Task.DRAW if op == O_DRAW else Task.DISC
            # ruling all-order: 「全員が」 goes from the turn player clockwise (variant all-from-next-player:
            # from the next player, the turn player last)
            if who != 1 and not (who == 2 and s.all_next):
                tasks.append((t, seat, k))
            if who != 0:
                for i in range(1, n):
                    tasks.append((t, (seat + i) % n, k))
            if who == 2 and s.all_next:
                tasks.append((t, seat, k))
        elif op == O_TAKE:
            tasks.append((Task.TAKE, seat, k))
        elif op == O_DOWN:
            tasks.append((Task.DOWN, seat))
        elif op == O_FLIP:
            tasks.append((Task.FLIP, seat))
        elif op == O_SUBD:
            tasks.append((Task.SUB_DISCOUNT, k))
        elif op == O_LAMP:
            tasks.append((Task.LAMP, k))
        elif op == O_OUTX:
            tasks.append((Task.OUTSIDE, seat, k))
        elif op == O_LOUT:
            tasks.append((Task.LINE_OUT,))
    s.stack.extend(reversed(tasks))


def _due_flips(f: Facts, s: State, seat: int, av: list[int]) -> list[int]:
    """The face-down cards of ``seat`` placed before this turn whose costs and 死亡条件 are met."""
    d = s.down[seat]
    fresh = s.fresh
    if s.cube_rule:
        return [e for e in d if e not in fresh and cubes_short(f, s, e, av) >= 0]
    need, death, dead = f.ev_need, f.ev_death, s.dead
    flips = []
    for e in d:
        for c, k in need[e]:
            if av[c] < k:
                break
        else:
            for p in death[e]:
                if not dead[p]:
                    break
            else:
                if e not in fresh:
                    flips.append(e)
    return flips


def auto_flip(f: Facts, s: State, seat: int, again: TaskTuple) -> bool:
    """Ruling auto-flip: every face-down card of ``seat`` placed before this turn whose costs and 死亡条件 are
    met turns face up, in serial order; their effects go on the stack above ``again`` (the check, pushed
    back to run once they are over).  True when any did."""
    av = avail(f, s, seat)
    flips = _due_flips(f, s, seat, av)
    if not flips:
        return False
    flips.sort()
    if s.flip_one:                          # variant flip-one-at-a-time: the rest wait for the check again
        del flips[1:]
    s.stack.append(again)
    d = s.down[seat]
    for e in reversed(flips):
        d.remove(e)
        if s.cube_rule:
            s.st_cubes += cubes_short(f, s, e, av)
            s.cubes[e] = 0
        count_flip(f, s, e)
    # reveal in serial order: push effects so the lowest serial resolves first
    for e in reversed(flips):
        reveal(f, s, seat, e, flipped=True)
    return True


def tragedy_drawn(f: Facts, s: State, seat: int) -> None:
    """The turn player drew 惨劇の夜: where it lies, whether a 告命灯 lies there now (ruling lamp-at-draw:
    「告命灯の配置されたスペースで「惨劇の夜」が引かれた場合…必ず犠牲者が発生します」), and the draws of
    「「惨劇の夜」が引かれるたび」, the turn player first, then clockwise."""
    s.tragedy_pos = len(s.line)
    s.tragedy_lit = s.lamp_first <= s.tragedy_pos < s.lamp_first + s.lamps
    rounds.push_tragedy_draws(f, s, seat)


def end_turn(f: Facts, s: State, seat: int) -> None:
    """「以上の処理が終わったら、次の順番のプレイヤーに手番を渡します」: this turn's 代用コスト is gone."""
    s.sub_color = -1
    s.sub_used = False
    s.sub_disc = 0
    s.fresh.clear()
    s.stack.append((Task.ROUND_END,) if s.tragedy_pos else (Task.TURN, (seat + 1) % s.n))


def _chance(s: State, deck: Deck) -> bool:
    s.phase, s.chance = Phase.CHANCE, deck
    return True


def _decide(s: State, phase: Phase, seat: int) -> bool:
    s.phase, s.cur = phase, seat
    return True


# ------------------------------------------------------------ the handlers
def _draw(f: Facts, s: State, t: TaskTuple) -> bool:
    seat, k = t[1], t[2]
    if len(t) > 3:                    # an ongoing effect's or a skill's draw: the transcript names it
        s.st_draws.append((seat, t[3], k))
    hand = s.hands[seat]
    deck = s.ev_deck
    while k > 0:
        if not deck:
            if s.discard:
                s.stack.append((Task.DRAW, seat, k))
                return _chance(s, Deck.EVENTS)
            break
        hand.append(deck.pop())
        k -= 1
    if s.reshuffle_now and not deck and s.discard:   # variant reshuffle-when-empty
        return _chance(s, Deck.EVENTS)
    return False


def _main(f: Facts, s: State, t: TaskTuple) -> bool:
    seat = t[1]
    if s.down[seat] and auto_flip(f, s, seat, t):
        return False
    if t[0] == Task.MAIN:             # Task.FLIPS: only the flips, no main decision
        return _decide(s, Phase.MAIN, seat)
    return False


def _turn(f: Facts, s: State, t: TaskTuple) -> bool:
    seat = t[1]
    s.st_turns += 1
    if s.cube_rule:                     # 「自分の手番の開始時に、この推論の上にキューブ１個を置く」
        cubes = s.cubes
        for e in s.down[seat]:
            cubes[e] += 1
    if not s.inv:                       # cannot happen: 惨劇の夜 is always in the deck
        raise InvariantError(msg("tantei2.invariant_inv_empty"))
    c = s.inv.pop()
    s.line.append(c)
    s.stack.append((Task.MAIN, seat))     # the main decision pushes Task.END itself
    if c == f.tragedy:
        tragedy_drawn(f, s, seat)
    else:
        p = f.pc_person[c]
        s.linecnt[p] += 1
        awake_ops = f.action_awake[p]
        push_effects(f, s, seat, awake_ops if awake_ops and is_awake(f, s, p) else f.action[p])
    return False


def _end(f: Facts, s: State, t: TaskTuple) -> bool:
    end_turn(f, s, t[1])
    return False


def _keep(f: Facts, s: State, t: TaskTuple) -> bool:
    seat = t[1]
    if s.down[seat]:
        s.kept = []
        s.kfree = s.keep_free[seat]
        s.stack.append((Task.KEEP_ASK, seat))
    return False


def _keep_ask(f: Facts, s: State, t: TaskTuple) -> bool:
    seat = t[1]
    kept = s.kept
    if all(e in kept for e in s.down[seat]):
        return False                     # every face-down card is kept
    if s.kfree <= 0 and not s.hands[seat]:
        rounds.release(f, s, seat)
        return False
    return _decide(s, Phase.KEEP, seat)


def _disc(f: Facts, s: State, t: TaskTuple) -> bool:
    seat, k = t[1], t[2]
    if k > 0 and s.hands[seat]:
        s.dn = k
        return _decide(s, Phase.DISCARD, seat)
    return False


def _shuffle_inv(f: Facts, s: State, t: TaskTuple) -> bool:
    return _chance(s, Deck.INVESTIGATION)


def _shuffle_events(f: Facts, s: State, t: TaskTuple) -> bool:
    return _chance(s, Deck.EVENTS) if s.ev_deck or s.discard else False


def _round_start(f: Facts, s: State, t: TaskTuple) -> bool:
    rounds.round_start(f, s)
    return False


def _round_end(f: Facts, s: State, t: TaskTuple) -> bool:
    return rounds.round_end(f, s)


def _over(f: Facts, s: State, t: TaskTuple) -> bool:
    """The game-ending death's draws are done."""
    rounds.game_over(s)
    return True


def _out(f: Facts, s: State, t: TaskTuple) -> bool:
    if movable(f, s):
        return _decide(s, Phase.OUTSIDE, s.start)
    s.stack.append((Task.TURN, s.start))
    return False


def _new_round(f: Facts, s: State, t: TaskTuple) -> bool:
    s.lamps = min(MAX_LAMPS, s.lamps + 1)
    s.round += 1
    s.start = (s.start + 1) % s.n
    s.stack.append((Task.ROUND_START,))
    s.stack.append((Task.SHUFFLE_INV,))
    return False


def _take(f: Facts, s: State, t: TaskTuple) -> bool:
    seat, k = t[1], t[2]
    for _ in range(min(k, len(s.discard))):
        s.hands[seat].append(s.discard.pop())
    return False


def _to_discard(f: Facts, s: State, t: TaskTuple) -> bool:
    s.limbo.remove(t[1])
    s.discard.append(t[1])
    return False


def _pick(f: Facts, s: State, t: TaskTuple) -> bool:
    return _decide(s, Phase.PICK, t[1])


def _down(f: Facts, s: State, t: TaskTuple) -> bool:
    return _decide(s, Phase.DOWN, t[1]) if s.hands[t[1]] else False


def _lamp(f: Facts, s: State, t: TaskTuple) -> bool:
    s.lamps = min(MAX_LAMPS, max(0, s.lamps + t[1]))
    return False


def _sub_discount(f: Facts, s: State, t: TaskTuple) -> bool:
    s.sub_disc += t[1]
    return False


def _deal(f: Facts, s: State, t: TaskTuple) -> bool:
    for seat in range(s.n):
        for _ in range(HAND_START):
            s.hands[seat].append(s.ev_deck.pop())
    s.st_dealt = tuple(tuple(h) for h in s.hands)
    return False


def _flip(f: Facts, s: State, t: TaskTuple) -> bool:
    return _decide(s, Phase.FLIP, t[1]) if s.down[t[1]] else False


def _line_out(f: Facts, s: State, t: TaskTuple) -> bool:
    """An effect: the last card of the 【捜査線】 to the 【線外】."""
    line = s.line
    if line and line[-1] != f.tragedy:
        c = line.pop()
        s.linecnt[f.pc_person[c]] -= 1
        s.outside.append(c)
    return False


def _outside(f: Facts, s: State, t: TaskTuple) -> bool:
    """An effect: the player moves a card to the 【線外】."""
    if t[2] > 0 and movable(f, s):
        if t[2] > 1:
            s.stack.append((Task.OUTSIDE, t[1], t[2] - 1))
        s.stack.append((Task.OUT_RETURN,))    # the choice returns here, not to a new turn
        return _decide(s, Phase.OUTSIDE, t[1])
    return False


def _out_return(f: Facts, s: State, t: TaskTuple) -> bool:
    return False


HANDLERS: dict[int, Handler] = {
    Task.DRAW: _draw,
    Task.MAIN: _main,
    Task.FLIPS: _main,
    Task.TURN: _turn,
    Task.END: _end,
    Task.KEEP: _keep,
    Task.KEEP_ASK: _keep_ask,
    Task.DISC: _disc,
    Task.SHUFFLE_INV: _shuffle_inv,
    Task.ROUND_START: _round_start,
    Task.ROUND_END: _round_end,
    Task.OVER: _over,
    Task.OUT: _out,
    Task.NEW_ROUND: _new_round,
    Task.TAKE: _take,
    Task.TO_DISCARD: _to_discard,
    Task.PICK: _pick,
    Task.DOWN: _down,
    Task.LAMP: _lamp,
    Task.SUB_DISCOUNT: _sub_discount,
    Task.DEAL: _deal,
    Task.FLIP: _flip,
    Task.LINE_OUT: _line_out,
    Task.OUTSIDE: _outside,
    Task.OUT_RETURN: _out_return,
    Task.SHUFFLE_EVENTS: _shuffle_events,
}
