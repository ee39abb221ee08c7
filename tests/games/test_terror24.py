"""24 −共鳴するテロル−: scenario tests from the draft's sentences, random play, determinism."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import terror24 as T
from pnp.games.terror24.resolution import start_incident
from pnp.sim.engine import CHANCE, TERMINAL, IllegalAction

ROOT = Path(__file__).resolve().parents[2]
HT = 7                                    # card kind of ヒーロータイム (hours 0..6 are kinds 0..6)
FULL = [0, 0, 1, 2, 3, 3, 4, 5, 6, HT]


@pytest.fixture(scope="module")
def E():
    return T.make_engine(Project(ROOT).load_game("terror24"))


def card(E, cid: str) -> int:
    return E.card_ids.index(cid)


def play(E, seed, players, variant="standard", hands=3, check=False, policy=None):
    rng = random.Random(seed)
    s = E.new_state(players, variant, {"hands": hands})
    steps = 0
    while True:
        m = E.to_move(s)
        if m == TERMINAL:
            break
        if m == CHANCE:
            a = E.sample_chance(s, rng)
        else:
            legal = E.legal_actions(s)
            assert legal == sorted(legal)
            if policy is not None:
                obs = E.observe(s, m)
                a = policy.choose(obs, legal, rng)
                assert a in legal
            else:
                a = legal[int(rng.random() * len(legal))]
        E.apply(s, a)
        steps += 1
        if check:
            E.check_invariants(s)
    assert steps <= E.max_steps
    return s


def position(E, dets, pairs, *, layout=None, hand_no=1, hands=3, variant="standard", inc=0,
             vp=None):
    """A hand at the resolution of incident ``inc + 1``: ``pairs[seat] = (first, second)`` for that
    incident; the seat's other cards fill the other columns in data order."""
    n = len(dets)
    s = E.new_state(n, variant, {"hands": hands})
    s.det = [E.facts.det_ids.index(d) for d in dets]
    s.hand_no = hand_no
    if vp is not None:
        s.vp = list(vp)
    lay = layout or ["bomb-2", "hijack-2", "bomb-3", "hijack-3", "bomb-4", "hijack-4",
                     "bio-4", "bio-3", "gunfight-4", "gunfight-3"]
    s.layout = [card(E, c) for c in lay]
    s.box = [c for c in range(E.facts.n_cards) if c not in s.layout]
    for seat, (a, b) in enumerate(pairs):
        rest = FULL[:]
        rest.remove(a)
        rest.remove(b)
        cols = [c for c in range(5) if c != inc]
        s.p1[seat] = [-1] * 5
        s.p2[seat] = [-1] * 5
        s.p1[seat][inc], s.p2[seat][inc] = a, b
        for j, c in enumerate(cols):
            s.p1[seat][c], s.p2[seat][c] = rest[2 * j], rest[2 * j + 1]
        s.hand[seat] = [0] * E.facts.n_kinds
    s.revealed = True
    s.rnd = 1
    s.inc = inc
    if hand_no >= 2:
        s.order = list(range(n))
    start_incident(E.facts, s)
    E.check_invariants(s)
    return s


def no_challenges(E, s):
    """Everybody passes on the current incident (resolution then moves to the next one)."""
    inc, hand = s.inc, s.hand_no
    while s.phase == T.P_CHAL and s.inc == inc and s.hand_no == hand:
        E.apply(s, T.CHALLENGES[0])


# ---------------------------------------------------------------- setup

def test_rulings_exported():
    rulings = Project(ROOT).load_game("terror24").rulings
    ids = [r.id for r in rulings]
    assert len(ids) == len(set(ids)) and len(ids) >= 20 and set(T.RULING_IDS) <= set(ids)
    assert all(isinstance(r.text, str) and r.text for r in rulings)


@pytest.mark.parametrize("n,start", [(3, [0, 0, 0]), (4, [0, 0, 0, 1]), (5, [0, 0, 0, 1, 1])])
def test_start_vp(E, n, start):
    # 「４人プレイ時は、親の右隣（＝４番手）…５人プレイ時は…４番手と５番手…１の位置」
    assert E.new_state(n).vp == start


def test_detectives_picked_clockwise_from_parent(E):
    s = E.new_state(3)
    assert E.to_move(s) == 0 and len(E.legal_actions(s)) == 5
    E.apply(s, E.facts.picks[3])
    assert E.to_move(s) == 1
    assert E.facts.picks[3] not in E.legal_actions(s)
    with pytest.raises(IllegalAction):
        E.apply(s, E.facts.picks[3])
    E.apply(s, E.facts.picks[0]); E.apply(s, E.facts.picks[1])
    assert E.to_move(s) == CHANCE and s.det == [3, 0, 1]


