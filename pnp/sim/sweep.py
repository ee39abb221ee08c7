"""A sweep: the same seeded games under every setting of a grid (variants × option values), and the
outcome of each side by side — 「ライフは何点が良いか」 in one run.

Game i of every setting starts from the same seeds (root seed, game index), so the settings are
compared on the same deals and dice.  The games go through any ``concurrent.futures.Executor`` (a
local process pool, a Dask cluster), and the figures are the same for any executor."""
from __future__ import annotations

import concurrent.futures as cf
import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..messages import did_you_mean, msg
from .engine import BaseEngine
from .errors import SimError
from .labels import option_label, option_value_label
from .metrics import Summary
from .result import Rate, RunResult
from .runner import Batch, iter_games
from .stats import Z95

MAX_SETTINGS = 64


@dataclass(frozen=True)
class Setting:
    """One point of the grid: a variant and option values, and its Japanese label."""

    variant: str
    options: Mapping[str, Any] = field(default_factory=dict)
    label: str = ""


def _convert(engine: BaseEngine, key: str, raw: str) -> Any:
    specs = {o.id: o for o in engine.options}
    if key not in specs:
        known = ", ".join(f"{o.id}={','.join(map(str, o.choices))}" for o in engine.options)
        raise SimError(f"--option {key}: " + (
            msg("sim.no_such_option", game=engine.game_id, key=key, options=known, hint=did_you_mean(key, specs))
            if known else msg("sim.no_options", game=engine.game_id, key=key)))
    spec = specs[key]
    if all(isinstance(c, bool) for c in spec.choices):
        raw = {"on": "True", "yes": "True", "true": "True", "off": "False", "no": "False",
               "false": "False"}.get(raw.lower(), raw)
    for choice in spec.choices:
        if str(choice) == raw:
            return choice
    raise SimError(f"--option {key}: " + msg("sim.option_value", value=raw, choices=spec.choices,
                                             hint=did_you_mean(raw, map(str, spec.choices))))


def parse_axes(engine: BaseEngine, variants: Sequence[str], option_lists: Sequence[str]) -> list[tuple[str, list[Any]]]:
    """``["life=30,40"]`` → ``[("life", [30, 40])]`` (values of the option's own type), checked
    against the engine; the variants (each must exist) come first as the axis ``variant``."""
    axes: list[tuple[str, list[Any]]] = []
    known_variants = [v.id for v in engine.variants]
    chosen = [v.strip() for v in variants if v.strip()] or ["standard"]
    for v in chosen:
        if v not in known_variants:
            raise SimError(f"--variant {v}: " + msg("sim.no_such_variant", game=engine.game_id, variants=known_variants,
                                                    hint=did_you_mean(v, known_variants)))
    if len(set(chosen)) != len(chosen):
        raise SimError(f"--variant {','.join(chosen)}: " + msg("sim.variant_twice"))
    axes.append(("variant", chosen))
    seen: set[str] = set()
    for text in option_lists:
        key, sep, raw = text.partition("=")
        key = key.strip()
        if not sep or not key or not raw.strip():
            raise SimError(f"--option {text!r}: " + msg("sim.sweep_option_form"))
        if key in seen:
            raise SimError(f"--option {key}: " + msg("sim.sweep_option_twice", key=key))
        seen.add(key)
        values = [_convert(engine, key, r.strip()) for r in raw.split(",") if r.strip()]
        if len(set(map(str, values))) != len(values):
            raise SimError(f"--option {text!r}: " + msg("sim.sweep_value_twice"))
        axes.append((key, values))
    return axes


