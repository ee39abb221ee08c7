"""``pnp sweep GAME --option life=30,40,50,60 [--variant a,b]``: the same seeded games under every
setting of a grid, and a Japanese table (and, with --report, a PDF with a chart) of the outcome per
setting.  The table's text is pnp.commands.sweep's; the games are pnp.sim.sweep's."""
from __future__ import annotations

from pathlib import Path

import click

from ..commands.sim import check_outputs, check_players, load_engine
from ..commands.sweep import format_sweep
from ..limits import MAX_GAMES
from ..messages import msg
from ..sim.errors import SimError
from ..sim.executors import open_executor
from ..sim.gamelog import write_json
from ..sim.policies import parse_policies
from ..sim.sweep import grid, parse_axes, run_sweep
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
from .sim import policy_option, progress_bar


@click.command()
@click.argument("game_id", metavar="GAME")
@click.option("--option", "option_lists", multiple=True, metavar="KEY=V1,V2,…",
              help="比べるオプションの値（例：life=30,40,50,60）。複数の --option は全部の組み合わせ")
@click.option("--variant", "variant_list", default="standard", show_default=True, metavar="A,B,…",
              help="比べる変種（カンマ区切り）")
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=1000, show_default=True,
              help=f"設定ごと・人数ごとのゲーム数（1〜{MAX_GAMES:,}）")
@seed_option
@players_option
@policy_option
@jobs_option
@executor_option
@click.option("--json", "json_path", type=AbsolutePath(dir_okay=False, path_type=Path), default=None,
              help="設定ごとの数字をJSONに書き出す")
@click.option("--report", "report_path", type=AbsolutePath(dir_okay=False, path_type=Path), default=None,
              help="表とグラフの日本語PDFレポートを書き出す")
@project_option
@reported
def sweep(game_id: str, option_lists: tuple[str, ...], variant_list: str, games: int, seed: int,
          players: int | None, policy_text: str | None, jobs: int, executor: str | None, json_path: Path | None,
          report_path: Path | None, project_dir: Path) -> None:
    """オプション・変種の値を並べ、同じ種のゲームを設定ごとに遊ばせて、勝率・ラウンド数・終了理由を表にします。"""
    check_executor(jobs, executor)
    game, engine = load_engine(project_dir, game_id)
    axes = parse_axes(engine, variant_list.split(","), option_lists)
    settings = grid(engine, axes)
    if len(settings) < 2:
        raise SimError(msg("commands.sweep_one_setting"))
    check_outputs(json_path, report_path)
    names = parse_policies(engine, policy_text)
    if players:
        check_players(engine, players)
    counts = [players] if players else list(range(engine.min_players, engine.max_players + 1))
    with open_executor(executor, jobs) as (pool, parallel):
        with progress_bar(games * len(settings) * len(counts), f"{game.title} sweep") as tick:
            data = run_sweep(engine, settings, counts, names, games, seed, executor=pool, jobs=parallel,
                             on_progress=tick)
    data["title"] = game.title
    for line in format_sweep(data, game.title):
        click.echo(line)
    if json_path:
        write_json(json_path, data)
        click.echo(f"JSON：{json_path}", err=True)
    if report_path:
        from ..sim.sweep_report import write_sweep_report
        write_sweep_report(report_path, game.title, data)
        click.echo(f"レポート：{report_path}", err=True)
    errors = sum(r["errors"] for r in data["rows"])
    if errors:
        raise SimError(msg("commands.sweep_failed", errors=errors))
