"""Sample games for ``pnp validate``: every player count × every policy (alone and mixed), invariants
checked after every step.  Returns problems; an empty list means the engine held up."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..data.model import Game
from .generic import checked
from .policies import policy_names
from .runner import Batch, iter_games


@dataclass(frozen=True, order=True)
class SampleProblem:
    game: str
    players: int
    policies: str            # "random" or "heuristic,random" …
    game_index: int
    seed: int
    message: str

    def __str__(self) -> str:
        return (f"{self.game}: {self.players}人 [{self.policies}] game {self.game_index} (seed {self.seed}): "
                f"{self.message}")


def sample_configs(engine: Any) -> list[tuple[int, tuple[str, ...]]]:
    names = policy_names(engine)
    lineups: list[tuple[str, ...]] = [(n,) for n in names]
    if len(names) > 1:
        lineups.append(tuple(names))
    return [(p, lu) for p in range(engine.min_players, engine.max_players + 1) for lu in lineups]


def run_sample_games(game: Game, engine: Any = None, games_per_config: int = 100, seed: int = 1,
                     jobs: int = 1) -> list[SampleProblem]:
    """Play ``games_per_config`` games per (player count, policy line-up) in validator mode."""
    if engine is None:
        from ..games import make_engine
        engine = make_engine(game)
    engine = checked(game, engine)       # + card conservation when the engine reports card_locations
    problems: list[SampleProblem] = []
    for players, lineup in sample_configs(engine):
        batch = Batch(players, lineup, games_per_config, seed=seed, check=True)
        for r in iter_games(engine, batch, jobs=jobs):     # streamed: memory flat in --games
            if r.error is not None:
                first = r.error.strip().splitlines()[0]
                problems.append(SampleProblem(game.id, players, ",".join(lineup), r.index, r.seed, first))
    return sorted(problems)


def run_determinization_checks(game: Game, engine: Any = None, states: int = 12, samples: int = 8,
                               seed: int = 1) -> tuple[list[SampleProblem], int]:
    """The search player's hooks (``information_set``/``determinize``) at every player count: the
    problems :func:`pnp.sim.determinization.check_determinization` finds, and how many (state, seat)
    pairs it checked.  An engine without the hooks gives no problems and 0."""
    from .determinization import check_determinization
    if engine is None:
        from ..games import make_engine
        engine = make_engine(game)
    if not callable(getattr(engine, "determinize", None)):
        return [], 0
    problems: list[SampleProblem] = []
    checked = 0
    for players in range(engine.min_players, engine.max_players + 1):
        rep = check_determinization(engine, players, states=states, samples=samples, seed=seed)
        checked += rep.states
        problems += [SampleProblem(game.id, players, "determinize", 0, seed, p) for p in rep.problems]
    return sorted(problems), checked
