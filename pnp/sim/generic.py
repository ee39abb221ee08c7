"""Checks every rules engine gets without writing code for them (``pnp validate``'s 共通検査).

* the player counts the engine plays agree with game.yaml's ``players``;
* the component counts the engine plays with (``component_counts()``, optional) agree with game.yaml;
* cards are conserved after every step of the sample games (and of the replays' games, here): the multiset of card ids the engine's
  optional ``card_locations(state)`` reports equals the physical cards of the deck data;
* every game ends within ``max_steps`` (the runner stops a game that does not);
* every decision's legal actions are hashable, distinct, sorted and come back through JSON;
* the same seed plays the same game, and its log (through JSON) replays to the same final state;
* observations hide what a seat cannot see: with the optional ``redeal(state, seat, rng)`` (a state the
  seat cannot tell apart: the hidden cards shuffled among the hidden places) the seat's observation and
  its legal actions must stay the same, and the redealt state must keep every invariant.

A check whose optional hook the engine's ``capabilities`` do not name is listed as not declared.
"""
from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from ..data.model import Game
from ..data.yamlsource import game_yaml_where
from ..messages import did_you_mean, msg
from .budget import UNLIMITED, Budget
from .crashes import Tally
from .determinization import same
from .engine import CHANCE, TERMINAL, BaseEngine, InvariantError
from .gamelog import GameLog, build_log, make_header
from .policies import game_policies, policy_names
from .replay import replay
from .runner import Trace, play_game
from .sampling import game_seed


def expected_cards(game: Game, engine: BaseEngine) -> Counter[str]:
    """The physical cards the engine plays with: the decks its ``component_counts`` names, else every deck."""
    counts = _component_counts(engine)
    decks = [d for d in game.all_decks if counts is None or d.id in counts]
    return Counter(c.id for d in decks for c in d.physical_cards())


def _component_counts(engine: BaseEngine) -> Mapping[str, int] | None:
    counts = engine.component_counts()
    return None if counts is None else dict(counts)


def card_names(game: Game, engine: BaseEngine) -> dict[str, str]:
    """card id → how a conservation problem names it: its title (else suit and value) and the data line
    it comes from, as 「月 2（components/g/cards.yaml:14）」."""
    counts = _component_counts(engine)
    out: dict[str, str] = {}
    for d in game.all_decks:
        if counts is not None and d.id not in counts:
            continue
        for c in d.cards:
            name = c.title or (c.suit.name if c.suit is not None else "")
            if c.value is not None and str(c.value) not in name:
                name = f"{name} {c.value}".strip()
            place = f"{c.where.file}:{c.where.line}" if c.where.line else c.where.file
            out[c.id] = f"{name}（{place}）" if name else place
    return out


def conservation_problem(located: Mapping[str, Iterable[str]], expected: Counter[str],
                         before: Mapping[str, Iterable[str]] | None = None,
                         names: Mapping[str, str] | None = None, at_setup: bool = False) -> str | None:
    """None when every card is in exactly one place; else which cards are missing, extra or doubled,
    and where: a missing card where it was before the step (``before``: the last step's locations,
    when known; ``at_setup``: the state is a new game's, where every card of the deck data is
    expected), an extra one where it is now."""
    seen: Counter[str] = Counter(chain.from_iterable(located.values()))
    # the dicts' own equality first (in C, once a step of every sample game); a Counter's equality
    # also counts a zero entry as missing
    if dict.__eq__(seen, expected) or seen == expected:
        return None
    names = names or {}
    missing = expected - seen
    extra = seen - expected
    parts: list[str] = []

    def card(k: str, v: int) -> str:
        return f"{k} ×{v}" + (f" {names[k]}" if k in names else "")

    def places(ps: Iterable[str]) -> str:
        return ", ".join(repr(p) for p in ps)
    if missing:
        said = []
        for k, v in sorted(missing.items()):
            if before is None:
                said.append(card(k, v) + (msg("sim.conservation_expected_at_setup") if at_setup else ""))
                continue
            was = [p for p, cs in before.items() if k in list(cs)]
            now = [p for p, cs in located.items() if k in list(cs)]
            then = (msg("sim.conservation_was", places=places(was)) if was else msg("sim.conservation_was_nowhere"))
            said.append(f"{card(k, v)}, {then}" + (msg("sim.conservation_now_only", places=places(now)) if now else ""))
        parts.append(msg("sim.conservation_missing", cards="; ".join(said)))
    if extra:
        where = {k: [p for p, cs in located.items() if k in list(cs)] for k in extra}
        parts.append(msg("sim.conservation_extra", cards=", ".join(
            card(k, v) + msg("sim.conservation_in", places=places(where[k])) for k, v in sorted(extra.items()))))
    return msg("sim.not_conserved_detail", conserved=conserved(), parts="; ".join(parts))


