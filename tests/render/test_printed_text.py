"""What prints is what was measured: the written PDFs are read back (pdfplumber) and every glyph of
every bundled card, sheet and part must stand where its plan put it, inside the region its text was
fitted to and the card's safe area, and never over the glyph before it."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pnp.commands.build import BuildOptions, deck_kinds, plan_game_cards, sheet_grid
from pnp.commands.parts import plan_parts
from pnp.data.project import Project
from pnp.layout.plan import CardPlan, PlacedLine, TextBlock
from pnp.layout.sheet import impose
from pnp.render.pdf import PdfPainter, new_canvas
from pnp.render.printcheck import (
    against_plan,
    check_card_page,
    check_part_page,
    overlapping_glyphs,
    planned_glyphs,
)
from pnp.render.readback import font_names, read_pdf
from pnp.text import fonts
from pnp.text.linebreak import Span, break_spans
from pnp.units import mm

GAMES = ("terror24", "tantei2", "euphoria", "ebe")


@pytest.fixture(scope="module")
def games(repo):
    return {g.id: g for g in Project(repo).load_games()}


@pytest.fixture(scope="module")
def card_plans(games):
    return {gid: plan_game_cards(g) for gid, g in games.items()}


def _decks(games_ids=GAMES):
    project = Project(Path(__file__).resolve().parents[2])
    return [(g.id, d.id) for g in project.load_games() if g.id in games_ids for d in g.decks]


# -- the writer: one text run never changes the next -------------------------------------------------
def _plan(lines: list[PlacedLine], box: tuple[float, float, float, float]) -> CardPlan:
    block = TextBlock(tuple(lines), "#000000", 9.0, box=box)
    return CardPlan("test", "c", "face", mm(63), mm(88), 0.0, 0.0, "#ffffff", (block,))


def _write(plan: CardPlan, path: Path) -> Path:
    c = new_canvas(path, (plan.width, plan.height), "test")
    PdfPainter(c).card(plan, 0, plan.height, None)
    c.showPage()
    c.save()
    return path


def test_a_letter_spaced_line_does_not_letter_space_the_lines_after_it(tmp_path):
    # the fault found on ユーフォリア's 煩悩カード: a justified line's spacing carried into the next
    first = break_spans([Span("信じきれずに揺れる", "gothic", 9.0)], mm(40), fonts.measure)[0]
    justified = [replace(first, char_space_pt=2.0)]        # letter-spaced as a justified line may be
    plain = break_spans([Span("迷い。", "gothic", 9.0)], mm(40), fonts.measure)
    lines = [PlacedLine(mm(5), mm(10) + 12 * i, line) for i, line in enumerate(justified + plain)]
    plan = _plan(lines, box=(mm(5), mm(5), mm(40), mm(60)))
    page = read_pdf(_write(plan, tmp_path / "spacing.pdf"))[0]
    assert against_plan(planned_glyphs(plan.items), list(page.glyphs)) == []
    last = [g for g in page.glyphs if g.char in "迷い。"][-3:]
    assert [round(b.x - a.x, 2) for a, b in zip(last, last[1:])] == \
        [round(fonts.measure(ch, "gothic", 9.0), 2) for ch in "迷い"]


def test_ruby_shorter_than_its_base_and_a_bold_run_leave_later_text_alone(tmp_path):
    # 「{生糸|きいと}」 spreads its reading; 「**出荷**」 is a bold run among plain ones
    spans = [Span("生糸", "mincho", 12.0, ruby="きいと"), Span("を", "mincho", 12.0),
             Span("出荷", "mincho-bold" if fonts.known("mincho-bold") else "gothic-bold", 12.0, style="strong"),
             Span("する。次の行も同じ間隔で並ぶ。", "mincho", 12.0)]
    lines = break_spans(spans, mm(50), fonts.measure)
    placed = [PlacedLine(mm(5), mm(15) + 18 * i, line) for i, line in enumerate(lines)]
    plan = _plan(placed, box=(mm(5), mm(5), mm(50), mm(60)))
    page = read_pdf(_write(plan, tmp_path / "ruby.pdf"))[0]
    assert against_plan(planned_glyphs(plan.items), list(page.glyphs)) == []
    assert overlapping_glyphs(list(page.glyphs), [p.line for p in planned_glyphs(plan.items)]) == []


def test_the_check_finds_a_glyph_moved_off_its_plan(tmp_path):
    """The read-back check itself can fail: a plan whose line is printed 1 mm to the right."""
    lines = break_spans([Span("効果を失わない。", "gothic", 9.0)], mm(40), fonts.measure)
    plan = _plan([PlacedLine(mm(5), mm(10), lines[0])], box=(mm(5), mm(5), mm(40), mm(20)))
    moved = _plan([PlacedLine(mm(6), mm(10), lines[0])], box=(mm(5), mm(5), mm(40), mm(20)))
    page = read_pdf(_write(moved, tmp_path / "moved.pdf"))[0]
    problems = against_plan(planned_glyphs(plan.items), list(page.glyphs))
    assert problems and "1.00 mm from where the plan places it" in problems[0]
    wide = _plan([PlacedLine(mm(30), mm(10), lines[0])], box=(mm(5), mm(5), mm(40), mm(20)))
    page = read_pdf(_write(wide, tmp_path / "wide.pdf"))[0]
    assert any("outside its region's box" in p for p in check_card_page(wide, page, 0, 0))


# -- every bundled card as printed ----------------------------------------------------------------
@pytest.mark.sampled(6)          # 6 of the 18 decks, spread over the games; all with PNP_TEST_ALL=1
@pytest.mark.parametrize("game_id,deck_id", _decks())
def test_shop_pages_print_every_glyph_where_the_layout_measured_it(built_kit, games, card_plans, game_id, deck_id):
    """One card a page (trim + bleed): faces and backs, read back page by page."""
    deck = next(d for d in games[game_id].decks if d.id == deck_id)
    plans = card_plans[game_id][deck_id]
    faces, back = plans
    cards = deck.physical_cards()
    files = [("faces", [faces[c.id] for c in cards])]
    files.append(("back", [back]) if plans.uniform_back else ("backs", [plans.backs[c.id] for c in cards]))
    for kind, order in files:
        pages = read_pdf(built_kit / game_id / "shop" / f"{deck_id}-{kind}.pdf")
        assert len(pages) == len(order)
        for plan, page in zip(order, pages):
            left, top, right, bottom = page.boxes["TrimBox"]
            assert (right - left, bottom - top) == pytest.approx((plan.width, plan.height), abs=0.01)
            problems = check_card_page(plan, page, left, top)
            assert problems == [], f"{game_id}/shop/{deck_id}-{kind}.pdf p{page.number} ({plan.card_id}): {problems}"


@pytest.mark.sampled(6)          # 6 of the 18 decks, spread over the games; all with PNP_TEST_ALL=1
@pytest.mark.parametrize("game_id,deck_id", _decks())
def test_home_sheets_print_every_glyph_where_the_layout_measured_it(built_kit, games, card_plans, game_id, deck_id):
    """The A4 sheets: each card drawn (once as a form, placed many times) at its grid position."""
    opts = BuildOptions()
    assert "sheets" in deck_kinds(opts)
    deck = next(d for d in games[game_id].decks if d.id == deck_id)
    plans = card_plans[game_id][deck_id]
    faces, back = plans
    cards = deck.physical_cards()
    backs = plans.backs or {c.id: back for c in cards}
    grid = sheet_grid(deck, opts)
    layout = impose(len(cards), grid, opts.duplex, (0.0, 0.0))
    pages = read_pdf(built_kit / game_id / f"{deck_id}-sheets.pdf")
    assert len(pages) == len(layout)
    for sheet, page in zip(layout, pages):
        for slot in sheet.slots:
            plan = (faces if sheet.side == "face" else backs)[cards[slot.index].id]
            problems = check_card_page(plan, page, slot.x, slot.y, reach=mm(0.5))
            assert problems == [], f"{game_id}/{deck_id}-sheets.pdf p{page.number} ({plan.card_id}): {problems}"


@pytest.mark.parametrize("game_id", GAMES)
def test_part_pages_print_every_glyph_where_the_layout_measured_it(built_kit, games, game_id):
    """Boards (and their tiles), tracks, tokens, dice nets and bits lists."""
    checked = 0
    for part in plan_parts(games[game_id]):
        pages = read_pdf(built_kit / game_id / f"parts-{part.part_id}.pdf")
        assert len(pages) == len(part.pages)
        for plan_page, page in zip(part.pages, pages):
            problems = check_part_page(plan_page.items, page)
            assert problems == [], f"{game_id}/parts-{part.part_id}.pdf p{page.number}: {problems}"
            checked += len(page.glyphs)
    if games[game_id].parts:
        assert checked > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_rulebook_glyphs_are_never_drawn_over_each_other_and_stay_on_the_page(built_kit, game_id):
    """The rulebook, its cover's card fan and its card figures: no glyph over the one before it on
    its line, none off the page."""
    for name in ("rulebook.pdf",):
        for page in read_pdf(built_kit / game_id / name):
            assert overlapping_glyphs(list(page.glyphs)) == [], (name, page.number)
            off = [g.char for g in page.glyphs if not (0 <= g.x <= page.width and 0 <= g.y <= page.height)]
            assert off == [], (name, page.number)


def test_every_font_of_every_written_pdf_is_embedded(built_kit):
    for pdf in sorted(built_kit.rglob("*.pdf"))[:12]:
        found = font_names(pdf)
        assert found and all(found.values()), (pdf.name, found)


# -- the PDF's raster against the PNG renderer's, from one plan ----------------------------------
@pytest.mark.sampled(6)          # 6 of the 18 decks, spread over the games; all with PNP_TEST_ALL=1
@pytest.mark.parametrize("game_id,deck_id", _decks())
def test_pdf_raster_and_png_renderer_put_each_line_on_the_same_pixels(built_kit, games, card_plans, game_id,
                                                                      deck_id):
    """`pnp preview` and --png draw the plan with Pillow; the PDF is drawn by reportlab and read
    here by PDFium.  Every third of every text line must match where the PNG has it (±1 px at
    150 dpi), on the first faces of each design and its back."""
    from pnp.render.rastercheck import compare_card_page
    deck = next(d for d in games[game_id].decks if d.id == deck_id)
    plans = card_plans[game_id][deck_id]
    faces, back = plans
    cards = deck.physical_cards()
    seen: set[int] = set()
    checks = []
    for number, card in enumerate(cards, 1):
        plan = faces[card.id]
        if id(plan) not in seen and len(seen) < 6:
            seen.add(id(plan))
            checks.append((f"{deck_id}-faces.pdf", number, plan))
    if plans.uniform_back:
        checks.append((f"{deck_id}-back.pdf", 1, back))
    else:
        checks.append((f"{deck_id}-backs.pdf", 1, plans.backs[cards[0].id]))
    for name, number, plan in checks:
        path = built_kit / game_id / "shop" / name
        page = read_pdf(path, [number])[0]
        left, top, _r, _b = page.boxes["TrimBox"]
        problems = compare_card_page(plan, path, number, left, top, page.width, page.height)
        assert problems == [], f"{game_id}/shop/{name} p{number} ({plan.card_id}): {problems}"


def test_the_raster_comparison_finds_a_line_printed_elsewhere(tmp_path):
    from pnp.render.rastercheck import compare_card_page
    lines = break_spans([Span("信じきれずに揺れる迷い。", "gothic", 9.0)], mm(50), fonts.measure)
    plan = _plan([PlacedLine(mm(5), mm(10), lines[0])], box=(mm(5), mm(5), mm(50), mm(20)))
    spread = _plan([PlacedLine(mm(5), mm(10), replace(lines[0], char_space_pt=1.0))],
                   box=(mm(5), mm(5), mm(50), mm(20)))
    path = _write(spread, tmp_path / "spread.pdf")
    assert compare_card_page(spread, path, 1, 0, 0, plan.width, plan.height) == []
    problems = compare_card_page(plan, path, 1, 0, 0, plan.width, plan.height)
    assert problems and "mm from where the PNG draws it" in problems[-1]


@pytest.mark.parametrize("char_space", [0.0, 0.35])
def test_text_run_writes_what_reportlab_text_objects_write(tmp_path, char_space):
    """text_run writes its text objects itself (pnp.render.pdf._text_object); they are, character for
    character, those reportlab's PDFTextObject writes for the same calls, also for a run whose
    characters fall in several font subsets (more than 256 different glyphs in the document)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.pdf import text_run
    font = fonts.pdf_name("mincho")
    many = "".join(chr(c) for c in range(0x4E00, 0x4E00 + 600) if not fonts.missing_glyphs(chr(c), "mincho"))
    runs = ["あいう", many[:300], "ABC（括弧）" + many[250:320], many[280:600] + "。", ""]
    ours, theirs = Canvas(str(tmp_path / "a.pdf")), Canvas(str(tmp_path / "b.pdf"))
    for k, text in enumerate(runs):
        text_run(ours, text, font, 9.5, 10 + k, 700 - 20 * k, char_space, "#1a1a1a")
        theirs.saveState()
        theirs.setFillColor("#1a1a1a")
        t = theirs.beginText()
        t.setFont(font, 9.5)
        t.setCharSpace(char_space)
        t.setWordSpace(0)
        t.setRise(0)
        t.setHorizScale(100)
        t.setTextRenderMode(0)
        x = 10 + k
        start = 0
        face = pdfmetrics.getFont(font)
        for _subset, encoded in face.splitString(text, theirs._doc):
            piece = text[start:start + len(encoded)]
            start += len(piece)
            t.setTextOrigin(x, 700 - 20 * k)
            t.textOut(piece)
            x += face.stringWidth(piece, 9.5) + char_space * len(piece)
        theirs.drawText(t)
        theirs.restoreState()
    assert sum(" Tf " in op for op in ours._code) and any(op.count(" Tf ") > 1 for op in ours._code)
    assert ours._code == theirs._code
