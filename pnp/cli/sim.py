"""The simulator's commands: ``pnp play`` (one game, narrated), ``pnp replay`` (a game log played
again to the same final state), ``pnp simulate`` (a study: many seeded games, their figures as text,
``--json`` and a PDF report).  They parse their options, call pnp.commands.sim and pnp.sim with plain
values and show what comes back; the group loads this module only when one of them is named."""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from ..commands import progress
from ..commands.sim import (
    check_outputs,
    check_players,
    check_variant,
    doubling,
    format_summary,
    load_engine,
    load_game,
    parse_options,
    simulation_plan,
)
from ..data.model import Game
from ..limits import MAX_GAMES, MAX_SEARCH_ITERATIONS
from ..messages import msg
from ..sim.errors import ReplayError, SimError
from ..sim.executors import open_executor
from ..sim.gamelog import build_log, make_header, read_log, write_json
from ..sim.policies import lineup, parse_policies
from ..sim.runner import Trace, play_game
from ..sim.skill import (
    DEFAULT_LADDER,
    DEFAULT_LADDER_GAMES,
    DEFAULT_LUCK_CONTINUATIONS,
    DEFAULT_LUCK_DEALS,
    DEFAULT_LUCK_EVENTS,
    LUCK_BLOCK,
    ladder_budgets,
    ladder_games,
)
from ..sim.study import Study, StudySpec, read_study, run_study
from .options import (
    AbsolutePath,
    check_executor,
    executor_option,
    jobs_option,
    players_option,
    project_option,
    reported,
    seed_option,
)

option_option = click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE",
                             help="ゲームのオプション（複数可）")
variant_option = click.option("--variant", default="standard", show_default=True, help="変種（ルールの違い）")

