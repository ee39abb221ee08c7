"""The one rules-engine contract (after OpenSpiel's python games): :class:`BaseEngine`, with a default
for every optional hook, and the :class:`Capabilities` record every engine declares, so that callers ask
``engine.capabilities`` what an engine can do instead of probing it.  A designer's engine written without
the base class is adapted once by the loader (``pnp.games.loader.adapt``), the only place that probes.

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
``observe(state, seat)``; the real state never reaches a policy.  ``Capabilities.hidden_information``
declares that the engine hides something, ``Capabilities.determinization`` that it has the two hooks.  :func:`pnp.sim.determinization.check_determinization` checks the hooks:
the seat sees the same in every sample, the information set is the same for every sample, and the
hidden holdings vary from sample to sample.
"""
from __future__ import annotations

import abc
import enum
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..messages import msg

CHANCE = -1
TERMINAL = -2


class InvariantError(AssertionError):
    """A rule invariant broke after a step: a bug in the engine, reported by the validator."""


class IllegalAction(ValueError):
    """An action that is not among the legal ones (a bad replay log, a broken policy)."""


@runtime_checkable
class Action(Protocol):
    """A decision or a chance outcome: a small frozen, hashable, orderable value
    (``@dataclass(frozen=True, order=True)``) with ``label()`` (the Japanese words of transcripts) and
    ``to_json()`` (the form game logs keep; ``engine.action_from_json`` reads it back).

    A log keeps the JSON only, so what ``to_json`` leaves out is missing from the value read back.  A
    replayed decision is the engine's own legal action equal to the one read (``legal_actions(state)``),
    so fields left out of the JSON and of equality (``field(compare=False)``, a card's name) keep the
    label ``pnp play`` showed.  A chance outcome is used as read: ``action_from_json`` must rebuild it
    whole (from the engine's own tables), or the replay's narration loses what its label reads;
    ``pnp validate`` says so ("a chance outcome's label changes through JSON")."""

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
    """A rule variant (``--variant ID``).  An engine's ``variants`` lists them, the standard rules (id
    ``standard``) first; ``new_state`` receives the id.  A question in rulings.yaml that names a variant
    as a choice is checked against this list by ``pnp validate``."""

    id: str
    name_ja: str
    description_ja: str


@dataclass(frozen=True)
class OptionSpec:
    """A rule option (``--option ID=VALUE``; ``pnp sweep --option ID=A,B`` plays every value on the same
    seeds).  ``choices``: the values allowed (numbers, strings, ``True``/``False``, which the command line
    also takes as ``on``/``off``); ``default``: one of them.  The value is converted to the choices' type
    and ``new_state`` receives a mapping of **the options given only**: take the default yourself
    (``options.get("star_points", 1)``) and raise ``PnpError`` for a key you do not know.
    ``choices_ja``: the Japanese words for each choice, in the order of ``choices``; ``pnp sweep`` and the
    report name a setting by them (「星のカード 1枚2点」), else by ``labels_ja["id=value"]``, else
    あり/なし for ``True``/``False`` and the value itself for the rest."""

    id: str
    name_ja: str
    choices: tuple[Hashable, ...]
    default: Hashable
    choices_ja: tuple[str, ...] = ()     # the Japanese words for each choice, in the order of choices


class Policy(Protocol):
    """Chooses among legal actions from an observation only.  ``rng`` is the seat's seeded RNG.

    ``choose(observation, legal, rng)`` returns one of ``legal`` (``legal_actions(state)``);
    ``observation`` is ``observe(state, seat)`` — or ``information_set(state, seat)`` for a policy with
    ``wants_information_set = True`` (the search player), or None for one with ``uses_observation =
    False`` (no observation is built: faster).  Randomness from ``rng`` only.  An engine lists its
    policies as ``policies = {"name": class}`` (or the module's ``POLICIES``); pnp calls the class with
    no arguments for every game and seat, so a policy may remember what it saw within one game.
    ``random`` exists for every game and mixes with the others (``--policy random,heuristic``); ``pnp
    validate`` plays every policy alone and mixed at every player count."""

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



