"""ユーフォリア: the draft's open questions the engine plays as options (rulings deal, deal_size and
all_chant_parent in components/euphoria/rulings.yaml), each checked against the sentence it rests on."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.errors import PnpError
from pnp.games import make_engine
from pnp.games.euphoria import CHANT, PLAY
from pnp.games.euphoria.rules import start_round
from pnp.sim.policies import make_policy
from pnp.sim.runner import Batch, run_games

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game():
    return Project(ROOT).load_game("euphoria")


@pytest.fixture(scope="module")
def e(game):
    return make_engine(game)


def dealt(e, players: int, options: dict, seed: int = 5):
    s = e.new_state(players, "standard", options)
    e.apply(s, e.sample_chance(s, random.Random(seed)))
    e.check_invariants(s)
    return s


# ------------------------------------------------------------------ ruling deal_size (option deal)
@pytest.mark.parametrize("players,most,hand,left_out,rounds", [
    (3, 0, 13, 1, 12), (3, 10, 10, 10, 9), (3, 8, 8, 16, 7),
    (4, 0, 10, 0, 9), (4, 10, 10, 0, 9), (4, 8, 8, 8, 7),
    (5, 0, 8, 0, 7), (5, 10, 8, 0, 7), (5, 8, 8, 0, 7)])
def test_deal_option_caps_the_equal_hand(e, players, most, hand, left_out, rounds):
    # the notes: 「４０枚なので、５人なら８枚配り、４人なら１０枚配る？」; the rules: 「全プレイヤーに等枚数配って」
    s = dealt(e, players, {"deal": most})
    assert [len(h) for h in s.hands] == [hand] * players
    assert len(s.removed) == left_out
    for _ in range(players):
        e.apply(s, e.legal_actions(s)[0])
    assert s.hand_size == rounds and s.phase == PLAY
    e.check_invariants(s)


def test_deal_option_plays_to_the_end_with_the_left_out_cards_unused(e):
    # 「手札が全てなくなったらゲーム終了となります」: with 10 cards at 3 players, 9 rounds at most
    for r in run_games(e, Batch(3, ("heuristic",) * 3, 30, seed=2, options={"deal": 10})):
        assert r.result.extra["rounds_planned"] == 9
        assert len(r.result.extra["parents"]) <= 9


def test_bad_option_values_are_refused(e):
    with pytest.raises(PnpError, match="deal must be one of 0, 10, 8"):
        e.new_state(3, "standard", {"deal": 9})
    with pytest.raises(PnpError, match="spare must be one of box, open"):
        e.new_state(3, "standard", {"spare": "shown"})


# ------------------------------------------------------------------ ruling deal (option spare)
def test_boxed_spare_card_is_seen_by_nobody(e):
    # ruling deal: 「3人のときに余る1枚は、誰も見ずに伏せたまま箱に戻し」
    s = dealt(e, 3, {})
    assert len(s.removed) == 1
    for seat in range(3):
        assert e.observe(s, seat).spare == ()


def test_open_spare_card_is_shown_to_everyone_and_the_search_player_keeps_it(e):
    # ruling deal, option open: 「余った1枚は表向きにして全員に見せ、使わない」
    s = dealt(e, 3, {"spare": "open"})
    for seat in range(3):
        assert e.observe(s, seat).spare == tuple(s.removed)
    for _ in range(3):
        e.apply(s, e.legal_actions(s)[0])
    for seed in range(5):
        d = e.determinize(e.information_set(s, 0), 0, random.Random(seed))
        assert d.removed == s.removed          # a face-up card is never re-dealt into a hidden hand
        e.check_invariants(d)
    boxed = dealt(e, 3, {})
    for _ in range(3):
        e.apply(boxed, e.legal_actions(boxed)[0])
    moved = {tuple(e.determinize(e.information_set(boxed, 0), 0, random.Random(seed)).removed)
             for seed in range(20)}
    assert len(moved) > 1                      # face down, the box card could be any unseen card


def test_open_spare_card_counts_as_seen_for_the_heuristic(e):
    # the heuristic keeps the card of the suit 「まだ見えていない枚数が多い」: a face-up spare card is seen
    s = dealt(e, 3, {"spare": "open"})
    obs = e.observe(s, 0)
    pol = make_policy(e, "heuristic")
    with_spare = pol._unseen_suits(obs)
    boxed = e.observe(s, 0).__class__(**{**obs.__dict__, "spare": ()})
    without = pol._unseen_suits(boxed)
    suit = e.facts.suit_of[s.removed[0]]
    assert with_spare[suit] == without[suit] - 1


def test_narration_names_the_open_spare_card(e):
    s = dealt(e, 3, {"spare": "open"})
    text = "\n".join(e.describe_setup(s))
    assert "余った1枚は表向きにして全員に見せ" in text and e.hand_text(s.removed) in text
    s = dealt(e, 3, {})
    assert "余った1枚は誰も見ずに箱へ戻します" in "\n".join(e.describe_setup(s))


# ------------------------------------------------------------------ ruling all_chant_parent (option all_chant)
def _all_chant_round(e, options: dict, parent: int):
    """Round 1 of a 4-player game with the 親 at ``parent``, everyone 読経; returns the narration of the
    last turn and the state after the round."""
    s = dealt(e, 4, options)
    for _ in range(4):
        e.apply(s, e.legal_actions(s)[0])
    s.round, s.parents = 0, []
    start_round(e.facts, s, parent)
    lines: list[str] = []
    for _ in range(4):
        chant = next(m for m in e.legal_actions(s) if m.kind == CHANT)
        before = s.clone()
        e.apply(s, chant)
        lines = e.narrate(before, chant, s)
    e.check_invariants(s)
    return s, "\n".join(lines)


def test_all_chant_moves_the_parent_left_by_default(e):
    # 「全プレイヤーが読経していたら、左隣のプレイヤーに親番を移してください。」
    s, text = _all_chant_round(e, {}, parent=2)
    assert s.round == 2 and s.parent == 3
    assert "親の左隣の" in text


def test_all_chant_stay_keeps_the_parent(e):
    # ruling all_chant_parent, option stay: the notes' worry 「最初にパスするとほぼ回ってこない」 measured
    s, text = _all_chant_round(e, {"all_chant": "stay"}, parent=2)
    assert s.round == 2 and s.parent == 2
    assert "親は移さず" in text


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_round_of_chanting_only_happens_before_anyone_has_sailed(e, players):
    # ruling all_chant_parent: 「全員が読経するのは、まだ誰も渡海していないラウンドだけ」 — once someone has
    # sailed he sails every round (「一度でも「渡海」を選んだ場合、「読経」を行うことはできません」) and each
    # round's first sailor can always play, so 「全プレイヤー」 never has to say whether players who are out count
    rng = random.Random(players)
    all_chant_rounds = 0
    for _ in range(150):
        s = e.new_state(players)
        e.apply(s, e.sample_chance(s, rng))
        while s.phase != 3:
            legal = e.legal_actions(s)
            # lean towards 読経 so that rounds of chanting only are common
            chants = [m for m in legal if m.kind == CHANT]
            a = rng.choice(chants if chants and rng.random() < 0.8 else legal)
            before = s.clone()
            e.apply(s, a)
            if before.phase == PLAY and s.round != before.round and s.phase == PLAY and not before.table_cards \
                    and a.kind == CHANT:
                all_chant_rounds += 1
                assert not any(before.sailed) and not any(before.out)
    assert all_chant_rounds > 50
