"""The result of a study, one :class:`RunResult` per player count: frozen records that text
(``pnp simulate``), ``--json`` and the PDF report all read.

``RunResult.to_json()`` is the summary ``pnp simulate --json`` writes (the same keys, in the same order,
the same numbers); ``RunResult.from_json`` reads it back, naming the field that is missing or of the
wrong kind (:class:`ResultError`, worded by ``sim.study_field``).  A record read back equals the one
the run made, and ``to_json`` of it gives the file's dict again.

The figures every reader uses are typed (win rates as :class:`Rate`, lengths as :class:`Dist`, end
reasons with their Japanese labels resolved).  The deep sections that one reader formats and the JSON
carries through — the answers' ``measures``, the causal card figure ``card_effects``, the per-card
``cards``, the ``comparison``, ``skill_luck``, ``robustness`` and each of ``report_comparisons`` — are a
:class:`Section`: the few fields the readers test, plus the section's JSON mapping as written, read by
the one module that words it (``cardeffects``, ``skill``, ``robustness``, ``answers``, ``comparisons``)."""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..messages import msg

Json = dict[str, Any]
T = TypeVar("T")


class ResultError(Exception):
    """A summary that is not one: ``field`` (dotted, from the summary's top) and what it should be."""

    def __init__(self, field: str, want: str, got: Any) -> None:
        self.field = field
        word = type(got).__name__ if got is not None else msg("sim.word_nothing")
        super().__init__(f"{field}: " + msg("sim.study_field", want=want, got=word))


def _want(data: Mapping[str, Any], key: str, kinds: tuple[type, ...], want: str | None = None) -> Any:
    """``data[key]`` when it is one of ``kinds`` (a bool is not an int); ResultError otherwise."""
    value = data.get(key)
    if not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds:
        raise ResultError(key, want or msg("sim.word_kind", kind=" ".join(k.__name__ for k in kinds)), value)
    return value


def plain(data: Any) -> Any:
    """``data`` as JSON reads it back: tuples as lists, keys as strings (a live summary counts rounds
    by int keys; its file says them as strings)."""
    return json.loads(json.dumps(data, ensure_ascii=False))


@dataclass(frozen=True)
class Rate:
    """A rate with its 95% Wilson interval over ``n`` (a number of games, seats or uses: int or float
    as counted, kept so that the JSON says it as it did)."""

    rate: float
    ci: tuple[float, float]
    n: float

    @property
    def lo(self) -> float:
        return self.ci[0]

    @property
    def hi(self) -> float:
        return self.ci[1]

    def to_json(self) -> Json:
        return {"rate": self.rate, "ci": list(self.ci), "n": self.n}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Rate:
        lo, hi = d["ci"]
        return cls(d["rate"], (lo, hi), d["n"])


def _rates(d: Mapping[str, Any]) -> dict[str, Rate]:
    return {str(k): Rate.from_json(v) for k, v in d.items()}


def _rates_json(d: Mapping[str, Rate]) -> Json:
    return {k: r.to_json() for k, r in d.items()}


@dataclass(frozen=True)
class Dist:
    """A distribution's mean, 10th, 50th and 90th percentiles, least and most; ``games`` where the
    figure counts only some games (the margin: games the score decided)."""

    mean: float
    p10: float
    p50: float
    p90: float
    min: float
    max: float
    games: int | None = None

    def to_json(self) -> Json:
        out: Json = {"mean": self.mean, "p10": self.p10, "p50": self.p50, "p90": self.p90, "min": self.min,
                     "max": self.max}
        if self.games is not None:
            out["games"] = self.games
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Dist:
        return cls(d["mean"], d["p10"], d["p50"], d["p90"], d["min"], d["max"], d.get("games"))


@dataclass(frozen=True)
class Length:
    """How long the games were: rounds, choices (all seats' and one seat's), the most steps a game took
    and the engine's cap on them."""

    rounds: Dist
    turns: Dist
    turns_per_player: Dist | None
    steps_max: int | None
    max_steps: int | None

    @property
    def choices(self) -> Dist:
        """Choices per player (older files have only the turns of all seats)."""
        return self.turns_per_player or self.turns

    def to_json(self) -> Json:
        out: Json = {"rounds": self.rounds.to_json(), "turns": self.turns.to_json()}
        if self.turns_per_player is not None:
            out["turns_per_player"] = self.turns_per_player.to_json()
        if self.steps_max is not None:
            out["steps_max"] = self.steps_max
        if self.max_steps is not None:
            out["max_steps"] = self.max_steps
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Length:
        tpp = d.get("turns_per_player")
        return cls(Dist.from_json(d["rounds"]), Dist.from_json(d["turns"]), Dist.from_json(tpp) if tpp else None,
                   d.get("steps_max"), d.get("max_steps"))


