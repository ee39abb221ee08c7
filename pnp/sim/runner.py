"""Plays games: one (``play_game``) or a batch (``run_games``) over any ``concurrent.futures.Executor``.

A batch gives identical records for any number of jobs: each game's RNGs derive from (root seed, game
index), the seats' policies from the game index, and the records are returned in index order.  Chance
and the policies' randomness come from keyed streams where the engine names its events
(:class:`pnp.sim.sampling.Streams`): two rule options on one seed share their cards and dice."""
from __future__ import annotations

import concurrent.futures as cf
import itertools
import math
import pickle
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..limits import MAX_GAME_SECONDS
from ..messages import msg
from ..watchdog import EngineStuck, arm_here
from .engine import CHANCE, TERMINAL, BaseEngine, GameRecord, IllegalAction, InvariantError
from .errors import SimError
from .policies import lineup, make_policy
from .sampling import Streams, derive_seed, game_seed


class StepLimitError(RuntimeError):
    """A game ran past the engine's ``max_steps``: a bug in the engine (it should be impossible)."""


@dataclass
class Trace:
    """What ``pnp play`` and game logs need beyond the record: every step in order."""

    events: list[tuple[int, Any]] = field(default_factory=list)   # (seat or CHANCE, action)
    final_state: Any = None


def play_game(engine: BaseEngine, players: int, policies: Sequence[str], seed: int, *, index: int = 0,
              variant: str = "standard", options: Mapping[str, Any] | None = None, check: bool = False,
              trace: Trace | None = None, policy_objects: Sequence[Any] | None = None,
              track_streams: bool = False, disturb: Mapping[str, int] | None = None,
              policy_seed: int | None = None) -> GameRecord:
    """Play one game to the end.  Errors and broken invariants are caught into ``record.error``.
    ``track_streams``: the record keeps how each random stream was used (``record.streams``), for noise
    floors; ``disturb``: {stream: use} — those streams are replaced from that use on (a placebo game);
    ``policy_seed``: the seats' random numbers from this seed instead of ``seed`` (the same chance, other
    coin flips of the same players)."""
    streams = Streams(engine, seed, track=track_streams, disturb=disturb, policy_seed=policy_seed)
    pols = list(policy_objects) if policy_objects is not None else [make_policy(engine, p) for p in policies]
    game = _Playthrough(engine, policies, pols, streams, check=check,
                        events=trace.events if trace is not None else None)
    result = error = None
    try:
        result = game.play(players, variant, options)
    except _OutOfTime as late:
        raise GameTimeLimit(msg("sim.game_where", index=index, seed=seed) + msg(
            "sim.game_too_long", seconds=MAX_GAME_SECONDS, steps=f"{late.steps:,}", after=_after(late.action))) from None
    except EngineStuck as stuck:   # a call into the engine never returned: the batch stops here
        raise GameTimeLimit(msg("sim.game_step_where", index=index, seed=seed, step=game.steps + 1,
                                after=_after(game.action)) + str(stuck)) from None
    except (Exception, SystemExit) as exc:   # noqa: BLE001 — a sample game must never take the batch down
        error = _error_text(exc, game.steps)
    if trace is not None:
        trace.final_state = game.state
    rounds, history = game.rounds.of(game.state)
    return GameRecord(index=index, seed=seed, players=players, policies=tuple(policies), variant=variant,
                      options=dict(options or {}), result=result, steps=game.steps, rounds=rounds, turns=game.turns,
                      score_history=history, error=error,
                      streams=streams.uses() if track_streams else None)


CHECK_EVERY = 4096      # steps between two looks at the clock


class _Rounds:
    """The rounds a game lasted and its score history: the engine's own ``score_history``, else the
    scores recorded whenever the round number (``progress``) moves on."""

    def __init__(self, engine: BaseEngine):
        caps = engine.capabilities
        self.progress: Any = engine.progress if caps.progress else None     # (round, scores) of a state, or None
        self.history: Any = engine.score_history if caps.score_history else None
        self.tracking = self.progress is not None and self.history is None
        self.tracked: list[tuple[float, ...]] = []
        self.last: Any = None

    def step(self, state: Any) -> None:
        """After every step of a tracked game: the scores of a round that just ended are kept."""
        now = self.progress(state)
        if self.last is not None and now[0] != self.last[0]:
            self.tracked.append(self.last[1])
        self.last = now

    def of(self, state: Any) -> tuple[int, tuple[tuple[float, ...], ...]]:
        """(rounds, score history) of the game that ended (or stopped) in ``state``."""
        if state is None:
            return 0, ()
        history: tuple[tuple[float, ...], ...] = ()
        if self.history:
            history = tuple(self.history(state) or ())
        elif self.tracking:
            history = tuple(self.tracked + ([self.progress(state)[1]] if self.last is not None else []))
        return (self.progress(state)[0] if self.progress else len(history)), history


