"""A second look at the cards a player reads most (#44.3, #44.5): EBE's explore cards say their AP once
(the table) and keep the owner's bar inside the text panel; its character, mission and aid cards give
the dark foot's room to their text; tantei2's aid keeps its text and badge clear of frame and band;
terror24's aid never spreads the digits of a number; euphoria's ◆ items hang under their text.
Positions in mm, as the plan places them; the spread digits are read back from the written PDF."""
from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from pnp.data.project import Project
from pnp.layout.card import plan_deck
from pnp.layout.plan import Box, CardPlan, TextBlock
from pnp.render.pdf import PdfPainter, new_canvas
from pnp.text import fonts
from pnp.text.linebreak import MIN_LAST_CHARS, char_space
from pnp.units import mm

REPO = Path(__file__).resolve().parents[2]


DIGITS = frozenset("0123456789０１２３４５６７８９")


def two_digits(text: str) -> bool:
    return any(a in DIGITS and b in DIGITS for a, b in zip(text, text[1:]))


def in_mm(v: float) -> float:
    return v / mm(1)


@pytest.fixture(scope="module")
def games():
    project = Project(REPO)
    return {gid: project.load_game(gid) for gid in ("ebe", "tantei2", "terror24", "euphoria")}


def faces(game, deck_id: str) -> dict[str, CardPlan]:
    return plan_deck(game, game.deck(deck_id))[0]


def boxes(plan: CardPlan, fill: str | None = None, stroke: str | None = None) -> list[Box]:
    return [b for b in plan.items if isinstance(b, Box) and (fill is None or b.fill == fill)
            and (stroke is None or b.stroke == stroke)]


def texts(plan: CardPlan) -> list[TextBlock]:
    return [t for t in plan.items if isinstance(t, TextBlock)]


def body_of(plan: CardPlan, min_lines: int = 1) -> TextBlock:
    """The card's running text: its block of the most characters."""
    return max(texts(plan), key=lambda t: sum(len(pl.line.text) for pl in t.lines))


# ------------------------------------------------------------------ EBE (#44.3)
def test_explore_cards_say_their_ap_once(games):
    """The AP by die roll is the table of three boxes; the text above it no longer repeats it (and
    so no longer strands 「3」 on a line of its own)."""
    plans = faces(games["ebe"], "explore")
    assert len(plans) == 25
    for cid, plan in plans.items():
        body = body_of(plan)
        assert "出目" not in "".join(pl.line.text for pl in body.lines), cid
        drawn = [pl.line.text for t in texts(plan) for pl in t.lines]
        assert drawn.count("1AP") == drawn.count("2AP") == drawn.count("3AP") == 1, cid
        if len(body.lines) > 1:
            assert len(body.lines[-1].line.text) >= MIN_LAST_CHARS or body.lines[-1].line.hard_end, cid


def test_explore_owner_bar_stays_inside_the_panel(games):
    """The 持ち主 bar ended 1.0 mm below the text panel and hid its bottom rule; now it ends inside,
    clear of the rule, and clear of the AP boxes above it."""
    for cid, plan in faces(games["ebe"], "explore").items():
        panel = boxes(plan, stroke="#7f8c8d")[0]
        bar = boxes(plan, fill="#2c3e50")[0]
        ap = boxes(plan, fill="#d5dbdb")
        gap_below = in_mm(panel.y + panel.h) - in_mm(bar.y + bar.h)
        assert gap_below >= 0.5, (cid, gap_below)
        assert in_mm(bar.x) >= in_mm(panel.x) and in_mm(bar.x + bar.w) <= in_mm(panel.x + panel.w), cid
        assert all(in_mm(bar.y) - in_mm(b.y + b.h) >= 0.8 for b in ap), cid


@pytest.mark.parametrize("deck_id, foot_mm, body_pt", [("characters", 6.0, 9.0), ("missions", 6.0, 9.0),
                                                       ("aid", 5.0, 9.0)])
def test_ebe_panels_give_the_foot_to_their_text(games, deck_id, foot_mm, body_pt):
    """Character and mission rules were set at 7 pt under the slots above a 15 mm dark foot holding only
    the index (the aid's foot held nothing): the foot is now a thin band and the text is larger."""
    for cid, plan in faces(games["ebe"], deck_id).items():
        foot = [b for b in boxes(plan, fill="#1b2631") if b.y > plan.height / 2][0]
        assert in_mm(plan.height - foot.y) <= foot_mm + 0.01, cid
        body = body_of(plan)
        assert body.size_pt >= body_pt, (cid, body.size_pt)
        assert in_mm(body.box[1] + body.box[3]) <= in_mm(foot.y) - 1.5, cid     # above the foot's line