@dataclass(frozen=True)
class Scores:
    """Every seat's final score, the winner's, the winner's margin over the next (games the score
    decided), and how many games a winner won below the top score (by another rule)."""

    all: Dist
    winner: Dist
    margin: Dist
    won_below_top_score: int

    def to_json(self) -> Json:
        return {"all": self.all.to_json(), "winner": self.winner.to_json(), "margin": self.margin.to_json(),
                "won_below_top_score": self.won_below_top_score}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Scores:
        return cls(Dist.from_json(d["all"]), Dist.from_json(d["winner"]), Dist.from_json(d["margin"]),
                   d.get("won_below_top_score", 0))


@dataclass(frozen=True)
class Lead:
    """Lead changes per game, how often the leader after round k won, and the midgame leader losing."""

    lead_changes: Dist
    leader_after_round_wins: dict[str, Rate]
    comeback_from_midgame: Rate

    def to_json(self) -> Json:
        return {"lead_changes": self.lead_changes.to_json(),
                "leader_after_round_wins": _rates_json(self.leader_after_round_wins),
                "comeback_from_midgame": self.comeback_from_midgame.to_json()}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Lead:
        return cls(Dist.from_json(d["lead_changes"]), _rates(d["leader_after_round_wins"]),
                   Rate.from_json(d["comeback_from_midgame"]))


@dataclass(frozen=True)
class SeatTest:
    """Pearson's χ² of the seats' wins against equal seats."""

    chi2: float
    df: int
    p: float

    def to_json(self) -> Json:
        return {"chi2": self.chi2, "df": self.df, "p": self.p}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> SeatTest:
        return cls(d["chi2"], d["df"], d["p"])


@dataclass(frozen=True)
class RunError:
    """A game that broke: its index in the batch, its seed, its line-up and the error."""

    index: int
    seed: int
    policies: tuple[str, ...]
    error: str

    def to_json(self) -> Json:
        return {"index": self.index, "seed": self.seed, "policies": list(self.policies), "error": self.error}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> RunError:
        return cls(d["index"], d["seed"], tuple(d.get("policies") or ()), d["error"])


@dataclass(frozen=True)
class EndReason:
    """Why games ended: the engine's key, its Japanese label, how many games and their rate."""

    key: str
    label_ja: str | None
    games: int
    rate: Rate


@dataclass(frozen=True)
class TeamSet:
    """Cooperative: the characters at the table together and the team's win rate with them."""

    members: tuple[Any, ...]
    rate: Rate

    def to_json(self) -> Json:
        return {"set": list(self.members), **self.rate.to_json()}


@dataclass(frozen=True)
class ScoreTrack:
    """The game's score track (from its board) and how often every final score fitted on it."""

    range: tuple[float, float]
    source: str
    fits: Rate

    def to_json(self) -> Json:
        return {"range": list(self.range), "source": self.source, **self.fits.to_json()}


@dataclass(frozen=True)
class Finding:
    """An engine's answer to one of the designer's questions, with the figures it rests on."""

    question: str
    answer: str
    figures: Json

    def to_json(self) -> Json:
        return {"question": self.question, "answer": self.answer, "figures": self.figures}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Finding:
        return cls(d["question"], d["answer"], dict(d.get("figures") or {}))


@dataclass(frozen=True)
class Section:
    """A deep section of the result, read by the one module that words it: its JSON mapping as written
    (``data``).  The record is frozen; ``data`` is the file's own dict, not to be changed by a reader."""

    data: Json

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __contains__(self, key: object) -> bool:
        return key in self.data

    def __bool__(self) -> bool:
        """An empty section says nothing (as the empty mapping it is in the JSON)."""
        return bool(self.data)

    def to_json(self) -> Json:
        return self.data


@dataclass(frozen=True)
class CardEffects(Section):
    """The causal card figure (:mod:`pnp.sim.cardeffects`): the win rate of the seat dealt a card; its
    flagged units are what restricted play replays; ``restricted`` (when played) what a flagged card is
    worth to the seat dealt it."""

    @property
    def flagged(self) -> list[tuple[str, ...]]:
        return [tuple(u["cards"]) for u in (self.data.get("units") or {}).values() if u["flag"]]

    @property
    def restricted(self) -> Json | None:
        return self.data.get("restricted")