class CheckedEngine:
    """An engine whose ``check_invariants`` also checks card conservation through ``card_locations``;
    everything else is the engine's own.  The validator's sample games run through it.  It keeps the
    last state checked and its locations, so that a card that goes missing is named with the place it
    was in before the step."""

    def __init__(self, engine: BaseEngine, expected: Counter[str], names: Mapping[str, str] | None = None):
        self._engine = engine
        self._expected = expected
        self._names = dict(names or {})
        self._last: tuple[Any, Mapping[str, Iterable[str]]] | None = None
        self._last_new = True
        self.policies = game_policies(engine)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_engine", "_expected", "_names", "_last", "_last_new"):
            raise AttributeError(name)
        return getattr(self._engine, name)

    def __reduce__(self) -> tuple[type[CheckedEngine], tuple[Any, Counter[str], dict[str, str]]]:
        return (CheckedEngine, (self._engine, self._expected, self._names))

    def check_invariants(self, state: Any) -> None:
        self._engine.check_invariants(state)
        located = self._engine.card_locations(state) or {}     # declared (checked() wraps only then)
        # the state object itself is kept (not its id): a later game's state can never be taken for it;
        # the locations are kept as given (no copy on the hot path) …
        before = self._last[1] if self._last is not None and self._last[0] is state else None
        self._last_new = self._last is None or self._last[0] is not state
        self._last = (state, located)
        problem = conservation_problem(located, self._expected)
        if problem:
            # … and used only when they are not the engine's own lists, changed since (then said not where)
            shared = before is not None and any(a is b for a in before.values() for b in located.values())
            raise InvariantError(conservation_problem(located, self._expected, None if shared else before,
                                                      self._names, at_setup=self._last_new) or problem)


def checked(game: Game, engine: BaseEngine) -> Any:
    """The engine with the generic per-step checks it has hooks for (itself when it has none)."""
    if not engine.capabilities.card_locations or isinstance(engine, CheckedEngine):
        return engine
    return CheckedEngine(engine, expected_cards(game, engine), card_names(game, engine))


@dataclass
class GenericReport:
    problems: list[str] = field(default_factory=list)
    done: list[str] = field(default_factory=list)          # what was checked, for the detail line
    undeclared: list[str] = field(default_factory=list)    # optional hooks the engine does not have


def check_declarations(game: Game, engine: BaseEngine, report: GenericReport) -> None:
    lo, hi = game.players
    if (engine.min_players, engine.max_players) != (lo, hi):
        report.problems.append(f"{game_yaml_where(game, ('players',))}: players: " + msg(
            "sim.engine_players", lo=lo, hi=hi, least=engine.min_players, most=engine.max_players))
    counts = _component_counts(engine)
    if counts is None:
        report.undeclared.append("component_counts")
        return
    by_id = {c.id: (i, c) for i, c in enumerate(game.components)}
    for cid, n in counts.items():
        i, comp = by_id.get(cid, (None, None))
        if comp is None:
            report.problems.append(f"{game.where.file}: components: " + msg(
                "sim.engine_component", id=cid, count=n, hint=did_you_mean(cid, by_id)))
        elif comp.count != n:
            report.problems.append(f"{game_yaml_where(game, ('components', i, 'count'))}: count: " + msg(
                "sim.engine_count", name=comp.name, said=comp.count, plays=n))
    report.done.append(f"部品の数 {len(counts)} 種")


