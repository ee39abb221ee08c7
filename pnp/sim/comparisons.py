"""The comparisons a game asks for (``engine.report_comparisons``), built into every report.

Each entry is ``{"name_ja": …, "variant": id}`` or ``{"name_ja": …, "options": {key: value}}``.  The
batch's own rules are played against the alternative on the same seeds (game i of one with game i of
the other), and EACH side's figures are kept — the win rates, the length, the end reasons — besides
the paired differences, so a designer reads what each rule gives, not only how they differ."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .answers import PairedAnswers
from .errors import SimError
from .metrics import Comparison, Summary
from .runner import Batch, iter_games


def side_figures(s: Mapping[str, Any]) -> dict[str, Any]:
    """The figures of one side of a comparison, from a batch summary."""
    out: dict[str, Any] = {"variant": s["variant"], "options": dict(s["options"]), "completed": s["completed"],
                           "rounds": s["length"]["rounds"], "turns_per_player": s["length"]["turns_per_player"],
                           "seat_win_rates": s["seat_win_rates"], "end_reason_rates": s["end_reason_rates"],
                           "end_reasons_ja": s["end_reasons_ja"], "scores": s["scores"]}
    if s.get("cooperative"):
        out["team_win_rate"] = s["team_win_rate"]
    return out


def comparison_specs(engine: Any) -> list[dict[str, Any]]:
    """``engine.report_comparisons``, checked: each names a variant or options of the engine."""
    specs = []
    variants = {v.id for v in getattr(engine, "variants", ())}
    option_ids = {o.id: o for o in getattr(engine, "options", ())}
    for i, c in enumerate(getattr(engine, "report_comparisons", ()) or ()):
        where = f"{engine.game_id}: report_comparisons[{i}]"
        if not isinstance(c, Mapping) or not c.get("name_ja"):
            raise SimError(f"{where}: expected a mapping with name_ja and a variant or options")
        if "variant" in c:
            if c["variant"] not in variants:
                raise SimError(f"{where}.variant: unknown variant {c['variant']!r}")
        elif isinstance(c.get("options"), Mapping):
            for k, v in c["options"].items():
                if k not in option_ids or v not in option_ids[k].choices:
                    raise SimError(f"{where}.options: {k}={v!r} is not an option of the engine")
        else:
            raise SimError(f"{where}: names neither a variant nor options")
        specs.append(dict(c))
    return specs


def builtin_comparisons(engine: Any, batch: Batch, summary: dict[str, Any],
                        executor: Any = None) -> list[dict[str, Any]]:
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
        for x, y in zip(iter_games(engine, batch, executor=executor), iter_games(engine, other, executor=executor)):
            acc_b.add(y)
            pairs.add(x, y)
            answers.add(x, y)
        b = acc_b.result()
        out.append({"name_ja": spec["name_ja"], "variant": spec.get("variant"),
                    "options": dict(spec.get("options") or {}),
                    "a_ja": spec.get("a_ja") or "いまのルール", "b_ja": spec.get("b_ja") or spec["name_ja"],
                    "a": side_figures(summary), "b": side_figures(b), "paired": pairs.result(),
                    "answers": answers.result(), "findings_b": b["findings"]})
    return out
