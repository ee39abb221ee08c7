"""The designer's ledger: every item of a game made from a draft says where it comes from, pnp's
proposals print as （仮）, and the open questions are listed for the designer (issue: the ledger)."""
from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from pnp.cli import main

DRAFT = ("■■　新しいゲーム　草案３ ■　概要 　山札カードを使う２〜４人用のゲーム。"
         "■　コンポーネント 　山札カード　６枚 ■　ゲームの進行 　手番では山札から１枚引く。"
         "　一番多く持っている人の勝ち。")

RULINGS = """kind: rulings
rulings:
  - id: draw
    text: 手番では山札から1枚引きます。
    source: 手番では山札から１枚引く。
  - id: tie
    text: 同じ枚数なら、最後に引いた人が勝ちます。
    provisional: true
    question:
      topic: rules
      ask: 一番多く持っている人が複数いるとき、誰が勝ちますか？
      options:
        - {id: last, text: 最後に引いた人が勝つ}
        - {id: share, text: 勝ちを分け合う}
      chosen: last
      why: 引き分けのないほうが遊びやすいからです。
"""

RULEBOOK = {
    "01-play.md": "---\nsource: 手番では山札から１枚引く。\n---\n# 遊び方\n\n手番では1枚引きます。\n\n"
                  ":::proposal 同点のとき\n同点なら最後に引いた人の勝ちです。\n:::\n\n# 補足・裁定\n\n{{rulings}}\n",
    "02-questions.md": "---\ndraft_only: true\nnew_page: true\n---\n# 設計者への質問\n\n{{questions}}\n",
}


def _project(tmp_path: Path) -> Path:
    from pnp.commands.scaffold import new_game
    new_game(tmp_path, "mini")
    folder = tmp_path / "components" / "mini"
    (folder / "draft.txt").write_text(DRAFT, encoding="utf-8")
    game = (folder / "game.yaml").read_text(encoding="utf-8")
    game = game.replace("components:\n", "draft: {file: draft.txt, version: 草案３}\ndesigner: 山田\ncomponents:\n")
    game = game.replace("    count: 6\n", "    count: 6\n    source: 山札カード　６枚\n")
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    deck = (folder / "cards.yaml").read_text(encoding="utf-8")
    deck = deck.replace("layout: card-base\n", "layout: card-base\nsource: 山札カード\n")
    deck = deck.replace("  - {id: star-2, suit: star, value: 2, title: 北極星, body: このカードは何のスートとしても扱える。}",
                        "  - id: star-2\n    suit: star\n    value: 2\n    title: 北極星\n"
                        "    body: このカードは何のスートとしても扱える。\n    provisional: true\n    question:\n"
                        "      topic: content\n      ask: 万能のカードを入れてよいですか？\n      options:\n"
                        "        - {id: keep, text: 入れる}\n        - {id: drop, text: 入れない}\n"
                        "      chosen: keep\n      why: 手札事故を減らすためです。")
    (folder / "cards.yaml").write_text(deck, encoding="utf-8")
    (folder / "rulings.yaml").write_text(RULINGS, encoding="utf-8")
    (folder / "rulebook").mkdir()
    for name, text in RULEBOOK.items():
        (folder / "rulebook" / name).write_text(text, encoding="utf-8")
    return tmp_path


@pytest.fixture
def project(tmp_path) -> Path:
    return _project(tmp_path)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _text(pdf: Path) -> str:
    with pdfplumber.open(pdf) as doc:
        return "\n".join(p.extract_text() or "" for p in doc.pages)


def test_a_traced_game_loads_and_validates(project):
    r = run("validate", "mini", "--project", project, "--games", "1")
    assert r.exit_code == 0, r.output
    assert "未回答の質問 2 件" in r.output


def test_a_quotation_missing_from_the_draft_fails_with_file_and_line(project):
    _edit(project / "components/mini/rulings.yaml", "source: 手番では山札から１枚引く。", "source: 手番では山札から２枚引く。")
    r = run("validate", "mini", "--project", project, "--games", "1")
    assert r.exit_code == 1
    assert "components/mini/rulings.yaml:5:5: source: quotation '手番では山札から２枚引く。' does not occur in the draft" \
        in r.output


def test_quotations_ignore_width_and_spacing_but_not_words(project):
    # the draft writes 「１枚」 with a full-width digit and full-width spaces: a half-width quote still matches
    _edit(project / "components/mini/rulings.yaml", "source: 手番では山札から１枚引く。", "source: 手番では 山札から1枚引く。")
    assert run("validate", "mini", "--project", project, "--games", "1").exit_code == 0


def test_an_untraced_item_is_an_error(project):
    _edit(project / "components/mini/rulings.yaml", "    source: 手番では山札から１枚引く。\n", "")
    r = run("build", "mini", "--project", project, "--out", project / "out")
    assert r.exit_code == 1
    assert "rulings.yaml:3:5: source: 裁定（draw）「手番では山札から1枚引きます。」: not traced to the draft" in r.output
    assert "Traceback" not in r.output


def test_a_provisional_item_needs_a_question(project):
    text = (project / "components/mini/rulings.yaml").read_text(encoding="utf-8")
    text = text[:text.index("    question:")]
    (project / "components/mini/rulings.yaml").write_text(text, encoding="utf-8")
    r = run("validate", "mini", "--project", project, "--games", "1")
    assert r.exit_code == 1 and "a provisional item needs a question" in r.output