def check_replays(engine: BaseEngine, game: Game, report: GenericReport, seed: int = 1) -> None:
    """One game per player count and policy: the same seed plays the same game; the log replays."""
    games = 0
    labels_checked = False
    tally = Tally()
    for players in range(engine.min_players, engine.max_players + 1):
        for name in policy_names(engine):
            s = game_seed(seed, players * 100 + len(name))
            seats = (name,) * players
            trace = Trace()
            record = play_game(engine, players, seats, s, check=True, trace=trace)
            if not tally.add(players, seats, s, record.error):
                continue            # said below: a replay check that could not replay is no verdict
            again = Trace()
            play_game(engine, players, seats, s, trace=again)
            if engine.state_hash(again.final_state) != engine.state_hash(trace.final_state):
                report.problems.append(msg("sim.where_game", players=players, policy=name, seed=s)
                                       + msg("sim.same_seed_differs"))
                continue
            header = make_header(engine, game, seed=s, players=players, policies=seats, variant="standard",
                                 options={})
            log = build_log(engine, header, trace, record.result)
            if not labels_checked:
                labels_checked = True
                relabelled = _label_round_trip(engine, trace.events)
                if relabelled:
                    report.problems.append(relabelled)
            try:
                log = GameLog.from_json(json.loads(json.dumps(log.to_json(), ensure_ascii=False)))
                replay(engine, log)
            except Exception as exc:   # noqa: BLE001 — any failure is the finding
                report.problems.append(msg("sim.where_game", players=players, policy=name, seed=s)
                                       + msg("sim.log_does_not_replay", why=f"{type(exc).__name__}: {exc}"))
                continue
            games += 1
    if tally.crashed:
        report.problems.append(tally.undecided(msg("sim.check_replay"), engine.game_id))
    report.done.append(f"再生 {games} ゲーム" + (f"（{tally.counts_ja()}）" if tally.crashed else ""))


def conserved() -> str:
    """The words a conservation problem starts with, in the language of this run (validate groups the
    problems by them)."""
    return str(msg("sim.not_conserved"))


def check_conservation(game: Game, engine: BaseEngine, report: GenericReport, seed: int = 1) -> tuple[int, int]:
    """Card conservation after every step of the replays' games (one a player count and policy, the
    same seeds): the games in which every step was checked.  A game that stopped for another reason is
    the replay check's to say; one that lost or doubled a card is a problem here, said once for all
    with the count and the first game (its step's message names the cards and their data lines).
    Returns the games played and those of them stopped by another error (checked up to it)."""
    wrapped = checked(game, engine)
    lost, other = Tally(), Tally()
    for players in range(engine.min_players, engine.max_players + 1):
        for name in policy_names(engine):
            s = game_seed(seed, players * 100 + len(name))
            seats = (name,) * players
            error = (play_game(wrapped, players, seats, s, check=True).error or "").strip()
            first_line = error.splitlines()[0] if error else ""
            (lost if conserved() in first_line else other).add(players, seats, s, error or None)
    played = lost.played + other.played
    if lost.crashed:
        first = lost.first
        assert first is not None
        report.problems.append(msg("sim.conservation_games", conserved=conserved(), crashed=lost.crashed,
                                   played=played, first=first.message, seed=first.seed,
                                   replay=first.replay(engine.game_id)))
    return played, other.crashed


def _label_round_trip(engine: BaseEngine, events: Iterable[tuple[int, Any]]) -> str | None:
    """A chance outcome whose label changes through its JSON form (``action_from_json(a.to_json())``):
    a replay or transcript of a log would print the poorer label.  (Decisions are replayed as the
    engine's own legal action, so their labels survive; a chance outcome has only its JSON.)"""
    for seat, action in events:
        if seat != CHANCE or not callable(getattr(action, "label", None)):
            continue
        try:
            back = engine.action_from_json(json.loads(json.dumps(action.to_json(), ensure_ascii=False)))
        except Exception:   # noqa: BLE001 — the replay check reports a log that cannot be read
            return None
        if back.label() != action.label():
            return msg("sim.chance_label_json", played=action.label(), back=back.label())
    return None


class _LegalRecorder:
    """The engine, with every list of legal actions it returns checked until the first problem."""

    def __init__(self, engine: BaseEngine):
        self._engine = engine
        self.decisions = 0
        self.problem: str | None = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_engine", "decisions", "problem"):
            raise AttributeError(name)
        return getattr(self._engine, name)

    def legal_actions(self, state: Any) -> list[Any]:
        legal: list[Any] = self._engine.legal_actions(state)
        if self.problem is None:
            self.decisions += 1
            self.problem = legal_problem(self._engine, legal)
        return legal


