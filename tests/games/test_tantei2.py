"""探偵無宿２: scenario tests from the rules' sentences, a random-play fuzzer with invariants, determinism."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.games import tantei2 as T
from pnp.games.tantei2 import costs, rounds, tasks
from pnp.sim.engine import CHANCE, TERMINAL, IllegalAction

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game():
    return Project(ROOT).load_game("tantei2")


@pytest.fixture(scope="module")
def E(game):
    return make_engine(game)


def pid(E, person: str) -> int:
    return E.facts.person_ids.index(person)


def ev(serial: int) -> int:
    return serial - 1


def drive(E, s, rng, policies=None, check=False, limit=100_000):
    steps = 0
    while True:
        if check:
            E.check_invariants(s)
        m = E.to_move(s)
        if m == TERMINAL:
            return steps
        if m == CHANCE:
            a = E.sample_chance(s, rng)
        else:
            legal = E.legal_actions(s)
            assert legal == sorted(legal)
            if policies:
                a = policies[m].choose(E.observe(s, m), legal, rng)
                assert a in legal
            else:
                a = rng.choice(legal)
        E.apply(s, a)
        steps += 1
        assert steps < limit


def position(E, players=3, line=(), hand=(), seat=0, others=(), variant="standard"):
    """A main-phase position for ``seat``: the named persons on the 捜査線 (in order), ``hand`` (serials)
    in its hand; every other card where the set-up put it.  The 捜査デッキ top is 惨劇の夜."""
    s = E.new_state(players, variant)
    f = E.facts
    s.stack = []
    s.chance = 0
    for e in hand:
        s.ev_deck.remove(ev(e))
        s.hands[seat].append(ev(e))
    for i, row in enumerate(others):
        for e in row:
            s.ev_deck.remove(ev(e))
            s.hands[(seat + 1 + i) % players].append(ev(e))
    for person in line:
        p = pid(E, person)
        zone = next(z for z in (s.inv, s.piles[p]) if any(f.pc_person[c] == p and not f.pc_awake[c] for c in z))
        c = next(c for c in reversed(zone) if f.pc_person[c] == p and not f.pc_awake[c])
        zone.remove(c)
        s.line.append(c)
        s.linecnt[p] += 1
    s.inv.remove(f.tragedy)
    s.inv.append(f.tragedy)
    s.watashi = list(range(players))
    s.phase, s.cur = T.Phase.MAIN, seat
    E.check_invariants(s)
    return s


def act(E, s, kind, a=0, b=0):
    for x in E.legal_actions(s):
        if x.to_json() == {"k": kind, "a": a, "b": b}:
            E.apply(s, x)
            return x
    raise AssertionError(f"no legal action {kind}/{a}/{b} in {[x.label() for x in E.legal_actions(s)]}")


def kinds(E, s):
    return {(x.kind, x.to_json()["a"]) for x in E.legal_actions(s)}


# ------------------------------------------------------------------ data

def test_components_and_decks(game):
    counts = {c.id: (c.kind, c.count) for c in game.components}
    assert counts == {"watashi": ("deck", 4), "persons": ("deck", 31), "tragedy": ("deck", 1),
                      "events": ("deck", 64), "lamps": ("bits", 7), "aid": ("deck", 4)}   # 早見カード: one per player
    assert game.players == (3, 4) and game.version == "5" and game.engine == "tantei2"
    persons = game.deck("persons")
    assert len(persons.suits) == 8
    awake = [c for c in persons.cards if c.rules["awake"]]
    assert len(awake) == 7 and all(c.rules["person"] != "wasurenagusa" for c in awake)
    black = [s for s in persons.suits if s.id == "wasurenagusa"]
    assert black and black[0].color == "#1a1a1a"
    serials = sorted(c.rules["serial"] for c in game.deck("events").cards)
    assert serials == list(range(1, 65))
    # the designer's ledger: only 惨劇の夜 is the draft's card as it stands; every person, 「私」, event and
    # aid card is pnp's proposal (the draft names no person but 勿忘草 and writes no card's text)
    for d in game.decks:
        for c in d.cards:
            assert c.provisional == (d.id != "tragedy"), (d.id, c.id)
    assert game.deck("persons").back == game.deck("tragedy").back   # they are shuffled together


def test_every_card_text_fits(game):
    from pnp.commands.build import plan_game_cards
    plan_game_cards(game)


def test_lower_serials_are_worth_more(E):
    f = E.facts
    vp = [f.ev_vp[e] for e in range(64) if f.ev_placed[e]]
    assert vp == sorted(vp, reverse=True)
    assert f.ev_need_total[0] >= f.ev_need_total[40]


# ------------------------------------------------------------------ set-up and round start

def test_setup(E):
    rng = random.Random(3)
    s = E.new_state(4)
    f = E.facts
    # 捜査デッキ: one card of each person but 勿忘草, plus 惨劇の夜
    persons = sorted(f.pc_person[c] for c in s.inv if c != f.tragedy)
    assert persons == sorted(p for p in range(8) if p != f.black) and f.tragedy in s.inv
    for p, pile in enumerate(s.piles):
        if p == f.black:
            assert len(pile) == 3 and not any(f.pc_awake[c] for c in pile)
        else:
            assert len(pile) == 3 and f.pc_awake[pile[0]] and not any(f.pc_awake[c] for c in pile[1:])
    while s.phase != T.Phase.PICK:
        E.apply(s, E.sample_chance(s, rng))
    assert [len(h) for h in s.hands] == [6, 6, 6, 6]
    assert s.cur == 0 and len(E.legal_actions(s)) == 4     # the start player picks first
    E.apply(s, E.legal_actions(s)[2])
    assert s.cur == 1 and len(E.legal_actions(s)) == 3


def test_round_start_tragedy_adds_a_card_and_goes_back(E):
    s = E.new_state(3)
    f = E.facts
    E.apply(s, E.sample_chance(s, random.Random(1)))                       # events
    order = [c for c in s.inv if c != f.tragedy] + [f.tragedy]              # 惨劇の夜 on top
    E.apply(s, T.Shuffle(T.Deck.INVESTIGATION, tuple(order)))
    for _ in range(3):
        E.apply(s, E.legal_actions(s)[0])                                 # 「私」
    assert len(s.line) == 3 and f.tragedy not in s.line and f.tragedy in s.inv
    assert E.to_move(s) == CHANCE and s.chance == T.Deck.INVESTIGATION                   # shuffled back
    E.apply(s, E.sample_chance(s, random.Random(2)))
    assert s.phase == T.Phase.OUTSIDE and s.cur == s.start


def test_outside_move_and_awakening(E):
    s = position(E, line=("shino",), hand=(64,))
    p = pid(E, "soichiro")
    s.phase, s.cur = T.Phase.OUTSIDE, 0
    assert (T.Kind.OUT, p) in kinds(E, s)
    E.apply(s, E.A_OUT[p])
    assert not E.is_awake(s, p) and len(s.outside) == 1
    s.phase, s.cur = T.Phase.OUTSIDE, 0
    E.apply(s, E.A_OUT[p])
    assert E.is_awake(s, p)                                                 # only the 覚醒 card is left
    s.phase, s.cur = T.Phase.OUTSIDE, 0
    assert (T.Kind.OUT, p) not in kinds(E, s)                                  # 覚醒 cards never move


def test_outside_skipped_when_only_awake_cards_remain(E):
    s = position(E, line=("shino",))
    f = E.facts
    for pile in s.piles:
        while pile and not f.pc_awake[pile[-1]]:
            s.outside.append(pile.pop())
    assert costs.movable(E.facts, s) == []
    s.stack = [(T.Task.OUT,)]
    tasks.run(E.facts, s)
    assert s.phase == T.Phase.MAIN                 # straight to the start player's turn


def test_person_action_and_awake_action(E):
    s = position(E, line=("shino", "seiji", "toru"), hand=(64,))
    f = E.facts
    p = pid(E, "soichiro")
    card = next(c for c in s.inv if f.pc_person[c] == p)
    s.inv.remove(card)
    s.inv.append(card)                          # 宗一郎 on top of the 捜査デッキ
    s.stack = [(T.Task.TURN, 0)]
    tasks.run(E.facts, s)
    assert s.line[-1] == card and len(s.hands[0]) == 2          # 1枚引く
    s2 = position(E, line=("shino", "seiji", "toru"), hand=(64,))
    while not f.pc_awake[s2.piles[p][-1]]:
        s2.outside.append(s2.piles[p].pop())
    s2.inv.remove(card)
    s2.inv.append(card)
    s2.stack = [(T.Task.TURN, 0)]
    tasks.run(E.facts, s2)
    assert len(s2.hands[0]) == 3                                # 覚醒: 2枚引く


def test_shizue_makes_the_others_discard(E):
    s = position(E, line=("shino", "seiji", "toru"), hand=(64,), others=((60, 61), (62,)))
    f = E.facts
    p = pid(E, "shizue")
    card = next(c for c in s.inv if f.pc_person[c] == p)
    s.inv.remove(card)
    s.inv.append(card)
    s.stack = [(T.Task.TURN, 0)]
    tasks.run(E.facts, s)
    assert s.phase == T.Phase.DISCARD and s.cur == 1
    E.apply(s, E.A_DISC[ev(61)])
    assert s.phase == T.Phase.DISCARD and s.cur == 2
    E.apply(s, E.A_DISC[ev(62)])
    assert s.phase == T.Phase.MAIN and s.cur == 0 and s.hands[1] == [ev(60)] and s.hands[2] == []


# ------------------------------------------------------------------ 捜査, costs, 代用コスト, 閃き

def test_investigate_pays_one_cost_per_card_of_that_colour(E):
    # 24 奥様の涙: 赤赤
    s = position(E, line=("shizue", "seiji", "toru"), hand=(24, 22))
    assert (T.Kind.INV, ev(24)) not in kinds(E, s)
    s = position(E, line=("shizue", "shizue", "toru"), hand=(24,))
    assert (T.Kind.INV, ev(24)) in kinds(E, s)
    act(E, s, T.Kind.INV, ev(24))
    assert s.up[0] == [ev(24)] and s.vp[0] == 2


def test_death_condition(E):
    # 21 薬棚の空き瓶: 白赤, 椚宗一郎が死亡
    s = position(E, line=("sagisawa", "shizue", "toru"), hand=(21,))
    assert (T.Kind.INV, ev(21)) not in kinds(E, s)
    rounds.kill(E.facts, s, pid(E, "soichiro"))
    assert (T.Kind.INV, ev(21)) in kinds(E, s)


def test_substitute_cost(E):
    """Draft: 「手札１枚を捨て札にすることで、【捜査線】上にないコストを、推理によって１つだけ生み出すことが
    できます」「「勿忘草」のコスト（＝黒コスト）を生み出すことはできず、１回の手番で同時に２つ以上のコストを
    生み出すこともできません」「手番が終了すると失われます」.
    Rulebook: 「手札1枚を捨て札にして、【捜査線】に1枚もない色のコストを1つ生み出せます」."""
    s = position(E, line=("shizue", "seiji", "toru"), hand=(23, 60, 61))
    white = pid(E, "sagisawa")
    assert (T.Kind.SUB, E.facts.black) not in kinds(E, s)                  # never black
    act(E, s, T.Kind.SUB, white)
    assert s.phase == T.Phase.DISCARD and s.dn == 1
    E.apply(s, E.A_DISC[ev(61)])
    assert s.phase == T.Phase.MAIN and (T.Kind.INV, ev(23)) in kinds(E, s)     # 白青: 白 made, 青 on the line
    assert not any(k == T.Kind.SUB for k, _ in kinds(E, s))                # once per turn
    act(E, s, T.Kind.REST, ev(60), 0)
    assert s.sub_color == -1                                             # only for that turn


def test_substitute_makes_only_a_colour_not_on_the_line(E):
    """Draft: 「【捜査線】上にないコストを、推理によって１つだけ生み出すことができます」 — a colour already on the
    【捜査線】 cannot be made a second time, so 赤赤 (奥様の涙) stays out of reach with one 静江 on the line.
    Rulebook: 「【捜査線】にすでにある色を、2つ目として代用コストで生み出すことはできません」.
    pnp's earlier reading (「黒以外の好きな色」) is the variant sub-any-colour."""
    s = position(E, line=("shizue", "seiji", "toru"), hand=(24, 60, 61))
    makeable = {a for k, a in kinds(E, s) if k == T.Kind.SUB}
    names = {E.facts.person_ids[c] for c in makeable}
    assert names == {"soichiro", "shino", "sagisawa", "sanae"}           # 紫・黄・白・橙: not 赤・青・緑・黒
    assert E.sub_colours(s) == sorted(makeable)
    with pytest.raises(IllegalAction):
        E.apply(s, E.A_SUB[pid(E, "shizue")])
    # the variant: any colour but black, so a second 赤 completes 赤赤
    v = position(E, line=("shizue", "seiji", "toru"), hand=(24, 60, 61), variant=T.V_SUB_ANY)
    assert {E.facts.person_ids[a] for k, a in kinds(E, v) if k == T.Kind.SUB} == \
        set(E.facts.person_ids) - {"wasurenagusa"}
    act(E, v, T.Kind.SUB, pid(E, "shizue"))
    E.apply(v, E.A_DISC[ev(61)])
    assert (T.Kind.INV, ev(24)) in kinds(E, v)


