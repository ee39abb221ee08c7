"""Command line: parses options and calls library functions; PnpError becomes a message and exit 1."""
from __future__ import annotations

import json
import math
import os
import sys
from pathlib import Path
from typing import Any

import click

from . import __version__
from .clicktext import install as install_click_texts
from .commands.options import PROJECT_HELP, build_jobs_option, in_project, open_project, project_option, reported
from .files import shown
from .limits import MAX_VALIDATE_GAMES
from .messages import did_you_mean, msg, set_lang

install_click_texts()       # click's own usage errors and help headings in Japanese when pnp speaks it

MAX_GUTTER_MM = 20.0
MAX_BACK_OFFSET_MM = 20.0


def _gutter(_ctx: click.Context, _param: click.Parameter, value: float) -> float:
    if not (math.isfinite(value) and 0.0 <= value <= MAX_GUTTER_MM):
        raise click.BadParameter(msg("cli.gutter", most=f"{MAX_GUTTER_MM:g}", value=value))
    return value


def _shop_name(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """--shop on build: one of the built-in shop profiles (a game's own is its game.yaml print.shop)."""
    if value is None:
        return None
    from .render.shops import SHOPS
    if value not in SHOPS:
        raise click.BadParameter(msg("shops.unknown_option", shop=value, shops=SHOPS, hint=did_you_mean(value, SHOPS)))
    return value


class _Commands(click.Group):
    """The simulator's commands imported when named or listed (help): `pnp validate` and `pnp build`
    start without them."""

    LAZY = {"play": "sim", "simulate": "sim", "replay": "sim", "sweep": "sweep"}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.LAZY})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.LAZY and cmd_name not in self.commands:
            from importlib import import_module
            self.add_command(getattr(import_module(f"{__package__}.commands.{self.LAZY[cmd_name]}"), cmd_name))
        return super().get_command(ctx, cmd_name)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
@click.option("--project", "project_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=PROJECT_HELP)
@click.option("--lang", type=click.Choice(["en", "ja"]), default=None,
              help="メッセージの言語（ja：日本語。既定は環境変数 PNP_LANG、なければロケール LC_ALL・LC_MESSAGES・LANG、"
                   "どれもなければ en）。場所と欄はどちらでも先頭に")
def main(project_dir: Path | None, lang: str | None) -> None:
    """pnp — プリント＆プレイ工房。カードとルールブックをPDFにし、ルールを試遊して確かめます。"""
    set_lang(lang)
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch is not None and not epoch.strip().isdigit():
        raise click.UsageError(msg("cli.source_date_epoch", value=epoch))


@main.command("list")
@project_option
@reported
def list_games(project_dir: Path) -> None:
    """ゲームの一覧を表示します。"""
    project = open_project(project_dir)
    for game in project.load_games():
        pieces = ", ".join(f"{c.name}×{c.count}" for c in game.components)
        click.echo(f"{game.id}\t{game.title}\t{game.players[0]}〜{game.players[1]}人\t{pieces}")


@main.command()
@click.argument("games", nargs=-1)
@project_option
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("out"),
              show_default=True, help="出力フォルダ（相対パスは設計フォルダから）")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "b5"]), default="a4", show_default=True,
              help="家庭用プリンタの用紙（b5 は JIS B5 182×257mm）")
@click.option("--duplex", type=click.Choice(["long", "short", "none", "fold"]), default="long", show_default=True,
              help="裏面の並べ方：長辺とじ・短辺とじ両面、片面（貼り合わせ用）、fold（表裏を並べて中央で折る）")
@click.option("--marks", type=click.Choice(["jp", "simple", "none"]), default="simple", show_default=True,
              help="トンボ：jp は印刷所用ページに日本式トンボ、simple は裁断線のみ、none はなし")
@click.option("--gutter", "gutter_mm", type=float, default=0.0, show_default=True, callback=_gutter,
              help=f"シート上のカード間の隙間（mm、0〜{MAX_GUTTER_MM:g}）")
@click.option("--back-offset", "back_offset", default="0,0", show_default=True, metavar="DX,DY",
              help="裏面のずれ補正（mm、右・下が正）。pnp calibrate の目盛りで読んだ値")
@click.option("--color", type=click.Choice(["rgb", "cmyk"]), default="rgb", show_default=True,
              help="家庭用シート・パーツ・ルールブックの色空間（cmyk で印刷所の色に変換）。"
                   "印刷所用ページ（shop/）はこの指定によらず常に CMYK の PDF/X-1a:2001")
