"""The services behind ``pnp play``, ``pnp simulate`` and ``pnp replay`` (declared in pnp.cli.sim):
loading a game's engine, checking the players, variant and options asked for, planning a study's
time, and the text a study prints (``format_summary``).

``pnp validate`` runs sample games with ``pnp.commands.sim.sample_game_problems(game)`` (or directly
``pnp.sim.validation.run_sample_games(game, engine, games_per_config=100, seed=1)``), which returns a
sorted list of ``SampleProblem`` (str() gives one line each); any problem → exit 1.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..data.model import Game
from ..games import has_engine, make_engine
from ..messages import did_you_mean, msg
from ..sim.cardeffects import OBSERVED_JA, card_effect_lines_ja, restricted_lines_ja
from ..sim.engine import BaseEngine
from ..sim.errors import SimError
from ..sim.labels import Labeller
from ..sim.metrics import winner_change_ja
from ..sim.policies import lineup
from ..sim.result import Rate, ReportLabels, RunResult, as_run
from ..sim.runner import Batch, iter_games, play_game
from ..sim.validation import SampleProblem, run_sample_games
from . import progress


def load_game(project_dir: Path, game_id: str) -> Game:
    """The game of that id in the project (its data only: no engine is made)."""
    from ..data.project import Project
    return Project(project_dir).load_game(game_id)


def load_engine(project_dir: Path, game_id: str) -> tuple[Game, BaseEngine]:
    """The game of that id in the project, and its engine; SimError when the game has none."""
    game = load_game(project_dir, game_id)
    if not has_engine(game):
        raise SimError(f"{game_id}: " + msg("commands.no_engine"))
    return game, make_engine(game)


def check_players(engine: BaseEngine, players: int) -> None:
    """A player count the engine does not play is said before any game is played."""
    if not engine.min_players <= players <= engine.max_players:
        raise SimError(f"--players {players}: " + msg("commands.players_range", game=engine.game_id,
                                                      least=engine.min_players, most=engine.max_players))


def check_variant(engine: BaseEngine, variant: str | None, option: str = "--variant") -> None:
    """A variant the engine does not have is said before any game is played, with the nearest name."""
    known = [v.id for v in engine.variants]
    if variant is not None and variant not in known:
        raise SimError(f"{option} {variant}: " + msg("sim.no_such_variant", game=engine.game_id, variants=known,
                                                     hint=did_you_mean(variant, known)))


def parse_options(engine: BaseEngine, pairs: tuple[str, ...]) -> dict[str, Any]:
    """``k=v`` pairs → engine options, values converted to the type of the option's choices."""
    specs = {o.id: o for o in engine.options}
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or key not in specs:
            known = ", ".join(f"{o.id}={'|'.join(map(str, o.choices))}" for o in engine.options)
            raise SimError(f"--option {pair!r}: " + msg(
                "commands.bad_option", options=known or msg("commands.no_options"),
                hint=did_you_mean(key, specs) if sep else ""))
        spec = specs[key]
        value: Any = raw
        words = {"on": "True", "yes": "True", "true": "True", "off": "False", "no": "False", "false": "False"}
        if all(isinstance(c, bool) for c in spec.choices):   # skills=on / off as well as True / False
            raw = words.get(raw.lower(), raw)
        for choice in spec.choices:
            if str(choice) == raw:
                value = choice
                break
        else:
            raise SimError(f"--option {key}: " + msg("sim.option_value", value=raw, choices=spec.choices,
                                                     hint=did_you_mean(raw, map(str, spec.choices))))
        out[key] = value
    return out


def check_outputs(json_path: Path | None, report_path: Path | None) -> None:
    """--json and --report must be writable before a single game is played."""
    from ..files import check_writable
    if json_path:
        check_writable(json_path, "--json")
    if report_path:
        check_writable(report_path, "--report")


def doubling(top: int) -> tuple[int, ...]:
    """1, 2, 4, … up to ``top`` (``top`` itself the last rung)."""
    out = [1]
    while out[-1] * 2 < top:
        out.append(out[-1] * 2)
    return tuple(sorted({*out, top}))


