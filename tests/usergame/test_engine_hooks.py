"""The engine hooks a designer's own engine may leave out are named where their figure would have been,
and what an engine writes survives the JSON round trip of a game log (issue: "without them the
report's skill section silently disappears and `--skill-games 6` prints nothing"; "action labels come
out blank after the JSON round trip")."""
from __future__ import annotations

import json

from owngame import GAME, edit, new_game, run
from pypdf import PdfReader

MISSING = ("探索プレイヤーのはしごはありません：このゲームのルールエンジンには、探索プレイヤーが使うフック "
           "information_set・determinize がありません")


def test_skill_games_without_the_search_hooks_says_what_is_missing(tmp_path):
    new_game(tmp_path)
    result = run("simulate", GAME, "--games", "20", "--players", "2", "--skill-games", "6", "--project", tmp_path)
    assert result.exit_code == 0, result.output
    assert MISSING in result.output


def test_the_report_says_the_skill_figure_is_missing_instead_of_leaving_it_out(tmp_path):
    new_game(tmp_path)
    pdf = tmp_path / "report.pdf"
    result = run("simulate", GAME, "--games", "20", "--players", "2", "--luck-deals", "0", "--luck-events", "0",
                 "--skill-games", "6", "--no-builtin-comparisons", "--report", pdf, "--project", tmp_path)
    assert result.exit_code == 0, result.output
    text = "".join((p.extract_text() or "") for p in PdfReader(str(pdf)).pages).replace("\n", "")
    assert "探索プレイヤーのはしごはありません" in text and "information_set・determinize" in text


def strip_stored_words(log_file):
    """A log as an older pnp (or another tool) wrote it: no stored lines, so the replay narrates afresh."""
    data = json.loads(log_file.read_text(encoding="utf-8"))
    for ev in data["events"]:
        ev.pop("line", None)
        ev.pop("narration", None)
    data["result_lines"] = []
    log_file.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_a_replayed_decision_keeps_the_label_the_engine_gave_it(tmp_path):
    game = new_game(tmp_path)
    # the designer's action_from_json rebuilds only what to_json holds (the card's number, not its name)
    edit(game / "engine.py", 'return self._plays[int(data["play"])]', 'return Play(int(data["play"]))')
    log = tmp_path / "g.json"
    played = run("play", GAME, "--players", "2", "--seed", "3", "--json", log, "--project", tmp_path)
    assert played.exit_code == 0, played.output
    strip_stored_words(log)
    shown = run("replay", log, "--show", "--project", tmp_path)
    assert shown.exit_code == 0, shown.output
    moves = [line for line in shown.output.splitlines() if line.startswith("プレイヤー1：")]
    assert moves and "「」" not in shown.output
    assert all(m.startswith("プレイヤー1：「") and m.endswith("」を出す") and "の" in m for m in moves)
    assert moves == [line for line in played.output.splitlines() if line.startswith("プレイヤー1：")]


def test_a_chance_outcome_whose_label_is_lost_in_json_is_named_by_validate(tmp_path):
    game = new_game(tmp_path)
    edit(game / "engine.py", "    order: tuple[int, ...]\n",
         "    order: tuple[int, ...]\n    first: str = field(default=\"\", compare=False)\n")
    edit(game / "engine.py", 'return "山札カードをよく切って配る"', 'return f"山札カードをよく切って配る（一番上は{self.first}）"')
    edit(game / "engine.py", "return Deal(tuple(order))", "return Deal(tuple(order), self.names[order[0]])")
    result = run("validate", GAME, "--games", "5", "--project", tmp_path)
    assert result.exit_code == 1
    assert ("a chance outcome's label changes through JSON: played as 「山札カードをよく切って配る（一番上は"
            in result.output)
    assert "action_from_json(to_json()) gives 「山札カードをよく切って配る（一番上は）」" in result.output