@click.option("--icc", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE",
              help="CMYK の出力プロファイル（印刷所の ICC。shop/ と --color cmyk の出力に使う。既定は game.yaml の "
                   "print.icc、なければ同梱の ISO Coated v2 300%）")
@click.option("--shop", "shop", default=None, metavar="PROFILE", callback=_shop_name,
              help="印刷所のプロファイル（印刷条件・総インキ量・安全域）：jp-card（Japan Color 2011 Coated・300%・3 mm）、"
                   "jp-card-strict（安全域 5 mm）、jp-card-250、jp-card-350、fogra39、jp-card-imposed（A3 の面付けテンプレート"
                   "・カードごとのトンボ）。既定は game.yaml の print.shop、なければ jp-card。shop/ の色はこの総インキ量"
                   "以下に変換する")
@click.option("--outline-text", is_flag=True,
              help="印刷所用ページ（shop/）の文字をアウトライン化する（埋め込んだフォントの字形から。--check-print は"
                   "アウトライン化の前の文字で確かめる）")
@click.option("--png", is_flag=True, help="カード1枚ごとのPNGも書き出す")
@click.option("--dpi", type=click.IntRange(30, 1200), default=300, show_default=True, help="PNGの解像度")
@click.option("--tts", is_flag=True, help="Tabletop Simulator 用のデッキ画像も書き出す")
@click.option("--rulebook-only", is_flag=True, help="ルールブックだけを作り直す（文章の推敲用に速い）")
@click.option("--rulebook-paper", type=click.Choice(["a5", "a4"]), default="a5", show_default=True,
              help="ルールブックのページサイズ（冊子は2ページずつ A4／A3 横に面付け）")
@click.option("--final", is_flag=True, help="（仮）の印なしで刷る（設計者が全部の質問に答えたあと。game.yaml の final: true と同じ）")
@click.option("--force", is_flag=True, help="--final を、未回答の質問が残っていても実行する")
@click.option("--clean", is_flag=True,
              help="前回のビルドの記録を使わず、すべてを描き直す（既定では、元のデータが変わった出力だけを描き直す）")
@click.option("--check-print", is_flag=True,
              help="書いたカード・パーツのPDFを読み直し、文字が組版どおりの位置・枠の中・安全域の内側にあるかと、"
                   "印刷所用ページで bleed: true の絵・色面が塗り足しの線まで届くかを確かめる"
                   "（ずれがあればエラー。前回の出力はそのまま残る）。合格の判定は manifest.json に"
                   "ファイルの sha256 と一緒に残し、同じバイトなら読み直さない")
@build_jobs_option
@reported
def build(games: tuple[str, ...], project_dir: Path, out_dir: Path, paper: str, duplex: str, marks: str,
          gutter_mm: float, back_offset: str, color: str, icc: Path | None, shop: str | None, outline_text: bool,
          png: bool, dpi: int, tts: bool,
          rulebook_only: bool, rulebook_paper: str, final: bool, force: bool, clean: bool, check_print: bool,
          jobs: int) -> None:
    """カードを印刷用PDFにします（GAME 省略時は全ゲーム）。変わっていない出力は前回のものをそのまま使います。"""
    from .outputs import BuildOptions
    try:
        dx, dy = (float(v) for v in back_offset.split(","))
    except ValueError:
        raise click.BadParameter(msg("cli.back_offset_form", value=back_offset), param_hint="--back-offset") from None
    if not all(math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET_MM for v in (dx, dy)):
        raise click.BadParameter(msg("cli.back_offset_range", most=f"{MAX_BACK_OFFSET_MM:g}", value=back_offset),
                                 param_hint="--back-offset")
    if icc is not None:
        from .render.color import check_profile
        icc = check_profile(icc)
    out_dir = in_project(project_dir, out_dir)
    opts = BuildOptions(paper=paper, duplex=duplex, marks=marks, gutter_mm=gutter_mm, back_offset_mm=(dx, dy),
                        cmyk=color == "cmyk", png=png, dpi=dpi, tts=tts, cards=not rulebook_only,
                        rulebook_paper=rulebook_paper, check_print=check_print, icc=icc, shop_profile=shop or "",
                        outline_text=outline_text)
    from .commands.incremental import build_project
    show = sys.stderr.isatty()
    with click.progressbar(length=0, label="ビルド中", file=sys.stderr, hidden=not show) as bar:
        def steps(n: int) -> None:
            bar.length = n
        builds = build_project(project_dir, games, out_dir, opts, final=final, force=force,
                               clean=clean, tick=lambda _: bar.update(1), steps=steps, jobs=jobs)
    for b in builds:
        for w in b.files:
            click.echo(f"{shown(w.path)}\t{w.pages}ページ")
    drawn = sum(len(b.drawn) for b in builds)
    kept = sum(b.kept for b in builds)
    if kept:
        click.echo(msg("build.kept", drawn=drawn, kept=kept), err=True)
    if check_print and rulebook_only:
        click.echo(msg("build.check_print_nothing"), err=True)
    elif check_print:
        read = sum(b.read_back for b in builds)
        reused = sum(b.verdicts_reused for b in builds)
        click.echo(msg("build.check_print_read", read=read, reused=reused), err=True)


