"""The bundled games' questions answered under both rules the report plays, paired on the same seeds:
24's comeback with 3 hands and 2, 探偵無宿２'s face-down play under the cube proposal."""
from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from pnp.commands.sim import format_summary
from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.comparisons import builtin_comparisons
from pnp.sim.labels import report_labels
from pnp.sim.metrics import summarize
from pnp.sim.report import write_report
from pnp.sim.result import RunResult
from pnp.sim.runner import Batch, run_games

ROOT = Path(__file__).resolve().parents[2]


def _report(game_id, players, games, tmp_path):
    game = Project(ROOT).load_game(game_id)
    engine = make_engine(game)
    batch = Batch(players, ("heuristic",), games, seed=3)
    s = summarize(engine, run_games(engine, batch), batch)
    s["report_comparisons"] = builtin_comparisons(engine, batch, RunResult.from_json(s))
    out = tmp_path / "r.pdf"
    write_report(out, game.title, [s], labels=report_labels(engine, [s]))
    first = "".join((p.extract_text() or "").replace("\n", "").replace(" ", "") for p in PdfReader(out).pages[:3])
    return s, "\n".join(format_summary(s, engine)), first


def test_24_comeback_answer_gives_3_hands_and_2_and_their_paired_difference(tmp_path):
    s, text, pdf = _report("terror24", 3, 40, tmp_path)
    [rc] = [c for c in s["report_comparisons"] if c["options"] == {"hands": 2}]
    row = next(m for m in rc["answers"]["measures"] if m["key"] == "comeback")
    assert row["a"]["n"] == row["b"]["n"] == 40 and row["diff"]["n"] == 40
    # 3 hands against 2 played, so the answer no longer asks for both settings
    assert "両方の設定で対戦させてください" not in text and "両方の設定で対戦させてください" not in pdf
    for where in (text, pdf.replace("　", "")):
        assert "逆転（1ハンド目の首位以外が勝つ）：3ハンド戦" in where.replace(" ", "")
        assert "差（2ハンド戦−3ハンド戦、同じ種40組）" in where.replace(" ", "")
    a = s["findings"][1]["answer"]
    assert "2ハンド戦と3ハンド戦の比較には" in a     # the batch alone cannot answer it


def test_tantei2_face_down_play_under_the_cube_proposal_is_in_the_report(tmp_path):
    s, text, pdf = _report("tantei2", 3, 20, tmp_path)
    [rc] = s["report_comparisons"]
    rows = {m["key"]: m for m in rc["answers"]["measures"]}
    assert rows["facedown_flipped"]["b"]["rate"] > rows["facedown_flipped"]["a"]["rate"]
    assert "裏向きのカードが表になった割合：いまのルール" in pdf and "キューブ案" in pdf
    assert "全VPのうち表になったカードのVP：いまのルール" in text
