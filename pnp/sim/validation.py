"""Sample games for ``pnp validate``: every player count × every policy (alone and mixed), invariants
checked after every step.  Returns problems; an empty list means the engine held up."""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..data.model import Game
from .budget import UNLIMITED, Budget
from .crashes import replay_command
from .engine import BaseEngine
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
    seats: tuple[str, ...] = field(default=(), compare=False)    # the game's policies seat by seat

    def __str__(self) -> str:
        if self.policies == "determinize":      # a finding of the hooks' check, not of one sample game
            return f"{self.game}: {self.players}人 [determinize]: {self.message}"
        return (f"{self.game}: {self.players}人 [{self.policies}] game {self.game_index} (seed {self.seed}): "
                f"{self.message}" + (f" (replay: {self.replay()})" if self.seats else ""))

    def replay(self) -> str:
        """The ``pnp play`` command that plays this very game again."""
        return replay_command(self.game, self.players, self.seats, self.seed)


def sample_configs(engine: BaseEngine) -> list[tuple[int, tuple[str, ...]]]:
    names = policy_names(engine)
    lineups: list[tuple[str, ...]] = [(n,) for n in names]
    if len(names) > 1:
        lineups.append(tuple(names))
    return [(p, lu) for p in range(engine.min_players, engine.max_players + 1) for lu in lineups]


def run_sample_games(game: Game, engine: BaseEngine, games_per_config: int = 100, seed: int = 1,
                     jobs: int = 1) -> list[SampleProblem]:
    """Play ``games_per_config`` games per (player count, policy line-up) in validator mode."""
    return play_sample_games(game, engine, games_per_config, seed, jobs=jobs)[0]


def track_policy(engine: BaseEngine) -> str:
    """The policy whose games measure the score track: the game's own (the second listed), else the only one."""
    names = policy_names(engine)
    return names[1] if len(names) > 1 else names[0]


def play_sample_games(game: Game, engine: BaseEngine, games_per_config: int = 100, seed: int = 1, *,
                      jobs: int = 1, budget: Budget = UNLIMITED,
                      on_record: Callable[[int, tuple[str, ...], Any], None] | None = None,
                      on_progress: Callable[[int, int], None] | None = None) -> tuple[list[SampleProblem], list[int]]:
    """Sample games in validator mode: the problems, and how many games each configuration played.
    budget unlimited: games_per_config games of each configuration.  budget limited: rounds over every
    configuration (1 game each, then half of what the time taken so far says fit) until the budget is
    spent or games_per_config are played; every configuration plays at least one game, and game i of
    a configuration is the same game whatever the budget (seeded by its index).  on_record(players,
    lineup, record) sees every game; on_progress(played, planned) after each configuration's round and,
    within a long round, as its games are played.
    The budget is this process's CPU time: on a machine busy with other work the games are as many
    as on an idle one (the wall-clock time grows instead)."""
    engine = checked(game, engine)       # + card conservation when the engine reports card_locations
    configs = sample_configs(engine)
    problems: list[SampleProblem] = []
    played = [0] * len(configs)
    started = time.process_time()
    round_size = 1 if budget.limited else games_per_config
    while True:
        planned = sum(min(games_per_config, n + round_size) for n in played)
        for k, (players, lineup) in enumerate(configs):
            todo = min(round_size, games_per_config - played[k])
            if todo <= 0:
                continue
            batch = Batch(players, lineup, todo, seed=seed, check=True, first_index=played[k])
            within = [0]         # this round's games of the configuration so far

            def chunk(n: int, within: list[int] = within, todo: int = todo, planned: int = planned) -> None:
                within[0] += n
                if on_progress is not None and within[0] < todo:     # the round's end is said below
                    on_progress(sum(played) + within[0], planned)
            for r in iter_games(engine, batch, jobs=jobs, on_progress=chunk):     # streamed: memory flat in --games
                if on_record is not None:
                    on_record(players, lineup, r)
                if r.error is not None:
                    first = r.error.strip().splitlines()[0]
                    problems.append(SampleProblem(game.id, players, ",".join(lineup), r.index, r.seed, first,
                                                  tuple(r.policies)))
            played[k] += todo
            if on_progress is not None:
                on_progress(sum(played), planned)
        if not budget.limited or min(played) >= games_per_config:
            break
        per_game = (time.process_time() - started) / max(1, sum(played))
        # half of what is left a round: a round's games longer than those so far cannot overrun the budget much
        round_size = int(budget.left() / (2 * per_game * len(configs))) if per_game > 0 else games_per_config
        if round_size < 1:
            break
    return sorted(problems), played


def run_determinization_checks(game: Game, engine: BaseEngine, states: int = 12, samples: int = 8,
                               seed: int = 1) -> tuple[list[SampleProblem], int]:
    """The search player's hooks (``information_set``/``determinize``) at every player count: the
    problems :func:`pnp.sim.determinization.check_determinization` finds, and how many (state, seat)
    pairs it checked.  An engine without the hooks gives no problems and 0."""
    found = determinization_checks(game, engine, states, samples, seed)
    return found.problems, found.checked


@dataclass
class DeterminizationFound:
    problems: list[SampleProblem]
    checked: int                 # (state, seat) pairs
    cut: bool = False            # fewer than in full: the time budget was spent
    games: int = 0               # the random games the states were taken from


def determinization_checks(game: Game, engine: BaseEngine, states: int = 12, samples: int = 8, seed: int = 1,
                           budget: Budget = UNLIMITED) -> DeterminizationFound:
    """:func:`run_determinization_checks` within a time budget: each player count its equal share of
    it (every player count checked, at least one state each)."""
    from .determinization import check_determinization
    if not engine.capabilities.determinization:
        return DeterminizationFound([], 0)
    found = DeterminizationFound([], 0)
    counts = range(engine.min_players, engine.max_players + 1)
    for i, players in enumerate(counts):
        rep = check_determinization(engine, players, states=states, samples=samples, seed=seed,
                                    budget=budget.share(1 / (len(counts) - i)))
        found.checked += rep.states
        found.cut = found.cut or rep.cut
        found.games += rep.crashes.played
        own = f"{game.id} {players}p"            # said once, by the problem's own prefix
        found.problems += [SampleProblem(game.id, players, "determinize", 0, seed,
                                         p[len(own):].lstrip(": ") if p.startswith(own) else p)
                           for p in rep.problems]
    found.problems.sort()
    return found