STANDARD = Variant("standard", "標準", "標準のルール")


class Chance(enum.Enum):
    """How an engine's chance steps draw their randomness (:mod:`pnp.sim.sampling`)."""

    NONE = "none"                   # no chance step at all (a game of pure decisions)
    ONE_STREAM = "one stream"       # every chance step draws from the game's single chance stream
    KEYED = "keyed streams"         # ``chance_key(state)`` names the stream of each chance step


@dataclass(frozen=True)
class Capabilities:
    """What an engine is and what it can answer, declared once (after OpenSpiel's ``_GAME_TYPE`` and
    ``_GAME_INFO``): callers ask ``engine.capabilities`` instead of probing for hooks.

    A bundled engine declares it in ``pnp/games/<game>/info.py``; a designer's engine may declare it as
    the class attribute ``capabilities`` or leave it to the loader, which derives it from the hooks the
    engine has.  Every flag that names a hook says that the engine overrides that hook of
    :class:`BaseEngine`; ``pnp validate`` checks that the flags and the hooks agree."""

    game_id: str
    min_players: int
    max_players: int
    chance: Chance = Chance.ONE_STREAM
    decision_streams: bool = False      # ``decision_key``: one stream of policy randomness per key
    hidden_information: bool = False    # observations hide something (other hands, a deck order …)
    cooperative: bool = False           # the team wins or loses together (reports give the team rate)
    determinization: bool = False       # ``information_set`` and ``determinize``: the search player can play
    team_value: bool = False            # ``team_value``: a cooperative search may cut its playouts
    progress: bool = False              # ``progress``: the round number and standing scores of a state
    score_history: bool = False         # ``score_history``: scores per finished round (else tracked by progress)
    score_track: tuple[int, int] | str | None = None   # the printed score track: a track's id, or (lowest,
                                        # highest square); the loader resolves it to ``engine.score_track``
    redeal: bool = False                # ``redeal``: its own redeal for the hidden-information check
    card_locations: bool = False        # ``card_locations``: card conservation is checked after every step
    action_cards: bool = False          # ``action_cards``: the cards an action plays (the card-effect figure)
    examples: bool = False              # ``example_state`` and ``example_facts``: rulebook examples are checked
    questions: bool = False             # ``questions``: the draft's open questions are answered
    questions_across_settings: tuple[str, ...] = ()   # questions answered from two settings' games together
    measures: tuple[Any, ...] = ()      # ``pnp.sim.answers.Measure``: figures that answer the questions
    luck_events: tuple[str, ...] = ()   # the chance events the single-event luck figure names by default
    search_guidance: str = ""           # what ``mcts:N:guided`` adds to its spec ("paired=on:depth=20" …)
    skill_ladder: tuple[int, ...] | None = None      # the search budgets of the skill ladder (None: default)
    skill_ladder_games: int | None = None            # games per rung of the ladder (None: default)

    def __post_init__(self) -> None:
        if not (isinstance(self.min_players, int) and isinstance(self.max_players, int)
                and 1 <= self.min_players <= self.max_players):
            raise ValueError(msg("engine.players_range", low=self.min_players, high=self.max_players))


# the hooks each capability flag stands for (the loader's adapter and ``pnp validate`` read this table)
CAPABILITY_HOOKS: Mapping[str, tuple[str, ...]] = {
    "decision_streams": ("decision_key",),
    "determinization": ("information_set", "determinize"),
    "team_value": ("team_value",),
    "progress": ("progress",),
    "score_history": ("score_history",),
    "redeal": ("redeal",),
    "card_locations": ("card_locations",),
    "action_cards": ("action_cards",),
    "examples": ("example_state", "example_facts"),
    "questions": ("questions",),
}


