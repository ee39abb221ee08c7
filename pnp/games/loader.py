"""The one place that turns game.yaml's ``engine:`` into a rules engine.

``engine:`` may name

* a file in the game's folder: ``engine: engine.py`` (loaded under a module name of its own, so two
  projects' ``engine.py`` never meet);
* a bundled engine: ``engine: euphoria`` (``pnp.games.euphoria``);
* an entry point in the ``pnp.engines`` group (an installed plug-in: ``mygame = mypkg.rules`` or
  ``mygame = mypkg.rules:make_engine``);
* an installed module: ``engine: mypkg.rules``.

Every caller (validate, simulate, play, replay, the rulebook's ``{{rulings}}``) goes through
``engine_module`` / ``make_engine`` here.  A missing or broken engine is an ``EngineError`` naming
game.yaml's ``engine:`` line and, when the engine's own code failed, the line in the engine's file.
"""
from __future__ import annotations

import copyreg
import dataclasses
import hashlib
import importlib
import importlib.metadata
import importlib.util
import random
import re
import sys
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from .. import watchdog
from ..data.model import Game
from ..data.yamlsource import game_yaml_where
from ..errors import PnpError
from ..files import read_limited
from ..limits import MAX_ENGINE_STEPS, MAX_FILE_BYTES
from ..messages import msg
from ..sim.engine import CAPABILITY_HOOKS, BaseEngine, Capabilities, Chance, Result, hooks_disagreeing

ENTRY_POINT_GROUP = "pnp.engines"
BUNDLED_PACKAGE = "pnp.games"

# what the runner, the validator and ``pnp play`` call on every engine (see pnp/sim/engine.py)
REQUIRED_METHODS = ("new_state", "to_move", "legal_actions", "sample_chance", "apply", "observe", "result",
                    "check_invariants", "action_from_json", "state_hash")
_FILE_MODULES: dict[tuple[str, str], ModuleType] = {}
_STUCK: dict[tuple[str, str], EngineError] = {}


class EngineError(PnpError):
    """The engine game.yaml names cannot be found, imported or started."""


def has_engine(game: Game) -> bool:
    return bool(game.engine)


def engine_where(game: Game) -> str:
    """Where game.yaml names the engine."""
    return game_yaml_where(game, ("engine",))


def _display(game: Game, path: Path) -> str:
    """The engine file as the designer knows it: beside game.yaml."""
    folder = Path(game.where.file).parent.as_posix()
    try:
        rel = path.resolve().relative_to(Path(game.folder).resolve()).as_posix()
    except ValueError:
        return path.as_posix()
    return f"{folder}/{rel}" if folder not in ("", ".") else rel


def _fail(game: Game, message: str, detail: str | None = None) -> EngineError:
    text = f"{engine_where(game)}: engine: {message}"
    return EngineError(text + (f"\n{detail}" if detail else ""))


def _code_location(exc: BaseException, files: dict[str, str]) -> str | None:
    """``file:line: Kind: message`` for the deepest frame of the traceback inside one of ``files``
    (resolved path → display name); a SyntaxError carries its own line and column."""
    if isinstance(exc, SyntaxError) and exc.filename:
        shown = files.get(str(Path(exc.filename).resolve()))
        if shown:
            col = f":{exc.offset}" if exc.offset else ""
            return f"{shown}:{exc.lineno}{col}: {type(exc).__name__}: {exc.msg}"
    found = None
    for frame in traceback.extract_tb(exc.__traceback__):
        try:
            key = str(Path(frame.filename).resolve())
        except (OSError, ValueError):
            continue
        if key in files:
            found = f"{files[key]}:{frame.lineno}: {type(exc).__name__}: {exc}"
    return found


def _describe(exc: BaseException, files: dict[str, str]) -> str:
    return _code_location(exc, files) or f"{type(exc).__name__}: {exc}"


