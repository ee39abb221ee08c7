"""Figures from a batch of game records (Ludii-style: balance, duration, lead changes, end reasons).

``Summary.record()`` gives the batch's :class:`pnp.sim.result.RunResult`; ``summarize`` (and
``Summary.result()``) its JSON form, as ``--json`` writes it.  Every rate carries its 95% Wilson interval."""
from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from .answers import Measures
from .cardeffects import DealtCards
from .engine import BaseEngine, GameRecord
from .result import RunResult
from .runner import Batch
from .stats import Z95, binom_two_sided, mean, rate, seat_chi2
from .winner_change import Placebo, WinnerChange
from .winner_change import winner_change_ja as winner_change_ja  # re-exported for the commands
from .winner_change import winner_change_verdict as winner_change_verdict


def _winners(record: GameRecord) -> tuple[int, ...]:
    """The winning seats of a finished game (the accumulators see only games that finished)."""
    assert record.result is not None, "a game that failed has no winners"
    return tuple(record.result.winners)


def _win_shares(record: GameRecord) -> list[float]:
    """Each seat's share of the win (a shared first place splits the win)."""
    winners = _winners(record)
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(record.players)]


def _team_shares(record: GameRecord) -> list[float]:
    """Cooperative games: every seat shares a win fully."""
    winners = _winners(record)
    return [1.0 if s in winners else 0.0 for s in range(record.players)]


def _leader(scores: Sequence[float]) -> int | None:
    best = max(scores)
    top = [i for i, v in enumerate(scores) if v == best]
    return top[0] if len(top) == 1 else None


QUESTION_GAMES = 20_000     # the engine's design questions read at most this many games of a batch
MAX_ERRORS_KEPT = 1_000     # error entries kept in a summary (all are counted)


class Dist:
    """A distribution kept as value counts: exact mean and quantiles in memory bounded by the
    number of distinct values (scores, rounds), not by the number of games."""

    def __init__(self) -> None:
        self.counts: Counter[Any] = Counter()
        self.n = 0
        self.total = 0.0

    def add(self, value: float) -> None:
        self.counts[value] += 1
        self.n += 1
        self.total += value

    def quantile(self, q: float) -> float:
        """As stats.quantile on the sorted values (linear interpolation)."""
        if not self.n:
            return 0.0
        pos = (self.n - 1) * q
        lo = math.floor(pos)
        hi = min(lo + 1, self.n - 1)
        x_lo: float | None = None
        x_hi: float | None = None
        seen = 0
        for v in sorted(self.counts):
            seen += self.counts[v]
            if x_lo is None and seen > lo:
                x_lo = v
            if seen > hi:
                x_hi = v
                break
        assert x_lo is not None and x_hi is not None    # n values were counted, so both positions exist
        return float(x_lo + (x_hi - x_lo) * (pos - lo))

    def describe(self) -> dict[str, float]:
        keys = sorted(self.counts)
        return {"mean": round(self.total / self.n, 4) if self.n else 0.0, "p10": self.quantile(0.1),
                "p50": self.quantile(0.5), "p90": self.quantile(0.9), "min": keys[0] if keys else 0,
                "max": keys[-1] if keys else 0}