class BaseEngine(abc.ABC):
    """The one engine contract: what the runner, the validator, ``pnp play`` and the report call.

    Subclass it, implement the ten abstract methods, declare ``capabilities``, and override the
    optional hooks the game needs: each one's default below is what every caller does for an engine
    that leaves it out.  Actions and chance outcomes are small frozen, hashable, orderable values with
    ``label()`` and ``to_json()`` (:class:`Action`).  The state needs ``clone()`` (replays and
    transcripts keep copies): a class with ``__slots__`` and a hand-written clone, never ``deepcopy``.

    The data hooks, set as class or instance attributes (or read-only properties):

    * ``max_steps`` (required): a bound no legal game exceeds; a game past it is a validate error;
    * ``version``: written into game logs; ``pnp replay`` refuses a log of another version;
    * ``variants`` (:class:`Variant`, the standard rules first) and ``options`` (:class:`OptionSpec`);
    * ``policies`` (:class:`Policy`), ``default_policy`` (what ``pnp play``, ``simulate`` and the skill
      ladder play; default ``random``), ``second_policy`` (the report replays its seeds with it: do the
      figures depend on who plays?), ``policy_notes`` (how a policy plays and what it does badly, in the
      report; one without a note is said to have none);
    * ``labels_ja``: Japanese words for the ids the report shows; a key without one is listed in the
      report as 「日本語の名前がないキー」; ``round_unit_ja``: the word for a round (24: ハンド);
    * ``ruling_ids``: the rulings of ``components/<game>/rulings.yaml`` the engine plays (validate names
      an id rulings.yaml lacks at the engine's line; the rulebook prints them with ``{{rulings}}``);
    * ``card_ids`` (card number → card id: a rulebook example may name cards by id), ``card_groups``,
      ``card_effects``, ``descriptive_facts``, ``report_comparisons`` (rule changes the report plays on the
      same seeds and compares);
    * ``score_track``: set by the loader from ``Capabilities.score_track`` (the id of the printed track:
      validate checks that 99.9 % of games fit its YAML ``start``–``end``; without it that row is ``--``)."""

    capabilities: Capabilities
    max_steps: int                       # a bound no legal game may exceed (the validator checks it)
    # The optional data hooks: a game sets the ones it has as class or instance attributes (or read-only
    # properties).  They are typed loosely here so that any mapping or sequence of the shape described fits.
    version: Any = "1"                   # str: written into game logs
    variants: Any = (STANDARD,)          # Sequence[Variant]: the first is the default rules ("standard")
    options: Any = ()                    # Sequence[OptionSpec]
    default_policy: Any = "random"       # str: what ``pnp play`` and the skill ladder use for the game's own play
    second_policy: Any = None            # str | None: the report replays its seeds with it (do figures depend
                                         # on who plays?)
    policy_notes: Any = {}               # Mapping[str, str]: a policy's description in the report, by name
    descriptive_facts: Any = {}          # Mapping[str, Any]: per-seat facts the report marks as descriptive only
    card_effects: Any = {}               # Mapping[str, Hashable]: card id → effect key (one effect, one unit)
    report_comparisons: Any = ()         # Sequence[Mapping]: rule changes the report compares on the same seeds
    round_unit_ja: Any = "ラウンド"        # str: the word for the game's rounds
    ruling_ids: Any = None               # Sequence[str] | None: the rulings the engine follows (rulings.yaml)
    card_ids: Any = None                 # Sequence[str] | None: card number → card id, for examples by card id
    score_track: Any = None              # the printed range (pnp.sim.scoretrack.ScoreTrack) the loader resolves
                                         # from ``capabilities.score_track``; None without a score track
    if TYPE_CHECKING:       # a game may compute these three in a property
        @property
        def policies(self) -> Any: ...         # Mapping[str, factory of a Policy]: the game's own policies
        @property
        def labels_ja(self) -> Any: ...        # Mapping[str, str]: Japanese words for ids in the report
        @property
        def card_groups(self) -> Any: ...      # Mapping[str, str]: card id → group (the card table pools by group)
    else:
        policies: Mapping[str, Any] = {}
        labels_ja: Mapping[str, str] = {}
        card_groups: Mapping[str, str] = {}

    # ---------------------------------------------------------------- declared facts
    @property
    def game_id(self) -> str:
        return self.capabilities.game_id

    @property
    def min_players(self) -> int:
        return self.capabilities.min_players

    @property
    def max_players(self) -> int:
        return self.capabilities.max_players

    # ---------------------------------------------------------------- required
    @abc.abstractmethod
    def new_state(self, players: int, variant: str = "standard",
                  options: Mapping[str, Any] | None = None) -> Any:
        """A fresh game for ``players`` seats; its first step is usually the chance step of the deal.
        Raises ``PnpError`` for a player count, variant or option it does not play (``options`` holds the
        options given only: the defaults are the engine's to supply, see :class:`OptionSpec`)."""

    @abc.abstractmethod
    def to_move(self, state: Any) -> int:
        """The seat to decide (0-based), ``CHANCE`` at a chance step or ``TERMINAL`` when the game is over.
        Simultaneous choices (face-down placements) are sequential decisions whose ``observe`` hides the
        others' choices until the reveal."""

    @abc.abstractmethod
    def legal_actions(self, state: Any) -> list[Any]:
        """The decisions open to the seat to move: a list sorted in the actions' own order (so a seeded
        policy picks the same whatever built the list), hashable, distinct, never empty at a decision, each
        coming back equal through ``action_from_json(action.to_json())``.  ``pnp validate`` checks all of it."""

    @abc.abstractmethod
    def sample_chance(self, state: Any, rng: random.Random) -> Any:
        """The outcome of the chance step at ``state`` (a shuffle, a roll), drawn with ``rng`` only — never
        the global ``random`` nor a policy's randomness: the same seed must play the same game (validate
        plays it twice), and the noise floor of a comparison redraws chance through ``rng`` alone."""

    @abc.abstractmethod
    def apply(self, state: Any, action: Any) -> None:
        """Play ``action`` (a decision or a chance outcome) on ``state`` in place; ``IllegalAction`` for
        an action the rules do not allow here."""

    @abc.abstractmethod
    def observe(self, state: Any, seat: int) -> Any:
        """What ``seat`` sees: never the state itself, never a piece the seat cannot see (other hands, the
        order of a deck); a value compared with ``==`` (dataclasses, tuples, lists, mappings).  Validate
        redeals the hidden pieces and requires the same observation and, for the seat to move, the same
        legal actions."""

    @abc.abstractmethod
    def result(self, state: Any) -> Result:
        """Scores, ranks and end reason of a finished game: :class:`Result`, a score and a rank per seat
        (1 = winner, tied seats share a rank; a cooperative game that is lost gives every seat rank 2)."""

    @abc.abstractmethod
    def check_invariants(self, state: Any) -> None:
        """Raise ``InvariantError`` when a rule invariant breaks (pieces lost or duplicated …).  Called
        after every step of validate's sample games and of ``--check``; with ``card_locations`` card
        conservation is checked besides, so an engine may leave the body empty."""

    @abc.abstractmethod
    def action_from_json(self, data: Any) -> Any:
        """The action (or chance outcome) whose ``to_json()`` gave ``data``; ``IllegalAction`` (or
        KeyError, TypeError, ValueError) when ``data`` is no action of this game.  See :class:`Action`."""

    @abc.abstractmethod
    def state_hash(self, state: Any) -> str:
        """A digest of everything in ``state`` that matters to the rest of the game (a sha256 hex string of
        its fields): a replay must reach the logged final state's digest."""

    # ---------------------------------------------------------------- randomness
    def chance_key(self, state: Any) -> Hashable:
        """The stream of the chance step at ``state`` (``Capabilities.chance`` is ``KEYED``), so that two
        rule options on one seed share it (common random numbers).  Default: the single stream.

        The key names what the step is by its place in the game (("deal", hand), ("die", hand, turn,
        seat)), never by how often the rules drew before it; the runner keeps one stream per key
        (``derive_seed(seed, "chance", key)``), continued when a key comes again.  Write ``sample_chance``
        to match: draw as many numbers whatever the rule option (two dice drawn when one is used), draw
        from a sorted pool (``rng.sample(sorted(s.box), 10)``), and keep scores and turn counts that differ
        between options out of the key.  A comparison's "the winner changes" is set against a noise floor:
        the games replayed with only the chance one side has and the other lacks drawn anew; the finer the
        keys, the lower the floor."""
        return None

    def decision_key(self, state: Any) -> Hashable:
        """The part of the game a decision belongs to (a hand, a round): each seat's policy randomness has
        one stream per key (``decision_streams``).  Default: one stream per seat."""
        return None

    def chance_event_ja(self, state: Any, outcome: Any) -> str | None:
        """The Japanese name of the chance step at ``state`` (「サイコロ」) for the single-event luck figure;
        None leaves the step out.  Default: the outcome's label up to its colon."""
        label = getattr(outcome, "label", None)
        text = label() if callable(label) else ""
        for colon in (":", "："):
            text = text.split(colon)[0]
        return text.strip() or type(outcome).__name__

    # ---------------------------------------------------------------- progress and report
    def progress(self, state: Any) -> tuple[int, tuple[float, ...]] | None:
        """The current round (1-based) and the seats' standing scores (``Capabilities.progress``).
        Default: None — the report counts no rounds and the search plays every playout to the end."""
        return None

    def score_history(self, state: Any) -> Sequence[tuple[float, ...]] | None:
        """Scores at the end of each round so far (``Capabilities.score_history``).  Default: None — the
        runner records the standing whenever ``progress`` moves to a new round."""
        return None

    def questions(self, records: Sequence[GameRecord]) -> list[Finding]:
        """Answers to the draft's open questions from a batch of records (``Capabilities.questions``).
        Default: none."""
        return []

    def action_cards(self, action: Any) -> tuple[str, ...]:
        """The card ids an action plays (``Capabilities.action_cards``), for the card-effect figure.
        Default: none (the figure says the hook is missing)."""
        return ()

    # ---------------------------------------------------------------- pnp play and transcripts
    def seat_name(self, seat: int) -> str:
        """A seat's name in transcripts.  Default: プレイヤー1, プレイヤー2 …"""
        return f"プレイヤー{seat + 1}"

    def describe_setup(self, state: Any) -> list[str]:
        """Japanese lines about the set-up, after the first chance step.  Default: none."""
        return []

    def narrate(self, before: Any, action: Any, after: Any) -> list[str]:
        """Japanese lines after a step (eliminations, round ends …).  Default: none."""
        return []

    def describe_result(self, state: Any, result: Result) -> list[str]:
        """Japanese lines about the end of the game, before the ranks.  Default: none."""
        return []

    # ---------------------------------------------------------------- validation
    def card_locations(self, state: Any) -> Mapping[str, Sequence[str]] | None:
        """Where every card is ({place: [card id …]}, ``Capabilities.card_locations``): card conservation
        is then checked against the component manifest after every step (a lost card is named with its
        data line and the place it was in before the step).  Default: None (not checked; validate's
        generic checks list it as not declared)."""
        return None

    def component_counts(self) -> Mapping[str, int] | None:
        """How many of each component the engine plays with ({component id: count}), compared with
        game.yaml's counts by validate; the decks it names are the cards conservation expects.
        Default: None (every deck, as the data counts it; listed as not declared)."""
        return None

    def redeal(self, state: Any, seat: int, rng: random.Random) -> Any | None:
        """A state ``seat`` cannot tell from ``state`` (hidden pieces dealt again), for the hidden-information
        check (``Capabilities.redeal``).  Default: a determinization of the seat's information set when the
        engine has ``determinization``, else None (the check looks at observations only and lists
        ``redeal`` as not declared)."""
        if self.capabilities.determinization:
            return self.determinize(self.information_set(state, seat), seat, rng)
        return None

    def example_state(self, players: int, setup: Mapping[str, Any], variant: str = "standard",
                      options: Mapping[str, Any] | None = None) -> Any:
        """The state a rulebook example sets up (``Capabilities.examples``): ``setup`` is the ``~~~check``
        block's position in the engine's own terms (document them here: hands, table, scores …).  Raise
        ``pnp.sim.examples.ExampleError`` for a position the rules do not allow.  Default: not supported
        (a ``~~~check`` block is then an error: "the rules engine of this game cannot check examples")."""
        raise NotImplementedError(f"{self.game_id}: " + msg("engine.no_hook", hook="example_state"))

    def example_facts(self, state: Any) -> dict[str, Any]:
        """The facts a rulebook example checks (``Capabilities.examples``): a mapping of JSON-like values.
        Each key of the example's ``expect`` is compared with the same key here as a whole value (tuples
        as lists, mapping keys as strings: ``tricks: [0, 1]`` claims the whole list); a key missing here is
        an error naming the keys there are.  Default: not supported."""
        raise NotImplementedError(f"{self.game_id}: " + msg("engine.no_hook", hook="example_facts"))

    # ---------------------------------------------------------------- the search player
    def information_set(self, state: Any, seat: int) -> Any:
        """A copy of ``state`` with every piece ``seat`` cannot see (other hands, the deck's order, face-down
        cards) dealt back in a fixed canonical order: a function of what the seat knows only.  ``state`` is
        left untouched (``Capabilities.determinization``; see the module docstring).  Default: not
        supported — validate's determinization row is ``--`` and the skill ladder has no search rung."""
        raise NotImplementedError(f"{self.game_id}: " + msg("engine.no_hook", hook="information_set"))

    def determinize(self, info: Any, seat: int, rng: random.Random) -> Any:
        """From an information set, a full state ``seat`` cannot tell from the real one, the hidden pieces
        dealt at random with ``rng``, sharing no mutable part with ``info`` (``Capabilities.determinization``).
        A deal that keeps only the hands' sizes is enough; to use inferences (a seat that did not follow
        suit has none of it) deal only what satisfies them.  Default: not supported."""
        raise NotImplementedError(f"{self.game_id}: " + msg("engine.no_hook", hook="determinize"))

    def team_value(self, state: Any) -> float | None:
        """A cooperative engine's estimate in [0, 1] of the team's chance to win from ``state``, read from
        what every seat sees (``Capabilities.team_value``).  Default: None (playouts run to the end)."""
        return None