def _load_file(game: Game, spec: str) -> ModuleType:
    folder = Path(game.folder).resolve()
    path = (folder / spec).resolve()
    try:
        path.relative_to(folder)
    except ValueError:
        raise _fail(game, f"engine file {spec!r} leaves the game's folder") from None
    if not path.is_file():
        raise _fail(game, f"no engine file {spec!r} in {Path(game.where.file).parent.as_posix()}/")
    try:
        source = read_limited(path, MAX_FILE_BYTES)
    except OSError as exc:
        raise _fail(game, f"cannot read {spec!r}: {exc.strerror}") from None
    except ValueError as exc:
        raise _fail(game, f"engine file {spec!r}: {exc}") from None
    digest = hashlib.sha256(str(path).encode() + b"\0" + source).hexdigest()[:16]
    key = (str(path), digest)
    if key in _FILE_MODULES:
        return _FILE_MODULES[key]
    safe_id = re.sub(r"\W", "_", game.id)
    name = f"{FILE_MODULE_PREFIX}{safe_id}_{digest}"
    if key in _STUCK:
        raise _STUCK[key]
    watchdog.watch(path, shown=_display(game, path))
    try:
        module = _exec_file(name, path)
    except _NotPython:
        raise _fail(game, f"{spec!r} is not a Python file") from None
    except watchdog.EngineStuck as exc:     # its top level never finished: said once, then refused at once
        _STUCK[key] = _fail(game, f"the rules engine {spec!r} did not finish loading", str(exc))
        raise _STUCK[key] from None
    except Exception as exc:   # noqa: BLE001 — whatever the designer's code raises is reported, not shown
        raise _fail(game, f"the rules engine {spec!r} failed to load",
                    _describe(exc, {str(path): _display(game, path)})) from None
    _FILE_MODULES[key] = module
    return module


FILE_MODULE_PREFIX = "pnp_project_engine_"


class _NotPython(Exception):
    pass


def _exec_file(name: str, path: Path) -> ModuleType:
    module_spec = importlib.util.spec_from_file_location(name, path)
    if module_spec is None or module_spec.loader is None:
        raise _NotPython(str(path))
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[name] = module          # dataclasses and pickle look the module up by name
    try:
        module_spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


# An engine from a game's folder travels to worker processes (``--jobs``) by pickle, which names classes
# by module.  A worker started by fork has the module already; one started by spawn or forkserver (macOS,
# and Linux from Python 3.14 on) does not, so the engine is pickled as "load this file under this name,
# then restore the engine's attributes": the file is executed in the worker before anything refers to it.
def _rebuild_shell(path: str, name: str, qualname: str) -> Any:
    module = sys.modules.get(name) or _exec_file(name, Path(path))
    cls: Any = module
    for part in qualname.split("."):
        cls = getattr(cls, part)
    return cls.__new__(cls)


def _reduce_file_engine(engine: BaseEngine) -> tuple[Callable[[str, str, str], Any], tuple[str, str, str], Any]:
    cls = type(engine)
    module = sys.modules[cls.__module__]
    state = engine.__getstate__() if hasattr(engine, "__getstate__") else engine.__dict__
    return _rebuild_shell, (str(module.__file__), cls.__module__, cls.__qualname__), state


def _travels(engine: BaseEngine) -> None:
    cls = type(engine)
    if cls.__module__.startswith(FILE_MODULE_PREFIX):
        copyreg.pickle(cls, _reduce_file_engine)


def _entry_point(name: str) -> importlib.metadata.EntryPoint | None:
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == name:
            return ep
    return None


def _bundled_names() -> list[str]:
    import pkgutil
    return sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).resolve().parent)])
                  if not m.name.startswith("_") and m.name != "loader")


def _bundled(name: str) -> bool:
    full = f"{BUNDLED_PACKAGE}.{name}"
    if full in sys.modules:
        return True
    try:
        return importlib.util.find_spec(full) is not None
    except (ImportError, ValueError):
        return False


