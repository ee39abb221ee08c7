"""「勝者が変わる」 and its placebo floor on the bundled games: the placebo re-draws only the chance a rule
adds or removes (never the players' own random numbers), and the verdict can say "changes", "hardly
changes" (an equivalence margin of 3 points) or, only where the interval straddles both, 「判定できません」."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from crn_toy_engine import KeyedDiceRace

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.comparisons import paired
from pnp.sim.metrics import Comparison
from pnp.sim.policies import default_policy
from pnp.sim.runner import Batch
from pnp.sim.sampling import chance_disturbance
from pnp.sim.winner_change import MARGIN, newcombe_paired, winner_change_ja, winner_change_verdict

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def engines():
    project = Project(ROOT)
    return {g: make_engine(project.load_game(g)) for g in ("euphoria", "terror24")}


def compared(engine, games, *, options=None, variant=None, players=3, seed=1):
    a = Batch(players, (default_policy(engine),), games, seed=seed)
    b = replace(a, options={**(options or {})}) if variant is None else replace(a, variant=variant)
    acc = Comparison(engine, a.variant, b.variant)
    for x, y, z in paired(engine, a, b):
        acc.add(x, y, z)
    return acc.result()


def test_a_rule_that_adds_no_chance_has_a_floor_of_exactly_zero_and_gets_its_verdict(engines):
    """ユーフォリア with 8 cards each: the deal is the game's only chance and both rules shuffle the same
    deck, so nothing is re-drawn — the players' own random choices are never taken for chance (they made
    a floor of 55% before) — and the rule's large effect is said."""
    c = compared(engines["euphoria"], 120, options={"deal": 8})
    assert c["chance_identical"] == c["pairs"] == 120 and c["placebo_games"] == {"a": 0, "b": 0}
    assert c["noise_floor"]["rate"] == 0.0 and c["noise_floor"]["ci"] == [0.0, 0.0]
    assert c["winner_changed"]["ci"][0] > 0.4
    assert c["winner_change_verdict"]["verdict"] == "above_noise"
    text = winner_change_ja(c)
    assert "偶然の下限 0%（120組すべてで両方のルールが同じ偶然を引きました）" in text
    assert "ルールの違いで勝者が変わります" in text


def test_two_hands_have_the_third_hands_chance_as_their_floor(engines):
    """24 with 2 hands: the standard game's third hand is chance the two-hand game lacks; re-drawing it
    under the standard rules changes about as many winners as the rule does (the floor is not 0)."""
    c = compared(engines["terror24"], 90, options={"hands": 2})
    floor = c["noise_floor"]
    assert c["chance_identical"] == 0
    assert c["placebo_games"]["a"] == 90          # every 3-hand game has a third hand to re-draw
    assert "90組のうち先のルールで90組" in winner_change_ja(c)
    assert 0.25 < floor["rate"] < 0.7 and floor["ci"][0] > 0.2
    lo, hi = c["winner_change_excess"]["ci"]
    assert lo < 0.1 and lo <= c["winner_change_excess"]["diff"] <= hi
    assert c["winner_change_verdict"]["verdict"] != "above_noise"


def test_the_placebo_re_draws_the_chance_one_side_lacks(engines):
    """A 3-hand game against its 2-hand pair: every chance stream of hand 3 is re-drawn from its first
    use; the deals of hands 1 and 2, which both games draw alike, never; no seat's stream ever."""
    from pnp.sim.runner import run_games
    e = engines["terror24"]
    a = Batch(3, ("heuristic",), 4, seed=2, track_streams=True)
    xs = run_games(e, a)
    ys = run_games(e, replace(a, options={"hands": 2}))
    for x, y in zip(xs, ys):
        da, db = chance_disturbance(x.streams, y.streams)
        hand3 = {n for n in x.streams if n.startswith(("chance:('deal', 3)", "chance:('roll', 3,"))}
        assert hand3 and hand3 <= set(da) and all(da[n] == 0 for n in hand3)
        assert not any(n.startswith("chance:('deal', 3)") for n in y.streams)
        assert not {"chance:('deal', 1)", "chance:('deal', 2)"} & (set(da) | set(db))
        assert all(n.startswith("chance:") for n in (*da, *db))


