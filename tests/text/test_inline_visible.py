"""Invisible format characters (Unicode Cf) never print: the quick look that lets text without any of
them through unchanged covers every such character the running Python knows."""
from __future__ import annotations

import sys
import unicodedata

from pnp.text.inline import MAY_BE_INVISIBLE, visible


def test_every_format_character_is_in_the_blocks_looked_at():
    uncovered = [f"U+{c:04X}" for c in range(sys.maxunicode + 1)
                 if unicodedata.category(chr(c)) == "Cf" and not MAY_BE_INVISIBLE.match(chr(c))]
    assert uncovered == []


def test_japanese_text_keeps_every_character_and_loses_only_the_invisible_ones():
    text = "手札から好きな1枚を選び、伏せて置く。「無の境地」と同じスートなら出せる。"
    assert visible(text) is text
    assert visible("ダメー\u00adジを\u200b受ける\ufeff") == "ダメージを受ける"
    assert visible("عربي\u200fنص") == "عربينص"          # a block looked at holds ordinary letters too