@dataclass(frozen=True)
class Comparison(Section):
    """The rules compared on the same seeds (``--compare-variant`` / ``--compare-option``): the paired
    differences (:class:`pnp.sim.metrics.Comparison`), the answers' paired figures, the other side's
    summary (``summary_b``, a :class:`RunResult`) and the questions that need both sides."""

    summary_b: RunResult | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)   # the file's order, summary_b among them

    @property
    def variant_a(self) -> str:
        return str(self.data["variant_a"])

    @property
    def variant_b(self) -> str:
        return str(self.data["variant_b"])

    @property
    def pairs(self) -> int:
        return int(self.data["pairs"])

    def to_json(self) -> Json:
        if self.summary_b is None:
            return self.data
        b = self.summary_b.to_json()
        return {k: b if k == "summary_b" else self.data[k] for k in self.keys}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Comparison:
        b = d.get("summary_b")
        data = {k: v for k, v in d.items() if k != "summary_b"}
        return cls(data, RunResult.from_json(b) if isinstance(b, Mapping) else None, tuple(d))


@dataclass(frozen=True)
class BuiltinComparison(Section):
    """One comparison the game asks for (:func:`pnp.sim.comparisons.builtin_comparisons`): its name,
    both sides' figures (``a``, ``b``), the paired differences and the answers' paired figures."""

    @property
    def name_ja(self) -> str:
        return str(self.data["name_ja"])

    @property
    def a_ja(self) -> str:
        return str(self.data.get("a_ja", "いまのルール"))

    @property
    def b_ja(self) -> str:
        return str(self.data.get("b_ja", self.name_ja))

    @property
    def pairs(self) -> int:
        return int(self.data["paired"]["pairs"])


# (field, kinds) every summary must have for the report; the report reads the rest where present
REQUIRED: tuple[tuple[str, tuple[type, ...]], ...] = (
    ("game", (str,)), ("players", (int,)), ("games", (int,)), ("completed", (int,)), ("seed", (int,)),
    ("policies", (list,)), ("variant", (str,)), ("options", (dict,)), ("errors", (list,)),
    ("length", (dict,)), ("end_reasons", (dict,)), ("end_reason_rates", (dict,)), ("length_histogram", (dict,)),
)


@dataclass(frozen=True)
class ReportLabels:
    """Everything the text and the report ask a game's engine, resolved when the study is played, so the
    report can be rebuilt from ``--json`` (its ``labels`` key) without the engine: the engine's Japanese
    words for keys (``labels_ja`` with its variants' and options' names), the word for its rounds, the note
    on each player the report lists, and the facts the engine calls descriptive (with why)."""

    words: Mapping[str, str]
    round_unit: str
    policy_notes: Mapping[str, str]
    descriptive_facts: Mapping[str, str]

    def to_json(self) -> Json:
        return {"words": dict(self.words), "round_unit": self.round_unit, "policy_notes": dict(self.policy_notes),
                "descriptive_facts": dict(self.descriptive_facts)}

    @classmethod
    def from_json(cls, d: Any, where: str = "labels") -> ReportLabels:
        """The record as ``to_json`` wrote it; ResultError naming the first field missing or of the wrong kind."""
        if not isinstance(d, Mapping):
            raise ResultError(where, msg("sim.word_kind", kind="dict"), d)
        unit = d.get("round_unit")
        if not isinstance(unit, str):
            raise ResultError(f"{where}.round_unit", msg("sim.word_kind", kind="str"), unit)
        tables = {}
        for key in ("words", "policy_notes", "descriptive_facts"):
            table = d.get(key)
            if not isinstance(table, Mapping):
                raise ResultError(f"{where}.{key}", msg("sim.word_kind", kind="dict"), table)
            for k, v in table.items():
                if not isinstance(v, str):
                    raise ResultError(f"{where}.{key}.{k}", msg("sim.word_kind", kind="str"), v)
            tables[key] = {str(k): v for k, v in table.items()}
        return cls(tables["words"], unit, tables["policy_notes"], tables["descriptive_facts"])


def _counts(d: Mapping[Any, Any] | None) -> dict[int, int] | None:
    return None if d is None else {int(k): v for k, v in d.items()}


def _opt(d: Mapping[str, Any], key: str, read: Callable[[Any], T]) -> T | None:
    value = d.get(key)
    return None if value is None else read(value)