class Summary:
    """The figures of a batch, folded in one record at a time (``add``) so that ``pnp simulate``
    never holds a batch in memory; ``result()`` gives the JSON-able dict."""

    def __init__(self, engine: BaseEngine, batch: Batch) -> None:
        self.engine, self.batch = engine, batch
        self.coop = engine.capabilities.cooperative
        self.games = self.n = self.team_wins = self.error_count = 0
        self.errors: list[dict[str, Any]] = []
        self.seat_wins = [0.0] * batch.players
        self.pol_w: dict[str, float] = defaultdict(float)
        self.pol_n: dict[str, int] = defaultdict(int)
        self.reasons: Counter[Any] = Counter()
        self.reasons_ja: dict[str, str] = {}
        self.rounds, self.turns, self.all_scores = Dist(), Dist(), Dist()
        self.win_scores, self.margins, self.lead_changes = Dist(), Dist(), Dist()
        self.won_otherwise = 0      # games whose winner had fewer points than someone (won by another rule)
        self.steps_max = 0
        self.score_hist: Counter[Any] = Counter()
        self.length_hist: Counter[Any] = Counter()
        self.lead_after: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        self.comebacks = 0
        self.fact_cells: dict[str, dict[Any, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0]))
        self.peaks: dict[str, int] = {}
        self.sets: dict[str, dict[tuple[Any, ...], list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
        self.by_round: dict[str, dict[int, Dist]] = defaultdict(lambda: defaultdict(Dist))
        self.loss_reasons: Counter[Any] = Counter()
        self.cards_seat: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])  # win share, uses (a seat)
        self.cards_team: dict[str, list[int]] = defaultdict(lambda: [0, 0])       # team wins, games used
        self.turns_per_player = Dist()
        self.track = engine.score_track
        self.track_fits = 0
        self.kept: list[GameRecord] = []      # for the engine's questions, at most QUESTION_GAMES
        self.measures = Measures(engine)       # the figures that answer the questions, every game
        self.dealt = DealtCards(engine, batch.players, self.coop)   # the causal card figure

    def add(self, r: GameRecord) -> None:
        self.games += 1
        if r.result is None:
            self._failed(r)
            return
        self.n += 1
        self.measures.add(r)
        if len(self.kept) < QUESTION_GAMES:     # the questions read results, not the round-by-round scores
            self.kept.append(replace(r, score_history=()) if r.score_history else r)
        shares = _team_shares(r) if self.coop else _win_shares(r)
        self._wins(r, shares)
        self._length(r)
        self._scores(r)
        self._lead(r)
        # cooperative: a seat's fact (its character) counts the team's win, not a split share
        win_shares = shares if self.coop else _win_shares(r)
        extra = r.result.extra or {}
        self._seat_facts(r, extra.get("per_seat") or {}, win_shares)
        self._by_round(extra)
        self._cards(r, extra.get("cards_used"), win_shares)
        self.dealt.add(r)
        for k, v in (extra.get("peak_pieces") or {}).items():
            self.peaks[k] = max(self.peaks.get(k, 0), int(v))
        if self.track:
            lo, hi = self.track
            self.track_fits += all(lo <= v <= hi for v in r.result.scores)

    def _failed(self, r: GameRecord) -> None:
        """A game that broke: counted, and the first MAX_ERRORS_KEPT kept with their seeds."""
        self.error_count += 1
        if len(self.errors) < MAX_ERRORS_KEPT:
            self.errors.append({"index": r.index, "seed": r.seed, "policies": list(r.policies), "error": r.error})

    def _wins(self, r: GameRecord, shares: list[float]) -> None:
        """Seats', policies' and the team's wins; the end reason (and, for a team's loss, how it lost)."""
        res = r.result
        assert res is not None
        if self.coop and res.winners:
            self.team_wins += 1
        for i in range(self.batch.players):
            self.seat_wins[i] += shares[i]
        for seat, name in enumerate(r.policies):
            self.pol_w[name] += shares[seat]
            self.pol_n[name] += 1
        self.reasons[res.end_reason] += 1
        self.reasons_ja[res.end_reason] = res.end_reason_ja
        if self.coop and not res.winners:
            self.loss_reasons[res.end_reason] += 1

    def _length(self, r: GameRecord) -> None:
        self.rounds.add(r.rounds)
        self.turns.add(r.turns)
        self.turns_per_player.add(r.turns / r.players)
        self.steps_max = max(self.steps_max, r.steps)
        self.length_hist[r.rounds] += 1

    def _scores(self, r: GameRecord) -> None:
        """Every seat's score, the winner's, and the margin of games the score decided."""
        res = r.result
        assert res is not None
        for v in res.scores:
            self.all_scores.add(v)
            self.score_hist[int(v)] += 1
        if not res.winners:           # a cooperative loss has no winner
            return
        w = res.winners[0]
        self.win_scores.add(res.scores[w])
        others = [v for i, v in enumerate(res.scores) if i not in res.winners]
        # the margin is a figure of games the score decided: a winner by another rule (ユーフォリア's
        # player who never chanted, the last survivor) may have fewer points than a loser
        if others and res.scores[w] >= max(others):
            self.margins.add(res.scores[w] - max(others))
        elif others:
            self.won_otherwise += 1

    def _seat_facts(self, r: GameRecord, per_seat: Mapping[str, Any], win_shares: list[float]) -> None:
        """``extra["per_seat"] = {fact: [value per seat]}``: the win share per value (and, cooperative,
        per set of values at the table together)."""
        won = bool(_winners(r))
        for fact, values in per_seat.items():
            for seat, v in enumerate(values):
                c = self.fact_cells[fact][v]
                c[0] += win_shares[seat]
                c[1] += 1
            if self.coop:       # the team's set (the characters at the table together)
                key = tuple(sorted((v for v in values if v is not None), key=str))
                cell = self.sets[fact][key]
                cell[0] += won
                cell[1] += 1

    def _by_round(self, extra: Mapping[str, Any]) -> None:
        """``extra["…_by_round"] = [figure per round]``: each round's numbers, by round."""
        for k, v in extra.items():
            if k.endswith("_by_round") and isinstance(v, (list, tuple)):
                for i, x in enumerate(v, 1):
                    if isinstance(x, (int, float)) and not isinstance(x, bool):
                        self.by_round[k][i].add(float(x))

    def _cards(self, r: GameRecord, used: Any, win_shares: list[float]) -> None:
        """``extra["cards_used"] = {card: seat, or -1 for the team}``: the user's win, per card."""
        if not isinstance(used, dict):
            return
        won = bool(_winners(r))
        for card, seat in used.items():
            if isinstance(seat, int) and 0 <= seat < r.players:
                c = self.cards_seat[str(card)]
                c[0] += win_shares[seat]
                c[1] += 1
            else:
                t = self.cards_team[str(card)]
                t[0] += won
                t[1] += 1

    def _cards_result(self, causal: bool = False) -> dict[str, Any]:
        """Per card: the win rate of its user against comparable cards, flagged dead / dominant / weak.

        The user's win rate is an observation, not what the card does (winners play more cards; a card
        played only when ahead looks strong): where the engine reports the cards dealt (``causal``, the
        figure of :mod:`pnp.sim.cardeffects`), that figure alone flags strong and weak cards and this one
        keeps only 「ほとんど使われない」, a fact about use.

        A card is compared with the other cards of its group (the engine's ``card_groups``: card → group,
        e.g. 探偵無宿２'s cards of the same VP; one group when the engine names none), not with 1/players: the
        baseline is the pooled win rate of the uses of the group's other cards, a card weighed against what
        a use of a comparable card gives (a card with no other in its group: a seat's fair share, or
        the team's win rate).  Pooling over uses adjusts for exposure too: a long game draws more
        events (EBE), and a lost long game then weighs in the baseline as much as in the card's rate.
        Each card's exact binomial test against its baseline gives a p-value; the flags dominant / weak are set
        only where the p-value survives Holm's correction over every card tested at once (the family-wise
        error stays under 5% however many cards there are)."""
        n, out = self.n, {}
        groups_of = self.engine.card_groups
        cells: dict[str, tuple[float, float, str, str]] = {}
        for card in sorted(set(self.cards_seat) | set(self.cards_team)):
            by = "seat" if card in self.cards_seat else "team"
            w, m = self.cards_seat[card] if by == "seat" else self.cards_team[card]
            cells[card] = (float(w), float(m), by, str(groups_of.get(card, "")))
        pooled: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
        for w, m, by, g in cells.values():
            pooled[(by, g)][0] += w
            pooled[(by, g)][1] += m
        tests: list[tuple[float, str]] = []
        fair = 1 / self.batch.players
        team_rate = self.team_wins / n if n else 0.0
        for card, (w, m, by, g) in cells.items():
            pw, pm = pooled[(by, g)]
            pw, pm = pw - w, pm - m          # the other cards of the group (the card itself left out)
            if pm > 0:
                base = pw / pm
            else:                            # no comparable card: a seat's fair share, the team's rate
                base = team_rate if self.coop or by == "team" else fair
            entry: dict[str, Any] = {"by": by, "used_in": rate(m, n), "user_win_rate": rate(w, m),
                                     "base": round(base, 4), "group": g or None}
            if by == "team":
                entry["win_rate_without"] = rate(self.team_wins - w, n - m)
            flags = []
            if m < max(1, 0.05 * n):
                flags.append("dead")
            elif 0 < base < 1:
                entry["p"] = round(_two_rates_p(w, m, pw, pm) if pm > 0 else binom_two_sided(w, m, base), 6)
                tests.append((entry["p"], card))
            entry["flags"] = flags
            out[card] = entry
        # Holm: the k-th smallest p-value (from 0) against 0.05 / (tests − k), stopping at the first that fails
        k_total = len(tests)
        for k, (p, card) in enumerate(sorted(tests)):
            adj = min(1.0, p * (k_total - k))
            if adj >= 0.05 or causal:
                break
            c = out[card]
            c["flags"].append("dominant" if c["user_win_rate"]["rate"] > c["base"] else "weak")
        for _, card in tests:
            out[card]["p_holm"] = _holm(tests, card)
        return out

    def _lead(self, r: GameRecord) -> None:
        hist = r.score_history
        prev, count = None, 0
        winners = _winners(r)
        for k, scores in enumerate(hist, 1):
            lead = _leader(scores)
            if lead is not None:
                if prev is not None and lead != prev:
                    count += 1
                prev = lead
                cell = self.lead_after[k]
                cell[0] += 1 if lead in winners else 0
                cell[1] += 1
        self.lead_changes.add(count)
        if hist:
            mid = _leader(hist[(len(hist) - 1) // 2])
            if mid is not None and mid not in winners:
                self.comebacks += 1

    def record(self) -> RunResult:
        """The batch's figures as a record (what text, ``--json`` and the report read)."""
        return RunResult.from_json(self.result())

    def result(self) -> dict[str, Any]:
        """The batch's figures as the JSON says them (:meth:`RunResult.to_json` gives these again)."""
        engine, batch, n = self.engine, self.batch, self.n
        out: dict[str, Any] = {
            "game": engine.game_id,
            "engine_version": engine.version,
            "games": self.games,
            "completed": n,
            "seed": batch.seed,
            "players": batch.players,
            "policies": list(batch.policies),
            "variant": batch.variant,
            "options": dict(batch.options),
            "errors": list(self.errors),
            "error_count": self.error_count,
        }
        out["cooperative"] = self.coop
        if self.coop:   # the team wins or loses together: the figure is the team's rate, not a seat's share
            out["team_win_rate"] = rate(self.team_wins, n)
        out["wins_by_seat"] = [round(w / n, 4) if n else 0.0 for w in self.seat_wins]
        out["seat_win_rates"] = [rate(w, n) for w in self.seat_wins]
        if not self.coop:     # are the seats equal? Pearson's χ² of the seats' wins against n/players each
            out["seat_test"] = seat_chi2(self.seat_wins, n)
        out["wins_by_policy"] = {k: rate(self.pol_w[k], self.pol_n[k]) for k in sorted(self.pol_n)}
        out["end_reasons"] = dict(sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0])))
        out["end_reasons_ja"] = dict(self.reasons_ja)
        out["end_reason_rates"] = {k: rate(v, n) for k, v in out["end_reasons"].items()}
        out["length"] = {"rounds": self.rounds.describe(), "turns": self.turns.describe(),
                         "turns_per_player": self.turns_per_player.describe(),
                         "steps_max": self.steps_max, "max_steps": engine.max_steps}
        out["scores"] = {"all": self.all_scores.describe(), "winner": self.win_scores.describe(),
                         "margin": {**self.margins.describe(), "games": self.margins.n},
                         "won_below_top_score": self.won_otherwise}
        out["score_histogram"] = dict(sorted(self.score_hist.items()))
        out["length_histogram"] = dict(sorted(self.length_hist.items()))
        out["lead"] = {
            "lead_changes": self.lead_changes.describe(),
            "leader_after_round_wins": {str(k): rate(w, m) for k, (w, m) in sorted(self.lead_after.items())},
            "comeback_from_midgame": rate(self.comebacks, n),
        }
        out["per_seat_facts"] = {
            fact: {str(v): rate(w, m) for v, (w, m) in sorted(tab.items(), key=lambda kv: (kv[0] is None, kv[0]))}
            for fact, tab in sorted(self.fact_cells.items())}
        if self.peaks:
            out["peak_pieces"] = dict(self.peaks)
        if self.sets:
            out["team_sets"] = {fact: [{"set": list(k), **rate(w, m)}
                                       for k, (w, m) in sorted(tab.items(), key=lambda kv: [str(x) for x in kv[0]])]
                                for fact, tab in sorted(self.sets.items())}
        if self.coop:
            losses = n - self.team_wins
            out["loss_reasons"] = {k: rate(v, losses) for k, v in sorted(self.loss_reasons.items(),
                                                                         key=lambda kv: (-kv[1], kv[0]))}
        if self.by_round:
            out["by_round"] = {k: {str(i): d.describe() for i, d in sorted(tab.items())}
                               for k, tab in sorted(self.by_round.items())}
        dealt = self.dealt.result()
        if dealt is not None:
            out["card_effects"] = dealt
        if self.cards_seat or self.cards_team:
            out["cards"] = self._cards_result(causal=dealt is not None)
        if self.track:
            out["score_track"] = {"range": list(self.track), "source": getattr(self.track, "source_ja", ""),
                                  **rate(self.track_fits, n)}
        questions = engine.questions if engine.capabilities.questions else None
        out["measures"] = self.measures.result()
        out["findings"] = ([{"question": f.question_ja, "answer": f.answer_ja, "figures": dict(f.figures)}
                            for f in questions(self.kept)] if questions and self.kept else [])
        return out