def test_substitute_dead_colour_costs_two(E):
    s = position(E, line=("seiji", "toru", "shino"), hand=(33, 60, 61, 62))
    rounds.kill(E.facts, s, pid(E, "shizue"))
    assert costs.sub_cost(E.facts, s, 0, pid(E, "shizue")) == 2
    act(E, s, T.Kind.SUB, pid(E, "shizue"))
    assert s.dn == 2


def test_flash_does_not_end_the_turn(E):
    # 58 閃光 [閃き] 青: draw 1
    s = position(E, line=("shizue", "seiji", "toru"), hand=(58,))
    act(E, s, T.Kind.FLASH, ev(58))
    assert s.phase == T.Phase.MAIN and s.cur == 0 and len(s.hands[0]) == 1 and ev(58) in s.discard
    assert (T.Kind.INV, ev(58)) not in kinds(E, s)


def test_recall_does_not_take_itself(E):
    # 59 回想 [閃き] 黄: take the top card of the discard pile
    s = position(E, line=("shino", "seiji", "toru"), hand=(59,))
    s.ev_deck.remove(ev(40))
    s.discard.append(ev(40))
    act(E, s, T.Kind.FLASH, ev(59))
    assert s.hands[0] == [ev(40)] and s.discard == [ev(59)]


# ------------------------------------------------------------------ 一服 and face-down cards

