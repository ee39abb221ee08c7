"""EBE rules engine: scenarios from the rulebook's sentences, random legal play with invariants, determinism."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import ebe as E
from pnp.games import make_engine
from pnp.games.ebe.pieces import played_area
from pnp.games.ebe.reading import grid_adjacency
from pnp.sim.engine import CHANCE, TERMINAL

ROOT = Path(__file__).resolve().parents[2]
MINATO, KANAE, GO, RIO, JIN = range(5)


@pytest.fixture(scope="module")
def game():
    return Project(ROOT).load_game("ebe")


@pytest.fixture(scope="module")
def eng(game):
    return make_engine(game)


def card(eng, ch: int, area: str) -> int:
    a = E.AREAS.index(area)
    return next(t for t in eng.char_cards[ch] if eng.exp_area[t] == a)


def ebe_card(eng, area: str) -> int:
    return eng.ebe_area.index(E.AREAS.index(area))


def drone_card(eng, area: str) -> int:
    return eng.drone_area.index(E.AREAS.index(area))


def item(eng, effect: str, area: str | None = None) -> int:
    for i in range(eng.n_items):
        if eng.item_effect[i] == E.ITEM_EFFECTS.index(effect) and (
                area is None or eng.item_area[i] == E.AREAS.index(area)):
            return i
    raise KeyError(effect)


def event(eng, condition: str) -> int:
    return next(i for i, c in enumerate(eng.event_cond) if c[0] == E.EVENT_CONDITIONS.index(condition))


def setup(eng, chars, missions=(0, 1), ev=None, drone_area="A", item_effect="medkit", variant="standard"):
    s = eng.new_state(len(chars), variant)
    eng.apply(s, E.Deal("characters", tuple(chars)))
    eng.apply(s, E.Deal("missions", tuple(missions[:len(chars)]) if len(missions) >= len(chars)
                        else tuple(range(len(chars)))))
    eng.apply(s, E.Deal("events", (event(eng, "visit") if ev is None else ev,)))
    it = item(eng, "heal") if item_effect == "medkit" else item(eng, item_effect)
    eng.apply(s, E.Deal("drones", (drone_card(eng, drone_area),), (it,)))
    assert s.phase == E.P_EBE
    eng.check_invariants(s)
    return s


def turn(eng, s, ebe_areas, player_dice, ebe_dice, plays):
    """Draws the イーバ, rolls, assigns as given and plays the cards: resolution starts."""
    eng.apply(s, E.Deal("ebe", tuple(ebe_card(eng, a) for a in ebe_areas)))
    eng.apply(s, E.Roll(tuple(sorted(list(player_dice) + list(ebe_dice)))))
    slots = [s.n + k for k in range(len(ebe_dice))] + list(range(s.n))
    values = list(ebe_dice) + list(player_dice)
    while s.phase == E.P_ASSIGN:
        i = slots.index(s.slot)
        eng.apply(s, E.AssignDie(s.slot, values[i]))
    assert s.die == list(player_dice) and s.ebe_die == list(ebe_dice)
    for p, t in enumerate(plays):
        assert s.phase == E.P_CHOOSE and s.cur == p
        eng.apply(s, eng.plays[t])
    eng.check_invariants(s)


def done(eng, s):
    eng.apply(s, eng.act(E.K_DONE))


# ---------------------------------------------------------------- data and map

def test_data_loads_and_fits(game):
    from pnp.commands.build import plan_game_cards
    plan_game_cards(game)
    assert game.deck("explore").piece_count == 25
    assert [game.deck(d).piece_count for d in ("characters", "ebe", "drones", "missions")] == [5, 7, 7, 7]


def test_adjacency_from_grid():
    adj = grid_adjacency(E.STATION_GRID)
    assert {k: "".join(sorted(v)) for k, v in adj.items()} == {
        "A": "DE", "B": "CD", "C": "BG", "D": "ABEF", "E": "AD", "F": "DG", "G": "CF"}


def test_every_character_has_five_areas(eng):
    for ch in range(5):
        assert len(eng.char_areas[ch]) == 5
        assert sorted(eng.exp_area[t] for t in eng.char_cards[ch]) == list(eng.char_areas[ch])


def test_setup(eng):
    s = setup(eng, (MINATO, KANAE, GO))
    assert s.station == 60 and s.weap == [1, 1, 1] and len(s.missions) == 3
    assert all(len(h) == 5 for h in s.hand)
    assert sum(1 for a in s.drone_at if a >= 0) == 1          # round 1: one drone
    assert setup(eng, (MINATO, KANAE), variant="life30").station == 30


# ---------------------------------------------------------------- exploration

def test_ap_by_die_and_resource_gain(eng):
    s = setup(eng, (MINATO, KANAE))
    # イーバ at 医務室 acts last (6); ミナト explores 動力室 with a 5 (3 AP), カナエ 備品室 with a 2 (1 AP)
    turn(eng, s, "A", (5, 2), (6,), (card(eng, MINATO, "G"), card(eng, KANAE, "E")))
    assert s.cur == 1 and s.ap == 1                         # die order: カナエ (2) first
    eng.apply(s, eng.act(E.K_GAIN, 1))
    done(eng, s)
    assert s.cur == 0 and s.ap == 3
    for _ in range(3):
        eng.apply(s, eng.act(E.K_GAIN, 0))
    assert s.res[0][0] == 3 and s.res[1][1] == 1
    done(eng, s)
    assert s.station == 60 - 6 and s.phase == E.P_EBE and s.turn == 2
    eng.check_invariants(s)


def test_draft_example_same_area(eng):
    """目2・3・5のプレイヤーと目3のイーバが同エリア: 2は通常通り、3と5は失敗して2ダメージ。"""
    s = setup(eng, (MINATO, KANAE, GO), drone_area="A")
    g = "G"
    turn(eng, s, g, (2, 3, 5), (3,), (card(eng, MINATO, g), card(eng, KANAE, g), card(eng, GO, g)))
    assert s.cur == 0 and s.ap == 1 and s.dmg == [0, 0, 0]
    done(eng, s)
    # the イーバ (3) went before the 3 and the 5; both failed and the turn is over
    assert s.phase == E.P_EBE and s.dmg == [0, 2, 2] and s.station == 57
    assert s.visits[E.AREAS.index(g)] == 1                  # only the die-2 explorer succeeded
    eng.check_invariants(s)


def test_adjacent_and_earlier_ebe_penalties_stack(eng):
    s = setup(eng, (MINATO, KANAE))
    # turn 1: イーバ in 動力室 (G) acts last
    turn(eng, s, "G", (3, 3), (6,), (card(eng, MINATO, "E"), card(eng, KANAE, "E")))
    done(eng, s); done(eng, s)
    assert s.seen_prev == 1 << E.AREAS.index("G")
    # turn 2: イーバ in 研究所 (C, adjacent to G) acts first; カナエ explores G: 2 AP −1 (earlier) −1 (adjacent)
    turn(eng, s, "C", (5, 6), (1,), (card(eng, MINATO, "B"), card(eng, KANAE, "G")))
    assert s.cur == 0 and s.ap == 2 and s.dmg[0] == 1        # 製作所 is adjacent to 研究所
    done(eng, s)
    assert s.cur == 1 and s.ap == 1 and s.dmg[1] == 1
    done(eng, s)


def test_jin_ignores_adjacent_ap_but_takes_damage(eng):
    s = setup(eng, (JIN, KANAE))
    turn(eng, s, "C", (3, 1), (1,), (card(eng, JIN, "B"), card(eng, KANAE, "F")))
    # die order: イーバ(1), カナエ(1), ジン(3)
    assert s.cur == 1
    done(eng, s)
    assert s.cur == 0 and s.ap == 2 and s.dmg[0] == 1


def test_drone_fight_and_flee(eng):
    s = setup(eng, (MINATO, KANAE), drone_area="G", item_effect="heal")
    it = s.drone_item[E.AREAS.index("G")]
    turn(eng, s, "A", (2, 4), (6,), (card(eng, MINATO, "G"), card(eng, KANAE, "G")))
    assert s.phase == E.P_DRONE and s.cur == 0              # the lowest die meets the drone
    eng.apply(s, E.DroneChoice(True))
    assert s.weap[0] == 0 and s.items[0] == [it] and s.drone_at[E.AREAS.index("G")] == -1
    assert s.phase == E.P_ACT and s.ap == 1
    done(eng, s)
    assert s.phase == E.P_ACT and s.cur == 1                # the drone is gone: no second encounter
    done(eng, s)
    s = setup(eng, (MINATO, KANAE), drone_area="G")
    turn(eng, s, "A", (2, 4), (6,), (card(eng, MINATO, "G"), card(eng, KANAE, "E")))
    eng.apply(s, E.DroneChoice(False))
    assert s.dmg[0] == 1 and s.weap[0] == 1 and s.drone_at[E.AREAS.index("G")] >= 0


def test_info_item_goes_to_hand_and_is_playable(eng):
    s = setup(eng, (MINATO, KANAE), drone_area="G", item_effect="info")
    it = s.drone_item[E.AREAS.index("G")]
    turn(eng, s, "A", (2, 4), (6,), (card(eng, MINATO, "G"), card(eng, KANAE, "E")))
    eng.apply(s, E.DroneChoice(True))
    assert E.INFO_BASE + it in s.hand[0]
    done(eng, s); done(eng, s)
    eng.apply(s, E.Deal("ebe", (ebe_card(eng, "B"),)))
    eng.apply(s, E.Roll((1, 2, 3)))
    while s.phase == E.P_ASSIGN:
        eng.apply(s, eng.legal_actions(s)[0])
    assert eng.info_plays[it] in eng.legal_actions(s)


def test_fabricator_convert_load_and_build(eng):
    s = setup(eng, (KANAE, MINATO), missions=(0, 1), drone_area="D")
    m = s.missions[0]
    cost = eng.mission_cost[m]
    s.res[0] = list(cost)
    for r in range(4):
        s.supply_res[r] -= cost[r]
    s.res[0][0] += 1; s.supply_res[0] -= 1
    turn(eng, s, "G", (6, 1), (6,), (card(eng, KANAE, "B"), card(eng, MINATO, "A")))
    done(eng, s)                                            # ミナト (1) first
    assert s.cur == 0 and s.ap == 3
    eng.apply(s, eng.act(E.K_CONVERT, 0, 1))                 # カナエ's free conversion
    assert s.ap == 3 and s.free_conv == 0
    eng.apply(s, eng.act(E.K_CONVERT, 1, 0))
    assert s.ap == 2
    eng.apply(s, eng.act(E.K_LOAD, m, E.pack_load(cost)))
    assert s.built == [m] and s.loaded[m] == list(cost) and s.res[0] == [1, 0, 0, 0]
    eng.check_invariants(s)


def test_trade_between_successful_explorers(eng):
    s = setup(eng, (GO, KANAE))
    s.res[0][2] = 2; s.supply_res[2] -= 2
    turn(eng, s, "A", (1, 2), (6,), (card(eng, GO, "F"), card(eng, KANAE, "F")))
    done(eng, s)
    give = eng.act(E.K_GIVE, 0, 1, 2)
    assert give in eng.legal_actions(s)
    eng.apply(s, give)
    assert s.res[0][2] == 1 and s.res[1][2] == 1
    eng.check_invariants(s)


def test_no_trade_with_failed_explorer(eng):
    s = setup(eng, (GO, KANAE))
    s.res[0][2] = 2; s.supply_res[2] -= 2
    turn(eng, s, "F", (1, 2), (1,), (card(eng, GO, "F"), card(eng, KANAE, "D")))
    assert s.cur == 1 and all(a.kind != E.K_GIVE for a in eng.legal_actions(s))


# ---------------------------------------------------------------- turn and round end

def test_death_at_turn_end(eng):
    s = setup(eng, (RIO, KANAE))
    s.dmg[0] = 3; s.supply_dmg -= 3                          # リオ: life 4
    turn(eng, s, "G", (5, 5), (1,), (card(eng, RIO, "G"), card(eng, KANAE, "E")))
    assert s.phase == E.P_ACT and s.cur == 1
    done(eng, s)
    assert s.phase == E.P_END and s.end == "death"
    assert eng.result(s).end_reason == "death" and eng.result(s).winners == ()


def test_station_life_zero(eng):
    s = setup(eng, (MINATO, KANAE), variant="life30")
    s.station = 4
    turn(eng, s, "A", (1, 1), (5,), (card(eng, MINATO, "G"), card(eng, KANAE, "G")))
    done(eng, s); done(eng, s)
    assert s.end == "station"


def test_weight_check(eng):
    s = setup(eng, (MINATO, KANAE))                          # ミナト: inventory 5
    s.res[0] = [2, 2, 0, 0]
    for r in (0, 1):
        s.supply_res[r] -= 2
    turn(eng, s, "A", (6, 1), (6,), (card(eng, MINATO, "G"), card(eng, KANAE, "E")))
    done(eng, s)
    for _ in range(3):
        eng.apply(s, eng.act(E.K_GAIN, 0))
    done(eng, s)
    assert s.phase == E.P_DISCARD and s.cur == 0              # 4 + 1 weapon + 3 = 8 > 5
    for _ in range(3):
        eng.apply(s, eng.legal_actions(s)[0])
    assert s.phase == E.P_EBE and eng.weight(s, 0) == 5
    eng.check_invariants(s)


def play_round(eng, s, rng):
    while s.phase != E.P_END and not (s.phase == E.P_EVENT):
        if eng.to_move(s) == CHANCE:
            eng.apply(s, eng.sample_chance(s, rng))
        else:
            acts = eng.legal_actions(s)
            done_act = eng.act(E.K_DONE)
            pick = done_act if done_act in acts else (E.PAYS[1] if E.PAYS[1] in acts else acts[0])
            eng.apply(s, pick)


def test_event_fail_costs_station_and_round_resets(eng):
    ev = event(eng, "destroy")
    for seed in range(50):       # the first seed where nobody dies in round 1 (nobody acts at all)
        s = setup(eng, (MINATO, KANAE), ev=ev)
        play_round(eng, s, random.Random(seed))
        if s.phase != E.P_END:
            break
    lost_to_ebe = 60 - s.station - eng.event_cond[ev][4]
    assert s.rnd == 2 and s.events_failed == 1 and lost_to_ebe > 0
    assert len(s.ebe_deck) == 7 and len(s.drone_deck) == 7 and all(len(h) == 5 for h in s.hand)
    assert s.seen_prev == 0 and s.visits == [0] * 7
    eng.check_invariants(s)


def test_pay_event(eng):
    ev = event(eng, "pay")
    r = eng.event_cond[ev][2]
    s = setup(eng, (MINATO, KANAE), ev=ev)
    s.res[1][r] = 2; s.supply_res[r] -= 2
    s.turn = 4
    turn(eng, s, "A", (1, 1), (6,), (card(eng, MINATO, "G"), card(eng, KANAE, "E")))
    done(eng, s); done(eng, s)
    assert s.phase == E.P_PAY
    eng.apply(s, E.Pay(True))
    assert s.res[1][r] == 0 and s.events_paid == 1 and s.rnd == 2 and s.station == 54


def test_escape_at_round_end(eng):
    s = setup(eng, (MINATO, KANAE), ev=event(eng, "weapons"))
    s.built = list(s.missions)
    for m in s.missions:
        for r in range(4):
            s.loaded[m][r] = eng.mission_cost[m][r]
            s.supply_res[r] -= eng.mission_cost[m][r]
    s.turn = 4
    turn(eng, s, "A", (1, 1), (6,), (card(eng, MINATO, "G"), card(eng, KANAE, "E")))
    done(eng, s); done(eng, s)
    assert s.end == "escape" and eng.result(s).winners == (0, 1)


def test_round_four_two_ebe(eng):
    s = setup(eng, (MINATO, KANAE))
    s.rnd = 4
    rng = random.Random(1)
    for t in (1, 2, 3, 4):
        assert s.phase == E.P_EBE
        ch = eng.sample_chance(s, rng)
        assert len(ch.cards) == (2 if t < 4 else 1)
        eng.apply(s, ch)
        roll = eng.sample_chance(s, rng)
        assert len(roll.dice) == 2 + len(ch.cards)
        eng.apply(s, roll)
        while s.phase not in (E.P_EBE, E.P_END, E.P_EVENT, E.P_PAY):
            if eng.to_move(s) == CHANCE:
                eng.apply(s, eng.sample_chance(s, rng))
            else:
                acts = eng.legal_actions(s)
                d = eng.act(E.K_DONE)
                eng.apply(s, d if d in acts else acts[0])
        if s.phase != E.P_EBE:
            break
    assert not s.ebe_deck or s.phase == E.P_END


def test_observe_hides_face_down_ebe(eng):
    s = setup(eng, (MINATO, KANAE))
    eng.apply(s, E.Deal("ebe", (ebe_card(eng, "C"),)))
    o = eng.observe(s, 0)
    assert o.state.ebe_now == [-1] and len(o.state.ebe_deck) == 7
    assert s.ebe_now == [ebe_card(eng, "C")]


# ---------------------------------------------------------------- fuzzing and determinism

def drive(eng, players, seed, policy=None, check=True, variant="standard"):
    rng = random.Random(seed)
    prng = random.Random(seed + 1)
    s = eng.new_state(players, variant)
    steps = 0
    log = []
    while eng.to_move(s) != TERMINAL:
        if eng.to_move(s) == CHANCE:
            a = eng.sample_chance(s, rng)
        else:
            legal = eng.legal_actions(s)
            assert legal == sorted(legal) and len(set(legal)) == len(legal)
            a = policy.choose(eng.observe(s, s.cur), legal, prng) if policy else legal[int(prng.random() * len(legal))]
            assert a in legal
        log.append(a)
        eng.apply(s, a)
        steps += 1
        assert steps <= eng.max_steps
        if check:
            eng.check_invariants(s)
    return s, log


def test_random_play_keeps_invariants(eng):
    for seed in range(150):
        s, _ = drive(eng, 2 + seed % 3, seed, variant="life30" if seed % 5 == 0 else "standard")
        r = eng.result(s)
        assert r.end_reason in E.END_REASONS_JA


def test_planner_games_keep_invariants(eng):
    pol = E.PlannerPolicy()
    wins = 0
    for seed in range(12):
        s, _ = drive(eng, 2 + seed % 3, seed, policy=pol)
        wins += eng.result(s).extra["win"]
    assert wins >= 1


def test_determinism_and_replay(eng):
    s1, log = drive(eng, 3, 42, check=False)
    s2, _ = drive(eng, 3, 42, check=False)
    assert eng.state_hash(s1) == eng.state_hash(s2)
    s3 = eng.new_state(3)
    for a in log:
        a2 = eng.action_from_json(json.loads(json.dumps(a.to_json())))
        assert a2 == a and a2.label()
        eng.apply(s3, a2)
    assert eng.state_hash(s3) == eng.state_hash(s1)


def test_clone_is_independent(eng):
    s, _ = drive(eng, 2, 5, check=False)
    c = s.clone()
    assert eng.state_hash(c) == eng.state_hash(s)
    c.res[0][0] += 1
    assert eng.state_hash(c) != eng.state_hash(s)


def test_rulings_and_questions(game, eng):
    assert set(E.RULING_IDS) <= {r.id for r in game.rulings} and all(r.text for r in game.rulings)
    from pnp.sim.runner import Batch, run_games
    recs = run_games(eng, Batch(players=2, policies=("planner",), games=6, seed=1))
    assert all(r.error is None for r in recs)
    qs = eng.questions(recs)
    assert len(qs) == 6 and all(q.answer_ja for q in qs)


def test_board_part_matches_grid(game, eng):
    adj = grid_adjacency(E.STATION_GRID)
    want = tuple(tuple(j for j in range(7) if E.AREAS[j] in adj[E.AREAS[i]]) for i in range(7))
    assert eng.adj_list == want


# ------------------------------------------------- the draft's rules (issue: rules as the draft writes them)

def test_exchange_before_own_action_any_amount_and_information(eng):
    """Draft: 「同エリアの探索に成功したプレイヤー（＝イーバと同一エリアでない）は互いが所持する資源やアイテムを、
    自由に好きなだけ交換することができます。これは探索カードの効果を適用する前でも、後でも自由に行えます。」
    Rulebook: 「交換は、自分の探索カードの効果を使う前でも後でもかまいません。数に制限はありません。」"""
    s = setup(eng, (GO, KANAE), drone_area="A", item_effect="info")
    info = item(eng, "info", "C")
    s.hand[1].append(E.INFO_BASE + info); s.item_deck.remove(info)
    s.res[1] = [2, 2, 2, 1]
    for r in range(4):
        s.supply_res[r] -= s.res[1][r]
    turn(eng, s, "A", (1, 2), (6,), (card(eng, GO, "F"), card(eng, KANAE, "F")))
    # ゴウ (die 1) acts first; カナエ has not acted yet but will succeed: ゴウ may receive before he acts
    assert s.cur == 0 and s.phase == E.P_ACT
    for r in (0, 0, 1, 1, 2, 2, 3):                          # 7 pieces: more than the old cap of 6
        eng.apply(s, eng.act(E.K_GIVE, 1, 0, r))
    assert s.res[0] == [2, 2, 2, 1] and s.res[1] == [0, 0, 0, 0]
    give_info = eng.act(E.K_GIVE, 1, 0, E.ITEM_BASE + info)    # 情報 is an アイテム: it may be passed
    assert give_info in eng.legal_actions(s)
    eng.apply(s, give_info)
    assert E.INFO_BASE + info in s.hand[0] and E.INFO_BASE + info not in s.hand[1]
    # weapons are not 資源: 「「資源」とは扱いが異なります」
    assert all(not (isinstance(a, E.Give) and a.what == E.WEAPON) for a in eng.legal_actions(s))
    eng.check_invariants(s)


def test_exchange_not_with_a_partner_the_ebe_will_make_fail(eng):
    """Draft: 「同エリアの探索に成功したプレイヤー（＝イーバと同一エリアでない）」 — a partner whom an イーバ,
    acting before him in this area, makes fail takes no part."""
    s = setup(eng, (GO, KANAE), drone_area="A")
    s.res[1][2] = 2; s.supply_res[2] -= 2
    turn(eng, s, "F", (1, 5), (3,), (card(eng, GO, "F"), card(eng, KANAE, "F")))
    assert s.cur == 0 and s.failed == [False, True]
    assert all(a.kind != E.K_GIVE for a in eng.legal_actions(s))


def test_trade_limited_variant_keeps_the_old_cap(eng):
    """Variant trade-limited (pnp's earlier reading): only in the later player's turn, 6 pieces, weapons yes,
    情報 no."""
    s = setup(eng, (GO, KANAE), drone_area="A", variant="trade-limited")
    s.res[0] = [2, 2, 2, 1]
    for r in range(4):
        s.supply_res[r] -= s.res[0][r]
    turn(eng, s, "A", (1, 2), (6,), (card(eng, GO, "F"), card(eng, KANAE, "F")))
    assert all(a.kind != E.K_GIVE for a in eng.legal_actions(s))   # ゴウ first: カナエ has not succeeded yet
    done(eng, s)
    assert eng.act(E.K_GIVE, 0, 1, E.WEAPON) in eng.legal_actions(s)
    for r in (0, 0, 1, 1, 2, 2):
        eng.apply(s, eng.act(E.K_GIVE, 0, 1, r))
    assert all(a.kind != E.K_GIVE for a in eng.legal_actions(s))


def test_no_conversion_into_an_empty_stock(game):
    """Draft: 「１ＡＰ：好きな資源１つを、他の好きな資源１つに変える」 with the stock empty of the wanted kind:
    the move is not offered (it used to be offered and then refused with 'cannot convert').
    Rulebook ruling supply-limit: 「ストックにない資源には、製作所で変換することもできません。」"""
    eng = E.EbeEngine(game, supply={"cubes": 8})               # two cubes of each kind
    s = setup(eng, (KANAE, MINATO), drone_area="D")
    s.res[0] = [2, 0, 0, 0]; s.supply_res[0] = 0
    s.res[1] = [0, 0, 0, 2]; s.supply_res[3] = 0               # ミナト holds every 炭素繊維
    eng.check_invariants(s)
    turn(eng, s, "G", (6, 1), (6,), (card(eng, KANAE, "B"), card(eng, MINATO, "A")))
    done(eng, s)
    assert s.cur == 0
    legal = eng.legal_actions(s)
    assert eng.act(E.K_CONVERT, 0, 1) in legal
    assert eng.act(E.K_CONVERT, 0, 3) not in legal
    with pytest.raises(ValueError):
        eng.apply(s, eng.act(E.K_CONVERT, 0, 3))


def test_stress_games_reach_an_empty_stock_at_the_fabricator(eng):
    """The sample games (pnp validate plays every policy) must reach the corner: a player at the 製作所 with
    cubes while a stock is empty.  The hoarder policy drains one kind on purpose."""
    pol = E.HoarderPolicy()
    reached = 0
    for seed in range(30):
        rng, prng = random.Random(seed), random.Random(seed + 1)
        s = eng.new_state(4)
        hit = False
        while eng.to_move(s) != TERMINAL:
            if eng.to_move(s) == CHANCE:
                a = eng.sample_chance(s, rng)
            else:
                legal = eng.legal_actions(s)
                if s.phase == E.P_ACT and played_area(eng.facts, s, s.cur) == E.A_FAB and sum(s.res[s.cur]) \
                        and min(s.supply_res) == 0:
                    hit = True
                    for a in legal:
                        if a.kind == E.K_CONVERT:
                            assert s.supply_res[a.target] > 0
                a = pol.choose(eng.observe(s, s.cur), legal, prng)
                assert a in legal
            eng.apply(s, a)
            eng.check_invariants(s)
        reached += hit
    assert reached >= 5
    assert "hoarder" in eng.policies


def test_damage_above_life_stays_until_the_turn_end(eng):
    """Draft: 「キャラクターのライフ以上のダメージを受けても、キャラクターは即死しません。ターン終了時にライフ以上の
    ダメージを受けていたら、その時点で死亡してゲームに敗北します。」 and 「それに等しい数のダメージトークンを
    キャラクターカードの上に乗せてください」.  Rulebook: 「ダメージトークンは、ライフの数を超えても乗せます。」
    ジン (life 6) with 5 damage takes 2 (the drone, and an イーバ next door), heals 1: 6 ≥ 6, he dies.
    Under the damage-cap variant the damage stops at 6, the heal brings it to 5, and he survives."""
    for variant, end in (("standard", "death"), ("damage-cap", "")):
        s = setup(eng, (JIN, KANAE), drone_area="A", variant=variant)
        s.dmg[0] = 5; s.supply_dmg -= 5
        turn(eng, s, "D", (3, 1), (1,), (card(eng, JIN, "A"), card(eng, KANAE, "F")))
        done(eng, s)                                          # カナエ (die 1) after the イーバ
        assert s.cur == 0 and s.phase == E.P_DRONE
        eng.apply(s, E.DroneChoice(False))                    # flee: 1 damage
        assert s.dmg[0] == (7 if variant == "standard" else 6)
        eng.apply(s, eng.act(E.K_HEAL))                       # ジン heals 1 per AP
        done(eng, s)
        assert s.end == end, variant


def test_load_a_chosen_amount(eng):
    """Draft: 「１ＡＰ：ミッションカードを１枚選び、自分が持っている資源を好きなだけ乗せる。」 — the player chooses
    how much.  Rulebook: 「手持ちから好きな数だけ積みます」.  The load-all variant puts all that fits."""
    for variant in ("standard", "load-all"):
        s = setup(eng, (KANAE, MINATO), missions=(0, 1), drone_area="D", variant=variant)
        m = s.missions[0]
        cost = eng.mission_cost[m]
        s.res[0] = list(cost)
        for r in range(4):
            s.supply_res[r] -= cost[r]
        turn(eng, s, "G", (6, 1), (6,), (card(eng, KANAE, "B"), card(eng, MINATO, "A")))
        done(eng, s)
        loads = [a for a in eng.legal_actions(s) if isinstance(a, E.Load) and a.mission == m]
        full = E.pack_load(cost)
        if variant == "load-all":
            assert [a.amounts for a in loads] == [full]
            continue
        want = 1
        for r in range(4):
            want *= cost[r] + 1
        assert len(loads) == want - 1                         # every non-empty choice of amounts
        one = [0, 0, 0, 0]; one[0] = 1
        eng.apply(s, eng.act(E.K_LOAD, m, E.pack_load(one)))
        assert s.loaded[m] == one and s.res[0][0] == cost[0] - 1 and m not in s.built
        assert "エーテル1" in eng.act(E.K_LOAD, m, E.pack_load(one)).label()
        eng.check_invariants(s)


# ---------------------------------------------------------------- worked examples

def _examples(game):
    from pnp.rulebook.markup import load_rulebook
    from pnp.sim.examples import rulebook_examples
    return rulebook_examples(load_rulebook(game))


def test_rulebook_examples_hold(game, eng):
    """Every ~~~check position in the rulebook replays through the engine to what its sentences claim."""
    from pnp.sim.examples import check_example
    found = _examples(game)
    assert len(found) >= 2
    for file, line, script in found:
        assert check_example(eng, script, file, line) == []


def test_a_wrong_claim_in_an_example_fails(game, eng):
    """The round-2 example says 「ステーションライフが3減って52になります」; claiming 53, or that ゴウ took no
    damage, or that the ライフを超えるダメージ example's ジン survives, must fail with the file and line."""
    from pnp.sim.examples import check_example
    found = _examples(game)
    by_station = {script["expect"]["station"]: (file, line, script) for file, line, script in found}
    file, line, script = by_station[52]
    wrong = {**script, "expect": {**script["expect"], "station": 53, "damage": [0, 0, 1]}}
    problems = check_example(eng, wrong, file, line)
    assert [p.field for p in problems] == ["expect.station", "expect.damage"]
    assert all(p.file == file and p.line == line for p in problems)
    assert "52" in problems[0].message
    file, line, script = by_station[59]
    wrong = {**script, "expect": {**script["expect"], "dead": [], "end": ""}}
    assert len(check_example(eng, wrong, file, line)) == 2
    # the damage-cap variant (pnp's old ruling) gives the other outcome: the example would be wrong there
    capped = {**script, "variant": "damage-cap"}
    assert {p.field for p in check_example(eng, capped, file, line)} == {"expect.damage", "expect.dead",
                                                                         "expect.end"}


def test_impossible_example_positions_are_refused(eng):
    from pnp.sim.examples import ExampleError
    ok = {"characters": ["minato", "go", "rio"], "round": 2, "turn": 2, "earlier_ebe": ["F"],
          "played": [["E"], ["A"], ["D"]]}
    eng.check_invariants(eng.example_state(3, ok))
    for bad in ({"played": [["E"], ["A"], []]},                 # a seat missed turn 1
                {"played": [["D"], ["A"], ["D"]]},              # ミナト has no 制御室 card
                {"earlier_ebe": []},                            # turn 1's イーバカード is missing
                {"damage": [5, 0, 0]},                          # ミナト (life 5) would have died
                {"drones": {"A": None, "B": None, "C": None}},   # round 2 draws 2 drones
                {"resources": [{"ether": 6}, {}, {}]}):         # over ミナト's inventory 5
        with pytest.raises(ExampleError):
            eng.example_state(3, {**ok, **bad})


def test_dice_change_after_the_reveal(eng):
    """Draft: 「全員が場に出したら、伏せられたイーバカードを表向きに公開します。サイコロの目を変更する効果があれば、
    このタイミングで適用してください。」 The provisional item 行動予測装置 is such an effect (ruling dice-change-hook:
    「イーバカードを表にした直後、最初の手番より前に…目を1増やすか1減らします」)."""
    s = setup(eng, (MINATO, KANAE), drone_area="A")
    scanner = item(eng, "dice")
    s.items[0].append(scanner); s.item_deck.remove(scanner)
    eng.apply(s, E.Deal("ebe", (ebe_card(eng, "G"),)))
    eng.apply(s, E.Roll((2, 3, 3)))
    while s.phase == E.P_ASSIGN:
        want = {2: 3, 0: 2, 1: 3}[s.slot]
        eng.apply(s, E.AssignDie(s.slot, want))
    eng.apply(s, eng.plays[card(eng, MINATO, "E")])
    eng.apply(s, eng.plays[card(eng, KANAE, "G")])
    # the イーバカード is face up, nobody has acted: ミナト decides
    assert s.phase == E.P_DICE and s.cur == 0 and s.revealed
    assert eng.observe(s, 1).state.ebe_now == [ebe_card(eng, "G")]
    legal = eng.legal_actions(s)
    assert E.TUNE_PASS in legal and E.Tune(2, 1) in legal and E.Tune(0, -1) in legal
    eng.apply(s, E.Tune(2, 1))                            # the イーバ's 3 becomes 4: カナエ (3) goes first
    assert s.phase == E.P_ACT and s.items[0] == [] and scanner in s.item_discard
    assert s.cur == 0                                     # ミナト (2) first
    done(eng, s)
    assert s.cur == 1 and not s.failed[1] and s.ap == 2   # カナエ explores 動力室 before the イーバ
    done(eng, s)
    assert s.station == 60 - 4 and s.dmg == [0, 0]
    eng.check_invariants(s)
    replay = eng.action_from_json(E.Tune(2, 1).to_json())
    assert replay == E.Tune(2, 1) and eng.action_from_json(E.TUNE_PASS.to_json()) == E.TUNE_PASS
