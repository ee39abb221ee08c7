"""Re-running a game log: every event must be legal in turn and the end must hash the same."""
from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .engine import CHANCE, TERMINAL, BaseEngine, IllegalAction, InvariantError
from .errors import ReplayError
from .gamelog import GameLog, result_json
from .sampling import Streams


@dataclass(frozen=True)
class ReplayOutcome:
    steps: int
    final_state_hash: str
    matches: bool


def steps(engine: BaseEngine, log: GameLog, *, check_chance: bool = False) -> Iterator[tuple[Any, Any, Any]]:
    """Yield (state before, action, state after) for each event; raises ReplayError on a bad event.
    The states are clones, so a caller may keep them (``pnp play`` narrates from them).
    check_chance: every chance outcome must be the one the header's seed draws (a log cannot claim
    a luckier shuffle or roll than its seed gives)."""
    h = log.header
    if h.get("game") != engine.game_id:
        raise ReplayError(f"the log is a game of {h.get('game')!r}, not {engine.game_id!r}")
    players = h.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or \
            not engine.min_players <= players <= engine.max_players:
        raise ReplayError(f"header.players: expected {engine.min_players}–{engine.max_players}, got {players!r}")
    options = h.get("options") or {}
    if not isinstance(options, dict) or not isinstance(h.get("variant", "standard"), str):
        raise ReplayError("header.options must be a mapping and header.variant a name")
    streams = None
    if check_chance:
        seed = h.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ReplayError(f"header.seed: expected an integer, got {str(seed)[:40]!r}")
        if abs(seed) >= 2 ** 64:
            raise ReplayError(f"header.seed: a number of {len(str(abs(seed)))} digits is not a seed pnp writes "
                              "(at most 20 digits)")
        streams = Streams(engine, seed)     # the same keyed chance streams as the game was played with
    try:
        state = engine.new_state(players, h.get("variant", "standard"), options)
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"the log header is incomplete ({exc})") from None
    for i, ev in enumerate(log.events):
        where = f"event {i + 1}"
        if not isinstance(ev, dict):
            raise ReplayError(f"{where}: expected a mapping with seat and action, got {type(ev).__name__}")
        seat = engine.to_move(state)
        if seat == TERMINAL:
            raise ReplayError(f"{where}: the game was already over, but the log goes on")
        expected = "chance" if seat == CHANCE else seat
        if ev.get("seat") != expected:
            raise ReplayError(f"{where}: the log says seat {ev.get('seat')!r} moves, the rules say {expected!r}")
        try:
            action = engine.action_from_json(ev.get("action"))
        except (IllegalAction, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise ReplayError(f"{where}: not an action of {engine.game_id} ({type(exc).__name__}: {exc})") from None
        if seat != CHANCE:
            # the engine's own action equal to the logged one: its label and any facts that are not
            # part of the JSON form (a card's name) are the ones play showed, not blanks
            legal = engine.legal_actions(state)
            try:
                action = legal[legal.index(action)]
            except ValueError:
                raise ReplayError(f"{where}: {action.label()} is not a legal action here") from None
        if seat == CHANCE and streams is not None:
            drawn = engine.sample_chance(state, streams.chance(state))
            if drawn != action:
                said = (f"{drawn.label()}, but the log says {action.label()}" if drawn.label() != action.label()
                        else f"another outcome of 「{action.label()}」 than the log records")
                raise ReplayError(f"{where}: chance differs: seed {h['seed']} draws {said} "
                                  "(the log was changed, or recorded with another seed)")
            action = drawn
        before = state.clone()
        try:
            engine.apply(state, action)
            engine.check_invariants(state)
        except (IllegalAction, InvariantError) as exc:
            raise ReplayError(f"{where}: {exc}") from None
        yield before, action, state.clone()
    yield None, None, state


def replay(engine: BaseEngine, log: GameLog, *, check_data_hash: str | None = None) -> ReplayOutcome:
    """Replay ``log``; ReplayError when it cannot be replayed or ends in a different state.

    Nothing in the log is believed: chance outcomes are drawn again from the header's seed, the
    recorded result must equal the replayed one, and with ``check_data_hash`` the log must carry
    the hash of the data it was played on, equal to the current one."""
    h = log.header
    version = engine.version
    if h.get("engine_version") != version:
        raise ReplayError(f"the log was recorded with engine {h.get('engine_version')!r}; this is {version!r}")
    if check_data_hash:
        if not h.get("data_hash"):
            raise ReplayError("header.data_hash is missing: a log must name the data it was played on")
        if h["data_hash"] != check_data_hash:
            raise ReplayError("header.data_hash differs: the game's YAML data changed since the log was recorded")
    state = None
    n = 0
    for _before, action, after in steps(engine, log, check_chance=True):
        if action is None:
            state = after
        else:
            n += 1
    final = engine.state_hash(state)
    if engine.to_move(state) != TERMINAL:
        raise ReplayError(f"the log ends after {n} steps but the game is not over")
    if final != log.final_state_hash:
        raise ReplayError(f"the replay ends in a different state: hash {final[:12]}…, "
                          f"the log recorded {log.final_state_hash[:12]}…")
    replayed = json.loads(json.dumps(result_json(engine.result(state)), ensure_ascii=False))
    if replayed != log.result:
        recorded = log.result if isinstance(log.result, dict) else {}
        keys = sorted(k for k in set(replayed) | set(recorded) if replayed.get(k) != recorded.get(k))
        detail = "; ".join(f"{k}: replayed {replayed.get(k)!r}, recorded {recorded.get(k)!r}" for k in keys[:3])
        raise ReplayError(f"result differs from the log's ({detail or 'the log has no result'})")
    return ReplayOutcome(n, final, True)
