"""EBE's invariants catch a broken table: a state played to an explorer's actions, then put wrong in one
place, fails the check with the code that names that place (and the untouched state passes)."""
from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pnp.data.project import Project
from pnp.games import ebe as E
from pnp.games import make_engine
from pnp.sim.engine import CHANCE, InvariantError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def eng():
    return make_engine(Project(ROOT).load_game("ebe"))


@pytest.fixture(scope="module")
def acting(eng):
    """A 3-player game, seeded random play, stopped at the first explorer who acts with resources held."""
    rng = random.Random(11)
    s = eng.new_state(3)
    for _ in range(5000):
        if s.phase == E.P_ACT and any(any(r) for r in s.res):
            eng.check_invariants(s)
            return s
        if eng.to_move(s) == CHANCE:
            eng.apply(s, eng.sample_chance(s, rng))
        else:
            legal = eng.legal_actions(s)
            eng.apply(s, legal[int(rng.random() * len(legal))])
    raise AssertionError("no explorer acted with resources in 5000 steps")


def _lose_a_cube(s: Any, facts: Any) -> None:
    s.supply_res[2] -= 1


def _copy_an_item(s: Any, facts: Any) -> None:
    s.item_deck.append(s.item_deck[0])


def _misplace_a_drone(s: Any, facts: Any) -> None:
    d = s.drone_deck.pop()
    s.drone_at[next(a for a in range(7) if s.drone_at[a] < 0 and facts.drone_area[d] != a)] = d


def _lose_a_weapon(s: Any, facts: Any) -> None:
    s.supply_weap += 1


def _lose_a_damage_token(s: Any, facts: Any) -> None:
    s.supply_dmg -= 1


def _overload_a_mission(s: Any, facts: Any) -> None:
    m = s.missions[0]
    r = max(range(4), key=lambda r: s.supply_res[r])
    more = facts.mission_cost[m][r] - s.loaded[m][r] + 1
    assert s.supply_res[r] >= more
    s.loaded[m][r] += more
    s.supply_res[r] -= more


def _load_an_unused_mission(s: Any, facts: Any) -> None:
    m = s.mission_deck[0]
    s.loaded[m][1] += 1
    s.supply_res[1] -= 1


def _build_an_empty_mission(s: Any, facts: Any) -> None:
    s.built.append(next(m for m in s.missions if m not in s.built))


def _round_five(s: Any, facts: Any) -> None:
    s.rnd = 5


def _drop_a_mission(s: Any, facts: Any) -> None:
    s.mission_deck.append(s.missions.pop())


def _negative_ap(s: Any, facts: Any) -> None:
    s.ap = -1


def _share_a_character(s: Any, facts: Any) -> None:
    s.chars[1] = s.chars[0]


BROKEN: list[tuple[Callable[[Any, Any], None], str]] = [
    (_lose_a_cube, "ebe.cubes_not_conserved"),
    (_copy_an_item, "ebe.not_conserved"),
    (_misplace_a_drone, "ebe.drone_area"),
    (_lose_a_weapon, "ebe.weapons_not_conserved"),
    (_lose_a_damage_token, "ebe.damage_not_conserved"),
    (_overload_a_mission, "ebe.mission_overloaded"),
    (_load_an_unused_mission, "ebe.unused_mission_loaded"),
    (_build_an_empty_mission, "ebe.built_without_resources"),
    (_round_five, "ebe.round_range"),
    (_drop_a_mission, "ebe.mission_count"),
    (_negative_ap, "ebe.negative_ap"),
    (_share_a_character, "ebe.shared_character"),
]


@pytest.mark.parametrize(("breaks", "code"), BROKEN, ids=[code.split(".")[1] + "-" + b.__name__[1:]
                                                         for b, code in BROKEN])
def test_each_invariant_names_what_broke(eng, acting, breaks, code):
    s = acting.clone()
    breaks(s, eng.facts)
    with pytest.raises(InvariantError) as err:
        eng.check_invariants(s)
    assert err.value.args[0].code == code


def test_the_item_count_names_the_cards_it_found(eng, acting):
    s = acting.clone()
    s.item_deck.append(s.item_deck[0])
    with pytest.raises(InvariantError) as err:
        eng.check_invariants(s)
    assert err.value.args[0].params["what"] == "item cards"
    assert sorted(err.value.args[0].params["got"]).count(s.item_deck[0]) == 2