def _watch_module(module_name: str) -> None:
    """Watch an installed (not bundled) engine's code: the top-level package's folder, or its file."""
    if module_name.startswith(BUNDLED_PACKAGE + "."):
        return
    try:
        found = importlib.util.find_spec(module_name.split(".")[0])
    except (ImportError, ValueError):
        return
    if found is None or not found.origin or found.origin in ("built-in", "frozen"):
        return
    if found.submodule_search_locations:
        for folder in found.submodule_search_locations:
            watchdog.watch(folder, folder=True)
    else:
        watchdog.watch(found.origin)


def _import(game: Game, module_name: str, spec: str) -> ModuleType:
    _watch_module(module_name)
    try:
        return importlib.import_module(module_name)
    except watchdog.EngineStuck as exc:
        raise _fail(game, f"the rules engine {spec!r} did not finish loading", str(exc)) from None
    except ModuleNotFoundError as exc:
        if exc.name and (module_name == exc.name or module_name.startswith(exc.name + ".")):
            raise LookupError(module_name) from None
        raise _fail(game, f"the rules engine {spec!r} failed to load", _module_failure(exc, module_name)) from None
    except Exception as exc:   # noqa: BLE001
        raise _fail(game, f"the rules engine {spec!r} failed to load", _module_failure(exc, module_name)) from None


def _module_failure(exc: BaseException, module_name: str) -> str:
    """An installed module failed: the deepest frame of its traceback outside the import machinery."""
    files = {}
    for frame in traceback.extract_tb(exc.__traceback__):
        if not frame.filename.startswith("<") and Path(frame.filename).resolve() != Path(__file__).resolve():
            files[str(Path(frame.filename).resolve())] = Path(frame.filename).as_posix()
    if isinstance(exc, SyntaxError) and exc.filename:
        files[str(Path(exc.filename).resolve())] = Path(exc.filename).as_posix()
    return _describe(exc, files)


def _resolve(game: Game) -> tuple[ModuleType | None, Callable[[Game], Any] | None]:
    """(module, factory): the engine's module and its ``make_engine``."""
    spec = str(game.engine).strip()
    if spec.endswith(".py") or "/" in spec:
        module = _load_file(game, spec)
        return module, getattr(module, "make_engine", None)
    if re.fullmatch(r"[a-z0-9_]+", spec) and spec != "loader" and _bundled(spec):
        module = _import(game, f"{BUNDLED_PACKAGE}.{spec}", spec)
        return module, getattr(module, "make_engine", None)
    ep = _entry_point(spec)
    if ep is not None:
        _watch_module(ep.module)
        try:
            loaded = ep.load()
        except watchdog.EngineStuck as exc:
            raise _fail(game, f"the entry point {spec!r} did not finish loading", str(exc)) from None
        except Exception as exc:   # noqa: BLE001
            raise _fail(game, f"the entry point {spec!r} ({ENTRY_POINT_GROUP}: {ep.value}) failed to load",
                        _module_failure(exc, ep.module)) from None
        if isinstance(loaded, ModuleType):
            return loaded, getattr(loaded, "make_engine", None)
        return sys.modules.get(ep.module), loaded
    if not re.fullmatch(r"[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*", spec):
        raise _fail(game, f"{spec!r} is neither a file (engine.py), a bundled engine nor a module name")
    try:
        module = _import(game, spec, spec)
    except LookupError:
        raise _fail(game, f"no rules engine {spec!r}: not a file in the game's folder (write engine: {spec}.py "
                          f"for one), not a bundled engine ({', '.join(_bundled_names())}), no "
                          f"{ENTRY_POINT_GROUP} entry point and no installed module of that name") from None
    return module, getattr(module, "make_engine", None)


def engine_module(game: Game) -> ModuleType | None:
    """The engine's module (for its optional ``check_components``, ``RULINGS`` …); None without an engine."""
    if not game.engine:
        return None
    return _resolve(game)[0]


