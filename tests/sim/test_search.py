"""The search player (SO-ISMCTS) and the determinization check, on a small hidden-information game
and on every bundled engine."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.determinization import check_determinization, same
from pnp.sim.engine import CHANCE, TERMINAL, BaseEngine, Capabilities, IllegalAction, InvariantError, Result
from pnp.sim.errors import SimError
from pnp.sim.policies import game_policies, make_policy, parse_policies
from pnp.sim.runner import Batch, play_game, run_games
from pnp.sim.search import SearchPolicy
from pnp.sim.stats import wilson
from pnp.sim.validation import run_determinization_checks

ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------- a small trick-taking game
# Cards 1..3n+2; each seat gets 3 cards face down, the rest stay out of the game unseen.  Three tricks:
# the leader plays a card face up, the others follow with any card; the highest card takes the trick
# and leads the next.  Most tricks wins (ties share the win).

@dataclass(frozen=True, order=True)
class Card:
    value: int

    def label(self) -> str:
        return f"{self.value}を出す"

    def to_json(self):
        return self.value


@dataclass(frozen=True, order=True)
class Deal:
    order: tuple[int, ...]

    def label(self) -> str:
        return "配る"

    def to_json(self):
        return list(self.order)


class TState:
    __slots__ = ("n", "dealt", "hands", "out", "table", "leader", "cur", "tricks", "played")

    def clone(self) -> TState:
        c = TState.__new__(TState)
        c.n, c.dealt, c.leader, c.cur = self.n, self.dealt, self.leader, self.cur
        c.hands = [h[:] for h in self.hands]
        c.out, c.table, c.tricks, c.played = self.out[:], self.table[:], self.tricks[:], self.played
        return c


@dataclass(frozen=True)
class TObs:
    seat: int
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    table: tuple[tuple[int, int], ...]
    tricks: tuple[int, ...]


class TrickEngine(BaseEngine):
    capabilities = Capabilities("trick", 2, 3, hidden_information=True, determinization=True)
    max_steps = 1 + 3 * 3

    def new_state(self, players, variant="standard", options=None):
        s = TState()
        s.n, s.dealt, s.leader, s.cur, s.played = players, False, 0, CHANCE, 0
        s.hands, s.out, s.table, s.tricks = [[] for _ in range(players)], [], [], [0] * players
        return s

    def to_move(self, s):
        if not s.dealt:
            return CHANCE
        return TERMINAL if s.played == 3 * s.n else s.cur

    def legal_actions(self, s):
        return [Card(v) for v in sorted(s.hands[s.cur])]

    def sample_chance(self, s, rng):
        cards = list(range(1, 3 * s.n + 3))
        rng.shuffle(cards)
        return Deal(tuple(cards))

    def apply(self, s, a):
        if not s.dealt:
            for p in range(s.n):
                s.hands[p] = sorted(a.order[3 * p:3 * p + 3])
            s.out = sorted(a.order[3 * s.n:])
            s.dealt, s.cur = True, 0
            return
        if a.value not in s.hands[s.cur]:
            raise IllegalAction(f"{a!r}")
        s.hands[s.cur].remove(a.value)
        s.table.append((s.cur, a.value))
        s.played += 1
        if len(s.table) == s.n:
            winner = max(s.table, key=lambda t: t[1])[0]
            s.tricks[winner] += 1
            s.table = []
            s.leader = s.cur = winner
        else:
            s.cur = (s.cur + 1) % s.n

    def observe(self, s, seat):
        return TObs(seat, tuple(s.hands[seat]), tuple(len(h) for h in s.hands), tuple(s.table), tuple(s.tricks))

    def result(self, s):
        best = max(s.tricks)
        return Result(tuple(float(t) for t in s.tricks), tuple(1 if t == best else 2 for t in s.tricks), "tricks")

    def check_invariants(self, s):
        cards = sorted([c for h in s.hands for c in h] + s.out + [c for _, c in s.table])
        if s.dealt and len(cards) + 0 > 3 * s.n + 2:
            raise InvariantError("too many cards")
        if len(set(cards)) != len(cards):
            raise InvariantError("a card twice")

    def action_from_json(self, data):
        return Card(int(data))

    def state_hash(self, s):
        return repr((s.dealt, s.hands, s.out, s.table, s.leader, s.cur, s.tricks, s.played))

    # the determinization hooks
    def information_set(self, s, seat):
        return self._redeal(s, seat, None)

    def determinize(self, info, seat, rng):
        return self._redeal(info, seat, rng)

    def _redeal(self, s, seat, rng):
        c = s.clone()
        others = [p for p in range(c.n) if p != seat]
        pool = sorted([x for p in others for x in c.hands[p]] + c.out)
        if rng is not None:
            rng.shuffle(pool)
        for p in others:
            k = len(c.hands[p])
            c.hands[p], pool = sorted(pool[:k]), pool[k:]
        c.out = sorted(pool)
        return c


class LeakyInfoSet(TrickEngine):
    """Hands the real state to the searcher."""

    def information_set(self, s, seat):
        return s.clone()

    def determinize(self, info, seat, rng):
        return info.clone()


class PeekingInfoSet(TrickEngine):
    """Canonical on the outside, but the information set keeps seat 1's real hand."""

    def _redeal(self, s, seat, rng):
        c = super()._redeal(s, seat, rng)
        if rng is None and seat != 1 and c.dealt:
            others = [p for p in range(c.n) if p not in (seat, 1)]
            rest = sorted(set(x for p in others + [1] for x in c.hands[p]) | set(c.out) - set(s.hands[1]))
            c.hands[1] = s.hands[1][:]
            for p in others:
                k = len(c.hands[p])
                c.hands[p], rest = rest[:k], rest[k:]
            c.out = rest
        return c


