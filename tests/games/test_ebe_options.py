"""EBE: the notes' proposals the printed rules do not take, played as engine options (rulings closed-areas and
ebe-strength in components/ebe/rulings.yaml); each test quotes the sentence it checks.

- closed=closed, the notes: 「分かりやすくイーバが既に出現したエリアは立入禁止であるとする」 (the rules:
  「もしも、以前のターンにイーバが出現していたエリアなら、−１ＡＰ」).
- ebe_strength=1/2, the notes: 「イーバ自体に戦闘力を設定する。ドローンは１で、イーバも幼体は１。つまり、武器が
  １個あれば撃退できる」 (the rules: 「イーバと同エリアを探索したプレイヤーは、探索が失敗し２ダメージを受けます」).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import ebe as E
from pnp.games import make_engine
from pnp.sim.runner import Batch, run_games
from tests.games.test_ebe import KANAE, MINATO, RIO, card, done, drone_card, ebe_card, event, item, turn

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game():
    return Project(ROOT).load_game("ebe")


@pytest.fixture(scope="module")
def eng(game):
    return make_engine(game)


def setup(eng, chars, options):
    s = eng.new_state(len(chars), "standard", options)
    eng.apply(s, E.Deal("characters", tuple(chars)))
    eng.apply(s, E.Deal("missions", tuple(range(len(chars)))))
    eng.apply(s, E.Deal("events", (event(eng, "visit"),)))
    eng.apply(s, E.Deal("drones", (drone_card(eng, "A"),), (item(eng, "heal"),)))
    eng.check_invariants(s)
    return s


def plays(eng, s):
    return {a.token for a in eng.legal_actions(s)}


# ---------------------------------------------------------------- closed-areas

def test_an_area_an_ebe_appeared_in_is_closed(eng):
    """Option closed: a 探索カード of an area where an イーバ appeared in an earlier turn of this round cannot be
    played (standard: it can, with −1AP)."""
    for options, closed in (({}, False), ({"closed": "closed"}, True)):
        s = setup(eng, (RIO, KANAE), options)
        turn(eng, s, "C", (3, 3), (6,), (card(eng, RIO, "F"), card(eng, KANAE, "F")))
        done(eng, s); done(eng, s)
        assert s.seen_prev == 1 << E.AREAS.index("C")
        eng.apply(s, E.Deal("ebe", (ebe_card(eng, "G"),)))
        eng.apply(s, E.Roll((2, 4, 5)))
        while s.phase == E.P_ASSIGN:
            eng.apply(s, eng.legal_actions(s)[0])
        assert s.phase == E.P_CHOOSE and s.cur == 0
        assert (card(eng, RIO, "C") not in plays(eng, s)) == closed
        assert len(plays(eng, s)) == 4 - closed


def test_a_player_with_only_closed_areas_left_stays_out(eng):
    """Option closed, ruling closed-areas: 「手札がすべて立入禁止のエリアなら、そのどれか1枚を出し、その手番は何も
    しません」 — no AP, no damage, no drone, no exchange."""
    s = setup(eng, (RIO, KANAE), {"closed": "closed"})
    areas = [E.AREAS[a] for a in sorted(eng.char_areas[RIO])]
    # turns 1–3: the イーバ appears in Rio's 4th and 5th areas and in one he never explores; Rio plays his
    # first three
    others = [a for a in E.AREAS if a not in areas]
    ebes = [areas[3], areas[4], others[0]]
    for t in range(3):
        turn(eng, s, ebes[t], (1, 1), (6,), (card(eng, RIO, areas[t]),
                                             next(iter(sorted(plays_for(eng, s, KANAE, t, areas))))))
        while s.phase == E.P_ACT:
            done(eng, s)
        assert s.turn == t + 2 and s.phase != E.P_END
    eng.apply(s, E.Deal("ebe", (ebe_card(eng, others[1]),)))
    eng.apply(s, E.Roll((1, 1, 6)))
    while s.phase == E.P_ASSIGN:
        eng.apply(s, eng.legal_actions(s)[0])
    assert s.phase == E.P_CHOOSE and s.cur == 0
    assert plays(eng, s) == {card(eng, RIO, areas[3]), card(eng, RIO, areas[4])}   # every card is closed
    dmg = s.dmg[0]
    eng.apply(s, eng.plays[card(eng, RIO, areas[3])])
    assert s.phase == E.P_CHOOSE and s.cur == 1
    kanae = eng.legal_actions(s)[0]
    kanae_out = bool(s.seen_prev >> eng.exp_area[kanae.token] & 1)
    eng.apply(s, kanae)
    while s.phase == E.P_DICE:
        eng.apply(s, eng.legal_actions(s)[0])
    assert s.revealed and s.failed[0] and s.dmg[0] == dmg and 0 not in s.success
    assert s.closed_out == 1 + kanae_out
    eng.check_invariants(s)


def plays_for(eng, s, ch, t, rio_areas):
    """Kanae's card this turn: any card not in Rio's 4th/5th areas (so she never blocks the test)."""
    hand = s.hand[1]
    ok = [x for x in hand if x < E.INFO_BASE and E.AREAS[eng.exp_area[x]] not in rio_areas[3:]]
    return ok or hand


# ---------------------------------------------------------------- ebe-strength

@pytest.mark.parametrize("options,failed,weapons,damage", [
    ({}, True, 1, 2), ({"ebe_strength": 1}, False, 0, 0), ({"ebe_strength": 2}, True, 1, 2)])
def test_a_weapon_drives_the_ebe_off(eng, options, failed, weapons, damage):
    """The rules: 「イーバと同エリアを探索したプレイヤーは、探索が失敗し２ダメージを受けます」; option ebe_strength=1,
    the notes: 「武器が１個あれば撃退できる」 (every player starts with 「武器１個を受け取ってください」)."""
    s = setup(eng, (MINATO, KANAE), options)
    turn(eng, s, "E", (3, 5), (1,), (card(eng, MINATO, "E"), card(eng, KANAE, "F")))
    assert s.failed[0] == failed and s.weap[0] == weapons and s.dmg[0] == damage
    assert (s.phase == E.P_ACT and s.cur == 0) == (not failed)
    assert s.ebe_repelled == (0 if failed else 1)
    eng.check_invariants(s)


def test_narration_tells_the_repel(eng):
    s = setup(eng, (MINATO, KANAE), {"ebe_strength": 1})
    eng.apply(s, E.Deal("ebe", (ebe_card(eng, "E"),)))
    eng.apply(s, E.Roll((1, 3, 5)))
    values = {2: 1, 0: 3, 1: 5}                # the イーバ 1, ミナト 3, カナエ 5
    while s.phase == E.P_ASSIGN:
        eng.apply(s, E.AssignDie(s.slot, values[s.slot]))
    eng.apply(s, eng.plays[card(eng, MINATO, "E")])
    before = s.clone()
    a = eng.plays[card(eng, KANAE, "F")]
    eng.apply(s, a)
    while eng.to_move(s) < 0 and s.phase != E.P_END and s.phase not in (E.P_ACT,):
        before = s.clone()
        a = eng.legal_actions(s)[0]
        eng.apply(s, a)
    text = "\n".join(eng.narrate(before, a, s))
    assert "武器1個でイーバを撃退" in text


def test_bad_options_are_refused(eng):
    with pytest.raises(ValueError, match="closed='shut' is not one of penalty, closed"):
        eng.new_state(2, "standard", {"closed": "shut"})
    with pytest.raises(ValueError, match="ebe_strength=3 is not one of 0, 1, 2"):
        eng.new_state(2, "standard", {"ebe_strength": 3})


@pytest.mark.parametrize("options", [{"closed": "closed"}, {"ebe_strength": 1}, {"ebe_strength": 2}])
def test_whole_games_under_each_option_keep_every_invariant(eng, options):
    recs = run_games(eng, Batch(3, ("planner",) * 3, 6, seed=2, options=options, check=True))
    assert all(r.error is None for r in recs)


# ---------------------------------------------------------------- adjacent-stacks (variant adjacent-once)

@pytest.mark.parametrize("variant,ap", [("standard", 1), ("adjacent-once", 2)])
def test_two_adjacent_ebe_take_one_or_two_ap(eng, variant, ap):
    """Ruling adjacent-stacks: 「同じターンに2体のイーバが隣接していれば、−1APを2回受けます」; variant
    adjacent-once (option once): 「イーバの隣接による−1APは、何体いても1回だけ」. Round 4: two イーバ, in 医務室 (A)
    and 廃棄場 (F), both next to 制御室 (D); a 5 gives 3AP; 1 damage from each either way."""
    ch = next(c for c in range(5) if E.AREAS.index("D") in eng.char_areas[c] and not eng.char_ignore[c]
              and not eng.char_bonus[c][E.AREAS.index("D")])
    other = next(c for c in range(5) if c != ch and E.AREAS.index("C") in eng.char_areas[c])
    s = eng.example_state(2, {"characters": [eng.char_ids[ch], eng.char_ids[other]], "round": 4, "turn": 1,
                              "drones": {}}, variant)
    assert s.phase == E.P_EBE
    turn(eng, s, "AF", (5, 6), (1, 2), (card(eng, ch, "D"), card(eng, other, "C")))
    assert s.phase == E.P_ACT and s.cur == 0
    assert s.ap == ap and s.dmg[0] == 2


# ---------------------------------------------------------------- item-deck (variant items-run-out)

@pytest.mark.parametrize("variant,carries", [("standard", True), ("items-run-out", False)])
def test_an_empty_item_deck_is_reshuffled_or_not(eng, variant, carries):
    """Ruling item-deck: 「アイテム山が尽きたら、捨て札を切り直して山にします」; variant items-run-out (option
    none): 「山が尽きたら、ドローンはアイテムを持たない」."""
    s = eng.new_state(2, variant)
    eng.apply(s, E.Deal("characters", (MINATO, KANAE)))
    eng.apply(s, E.Deal("missions", (0, 1)))
    eng.apply(s, E.Deal("events", (event(eng, "visit"),)))
    s.item_discard, s.item_deck = sorted(s.item_deck), []
    it = s.item_discard[0]
    eng.apply(s, E.Deal("drones", (drone_card(eng, "A"),), (it,)))
    area = E.AREAS.index("A")
    assert s.drone_at[area] >= 0
    assert (s.drone_item[area] == it) == carries and (s.drone_item[area] == -1) == (not carries)
    assert (it in s.item_discard) == (not carries)
    eng.check_invariants(s)


@pytest.mark.parametrize("variant", ["adjacent-once", "items-run-out"])
def test_whole_games_under_each_new_variant_keep_every_invariant(eng, variant):
    recs = run_games(eng, Batch(4, ("planner",) * 4, 6, seed=5, variant=variant, check=True))
    assert all(r.error is None for r in recs)


def test_with_twenty_items_the_item_deck_never_runs_out(eng):
    """Ruling item-deck's why: 「ドローンは4ラウンドで1＋2＋3＋4＝10体しか出ず、アイテムは20枚あるので、山は
    尽きません」 — both readings play the very same games on the same seeds."""
    assert sum(range(1, 5)) < eng.n_items == 20
    a = run_games(eng, Batch(4, ("planner",) * 4, 8, seed=9))
    b = run_games(eng, Batch(4, ("planner",) * 4, 8, seed=9, variant="items-run-out"))
    assert [r.result.extra for r in a] == [r.result.extra for r in b]


# ---------------------------------------------------------------- heal-self (variant heal-any)

@pytest.mark.parametrize("variant", ["standard", "heal-any"])
def test_the_medical_room_heals_the_explorer_or_anyone(eng, variant):
    """Ruling heal-self: 「医務室の「ダメージを1回復する」は、医務室を探索した本人のダメージを回復します」;
    variant heal-any (option anyone): 「同じエリアの仲間など、ほかの人のダメージも回復できる」."""
    s = eng.new_state(2, variant)
    eng.apply(s, E.Deal("characters", (MINATO, KANAE)))
    eng.apply(s, E.Deal("missions", (0, 1)))
    eng.apply(s, E.Deal("events", (event(eng, "visit"),)))
    eng.apply(s, E.Deal("drones", (drone_card(eng, "G"),), (item(eng, "heal"),)))
    s.dmg[1] = 2
    s.supply_dmg -= 2
    healer = next(c for c in (MINATO, KANAE) if E.AREAS.index("A") in eng.char_areas[c])
    seat = (MINATO, KANAE).index(healer)
    other = 1 - seat
    s.dmg[seat], s.dmg[other] = 0, 2
    cards = [None, None]
    cards[seat] = card(eng, healer, "A")
    partner = (MINATO, KANAE)[other]
    cards[other] = next(t for t in eng.char_cards[partner] if eng.exp_area[t] not in (E.AREAS.index("A"),
                                                                                       E.AREAS.index("G")))
    turn(eng, s, "C" if E.AREAS[eng.exp_area[cards[other]]] != "C" else "B", (3, 5) if seat == 0 else (5, 3),
         (6,), tuple(cards))
    assert s.phase == E.P_ACT and s.cur == seat
    heal_other = eng.act(E.K_HEAL, other + 1)
    assert (heal_other in eng.legal_actions(s)) == (variant == "heal-any")
    assert eng.act_heal not in eng.legal_actions(s)          # the explorer has no damage
    if variant == "heal-any":
        eng.apply(s, heal_other)
        assert s.dmg[other] == 2 - min(2, eng.char_heal[healer]) and s.ap == 1
        eng.check_invariants(s)
    else:
        with pytest.raises(ValueError, match="only the explorer's own damage"):
            eng.apply(s, heal_other)


def test_whole_games_with_heal_any_keep_every_invariant(eng):
    recs = run_games(eng, Batch(3, ("planner",) * 3, 8, seed=6, variant="heal-any", check=True))
    assert all(r.error is None for r in recs)


# ---------------------------------------------------------------- info-cards (variant info-weight)

@pytest.mark.parametrize("variant", ["standard", "info-weight"])
def test_info_in_hand_counts_towards_the_inventory_or_not(eng, variant):
    """Ruling info-cards: 「情報は重量に数えません」; variant info-weight (option count): 「情報も手札にある間は
    重量に数える」. ミナト holds exactly his inventory in cubes and one 情報 in hand at the turn's end."""
    s = eng.new_state(2, variant)
    eng.apply(s, E.Deal("characters", (MINATO, KANAE)))
    eng.apply(s, E.Deal("missions", (0, 1)))
    eng.apply(s, E.Deal("events", (event(eng, "visit"),)))
    eng.apply(s, E.Deal("drones", (drone_card(eng, "G"),), (item(eng, "heal"),)))
    info = next(i for i in range(eng.n_items) if eng.item_effect[i] == 0)
    s.item_deck.remove(info)
    s.hand[0] = sorted(s.hand[0] + [E.INFO_BASE + info])
    inv = eng.char_inv[MINATO]
    s.weap[0], s.supply_weap = 0, s.supply_weap + s.weap[0]
    s.res[0] = [inv, 0, 0, 0]
    s.supply_res[0] -= inv
    turn(eng, s, "C", (1, 2), (6,), (card(eng, MINATO, "E"), card(eng, KANAE, "F")))
    while s.phase == E.P_ACT:
        done(eng, s)
    if variant == "standard":
        assert s.phase != E.P_DISCARD and E.INFO_BASE + info in s.hand[0]
    else:
        assert s.phase == E.P_DISCARD and s.cur == 0
        drop = next(a for a in eng.legal_actions(s) if a.what == E.ITEM_BASE + info)
        eng.apply(s, drop)
        assert E.INFO_BASE + info not in s.hand[0] and info in s.item_discard
        assert s.phase != E.P_DISCARD
    eng.check_invariants(s)


def test_whole_games_with_info_weight_keep_every_invariant(eng):
    recs = run_games(eng, Batch(4, ("planner",) * 4, 8, seed=7, variant="info-weight", check=True))
    assert all(r.error is None for r in recs)
