"""The game's own players (``random`` comes from :mod:`pnp.sim.policies`)."""
from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import permutations
from typing import Any

from .actions import Challenge, Keep, Peek, Place, Take
from .state import Observation


class BasicPolicy:
    """The first heuristic (kept to measure against): ranks the columns by worth and puts its r-th highest
    card on the r-th most valuable column, as every other seat with this policy does, so that equal
    powers (and ties settled by play order) are common; ヒーロータイム in the second round; challenges when
    the expected card gain beats the risk."""

    name = "basic"

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
        if cls is Peek:
            # ロイド's one look (variant lloyd-one): a 1位 card, beside the most valuable card in view
            v, lay = o.card_value, o.layout

            def beside(a: Peek) -> int:
                other = lay[a.slot ^ 1]
                return v[other] if other >= 0 else 0
            return max(legal, key=lambda a: (a.slot % 2 == 0, beside(a), -a.slot))
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
        great = (2 if mod and o.variant == "great-modified" else 1) / 8
        norm = succ - great
        fail = 1 - succ
        death_cost = (5 - num) * 1.6 + 1.0
        if o.halving_ahead:
            death_cost += (o.vp[me] + 3) / 2
        if o.skills and not o.notes and o.detectives[me] == "wolf":
            death_cost -= 2 if (o.halving_ahead and o.variant == "wolf-halved") else 4
        if o.death == "points" and not o.halving_ahead:
            death_cost -= 6 - num          # option death_rule=points: a 殉職 in the last hand gives 6 − 事件番号 VP
        elif o.death == "injury" and o.halving_ahead:
            death_cost += 1.0              # option death_rule=injury: the next hand starts injured
        injured = o.injuries[me]
        limit = 3 if (o.skills and not o.notes and o.detectives[me] == "dokaben") else 2
        red_injures = o.skills and o.detectives[me] == "dokaben" and (o.notes or o.variant == "dokaben-red-injury")
        now = prize(base)
        best, best_ev = legal[0], 0.0
        outcomes = {1: [(norm, 1, 0), (great, 2, 0), (fail, 0, 1)],   # (p, bonus, injuries or 9=death)
                    2: [(norm, 2, 0), (great, 3, 0), (fail, 0, 1 if red_injures else 9)]}
        both_must = o.variant == "both-must"
        for a in legal[1:]:
            combos = [(1.0, 0, 0)]
            for colour in (1, 2):
                if a.dice & colour:
                    combos = [(p * q, b + bb, i + ii) for p, b, i in combos
                              for q, bb, ii in outcomes[colour]]
            if both_must and a.dice == 3:          # a failed die takes the other's bonus away
                combos = [(p, b if i == 0 else 0, i) for p, b, i in combos]
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




# ---------------------------------------------------------------- the default player

