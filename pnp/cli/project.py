"""The commands about a project's data: ``pnp list``, ``pnp inspect``, ``pnp new`` (a game from the
template), ``pnp export`` (a deck to a spreadsheet) and ``pnp schemas`` (JSON Schemas for editors)."""
from __future__ import annotations

import json
from pathlib import Path

import click

from ..messages import msg
from .options import open_project, project_option, reported


@click.command("list")
@project_option
@reported
def list_games(project_dir: Path) -> None:
    """ゲームの一覧を表示します。"""
    project = open_project(project_dir)
    for game in project.load_games():
        pieces = ", ".join(f"{c.name}×{c.count}" for c in game.components)
        click.echo(f"{game.id}\t{game.title}\t{game.players[0]}〜{game.players[1]}人\t{pieces}")


@click.command()
@click.argument("game")
@project_option
@click.option("--json", "as_json", is_flag=True, help="JSONで出力")
@reported
def inspect(game: str, project_dir: Path, as_json: bool) -> None:
    """読み込んだゲームのデータを表示します。"""
    from ..commands.inspect import inspect_game
    data = inspect_game(open_project(project_dir).load_game(game))
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        click.echo(f"{data['title']}（{data['id']}） {data['players'][0]}〜{data['players'][1]}人")
        for c in data["components"]:
            mark = "（仮）" if c["provisional"] else ""
            click.echo(f"  {c['name']}{mark}: {c['count']}  [{c['kind']}]")


def _new_game_id(ctx: click.Context, param: click.Parameter, value: str) -> str:
    from ..commands.scaffold import game_id_problem
    problem = game_id_problem(value)
    if problem:
        raise click.BadParameter(problem)
    return value


@click.command()
@click.argument("game", callback=_new_game_id)
@project_option
@click.option("--csv", "csv_cards", is_flag=True, help="カードの一覧を表計算ソフトで編集できる cards.csv に置く")
@click.option("--engine", "with_engine", is_flag=True,
              help="ルールエンジン（engine.py）とそのテストも作る：すぐに pnp simulate で遊べる2〜4人のトリックテイキング")
@reported
def new(game: str, project_dir: Path, csv_cards: bool, with_engine: bool) -> None:
    """新しいゲームの雛形を components/GAME/ に作ります（そのままビルドできます）。"""
    from ..commands.scaffold import new_game
    for path in new_game(project_dir, game, csv=csv_cards, engine=with_engine):
        click.echo(path.as_posix())


@click.command("export")
@click.argument("game")
@click.argument("deck")
@project_option
@click.option("--csv", "delimiter", flag_value=",", default=True, help="CSV（既定）")
@click.option("--tsv", "delimiter", flag_value="\t", help="タブ区切り（TSV）")
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="出力先（省略時は components/GAME/DECK.csv）")
@click.option("--encoding", type=click.Choice(["utf-8-sig", "utf-8", "cp932"]), default="utf-8-sig",
              show_default=True, help="文字コード：utf-8-sig は BOM 付き UTF-8（Excel がそのまま開ける）、cp932 は Shift_JIS")
@click.option("--force", is_flag=True, help="出力先が既にあれば置き換える")
@reported
def export(game: str, deck: str, project_dir: Path, delimiter: str, out_file: Path | None, encoding: str,
           force: bool) -> None:
    """デッキのカードを表計算ソフト用の CSV に書き出します（1行1枚、1行目が列名）。"""
    from ..data.export import export_deck
    path = export_deck(open_project(project_dir), game, deck, out_file, delimiter=delimiter, encoding=encoding,
                       force=force)
    click.echo(path.as_posix())
    click.echo(msg("export.how_to_read", file=path.name), err=True)


@click.command()
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("schemas"),
              show_default=True, help="JSON Schema を書き出すフォルダ")
@reported
def schemas(out_dir: Path) -> None:
    """エディタ用のJSON Schemaを書き出します。"""
    from ..commands.schema_files import write_schema_files
    for path in write_schema_files(out_dir):
        click.echo(path.as_posix())


COMMANDS = (list_games, inspect, new, export, schemas)
