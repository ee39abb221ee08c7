"""The comparisons a game asks for (``engine.report_comparisons``), built into every report.

Each entry is ``{"name_ja": …, "variant": id}`` or ``{"name_ja": …, "options": {key: value}}``.  The
batch's own rules are played against the alternative on the same seeds (game i of one with game i of
the other), and EACH side's figures are kept — the win rates, the length, the end reasons — besides
the paired differences, so a designer reads what each rule gives, not only how they differ.

Placebo floor of 「勝者が変わる」.  Two rule options on one seed share their chance (common random
numbers, :mod:`pnp.sim.sampling`) wherever both draw it; what one side draws and the other does not — a
third hand, more rounds, a deck of another size — is chance the rule itself touches, and it can change
the winner with no rule changed.  Each pair's placebo re-draws exactly that chance under each side's own
rules, keeping every other chance and every player's own random numbers
(:func:`pnp.sim.sampling.chance_disturbance`, :mod:`pnp.sim.winner_change`); the share of pairs whose
winner a placebo changes is the floor, and the verdict reads the excess of 「勝者が変わる」 over it,
including "hardly any" when the excess stays under a stated margin."""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from typing import Any

from ..messages import did_you_mean, msg
from .answers import PairedAnswers
from .engine import BaseEngine, GameRecord
from .errors import SimError
from .metrics import Comparison, Summary
from .result import RunResult
from .runner import Batch, iter_games, run_games
from .sampling import chance_disturbance
from .stats import rate
from .winner_change import Placebo

WINDOW = 500        # pairs whose placebo games are played together


def placebos(engine: BaseEngine, batch: Batch, other: Batch, pairs: Iterable[tuple[GameRecord, GameRecord]],
             executor: Any = None, jobs: int = 1) -> list[Placebo]:
    """The placebo of each pair (x under ``batch``'s rules, y under ``other``'s, both played with
    ``track_streams``): x's rules on x's seed with the chance y did not share re-drawn, and y's rules on
    y's seed with the chance x did not share re-drawn; a side with nothing to re-draw has no game."""
    pairs = list(pairs)
    need_a: dict[int, dict[str, int]] = {}
    need_b: dict[int, dict[str, int]] = {}
    for x, y in pairs:
        if x.streams is None or y.streams is None:
            raise SimError(msg("sim.placebo_streams"))
        da, db = chance_disturbance(x.streams, y.streams)
        if da:
            need_a[x.index] = da
        if db:
            need_b[y.index] = db
    played: list[dict[int, GameRecord]] = []
    for side, need in ((batch, need_a), (other, need_b)):
        out: dict[int, GameRecord] = {}
        if need:
            first, last = min(need), max(need)
            for r in run_games(engine, replace(side, first_index=first, games=last - first + 1, disturb=need,
                                               track_streams=False), jobs=jobs, executor=executor):
                out[r.index] = r
        played.append(out)
    return [Placebo(played[0].get(x.index), played[1].get(y.index)) for x, y in pairs]


def paired(engine: BaseEngine, a: Batch, b: Batch, *, jobs: int = 1, executor: Any = None,
           on_progress: Callable[[int], None] | None = None
           ) -> Iterator[tuple[GameRecord, GameRecord, Placebo]]:
    """Games i of ``a`` and ``b`` side by side, with the placebo of the pair (see the module
    docstring), streamed in windows of WINDOW pairs.  The records come without their stream uses."""
    a_t, b_t = replace(a, track_streams=True), replace(b, track_streams=True)
    both = zip(iter_games(engine, a_t, jobs=jobs, executor=executor, on_progress=on_progress),
               iter_games(engine, b_t, jobs=jobs, executor=executor, on_progress=on_progress))
    while True:
        window = list(itertools.islice(both, WINDOW))
        if not window:
            return
        for (x, y), z in zip(window, placebos(engine, a, b, window, executor, jobs)):
            yield replace(x, streams=None), replace(y, streams=None), z


def side_figures(s: RunResult) -> dict[str, Any]:
    """The figures of one side of a comparison, from a batch's result (as the comparison's JSON keeps them)."""
    out: dict[str, Any] = {"variant": s.variant, "options": dict(s.options), "completed": s.completed,
                           "rounds": s.length.rounds.to_json(),
                           "turns_per_player": s.length.turns_per_player.to_json() if s.length.turns_per_player else None,
                           "seat_win_rates": [r.to_json() for r in s.seat_win_rates],
                           "end_reason_rates": {r.key: r.rate.to_json() for r in s.end_reasons},
                           "end_reasons_ja": dict(s.end_reasons_ja), "scores": s.scores.to_json() if s.scores else None}
    if s.cooperative and s.team_win_rate is not None:
        out["team_win_rate"] = s.team_win_rate.to_json()
    return out