@dataclass(frozen=True)
class RunResult:
    """The figures of one player count's batch (:meth:`pnp.sim.metrics.Summary.record`) and what the
    study played beside it (:func:`pnp.sim.study.run_study`).  A field is ``None`` where the run has no
    such figure (a cooperative game has no seat test; a game without score track has no ``score_track``)."""

    game: str
    engine_version: Any
    games: int
    completed: int
    seed: int
    players: int
    policies: tuple[str, ...]
    variant: str
    options: Json
    errors: tuple[RunError, ...]
    error_count: int
    cooperative: bool
    team_win_rate: Rate | None
    wins_by_seat: tuple[float, ...]
    seat_win_rates: tuple[Rate, ...]
    seat_test: SeatTest | None
    wins_by_policy: dict[str, Rate]
    end_reasons: tuple[EndReason, ...]          # most frequent first, each with its Japanese label
    end_reasons_ja: dict[str, str]              # the labels as the file keeps them (first met first)
    length: Length
    scores: Scores | None
    score_histogram: dict[int, int] | None
    length_histogram: dict[int, int]
    lead: Lead | None
    per_seat_facts: dict[str, dict[str, Rate]] | None
    peak_pieces: dict[str, int] | None = None
    team_sets: dict[str, tuple[TeamSet, ...]] | None = None
    loss_reasons: dict[str, Rate] | None = None
    by_round: dict[str, dict[str, Dist]] | None = None
    card_effects: CardEffects | None = None
    cards: Section | None = None
    score_track: ScoreTrack | None = None
    measures: tuple[Json, ...] | None = None
    findings: tuple[Finding, ...] | None = None
    comparison: Comparison | None = None
    skill_luck: Section | None = None
    robustness: Section | None = None
    report_comparisons: tuple[BuiltinComparison, ...] | None = None

    # -- the figures as readers ask for them
    @property
    def failed(self) -> int:
        """Games that broke (an error or a broken invariant)."""
        return self.error_count

    @property
    def seat_facts(self) -> dict[str, dict[str, Rate]]:
        return self.per_seat_facts or {}

    @property
    def answered(self) -> tuple[Finding, ...]:
        return self.findings or ()

    # -- the JSON, as written
    def to_json(self) -> Json:
        """The summary as ``pnp simulate --json`` writes it: the same keys in the same order."""
        out: Json = {"game": self.game, "engine_version": self.engine_version, "games": self.games,
                     "completed": self.completed, "seed": self.seed, "players": self.players,
                     "policies": list(self.policies), "variant": self.variant, "options": dict(self.options),
                     "errors": [e.to_json() for e in self.errors], "error_count": self.error_count,
                     "cooperative": self.cooperative}
        if self.team_win_rate is not None:
            out["team_win_rate"] = self.team_win_rate.to_json()
        out["wins_by_seat"] = list(self.wins_by_seat)
        out["seat_win_rates"] = [r.to_json() for r in self.seat_win_rates]
        if self.seat_test is not None:
            out["seat_test"] = self.seat_test.to_json()
        out["wins_by_policy"] = _rates_json(self.wins_by_policy)
        out["end_reasons"] = {r.key: r.games for r in self.end_reasons}
        out["end_reasons_ja"] = dict(self.end_reasons_ja)
        out["end_reason_rates"] = {r.key: r.rate.to_json() for r in self.end_reasons}
        out["length"] = self.length.to_json()
        if self.scores is not None:
            out["scores"] = self.scores.to_json()
        if self.score_histogram is not None:
            out["score_histogram"] = {str(k): v for k, v in self.score_histogram.items()}
        out["length_histogram"] = {str(k): v for k, v in self.length_histogram.items()}
        if self.lead is not None:
            out["lead"] = self.lead.to_json()
        if self.per_seat_facts is not None:
            out["per_seat_facts"] = {f: _rates_json(t) for f, t in self.per_seat_facts.items()}
        self._optional_json(out)
        return out

    def _optional_json(self, out: Json) -> None:
        """The sections a run has only where its game gives them, then what the study played beside."""
        if self.peak_pieces is not None:
            out["peak_pieces"] = dict(self.peak_pieces)
        if self.team_sets is not None:
            out["team_sets"] = {f: [row.to_json() for row in rows] for f, rows in self.team_sets.items()}
        if self.loss_reasons is not None:
            out["loss_reasons"] = _rates_json(self.loss_reasons)
        if self.by_round is not None:
            out["by_round"] = {k: {i: d.to_json() for i, d in tab.items()} for k, tab in self.by_round.items()}
        for key in ("card_effects", "cards"):
            section = getattr(self, key)
            if section is not None:
                out[key] = section.to_json()
        if self.score_track is not None:
            out["score_track"] = self.score_track.to_json()
        if self.measures is not None:
            out["measures"] = list(self.measures)
        if self.findings is not None:
            out["findings"] = [f.to_json() for f in self.findings]
        for key in ("comparison", "skill_luck", "robustness"):
            section = getattr(self, key)
            if section is not None:
                out[key] = section.to_json()
        if self.report_comparisons is not None:
            out["report_comparisons"] = [rc.to_json() for rc in self.report_comparisons]

    # -- read back
    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RunResult:
        """A summary as ``--json`` wrote it (or as :class:`pnp.sim.metrics.Summary` folds it): the fields
        the report needs checked (ResultError names the first that is missing or of the wrong kind)."""
        for key, kinds in REQUIRED:
            _want(data, key, kinds)
        coop = bool(data.get("cooperative"))
        rates_key = "team_win_rate" if coop else "seat_win_rates"
        _want(data, rates_key, (dict,) if coop else (list,), msg("sim.word_win_rates"))
        d = plain(data)
        return cls(**_core(d, coop), **_extras(d))


