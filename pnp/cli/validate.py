"""The commands that check a game: ``pnp validate`` (data, text, layout, rulebook, then the engine and
sample games, with their progress on stderr) and ``pnp questions`` (the designer's open questions)."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from ..limits import MAX_VALIDATE_GAMES
from .options import open_project, project_option, reported


@click.command()
@click.argument("games", nargs=-1)
@project_option
@click.option("--games", "games_per_config", type=click.IntRange(1, MAX_VALIDATE_GAMES), default=None,
              help="プレイ人数×方針ごとのサンプルゲーム数（省略時は1ゲームにつき約5秒分、各構成100まで）")
@click.option("--seed", type=int, default=1, show_default=True, help="試遊の乱数の種（同じ種なら同じゲーム）")
@click.option("--json", "as_json", is_flag=True, help="JSONで出力（すべての行と問題）")
@click.option("--fresh", is_flag=True, help="前回の問題なしの検査から入力が変わっていないゲームも検査し直す")
@reported
def validate(games: tuple[str, ...], project_dir: Path, games_per_config: int | None, seed: int, as_json: bool,
             fresh: bool) -> None:
    """データ・枚数・文字・割付・ルールブックをまず検査して表示し、続けてエンジンの検査と試遊をします（問題があれば終了コード1）。"""

    from ..commands.streams import engine_output_to_stderr
    from ..commands.validate import LABELS
    from ..commands.validate import validate as run
    width = max(len(label) for label in LABELS.values())
    bar = _GamesBar(enabled=not as_json)

    def show(r: Any) -> None:
        if as_json:
            return
        bar.clear()
        mark = "-- " if r.skipped else "OK " if r.ok else "NG "
        click.echo(f"{mark} {r.game:<10} {r.label:<{width}}  {r.detail}")
        for item in r.info:
            click.echo(f"      ・{item}")
        for p in r.problems:
            click.echo("\n".join(f"      {line}" for line in str(p).splitlines()))
    # with --json, stdout is the JSON only: what an engine prints or writes while it is checked goes to stderr
    with engine_output_to_stderr(as_json):
        rows = run(open_project(project_dir), list(games) or None, games_per_config, seed,
                   on_row=show, on_games=bar.update, remember=not fresh, budget_from=0.0)   # from the process's start
    bar.clear()
    if as_json:
        click.echo(json.dumps({"ok": all(r.ok for r in rows), "checks": [r.as_json() for r in rows]},
                              ensure_ascii=False, indent=2))
    if not all(r.ok for r in rows):
        raise SystemExit(1)


class _GamesBar:
    """The sample games' progress on stderr: a bar redrawn in place on a terminal, else plain lines (a
    log stays readable): one every few seconds (pnp.commands.progress.EVERY_S) while a game's sample
    games run, with the time left, and one when they are done; nothing with --json unless on a
    terminal.  A game whose sample games are estimated to take long says so once, early."""

    def __init__(self, enabled: bool):
        self.tty = sys.stderr.isatty()
        self.enabled = enabled or self.tty
        self.shown = False
        self.started: dict[str, float] = {}
        self.last: dict[str, float] = {}
        self.estimated: set[str] = set()

    def update(self, game: str, played: int, planned: int) -> None:
        import time

        from ..commands import progress
        if not self.enabled:
            return
        now = time.monotonic()
        start = self.started.setdefault(game, now)
        elapsed = now - start
        left = elapsed * (planned - played) / played if played else 0.0
        if game not in self.estimated and played and played < planned and elapsed + left >= progress.ESTIMATE_FROM_S:
            self.estimated.add(game)
            self.clear()
            click.echo(f"試遊 {game}: {planned:,} ゲームの予定、見積もり 約 {progress.seconds_ja(elapsed + left)}"
                       f"（{played:,} ゲームに {progress.seconds_ja(elapsed)}）", err=True)
        if self.tty:
            filled = round(20 * played / planned) if planned else 20
            click.echo(f"\r試遊 {game:<10} [{'#' * filled}{'.' * (20 - filled)}] {played} ゲーム "
                       f"{elapsed:4.1f} 秒", nl=False, err=True)
            self.shown = True
        elif played >= planned:
            click.echo(f"試遊 {game}: {played} ゲーム（{elapsed:.1f} 秒）", err=True)
            self.last[game] = now
        elif now - self.last.setdefault(game, start) >= progress.EVERY_S:
            self.last[game] = now
            click.echo(f"試遊 {game}: {played:,}/{planned:,} ゲーム（経過 {progress.seconds_ja(elapsed)}、"
                       f"残り約 {progress.seconds_ja(left)}）", err=True)

    def clear(self) -> None:
        if self.shown:
            click.echo("\r\033[K", nl=False, err=True)
            self.shown = False


@click.command()
@click.argument("games", nargs=-1)
@project_option
@click.option("--games", "sim_games", type=click.IntRange(0, 100000), default=200, show_default=True,
              help="選択肢ごとの試遊数（人数ごと、同じ種で比べる）。0 なら試遊しない")
@click.option("--seed", type=int, default=1, show_default=True, help="試遊の乱数の種（同じ種なら同じゲーム）")
@click.option("--json", "as_json", is_flag=True, help="JSONで出力")
@reported
def questions(games: tuple[str, ...], project_dir: Path, sim_games: int, seed: int, as_json: bool) -> None:
    """設計者への未回答の質問（下書きが黙っている点・pnp の提案）を、選択肢と試遊での差とともに一覧します。"""
    from ..commands.questions import format_questions, questions_data
    from ..commands.streams import engine_output_to_stderr
    loaded = open_project(project_dir).load_games(games or None)
    with engine_output_to_stderr(as_json):
        data = questions_data(loaded, sim_games, seed)
    if as_json:
        click.echo(json.dumps({"games": data, "open": sum(g["open"] for g in data)}, ensure_ascii=False, indent=2))
    else:
        for line in format_questions(data):
            click.echo(line)


COMMANDS = (validate, questions)
