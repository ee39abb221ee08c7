"""The parser's dispatch tables cover exactly the markup the format names: every ``{{name …}}`` line
of BLOCK_EMBEDS and every ``:::kind`` of BLOCK_KINDS has its handler, and no handler waits for a name
the manual does not list (tests/docs/test_manual.py checks the manual against the same tuples)."""
from __future__ import annotations

from pnp.rulebook import markup


def test_every_block_embed_has_a_handler_and_no_other() -> None:
    assert set(markup._EMBED_HANDLERS) == set(markup.BLOCK_EMBEDS)


def test_every_fenced_block_kind_has_a_handler() -> None:
    kinds = {"box" if k in markup.BOX_KINDS else k for k in markup.BLOCK_KINDS}
    assert kinds == set(markup._FENCE_HANDLERS)


def test_each_line_kind_has_a_handler() -> None:
    lines = ["", ":::note", "# 見出し", "![図](images/a.png)", "{{newpage}}", "| a | b |", "- 項目", "1. 項目", "本文"]
    kinds = [markup._block_kind(line) for line in lines]
    assert kinds == ["blank", "fenced", "heading", "picture", "embed", "table", "list", "list", "text"]
    assert set(kinds) == set(markup._BLOCK_HANDLERS)