def hooks_disagreeing(engine: BaseEngine) -> tuple[list[str], dict[str, Any]]:
    """How ``engine.capabilities`` and the hooks ``engine`` has disagree: the hooks a flag declares that
    the engine does not override (its calls would reach the defaults), and the flags to turn on for hooks
    it overrides without declaring them (empty, empty: they agree)."""
    caps = engine.capabilities
    missing: list[str] = []
    undeclared: dict[str, Any] = {}
    for flag, hooks in CAPABILITY_HOOKS.items():
        own = [overrides(engine, hook) for hook in hooks]
        if getattr(caps, flag):
            missing += [hook for hook, has in zip(hooks, own, strict=True) if not has]
        elif all(own):
            undeclared[flag] = True
    if caps.chance is Chance.KEYED and not overrides(engine, "chance_key"):
        missing.append("chance_key")
    elif caps.chance is not Chance.KEYED and overrides(engine, "chance_key"):
        undeclared["chance"] = Chance.KEYED
    return missing, undeclared


def overrides(engine: BaseEngine, hook: str) -> bool:
    """Whether ``engine`` has its own ``hook`` (its class overrides BaseEngine's, or the instance holds one)."""
    try:
        if hook in vars(engine):
            return True
    except TypeError:           # an instance without __dict__ holds no hooks of its own
        pass
    return getattr(type(engine), hook, None) is not getattr(BaseEngine, hook)
