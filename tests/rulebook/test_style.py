"""One style in all four rulebooks: 敬体 (です・ます) throughout, including the text the rulebooks print
from the data (component descriptions, suit descriptions, rulings, the designer's questions). Card
text and other quotations are quoted 「…」 and keep their own wording."""
from __future__ import annotations

import pytest
from rulebook_checks import is_plain_form, plain_form_sentences, sentence_endings


@pytest.mark.parametrize("sentence", ["探索するエリアを選ぶ", "プレイヤー人数の枚数を使う", "武器は受け渡しできない",
                                      "これは補足である", "ステーションの耐久力だ", "誰かが13VP以上を得た",
                                      "マーカーを60に置いて始める（変種は30から）"])
def test_plain_form_is_caught(sentence):
    assert is_plain_form(sentence)


@pytest.mark.parametrize("sentence", ["探索するエリアを選びます", "武器は受け渡しできません", "箱に戻してください",
                                      "1ハンド目のルールを説明しました", "使いません（箱に戻します）", "どうしますか",
                                      "キャラクターカードの表と裏", "〈引用〉"])
def test_polite_form_passes(sentence):
    assert not is_plain_form(sentence)


def test_quotations_and_options_are_not_sentences_of_the_page():
    page = ("人物のアクションは「あなたは1枚引く。」です。ゲームは4ラウンドで終わります。\n"
            "● 全員で相談して決める（pnp はこれで遊んでいます）\n○ 1人で決める\n理由：試遊のためです。")
    assert sentence_endings(page) == ["人物のアクションは〈引用〉です", "ゲームは4ラウンドで終わります",
                                      "理由：試遊のためです"]
    assert plain_form_sentences([page, "事件カードを並べる。"]) == [(2, "事件カードを並べる")]


def test_rulebooks_are_written_in_one_polite_style(laid_out):
    game, _, texts = laid_out
    assert plain_form_sentences(texts) == [], f"{game.id}: sentences in 常体"
