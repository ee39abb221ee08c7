"""The terror24 rulebook: it builds, the 目次 is right, counts equal the data, every ruling is printed,
and no printed line starts with a character kinsoku forbids at a line start."""
from __future__ import annotations

import pnp.games.terror24 as engine
from pnp.rulebook import check_rulebook, has_rulebook
from rulebook_checks import (assert_counts_equal_data, assert_every_ruling_printed, assert_no_forbidden_line_start,
                             assert_toc_lands)

GAME_ID = "terror24"     # fixtures game, built, pages_text: tests/rulebook/conftest.py


def test_rulebook_is_clean_and_builds(game, built):
    assert has_rulebook(game)
    assert check_rulebook(game) == []
    out, written = built
    assert [(w.kind, w.path.name) for w in written] == [("rulebook", "rulebook.pdf"),
                                                         ("rulebook-booklet", "rulebook-booklet.pdf")]
    assert all(w.path.exists() for w in written)
    assert written[0].pages >= 12


def test_toc_headings_land_on_their_pages(pages_text):
    assert_toc_lands(pages_text, ("概要", "コンポーネント", "ゲームの準備", "ハンドの進行", "配置フェイズ",
                                  "捜査フェイズ", "解決フェイズ", "ハンド終了", "2ハンド目：スキル",
                                  "3ハンド目：最終ハンド", "ゲームの終了と勝敗", "バリアント：メモのスキル案",
                                  "補足・裁定"))


def test_every_count_printed_equals_the_data(game, pages_text):
    assert_counts_equal_data(game, pages_text)


def test_rulings_section_holds_every_ruling(game, pages_text):
    assert len(game.rulings) >= 20
    assert_every_ruling_printed(pages_text, game.rulings)


def test_no_line_starts_with_a_forbidden_character(pages_text):
    # page 1 is the cover: its fan of rotated cards extracts as scrambled glyphs, not lines of text
    assert_no_forbidden_line_start(pages_text)
