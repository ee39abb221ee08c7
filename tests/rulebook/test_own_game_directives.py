"""A designer's own game, made with ``pnp new``: every kind of part the README lists works in every
rulebook directive that takes a part, a failure inside a directive is said at its file:line, and the
markup that meets YAML and tables (ruby in a flow mapping, ruby's bar in a table cell) reads as meant.
Everything is checked on the built rulebook PDF (its text and its figures) and on exit codes and messages."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.render.readback import read_pdf

GAME = "own"

# each part kind: its file, how game.yaml lists it, a colour only its figure paints (None: nothing drawn),
# and words its figure or table prints
PARTS: dict[str, tuple[str, str, str | None, tuple[str, ...]]] = {
    "track": ("""kind: track
id: score
name: 得点トラック
start: 0
end: 10
color: "#8e44ad"
""", "{id: score, name: 得点トラック, kind: track, count: 1, description: 得点を記録する。}", "#8e44ad",
              ("0", "5", "10")),
    "board": ("""kind: board
id: map
name: 島の地図
cell: 20mm
grid:
  - "AAB"
  - "CCB"
areas:
  - {id: a, label: 港, letter: A, color: "#aed6f1"}
  - {id: b, label: 森, letter: B, color: "#abebc6"}
  - {id: c, label: 山, letter: C, color: "#f5cba7"}
""", "{id: map, name: 島の地図, kind: board, count: 1, description: 島の3つのエリア。}", "#f5cba7", ("港", "森", "山")),
    "tokens": ("""kind: tokens
id: coins
name: 金貨
size: 15mm
groups:
  - {label: "1", count: 5, color: "#d4ac0d"}
  - {label: "5", count: 3, color: "#aab7b8"}
""", "{id: coins, name: 金貨, kind: tokens, count: 8, description: お金。}", "#d4ac0d", ("1", "5")),
    "dice": ("""kind: dice
id: wind
name: 風のダイス
edge: 20mm
dice:
  - {id: w, name: 風のダイス, type: d6, faces: [1, 2, 3, 4, 5, 6], color: "#16a085"}
""", "{id: wind, name: 風のダイス, kind: dice, count: 1, description: 風向きを決める。}", "#16a085",
             ("1", "6")),
    "tuckbox": ("""kind: tuckbox
id: box
name: カード箱
deck: cards
color: "#7b241c"
""", "{id: box, name: カード箱, kind: tuckbox, count: 1, description: 山札を入れる箱。}", "#7b241c",
                ("山札カード", "カード6枚")),
    "cut_card": ("""kind: cut_card
id: aid
name: 手番の早見表
size: poker
split: horizontal
color: "#1a5276"
cards:
  - pieces:
      - {number: 1, title: 引く, text: カードを1枚引く。}
      - {number: 2, title: 出す, text: カードを1枚出す。}
""", "{id: aid, name: 手番の早見表, kind: cut_card, count: 2, description: 手番の流れ。}", "#1a5276",
                 ("引く", "カードを1枚出す。")),
    "bits": ("""kind: bits
id: bits
name: 買ってくるもの
items:
  - {name: 木製キューブ, count: 4, color: "#c0392b", size: 8mm, note: 得点のマーカー, source: buy}
