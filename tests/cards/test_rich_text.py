"""Card text speaks the rulebook's markup: ruby, bold, colour, line breaks and inline icons, laid
out by the shared line breaker and drawn the same in PDF and PNG."""
from __future__ import annotations

import pdfplumber
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from pnp.commands.build import BuildOptions, build_game, plan_game_cards
from pnp.data.project import Project
from pnp.layout.plan import TextBlock
from pnp.render.png import render_card

ICONS = """\
icons:
  coin: {shape: circle, color: "#d4ac0d"}
  sword: {shape: diamond, color: "#1f5fa8"}
"""


def _blocks(plan):
    return [it for it in plan.items if isinstance(it, TextBlock)]


def test_ruby_and_bold_come_out_as_ruby_and_bold(project, tmp_path):
    """Issue: 「{亭主|ていしゅ} and **強調** in a card body print literally」 — now they do not."""
    root = project("""\
      - {id: a, suit: sun, value: 1, title: 宿, body: "{亭主|ていしゅ}は**強調**して言った。"}
    """)
    game = Project(root).load_game("demo")
    build_game(game, tmp_path / "out", BuildOptions(sheets=False))
    with pdfplumber.open(tmp_path / "out/demo/shop/cards-faces.pdf") as pdf:
        chars = pdf.pages[0].chars
    text = "".join(c["text"] for c in chars)
    assert "{" not in text and "|" not in text and "**" not in text
    base = [c for c in chars if c["text"] in "亭主"]
    reading = [c for c in chars if c["size"] < base[0]["size"] * 0.7]
    assert len(base) == 2 and "".join(c["text"] for c in reading) == "ていしゅ"
    # the reading sits above its base (pdfplumber's top grows downwards), at half the size, centred
    assert max(c["bottom"] for c in reading) <= min(c["top"] for c in base) + 0.5
    assert abs(reading[0]["size"] - base[0]["size"] / 2) < 0.01
    mid = lambda cs: (min(c["x0"] for c in cs) + max(c["x1"] for c in cs)) / 2   # noqa: E731
    assert abs(mid(reading) - mid(base)) < 0.5
    bold = [c for c in chars if c["text"] in "強調"]
    assert bold and all("Gothic-Bold" in c["fontname"] for c in bold)
    body = [c for c in chars if c["text"] in "言った"]
    assert body and all("Mincho" in c["fontname"] for c in body)


def test_icons_colour_and_line_breaks_on_a_card(project):
    root = project("""\
      - {id: a, suit: sun, value: 1, title: 取引, body: '[赤]{:coin:3} を払う。\\n:sword:で攻撃。'}
    """, game_extra=ICONS)
    game = Project(root).load_game("demo")
    faces, _ = plan_game_cards(game)["cards"]
    body = [b for b in _blocks(faces["a"]) if any(f.icon for pl in b.lines for f in pl.line.fragments)][0]
    lines = [pl.line for pl in body.lines]
    assert len(lines) == 2 and lines[0].hard_end           # \n is a hard line break
    frags = [f for ln in lines for f in ln.fragments]
    coin = [f for f in frags if f.icon == "coin"][0]
    assert coin.color == "#c0392b" and coin.width_pt == body.size_pt     # one em, in the colour group
    three = [f for f in frags if f.text.startswith("3")][0]
    assert three.color == "#c0392b"
    assert dict(body.icons)["sword"].shape == "diamond"
    # PNG draws the icon: the coin's colour appears where the layout put it
    img = render_card(faces["a"], 300)
    s = 300 / 72
    pl = body.lines[0]
    cx = (pl.x + coin.x_pt + coin.size_pt / 2) * s
    cy = (pl.baseline - coin.size_pt * 0.4) * s
    r, g, b = img.getpixel((round(cx), round(cy)))
    assert (r, g, b) == (0xd4, 0xac, 0x0d) or abs(r - 0xd4) + abs(g - 0xac) + abs(b - 0x0d) < 30