def sample_game_problems(game: Game, games_per_config: int = 100, seed: int = 1) -> list[SampleProblem]:
    """For ``pnp validate``: [] when the game has no engine or its sample games hold up."""
    if not has_engine(game):
        return []
    return run_sample_games(game, make_engine(game), games_per_config=games_per_config, seed=seed)


def simulation_plan(engine: BaseEngine, counts: list[int], names: tuple[str, ...], games: int, *, seed: int, variant: str,
                    options: dict[str, Any], comparing: bool, skill_games: int, ladder: tuple[int, ...],
                    luck_deals: int, luck_events: int, luck_continuations: int, reporting: bool, builtin: bool,
                    jobs: int = 1, pool: Any = None) -> tuple[progress.Plan, str]:
    """What ``simulate`` is about to play, part by part, each game's cost measured on a few games of
    its kind played first (the default line-up's until CALIBRATE_S has passed; one game with the skill
    ladder's cheapest search player at each player count, its dearer rungs scaled by their budgets); and
    the sentence saying so.  With
    a pool (--jobs, --executor) those games are played where the batch's are (the engine's code never
    runs in this process when it would not otherwise), the pool warmed up first."""
    import time

    from ..sim.comparisons import comparison_specs
    from ..sim.policies import default_policy
    from ..sim.sampling import game_seed
    from ..sim.skill import ladder_rungs
    plan = progress.Plan()
    rungs = ladder_rungs(engine, ladder) if skill_games > 0 else []
    searched = [(name, b) for name, b in rungs if b is not None]
    search = searched[0][0] if searched else None
    default = default_policy(engine)
    share = max(1, jobs)
    per_default: list[float] = []
    per_search: list[float] = []
    def pooled(p: int, seats: tuple[str, ...], n: int) -> float:
        """Seconds a game of n played in the pool (n a multiple of its workers, so that all are busy)."""
        began = time.monotonic()
        for _ in iter_games(engine, Batch(p, seats, n, seed=seed, variant=variant, options=options), executor=pool):
            pass
        return (time.monotonic() - began) * share / n
    if pool is not None:
        pooled(counts[0], names, share)          # the workers started, the engine sent, before timing
    for p in counts:
        if pool is None:
            began, played = time.monotonic(), 0
            while played < CALIBRATE_GAMES and (played == 0 or time.monotonic() - began < CALIBRATE_S):
                play_game(engine, p, lineup(names, p, played), game_seed(seed, played), variant=variant,
                          options=options)
                played += 1
            c = (time.monotonic() - began) / played
        else:
            c = pooled(p, names, 2 * share)
        per_default.append(c)
        s = 0.0
        if search is not None:
            seats = (search,) + (default,) * (p - 1)
            if pool is None:
                began = time.monotonic()
                play_game(engine, p, seats, game_seed(seed, 0), variant=variant, options=options)
                s = time.monotonic() - began
            else:
                s = pooled(p, seats, share)
            per_search.append(s)
        plan.add(f"{p}人 試遊", 2 * games if comparing else games, (1.5 if comparing else 1.0) * c / share)
        for name, budget in rungs:       # a search rung costs about its budget's share of the cheapest one
            cost = c if budget is None else s * budget / searched[0][1]
            plan.add(f"{p}人 腕の影響 {name}", skill_games, cost / share)
        k = max(2, luck_continuations)
        plan.add(f"{p}人 配りの影響", luck_deals, k * c)
        plan.add(f"{p}人 途中の偶然", luck_events, (1 + k) * c)
        if reporting and not comparing and engine.second_policy \
                and tuple(names) != (engine.second_policy,):
            plan.add(f"{p}人 方針の違い", 2 * games, c / share)      # the batch again, beside the second player
        if builtin and not comparing:
            plan.add(f"{p}人 ルールの比較", 2 * games * len(comparison_specs(engine)), 1.5 * c / share)
    basis = f"1ゲーム約 {_per_game(per_default)}"
    if per_search:
        basis += f"、腕のはしごの{search}のゲームは約 {_per_game(per_search)}"
    return plan, basis + "で計算" + (f"、{share} 並列" if share > 1 else "")