def make_engine(game: Game) -> BaseEngine:
    """Load and start the engine game.yaml names, checked against the protocol."""
    if not game.engine:
        raise EngineError(f"{game.where.file}: engine: " + msg("games.no_engine"))
    module, factory = _resolve(game)
    if not callable(factory):
        what = f"{game.engine!r}" if str(game.engine).endswith(".py") else \
            f"module {getattr(module, '__name__', game.engine)!r}"
        raise _fail(game, f"{what} defines no make_engine(game) function")
    files = {}
    where = getattr(module, "__file__", None) if module is not None else None
    if where:
        files[str(Path(where).resolve())] = _short(game, where)
    stopped = watchdog.failure(where)
    if stopped:                 # a call into it never returned earlier in this command: no second wait
        raise _fail(game, "an earlier call into the engine did not return", stopped)
    try:
        engine = factory(game)
    except PnpError:
        raise
    except watchdog.EngineStuck as exc:
        raise _fail(game, f"make_engine(game) of {game.engine!r} did not return", str(exc)) from None
    except Exception as exc:   # noqa: BLE001 — an engine that cannot start on this data is reported
        unfinished = _abstract_engine(module, exc)
        if unfinished is not None:      # a BaseEngine subclass that lacks a required method
            raise _fail(game, msg("engine.lacks", spec=str(game.engine), missing=", ".join(
                sorted(unfinished.__abstractmethods__)), file=_short(game, where) if where else str(game.engine),
                cls=f"class {unfinished.__name__}")) from None
        raise _fail(game, f"make_engine(game) of {game.engine!r} failed", _describe(exc, files)) from None
    adapted = adapt(engine, game, module)
    if adapted.max_steps > MAX_ENGINE_STEPS:    # a bound no game reaches is no bound: a game might never end
        raise _fail(game, f"the engine's max_steps is {adapted.max_steps:,}; at most {MAX_ENGINE_STEPS:,} "
                          "(a bound a real game never reaches; the largest bundled one is 200,000)")
    _printed_score_track(adapted, game)
    _travels(engine)
    return adapted


# --------------------------------------------------------------------------- the adapter
# An engine written without pnp.sim.engine.BaseEngine (any object with the required methods) is wrapped
# once, here: the adapter supplies BaseEngine's defaults for what the object leaves out and derives its
# Capabilities from what it has.  This is the only place that probes an engine for its hooks.

# every optional method hook of BaseEngine, taken from the designer's object when it has one
OPTIONAL_HOOKS = ("chance_key", "decision_key", "chance_event_ja", "progress", "score_history", "questions",
                  "action_cards", "seat_name", "describe_setup", "narrate", "describe_result", "card_locations",
                  "redeal", "example_state", "example_facts", "information_set", "determinize", "team_value")
# every optional data attribute of BaseEngine, taken from the designer's object when it has it
OPTIONAL_ATTRIBUTES = ("version", "variants", "options", "default_policy", "second_policy", "policy_notes",
                       "labels_ja", "descriptive_facts", "card_groups", "card_effects", "report_comparisons",
                       "round_unit_ja", "ruling_ids", "card_ids")


