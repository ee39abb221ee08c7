"""探偵無宿２'s cards measured causally: the opening hands as the engine reports them, cards of one effect
measured together, and restricted play from the command line."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main as cli
from pnp.data.project import Project
from pnp.games import tantei2
from pnp.games.tantei2.facts import HAND_START
from pnp.sim.cardeffects import effect_units
from pnp.sim.runner import Batch, run_games

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def E():
    return tantei2.make_engine(Project(ROOT).load_game("tantei2"))


def test_the_opening_hands_are_what_each_seat_was_dealt(E):
    for r in run_games(E, Batch(4, ("heuristic",), 20, seed=9)):
        dealt = r.result.extra["cards_dealt"]
        assert len(dealt) == 4 * HAND_START
        assert sorted(list(dealt.values()).count(s) for s in range(4)) == [HAND_START] * 4
    # the deal is the seed's, whoever plays: the same seeds dealt the same hands to the second player
    a = run_games(E, Batch(4, ("heuristic",), 5, seed=9))
    b = run_games(E, Batch(4, ("stasher",), 5, seed=9))
    assert [x.result.extra["cards_dealt"] for x in a] == [y.result.extra["cards_dealt"] for y in b]


def test_cards_that_differ_only_in_colour_are_one_effect(E):
    units = effect_units(E, E.card_effects)
    assert units["e58"] == ("e58", "e64")                       # 閃き・即時・コスト1・「1枚引く」
    assert units["e37"] == ("e35", "e36", "e37", "e38", "e39", "e40", "e41")   # 1VP・常時：色1つ
    assert units["e01"] == ("e01",) and units["e03"] == ("e03",)  # a black cost no 代用コスト can make
    assert units["e11"] == ("e11",) and units["e22"] == ("e22",)  # the same effect at another VP


def test_simulate_restricted_games_replays_the_flagged_cards(tmp_path):
    j = tmp_path / "t.json"
    r = CliRunner().invoke(cli, ["--project", str(ROOT), "simulate", "tantei2", "--games", "400", "--players", "4",
                                 "--json", str(j), "--restricted-games", "40"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    ce = json.loads(j.read_text(encoding="utf-8"))["card_effects"]
    flagged = {k for k, u in ce["units"].items() if u["flag"]}
    assert flagged and set(ce["restricted"]["units"]) == flagged
    for u in ce["restricted"]["units"].values():
        assert 0 < u["pairs"] <= 40 and u["free"]["n"] == u["pairs"] and "p_holm" in u
    assert "使えない席の勝率（制限プレイ）" in r.output and "配られたカードの勝率（因果）" in r.output