def test_options_and_variants(E):
    assert [v.id for v in E.variants] == ["standard", "notes-skills", "keep-old", "wolf-halved",
                                          "two-hands-final", "mastermind-kept", "hidden-fourth", "rest-only",
                                          "both-must", "great-modified", "first-takes", "earlier-first",
                                          "scotch-others-keep", "dokaben-red-injury", "lloyd-one", "keep-replace",
                                          "open-peek"]
    with pytest.raises(ValueError):
        E.new_state(3, "no-such-variant")
    assert E.options[0].id == "hands" and E.options[0].default == 3
    with pytest.raises(ValueError):
        E.new_state(3, options={"hands": 4})
    with pytest.raises(ValueError):
        E.new_state(6)


# ---------------------------------------------------------------- placement and investigation

def dealt(E, n=3, seed=1, hands=3):
    s = E.new_state(n, options={"hands": hands})
    for _seat in range(n):
        E.apply(s, E.legal_actions(s)[0])
    E.apply(s, E.sample_chance(s, random.Random(seed)))
    return s


def test_deal_lays_ten_and_boxes_fourteen_fifth_column_face_down(E):
    s = dealt(E)
    assert len(set(s.layout)) == 10 and len(s.box) == 14
    lay = E.observe(s, 0).layout
    assert lay[8] == lay[9] == -1 and all(c >= 0 for c in lay[:8])


def test_first_cards_hidden_until_everyone_placed_then_incidents_revealed(E):
    s = dealt(E)
    for _ in range(5):
        E.apply(s, E.legal_actions(s)[-1])          # seat 0 places its five first cards
    assert E.to_move(s) == 1
    assert E.observe(s, 1).placed1[0] == (-1,) * 5
    assert E.observe(s, 0).placed1[0] != (-1,) * 5
    for _ in range(10):
        E.apply(s, E.legal_actions(s)[0])
    # 「全員が５枚ずつ配置し終わったら、それを表向きにして公開…裏向きに配置されているカードも全て表向き」
    o = E.observe(s, 1)
    assert o.round == 2 and o.placed1[0] != (-1,) * 5 and -1 not in o.layout
    # second cards stay hidden from the others
    for _ in range(5):
        E.apply(s, E.legal_actions(s)[0])
    assert E.observe(s, 1).placed2[0] == (-1,) * 5


def test_second_card_revealed_per_incident(E):
    s = position(E, ["scotch", "wolf", "hibachi"], [(3, 4), (5, 6), (1, 2)])
    o = E.observe(s, 1)
    assert o.placed2[0][0] == 4 and o.placed2[0][1] == -1


# ---------------------------------------------------------------- resolution

def test_power_and_challenge_order_lowest_first_ties_farther_first(E):
    # 「捜査力の低いプレイヤーから順に…同値の場合は、親から時計回りで遠い方を優先」
    s = position(E, ["scotch", "wolf", "hibachi", "lloyd"], [(3, 3), (1, 2), (2, 1), (6, 5)])
    assert s.power[:4] == [6, 3, 3, 11]
    seen = []
    while s.phase == T.P_CHAL and s.inc == 0:
        seen.append(s.cur)
        E.apply(s, T.CHALLENGES[0])
    assert seen == [2, 1, 0, 3]


def test_challenge_success_bonuses_and_great_success(E):
    # 「出目が事件番号より大きければ成功…緑なら+1、緑で大成功なら+2…赤なら+2、赤で大成功なら+3」
    for dice, roll, bonus in [(1, (2, 0), 1), (1, (8, 0), 2), (2, (0, 2), 2), (2, (0, 8), 3),
                              (3, (8, 7), 4), (3, (8, 8), 5)]:
        s = position(E, ["scotch", "wolf", "hibachi"], [(0, 0), (5, 6), (4, 5)])
        assert s.cur == 0
        E.apply(s, T.CHALLENGES[dice])
        assert E.to_move(s) == CHANCE
        E.apply(s, T.ROLLS[roll[0]][roll[1]])
        assert s.power[0] == bonus and s.alive[0]


def test_roll_equal_to_incident_number_fails(E):
    s = position(E, ["scotch", "wolf", "hibachi"], [(0, 0), (5, 6), (4, 5)], inc=2)
    E.apply(s, T.CHALLENGES[1])
    E.apply(s, T.ROLLS[3][0])                     # 3 is not larger than incident 3
    assert s.power[0] == 0 and s.inj[0] == 1 and s.alive[0]


def test_green_failure_injures_and_second_injury_kills(E):
    s = position(E, ["scotch", "wolf", "hibachi"], [(0, 0), (5, 6), (4, 5)])
    s.inj[0] = 1
    E.apply(s, T.CHALLENGES[1])
    E.apply(s, T.ROLLS[1][0])
    assert not s.alive[0] and s.died[0]


