"""`pnp simulate` on an engine that crashes in many games says how many of how many stopped and shows
no win rates of the rest as if they were fine (issue: "`simulate` on an engine that crashed in 117 of
200 games still prints win rates of the 83 that finished")."""
from __future__ import annotations

import json

from owngame import GAME, edit, new_game, run


def crashing(tmp_path):
    game = new_game(tmp_path)
    edit(game / "engine.py", "        seat = self.to_move(s)\n        s.hands[seat].remove(action.card)\n",
         "        seat = self.to_move(s)\n        if seat == 1 and action.card == 0:\n"
         "            raise RuntimeError(\"seat 2 cannot play the sun 1\")\n"
         "        s.hands[seat].remove(action.card)\n")
    return game


def test_crashed_games_are_counted_and_no_figures_are_printed(tmp_path):
    crashing(tmp_path)
    result = run("simulate", GAME, "--games", "60", "--players", "2", "--json", tmp_path / "s.json",
                 "--project", tmp_path)
    assert result.exit_code == 1
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    failed, done = data["error_count"], data["completed"]
    assert 0 < failed < 60 and failed + done == 60
    assert f"エラー：60ゲーム中{failed}ゲームが、エラーか不変条件違反で止まりました。" in result.output
    assert "RuntimeError: seat 2 cannot play the sun 1" in result.output
    assert f"勝率・長さ・得点などの数字は出しません（止まらなかった{done}ゲームだけの数字は偏ります）" in result.output
    assert "席ごとの勝率" not in result.output and "番席" not in result.output
    assert f"{failed} of 60 games raised an error or broke an invariant" in result.output


def test_no_report_is_written_from_the_games_that_happened_to_finish(tmp_path):
    crashing(tmp_path)
    pdf = tmp_path / "r.pdf"
    result = run("simulate", GAME, "--games", "30", "--players", "2", "--report", pdf, "--luck-deals", "0",
                 "--luck-events", "0", "--skill-games", "0", "--project", tmp_path)
    assert result.exit_code == 1
    assert not pdf.exists()
    assert "レポート：書きません" in result.output