def test_a_rule_with_a_tiny_effect_hardly_changes_winners(engines):
    """The set-aside card not scored: the same deal, 2 winners in 300 change — under the 3-point margin."""
    c = compared(engines["euphoria"], 300, variant="hidden_removed")
    assert c["noise_floor"]["rate"] == 0.0
    assert c["winner_changed"]["rate"] < 0.02
    assert c["winner_change_excess"]["ci"][1] < MARGIN
    assert c["winner_change_verdict"]["verdict"] == "negligible"
    assert "ほとんど変わりません" in winner_change_ja(c)


def test_policy_streams_are_never_re_drawn():
    """Only chance streams are disturbed: a seat's stream used differently is the player's reaction."""
    a = {"chance:deal": (0, 1), "seat0:1": (0, 5, 6), "seat1": (0, 2)}
    b = {"chance:deal": (0, 1), "seat0:1": (0, 7), "seat1": (0, 3, 4)}
    assert chance_disturbance(a, b) == ({}, {})
    # chance one game lacks, chance used differently, and extra uses, each on the side that has them
    a = {"chance:x": (0, 1, 2), "chance:only_a": (0, 4), "chance:more": (0, 1)}
    b = {"chance:x": (0, 1, 9), "chance:only_b": (0, 5), "chance:more": (0, 1, 3)}
    assert chance_disturbance(a, b) == ({"chance:x": 1, "chance:only_a": 0}, {"chance:only_b": 0, "chance:more": 1})


@pytest.mark.parametrize(("ci", "verdict"), [
    ((0.05, 0.20), "above_noise"),      # excess above 0 and reaching past the margin
    ((-0.05, 0.02), "negligible"),      # under the margin, whatever the lower end
    ((0.001, 0.025), "negligible"),     # measurable but tiny: still under the margin
    ((-0.10, -0.01), "negligible"),     # fewer changes than chance alone makes
    ((-0.02, 0.08), "undecided"),       # straddles 0 and the margin
    ((0.0, 0.03), "undecided"),         # touches both ends
])
def test_undecided_only_where_the_interval_straddles_zero_and_the_margin(ci, verdict):
    changed = {"rate": 0.3, "ci": [0.25, 0.35], "n": 300}
    floor = {"rate": 0.25, "ci": [0.2, 0.3], "n": 300}
    v = winner_change_verdict(changed, floor, {"diff": sum(ci) / 2, "ci": list(ci)})
    assert v["verdict"] == verdict and v["margin"] == MARGIN
    assert v["verdict_ja"].startswith({"above_noise": "ルールの違いで勝者が変わります", "negligible": "ほとんど変わりません",
                                       "undecided": "判定できません"}[verdict])


def test_newcombe_paired_interval():
    """The paired difference's interval holds the estimate, mirrors when the two shares swap, and narrows
    when the two counts move together (positive correlation)."""
    d, lo, hi = newcombe_paired(40, 30, 10, 220)
    assert d == pytest.approx(20 / 300) and lo < d < hi
    d2, lo2, hi2 = newcombe_paired(40, 10, 30, 220)
    assert (d2, lo2, hi2) == pytest.approx((-d, -hi, -lo))
    _, lo3, hi3 = newcombe_paired(0, 70, 50, 180)        # the same shares, no pair counted by both
    assert hi - lo < hi3 - lo3
    # no discordant pair at all: the difference is 0 and the interval still has a width (n = 300)
    d5, lo5, hi5 = newcombe_paired(30, 0, 0, 270)
    assert d5 == 0 and -0.03 < lo5 < 0 < hi5 < 0.03


def test_the_toy_rule_that_decides_the_game_is_above_and_the_silent_rule_negligible():
    a = Batch(3, ("coin",), 200, seed=5)
    out = {}
    for opt in ("last_wins", "seven_bonus"):
        acc = Comparison(KeyedDiceRace(), "a", opt)
        for x, y, z in paired(KeyedDiceRace(), a, replace(a, options={opt: True})):
            acc.add(x, y, z)
        out[opt] = acc.result()["winner_change_verdict"]["verdict"]
    assert out == {"last_wins": "above_noise", "seven_bonus": "negligible"}