@main.command()
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
    from .commands.watch import Watcher
    watcher = Watcher(project_dir, games, in_project(project_dir, out_dir), interval=interval, preview=preview,
                      echo=lambda line: click.echo(line))
    try:
        if port is None:
            watcher.run()
        else:
            from .commands.serve import serve_watch
            serve_watch(watcher, port)
    except KeyboardInterrupt:
        click.echo(msg("watch.stopped"))


@main.command()
@click.argument("game")
@project_option
@click.option("--json", "as_json", is_flag=True, help="JSONで出力")
@reported
def inspect(game: str, project_dir: Path, as_json: bool) -> None:
    """読み込んだゲームのデータを表示します。"""
    from .commands.inspect import inspect_game
    data = inspect_game(open_project(project_dir).load_game(game))
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        click.echo(f"{data['title']}（{data['id']}） {data['players'][0]}〜{data['players'][1]}人")
        for c in data["components"]:
            mark = "（仮）" if c["provisional"] else ""
            click.echo(f"  {c['name']}{mark}: {c['count']}  [{c['kind']}]")


def _new_game_id(ctx: click.Context, param: click.Parameter, value: str) -> str:
    from .commands.scaffold import game_id_problem
    problem = game_id_problem(value)
    if problem:
        raise click.BadParameter(problem)
    return value


@main.command()
@click.argument("game", callback=_new_game_id)
@project_option
@click.option("--csv", "csv_cards", is_flag=True, help="カードの一覧を表計算ソフトで編集できる cards.csv に置く")
@click.option("--engine", "with_engine", is_flag=True,
              help="ルールエンジン（engine.py）とそのテストも作る：すぐに pnp simulate で遊べる2〜4人のトリックテイキング")
@reported
def new(game: str, project_dir: Path, csv_cards: bool, with_engine: bool) -> None:
    """新しいゲームの雛形を components/GAME/ に作ります（そのままビルドできます）。"""
    from .commands.scaffold import new_game
    for path in new_game(project_dir, game, csv=csv_cards, engine=with_engine):
        click.echo(path.as_posix())


@main.command("export")
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
    from .data.export import export_deck
    path = export_deck(open_project(project_dir), game, deck, out_file, delimiter=delimiter, encoding=encoding,
                       force=force)
    click.echo(path.as_posix())
    click.echo(msg("export.how_to_read", file=path.name), err=True)


@main.command()
@click.argument("game")
@click.argument("deck", required=False)
@project_option
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="PNGの出力先（省略時は preview-GAME[-DECK].png。相対パスは設計フォルダから）")
@click.option("--dpi", type=click.IntRange(30, 600), default=100, show_default=True, help="解像度（30〜600）")
@click.option("--guides", is_flag=True,
              help="テンプレート作り用：裁ち落とし・仕上がり線・安全領域と、各領域の枠と名前を重ねて描く")
@reported
def preview(game: str, deck: str | None, project_dir: Path, out_file: Path | None, dpi: int, guides: bool) -> None:
    """カードの一覧画像（コンタクトシート）をPNGで書き出します。"""
    from .commands.preview import write_contact_sheet
    loaded = open_project(project_dir).load_game(game)
    out_file = in_project(project_dir, out_file or Path(f"preview-{game}{'-' + deck if deck else ''}.png"))
    path = write_contact_sheet(loaded, deck, out_file, dpi, guides=guides)
    click.echo(path.as_posix())


@main.command()
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

    from .commands.streams import engine_output_to_stderr
    from .commands.validate import LABELS
    from .commands.validate import validate as run
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

        from .commands import progress
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