class ChangesOwnHand(TrickEngine):
    def determinize(self, info, seat, rng):
        c = super().determinize(info, seat, rng)
        other = (seat + 1) % c.n
        if c.dealt and c.hands[seat] and c.hands[other]:
            c.hands[seat][0], c.hands[other][0] = c.hands[other][0], c.hands[seat][0]
        return c


class KeepsCanonical(TrickEngine):
    def determinize(self, info, seat, rng):
        return info.clone()


class SharesLists(TrickEngine):
    def determinize(self, info, seat, rng):
        c = super().determinize(info, seat, rng)
        c.tricks = info.tricks
        return c


def test_a_sound_determinization_passes_and_re_deals_the_hidden_cards():
    rep = check_determinization(TrickEngine(), 3, states=12)
    assert rep.ok, rep.problems
    assert rep.states == 36 and rep.others_hidden > 0 and rep.others_varied >= rep.others_hidden


@pytest.mark.parametrize("engine_cls, words", [
    (LeakyInfoSet, "declares hidden information"),
    (PeekingInfoSet, "information set differs"),
    (ChangesOwnHand, "would see a different hand"),
    (KeepsCanonical, "never re-dealt"),
    (SharesLists, "share lists"),
])
def test_each_kind_of_leak_is_reported(engine_cls, words):
    rep = check_determinization(engine_cls(), 3, states=12)
    assert not rep.ok
    assert any(words in p for p in rep.problems), rep.problems[:3]


def test_same_compares_slots_and_dataclasses_field_by_field():
    assert same(TObs(0, (1, 2), (2, 2), (), (0, 0)), TObs(0, (1, 2), (2, 2), (), (0, 0))) is None
    assert same(TObs(0, (1, 2), (2, 2), (), (0, 0)), TObs(0, (1, 3), (2, 2), (), (0, 0))) == "hand[1]"


def test_search_beats_random_in_the_trick_game():
    engine = TrickEngine()
    pols = [SearchPolicy(engine, 30), make_policy(engine, "random")]
    wins = 0.0
    games = 400
    for g in range(games):
        order = pols if g % 2 == 0 else pols[::-1]
        rec = play_game(engine, 2, ["a", "b"], g, policy_objects=order, check=g < 20)
        assert rec.error is None
        me = 0 if g % 2 == 0 else 1
        k = sum(1 for r in rec.result.ranks if r == 1)
        wins += (1 / k) if rec.result.ranks[me] == 1 else 0
    lo, hi = wilson(wins, games)
    assert lo > 0.5, (wins / games, lo, hi)


