"""EBE: the points the printed rules left open and pnp's rulings now settle in print (each test quotes the
rulebook's sentence or the ruling it plays, and plays the variant that reads it the other way).

- trade-no-return: 「同じ手番のうちに受け取ったものは、それを渡してくれた人へ、その手番のうちに渡し返すことは
  できません」 (the rulebook: 「数に制限はありません」); variant trade-cap: 20 pieces a turn, passing back free.
- dice-change-twice: 「行動予測装置を2枚持っている人は、同じターンに2枚とも使えます」; variant tune-once.
- ap-floor: 「「APが0未満になることはありません」は、APの合計に当てはめます」; variant floor-first.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import ebe as E
from pnp.games import make_engine
from tests.games.test_ebe import GO, KANAE, MINATO, RIO, card, done, setup, turn

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game():
    return Project(ROOT).load_game("ebe")


@pytest.fixture(scope="module")
def eng(game):
    return make_engine(game)


def rules_text(game, rid: str) -> str:
    return next(r.text for r in game.rulings if r.id == rid)


def gives(eng, s) -> set[tuple[int, int, int]]:
    return {(a.giver, a.receiver, a.what) for a in eng.legal_actions(s) if isinstance(a, E.Give)}


def hold(s, seat: int, cubes: list[int]) -> None:
    s.res[seat] = list(cubes)
    for r in range(4):
        s.supply_res[r] -= cubes[r]


# ---------------------------------------------------------------- trade-no-return

def three_in_one_area(eng, variant="standard"):
    """ミナト, カナエ and ゴウ all explore 備品室 (E); the イーバ acts last elsewhere; ミナト (die 1) acts first."""
    s = setup(eng, (MINATO, KANAE, GO), drone_area="A", variant=variant)
    hold(s, 0, [1, 0, 0, 0])
    hold(s, 1, [0, 3, 0, 0])
    turn(eng, s, "G", (1, 3, 5), (6,), (card(eng, MINATO, "E"), card(eng, KANAE, "E"), card(eng, GO, "E")))
    assert s.phase == E.P_ACT and s.cur == 0
    return s


def test_the_no_return_ruling_is_printed_as_pnps_proposal(game, eng):
    """The exchange limit is a printed proposal, no longer an engine safeguard kept out of print."""
    ruling = next(r for r in game.rulings if r.id == "trade-no-return")
    assert ruling.printed and ruling.provisional and "trade-no-return" in eng.ruling_ids
    assert "渡し返すことはできません" in ruling.text and "数に制限はありません" in ruling.text
    assert "trade-safeguard" not in {r.id for r in game.rulings}
    q = ruling.entry.asked
    assert q.chosen == "no-return" and q.option("no-return").variant == "standard"
    assert q.option("cap").variant == "trade-cap" and q.option("free").variant is None


def test_received_pieces_are_not_passed_back_in_the_same_turn(game, eng):
    """Ruling trade-no-return: 「同じ手番のうちに受け取ったものは、それを渡してくれた人へ、その手番のうちに
    渡し返すことはできません（同じ種類の資源も同じです）。…ほかの仲間へ渡すことや、次の手番に返すことは
    できます。」"""
    assert "ほかの仲間へ渡すこと" in rules_text(game, "trade-no-return")
    s = three_in_one_area(eng)
    dust = 1
    eng.apply(s, eng.act(E.K_GIVE, 1, 0, dust))                    # カナエ → ミナト: 宇宙塵
    legal = gives(eng, s)
    assert (0, 1, dust) not in legal                               # not back to カナエ …
    assert (0, 2, dust) in legal                                   # … but on to ゴウ
    assert (0, 1, 0) in legal                                      # another kind may go to カナエ
    assert (1, 0, dust) in legal                                   # カナエ may give more of the same
    with pytest.raises(ValueError, match="trade-no-return"):
        eng.apply(s, eng.act(E.K_GIVE, 0, 1, dust))
    eng.apply(s, eng.act(E.K_GIVE, 0, 2, dust))
    assert s.res[0][dust] == 0 and s.res[2][dust] == 1
    done(eng, s)                                                   # カナエ's own turn: the pass back is free again
    assert s.cur == 1 and (2, 1, dust) in gives(eng, s) and (1, 0, dust) in gives(eng, s)
    eng.check_invariants(s)


def test_an_item_of_the_same_name_is_not_passed_back_either(eng):
    """Ruling trade-no-return: 「（同じ種類の資源も、同じ名前のアイテムも同じです）」 — with two 救急キット, handing
    one back after receiving the other only puts the table back as it was (``pnp play ebe --seed 104
    --players 3 --policy random``, round 2 turn 4, before this ruling said so)."""
    s = three_in_one_area(eng)
    kits = [i for i, name in enumerate(eng.item_names) if name == "救急キット"]
    assert len(kits) >= 2
    for seat, kit in ((0, kits[0]), (1, kits[1])):
        pile = next(p for p in (s.item_deck, s.item_discard, s.drone_item, *s.items) if kit in p)
        if pile is s.drone_item:
            s.drone_item[s.drone_item.index(kit)] = -1
        else:
            pile.remove(kit)
        s.items[seat].append(kit)
    eng.apply(s, eng.act(E.K_GIVE, 1, 0, E.ITEM_BASE + kits[1]))    # カナエ → ミナト: 救急キット
    legal = gives(eng, s)
    assert not {(0, 1, E.ITEM_BASE + k) for k in kits} & legal       # neither kit goes back to カナエ …
    assert (0, 2, E.ITEM_BASE + kits[0]) in legal                    # … but on to ゴウ
    with pytest.raises(ValueError, match="trade-no-return"):
        eng.apply(s, eng.act(E.K_GIVE, 0, 1, E.ITEM_BASE + kits[0]))
    eng.check_invariants(s)


def test_no_count_limit_on_exchanges(eng):
    """Rulebook: 「数に制限はありません。」 — 25 pieces in one turn (the old unprinted safeguard stopped at 20)."""
    s = setup(eng, (GO, KANAE), drone_area="A")
    s.supply_res = [15, 15, 15, 15]
    hold(s, 1, [7, 6, 6, 6])
    turn(eng, s, "A", (1, 2), (6,), (card(eng, GO, "F"), card(eng, KANAE, "F")))
    for r in [0] * 7 + [1] * 6 + [2] * 6 + [3] * 6:
        assert (1, 0, r) in gives(eng, s)
        eng.apply(s, eng.act(E.K_GIVE, 1, 0, r))
    assert s.res[0] == [7, 6, 6, 6] and s.trades == 25
    assert not any(x == 0 and y == 1 for x, y, _ in gives(eng, s))   # nothing may go back to カナエ
    eng.check_invariants(s)


def test_variant_trade_cap_passes_back_and_stops_at_twenty(eng):
    """Variant trade-cap (option cap: 「1人の手番に受け渡せるのは20個までとし、渡し返しは自由」)."""
    s = three_in_one_area(eng, variant="trade-cap")
    for k in range(20):
        assert (1, 0, 1) in gives(eng, s) or (0, 1, 1) in gives(eng, s)
        eng.apply(s, eng.act(E.K_GIVE, 1, 0, 1) if k % 2 == 0 else eng.act(E.K_GIVE, 0, 1, 1))
    assert s.res[1][1] == 3 and gives(eng, s) == set()


def test_max_steps_bounds_a_turn_of_passes(eng):
    """Between two seats a kind moves one way only in a turn, so a piece passes at most twice: the bound
    the simulator checks every game against allows twice every cube and item of the game per turn."""
    assert eng.max_steps >= 4 * 4 * 4 * 2 * (4 * eng.total_cubes + eng.n_items)


# ---------------------------------------------------------------- dice-change-twice

def two_scanners(eng, variant="standard"):
    s = setup(eng, (MINATO, KANAE), drone_area="A", variant=variant)
    both = [i for i in range(eng.n_items) if eng.item_effect[i] == E.E_DICE]
    assert len(both) == 2
    for i in both:
        s.items[0].append(i); s.item_deck.remove(i)
    eng.apply(s, E.Deal("ebe", (eng.ebe_area.index(E.AREAS.index("G")),)))
    eng.apply(s, E.Roll((2, 3, 3)))
    while s.phase == E.P_ASSIGN:
        eng.apply(s, E.AssignDie(s.slot, {2: 3, 0: 2, 1: 3}[s.slot]))
    eng.apply(s, eng.plays[card(eng, MINATO, "E")])
    eng.apply(s, eng.plays[card(eng, KANAE, "G")])
    assert s.phase == E.P_DICE and s.cur == 0
    return s


def test_a_holder_of_two_scanners_uses_both(game, eng):
    """Ruling dice-change-twice: 「行動予測装置を2枚持っている人は、同じターンに2枚とも使えます（1枚ずつ、
    サイコロ1個の目を1増やすか1減らします。同じサイコロでも別のサイコロでもかまいません）。」"""
    assert "2枚とも使えます" in rules_text(game, "dice-change-twice")
    s = two_scanners(eng)
    eng.apply(s, E.Tune(2, 1))                                     # the イーバ's 3 becomes 4
    assert s.phase == E.P_DICE and s.cur == 0 and E.Tune(2, 1) in eng.legal_actions(s)
    eng.apply(s, E.Tune(2, 1))                                     # … and 5
    assert s.ebe_die == [5] and s.items[0] == [] and s.phase == E.P_ACT
    eng.check_invariants(s)


def test_variant_tune_once(eng):
    """Variant tune-once (option one: 「1ターンに使えるのは1人1枚まで」): the turn goes on after one."""
    s = two_scanners(eng, variant="tune-once")
    eng.apply(s, E.Tune(2, 1))
    assert s.phase == E.P_ACT and s.ebe_die == [4] and len(s.items[0]) == 1


# ---------------------------------------------------------------- ap-floor

def rio_in_the_lab(eng, variant="standard"):
    """リオ (研究所 +1AP) explores 研究所 with a 2 (1AP): an イーバ was there in turn 1 (−1AP) and one in the
    動力室 next door acts before him in turn 2 (−1AP)."""
    s = setup(eng, (RIO, KANAE), drone_area="A", variant=variant)
    turn(eng, s, "C", (3, 3), (6,), (card(eng, RIO, "F"), card(eng, KANAE, "F")))
    done(eng, s); done(eng, s)
    assert s.seen_prev == 1 << E.AREAS.index("C")
    turn(eng, s, "G", (2, 5), (1,), (card(eng, RIO, "C"), card(eng, KANAE, "E")))
    assert s.phase == E.P_ACT and s.cur == 0
    return s


def test_the_zero_floor_applies_to_the_total(game, eng):
    """Ruling ap-floor: 「サイコロの目のAPに、スキルやイベントの+1APと、イーバによる−1APをすべて足し引きし、
    0未満なら0にします。」 Rulebook: 「APが0未満になることはありません。」 1 + 1 − 1 − 1 = 0AP."""
    assert "すべて足し引きし、0未満なら0にします" in rules_text(game, "ap-floor")
    s = rio_in_the_lab(eng)
    assert s.ap == 0 and s.dmg[0] == 1
    assert all(a.kind != E.K_GAIN for a in eng.legal_actions(s))


def test_variant_floor_first(eng):
    """Variant floor-first (option bonus-after: 「−1APで0未満になったら先に0にし、そのあとで+1APを足す」):
    max(0, 1 − 1 − 1) + 1 = 1AP."""
    s = rio_in_the_lab(eng, variant="floor-first")
    assert s.ap == 1 and eng.act_gain[3] in eng.legal_actions(s)


def test_the_rulebook_example_adds_the_bonus_before_the_penalty(game):
    """The example the ruling rests on (05-play): 「3APに、スキルで研究所の+1APを加えて4AP。研究所は動力室に
    隣接しているので−1APで3AP」."""
    text = (ROOT / "components/ebe/rulebook/05-play.md").read_text(encoding="utf-8")
    assert "3APに、スキルで研究所の+1APを加えて4AP。研究所は動力室に隣接しているので−1APで3AP" in text
    assert "{{ruling:ap-floor}}" in text and "{{ruling:trade-no-return}}" in text
