"""Every golden transcript (tests/games/golden): each recorded game is played again from its seed, with
every invariant checked after every step, and must read, line for line, as the file does; its log,
through JSON, must replay to the same final state.  One table for all the bundled games (OpenSpiel's
playthrough test is the model); the files are written anew only on request:

    python -m pytest tests/games/test_playthroughs.py --update-golden -n 0     # then review the diff
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.gamelog import GameLog, build_log, make_header
from pnp.sim.replay import replay
from pnp.sim.runner import Trace, play_game
from pnp.sim.transcript import transcript

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden"


@dataclass(frozen=True)
class Playthrough:
    name: str                                # the file's name in golden/, without .txt
    game: str
    players: int
    policies: tuple[str, ...]
    seed: int
    variant: str = "standard"
    options: tuple[tuple[str, Any], ...] = ()



PLAYTHROUGHS = [
    Playthrough("terror24_4p_heuristic_seed7", "terror24", 4, ("heuristic",) * 4, 7),
    Playthrough("terror24_3p_random_seed3", "terror24", 3, ("random",) * 3, 3),
    Playthrough("terror24_5p_mixed_2hands_seed2", "terror24", 5, ("heuristic", "basic", "random", "heuristic", "basic"), 2, options=(("hands", 2),)),
    Playthrough("tantei2_3p_heuristic_seed3", "tantei2", 3, ("heuristic",) * 3, 3),
    Playthrough("tantei2_4p_mixed_seed1", "tantei2", 4, ("heuristic", "random", "heuristic", "random"), 1),
    Playthrough("tantei2_3p_cubes_seed2", "tantei2", 3, ("heuristic",) * 3, 2, variant="facedown-cubes"),
    Playthrough("euphoria_4p_heuristic_seed1", "euphoria", 4, ("heuristic",) * 4, 1),
    Playthrough("euphoria_3p_random_seed7", "euphoria", 3, ("random",) * 3, 7),
    Playthrough("euphoria_5p_mixed_seed2", "euphoria", 5, ("heuristic", "daring", "random", "heuristic", "daring"), 2),
    Playthrough("ebe_2p_planner_seed1", "ebe", 2, ("planner",) * 2, 1),
    Playthrough("ebe_3p_planner_seed2", "ebe", 3, ("planner",) * 3, 2),
    Playthrough("ebe_4p_random_seed7", "ebe", 4, ("random",) * 4, 7),
]

_ENGINES: dict[str, Any] = {}


def engine_of(game_id: str) -> Any:
    if game_id not in _ENGINES:
        _ENGINES[game_id] = make_engine(Project(ROOT).load_game(game_id))
    return _ENGINES[game_id]


def test_every_golden_file_has_its_playthrough():
    """A transcript file nobody plays again would pass silently, and a new one would never be checked."""
    assert sorted(p.name + ".txt" for p in PLAYTHROUGHS) == sorted(f.name for f in GOLDEN.glob("*.txt"))


@pytest.mark.parametrize("play", PLAYTHROUGHS, ids=lambda p: p.name)
def test_playthrough(play: Playthrough, request):
    engine = engine_of(play.game)
    options = dict(play.options)
    trace = Trace()
    record = play_game(engine, play.players, play.policies, play.seed, check=True, trace=trace,
                       variant=play.variant, options=options or None)
    assert record.error is None, record.error
    header = make_header(engine, None, seed=play.seed, players=play.players, policies=play.policies,
                         variant=play.variant, options=options)
    log = build_log(engine, header, trace, record.result)
    text = "\n".join(transcript(engine, log)) + "\n"
    path = GOLDEN / f"{play.name}.txt"
    if request.config.getoption("--update-golden"):
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"{path.name} missing: run with --update-golden once and review it"
    assert text == path.read_text(encoding="utf-8")
    again = replay(engine, GameLog.from_json(json.loads(json.dumps(log.to_json(), ensure_ascii=False))))
    assert again.matches and again.final_state_hash == engine.state_hash(trace.final_state)
