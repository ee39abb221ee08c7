"""Figures from a batch of game records (Ludii-style: balance, duration, lead changes, end reasons).

``summarize`` returns a JSON-able dict; every rate carries its 95% Wilson interval."""
from __future__ import annotations

import math
from collections import Counter, defaultdict
from typing import Any, Sequence

from .engine import GameRecord
from .runner import Batch
from .stats import Z95, describe, mean, rate, stdev


def _win_shares(record: GameRecord) -> list[float]:
    """Each seat's share of the win (a shared first place splits the win)."""
    winners = record.result.winners
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(record.players)]


def _team_shares(record: GameRecord) -> list[float]:
    """Cooperative games: every seat shares a win fully."""
    return [1.0 if s in record.result.winners else 0.0 for s in range(record.players)]


def _leader(scores: Sequence[float]) -> int | None:
    best = max(scores)
    top = [i for i, v in enumerate(scores) if v == best]
    return top[0] if len(top) == 1 else None


def summarize(engine: Any, records: Sequence[GameRecord], batch: Batch) -> dict[str, Any]:
    done = [r for r in records if r.result is not None]
    n = len(done)
    players = batch.players
    out: dict[str, Any] = {
        "game": engine.game_id,
        "engine_version": getattr(engine, "version", "1"),
        "games": len(records),
        "completed": n,
        "seed": batch.seed,
        "players": players,
        "policies": list(batch.policies),
        "variant": batch.variant,
        "options": dict(batch.options),
        "errors": [{"index": r.index, "seed": r.seed, "policies": list(r.policies), "error": r.error}
                   for r in records if r.result is None],
    }
    coop = bool(getattr(engine, "cooperative", False))
    out["cooperative"] = coop
    if coop:   # the team wins or loses together: the figure is the team's rate, not a seat's share
        out["team_win_rate"] = rate(sum(1 for r in done if r.result.winners), n)
    shares = [_team_shares(r) if coop else _win_shares(r) for r in done]
    seat_wins = [sum(s[i] for s in shares) for i in range(players)]
    out["wins_by_seat"] = [round(w / n, 4) if n else 0.0 for w in seat_wins]
    out["seat_win_rates"] = [rate(w, n) for w in seat_wins]
    pol_w: dict[str, float] = defaultdict(float)
    pol_n: dict[str, int] = defaultdict(int)
    for r, sh in zip(done, shares):
        for seat, name in enumerate(r.policies):
            pol_w[name] += sh[seat]
            pol_n[name] += 1
    out["wins_by_policy"] = {k: rate(pol_w[k], pol_n[k]) for k in sorted(pol_n)}
    reasons = Counter(r.result.end_reason for r in done)
    out["end_reasons"] = dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])))
    out["end_reasons_ja"] = {r.result.end_reason: r.result.end_reason_ja for r in done}
    out["end_reason_rates"] = {k: rate(v, n) for k, v in out["end_reasons"].items()}
    out["length"] = {"rounds": describe([r.rounds for r in done]), "turns": describe([r.turns for r in done]),
                     "steps_max": max((r.steps for r in done), default=0), "max_steps": engine.max_steps}
    all_scores = [v for r in done for v in r.result.scores]
    win_scores, margins = [], []
    for r in done:
        if not r.result.winners:      # a cooperative loss has no winner
            continue
        w = r.result.winners[0]
        win_scores.append(r.result.scores[w])
        others = [v for i, v in enumerate(r.result.scores) if i not in r.result.winners]
        if others:
            margins.append(r.result.scores[w] - max(others))
    out["scores"] = {"all": describe(all_scores), "winner": describe(win_scores), "margin": describe(margins)}
    out["score_histogram"] = dict(sorted(Counter(int(v) for v in all_scores).items()))
    out["length_histogram"] = dict(sorted(Counter(r.rounds for r in done).items()))
    out["lead"] = _lead_figures(done)
    out["per_seat_facts"] = _per_seat_facts(done)
    peaks = _peak_pieces(done)
    if peaks:
        out["peak_pieces"] = peaks
    track = getattr(engine, "score_track", None)
    if track:
        lo, hi = track
        fits = sum(1 for r in done if all(lo <= v <= hi for v in r.result.scores))
        out["score_track"] = {"range": list(track), **rate(fits, n)}
    questions = getattr(engine, "questions", None)
    out["findings"] = ([{"question": f.question_ja, "answer": f.answer_ja, "figures": dict(f.figures)}
                        for f in questions(done)] if questions and done else [])
    return out


