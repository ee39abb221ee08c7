"""A generic search player: single-observer information-set Monte Carlo tree search (SO-ISMCTS,
Cowling, Powley & Whitehouse 2012) over the engine protocol of :mod:`pnp.sim.engine`.

Policy spec (``--policy``)::

    mcts:400            400 iterations per decision (the budget; reproducible)
    mcts:400:c=0.7      … with exploration constant 0.7 (default 0.7)
    mcts:400:ms=200     … stopping early after 200 ms of thinking per decision.  A time budget makes the
                        number of iterations depend on the machine's speed, so games are NOT
                        reproducible with it; the iteration count is the budget to use for figures.
    mcts:100:reward=win … rewarding only the win (default ``rank``: the place; see below)
    mcts:100:rollout=heuristic
                        … playing the games out with one of the game's own policies instead of
                        uniformly random moves (slower per iteration; needed where random play
                        never wins, as in the cooperative EBE)
    mcts:100:guided     … guided by the game's default policy: playouts by that policy, its choice expanded
                        first (``prior=on``), playouts cut after 40 decisions and scored by the standing
                        (``depth=40``); the same as ``rollout=<default>:prior=on:depth=40``, followed by
                        the settings the engine names in ``search_guidance`` (24: ``depth=round``;
                        探偵無宿２: ``paired=on:depth=end:margin=0.05``; EBE: see below)
    mcts:100:rollout=heuristic:depth=round
                        … a playout stops when the round it started in is over (the round as
                        ``engine.progress`` counts it: a hand in 24) and is scored by the standing then
    mcts:100:guided:depth=end
                        … playouts played to the end of the game (no cut)
    mcts:100:rollout=heuristic:depth=20
                        … a playout stops after 20 decisions and each seat is rewarded by its place in the
                        current scores (``engine.progress``); a team game stops at its first chance step
                        after 20 decisions and is scored by ``engine.team_value`` (without that hook it
                        plays to the end)
    mcts:6:rollout=planner:paired=on:depth=20:margin=0.05
                        … no tree: every legal move is played out on the same 6 samples (see "Paired
                        playouts" below); the rollout policy's move stands unless another beats its mean
                        reward by more than ``margin`` (default 0)
    mcts:6:guided       … in EBE (its ``search_guidance``): the same as
                        ``rollout=planner:paired=on:depth=20:margin=0.05`` (the setting measured below)
    mcts:100:rollout=heuristic:prior=on
                        … a node's first new child is the rollout policy's choice (a prior from the game's
                        own player) instead of a random untried move
    mcts:100:rollout=heuristic:tree=own
                        … the tree holds only the searching seat's own decisions; the other seats
                        move by the rollout policy inside the tree as well (a model of opponents
                        who play that policy, instead of SO-ISMCTS's search over their moves)

How one decision is searched.  The runner gives a search policy ``engine.information_set(state, seat)``
in place of ``observe``: the state with every piece the seat cannot see put in a fixed canonical
arrangement (see the engine protocol).  Each iteration

1. samples a determinization ``engine.determinize(info, seat, rng)`` — a full state consistent with what
   the seat sees, the hidden pieces dealt at random;
2. descends one shared tree of decisions (for every seat, as the observing seat imagines them) choosing
   among the children legal in this determinization by UCB1 with availability counts
   (``mean + c·sqrt(ln(available) / visits)``), sampling chance steps with ``engine.sample_chance``;
3. adds one new node, then plays the game out with uniformly random legal moves (or the named
   rollout policy, which sees ``observe`` of the sampled state for the seat to move);
4. backs up the result: each node keeps the reward of the seat that moved into it — by default the
   seat's place, ``(players - rank) / (players - 1)`` (1 for the winner, 0 for the last; seats tied
   for a rank all get its value), or with ``reward=win`` its win share (1/k for a k-way tie for rank
   1, 0 otherwise); for cooperative engines (``engine.cooperative``) 1 when the team won.  Measured
   with one search seat (100 iterations) against two ``heuristic`` seats, 3 players, games 0–11 of
   seed 1: in 24 the place reward took a win share of 8/12 where the win reward took 2/12, in
   探偵無宿２ 4/12 against 0/12 — in few iterations the place tells a search more than the bare win.

Paired playouts (``paired=on``; EBE's and 探偵無宿２'s ``:guided``).  In 探偵無宿２ every legal move is played
to the end by the heuristic on the same samples and scored by the place, as in the tree search; the tree
spread its iterations too thin over the ~15 moves of a main phase (figures in the README).  In a cooperative
game the tree search above learns little in a practical budget: random playouts never win in EBE, full playouts by the planner
end in a bare win or loss, so a few dozen of them rank moves by noise (``mcts:16:rollout=planner:prior=on``,
every seat, 2 players, games 0–39 of seed 7: 3 of 40 won, the planner team 18), and a playout cut after a
few decisions ranks them by the value alone, with its faults (``mcts:16:…:prior=on:depth=1``: 35 of 100
against the planner team's 42).  What works is a policy-improvement step on the game's own player: each
sample draws one determinization and one seed, and every legal move is played out from that same
determinization with that same seed (chance steps and the rollout policy's own draws), so the moves are
compared on the same luck; each playout stops at the first chance step after ``depth`` decisions (the start
of the next turn in EBE, before the dice: the points the value was fitted at) and is scored by the engine's
``team_value(state) -> [0, 1]`` (the team's chance to win from there; 1 or 0 at the end).  The default
policy's own move is kept unless another move's summed value beats it by more than ``margin`` × samples —
a small difference is noise, and the default player's judgement is worth keeping.  The decision costs
samples × legal moves × ``depth`` decisions of the rollout policy.  Measured with every seat searching
(``benchmarks/bench_search.py --game ebe --iterations 6``, games 0–199 of seed 1, team win rates with 95%
Wilson intervals; the README's ベンチマーク table): ``mcts:6:guided`` 65.5% (58.7–71.7%) against the planner
team's 41.5% (34.9–48.4%) at 2 players, 79.5% (73.4–84.5%) against 62.0% (55.1–68.4%) at 3, and 78.0%
(71.8–83.2%) against 72.5% (65.9–78.2%) at 4 (better, but the intervals overlap: a turn holds more decisions
at 4, so 20 decisions see fewer turns ahead); the random team wins none.  It plays 0.36 / 0.20 / 0.25 games
a second at 2 / 3 / 4 players (every seat searching, one process).  The search reads the table through
``information_set`` and ``determinize`` only, and ``team_value`` reads no hidden piece
(tests/games/test_ebe_value.py).

The decision is the most visited child of the root.  All randomness (determinizations, chance steps,
tie-breaks, rollouts) comes from one ``random.Random`` seeded from the ``rng`` the runner passes to
``choose``, so a game is a function of its seed.  The player never receives the real state: what it
knows of the hidden cards is only what ``information_set`` keeps, which the validator checks
(:func:`pnp.sim.determinization.check_determinization`).
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..limits import MAX_SEARCH_ITERATIONS
from ..messages import msg
from .engine import CHANCE, TERMINAL, BaseEngine
from .errors import SimError

DEFAULT_C = 0.7
GUIDED_DEPTH = 40      # playout decisions before the standing scores it, for ``:guided`` (see the docstring)
REWARDS = ("rank", "win")
TREES = ("all", "own")
SPEC_HELP = ("mcts:<iterations>[:guided][:c=<exploration>][:ms=<milliseconds>][:rollout=<policy>]"
             "[:reward=rank|win][:tree=all|own][:depth=<decisions>|round|end][:prior=on|off][:paired=on|off]"
             "[:margin=<0..1>]")


def is_search_spec(name: str) -> bool:
    return name == "mcts" or name.startswith("mcts:")


class Node:
    __slots__ = ("mover", "children", "visits", "avail", "total")

    def __init__(self, mover: int) -> None:
        self.mover = mover           # the seat whose action led here (its reward is summed)
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.avail = 0               # iterations in which this node's action was legal
        self.total = 0.0


class SearchPolicy:
    """SO-ISMCTS with random rollouts.  See the module docstring."""

    wants_information_set = True     # the runner passes engine.information_set(state, seat)

    def __init__(self, engine: BaseEngine, iterations: int, c: float = DEFAULT_C, ms: float | None = None,
                 name: str | None = None, rollout: Any = None, reward: str = "rank", tree: str = "all",
                 depth: int | None = None, prior: bool = False, round_cut: bool = False, paired: bool = False,
                 margin: float = 0.0) -> None:
        if not 1 <= iterations <= MAX_SEARCH_ITERATIONS:     # a billion would search for ever
            raise SimError("mcts: " + msg("sim.mcts_iterations", most=f"{MAX_SEARCH_ITERATIONS:,}",
                                          got=f"{iterations:,}"))
        if c < 0:
            raise SimError("mcts: " + msg("sim.mcts_exploration", got=c))
        if not engine.capabilities.determinization:
            raise SimError(f"{engine.game_id}: " + msg("sim.mcts_needs_hook"))
        self.engine = engine
        self.iterations = iterations
        self.c = c
        self.ms = ms
        self.cooperative = engine.capabilities.cooperative
        self.rollout = rollout           # a policy object, or None for uniformly random moves
        if reward not in REWARDS:
            raise SimError("mcts: " + msg("sim.mcts_choice", key="reward", choices=REWARDS, got=reward))
        self.reward = reward
        if tree not in TREES:
            raise SimError("mcts: " + msg("sim.mcts_choice", key="tree", choices=TREES, got=tree))
        self.own_tree = tree == "own"    # other seats move by the rollout policy, also inside the tree
        if depth is not None and depth < 1:
            raise SimError("mcts: " + msg("sim.mcts_depth", got=depth))
        progress = engine.progress if engine.capabilities.progress else None
        # a rollout cut after `depth` decisions is scored by the standing (progress), in a team game by the
        # engine's team_value; an engine without the hook plays every rollout to the end
        team_value = engine.team_value if self.cooperative and engine.capabilities.team_value else None
        scorer = team_value if self.cooperative else progress
        self.depth = depth if depth and callable(scorer) else None
        # depth=round: the playout stops when the round it started in is over
        self.round_cut = round_cut and callable(progress) and not self.cooperative
        self.progress: Any = progress
        self.team_value: Any = team_value
        self.prior = prior and rollout is not None    # expand the rollout policy's choice first
        self.paired = paired
        self.margin = margin
        self.name = name or f"mcts:{iterations}"

    # ------------------------------------------------------------------ rewards
    def standing(self, state: Any) -> list[float]:
        """The reward of a rollout cut short: each seat's place in the current scores, as ``rank``; in a team
        game every seat's reward is the engine's ``team_value`` (the team's chance to win from here)."""
        if self.cooperative:
            return [float(self.team_value(state))] * self.engine.max_players
        scores = self.progress(state)[1]
        n = len(scores)
        if n < 2:
            return [1.0] * n
        ranks = [1 + sum(1 for o in scores if o > v) for v in scores]
        if self.reward == "rank":
            return [(n - r) / (n - 1) for r in ranks]
        k = sum(1 for r in ranks if r == 1)
        return [1.0 / k if r == 1 else 0.0 for r in ranks]

    def rewards(self, state: Any) -> list[float]:
        res = self.engine.result(state)
        ranks = res.ranks
        if self.cooperative:
            won = 1.0 if res.winners else 0.0
            return [won] * len(ranks)
        if self.reward == "rank":
            n = len(ranks)
            return [(n - r) / (n - 1) for r in ranks]
        k = sum(1 for r in ranks if r == 1)
        return [1.0 / k if r == 1 else 0.0 for r in ranks]

    # ------------------------------------------------------------------ search
    def choose(self, info: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        eng = self.engine
        seat = eng.to_move(info)
        r = random.Random(rng.getrandbits(64))
        if self.paired:
            return self.choose_paired(info, legal, seat, r)
        root = self.search(info, seat, r)
        best, best_key = None, None
        for a in legal:                      # the real legal set; legal is sorted, so ties are stable
            ch = root.children.get(a)
            key = (ch.visits, ch.total) if ch is not None else (-1, 0.0)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def choose_paired(self, info: Any, legal: Sequence[Any], seat: int, r: random.Random) -> Any:
        """``paired=on``: every legal move is played out on the same ``iterations`` samples (one determinization
        and one seed for the chance steps and the rollout policy per sample, shared by all moves, so the
        moves are compared on the same luck), each playout cut after ``depth`` decisions (``depth=round`` is
        not used here).  The rollout policy's
        own choice stands unless another move's mean reward beats it by more than ``margin``."""
        eng = self.engine
        determinize, to_move, legal_actions = eng.determinize, eng.to_move, eng.legal_actions
        apply, sample_chance, max_steps = eng.apply, eng.sample_chance, eng.max_steps
        roll = self.rollout
        roll_choose = roll.choose if roll is not None else None
        roll_obs = eng.observe if roll is not None and getattr(roll, "uses_observation", True) else None
        depth, coop = self.depth, self.cooperative
        if roll_choose is not None:
            base = roll_choose(roll_obs(info, seat) if roll_obs else None, legal, r)
        else:
            base = legal[0]
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self.iterations):
            det = determinize(info, seat, r)
            seed = r.getrandbits(64)
            for a in legal:
                s = det.clone()
                apply(s, a)
                pr = random.Random(seed)
                decisions = steps = 0
                cut = False
                while True:
                    mover = to_move(s)
                    if mover == TERMINAL:
                        break
                    if depth is not None and decisions >= depth and (mover == CHANCE or not coop):
                        cut = True
                        break
                    steps += 1
                    if steps > max_steps:
                        raise SimError(f"{eng.game_id}: " + msg("sim.rollout_past_max_steps", steps=max_steps))
                    if mover == CHANCE:
                        apply(s, sample_chance(s, pr))
                        continue
                    decisions += 1
                    acts = legal_actions(s)
                    if len(acts) == 1:
                        b = acts[0]
                    elif roll_choose is None:
                        b = acts[int(pr.random() * len(acts))]
                    else:
                        b = roll_choose(roll_obs(s, mover) if roll_obs else None, acts, pr)
                    apply(s, b)
                totals[a] += (self.standing(s) if cut else self.rewards(s))[seat]
        best = base
        for a in legal:                      # legal is sorted: the first of equals wins
            if totals[a] > totals[best] + self.margin * self.iterations:
                best = a
        return best

    def search(self, info: Any, seat: int, r: random.Random) -> Node:
        """The tree of ``iterations`` iterations (fewer when ``ms`` is spent) from the information set
        ``info`` of ``seat``: each a determinization, a descent and expansion, a playout and the backup."""
        determinize = self.engine.determinize
        deadline = time.perf_counter() + self.ms / 1000 if self.ms else None
        walk = _Iteration(self, seat, r)
        root = Node(-1)
        for it in range(self.iterations):
            if deadline is not None and it and time.perf_counter() > deadline:
                break
            s = determinize(info, seat, r)
            path, steps = walk.descend(s, root)
            rewards = walk.play_out(s, steps)
            for n in path:
                n.visits += 1
                if n.mover >= 0:
                    n.total += rewards[n.mover]
        return root


class _Iteration:
    """The steps of one search iteration on a determinization, for :meth:`SearchPolicy.search`: the
    engine's hooks and the search's settings looked up once per decision, not once per step."""

    def __init__(self, policy: SearchPolicy, seat: int, r: random.Random) -> None:
        eng = policy.engine
        self.policy = policy
        self.seat = seat
        self.r = r
        self.rand = r.random
        self.to_move, self.legal_actions, self.apply = eng.to_move, eng.legal_actions, eng.apply
        self.sample_chance = eng.sample_chance
        self.max_steps = eng.max_steps
        self.game_id = eng.game_id
        roll = policy.rollout
        self.roll_choose = roll.choose if roll is not None else None
        self.roll_obs = eng.observe if roll is not None and getattr(roll, "uses_observation", True) else None
        self.own_tree = policy.own_tree
        self.prior = policy.prior
        self.round_of = (lambda st: policy.progress(st)[0]) if policy.round_cut else None

    def playout_move(self, s: Any, mover: int, acts: Sequence[Any]) -> Any:
        """A move outside the tree: the only one, a uniformly random one, or the rollout policy's."""
        if len(acts) == 1:
            return acts[0]
        if self.roll_choose is None:
            return acts[int(self.rand() * len(acts))]
        return self.roll_choose(self.roll_obs(s, mover) if self.roll_obs else None, acts, self.r)

    def descend(self, s: Any, root: Node) -> tuple[list[Node], int]:
        """Selection and expansion: down the tree from ``root`` by UCB1 with availability counts, playing
        each step on ``s``, until a new node is added (or the game ends).  (The nodes passed, steps played.)"""
        to_move, legal_actions, apply, sample_chance = self.to_move, self.legal_actions, self.apply, self.sample_chance
        c, log, sqrt = self.policy.c, math.log, math.sqrt
        seat, own_tree, r = self.seat, self.own_tree, self.r
        node = root
        path = [root]
        steps = 0
        while True:
            mover = to_move(s)
            if mover == TERMINAL:
                break
            steps += 1
            if mover == CHANCE:
                apply(s, sample_chance(s, r))
                continue
            acts = legal_actions(s)
            if own_tree and mover != seat:
                apply(s, self.playout_move(s, mover, acts))
                continue
            children = node.children
            untried = [a for a in acts if a not in children]
            if untried:
                path.append(self.expand(s, node, mover, acts, untried))
                break
            best, best_v = None, -1.0
            for a in acts:
                ch = children[a]
                ch.avail += 1
                v = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                if v > best_v:
                    best, best_v = a, v
            node = children[best]
            apply(s, best)
            path.append(node)
        return path, steps

    def expand(self, s: Any, node: Node, mover: int, acts: Sequence[Any], untried: list[Any]) -> Node:
        """Adds one child to ``node`` and plays its action on ``s``: the rollout policy's choice first with
        ``prior=on``, else an untried action at random; every other child legal here counts as available."""
        children = node.children
        a = None
        if self.prior and self.roll_choose is not None:    # the game's own player's choice is tried first
            a = self.roll_choose(self.roll_obs(s, mover) if self.roll_obs else None, acts, self.r)
            if a in children:
                a = None
        if a is None:
            a = untried[int(self.rand() * len(untried))]
        for b in acts:
            ch = children.get(b)
            if ch is not None:
                ch.avail += 1
        child = children[a] = Node(mover)
        child.avail = 1
        self.apply(s, a)
        return child

    def play_out(self, s: Any, steps: int) -> list[float]:
        """Rollout: uniformly random legal moves (or the rollout policy's), chance by the engine, to the end
        or to the cut the settings ask for; every seat's reward."""
        to_move, legal_actions, apply, sample_chance = self.to_move, self.legal_actions, self.apply, self.sample_chance
        policy, r, round_of, max_steps = self.policy, self.r, self.round_of, self.max_steps
        depth, coop = policy.depth, policy.cooperative
        decisions = 0
        cut = False
        start_round = round_of(s) if round_of is not None else None
        while True:
            mover = to_move(s)
            if mover == TERMINAL:
                break
            if depth is not None and decisions >= depth and (mover == CHANCE or not coop):
                cut = True      # a team game is judged at its next chance step: before the dice, as the value was fitted
                break
            if round_of is not None and mover != CHANCE and round_of(s) != start_round:
                cut = True
                break
            if steps > max_steps:
                raise SimError(f"{self.game_id}: " + msg("sim.rollout_past_max_steps", steps=max_steps))
            if mover == CHANCE:
                apply(s, sample_chance(s, r))
            else:
                decisions += 1
                apply(s, self.playout_move(s, mover, legal_actions(s)))
            steps += 1
        return policy.standing(s) if cut else policy.rewards(s)


def spec_parts(engine: BaseEngine, spec: str) -> list[str]:
    """The spec's settings split at ``:``, with the settings the engine names for ``:guided`` (its
    ``search_guidance``, e.g. 24's "depth=round") put right after ``guided``, so settings written later in
    the spec win.  The spec parser, the report's note and the skill figures all read a spec this way."""
    parts = spec.split(":")
    if "guided" in parts[2:]:
        extra = [x for x in engine.capabilities.search_guidance.split(":") if x]
        at = parts.index("guided", 2) + 1
        parts = parts[:at] + extra + parts[at:]
    return parts


def parse_search_spec(engine: BaseEngine, spec: str,
                      policy_by_name: Callable[[Any, str], Any] | None = None) -> SearchPolicy:
    """``mcts:400``, ``mcts:400:c=0.7``, ``mcts:400:ms=200`` → a :class:`SearchPolicy`.  A ``rollout=NAME``
    setting is made by ``policy_by_name(engine, NAME)`` (the policy registry passes its own maker, so
    this module need not import it back)."""
    iterations = _spec_iterations(spec)
    spec_in = _Spec(engine, spec, policy_by_name)
    settings = _Settings()
    for p in spec_parts(engine, spec)[2:]:
        key, sep, value = p.partition("=")
        if key == "guided" and not sep:     # the game's own default policy guides the search
            _guided(settings, spec_in)
            continue
        read = _SETTINGS.get(key) if sep else None
        if read is None:
            raise SimError(msg("sim.spec_unknown_setting", spec=spec, setting=p, form=SPEC_HELP))
        read(settings, value, spec_in)
    return SearchPolicy(engine, iterations, c=settings.c, ms=settings.ms, name=spec, rollout=settings.rollout,
                        reward=settings.reward, tree=settings.tree, depth=settings.depth, prior=settings.prior,
                        round_cut=settings.round_cut, paired=settings.paired, margin=settings.margin)


def _spec_iterations(spec: str) -> int:
    """The iteration count of a spec ``mcts:<iterations>…``, in range."""
    parts = spec.split(":")
    if parts[0] != "mcts" or len(parts) < 2:
        raise SimError(msg("sim.spec_form", spec=spec, form=SPEC_HELP))
    try:
        iterations = int(parts[1])
    except ValueError:
        raise SimError(msg("sim.spec_iterations_whole", spec=spec, form=SPEC_HELP)) from None
    if not 1 <= iterations <= MAX_SEARCH_ITERATIONS:
        raise SimError(msg("sim.spec_iterations_range", spec=spec, most=f"{MAX_SEARCH_ITERATIONS:,}"))
    return iterations


@dataclass(frozen=True)
class _Spec:
    """The spec being read: its engine, its text (for the messages) and the maker of rollout policies."""

    engine: BaseEngine
    text: str
    policy_by_name: Callable[[Any, str], Any] | None


@dataclass
class _Settings:
    """The search's settings as the spec's parts set them, left to right (a later part wins)."""

    c: float = DEFAULT_C
    ms: float | None = None
    rollout: Any = None
    reward: str = "rank"
    tree: str = "all"
    depth: int | None = None
    depth_given: bool = False        # a depth= part was read: a later ``guided`` keeps it
    round_cut: bool = False
    prior: bool = False
    paired: bool = False
    margin: float = 0.0


def _guided(settings: _Settings, spec: _Spec) -> None:
    """``guided``: playouts by the game's default policy (random playouts when it has none), its choice
    expanded first, cut after GUIDED_DEPTH decisions unless a depth was given."""
    name = spec.engine.default_policy
    rollout = None
    if name != "random" and spec.policy_by_name is not None:
        try:
            rollout = spec.policy_by_name(spec.engine, name)
        except SimError:        # a default the engine does not have: plain random playouts
            rollout = None
    settings.rollout = rollout
    settings.prior = rollout is not None
    if not settings.depth_given:
        settings.depth = GUIDED_DEPTH


def _set_depth(settings: _Settings, value: str, spec: _Spec) -> None:
    if value in ("round", "end"):
        settings.depth, settings.round_cut = None, value == "round"
    elif not value.isdigit() or int(value) < 1:
        raise SimError(msg("sim.spec_depth", spec=spec.text, form=SPEC_HELP))
    else:
        settings.depth, settings.round_cut = int(value), False
    settings.depth_given = True


def _on_off(key: str, value: str, spec: _Spec) -> bool:
    if value not in ("on", "off"):
        raise SimError(msg("sim.spec_on_off", spec=spec.text, key=key, form=SPEC_HELP))
    return value == "on"


def _set_paired(settings: _Settings, value: str, spec: _Spec) -> None:
    settings.paired = _on_off("paired", value, spec)


def _set_prior(settings: _Settings, value: str, spec: _Spec) -> None:
    settings.prior = _on_off("prior", value, spec)


def _set_margin(settings: _Settings, value: str, spec: _Spec) -> None:
    try:
        margin = float(value)
    except ValueError:
        margin = -1.0
    if not 0 <= margin <= 1:
        raise SimError(msg("sim.spec_margin", spec=spec.text, form=SPEC_HELP))
    settings.margin = margin


def _set_rollout(settings: _Settings, value: str, spec: _Spec) -> None:
    if is_search_spec(value):
        raise SimError(msg("sim.spec_rollout_search", spec=spec.text))
    if value != "random" and spec.policy_by_name is None:
        raise SimError(msg("sim.spec_rollout_maker", spec=spec.text, rollout=value))
    settings.rollout = None if value == "random" or spec.policy_by_name is None \
        else spec.policy_by_name(spec.engine, value)


def _set_reward(settings: _Settings, value: str, spec: _Spec) -> None:
    settings.reward = value          # SearchPolicy refuses a reward it does not know


def _set_tree(settings: _Settings, value: str, spec: _Spec) -> None:
    settings.tree = value            # SearchPolicy refuses a tree it does not know


def _number(key: str, value: str, spec: _Spec, *, positive: bool) -> float:
    """The number a ``key=value`` part gives (above zero with ``positive``)."""
    try:
        number = float(value)
    except ValueError:
        number = None
    if number is None or (positive and number <= 0):
        raise SimError(msg("sim.spec_positive", spec=spec.text, key=key, form=SPEC_HELP))
    return number


def _set_c(settings: _Settings, value: str, spec: _Spec) -> None:
    settings.c = _number("c", value, spec, positive=False)     # a negative c: SearchPolicy says so


def _set_ms(settings: _Settings, value: str, spec: _Spec) -> None:
    settings.ms = _number("ms", value, spec, positive=True)


# the settings written ``key=value`` (``guided`` stands alone), each read into the settings
_SETTINGS: dict[str, Callable[[_Settings, str, _Spec], None]] = {
    "c": _set_c, "ms": _set_ms, "depth": _set_depth, "paired": _set_paired, "margin": _set_margin,
    "prior": _set_prior, "rollout": _set_rollout, "reward": _set_reward, "tree": _set_tree,
}
