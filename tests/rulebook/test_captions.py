"""Captions and labels name what a figure shows: the five 「ヒーロータイム」 cards by their detectives,
events by their titles (not 「配置の4」), each deck's sample by the deck and its count, and a
``deck/card=ラベル`` label where the card's name would not say it."""
from __future__ import annotations

import pytest

from pnp.data.project import Project
from pnp.rulebook import parse_rulebook
from pnp.text.inline import plain_text


@pytest.fixture(scope="module")
def texts(built_kit, kit_pages):
    """The text of the bundled rulebooks, as built with the kit."""
    return {gid: [text.replace(" ", "") for text in kit_pages(built_kit / gid / "rulebook.pdf")]
            for gid in ("tantei2", "terror24", "euphoria")}


def test_hero_cards_are_labelled_by_their_detectives(texts):
    page = next(t for t in texts["terror24"] if "5人のヒーロータイム" in t)
    assert "スコッチウルフヒバチロイドドカベン" in page.splitlines()
    assert "ヒーロータイムヒーロータイム" not in page


def test_labels_given_in_the_source_are_printed(texts):
    page = next(t for t in texts["terror24"] if "ヒバチの刑事カード" in t)
    assert "捜査時間6捜査時間0ヒーロータイム" in page
    assert not any("ヒバチの6" in t for t in texts["terror24"])


def test_events_are_labelled_by_title_and_suit_samples_by_deck(texts):
    flat = "\n".join(texts["tantei2"])
    assert "椚家の遺言状蔵の合鍵供養" in flat
    assert "配置の4" not in flat and "閃きの61" not in flat
    for gid in texts:       # no row of thumbnails of every suit: a deck shows two faces and its back
        assert not any("つのスート（色と印" in t or "種類（色と印で見分けます）" in t for t in texts[gid]), gid
    assert "人物カード（31枚）：表の例2種類と裏" in flat
    assert any("刑事カード（50枚）：表の例2種類と裏" in t for t in texts["terror24"])


def test_label_markup_is_parsed(repo):
    game = Project(repo).load_game("terror24")
    doc, _ = parse_rulebook(game)
    refs = [r for s in doc.sections for b in s.blocks if type(b).__name__ == "Cards" for r in b.refs]
    assert any(r.card == "hibachi-6" and plain_text(r.label) == "捜査時間6" for r in refs)
