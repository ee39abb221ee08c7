"""A study: what ``pnp simulate`` plays (:func:`run_study`, from a :class:`StudySpec`) and its result
(:class:`Study`: one :class:`pnp.sim.result.RunResult` per player count), which text, ``--json`` and the
PDF report all read.

``run_study`` plays, per player count, the batch (beside the compared rules, on the same seeds, when
the spec compares), then the skill ladder and the luck figures, the robustness replay with the game's
second player, restricted play of the flagged cards, and the comparisons the game asks for.  The command
only parses options, sizes the estimate and shows progress (``begin(part)`` gives the function to count a
part's games).

The result as ``pnp simulate --json`` writes it (``Study.to_json``), read back (:func:`read_study`): the
report rebuilt from the JSON without playing a game or loading the engine (``pnp simulate GAME --from-json
FILE --report r.pdf``): the words the report asks the engine for are kept under ``labels``
(:class:`pnp.sim.result.ReportLabels`), resolved when the study was played.

The file holds one player count's summary, or ``{"game", "runs": [summary, …]}`` for several.  Reading
(``RunResult.from_json``) checks what the report reads — the game, the player count, the win rates, the
length — and names the file and the field when one is missing or of the wrong kind; a summary written by
a run whose games broke is refused, as ``simulate`` refuses to draw one."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..messages import msg
from .answers import PairedAnswers
from .cardeffects import restricted_play
from .comparisons import builtin_comparisons, paired
from .engine import BaseEngine
from .errors import SimError
from .gamelog import read_json
from .labels import report_labels
from .metrics import Comparison, Summary
from .result import BuiltinComparison, CardEffects, ReportLabels, ResultError, RunResult, Section, plain
from .result import Comparison as ComparisonResult
from .robustness import robustness
from .runner import Batch, iter_games
from .skill import skill_luck


@dataclass(frozen=True)
class Study:
    """The results of one ``simulate`` run, one per player count, in order."""

    game: str
    runs: tuple[RunResult, ...]
    labels: ReportLabels         # what the text and the report ask the engine, asked when the study is played

    def to_json(self, games: int, seed: int, players: list[int], policies: list[str]) -> dict[str, Any]:
        """What ``--json`` writes: one player count's summary, or the study's line and every run's; either
        way with the study's ``labels`` last."""
        if len(self.runs) == 1:
            return {**self.runs[0].to_json(), "labels": self.labels.to_json()}
        return {"game": self.game, "games": games, "seed": seed, "players": players, "policies": policies,
                "errors": [e.to_json() for s in self.runs for e in s.errors], "runs": [s.to_json() for s in self.runs],
                "labels": self.labels.to_json()}


@dataclass(frozen=True)
class StudySpec:
    """What a study plays (``pnp simulate``'s options, parsed)."""

    players: tuple[int, ...]
    policies: tuple[str, ...]
    games: int
    seed: int
    variant: str = "standard"
    options: Mapping[str, Any] = field(default_factory=dict)
    compare_variant: str | None = None          # play this variant beside, on the same seeds …
    compare_options: Mapping[str, Any] | None = None    # … or these options
    check: bool = False
    skill_games: int = 0                        # games per rung of the skill ladder (0: none)
    ladder: tuple[int, ...] = ()                # its search budgets
    luck_deals: int = 0
    luck_events: int = 0
    luck_continuations: int = 4
    luck_event_names: tuple[str, ...] = ()
    robustness: bool = False                    # replay with the engine's second player (the report)
    builtin: bool = False                       # the comparisons the game asks for
    restricted_games: int = 0                   # restricted play of the flagged cards (0: none)

    @property
    def comparing(self) -> bool:
        return bool(self.compare_variant) or self.compare_options is not None


