"""探偵無宿２: actions are values with named fields whose JSON, order, equality and hash are those of
``(kind, a, b)`` — the form logs and golden transcripts were written in — and the codes print as plain ints
(the state hash hashes their repr)."""
from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.games import tantei2 as T
from pnp.sim.engine import CHANCE, TERMINAL, IllegalAction

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def E():
    return make_engine(Project(ROOT).load_game("tantei2"))


def every_action(E):
    A = E.facts.actions
    return [*A.pick, *A.out, *A.inv, *A.flash, *A.sub, *(a for pair in A.rest for a in pair), A.rest_empty,
            *A.disc, *A.down, A.down_skip, *A.flip, *A.keep, A.keep_done]


def test_the_json_of_an_action_is_its_kind_and_two_numbers(E):
    f = E.facts
    e = f.ev_serial.index(24)
    assert E.A_INV[e].to_json() == {"k": 2, "a": e, "b": 0}
    assert E.A_REST[e][1] == T.Rest(e, True) and E.A_REST[e][1].to_json() == {"k": 5, "a": e, "b": 1}
    assert E.A_SUB[f.black].to_json() == {"k": 4, "a": f.black, "b": 0}
    assert E.A_KDONE.to_json() == {"k": 12, "a": 0, "b": 0}
    assert json.dumps(E.A_FLIP[e].to_json()) == f'{{"k": 10, "a": {e}, "b": 0}}'


def test_every_action_comes_back_through_json_and_pickle(E):
    actions = every_action(E)
    assert len(set(actions)) == len(actions) == len({json.dumps(a.to_json()) for a in actions})
    for a in actions:
        back = E.action_from_json(json.loads(json.dumps(a.to_json())))
        assert back == a and back.label() == a.label() and type(back) is type(a)
        assert pickle.loads(pickle.dumps(a)) == a


def test_order_equality_and_hash_are_those_of_kind_a_b(E):
    actions = every_action(E)
    key = {a: (a.to_json()["k"], a.to_json()["a"], a.to_json()["b"]) for a in actions}
    assert sorted(actions) == sorted(actions, key=key.__getitem__)
    assert all(hash(a) == hash(key[a]) for a in actions)
    # equal only to the same action: a discard of card 3 is not 一服 with card 3
    assert T.Discard(3) != T.Rest(3, False) and T.Discard(3) == T.Discard(3, "label is not compared")
    assert T.Investigate(3) < T.Flash(3) < T.Substitute(0) < T.Rest(0, False) < T.Rest(0, True) < T.RestEmpty()


def test_a_json_entry_that_is_no_action_is_refused(E):
    for data in ({"k": 2, "a": 999, "b": 0}, {"k": 13, "a": 0, "b": 0}, {"k": "x"}, [1, 2], None):
        with pytest.raises(IllegalAction):
            E.action_from_json(data)


def test_codes_print_as_the_numbers_they_are():
    assert repr((T.Task.DRAW, 1, 2)) == "(9, 1, 2)" and repr(T.Phase.MAIN) == "3" and str(T.Kind.KEEP_DONE) == "12"
    assert json.dumps({"phase": T.Phase.KEEP}) == '{"phase": 7}'


def test_legal_actions_are_sorted_in_random_play(E):
    rng = random.Random(3)
    for players in (3, 4):
        s = E.new_state(players)
        while (m := E.to_move(s)) != TERMINAL:
            if m == CHANCE:
                E.apply(s, E.sample_chance(s, rng))
                continue
            legal = E.legal_actions(s)
            assert legal == sorted(legal) and len(set(legal)) == len(legal)
            E.apply(s, rng.choice(legal))
