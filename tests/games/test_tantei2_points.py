"""探偵無宿２: scenario tests for the rules points pnp's own cards left open — each quotes the sentence it checks
(the draft, a card, a ruling, the rulebook) and plays the other reading as its variant beside it."""
from __future__ import annotations

import copy
import random

from test_tantei2 import E, act, ev, game, pid, position  # noqa: F401 (fixtures)
from test_tantei2_examples import _example, examples  # noqa: F401 (fixtures)

from pnp.games import tantei2 as T
from pnp.games.tantei2 import tasks
from pnp.sim.examples import check_example


def _rest(E, s):  # noqa: F811
    """The player to move rests with the lowest card of its hand (discarding it)."""
    act(E, s, T.Kind.REST, min(s.hands[s.cur]), 0)


# ------------------------------------------------------------------ 1. the 告命灯 under 惨劇の夜 (lamp-at-draw)

def test_a_lamp_removed_after_the_tragedy_was_drawn_on_it_still_costs_a_life(E):  # noqa: F811
    """Draft: 「告命灯の配置されたスペースで「惨劇の夜」が引かれた場合、枚数に関わらず必ず犠牲者が発生します」; the
    惨劇の夜 card: 「告命灯のある場所で引かれたら、同数の人物がいても必ず犠牲者が出る。」 — 供養 (61) takes the
    lamp away afterwards; the three persons are tied, and the last of them, 勿忘草, dies.  Variant
    lamp-at-round-end (pnp's earlier engine): the lamps left at the round end decide, and nobody dies."""
    setup = {"line": ["shizue", "toru", "wasurenagusa", "tragedy"], "lamps": 1, "hands": [["e61", "e50"], [], []]}
    for variant, victims in (("standard", ["勿忘草"]), (T.V_LAMP_AT_END, [])):
        s = E.example_state(3, setup, variant)
        assert s.tragedy_lit
        act(E, s, T.Kind.FLASH, ev(61))
        assert s.lamps == 0
        act(E, s, T.Kind.REST, ev(50), 0)
        assert E.example_facts(s)["dead"] == victims


def test_a_lamp_added_after_the_tragedy_was_drawn_does_not_count(E):  # noqa: F811
    """Ruling lamp-at-draw: 「引いたときに告命灯がなければ、後で告命灯が増えても、この決め方にはなりません」 —
    燭台の煤 (63) adds a second lamp on space 5, where 惨劇の夜 already lies: the tie stands, nobody dies.
    Variant lamp-at-round-end: the new lamp counts and the last of the tied dies."""
    setup = {"line": ["shizue", "toru", "seiji", "soichiro", "tragedy"], "lamps": 1,
             "hands": [["e63", "e50"], [], []]}
    for variant, dead in (("standard", []), (T.V_LAMP_AT_END, ["椚 宗一郎"])):
        s = E.example_state(3, setup, variant)
        assert not s.tragedy_lit
        act(E, s, T.Kind.INV, ev(63))               # 捜査: the turn ends, the round ends
        assert E.example_facts(s)["dead"] == dead


def test_the_rulebook_example_of_the_removed_lamp_fails_under_the_other_reading(E, examples):  # noqa: F811
    """The worked example 「犠牲者の選定：引いた後で告命灯が取り除かれたとき」 holds under the rules and is wrong
    under variant lamp-at-round-end (the checker says so at its file and line)."""
    file, line, script = next((f, ln, sc) for f, ln, sc in examples if "e61" in str(sc.get("setup")))
    assert check_example(E, script, file, line) == []
    other = copy.deepcopy(script)
    other["variant"] = T.V_LAMP_AT_END
    problems = check_example(E, other, file, line)
    assert [p.field for p in problems] == ["expect.dead"]


def test_the_transcript_says_where_the_tragedy_was_drawn(E):  # noqa: F811
    """pnp play: 「…「惨劇の夜」を引きました（【捜査線】の4枚目、告命灯のある場所）」, and at the round end the
    victim 「「惨劇の夜」が告命灯のある場所で引かれたため」 even though the lamp has gone."""
    s = E.example_state(3, {"line": ["shizue", "toru", "wasurenagusa", "tragedy"], "lamps": 1,
                            "hands": [["e61", "e50"], [], []]})
    act(E, s, T.Kind.FLASH, ev(61))
    b = s.clone()
    a = act(E, s, T.Kind.REST, ev(50), 0)
    lines = E.narrate(b, a, s)
    assert any("勿忘草が犠牲者になりました" in x and "告命灯のある場所で引かれたため" in x for x in lines), lines


def test_the_transcript_of_the_other_reading_names_the_lamp_at_the_round_end(E):  # noqa: F811
    """Variant lamp-at-round-end: the lamp 燭台の煤 added after the draw is what kills, and pnp play says so."""
    s = E.example_state(3, {"line": ["shizue", "toru", "seiji", "soichiro", "tragedy"], "lamps": 1,
                            "hands": [["e63", "e50"], [], []]}, T.V_LAMP_AT_END)
    b = s.clone()
    a = act(E, s, T.Kind.INV, ev(63))
    assert any("椚 宗一郎が犠牲者になりました" in x and "ラウンド終了時に「惨劇の夜」の場所に告命灯があったため" in x
               for x in E.narrate(b, a, s))


