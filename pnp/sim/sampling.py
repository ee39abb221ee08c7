"""Seeds: every game's RNGs derive from (root seed, game index), never from a global RNG, so a batch
gives the same games whatever the number of worker processes.

Common random numbers (:class:`Streams`).  An engine with a ``chance_key(state)`` hook names each chance
event by what it is — 「the deal of hand 2」, 「the dice of incident 3 of hand 1, seat 0」, 「the 3rd
shuffle of the event deck」 — and the event draws from a stream of its own, seeded by
``derive_seed(game seed, "chance", key)``, not from the game's single stream at whatever position the
draws before it left.  Two rule options played on the same seed therefore deal the same cards and roll
the same dice wherever the rules let them: a rule that changes how many dice the first incident rolls no
longer shifts every later deal.  A key the engine names twice (the event deck reshuffled twice in one
round, when the key holds only the round) continues its stream where the last draw left it.

Policies likewise: with ``decision_key(state)`` a seat's randomness comes from one stream per (seat,
key), seeded by ``derive_seed(game seed, "seat", seat, key)`` — a seat's choices in hand 3 do not depend
on how many random numbers it used in hands 1 and 2.

An engine without the hooks keeps one chance stream per game (``random.Random(seed)``) and one stream
per seat (``derive_seed(seed, "seat", seat)``): the games it played before are played again the same.

For noise floors (:mod:`pnp.sim.comparisons`) the streams can record how each was used (a hash of its
state after every use) and can be *disturbed*: from a given use on, a named stream is replaced by a
fresh one (``derive_seed(seed, "placebo", name)``).  Chance streams are named ``chance…`` and a seat's
``seat<n>…``: a placebo re-draws chance only (:func:`chance_disturbance`), never a player's own coin flips.

``policy_seed`` seeds the seats' streams apart from chance: luck figures re-draw the chance of a game while
its players keep their own random numbers (:mod:`pnp.sim.skill`)."""
from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Mapping
from typing import Any, cast

from ..messages import msg
from .engine import BaseEngine, Chance
from .errors import SimError