@main.command()
@click.argument("games", nargs=-1)
@project_option
@click.option("--games", "sim_games", type=click.IntRange(0, 100000), default=200, show_default=True,
              help="選択肢ごとの試遊数（人数ごと、同じ種で比べる）。0 なら試遊しない")
@click.option("--seed", type=int, default=1, show_default=True, help="試遊の乱数の種（同じ種なら同じゲーム）")
@click.option("--json", "as_json", is_flag=True, help="JSONで出力")
@reported
def questions(games: tuple[str, ...], project_dir: Path, sim_games: int, seed: int, as_json: bool) -> None:
    """設計者への未回答の質問（下書きが黙っている点・pnp の提案）を、選択肢と試遊での差とともに一覧します。"""
    from .commands.questions import format_questions, questions_data
    from .commands.streams import engine_output_to_stderr
    loaded = open_project(project_dir).load_games(games or None)
    with engine_output_to_stderr(as_json):
        data = questions_data(loaded, sim_games, seed)
    if as_json:
        click.echo(json.dumps({"games": data, "open": sum(g["open"] for g in data)}, ensure_ascii=False, indent=2))
    else:
        for line in format_questions(data):
            click.echo(line)


@main.command()
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path), default=Path("calibration.pdf"),
              show_default=True, help="出力先のPDF")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "b5"]), default="a4", show_default=True,
              help="用紙（b5 は JIS B5 182×257mm）")
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="両面印刷のとじ方：長辺とじか短辺とじか")
@reported
def calibrate(out_file: Path, paper: str, duplex: str) -> None:
    """両面印刷の位置合わせページを書き出します（読んだ値を build --back-offset に）。"""
    from .render.calibration import write_calibration
    write_calibration(out_file, paper, duplex)
    click.echo(out_file.as_posix())


@main.command()
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("schemas"),
              show_default=True, help="JSON Schema を書き出すフォルダ")
@reported
def schemas(out_dir: Path) -> None:
    """エディタ用のJSON Schemaを書き出します。"""
    from .schema_files import write_schema_files
    for path in write_schema_files(out_dir):
        click.echo(path.as_posix())


@main.command("help")
@click.argument("topic", required=False)
@click.option("--path", "show_path", is_flag=True,
              help="表示する代わりに、その話題の Markdown ファイルの場所を表示する")
@click.pass_context
def help_(ctx: click.Context, topic: str | None, show_path: bool) -> None:
    """マニュアル（データの書き方・テンプレート・ルールブックの書式・試遊…）を端末で読みます（オフライン）。
    TOPIC を省けば話題の一覧、コマンドの名前ならそのコマンドのオプション。"""
    from .commands import manual
    commands = tuple(main.list_commands(ctx))
    try:
        if topic is None:
            text, path = manual.topic_list(), manual.manual_dir() / f"{manual.INDEX}.md"
        else:
            text = manual.topic_text(topic, commands)
            named = [t.path for t in manual.topics() if t.name == topic.strip().lower().removesuffix(".md")]
            path = named[0] if named else manual.manual_dir() / (
                "commands.md" if topic in commands else f"{manual.INDEX}.md")
    except manual.UnknownTopic as exc:
        raise click.UsageError(str(exc)) from None
    if show_path:
        click.echo(path.as_posix())
    elif sys.stdout.isatty():
        click.echo_via_pager(text)
    else:
        click.echo(text, nl=False)


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--shop", default="jp-card", show_default=True, metavar="PROFILE",
              help="印刷所のプロファイル：jp-card（塗り足し・安全域 3 mm、350 dpi、総インキ量 300%）、"
                   "jp-card-strict（安全域 5 mm、PDF/X 必須）、jp-card-250・jp-card-350（総インキ量）、fogra39、"
                   "またはゲーム名（game.yaml の print.shop）")
@project_option
@click.option("--json", "as_json", is_flag=True, help="結果を JSON で出力")
@reported
def preflight(files: tuple[Path, ...], shop: str, project_dir: Path, as_json: bool) -> None:
    """入稿前チェック：PDF（pnp のものでも他のソフトで作ったものでも）を印刷所の条件で確かめます。
    エラーがあれば終了コード 1。"""
    from .commands.preflight import format_table, resolve_shop, run_preflight, to_json
    profile = resolve_shop(shop, project_dir)
    reports = run_preflight(list(files), profile)
    click.echo(to_json(reports, profile) if as_json else format_table(reports, profile))
    if any(r.failed for r in reports):
        sys.exit(1)

