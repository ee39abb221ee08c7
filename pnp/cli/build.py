"""The commands that put a game on paper: ``pnp build`` (sheets, shop files, parts, rulebook; --check-print),
``pnp preview`` (a contact sheet), ``pnp calibrate`` (the duplex alignment page) and ``pnp preflight``
(a PDF read against a shop's conditions)."""
from __future__ import annotations

import math
import sys
from pathlib import Path

import click

from ..files import shown
from ..messages import did_you_mean, msg
from .options import build_jobs_option, in_project, open_project, project_option, reported

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
    from ..render.shops import SHOPS
    if value not in SHOPS:
        raise click.BadParameter(msg("shops.unknown_option", shop=value, shops=SHOPS, hint=did_you_mean(value, SHOPS)))
    return value


@click.command()
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
    from ..outputs import BuildOptions
    try:
        dx, dy = (float(v) for v in back_offset.split(","))
    except ValueError:
        raise click.BadParameter(msg("cli.back_offset_form", value=back_offset), param_hint="--back-offset") from None
    if not all(math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET_MM for v in (dx, dy)):
        raise click.BadParameter(msg("cli.back_offset_range", most=f"{MAX_BACK_OFFSET_MM:g}", value=back_offset),
                                 param_hint="--back-offset")
    if icc is not None:
        from ..render.color import check_profile
        icc = check_profile(icc)
    out_dir = in_project(project_dir, out_dir)
    opts = BuildOptions(paper=paper, duplex=duplex, marks=marks, gutter_mm=gutter_mm, back_offset_mm=(dx, dy),
                        cmyk=color == "cmyk", png=png, dpi=dpi, tts=tts, cards=not rulebook_only,
                        rulebook_paper=rulebook_paper, check_print=check_print, icc=icc, shop_profile=shop or "",
                        outline_text=outline_text)
    from ..commands.incremental import build_project
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


@click.command()
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
    from ..commands.preview import write_contact_sheet
    loaded = open_project(project_dir).load_game(game)
    out_file = in_project(project_dir, out_file or Path(f"preview-{game}{'-' + deck if deck else ''}.png"))
    path = write_contact_sheet(loaded, deck, out_file, dpi, guides=guides)
    click.echo(path.as_posix())


@click.command()
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path), default=Path("calibration.pdf"),
              show_default=True, help="出力先のPDF")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "b5"]), default="a4", show_default=True,
              help="用紙（b5 は JIS B5 182×257mm）")
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="両面印刷のとじ方：長辺とじか短辺とじか")
@reported
def calibrate(out_file: Path, paper: str, duplex: str) -> None:
    """両面印刷の位置合わせページを書き出します（読んだ値を build --back-offset に）。"""
    from ..render.calibration import write_calibration
    write_calibration(out_file, paper, duplex)
    click.echo(out_file.as_posix())


@click.command()
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
    from ..commands.preflight import format_table, resolve_shop, run_preflight, to_json
    profile = resolve_shop(shop, project_dir)
    reports = run_preflight(list(files), profile)
    click.echo(to_json(reports, profile) if as_json else format_table(reports, profile))
    if any(r.failed for r in reports):
        sys.exit(1)


COMMANDS = (build, preview, calibrate, preflight)
