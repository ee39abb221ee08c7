"""Tests of this game's rules engine.  Run them from the project folder:

    python -m pytest components/GAME/

Each scenario test quotes the rule it checks (see the rules in engine.py's docstring).  The last test
runs the checks ``pnp validate`` runs on every engine."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pnp.data.model import Game
from pnp.data.project import Project
from pnp.games.loader import make_engine
from pnp.sim.engine import CHANCE, TERMINAL, BaseEngine
from pnp.sim.generic import generic_checks
from pnp.sim.validation import run_sample_games

FOLDER = Path(__file__).resolve().parent
PROJECT = FOLDER.parent.parent


@pytest.fixture(scope="module")
def game() -> Game:
    return Project(PROJECT).load_game(FOLDER.name)


@pytest.fixture(scope="module")
def engine(game: Game) -> BaseEngine:
    return make_engine(game)


def card(engine: BaseEngine, card_id: str) -> int:
    ids: tuple[str, ...] = engine.card_ids
    return ids.index(card_id)


def deal(engine: BaseEngine, players: int, hands: list[list[str]]) -> Any:
    """A state right after a deal that gives each seat the named cards (the rest go to the stock)."""
    first = [card(engine, c) for hand in hands for c in hand]
    rest = [i for i in range(len(engine.card_ids)) if i not in first]
    state = engine.new_state(players)
    assert engine.to_move(state) == CHANCE
    deal_action = engine.action_from_json({"deal": first + rest})
    engine.apply(state, deal_action)
    return state


def play(engine: BaseEngine, state: Any, card_id: str) -> None:
    action = engine.action_from_json({"play": card(engine, card_id)})
    assert action in engine.legal_actions(state), f"{card_id} should be legal"
    engine.apply(state, action)


SIX = [["sun-8", "sun-1", "moon-2", "star-3", "star-4", "sun-5"],
       ["sun-3", "moon-1", "star-1", "star-2", "sun-6", "moon-8"]]


def test_each_player_gets_six_cards(engine: BaseEngine) -> None:
    """「各自に6枚ずつ配る」「残ったカードは伏せたまま脇に置き」"""
    state = deal(engine, 2, SIX)
    assert [len(h) for h in state.hands] == [6, 6] and len(state.stock) == 12


def test_must_follow_the_lead_suit(engine: BaseEngine) -> None:
    """「リードスートのカードを持っていれば、必ずリードスートを出す。」"""
    state = deal(engine, 2, SIX)
    play(engine, state, "star-3")
    legal = {engine.card_ids[a.card] for a in engine.legal_actions(state)}
    assert legal == {"star-1", "star-2"}


def test_trump_beats_the_lead_suit(engine: BaseEngine) -> None:
    """「月のカード（切り札）が出ていれば、月の最も大きい数字を出した人が勝つ。」"""
    hands = [["sun-8", "star-1", "star-2", "star-3", "star-4", "star-5"],
             ["moon-1", "star-6", "star-7", "star-8", "moon-2", "moon-3"]]
    state = deal(engine, 2, hands)
    play(engine, state, "sun-8")
    play(engine, state, "moon-1")          # no 太陽 in hand: any card, and 月 wins
    assert state.tricks == [0, 1] and state.leader == 1


def test_stars_score_one_point_more(engine: BaseEngine) -> None:
    """「取ったトリック1つにつき1点、取ったカードの中の星のカード1枚につきさらに1点。」"""
    state = deal(engine, 2, SIX)
    play(engine, state, "star-4")
    play(engine, state, "star-2")
    assert engine.result(state).scores == (3, 0)     # the standing scores, as the result reports them


def test_the_game_ends_when_the_hands_are_empty(engine: BaseEngine) -> None:
    """「手札がなくなるまで（6トリック）続ける。」"""
    state = deal(engine, 2, SIX)
    while engine.to_move(state) != TERMINAL:
        engine.apply(state, engine.legal_actions(state)[0])
    assert sum(state.tricks) == 6
    assert engine.result(state).end_reason == "hands_exhausted"


def test_sample_games_and_generic_checks(game: Game, engine: BaseEngine) -> None:
    """What `pnp validate` checks: invariants after every step, conservation, replays, hidden hands."""
    assert run_sample_games(game, engine, games_per_config=20) == []
    report = generic_checks(game, engine)
    assert report.problems == [] and report.undeclared == []