class _Playthrough:
    """One game being played: the seats' policies and views, and where the game is (kept up to date
    when it stops, so that an error can say at which step)."""

    def __init__(self, engine: BaseEngine, names: Sequence[str], pols: Sequence[Any], streams: Streams, *,
                 check: bool, events: list[tuple[int, Any]] | None):
        self.engine, self.names, self.pols, self.streams = engine, names, pols, streams
        self.check, self.events = check, events
        self.wants_obs = [getattr(p, "uses_observation", True) for p in pols]
        # a search policy sees the seat's information set (hidden pieces canonical), never the state itself
        self.views = [engine.information_set if getattr(p, "wants_information_set", False) else engine.observe
                      for p in pols]
        # the time budget is checked every CHECK_EVERY steps, where the step bound is checked anyway: a game
        # pays nothing for it.  A search player's game is bounded by its iterations, not by the clock.
        self.timed = not any(getattr(p, "wants_information_set", False) for p in pols)
        self.rounds = _Rounds(engine)
        self.state: Any = None
        self.steps = self.turns = 0
        self.action: Any = None

    def play(self, players: int, variant: str, options: Mapping[str, Any] | None) -> Any:
        """Plays the game to its end and returns its checked result."""
        engine, check, events, pols, views, wants_obs = (self.engine, self.check, self.events, self.pols,
                                                          self.views, self.wants_obs)
        to_move, legal_actions, apply = engine.to_move, engine.legal_actions, engine.apply
        chance_rng, seat_rng = self.streams.chance, self.streams.seat
        rounds = self.rounds if self.rounds.tracking else None
        max_steps = engine.max_steps
        start = time.monotonic()
        check_at = min(max_steps, CHECK_EVERY)
        steps = turns = 0
        action: Any = None
        try:
            self.state = state = engine.new_state(players, variant, options)
            if check:
                engine.check_invariants(state)
            while True:
                seat = to_move(state)
                if seat == TERMINAL:
                    break
                if steps >= check_at:
                    check_at = self._next_check(steps, action, start)
                if seat == CHANCE:
                    action = engine.sample_chance(state, chance_rng(state))
                else:
                    legal = legal_actions(state)
                    if not legal:
                        raise InvariantError(msg("sim.no_legal_action", seat=seat))
                    action = pols[seat].choose(views[seat](state, seat) if wants_obs[seat] else None, legal,
                                               seat_rng(state, seat))
                    if check and action not in legal:
                        raise IllegalAction(msg("sim.policy_illegal", policy=self.names[seat], action=action))
                    turns += 1
                apply(state, action)
                steps += 1
                if rounds is not None:
                    rounds.step(state)
                if events is not None:
                    events.append((seat, action))
                if check:
                    engine.check_invariants(state)
        finally:
            self.steps, self.turns, self.action = steps, turns, action
        result = engine.result(state)
        _check_result(result, players)
        return result

    def _next_check(self, steps: int, action: Any, start: float) -> int:
        """At every CHECK_EVERY steps: stops a game past the engine's ``max_steps`` or (unless a search
        player is in it) its time budget; the step at which to look again."""
        max_steps = self.engine.max_steps
        if steps >= max_steps:
            raise StepLimitError(msg("sim.max_steps", steps=max_steps))
        if self.timed and time.monotonic() - start > MAX_GAME_SECONDS:
            raise _OutOfTime(steps, action)
        return min(max_steps, steps + CHECK_EVERY)


def _error_text(exc: BaseException, steps: int) -> str:
    """How a game's record says the error that stopped it: where, what, and for an unexpected kind the
    last frames of its traceback."""
    error = f"{_origin(exc)}{type(exc).__name__}: {exc}"
    if isinstance(exc, SystemExit):     # exit() in the engine's code must not end the command as a success
        return (f"{_origin(exc)}the engine called exit({exc.code!r}) at step {steps + 1}: an engine must "
                "return or raise, never end the program")
    if not isinstance(exc, (InvariantError, IllegalAction, StepLimitError)):
        error += "\n" + "".join(traceback.format_exception(exc)[-3:])
    return error


