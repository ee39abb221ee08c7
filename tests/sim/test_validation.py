from pathlib import Path

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.validation import run_sample_games, sample_configs

ROOT = Path(__file__).resolve().parents[2]


def test_configs_cover_every_count_and_policy():
    engine = make_engine(Project(ROOT).load_game("euphoria"))
    configs = sample_configs(engine)
    assert {p for p, _ in configs} == {3, 4, 5}
    assert ((4, ("random",)) in configs) and any(len(lu) > 1 for _, lu in configs)


def test_broken_engine_is_reported():
    game = Project(ROOT).load_game("euphoria")
    engine = make_engine(game)

    class Broken(type(engine)):
        def check_invariants(self, s):
            super().check_invariants(s)
            if s.round == 3 and s.n == 5:
                raise AssertionError("invented failure")

    broken = Broken.__new__(Broken)
    broken.__dict__.update(engine.__dict__)
    problems = run_sample_games(game, broken, games_per_config=3)
    assert problems and all(p.players == 5 for p in problems)
    assert "invented failure" in str(problems[0])
