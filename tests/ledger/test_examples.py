"""Worked examples the engine checks (issue: the ledger, item 4): an example's position is set up by
the rules engine, its moves replayed, and what its sentences claim compared with what the rules give."""
from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.rulebook.markup import parse_rulebook
from pnp.rulebook.tree import Box
from pnp.sim.engine import TERMINAL, Capabilities
from pnp.sim.examples import ExampleError, check_example, check_rulebook_examples


@dataclass(frozen=True, order=True)
class Add:
    n: int

    def label(self) -> str:
        return f"{self.n}を足す"

    def to_json(self):
        return {"add": self.n}


class State:
    __slots__ = ("total", "turn", "players", "winner")

    def __init__(self, players):
        self.total, self.turn, self.players, self.winner = 0, 0, players, None


class RaceTo5:
    """Players in turn add 1 or 2 to a shared total; whoever reaches 5 wins."""
    capabilities = Capabilities("race5", 2, 3, examples=True)   # what the example checker reads
    min_players, max_players, card_ids = 2, 3, None

    def example_state(self, players, setup, variant="standard", options=None):
        s = State(players)
        s.total, s.turn = setup.get("total", 0), setup.get("turn", 0)
        if not 0 <= s.total < 5:
            raise ExampleError(f"a total of {s.total} is not a position of a game still going")
        return s

    def example_facts(self, s):
        return {"winner": s.winner, "total": s.total}

    def to_move(self, s):
        return TERMINAL if s.winner is not None else s.turn

    def legal_actions(self, s):
        return [Add(n) for n in (1, 2) if s.total + n <= 5]

    def apply(self, s, a):
        s.total += a.n
        if s.total == 5:
            s.winner = s.turn
        s.turn = (s.turn + 1) % s.players

    def check_invariants(self, s):
        assert s.total <= 5

    def action_from_json(self, data):
        return Add(int(data["add"]))


E = RaceTo5()


def test_a_true_example_passes():
    script = {"players": 2, "setup": {"total": 2, "turn": 0}, "moves": [{"add": 1}, {"add": 2}],
              "expect": {"winner": 1, "total": 5}}
    assert check_example(E, script, "r.md", 3) == []


def test_a_wrong_winner_fails_with_file_and_line():
    script = {"players": 2, "setup": {"total": 2}, "moves": [{"add": 1}, {"add": 2}], "expect": {"winner": 0}}
    (p,) = check_example(E, script, "r.md", 7)
    assert str(p) == "r.md:7:1: expect.winner: the example says winner = 0, the rules give 1"


def test_an_impossible_position_fails():
    (p,) = check_example(E, {"players": 2, "setup": {"total": 9}, "expect": {"winner": 0}}, "r.md", 1)
    assert "impossible position: a total of 9" in p.message


def test_an_illegal_move_fails():
    (p,) = check_example(E, {"players": 2, "setup": {"total": 4}, "moves": [{"add": 2}], "expect": {"winner": 0}},
                         "r.md", 1)
    assert "move 1 (2を足す) is not legal here" in p.message


def test_unknown_fact_and_bad_player_count_are_reported():
    (p,) = check_example(E, {"players": 2, "expect": {"loser": 1}}, "r.md", 1)
    assert "the engine reports no such fact" in p.message
    (p,) = check_example(E, {"players": 7, "expect": {"winner": 1}}, "r.md", 1)
    assert "players must be a number from 2 to 3" in p.message


def test_rulebook_example_positions_are_read_and_not_printed(tmp_path, repo):
    from pnp.data.project import Project
    game = Project(repo).load_game("euphoria")
    folder = tmp_path / "rulebook"
    folder.mkdir()
    (folder / "01.md").write_text(":::example 競争\n合計2から、Aが1、Bが2を足してBの勝ちです。\n~~~check\nplayers: 2\n"
                                  "setup: {total: 2}\nmoves: [{add: 1}, {add: 2}]\nexpect: {winner: 0}\n~~~\n:::\n",
                                  encoding="utf-8")
    doc, problems = parse_rulebook(replace(game, folder=tmp_path))
    assert problems == []
    (box,) = doc.sections[0].blocks
    assert isinstance(box, Box) and box.script["expect"] == {"winner": 0} and box.script_line == 3
    printed = "".join(r.text for b in box.blocks for r in b.text)
    assert "players" not in printed and "Bの勝ち" in printed
    n, found = check_rulebook_examples(doc, E)
    assert n == 1 and [str(p).endswith("rulebook/01.md:3:1: expect.winner: the example says winner = 0, "
                                       "the rules give 1") for p in found] == [True]


def test_a_check_outside_an_example_box_is_an_error(tmp_path, repo):
    from pnp.data.project import Project
    game = Project(repo).load_game("euphoria")
    (tmp_path / "rulebook").mkdir()
    (tmp_path / "rulebook" / "01.md").write_text(":::note 注\n~~~check\nplayers: 2\n~~~\n:::\n", encoding="utf-8")
    _, problems = parse_rulebook(replace(game, folder=tmp_path))
    assert any("~~~check belongs in an :::example box" in p.message for p in problems)


def test_an_example_problem_is_worded_in_the_chosen_language():
    """Under Japanese, what the check says is Japanese, the place and field unchanged; a misspelt key of
    the position names the key it is near."""
    from pnp.messages import set_lang
    set_lang("ja")
    try:
        script = {"players": 2, "setup": {"total": 2}, "moves": [{"add": 1}, {"add": 2}], "expect": {"winner": 0}}
        (p,) = check_example(E, script, "r.md", 7)
        assert str(p) == "r.md:7:1: expect.winner: 例では winner = 0 ですが、ルールでは 1 になります"
        (p,) = check_example(E, {"players": 2, "expcet": {"winner": 0}}, "r.md", 3)
        assert p.message.startswith("例の局面に知らないキー 'expcet' があります") and "（'expect' のことですか？）" in p.message
    finally:
        set_lang(None)
