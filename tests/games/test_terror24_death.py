"""24 −共鳴するテロル−: ruling death-risk — what a 殉職 costs by incident.  The draft's notes: 「５ラウンド目は
特に何のデメリットもなく振れてしまえる」; the engine plays the rules as written (option death_rule=draft) and the
notes' two proposals (death_rule=points, death_rule=injury)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import terror24 as T
from pnp.sim.engine import CHANCE, TERMINAL
from pnp.sim.runner import Batch, run_games

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game():
    return Project(ROOT).load_game("terror24")


@pytest.fixture(scope="module")
def E(game):
    return T.make_engine(game)


def at(E, death: str, setup: dict, hands: int = 3):
    return E.example_state(3, setup, "standard", {"hands": hands, "death_rule": death})


def roll(E, s, dice: int, green: int, red: int) -> None:
    E.apply(s, T.CHALLENGES[dice])
    assert E.to_move(s) == CHANCE
    E.apply(s, T.ROLLS[green][red])


def pass_all(E, s):
    inc, hand = s.inc, s.hand_no
    while s.phase == T.P_CHAL and s.inc == inc and s.hand_no == hand:
        E.apply(s, T.CHALLENGES[0])


@pytest.mark.parametrize("death,incident,gain", [("draft", 2, 0), ("points", 1, 5), ("points", 2, 4),
                                                 ("points", 5, 1)])
def test_a_death_in_the_last_hand_gives_six_minus_the_incident(E, death, incident, gain):
    # the notes: 「つまり逆順に６−現在ラウンドという形で、初っ端で死ぬと５ＶＰ入る。最終ラウンドだと０ＶＰみたいな。」
    # (in the 24 of the rules an incident is what the notes call a ラウンド; 6 − 5 = 1 at the last one)
    s = at(E, death, {"hand": 3, "incident": incident, "cards": {"A": [0, 0], "B": [4, 5], "C": [5, 6]}})
    before = s.vp[0]
    assert s.cur == 0
    roll(E, s, 2, 0, 1)                       # red 1: 失敗, 殉職 (「赤なら殉職します」)
    assert not s.alive[0]
    assert s.vp[0] - before == gain
    E.check_invariants(s)


def test_a_death_before_the_last_hand_gives_nothing_under_points(E):
    # 「最終ハンドのみ殉職として、通常は入院とする。で、最終ハンドは殉職すると」: the points are the last hand's
    s = at(E, "points", {"hand": 1, "incident": 1, "cards": {"A": [0, 0], "B": [4, 5], "C": [5, 6]}})
    before = s.vp[0]
    roll(E, s, 2, 0, 1)
    assert not s.alive[0] and s.vp[0] == before


@pytest.mark.parametrize("death,injured", [("draft", [0, 0, 0]), ("injury", [1, 0, 0]), ("points", [0, 0, 0])])
def test_a_detective_who_died_starts_the_next_hand_injured_under_injury(E, death, injured):
    # the notes: 「例えば、殉職したら負傷するとか。…負傷から開始すれば、次ハンドは緑でも殉職の危険性がある訳で」;
    # the rules: 「次に、負傷していたプレイヤーは負傷が回復します。」
    s = at(E, death, {"hand": 1, "incident": 5, "dead": ["A"], "cards": {"B": [4, 5], "C": [5, 6]}})
    pass_all(E, s)
    rng = random.Random(3)
    while s.hand_no == 1 and E.to_move(s) != TERMINAL:
        m = E.to_move(s)
        E.apply(s, E.sample_chance(s, rng) if m == CHANCE else E.legal_actions(s)[0])
    assert s.hand_no == 2
    assert s.inj == injured
    E.check_invariants(s)


def test_the_next_hand_green_failure_kills_a_detective_who_died_before(E):
    # 「負傷中にもう１回負傷すると殉職します」 with the injury carried over (death_rule=injury)
    s = at(E, "injury", {"hand": 2, "incident": 1, "injured": {"A": 1},
                         "cards": {"A": [0, 0], "B": [4, 5], "C": [5, 6]}})
    roll(E, s, 1, 1, 0)                       # green 1: 失敗, a second injury
    assert not s.alive[0]


def test_bad_death_option_is_refused(E):
    with pytest.raises(ValueError, match="death_rule must be one of draft, points, injury"):
        E.new_state(3, "standard", {"death_rule": "none"})


def test_every_death_option_plays_whole_games(E):
    for death in ("points", "injury"):
        recs = run_games(E, Batch(4, ("heuristic",) * 4, 12, seed=4, options={"death_rule": death}, check=True))
        assert all(r.error is None for r in recs)