def _options_label(options: Mapping[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "既定"


def _ignore(_n: int = 1) -> None:
    pass


def _silent(_part: str) -> Callable[[int], None]:
    return _ignore


def run_study(engine: BaseEngine, spec: StudySpec, *, jobs: int = 1, executor: Any = None,
              begin: Callable[[str], Callable[[int], None]] = _silent) -> Study:
    """Play the study (see the module docstring); ``begin(part)`` is called as each part starts
    (「3人 試遊」「3人 腕の影響 random」…) and returns the function to call with each number of games."""
    runs = [_batch(engine, spec, p, jobs, executor, begin) for p in spec.players]
    played = tuple(_beside(engine, spec, run, executor, begin) for run in runs)
    return Study(str(engine.game_id), played, report_labels(engine, played))


def _batch(engine: BaseEngine, spec: StudySpec, p: int, jobs: int, pool: Any,
           begin: Callable[[str], Callable[[int], None]]) -> RunResult:
    """One player count's batch; when the spec compares, the other rules beside it on the same seeds."""
    batch = Batch(p, spec.policies, spec.games, seed=spec.seed, variant=spec.variant, options=dict(spec.options),
                  check=spec.check)
    acc = Summary(engine, batch)
    tick = begin(f"{p}人 試遊")
    if not spec.comparing:
        for r in iter_games(engine, batch, jobs=jobs, executor=pool, on_progress=tick):
            acc.add(r)
        return acc.record()
    label_a = spec.variant if spec.compare_variant else _options_label(spec.options)
    label_b = spec.compare_variant if spec.compare_variant else _options_label(spec.compare_options or {})
    other = Batch(p, spec.policies, spec.games, seed=spec.seed, variant=spec.compare_variant or spec.variant,
                  options=dict(spec.compare_options) if spec.compare_options is not None else dict(spec.options),
                  check=spec.check)
    acc_b = Summary(engine, other)
    pairs = Comparison(engine, label_a, label_b)
    answers = PairedAnswers(engine)
    # game i of one with game i of the other and its placebo (the noise floor), streamed in windows
    for x, y, z in paired(engine, batch, other, jobs=jobs, executor=pool, on_progress=tick):
        acc.add(x)
        acc_b.add(y)
        pairs.add(x, y, z)
        answers.add(x, y)
    compared = {**pairs.result(), "answers": answers.result(), "summary_b": acc_b.result()}
    if engine.capabilities.questions:    # questions that need both settings (e.g. 2 hands against 3) see both batches
        compared["findings"] = [{"question": f.question_ja, "answer": f.answer_ja, "figures": f.figures}
                                for f in engine.questions(acc.kept + acc_b.kept)]
    return replace(acc.record(), comparison=ComparisonResult.from_json(plain(compared)))


def _beside(engine: BaseEngine, spec: StudySpec, run: RunResult, pool: Any,
            begin: Callable[[str], Callable[[int], None]]) -> RunResult:
    """What the study plays beside a player count's batch: the skill ladder and the luck figures, the
    robustness replay, restricted play of the flagged cards, the comparisons the game asks for."""
    p, comparing = run.players, spec.comparing
    batch = Batch(p, spec.policies, spec.games, seed=spec.seed, variant=spec.variant, options=dict(spec.options))
    if spec.skill_games or spec.luck_deals or spec.luck_events:
        run = replace(run, skill_luck=Section(plain(_skill_luck(engine, spec, p, pool, begin))))
    if spec.robustness and not comparing:
        # do the figures depend on who plays? the same seeds with the engine's second competent player
        rb = robustness(engine, batch, executor=pool, on_games=begin(f"{p}人 方針の違い"))
        if rb is not None:
            run = replace(run, robustness=Section(plain(rb)))
    flagged = run.card_effects.flagged if run.card_effects is not None else []
    if spec.restricted_games and not comparing and flagged and run.card_effects is not None:
        # what a flagged card is worth to the seat dealt it: the same games with that seat forbidden to use it
        restricted = restricted_play(engine, replace(batch, games=spec.restricted_games), flagged,
                                     spec.restricted_games, on_games=begin(f"{p}人 使えない席"))
        run = replace(run, card_effects=CardEffects({**run.card_effects.data, "restricted": plain(restricted)}))
    if spec.builtin and not comparing:
        compared = builtin_comparisons(engine, replace(batch, check=spec.check), run, executor=pool,
                                       on_games=begin(f"{p}人 ルールの比較"))
        run = replace(run, report_comparisons=tuple(BuiltinComparison(plain(rc)) for rc in compared))
    return run


def _skill_luck(engine: BaseEngine, spec: StudySpec, p: int, pool: Any,
                begin: Callable[[str], Callable[[int], None]]) -> dict[str, Any]:
    """The skill ladder and the luck figures at ``p`` players, each part shown as it starts."""
    current = [begin(f"{p}人 腕の影響 random")]

    def games_played(n: int) -> None:
        current[0](n)

    def part(name: str) -> None:
        # skill_luck names each part as it starts: a rung's policy, "deal", "event"
        kind = ("配りの影響" if name == "deal" else "途中の偶然" if name == "event" else f"腕の影響 {name}")
        current[0] = begin(f"{p}人 {kind}")
    return skill_luck(engine, p, seed=spec.seed, skill_games=spec.skill_games, ladder=spec.ladder,
                      luck_deals=spec.luck_deals, luck_continuations=spec.luck_continuations,
                      luck_events=spec.luck_events, luck_event_names=spec.luck_event_names, variant=spec.variant,
                      options=dict(spec.options), executor=pool, progress=part, on_games=games_played)


def read_study(path: Path, game_id: str) -> Study:
    """The runs in ``path`` (see the module docstring); SimError naming the file and field otherwise."""
    path = Path(path)
    data = read_json(path, msg("sim.word_simulate_json"), SimError)
    if not isinstance(data, dict):
        raise SimError(f"{path}: " + msg("sim.study_not_object", got=type(data).__name__))
    runs: Sequence[Any] = data["runs"] if "runs" in data else [data]
    if not isinstance(runs, list) or not runs:
        raise SimError(f"{path}: " + str(ResultError("runs", msg("sim.word_summaries"), runs)))
    out = []
    for i, s in enumerate(runs):
        where = f"runs[{i}]." if "runs" in data else ""
        if not isinstance(s, dict):
            raise SimError(f"{path}: " + str(ResultError(where.rstrip("."), msg("sim.word_summary"), s)))
        try:
            run = RunResult.from_json(s)
        except ResultError as exc:
            raise SimError(f"{path}: {where}{exc}") from None
        if run.game != game_id:
            raise SimError(f"{path}: {where}game: " + msg("sim.study_other_game", studied=run.game, game=game_id))
        if run.failed:
            raise SimError(f"{path}: {where}errors: " + msg("sim.study_broke", failed=run.failed))
        out.append(run)
    return Study(game_id, tuple(out), _read_labels(path, data))


def _read_labels(path: Path, data: Mapping[str, Any]) -> ReportLabels:
    """The study's ``labels``; a file written before simulate kept them is refused, saying to play again."""
    if "labels" not in data:
        raise SimError(f"{path}: labels: " + msg("sim.study_no_labels"))
    try:
        return ReportLabels.from_json(data["labels"])
    except ResultError as exc:
        raise SimError(f"{path}: {exc}") from None