def test_rest_face_down_then_flips_by_itself_in_a_later_turn(E):
    s = position(E, line=("shizue", "seiji", "toru"), hand=(24, 64))   # 奥様の涙 needs 赤赤
    act(E, s, T.Kind.REST, ev(24), 1)
    assert s.down[0] == [ev(24)] and len(s.hands[0]) == 3               # 1 left + 2 drawn
    # later turn of seat 0 with a second red on the line: turns face up outside the action
    s.phase = T.Phase.CHANCE
    p = pid(E, "shizue")
    c = next(c for c in s.piles[p] if not E.facts.pc_awake[c])
    s.piles[p].remove(c)
    s.line.append(c)
    s.linecnt[p] += 1
    s.stack = [(T.Task.MAIN, 0)]
    tasks.run(E.facts, s)
    assert s.down[0] == [] and s.up[0] == [ev(24)] and s.phase == T.Phase.MAIN
    assert s.st_flip == 1


def test_face_down_card_does_not_flip_in_the_turn_it_was_placed(E):
    s = position(E, line=("shizue", "shizue", "toru"), hand=(24, 64))
    s.stack = [(T.Task.MAIN, 0), (T.Task.DOWN, 0)]  # 早苗: place a card face down during this turn
    tasks.run(E.facts, s)
    E.apply(s, E.A_DOWN[ev(24)])
    assert s.down[0] == [ev(24)] and s.phase == T.Phase.MAIN