CALIBRATE_GAMES, CALIBRATE_S = 20, 0.05      # games timed for the estimate: up to 20, or 0.05 s of them


def _per_game(costs: list[float]) -> str:
    lo, hi = min(costs), max(costs)
    return progress.seconds_ja(lo) if hi - lo < 0.1 * hi or hi < 0.01 else \
        f"{progress.seconds_ja(lo)}〜{progress.seconds_ja(hi)}"


def _pct(r: Rate) -> str:
    return f"{r.rate:6.1%} [{r.lo:.1%}–{r.hi:.1%}]"


def format_summary(s: RunResult | dict[str, Any], labels: ReportLabels | BaseEngine) -> list[str]:
    """The human-readable table ``pnp simulate`` prints: every key in Japanese words (the study's
    ``labels``, or an engine's ``labels_ja`` for a caller that has no study), lengths in rounds and in
    choices per player.  A summary as ``--json`` wrote it is read into its record first."""
    from ..sim.labels import Labeller, policy_label
    run = as_run(s)
    label = Labeller(labels, run.end_reasons_ja)
    pols = "・".join(policy_label(p) for p in run.policies)
    lines = [f"== {run.game}  {run.players}人  {run.games}ゲーム  種 {run.seed}  方針 {pols}"
             f"  変種 {label(run.variant)} ==",
             f"完了 {run.completed}／エラー {run.failed}"]
    if run.failed:      # figures of the games that happened to finish are biased: none are shown as if fine
        return lines + _failed_lines(run)
    for section in _SECTIONS:
        lines += section(run, label)
    missing = sorted(label.missing)
    if missing:
        lines.append("日本語の名前がないキー（エンジンの labels_ja に加えてください）：" + "、".join(missing))
    for e in run.errors[:5]:
        lines.append(f"エラー game {e.index} (seed {e.seed}): {e.error.splitlines()[0]}")
    return lines


def _failed_lines(run: RunResult) -> list[str]:
    lines = [f"エラー：{run.games}ゲーム中{run.failed}ゲームが、エラーか不変条件違反で止まりました。"]
    if run.errors:
        first = run.errors[0]
        lines.append(f"  最初のもの（種 {first.seed}、ゲーム {first.index + 1}）："
                     f"{str(first.error).strip().splitlines()[0]}")
    lines.append(f"勝率・長さ・得点などの数字は出しません（止まらなかった{run.completed}ゲームだけの数字は偏ります）。"
                 "エンジンを直してから、もう一度遊ばせてください（pnp validate が種つきで示します）。")
    return lines


def _win_lines(run: RunResult, _label: Labeller) -> list[str]:
    """The team's win rate, or each seat's with the χ² test of equal seats and each policy's."""
    from ..sim.labels import policy_label
    if run.cooperative:
        assert run.team_win_rate is not None
        return [f"チームの勝率（協力ゲーム） {_pct(run.team_win_rate)}"]
    lines = ["席ごとの勝率（95%区間）"]
    lines += [f"  {i + 1}番席  {_pct(r)}" for i, r in enumerate(run.seat_win_rates)]
    t = run.seat_test
    if t:
        lines.append(f"  席がすべて同じ強さかのχ²検定：χ² = {t.chi2:.2f}（自由度{t.df}）、p = {t.p:.2f}"
                     + ("（席による差は言えません）" if t.p >= 0.05 else "（席によって勝率が違います）"))
    if len(run.wins_by_policy) > 1:
        lines.append("方針ごとの勝率")
        lines += [f"  {policy_label(k)}  {_pct(r)}  （{r.n}席）" for k, r in run.wins_by_policy.items()]
    return lines