def _lead_figures(done: Sequence[GameRecord]) -> dict[str, Any]:
    changes = []
    after: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    comebacks = 0
    for r in done:
        hist = r.score_history
        prev, count = None, 0
        winners = r.result.winners
        for k, scores in enumerate(hist, 1):
            lead = _leader(scores)
            if lead is not None:
                if prev is not None and lead != prev:
                    count += 1
                prev = lead
                cell = after[k]
                cell[0] += 1 if lead in winners else 0
                cell[1] += 1
        changes.append(count)
        if hist:
            mid = _leader(hist[(len(hist) - 1) // 2])
            if mid is not None and mid not in winners:
                comebacks += 1
    return {
        "lead_changes": describe(changes),
        "leader_after_round_wins": {str(k): rate(w, m) for k, (w, m) in sorted(after.items())},
        "comeback_from_midgame": rate(comebacks, len(done)),
    }


def _per_seat_facts(done: Sequence[GameRecord]) -> dict[str, Any]:
    cells: dict[str, dict[Any, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0]))
    for r in done:
        facts = (r.result.extra or {}).get("per_seat") or {}
        shares = _win_shares(r)
        for fact, values in facts.items():
            for seat, v in enumerate(values):
                c = cells[fact][v]
                c[0] += shares[seat]
                c[1] += 1
    return {fact: {str(v): rate(w, m) for v, (w, m) in sorted(tab.items(), key=lambda kv: (kv[0] is None, kv[0]))}
            for fact, tab in sorted(cells.items())}


def _peak_pieces(done: Sequence[GameRecord]) -> dict[str, int]:
    peaks: dict[str, int] = {}
    for r in done:
        for k, v in ((r.result.extra or {}).get("peak_pieces") or {}).items():
            peaks[k] = max(peaks.get(k, 0), int(v))
    return peaks


def compare(engine: Any, a: Sequence[GameRecord], b: Sequence[GameRecord], variant_a: str,
            variant_b: str) -> dict[str, Any]:
    """Paired comparison of two batches played on the same seeds (game i of a with game i of b)."""
    pairs = [(x, y) for x, y in zip(a, b) if x.result is not None and y.result is not None and x.seed == y.seed]
    n = len(pairs)
    players = pairs[0][0].players if pairs else 0

    def paired(diffs: list[float]) -> dict[str, Any]:
        m = mean(diffs)
        half = Z95 * stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        return {"mean_diff": round(m, 4), "ci": [round(m - half, 4), round(m + half, 4)], "n": len(diffs)}

    coop = bool(getattr(engine, "cooperative", False))
    share = _team_shares if coop else _win_shares
    seats = []
    for s in range(players):
        seats.append(paired([share(y)[s] - share(x)[s] for x, y in pairs]))
    score = paired([mean(y.result.scores) - mean(x.result.scores) for x, y in pairs])
    both_won = [(x, y) for x, y in pairs if x.result.winners and y.result.winners]   # a team loss has no winner
    winner_score = paired([y.result.scores[y.result.winners[0]] - x.result.scores[x.result.winners[0]]
                           for x, y in both_won])
    rounds = paired([y.rounds - x.rounds for x, y in pairs])
    changed = sum(1 for x, y in pairs if x.result.winners != y.result.winners)
    ra = Counter(x.result.end_reason for x, _ in pairs)
    rb = Counter(y.result.end_reason for _, y in pairs)
    out_coop = {"team_win_rate_diff": paired([float(bool(y.result.winners)) - float(bool(x.result.winners))
                                              for x, y in pairs])} if coop else {}
    return {**out_coop, "variant_a": variant_a, "variant_b": variant_b, "pairs": n,
            "seat_win_rate_diff": seats, "mean_score_diff": score, "winner_score_diff": winner_score,
            "rounds_diff": rounds, "winner_changed": rate(changed, n),
            "end_reasons": {k: {"a": ra.get(k, 0), "b": rb.get(k, 0)} for k in sorted(set(ra) | set(rb))}}
