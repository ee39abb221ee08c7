"""EBE's event and mission cards: immediate effects, the dice-change hook, rewards and varied costs.

Each test quotes the card text (components/ebe/events.yaml, missions.yaml) it checks."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import ebe as E
from pnp.games import make_engine
from pnp.sim.runner import Batch, run_games
from tests.games.test_ebe import GO, KANAE, MINATO, card, setup, turn

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game():
    return Project(ROOT).load_game("ebe")


@pytest.fixture(scope="module")
def eng(game):
    return make_engine(game)


def ev(eng, cid: str) -> int:
    return eng.event_ids.index(cid)


def finish_turn(eng, s):
    """Every acting player ends at once (fleeing drones): the turn ends."""
    while s.phase in (E.P_ACT, E.P_DRONE, E.P_DISCARD):
        if s.phase == E.P_ACT:
            eng.apply(s, eng.act(E.K_DONE))
        elif s.phase == E.P_DRONE:
            eng.apply(s, E.DroneChoice(False))
        else:
            eng.apply(s, eng.legal_actions(s)[0])
    eng.check_invariants(s)


def card_text(game, deck: str, cid: str) -> str:
    return next(c for c in game.deck(deck).cards if c.id == cid).body


def test_oxygen_damages_everyone_when_revealed(game, eng):
    """酸素漏れ: 「公開時：全員が1ダメージを受ける。」"""
    assert "公開時：全員が1ダメージを受ける。" in card_text(game, "events", "oxygen")
    s = setup(eng, (GO, KANAE), ev=ev(eng, "oxygen"))
    assert s.dmg == [1, 1] and s.supply_dmg == eng.total_dmg - 2


def test_blackout_lowers_every_players_die_at_the_reveal(game, eng):
    """電力低下: 「このラウンド中、探索カードを公開したら全員のサイコロの目−1（1は1のまま）。」
    The AP follow the changed die (目3〜4で2AP → 目3で2AP, 目4で2AP; 目1 stays 1)."""
    assert "探索カードを公開したら全員のサイコロの目−1（1は1のまま）" in card_text(game, "events", "blackout")
    s = setup(eng, (GO, KANAE), ev=ev(eng, "blackout"), drone_area="D")
    turn(eng, s, "C", (1, 5), (6,), (card(eng, GO, "F"), card(eng, KANAE, "E")))
    assert s.die == [1, 4] and s.ebe_die == [6]
    eng.apply(s, eng.act(E.K_DONE))
    assert s.cur == 1 and s.ap == 2                      # 目5なら3AP、1減って目4で2AP


def test_defense_lowers_the_ebe_die_so_it_acts_sooner_and_costs_less(game, eng):
    """防衛体制: 「このラウンド中、探索カードを公開したらイーバのサイコロの目−1（1は1のまま）。」
    The station loses the changed die (「ステーションライフを、イーバのサイコロの目の数だけ減らします」)."""
    assert "イーバのサイコロの目−1" in card_text(game, "events", "defense")
    s = setup(eng, (GO, KANAE), ev=ev(eng, "defense"), drone_area="D")
    turn(eng, s, "F", (3, 6), (3,), (card(eng, GO, "F"), card(eng, KANAE, "E")))
    assert s.ebe_die == [2]
    assert s.station == 60 - 2
    finish_turn(eng, s)
    assert s.dmg[0] == 2                                 # 目3のゴウは目2のイーバより後：同じエリアで2ダメージ


def test_the_event_die_change_comes_before_the_action_predictor(eng):
    """Ruling event-effects: the event's change is applied at the reveal, before the 行動予測装置 is offered."""
    s = setup(eng, (GO, KANAE), ev=ev(eng, "blackout"), drone_area="D")
    tuner = next(i for i in range(eng.n_items) if eng.item_effect[i] == E.E_DICE)
    s.items[0].append(tuner)
    s.item_deck.remove(tuner)
    turn(eng, s, "C", (2, 5), (6,), (card(eng, GO, "F"), card(eng, KANAE, "E")))
    assert s.phase == E.P_DICE and s.die == [1, 4]
    assert E.Tune(0, -1) not in eng.legal_actions(s)      # 1 cannot go lower: the event came first


def round_end_state(eng, event: str, chars=(GO, KANAE)):
    s = setup(eng, chars, ev=ev(eng, event), drone_area="D")
    s.turn = 4
    return s


