"""探偵無宿２: the rulebook's worked examples replay through the rules engine, and an example whose claim
does not add up (or whose position the rules do not allow) is reported at its file and line."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.games import tantei2 as T
from pnp.rulebook.markup import parse_rulebook
from pnp.sim.examples import ExampleError, check_example, check_rulebook_examples, rulebook_examples

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game():
    return Project(ROOT).load_game("tantei2")


@pytest.fixture(scope="module")
def E(game):
    return make_engine(game)


@pytest.fixture(scope="module")
def examples(game):
    doc, problems = parse_rulebook(game)
    assert problems == []
    return rulebook_examples(doc)


def _example(examples, file_part: str, claim: str):
    hits = [(f, ln, s) for f, ln, s in examples if file_part in f and claim in s.get("expect", {})]
    assert hits, (file_part, claim)
    return hits[0]


def test_every_example_with_an_outcome_is_checked_and_holds(game, E, examples):
    doc, _ = parse_rulebook(game)
    count, problems = check_rulebook_examples(doc, E)
    assert problems == []
    assert count == 7
    files = sorted({Path(f).name for f, _, _ in examples})
    assert files == ["05-play.md", "06-example.md", "07-round-end.md"]


def test_turn_example_pays_only_colours_missing_from_the_line(E, examples):
    """Rulebook example 「手番の例：代用コストを使って捜査する」: 「捜査線にない色は白と黒だけで、黒は生み出せ
    ません」 — the draft's 「【捜査線】上にないコストを、推理によって１つだけ生み出す」."""
    file, line, script = _example(examples, "06-example.md", "vp")
    assert check_example(E, script, file, line) == []
    assert script["expect"]["vp"] == [4, 0, 0]


def test_a_wrong_claim_fails_with_file_and_line(E, examples):
    file, line, script = _example(examples, "06-example.md", "vp")
    wrong = copy.deepcopy(script)
    wrong["expect"]["vp"] = [6, 0, 0]          # what the old example claimed (5 VP + 1 VP)
    problems = check_example(E, wrong, file, line)
    assert [str(p) for p in problems] == [
        f"{file}:{line}:1: expect.vp: the example says vp = [6, 0, 0], the rules give [4, 0, 0]"]
    file, line, script = _example(examples, "07-round-end.md", "winner")
    wrong = copy.deepcopy(script)
    wrong["expect"]["winner"] = ["A"]           # A would win only if face-down cards did not count
    problems = check_example(E, wrong, file, line)
    assert len(problems) == 1 and problems[0].field == "expect.winner"
    assert wrong["expect"]["winner"] == ["A"] and "['B']" in problems[0].message
    wrong["variant"] = T.V_TIE_UP               # pnp's earlier reading: face-up cards only
    assert check_example(E, wrong, file, line) == []


def test_the_old_example_second_purple_is_illegal_under_the_draft(E, examples):
    """The earlier rulebook paid a second 紫 with 代用コスト while 宗一郎 was on the 捜査線 (「代用コストで紫を
    1つ生みました」) and scored 十三年前の惨劇 (紫紫赤青): the draft forbids it, variant sub-any-colour allows it."""
    file, line, script = _example(examples, "06-example.md", "vp")
    old = {"players": 3, "setup": copy.deepcopy(script["setup"]),
           "moves": [{"k": T.Kind.SUB, "a": 0, "b": 0},       # 紫（宗一郎）
                     {"k": T.Kind.DISC, "a": 49, "b": 0},     # 張り込み
                     {"k": T.Kind.FLASH, "a": 44, "b": 0},    # 電報の写し
                     {"k": T.Kind.INV, "a": 2, "b": 0}],      # 十三年前の惨劇
           "expect": {"vp": [6, 0, 0]}}
    problems = check_example(E, old, file, line)
    assert len(problems) == 1 and problems[0].field == "moves"
    assert "move 1 (代用コストで紫を生み出す) is not legal here" in problems[0].message
    old["variant"] = T.V_SUB_ANY
    assert check_example(E, old, file, line) == []


@pytest.mark.parametrize("setup, message", [
    ({"line": ["shizue", "tragedy", "seiji"]}, "round start"),
    ({"line": ["shizue", "seiji", "tragedy", "toru"]}, "never stays among the three"),
    ({"line": ["shizue", "seiji", "toru", "tragedy", "shino"]}, "can only be the last card"),
    ({"line": ["shizue", "seiji", "toru"], "dead": ["shizue"]}, "is dead"),
    ({"line": ["shizue", "seiji", "toru"], "up": [["e04"], [], []]}, "死亡条件"),
    ({"line": ["shizue", "seiji", "toru"], "up": [["e50"], [], []]}, "instant card"),
    ({"line": ["shizue", "seiji", "toru"], "hands": [["e01"], ["e01"], []]}, "two places"),
    ({"line": ["shizue", "seiji", "toru"], "hands": [["e01"], []]}, "one list per player"),
    ({"line": ["shizue", "shizue", "shizue", "toru"]}, "list the person under awake"),
    ({"line": ["wasurenagusa"] * 4}, "only three person cards"),
    ({"line": ["shizue", "seiji", "toru"], "lamps": 8}, "lamps"),
    ({"line": ["shizue", "seiji", "toru"], "table": 1}, "unknown setup key"),
])
def test_impossible_positions_are_refused(E, setup, message):
    with pytest.raises(ExampleError, match=message):
        E.example_state(3, setup)


def test_impossible_position_is_reported_by_the_checker(E):
    script = {"players": 3, "setup": {"line": ["shizue", "seiji", "toru"], "up": [["e02"], [], []]},
              "expect": {"vp": [5, 0, 0]}}
    problems = check_example(E, script, "components/tantei2/rulebook/x.md", 7)
    assert len(problems) == 1 and str(problems[0]).startswith("components/tantei2/rulebook/x.md:7:1: setup: "
                                                               "impossible position: 勿忘草の素顔 is face up")


def test_example_state_is_a_legal_main_phase_position(E):
    s = E.example_state(4, {"line": ["soichiro", "shizue", "seiji", "wasurenagusa"], "lamps": 3, "round": 5,
                            "dead": ["toru"], "awake": ["sanae"], "hands": [["e45"], [], [], []],
                            "up": [[], ["e35"], [], []], "start": 1, "turn": 2})
    E.check_invariants(s)
    facts = E.example_facts(s)
    assert s.phase == T.Phase.MAIN and s.cur == 2 and s.round == 5
    assert facts["dead"] == ["椚 透"] and facts["lamps"] == 3 and facts["vp"] == [0, 1, 0, 0]
    assert facts["notebook"][1] == ["蔵の合鍵"] and s.extra[1][0] == 1      # 常に紫のコスト1
    assert E.is_awake(s, E.facts.person_ids.index("sanae"))
    # 黒 is on the line, so only 黄・緑（dead）・白・橙 are missing; black is never made
    assert facts["substitute_colours"] == ["黄", "緑", "白", "橙"]
