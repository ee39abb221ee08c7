"""Keep-together is the layout's job, not hand-placed page breaks: in the rulebooks of the four games
no page ends with a heading, and no worked example that fits on one page is split over two."""
from __future__ import annotations

from pnp.rulebook.page import page_spec


def test_no_page_ends_with_a_heading(laid_out):
    game, lay, texts = laid_out
    assert len(lay.page_ends) >= lay.pages - 1          # every body page has something on it
    ends = {page: what for page, what in lay.page_ends.items() if what.startswith("heading:")}
    assert ends == {}, f"{game.id}: pages ending with a heading: {ends}"
    # what a reader sees: the last line above the page number is not a ■ / ◇ heading
    first_body = min(lay.heading_pages.values())       # the cover and the 目次 come before
    for n, text in enumerate(texts[first_body - 1:], first_body):
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        if lines and lines[-1].isdigit():
            lines = lines[:-1]
        assert not (lines and lines[-1][0] in "■◇"), (game.id, n, lines[-1])


def test_no_example_that_fits_a_page_is_split(laid_out):
    game, lay, _ = laid_out
    frame_h = page_spec(game, "a5").frame_h
    split = [(page, title, round(h)) for page, kind, title, h in lay.split_boxes
             if kind == "example" and h <= frame_h]
    assert split == [], f"{game.id}: example boxes split although they fit on a page: {split}"