def test_red_failure_kills_but_dead_still_ranks_in_this_incident(E):
    # 「殉職した場合でも、１位か２位になれば事件カードを得ることができます」
    s = position(E, ["scotch", "wolf", "hibachi"], [(6, 5), (1, 0), (0, 0)])
    assert s.cur == 2
    E.apply(s, T.CHALLENGES[0]); E.apply(s, T.CHALLENGES[0])
    assert s.cur == 0
    E.apply(s, T.CHALLENGES[2]); E.apply(s, T.ROLLS[0][1])
    assert not s.alive[0]
    assert card(E, "bomb-2") in s.won[0] and s.vp[0] == 2
    # 「次のラウンドから、ハンドが終了するまでゲームに参加できなくなります」
    assert s.inc == 1 and 0 not in s.part
    while s.phase == T.P_CHAL:
        assert s.cur != 0
        E.apply(s, T.CHALLENGES[0])
    while s.phase == T.P_KEEP:
        E.apply(s, E.legal_actions(s)[0])
    assert s.hand_no == 2 and s.vp[0] == 1          # halved at the hand's end


def test_single_hero_time_takes_first_regardless(E):
    s = position(E, ["scotch", "wolf", "hibachi"], [(HT, 0), (6, 5), (4, 3)])
    no_challenges(E, s)
    assert s.won[0] == [card(E, "bomb-2")] and s.won[1] == [card(E, "hijack-2")]


def test_hero_time_clash_counts_zero(E):
    # 「複数のプレイヤーがヒーロータイムを配置していた…単に数字が「０」」
    s = position(E, ["scotch", "wolf", "hibachi"], [(HT, 1), (0, HT), (0, 0)])
    no_challenges(E, s)
    assert s.won[0] == [card(E, "bomb-2")]        # 1 > 0 = 0
    assert s.won[1] == [card(E, "hijack-2")]      # 0 vs 0: seat 1 nearer the 親 than seat 2
    assert s.clashes == 1


def test_tie_larger_first_card_then_nearer_parent(E):
    # 「同値だった場合、１枚目の大きい方…それも同じだった場合、親から時計回りで近い方」
    s = position(E, ["scotch", "wolf", "hibachi"], [(2, 3), (3, 2), (3, 2)])
    no_challenges(E, s)
    assert s.won[1] == [card(E, "bomb-2")] and s.won[2] == [card(E, "hijack-2")] and not s.won[0]
    assert s.tb_first == 1 and s.tb_order == 1


def test_from_hand_2_play_order_replaces_clockwise(E):
    s = position(E, ["scotch", "wolf", "hibachi"], [(3, 2), (3, 2), (0, 0)], hand_no=2)
    s.order = [1, 0, 2]; s.pos = [1, 0, 2]
    no_challenges(E, s)
    assert s.won[1] == [card(E, "bomb-2")] and s.won[0] == [card(E, "hijack-2")]


def test_nobody_for_second_leaves_card_unclaimed_then_discarded(E):
    s = position(E, ["scotch", "wolf", "hibachi"], [(3, 2), (3, 2), (0, 0)], inc=4, hands=1)
    s.alive[1] = s.alive[2] = False
    s.died[1] = s.died[2] = True
    start_incident(E.facts, s)
    no_challenges(E, s)
    assert s.won[0] == [card(E, "gunfight-4")]
    assert card(E, "gunfight-3") in s.discard
    E.check_invariants(s)


# ---------------------------------------------------------------- skills (2nd hand on)

def test_scotch_hero_time_survives_clash_from_hand_2(E):
    pairs = [(0, 0), (HT, 0), (HT, 6)]
    s = position(E, ["wolf", "scotch", "hibachi"], pairs, hand_no=1)
    no_challenges(E, s)
    assert s.won[1] == [] and s.won[2] == [card(E, "bomb-2")]
    s = position(E, ["wolf", "scotch", "hibachi"], pairs, hand_no=2)
    no_challenges(E, s)
    assert s.won[1] == [card(E, "bomb-2")] and s.won[2] == [card(E, "hijack-2")]


def test_notes_scotch_counts_three_on_clash(E):
    s = position(E, ["wolf", "scotch", "hibachi"], [(2, 0), (HT, 0), (HT, 1)], hand_no=2,
                 variant="notes-skills")
    no_challenges(E, s)
    assert s.won[1] == [card(E, "bomb-2")] and s.won[0] == [card(E, "hijack-2")]