def grid(engine: BaseEngine, axes: Sequence[tuple[str, Sequence[Any]]]) -> list[Setting]:
    """Every combination of the axes, in the order given (the last axis turns fastest)."""
    variant_names = {v.id: v.name_ja for v in engine.variants}
    variants = list(axes[0][1]) if axes and axes[0][0] == "variant" else ["standard"]
    option_axes = [(k, vs) for k, vs in axes if k != "variant"]
    count = len(variants)
    for _, vs in option_axes:
        count *= len(vs)
    if count > MAX_SETTINGS:
        raise SimError(msg("sim.sweep_too_many", count=count, most=MAX_SETTINGS))
    out = []
    for variant in variants:
        for combo in itertools.product(*(vs for _, vs in option_axes)):
            options = {k: v for (k, _), v in zip(option_axes, combo)}
            parts = []
            if len(variants) > 1 or variant != "standard":
                parts.append(variant_names.get(variant, variant))
            parts += [f"{option_label(engine, k)} {option_value_label(engine, k, v)}" for k, v in options.items()]
            out.append(Setting(variant, options, "・".join(parts) or variant_names.get(variant, variant)))
    return out


def seat_spread(seats: Sequence[Rate], n: int) -> dict[str, Any]:
    """The gap between the best and the worst seat with the 95% normal interval of that difference
    (two shares of the same games: var = (p₁ + p₂ − (p₁ − p₂)²) / n)."""
    rates = [r.rate for r in seats]
    if not rates or n <= 0:
        return {"rate": 0.0, "ci": [0.0, 0.0], "n": n}
    hi_i = max(range(len(rates)), key=lambda i: rates[i])
    lo_i = min(range(len(rates)), key=lambda i: rates[i])
    p1, p2 = rates[hi_i], rates[lo_i]
    d = p1 - p2
    half = Z95 * math.sqrt(max(0.0, p1 + p2 - d * d) / n)
    return {"rate": round(d, 4), "ci": [round(max(0.0, d - half), 4), round(d + half, 4)], "n": n,
            "best_seat": hi_i + 1, "worst_seat": lo_i + 1}


def _row(engine: BaseEngine, setting: Setting, s: RunResult) -> dict[str, Any]:
    """The figures of one setting at one player count (what the table, the chart and --json show); end
    reasons in the words `pnp simulate` uses (the result's own end_reason_ja first)."""
    from .labels import Labeller
    label = Labeller(engine, s.end_reasons_ja)
    row: dict[str, Any] = {
        "setting": setting.label, "variant": setting.variant, "options": dict(setting.options),
        "players": s.players, "games": s.games, "completed": s.completed, "errors": s.error_count,
        "cooperative": s.cooperative,
        "seat_win_rates": [r.to_json() for r in s.seat_win_rates],
        "rounds": s.length.rounds.to_json(),
        "end_reasons": [{"reason": e.key, "label": label.reason(e.key), "games": e.games, **e.rate.to_json()}
                        for e in s.end_reasons],
    }
    if s.cooperative and s.team_win_rate is not None:
        row["team_win_rate"] = s.team_win_rate.to_json()
    else:
        spread = seat_spread(s.seat_win_rates, s.completed)
        row["seat_spread"] = spread["rate"]
        row["seat_spread_ci"] = spread["ci"]
        row["seat_test"] = s.seat_test.to_json() if s.seat_test else None
    return row