def _check_result(result: Any, players: int) -> None:
    """result() must give what the statistics read: a score and a rank (1 = winner) per seat."""
    scores, ranks = getattr(result, "scores", None), getattr(result, "ranks", None)
    if scores is None or ranks is None:
        raise InvariantError(msg("sim.result_kind", kind=type(result).__name__, value=str(result)[:60]))
    try:
        scores, ranks = tuple(scores), tuple(ranks)
    except TypeError:
        raise InvariantError("result(): " + msg("sim.result_sequences")) from None
    if len(scores) != players or len(ranks) != players:
        raise InvariantError("result(): " + msg("sim.result_counts", scores=len(scores), ranks=len(ranks),
                                                 seats=players))
    for v in scores:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise InvariantError("result(): " + msg("sim.result_score", score=v))
    for r in ranks:          # (a cooperative game that is lost gives every seat rank 2)
        if isinstance(r, bool) or not isinstance(r, int) or r < 1:
            raise InvariantError("result(): " + msg("sim.result_rank", rank=r))


class GameTimeLimit(SimError):
    """A game ran past its time budget, or a call into its engine never returned."""


class _OutOfTime(BaseException):
    def __init__(self, steps: int, action: Any):
        super().__init__(steps)
        self.steps, self.action = steps, action


def _after(action: Any) -> str:
    """", the last move chosen 〈label〉" for the message naming where a game stopped."""
    if action is None:
        return ""
    try:
        label = action.label() if callable(getattr(action, "label", None)) else repr(action)
    except Exception:  # noqa: BLE001 — the message must not fail on a broken label()
        label = repr(action)
    return msg("sim.after_move", move=str(label)[:80])


def _origin(exc: BaseException) -> str:
    """``file:line: `` of the deepest frame outside the runner (the engine's or a policy's own code), so
    that the first line of a game's error says where it happened."""
    if isinstance(exc, StepLimitError):
        return ""
    here = Path(__file__).resolve().parent
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        path = Path(frame.filename)
        if frame.filename.startswith("<") or path.resolve().parent == here:
            continue
        try:
            shown = path.resolve().relative_to(Path.cwd().resolve()).as_posix()
        except ValueError:
            shown = path.as_posix()
        return f"{shown}:{frame.lineno}: "
    return ""


@dataclass(frozen=True)
class Batch:
    """What to play: ``games`` games of ``players`` players from ``seed``."""

    players: int
    policies: tuple[str, ...]
    games: int
    seed: int = 1
    variant: str = "standard"
    options: Mapping[str, Any] = field(default_factory=dict)
    check: bool = False
    first_index: int = 0
    track_streams: bool = False                         # records keep their streams' use (noise floors)
    disturb: Mapping[int, Mapping[str, int]] | None = None   # game index → streams to disturb (placebo)
    policy_draw: int = 0        # > 0: the seats' random numbers drawn anew (seeded by this), chance kept


def _run_chunk(engine: BaseEngine, batch: Batch, indices: range) -> list[GameRecord]:
    arm_here()              # a worker process: the engine's time budget runs here too
    cache: dict[str, Any] = {}
    out = []
    endless = 0.0           # seconds spent in games that ran to max_steps
    for i in indices:
        if batch.disturb is not None and i not in batch.disturb:
            continue        # a placebo batch plays only the games it disturbs
        names = lineup(batch.policies, batch.players, i)
        pols = [cache.get(n) or cache.setdefault(n, make_policy(engine, n)) for n in names]
        started = time.monotonic()
        record = play_game(engine, batch.players, names, game_seed(batch.seed, i), index=i,
                           variant=batch.variant, options=batch.options, check=batch.check,
                           policy_objects=pols, track_streams=batch.track_streams,
                           disturb=batch.disturb.get(i) if batch.disturb else None,
                           policy_seed=derive_seed(game_seed(batch.seed, i), "policy", batch.policy_draw)
                           if batch.policy_draw else None)
        out.append(record)
        if record.error and record.error.startswith(StepLimitError.__name__):
            endless += time.monotonic() - started
            if endless > MAX_GAME_SECONDS:      # every game would run as long: stop instead of taking hours
                raise GameTimeLimit(msg("sim.game_where", index=i, seed=record.seed) + msg(
                    "sim.endless_games", error=record.error.splitlines()[0], seconds=f"{endless:.0f}"))
    return out