def test_hibachi_adds_one_to_die_from_hand_2(E):
    for hand_no, ok in ((1, False), (2, True)):
        s = position(E, ["hibachi", "wolf", "scotch"], [(0, 0), (5, 6), (4, 5)], inc=2,
                     hand_no=hand_no)
        E.apply(s, T.CHALLENGES[1]); E.apply(s, T.ROLLS[3][0])
        assert (s.power[0] == 1) is ok
    s = position(E, ["wolf", "hibachi", "scotch"], [(0, 0), (5, 6), (4, 5)], inc=2, hand_no=2,
                 variant="notes-skills")
    E.apply(s, T.CHALLENGES[1]); E.apply(s, T.ROLLS[3][0])
    assert s.power[0] == 1                         # notes: ウルフ gets the +1


def wolf_dies_in_hand_2(E, variant):
    s = position(E, ["wolf", "scotch", "hibachi"], [(0, 0), (5, 6), (4, 5)], hand_no=2, vp=[11, 0, 0],
                 variant=variant)
    E.apply(s, T.CHALLENGES[2]); E.apply(s, T.ROLLS[0][1])
    at_death = s.vp[0]
    s.inc = 4                                      # jump to the last incident
    start_incident(E.facts, s)
    no_challenges(E, s)
    while s.phase == T.P_KEEP:
        E.apply(s, E.legal_actions(s)[0])
    assert s.hand_no == 3 and not s.won[0]         # won nothing more in the hand
    return at_death, s.vp[0]


