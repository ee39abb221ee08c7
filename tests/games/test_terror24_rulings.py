"""24 −共鳴するテロル−: every rules question for the designer, both readings played — the one pnp prints (the
ruling's sentence, quoted) and the option's variant (its text, quoted) — and the two the engine cannot tell
apart, labelled as such by `pnp questions`."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import terror24 as T
from pnp.sim.engine import CHANCE, TERMINAL

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game():
    return Project(ROOT).load_game("terror24")


@pytest.fixture(scope="module")
def E(game):
    return T.make_engine(game)


def ruling(game, rid: str):
    return next(r for r in game.rulings if r.id == rid)


def option(game, rid: str, oid: str):
    return ruling(game, rid).entry.asked.option(oid)


def card(E, cid: str) -> int:
    return E.card_ids.index(cid)


def at(E, variant: str, setup: dict, players: int = 3, hands: int = 3):
    return E.example_state(players, setup, variant, {"hands": hands})


def pass_all(E, s):
    """Nobody challenges the current incident."""
    inc, hand = s.inc, s.hand_no
    while s.phase == T.P_CHAL and s.inc == inc and s.hand_no == hand:
        E.apply(s, T.CHALLENGES[0])


def roll(E, s, dice: int, green: int, red: int) -> None:
    E.apply(s, T.CHALLENGES[dice])
    assert E.to_move(s) == CHANCE
    E.apply(s, T.ROLLS[green][red])


def deal_hand(E, variant: str, players: int = 3, hand_no: int = 1, kept=None, dets=None, seed: int = 1):
    """Detectives chosen, then the 事件カード of hand ``hand_no`` dealt (the kept cards aside)."""
    s = E.new_state(players, variant, {"hands": 3})
    for d in dets or E.facts.det_ids[:players]:
        E.apply(s, next(a for a in E.legal_actions(s) if a.detective == d))
    s.hand_no = hand_no
    if kept:
        s.kept = [[card(E, c) for c in k] for k in kept]
        s.box = [c for c in range(E.facts.n_cards) if not any(c in k for k in s.kept)]
    E.apply(s, E.sample_chance(s, random.Random(seed)))
    E.check_invariants(s)
    return s


def play_until(E, s, rng, stop):
    while E.to_move(s) != TERMINAL and not stop(s):
        m = E.to_move(s)
        E.apply(s, E.sample_chance(s, rng) if m == CHANCE else rng.choice(E.legal_actions(s)))
    return s


# ---------------------------------------------------------------- hidden-column

def test_hidden_column_the_last_or_the_fourth(game, E):
    """Ruling hidden-column: 「1ハンド目・2ハンド目の配置フェイズで裏向きに置くのは、最後の列（5列目＝事件番号5）の
    2枚です。」 Option fourth: 「左から4列目」 (variant hidden-fourth)."""
    assert "最後の列（5列目＝事件番号5）の2枚" in ruling(game, "hidden-column").text
    assert option(game, "hidden-column", "fourth").variant == "hidden-fourth"
    lay = E.observe(deal_hand(E, "standard"), 0).layout
    assert lay[8] == lay[9] == -1 and all(c >= 0 for c in lay[:8])
    lay = E.observe(deal_hand(E, "hidden-fourth"), 0).layout
    assert lay[6] == lay[7] == -1 and all(c >= 0 for c in lay[:6] + lay[8:])


# ---------------------------------------------------------------- deck-rebuild

@pytest.mark.parametrize("variant", ["standard", "rest-only"])
def test_the_next_hands_pile(game, E, variant):
    """Ruling deck-rebuild: 「手元に残している事件カードを除くすべての事件カード（箱に戻したもの、捨て札、誰も獲得
    しなかったもの）をよく切って山にし」. Option rest-only: 「箱に戻したカード（山の残り）だけから並べ、3ハンド目に
    だけ捨て札を混ぜる」."""
    assert "手元に残している事件カードを除くすべての事件カード" in ruling(game, "deck-rebuild").text
    rng = random.Random(5)
    s = E.new_state(3, variant, {"hands": 3})
    play_until(E, s, rng, lambda s: s.phase == T.P_DEAL and s.det[-1] >= 0)
    first = set(range(E.facts.n_cards))
    assert set(s.box) == first
    E.apply(s, E.sample_chance(s, rng))
    hand1 = set(s.layout)
    play_until(E, s, rng, lambda s: s.phase == T.P_DEAL and s.hand_no == 2)
    kept = {c for k in s.kept for c in k}
    assert kept
    assert set(s.box) == (first - kept if variant == "standard" else first - hand1)
    play_until(E, s, rng, lambda s: s.phase == T.P_DEAL and s.hand_no == 3)
    assert set(s.box) == first - {c for k in s.kept for c in k}          # 「山の残りと捨て札をよくシャッフル」


# ---------------------------------------------------------------- both-dice

@pytest.mark.parametrize("variant,power,dead", [("standard", 2, True), ("both-must", 0, True)])
def test_both_dice_each_or_both_must(game, E, variant, power, dead):
    """Ruling both-dice: 「緑と赤を両方振った場合は、ダイスを1個ずつ別々に判定します。成功したダイスのボーナスは
    すべて加え、失敗したダイスのペナルティもすべて受けます」. Option both-must: 「2個とも成功したときだけボーナスを
    受け、1個でも失敗すればそのダイスのペナルティを受ける」. Incident 1, green 8 (大成功 +2), red 1 (失敗: 殉職)."""
    assert "1個ずつ別々に判定します" in ruling(game, "both-dice").text
    s = at(E, variant, {"incident": 1, "cards": {"A": [0, 0], "B": [4, 5], "C": [5, 6]}})
    assert s.cur == 0
    roll(E, s, 3, 8, 1)
    assert s.power[0] == power and (not s.alive[0]) == dead


# ---------------------------------------------------------------- great-success

@pytest.mark.parametrize("variant,bonus", [("standard", 1), ("great-modified", 2)])
def test_great_success_natural_or_after_the_skill(game, E, variant, bonus):
    """Ruling great-success: 「大成功は、出目そのものが8のときだけです。」 Option modified: 「+1して8になれば大成功」.
    ヒバチ (「チャレンジで振ったダイスの目に+1」) rolls a green 7 in hand 2."""
    assert "出目そのものが8のときだけ" in ruling(game, "great-success").text
    s = at(E, variant, {"hand": 2, "incident": 1, "detectives": ["hibachi", "wolf", "scotch"],
                        "cards": {"A": [0, 0], "B": [4, 5], "C": [5, 6]}})
    assert s.cur == 0
    roll(E, s, 1, 7, 0)
    assert s.power[0] == bonus


# ---------------------------------------------------------------- no-second

@pytest.mark.parametrize("variant,takes", [("standard", ["bomb-5"]), ("first-takes", ["bomb-5", "hijack-4"])])
def test_nobody_can_be_second(game, E, variant, takes):
    """Ruling no-second: 「2位になれるプレイヤーがいない場合…2位の事件カードは誰も獲得せず、ハンドの終わりに
    捨て札にします。」 Option first-takes: 「1位のプレイヤーが2位のカードも獲得する」."""
    assert "2位の事件カードは誰も獲得せず" in ruling(game, "no-second").text
    s = at(E, variant, {"incident": 5, "dead": ["B", "C"], "cards": {"A": [3, 3]},
                        "incidents": {5: ["bomb-5", "hijack-4"]}}, hands=1)
    pass_all(E, s)
    assert E.is_terminal(s) and [E.card_ids[c] for c in s.won[0]] == takes
    assert s.vp[0] == sum(int(c[-1]) for c in takes)


# ---------------------------------------------------------------- keep-this-hand

@pytest.mark.parametrize("variant,kept", [("standard", ["bio-3", "bomb-2"]), ("keep-replace", ["bio-3"])])
def test_the_card_kept_from_before(game, E, variant, kept):
    """Ruling keep-this-hand: 「前のハンドから残しているカードは、そのまま手元に置いておきます」. Option replace:
    「前のカードは捨て札にして、今回のカードだけを残す」 (variant keep-replace; it had no variant before)."""
    assert "そのまま手元に置いておきます" in ruling(game, "keep-this-hand").text
    assert option(game, "keep-this-hand", "replace").variant == "keep-replace"
    s = at(E, variant, {"hand": 2, "incident": 5, "kept": {"A": ["bomb-2"]}, "won": {"A": ["bio-3"]},
                        "cards": {"A": [0, 0], "B": [4, 5], "C": [5, 6]}, "vp": {"A": 3}})
    pass_all(E, s)
    assert sorted(E.card_ids[c] for c in s.kept[0]) == kept
    assert s.phase == T.P_DEAL and (card(E, "bomb-2") in s.box) == (variant == "keep-replace")   # back in the pile


# ---------------------------------------------------------------- play-order-ties

@pytest.mark.parametrize("variant,order", [("standard", [1, 0, 2, 3]), ("earlier-first", [0, 1, 2, 3])])
def test_play_order_cards_on_equal_vp(game, E, variant, order):
    """Ruling play-order-ties: 「VPが同じなら、そのハンドのプレイ順…の遅いプレイヤーが先に受け取ります。」 Option
    earlier-first: 「そのハンドのプレイ順の早いプレイヤーが先」. A and B end hand 1 on 10 VP."""
    assert "遅いプレイヤーが先に受け取ります" in ruling(game, "play-order-ties").text
    s = at(E, variant, {"incident": 5, "vp": {"A": 10, "B": 10, "C": 20, "D": 30},
                        "cards": {"A": [0, 0], "B": [0, 3], "C": [5, 6], "D": [6, 4]}}, players=4)
    pass_all(E, s)
    while s.phase == T.P_KEEP:
        E.apply(s, E.legal_actions(s)[0])
    assert s.vp[:2] == [10, 10] and s.order == order


# ---------------------------------------------------------------- scotch-clash

@pytest.mark.parametrize("variant,first,second", [("standard", 0, 2), ("scotch-others-keep", 1, 0)])
def test_scotch_in_a_clash(game, E, variant, first, second):
    """Ruling scotch-clash: 「スコッチのヒーロータイムだけが効果を保ち、スコッチが1位になります。ほかのヒーロータイムは
    0として数えます。」 Option others-keep: 「ほかのヒーロータイムも効果を失わず、捜査力などで1位を決める」.
    Hand 2: スコッチ HT+1, ウルフ HT+6, ヒバチ 5+6."""
    assert "スコッチのヒーロータイムだけが効果を保ち" in ruling(game, "scotch-clash").text
    s = at(E, variant, {"hand": 2, "incident": 1, "detectives": ["scotch", "wolf", "hibachi"],
                        "cards": {"A": ["HT", 1], "B": ["HT", 6], "C": [5, 6]}})
    pass_all(E, s)
    assert s.last_rank is not None and s.last_rank[1][:2] == (first, second)


# ---------------------------------------------------------------- dokaben-red

@pytest.mark.parametrize("variant,alive,injuries", [("standard", False, 0), ("dokaben-red-injury", True, 1)])
def test_dokaben_fails_red(game, E, variant, alive, injuries):
    """Ruling dokaben-red: 「ドカベンも、赤で失敗すると殉職します。」 Option injured: 「負傷として数える」."""
    assert "赤で失敗すると殉職します" in ruling(game, "dokaben-red").text
    s = at(E, variant, {"hand": 2, "incident": 3, "detectives": ["dokaben", "wolf", "scotch"],
                        "cards": {"A": [0, 0], "B": [4, 5], "C": [5, 6]}})
    assert s.cur == 0
    roll(E, s, 2, 0, 2)
    assert s.alive[0] == alive and s.inj[0] == injuries


# ---------------------------------------------------------------- lloyd-peek

def test_lloyd_sees_all_or_one(game, E):
    """Ruling lloyd-peek: 「配置フェイズで裏向きに置かれた事件カードを、1枚目を置く前にすべて見てかまいません。」
    Option one-before: 「裏向きのカードのうち1枚だけを、1枚目を置く前に見てよい」 (variant lloyd-one: he chooses
    which before anyone places, and sees that one only)."""
    assert "すべて見てかまいません" in ruling(game, "lloyd-peek").text
    dets = ["lloyd", "wolf", "scotch"]
    s = deal_hand(E, "standard", hand_no=2, dets=dets)
    assert s.phase == T.P_PLACE and -1 not in E.observe(s, 0).layout and E.observe(s, 1).layout[8] == -1
    s = deal_hand(E, "lloyd-one", hand_no=2, dets=dets)
    assert s.phase == T.P_PEEK and s.cur == 0 and E.legal_actions(s) == [T.PEEKS[8], T.PEEKS[9]]
    assert E.observe(s, 0).layout[8] == -1
    E.apply(s, T.PEEKS[9])
    lay = E.observe(s, 0).layout
    assert s.phase == T.P_PLACE and s.cur == 0 and lay[8] == -1 and lay[9] == s.layout[9]
    assert E.observe(s, 1).layout[9] == -1                                # his look is his alone
    assert E.action_from_json(T.PEEKS[9].to_json()) == T.PEEKS[9]
    s = deal_hand(E, "lloyd-one", hand_no=1, dets=dets)
    assert s.phase == T.P_PLACE                                           # skills from hand 2 only


# ---------------------------------------------------------------- final-peek-secret

def test_the_third_hands_peek_is_secret_or_shown(game, E):
    """Ruling final-peek-secret: 「3ハンド目に裏向きのカードを確認するときは、確認する人だけが見ます。」 Option open:
    「確認したカードを、ほかのプレイヤーにも見せる」 (variant open-peek).  The rulebook no longer says 「こっそり」:
    the draft says only 「裏向きの中を確認することができます」."""
    assert "確認する人だけが見ます" in ruling(game, "final-peek-secret").text
    assert ruling(game, "final-peek-secret").provisional
    text = (ROOT / "components/terror24/rulebook/07-later-hands.md").read_text(encoding="utf-8")
    assert "こっそり" not in text and "{{ruling:final-peek-secret}}" in text
    for variant in ("standard", "open-peek"):
        s = deal_hand(E, variant, hand_no=3, kept=[["bomb-2"], [], []], dets=["wolf", "scotch", "hibachi"], seed=3)
        bombs = [col for col in range(5) if E.facts.card_suit[s.layout[2 * col + 1]] == E.facts.card_suit[card(E, "bomb-2")]]
        for seed in range(4, 60):
            if bombs:
                break
            s = deal_hand(E, variant, hand_no=3, kept=[["bomb-2"], [], []], dets=["wolf", "scotch", "hibachi"],
                          seed=seed)
            bombs = [col for col in range(5) if E.facts.card_suit[s.layout[2 * col + 1]] == E.facts.card_suit[card(E, "bomb-2")]]
        col = bombs[0]
        assert E.observe(s, 0).layout[2 * col] == s.layout[2 * col]        # the keeper sees it
        seen_by_others = E.observe(s, 1).layout[2 * col] == s.layout[2 * col]
        assert seen_by_others == (variant == "open-peek")


# ---------------------------------------------------------------- the two the engine cannot compare

@pytest.mark.parametrize("rid,oid", [("hero-number", "clash-only"), ("keep-secret", "nobody")])
def test_options_the_engine_cannot_play_say_why(game, rid, oid):
    """hero-number: a lone ヒーロータイム is 1位 whatever it counts, and 0 added or nothing added makes the same
    捜査力; keep-secret: the engine's players never forget the card they chose.  The question says so."""
    q = ruling(game, rid).entry.asked
    assert q.option(oid).variant is None and q.option(q.chosen).variant == "standard"
    assert "試遊プログラムでは2つの読み方を比べられません" in q.why