def test_icons_are_drawn_in_the_pdf(project, tmp_path):
    root = project("""\
      - {id: a, suit: sun, value: 1, title: 取引, body: ':coin::coin: を得る。'}
    """, game_extra=ICONS)
    game = Project(root).load_game("demo")
    build_game(game, tmp_path / "out", BuildOptions(sheets=False))
    from pypdf import PdfReader
    page = PdfReader(tmp_path / "out/demo/shop/cards-faces.pdf").pages[0]
    with pdfplumber.open(tmp_path / "out/demo/shop/cards-faces.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "\ufffc" not in text and "coin" not in text and "を得る。" in text
    # the coin's fill colour (#d4ac0d) is painted: once as a form, used twice; in the shop file (CMYK
    # PDF/X whatever --color) as its CMYK through the game's profile
    from reportlab.lib.rl_accel import fp_str

    from pnp.render.color import profile_for
    content = b"".join(x.get_object().get_data() for x in _forms(page))
    assert f"{fp_str(*profile_for(game).ink('#d4ac0d').cmyk)} k".encode() in content


def _forms(page):
    out = []
    resources = page["/Resources"]
    todo = [resources]
    while todo:
        res = todo.pop()
        for obj in (res.get("/XObject") or {}).values():
            obj = obj.get_object()
            out.append(obj)
            if "/Resources" in obj:
                todo.append(obj["/Resources"])
    return out


def _at(root, needle: str, offset: int = 0) -> str:
    """file:line:col of needle in the deck file, offset characters into it (as a designer counts)."""
    lines = (root / "components/demo/cards.yaml").read_text(encoding="utf-8").splitlines()
    for no, line in enumerate(lines, 1):
        if needle in line:
            return f"components/demo/cards.yaml:{no}:{line.index(needle) + 1 + offset}"
    raise AssertionError(needle)


def test_unknown_icon_fails_with_file_line_col(project):
    root = project("""\
      - {id: a, suit: sun, value: 1, title: 取引, body: "剣 :swrod: で攻撃。"}
    """, game_extra=ICONS)
    result = CliRunner().invoke(main, ["build", "demo", "--project", str(root), "--out", str(root / "out")])
    assert result.exit_code == 1, result.output
    assert f"{_at(root, ':swrod:')}: body: unknown icon :swrod: (icons: coin, sword" in result.output
    assert "Traceback" not in result.output


def test_unclosed_markup_and_stray_brace_are_errors(project):
    root = project("""\
      - {id: a, suit: sun, value: 1, title: "**宿", body: "a}b"}
      - id: b
        suit: sun
        value: 2
        title: 宿
        body: |
          一行目
          二行目の{亭主
    """)
    result = CliRunner().invoke(main, ["validate", "demo", "--project", str(root)])
    assert result.exit_code == 1
    out = result.output
    assert f"{_at(root, '**宿')}: title: ** is not closed" in out, out
    assert f"{_at(root, 'a}b', 1)}: body: }} closes nothing (write \\}} for a brace)" in out, out
    assert f"{_at(root, '二行目の{', 4)}: body: {{ starts ruby" in out, out


def test_escaped_braces_print_literally(project, tmp_path):
    root = project(r"""
      - {id: a, suit: sun, value: 1, title: 記号, body: '\{A\} と \*\* と 10\:30'}
    """)
    game = Project(root).load_game("demo")
    faces, _ = plan_game_cards(game)["cards"]
    assert "{A} と ** と 10:30" in faces["a"].texts


def test_markup_false_prints_as_is(project):
    root = project("""\
      - {id: a, suit: sun, value: 1, title: 記号, body: '{A}'}
    """, layout="plain", layouts={"plain": """\
        extends: card-base
        face:
          regions:
            body: {markup: false}
        """})
    game = Project(root).load_game("demo")
    faces, _ = plan_game_cards(game)["cards"]
    assert "{A}" in faces["a"].texts


def test_png_matches_pdf_layout_for_ruby(project):
    """Preview == print: the PNG has ink where the ruby goes."""
    root = project("""\
      - {id: a, suit: sun, value: 1, title: 宿, body: "{勿忘草|わすれなぐさ}"}
    """)
    game = Project(root).load_game("demo")
    faces, _ = plan_game_cards(game)["cards"]
    body = [b for b in _blocks(faces["a"]) if any(f.ruby for pl in b.lines for f in pl.line.fragments)][0]
    pl = body.lines[0]
    frag = pl.line.fragments[0]
    img: Image.Image = render_card(faces["a"], 300).convert("L")
    s = 300 / 72
    band = img.crop((round((pl.x + frag.x_pt) * s), round((pl.baseline - frag.size_pt * 1.4) * s),
                     round((pl.x + frag.x_pt + frag.width_pt) * s), round((pl.baseline - frag.size_pt * 0.9) * s)))
    assert band.getextrema()[0] < 128     # ink of the reading above the base


def test_rulebook_and_cards_share_the_markup_and_the_game_icons(project, tmp_path):
    """One markup: the rulebook reads [colour]{…} and the game's :icons: like card text does."""
    root = project("""\
      - {id: a, suit: sun, value: 1, title: 取引, body: ':coin:を得る。'}
    """, game_extra=ICONS)
    book = root / "components/demo/rulebook"
    book.mkdir()
    (book / "01-play.md").write_text("# 遊び方\n\n手番に[赤]{:coin:3枚}を払い、{亭主|ていしゅ}に会います。\n\n"
                                     "{{card cards/a: 取引カード}}\n", encoding="utf-8")
    game = Project(root).load_game("demo")
    build_game(game, tmp_path / "out", BuildOptions(sheets=False, shop=False))
    pdf_path = tmp_path / "out/demo/rulebook.pdf"
    with pdfplumber.open(pdf_path) as pdf:
        chars = [c for p in pdf.pages for c in p.chars]
    text = "".join(c["text"] for c in chars)
    assert "3枚を払い" in text and "\ufffc" not in text and "{" not in text and "coin" not in text
    red = [c for c in chars if c["text"] == "枚"]
    assert red and all(tuple(round(v, 3) for v in c["non_stroking_color"]) == (0.753, 0.224, 0.169) for c in red)
    from pypdf import PdfReader
    content = b"".join(x.get_data() for p in PdfReader(pdf_path).pages for x in _forms(p) if hasattr(x, "get_data"))
    assert b".831373 .67451 .05098 rg" in content          # the coin, in the text and on the card figure
    (book / "01-play.md").write_text("# 遊び方\n\n手番に :gem: を払います。\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "demo", "--project", str(root)])
    assert result.exit_code == 1
    assert "components/demo/rulebook/01-play.md:3:5: unknown icon :gem: (icons: coin, sword" in result.output


def test_markup_errors_in_a_spreadsheet_deck_name_the_cell(project):
    root = project("""\
      - {id: a, suit: sun, value: 1, title: 仮}
    """, game_extra=ICONS)
    deck = root / "components/demo/cards.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text[:text.index("cards:")] + "cards: {from: cards.csv}\n", encoding="utf-8")
    (root / "components/demo/cards.csv").write_text("id,suit,value,title,body\na,sun,1,取引,:coin:と:gem:\n",
                                                     encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "demo", "--project", str(root)])
    assert result.exit_code == 1
    assert "components/demo/cards.csv!E2: body: unknown icon :gem: (icons: coin, sword; write \\: for a colon) " \
           "(character 8 of the cell)" in result.output, result.output