def legal_problem(engine: BaseEngine, legal: list[Any]) -> str | None:
    """What is wrong with one decision's legal actions (None: nothing): there is at least one; each is
    hashable and comes back equal through its JSON form; none is listed twice; they are listed in their
    own order (sorted), so a seeded policy picks the same action whatever built the list."""
    if not legal:
        return msg("sim.legal_none")
    for a in legal:
        try:
            hash(a)
        except TypeError:
            return msg("sim.legal_unhashable", action=a)
        try:
            back = engine.action_from_json(json.loads(json.dumps(a.to_json(), ensure_ascii=False)))
        except Exception as exc:   # noqa: BLE001 — any failure is the finding
            return msg("sim.legal_json_fails", action=a, why=f"{type(exc).__name__}: {exc}")
        if back != a:
            return msg("sim.legal_json_differs", action=a, back=back)
    if len(set(legal)) != len(legal):
        twice = next(a for a in legal if legal.count(a) > 1)
        return msg("sim.legal_twice", action=twice)
    try:
        ordered = sorted(legal)
    except TypeError as exc:
        return msg("sim.legal_unordered", why=exc)
    if ordered != legal:
        return msg("sim.legal_unsorted", first=legal[0], least=ordered[0])
    return None


def check_actions(engine: BaseEngine, report: GenericReport, seed: int = 1) -> None:
    """One game per player count with random players, every decision's legal actions checked
    (:func:`legal_problem`)."""
    recorder: Any = _LegalRecorder(engine)     # the engine, recording every decision's legal actions
    tally = Tally()
    for players in range(engine.min_players, engine.max_players + 1):
        s = game_seed(seed, players * 100 + 7)
        seats = ("random",) * players
        record = play_game(recorder, players, seats, s)
        tally.add(players, seats, s, record.error)
        if recorder.problem is not None:
            report.problems.append(msg("sim.where_decision", players=players, seed=s, decision=recorder.decisions)
                                   + str(recorder.problem))
            break
    if tally.crashed and recorder.problem is None:
        report.problems.append(tally.undecided(msg("sim.check_legal_actions"), engine.game_id))
    report.done.append(f"合法手 {recorder.decisions} 局面（{tally.played} ゲーム）")


HIDDEN_SPREAD = 8        # decisions of a player count's first game checked for hidden information, whatever the budget


def check_hidden(engine: BaseEngine, report: GenericReport, games: int = 3, seed: int = 1,
                 budget: Budget = UNLIMITED) -> None:
    """Observations hide other seats' cards: ``redeal`` states look the same to the seat.  An engine
    that gives the search player's hooks (``information_set`` and ``determinize``) needs no separate
    ``redeal``: a determinization of the seat's information set is one.

    Every decision of ``games`` random games a player count; with a limited budget, each player count
    its equal share: the decisions of its first game spread over the whole game as far as the share
    goes (HIDDEN_SPREAD of them, evenly spread, however little is left), then the next games' while it
    lasts; on regardless until a redeal changed something (a budget never makes a redeal look as if it
    changed nothing).  The detail says so when fewer were checked."""
    check = _HiddenCheck(engine)
    started = time.process_time()
    counts = range(engine.min_players, engine.max_players + 1)
    for i, players in enumerate(counts):
        share = budget.share(1 / (len(counts) - i))
        for g in range(games):
            if g and share.spent() and check.changed:
                check.cut = True
                break
            problem = check.game(players, game_seed(seed + 7, players * 1000 + g), g == 0, share)
            if problem is not None:
                report.problems.append(problem)
                return
    check.verdict(report, time.process_time() - started)


