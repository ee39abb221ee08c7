"""Re-running a game log: every event must be legal in turn and the end must hash the same."""
from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..messages import msg
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
    players = _header_players(engine, h)
    streams = _chance_streams(engine, h) if check_chance else None
    try:
        state = engine.new_state(players, h.get("variant", "standard"), h.get("options") or {})
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError("header: " + msg("sim.log_header_incomplete", why=exc)) from None
    for i, ev in enumerate(log.events):
        where = f"events[{i}]"
        action = _event_action(engine, state, ev, where, streams, h)
        before = state.clone()
        try:
            engine.apply(state, action)
            engine.check_invariants(state)
        except (IllegalAction, InvariantError) as exc:
            raise ReplayError(f"{where}: " + msg("sim.log_rules_refuse", why=exc)) from None
        yield before, action, state.clone()
    yield None, None, state


def _header_players(engine: BaseEngine, h: Mapping[str, Any]) -> int:
    """The header's player count, once the header is known to be this engine's and its rules readable."""
    if h.get("game") != engine.game_id:
        raise ReplayError("header.game: " + msg("sim.log_other_game", logged=h.get("game"), game=engine.game_id))
    players = h.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or \
            not engine.min_players <= players <= engine.max_players:
        raise ReplayError("header.players: " + msg("sim.log_players", least=engine.min_players,
                                                   most=engine.max_players, got=players))
    options = h.get("options") or {}
    if not isinstance(options, dict) or not isinstance(h.get("variant", "standard"), str):
        raise ReplayError("header.options, header.variant: " + msg("sim.log_options"))
    return players


def _chance_streams(engine: BaseEngine, h: Mapping[str, Any]) -> Streams:
    """The same keyed chance streams as the game was played with, from the header's seed."""
    seed = h.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ReplayError("header.seed: " + msg("sim.log_seed", got=str(seed)[:40]))
    if abs(seed) >= 2 ** 64:
        raise ReplayError("header.seed: " + msg("sim.log_seed_digits", digits=len(str(abs(seed)))))
    return Streams(engine, seed)


def _event_action(engine: BaseEngine, state: Any, ev: Any, where: str, streams: Streams | None,
                  h: Mapping[str, Any]) -> Any:
    """The action a log event stands for in ``state``: played by the seat to move, legal, and for a
    chance outcome (with ``streams``) the one the seed draws."""
    if not isinstance(ev, dict):
        raise ReplayError(f"{where}: " + msg("sim.log_event_mapping", got=type(ev).__name__))
    seat = engine.to_move(state)
    if seat == TERMINAL:
        raise ReplayError(f"{where}: " + msg("sim.log_goes_on"))
    expected = "chance" if seat == CHANCE else seat
    if ev.get("seat") != expected:
        raise ReplayError(f"{where}.seat: " + msg("sim.log_wrong_seat", logged=ev.get("seat"), expected=expected))
    try:
        action = engine.action_from_json(ev.get("action"))
    except (IllegalAction, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise ReplayError(f"{where}.action: " + msg("sim.log_not_an_action", game=engine.game_id,
                                                    why=f"{type(exc).__name__}: {exc}")) from None
    if seat != CHANCE:
        # the engine's own action equal to the logged one: its label and any facts that are not
        # part of the JSON form (a card's name) are the ones play showed, not blanks
        legal = engine.legal_actions(state)
        try:
            return legal[legal.index(action)]
        except ValueError:
            raise ReplayError(f"{where}.action: " + msg("sim.log_illegal", action=action.label())) from None
    if streams is None:
        return action
    drawn = engine.sample_chance(state, streams.chance(state))
    if drawn != action:
        said = (msg("sim.log_chance_draws", seed=h["seed"], drawn=drawn.label(), logged=action.label())
                if drawn.label() != action.label()
                else msg("sim.log_chance_other", seed=h["seed"], logged=action.label()))
        raise ReplayError(f"{where}.action: {said}")
    return drawn


def replay(engine: BaseEngine, log: GameLog, *, check_data_hash: str | None = None) -> ReplayOutcome:
    """Replay ``log``; ReplayError when it cannot be replayed or ends in a different state.

    Nothing in the log is believed: chance outcomes are drawn again from the header's seed, the
    recorded result must equal the replayed one, and with ``check_data_hash`` the log must carry
    the hash of the data it was played on, equal to the current one."""
    h = log.header
    version = engine.version
    if h.get("engine_version") != version:
        raise ReplayError("header.engine_version: " + msg("sim.log_engine_version", logged=h.get("engine_version"),
                                                          version=version))
    if check_data_hash:
        if not h.get("data_hash"):
            raise ReplayError("header.data_hash: " + msg("sim.log_no_data_hash"))
        if h["data_hash"] != check_data_hash:
            raise ReplayError("header.data_hash: " + msg("sim.log_data_changed"))
    state = None
    n = 0
    for _before, action, after in steps(engine, log, check_chance=True):
        if action is None:
            state = after
        else:
            n += 1
    final = engine.state_hash(state)
    if engine.to_move(state) != TERMINAL:
        raise ReplayError("events: " + msg("sim.log_not_over", steps=n))
    if final != log.final_state_hash:
        raise ReplayError("final_state_hash: " + msg("sim.log_other_state", replayed=final[:12],
                                                     logged=log.final_state_hash[:12]))
    replayed = json.loads(json.dumps(result_json(engine.result(state)), ensure_ascii=False))
    if replayed != log.result:
        recorded = log.result if isinstance(log.result, dict) else {}
        keys = sorted(k for k in set(replayed) | set(recorded) if replayed.get(k) != recorded.get(k))
        detail = "; ".join(msg("sim.log_result_key", key=k, replayed=replayed.get(k), logged=recorded.get(k))
                           for k in keys[:3])
        raise ReplayError("result: " + msg("sim.log_other_result", detail=detail or msg("sim.log_no_result")))
    return ReplayOutcome(n, final, True)