def test_wolf_four_vp_come_after_the_halving(E):
    """Draft 「・ウルフ　ハンド中に殉死すると４ＶＰを得る」 and, at the hand's end, 「現在のＶＰを半分
    （＝端数切り捨て）にしてください」: the 4VP reward the death, they are not halved with it.
    Rulebook (ruling wolf-timing): 「次のハンドへ移るときは、VPを半分にしたあとで4VPを加えます」."""
    assert wolf_dies_in_hand_2(E, "standard") == (11, 11 // 2 + 4)


def test_wolf_halved_variant_adds_the_four_vp_at_death(E):
    """Variant wolf-halved (pnp's earlier reading): 4VP at once, then halved with the rest."""
    assert wolf_dies_in_hand_2(E, "wolf-halved") == (15, 15 // 2)


def test_wolf_four_vp_in_the_final_hand(E):
    """「〇有終の美　殉死してもＶＰが半分になりません」: in the last hand the 4VP count in full either way."""
    for variant in ("standard", "wolf-halved"):
        s = position(E, ["wolf", "scotch", "hibachi"], [(0, 0), (5, 6), (4, 5)], hand_no=3, vp=[11, 0, 0],
                     variant=variant, inc=4)
        E.apply(s, T.CHALLENGES[2]); E.apply(s, T.ROLLS[0][1])
        no_challenges(E, s)
        assert E.to_move(s) == TERMINAL and s.vp[0] == 11 + 4


def test_dokaben_two_injuries_do_not_kill_third_does(E):
    s = position(E, ["dokaben", "scotch", "hibachi"], [(0, 0), (5, 6), (4, 5)], hand_no=2)
    s.inj[0] = 1
    E.apply(s, T.CHALLENGES[1]); E.apply(s, T.ROLLS[1][0])
    assert s.alive[0] and s.inj[0] == 2
    s = position(E, ["dokaben", "scotch", "hibachi"], [(0, 0), (5, 6), (4, 5)], hand_no=2)
    s.inj[0] = 2
    E.apply(s, T.CHALLENGES[1]); E.apply(s, T.ROLLS[1][0])
    assert not s.alive[0]


def test_notes_dokaben_red_failure_injures(E):
    s = position(E, ["dokaben", "scotch", "hibachi"], [(0, 0), (5, 6), (4, 5)], hand_no=2,
                 variant="notes-skills")
    E.apply(s, T.CHALLENGES[2]); E.apply(s, T.ROLLS[0][1])
    assert s.alive[0] and s.inj[0] == 1


def test_notes_hibachi_may_take_second_card(E):
    s = position(E, ["hibachi", "scotch", "wolf"], [(6, 5), (4, 3), (0, 0)], hand_no=2,
                 variant="notes-skills")
    no_challenges(E, s)
    assert s.phase == T.P_TAKE and s.cur == 0 and E.legal_actions(s) == list(T.TAKES)
    E.apply(s, T.TAKES[1])
    assert s.won[0] == [card(E, "hijack-2")] and s.won[1] == [card(E, "bomb-2")]


def test_lloyd_sees_face_down_incidents_from_hand_2(E):
    s = dealt(E)
    lloyd = E.facts.det_ids.index("lloyd")
    s.det = [lloyd, 0, 1]
    assert E.observe(s, 0).layout[8] == -1
    s.hand_no = 2
    assert E.observe(s, 0).layout[8] >= 0 and E.observe(s, 1).layout[8] == -1


# ---------------------------------------------------------------- hand end

def finish_hand(E, s):
    while s.phase in (T.P_CHAL, T.P_TAKE):
        E.apply(s, E.legal_actions(s)[0])


def test_hand_end_keep_heal_halve_and_play_order(E):
    s = position(E, ["scotch", "wolf", "hibachi"], [(6, 5), (4, 3), (0, 0)], inc=4,
                 layout=["bomb-2", "hijack-2", "bomb-3", "hijack-3", "bomb-4", "hijack-4",
                         "bio-4", "bio-3", "gunfight-5", "gunfight-3"])
    s.won[0] = [card(E, "bomb-2")]; s.vp = [2, 9, 5]
    s.layout[0] = -1
    s.inj[1] = 1
    s.died[2] = True                                # died earlier in the hand
    s.vp[2] = 5
    s.alive[2] = False
    start_incident(E.facts, s)
    no_challenges(E, s)
    # seat 0 won bomb-2 and gunfight-5: the only non-5 is kept without a choice
    # (the discard is already shuffled back into the deck for hand 2)
    assert s.kept[0] == [card(E, "bomb-2")] and card(E, "gunfight-5") in s.box
    # seat 1 won gunfight-3 only
    assert s.kept[1] == [card(E, "gunfight-3")]
    assert s.inj == [0, 0, 0]
    assert s.vp == [7, 12, 2]                       # seat 2 halved: 5 // 2
    # 「最もＶＰの少ないプレイヤーから順番にプレイ順カード」
    assert s.order == [2, 0, 1] and s.hand_no == 2 and E.to_move(s) == CHANCE
    E.check_invariants(s)


def test_only_fives_keep_nothing_and_ties_give_later_player_earlier_card(E):
    s = position(E, ["scotch", "wolf", "hibachi"], [(6, 5), (4, 3), (0, 0)], inc=4,
                 layout=["bomb-2", "hijack-2", "bomb-3", "hijack-3", "bomb-4", "hijack-4",
                         "bio-4", "bio-3", "gunfight-5", "hostage-5"])
    s.vp = [0, 0, 10]
    no_challenges(E, s)
    assert s.kept == [[], [], []]
    assert s.vp == [5, 5, 10] and s.order == [1, 0, 2]


def end_of_hand_2_with_a_kept_card(E, variant, won_before=()):
    s = position(E, ["scotch", "wolf", "hibachi"], [(6, 5), (4, 3), (0, 0)], inc=4, hand_no=2,
                 layout=["bomb-2", "hijack-2", "bomb-3", "hijack-3", "bomb-4", "hijack-4",
                         "bio-4", "bio-3", "gunfight-4", "hostage-5"], variant=variant)
    s.kept[0] = [card(E, "assassination-2")]
    s.box.remove(s.kept[0][0])
    for c in won_before:
        s.won[0].append(card(E, c)); s.box.remove(card(E, c))
    E.check_invariants(s)
    no_challenges(E, s)
    return s


def test_keep_a_card_won_this_hand_and_the_earlier_card_stays(E):
    """Draft 「今回獲得した事件カードの中から「数字が５でない」１枚を選び、それを裏向きに伏せて手元に
    残しておいてください。残りの事件カードは裏向きのまま捨て札にします」: the choice is among this hand's
    cards only; nothing tells the player to give up the card kept before, so it stays (3ハンド目:
    「ハンド開始時に手元に持っていたもの」).  Rulebook: 「前のハンドから残しているカードは、そのまま
    手元に置いておきます」."""
    s = end_of_hand_2_with_a_kept_card(E, "standard", won_before=("hostage-3",))
    assert s.phase == T.P_KEEP and s.cur == 0
    assert sorted(a.card for a in E.legal_actions(s)) == sorted([card(E, "gunfight-4"), card(E, "hostage-3")])
    E.apply(s, E.facts.keeps[card(E, "gunfight-4")])
    assert s.kept[0] == [card(E, "assassination-2"), card(E, "gunfight-4")]
    assert card(E, "hostage-3") in s.box and s.hand_no == 3
    # 「山の残りと捨て札をよくシャッフル」: every card but the kept ones is dealt from
    E.check_invariants(s)
    assert len(s.box) == E.facts.n_cards - sum(len(k) for k in s.kept)


def test_keep_without_choice_when_one_card_won(E):
    """One non-5 card won this hand: it is kept, and the earlier card stays too."""
    s = end_of_hand_2_with_a_kept_card(E, "standard")
    assert s.hand_no == 3 and s.kept[0] == [card(E, "assassination-2"), card(E, "gunfight-4")]


def test_keep_old_variant_one_card_overall(E):
    """Variant keep-old (pnp's earlier reading): one card in all, the earlier one may be kept instead."""
    s = end_of_hand_2_with_a_kept_card(E, "keep-old")
    assert s.phase == T.P_KEEP and s.cur == 0
    legal = E.legal_actions(s)
    assert sorted(a.card for a in legal) == sorted([card(E, "gunfight-4"), card(E, "assassination-2")])
    E.apply(s, E.facts.keeps[card(E, "assassination-2")])
    assert s.kept[0] == [card(E, "assassination-2")] and card(E, "gunfight-4") in s.box
    assert s.hand_no == 3
    E.check_invariants(s)


def test_final_hand_layout_peek_and_bonuses(E):
    s = E.new_state(3, options={"hands": 3})
    s.det = [0, 1, 2]
    s.hand_no = 3
    s.kept = [[card(E, "bomb-2")], [card(E, "bio-2")], []]
    s.box = [c for c in range(E.facts.n_cards) if [c] not in s.kept]
    s.phase = T.P_DEAL; s.cur = CHANCE
    lay = ["hijack-5", "bomb-3", "hijack-4", "hijack-3", "hostage-4", "bio-3",
           "gunfight-5", "gunfight-3", "hostage-3", "assassination-4"]
    E.apply(s, T.Deal(tuple(card(E, c) for c in lay)))
    o0, o1, o2 = (E.observe(s, i) for i in range(3))
    # row 2 face up, row 1 face down, peek where row 2 shares a kept card's suit
    assert [o2.layout[2 * c] for c in range(5)] == [-1] * 5
    assert all(o2.layout[2 * c + 1] >= 0 for c in range(5))
    assert o0.layout[0] == card(E, "hijack-5") and o0.layout[2] == -1
    assert o1.layout[4] == card(E, "hostage-4") and o1.layout[0] == -1
    assert o2.kept == tuple(map(tuple, s.kept))     # kept cards are revealed in the final hand


def test_final_bonuses_active_and_mastermind_no_halving(E):
    s = position(E, ["scotch", "wolf", "hibachi"], [(6, 5), (4, 3), (0, 0)], inc=4, hand_no=3,
                 layout=["bomb-2", "hijack-2", "bomb-3", "hijack-3", "bomb-4", "hijack-4",
                         "bio-4", "bio-3", "bomb-5", "gunfight-3"])
    for slot in range(8):
        s.layout[slot] = -1
    s.box = [c for c in range(E.facts.n_cards) if c not in (card(E, "bomb-5"), card(E, "gunfight-3"),
                                                     card(E, "bomb-2"), card(E, "bomb-3"))]
    s.won[0] = [card(E, "bomb-3")]
    s.kept[0] = [card(E, "bomb-2")]
    s.vp = [20, 3, 4]
    s.died[0] = True                               # died earlier in hand 3 — but still ranks? no:
    s.alive[0] = True                              # (alive here to take the card)
    s.died[1] = True; s.alive[1] = False
    start_incident(E.facts, s)
    no_challenges(E, s)
    assert E.to_move(s) == TERMINAL
    # bomb: 2 (kept) + 3 + 5 -> 活躍者 +3, 黒幕 +1; 5 VP for the card; no halving (有終の美)
    assert s.vp[0] == 20 + 5 + 3 + 1
    assert s.vp[1] == 3 + 4                         # ウルフ died in this hand: 4VP, not halved
    E.check_invariants(s)


def test_winner_ties(E):
    # 「このハンドで終了の場合は…複数いたら、親から時計回りで近い方が優先されます」
    s = E.new_state(3, options={"hands": 1}); s.vp = [5, 5, 3]
    assert E.result(s).ranks == (1, 2, 3)           # nearer clockwise to the 親
    # 「複数いたら、このハンドのプレイ順の、最も遅いプレイヤーが勝利します」 (■３ハンド目)
    s = E.new_state(3, options={"hands": 3}); s.hand_no = 3; s.vp = [5, 5, 3]; s.order = [1, 0, 2]
    s.pos = [1, 0, 2]
    assert E.result(s).ranks == (1, 2, 3)           # latest in the play order
    s.order = [0, 1, 2]; s.pos = [0, 1, 2]
    assert E.result(s).ranks == (2, 1, 3)


def test_one_hand_game_has_no_bonus_no_halving_no_skills(E):
    for seed in range(20):
        s = play(E, seed, 4, hands=1, check=True)
        assert s.hand_no == 1 and all(k == [] for k in s.kept)
        r = E.result(s)
        assert r.extra["vp_raw_by_hand"][0] == [int(v) for v in r.scores]


# ---------------------------------------------------------------- fuzzing and determinism

@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("variant", ["standard", "notes-skills"])
@pytest.mark.parametrize("hands", [1, 2, 3])
def test_random_play_keeps_invariants(E, players, variant, hands):
    for seed in range(25):
        s = play(E, seed, players, variant, hands, check=True)
        r = E.result(s)
        assert sorted(r.ranks) == list(range(1, players + 1))
        assert min(r.scores) >= 0


@pytest.mark.parametrize("players", [3, 5])
def test_heuristic_play_is_legal(E, players):
    pol = T.POLICIES["heuristic"]()
    assert pol.name == "heuristic"
    for seed in range(15):
        play(E, seed, players, "notes-skills" if seed % 2 else "standard", check=True, policy=pol)


def test_determinism_and_replay(E):
    a = play(E, 123, 5)
    b = play(E, 123, 5)
    assert E.state_hash(a) == E.state_hash(b) and E.result(a) == E.result(b)
    # JSON round trip replays to the same final state
    rng = random.Random(7)
    s = E.new_state(4)
    log = []
    while E.to_move(s) != TERMINAL:
        m = E.to_move(s)
        a = E.sample_chance(s, rng) if m == CHANCE else rng.choice(E.legal_actions(s))
        log.append(a.to_json())
        assert a.label()
        E.apply(s, a)
    r = E.new_state(4)
    for j in log:
        E.apply(r, E.action_from_json(j))
    assert E.state_hash(r) == E.state_hash(s)


def test_clone_is_independent(E):
    s = dealt(E)
    c = s.clone()
    assert E.state_hash(c) == E.state_hash(s)
    E.apply(c, E.legal_actions(c)[0])
    assert E.state_hash(c) != E.state_hash(s)
    E.check_invariants(s)


def test_questions_answer_with_figures(E):
    from pnp.sim.engine import GameRecord
    recs = []
    for i in range(60):
        n = 3 + i % 3
        hands = 2 + i % 2
        s = play(E, i, n, hands=hands)
        recs.append(GameRecord(index=i, seed=i, players=n, policies=("random",) * n,
                               variant="standard", options={"hands": hands}, result=E.result(s),
                               steps=0, rounds=hands, turns=0, score_history=()))
    found = E.questions(recs)
    assert len(found) >= 7 and all(f.answer_ja and f.figures for f in found)


# ---------------------------------------------------------------- a game of 2 hands; 黒幕 (issue 12)

def hand_2_deal(E, variant):
    """A 2-hand game at the deal of its (last) second hand; seat 0 kept bomb-2 from hand 1."""
    s = E.new_state(3, variant, {"hands": 2})
    s.det = [0, 1, 2]
    s.hand_no = 2
    s.kept = [[card(E, "bomb-2")], [], []]
    s.box = [c for c in range(E.facts.n_cards) if c != card(E, "bomb-2")]
    s.phase = T.P_DEAL; s.cur = CHANCE
    lay = ["hijack-5", "bomb-3", "hijack-4", "hijack-3", "hostage-4", "bio-3",
           "gunfight-5", "gunfight-3", "hostage-3", "assassination-4"]
    E.apply(s, T.Deal(tuple(card(E, c) for c in lay)))
    return s


def test_two_hand_game_plays_hand_2_like_hand_1_plus_skills(E):
    """Draft 「２ハンド目からは、各刑事のスキル効果が適用されます…それ以外は１ハンド目と変わりません」:
    the face-down top row and the look at the kept cards stand under 「■３ハンド目」 only.
    Rulebook: 「2ハンドで遊ぶときの2ハンド目は、スキルが加わるほかは1ハンド目と同じです」."""
    s = hand_2_deal(E, "standard")
    o0, o1 = E.observe(s, 0), E.observe(s, 1)
    assert o0.layout[8] == o0.layout[9] == -1 and all(c >= 0 for c in o0.layout[:8])
    assert not o1.final_hand and o1.kept == ((), (), ())        # kept cards are not shown
    s = hand_2_deal(E, "two-hands-final")
    o0 = E.observe(s, 0)
    assert [o0.layout[2 * c] for c in range(5)] == [card(E, "hijack-5"), -1, -1, -1, -1]
    assert E.observe(s, 1).kept == ((card(E, "bomb-2"),), (), ())


def last_incident_of_a_two_hand_game(E, variant, tie=False):
    """Hand 2 of 2, incident 5: seat 0 holds bomb-3 and bomb-4 and kept bomb-2 (3 bombs: 活躍者 in
    the third hand's rules) and takes bomb-5 now."""
    s = position(E, ["scotch", "hibachi", "lloyd"], [(6, 5), (4, 3), (0, 0)], inc=4, hand_no=2, hands=2,
                 variant=variant,
                 layout=["hijack-2", "hijack-3", "hostage-2", "hostage-3", "bio-2", "bio-4",
                         "bio-3", "gunfight-3", "bomb-5", "gunfight-4"])
    for slot in range(8):
        s.layout[slot] = -1
    s.won[0] = [card(E, "bomb-3"), card(E, "bomb-4")]
    s.kept[0] = [card(E, "bomb-2")]
    gone = {card(E, c) for c in ("bomb-3", "bomb-4", "bomb-2", "bomb-5", "gunfight-4")}
    s.box = [c for c in range(E.facts.n_cards) if c not in gone]
    s.vp = [20, 23, 3] if not tie else [20, 21, 3]
    s.order = [1, 0, 2]; s.pos = [1, 0, 2]             # play order of hand 2: seat 1, seat 0, seat 2
    start_incident(E.facts, s)
    E.check_invariants(s)
    no_challenges(E, s)
    assert E.to_move(s) == TERMINAL
    return s


def test_two_hand_game_ends_without_the_third_hands_bonuses(E):
    """Draft 「このハンドで終了の場合は、この時点で最も多くのＶＰを獲得したプレイヤーがゲームに勝利
    します。複数いたら、親から時計回りで近い方が優先されます」 with 「１ハンド目の「親から時計回りで
    近い」は「最もプレイ順番が早い」となります」; 活躍者・黒幕 are 「３ハンド目」's.
    Rulebook: 「2ハンドで遊んだときも、活躍者・黒幕のボーナスはありません」."""
    s = last_incident_of_a_two_hand_game(E, "standard")
    assert s.vp == [25, 27, 3] and E.result(s).ranks == (2, 1, 3)
    s = last_incident_of_a_two_hand_game(E, "two-hands-final")
    # 活躍者 3 (bomb 2, 3, 4, 5) + 黒幕 1: the bonus moves the win from seat 1 to seat 0
    assert s.vp == [29, 27, 3] and E.result(s).ranks == (1, 2, 3)


def test_two_hand_game_tie_goes_to_the_earliest_in_play_order(E):
    """The same end rule: a tie after hand 2 goes to 「最もプレイ順番が早い」 (seat 1 here); under
    the third hand's rule (variant two-hands-final) to the latest."""
    s = last_incident_of_a_two_hand_game(E, "standard", tie=True)
    assert s.vp == [25, 25, 3] and E.result(s).ranks == (2, 1, 3)
    r = E.result(s)
    assert r.extra["tie_for_first"]


def final_hand_mastermind(E, variant):
    """Hand 3 of 3, incident 5: seat 0 takes bomb-5; its only other bomb is the kept bomb-2."""
    s = position(E, ["scotch", "hibachi", "lloyd"], [(6, 5), (4, 3), (0, 0)], inc=4, hand_no=3, hands=3,
                 variant=variant,
                 layout=["hijack-2", "hijack-3", "hostage-2", "hostage-3", "bio-2", "bio-4",
                         "bio-3", "gunfight-3", "bomb-5", "gunfight-4"])
    for slot in range(8):
        s.layout[slot] = -1
    s.won[0] = [card(E, "hijack-4")]
    s.kept[0] = [card(E, "bomb-2")]
    gone = {card(E, c) for c in ("hijack-4", "bomb-2", "bomb-5", "gunfight-4")}
    s.box = [c for c in range(E.facts.n_cards) if c not in gone]
    s.vp = [20, 20, 3]
    start_incident(E.facts, s)
    no_challenges(E, s)
    assert E.to_move(s) == TERMINAL
    return s


def test_mastermind_counts_cards_won_in_the_final_hand_only(E):
    """Draft 〇黒幕 「５の事件カードを獲得していて、かつそれと同じスートの事件カードを１枚以上獲得して
    いれば」 — only 〇活躍者 adds 「ハンド開始時に手元に持っていたものも含む」.
    Rulebook (ruling bonus-cards): 「黒幕で数えるのは、3ハンド目で獲得したカードだけです」."""
    s = final_hand_mastermind(E, "standard")
    assert s.vp[0] == 20 + 5 and E.bonuses(s, 0) == (0, 0)
    s = final_hand_mastermind(E, "mastermind-kept")
    assert s.vp[0] == 20 + 5 + 1 and E.bonuses(s, 0) == (0, 1)


def test_active_counts_the_kept_cards(E):
    """〇活躍者 「同じスートの事件カードを３枚以上獲得していた（ハンド開始時に手元に持っていたものも
    含む）場合、１スートにつき３ＶＰ」: two kept bombs and one won make 3."""
    s = final_hand_mastermind(E, "standard")
    s.kept[0] = [card(E, "bomb-2"), card(E, "bomb-3")]
    assert E.bonuses(s, 0) == (3, 0)
