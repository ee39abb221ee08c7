"""Common random numbers (keyed chance and decision streams) and the noise floor of 「勝者が変わる」, on
a toy engine where each rule's true effect is known (crn_toy_engine.py) and on the bundled games."""
from __future__ import annotations

from dataclasses import replace

import pytest
from crn_toy_engine import DiceRace, KeyedDiceRace

from pnp.sim.comparisons import paired
from pnp.sim.engine import CHANCE
from pnp.sim.metrics import Comparison, winner_change_ja
from pnp.sim.runner import Batch, Trace, play_game
from pnp.sim.sampling import Streams, derive_seed

GAMES = 300


def compared(engine, options, games=GAMES, players=3):
    a = Batch(players, ("coin",), games, seed=5)
    b = replace(a, options=options)
    acc = Comparison(engine, "a", "b")
    for x, y, z in paired(engine, a, b):
        acc.add(x, y, z)
    return acc.result()


def dice(engine, seed, options):
    trace = Trace()
    play_game(engine, 3, ("coin",) * 3, seed, options=options, trace=trace)
    return [a.value for seat, a in trace.events if seat == CHANCE]


def test_keyed_streams_roll_the_same_dice_under_both_rules():
    """A rule that rolls one die more (seat 2 in round 1) leaves every other die as it was; with one
    stream for the whole game every later die moves."""
    keyed, single = KeyedDiceRace(), DiceRace()
    moved_single = 0
    for seed in range(20):
        a, b = dice(keyed, seed, {}), dice(keyed, seed, {"extra_die": True})
        assert len(a) == len(b) == 12
        assert a[:1] + a[2:] == b[:1] + b[2:]
        sa, sb = dice(single, seed, {}), dice(single, seed, {"extra_die": True})
        moved_single += sa[2:] != sb[2:]
    assert moved_single >= 18


def test_engine_without_keys_keeps_one_stream_per_game_and_per_seat():
    """Engines without chance_key / decision_key draw as before: random.Random(seed) for chance."""
    import random
    st = Streams(DiceRace(), 77)
    assert st.chance(None).random() == random.Random(77).random()
    assert st.seat(None, 1).random() == random.Random(derive_seed(77, "seat", 1)).random()
    keyed = Streams(KeyedDiceRace(), 77)
    s = KeyedDiceRace().new_state(3)
    assert keyed.chance(s).random() == random.Random(derive_seed(77, "chance", "(1, 0)")).random()


def test_a_rule_that_never_fires_changes_no_winner_and_disturbs_nothing():
    c = compared(KeyedDiceRace(), {"seven_bonus": True})
    assert c["winner_changed"]["rate"] == 0.0 and c["winner_changed"]["n"] == GAMES
    assert c["noise_floor"]["rate"] == 0.0 and c["noise_floor"]["n"] == GAMES
    assert c["chance_identical"] == GAMES and c["noise_floor"]["ci"] == [0.0, 0.0]
    # 0 of 300 (Wilson upper bound 1.3%) beyond a floor of exactly 0: under the 3% margin
    assert c["winner_change_verdict"]["verdict"] == "negligible"
    assert "ほとんど変わりません" in winner_change_ja(c)


def test_a_rule_that_decides_the_game_is_far_above_its_floor():
    c = compared(KeyedDiceRace(), {"last_wins": True})
    assert c["noise_floor"]["rate"] == 0.0         # nothing random is drawn differently
    assert c["winner_changed"]["ci"][0] > 0.5
    assert c["winner_change_verdict"]["verdict"] == "above_noise"
    text = winner_change_ja(c)
    assert "ルールの違いで勝者が変わります" in text and "Wilson 95%" in text and "偶然の下限 0%" in text


def test_the_floor_of_one_more_die_is_lower_with_keyed_streams():
    """One more die in round 1: with one stream every later die moves, and so does the winner, as often
    as the rule itself moves it (the share cannot be told from its floor); keyed, only that die does."""
    keyed = compared(KeyedDiceRace(), {"extra_die": True})
    single = compared(DiceRace(), {"extra_die": True})
    assert keyed["noise_floor"]["ci"][1] < single["noise_floor"]["ci"][0]
    assert keyed["winner_changed"]["ci"][1] < single["winner_changed"]["ci"][0]
    assert single["noise_floor"]["rate"] > 0.5


def test_without_a_placebo_there_is_no_verdict():
    engine = KeyedDiceRace()
    x = play_game(engine, 2, ("coin",) * 2, 3)
    acc = Comparison(engine, "a", "b")
    acc.add(x, x)
    c = acc.result()
    assert c["noise_floor"] is None
    assert c["winner_change_verdict"]["verdict_ja"].startswith("判定できません")


