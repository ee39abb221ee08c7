"""``pnp watch [--serve]``: rebuild on every save, and optionally show the pages in a browser."""
from __future__ import annotations

from pathlib import Path

import click

from ..messages import msg
from .options import in_project, project_option, reported


@click.command()
@click.argument("games", nargs=-1)
@project_option
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("out"),
              show_default=True, help="出力フォルダ（相対パスは設計フォルダから）")
@click.option("--interval", type=click.FloatRange(0.05, 60), default=0.1, show_default=True,
              help="ファイルの変更を見る間隔（秒）")
@click.option("--preview/--no-preview", default=True, show_default=True,
              help="描き直したデッキの一覧画像（pnp preview GAME DECK と同じ preview-GAME-DECK.png）も書き直す")
@click.option("--serve", "port", type=click.IntRange(0, 65535), is_flag=False, flag_value=8765, default=None,
              metavar="[PORT]",
              help="カード・パーツ・ルールブックのページを画像で見せるページを http://127.0.0.1:PORT/ に出す"
                   "（このコンピュータからだけ。ビルドのたびに自動で更新し、データの問題も表示。PORT 省略時 8765、0 で空いている番号）")
@reported
def watch(games: tuple[str, ...], project_dir: Path, out_dir: Path, interval: float, preview: bool,
          port: int | None) -> None:
    """保存するたびにビルドし直します（変わった出力だけを描き直す）。データの誤りは表示して見張りを続けます。"""
    from ..commands.watch import Watcher
    watcher = Watcher(project_dir, games, in_project(project_dir, out_dir), interval=interval, preview=preview,
                      echo=lambda line: click.echo(line))
    try:
        if port is None:
            watcher.run()
        else:
            from ..commands.serve import serve_watch
            serve_watch(watcher, port)
    except KeyboardInterrupt:
        click.echo(msg("watch.stopped"))


COMMANDS = (watch,)