""", "{id: bits, name: 買ってくるもの, kind: bits, count: 4, description: 手芸店で買う。}", None,
             ("木製キューブ", "購入", "得点のマーカー")),
}
IDS = {"track": "score", "board": "map", "tokens": "coins", "dice": "wind", "tuckbox": "box", "cut_card": "aid",
       "bits": "bits"}
NAMES = {"track": "得点トラック", "board": "島の地図", "tokens": "金貨", "dice": "風のダイス", "tuckbox": "カード箱",
         "cut_card": "手番の早見表", "bits": "買ってくるもの"}
COUNTS = {"track": "1枚", "board": "1枚", "tokens": "8個", "dice": "1個", "tuckbox": "1個", "cut_card": "2枚",
          "bits": "4個"}
DIRECTIVES = ("part", "part-caption", "part-in-box", "count", "components")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def make_game(root: Path) -> Path:
    """A hand-made game: the skeleton of pnp new, one part of every kind, listed in game.yaml."""
    assert run("new", GAME, "--project", root).exit_code == 0
    folder = root / "components" / GAME
    listed = []
    for kind, (text, entry, _, _) in PARTS.items():
        (folder / f"{IDS[kind]}.yaml").write_text(text, encoding="utf-8")
        listed.append(f"  - {entry}\n")
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "".join(listed), encoding="utf-8")
    (folder / "rulebook").mkdir()
    return folder


def case_text(kind: str, directive: str) -> str:
    pid = IDS[kind]
    if directive == "part":
        return f"{{{{part {pid}}}}}\n"
    if directive == "part-caption":
        return f"{{{{part {pid}: {{図解|ずかい}}・{kind}}}}}\n"
    if directive == "part-in-box":
        return f":::example 箱の中の{kind}\n本文です。\n\n{{{{part {pid}}}}}\n:::\n"
    return f"{NAMES[kind]}は{{{{count:{pid}}}}}{COUNTS[kind][-1]}です。\n"


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    """One rulebook holding every case, one page each (a file with new_page: true), built once."""
    root = tmp_path_factory.mktemp("own-game")
    folder = make_game(root)
    n = 0
    for directive in DIRECTIVES:
        kinds = list(PARTS) if directive != "components" else ["all"]
        for kind in kinds:
            n += 1
            body = "{{components}}\n" if directive == "components" else case_text(kind, directive)
            (folder / "rulebook" / f"{n:02d}-case.md").write_text(
                f"---\nnew_page: true\ntoc: 0\n---\n# 例 {directive} {kind}\n\n{body}", encoding="utf-8")
    result = run("build", GAME, "--project", root, "--out", root / "out", "--rulebook-only", "--jobs", "1")
    assert result.exit_code == 0, result.output
    validated = run("validate", GAME, "--project", root)
    pages = read_pdf(root / "out" / GAME / "rulebook.pdf", paint=True)
    return pages, validated


def page_of(pages, heading: str):
    """The page that starts with the case's heading (and the pages after it, up to the next case)."""
    texts = ["".join(g.char for g in p.glyphs) for p in pages]
    first = next(k for k, t in enumerate(texts) if f"■ 例 {heading}".replace(" ", "") in t.replace(" ", ""))
    last = next((k for k in range(first + 1, len(pages)) if "■例" in texts[k].replace(" ", "")), len(pages))
    return pages[first:last], "".join(texts[first:last]).replace(" ", "")


