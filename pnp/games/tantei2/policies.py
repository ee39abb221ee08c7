"""探偵無宿２: the policies (players) that choose from an observation."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .actions import Kind, Phase
from .facts import Facts
from .state import Observation

# ---------------------------------------------------------------- heuristic policy

class HeuristicPolicy:
    """Plays the most valuable payable event, buys one missing colour with 代用コスト when that
    completes a card worth 2 VP or more, otherwise rests: it places face down a valuable card that is
    close to payable and discards the hardest card."""

    name = "heuristic"

    def choose(self, o: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        k = legal[0].kind
        f = o.facts
        if o.phase == Phase.MAIN:
            return self._main(o, legal, f)
        if k == Kind.DISC:
            # never the card a colour was just bought for, nor one that is payable now
            return min(legal, key=lambda a: (self._keep_value(o, f, a.card), a.card))
        if k == Kind.PICK:
            return legal[int(rng.random() * len(legal))]
        if k == Kind.OUT:
            return self._outside(o, legal, f)
        if o.phase == Phase.DOWN:
            cands = [a for a in legal if a.kind == Kind.DOWN and f.ev_vp[a.card] >= 2 and self._missing(o, f, a.card) > 0]
            return max(cands, key=lambda a: (f.ev_vp[a.card], -a.card)) if cands else legal[-1]
        if k == Kind.FLIP:
            return max(legal, key=lambda a: (f.ev_vp[a.card], -a.card))
        if o.phase == Phase.KEEP:
            # keep a valuable face-down card when a hand card of less worth can pay its upkeep
            keeps = [a for a in legal if a.kind == Kind.KEEP and f.ev_vp[a.card] >= 2 and not self._black_blocked(o, f, a.card)]
            if keeps:
                best = max(keeps, key=lambda a: (f.ev_vp[a.card], -a.card))
                cheapest = min((self._keep_value(o, f, e) for e in o.hand), default=None)
                if cheapest is not None and (len(o.hand) >= 3 or cheapest < f.ev_vp[best.card] - 1):
                    return best
            return legal[-1]
        return legal[int(rng.random() * len(legal))]

    @staticmethod
    def _black_short(o: Observation, f: Facts, e: int) -> bool:
        """The card needs more black than the 【捜査線】 shows (a cube is never black)."""
        return any(c == f.black and o.linecnt[c] < k for c, k in f.ev_need[e])

    @staticmethod
    def _black_blocked(o: Observation, f: Facts, e: int) -> bool:
        """A card that needs black once 勿忘草 is dead can never be paid."""
        return o.dead[f.black] and any(c == f.black for c, _ in f.ev_need[e])

    def _keep_value(self, o: Observation, f: Facts, e: int) -> float:
        """How much a hand card is worth keeping when one must go: a card payable now (with this turn's
        代用コスト colour) is kept before any other, then the card's own worth."""
        if o.sub_color >= 0 and any(c == o.sub_color for c, _ in f.ev_need[e]) and self._missing(o, f, e) == 0:
            return 100.0 + f.ev_vp[e]
        if self._missing(o, f, e) == 0 and f.ev_placed[e]:
            return 50.0 + f.ev_vp[e]
        return self._worth(o, f, e)

    @staticmethod
    def _missing(o: Observation, f: Facts, e: int) -> int:
        miss = 0
        for c, k in f.ev_need[e]:
            have = o.linecnt[c] + o.extra[c] + (1 if o.sub_color == c else 0)
            if have < k:
                miss += k - have
        for p in f.ev_death[e]:
            if not o.dead[p]:
                miss += 3
        return miss

    def _worth(self, o: Observation, f: Facts, e: int) -> float:
        """How much a hand card is worth keeping (higher = keep)."""
        if any(f.ev_need[e][i][0] == f.black for i in range(len(f.ev_need[e]))) and o.dead[f.black]:
            return -5.0
        if any(o.dead[c] and c != f.black for c, _ in f.ev_need[e]):
            base = -1.0
        else:
            base = 0.0
        v = f.ev_vp[e] if f.ev_placed[e] else 0.8
        return base + v - 0.45 * f.ev_need_total[e] + (0.5 if f.ev_flash[e] else 0)

    def _main(self, o: Observation, legal: Sequence[Any], f: Facts) -> Any:
        plays = [a for a in legal if a.kind in (Kind.INV, Kind.FLASH)]
        flash = [a for a in plays if a.kind == Kind.FLASH and (f.ev_placed[a.card] or o.ev_deck_size > 0)]
        if flash:
            return max(flash, key=lambda a: (f.ev_vp[a.card], -a.card))
        inv = [a for a in plays if a.kind == Kind.INV]
        best_inv = max(inv, key=lambda a: (f.ev_vp[a.card] if f.ev_placed[a.card] else 0.5, -a.card)) if inv else None
        # buy a colour if it completes something better than what is payable now
        subs = [a for a in legal if a.kind == Kind.SUB]
        if subs and len(o.hand) >= 2:
            makeable = {a.colour for a in subs}
            cur = f.ev_vp[best_inv.card] if best_inv and f.ev_placed[best_inv.card] else 0
            target, tcol = None, -1
            for e in o.hand + o.my_down:
                if not f.ev_placed[e] or f.ev_vp[e] <= max(cur, 1):
                    continue
                if any(not o.dead[p] for p in f.ev_death[e]):
                    continue
                short = [(c, k - (o.linecnt[c] + o.extra[c])) for c, k in f.ev_need[e]
                         if o.linecnt[c] + o.extra[c] < k]
                if len(short) == 1 and short[0][1] == 1 and short[0][0] in makeable:
                    c = short[0][0]
                    if o.dead[c] and len(o.hand) < 3:
                        continue
                    if target is None or f.ev_vp[e] > f.ev_vp[target]:
                        target, tcol = e, c
            if target is not None:
                for a in subs:
                    if a.colour == tcol:
                        return a
        if best_inv is not None:
            return best_inv
        rests = [a for a in legal if a.kind == Kind.REST]
        if not rests:
            return legal[-1]
        return self._rest(o, rests, f)

    def _rest(self, o: Observation, rests: Sequence[Any], f: Facts) -> Any:
        """Resting: which card goes face down, or which is discarded."""
        # face down: a valuable card one or two colours short (three with cubes, which pay any colour but black)
        cubes = o.down_cubes != ()
        reach, room = (3, 3) if cubes else (2, 2)
        downs = [a for a in rests if a.face_down and f.ev_placed[a.card] and f.ev_vp[a.card] >= 2
                 and not self._black_blocked(o, f, a.card) and self._missing(o, f, a.card) <= reach
                 and (not cubes or not self._black_short(o, f, a.card))]
        if downs and len(o.my_down) < room:
            return max(downs, key=lambda a: (f.ev_vp[a.card] - self._missing(o, f, a.card), -a.card))
        discards = [a for a in rests if not a.face_down]
        return min(discards, key=lambda a: (self._keep_value(o, f, a.card), a.card))

    @staticmethod
    def _outside(o: Observation, legal: Sequence[Any], f: Facts) -> Any:
        # more copies of a colour my hand wants; avoid waking 勿忘草 into the deck early
        want = [0] * f.np
        for e in o.hand:
            for c, k in f.ev_need[e]:
                want[c] += k * (1 + f.ev_vp[e])
        return max(legal, key=lambda a: (want[a.person], -a.person))