def _policy_text(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not any(n.strip() for n in value.split(",")):
        raise click.BadParameter(msg("cli.no_policy", value=value))
    return value


def _ladder_text(_ctx: click.Context, _param: click.Parameter, value: str | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    out = []
    for part in value.split(","):
        try:
            n = int(part.strip())
        except ValueError:
            raise click.BadParameter(f"{value!r}: " + msg("commands.budgets_form")) from None
        if not 1 <= n <= MAX_SEARCH_ITERATIONS:
            raise click.BadParameter(f"{n}: " + msg("commands.budget_range", most=f"{MAX_SEARCH_ITERATIONS:,}"))
        out.append(n)
    return tuple(sorted(set(out)))


policy_option = click.option("--policy", "policy_text", default=None, metavar="A,B,…", callback=_policy_text,
                             help="方針（random、heuristic など）。カンマ区切りで複数なら席に順に割り当て、ゲームごとに回す")


# ---------------------------------------------------------------------------- play
@click.command()
@click.argument("game_id", metavar="GAME")
@seed_option
@players_option
@policy_option
@variant_option
@option_option
@click.option("--json", "json_path", type=AbsolutePath(dir_okay=False, path_type=Path), default=None,
              help="行動ログ（リプレイ用JSON）を書き出す")
@project_option
@reported
def play(game_id: str, seed: int, players: int | None, policy_text: str | None, variant: str,
         option_pairs: tuple[str, ...], json_path: Path | None, project_dir: Path) -> None:
    """1ゲームを試遊し、準備・すべての選択と偶然・得点・終了理由を日本語で実況します。"""
    from ..sim.transcript import narrate_log, transcript
    check_outputs(json_path, None)
    game, engine = load_engine(project_dir, game_id)
    players = players or engine.min_players
    check_players(engine, players)
    check_variant(engine, variant)
    options = parse_options(engine, option_pairs)
    names = parse_policies(engine, policy_text)
    seats = lineup(names, players, 0)
    trace = Trace()
    # card conservation too, as validate checks it: the replay commands it prints say the same
    from ..sim.generic import checked
    record = play_game(checked(game, engine), players, seats, seed, variant=variant, options=options, check=True,
                       trace=trace)
    header = make_header(engine, game, seed=seed, players=players, policies=seats, variant=variant, options=options)
    log = build_log(engine, header, trace, record.result, record.error)
    if record.error:
        if json_path:
            write_json(json_path, log.to_json())
        raise SimError(msg("commands.game_broke", steps=record.steps, error=record.error))
    narrate_log(engine, log)      # the log keeps the words, so `pnp replay --show` prints this same text
    for line in transcript(engine, log):
        click.echo(line)
    if json_path:
        write_json(json_path, log.to_json())
        click.echo(f"行動ログ：{json_path}", err=True)


# ---------------------------------------------------------------------------- replay
@click.command()
@click.argument("log_path", metavar="FILE", type=AbsolutePath(dir_okay=False, path_type=Path))
@project_option
@click.option("--show/--no-show", "--transcript/--no-transcript", "show", default=False,
              help="実況も表示する（pnp play が表示したのと同じ文）")
@reported
def replay(log_path: Path, project_dir: Path, show: bool) -> None:
    """行動ログを再生し、記録と同じ最終状態になるかを確かめます（違えば終了コード1）。"""
    from ..sim.gamelog import data_hash
    from ..sim.replay import replay as run_replay
    from ..sim.transcript import transcript
    log = read_log(log_path)
    game, engine = load_engine(project_dir, str(log.header.get("game")))
    try:
        outcome = run_replay(engine, log, check_data_hash=data_hash(game))
    except ReplayError as exc:
        raise ReplayError(f"{log_path}: {exc}") from None
    if show:
        for line in transcript(engine, log):
            click.echo(line)
    click.echo(f"一致：{outcome.steps}手を再生し、同じ最終状態（{outcome.final_state_hash[:16]}）になりました。")


# ---------------------------------------------------------------------------- simulate
@click.command()
@click.argument("game_id", metavar="GAME")
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=1000, show_default=True,
              help=f"ゲーム数（人数ごと、1〜{MAX_GAMES:,}）")
@seed_option
@players_option
@policy_option
@variant_option
@click.option("--compare-variant", default=None, help="同じ種で別の変種も遊び、差を比べる")
@click.option("--compare-option", "compare_pairs", multiple=True, metavar="KEY=VALUE",
              help="同じ種でオプションを変えても遊び、差を比べる（例：--option hands=2 --compare-option hands=3）")
@option_option
@jobs_option
@executor_option
@click.option("--check", is_flag=True, help="毎手ごとに不変条件を確かめる（遅い）")
@click.option("--json", "json_path", type=AbsolutePath(dir_okay=False, path_type=Path), default=None,
              help="集計をJSONに書き出す")
@click.option("--report", "report_path", type=AbsolutePath(dir_okay=False, path_type=Path), default=None,
              help="グラフ入りの日本語PDFレポートを書き出す")
@click.option("--skill-games", type=click.IntRange(0, MAX_GAMES), default=None,
              help="腕の影響（腕のはしご）：はしごの段ごとに遊ぶゲーム数（人数ごと。既定は--reportのときゲームの"
                   f"既定（ふつう{DEFAULT_LADDER_GAMES}、--gamesが少なければその数）、ほかは0）。段はランダム・ゲームの方針・"
                   "探索（読みの回数を倍々に）で、増やすほど区間が狭まり、時間がかかります")
@click.option("--skill-ladder", "ladder_text", default=None, metavar="N,N,…", callback=_ladder_text,
              help="腕のはしごの探索の読みの回数（例：1,2,4,8。既定はゲームの既定、ふつう "
                   + ",".join(map(str, DEFAULT_LADDER)) + "）。読みを倍にするごとに1ゲームの時間もおよそ倍になります")
@click.option("--search-iterations", type=click.IntRange(1, MAX_SEARCH_ITERATIONS), default=None,
              help="腕のはしごの探索の読みの最大：1, 2, 4, … と倍々にこの回数まで（--skill-ladder の略記）")
@click.option("--luck-deals", type=click.IntRange(0, MAX_GAMES), default=None,
              help=f"配りの影響：配りの数の上限（{LUCK_BLOCK}ごとに区間を見て、決まれば止めます。"
                   f"既定は--reportのとき{DEFAULT_LUCK_DEALS}、ほかは0）")
@click.option("--luck-events", type=click.IntRange(0, MAX_GAMES), default=None,
              help=f"途中の偶然1回の影響：途中の偶然（ダイス、カードを引くなど）を1回選んで調べるゲームの数の上限"
                   f"（{LUCK_BLOCK}ごとに区間を見て、決まれば止めます。既定は--reportのとき{DEFAULT_LUCK_EVENTS}、ほかは0）")
@click.option("--luck-event", "luck_event_names", multiple=True, metavar="NAME",
              help="途中の偶然1回の影響：選ぶ偶然をこの名前のものに限る（例：サイコロ。くり返し指定できる。"
                   "既定はゲームが問いで名指す偶然（エンジンの luck_events、EBE はサイコロ）、なければすべての偶然）")
@click.option("--luck-continuations", type=click.IntRange(2, 1000), default=DEFAULT_LUCK_CONTINUATIONS,
              show_default=True, help="配りの影響・途中の偶然1回の影響：同じ状態から別の種で続ける回数")
@click.option("--restricted-games", type=click.IntRange(0, MAX_GAMES), default=0, show_default=True,
              help="使えない席の勝率（制限プレイ）：このゲーム数を遊び、配られたカードの勝率で目立ったカード1組ごとに、"
                   "そのカードを配られた席があったゲームを、その席だけそのカードを使えないようにしてもう一度遊ぶ（最大で"
                   "（1 + 目立った組の数）× N ゲーム。既定0＝しない）")
@click.option("--from-json", "from_json", type=AbsolutePath(dir_okay=False, path_type=Path), default=None,
              help="ゲームを遊ばず、simulate --json が書いた集計から --report のPDFを作り直す")
@click.option("--builtin-comparisons/--no-builtin-comparisons", "builtin", default=None,
              help="ゲームが求める比較（2ハンドと3ハンドなど）を同じ種で遊ぶ（既定は--reportのとき）")
@project_option
@reported
def simulate(game_id: str, games: int, seed: int, players: int | None, policy_text: str | None, variant: str,
             compare_variant: str | None, compare_pairs: tuple[str, ...], option_pairs: tuple[str, ...],
             jobs: int, executor: str | None, check: bool,
             json_path: Path | None, report_path: Path | None, skill_games: int | None,
             ladder_text: tuple[int, ...] | None, search_iterations: int | None,
             luck_deals: int | None, luck_events: int | None, luck_event_names: tuple[str, ...],
             luck_continuations: int, restricted_games: int, builtin: bool | None, from_json: Path | None,
             project_dir: Path) -> None:
    """多数のゲームを自動で遊ばせ、席順・方針ごとの勝率、長さ、得点、終了理由、設計上の疑問への答え、
    腕と運の影響を集計します。"""
    check_outputs(json_path, report_path)
    if from_json is not None:
        if report_path is None or json_path is not None:
            raise click.UsageError(msg("commands.from_json_needs_report"))
        # the study keeps the words its report asks the engine for: only the game's data is loaded
        game = load_game(project_dir, game_id)
        _write_report(report_path, game, read_study(from_json, game.id))
        return
    game, engine = load_engine(project_dir, game_id)
    reporting = report_path is not None
    # a report's skill ladder plays the engine's games per rung, at most as many as the batch
    skill_games = (min(ladder_games(engine), games) if reporting else 0) if skill_games is None else skill_games
    if ladder_text is not None and search_iterations is not None:
        raise click.UsageError(msg("commands.ladder_twice"))
    ladder = ladder_text if ladder_text is not None else \
        doubling(search_iterations) if search_iterations is not None else ladder_budgets(engine)
    luck_deals = (DEFAULT_LUCK_DEALS if reporting else 0) if luck_deals is None else luck_deals
    luck_events = (DEFAULT_LUCK_EVENTS if reporting else 0) if luck_events is None else luck_events
    builtin = reporting if builtin is None else builtin
    check_variant(engine, variant)
    check_variant(engine, compare_variant, "--compare-variant")
    options = parse_options(engine, option_pairs)
    other_options = {**options, **parse_options(engine, compare_pairs)} if compare_pairs else None
    if compare_variant and other_options is not None:
        raise SimError("--compare-variant, --compare-option: " + msg("commands.compare_one"))
    names = parse_policies(engine, policy_text)
    if players:
        check_players(engine, players)
    counts = [players] if players else list(range(engine.min_players, engine.max_players + 1))
    comparing = bool(compare_variant) or other_options is not None
    check_executor(jobs, executor)
    title = f"simulate {engine.game_id}"
    with open_executor(executor, jobs) as (pool, jobs):
        plan, basis = simulation_plan(engine, counts, names, games, seed=seed, variant=variant, options=options,
                                      comparing=comparing, skill_games=skill_games,
                                      ladder=ladder, luck_deals=luck_deals,
                                      luck_events=luck_events, luck_continuations=luck_continuations,
                                      reporting=reporting, builtin=builtin, jobs=jobs, pool=pool)
        said = plan.seconds >= progress.ESTIMATE_FROM_S
        if said:             # before the long part starts: what is to be played, and about how long it takes
            progress.say_plan(title, plan, basis)
        shown = progress.Progress(title, plan)
        spec = StudySpec(players=tuple(counts), policies=tuple(names), games=games, seed=seed, variant=variant,
                         options=options, compare_variant=compare_variant, compare_options=other_options,
                         check=check, skill_games=skill_games, ladder=tuple(ladder), luck_deals=luck_deals,
                         luck_events=luck_events, luck_continuations=luck_continuations,
                         luck_event_names=tuple(luck_event_names), robustness=reporting, builtin=builtin,
                         restricted_games=restricted_games)
        study = run_study(engine, spec, jobs=jobs, executor=pool, begin=shown.begin)
    if said or shown.clock() - shown.start >= progress.EVERY_S:
        shown.finish()
    else:
        shown.clear()
    for run in study.runs:
        for line in format_summary(run, study.labels):
            click.echo(line)
        click.echo("")
    if json_path:
        write_json(json_path, study.to_json(games, seed, counts, list(names)))
        click.echo(f"JSON：{json_path}", err=True)
    failed = sum(run.failed for run in study.runs)
    if report_path and failed:
        click.echo(f"レポート：書きません（{failed}ゲームがエラーで止まったため。数字が偏ります）", err=True)
    elif report_path:
        _write_report(report_path, game, study)
    if failed:
        total = sum(run.games for run in study.runs)
        raise SimError(msg("commands.games_failed", failed=failed, total=total))


def _write_report(path: Path, game: Game, study: Study) -> None:
    from ..commands.questions import format_questions, questions_data
    from ..sim.report import write_report
    asked = questions_data([game])
    write_report(path, game.title, list(study.runs), format_questions(asked) if asked[0]["open"] else (),
                 labels=study.labels)
    click.echo(f"レポート：{path}", err=True)


@contextmanager
def progress_bar(length: int, label: str) -> Iterator[Callable[[int], None] | None]:
    """A bar on a terminal (pnp sweep)."""
    if not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=length, label=label, file=sys.stderr) as bar:
        yield bar.update
