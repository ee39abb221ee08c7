"""Fixture projects written from scratch: a small game of one deck whose cards and layout each test
chooses, so every card feature is shown working on data a designer could have written."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

GAME = """\
id: demo
title: 試作ゲーム
players: [2, 4]
play_time: 約20分
age: 10歳以上
version: "0.1"
{extra}components:
  - id: cards
    name: 行動カード
    kind: deck
    count: {count}
"""

DECK = """\
kind: deck
id: cards
name: 行動カード
layout: {layout}
{extra}back:
  title: 試作ゲーム
  color: "#2c3e50"
suits:
  - {{id: sun, name: 太陽, color: "#c0392b", mark: circle}}
cards:
{cards}"""


def write_project(root: Path, cards: str, *, layout: str = "card-base", layouts: dict[str, str] | None = None,
                  game_extra: str = "", deck_extra: str = "", count: int | None = None) -> Path:
    """A project at root with components/demo/{game,cards}.yaml and layouts/*.yaml as given."""
    folder = root / "components" / "demo"
    folder.mkdir(parents=True, exist_ok=True)
    cards = textwrap.dedent(cards)
    if count is None:
        count = sum(1 for line in cards.splitlines() if line.lstrip().startswith("- id:") or
                    line.lstrip().startswith("- {id:"))
    (folder / "game.yaml").write_text(GAME.format(extra=textwrap.dedent(game_extra), count=count), encoding="utf-8")
    (folder / "cards.yaml").write_text(DECK.format(layout=layout, extra=textwrap.dedent(deck_extra), cards=cards),
                                       encoding="utf-8")
    for name, text in (layouts or {}).items():
        (root / "layouts").mkdir(exist_ok=True)
        (root / "layouts" / f"{name}.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    return root


@pytest.fixture
def project(tmp_path: Path):
    def make(cards: str, **kw) -> Path:
        return write_project(tmp_path, cards, **kw)
    return make