@pytest.mark.parametrize("jobs", [2])
def test_paired_games_and_placebos_do_not_depend_on_jobs(jobs):
    engine = KeyedDiceRace()
    a = Batch(3, ("coin",), 40, seed=9)
    b = replace(a, options={"extra_die": True})
    def flat(z):
        return tuple(g.result if g is not None else None for g in (z.a, z.b))
    one = [(x.result, y.result, flat(z)) for x, y, z in paired(engine, a, b)]
    two = [(x.result, y.result, flat(z)) for x, y, z in paired(engine, a, b, jobs=jobs)]
    assert any(z != (None, None) for _x, _y, z in one)
    assert one == two


def test_the_engine_api_example_keys_work_on_the_example_engine(tmp_path):
    """ENGINE_API.md: the keys it shows for its trick-taking example, added to the engine
    `pnp new GAME --engine` writes, give one stream for the deal and one per seat and trick."""
    import re
    from pathlib import Path

    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.data.project import Project
    from pnp.games import make_engine
    result = CliRunner().invoke(main, ["new", "trick", "--csv", "--engine", "--project", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = (Path(__file__).resolve().parents[2] / "docs/engines.md").read_text(encoding="utf-8")
    section = page[page.index("### 偶然の鍵と選択の鍵"):page.index("## 5. validate")]
    block = re.findall(r"```python\n(.*?)```", section, re.S)[1]
    base = make_engine(Project(tmp_path).load_game("trick"))
    namespace: dict = {}
    exec("class Keyed(Base):\n" + block, {"Base": type(base), "State": object}, namespace)
    keyed = namespace["Keyed"].__new__(namespace["Keyed"])
    keyed.__dict__.update(base.__dict__)
    from dataclasses import replace

    from pnp.sim.engine import Chance
    keyed.capabilities = replace(base.capabilities, chance=Chance.KEYED, decision_streams=True)   # as the page says
    record = play_game(keyed, 3, ("heuristic",) * 3, 4, track_streams=True)
    assert record.error is None
    assert set(record.streams) == {"chance:deal"} | {f"seat{s}:{t}" for s in range(3) for t in range(6)}


BUNDLED = ("terror24", "tantei2", "euphoria", "ebe")


@pytest.fixture(scope="module")
def bundled():
    from pathlib import Path

    from pnp.data.project import Project
    from pnp.games import make_engine
    project = Project(Path(__file__).resolve().parents[2])
    return {g: make_engine(project.load_game(g)) for g in BUNDLED}


def SingleStream(engine):
    """A bundled engine without its keys: the runner's single chance stream, as before."""
    import copy
    from dataclasses import replace

    from pnp.sim.engine import Chance
    single = copy.copy(engine)
    single.capabilities = replace(engine.capabilities, chance=Chance.ONE_STREAM, decision_streams=False)
    return single


@pytest.mark.parametrize("game", BUNDLED)
def test_placebo_the_same_rules_twice_change_no_winner(bundled, game):
    """Placebo: the same rules on both sides disturb no stream: no winner changes, the floor is 0."""
    from pnp.sim.policies import default_policy
    engine = bundled[game]
    a = Batch(3, (default_policy(engine),), 12, seed=3)
    acc = Comparison(engine, "a", "a")
    for x, y, z in paired(engine, a, a):
        acc.add(x, y, z)
    c = acc.result()
    assert c["pairs"] == 12 and c["winner_changed"]["rate"] == 0.0 and c["noise_floor"]["rate"] == 0.0


@pytest.mark.parametrize("game", ("terror24", "ebe"))
def test_placebo_one_chance_draw_redrawn_mid_game_moves_fewer_winners_with_keys(bundled, game):
    """Placebo: one deal or roll re-drawn halfway through (same rules).  With one stream every later draw
    moves with it (the issue measured 42% of 24's winners at 3 players, 20% of EBE's); keyed, only that
    draw does.  (ユーフォリア has one chance step, the deal; in 探偵無宿２ each chance step is a whole
    deck's shuffle, and one reshuffled deck changes the game as much as all of them:
    benchmarks/crn_noise_floor.py measures 44% either way.)"""
    from pnp.sim.comparisons import midgame_placebo
    from pnp.sim.policies import default_policy
    engine = bundled[game]
    batch = Batch(3, (default_policy(engine),), 40, seed=1)
    single = midgame_placebo(SingleStream(engine), batch)
    keyed = midgame_placebo(engine, batch)
    assert keyed["n"] == single["n"] == 40
    assert keyed["rate"] < single["rate"]
    assert keyed["rate"] <= 0.2


@pytest.mark.parametrize("game", ("terror24", "euphoria"))
def test_tracking_the_streams_does_not_change_the_game(bundled, game):
    """Comparisons play with track_streams (every stream seeded at once, its state hashed); plain runs
    seed a decision stream only when it is first drawn from: both play the same moves."""
    from pnp.sim.policies import default_policy
    engine = bundled[game]
    for seed in range(3):
        plain, tracked = Trace(), Trace()
        play_game(engine, 4, (default_policy(engine),) * 4, seed, trace=plain)
        play_game(engine, 4, (default_policy(engine),) * 4, seed, trace=tracked, track_streams=True)
        assert plain.events == tracked.events