# ------------------------------------------------------------------ aids (#44.5)
def test_tantei2_aid_text_and_badge_keep_clear(games):
    """Text was 1.1 mm from the inner frame and the （仮） badge touched the title band."""
    plan = faces(games["tantei2"], "aid")["aid"]
    inner = [b for b in boxes(plan) if b.stroke and in_mm(b.x) > 5][0]
    tinted = [b for b in boxes(plan) if b.fill and not b.stroke and b.w < plan.width / 2]
    badge = [b for b in tinted if b.y < mm(12) and in_mm(b.w) < 10][0]
    band = [b for b in boxes(plan) if b.fill and b.y < mm(12) and in_mm(b.w) > 20][0]
    assert in_mm(badge.x) - in_mm(band.x + band.w) >= 1.0
    assert in_mm(inner.x + inner.w) - in_mm(badge.x + badge.w) >= 1.5
    for t in texts(plan):
        for pl in t.lines:
            left, right = in_mm(pl.x), in_mm(pl.x + pl.line.width_pt)
            if pl.line.hanging:
                right -= in_mm(pl.line.fragments[-1].width_pt)
            assert left - in_mm(inner.x) >= 2.0, pl.line.text
            assert in_mm(inner.x + inner.w) - right >= 2.0, pl.line.text


def _glyphs(plan: CardPlan, path: Path) -> list[dict]:
    c = new_canvas(path, (plan.width, plan.height), "test")
    PdfPainter(c).card(plan, 0, plan.height, None)
    c.showPage()
    c.save()
    with pdfplumber.open(path) as pdf:
        return list(pdf.pages[0].chars)


def test_terror24_aid_never_spreads_a_number(games, tmp_path):
    """Line 1 of terror24's aid was justified with 0.24 mm after every glyph: its 「10」 printed 「1 0」.
    Read back from the PDF: the two digits of every number touch (line 1, which would need more than
    the cards' 0.1 em once its numbers are not spread, is now set ragged)."""
    plan = faces(games["terror24"], "aid")["aid"]
    spread = [(t, pl) for t in texts(plan) for pl in t.lines if two_digits(pl.line.text)]
    assert spread
    chars = _glyphs(plan, tmp_path / "aid.pdf")
    rows: dict[float, list[dict]] = {}
    for ch in chars:
        rows.setdefault(round(ch["bottom"], 1), []).append(ch)
    seen = 0
    for row in rows.values():
        row.sort(key=lambda ch: ch["x0"])
        for a, b in zip(row, row[1:]):
            if a["text"] in DIGITS and b["text"] in DIGITS:
                seen += 1
                assert abs(b["x0"] - a["x1"]) < mm(0.02), (a["text"], b["text"], in_mm(b["x0"] - a["x1"]))
    assert seen
    # and the plan agrees: no space after a digit followed by a digit
    for _, pl in spread:
        for frag in pl.line.fragments:
            if two_digits(frag.text):
                assert char_space(pl.line, frag) == 0.0


def test_euphoria_aid_items_hang_under_their_text(games):
    """A ◆ item's second line starts under its text, not under the ◆."""
    plan = faces(games["euphoria"], "aid")["aid"]
    body = body_of(plan)
    lines = body.lines
    items = 0
    for k, pl in enumerate(lines[:-1]):
        if pl.line.text.startswith("◆") and not pl.line.hard_end:
            items += 1
            nxt = lines[k + 1]
            marker_w = fonts.measure("◆", pl.line.fragments[0].font, pl.line.fragments[0].size_pt)
            first_x = nxt.x + nxt.line.fragments[0].x_pt
            assert first_x - pl.x == pytest.approx(marker_w, abs=0.01), nxt.line.text
    assert items >= 1


def test_a_justified_line_spreads_around_numbers_not_inside_them():
    from pnp.text.linebreak import break_text
    lines = break_text("事件カード10枚を2段×5列に並べ、1,000点の手柄を取る。", "gothic", 8.0, mm(50), fonts.measure,
                       justify=True)
    first = lines[0]
    assert first.char_space_pt > 0 and two_digits(first.text)
    x = 0.0
    for frag in first.fragments:
        assert frag.x_pt == pytest.approx(x)
        cs = char_space(first, frag)
        if two_digits(frag.text):
            assert cs == 0.0
        x += frag.width_pt
    assert x == pytest.approx(mm(50))                  # still justified to the measure