class EngineAdapter(BaseEngine):
    """A designer's engine that does not subclass BaseEngine, with BaseEngine's defaults for what it
    leaves out.  Its own extra attributes stay reachable through the adapter."""

    policies: Mapping[str, Any]

    def __init__(self, inner: Any, capabilities: Capabilities, policies: Mapping[str, Any]) -> None:
        self._inner = inner
        self.capabilities = capabilities
        self.policies = dict(policies)
        self.max_steps = inner.max_steps
        own = self.__dict__
        for name in OPTIONAL_ATTRIBUTES:
            if hasattr(inner, name):
                own[name] = getattr(inner, name)
        for name in OPTIONAL_HOOKS:
            hook = getattr(inner, name, None)
            if callable(hook):
                own[name] = hook
        counts = getattr(inner, "component_counts", None)
        if counts is not None:      # a method, or the counts themselves
            own["component_counts"] = counts if callable(counts) else _Counts(counts)
        if not callable(getattr(inner, "check_invariants", None)):
            own["check_invariants"] = _no_invariants

    def __reduce__(self) -> tuple[Any, ...]:
        # the capabilities are derived again where the engine arrives (a measure may hold a lambda)
        return (_readapted, (self._inner, self.capabilities.game_id, self.score_track))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_inner":
            raise AttributeError(name)
        return getattr(self._inner, name)

    @property
    def inner(self) -> Any:
        """The designer's own engine object."""
        return self._inner

    def new_state(self, players: int, variant: str = "standard",
                  options: Mapping[str, Any] | None = None) -> Any:
        return self._inner.new_state(players, variant, options)

    def to_move(self, state: Any) -> int:
        return int(self._inner.to_move(state))

    def legal_actions(self, state: Any) -> list[Any]:
        return self._inner.legal_actions(state)     # type: ignore[no-any-return]

    def sample_chance(self, state: Any, rng: random.Random) -> Any:
        return self._inner.sample_chance(state, rng)

    def apply(self, state: Any, action: Any) -> None:
        self._inner.apply(state, action)

    def observe(self, state: Any, seat: int) -> Any:
        return self._inner.observe(state, seat)

    def result(self, state: Any) -> Result:
        return self._inner.result(state)    # type: ignore[no-any-return]

    def check_invariants(self, state: Any) -> None:
        self._inner.check_invariants(state)

    def action_from_json(self, data: Any) -> Any:
        return self._inner.action_from_json(data)

    def state_hash(self, state: Any) -> str:
        return self._inner.state_hash(state)    # type: ignore[no-any-return]


class _Counts:
    """``component_counts`` given as a mapping rather than a method."""

    def __init__(self, counts: Mapping[str, int]) -> None:
        self.counts = counts

    def __call__(self) -> Mapping[str, int]:
        return self.counts


def _abstract_engine(module: ModuleType | None, exc: Exception) -> type[BaseEngine] | None:
    """The BaseEngine subclass of ``module`` that could not be made because it lacks a required method."""
    if not isinstance(exc, TypeError) or "abstract" not in str(exc) or module is None:
        return None
    for value in vars(module).values():
        if isinstance(value, type) and issubclass(value, BaseEngine) and value.__abstractmethods__ \
                and f"class {value.__name__} " in str(exc):
            return value
    return None


def _no_invariants(state: Any) -> None:
    """An engine without check_invariants: the generic checks still run."""


def _class_name(engine: BaseEngine) -> str:
    return f"class {type(engine).__name__}"


def _readapted(inner: Any, game_id: str, score_track: Any) -> EngineAdapter:
    adapter = EngineAdapter(inner, _derived_capabilities(inner, game_id), _own_policies(inner))
    adapter.score_track = score_track
    return adapter


def _derived_capabilities(engine: BaseEngine, default_id: str) -> Capabilities:
    """What a designer's engine without declared capabilities can do, from the hooks it has."""
    def has(*hooks: str) -> bool:
        return all(callable(getattr(engine, h, None)) for h in hooks)
    flags = {flag: has(*hooks) for flag, hooks in CAPABILITY_HOOKS.items()}
    return Capabilities(
        game_id=str(getattr(engine, "game_id", None) or default_id),
        min_players=engine.min_players, max_players=engine.max_players,
        chance=Chance.KEYED if has("chance_key") else Chance.ONE_STREAM,
        hidden_information=bool(getattr(engine, "hidden_information", False)),
        cooperative=bool(getattr(engine, "cooperative", False)),
        score_track=getattr(engine, "score_track", None),
        questions_across_settings=tuple(getattr(engine, "questions_across_settings", ()) or ()),
        measures=tuple(getattr(engine, "measures", ()) or ()),
        luck_events=tuple(getattr(engine, "luck_events", ()) or ()),
        search_guidance=str(getattr(engine, "search_guidance", "") or ""),
        skill_ladder=tuple(getattr(engine, "skill_ladder", None) or ()) or None,
        skill_ladder_games=getattr(engine, "skill_ladder_games", None),
        **flags)


