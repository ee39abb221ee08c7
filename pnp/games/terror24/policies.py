"""The game's own players (``random`` comes from :mod:`pnp.sim.policies`)."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .facts import Challenge, Keep, Place, Take
from .state import Observation


class HeuristicPolicy:
    """Puts high hours on valuable incidents, keeps ヒーロータイム for the second round where no
    rival ヒーロータイム shows, challenges when the expected card gain beats the risk."""

    name = "heuristic"

    def choose(self, o: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        first = legal[0]
        if len(legal) == 1:
            return first
        cls = first.__class__
        if cls is Place:
            return self._place(o, legal, rng)
        if cls is Challenge:
            return self._challenge(o, legal)
        if cls is Take:
            lay = o.layout
            k = o.incident - 1
            v = o.card_value
            return legal[0] if v[lay[2 * k]] >= v[lay[2 * k + 1]] else legal[1]
        if cls is Keep:
            return self._keep(o, legal)
        return legal[int(rng.random() * len(legal))]

    @staticmethod
    def _worth(o: Observation, col: int) -> float:
        v = o.card_value
        a, b = o.layout[2 * col], o.layout[2 * col + 1]
        wa = v[a] if a >= 0 else 3.5
        wb = v[b] if b >= 0 else 3.5
        return wa + 0.5 * wb

    def _place(self, o: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        hero = o.hero_kind
        hours = o.kind_hours
        col = o.column
        cols = range(col, 5)
        worth = {c: self._worth(o, c) for c in cols}
        kinds = [a.kind for a in legal]
        cards: list[int] = []
        for k in kinds:
            cards += [k] * o.hand[k]
        plain = sorted((k for k in cards if k != hero), key=lambda k: -hours[k])
        if o.round == 1:
            order = sorted(cols, key=lambda c: (-worth[c], c))
            r = order.index(col)
            if rng.random() < 0.1:
                r = int(rng.random() * len(plain))
            pick = plain[min(r, len(plain) - 1)] if plain else hero
            return next(a for a in legal if a.kind == pick)
        # second round: every first card is visible
        me = o.seat
        rivals = [i for i in range(o.players) if i != me]

        def rival_best(c: int) -> int:
            return max(hours[o.placed1[i][c]] for i in rivals)

        def rival_ht(c: int) -> bool:
            return any(o.placed1[i][c] == hero for i in rivals)

        if hero in kinds:
            # where hours alone would lose the most; spread so that rivals do not all collide
            free = [c for c in cols if not rival_ht(c)] or list(cols)
            gain = {c: worth[c] * (1.0 if rival_best(c) >= hours[o.placed1[me][c]] else 0.5)
                    for c in free}
            best = max(free, key=lambda c: (gain[c], -c))
            last = col == 4
            if col in free and o.placed1[me][col] != hero and (
                    last or rng.random() < (0.55 if col == best else 0.2 * gain[col] / gain[best])):
                return next(a for a in legal if a.kind == hero)
        # how much each remaining column is worth fighting for
        score = {}
        for c in cols:
            mine = hours[o.placed1[me][c]]
            gap = rival_best(c) + 2 - mine
            contest = 1.0 if gap <= 6 else 0.3
            if o.placed1[me][c] == hero:
                contest = 0.5
            score[c] = worth[c] * contest
        order = sorted(cols, key=lambda c: (-score[c], c))
        r = order.index(col)
        pick = plain[min(r, len(plain) - 1)] if plain else hero
        return next(a for a in legal if a.kind == pick)

    def _challenge(self, o: Observation, legal: Sequence[Any]) -> Any:
        me = o.seat
        k = o.incident - 1
        num = k + 1
        v = o.card_value
        lay = o.layout
        r1 = v[lay[2 * k]] if lay[2 * k] >= 0 else 0
        r2 = v[lay[2 * k + 1]] if lay[2 * k + 1] >= 0 else 0
        hero = o.hero_kind
        part = [i for i in range(o.players) if o.alive[i]]
        hts = [i for i in part if hero in (o.placed1[i][k], o.placed2[i][k])]
        if len(hts) == 1:
            if hts[0] == me:
                return legal[0]
            others = [i for i in part if i not in hts and i != me]
            prizes: tuple[int, ...] = (r2,)
        else:
            others = [i for i in part if i != me]
            prizes = (r1, r2)
        theirs = sorted((o.power[i] for i in others), reverse=True)

        def prize(p: float) -> float:
            better = sum(1 for t in theirs if t > p) + 0.5 * sum(1 for t in theirs if t == p)
            idx = better
            if idx < len(prizes):
                lo = int(idx)
                if idx == lo:
                    return prizes[lo]
                hi = prizes[lo + 1] if lo + 1 < len(prizes) else 0
                return (prizes[lo] + hi) / 2
            if idx < len(prizes) + 0.5 and len(prizes):
                return prizes[-1] / 2
            return 0.0

        base = o.power[me]
        mod = 0
        if o.skills:
            d = o.detectives[me]
            if d == ("wolf" if o.notes else "hibachi"):
                mod = 1
        # probability per die face class
        succ = max(0, min(8, 8 - num + mod)) / 8
        great = 1 / 8
        norm = succ - great
        fail = 1 - succ
        death_cost = (5 - num) * 1.6 + 1.0
        if o.halving_ahead:
            death_cost += (o.vp[me] + 3) / 2
        if o.skills and not o.notes and o.detectives[me] == "wolf":
            death_cost -= 2 if (o.halving_ahead and o.variant == "wolf-halved") else 4
        injured = o.injuries[me]
        limit = 3 if (o.skills and not o.notes and o.detectives[me] == "dokaben") else 2
        red_injures = o.skills and o.notes and o.detectives[me] == "dokaben"
        now = prize(base)
        best, best_ev = legal[0], 0.0
        outcomes = {1: [(norm, 1, 0), (great, 2, 0), (fail, 0, 1)],   # (p, bonus, injuries or 9=death)
                    2: [(norm, 2, 0), (great, 3, 0), (fail, 0, 1 if red_injures else 9)]}
        for a in legal[1:]:
            combos = [(1.0, 0, 0)]
            for colour in (1, 2):
                if a.dice & colour:
                    combos = [(p * q, b + bb, i + ii) for p, b, i in combos
                              for q, bb, ii in outcomes[colour]]
            ev = 0.0
            for p, b, i in combos:
                dead = injured + i >= limit
                ev += p * (prize(base + b) - now - (death_cost if dead else 0))
            if ev > best_ev + 0.05:
                best, best_ev = a, ev
        return best

    def _keep(self, o: Observation, legal: Sequence[Any]) -> Any:
        # suits are symmetric for the final hand (peeks, 活躍者, 黒幕 all key on suit only),
        # so any card helps equally; keep the highest number for a stable, readable choice
        v = o.card_value
        return max(legal, key=lambda a: (v[a.card], -a.card))


POLICIES = {"heuristic": HeuristicPolicy}
