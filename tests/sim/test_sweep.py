"""`pnp sweep`: every setting of a grid on the same seeds, a Japanese table, --json figures and a PDF."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main
from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.errors import SimError
from pnp.sim.sweep import grid, parse_axes

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    return CliRunner().invoke(main, [*args, "--project", str(ROOT)])


def engine(game_id):
    return make_engine(Project(ROOT).load_game(game_id))


def test_each_setting_is_the_same_as_simulate_with_that_setting(tmp_path):
    """The row for hands=2 shows exactly what `pnp simulate --option hands=2` shows for the same seed."""
    out = tmp_path / "sweep.json"
    r = run("sweep", "terror24", "--option", "hands=2,3", "--games", "30", "--players", "4", "--seed", "3",
            "--json", str(out))
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [row["options"] for row in data["rows"]] == [{"hands": 2}, {"hands": 3}]
    for row in data["rows"]:
        single = tmp_path / f"sim{row['options']['hands']}.json"
        r = run("simulate", "terror24", "--option", f"hands={row['options']['hands']}", "--games", "30",
                "--players", "4", "--seed", "3", "--json", str(single))
        assert r.exit_code == 0, r.output
        s = json.loads(single.read_text(encoding="utf-8"))
        assert row["seat_win_rates"] == s["seat_win_rates"]
        assert row["rounds"] == s["length"]["rounds"]
        assert {e["reason"]: e["games"] for e in row["end_reasons"]} == s["end_reasons"]
    # the table: one line per setting with its label, the seats' rates with intervals, and the answer
    r = run("sweep", "terror24", "--option", "hands=2,3", "--games", "30", "--players", "4", "--seed", "3")
    lines = r.output.splitlines()
    assert lines[0].startswith("== 24 −共鳴するテロル−  4人  設定ごとに 30ゲーム")
    assert "席1の勝率（95%区間）" in lines[1] and "終了理由" in lines[1]
    assert lines[2].startswith("ハンド数 2") and lines[3].startswith("ハンド数 3")
    first = data["rows"][0]["seat_win_rates"][0]
    # the same cells as the report's table (one table, built once: 「〜」 and one decimal everywhere)
    assert f"{first['rate']:.1%}（{first['ci'][0]:.1%}〜{first['ci'][1]:.1%}）" in lines[2]
    assert lines[4].startswith("4人：席ごとの勝率の差（最大−最小）")


def test_cooperative_game_life_question_in_one_command(tmp_path):
    """「ライフは何点が良いか」: EBE has no options; its station life is the variant standard (60) or life30."""
    out, pdf = tmp_path / "ebe.json", tmp_path / "ebe.pdf"
    r = run("sweep", "ebe", "--variant", "standard,life30", "--games", "40", "--players", "2",
            "--json", str(out), "--report", str(pdf))
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [row["setting"] for row in data["rows"]] == ["標準ルール", "ステーションライフ30"]
    assert all("team_win_rate" in row and row["completed"] == 40 for row in data["rows"])
    assert "チームの勝率（95%区間）" in r.output and data["answers"][0].startswith("2人：チームの勝率が")
    labels = {e["label"] for row in data["rows"] for e in row["end_reasons"]}
    assert labels and all(any("\u3040" <= ch <= "\u9fff" for ch in label) for label in labels)  # Japanese words
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    for word in ("EBE", "2人", "設定ごとの比較", "標準ルール", "ステーションライフ30", "チームの勝率", "ラウンド数"):
        assert word in text, word
    # same data, same bytes
    again = tmp_path / "again.pdf"
    assert run("sweep", "ebe", "--variant", "standard,life30", "--games", "40", "--players", "2",
               "--report", str(again)).exit_code == 0
    assert again.read_bytes() == pdf.read_bytes()


def test_several_options_give_a_grid():
    eng = engine("terror24")
    axes = parse_axes(eng, ["standard", "keep-old"], ["hands=1,2,3"])
    settings = grid(eng, axes)
    assert [(s.variant, dict(s.options)) for s in settings] == [
        ("standard", {"hands": 1}), ("standard", {"hands": 2}), ("standard", {"hands": 3}),
        ("keep-old", {"hands": 1}), ("keep-old", {"hands": 2}), ("keep-old", {"hands": 3})]
    assert settings[0].label == "標準ルール・ハンド数 1"


@pytest.mark.parametrize("args, message", [
    (("euphoria", "--option", "life=30,40"), "euphoria has no option 'life'"),
    (("terror24", "--option", "hands=2,9"), "--option hands: '9' is not one of 1, 2, 3"),
    (("terror24", "--option", "hands"), "expected KEY=V1,V2,…"),
    (("terror24", "--variant", "standard,nosuch"), "--variant nosuch: terror24 has no such variant"),
    (("terror24", "--option", "hands=2"), "nothing to compare"),
    (("terror24", "--option", "hands=2,3", "--option", "hands=1,2"), "given twice"),
])
def test_bad_settings_are_clear_errors(args, message):
    r = run("sweep", *args, "--games", "5")
    assert r.exit_code == 1, r.output
    assert message in r.output and "Traceback" not in r.output


def test_parse_axes_types_values():
    with pytest.raises(SimError):
        parse_axes(engine("tantei2"), ["standard"], ["skills=maybe"])
    assert parse_axes(engine("tantei2"), ["standard"], ["skills=off,on"])[1] == ("skills", [False, True])


def test_how_much_station_life_is_answered_in_one_command(tmp_path):
    """Issue: 「ライフは何点が良いか」 answered by `pnp sweep ebe --option life=30,40,50,60`.  The rulebook's
    station starts at 60 (「ステーションライフ60」); every other start is played on the same seeds."""
    out = tmp_path / "life.json"
    r = run("sweep", "ebe", "--option", "life=30,40,50,60", "--games", "12", "--players", "2",
            "--json", str(out))
    assert r.exit_code == 0, r.output
    assert "最初のステーションライフ 30" in r.output and "最初のステーションライフ 60" in r.output
    rows = json.loads(out.read_text(encoding="utf-8"))["rows"]
    assert [row["options"] for row in rows] == [{"life": v} for v in (30, 40, 50, 60)]


def test_the_life_option_sets_the_starting_station_life_and_refuses_a_contradiction():
    eng = engine("ebe")
    assert eng.new_state(2).station == 60
    assert eng.new_state(2, options={"life": 45}).station == 45
    assert eng.new_state(2, variant="life30").station == 30
    with pytest.raises(ValueError, match="life30"):
        eng.new_state(2, variant="life30", options={"life": 50})
    r = run("simulate", "ebe", "--option", "life=33", "--games", "2")
    assert r.exit_code == 1 and "not one of" in r.output


def test_seat_spreads_come_with_intervals_and_end_reasons_read_as_in_simulate():
    """The spread (best − worst seat) is printed with its 95% interval and the χ² verdict; the end
    reasons use simulate's words (the result's own end_reason_ja first)."""
    r = run("sweep", "euphoria", "--variant", "standard,hidden_removed", "--games", "40", "--players", "3",
            "--seed", "2")
    assert r.exit_code == 0, r.output
    assert "席の差 最大−最小（95%区間）" in r.output
    assert "ポイント（95%区間 " in r.output and "χ²検定" in r.output
    s = run("simulate", "euphoria", "--games", "40", "--players", "3", "--seed", "2")
    reasons = [ln.split()[0] for ln in s.output.splitlines()[s.output.splitlines().index("終了理由") + 1:]
               if ln.startswith("  ")][:1]
    assert reasons and reasons[0] in r.output