def _two_rates_p(w1: float, m1: float, w2: float, m2: float) -> float:
    """Two-sided p-value of two rates being equal (a card's uses against the others of its group): the
    pooled two-proportion z test, so the baseline's own noise counts too."""
    p = (w1 + w2) / (m1 + m2)
    if p <= 0 or p >= 1:
        return 1.0
    z = (w1 / m1 - w2 / m2) / math.sqrt(p * (1 - p) * (1 / m1 + 1 / m2))
    return math.erfc(abs(z) / math.sqrt(2))


def _holm(tests: Sequence[tuple[float, str]], card: str) -> float:
    """The Holm-adjusted p-value of ``card`` among ``tests`` (p, card)."""
    ordered = sorted(tests)
    m, running, out = len(ordered), 0.0, 1.0
    for k, (p, c) in enumerate(ordered):
        running = max(running, min(1.0, p * (m - k)))
        if c == card:
            out = running
            break
    return round(out, 6)


def summarize(engine: BaseEngine, records: Iterable[GameRecord], batch: Batch) -> dict[str, Any]:
    acc = Summary(engine, batch)
    for r in records:
        acc.add(r)
    return acc.result()


class _Paired:
    """Mean and sample deviation of paired differences, folded in one pair at a time (Welford)."""

    def __init__(self) -> None:
        self.n, self.m, self.s2 = 0, 0.0, 0.0

    def add(self, d: float) -> None:
        self.n += 1
        delta = d - self.m
        self.m += delta / self.n
        self.s2 += delta * (d - self.m)

    def result(self) -> dict[str, Any]:
        sd = math.sqrt(max(0.0, self.s2) / (self.n - 1)) if self.n > 1 else 0.0
        half = Z95 * sd / math.sqrt(self.n) if self.n > 1 else 0.0
        m = self.m if self.n else 0.0
        return {"mean_diff": round(m, 4), "ci": [round(m - half, 4), round(m + half, 4)], "n": self.n}


