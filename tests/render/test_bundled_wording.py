"""Bundled wording says what the rules say: the printed cards read back from the PDF, beside the
draft's sentence and the rulebook's wording of the same rule."""
from __future__ import annotations

import re

import pytest


@pytest.fixture(scope="module")
def squeezed(kit_pages):
    """The text of each page of a PDF of the kit, without white space."""
    return lambda path: [re.sub(r"\s+", "", text) for text in kit_pages(path)]


@pytest.fixture(scope="module")
def rulebooks(built_kit, squeezed):
    return {g: "".join(squeezed(built_kit / g / "rulebook.pdf")) for g in ("ebe", "euphoria")}


def test_ebe_character_track_says_death_comes_at_the_end_of_the_turn(built_kit, repo, rulebooks, squeezed):
    """Draft: 「キャラクターのライフ以上のダメージを受けても、キャラクターは即死しません。ターン終了時に
    ライフ以上のダメージを受けていたら、その時点で死亡」 — the card said 「最後のマスで死亡」."""
    draft = (repo / "components/ebe/draft.txt").read_text(encoding="utf-8")
    assert "キャラクターは即死しません" in draft and "ターン終了時にライフ以上のダメージを受けていたら" in draft
    pages = squeezed(built_kit / "ebe/shop/characters-faces.pdf")
    assert len(pages) == 5
    for text in pages:
        assert "傷の置き場ターン終了時に赤いマスまで埋まっていたら死亡" in text
        assert "最後のマスで死亡" not in text and text.count("死亡") == 1
    # the rulebook words the same rule the same way: not at once, at the end of the turn
    assert "ダメージがライフ以上になっても、その場では死亡しません" in rulebooks["ebe"]
    assert "ターン終了時に、ダメージがライフ以上のキャラクターがいれば、そのキャラクターは死亡" in rulebooks["ebe"]


def test_ebe_aid_names_every_earlier_turn_of_the_round(built_kit, repo, rulebooks, squeezed):
    """Draft: 「もしも、以前のターンにイーバが出現していたエリアなら、−１ＡＰ」 — the aid said
    「前のターンにイーバがいたエリア」 (the last turn only)."""
    draft = (repo / "components/ebe/draft.txt").read_text(encoding="utf-8")
    assert "もしも、以前のターンにイーバが出現していたエリアなら、−１ＡＰ" in draft
    pages = squeezed(built_kit / "ebe/shop/aid-faces.pdf")
    assert pages
    for text in pages:
        assert "このラウンドの以前のターンにイーバが出現していたエリアは−1AP" in text
        assert "前のターンにイーバがいたエリア" not in text
    assert "探索したエリアに、このラウンドの前のターンまでにイーバが現れていたら、−1AP" in rulebooks["ebe"]


def test_euphoria_aid_keeps_the_survivors_condition_of_the_virtue_win(built_kit, repo, rulebooks, squeezed):
    """Draft: 「次に、脱落しなかったプレイヤーで、各自の【徳】に配置されたカードの数字を合計し、その最も
    大きいプレイヤーが勝利します。」 — the aid dropped 「脱落しなかった」."""
    draft = (repo / "components/euphoria/draft.txt").read_text(encoding="utf-8")
    assert "次に、脱落しなかったプレイヤーで、各自の【徳】に配置されたカードの数字を合計し" in draft
    pages = squeezed(built_kit / "euphoria/shop/aid-faces.pdf")
    assert pages
    for text in pages:
        assert "いなければ、脱落しなかった人の中で【徳】の合計が最も大きい人の勝ち" in text
    assert "脱落しなかったプレイヤーがそれぞれ自分の【徳】の数字を合計し、もっとも大きいプレイヤーの勝ちです" \
        in rulebooks["euphoria"]
