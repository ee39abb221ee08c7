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
        """Rolls the dice whose expected card gain, less the expected cost of a 殉職, beats standing
        (by more than 0.05 VP); a lone ヒーロータイム of its own never rolls."""
        me = o.seat
        num = o.incident
        contest = _contest(o)
        if contest is None:
            return legal[0]
        theirs, prizes = contest
        base = o.power[me]
        mod = _roll_bonus(o)
        # probability per die face class
        succ = max(0, min(8, 8 - num + mod)) / 8
        great = (2 if mod and o.variant == "great-modified" else 1) / 8
        norm = succ - great
        fail = 1 - succ
        death_cost = _death_cost(o, num)
        injured = o.injuries[me]
        limit = 3 if (o.skills and not o.notes and o.detectives[me] == "dokaben") else 2
        red_injures = o.skills and o.detectives[me] == "dokaben" and (o.notes or o.variant == "dokaben-red-injury")
        now = _prize(theirs, prizes, base)
        best, best_ev = legal[0], 0.0
        outcomes = {1: [(norm, 1, 0), (great, 2, 0), (fail, 0, 1)],   # (p, bonus, injuries or 9=death)
                    2: [(norm, 2, 0), (great, 3, 0), (fail, 0, 1 if red_injures else 9)]}
        for a in legal[1:]:
            ev = 0.0
            for p, b, i in _roll_outcomes(a.dice, outcomes, o.variant == "both-must"):
                dead = injured + i >= limit
                ev += p * (_prize(theirs, prizes, base + b) - now - (death_cost if dead else 0))
            if ev > best_ev + 0.05:
                best, best_ev = a, ev
        return best

    def _keep(self, o: Observation, legal: Sequence[Any]) -> Any:
        # suits are symmetric for the final hand (peeks, 活躍者, 黒幕 all key on suit only),
        # so any card helps equally; keep the highest number for a stable, readable choice
        v = o.card_value
        return max(legal, key=lambda a: (v[a.card], -a.card))




# -- what a challenge is worth (BasicPolicy._challenge)

def _contest(o: Observation) -> tuple[list[int], tuple[int, ...]] | None:
    """The rivals' powers (highest first) and the cards still to win by power: one rival's lone
    ヒーロータイム takes the 1位 card; None when the seat's own lone ヒーロータイム takes it."""
    me = o.seat
    k = o.incident - 1
    v = o.card_value
    lay = o.layout
    r1 = v[lay[2 * k]] if lay[2 * k] >= 0 else 0
    r2 = v[lay[2 * k + 1]] if lay[2 * k + 1] >= 0 else 0
    hero = o.hero_kind
    part = [i for i in range(o.players) if o.alive[i]]
    hts = [i for i in part if hero in (o.placed1[i][k], o.placed2[i][k])]
    if len(hts) == 1:
        if hts[0] == me:
            return None
        others = [i for i in part if i not in hts and i != me]
        prizes: tuple[int, ...] = (r2,)
    else:
        others = [i for i in part if i != me]
        prizes = (r1, r2)
    return sorted((o.power[i] for i in others), reverse=True), prizes


def _prize(theirs: list[int], prizes: tuple[int, ...], p: float) -> float:
    """The card value a power ``p`` wins against the rivals' powers (a tie shares the two places)."""
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


def _roll_bonus(o: Observation) -> int:
    """The skill's +1 on every die (ヒバチ; ウルフ in the memo's skills), from the second hand."""
    if o.skills and o.detectives[o.seat] == ("wolf" if o.notes else "hibachi"):
        return 1
    return 0


def _death_cost(o: Observation, num: int) -> float:
    """What a 殉職 at incident ``num`` costs in VP: the incidents left, the halving ahead, less what
    ウルフ or option death_rule=points gives for it, more what option death_rule=injury carries over."""
    me = o.seat
    death_cost = (5 - num) * 1.6 + 1.0
    if o.halving_ahead:
        death_cost += (o.vp[me] + 3) / 2
    if o.skills and not o.notes and o.detectives[me] == "wolf":
        death_cost -= 2 if (o.halving_ahead and o.variant == "wolf-halved") else 4
    if o.death == "points" and not o.halving_ahead:
        death_cost -= 6 - num          # option death_rule=points: a 殉職 in the last hand gives 6 − 事件番号 VP
    elif o.death == "injury" and o.halving_ahead:
        death_cost += 1.0              # option death_rule=injury: the next hand starts injured
    return death_cost