def test_search_is_reproducible_and_only_sees_the_information_set():
    engine = TrickEngine()
    seen = []

    class Spy(SearchPolicy):
        def choose(self, info, legal, rng):
            seen.append((info, engine.information_set(info, engine.to_move(info))))
            return super().choose(info, legal, rng)

    a = play_game(engine, 3, ["x"] * 3, 5, policy_objects=[Spy(engine, 30)] * 3)
    b = play_game(engine, 3, ["x"] * 3, 5, policy_objects=[SearchPolicy(engine, 30)] * 3)
    assert a.result == b.result and a.steps == b.steps
    # what the policy got is the canonical information set, not the state the game is in
    assert seen and all(engine.state_hash(i) == engine.state_hash(j) for i, j in seen)


def test_policy_spec_parsing():
    engine = TrickEngine()
    p = make_policy(engine, "mcts:400:c=1.2:ms=50")
    assert (p.iterations, p.c, p.ms, p.name) == (400, 1.2, 50.0, "mcts:400:c=1.2:ms=50")
    for bad, words in [("mcts", "expected mcts:<iterations>"), ("mcts:abc", "whole number"),
                       ("mcts:0", "from 1 to 100,000"), ("mcts:10:k=2", "unknown setting"), ("mcts:10:c=x", "c must be")]:
        with pytest.raises(SimError, match=words):
            make_policy(engine, bad)

    assert make_policy(engine, "mcts:10").reward == "rank"
    assert make_policy(engine, "mcts:10:reward=win").reward == "win"
    with pytest.raises(SimError, match="reward must be one of rank, win"):
        make_policy(engine, "mcts:10:reward=score")
    assert make_policy(engine, "mcts:10:tree=own").own_tree and not make_policy(engine, "mcts:10").own_tree
    with pytest.raises(SimError, match="tree must be one of all, own"):
        make_policy(engine, "mcts:10:tree=mine")
    with pytest.raises(SimError, match="cannot itself search"):
        make_policy(engine, "mcts:10:rollout=mcts:5")
    assert make_policy(engine, "mcts:10:rollout=random").rollout is None
    for bad, words in [("mcts:10:depth=0", "depth must be"), ("mcts:10:depth=x", "depth must be"),
                       ("mcts:10:prior=yes", "prior must be on or off")]:
        with pytest.raises(SimError, match=words):
            make_policy(engine, bad)

    # every setting but guided is written key=value: a bare key, or guided with a value, is no setting
    for bad in ("mcts:10:c", "mcts:10:depth", "mcts:10:reward", "mcts:10:guided=on", "mcts:10:=3"):
        with pytest.raises(SimError, match="unknown setting"):
            make_policy(engine, bad)
    for bad, words in [("mcts:10:ms=0", "ms must be a positive number"), ("mcts:10:ms=x", "ms must be"),
                       ("mcts:10:margin=1.5", "margin must be a number from 0 to 1"),
                       ("mcts:10:margin=x", "margin must be"), ("mcts:10:paired=1", "paired must be on or off"),
                       ("mcts:10:c=-1", "exploration constant must not be negative")]:
        with pytest.raises(SimError, match=words):
            make_policy(engine, bad)
    # the settings are read left to right: a later one wins
    p = make_policy(engine, "mcts:10:c=0.2:c=0.9:prior=on:prior=off:margin=0.3")
    assert (p.c, p.prior, p.margin) == (0.9, False, 0.3)

    class NoHooks(TrickEngine):
        capabilities = Capabilities("plain", 2, 3)

    with pytest.raises(SimError, match="needs the engine hooks information_set"):
        make_policy(NoHooks(), "mcts:10")


# ---------------------------------------------------------------- the bundled engines

GAMES = ("euphoria", "terror24", "tantei2", "ebe")