def fills_of(pages, color: str) -> int:
    rgb = tuple(int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return sum(1 for p in pages for q in p.paths
               if q.fill is not None and len(q.fill) == 3 and all(abs(a - b) < 0.01 for a, b in zip(q.fill, rgb)))


def test_the_game_validates_with_every_part_in_every_directive(book):
    _, validated = book
    assert validated.exit_code == 0, validated.output
    assert "TypeError" not in validated.output and "NG" not in validated.output


@pytest.mark.parametrize("kind", list(PARTS))
@pytest.mark.parametrize("directive", ["part", "part-caption", "part-in-box"])
def test_every_part_kind_is_drawn_by_the_part_directive(book, kind, directive):
    pages, _ = book
    found, text = page_of(pages, f"{directive} {kind}")
    _, _, color, words = PARTS[kind]
    caption = f"図解ずかい・{kind}" if directive == "part-caption" else NAMES[kind]   # the ruby after its base
    assert caption in text
    for word in words:
        assert word in text, (kind, word)
    if color is not None:        # the figure itself: the part's own colour painted on the page
        assert fills_of(found, color) >= 1, (kind, directive)
    else:                        # bits: a table under its caption, with a header row
        assert "もの数入手メモ" in text
    if directive == "part-in-box":
        assert f"箱の中の{kind}" in text and "本文です。" in text


@pytest.mark.parametrize("kind", list(PARTS))
def test_every_part_kind_is_counted_and_listed(book, kind):
    pages, _ = book
    _, said = page_of(pages, f"count {kind}")
    assert f"{NAMES[kind]}は{COUNTS[kind]}です。" in said
    _, listed = page_of(pages, "components all")
    assert f"{NAMES[kind]}（{COUNTS[kind]}）" in listed


def test_a_die_named_as_a_die_is_not_doubled(book, tmp_path):
    """The parts sheet of 風のダイス says 「風のダイス（6面）」, never 「風のダイスのダイス」."""
    folder = make_game(tmp_path)
    (folder / "rulebook" / "01-a.md").write_text("# 部品\n\n{{part wind}}\n", encoding="utf-8")
    assert run("build", GAME, "--project", tmp_path, "--out", tmp_path / "out", "--jobs", "1").exit_code == 0
    text = "".join(g.char for p in read_pdf(tmp_path / "out" / GAME / "parts-wind.pdf") for g in p.glyphs)
    assert "風のダイス（6面）" in text.replace(" ", "")
    assert "ダイスのダイス" not in text
    book = "".join(g.char for p in read_pdf(tmp_path / "out" / GAME / "rulebook.pdf") for g in p.glyphs)
    assert "風のダイス" in book and "ダイスのダイス" not in book


def test_an_unknown_part_is_said_at_its_line(tmp_path):
    folder = make_game(tmp_path)
    (folder / "rulebook" / "01-a.md").write_text("# 部品\n\n本文。\n\n{{part scroe}}\n", encoding="utf-8")
    result = run("validate", GAME, "--project", tmp_path)
    assert result.exit_code == 1
    assert (f"components/{GAME}/rulebook/01-a.md:5:1: {{{{part scroe}}}}: no part 'scroe' "
            "(parts: aid, bits, box, coins, map, score, wind)") in result.output


@pytest.mark.parametrize("step", ["draw", "wrap"])
@pytest.mark.parametrize("command", ["build", "validate"])
def test_a_failure_while_a_figure_is_drawn_names_the_directive_line(tmp_path, monkeypatch, step, command):
    """Whatever goes wrong inside a directive's figure, measured or drawn, is said at the directive's
    file:line, exit 1, with no traceback (a fault of pnp's own drawing stands in for one here)."""
    from pnp.rulebook import flow

    def broken(self, *args):
        raise TypeError(None)
    monkeypatch.setattr(flow.PartFigure, step, broken)
    folder = make_game(tmp_path)
    (folder / "rulebook" / "01-a.md").write_text("# 部品\n\n{{part score}}\n", encoding="utf-8")
    args = ("--out", tmp_path / "out", "--rulebook-only", "--jobs", "1") if command == "build" else ()
    result = run(command, GAME, "--project", tmp_path, *args)
    assert result.exit_code == 1
    assert f"components/{GAME}/rulebook/01-a.md:3:1: {{{{part score}}}}: could not be drawn (TypeError: None)" \
        in result.output
    assert "Traceback" not in result.output


CHARACTERS = """kind: deck
id: chars
name: キャラクターカード
layout: card-base
two_sided: true
cards:
  - id: minato
    front: {title: ミナト, body: 医務室では1APごとにダメージを2回復する。}
    back:  {title: ミナト（覚醒）, body: "**覚醒**：手札を1枚捨てる。"}
  - id: sora
    front: {title: ソラ, body: 1枚引く。}
    back:  {title: ソラ（覚醒）, body: 2枚引く。}
"""


def test_a_two_sided_deck_shows_both_faces_of_a_card_in_the_components(tmp_path):
    folder = make_game(tmp_path)
    (folder / "chars.yaml").write_text(CHARACTERS, encoding="utf-8")
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "  - {id: chars, name: キャラクターカード, kind: deck, count: 2, "
                    "description: 両面のカード。}\n", encoding="utf-8")
    (folder / "rulebook" / "01-a.md").write_text("# 内容物\n\n{{components}}\n", encoding="utf-8")
    result = run("build", GAME, "--project", tmp_path, "--out", tmp_path / "out", "--rulebook-only", "--jobs", "1")
    assert result.exit_code == 0, result.output
    text = "".join(g.char for p in read_pdf(tmp_path / "out" / GAME / "rulebook.pdf")[2:] for g in p.glyphs)
    text = text.replace(" ", "")
    assert "キャラクターカード（2枚）：1枚の表と裏" in text
    assert "表：ミナト" in text and "裏：ミナト（覚醒）" in text          # the labels under the two faces
    assert "覚醒：手札を1枚捨てる。" in text                              # the back's own content, drawn
    assert "キャラクターカード（2枚）：表" not in text                     # not the deck's blank back
    assert "山札カード（6枚）：表の例2種類と裏" in text                    # a one-sided deck as before