# ------------------------------------------------------------------ 2. when face-down cards are checked (auto-flip)

def _face_down(s, *serials):
    for e in serials:
        s.ev_deck.remove(ev(e))
        s.down[0].append(ev(e))


def test_a_card_played_by_investigation_turns_a_face_down_card_face_up_before_the_turn_ends(E):  # noqa: F811
    """Rulebook: 「裏向きのカードを確かめるのは、…カードを出した後です。カードを出した後とは、［閃き］のカードでも、
    捜査で出したカードでも、その効果を適用し終えた後のことです。捜査の後に条件を満たしたカードも、手番が終わる前に
    表にします」 (draft: 「以降の手番時にコスト…が満たされていれば自動的に表向きになります」).  書斎の灰 (36,
    「常時：あなたは常に赤のコスト1を持つ。」) makes the second red that the face-down 奥様の涙 (24, 赤赤) needs.
    Variant flip-before-action: it stays face down until the seat's next turn."""
    for variant, up, down in (("standard", [36, 24], []), (T.V_FLIP_BEFORE, [36], [24])):
        s = position(E, line=("shizue", "seiji", "toru"), hand=(36,), variant=variant)
        _face_down(s, 24)
        act(E, s, T.Kind.INV, ev(36))
        assert s.cur == 1                                   # the turn is over
        assert [E.facts.ev_serial[e] for e in s.up[0]] == up
        assert [E.facts.ev_serial[e] for e in s.down[0]] == down
        assert s.vp[0] == sum(E.facts.ev_vp[ev(e)] for e in up)


def test_a_card_placed_face_down_this_turn_waits_even_after_an_investigation(E):  # noqa: F811
    """「置いた手番より後の自分の手番中に」: 噂の出どころ (62) places 奥様の涙 face down; the 赤 of the 【捜査線】 is
    there twice, but the card waits for a later turn."""
    s = position(E, line=("shizue", "shizue", "sanae"), hand=(62, 24))
    act(E, s, T.Kind.INV, ev(62))
    assert s.phase == T.Phase.DOWN
    E.apply(s, E.A_DOWN[ev(24)])
    assert s.down[0] == [ev(24)] and s.cur == 1


# ------------------------------------------------------------------ 3. 割れた懐中時計 at the round start (tragedy-draw)

def _round_start_with_tragedy(E, variant):  # noqa: F811
    """Round 2 starts with 惨劇の夜 among the three cards; seat 2 has 割れた懐中時計 (16) face up."""
    s = position(E, line=(), variant=variant)
    f = E.facts
    s.ev_deck.remove(ev(16))
    s.up[2].append(ev(16))
    s.vp[2] = 3
    s.inv.remove(f.tragedy)
    s.inv.insert(len(s.inv) - 1, f.tragedy)              # the second of the three cards drawn
    s.round, s.start = 2, 1
    s.phase, s.stack = T.Phase.CHANCE, [(T.Task.ROUND_START,)]
    b = s.clone()
    tasks.run(E.facts, s)
    return b, s


def test_the_tragedy_among_the_round_start_cards_is_drawn_for_the_pocket_watch(E):  # noqa: F811
    """16 割れた懐中時計 「常時：「惨劇の夜」が引かれるたび、あなたは1枚引く。」 and the draft's round start
    「捜査デッキから３枚引いて表向きに配置し…「惨劇の夜」が含まれていた場合…」: 惨劇の夜 is drawn, so its holder
    draws (ruling tragedy-draw).  Variant tragedy-draw-turns-only (pnp's earlier engine): no draw."""
    for variant, drawn in (("standard", 1), (T.V_TDRAW_TURNS, 0)):
        b, s = _round_start_with_tragedy(E, variant)
        assert E.facts.tragedy in s.inv and len(s.line) == 3 and sum(s.linecnt) == 3
        assert len(s.hands[2]) == drawn
        assert s.st_draws == ([(2, ev(16), 1)] if drawn else [])
        assert s.phase == T.Phase.CHANCE and s.chance == T.Deck.INVESTIGATION      # then the 捜査デッキ is shuffled


def test_the_transcript_tells_the_round_start_tragedy_and_the_draw(E):  # noqa: F811
    b, s = _round_start_with_tragedy(E, "standard")
    lines = E.narrate(b, None, s)
    assert "ラウンド開始の3枚に「惨劇の夜」が出たので、もう1枚を【捜査線】に加え、「惨劇の夜」を捜査デッキに戻して切ります。" \
        in lines
    assert "プレイヤー3が割れた懐中時計（16）の効果で1枚引きました。" in lines