@pytest.fixture(scope="module", params=GAMES)
def bundled(request):
    return make_engine(Project(ROOT).load_game(request.param))


def test_bundled_determinization_never_reveals_hidden_cards(bundled):
    for players in (bundled.min_players, bundled.max_players):
        rep = check_determinization(bundled, players, states=8, samples=8)
        assert rep.ok, rep.problems[:3]
        assert rep.hidden > 0 and rep.varied > 0


def test_bundled_search_player_finishes_a_game(bundled):
    own = sorted(game_policies(bundled))[0]
    names = parse_policies(bundled, f"mcts:4,mcts:3:rollout={own}:tree=own,random")
    recs = run_games(bundled, Batch(bundled.min_players, names, 1, seed=3, check=True))
    assert recs[0].error is None and recs[0].result is not None
    assert recs[0].policies[:2] == ("mcts:4", f"mcts:3:rollout={own}:tree=own")


def test_validator_reports_an_engine_whose_information_set_leaks():
    game = Project(ROOT).load_game("euphoria")
    engine = make_engine(game)

    class Leaky(type(engine)):
        def information_set(self, s, seat):
            return s.clone()

    leaky = Leaky.__new__(Leaky)
    leaky.__dict__.update(engine.__dict__)
    problems, checked = run_determinization_checks(game, leaky, states=4, samples=4)
    assert checked and problems
    assert "information set differs between states the seat cannot tell apart" in str(problems[0])
    assert run_determinization_checks(game, engine, states=4, samples=4)[0] == []


def test_pnp_validate_shows_the_determinization_row(repo):
    from click.testing import CliRunner

    from pnp.cli import main
    result = CliRunner().invoke(main, ["validate", "euphoria", "--games", "1", "--json", "--project", str(repo)])
    assert result.exit_code == 0, result.output
    checks = {c["check"]: c for c in json.loads(result.output)["checks"]}
    assert checks["hidden"]["ok"] and "隠れた札は毎回配り直される" in checks["hidden"]["detail"]


def test_a_cut_rollout_is_scored_by_the_standing_and_stays_reproducible():
    """``depth=N`` stops a playout after N decisions and rewards each seat by its place in the current
    scores; ``prior=on`` expands the rollout policy's choice first.  Both keep a game a function of its seed."""
    engine = make_engine(Project(ROOT).load_game("euphoria"))
    p = make_policy(engine, "mcts:6:rollout=heuristic:depth=3:prior=on")
    assert p.depth == 3 and p.prior
    state = engine.new_state(3)
    rng = __import__("random").Random(1)
    while engine.to_move(state) == CHANCE:
        engine.apply(state, engine.sample_chance(state, rng))
    scores = engine.progress(state)[1]
    got = p.standing(state)
    n = len(scores)
    for seat, v in enumerate(scores):
        place = 1 + sum(1 for o in scores if o > v)
        assert got[seat] == (n - place) / (n - 1)
    spec = "mcts:6:rollout=heuristic:depth=3:prior=on"
    a = run_games(engine, Batch(3, (spec, "heuristic"), 2, seed=4, check=True))
    b = run_games(engine, Batch(3, (spec, "heuristic"), 2, seed=4, check=True))
    assert [r.result for r in a] == [r.result for r in b] and all(r.error is None for r in a)
    g = make_policy(engine, "mcts:6:guided")
    assert (g.depth, g.prior, type(g.rollout).__name__) == (40, True, "HeuristicPolicy")
    # a team game is cut by its engine's team value (EBE has one); without that hook it plays to the end
    ebe = make_engine(Project(ROOT).load_game("ebe"))
    assert make_policy(ebe, "mcts:4:rollout=planner:depth=3").depth == 3

    class NoValue(type(ebe)):
        team_value = None

    bare = NoValue.__new__(NoValue)
    bare.__dict__.update(ebe.__dict__)
    assert make_policy(bare, "mcts:4:rollout=planner:depth=3").depth is None


