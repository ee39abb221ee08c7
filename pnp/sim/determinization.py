"""Checks an engine's determinization hooks (``information_set`` and ``determinize``, see
:mod:`pnp.sim.engine`) so that the search player can never see a hidden card.

For states reached by seeded random play, and for every seat ``q``:

* ``information_set(state, q)`` leaves the state untouched;
* every sample ``d = determinize(info, q, rng)`` is a legal state (``check_invariants``) that ``q`` cannot
  tell from the real one: ``observe(d, q) == observe(state, q)``, the same seat to move and, when ``q`` is
  to move, the same legal actions;
* the information set depends only on what ``q`` knows: ``information_set(d, q)`` equals ``info`` for
  every sample (an information set that kept a real hidden card would change with the samples);
* sampling does not touch ``info`` (playing on a sample leaves ``info`` as it was);
* when the information set differs from the real state (something is hidden from ``q``), the samples
  differ among themselves; and when it differs in what another seat sees, the samples vary what the
  other seats see: their hidden holdings are re-dealt.  An engine with ``hidden_information = True``
  must hide something in some of the states.
"""
from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..messages import msg
from .budget import UNLIMITED, Budget
from .crashes import Tally, replay_command
from .engine import CHANCE, BaseEngine

_PLAIN = (set, frozenset, str, bytes, int, float, bool, type(None))


def same(a: Any, b: Any, path: str = "") -> str | None:
    """``None`` when two observations are equal field by field, else the path of the first difference.
    Works for dataclasses, ``__slots__`` classes, sequences, mappings and plain values; shared objects
    (the engine's fixed tables) compare equal by identity."""
    if a is b:
        return None
    if type(a) is not type(b):
        return path or "(value)"
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"{path} (length)"
        return _first_difference((f"{path}[{i}]", x, y) for i, (x, y) in enumerate(zip(a, b)))
    if isinstance(a, dict):
        if a.keys() != b.keys():
            return f"{path} (keys)"
        return _first_difference((f"{path}[{k!r}]", a[k], b[k]) for k in a)
    names = () if isinstance(a, _PLAIN) else _field_names(a)
    if not names:
        return None if a == b else (path or "(value)")
    return _first_difference((f"{path}.{n}" if path else n, getattr(a, n, None), getattr(b, n, None))
                             for n in names)


def _first_difference(pairs: Iterable[tuple[str, Any, Any]]) -> str | None:
    """The first of (path, a, b) whose values differ, by :func:`same`."""
    for where, x, y in pairs:
        d = same(x, y, where)
        if d:
            return d
    return None


def _field_names(a: Any) -> list[str]:
    """The fields an object is compared by: a dataclass's fields, else its slots and attributes."""
    if dataclasses.is_dataclass(a):
        return [f.name for f in dataclasses.fields(a)]
    names: list[str] = []
    for cls in type(a).__mro__:
        slots = getattr(cls, "__slots__", ())
        names += [slots] if isinstance(slots, str) else list(slots)
    if hasattr(a, "__dict__"):
        names += sorted(vars(a))
    return names


@dataclass
class DeterminizationReport:
    players: int
    states: int = 0                  # (state, seat) pairs checked
    hidden: int = 0                  # … in which the information set differs from the real state
    varied: int = 0                  # … in which the samples differed among themselves
    others_hidden: int = 0           # … in which it differs in what another seat sees
    others_varied: int = 0           # … in which the samples varied what the other seats see
    problems: list[str] = field(default_factory=list)
    cut: bool = False                # fewer states than asked for: the time budget was spent
    crashes: Tally = field(default_factory=Tally)    # the random games the states were sampled from

    @property
    def ok(self) -> bool:
        return not self.problems


