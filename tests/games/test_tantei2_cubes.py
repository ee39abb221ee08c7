"""探偵無宿２, variant facedown-cubes: the designer's proposed fix for face-down cards (the draft's 「問題点」).

「代理コストのルールをなくしてしまい、裏向きで代用できるようなルールがあるとしたら、それもいいかも知れない。」
「例えば、自分の手番の開始時に、この推論の上にキューブ１個を置く。すると、キューブ１個はエニーカラーとして扱われる。
後は、手番中にキューブを消費して出せるなら出す。というやり方。ただし、惨劇の夜を超えるには維持費がかかる。」
「で、このエニーカラーでも黒のみ出ないとする。」
"""
from __future__ import annotations

import random

from test_tantei2 import E, drive, ev, game, position  # noqa: F401 (fixtures)

from pnp.games import tantei2 as T
from pnp.games.tantei2 import tasks


def _next_turn_with_face_down(E, variant, serial, line, cubes=0):   # noqa: F811
    """Seat 0 holds ``serial`` face down from an earlier turn and starts a turn (it draws 惨劇の夜)."""
    s = position(E, line=line, hand=(serial, 64), variant=variant)
    s.hands[0].remove(ev(serial))
    s.down[0].append(ev(serial))
    s.cubes[ev(serial)] = cubes
    s.phase, s.stack = T.Phase.CHANCE, [(T.Task.TURN, 0)]
    tasks.run(E.facts, s)
    return s


def test_no_substitute_cost_in_the_variant(E):   # noqa: F811
    """「代理コストのルールをなくしてしまい」: no 代用コスト among the legal actions."""
    std = position(E, line=("seiji", "seiji", "toru"), hand=(24, 64, 50))
    cub = position(E, line=("seiji", "seiji", "toru"), hand=(24, 64, 50), variant=T.V_CUBES)
    assert any(a.kind == T.Kind.SUB for a in E.legal_actions(std))
    assert not any(a.kind == T.Kind.SUB for a in E.legal_actions(cub))


def test_a_cube_at_the_start_of_the_turn_pays_one_missing_cost(E):   # noqa: F811
    """「自分の手番の開始時に、この推論の上にキューブ１個を置く。すると、キューブ１個はエニーカラーとして扱われる」:
    奥様の涙 (赤赤) with one red on the 【捜査線】 turns face up with its first cube; the cube is spent."""
    s = _next_turn_with_face_down(E, T.V_CUBES, 24, ("shizue", "seiji", "toru"))
    assert s.up[0] == [ev(24)] and s.down[0] == [] and s.phase == T.Phase.MAIN
    assert s.st_cubes == 1 and s.cubes[ev(24)] == 0 and s.vp[0] == E.facts.ev_vp[ev(24)]
    std = _next_turn_with_face_down(E, "standard", 24, ("shizue", "seiji", "toru"))
    assert std.down[0] == [ev(24)] and std.up[0] == []


def test_cubes_gather_until_the_card_can_be_paid(E):   # noqa: F811
    """Two costs short: the first cube is not enough, the card waits face down with it."""
    s = _next_turn_with_face_down(E, T.V_CUBES, 24, ("seiji", "seiji", "toru"))
    assert s.down[0] == [ev(24)] and s.cubes[ev(24)] == 1
    s = _next_turn_with_face_down(E, T.V_CUBES, 24, ("seiji", "seiji", "toru"), cubes=1)
    assert s.up[0] == [ev(24)] and s.st_cubes == 2


def test_a_cube_is_never_black(E):   # noqa: F811
    """「このエニーカラーでも黒のみ出ないとする」: a card short of black stays face down whatever its cubes."""
    f = E.facts
    serial = next(f.ev_serial[e] for e in range(f.n_ev)
                  if f.ev_placed[e] and not f.ev_death[e] and any(c == f.black for c, _ in f.ev_need[e]))
    s = _next_turn_with_face_down(E, T.V_CUBES, serial, ("seiji", "seiji", "toru"), cubes=5)
    assert s.down[0] == [ev(serial)] and s.cubes[ev(serial)] == 6


def test_random_and_heuristic_play_keep_every_invariant_in_the_variant(E):   # noqa: F811
    for seed in range(30):
        s = E.new_state(3 + seed % 2, T.V_CUBES)
        drive(E, s, random.Random(seed), check=True)
        assert E.result(s).end_reason in ("vp", "deaths", "vp_and_deaths")
    pol = T.HeuristicPolicy()
    for seed in range(10):
        s = E.new_state(4, T.V_CUBES)
        drive(E, s, random.Random(seed), policies=[pol] * 4, check=True)


def test_cubes_on_other_seats_cards_are_public_but_not_which_card(E):   # noqa: F811
    """The information set keeps how many cubes lie on each seat's face-down cards, never which card is which."""
    rng = random.Random(3)
    s = E.new_state(3, T.V_CUBES)
    seen = 0
    while E.to_move(s) != T.TERMINAL and seen < 40:
        m = E.to_move(s)
        E.apply(s, E.sample_chance(s, rng) if m == T.CHANCE else rng.choice(E.legal_actions(s)))
        if m != T.CHANCE and any(s.cubes):
            seat = (m + 1) % 3
            obs = E.observe(s, seat)
            for k in range(3):
                d = E.determinize(E.information_set(s, seat), seat, random.Random(k))
                o2 = E.observe(d, seat)
                assert o2.down_cubes == obs.down_cubes and o2.hand == obs.hand and o2.cubes == obs.cubes
                E.check_invariants(d)
            seen += 1
    assert seen