class StasherPolicy(HeuristicPolicy):
    """The heuristic's play with another answer to every face-down choice (a second player for the
    report, so that the face-down figures are checked against who plays): it rests by placing a card
    face down whenever one is worth at least 1 VP and at most three colours short (the heuristic: 2 VP,
    two colours), holds up to three face down, places any short card when an effect offers it, and keeps
    a face-down card over the night whenever a hand card can pay its upkeep."""

    name = "stasher"
    ROOM = 3

    def choose(self, o: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        f = o.facts
        if o.phase == Phase.DOWN:
            cands = [a for a in legal if a.kind == Kind.DOWN and f.ev_placed[a.card] and f.ev_vp[a.card] >= 1
                     and not self._black_blocked(o, f, a.card) and self._missing(o, f, a.card) > 0]
            return max(cands, key=lambda a: (f.ev_vp[a.card], -a.card)) if cands else legal[-1]
        if o.phase == Phase.KEEP:
            keeps = [a for a in legal if a.kind == Kind.KEEP and f.ev_vp[a.card] >= 1 and not self._black_blocked(o, f, a.card)]
            if keeps and o.hand:
                return max(keeps, key=lambda a: (f.ev_vp[a.card], -a.card))
            return legal[-1]
        return super().choose(o, legal, rng)

    def _rest(self, o: Observation, rests: Sequence[Any], f: Facts) -> Any:
        downs = [a for a in rests if a.face_down and f.ev_placed[a.card] and f.ev_vp[a.card] >= 1
                 and not self._black_blocked(o, f, a.card) and self._missing(o, f, a.card) <= 3
                 and (o.down_cubes == () or not self._black_short(o, f, a.card))]
        if downs and len(o.my_down) < self.ROOM:
            return max(downs, key=lambda a: (f.ev_vp[a.card], -self._missing(o, f, a.card), -a.card))
        discards = [a for a in rests if not a.face_down]
        return min(discards, key=lambda a: (self._keep_value(o, f, a.card), a.card))


POLICIES = {"heuristic": HeuristicPolicy, "stasher": StasherPolicy}

# What each policy does and what it is known not to do (the report prints these beside its figures).
POLICY_NOTES = {
    "random": "合法な手から等しい確率で1つを選びます。カードの価値もコストも考えません。",
    "heuristic": "出せるうちで最もVPの高いイベントを出し、2VP以上のカードがあと1色で出せるときだけ代用コストを使い、"
                 "そのとき捨てるのは出せないカードからです。ほかのプレイヤーの【手帳】や犠牲者の行方（どの人物を死なせるか）"
                 "は読まず、告命灯も狙わず、「私」も無作為に選びます。",
    "stasher": "ヒューリスティックと同じに出し、裏向きの選び方だけが違います。一服では1VP以上で足りない色が3つまでの"
               "カードをあれば裏向きに置き（3枚まで）、効果で裏向きに置けるときは足りないカードを置き、ラウンドの終わりには"
               "手札で払えるかぎり裏向きのカードを残します。レポートの2人目の方針で、裏向きの数字が遊ぶ人で変わるかを確かめます。",
}
