"""Runner: determinism across jobs, seat rotation, step limit, errors kept per game."""
from __future__ import annotations

import concurrent.futures as cf
import json
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.errors import SimError
from pnp.sim.metrics import compare, summarize
from pnp.sim.policies import lineup, parse_policies
from pnp.sim.runner import Batch, play_game, run_games
from pnp.sim.sampling import derive_seed, game_seed

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def engine():
    return make_engine(Project(ROOT).load_game("euphoria"))


def test_seed_derivation_is_stable():
    assert derive_seed(1, 0) == derive_seed(1, 0) != derive_seed(1, 1)
    assert game_seed(7, 3) == derive_seed(7, 3)
    assert 0 <= derive_seed(123, "seat", 4) < 2**63


def test_lineup_rotates_every_policy_through_every_seat():
    seen = {lineup(("a", "b"), 4, i) for i in range(4)}
    assert ("a", "b", "a", "b") in seen and ("b", "a", "b", "a") in seen
    counts = {}
    for i in range(3):
        for seat, name in enumerate(lineup(("x", "y", "z"), 3, i)):
            counts[(seat, name)] = counts.get((seat, name), 0) + 1
    assert set(counts.values()) == {1} and len(counts) == 9


def test_same_seed_same_records_and_json(engine):
    batch = Batch(4, ("heuristic", "random"), 40, seed=11)
    a = summarize(engine, run_games(engine, batch), batch)
    b = summarize(engine, run_games(engine, batch), batch)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_jobs_1_and_2_identical(engine):
    batch = Batch(5, ("heuristic", "daring"), 60, seed=3)
    one = run_games(engine, batch, jobs=1)
    two = run_games(engine, batch, jobs=2)
    assert one == two
    with cf.ThreadPoolExecutor(3) as pool:
        assert run_games(engine, batch, executor=pool) == one


def test_check_mode_finds_no_problem_and_counts(engine):
    batch = Batch(3, ("random",), 30, seed=5, check=True)
    recs = run_games(engine, batch)
    assert all(r.error is None for r in recs)
    assert [r.index for r in recs] == list(range(30))
    assert all(r.rounds == len(r.score_history) for r in recs)
    assert all(r.steps <= engine.max_steps for r in recs)


def test_step_limit_is_enforced(engine):
    class Tight(type(engine)):
        max_steps = 10
    tight = Tight.__new__(Tight)
    tight.__dict__.update(engine.__dict__)
    rec = play_game(tight, 4, ("random",) * 4, 1, check=True)
    assert rec.result is None and "max_steps" in rec.error


def test_an_engine_bug_is_recorded_not_raised(engine):
    class Broken(type(engine)):
        def check_invariants(self, s):
            if s.round == 2:
                raise AssertionError("boom")
    broken = Broken.__new__(Broken)
    broken.__dict__.update(engine.__dict__)
    rec = play_game(broken, 4, ("random",) * 4, 1, check=True)
    assert rec.result is None and "boom" in rec.error


def test_unknown_policy_and_bad_player_count(engine):
    with pytest.raises(SimError, match="unknown policy"):
        parse_policies(engine, "heuristic,clever")
    with pytest.raises(SimError):
        run_games(engine, Batch(7, ("random",), 1))


def test_summary_fields_and_paired_comparison(engine):
    batch = Batch(4, ("heuristic",), 50, seed=2)
    recs = run_games(engine, batch)
    s = summarize(engine, recs, batch)
    for key in ("game", "games", "seed", "players", "policies", "errors", "wins_by_seat", "end_reasons",
                "length", "findings", "wins_by_policy", "lead", "per_seat_facts", "scores"):
        assert key in s
    assert abs(sum(s["wins_by_seat"]) - 1) < 1e-9
    assert sum(s["end_reasons"].values()) == 50
    assert len(s["findings"]) == 4
    other = Batch(4, ("heuristic",), 50, seed=2, variant="hidden_removed")
    c = compare(engine, recs, run_games(engine, other), "standard", "hidden_removed")
    assert c["pairs"] == 50 and c["mean_score_diff"]["mean_diff"] < 0