def test_a_renamed_component_needs_a_terms_question(project):
    _edit(project / "components/mini/game.yaml", "name: 山札カード", "name: 手札カード")
    r = run("validate", "mini", "--project", project, "--games", "1")
    assert r.exit_code == 1 and "component name '手札カード' does not occur in the draft" in r.output


def test_provisional_card_prints_its_mark_on_sheet_and_shop_page(project):
    out = project / "out"
    r = run("build", "mini", "--project", project, "--out", out)
    assert r.exit_code == 0, r.output
    sheets = _text(out / "mini" / "cards-sheets.pdf")
    assert sheets.count("（仮）") == 1              # 北極星 only: the rest of the deck is the draft's
    with pdfplumber.open(out / "mini" / "shop" / "cards-faces.pdf") as pdf:
        marked = [n for n, page in enumerate(pdf.pages) if "（仮）" in (page.extract_text() or "")]
        titles = [page.extract_text() or "" for page in pdf.pages]
    assert len(marked) == 1 and "北極星" in titles[marked[0]]


def test_rulebook_sets_proposals_apart_and_asks_the_questions(project):
    out = project / "out"
    assert run("build", "mini", "--project", project, "--out", out).exit_code == 0
    text = _text(out / "mini" / "rulebook.pdf").replace(" ", "")
    assert "pnpからの提案" in text                                  # the :::proposal box and the ruling box
    assert "（仮）同じ枚数なら、最後に引いた人が勝ちます。" in text.replace("\n", "")
    assert "設計者への質問" in text and "一番多く持っている人が複数いるとき" in text.replace("\n", "")
    cover = text.split("\n")
    assert any("ゲームデザイン：山田" in line and "草案３より" in line and "制作ツール：pnp" in line for line in cover)


def test_final_refuses_while_questions_are_open(project):
    r = run("build", "mini", "--project", project, "--out", project / "out", "--final")
    assert r.exit_code == 1
    assert "2 question(s) for the designer are still open" in r.output
    assert not (project / "out" / "mini" / "cards-sheets.pdf").exists()


def test_final_in_game_yaml_with_open_questions_fails_validate_and_build(project):
    _edit(project / "components/mini/game.yaml", "designer: 山田\n", "designer: 山田\nfinal: true\n")
    r = run("validate", "mini", "--project", project, "--games", "1")
    assert r.exit_code == 1 and "final: true prints without the （仮） marks, but 2 question(s)" in r.output
    assert run("build", "mini", "--project", project, "--out", project / "out").exit_code == 1


def test_final_forced_prints_without_marks_or_questions(project):
    out = project / "out"
    r = run("build", "mini", "--project", project, "--out", out, "--final", "--force")
    assert r.exit_code == 0, r.output
    assert "（仮）" not in _text(out / "mini" / "cards-sheets.pdf")
    book = _text(out / "mini" / "rulebook.pdf").replace(" ", "")
    assert "（仮）" not in book and "設計者への質問" not in book and "pnpからの提案" not in book
    assert "同点なら最後に引いた人の勝ちです。" in book.replace("\n", "")    # the proposal's text stays


def test_answered_questions_make_items_the_designers(project):
    _edit(project / "components/mini/rulings.yaml", "      why: 引き分けのないほうが遊びやすいからです。\n",
          "      why: 引き分けのないほうが遊びやすいからです。\n    answer: last\n")
    _edit(project / "components/mini/cards.yaml", "      why: 手札事故を減らすためです。", "      why: 手札事故を減らすためです。\n    answer: keep")
    r = run("questions", "mini", "--project", project, "--json", "--games", "0")
    assert json.loads(r.output)["open"] == 0
    out = project / "out"
    assert run("build", "mini", "--project", project, "--out", out, "--final").exit_code == 0
    assert "（仮）" not in _text(out / "mini" / "cards-sheets.pdf")


def test_an_answer_other_than_the_rule_played_is_an_error(project):
    _edit(project / "components/mini/rulings.yaml", "      why: 引き分けのないほうが遊びやすいからです。\n",
          "      why: 引き分けのないほうが遊びやすいからです。\n    answer: share\n")
    r = run("validate", "mini", "--project", project, "--games", "1")
    assert r.exit_code == 1 and "the designer answered 'share' but pnp still plays 'last'" in r.output


def test_questions_json_lists_every_provisional_item(project):
    r = run("questions", "mini", "--project", project, "--json", "--games", "0")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    items = data["games"][0]["questions"]
    assert [(q["kind"], q["ref"]) for q in items] == [("ruling", "tie"), ("card", "cards/star-2")]
    assert items[0]["topic"] == "rules" and items[0]["chosen"] == "last"
    assert [o["id"] for o in items[0]["options"]] == ["last", "share"]
    r = run("questions", "mini", "--project", project, "--games", "0")
    assert "Q1. 裁定（tie）「同じ枚数なら、最後に引いた人が勝ちます。」" in r.output and "● last: 最後に引いた人が勝つ（pnp はこれで遊んでいます）" in r.output


def test_a_section_without_front_matter_is_untraced(project):
    (project / "components/mini/rulebook/03-more.md").write_text("# もう少し\n\n本文です。\n", encoding="utf-8")
    r = run("validate", "mini", "--project", project, "--games", "1")
    assert r.exit_code == 1 and "components/mini/rulebook/03-more.md:1:1: source: a section of a game made from a draft" \
        in r.output