class HeuristicPolicy(BasicPolicy):
    """Plans each hand: in the first (blind) round it picks two or three incidents to fight for, at random
    weighted by their worth, and shows its highest cards there and its lowest elsewhere; in the second
    round, with every first card face up, it tries every way to lay its remaining cards and keeps the one
    with the most expected VP against what each rival can still hold (each rival's remaining cards are
    known, only their order is not).  Challenges, 残す and ヒバチ's choice as :class:`BasicPolicy`."""

    name = "heuristic"

    def __init__(self) -> None:
        self._plan: tuple[Any, dict[int, int]] | None = None

    def _place(self, o: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        kinds = {a.kind: a for a in legal}
        pick = self._first_round(o, rng) if o.round == 1 else self._second_round(o)
        return kinds.get(pick) or legal[0]

    # -- round 1: a plan for the hand, made once (the policy is one seat's for one game)
    def _first_round(self, o: Observation, rng: random.Random) -> int:
        key = (o.seat, o.hand_no, tuple(o.layout))
        if self._plan is None or self._plan[0] != key or o.column == 0:
            self._plan = (key, self._make_plan(o, rng))
        want = self._plan[1].get(o.column, -1)
        if want >= 0 and o.hand[want] > 0:
            return want
        plain = [k for k in range(len(o.hand)) if o.hand[k] and k != o.hero_kind]
        return min(plain, key=lambda k: o.kind_hours[k]) if plain else o.hero_kind

    def _make_plan(self, o: Observation, rng: random.Random) -> dict[int, int]:
        hero, hours = o.hero_kind, o.kind_hours
        cols = list(range(o.column, 5))
        noisy = {c: self._worth(o, c) * (0.5 + rng.random()) for c in cols}
        order = sorted(cols, key=lambda c: (-noisy[c], c))
        n_targets = min(len(cols), 2 if rng.random() < 0.6 else 3)
        cards = sorted((k for k in range(len(o.hand)) if k != hero for _ in range(o.hand[k])),
                       key=lambda k: (-hours[k], k))
        plan: dict[int, int] = {}
        for i, c in enumerate(order[:n_targets]):
            plan[c] = cards[i]
        low = cards[::-1]
        for i, c in enumerate(order[n_targets:]):
            plan[c] = low[i]
        return plan

    # -- round 2: every first card is face up
    def _second_round(self, o: Observation) -> int:
        me, n, hero, hours = o.seat, o.players, o.hero_kind, o.kind_hours
        col = o.column
        nk = len(o.hand)
        full = list(o.hand)
        for row in (o.placed1[me], o.placed2[me]):
            for k in row:
                if k >= 0:
                    full[k] += 1
        pos = {seat: i for i, seat in enumerate(o.order)}
        rivals = [j for j in range(n) if j != me]
        # each rival's second cards: its whole set less its five face-up first cards
        rest: dict[int, list[int]] = {}
        for j in rivals:
            left = full[:]
            for k in o.placed1[j]:
                if k >= 0:
                    left[k] -= 1
            rest[j] = [k for k in range(nk) for _ in range(max(0, left[k]))]
        scotch = o.skills and not o.notes and o.detectives[me] == "scotch" and o.variant != "scotch-others-keep"
        v = o.card_value
        cache: dict[tuple[int, int], float] = {}

        def ev(c: int, second: int) -> float:
            got = cache.get((c, second))
            if got is not None:
                return got
            a, b = o.layout[2 * c], o.layout[2 * c + 1]
            v1 = v[a] if a >= 0 else 3.5
            v2 = v[b] if b >= 0 else 3.5
            first = o.placed1[me][c]
            mine_ht = hero in (first, second)
            power = hours[first] + hours[second]
            fh = hours[first]
            beat, ht = [], []
            for j in rivals:
                fj = o.placed1[j][c]
                cards = rest[j]
                if fj == hero:
                    ht.append(1.0)
                    others = cards
                else:
                    h = sum(1 for k in cards if k == hero) / len(cards) if cards else 0.0
                    ht.append(h)
                    others = [k for k in cards if k != hero]
                wins = 0.0
                for k in others:
                    q = hours[fj] + hours[k]
                    if power > q or (power == q and (fh > hours[fj] or (fh == hours[fj] and pos[me] < pos[j]))):
                        wins += 1
                beat.append(wins / len(others) if others else 1.0)
            p1 = 1.0
            for x in beat:
                p1 *= x
            p2 = 0.0
            for i in range(len(beat)):
                lose = 1 - beat[i]
                for i2, x in enumerate(beat):
                    if i2 != i:
                        lose *= x
                p2 += lose
            by_power = p1 * v1 + p2 * v2
            no_ht = 1.0
            for h in ht:
                no_ht *= 1 - h
            if mine_ht:
                val = v1 if scotch else no_ht * v1 + (1 - no_ht) * by_power
            else:
                val = no_ht * by_power
                for i, h in enumerate(ht):          # one rival's ヒーロータイム takes 1位; 2位 is by power
                    if h:
                        alone = h
                        for i2, h2 in enumerate(ht):
                            if i2 != i:
                                alone *= 1 - h2
                        rest_beat = 1.0
                        for i2, x in enumerate(beat):
                            if i2 != i:
                                rest_beat *= x
                        val += alone * rest_beat * v2
                val += max(0.0, 1 - no_ht - sum(ht)) * by_power
            cache[(c, second)] = val
            return val

        cards = [k for k in range(nk) for _ in range(o.hand[k])]
        cols = list(range(col, 5))
        best_val, best_first = -1.0, cards[0]
        for perm in set(permutations(cards, len(cols))):
            total = sum(ev(c, k) for c, k in zip(cols, perm))
            if total > best_val + 1e-9 or (abs(total - best_val) <= 1e-9 and perm[0] < best_first):
                best_val, best_first = total, perm[0]
        return best_first


POLICIES = {"heuristic": HeuristicPolicy, "basic": BasicPolicy}

# What each player does and is known not to do, for the report's note on who produced its figures.
POLICY_NOTES: dict[str, str] = {
    "random": "合法な手から等しい確率で1つを選び、事件の価値もほかの人のカードも見ません。"
              "チャレンジもでたらめに選ぶので刑事がたびたび殉職し、上手な人の遊び方とは言えません。",
    "heuristic": "1回目の配置で価値の高い事件を2〜3件選んで大きな捜査時間を集め、2回目の配置では表になった1枚目と"
                 "各ライバルに残るカードから期待VPが最大になる置き方を選び、ダイスは期待値が得なときだけ振ります。"
                 "刑事は無作為に選び、スキルを狙った配置や、ライバルのチャレンジ、活躍者・黒幕のボーナスを見越した"
                 "配置はしません。",
    "basic": "比較用の最初の方針で、価値の順に並べた事件へ大きいカードから順に置きます。"
             "同じ方針の人どうしでは置き方が同じになるので捜査力の同点がプレイ順で決まりがちで、ライバルの1枚目の"
             "読みや刑事の選び方の工夫はしません。",
}
