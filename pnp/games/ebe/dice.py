"""The dice of a turn: the leader hands each rolled die to an イーバ or a seat, then (after the cards are
played) holders of a 行動予測装置 may change one die by one."""
from __future__ import annotations

from .actions import AssignDie
from .facts import E_DICE, P_CHOOSE, P_DICE
from .state import State
from .turns import TurnRules


class DiceRules(TurnRules):
    def _assign_legal(self, s: State) -> list[AssignDie]:
        # slots are filled in the order イーバ(s) first, then seats 0..n-1; ``s.dice`` holds what is left
        slot = s.slot
        who = self._slot_name(s, slot)
        return [AssignDie(slot, v, who) for v in sorted(set(s.dice))]

    def _give_die(self, s: State, slot: int, v: int) -> None:
        d = list(s.dice)
        d.remove(v)
        s.dice = tuple(d)
        if slot >= s.n:
            s.ebe_die[slot - s.n] = v
        else:
            s.die[slot] = v
        # next slot: イーバ n..n+e-1, then seats 0..n-1
        e = len(s.ebe_now)
        if slot >= s.n:
            slot += 1
            if slot >= s.n + e:
                slot = 0
        else:
            slot += 1
        s.slot = slot

    def _assign_rest(self, s: State) -> None:
        """Fills slots while only one value is left to give; then the plays start."""
        while s.dice and len(set(s.dice)) == 1:
            self._give_die(s, s.slot, s.dice[0])
        if not s.dice:
            ed = s.ebe_die
            rolled = sorted(ed + s.die)
            s.log_ebe_dice += ed
            # share of イーバ that got the lowest rolled value
            s.log_min_share += [1 if v == rolled[0] else 0 for v in ed]
            s.phase = P_CHOOSE
            s.cur = 0

    def _next_tuner(self, s: State) -> None:
        """After the reveal: each seat holding a 行動予測装置, in seat order, may change dice; then the turn."""
        p = s.pos + 1
        while p < s.n and not any(self.item_effect[i] == E_DICE for i in s.items[p]):
            p += 1
        if p < s.n:
            s.pos = p
            s.cur = p
            s.phase = P_DICE
            return
        self._reveal(s)