def test_coolant_reward_gives_power_room_plus_one_ap_from_then_on(game, eng):
    """冷却系統の異常: 「達成したら：以後ずっと、動力室の探索は+1AP。」"""
    assert "達成したら：以後ずっと、動力室の探索は+1AP。" in card_text(game, "events", "coolant")
    s = round_end_state(eng, "coolant")
    s.visits[E.AREAS.index("G")] = 1
    turn(eng, s, "A", (5, 6), (1,), (card(eng, GO, "G"), card(eng, KANAE, "E")))
    finish_turn(eng, s)
    assert s.rnd == 2 and s.boosted == 1 << E.AREAS.index("G") and s.station == 60 - 1
    eng.apply(s, E.Deal("events", (ev(eng, "bulkhead"),)))
    eng.apply(s, E.Deal("drones", (eng.drone_area.index(E.AREAS.index("D")), eng.drone_area.index(0)), (0, 1)))
    turn(eng, s, "A", (5, 6), (1,), (card(eng, GO, "G"), card(eng, KANAE, "E")))
    assert s.cur == 0 and s.ap == 3 + 1                   # 目5で3AP、動力室は+1AP


def test_an_unmet_event_gives_no_reward(eng):
    s = round_end_state(eng, "coolant")
    turn(eng, s, "A", (5, 6), (1,), (card(eng, GO, "F"), card(eng, KANAE, "E")))
    finish_turn(eng, s)
    assert s.boosted == 0 and s.station == 60 - 1 - 6


def test_triage_hurts_everyone_then_heals_two_when_met(game, eng):
    """負傷者の搬送: 「公開時：全員が1ダメージを受ける。」「達成したら：全員のダメージを2回復する。」"""
    text = card_text(game, "events", "triage")
    assert "公開時：全員が1ダメージを受ける。" in text and "達成したら：全員のダメージを2回復する。" in text
    s = round_end_state(eng, "triage", chars=(MINATO, KANAE))
    assert s.dmg == [1, 1]
    s.dmg[1] += 2; s.supply_dmg -= 2
    turn(eng, s, "G", (5, 6), (1,), (card(eng, MINATO, "A"), card(eng, KANAE, "E")))
    finish_turn(eng, s)                                  # ミナトは医務室の探索に成功した（回復はしない）
    assert s.rnd == 2 and s.dmg == [0, 1]


def test_rampage_heals_one_when_a_drone_is_destroyed(game, eng):
    """ドローン暴走: 「達成したら：全員のダメージを1回復する。」"""
    assert "達成したら：全員のダメージを1回復する。" in card_text(game, "events", "rampage")
    s = round_end_state(eng, "rampage")
    s.dmg = [2, 1]; s.supply_dmg -= 3
    turn(eng, s, "G", (5, 6), (1,), (card(eng, GO, "D"), card(eng, KANAE, "E")))
    assert s.phase == E.P_DRONE
    eng.apply(s, E.DroneChoice(True))
    finish_turn(eng, s)
    assert s.rnd == 2 and s.dmg == [1, 0]


def test_beacon_needs_only_three_ether(game, eng):
    """救難ビーコン: 「必要な資源：:ether:エーテル3」 — missions differ in how many cubes and which kinds."""
    assert "必要な資源：:ether:エーテル3" in card_text(game, "missions", "beacon")
    m = eng.mission_ids.index("beacon")
    assert eng.mission_cost[m] == (3, 0, 0, 0)
    totals = sorted(sum(c) for c in eng.mission_cost)
    assert totals[0] == 3 and totals[-1] == 7 and sum(totals) == 35
    s = setup(eng, (KANAE, MINATO), missions=(m, 0), drone_area="D")
    s.res[0][0] = 3; s.supply_res[0] -= 3
    turn(eng, s, "G", (6, 1), (6,), (card(eng, KANAE, "B"), card(eng, MINATO, "A")))
    eng.apply(s, eng.act(E.K_DONE))
    eng.apply(s, eng.act(E.K_LOAD, m, E.pack_load((3, 0, 0, 0))))
    assert m in s.built


def test_unknown_effects_in_the_data_are_refused(game):
    import copy

    from pnp.games.ebe.reading import facts_from
    g = copy.deepcopy(game)
    c = g.deck("events").cards[0]
    c.rules["now"] = {"earthquake": 1}
    with pytest.raises(ValueError, match="unknown immediate effect 'earthquake'"):
        facts_from(g)


def test_cards_used_names_the_events_and_missions_of_the_game(eng):
    recs = run_games(eng, Batch(3, ("planner",), 4, seed=5))
    for r in recs:
        used = r.result.extra["cards_used"]
        assert sum(1 for c in used if c in eng.mission_ids) == 3
        events = [c for c in used if c in eng.event_ids]
        assert 1 <= len(events) <= r.result.extra["round"]
