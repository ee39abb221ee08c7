"""The components section shows each part readably: one table of every component with its count,
then one figure a deck with at most two faces and the back at a readable scale — not a row of
thumbnails of every suit (issue: EBE's section spanned seven pages of unreadable thumbnails)."""
from __future__ import annotations

import pytest

from pnp.data.project import Project
from pnp.rulebook import parse_rulebook
from pnp.rulebook.flow import CardFigure, TableFlow
from pnp.rulebook.page import page_spec
from pnp.rulebook.story import StoryBuilder


@pytest.mark.parametrize("gid", ["terror24", "tantei2", "euphoria", "ebe"])
def test_one_readable_figure_per_deck_and_a_count_table(repo, gid):
    game = Project(repo).load_game(gid)
    doc, _ = parse_rulebook(game)
    spec = page_spec(game, "a5")
    flows = StoryBuilder(doc, spec, {}, lambda key, page: None).components()
    tables = [f for f in flows if isinstance(f, TableFlow)]
    assert len(tables) == 1
    names = ["".join(s.text for s in row[0]) for row in tables[0].rows[1:]]
    assert names == [f"{c.name}（{c.count}{'個' if c.kind in ('dice', 'tokens', 'bits') else '枚'}）"
                     for c in game.components]
    figures = [f for f in flows if isinstance(f, CardFigure)]
    decks = [c.id for c in game.components if any(d.id == c.id for d in game.decks)]
    assert len(figures) == len(decks)
    for fig in figures:
        fig.wrap(spec.frame_w, spec.frame_h)
        assert 2 <= len(fig.plans) <= 3 and "".join(sp.text for sp in fig.labels[-1]) == "裏"
        # each card shown at least 35 mm wide (a poker card at 0.55; a larger mat may be scaled further)
        shown = min(p.width for p in fig.plans) * fig.scale
        assert shown >= 63 * 0.55 * 72 / 25.4 - 0.01, (fig.caption_text, fig.scale)
        assert "：表" in fig.caption_text
