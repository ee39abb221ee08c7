"""EBE's messages by code: what the engine refuses (a bad option, a log's action that does not fit, a broken
state, the component checks) is worded in the language chosen, English or Japanese, and keeps its code."""
from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import ebe as E
from pnp.games import make_engine
from pnp.messages import Msg, set_lang
from pnp.sim.engine import InvariantError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game():
    return Project(ROOT).load_game("ebe")


@pytest.fixture(scope="module")
def eng(game):
    return make_engine(game)


@pytest.fixture(autouse=True)
def english_again():
    yield
    set_lang(None)


def refused(call, *args) -> Msg:
    with pytest.raises((ValueError, InvariantError)) as info:
        call(*args)
    message = info.value.args[0]
    assert isinstance(message, Msg), f"{message!r} has no code"
    return message


def test_a_bad_option_is_worded_in_either_language(eng):
    set_lang("en")
    english = refused(eng.new_state, 3, "standard", {"life": 33})
    assert english.code == "ebe.option_value"
    assert english.startswith("ebe: life=33 is not one of 10, 15, 20")
    set_lang("ja")
    japanese = refused(eng.new_state, 3, "standard", {"life": 33})
    assert japanese == english.render("ja")
    assert japanese.startswith("ebe：life=33 は選べません（10, 15, 20")
    assert str(refused(eng.new_state, 5)) == "ebe：5 人では遊べません（2〜4 人）"
    assert str(refused(eng.new_state, 2, "standard", {"speed": 1})) == (
        "ebe：オプション ['speed'] はありません（オプション：life, closed, ebe_strength）")
    assert str(refused(eng.new_state, 2, "nope")) == "ebe：変種 'nope' はありません"


def test_an_action_from_a_log_that_does_not_fit_is_refused_with_a_code(eng):
    s = eng.new_state(2)
    set_lang("ja")
    wrong = refused(eng.apply, s, E.PAYS[1])            # the game starts with a deal, not a payment
    assert wrong.code == "ebe.wrong_phase" and "段階 chars では指せません" in wrong
    unknown = refused(eng.action_from_json, {"t": "jump"})
    assert unknown.code == "ebe.unknown_action" and unknown.startswith("知らない手です")
    assert refused(eng.result, s) == "ゲームはまだ終わっていません"
    assert refused(eng.sample_chance, _at_phase(s, E.P_ACT), None).code == "ebe.no_chance_step"


def _at_phase(s, phase):
    c = s.clone()
    c.phase = phase
    return c


def test_a_broken_state_names_what_is_not_conserved(eng):
    s = eng.new_state(2)
    s.supply_weap += 1
    set_lang("en")
    assert str(refused(eng.check_invariants, s)) == "weapon cubes not conserved"
    set_lang("ja")
    assert str(refused(eng.check_invariants, s)) == "武器キューブの数が合いません"


def test_the_component_checks_are_worded_in_either_language(game):
    components = tuple(dataclasses.replace(c, count=3) if c.id == "dice" else c for c in game.components)
    g = dataclasses.replace(game, components=components)
    set_lang("en")
    (english,) = E.check_components(g)
    assert english.code == "ebe.dice_count"
    assert english == "3 dice (must be 6: the most players 4 + 2 EBE at once)"
    assert english.render("ja") == "サイコロが 3 個です（最多人数 4 ＋ 同時に出るイーバ 2 ＝ 6 個のはず）"


def test_bad_card_data_names_file_and_line_in_either_language(game):
    g = copy.deepcopy(game)
    card = g.deck("events").cards[0]
    card.rules["now"] = {"earthquake": 1}
    set_lang("ja")
    message = refused(E.EbeEngine, g)
    assert message.code == "ebe.data_problems"
    assert f"{card.where.file}:{card.where.line}: すぐに起きる効果 'earthquake' はありません" in message