def test_rest_must_place_face_down_even_when_payable(E):
    s = position(E, line=("shizue", "shizue", "toru"), hand=(24,))
    assert (T.Kind.REST, ev(24)) in kinds(E, s)
    act(E, s, T.Kind.REST, ev(24), 1)
    assert s.down[0] == [ev(24)]


# ------------------------------------------------------------------ round end

def _round_end(E, s):
    """惨劇の夜 is drawn onto the next space of the 【捜査線】 with the lamps now there, and the round ends."""
    s.tragedy_pos = len(s.line) + 1
    s.tragedy_lit = s.lamp_first <= s.tragedy_pos < s.lamp_first + s.lamps
    s.line.append(E.facts.tragedy)
    s.inv.remove(E.facts.tragedy)
    s.stack = [(T.Task.ROUND_END,)]
    tasks.run(E.facts, s)


def test_victim_is_the_person_with_most_cards(E):
    s = position(E, line=("shizue", "shizue", "toru", "seiji"))
    s.lamps = 2
    _round_end(E, s)
    assert s.dead[pid(E, "shizue")] and s.ndead == 1 and s.lamps == 1    # removed, then +1
    f = E.facts
    p = pid(E, "shizue")
    in_play = s.inv + s.line + s.outside
    assert not any(f.pc_person[c] == p for c in in_play)
    assert [f.pc_awake[c] for c in s.piles[p]] == [True]                # 覚醒 card stays