def _end_reasons(d: Mapping[str, Any]) -> tuple[EndReason, ...]:
    labels = d.get("end_reasons_ja") or {}
    rates = d["end_reason_rates"]
    return tuple(EndReason(k, labels.get(k), v, Rate.from_json(rates[k])) for k, v in d["end_reasons"].items())


def _core(d: Mapping[str, Any], coop: bool) -> dict[str, Any]:
    """The fields every summary has (the report's figures)."""
    return {
        "game": d["game"], "engine_version": d.get("engine_version"), "games": d["games"],
        "completed": d["completed"], "seed": d["seed"], "players": d["players"], "policies": tuple(d["policies"]),
        "variant": d["variant"], "options": d["options"],
        "errors": tuple(RunError.from_json(e) for e in d["errors"]),
        "error_count": d.get("error_count", len(d["errors"])), "cooperative": coop,
        "team_win_rate": _opt(d, "team_win_rate", Rate.from_json),
        "wins_by_seat": tuple(d.get("wins_by_seat") or ()),
        "seat_win_rates": tuple(Rate.from_json(r) for r in d.get("seat_win_rates") or ()),
        "seat_test": _opt(d, "seat_test", SeatTest.from_json),
        "wins_by_policy": _rates(d.get("wins_by_policy") or {}),
        "end_reasons": _end_reasons(d), "end_reasons_ja": dict(d.get("end_reasons_ja") or {}),
        "length": Length.from_json(d["length"]),
        "scores": _opt(d, "scores", Scores.from_json),
        "score_histogram": _counts(d.get("score_histogram")),
        "length_histogram": _counts(d["length_histogram"]),
        "lead": _opt(d, "lead", Lead.from_json),
        "per_seat_facts": _opt(d, "per_seat_facts", lambda t: {f: _rates(x) for f, x in t.items()}),
    }


def _extras(d: Mapping[str, Any]) -> dict[str, Any]:
    """The sections a run has only where its game gives them, and what the study played beside."""
    return {
        "peak_pieces": d.get("peak_pieces"),
        "team_sets": _opt(d, "team_sets", lambda t: {
            f: tuple(TeamSet(tuple(r["set"]), Rate.from_json(r)) for r in rows) for f, rows in t.items()}),
        "loss_reasons": _opt(d, "loss_reasons", _rates),
        "by_round": _opt(d, "by_round", lambda t: {
            k: {i: Dist.from_json(x) for i, x in tab.items()} for k, tab in t.items()}),
        "card_effects": _opt(d, "card_effects", CardEffects),
        "cards": _opt(d, "cards", Section),
        "score_track": _opt(d, "score_track", lambda t: ScoreTrack(tuple(t["range"]), t.get("source", ""),
                                                                   Rate.from_json(t))),
        "measures": _opt(d, "measures", tuple),
        "findings": _opt(d, "findings", lambda fs: tuple(Finding.from_json(f) for f in fs)),
        "comparison": _opt(d, "comparison", Comparison.from_json),
        "skill_luck": _opt(d, "skill_luck", Section),
        "robustness": _opt(d, "robustness", Section),
        "report_comparisons": _opt(d, "report_comparisons", lambda rcs: tuple(BuiltinComparison(rc) for rc in rcs)),
    }


def runs_json(runs: Sequence[RunResult]) -> list[Json]:
    return [r.to_json() for r in runs]


def as_run(s: RunResult | Mapping[str, Any]) -> RunResult:
    """A run's record; a summary as ``--json`` wrote it (a dict) read into one."""
    return s if isinstance(s, RunResult) else RunResult.from_json(s)
