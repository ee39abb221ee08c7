"""The score-track figure reads the track the players hold (its YAML start/end), not a range the engine
keeps: a designer who lengthened the printed track saw the old range checked (issue: "after the track
was lengthened to 0–90 it still reported 0–50")."""
from __future__ import annotations

from owngame import GAME, add_score_track, edit, new_game, run


def track_row(result) -> str:
    lines = result.output.splitlines()
    i = next(k for k, line in enumerate(lines) if "得点トラックの長さ" in line)
    return "\n".join(lines[i:i + 3])


def test_an_engine_range_that_differs_from_the_printed_track_is_named_and_the_print_is_checked(tmp_path):
    game = new_game(tmp_path)
    add_score_track(game, end=20)
    edit(game / "engine.py", "    options = ()\n", "    options = ()\n    score_track = (0, 5)\n")
    validated = run("validate", GAME, "--games", "10", "--project", tmp_path)
    assert validated.exit_code == 1
    row = track_row(validated)
    assert row.startswith("NG")
    assert "the engine's score_track is 0–5, the printed track 'score' (components/shoubai/score.yaml) runs 0–20" in row
    assert "write score_track = 'score'" in row
    simulated = run("simulate", GAME, "--games", "30", "--players", "3", "--project", tmp_path)
    assert simulated.exit_code == 0, simulated.output
    assert ("得点トラック（0〜20、components/shoubai/score.yaml の「得点トラック」（印刷するトラックの start・end）。"
            "エンジンの score_track（0〜5）は使わない）に収まる：100.0%") in simulated.output


def test_a_track_named_by_id_follows_its_yaml_when_it_is_lengthened(tmp_path):
    game = new_game(tmp_path)
    add_score_track(game, end=10)
    edit(game / "engine.py", "    options = ()\n", "    options = ()\n    score_track = \"score\"\n")
    short = run("validate", GAME, "--games", "10", "--project", tmp_path)
    row = track_row(short)
    assert short.exit_code == 1 and "score track 0–10: only" in row            # 14 points are possible
    assert "the range is components/shoubai/score.yaml の「得点トラック」" in row
    edit(game / "score.yaml", "end: 10", "end: 21")
    edit(game / "game.yaml", "0から10まで", "0から21まで")
    longer = run("validate", GAME, "--games", "10", "--project", tmp_path)
    assert longer.exit_code == 0, longer.output
    row = track_row(longer)
    assert row.startswith("OK") and "0〜21：" in row and "% が収まる" in row
    assert "範囲は components/shoubai/score.yaml の「得点トラック」（印刷するトラックの start・end）" in row


def test_a_track_id_the_game_does_not_have_is_an_error(tmp_path):
    game = new_game(tmp_path)
    add_score_track(game)
    edit(game / "engine.py", "    options = ()\n", "    options = ()\n    score_track = \"points\"\n")
    result = run("simulate", GAME, "--games", "5", "--project", tmp_path)
    assert result.exit_code == 1
    assert "score_track names the track 'points', the game has no such track (tracks: 'score')" in result.output
    assert "Traceback" not in result.output