def _roll_outcomes(dice: int, outcomes: dict[int, list[tuple[float, int, int]]],
                   both_must: bool) -> list[tuple[float, int, int]]:
    """Every outcome of rolling ``dice`` (1 green, 2 red, 3 both): (probability, power bonus, injuries)."""
    combos = [(1.0, 0, 0)]
    for colour in (1, 2):
        if dice & colour:
            combos = [(p * q, b + bb, i + ii) for p, b, i in combos
                      for q, bb, ii in outcomes[colour]]
    if both_must and dice == 3:          # variant both-must: a failed die takes the other's bonus away
        combos = [(p, b if i == 0 else 0, i) for p, b, i in combos]
    return combos



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
    @staticmethod
    def _second_round(o: Observation) -> int:
        """The first card of the best way to lay the cards left on the columns left (the most expected
        VP; on a tie, the lowest first card)."""
        worth = _SecondRound(o)
        cards = [k for k in range(len(o.hand)) for _ in range(o.hand[k])]
        cols = list(range(o.column, 5))
        best_val, best_first = -1.0, cards[0]
        for perm in set(permutations(cards, len(cols))):
            total = sum(worth.value(c, k) for c, k in zip(cols, perm))
            if total > best_val + 1e-9 or (abs(total - best_val) <= 1e-9 and perm[0] < best_first):
                best_val, best_first = total, perm[0]
        return best_first


class _SecondRound:
    """The expected VP of a second card on a column, with every first card face up: each rival's
    second cards are its whole set less its five first cards (their order unknown)."""

    def __init__(self, o: Observation) -> None:
        self.o = o
        me, n = o.seat, o.players
        nk = len(o.hand)
        full = list(o.hand)
        for row in (o.placed1[me], o.placed2[me]):
            for k in row:
                if k >= 0:
                    full[k] += 1
        self.pos = {seat: i for i, seat in enumerate(o.order)}
        self.rivals = [j for j in range(n) if j != me]
        self.rest: dict[int, list[int]] = {}
        for j in self.rivals:
            left = full[:]
            for k in o.placed1[j]:
                if k >= 0:
                    left[k] -= 1
            self.rest[j] = [k for k in range(nk) for _ in range(max(0, left[k]))]
        # スコッチ's skill: his ヒーロータイム keeps its effect in a clash
        self.scotch = o.skills and not o.notes and o.detectives[me] == "scotch" and o.variant != "scotch-others-keep"
        self.cache: dict[tuple[int, int], float] = {}

    def value(self, c: int, second: int) -> float:
        got = self.cache.get((c, second))
        if got is not None:
            return got
        o = self.o
        v, hero = o.card_value, o.hero_kind
        a, b = o.layout[2 * c], o.layout[2 * c + 1]
        v1 = v[a] if a >= 0 else 3.5
        v2 = v[b] if b >= 0 else 3.5
        first = o.placed1[o.seat][c]
        beat, ht = self._rivals(c, first, second)
        p1, p2 = _first_second(beat)
        by_power = p1 * v1 + p2 * v2
        no_ht = 1.0
        for h in ht:
            no_ht *= 1 - h
        if hero in (first, second):
            val = v1 if self.scotch else no_ht * v1 + (1 - no_ht) * by_power
        else:
            val = _plus_rival_hero_time(no_ht * by_power, beat, ht, v2)
            val += max(0.0, 1 - no_ht - sum(ht)) * by_power
        self.cache[(c, second)] = val
        return val

    def _rivals(self, c: int, first: int, second: int) -> tuple[list[float], list[float]]:
        """For each rival on column ``c``: the chance our power beats his (ties by the first card, then
        the play order), and the chance he holds a ヒーロータイム there."""
        o = self.o
        me, hero, hours, pos = o.seat, o.hero_kind, o.kind_hours, self.pos
        power = hours[first] + hours[second]
        fh = hours[first]
        beat, ht = [], []
        for j in self.rivals:
            fj = o.placed1[j][c]
            cards = self.rest[j]
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
        return beat, ht


def _first_second(beat: list[float]) -> tuple[float, float]:
    """The chances of 1位 (beating every rival) and 2位 (losing to exactly one) by power."""
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
    return p1, p2


def _plus_rival_hero_time(val: float, beat: list[float], ht: list[float], v2: float) -> float:
    """``val`` plus the 2位 card won when one rival's lone ヒーロータイム takes 1位 and we beat the others
    (added term by term, in the rivals' order)."""
    for i, h in enumerate(ht):
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
    return val


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