def _sample_states(engine: BaseEngine, players: int, states: int, seed: int, variant: str,
                   options: Any, crashes: Tally) -> list[tuple[Any, int]]:
    """(state, game seed) of decision states from random games, spread over whole games (about
    ``states`` of them).  Each game is the runner's (``pnp play --seed S --policy random,…`` plays it
    again); a game that stops with an error is counted in ``crashes``, not sampled."""
    from .runner import Trace, play_game
    from .sampling import game_seed
    out: list[tuple[Any, int]] = []
    games = 0
    seats = ("random",) * players
    while len(out) < states and games < 50:
        s_seed = game_seed(seed, players * 1000 + games)
        games += 1
        trace = Trace()
        record = play_game(engine, players, seats, s_seed, variant=variant, options=options, trace=trace)
        if not crashes.add(players, seats, s_seed, record.error):
            continue
        s = engine.new_state(players, variant, options)
        picked = []
        for seat, action in trace.events:
            if seat != CHANCE:
                picked.append(s.clone())
            engine.apply(s, action)
        take = max(1, min(len(picked), (states + 2) // 3))
        for i in range(take):
            out.append((picked[(i * len(picked)) // take], s_seed))
    return out[:states]


MIN_STATES = 4       # states checked whatever the budget: _sample_states spreads (states + 2) // 3 over a game


def check_determinization(engine: BaseEngine, players: int, *, states: int = 24, samples: int = 16, seed: int = 1,
                          variant: str = "standard", options: Any = None,
                          budget: Budget = UNLIMITED) -> DeterminizationReport:
    """Runs the checks in the module docstring on ``states`` sampled states × every seat.  With a
    limited budget: the first of those states until it is spent, at least MIN_STATES (spread over the
    first game), and on until one hid something from its seat when none did yet (a budget never makes
    an engine look as if it hid nothing); ``cut`` says fewer were checked."""
    rng = random.Random(seed)
    rep = DeterminizationReport(players)
    gid = engine.game_id
    sampled = _sample_states(engine, players, states, seed, variant, options, rep.crashes)
    if rep.crashes.crashed:
        rep.problems.append(msg("sim.where_players", game=gid, players=players)
                            + rep.crashes.undecided(msg("sim.check_determinization"), gid))
    for k, (s, s_seed) in enumerate(sampled):
        if k >= MIN_STATES and budget.spent() and (rep.hidden or not engine.capabilities.hidden_information):
            rep.cut = True
            break
        try:
            _check_state(engine, players, s, k, s_seed, samples, rng, rep, gid)
        except Exception as exc:   # noqa: BLE001 — a hook that raises is the finding: where, and which game
            from .runner import _origin
            rep.problems.append(msg("sim.where_state", game=gid, players=players, state=k,
                                    command=replay_command(gid, players, ("random",) * players, s_seed))
                                + f"{_origin(exc)}{type(exc).__name__}: {exc}")
            break
    if engine.capabilities.hidden_information and rep.states and not rep.hidden:
        rep.problems.append(msg("sim.where_players", game=gid, players=players) + msg("sim.nothing_hidden"))
    return rep


def _check_state(engine: BaseEngine, players: int, s: Any, k: int, s_seed: int, samples: int, rng: random.Random,
                 rep: DeterminizationReport, gid: str) -> None:
    """Every seat's information set of one sampled state, and ``samples`` determinizations of each."""
    before = engine.state_hash(s)
    mover = engine.to_move(s)
    real_legal = engine.legal_actions(s)
    for q in range(players):
        where = msg("sim.where_seat", game=gid, players=players, state=k, seat=q)
        info = engine.information_set(s, q)
        if engine.state_hash(s) != before:
            rep.problems.append(where + ": " + msg("sim.infoset_changed_state"))
            continue
        info_hash = engine.state_hash(info)
        rep.states += 1
        seen = engine.observe(s, q)
        real_others = [engine.observe(s, p) for p in range(players) if p != q]
        canon_others = [engine.observe(info, p) for p in range(players) if p != q]
        hidden = info_hash != before
        others_hidden = same(real_others, canon_others) is not None
        rep.hidden += hidden
        rep.others_hidden += others_hidden
        views = [canon_others]
        hashes = {info_hash}
        for j in range(samples):
            d = engine.determinize(info, q, random.Random(rng.getrandbits(64)))
            try:
                engine.check_invariants(d)
            except AssertionError as exc:
                rep.problems.append(where + msg("sim.sample", sample=j) + msg("sim.determinized_breaks", why=exc))
                break
            diff = same(engine.observe(d, q), seen)
            if diff:
                rep.problems.append(where + msg("sim.sample", sample=j) + msg("sim.determinized_seen", diff=diff))
                break
            if engine.to_move(d) != mover or (mover == q and engine.legal_actions(d) != real_legal):
                rep.problems.append(where + msg("sim.sample", sample=j) + msg("sim.determinized_mover"))
                break
            if engine.state_hash(engine.information_set(d, q)) != info_hash:
                rep.problems.append(where + msg("sim.sample", sample=j) + msg("sim.infoset_differs"))
                break
            hashes.add(engine.state_hash(d))
            others = [engine.observe(d, p) for p in range(players) if p != q]
            if all(same(others, v) is not None for v in views):
                views.append(others)
            m = engine.to_move(d)
            if m >= 0:                    # play on the sample: info must stay as it was
                engine.apply(d, engine.legal_actions(d)[0])
            elif m == CHANCE:
                engine.apply(d, engine.sample_chance(d, rng))
            if engine.state_hash(info) != info_hash:
                rep.problems.append(where + msg("sim.sample", sample=j) + msg("sim.infoset_shared"))
                break
        else:
            rep.varied += len(hashes) > 1
            rep.others_varied += len(views) > 1
            if others_hidden and len(views) == 1:
                rep.problems.append(where + ": " + msg("sim.never_redealt", samples=samples))
            elif hidden and len(hashes) == 1:
                rep.problems.append(where + ": " + msg("sim.all_same", samples=samples))
