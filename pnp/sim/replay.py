"""Re-running a game log: every event must be legal in turn and the end must hash the same."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from .engine import CHANCE, TERMINAL, IllegalAction, InvariantError
from .errors import ReplayError
from .gamelog import GameLog


@dataclass(frozen=True)
class ReplayOutcome:
    steps: int
    final_state_hash: str
    matches: bool


def steps(engine: Any, log: GameLog) -> Iterator[tuple[Any, Any, Any]]:
    """Yield (state before, action, state after) for each event; raises ReplayError on a bad event.
    The states are clones, so a caller may keep them (``pnp play`` narrates from them)."""
    h = log.header
    if h.get("game") != engine.game_id:
        raise ReplayError(f"the log is a game of {h.get('game')!r}, not {engine.game_id!r}")
    try:
        state = engine.new_state(int(h["players"]), h.get("variant", "standard"), h.get("options") or {})
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"the log header is incomplete ({exc})") from None
    for i, ev in enumerate(log.events):
        where = f"event {i + 1}"
        seat = engine.to_move(state)
        if seat == TERMINAL:
            raise ReplayError(f"{where}: the game was already over, but the log goes on")
        expected = "chance" if seat == CHANCE else seat
        if ev.get("seat") != expected:
            raise ReplayError(f"{where}: the log says seat {ev.get('seat')!r} moves, the rules say {expected!r}")
        try:
            action = engine.action_from_json(ev.get("action"))
        except IllegalAction as exc:
            raise ReplayError(f"{where}: {exc}") from None
        if seat != CHANCE and action not in engine.legal_actions(state):
            raise ReplayError(f"{where}: {action.label()} is not a legal action here")
        before = state.clone()
        try:
            engine.apply(state, action)
            engine.check_invariants(state)
        except (IllegalAction, InvariantError) as exc:
            raise ReplayError(f"{where}: {exc}") from None
        yield before, action, state.clone()
    yield None, None, state


def replay(engine: Any, log: GameLog, *, check_data_hash: str | None = None) -> ReplayOutcome:
    """Replay ``log``; ReplayError when it cannot be replayed or ends in a different state."""
    h = log.header
    version = getattr(engine, "version", "1")
    if h.get("engine_version") != version:
        raise ReplayError(f"the log was recorded with engine {h.get('engine_version')!r}; this is {version!r}")
    if check_data_hash and h.get("data_hash") and h["data_hash"] != check_data_hash:
        raise ReplayError("the game's YAML data changed since the log was recorded (data hash differs)")
    state = None
    n = 0
    for before, action, after in steps(engine, log):
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
    return ReplayOutcome(n, final, True)
