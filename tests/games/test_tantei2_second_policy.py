"""探偵無宿２'s second player: the heuristic's play with other face-down choices, so that the report can
check whether its face-down figures (the question 「裏向き配置のルールが全く生きていない」) depend on who plays."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import tantei2
from pnp.sim.robustness import robustness, robustness_ja
from pnp.sim.runner import Batch, run_games
from pnp.sim.stats import wilson

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def E():
    return tantei2.make_engine(Project(ROOT).load_game("tantei2"))


def test_the_engine_names_a_second_player_with_a_note(E):
    assert E.second_policy == "stasher" and E.second_policy in E.policies
    assert "裏向き" in E.policy_notes["stasher"]


def test_it_plays_legal_games_and_places_more_cards_face_down(E):
    heur = run_games(E, Batch(4, ("heuristic",), 60, seed=11, check=True))
    stash = run_games(E, Batch(4, ("stasher",), 60, seed=11, check=True))
    assert all(r.result is not None for r in heur + stash)
    placed_h = sum(r.result.extra["facedown_placed"] for r in heur)
    placed_s = sum(r.result.extra["facedown_placed"] for r in stash)
    kept_h = sum(r.result.extra["facedown_kept"] for r in heur)
    kept_s = sum(r.result.extra["facedown_kept"] for r in stash)
    assert placed_s > placed_h and kept_s >= kept_h


def test_it_is_a_competent_player_not_a_weak_one(E):
    """One stasher among three heuristic seats, rotated through the seats: about a fair share."""
    games = 300
    recs = run_games(E, Batch(4, ("stasher", "heuristic", "heuristic", "heuristic"), games, seed=2))
    wins = sum(1.0 / len(r.result.winners) for r in recs for s in r.result.winners if r.policies[s] == "stasher")
    lo, hi = wilson(wins, games)
    assert hi > 0.25                          # not below a fair share


def test_the_report_checks_the_face_down_figures_against_it(E):
    rb = robustness(E, Batch(4, ("heuristic",), 60, seed=3))
    assert rb is not None and rb["policy"] == "stasher" and rb["games"] == 60
    # the three face-down measures, the end measure and the four seats: every figure was tested
    assert rb["tested"] == 8
    assert "同じ種を" in robustness_ja(rb)
