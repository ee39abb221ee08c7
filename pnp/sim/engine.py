"""The rules-engine protocol every bundled game implements (after OpenSpiel's python games).

A game module defines:

* fixed facts read from the loaded model (``pnp.data.model.Game``), never from YAML or rendering;
* a mutable ``State`` with ``__slots__`` and a hand-written ``clone()`` (no deepcopy on hot paths);
* decisions and chance as explicit steps: ``to_move(state)`` is a seat number, ``CHANCE`` or
  ``TERMINAL``.  At a chance step the runner calls ``sample_chance(state, rng)`` with a seeded
  ``random.Random`` — the game's single chance stream, or with ``chance_key(state)`` the stream of that
  event (:mod:`pnp.sim.sampling`) — and then ``apply(state, outcome)``; at a decision step the policy of that seat
  receives ``observe(state, seat)`` and ``legal_actions(state)`` and returns one of them.
* actions and chance outcomes are small frozen, hashable, orderable values (dataclasses with
  ``order=True``) with ``label()`` — a readable Japanese string for transcripts — and a JSON round
  trip (``to_json()`` / ``engine.action_from_json``);
* ``result(state)``: scores, ranks (1 = winner, ties share), the end reason, and per-game facts the
  report uses (``extra``);
* ``check_invariants(state)``: raises ``InvariantError`` when the pieces in play differ from the
  component manifest (deck + hands + table + discard + removed), or any other rule invariant breaks.

Simultaneous choices (face-down placements) are modelled as sequential decisions whose
``observe`` hides what the other seats chose until the reveal.

Determinization (for the search player ``mcts:<iterations>``, :mod:`pnp.sim.search`): an engine with
hidden information provides two hooks, so that a search can sample the hidden pieces without ever
being handed them:

* ``information_set(state, seat) -> state``: a copy of the state in which every piece ``seat`` cannot
  see (other hands, face-down cards, deck orders, cards out of the game) is dealt back in a fixed
  canonical order — a function of what the seat knows only (its observation and the public facts);
* ``determinize(info, seat, rng) -> state``: from such an information set, a full state the seat cannot
  tell from the real one, the hidden pieces dealt at random with ``rng``.  It must not share mutable
  parts with ``info``.

The runner passes a policy with ``wants_information_set = True`` the information set in place of
``observe(state, seat)``; the real state never reaches a policy.  ``hidden_information = True`` declares
that the engine hides something.  :func:`pnp.sim.determinization.check_determinization` checks the hooks:
the seat sees the same in every sample, the information set is the same for every sample, and the
hidden holdings vary from sample to sample.
"""
from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

CHANCE = -1
TERMINAL = -2


class InvariantError(AssertionError):
    """A rule invariant broke after a step: a bug in the engine, reported by the validator."""


class IllegalAction(ValueError):
    """An action that is not among the legal ones (a bad replay log, a broken policy)."""


@runtime_checkable
class Action(Protocol):
    def label(self) -> str: ...
    def to_json(self) -> Any: ...


@dataclass(frozen=True)
class Result:
    scores: tuple[float, ...]            # per seat
    ranks: tuple[int, ...]               # per seat, 1 = winner; ties decided by the rules' tie-breaks
    end_reason: str                      # machine name, e.g. "hands_exhausted", "special_win"
    end_reason_ja: str = ""              # readable Japanese
    extra: Mapping[str, Any] = field(default_factory=dict)   # facts for the report (JSON-able)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(i for i, r in enumerate(self.ranks) if r == 1)


@dataclass(frozen=True)
class Variant:
    id: str
    name_ja: str
    description_ja: str


@dataclass(frozen=True)
class OptionSpec:
    id: str
    name_ja: str
    choices: tuple[Hashable, ...]
    default: Hashable
    choices_ja: tuple[str, ...] = ()     # the Japanese words for each choice, in the order of choices


class Engine(Protocol):
    """What the runner, the validator and ``pnp play`` need from a game."""

    game_id: str
    min_players: int
    max_players: int
    variants: Sequence[Variant]          # the first is the default rules ("standard")
    options: Sequence[OptionSpec]
    max_steps: int                       # a bound no legal game may exceed (validator checks it)

    def new_state(self, players: int, variant: str = "standard",
                  options: Mapping[str, Any] | None = None) -> Any: ...
    def to_move(self, state: Any) -> int: ...
    def legal_actions(self, state: Any) -> list[Any]: ...
    def sample_chance(self, state: Any, rng: random.Random) -> Any: ...
    def apply(self, state: Any, action: Any) -> None: ...
    def observe(self, state: Any, seat: int) -> Any: ...
    def result(self, state: Any) -> Result: ...
    def check_invariants(self, state: Any) -> None: ...
    def action_from_json(self, data: Any) -> Any: ...
    def state_hash(self, state: Any) -> str: ...


