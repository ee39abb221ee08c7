"""What 24 and ユーフォリア say when a log, a setting or the data is wrong: a coded message (pnp.catalogue.terror24,
pnp.catalogue.euphoria), worded in English and in Japanese, naming what was wrong."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import euphoria as EU
from pnp.games import terror24 as T
from pnp.messages import Msg
from pnp.sim.engine import IllegalAction, InvariantError
from pnp.sim.examples import ExampleError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def t24():
    return T.make_engine(Project(ROOT).load_game("terror24"))


@pytest.fixture(scope="module")
def eu():
    return EU.make_engine(Project(ROOT).load_game("euphoria"))


def coded(exc: BaseException, code: str) -> Msg:
    message = exc.args[0]
    assert isinstance(message, Msg) and message.code == code, message
    return message


def test_terror24_a_log_action_out_of_turn_is_named_in_both_languages(t24):
    s = t24.new_state(4)
    with pytest.raises(IllegalAction) as caught:
        t24.apply(s, T.Challenge(1))            # the first step picks a detective
    m = coded(caught.value, "terror24.expected_pick")
    assert m.render("en") == "expected a detective, got Challenge(dice=1)"
    assert m.render("ja") == "刑事を選ぶ手のはずが Challenge(dice=1) です"
    with pytest.raises(ValueError) as unknown:
        t24.action_from_json({"t": "fly"})
    assert coded(unknown.value, "terror24.unknown_action").render("ja") == "24の手ではありません：{'t': 'fly'}"


def test_terror24_settings_out_of_range(t24):
    with pytest.raises(ValueError) as players:
        t24.new_state(6)
    assert coded(players.value, "terror24.players").render("ja") == "24は3〜5人用です（6人が指定されました）"
    with pytest.raises(ValueError) as hands:
        t24.new_state(4, options={"hands": 4})
    assert str(hands.value) == "hands must be 1, 2 or 3, got 4"
    with pytest.raises(ValueError) as variant:
        t24.new_state(4, "nope")
    assert coded(variant.value, "terror24.unknown_variant").render("en").startswith("unknown variant 'nope' (variants: standard, ")


def test_terror24_invariant_names_the_seat(t24):
    s = t24.new_state(3)
    s.vp[2] = -1
    with pytest.raises(InvariantError) as caught:
        t24.check_invariants(s)
    m = coded(caught.value, "terror24.negative_vp")
    assert (m.render("en"), m.render("ja")) == ("seat 2: negative VP", "席2：VPが負です")


def test_terror24_example_setup_errors(t24):
    with pytest.raises(ExampleError) as caught:
        t24.example_state(3, {"incident": 7})
    m = coded(caught.value, "terror24.example_incident")
    assert m.render("ja") == "事件番号 7：事件番号は1〜5です"


def test_euphoria_a_bad_deal_and_a_bad_log_action(eu):
    s = eu.new_state(4)
    with pytest.raises(IllegalAction) as deal:
        eu.apply(s, EU.Deal(tuple([0] * 40)))
    assert coded(deal.value, "euphoria.deal_not_shuffle").render("ja") == "配りが山札全体を切ったものになっていません"
    with pytest.raises(IllegalAction) as number:
        eu.action_from_json({"move": "chant", "card": 99})
    assert str(number.value) == "no card number 99"
    with pytest.raises(IllegalAction) as shape:
        eu.action_from_json({"card": 3})
    assert coded(shape.value, "euphoria.not_an_action").render("en") == "not a ユーフォリア action: {'card': 3}"


def test_euphoria_option_errors_name_the_option_and_its_choices(eu):
    with pytest.raises(Exception) as caught:
        eu.new_state(4, options={"spare": "table"})
    m = coded(caught.value, "euphoria.option_choice")
    assert m.render("en") == "spare must be one of box, open, got 'table'"
    assert m.render("ja") == "spare は box, open のどれかです（'table'が指定されました）"
    with pytest.raises(Exception) as unknown:
        eu.new_state(4, options={"colour": 1})
    assert coded(unknown.value, "euphoria.unknown_options").render("en").startswith("unknown option(s) colour (options: ")


def test_euphoria_invariant_names_what_broke(eu):
    s = eu.new_state(4)
    eu.apply(s, eu.sample_chance(s, random.Random(1)))
    s.hands[0].append(s.hands[1][0])        # one card in two hands
    with pytest.raises(InvariantError) as caught:
        eu.check_invariants(s)
    m = coded(caught.value, "euphoria.cards_not_conserved")
    assert m.render("ja").startswith("カードの枚数が合いません：場に41枚、")