def _length_lines(run: RunResult, label: Labeller) -> list[str]:
    from ..sim.labels import margin_ja
    from ..sim.stats import num
    d = run.length.rounds
    lines = [f"{label.unit}数：平均 {d.mean:.1f}{label.unit}  p10 {num(d.p10)}  p50 {num(d.p50)}  p90 {num(d.p90)}"]
    d = run.length.choices
    lines.append(f"1人あたりの選択の回数：平均 {d.mean:.1f}回  p10 {num(d.p10)}  p50 {num(d.p50)}  p90 {num(d.p90)}")
    if not run.cooperative and run.scores is not None:
        sc = run.scores
        lines.append(f"得点：平均 {sc.all.mean:.1f}点  勝者平均 {sc.winner.mean:.1f}点  " + margin_ja(sc.to_json()))
    return lines


def _end_lines(run: RunResult, label: Labeller) -> list[str]:
    """End reasons; a team's losses by how it lost; lead changes; the score track."""
    lines = ["終了理由"] + [f"  {label.reason(e.key)}  {e.games}ゲーム  {_pct(e.rate)}" for e in run.end_reasons]
    if run.cooperative and run.loss_reasons:
        lines.append("負けかた（負けたゲームのうち）")
        lines += [f"  {label.reason(k)}  {_pct(r)}" for k, r in run.loss_reasons.items()]
    if not run.cooperative and run.lead is not None:
        lead = run.lead
        lines.append(f"首位の入れ替わり：平均 {lead.lead_changes.mean:.2f} 回；"
                     f"中盤の首位が負ける（逆転）{_pct(lead.comeback_from_midgame)}")
    t = run.score_track
    if t is not None:
        where = f"、{t.source}" if t.source else ""
        lines.append(f"得点トラック（{t.range[0]}〜{t.range[1]}{where}）に収まる：{_pct(t.fits)}")
    return lines


def _fact_lines(run: RunResult, label: Labeller) -> list[str]:
    """Win rates by a seat's fact and (cooperative) by the set at the table, figures by round, pieces."""
    from ..sim.stats import num
    lines = []
    for fact, table in run.seat_facts.items():
        if len(table) > 12:      # long tables belong in --json and the report
            continue
        lines.append(f"{label(fact)}ごとの{'チームの' if run.cooperative else ''}勝率")
        lines += [f"  {label(value)}  {_pct(r)}  （{r.n}席）" for value, r in table.items()]
    for fact, rows in (run.team_sets or {}).items():
        if len(rows) > 12:
            continue
        lines.append(f"{label(fact)}の組み合わせごとのチームの勝率")
        lines += [f"  {'・'.join(label(v) for v in row.members)}  {_pct(row.rate)}" for row in rows]
    for key, tab in (run.by_round or {}).items():
        lines.append(f"{label(key)}（{label.unit}ごとの平均、その{label.unit}まで続いたゲーム）：" +
                     "、".join(f"{k}{label.unit}目 {d.mean:.1f}（{num(d.p10)}〜{num(d.p90)}）" for k, d in tab.items()))
    if run.peak_pieces:
        lines.append("同時に使う駒の最大：" + "、".join(f"{label(k)} {v}" for k, v in run.peak_pieces.items()))
    return lines


def _indented(block: list[str]) -> list[str]:
    first, *rest = block
    return [first] + [f"  {t}" for t in rest]


_FLAG_WORDS = {"dead": "ほとんど使われない", "dominant": "強すぎる", "weak": "弱い"}


