"""What a designer sees in `pnp simulate` (text, JSON, the PDF report) and `pnp replay --show`."""
from __future__ import annotations

import json
from pathlib import Path

import click
from click.testing import CliRunner
from pypdf import PdfReader
from report_toy_engine import ToyEngine

from pnp.cli.sim import play, replay, simulate
from pnp.commands.sim import format_summary
from pnp.sim.comparisons import builtin_comparisons
from pnp.sim.labels import missing_labels, report_labels
from pnp.sim.metrics import summarize
from pnp.sim.report import write_report
from pnp.sim.result import RunResult
from pnp.sim.runner import Batch, run_games
from pnp.sim.skill import deal_luck, event_luck, skill_luck_ja

ROOT = Path(__file__).resolve().parents[2]


@click.group()
def cli():
    pass


for cmd in (play, simulate, replay):
    cli.add_command(cmd)


def run(*args):
    return CliRunner().invoke(cli, [*args, "--project", str(ROOT)], catch_exceptions=False)


def pdf_text(path: Path) -> list[str]:
    return [(p.extract_text() or "").replace("\n", "").replace(" ", "") for p in PdfReader(path).pages]


def summary(engine, players=3, games=60, variant="standard", options=None, policies=("random",)):
    batch = Batch(players, policies, games, seed=5, variant=variant, options=options or {})
    return summarize(engine, run_games(engine, batch), batch), batch


# ---------------------------------------------------------------------------- replay keeps the words
def test_replay_show_prints_what_play_printed(tmp_path, monkeypatch):
    """`pnp play --json` logs keep the narrated labels, so `pnp replay --show` prints the same text."""
    for game, players in (("terror24", 3), ("euphoria", 4), ("ebe", 2), ("tantei2", 3)):
        log = tmp_path / f"{game}.json"
        played = run("play", game, "--seed", "3", "--players", str(players), "--json", str(log))
        assert played.exit_code == 0, played.output
        shown = run("replay", str(log), "--show")
        assert shown.exit_code == 0, shown.output
        lines = shown.output.splitlines()
        assert lines[-1].startswith("一致")
        said = [ln for ln in played.output.splitlines() if not ln.startswith("行動ログ：")]   # stderr, mixed in
        assert lines[:-1] == said, game
        data = json.loads(log.read_text(encoding="utf-8"))
        assert all(isinstance(ev["line"], str) and isinstance(ev["narration"], list) for ev in data["events"])
        assert data["result_lines"][0].startswith("終了理由")
    # the words are told again from the replayed game, never copied from the log (a log could forge them):
    # an engine that narrates differently today shows its own words
    import pnp.games.euphoria as eu
    engine_cls = eu.EuphoriaEngine
    monkeypatch.setattr(engine_cls, "narrate", lambda self, b, a, c: ["（別の実況）"])
    log = tmp_path / "euphoria.json"
    shown = run("replay", str(log), "--show")
    assert shown.exit_code == 0 and "（別の実況）" in shown.output


def test_a_log_with_bad_stored_lines_is_refused(tmp_path):
    log = tmp_path / "g.json"
    assert run("play", "euphoria", "--seed", "1", "--json", str(log)).exit_code == 0
    data = json.loads(log.read_text(encoding="utf-8"))
    data["result_lines"] = [1, 2]
    log.write_text(json.dumps(data), encoding="utf-8")
    r = run("replay", str(log), "--show")
    assert r.exit_code == 1 and "result_lines" in r.output and "Traceback" not in r.output


# ---------------------------------------------------------------------------- skill and luck
def test_deal_luck_tells_a_deciding_deal_from_a_late_die():
    engine = ToyEngine()
    # the deal names the winner and nothing random follows it: what would differ between continuations is
    # the players' own coin flips, which are not luck: no figure, and the reason
    decided = deal_luck(engine, 3, deals=12, continuations=4, seed=2, policy="random")
    assert decided["chance_after_deal"] is False and "same_outcome" not in decided
    assert skill_luck_ja({"deal": decided})[0].startswith("配りの影響：測りません。このゲームの偶然は最初の配りだけ")
    late = deal_luck(engine, 3, deals=48, continuations=4, seed=2, policy="random", variant="late")
    lo, hi = late["same_outcome"]["ci"]
    assert lo <= late["base_rate"] + 0.05 and hi < 0.6  # a late die: the deal predicts nothing
    assert 0.3 < late["base_rate"] < 0.45               # three seats win about equally often
    assert late["chance_after_deal"] is True and late["decision"] in ("little", None)


# ---------------------------------------------------------------------------- words, not keys
def test_text_uses_the_engines_words_and_lists_keys_without_one():
    engine = ToyEngine(labels={"done": "決着"})
    s, _ = summary(engine)
    text = "\n".join(format_summary(s, engine))
    assert "決着" in text and "（done）" not in text
    assert "手番数" not in text and "1人あたりの選択の回数：平均 1.0回" in text
    plain = ToyEngine()
    text = "\n".join(format_summary(summary(plain)[0], plain))
    assert "日本語の名前がないキー" in text and "done" in text
    assert missing_labels(plain, [summary(plain)[0]]) == ["by_round:fav_by_round", "cards:a", "cards:b",
                                                              "end_reason:done"]