def test_tie_kills_nobody_and_lamps_stay(E):
    s = position(E, line=("shizue", "toru", "seiji"))
    s.lamps = 2
    s.tragedy_pos = 9                                          # far from the lamps (spaces 4-5)
    s.stack = [(T.Task.ROUND_END,)]
    tasks.run(E.facts, s)
    assert s.ndead == 0 and s.lamps == 3


def test_tragedy_on_a_lamp_space_kills_the_last_of_the_tied(E):
    s = position(E, line=("shizue", "toru", "seiji"))
    s.lamps = 1                                 # lamp on space 4
    _round_end(E, s)                            # 惨劇の夜 lands on space 4
    assert s.dead[pid(E, "seiji")] and s.st_lamp_deaths == 1


def test_lamps_stay_without_a_victim_unless_the_every_round_variant(E):
    """Draft: 「誰かが死亡したら、その人物カードを全てゲームから取り除いてください … また、告命灯があれば、
    それを全て取り除いてください」 — pnp reads the removal as part of a death (ruling lamp-removal); the
    variant lamps-every-round removes them at every round end."""
    for variant, lamps in (("standard", 3), (T.V_LAMPS_EVERY, 1)):
        s = position(E, line=("shizue", "toru", "seiji"), variant=variant)
        s.lamps = 2
        s.tragedy_pos = 9
        s.stack = [(T.Task.ROUND_END,)]
        tasks.run(E.facts, s)
        assert s.ndead == 0 and s.lamps == lamps          # nobody died; then +1 at the re-setup


def test_lamp_spaces_start_at_the_fourth_space_unless_the_first_space_variant(E):
    """Draft: 「カード１枚の配置スペースにつき告命灯１個を配置し」 (which space first is pnp's ruling
    lamp-spaces: the 4th).  With one lamp and 惨劇の夜 on space 4 the tied 誠司 dies; with the variant
    lamps-from-first the lamp lies on space 1 and nobody dies."""
    for variant, dies in (("standard", True), (T.V_LAMPS_FIRST, False)):
        s = position(E, line=("shizue", "toru", "seiji"), variant=variant)
        s.lamps = 1
        _round_end(E, s)
        assert s.dead[pid(E, "seiji")] == dies and s.ndead == int(dies)


def test_game_ends_at_13_vp_at_round_end_and_ties_go_to_the_lower_serial(E):
    s = position(E, line=("shizue", "toru", "seiji"))
    for e in (1, 2, 11):                          # 5+5+3
        s.ev_deck.remove(ev(e))
        s.up[1].append(ev(e))
        s.vp[1] += E.facts.ev_vp[ev(e)]
    for e in (3, 4, 12):
        s.ev_deck.remove(ev(e))
        s.up[2].append(ev(e))
        s.vp[2] += E.facts.ev_vp[ev(e)]
    assert E.to_move(s) != TERMINAL                # not checked before the round end
    _round_end(E, s)
    assert E.to_move(s) == TERMINAL
    r = E.result(s)
    assert r.end_reason == "vp" and r.ranks == (3, 1, 2)   # serial 1 beats serial 3


def test_tie_break_counts_face_down_cards_in_the_notebook(E):
    """Draft: 「複数いれば、通し番号のより小さいイベントカードを【手帳】に配置している方が勝利します」 and 一服:
    「手札１枚を捨て札にするか、あるいは裏向きに配置し」 — a face-down card is placed in the 【手帳】 too.
    Rulebook: 「【手帳】に配置しているイベントカード（表向きのカードも裏向きのカードも）」.
    The variant tie-face-up (pnp's earlier reading) compares face-up cards only."""
    results = {}
    for variant in ("standard", T.V_TIE_UP):
        s = position(E, line=("shizue", "toru", "seiji"), variant=variant)
        for seat, up, down in ((1, (2, 3, 11), ()), (2, (4, 5, 6), (1,))):   # both 13 VP
            for e in up:
                s.ev_deck.remove(ev(e))
                s.up[seat].append(ev(e))
                s.vp[seat] += E.facts.ev_vp[ev(e)]
            for e in down:
                s.ev_deck.remove(ev(e))
                s.down[seat].append(ev(e))
        assert s.vp[1] == s.vp[2] == 13
        _round_end(E, s)
        assert E.to_move(s) == TERMINAL
        results[variant] = E.result(s).ranks
    assert results["standard"] == (3, 2, 1)        # seat 2's face-down serial 1 beats seat 1's serial 2
    assert results[T.V_TIE_UP] == (3, 1, 2)        # face-up only: serial 2 beats serial 4