def test_the_pocket_watch_draws_twice_when_the_tragedy_comes_twice_in_a_round(E):  # noqa: F811
    """Ruling tragedy-draw: 「同じラウンドに惨劇の夜が2回引かれたら、2回とも引きます」."""
    _, s = _round_start_with_tragedy(E, "standard")
    rng = random.Random(3)
    while not s.tragedy_pos:
        m = E.to_move(s)
        E.apply(s, E.sample_chance(s, rng) if m == T.CHANCE else
                next((a for a in E.legal_actions(s) if a.kind in (T.Kind.REST, T.Kind.REST_EMPTY, T.Kind.OUT, T.Kind.DISC,
                                                                  T.Kind.DOWN_SKIP, T.Kind.FLIP)), None)
                or E.legal_actions(s)[0])
    assert [x for x in s.st_draws if x[1] == ev(16)] == [(2, ev(16), 1)] * 2


# ------------------------------------------------------------------ 4. the order of the draws at a death

def test_draws_at_a_death_go_from_the_start_player_clockwise(E):  # noqa: F811
    """Rulebook: 「人物が死亡したときに何人かが引くなら、スタートプレイヤーから時計回りに1人ずつ引きます」.  4 players,
    skills on: seat 4 is 大迫 源蔵 (「ラウンド終了時に人物が死亡したら、1枚引く。」); 消えた相続人 (12, 「常時：人物が
    死亡するたび、あなたは1枚引く。」) lies with seat 1, 遺品の櫛 (33, the same) with seat 3.  Seat 2 is the start
    player and rests: after its own two cards, seat 3, seat 4 and seat 1 draw the next cards of the イベントの山, in
    that order (pnp's earlier engine drew the skill first, then from the highest seat down)."""
    s = E.example_state(4, {"line": ["seiji", "seiji", "toru", "tragedy"], "dead": ["shizue"], "start": 1,
                            "up": [["e12"], [], ["e33"], []], "hands": [[], ["e50"], [], []]}, "standard",
                        {"skills": True})
    top = s.ev_deck[::-1][:5]        # the イベントの山 from the top
    act(E, s, T.Kind.REST, ev(50), 0)
    assert s.dead[pid(E, "seiji")]
    assert s.st_draws == [(2, ev(33), 1), (3, -1 - 3, 1), (0, ev(12), 1)]
    assert s.hands[1][:2] == top[:2] and s.hands[2] == [top[2]] and s.hands[3] == [top[3]] and s.hands[0] == [top[4]]


def test_the_transcript_names_each_draw_in_order(E):  # noqa: F811
    s = E.example_state(4, {"line": ["seiji", "seiji", "toru", "tragedy"], "dead": ["shizue"], "start": 1,
                            "up": [["e12"], [], ["e33"], []], "hands": [[], ["e50"], [], []]}, "standard",
                        {"skills": True})
    b = s.clone()
    a = act(E, s, T.Kind.REST, ev(50), 0)
    lines = E.narrate(b, a, s)
    draws = [x for x in lines if x.endswith("枚引きました。")]
    assert draws == ["プレイヤー3が遺品の櫛（33）の効果で1枚引きました。",
                     "プレイヤー4が「私」（大迫 源蔵）のスキルで1枚引きました。",
                     "プレイヤー1が消えた相続人（12）の効果で1枚引きました。"]
    assert lines.index(draws[0]) > next(i for i, x in enumerate(lines) if "犠牲者になりました" in x)


# ------------------------------------------------------------------ 5. 配置時 effects of a card turned face up

def test_a_face_down_card_turning_face_up_applies_its_placement_effect(E):  # noqa: F811
    """Ruling flip-placement-effect: 「裏向きのカードが表向きになったとき…配置のカードに配置時の効果があれば、それも
    適用します」 — 夜半の足音 (14, 赤緑橙, 「配置時：告命灯を1個【捜査線】に加える（最大7個）。あなたは1枚引く。」)
    turns face up after the person's action.  Variant flip-without-placement-effect: VP only."""
    for variant, lamps, hand in (("standard", 3, 1), (T.V_FLIP_NO_EFFECT, 2, 0)):
        s = E.example_state(3, {"line": ["shizue", "toru", "sanae"], "lamps": 2, "down": [["e14"], [], []]},
                            variant)
        assert s.up[0] == [ev(14)] and s.vp[0] == 3
        assert s.lamps == lamps and len(s.hands[0]) == hand


def test_a_card_turned_face_up_by_an_effect_applies_its_placement_effect_too(E):  # noqa: F811
    """「蔵の鍵束」や「執事の合図」などの効果で表にしたときも: 執事の合図 (54) turns 薬棚の空き瓶 (21, 死亡条件
    椚 宗一郎, 「配置時：あなたは2枚引く。」) face up ignoring its conditions; the two cards are drawn (not in
    variant flip-without-placement-effect)."""
    for variant, drawn in (("standard", 2), (T.V_FLIP_NO_EFFECT, 0)):
        s = E.example_state(3, {"line": ["sagisawa", "sanae", "toru"], "hands": [["e54"], [], []],
                                "down": [["e21"], [], []]}, variant)
        act(E, s, T.Kind.INV, ev(54))
        assert s.phase == T.Phase.FLIP
        E.apply(s, E.A_FLIP[ev(21)])
        assert s.up[0] == [ev(21)] and len(s.hands[0]) == drawn