def test_every_other_rules_option_names_a_variant_the_engine_plays(game, E):
    """Every option of a rules question either names a variant of the engine (or its options) or belongs to one
    of the two questions whose readings the engine cannot tell apart."""
    variants = {v.id for v in E.variants}
    unplayable = []
    for r in game.rulings:
        q = r.entry.question
        if q is None or q.topic != "rules":
            continue
        for o in q.options:
            if o.variant is None and not o.options:
                unplayable.append((r.id, o.id))
            else:
                assert (o.variant or "standard") in variants, (r.id, o.id)
    assert unplayable == [("hero-number", "clash-only"), ("keep-secret", "nobody")]


@pytest.mark.parametrize("variant", ["lloyd-one", "open-peek", "hidden-fourth", "rest-only", "keep-replace"])
def test_the_search_players_redeal_keeps_what_each_seat_sees(E, variant):
    """The variants that change what a seat sees (ロイド's one look, the peeks shown to all, the 4th column face
    down, the piles, the kept cards): a redeal of what a seat cannot see leaves its observation as it was."""
    rng = random.Random(3)
    checked = 0
    for seed in range(12):
        s = E.new_state(3 + seed % 3, variant, {"hands": 3})
        game_rng = random.Random(seed)
        while E.to_move(s) != TERMINAL:
            m = E.to_move(s)
            if m != CHANCE and game_rng.random() < 0.15:
                other = E.determinize(E.information_set(s, m), m, rng)
                seen, seen_there = E.observe(s, m), E.observe(other, m)
                for name in T.Observation.__slots__:
                    assert getattr(seen_there, name) == getattr(seen, name), (variant, name)
                assert E.legal_actions(other) == E.legal_actions(s)
                E.check_invariants(other)
                checked += 1
            E.apply(s, E.sample_chance(s, game_rng) if m == CHANCE else game_rng.choice(E.legal_actions(s)))
    assert checked > 100