def _card_lines(run: RunResult, label: Labeller) -> list[str]:
    """The dealt cards' figure (and restricted play), then the cards flagged by their users' wins."""
    lines = []
    effects = run.card_effects
    if effects:
        lines += _indented(card_effect_lines_ja(effects.data))
        if effects.restricted:
            lines += _indented(restricted_lines_ja(effects.restricted))
    cards = run.cards.data if run.cards else {}
    if cards:
        flagged = {k: c for k, c in cards.items() if c["flags"]}
        lines.append(f"カードごとの{OBSERVED_JA if effects else '勝率'}：{len(cards)}枚のうち目立つもの{len(flagged)}枚")
        for card, c in flagged.items():
            lines.append(f"  {label(card)}  使った{'チーム' if c['by'] == 'team' else '人'}の勝率 "
                         f"{_pct(Rate.from_json(c['user_win_rate']))}（基準 {c.get('group') or 'ほかのカード'} "
                         f"{c['base']:.1%}" + (f"、Holm補正後 p = {c['p_holm']:.3f}" if "p_holm" in c else "") + "）  "
                         + "・".join(_FLAG_WORDS[f] for f in c["flags"]))
    return lines


def _study_lines(run: RunResult, label: Labeller) -> list[str]:
    """Robustness, skill and luck, the engine's questions answered."""
    from ..sim.answers import answered_findings
    from ..sim.robustness import robustness_ja
    from ..sim.skill import skill_luck_ja
    lines = []
    if run.robustness:
        lines.append(robustness_ja(run.robustness.data, label))
    if run.skill_luck:
        lines.append("腕と運")
        lines += [f"  {t}" for t in skill_luck_ja(run.skill_luck.data, label)]
    if run.findings:
        lines.append("設計上の疑問")
        for f in answered_findings(run):
            lines += [f"  ・{f['question']}", f"    {f['answer']}"] + [f"    {t}" for t in f["paired"]]
    return lines


def _diff(d: dict[str, Any], form: str) -> str:
    """A paired difference with its interval: 「+1.0% [-2.0%, +4.0%]」."""
    return f"{d['mean_diff']:{form}} [{d['ci'][0]:{form}}, {d['ci'][1]:{form}}]"


def _comparison_lines(run: RunResult, label: Labeller) -> list[str]:
    """--compare-variant / --compare-option: the paired differences."""
    from ..sim.answers import paired_lines_ja
    c = run.comparison
    if c is None:
        return []
    a, b = label(c.variant_a), label(c.variant_b)
    lines = [f"比較（{a} → {b}、同じ種 {c.pairs} 組）"]
    lines += [f"  {t}" for t in paired_lines_ja(c.get("answers") or {}, a, b)]
    if "team_win_rate_diff" in c:
        lines.append(f"  チームの勝率差 {_diff(c['team_win_rate_diff'], '+.1%')}")
    else:
        lines += [f"  {i + 1}番席 勝率差 {_diff(d, '+.1%')}" for i, d in enumerate(c["seat_win_rate_diff"])]
        lines.append(f"  平均得点差 {_diff(c['mean_score_diff'], '+.2f')}")
    lines.append(f"  {winner_change_ja(c.data)}")
    for f in c.get("findings", []):
        lines += [f"  ・{f['question']}（両方の設定をあわせて）", f"    {f['answer']}"]
    return lines


def _builtin_lines(run: RunResult, label: Labeller) -> list[str]:
    """The comparisons the game asks for, each side's figures and the paired differences."""
    from ..sim.answers import paired_lines_ja
    from ..sim.report import side_phrases
    lines = []
    for rc in run.report_comparisons or ():
        lines.append(f"比較：{rc.name_ja}（同じ種 {rc.pairs} 組）")
        # the paired differences of the figures that answer the designer's questions come first
        lines += [f"  {t}" for t in paired_lines_ja(rc.get("answers") or {}, rc.a_ja, rc.b_ja)]
        for side, name in (("a", rc.a_ja), ("b", rc.b_ja)):
            label.extra.update(rc[side]["end_reasons_ja"])
            lines.append(f"  {name}：" + "、".join(side_phrases(rc[side], label)))
        if rc.pairs:
            lines.append(f"  {winner_change_ja(rc['paired'])}")
    return lines


_SECTIONS: tuple[Callable[[RunResult, Labeller], list[str]], ...] = (
    _win_lines, _length_lines, _end_lines, _fact_lines, _card_lines, _study_lines, _comparison_lines,
    _builtin_lines)
