"""The terror24 rulebook: it builds, the 目次 is right, counts equal the data, every ruling is printed,
and no printed line starts with a character kinsoku forbids at a line start."""
from __future__ import annotations

import re


import pnp.games.terror24 as engine
from pnp.rulebook import check_rulebook, has_rulebook, stated_counts
from pnp.text.linebreak import NO_START_CHARS

MARKS = "■◇○"


GAME_ID = "terror24"     # fixtures game, built, pages_text: tests/rulebook/conftest.py


def _flat(text: str) -> str:
    return text.replace("\n", "").replace(" ", "")


def test_rulebook_is_clean_and_builds(game, built):
    assert has_rulebook(game)
    assert check_rulebook(game) == []
    out, written = built
    assert [(w.kind, w.path.name) for w in written] == [("rulebook", "rulebook.pdf"),
                                                         ("rulebook-booklet", "rulebook-booklet.pdf")]
    assert all(w.path.exists() for w in written)
    assert written[0].pages >= 12


def test_toc_headings_land_on_their_pages(pages_text):
    entries = []
    for ln in pages_text[1].splitlines():
        m = re.match(r"^(?:■\s*)?(.*\D)\s*(\d+)$", ln.strip())
        if m and "目次" not in ln:
            entries.append((m.group(1).replace(" ", ""), int(m.group(2))))
    names = [name for name, _ in entries]
    for want in ("概要", "コンポーネント", "ゲームの準備", "ハンドの進行", "配置フェイズ", "捜査フェイズ",
                 "解決フェイズ", "ハンド終了", "2ハンド目：スキル", "3ハンド目：最終ハンド",
                 "ゲームの終了と勝敗", "バリアント：メモのスキル案", "補足・裁定"):
        assert want in names, (want, names)
    for name, page in entries:
        landed = [n for n, text in enumerate(pages_text, 1) if n > 2 and any(
            ln.replace(" ", "").lstrip(MARKS) == name for ln in text.splitlines())]
        assert landed and landed[0] == page, (name, page, landed)


def test_every_count_printed_equals_the_data(game, pages_text):
    counts = {c.name: c.count for c in game.components}
    text = _flat("\n".join(pages_text))
    names = "|".join(sorted(map(re.escape, counts), key=len, reverse=True))
    found = re.findall(rf"({names})（(\d+)(?:枚|個)?）", text)
    assert {name for name, _ in found} == set(counts)
    for name, number in found:
        assert int(number) == counts[name], (name, number)
    stated = stated_counts(game)
    assert stated
    decks = {d.name: d.piece_count for d in game.decks}
    for file, line, name, number in stated:
        assert number == counts.get(name, decks.get(name)), (file, line, name, number)


def test_rulings_section_holds_every_ruling(pages_text):
    start = next(n for n, text in enumerate(pages_text)
                 if n > 1 and "■補足・裁定" in [ln.replace(" ", "") for ln in text.splitlines()])
    section = _flat("\n".join(pages_text[start:]))
    assert len(engine.RULINGS) >= 20
    for rid, sentence in engine.RULINGS:
        assert _flat(sentence) in section, rid


def test_no_line_starts_with_a_forbidden_character(pages_text):
    # page 1 is the cover: its fan of rotated cards extracts as scrambled glyphs, not lines of text
    bad = [(n, line) for n, text in enumerate(pages_text, 1) if n > 1 for line in text.splitlines()
           if line.strip() and line.strip()[0] in NO_START_CHARS]
    assert bad == []