def _chunks(first: int, games: int, jobs: int) -> Iterator[range]:
    """Index ranges of at most 500 games, made lazily: a huge batch never lists its chunks."""
    size = max(1, min(500, games // max(1, jobs * 8) or 1))
    for a in range(first, first + games, size):
        yield range(a, min(first + games, a + size))


def _check_batch(engine: BaseEngine, batch: Batch, jobs: int) -> None:
    if not engine.min_players <= batch.players <= engine.max_players:
        raise SimError(f"{engine.game_id}: " + msg("sim.players_outside", players=batch.players,
                                                   least=engine.min_players, most=engine.max_players))
    if batch.games < 0:
        raise SimError(msg("sim.games_negative"))
    if jobs < 1:
        raise SimError(msg("sim.jobs_positive", jobs=jobs))
    for name in batch.policies:
        make_policy(engine, name)
    engine.new_state(batch.players, batch.variant, batch.options)   # raises early on a bad variant/option


def iter_games(engine: BaseEngine, batch: Batch, *, jobs: int = 1, executor: cf.Executor | None = None,
               on_progress: Callable[[int], None] | None = None) -> Iterator[GameRecord]:
    """Play a batch, yielding records in game-index order as they are ready.  At most a few chunks
    per worker are in flight, so memory stays flat however many games the batch has (the caller
    folds the records into its statistics and lets them go)."""
    _check_batch(engine, batch, jobs)
    chunks = _chunks(batch.first_index, batch.games, jobs)
    if executor is None and jobs <= 1:
        for ch in chunks:
            records = _run_chunk(engine, batch, ch)
            if on_progress:
                on_progress(len(ch))
            yield from records
        return
    _check_sendable(engine)
    own = executor is None
    pool = executor or cf.ProcessPoolExecutor(max_workers=jobs)
    window = max(2, 2 * jobs)
    pending: deque[cf.Future[Any]] = deque()
    try:
        chunk_of: dict[cf.Future[Any], range] = {}
        for ch in itertools.islice(chunks, window):
            pending.append(_submit(pool, engine, batch, ch))
            chunk_of[pending[-1]] = ch
        while pending:
            first = pending[0]
            try:
                records = pending.popleft().result()
            except BrokenProcessPool:
                raise SimError(msg("sim.worker_died", games=_span(first, chunk_of))) from None
            nxt = next(chunks, None)
            chunk_of.pop(first, None)
            if nxt is not None:
                pending.append(_submit(pool, engine, batch, nxt))
                chunk_of[pending[-1]] = nxt
            if on_progress:
                on_progress(len(records))
            yield from records
    finally:
        for f in pending:
            f.cancel()
        if own:
            pool.shutdown()


def _submit(pool: cf.Executor, engine: BaseEngine, batch: Batch, ch: range) -> cf.Future[Any]:
    """A chunk sent to the pool; a pool a worker already died in (a shared one, an earlier batch) refuses
    at once: said like a death while the chunk played."""
    try:
        return pool.submit(_run_chunk, engine, batch, ch)
    except BrokenProcessPool:
        raise SimError(msg("sim.worker_died", games=_games_of(ch))) from None


def _games_of(ch: range) -> str:
    return f"{ch.start}–{ch.stop - 1}"


def _span(future: cf.Future[Any], chunk_of: Mapping[cf.Future[Any], range]) -> str:
    ch = chunk_of.get(future)
    return _games_of(ch) if ch else "?"


def _check_sendable(engine: BaseEngine) -> None:
    """Worker processes get the engine by pickling it: an engine that cannot be pickled is said at once
    (not as a traceback from the pool)."""
    try:
        pickle.dumps(engine)
    except Exception as exc:  # noqa: BLE001 — pickle raises many kinds (PicklingError, TypeError, AttributeError …)
        raise SimError(f"{engine.game_id}: " + msg(
            "sim.engine_unpicklable", why=f"{type(exc).__name__}: {str(exc)[:120]}")) from None


def run_games(engine: BaseEngine, batch: Batch, *, jobs: int = 1, executor: cf.Executor | None = None,
              on_progress: Callable[[int], None] | None = None) -> list[GameRecord]:
    """Play a batch; records in game-index order.  ``executor`` overrides ``jobs`` (any Executor)."""
    return list(iter_games(engine, batch, jobs=jobs, executor=executor, on_progress=on_progress))
