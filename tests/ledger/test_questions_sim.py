"""A question whose options the engine can play gets simulated figures, in `pnp questions` and in the
`simulate --report` PDF (issue: the ledger, item 3)."""
from __future__ import annotations

import json
import shutil

import pdfplumber
import pytest
import yaml
from click.testing import CliRunner

from pnp.cli import main

EXTRA = """
  - id: hidden_scored
    text: 伏せた1枚は、脱落していなければゲーム終了時に【徳】に加えます。
    provisional: true
    question:
      topic: rules
      ask: 準備で伏せた1枚は得点になりますか？
      options:
        - {id: scored, text: 得点になる, variant: standard}
        - {id: removed, text: 取り除くだけ, variant: hidden_removed}
      chosen: scored
      why: 伏せる意味が生まれるからです。
"""


@pytest.fixture
def project(tmp_path, repo):
    shutil.copytree(repo / "components" / "euphoria", tmp_path / "components" / "euphoria")
    rulings = tmp_path / "components" / "euphoria" / "rulings.yaml"
    data = yaml.safe_load(rulings.read_text(encoding="utf-8"))
    data["rulings"] += yaml.safe_load(EXTRA)
    rulings.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return tmp_path


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_questions_report_the_paired_effect_of_each_playable_option(project):
    r = run("questions", "euphoria", "--project", project, "--games", "30", "--json")
    assert r.exit_code == 0, r.output
    items = json.loads(r.output)["games"][0]["questions"]
    q = next(i for i in items if i["ref"] == "hidden_scored")
    (effect,) = q["effects"]
    assert effect["option"] == "removed" and effect["simulated"]
    assert [f["players"] for f in effect["by_players"]] == [3, 4, 5]
    for f in effect["by_players"]:
        assert f["pairs"] == 30
        lo, hi = f["rounds_diff"]["ci"]
        assert lo <= f["rounds_diff"]["mean_diff"] <= hi
        assert 0.0 <= f["winner_changed"]["rate"] <= 1.0
        # the option changes only the final count: both settings draw every card and choice alike, so the
        # winner-change share has a noise floor of exactly 0 (it changes the winner in 0.5–1% of 400 games)
        assert f["noise_floor"]["rate"] == 0.0 and f["noise_floor"]["n"] == 30 and f["chance_identical"] == 30
        assert f["winner_changed"]["rate"] <= 0.1
        # 30 pairs leave the interval across both 0 and the 3-point margin: no verdict either way
        assert f["winner_change_verdict"]["verdict"] == "undecided"
        assert f["winner_change_excess"]["ci"][1] >= 0.03
    text = run("questions", "euphoria", "--project", project, "--games", "30").output
    assert "removed（scoredとの差） 4人（30組）：勝者が変わる" in text
    assert "偶然の下限 0%（30組すべてで両方のルールが同じ偶然を引きました）" in text
    assert "判定できません（偶然の分を除くと ±0.0〜+11.3ポイントで、0と3%の両方をまたぎます）" in text
    # the figures that answer the game's questions, under both options, paired, with an interval
    for f in effect["by_players"]:
        keys = {m["key"]: m for m in f["measures"]}
        assert set(keys) == {"first_parent_wins", "special_win", "eliminated"}
        m = keys["first_parent_wins"]
        assert m["a"]["games"] == m["b"]["games"] == 30
        assert m["diff"]["ci"][0] <= m["diff"]["mean_diff"] <= m["diff"]["ci"][1]
    assert "最初の親の勝率：scored " in text and "、removed " in text and "差（removed − scored、同じ種 30 組）" in text


def test_simulate_report_ends_with_the_open_questions(project, tmp_path):
    pdf = tmp_path / "report.pdf"
    r = run("simulate", "euphoria", "--games", "10", "--players", "3", "--report", pdf, "--project", project)
    assert r.exit_code == 0, r.output
    with pdfplumber.open(pdf) as doc:
        pages = [(p.extract_text() or "").replace(" ", "") for p in doc.pages]
    # the questions close the report (they may run over more than one page)
    start = max(i for i, t in enumerate(pages) if "設計者への質問（未回答）" in t)
    tail = "".join(pages[start:])
    assert "準備で伏せた1枚は得点になりますか？" in tail
    assert tail.index("設計者への質問（未回答）") < tail.index("準備で伏せた1枚は得点になりますか？")


def test_every_rules_option_is_compared_or_said_not_to_be(repo):
    """`pnp questions`: every option of an open ruling's question gets figures, or the words
    「ルールエンジンでは比べられません」 — never silence (24's eleven questions named no variant and said nothing).
    In 24 only hero-number's clash-only and keep-secret's nobody are beyond the engine."""
    r = run("questions", "terror24", "ebe", "--project", repo, "--games", "2", "--json")
    assert r.exit_code == 0, r.output
    games = {g["game"]: g for g in json.loads(r.output)["games"]}
    for gid, g in games.items():
        for item in g["questions"]:
            if item["topic"] != "rules" or item["kind"] != "ruling":
                continue
            others = [o["id"] for o in item["options"] if not o["chosen"]]
            assert [e["option"] for e in item.get("effects", [])] == others, (gid, item["ref"])
    t24 = {i["ref"]: i for i in games["terror24"]["questions"]}
    silent = sorted((ref, e["option"]) for ref, i in t24.items() for e in i.get("effects", ()) if not e["simulated"])
    assert silent == [("hero-number", "clash-only"), ("keep-secret", "nobody")]
    ebe = {i["ref"]: i for i in games["ebe"]["questions"]}
    assert [e["simulated"] for e in ebe["trade-no-return"]["effects"]] == [True, False]   # cap; free
    assert ebe["tie-order"]["effects"] == [{"option": "choose", "simulated": False}]
    text = run("questions", "terror24", "--project", repo, "--games", "2").output
    assert "clash-only：ルールエンジンでは比べられません" in text and "fourth（lastとの差） 3人（2組）" in text
