"""In the designer's own game, the questions they wrote in rulings.yaml are theirs: printed under
「設計者のメモ」 without （仮）, and only what pnp proposed prints as 「pnp からの提案」 (issue: "The
designer's own questions are printed as 「pnp からの提案」 with an internal id").  Bundled games, made
from drafts, keep pnp's proposals marked as before."""
from __future__ import annotations

import pdfplumber
from owngame import GAME, new_game, run, write

RULINGS = """kind: rulings
description: 補足・裁定
rulings:
  - id: tie
    text: 同点なら、星のカードを多く取った人が勝ちます。
  - id: stock
    text: 残ったカードは、伏せたまま脇に置きます。
    provisional: true
    question:
      topic: rules
      ask: 残ったカードを公開するかどうか、まだ決めていません。
      options:
        - {id: hidden, text: 伏せたまま}
        - {id: open, text: 表にして全員に見せる}
      chosen: hidden
      why: 数えるだけのゲームにならないように。
"""
PNP_RULING = """  - id: lead
    text: 最初のリードは、最年少の人にします。
    provisional: true
    by: pnp
    question:
      topic: rules
      ask: 最初のリードを誰にするか、ルールに書かれていません。
      options:
        - {id: young, text: 最年少の人}
        - {id: seat1, text: 席1の人}
      chosen: young
      why: よく使われる決め方です。
"""
BOOK = "# 遊びかた\n\n手札から1枚ずつ出します。\n\n# 補足・裁定\n\n{{rulings}}\n\n# 質問\n\n{{questions}}\n"


def rulebook_text(tmp_path, rulings: str) -> str:
    game = new_game(tmp_path)
    write(game, "rulings.yaml", rulings)
    write(game, "rulebook/01-rules.md", BOOK)
    built = run("build", GAME, "--project", tmp_path, "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output
    with pdfplumber.open(tmp_path / "out/shoubai/rulebook.pdf") as pdf:
        return "\n".join(p.extract_text() for p in pdf.pages)


def test_the_designers_question_is_a_note_of_their_own(tmp_path):
    text = rulebook_text(tmp_path, RULINGS)
    assert "2 残ったカードは、伏せたまま脇に置きます。" in text            # no （仮）
    assert "■ 設計者のメモ\nQ1 ［ルール］補足・裁定の2「残ったカードは、伏せたまま脇に置きます。」" in text
    assert "● 伏せたまま（いまのルール）" in text
    assert "pnp からの提案" not in text and "（仮）" not in text and "pnp はこれで遊んでいます" not in text
    assert "stock" not in text and "tie" not in text                          # no internal ids in print


def test_only_what_pnp_proposed_prints_as_pnps_proposal(tmp_path):
    text = rulebook_text(tmp_path, RULINGS + PNP_RULING)
    assert "（仮）pnp からの提案 設計者の確認待ち\n3 （仮）最初のリードは、最年少の人にします。" in text
    assert "2 残ったカードは、伏せたまま脇に置きます。" in text
    mine, pnps = text.index("■ 設計者のメモ"), text.index("■ pnp からの提案")
    assert mine < text.index("Q1 ［ルール］補足・裁定の2") < pnps < text.index("Q2 ［ルール］補足・裁定の3")
    assert "● 最年少の人（pnp はこれで遊んでいます）" in text and "● 伏せたまま（いまのルール）" in text
    assert "（仮）の印は pnp からの提案です。" in text                             # the cover's note, for pnp's only


def test_a_designers_question_needs_no_provisional_mark(tmp_path):
    text = rulebook_text(tmp_path, RULINGS.replace("    provisional: true\n", "", 1))
    assert "■ 設計者のメモ\nQ1 ［ルール］補足・裁定の2" in text and "（仮）" not in text


def test_bundled_games_keep_pnps_proposals_marked(repo):
    from pnp.data.project import Project
    game = Project(repo).load_game("euphoria")
    deal = game.ruling("deal")
    assert deal.entry.by == "pnp" and deal.provisional
    assert all(e.by == "pnp" for e in game.ledger)
