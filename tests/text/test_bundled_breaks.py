"""The bundled games' laid-out lines: every card face and back (aids are decks) and every part page
breaks between phrases, with no katakana word, number or okurigana split and no line of closing
punctuation alone; kinsoku holds at every break.  The rulebooks keep numbers with their units."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pnp.commands.build import plan_game_cards
from pnp.commands.parts import plan_parts
from pnp.data.project import Project
from pnp.layout import textblock
from pnp.layout.parts import Group
from pnp.layout.plan import Rotated, TextBlock
from pnp.rulebook import build_rulebook, flow
from pnp.text.breakfaults import break_faults
from pnp.text.linebreak import NO_END_CHARS, NO_START_CHARS, Line

GAMES = ["euphoria", "terror24", "tantei2", "ebe"]
BREAK_LINES = flow.break_lines     # the rulebook's own, before any test wraps it


def _blocks(items: Any, where: str) -> Iterator[tuple[str, list[Line]]]:
    for it in items:
        if isinstance(it, TextBlock):
            yield where, [pl.line for pl in it.lines]
        elif isinstance(it, (Group, Rotated)):
            yield from _blocks(it.items, where)


def laid_out(repo, name: str) -> list[tuple[str, list[Line]]]:
    """(card or part page, its lines) of every text block a build lays out for the game."""
    game = Project(repo).load_game(name)
    out: list[tuple[str, list[Line]]] = []
    for deck_id, plans in plan_game_cards(game).items():
        faces, back = plans
        for card_id, plan in faces.items():
            out.extend(_blocks(plan.items, f"{deck_id}/{card_id}"))
        for card_id, plan in plans.backs.items():
            out.extend(_blocks(plan.items, f"{deck_id}/{card_id} back"))
        out.extend(_blocks(back.items, f"{deck_id} back"))
    for part in plan_parts(game):
        for n, page in enumerate(part.pages, 1):
            out.extend(_blocks(page.items, f"{part.part_id} p{n}"))
    return out


def faults(blocks: list[tuple[str, list[Line]]]) -> list[str]:
    return [f"{where}: {f}" for where, lines in blocks for f in break_faults(lines)]


@pytest.mark.parametrize("name", GAMES)
def test_bundled_cards_aids_and_parts_break_between_phrases(repo, name: str) -> None:
    blocks = laid_out(repo, name)
    assert sum(len(lines) for _, lines in blocks) > 300
    assert faults(blocks) == []
    for where, lines in blocks:
        for prev, nxt in zip(lines, lines[1:]):
            if not prev.hard_end:
                assert prev.text.rstrip(" ")[-1] not in NO_END_CHARS, (where, prev.text)
                assert nxt.text.lstrip(" ")[0] not in NO_START_CHARS, (where, nxt.text)


def test_the_same_cards_broken_by_kinsoku_alone_split_words(repo, monkeypatch) -> None:
    """What the test above guards against: EBE's cards as they were laid out before phrases."""
    monkeypatch.setattr(textblock, "CARD_BREAKS", "chars")
    found = faults(laid_out(repo, "ebe"))
    assert "events/coolant: katakana: 未達成なら：ステーションラ｜イフ−6。" in found
    assert any(f.startswith("aid/aid: katakana:") and "1ダ｜メージ" in f for f in found)
    assert len(found) >= 34


def _rulebook_lines(repo, name: str, tmp_path, monkeypatch, breaks: str | None = None) -> list[list[Line]]:
    """Every paragraph the rulebook broke into lines while it was typeset (as it broke it)."""
    from pnp.text import fonts
    from pnp.text.linebreak import break_spans
    seen: list[list[Line]] = []

    def recording(spans, width, justify=True, mode="units"):
        if breaks is None:
            lines = BREAK_LINES(spans, width, justify, mode)
        else:
            lines = break_spans(spans, width, fonts.measure, justify=justify, breaks=breaks)
        seen.append(lines)
        return lines
    monkeypatch.setattr(flow, "break_lines", recording)
    build_rulebook(Project(repo).load_game(name), tmp_path)
    return seen


def test_rulebook_keeps_numbers_with_units_and_no_punctuation_line(repo, tmp_path, monkeypatch) -> None:
    """ユーフォリア's rulebook, as typeset: before, 「1｜枚ずつ」「4｜人なら」 and Q&A lines of 「…」」
    alone; now none, and no katakana word split either (JLREQ: the word moves whole to the next line)."""
    before = [f for lines in _rulebook_lines(repo, "euphoria", tmp_path / "a", monkeypatch, "chars")
              for f in break_faults(lines)]
    assert {f.kind for f in before} >= {"number", "punctuation"}
    now = [f for lines in _rulebook_lines(repo, "euphoria", tmp_path / "b", monkeypatch)
           for f in break_faults(lines)]
    assert [str(f) for f in now if f.kind in ("number", "punctuation")] == []
    assert not any(f.kind == "katakana" for f in now)
    assert any(f.kind == "katakana" for f in before)