def test_guided_search_takes_the_settings_the_engine_names():
    """``:guided`` adds the engine's ``search_guidance`` (探偵無宿２: the paired step played to the end; 24:
    playouts cut at the end of the hand); a setting written after ``guided`` still wins, only ``:guided``
    takes them, and a game without guidance keeps the plain guided tree search."""
    tantei2 = make_engine(Project(ROOT).load_game("tantei2"))
    assert tantei2.search_guidance == "paired=on:depth=end:margin=0.05"
    g = make_policy(tantei2, "mcts:5:guided")
    assert g.paired and g.depth is None and g.margin == 0.05 and type(g.rollout).__name__ == "HeuristicPolicy"
    assert not make_policy(tantei2, "mcts:5:guided:paired=off").paired
    assert make_policy(tantei2, "mcts:5:guided:depth=40").depth == 40
    assert not make_policy(tantei2, "mcts:5:rollout=heuristic").paired       # only :guided takes it
    terror24 = make_engine(Project(ROOT).load_game("terror24"))
    t = make_policy(terror24, "mcts:5:guided")
    assert t.round_cut and t.depth is None and not t.own_tree and not t.paired
    euphoria = make_engine(Project(ROOT).load_game("euphoria"))
    e = make_policy(euphoria, "mcts:5:guided")
    assert not e.own_tree and not e.paired and e.depth == 40


def test_depth_round_cuts_a_playout_when_its_round_is_over():
    """``depth=round``: a playout stops at the first decision after the round it started in is over (a
    hand in 24, as ``progress`` counts it), and is scored by the standing there."""
    engine = make_engine(Project(ROOT).load_game("terror24"))
    p = make_policy(engine, "mcts:6:guided:depth=round")
    assert p.round_cut and p.depth is None and p.prior
    assert make_policy(engine, "mcts:6:guided").round_cut       # 24 names depth=round as its guidance
    assert not make_policy(engine, "mcts:6:guided:depth=40").round_cut
    assert make_policy(engine, "mcts:6:depth=round:depth=12").depth == 12     # the last setting wins
    cut_rounds = []

    class Spy(type(p)):
        def standing(self, state):
            cut_rounds.append(engine.progress(state)[0])
            return super().standing(state)

    spy = Spy(engine, 6, rollout=p.rollout, prior=True, round_cut=True)
    state = engine.new_state(4)
    rng = __import__("random").Random(3)
    while engine.to_move(state) == CHANCE:
        engine.apply(state, engine.sample_chance(state, rng))
    assert engine.progress(state)[0] == 1
    info = engine.information_set(state, engine.to_move(state))
    spy.search(info, engine.to_move(state), __import__("random").Random(5))
    assert cut_rounds and set(cut_rounds) == {2}        # every playout ran to the end of hand 1, no further
    spec = "mcts:4:guided:depth=round"
    a = run_games(engine, Batch(4, (spec, "heuristic"), 1, seed=2))
    b = run_games(engine, Batch(4, (spec, "heuristic"), 1, seed=2))
    assert a[0].error is None and a[0].result == b[0].result


# ---------------------------------------------------------------- a team game: paired playouts (EBE)

@pytest.fixture(scope="module")
def ebe():
    return make_engine(Project(ROOT).load_game("ebe"))


def test_guided_in_a_team_game_means_paired_playouts_scored_by_the_team_value(ebe):
    g = make_policy(ebe, "mcts:6:guided")
    assert (g.paired, g.depth, g.margin, type(g.rollout).__name__) == (True, 20, 0.05, "PlannerPolicy")
    p = make_policy(ebe, "mcts:3:rollout=planner:paired=on:depth=5:margin=0.2")
    assert (p.paired, p.depth, p.margin) == (True, 5, 0.2)
    # a cut team playout is scored by the team value, the same for every seat
    rng = __import__("random").Random(2)
    s = ebe.new_state(3)
    while ebe.to_move(s) == CHANCE:
        ebe.apply(s, ebe.sample_chance(s, rng))
    assert p.standing(s)[:3] == [ebe.team_value(s)] * 3
    for bad, words in (("paired=maybe", "paired must be on or off"), ("margin=2", "margin must be a number from 0 to 1"),
                       ("margin=x", "margin must be a number from 0 to 1")):
        with pytest.raises(SimError, match=words):
            make_policy(ebe, f"mcts:3:rollout=planner:{bad}")