class _HiddenCheck:
    """:func:`check_hidden`'s walk through random games, and what it has found so far."""

    def __init__(self, engine: BaseEngine):
        self.engine = engine
        caps = engine.capabilities
        self.redeal = engine.redeal if caps.redeal or caps.determinization else None
        self.located: Any = engine.card_locations if caps.card_locations else None
        self.tried = self.changed = 0
        self.cut = False
        self.tally = Tally()

    def game(self, players: int, s: int, first: bool, share: Budget) -> str | None:
        """Checks the decisions of one random game (seed ``s``) as far as the budget's ``share`` goes: all
        of them without a limit; in the first game of a player count at least HIDDEN_SPREAD spread over it.
        The first problem, or None."""
        engine = self.engine
        trace = Trace()
        record = play_game(engine, players, ("random",) * players, s, trace=trace)
        if not self.tally.add(players, ("random",) * players, s, record.error):
            return None
        state = engine.new_state(players)
        rng = random.Random(s)
        due = 0.0                   # the next step checked (every step without a limit)
        decisions = [step for step, (seat, _) in enumerate(trace.events) if seat != CHANCE]
        spread = {decisions[k * len(decisions) // HIDDEN_SPREAD] for k in range(HIDDEN_SPREAD)} \
            if first and decisions else set()
        for step, (seat, action) in enumerate(trace.events):
            if seat != CHANCE and engine.to_move(state) != TERMINAL:
                if step < due and self.changed and step not in spread:
                    self.cut = True
                else:
                    began = time.process_time()
                    problem = self.decision(state, players, seat, rng, s, step)
                    if problem is not None:
                        return problem
                    if share.limited:           # the steps left of this game, as many as the share still pays for
                        cost, left = time.process_time() - began, share.left()
                        rest = len(trace.events) - step - 1
                        due = step + (max(1.0, rest * cost / left) if left > 0 else float("inf"))
            engine.apply(state, action)
        return None

    def decision(self, state: Any, players: int, mover: int, rng: random.Random, s: int, step: int) -> str | None:
        """Every seat's observation of one decision's state, and (with a redeal) that a redealt state looks
        the same to the seat.  The first problem, or None."""
        engine = self.engine
        for p in range(players):
            obs = engine.observe(state, p)
            if obs is state:
                return msg("sim.observe_whole_state")
            if self.redeal is None:
                continue
            other = self.redeal(state, p, rng)
            self.tried += 1
            self.changed += engine.state_hash(other) != engine.state_hash(state)
            problem = self._redeal_problem(state, other, p, mover, obs)
            if problem is not None:
                return msg("sim.where_step", players=players, seed=s, step=step + 1, seat=p + 1) + problem
        return None

    def _redeal_problem(self, state: Any, other: Any, p: int, mover: int, obs: Any) -> str | None:
        """What seat ``p`` could tell apart between the state and its redeal ``other``, or what the redeal broke."""
        engine = self.engine
        if same(engine.observe(other, p), obs) is not None:   # field by field
            return msg("sim.observe_shows_hidden")
        if p == mover and engine.legal_actions(other) != engine.legal_actions(state):
            return msg("sim.legal_shows_hidden")
        try:
            engine.check_invariants(other)
            if self.located is not None:
                before = Counter(chain.from_iterable(self.located(state).values()))
                after = Counter(chain.from_iterable(self.located(other).values()))
                if before != after:
                    raise InvariantError(msg("sim.redeal_changed_cards"))
        except Exception as exc:   # noqa: BLE001
            return msg("sim.redeal_breaks", why=exc)
        return None

    def verdict(self, report: GenericReport, seconds: float) -> None:
        """What the walk found, into ``report``: a problem, or the states checked in its detail line."""
        if self.redeal is None:
            report.undeclared.append("redeal")
            return
        tried, tally = self.tried, self.tally
        if tally.crashed:
            report.problems.append(tally.undecided(msg("sim.check_hidden"), self.engine.game_id))
            report.done.append(f"隠れた情報 {tried} 局面（{tally.counts_ja()}）")
            return
        if not tried:
            report.problems.append(msg("sim.check_hidden") + ": " + msg("sim.hidden_nothing_checked",
                                                                          games=tally.played))
            return
        if not self.changed:
            report.problems.append(msg("sim.redeal_changed_nothing", states=tried))
            return
        report.done.append(f"隠れた情報 {tried} 局面（{tally.played} ゲームから）"
                           + (so_far(seconds) if self.cut else ""))


def so_far(seconds: float) -> str:
    """What a check under validate's time budget says when it did less than in full."""
    return f"（約 {seconds:.1f} 秒分、--games N ですべて）"


def generic_checks(game: Game, engine: BaseEngine, seed: int = 1, budget: Budget = UNLIMITED) -> GenericReport:
    """Every check above (the per-step conservation on the replays' games; the sample games check it too); the
    replays in full, the hidden information within the budget."""
    report = GenericReport()
    check_declarations(game, engine, report)
    if not engine.capabilities.card_locations:
        report.undeclared.append("card_locations")
    else:
        expected = expected_cards(game, engine)
        state = engine.new_state(engine.min_players)
        problem = conservation_problem(engine.card_locations(state) or {}, expected, None, card_names(game, engine),
                                       at_setup=True)
        if problem:
            report.problems.append(msg("sim.at_setup") + problem)
        if problem:
            report.done.append(f"カードの保存 {sum(expected.values())} 枚（開始時）")
        else:
            games, stopped = check_conservation(game, engine, report, seed)
            report.done.append(f"カードの保存 {sum(expected.values())} 枚（{games} ゲームの毎手順"
                               + (f"、うち {stopped} ゲームは別のエラーで停止した手順まで" if stopped else "") + "）")
    check_replays(engine, game, report, seed)
    check_actions(engine, report, seed)
    check_hidden(engine, report, seed=seed, budget=budget)
    return report