class Policy(Protocol):
    """Chooses among legal actions from an observation only.  ``rng`` is the seat's seeded RNG."""

    name: str

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any: ...


@dataclass(frozen=True)
class GameRecord:
    """One finished (or failed) sample game, as the runner keeps it for statistics."""

    index: int
    seed: int
    players: int
    policies: tuple[str, ...]            # per seat
    variant: str
    options: Mapping[str, Any]
    result: Result | None                # None when the game raised or broke an invariant
    steps: int
    rounds: int
    turns: int                           # player decisions
    score_history: tuple[tuple[float, ...], ...]   # scores at the end of each round, in order
    error: str | None = None
    streams: Mapping[str, tuple[int, ...]] | None = None   # how each random stream was used (noise floors)


@dataclass(frozen=True)
class Finding:
    """A designer's question from the draft, answered with figures."""

    question_ja: str
    answer_ja: str
    figures: Mapping[str, Any]


class EngineReporting(Protocol):
    """Optional parts of an engine used by the runner and the report."""

    def progress(self, state: Any) -> tuple[int, tuple[float, ...]]:
        """Current round number (1-based) and the seats' current scores."""
        ...

    def questions(self, records: Sequence[GameRecord]) -> list[Finding]:
        """Answers to the draft's open questions, from a batch of records."""
        ...


# --------------------------------------------------------------------------- optional extensions
# Everything below is optional: the runner and the report look each name up with ``getattr`` and
# fall back to a generic behaviour when an engine does not provide it.
#
# Engine attributes / methods
#   version: str                              written into game logs (default "1")
#   policies: Mapping[str, Callable[[], Policy]]
#                                             the game's own policies by name ("heuristic", …);
#                                             "random" is always available from ``pnp.sim.policies``
#   default_policy: str                       what ``pnp play`` uses when no --policy is given
#   score_track: tuple[int, int] | None       the printed score track (lowest, highest square);
#                                             the report counts games whose scores stay on it
#   score_history(state) -> tuple[tuple[float, ...], ...]
#                                             scores at the end of each round so far (cheaper than
#                                             the runner polling ``progress`` after every step)
#   describe_setup(state) -> list[str]        Japanese lines about the set-up, for ``pnp play``
#   narrate(before, action, after) -> list[str]
#                                             extra Japanese lines after a step (eliminations,
#                                             round ends, a new lead player …), for ``pnp play``
#   describe_result(state, result) -> list[str]
#   chance_key(state) -> hashable             what the chance step at ``state`` is (("deal", hand), ("roll",
#                                             hand, incident, seat) …): it draws from a stream of its own,
#                                             so two rule options on one seed share it (common random
#                                             numbers, :mod:`pnp.sim.sampling`); default: one stream
#   decision_key(state) -> hashable           the part of the game a decision belongs to (a hand, a
#                                             round): each seat's policy randomness has one stream per key
#   chance_event_ja(state, outcome) -> str | None
#                                             the Japanese name of the chance step at ``state`` (「サイコロ」,
#                                             「山札から1枚」) for the single-event luck figure
#                                             (:mod:`pnp.sim.skill`); None leaves the step out; default:
#                                             ``outcome.label()`` up to its colon
#
# Result.extra conventions read by the generic metrics
#   extra["per_seat"]: {fact: [value per seat]}   win rate by value (a detective, a first-entry
#                                                 round …); values must be JSON scalars or None
#   extra["peak_pieces"]: {piece: count}          the most pieces of a kind in use at once
#
# Policy attribute
#   uses_observation: bool = True             False lets the runner skip ``observe`` (random play)
#   wants_information_set: bool = False       True: ``choose`` receives ``engine.information_set(state,
#                                             seat)`` instead of ``observe`` (the search player)
#
# Engine hooks for the search player (see the module docstring)
#   hidden_information: bool
#   information_set(state, seat) -> state
#   determinize(info, seat, rng) -> state
#   team_value(state) -> float                a cooperative engine's estimate of the team's chance to win
#                                             from ``state``, in [0, 1] (1 or 0 once the game is over); the
#                                             search scores a cut playout with it (``depth=``), so it must
#                                             read only what every seat sees (it is called on samples)


class EngineExtras(Protocol):
    """The optional parts listed above, for type checkers (no engine has to implement them)."""

    version: str
    policies: Mapping[str, Any]
    default_policy: str
    score_track: tuple[int, int] | None

    def score_history(self, state: Any) -> tuple[tuple[float, ...], ...]: ...
    def describe_setup(self, state: Any) -> list[str]: ...
    def narrate(self, before: Any, action: Any, after: Any) -> list[str]: ...
    def describe_result(self, state: Any, result: Result) -> list[str]: ...
    def chance_event_ja(self, state: Any, outcome: Any) -> str | None: ...
    def chance_key(self, state: Any) -> Hashable: ...
    def decision_key(self, state: Any) -> Hashable: ...