def test_paired_search_with_the_whole_margin_plays_the_default_policys_game(ebe):
    """``margin=1``: no move can beat the default policy's by more than the whole reward, so the search
    team plays exactly the planner team's games (the playouts draw from the search's own generator)."""
    spec = "mcts:1:rollout=planner:paired=on:depth=1:margin=1"
    a = run_games(ebe, Batch(2, (spec,), 2, seed=5))
    b = run_games(ebe, Batch(2, ("planner",), 2, seed=5))
    assert [(r.result, r.turns) for r in a] == [(r.result, r.turns) for r in b]
    assert all(r.error is None for r in a)


def test_a_small_seeded_team_game_with_the_setting_runs_and_repeats(ebe):
    """Every seat plays the measured setting (``:guided``, with 2 samples to keep the test fast); a game is
    a function of its seed."""
    a = run_games(ebe, Batch(2, ("mcts:2:guided",), 1, seed=8, check=True))
    b = run_games(ebe, Batch(2, ("mcts:2:guided",), 1, seed=8, check=True))
    assert a[0].error is None and a[0].result is not None
    assert (a[0].result, a[0].turns, a[0].steps) == (b[0].result, b[0].turns, b[0].steps)


def test_depth_end_plays_out_to_the_end_whatever_comes_first():
    """``depth=end`` plays every playout to the end of the game; ``:guided`` does not put its 40-decision
    cut back, whichever order the settings are written in."""
    engine = make_engine(Project(ROOT).load_game("euphoria"))
    for spec in ("mcts:5:guided:depth=end", "mcts:5:depth=end:guided"):
        p = make_policy(engine, spec)
        assert p.depth is None and not p.round_cut and p.prior, spec
    assert make_policy(engine, "mcts:5:guided").depth == 40
    assert make_policy(engine, "mcts:5:depth=round:guided").round_cut
    with pytest.raises(SimError, match="depth must be"):
        make_policy(engine, "mcts:5:depth=never")


def test_the_report_says_how_each_guided_search_plays():
    """Each report states which players produced it: the search player's note follows the settings its
    ``:guided`` stands for in that game (the engine's guidance first, the spec's own settings after)."""
    from pnp.sim.labels import policy_note
    tantei2 = make_engine(Project(ROOT).load_game("tantei2"))
    note = policy_note(tantei2, "mcts:30:guided")
    assert "合法な手をすべて、同じ配り・同じ偶然のもとで" in note and "ゲームの終わりまで" in note
    assert "少し先まで" in policy_note(tantei2, "mcts:30:guided:depth=30")
    assert "チーム" not in note
    terror24 = make_engine(Project(ROOT).load_game("terror24"))
    assert "情報集合モンテカルロ木探索" in policy_note(terror24, "mcts:100:guided")
    ebe = make_engine(Project(ROOT).load_game("ebe"))
    assert policy_note(ebe, "mcts:6:guided").startswith("チームのための探索プレイヤー")


def test_a_report_run_seats_an_affordable_search_player():
    """The skill figures seat ``mcts:N:guided``; where :guided is the paired step (every legal move played
    out per sample) N is capped so a report run stays short."""
    from pnp.sim.skill import PAIRED_SAMPLES, TEAM_SAMPLES, search_spec
    tantei2 = make_engine(Project(ROOT).load_game("tantei2"))
    assert search_spec(tantei2, 25) == f"mcts:{PAIRED_SAMPLES}:guided"
    assert search_spec(tantei2, 4) == "mcts:4:guided"
    assert search_spec(make_engine(Project(ROOT).load_game("terror24")), 25) == "mcts:25:guided"
    assert search_spec(make_engine(Project(ROOT).load_game("ebe")), 25) == f"mcts:{TEAM_SAMPLES}:guided"
