"""A study: what ``pnp simulate`` plays (:func:`run_study`, from a :class:`StudySpec`) and its result
(:class:`Study`), which text, ``--json`` and the PDF report all read.

``run_study`` plays, per player count, the batch (beside the compared rules, on the same seeds, when
the spec compares), then the skill ladder and the luck figures, the robustness replay with the game's
second player, and the comparisons the game asks for.  The command only parses options, sizes the
estimate and shows progress (``begin(part)`` gives the function to count a part's games).

The result as ``pnp simulate --json`` writes it, read back (:func:`read_study`): the report rebuilt
from the JSON without playing a game (``pnp simulate GAME --from-json FILE --report r.pdf``).

The file holds one player count's summary, or ``{"game", "runs": [summary, …]}`` for several.  Reading
checks what the report reads — the game, the player count, the win rates, the length — and names the
file and the field when one is missing or of the wrong kind; a summary written by a run whose games broke
is refused, as ``simulate`` refuses to draw one."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..messages import msg
from .answers import PairedAnswers
from .cardeffects import restricted_play
from .comparisons import builtin_comparisons, paired
from .engine import BaseEngine
from .errors import SimError
from .gamelog import read_json
from .metrics import Comparison, Summary
from .robustness import robustness
from .runner import Batch, iter_games
from .skill import skill_luck


@dataclass(frozen=True)
class Study:
    """The summaries of one ``simulate`` run, one per player count, in order."""

    game: str
    runs: tuple[dict[str, Any], ...]


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
    options, variant, seed, games, names = dict(spec.options), spec.variant, spec.seed, spec.games, spec.policies
    pool, comparing = executor, spec.comparing
    summaries: list[dict[str, Any]] = []
    for p in spec.players:
        batch = Batch(p, names, games, seed=seed, variant=variant, options=options, check=spec.check)
        acc = Summary(engine, batch)
        if not comparing:
            tick = begin(f"{p}人 試遊")
            for r in iter_games(engine, batch, jobs=jobs, executor=pool, on_progress=tick):
                acc.add(r)
            summaries.append(acc.result())
            continue
        label_a = variant if spec.compare_variant else _options_label(options)
        label_b = spec.compare_variant if spec.compare_variant else _options_label(spec.compare_options or {})
        other = Batch(p, names, games, seed=seed, variant=spec.compare_variant or variant,
                      options=dict(spec.compare_options) if spec.compare_options is not None else options,
                      check=spec.check)
        acc_b = Summary(engine, other)
        pairs = Comparison(engine, label_a, label_b)
        answers = PairedAnswers(engine)
        # game i of one with game i of the other and its placebo (the noise floor), streamed in windows
        tick = begin(f"{p}人 試遊")
        for x, y, z in paired(engine, batch, other, jobs=jobs, executor=pool, on_progress=tick):
            acc.add(x)
            acc_b.add(y)
            pairs.add(x, y, z)
            answers.add(x, y)
        summary = acc.result()
        summary["comparison"] = pairs.result()
        summary["comparison"]["answers"] = answers.result()
        summary["comparison"]["summary_b"] = acc_b.result()
        questions = engine.questions
        if engine.capabilities.questions:    # questions that need both settings (e.g. 2 hands against 3) see both batches
            summary["comparison"]["findings"] = [
                {"question": f.question_ja, "answer": f.answer_ja, "figures": f.figures}
                for f in questions(acc.kept + acc_b.kept)]
        summaries.append(summary)
    for summary in summaries:
        p = summary["players"]
        if spec.skill_games or spec.luck_deals or spec.luck_events:
            current = [begin(f"{p}人 腕の影響 random")]

            def games_played(n: int, current: list[Callable[[int], None]] = current) -> None:
                current[0](n)

            def part(name: str, p: int = p, current: list[Callable[[int], None]] = current) -> None:
                # skill_luck names each part as it starts: a rung's policy, "deal", "event"
                kind = ("配りの影響" if name == "deal" else "途中の偶然" if name == "event" else f"腕の影響 {name}")
                current[0] = begin(f"{p}人 {kind}")
            summary["skill_luck"] = skill_luck(
                engine, p, seed=seed, skill_games=spec.skill_games, ladder=spec.ladder,
                luck_deals=spec.luck_deals, luck_continuations=spec.luck_continuations, luck_events=spec.luck_events,
                luck_event_names=spec.luck_event_names, variant=variant,
                options=options, executor=pool, progress=part, on_games=games_played)
        if spec.robustness and not comparing:
            # do the figures depend on who plays? the same seeds with the engine's second competent player
            rb = robustness(engine, Batch(p, names, games, seed=seed, variant=variant, options=options),
                            summary, executor=pool, on_games=begin(f"{p}人 方針の違い"))
            if rb is not None:
                summary["robustness"] = rb
        flagged = [tuple(u["cards"]) for u in (summary.get("card_effects") or {}).get("units", {}).values()
                   if u["flag"]]
        if spec.restricted_games and not comparing and flagged:
            # what a flagged card is worth to the seat dealt it: the same games with that seat forbidden to use it
            summary["card_effects"]["restricted"] = restricted_play(
                engine, Batch(p, names, spec.restricted_games, seed=seed, variant=variant, options=options), flagged,
                spec.restricted_games, on_games=begin(f"{p}人 使えない席"))
        if spec.builtin and not comparing:
            summary["report_comparisons"] = builtin_comparisons(
                engine, Batch(p, names, games, seed=seed, variant=variant, options=options, check=spec.check),
                summary, executor=pool, on_games=begin(f"{p}人 ルールの比較"))
    return Study(str(engine.game_id), tuple(summaries))


# (field, kinds) every summary must have for the report; the report reads the rest where present
REQUIRED: tuple[tuple[str, tuple[type, ...]], ...] = (
    ("game", (str,)), ("players", (int,)), ("games", (int,)), ("completed", (int,)), ("seed", (int,)),
    ("policies", (list,)), ("variant", (str,)), ("options", (dict,)), ("errors", (list,)),
    ("length", (dict,)), ("end_reasons", (dict,)), ("end_reason_rates", (dict,)), ("length_histogram", (dict,)),
)


def _problem(path: Path, where: str, field: str, want: Any, got: Any) -> SimError:
    return SimError(f"{path}: {where}{field}: " + msg("sim.study_field", want=want,
                                                      got=type(got).__name__ if got is not None else msg("sim.word_nothing")))


def read_study(path: Path, game_id: str) -> Study:
    """The summaries in ``path`` (see the module docstring); SimError naming the file and field otherwise."""
    path = Path(path)
    data = read_json(path, msg("sim.word_simulate_json"), SimError)
    if not isinstance(data, dict):
        raise SimError(f"{path}: " + msg("sim.study_not_object", got=type(data).__name__))
    runs: Sequence[Any] = data["runs"] if "runs" in data else [data]
    if not isinstance(runs, list) or not runs:
        raise _problem(path, "", "runs", msg("sim.word_summaries"), runs)
    for i, s in enumerate(runs):
        where = f"runs[{i}]." if "runs" in data else ""
        if not isinstance(s, dict):
            raise _problem(path, where.rstrip("."), "", msg("sim.word_summary"), s)
        for key, kinds in REQUIRED:
            if not isinstance(s.get(key), kinds) or isinstance(s.get(key), bool):
                raise _problem(path, where, key, msg("sim.word_kind", kind=" ".join(k.__name__ for k in kinds)),
                               s.get(key))
        rates = "team_win_rate" if s.get("cooperative") else "seat_win_rates"
        if not isinstance(s.get(rates), dict if rates == "team_win_rate" else list):
            raise _problem(path, where, rates, msg("sim.word_win_rates"), s.get(rates))
        if s["game"] != game_id:
            raise SimError(f"{path}: {where}game: " + msg("sim.study_other_game", studied=s["game"], game=game_id))
        failed = s.get("error_count", len(s["errors"]))
        if failed:
            raise SimError(f"{path}: {where}errors: " + msg("sim.study_broke", failed=failed))
    return Study(game_id, tuple(runs))