def _own_policies(engine: BaseEngine) -> dict[str, Any]:
    """The game's own policies: ``engine.policies``, or the ``POLICIES`` of the engine's module."""
    found = getattr(engine, "policies", None)
    if not found:
        found = getattr(sys.modules.get(type(engine).__module__), "POLICIES", None)
    return dict(found or {})


def adapt(engine: BaseEngine, game: Game, module: ModuleType | None = None) -> BaseEngine:
    """``engine`` as a BaseEngine: itself when it subclasses BaseEngine, else wrapped in an adapter whose
    Capabilities are derived from what the object has.  A missing required method, impossible player
    counts or step bound, or capabilities that disagree with the hooks are an EngineError."""
    file = _short(game, str(module.__file__)) if module is not None and getattr(module, "__file__", None) \
        else str(game.engine)
    cls = _class_name(engine)
    spec = str(game.engine)
    missing = [m for m in REQUIRED_METHODS if m != "check_invariants" and not callable(getattr(engine, m, None))]
    attributes = ("max_steps",) if isinstance(engine, BaseEngine) else ("min_players", "max_players", "max_steps")
    missing += [a for a in attributes if not hasattr(engine, a)]
    if missing:
        raise _fail(game, msg("engine.lacks", spec=spec, missing=", ".join(missing), file=file, cls=cls))
    if not isinstance(engine.max_steps, int) or isinstance(engine.max_steps, bool) or engine.max_steps < 1:
        raise _fail(game, f"the engine's max_steps must be a positive integer, got {engine.max_steps!r}")
    if isinstance(engine, BaseEngine):
        caps = getattr(engine, "capabilities", None)
        if not isinstance(caps, Capabilities):
            raise _fail(game, msg("engine.capabilities_type", got=type(caps).__name__, file=file, cls=cls))
        missing, undeclared = hooks_disagreeing(engine)
        if missing:         # a declared hook the class does not have: its callers would get the default
            raise _fail(game, msg("engine.capabilities_hooks", hooks=", ".join(missing), file=file, cls=cls))
        if undeclared:      # a hook the class has and its record leaves out: the record follows the class
            engine.capabilities = dataclasses.replace(caps, **undeclared)
        if not engine.policies:
            found = _own_policies(engine)
            if found:           # the module's POLICIES: the engine class names none
                engine.policies = found     # type: ignore[misc]  # a plain attribute when it is empty
        return engine
    try:
        caps = _derived_capabilities(engine, game.id)
    except (TypeError, ValueError):
        raise _fail(game, f"the engine's min_players/max_players ({engine.min_players!r}, "
                          f"{engine.max_players!r}) are not 1 ≤ min ≤ max") from None
    return EngineAdapter(engine, caps, _own_policies(engine))


def _printed_score_track(engine: BaseEngine, game: Game) -> None:
    """``engine.score_track``: ``capabilities.score_track`` as the printed track's range, with where it comes
    from (pnp.sim.scoretrack).  Kept beside the capabilities, which stay the class's own record."""
    from ..sim.scoretrack import resolve_score_track
    try:
        declared = engine.capabilities.score_track
        track = resolve_score_track(game, engine.score_track if declared is None else declared)
    except (TypeError, ValueError) as exc:
        raise _fail(game, f"the engine's score_track: {exc}") from None
    try:
        engine.score_track = track
    except AttributeError:      # a read-only attribute: the figures read the engine's own range
        pass


def _short(game: Game, file: str) -> str:
    return _display(game, Path(file)) if Path(file).is_absolute() else file
