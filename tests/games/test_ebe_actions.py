"""EBE's explorer actions: one class per kind with named fields, written to a log exactly as the old
Act(kind, a, b, c) was (logs on disk replay), ordered by kind and codes across classes, and a log's act
of an unknown kind refused by code."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import ebe as E
from pnp.games import make_engine
from pnp.messages import Msg
from pnp.sim.engine import CHANCE, TERMINAL

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def eng():
    return make_engine(Project(ROOT).load_game("ebe"))


def test_each_kind_has_its_named_fields_and_the_log_form_of_before(eng):
    cases = [
        (eng.act(E.K_DONE), E.EndTurn, {}, (0, 0, 0), "手番を終える"),
        (eng.act(E.K_HEAL, 2), E.Heal, {"seat": 2}, (2, 0, 0), "1AP：2番席のダメージを回復する"),
        (eng.act(E.K_CONVERT, 0, 3), E.Convert, {"source": 0, "target": 3}, (0, 3, 0), "1AP：エーテルを炭素繊維に変える"),
        (eng.act(E.K_LOAD, 1, E.pack_load((2, 0, 1, 0))), E.Load, {"mission": 1, "amounts": 2 + 64}, (1, 66, 0),
         f"1AP：「{eng.mission_names[1]}」にエーテル2・鉄屑1を積む"),
        (eng.act(E.K_GAIN, E.WEAPON), E.Gain, {"what": E.WEAPON}, (E.WEAPON, 0, 0), "1AP：武器を1つ得る"),
        (eng.act(E.K_GIVE, 1, 0, 2), E.Give, {"giver": 1, "receiver": 0, "what": 2}, (1, 0, 2),
         "2番席から1番席へ鉄屑を渡す"),
    ]
    for action, cls, fields, (a, b, c), label in cases:
        assert type(action) is cls
        assert {k: getattr(action, k) for k in fields} == fields
        assert action.label() == label
        text = json.dumps(action.to_json(), ensure_ascii=False)
        assert text == json.dumps({"t": "act", "k": int(action.kind), "a": a, "b": b, "c": c})
        assert eng.action_from_json(json.loads(text)) is action       # one object per action, as the lists use


def test_an_item_giving_resources_names_the_two(eng):
    item = next(i for i in range(eng.n_items) if eng.item_effect[i] == E.Effect.RESOURCES)
    use = eng.act(E.K_USE, item, 1, 3)
    assert (type(use), use.item, use.first, use.second) == (E.UseItem, item, 1, 3)
    assert use.label() == f"「{eng.item_names[item]}」を使う（宇宙塵と炭素繊維）"


def test_the_actions_of_a_turn_are_listed_in_their_own_order_across_classes(eng):
    """The generic check sorts every legal list; an explorer's list mixes classes (end, gains, gives)."""
    rng = random.Random(4)
    mixed = 0
    for _ in range(6):
        s = eng.new_state(3)
        while eng.to_move(s) != TERMINAL:
            if eng.to_move(s) == CHANCE:
                eng.apply(s, eng.sample_chance(s, rng))
                continue
            legal = eng.legal_actions(s)
            if s.phase == E.P_ACT:
                assert sorted(legal) == legal and type(legal[0]) is E.EndTurn
                mixed += len({type(a) for a in legal}) > 2
            eng.apply(s, legal[rng.randrange(len(legal))])
    assert mixed > 0


def test_a_log_naming_an_unknown_kind_is_refused_by_code(eng):
    with pytest.raises(ValueError) as info:
        eng.action_from_json({"t": "act", "k": 9, "a": 0, "b": 0, "c": 0})
    message = info.value.args[0]
    assert isinstance(message, Msg) and message.code == "ebe.unknown_action"