@pytest.mark.parametrize("lang, hint", [
    ("en", "(YAML reads the brackets of the ruby {岬|みさき} as its own: quote the value, "
           "title: \"北東の{岬|みさき}の灯台\")"),
    ("ja", "YAML として読めません（{ } のマッピングを読んでいるところで、「,」か「}」がありません）。ルビ {岬|みさき} の"
           "かっこを YAML が自分の記号として読みました。値を引用符で囲んでください：title: \"北東の{岬|みさき}の灯台\""),
])
def test_ruby_in_a_yaml_flow_mapping_says_to_quote_the_value(tmp_path, lang, hint):
    folder = make_game(tmp_path)
    cards = folder / "cards.yaml"
    lines = cards.read_text(encoding="utf-8").splitlines()
    lines.append("  - {id: star-3, suit: star, value: 3, title: 北東の{岬|みさき}の灯台, body: 灯台を1つ進める。}")
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("--lang", lang, "validate", GAME, "--project", tmp_path)
    assert result.exit_code == 1
    assert f"components/{GAME}/cards.yaml:{len(lines)}:" in result.output and hint in result.output
    assert "Traceback" not in result.output
    # quoted as the hint says, the card loads and its title keeps its ruby (a reading may overhang the kana
    # beside it; over a kanji, 「{岬|みさき}灯台」, JLREQ wants one reading over both: test_ruby_fit)
    cards.write_text(cards.read_text(encoding="utf-8").replace("title: 北東の{岬|みさき}の灯台",
                                                               'title: "北東の{岬|みさき}の灯台"'), encoding="utf-8")
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("count: 6", "count: 7", 1), encoding="utf-8")
    (folder / "rulebook" / "01-a.md").write_text("# 灯台\n\n{{card cards/star-3}}\n", encoding="utf-8")
    result = run("validate", GAME, "--project", tmp_path)
    assert result.exit_code == 0, result.output


def test_ruby_and_escaped_bars_in_a_rulebook_table_stay_in_their_cell(tmp_path):
    folder = make_game(tmp_path)
    (folder / "rulebook" / "01-a.md").write_text(
        "# 表\n\n| 名前 | 読み | 効果 |\n|---|---|---|\n| {岬|みさき} | みさき | 1枚引く |\n"
        "| 北東の{灯台|とうだい} | a\\|b | [赤]{強い} |\n", encoding="utf-8")
    result = run("build", GAME, "--project", tmp_path, "--out", tmp_path / "out", "--rulebook-only", "--jobs", "1")
    assert result.exit_code == 0, result.output
    [page] = read_pdf(tmp_path / "out" / GAME / "rulebook.pdf")[2:]
    text = "".join(g.char for g in page.glyphs).replace(" ", "")
    assert "a|b" in text and "強い" in text and "灯台" in text
    ruby = [g for g in page.glyphs if g.char in "みさきとうだい" and g.size < 6]
    assert "".join(g.char for g in ruby) == "みさきとうだい"       # both readings printed small, over their bases
    assert "{" not in text and "}" not in text


def test_an_open_brace_in_a_table_cell_is_said_at_its_cell(tmp_path):
    folder = make_game(tmp_path)
    (folder / "rulebook" / "01-a.md").write_text("# 表\n\n| 名前 | 効果 |\n| {岬 | 1枚引く |\n", encoding="utf-8")
    result = run("validate", GAME, "--project", tmp_path)
    assert result.exit_code == 1
    assert f"components/{GAME}/rulebook/01-a.md:4:" in result.output and "table row has" not in result.output


def test_every_escape_the_readme_lists_prints_its_character(tmp_path):
    folder = make_game(tmp_path)
    (folder / "rulebook" / "01-a.md").write_text(
        "# エスケープ\n\n\\# 見出しではない\n\n\\- 箇条書きではない\n\n\\1. 手順ではない\n\n\\| 表ではない |\n\n"
        "\\:::note 箱ではない\n\n\\{\\{title\\}\\}、\\{岬\\|みさき\\}、\\*\\*太字\\*\\*、\\:coin\\:、\\[赤\\]\\{x\\}、"
        "\\【用語\\】、\\\\。\n", encoding="utf-8")
    result = run("build", GAME, "--project", tmp_path, "--out", tmp_path / "out", "--rulebook-only", "--jobs", "1")
    assert result.exit_code == 0, result.output
    pages = read_pdf(tmp_path / "out" / GAME / "rulebook.pdf")
    text = "".join(g.char for p in pages[2:] for g in p.glyphs).replace(" ", "")
    for line in ("#見出しではない", "-箇条書きではない", "1.手順ではない", "|表ではない|", ":::note箱ではない",
                 "{{title}}、{岬|みさき}、**太字**、:coin:、[赤]{x}、【用語】、\\。"):
        assert line in text
    toc = "".join(g.char for g in pages[1].glyphs)
    assert "見出しではない" not in toc          # not a heading: the 目次 lists 「エスケープ」 only


def picture(path: Path, color: str, size=(600, 300), dpi: int | None = None) -> None:
    from PIL import Image
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, color).save(path, dpi=(dpi, dpi)) if dpi else Image.new("RGB", size, color).save(path)


