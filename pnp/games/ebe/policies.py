"""EBE's players: the cooperative planner (the default) and a stress player for the sample games."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .actions import PAYS, TUNE_PASS, Act, AssignDie, Discard, DroneChoice, Give, Pay, Play, Tune
from .facts import (
    A_FAB,
    A_MED,
    AREA_GAIN,
    INFO_BASE,
    ITEM_BASE,
    K_CONVERT,
    K_DONE,
    K_GAIN,
    K_GIVE,
    K_HEAL,
    K_LOAD,
    K_USE,
    WEAPON,
    Condition,
    Effect,
    unpack_load,
)
from .pieces import weight
from .state import Observation, State

# ---------------------------------------------------------------- planner


def _team_need(o: Observation) -> list[int]:
    """Resources the unbuilt missions still lack beyond what the team holds (may be negative)."""
    s, e = o.state, o.facts
    need = [0, 0, 0, 0]
    for m in s.missions:
        if m in s.built:
            continue
        cost, ld = e.mission_cost[m], s.loaded[m]
        for r in range(4):
            need[r] += cost[r] - ld[r]
    for p in range(s.n):
        for r in range(4):
            need[r] -= s.res[p][r]
    return need


def _event_need(o: Observation) -> tuple[int, int, int, int]:
    """(condition, area, resource, how many still missing) of the open event."""
    s, e = o.state, o.facts
    if s.event < 0:
        return (-1, -1, -1, 0)
    cond, area, r, n, _ = e.event_cond[s.event]
    if cond == Condition.VISIT:
        return (cond, area, r, max(0, n - s.visits[area]))
    if cond == Condition.PAY:
        return (cond, area, r, max(0, n - sum(s.res[p][r] for p in range(s.n))))
    if cond == Condition.DESTROY:
        return (cond, area, r, max(0, n - s.destroyed))
    if cond == Condition.WEAPONS:
        return (cond, area, r, max(0, n - sum(s.weap)))
    return (cond, area, r, max(0, n - s.loaded_round))


def _remaining_ebe(s: State) -> int:
    """イーバ appearances still to come this game, the current turn's included if not yet resolved."""
    left = 0
    for rnd in range(s.rnd, 5):
        for t in range(1, 5):
            if rnd == s.rnd and t < s.turn:
                continue
            left += 2 if rnd == 4 and t < 4 else 1
    return left


class _ActTurn:
    """What the planner weighs in an explorer's turn: the team's need (with an event to pay for), the
    legal actions by kind, the room left in his inventory."""
    __slots__ = ("o", "s", "e", "p", "need", "cond", "emiss", "by_kind", "space")

    def __init__(self, o: Observation, legal: Sequence[Any]) -> None:
        s, e = o.state, o.facts
        self.o, self.s, self.e = o, s, e
        self.p = p = s.cur
        self.need = _team_need(o)
        self.cond, _, er, self.emiss = _event_need(o)
        if self.cond == Condition.PAY and self.emiss >= 0:
            self.need[er] += self.emiss
        self.by_kind: dict[int, list[Any]] = {}
        for a in legal:
            self.by_kind.setdefault(a.kind, []).append(a)
        self.space = e.char_inv[s.chars[p]] - weight(e, s, p)


