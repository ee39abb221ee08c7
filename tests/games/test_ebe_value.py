"""EBE's team value (``team_value``, the hook the search player scores a cut playout with): its range, that
it reads nothing hidden, and that it moves the way the rulebook's goal says it should."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.games.ebe.policies import PlannerPolicy
from pnp.games.ebe.value import FEATURES, WEIGHTS
from pnp.sim.engine import CHANCE, TERMINAL

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def eng():
    return make_engine(Project(ROOT).load_game("ebe"))


def states(eng, players: int, games: int, seed: int, planner: bool):
    """Every state of a few seeded games (random or planner play), the final one included."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        pols = [PlannerPolicy() for _ in range(players)]
        s = eng.new_state(players)
        while True:
            m = eng.to_move(s)
            if m == TERMINAL:
                out.append(s.clone())
                break
            if m == CHANCE:
                eng.apply(s, eng.sample_chance(s, rng))
                continue
            out.append(s.clone())
            legal = eng.legal_actions(s)
            a = pols[m].choose(eng.observe(s, m), legal, rng) if planner else legal[int(rng.random() * len(legal))]
            eng.apply(s, a)
    return out


def hidden_reads(eng, sampled, samples: int = 6) -> tuple[list[str], int]:
    """Problems where the value of a state differs from the value of a determinization of what a seat
    knows (the value then reads a hidden piece), and how many (state, seat) pairs had something hidden."""
    rng = random.Random(3)
    problems, hidden = [], 0
    for k, s in enumerate(sampled):
        if eng.to_move(s) == TERMINAL:
            continue
        v = eng.team_value(s)
        for q in range(s.n):
            info = eng.information_set(s, q)
            dets = [eng.determinize(info, q, rng) for _ in range(samples)]
            hidden += any(d.ebe_now != s.ebe_now for d in dets)
            for d in [info] + dets:
                if eng.team_value(d) != v:
                    problems.append(f"state {k} seat {q}: {eng.team_value(d)} != {v}")
    return problems, hidden


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_value_is_a_chance_in_0_1_and_the_result_once_the_game_is_over(eng, players):
    assert len(WEIGHTS[players]) == len(FEATURES)
    seen = states(eng, players, 3, players, planner=False) + states(eng, players, 3, players, planner=True)
    for s in seen:
        v = eng.team_value(s)
        assert 0.0 <= v <= 1.0
        if eng.to_move(s) == TERMINAL:
            assert v == (1.0 if eng.result(s).winners else 0.0)
        else:
            assert 0.0 < v < 1.0
    assert len({round(eng.team_value(s), 6) for s in seen}) > 20     # it tells states apart


@pytest.mark.parametrize("players", [2, 4])
def test_the_value_never_reads_the_face_down_ebe(eng, players):
    """The face-down イーバ of this turn are hidden from every seat until the reveal: the value of a state
    must equal the value of every determinization of any seat's information set."""
    sampled = states(eng, players, 2, 10 + players, planner=True)[::3]
    problems, hidden = hidden_reads(eng, sampled)
    assert problems == []
    assert hidden > 0                     # the check met states with a face-down イーバ re-dealt

    class Leaky(type(eng)):
        def team_value(self, s):          # a value that peeks at the face-down イーバ's area
            return super().team_value(s) * 0.5 + 0.05 * sum(self.ebe_area[c] for c in s.ebe_now if c >= 0)

    leaky = Leaky.__new__(Leaky)
    leaky.__dict__.update(eng.__dict__)
    assert hidden_reads(leaky, sampled)[0]


def test_the_value_rises_with_missions_built_and_falls_near_death(eng):
    """「すべてのミッションを完成させ…脱出」 is the goal, and a character's death ends the game for the team."""
    s = next(x for x in states(eng, 3, 1, 7, planner=True) if x.rnd == 2 and eng.to_move(x) != TERMINAL)
    v = eng.team_value(s)
    built = s.clone()
    for m in built.missions:
        if m not in built.built:
            for r in range(4):
                built.loaded[m][r] = eng.mission_cost[m][r]
            built.built.append(m)
    assert eng.team_value(built) > v
    hurt = s.clone()
    hurt.dmg[0] = eng.char_life[hurt.chars[0]] - 1
    assert eng.team_value(hurt) < v
    low = s.clone()
    low.station = 5
    assert eng.team_value(low) < v