def test_a_markdown_image_is_a_figure_captioned_by_its_alt_text(tmp_path):
    folder = make_game(tmp_path)
    picture(folder / "images/lighthouse.png", "#2e86c1")                  # 600 px at 150 dpi: 101.6 mm
    picture(folder / "images/small.png", "#c0392b", (120, 60), dpi=300)   # 10.16 mm: never enlarged
    (folder / "rulebook" / "01-a.md").write_text(
        "# 絵\n\n灯台の絵です。\n\n![北東の{岬|みさき}の灯台](images/lighthouse.png)\n\n:::note 小さな絵\n"
        "![](images/small.png)\n:::\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", GAME, "--project", tmp_path, "--out", out, "--rulebook-only", "--jobs", "1")
    assert result.exit_code == 0, result.output
    [page] = read_pdf(out / GAME / "rulebook.pdf", paint=True)[2:]
    text = "".join(g.char for g in page.glyphs).replace(" ", "")
    assert "灯台の絵です。" in text and "北東の岬みさきの灯台" in text and "小さな絵" in text
    assert "![" not in text and "](" not in text
    widths = sorted(round((im.box[2] - im.box[0]) / (72 / 25.4), 1) for im in page.images)
    assert widths == [10.2, 101.6]
    # the image's bytes are part of the rulebook's key: a new picture is drawn by the next build
    before = (out / GAME / "rulebook.pdf").read_bytes()
    picture(folder / "images/lighthouse.png", "#1e8449")
    assert run("build", GAME, "--project", tmp_path, "--out", out, "--rulebook-only", "--jobs", "1").exit_code == 0
    assert (out / GAME / "rulebook.pdf").read_bytes() != before


@pytest.mark.parametrize("line, message", [
    ("![灯台](images/none.png)", "01-a.md:5:7: image 'images/none.png' not found (paths are from the game's folder, "
                                 f"components/{GAME}/)"),
    ("![灯台](../../outside.png)", "01-a.md:5:7: image path '../../outside.png' leaves the game's folder"),
    ("![灯台](images/notes.png)", "01-a.md:5:7: image 'images/notes.png' is not a PNG or JPEG image"),
    ("灯台は ![灯台](images/ok.png) です。", "01-a.md:5:5: an image ![灯台](images/ok.png) stands on a line of its own"),
])
def test_an_image_that_cannot_be_printed_is_said_at_its_line(tmp_path, line, message):
    folder = make_game(tmp_path)
    picture(folder / "images/ok.png", "#2e86c1")
    picture(tmp_path / "outside.png", "#2e86c1")
    (folder / "images/notes.png").write_text("not a picture", encoding="utf-8")
    (folder / "rulebook" / "01-a.md").write_text(f"# 絵\n\n本文。\n\n{line}\n", encoding="utf-8")
    result = run("validate", GAME, "--project", tmp_path)
    assert result.exit_code == 1
    assert f"components/{GAME}/rulebook/{message}" in result.output


def test_ruby_in_a_diagrams_yaml_says_to_quote_the_value(tmp_path):
    folder = make_game(tmp_path)
    (folder / "rulebook" / "01-a.md").write_text(
        "# 配置\n\n:::diagram 場の例\nrows:\n  - {label: {上|うえ}の段, cells: [up, down]}\n:::\n", encoding="utf-8")
    result = run("validate", GAME, "--project", tmp_path)
    assert result.exit_code == 1
    assert (f"components/{GAME}/rulebook/01-a.md:5:") in result.output
    assert "quote the value, label: \"{上|うえ}の段\"" in result.output
    (folder / "rulebook" / "01-a.md").write_text(
        "# 配置\n\n:::diagram 場の例\nrows:\n  - {label: \"{上|うえ}の段\", cells: [up, down]}\n:::\n", encoding="utf-8")
    result = run("validate", GAME, "--project", tmp_path)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("lang, said", [
    ("en", "title: expected string, got dict {'岬|みさき': None} (YAML read the ruby {岬|みさき} as a mapping: "
           "quote the value, \"{岬|みさき}\")"),
    ("ja", "title: 文字列を書くところにマッピング {'岬|みさき': None} があります。ルビ {岬|みさき} を YAML がマッピングとして"
           "読みました。値を引用符で囲んでください：\"{岬|みさき}\""),
])
def test_a_ruby_alone_read_as_a_yaml_mapping_says_to_quote_it(tmp_path, lang, said):
    folder = make_game(tmp_path)
    cards = folder / "cards.yaml"
    lines = cards.read_text(encoding="utf-8").splitlines()
    lines.append("  - {id: star-3, suit: star, value: 3, title: {岬|みさき}, body: 灯台を1つ進める。}")
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("--lang", lang, "validate", GAME, "--project", tmp_path)
    assert result.exit_code == 1
    assert f"components/{GAME}/cards.yaml:{len(lines)}:" in result.output and said in result.output