WILSON = "Wilson 95%"


class Comparison:
    """Paired comparison of two batches played on the same seeds (game i of a with game i of b),
    folded in pair by pair (``add``) so the batches need not be kept.  ``add(x, y, z)`` with the pair's
    placebo ``z`` (:func:`pnp.sim.comparisons.placebos`) also measures the placebo floor of the
    winner-change share and its verdict (:mod:`pnp.sim.winner_change`)."""

    def __init__(self, engine: BaseEngine, variant_a: str, variant_b: str) -> None:
        self.engine, self.variant_a, self.variant_b = engine, variant_a, variant_b
        self.coop = engine.capabilities.cooperative
        self.n = self.players = 0
        self.seats: list[_Paired] = []
        self.score, self.winner_score, self.rounds, self.team = _Paired(), _Paired(), _Paired(), _Paired()
        self.ra: Counter[Any] = Counter()
        self.rb: Counter[Any] = Counter()
        self.wc = WinnerChange()

    def add(self, x: GameRecord, y: GameRecord, placebo: Placebo | None = None) -> None:
        if x.result is None or y.result is None or x.seed != y.seed:
            return
        self.wc.add(x, y, placebo)
        if not self.n:
            self.players = x.players
            self.seats = [_Paired() for _ in range(self.players)]
        self.n += 1
        share = _team_shares if self.coop else _win_shares
        sx, sy = share(x), share(y)
        for s in range(self.players):
            self.seats[s].add(sy[s] - sx[s])
        self.score.add(mean(y.result.scores) - mean(x.result.scores))
        if x.result.winners and y.result.winners:     # a team loss has no winner
            self.winner_score.add(y.result.scores[y.result.winners[0]] - x.result.scores[x.result.winners[0]])
        self.rounds.add(y.rounds - x.rounds)
        self.ra[x.result.end_reason] += 1
        self.rb[y.result.end_reason] += 1
        if self.coop:
            self.team.add(float(bool(y.result.winners)) - float(bool(x.result.winners)))

    def result(self) -> dict[str, Any]:
        out_coop = {"team_win_rate_diff": self.team.result()} if self.coop else {}
        return {**out_coop, "variant_a": self.variant_a, "variant_b": self.variant_b, "pairs": self.n,
                "seat_win_rate_diff": [p.result() for p in self.seats], "mean_score_diff": self.score.result(),
                "winner_score_diff": self.winner_score.result(), "rounds_diff": self.rounds.result(),
                **self.wc.result(),
                "end_reasons": {k: {"a": self.ra.get(k, 0), "b": self.rb.get(k, 0)}
                                for k in sorted(set(self.ra) | set(self.rb))}}


def compare(engine: BaseEngine, a: Iterable[GameRecord], b: Iterable[GameRecord], variant_a: str,
            variant_b: str, placebo: Iterable[Placebo] | None = None) -> dict[str, Any]:
    """Paired comparison of two batches played on the same seeds (game i of a with game i of b);
    with ``placebo`` (game i's placebo) the winner-change share gets its placebo floor and verdict."""
    acc = Comparison(engine, variant_a, variant_b)
    if placebo is None:
        for x, y in zip(a, b):
            acc.add(x, y)
    else:
        for x, y, z in zip(a, b, placebo):
            acc.add(x, y, z)
    return acc.result()