def test_cards_used_flag_a_dominant_card():
    engine = ToyEngine()
    s, _ = summary(engine, players=2, games=200, variant="late", options={"a_wins": True})
    a = s["cards"]["a"]
    assert a["by"] == "seat" and "dominant" in a["flags"] and a["user_win_rate"]["ci"][0] > 0.5
    b = s["cards"]["b"]
    assert b["by"] == "team" and "win_rate_without" in b


def test_builtin_comparison_shows_both_sides():
    engine = ToyEngine(comparisons=({"name_ja": "最後のダイスで決める", "variant": "late"},))
    s, batch = summary(engine, games=40)
    [c] = builtin_comparisons(engine, batch, RunResult.from_json(s))
    assert c["a"]["variant"] == "standard" and c["b"]["variant"] == "late"
    assert c["paired"]["pairs"] == 40 and len(c["b"]["seat_win_rates"]) == 3


def test_report_first_page_answers_and_no_single_bar_chart(tmp_path):
    engine = ToyEngine(labels={"done": "決着"}, comparisons=({"name_ja": "最後のダイスで決める", "variant": "late"},))
    s, batch = summary(engine, games=40)
    s["report_comparisons"] = builtin_comparisons(engine, batch, RunResult.from_json(s))
    s["skill_luck"] = {"deal": deal_luck(engine, 3, deals=6, continuations=3, seed=1, policy="random"),
                       "event": event_luck(engine, 3, games=6, continuations=3, seed=1, policy="random",
                                           variant="late")}
    out = tmp_path / "r.pdf"
    write_report(out, "トイ", [s], labels=report_labels(engine, [s]))
    pages = pdf_text(out)
    first = pages[1]            # page 1 is the designer's questions (tests/sim/test_page_one.py)
    assert "設計者の問いへの答え" in pages[0] and "配りの影響（同じ配りで同じ結果）" in pages[0]
    # the late die names the winner: kept, every continuation agrees; the figure sits beside the deal's
    for words in ("このレポートを作ったプレイヤー", "ランダム（random）", "合法な手から", "配りの影響",
                  "途中の偶然1回の影響", "選ばれたのは「ダイス」が6ゲーム", "勝つ席が一致したのは100.0%",
                  "ゲームが求める比較", "最後のダイスで決める", "いまのルール"):
        assert words in first, words
    # one end reason: a sentence, not a chart with one bar
    assert "終了理由：決着100.0%" in pages[2]
    assert "done" not in "".join(pages)


def test_cooperative_report_has_no_seat_charts(tmp_path):
    engine = ToyEngine(cooperative=True, labels={"won": "勝ち", "lost_pick": "選び違い", "fav_by_round": "有利な席"})
    s, _ = summary(engine, games=60)
    assert s["loss_reasons"]["lost_pick"]["rate"] == 1.0
    out = tmp_path / "c.pdf"
    write_report(out, "トイ", [s], labels=report_labels(engine, [s]))
    text = "".join(pdf_text(out))
    assert "チームの勝率" in text and "負けかた" in text and "選び違い" in text
    assert "席ごとの勝率" not in text and "方針ごとの勝率" not in text
    assert "有利な席（ラウンドの終わりの平均、ひげは10〜90%の幅）" in text


def test_simulate_report_for_a_cooperative_game(tmp_path):
    pdf, j = tmp_path / "ebe.pdf", tmp_path / "ebe.json"
    r = run("simulate", "ebe", "--games", "10", "--players", "3", "--report", str(pdf), "--json", str(j),
            "--skill-games", "2", "--search-iterations", "3", "--luck-deals", "3", "--luck-continuations", "2",
            "--luck-events", "2", "--luck-event", "サイコロ")
    assert r.exit_code == 0, r.output
    data = json.loads(j.read_text(encoding="utf-8"))
    assert data["skill_luck"]["deal"]["continuations"] == 2
    ev = data["skill_luck"]["event"]
    assert ev["kinds"] == {"サイコロ": 2} and ev["continuations"] == 2 and ev["difference"]["n"] == 2
    ladder = data["skill_luck"]["ladder"]
    # one seat of each rung among planner teammates: random, the planner, the search at 1, 2 and 3 samples
    assert [r["policy"] for r in ladder["rungs"]] == ["random", "planner", "mcts:1:guided", "mcts:2:guided",
                                                     "mcts:3:guided"]
    assert ladder["cooperative"] and all(r["n"] == 2 for r in ladder["rungs"])
    text = "".join(pdf_text(pdf))
    assert "席ごとの勝率" not in text and "チームの勝率" in text and "ステーションライフ" in text
    assert "腕の影響" in text and "配りの影響" in text and "途中の偶然1回の影響" in text
    assert "腕の影響（腕のはしご）" in text and "チームの仲間" in text
    assert "チームのための探索プレイヤー" in text          # the players block says how it plays
    assert "途中の偶然1回の影響" in r.output and "「サイコロ」が2ゲーム" in r.output


def test_simulate_refuses_a_chance_event_the_game_does_not_have():
    r = run("simulate", "terror24", "--games", "5", "--players", "3", "--luck-events", "2", "--luck-event", "サイコロ")
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert "--luck-event サイコロ: no chance step" in r.output and "ダイス" in r.output