def derive_seed(root: int, *parts: object) -> int:
    """A stable 63-bit seed for ``root`` and a path of parts (game index, "seat", seat …)."""
    text = ":".join(str(p) for p in (root, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def game_seed(root: int, index: int) -> int:
    return derive_seed(root, index)


def game_rngs(seed: int, players: int) -> tuple[random.Random, list[random.Random]]:
    """The single chance RNG of a game and one RNG per seat for its policy (engines without keys)."""
    return random.Random(seed), [random.Random(derive_seed(seed, "seat", s)) for s in range(players)]


def key_name(key: Any) -> str:
    """A key's stable text (the stream's name in seeds, use records and disturbances)."""
    return key if isinstance(key, str) else repr(key)


def _stable(key: Any, depth: int = 0) -> bool:
    """A value whose text is the same in every run: str, int, bool, None, a finite float, or a tuple of them
    (a frozenset's order, and an object's default repr, change with PYTHONHASHSEED and memory addresses)."""
    if key is None or isinstance(key, (str, int)):
        return True
    if isinstance(key, float):
        return math.isfinite(key)
    if isinstance(key, tuple) and depth < 8:
        return all(_stable(k, depth + 1) for k in key)
    return False


def _stable_name(key: Any, hook: Callable[[Any], Any]) -> str:
    """key_name(key), once the key is known to name the same stream in every run; otherwise SimError naming
    the engine's hook at its file and line (never a frame of pnp's own)."""
    if _stable(key):
        return repr(key)
    name = getattr(hook, "__name__", "key")
    try:
        code = getattr(hook, "__func__", hook).__code__
        where = f"{code.co_filename}:{code.co_firstlineno}: "
    except AttributeError:
        where = ""
    raise SimError(where + msg("sim.stream_key", hook=name, kind=type(key).__name__, value=repr(key)[:60]))


class LazyRandom:
    """A ``random.Random`` seeded at its first use: most decisions of a deterministic policy draw nothing,
    and seeding a Mersenne Twister costs more than the decision.  Each method, once looked up, is the
    real generator's own bound method (no cost per draw after the first)."""

    def __init__(self, seed: Callable[[], int]) -> None:
        self._seed = seed

    def __getattr__(self, name: str) -> Any:
        real = self.__dict__.get("_real")
        if real is None:
            real = self.__dict__["_real"] = random.Random(self._seed())
        attr = getattr(real, name)
        if callable(attr):
            self.__dict__[name] = attr
        return attr


class Streams:
    """The random streams of one game: ``chance(state)`` for a chance step, ``seat(state, seat)`` for a
    decision.  ``track``: keep, per stream, the hash of its state after each use (``uses()``).
    ``disturb``: {stream name: use index}: from that use on, the stream is replaced by a fresh one."""

    __slots__ = ("seed", "policy_seed", "_ck", "_dk", "_rngs", "_fast", "_count", "_disturb", "_uses", "_pending", "_slow")

    def __init__(self, engine: BaseEngine, seed: int, *, track: bool = False,
                 disturb: Mapping[str, int] | None = None, policy_seed: int | None = None) -> None:
        self.seed = seed
        self.policy_seed = seed if policy_seed is None else policy_seed
        caps = engine.capabilities
        self._ck: Callable[[Any], Any] | None = engine.chance_key if caps.chance is Chance.KEYED else None
        self._dk: Callable[[Any], Any] | None = engine.decision_key if caps.decision_streams else None
        self._rngs: dict[str, Any] = {}
        self._fast: dict[Any, Any] = {}         # (kind, raw key) → stream, when nothing is tracked or disturbed
        self._count: dict[str, int] = {}
        self._disturb = dict(disturb or {})
        self._uses: dict[str, list[int]] | None = {} if track else None
        self._pending: tuple[str, random.Random] | None = None
        self._slow = track or bool(self._disturb)

    def chance(self, state: Any) -> random.Random:
        if self._ck is None:
            return self._stream(None, "chance", None)
        key = self._ck(state)
        name = key if isinstance(key, str) else _stable_name(key, self._ck)
        return self._stream(("c", key), f"chance:{name}", ("chance", name))

    def seat(self, state: Any, seat: int) -> random.Random:
        if self._dk is None:
            return self._stream(seat, f"seat{seat}", ("seat", seat))
        key = self._dk(state)
        name = key if isinstance(key, str) else _stable_name(key, self._dk)
        return self._stream((seat, key), f"seat{seat}:{name}", ("seat", seat, name), lazy=True)

    def _stream(self, raw: Any, name: str, parts: tuple[Any, ...] | None, lazy: bool = False) -> random.Random:
        if not self._slow:
            rng = self._fast.get(raw)
            if rng is None:
                rng = self._fast[raw] = self._new(parts, lazy)
            return cast(random.Random, rng)
        return self._get(name, parts)

    def _new(self, parts: tuple[Any, ...] | None, lazy: bool) -> Any:
        if parts is None:
            return random.Random(self.seed)
        root = self.policy_seed if parts[0] == "seat" else self.seed
        if lazy:
            return LazyRandom(lambda: derive_seed(root, *parts))
        return random.Random(derive_seed(root, *parts))

    def _get(self, name: str, parts: tuple[Any, ...] | None) -> random.Random:
        if self._pending is not None:
            self._note()
        rng = self._rngs.get(name)
        tracking = self._uses is not None
        if rng is None:     # a tracked stream is made at once: its state is hashed before and after each use
            rng = self._rngs[name] = self._new(parts, lazy=not tracking)
            if self._uses is not None:
                self._uses[name] = [hash(rng.getstate())]
        used = self._count.get(name, 0)
        self._count[name] = used + 1
        if self._disturb.get(name) == used:
            seed = derive_seed(self.seed, "placebo", name)
            rng = self._rngs[name] = random.Random(seed) if tracking else LazyRandom(lambda: seed)
        rng = cast(random.Random, rng)
        if tracking:
            self._pending = (name, rng)
        return rng

    def _note(self) -> None:
        assert self._pending is not None and self._uses is not None
        name, rng = self._pending
        self._uses[name].append(hash(rng.getstate()))
        self._pending = None

    def uses(self) -> dict[str, tuple[int, ...]]:
        """Per stream, the hash of its state before its first use, then after each use so far
        (``track=True``): use ``j`` drew numbers when items ``j`` and ``j + 1`` differ."""
        if self._uses is None:
            return {}
        if self._pending is not None:
            self._note()
        return {k: tuple(v) for k, v in self._uses.items()}


def is_chance_stream(name: str) -> bool:
    """A stream of chance (deal, dice, shuffles), not a seat's policy stream."""
    return name == "chance" or name.startswith("chance:")


def _drew(uses: tuple[int, ...], start: int = 0) -> bool:
    """Whether the stream drew any number from use ``start`` on."""
    return any(p != q for p, q in zip(uses[start:], uses[start + 1:]))


def chance_disturbance(a: Mapping[str, tuple[int, ...]], b: Mapping[str, tuple[int, ...]]
                       ) -> tuple[dict[str, int], dict[str, int]]:
    """The chance the two games of a pair (same seed, rules A and B) did not share, as a disturbance of
    each: ({stream: use} for game ``a``, the same for ``b``).  Chance streams only — a seat's policy
    streams are the players, never chance.  A stream of one game the other never opened (a third hand
    the two-hand rules never deal) is re-drawn from its first use; a stream both used, from the first use
    they made differently (a deck of another size shuffled), in ``a``; uses one game made past the other's
    last (a reshuffle only one game needed), from the first such use.  Both empty: the two games drew the
    same chance wherever either drew it."""
    out_a: dict[str, int] = {}
    out_b: dict[str, int] = {}
    for name in sorted(set(a) | set(b)):
        if not is_chance_stream(name):
            continue
        xs, ys = a.get(name), b.get(name)
        if ys is None:
            if xs is not None and _drew(xs):
                out_a[name] = 0
            continue
        if xs is None:
            if _drew(ys):
                out_b[name] = 0
            continue
        first = next((i for i, (p, q) in enumerate(zip(xs[1:], ys[1:])) if p != q), None)
        if first is not None:
            out_a[name] = first
        common = min(len(xs), len(ys)) - 1
        if len(xs) > len(ys) and first is None and _drew(xs, common):
            out_a[name] = common
        if len(ys) > len(xs) and _drew(ys, common):
            out_b[name] = common
    return out_a, out_b