def test_five_deaths_end_the_game(E):
    s = position(E, line=("shizue", "shizue", "toru"))
    for person in ("soichiro", "seiji", "shino", "sanae"):
        rounds.kill(E.facts, s, pid(E, person))
    _round_end(E, s)
    assert E.to_move(s) == TERMINAL and E.result(s).end_reason == "deaths"


def test_face_down_cards_are_kept_by_discarding_a_hand_card(E):
    s = position(E, line=("shizue", "toru", "seiji"), hand=(60, 61))
    for e in (20, 21):
        s.ev_deck.remove(ev(e))
        s.down[0].append(ev(e))
    s.tragedy_pos = 9
    s.stack = [(T.Task.ROUND_END,)]
    tasks.run(E.facts, s)
    assert s.phase == T.Phase.KEEP and s.cur == s.start == 0
    E.apply(s, E.A_KEEP[ev(20)])
    E.apply(s, E.A_DISC[ev(61)])
    assert s.phase == T.Phase.KEEP
    E.apply(s, E.A_KDONE)
    assert s.down[0] == [ev(20)] and ev(21) in s.discard and ev(61) in s.discard
    assert E.to_move(s) == CHANCE and s.lamps == 1 and s.start == 1     # rebuild, next start player


# ------------------------------------------------------------------ fuzzing and determinism

def test_random_play_keeps_every_invariant(E):
    for seed in range(150):
        s = E.new_state(3 + seed % 2, options={"skills": bool(seed % 3 == 0)})
        drive(E, s, random.Random(seed), check=True)
        r = E.result(s)
        assert r.end_reason in ("vp", "deaths", "vp_and_deaths")
        assert sorted(r.ranks)[0] == 1


def test_heuristic_play_is_legal(E):
    pol = T.HeuristicPolicy()
    for seed in range(40):
        s = E.new_state(4, options={"skills": seed % 2 == 1})
        drive(E, s, random.Random(seed), policies=[pol] * 4, check=True)


def test_determinism_and_replay(E):
    def run(seed):
        s = E.new_state(4)
        rng = random.Random(seed)
        log = []
        while E.to_move(s) != TERMINAL:
            m = E.to_move(s)
            a = E.sample_chance(s, rng) if m == CHANCE else rng.choice(E.legal_actions(s))
            log.append(a.to_json())
            E.apply(s, a)
        return E.state_hash(s), log
    h1, log = run(11)
    h2, _ = run(11)
    assert h1 == h2
    s = E.new_state(4)
    for j in log:
        E.apply(s, E.action_from_json(j))
    assert E.state_hash(s) == h1


def test_clone_is_independent(E):
    s = E.new_state(3)
    rng = random.Random(5)
    for _ in range(30):
        m = E.to_move(s)
        E.apply(s, E.sample_chance(s, rng) if m == CHANCE else rng.choice(E.legal_actions(s)))
    c = s.clone()
    assert E.state_hash(c) == E.state_hash(s)
    drive(E, c, random.Random(6))
    assert E.state_hash(c) != E.state_hash(s)
    E.check_invariants(s)


def test_illegal_actions_are_refused(E):
    s = position(E, line=("shizue", "seiji", "toru"), hand=(24,))
    with pytest.raises(IllegalAction):
        E.apply(s, E.A_INV[ev(24)])                      # 赤赤 not payable
    with pytest.raises(IllegalAction):
        E.apply(s, E.A_SUB[E.facts.black])


def test_observation_hides_other_hands(E):
    s = position(E, line=("shizue",), hand=(24,), others=((60,), (61,)))
    s.down[1].append(s.ev_deck.pop())
    o = E.observe(s, 0)
    assert o.hand == (ev(24),) and o.hand_counts[1] == 1 and o.down_counts[1] == 1
    assert not hasattr(o, "hands") and not hasattr(o, "inv")


def test_rulings_and_questions(game, E):
    assert set(T.RULING_IDS) <= {r.id for r in game.rulings} and all(r.text for r in game.rulings)
    from pnp.sim.runner import Batch, run_games
    recs = run_games(E, Batch(players=3, policies=("heuristic", "random"), games=12, seed=2,
                              options={"skills": True}, check=True))
    assert not [r for r in recs if r.error]
    qs = E.questions(recs)
    assert len(qs) == 7 and all(q.answer_ja for q in qs)