def comparison_specs(engine: BaseEngine) -> list[dict[str, Any]]:
    """``engine.report_comparisons``, checked: each names a variant or options of the engine."""
    specs = []
    variants = {v.id for v in engine.variants}
    option_ids = {o.id: o for o in engine.options}
    for i, c in enumerate(engine.report_comparisons):
        where = f"{engine.game_id}: report_comparisons[{i}]"
        if not isinstance(c, Mapping) or not c.get("name_ja"):
            raise SimError(f"{where}: " + msg("sim.comparison_kind"))
        if "variant" in c:
            if c["variant"] not in variants:
                raise SimError(f"{where}.variant: " + msg("sim.comparison_variant", variant=c["variant"],
                                                          hint=did_you_mean(c["variant"], variants)))
        elif isinstance(c.get("options"), Mapping):
            for k, v in c["options"].items():
                if k not in option_ids or v not in option_ids[k].choices:
                    raise SimError(f"{where}.options: " + msg("sim.comparison_option", key=k, value=v,
                                                              hint=did_you_mean(k, option_ids)))
        else:
            raise SimError(f"{where}: " + msg("sim.comparison_empty"))
        specs.append(dict(c))
    return specs


def builtin_comparisons(engine: BaseEngine, batch: Batch, summary: RunResult,
                        executor: Any = None, on_games: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """Every comparison the engine asks for, at the batch's player count, on the batch's seeds."""
    out = []
    for spec in comparison_specs(engine):
        if "variant" in spec:
            other = replace(batch, variant=spec["variant"])
        else:
            other = replace(batch, options={**batch.options, **spec["options"]})
        if other.variant == batch.variant and dict(other.options) == dict(batch.options):
            continue          # the batch already plays the alternative
        acc_b = Summary(engine, other)
        pairs = Comparison(engine, batch.variant, other.variant)
        answers = PairedAnswers(engine)      # the questions' figures under both rules, paired
        for x, y, z in paired(engine, batch, other, executor=executor, on_progress=on_games):
            acc_b.add(y)
            pairs.add(x, y, z)
            answers.add(x, y)
        b = acc_b.record()
        out.append({"name_ja": spec["name_ja"], "variant": spec.get("variant"),
                    "options": dict(spec.get("options") or {}),
                    "a_ja": spec.get("a_ja") or "いまのルール", "b_ja": spec.get("b_ja") or spec["name_ja"],
                    "a": side_figures(summary), "b": side_figures(b), "paired": pairs.result(),
                    "answers": answers.result(), "findings_b": [f.to_json() for f in b.answered]})
    return out


def midgame_disturbance(record: GameRecord, kind: str = "chance") -> dict[str, int]:
    """The disturbance of a mid-game placebo: the middle use that drew numbers of the game's chance
    streams (``kind`` "chance": one deal or roll halfway through, re-drawn), or of one seat's policy
    streams ("seat": the seat is the game index modulo the players).  The uses are taken stream by
    stream in the order the streams were first used — for a single stream, its uses in order."""
    assert record.streams is not None, "the record was played without track_streams"
    if kind == "chance":
        names = [n for n in record.streams if n.startswith("chance")]
    else:
        seat = f"seat{record.index % record.players}"
        names = [n for n in record.streams if n == seat or n.startswith(seat + ":")]
    uses = [(n, j) for n in names for j, (p, q) in enumerate(zip(record.streams[n], record.streams[n][1:]))
            if p != q]        # the uses that drew numbers (a deterministic choice draws none)
    if not uses:
        return {}
    name, j = uses[len(uses) // 2]
    return {name: j}


def midgame_placebo(engine: BaseEngine, batch: Batch, kind: str = "chance", *, jobs: int = 1,
                    executor: Any = None) -> dict[str, Any]:
    """How often one random draw re-drawn halfway through a game (same rules) changes its winner: the
    share the single-stream runner gave 42% for 24 at 3 players, and what keyed streams leave of it."""
    changed = n = 0
    base = list(iter_games(engine, replace(batch, track_streams=True), jobs=jobs, executor=executor))
    need = {x.index: midgame_disturbance(x, kind) for x in base if x.result is not None}
    need = {i: d for i, d in need.items() if d}
    placebo = {z.index: z for z in run_games(engine, replace(batch, disturb=need), jobs=jobs, executor=executor)} \
        if need else {}
    for x in base:
        if x.result is None:
            continue
        z = placebo.get(x.index, x)
        if z.result is None:
            continue
        n += 1
        changed += x.result.winners != z.result.winners
    return {**rate(changed, n), "method": "Wilson 95%", "kind": kind}