def run_sweep(engine: BaseEngine, settings: Sequence[Setting], player_counts: Sequence[int], policies: Sequence[str],
              games: int, seed: int, *, executor: cf.Executor | None = None, jobs: int = 1,
              on_progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games per setting and player count; the JSON-able result (``rows`` in the order
    player count, then setting; ``answers`` in Japanese, one per player count)."""
    if not settings:
        raise SimError(msg("sim.sweep_nothing"))
    rows = []
    for players in player_counts:
        for setting in settings:
            batch = Batch(players, tuple(policies), games, seed=seed, variant=setting.variant,
                          options=dict(setting.options))
            acc = Summary(engine, batch)
            for record in iter_games(engine, batch, jobs=jobs, executor=executor, on_progress=on_progress):
                acc.add(record)
            rows.append(_row(engine, setting, acc.record()))
    return {"game": engine.game_id, "games": games, "seed": seed, "policies": list(policies),
            "players": list(player_counts), "cooperative": engine.capabilities.cooperative,
            "settings": [{"label": s.label, "variant": s.variant, "options": dict(s.options)} for s in settings],
            "rows": rows, "answers": [answer(rows, p) for p in player_counts]}


def _overlap(a: Sequence[float], b: Sequence[float]) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def answer(rows: Sequence[Mapping[str, Any]], players: int) -> str:
    """One Japanese sentence per player count: which setting gives the most and the least, and whether
    the difference is more than the games can tell apart (the 95% intervals do not overlap)."""
    mine = [r for r in rows if r["players"] == players]
    if len(mine) < 2:
        return f"{players}人：設定が1つだけなので比べられません。"
    if mine[0]["cooperative"]:
        best = max(mine, key=lambda r: r["team_win_rate"]["rate"])
        worst = min(mine, key=lambda r: r["team_win_rate"]["rate"])
        b, w = best["team_win_rate"], worst["team_win_rate"]
        if b["rate"] == w["rate"]:
            return f"{players}人：チームの勝率はどの設定でも {b['rate']:.1%} です。"
        text = (f"{players}人：チームの勝率が最も高いのは「{best['setting']}」（{b['rate']:.1%}）、"
                f"最も低いのは「{worst['setting']}」（{w['rate']:.1%}）です。")
        if _overlap(b["ci"], w["ci"]):
            return text + "95%区間が重なっているので、この試遊数では差があるとは言えません。"
        return text + f"差は {100 * (b['rate'] - w['rate']):.1f}ポイントで、95%区間は重なりません。"
    fair = min(mine, key=lambda r: r["seat_spread"])
    unfair = max(mine, key=lambda r: r["seat_spread"])

    def spread(r: Mapping[str, Any]) -> str:
        lo, hi = r.get("seat_spread_ci") or (r["seat_spread"], r["seat_spread"])
        return f"{100 * r['seat_spread']:.1f}ポイント（95%区間 {100 * lo:.1f}〜{100 * hi:.1f}）"
    unequal = [r["setting"] for r in mine if (r.get("seat_test") or {}).get("p", 1) < 0.05]
    tested = ("χ²検定で席の差があるのは「" + "」「".join(unequal) + "」です。" if unequal
              else "χ²検定では、どの設定でも席による差は言えません。")
    if fair['seat_spread'] == unfair['seat_spread']:
        return (f"{players}人：席ごとの勝率の差（最大−最小）はどの設定でも {spread(fair)}です。" + tested)
    text = (f"{players}人：席ごとの勝率の差（最大−最小）が最も小さいのは「{fair['setting']}」"
            f"（{spread(fair)}）、最も大きいのは「{unfair['setting']}」（{spread(unfair)}）です。")
    if _overlap(fair.get("seat_spread_ci") or [0, 1], unfair.get("seat_spread_ci") or [0, 1]):
        text += "95%区間が重なっているので、この試遊数では設定で席の差が変わるとは言えません。"
    return text + tested


def _pct(r: Mapping[str, Any]) -> str:
    return f"{r['rate']:.1%}（{r['ci'][0]:.1%}〜{r['ci'][1]:.1%}）"


def sweep_table(rows: Sequence[Mapping[str, Any]]) -> tuple[list[str], list[list[str]]]:
    """The table of one player count's settings, header and cells as text: the one table ``pnp sweep``
    prints and its report draws (each rate with its 95% interval, rounds with p10〜p90, end reasons)."""
    coop = rows[0]["cooperative"]
    seats = len(rows[0]["seat_win_rates"])
    head = ["設定"] + (["チームの勝率（95%区間）"] if coop else [f"席{i + 1}の勝率（95%区間）" for i in range(seats)])
    if not coop:
        head.append("席の差 最大−最小（95%区間）")
    head += ["ラウンド数 平均（p10〜p90）", "終了理由"]
    body = []
    for r in rows:
        rates = [_pct(r["team_win_rate"])] if coop else [_pct(x) for x in r["seat_win_rates"]]
        if not coop:
            lo, hi = r.get("seat_spread_ci") or (r["seat_spread"], r["seat_spread"])
            rates.append(f"{r['seat_spread']:.1%}（{lo:.1%}〜{hi:.1%}）")
        d = r["rounds"]
        reasons = "、".join(f"{e['label']} {e['rate']:.1%}" for e in r["end_reasons"])
        body.append([r["setting"], *rates, f"{d['mean']:.1f}（{d['p10']:g}〜{d['p90']:g}）", reasons])
    return head, body