class EarlyPlannerPolicy:
    """The first cooperative planner, kept to measure the current one against: it reads the open table
    and plays for the team.

    Dice: tries every assignment and weighs AP (and the risk of acting after the イーバ) against the
    station damage, whose weight grows as the station's margin shrinks.  Cards: the area whose
    actions the team needs most (missions, the event, healing, weapons), avoiding likely イーバ.
    Actions: greedy (gain what is needed, load, convert surplus, heal), hand resources to a partner
    who can reach the 製作所.  Known faults: it values every AP alike, so it gives the イーバ a high die
    to protect players who then have nothing to do; it almost never hands pieces on (at the 製作所
    never); it keeps feeding the イーバ high dice after every mission is built."""

    name = "early-planner"

    def __init__(self) -> None:
        self._plan_key: Any = None
        self._plan: dict[int, int] = {}

    def choose(self, o: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        cls = legal[0].__class__
        if cls is AssignDie:
            return self._assign(o, legal)
        if cls is Play:
            return self._play(o, legal)
        if issubclass(cls, Act):
            return self._act(o, legal)
        if cls is DroneChoice:
            return legal[1] if len(legal) > 1 else legal[0]
        if cls is Discard:
            return self._discard(o, legal)
        if cls is Pay:
            return self._pay(o)
        if cls is Tune:
            return self._tune(o, legal)
        return legal[0]

    def _tune(self, o: Observation, legal: Sequence[Any]) -> Any:
        """行動予測装置: raise an イーバ's die by one when that lets a player in its area (or next to it)
        who has the same die act before it; otherwise keep the dice."""
        s, e = o.state, o.facts
        best, best_v = TUNE_PASS, 0.0
        for k, c in enumerate(s.ebe_now):
            if c < 0:
                continue
            ea, d = e.ebe_area[c], s.ebe_die[k]
            v = -0.5                                   # one more point of station life
            for q in range(s.n):
                qa = self._area_of(o, q)
                if s.die[q] == d:
                    v += 3.0 if qa == ea else (1.5 if e.adj[ea][qa] else 0.0)
            a = Tune(s.n + k, 1)
            if v > best_v and a in legal:
                best, best_v = a, v
        return best

    # -- station pressure: how much one point of station life is worth in AP
    @staticmethod
    def _lam(o: Observation) -> float:
        s = o.state
        left = _remaining_ebe(s)
        rounds_left = 4 - s.rnd + 1
        ev = rounds_left * 5.5 * 0.5
        slack = s.station - left * 2.2 - ev
        if slack <= 0:
            return 3.0
        return max(0.15, min(3.0, 8.0 / (slack + 4)))

    def _risk(self, o: Observation) -> tuple[int, float]:
        s = o.state
        k = len(s.ebe_deck)
        return k, 1.0 / max(1, k)

    def _assign(self, o: Observation, legal: Sequence[Any]) -> Any:
        s = o.state
        key = (s.rnd, s.turn, s.n, tuple(s.die), tuple(s.ebe_die), s.dice if s.slot == s.n else None)
        if s.slot == s.n and key != self._plan_key:
            self._plan_key = key
            self._plan = self._best_assignment(o)
        want = self._plan.get(legal[0].slot)
        for a in legal:
            if a.value == want:
                return a
        return legal[0]

    def _best_assignment(self, o: Observation) -> dict[int, int]:
        import itertools
        s, e = o.state, o.facts
        n, ne = s.n, len(s.ebe_now)
        dice = list(s.dice)
        lam = self._lam(o)
        k, p1 = self._risk(o)
        best, best_v = None, -1e9
        seen = set()
        for perm in itertools.permutations(dice):
            if perm in seen:
                continue
            seen.add(perm)
            ebe = perm[:ne]
            v = -lam * sum(ebe)
            for p in range(n):
                d = perm[ne + p]
                ap = (d + 1) // 2
                ch = s.chars[p]
                life_left = e.char_life[ch] - s.dmg[p]
                dmg_w = 0.4 if life_left > 3 else (1.2 if life_left > 2 else 3.0)
                val: float = ap
                for ed in ebe:
                    if ed <= d:      # the イーバ acts first
                        val -= p1 * (ap + 2 * dmg_w) + 2 * p1 * (1 + dmg_w)
                v += val
            if v > best_v + 1e-9:
                best_v, best = v, perm
        assert best is not None
        plan = {}
        for j in range(ne):
            plan[n + j] = best[j]
        for p in range(n):
            plan[p] = best[ne + p]
        return plan

    # -- card choice
    def _area_value(self, o: Observation, p: int, area: int, ap: float, need: list[int]) -> float:
        s, e = o.state, o.facts
        ch = s.chars[p]
        space = e.char_inv[ch] - weight(e, s, p)
        cond, earea, er, emiss = _event_need(o)
        v = 0.0
        if area == A_MED:
            v = min(ap * e.char_heal[ch], s.dmg[p]) * (0.6 if e.char_life[ch] - s.dmg[p] > 2 else 2.0)
        elif area == A_FAB:
            loadable = 0
            for m in s.missions:
                if m in s.built:
                    continue
                cost, ld = e.mission_cost[m], s.loaded[m]
                loadable += sum(min(s.res[p][r], cost[r] - ld[r]) for r in range(4))
            surplus = sum(max(0, min(s.res[p][r], -need[r])) for r in range(4))
            v = loadable * 1.3 + min(surplus, max(0, ap - 1)) * 0.5
            if loadable and ap < 1:
                v = 0.0
        else:
            g = AREA_GAIN[area]
            assert g is not None
            if g == WEAPON:
                want = max(0, 2 - s.weap[p])
                if cond == Condition.WEAPONS:
                    want += emiss
                drones = sum(1 for a in range(7) if s.drone_at[a] >= 0)
                if not drones and cond != 3:
                    want = min(want, 1)
                v = min(ap, want, space) * 0.6
            else:
                useful = max(0, need[g])
                if cond == Condition.PAY and er == g:
                    useful += emiss
                got = min(ap, space)
                v = min(got, useful) * 1.0 + max(0, got - useful) * 0.25
        if cond == Condition.VISIT and earea == area and emiss > 0:
            v += 2.5
        if s.drone_at[area] >= 0:
            first = all(not (self._area_of(o, q) == area and s.die[q] < s.die[p])
                        for q in range(s.n) if q != p and s.played[q] >= 0)
            if first:
                if s.weap[p] > 0 or e.char_dfree[ch]:
                    v += 0.8 + (1.5 if cond == Condition.DESTROY and emiss else 0)
                else:
                    v -= 0.8
        return v

    @staticmethod
    def _area_of(o: Observation, q: int) -> int:
        t = o.state.played[q]
        e = o.facts
        return e.exp_area[t] if t < INFO_BASE else e.item_area[t - INFO_BASE]

    def _play(self, o: Observation, legal: Sequence[Any]) -> Any:
        s, e = o.state, o.facts
        p = s.cur
        ch = s.chars[p]
        need = _team_need(o)
        # what the seats before me will gain
        for q in range(s.n):
            if q != p and s.played[q] >= 0:
                a = self._area_of(o, q)
                g = AREA_GAIN[a]
                if g is not None and g != WEAPON:
                    need[g] -= (s.die[q] + 1) // 2
        possible = [e.ebe_area[c] for c in s.ebe_deck]
        k = max(1, len(possible))
        before = [d for d in s.ebe_die if d <= s.die[p]]
        life_left = e.char_life[ch] - s.dmg[p]
        dmg_w = 0.5 if life_left > 3 else (1.5 if life_left > 2 else 4.0)
        best, best_v = legal[0], -1e9
        # keep the 製作所 card for when there is something to load
        for a in legal:
            area = e.exp_area[a.token] if a.token < INFO_BASE else e.item_area[a.token - INFO_BASE]
            ap = (s.die[p] + 1) // 2 + e.char_bonus[ch][area] - (1 if s.seen_prev >> area & 1 else 0)
            risk_same = sum(1 for x in possible if x == area) / k * len(before)
            risk_adj = sum(1 for x in possible if e.adj[x][area]) / k * len(before)
            if not e.char_ignore[ch]:
                ap_exp = ap - risk_adj
            else:
                ap_exp = ap
            ap_exp = max(0.0, ap_exp) * (1 - risk_same)
            v = self._area_value(o, p, area, ap_exp, need)
            v -= (2 * risk_same + risk_adj) * dmg_w
            # a card left in hand keeps options: slight preference to use an area early that others need later
            if area == A_FAB and v <= 0.01:
                v -= 0.3
            if a.token >= INFO_BASE:
                v += 0.05
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best

    # -- actions
    def _act(self, o: Observation, legal: Sequence[Any]) -> Any:
        """The first consideration that wants an action plays it (items, loading, converting, healing,
        gaining, passing); else the turn ends."""
        t = _ActTurn(o, legal)
        for consider in (self._use_item, self._load, self._convert, self._heal, self._gain, self._give):
            a = consider(t)
            if a is not None:
                return a
        return t.by_kind[K_DONE][0]

    def _use_item(self, t: _ActTurn) -> Any:
        """Items first: a heal when hurt twice, AP that has a use, weapons when short, the resources most
        needed when there is room."""
        s, e, p, need = t.s, t.e, t.p, t.need
        for a in t.by_kind.get(K_USE, ()):
            eff = e.item_effect[a.item]
            if eff == Effect.HEAL and s.dmg[p] >= 2:
                return a
            if eff == Effect.AP and s.ap >= 0 and self._useful_ap(t.o, p, need, t.space):
                return a
            if eff == Effect.WEAPONS and s.weap[p] < 2:
                return a
            if eff == Effect.RESOURCES and t.space >= 1:
                order = sorted(range(4), key=lambda r: -need[r])
                r1, r2 = sorted((order[0], order[1] if need[order[1]] > 0 and need[order[0]] < 2 else order[0]))
                for b in t.by_kind[K_USE]:
                    if b.item == a.item and b.first == r1 and b.second == r2:
                        return b
        return None

    def _load(self, t: _ActTurn) -> Any:
        """All that fits onto the mission that takes most (the draft lets a player choose less)."""
        if K_LOAD not in t.by_kind:
            return None
        best = max(t.by_kind[K_LOAD], key=lambda a: (sum(unpack_load(a.amounts)), -a.mission))
        return best if self._load_amount(t.o, t.p, best.mission) > 0 else None

    @staticmethod
    def _convert(t: _ActTurn) -> Any:
        """Surplus → the resource most needed, only if it lets something be loaded now or later."""
        if K_CONVERT not in t.by_kind:
            return None
        s, p, need = t.s, t.p, t.need
        give = [r for r in range(4) if s.res[p][r] > 0 and need[r] < 0]
        take = [r for r in range(4) if need[r] > 0]
        if give and take:
            r = max(give, key=lambda r: (-need[r], -r))
            r2 = max(take, key=lambda x: (need[x], -x))
            for a in t.by_kind[K_CONVERT]:
                if a.source == r and a.target == r2:
                    return a
        return None

    @staticmethod
    def _heal(t: _ActTurn) -> Any:
        """The explorer's own damage first; else (variant heal-any) the player nearest to death."""
        if K_HEAL not in t.by_kind:
            return None
        s, e = t.s, t.e
        heals = t.by_kind[K_HEAL]
        if heals[0].seat == 0:
            return heals[0]
        return max(heals, key=lambda a: (s.dmg[a.seat - 1] - e.char_life[s.chars[a.seat - 1]], -a.seat))

    @staticmethod
    def _gain(t: _ActTurn) -> Any:
        """A weapon up to two (more for a weapons event still short), a resource while there is room."""
        if K_GAIN not in t.by_kind:
            return None
        gain = t.by_kind[K_GAIN][0]
        if gain.what == WEAPON:
            want = 2 + (t.emiss if t.cond == Condition.WEAPONS else 0)
            return gain if t.s.weap[t.p] < want and t.space > 0 else None
        return gain if t.space > 0 else None

    def _give(self, t: _ActTurn) -> Any:
        if K_GIVE not in t.by_kind:
            return None
        return self._trade(t.o, t.p, t.by_kind[K_GIVE], t.need)

    @staticmethod
    def _useful_ap(o: Observation, p: int, need: list[int], space: int) -> bool:
        s, e = o.state, o.facts
        t = s.played[p]
        area = e.exp_area[t] if t < INFO_BASE else e.item_area[t - INFO_BASE]
        if area == A_MED:
            return s.dmg[p] > s.ap
        if area == A_FAB:
            return False
        return space > s.ap

    @staticmethod
    def _load_amount(o: Observation, p: int, m: int) -> int:
        s, e = o.state, o.facts
        cost, ld = e.mission_cost[m], s.loaded[m]
        return sum(min(s.res[p][r], cost[r] - ld[r]) for r in range(4))

    @staticmethod
    def _reaches_fab(o: Observation, q: int) -> bool:
        s, e = o.state, o.facts
        for t in s.hand[q]:
            a = e.exp_area[t] if t < INFO_BASE else e.item_area[t - INFO_BASE]
            if a == A_FAB:
                return True
        return A_FAB in e.char_areas[s.chars[q]] and s.rnd < 4 or any(
            (e.exp_area[t] if t < INFO_BASE else e.item_area[t - INFO_BASE]) == A_FAB for t in s.hand[q])

    def _trade(self, o: Observation, p: int, gives: list[Give], need: list[int]) -> Give | None:
        s, e = o.state, o.facts
        for a in gives:
            x, y, w = a.giver, a.receiver, a.what
            if w >= 4:
                continue
            fx, fy = self._reaches_fab(o, x), self._reaches_fab(o, y)
            room = e.char_inv[s.chars[y]] - weight(e, s, y)
            if fy and not fx and room > 0:
                return a
        return None

    def _discard(self, o: Observation, legal: Sequence[Any]) -> Any:
        need = _team_need(o)
        s = o.state

        def keep_value(a: Discard) -> float:
            if a.what < 4:
                return 1.0 if need[a.what] > 0 else 0.2
            if a.what == WEAPON:
                return 0.9 if s.weap[s.cur] <= 1 else 0.3
            return 0.7
        return min(legal, key=lambda a: (keep_value(a), a))

    def _pay(self, o: Observation) -> Any:
        s, e = o.state, o.facts
        _, _, r, n, dmg = e.event_cond[s.event]
        need = _team_need(o)
        if need[r] + n <= 0:            # the cubes are spare
            return PAYS[1]
        left = _remaining_ebe(s) * 2.0 + (4 - s.rnd) * 3
        if s.station - dmg <= left:
            return PAYS[1]
        return PAYS[0]


def _mission_need(o: Observation) -> list[int]:
    """What the unbuilt missions still lack, per resource (not counting what the team holds)."""
    s, e = o.state, o.facts
    need = [0, 0, 0, 0]
    for m in s.missions:
        if m not in s.built:
            cost, ld = e.mission_cost[m], s.loaded[m]
            for r in range(4):
                need[r] += cost[r] - ld[r]
    return need


DEATH = 25.0      # what a death costs the planner, in AP: it ends the game for the whole team


class PlannerPolicy(EarlyPlannerPolicy):
    """The cooperative planner (the default player): the early planner with three faults fixed.

    Dice: a die is worth to a seat what the seat can do with it — the best card in its hand scored with
    that die and with the イーバ that would act before it — so the イーバ gets a high die only when the
    players' AP is worth more than the station life it costs.  Once every mission is built the game ends
    at the round end, so the station life left only has to outlast this round: the イーバ gets the low
    dice and surplus cubes are worth nothing.  Pieces are handed on: at the 製作所, a partner who has
    acted gives the acting seat the cubes the missions need, and a seat without AP passes them to a
    partner still to act; elsewhere cubes go to a partner who will reach the 製作所."""

    name = "planner"

    def _best_assignment(self, o: Observation) -> dict[int, int]:
        import itertools
        s, e = o.state, o.facts
        n, ne = s.n, len(s.ebe_now)
        done = bool(s.missions) and len(s.built) == len(s.missions)
        lam = self._lam_done(o) if done else self._lam(o)
        need = _team_need(o)
        possible = [e.ebe_area[c] for c in s.ebe_deck]
        cache: dict[tuple[int, int, int], float] = {}

        def worth(p: int, d: int, kb: int) -> float:
            key = (p, d, kb)
            v = cache.get(key)
            if v is None:
                v = max((self._card_score(o, p, t, d, kb, need, possible, done) for t in s.hand[p]), default=0.0)
                cache[key] = v
            return v

        best: tuple[int, ...] | None = None
        best_v = -1e9
        pm, em = s.pmod, s.emod                 # the round's event changes the dice at the reveal
        for perm in sorted(set(itertools.permutations(s.dice))):
            ebe = [min(6, max(1, d + em)) for d in perm[:ne]] if em else perm[:ne]
            v = -lam * sum(ebe)
            for p in range(n):
                d = min(6, max(1, perm[ne + p] + pm)) if pm else perm[ne + p]
                v += worth(p, d, sum(1 for ed in ebe if ed <= d))
            if v > best_v + 1e-9:
                best_v, best = v, perm
        assert best is not None
        plan = {n + j: best[j] for j in range(ne)}
        for p in range(n):
            plan[p] = best[ne + p]
        return plan

    @staticmethod
    def _lam_done(o: Observation) -> float:
        """Every mission is built: only this round's イーバ and event stand between the team and the escape."""
        s, e = o.state, o.facts
        left = sum(2 if s.rnd == 4 and t < 4 else 1 for t in range(s.turn, 5))
        miss = _event_need(o)[3]
        risk = left * 3.5 + (e.event_cond[s.event][4] if s.event >= 0 and miss > 0 else 0)
        return 3.0 if s.station <= risk else 0.05

    def _card_score(self, o: Observation, p: int, token: int, die: int, kb: int, need: list[int],
                    possible: list[int], done: bool) -> float:
        """What playing ``token`` with ``die`` is worth to seat ``p`` when ``kb`` イーバ act before it."""
        s, e = o.state, o.facts
        ch = s.chars[p]
        k = max(1, len(possible))
        life_left = e.char_life[ch] - s.dmg[p]
        dmg_w = 0.5 if life_left > 3 else (1.5 if life_left > 2 else 4.0)
        if done and life_left > 2:
            dmg_w = 0.1                     # the game ends at this round's end: only a death still matters
        area = e.exp_area[token] if token < INFO_BASE else e.item_area[token - INFO_BASE]
        ap = (die + 1) // 2 + e.char_bonus[ch][area] - (1 if s.seen_prev >> area & 1 else 0) \
            + (1 if s.boosted >> area & 1 else 0)
        risk_same = sum(1 for x in possible if x == area) / k * kb
        risk_adj = sum(1 for x in possible if e.adj[x][area]) / k * kb
        ap_exp = ap if e.char_ignore[ch] else ap - risk_adj
        ap_exp = max(0.0, ap_exp) * (1 - risk_same)
        v = self._area_value(o, p, area, ap_exp, need) if not done else self._done_value(o, p, area, ap_exp)
        # a death loses the game for the whole team: damage that could kill weighs far more than AP
        v -= risk_same * (DEATH if life_left <= 2 else 2 * dmg_w) + risk_adj * (DEATH if life_left <= 1 else dmg_w)
        if life_left <= 1 and s.drone_at[area] >= 0 and not (s.weap[p] > 0 or e.char_dfree[ch]):
            v -= DEATH                              # fleeing the drone costs the last point of life
        if area == A_FAB and v <= 0.01:
            v -= 0.3
        if token >= INFO_BASE:
            v += 0.05
        return v

    def _done_value(self, o: Observation, p: int, area: int, ap: float) -> float:
        """Every mission built: healing (no one may die before the round end) and the round's event."""
        s, e = o.state, o.facts
        ch = s.chars[p]
        cond, earea, er, emiss = _event_need(o)
        v = 0.0
        if area == A_MED:
            v = min(ap * e.char_heal[ch], s.dmg[p]) * (0.3 if e.char_life[ch] - s.dmg[p] > 2 else 2.0)
        elif emiss > 0:
            g = AREA_GAIN[area]
            if cond == Condition.VISIT and earea == area:
                v += 2.5
            elif cond == Condition.PAY and g == er or cond == Condition.WEAPONS and g == WEAPON:
                v += min(ap, emiss) * 1.0
        return v

    def _play(self, o: Observation, legal: Sequence[Any]) -> Any:
        s, e = o.state, o.facts
        if not (s.missions and len(s.built) == len(s.missions)):
            return super()._play(o, legal)
        p = s.cur
        possible = [e.ebe_area[c] for c in s.ebe_deck]
        kb = sum(1 for d in s.ebe_die if d <= s.die[p])
        return max(legal, key=lambda a: (self._card_score(o, p, a.token, s.die[p], kb, [], possible, True),
                                         -a.token))

    def _act(self, o: Observation, legal: Sequence[Any]) -> Any:
        s = o.state
        p = s.cur
        if self._area_of(o, p) == A_FAB:
            gives = [a for a in legal if isinstance(a, Give)]
            if gives:
                a = self._fab_trade(o, p, gives)
                if a is not None:
                    return a
                # cubes at the 製作所 move by _fab_trade alone: the rule for elsewhere (to a partner who will
                # reach the 製作所) sent back the cube _fab_trade had just passed, twenty times a turn
                legal = [a for a in legal if not (isinstance(a, Give) and a.what < 4)]
        return super()._act(o, legal)

    def _fab_trade(self, o: Observation, p: int, gives: list[Give]) -> Give | None:
        """At the 製作所: cubes the missions need go to the seat that can still load them."""
        s = o.state
        mneed = _mission_need(o)
        if s.ap > 0:
            # take what a partner who has already acted holds and cannot load any more
            for a in gives:
                x, y, w = a.giver, a.receiver, a.what
                if y == p and w < 4 and x in s.success and mneed[w] > s.res[p][w]:
                    return a
            return None
        later = [q for q in range(s.n) if q != p and not s.failed[q] and q not in s.success
                 and self._area_of(o, q) == A_FAB]
        if not later:
            return None
        for a in gives:
            x, y, w = a.giver, a.receiver, a.what
            if x == p and y == later[0] and w < 4 and mneed[w] > s.res[y][w]:
                return a
        return None

    def _trade(self, o: Observation, p: int, gives: list[Give], need: list[int]) -> Give | None:
        s, e = o.state, o.facts
        mneed = _mission_need(o)
        for a in gives:
            x, y, w = a.giver, a.receiver, a.what
            if w >= 4:
                if w >= ITEM_BASE and e.item_effect[w - ITEM_BASE] == Effect.HEAL and s.dmg[y] > s.dmg[x] + 1:
                    return a                      # a 救急キット to the more wounded partner
                continue
            if mneed[w] <= 0:
                continue
            fx, fy = self._reaches_fab(o, x), self._reaches_fab(o, y)
            room = e.char_inv[s.chars[y]] - weight(e, s, y)
            if fy and not fx and room > 0:
                return a
        return None


class HoarderPolicy:
    """A stress player for the sample games: it gathers cubes and converts them all into one kind, so
    the stock of that kind runs dry while players still stand at the 製作所 with cubes to convert (a
    corner where a move must not be offered that the rules then refuse).  It passes pieces, uses items,
    meets drones, keeps cubes rather than loading them, and otherwise plays at random."""

    name = "hoarder"

    def choose(self, o: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        s, e = o.state, o.facts
        cls = legal[0].__class__
        target = s.missions[0] % 4 if s.missions else 0       # one kind per game, drained on purpose
        if cls is Play:
            def area(a: Play) -> int:
                return e.exp_area[a.token] if a.token < INFO_BASE else e.item_area[a.token - INFO_BASE]
            held = sum(s.res[s.cur])
            good = [a for a in legal if area(a) == A_FAB] if held >= 2 else []
            good = good or [a for a in legal if AREA_GAIN[area(a)] is not None and AREA_GAIN[area(a)] != WEAPON]
            return rng.choice(good or list(legal))
        if issubclass(cls, Act):
            for kind in (K_CONVERT, K_GAIN, K_USE, K_GIVE):
                acts = [a for a in legal if a.kind == kind]
                if kind == K_CONVERT:
                    acts = [a for a in acts if a.target == target] or [a for a in acts if a.source != target]
                if kind == K_GIVE and rng.random() < 0.5:
                    acts = []
                if acts:
                    return rng.choice(acts)
            if rng.random() < 0.2:
                loads = [a for a in legal if a.kind == K_LOAD]
                if loads:
                    return rng.choice(loads)
            return legal[0]                     # K_DONE sorts first
        if cls is DroneChoice:
            return legal[-1]
        if cls is Discard:
            keep = [a for a in legal if a.what >= 4] or [a for a in legal if a.what != target]
            return rng.choice(keep or list(legal))
        if cls is Pay:
            return PAYS[0]
        return rng.choice(list(legal))


# What each player does and is known not to do (printed by the report next to the figures it produced).
POLICY_NOTES: dict[str, str] = {
    "planner": "チーム全体のために、公開されている卓の情報を読んで打ちます。サイコロは、各席が手札のカードでその目から"
               "得られる働きと、イーバの目で減るステーションライフとを比べて割り振ります。製作所では積める人へ資源を渡し、"
               "ミッションがすべて完成したらイーバには低い目を渡します。先の手番やラウンドを読む探索はせず、"
               "アイテムの受け渡しは救急キットだけで、行動予測装置はイーバの目を上げる使い方しかしません。",
    "early-planner": "最初のプランナーで、比べるために残しています。APの使い道を見ずにサイコロを割り振るので、"
                     "何もできない人を守るためにイーバに6を渡すことがあり、資源をほとんど渡さず（製作所では渡しません）、"
                     "ミッションがすべて完成した後もイーバに高い目を渡し続けます。",
    "hoarder": "検査用の偏った方針です。資源を1種類に集めて変え続け、ミッションにはほとんど積まず、"
               "残りはでたらめに選びます。"
               "勝とうとはしないので、勝率の目安にはなりません。",
    "random": "合法手の中から等しい確率で選びます。協力も計画もしないので、チームの勝率の下限の目安です。",
    "mcts": "情報集合モンテカルロ木探索です。裏向きのイーバカードを見えない札から引き直して先を読みます。"
            "反復回数が少ないと、チームの長い計画（4ラウンド先の脱出）までは読めません。",
}

POLICIES: dict[str, Any] = {"planner": PlannerPolicy, "early-planner": EarlyPlannerPolicy, "hoarder": HoarderPolicy}

