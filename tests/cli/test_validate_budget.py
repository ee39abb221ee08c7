"""validate's default is sized to a time budget: what it ran is said in each row, --games N runs every
check in full, and each engine check still finds the bug it guards with no time left at all (the
budget spent by the static tier: each check's own minimum)."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.commands.validate import validate
from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.budget import Budget
from pnp.sim.validation import determinization_checks

NO_TIME = 0.0       # budget_s: the whole budget gone before the engine tier starts


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))


@pytest.fixture
def project(tmp_path):
    """A designer's own game: `pnp new trick --csv --engine`."""
    assert run("new", "trick", "--csv", "--engine", "--project", tmp_path).exit_code == 0
    return tmp_path


def edit_engine(project, old: str, new: str) -> None:
    path = project / "components/trick/engine.py"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def rows_without_time(project) -> dict:
    return {r.check: r for r in validate(Project(project), ["trick"], None, budget_s=NO_TIME)}


def hidden_positions(detail: str) -> int:
    return int(re.search(r"隠れた情報 (\d+) 局面", detail).group(1))


def test_the_default_says_how_much_ran_and_games_n_runs_every_check_in_full(project):
    short = rows_without_time(project)
    assert all(r.ok for r in short.values()), [r.problems for r in short.values()]
    assert re.fullmatch(r"9 構成 × 1 ゲーム（約 [0-9.]+ 秒分、--games N で増やせます）、例外・不変条件違反なし",
                        short["samples"].detail), short["samples"].detail
    assert "--games N ですべて" in short["engine"].detail
    full = run("validate", "trick", "--games", "4", "--json", "--project", project)
    assert full.exit_code == 0, full.output
    rows = {c["check"]: c for c in json.loads(full.output)["checks"]}
    assert rows["samples"]["detail"] == "9 構成 × 4 ゲーム、例外・不変条件違反なし"
    assert "ですべて" not in rows["engine"]["detail"] and "秒分" not in rows["engine"]["detail"]
    assert hidden_positions(short["engine"].detail) < hidden_positions(rows["engine"]["detail"])


def test_an_observation_that_shows_other_hands_late_in_the_game_is_found_with_no_time_left(project):
    # the last two of six tricks only: found by the decisions spread over the first game
    edit_engine(project, "        return Observation(seat, tuple(s.hands[seat]),",
                "        return Observation(seat, tuple(s.hands[seat]) if sum(s.tricks) < 4 else "
                "tuple(c for h in s.hands for c in h),")
    row = rows_without_time(project)["engine"]
    assert not row.ok and "the observation changes when only cards the seat cannot see change" in row.problems[0]


def test_a_replay_that_differs_is_found_with_no_time_left(project):
    edit_engine(project, "        rng.shuffle(order)                                            # rule 1",
                "        random.shuffle(order)")
    row = rows_without_time(project)["engine"]
    assert not row.ok and "the same seed played a different game" in row.problems[0]


def test_cards_not_conserved_are_found_with_no_time_left(project):
    edit_engine(project, "            s.won[winner].extend(c for _, c in s.trick)",
                "            s.won[winner].extend(c for _, c in s.trick[1:])")
    row = rows_without_time(project)["samples"]
    assert not row.ok and "cards are not conserved: missing" in row.problems[0]


def test_an_information_set_that_keeps_the_hidden_cards_is_found_with_no_time_left(repo):
    game = Project(repo).load_game("euphoria")
    engine = make_engine(game)

    class Leaky(type(engine)):       # type: ignore[misc]
        def information_set(self, s, seat):
            return s.clone()

    leaky = Leaky.__new__(Leaky)
    leaky.__dict__.update(engine.__dict__)
    found = determinization_checks(game, leaky, budget=Budget.of(0.0))
    assert found.checked and found.problems
    assert "information set differs between states the seat cannot tell apart" in str(found.problems[0])
    clean = determinization_checks(game, engine, budget=Budget.of(0.0))
    assert clean.problems == [] and clean.cut and clean.checked < determinization_checks(game, engine).checked
