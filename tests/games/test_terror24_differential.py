"""24 −共鳴するテロル−: a second, deliberately simple implementation of the scoring and end-of-game
rules, written from the rulebook's sentences (quoted below), run in lockstep with the engine.

The shadow reads only what a player at the table sees happen — which cards each player takes, who
dies, which card a player chooses to keep — and keeps its own score: VP per card, the halving and the
ウルフ's 4VP between hands, the cards kept, the play order, the bonuses of the third hand, the winner
and the tie-breaks.  After every hand it must agree with the engine; at the end, on the ranks.  A
second check builds thousands of random final positions (many ties) and compares ranks and bonuses.
"""
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


class Watched(T.Terror24Engine):
    """The engine, with the two table events the shadow needs reported as they happen: a player takes
    an incident card, a detective dies (at the last incident the hand's end follows within the same
    step: the cards are discarded and the new detectives arrive before the step returns)."""

    def __init__(self, game):
        super().__init__(game)
        self.taken: list[tuple[int, int]] = []
        self.deaths: list[int] = []

    def _die(self, s, seat, base):
        if s.alive[seat]:
            self.deaths.append(seat)
        super()._die(s, seat, base)

    def _award(self, s, seat, slot):
        self.taken.append((seat, s.layout[slot]))
        super()._award(s, seat, slot)


@pytest.fixture(scope="module")
def E(game):
    return Watched(game)


@pytest.fixture(scope="module")
def cards(game, E):
    """(suit, number) of each 事件カード, read from the deck data (not from the engine)."""
    by_id = {c.id: (c.suit.id, int(c.value)) for c in game.deck("incidents").physical_cards()}
    return [by_id[cid] for cid in E.card_ids]


class Shadow:
    """The rulebook's scoring, kept by hand."""

    def __init__(self, players: int, hands: int, variant: str, detectives: list[str], cards):
        self.n, self.hands, self.variant, self.cards = players, hands, variant, cards
        self.det = detectives
        # 「4人で遊ぶときは4番手（親の右隣）が、5人で遊ぶときは4番手と5番手が、キューブを1に置きます」
        self.vp = [1 if seat >= 3 else 0 for seat in range(players)]
        self.order = list(range(players))         # 1ハンド目: 親を1番目として時計回り
        self.hand = 1
        self.won = [[] for _ in range(players)]
        self.kept = [[] for _ in range(players)]
        self.died = [False] * players

    def take(self, seat: int, card: int) -> None:
        # 「カードの数字だけVPを得て、スコアカードのキューブを進めます」
        self.won[seat].append(card)
        self.vp[seat] += self.cards[card][1]

    def third_hand_rules(self) -> bool:
        # 「「3ハンド目」のルールは、3ハンドで遊ぶときの3ハンド目だけで使います」
        # (variant two-hands-final: also the second hand of a 2-hand game)
        return self.hand == 3 or (self.variant == "two-hands-final" and self.hands == 2 and self.hand == 2)

    def wolf(self, seat: int) -> bool:
        # 「ウルフ | ハンド中に殉職すると、4VPを得ます」 (2ハンド目から; not in the memo's skills)
        return self.hand >= 2 and self.variant != "notes-skills" and self.det[seat] == "wolf"

    def bonuses(self, seat: int) -> tuple[int, int]:
        # 「活躍者：同じスートの事件カードを3枚以上獲得していれば、そのスート1つにつき3VPを得ます。
        #   3ハンド目の開始時に手元に残していたカードも数えます」
        suits: dict[str, int] = {}
        for c in self.won[seat] + self.kept[seat]:
            suits[self.cards[c][0]] = suits.get(self.cards[c][0], 0) + 1
        active = sum(3 for k in suits.values() if k >= 3)
        # 「黒幕：3ハンド目に数字5の事件カードを獲得し、それと同じスートの事件カードも3ハンド目に1枚以上
        #   獲得していれば…条件を満たす5のカード1枚につき1VPを得ます」, and 「黒幕で数えるのは、3ハンド目で
        #   獲得したカードだけです」 (variant mastermind-kept: the kept cards count too)
        pool = self.won[seat] + (self.kept[seat] if self.variant == "mastermind-kept" else [])
        mastermind = 0
        for c in self.won[seat]:
            suit, number = self.cards[c]
            if number == 5 and sum(1 for d in pool if self.cards[d][0] == suit) >= 2:
                mastermind += 1
        return active, mastermind

    def keep_options(self, seat: int) -> list[int]:
        # 「このハンドで獲得した事件カードのうち、数字が5でないものを1枚選び」
        # (variant keep-old: the card kept before may be kept instead)
        opts = [c for c in self.won[seat] if self.cards[c][1] != 5]
        return opts + (self.kept[seat] if self.variant == "keep-old" else [])

    def keep(self, seat: int, card: int | None) -> None:
        if card is None:
            return                                 # 「このハンドのカードを残せません」
        if self.variant == "keep-old":
            self.kept[seat] = [card]
        elif card not in self.kept[seat]:
            self.kept[seat].append(card)           # 「前のハンドから残しているカードは、そのまま」

    def end_of_last_hand(self) -> None:
        # 「有終の美：3ハンド目で殉職した刑事も、VPは半分になりません」; ウルフ's 4VP in full
        for seat in range(self.n):
            if self.died[seat] and self.wolf(seat) and self.variant != "wolf-halved":
                self.vp[seat] += 4
        if self.third_hand_rules():
            for seat in range(self.n):
                self.vp[seat] += sum(self.bonuses(seat))

    def next_hand(self) -> None:
        for seat in range(self.n):
            if self.died[seat]:
                # 「そのプレイヤーは、いまのVPを半分にします（端数は切り捨て）」
                self.vp[seat] //= 2
                # 「ウルフは、ハンド中に殉職すると、ハンドの終わりに4VPを得ます…VPを半分にしたあとで
                #   4VPを加えます」 (variant wolf-halved: at death, halved with the rest — see died())
                if self.wolf(seat) and self.variant != "wolf-halved":
                    self.vp[seat] += 4
        # 「VPのもっとも少ないプレイヤーから順に、プレイ順カードを1、2、3、4と受け取ります。VPが同じ
        #   なら、このハンドのプレイ順の遅いプレイヤーが先に受け取ります」
        place = {seat: k for k, seat in enumerate(self.order)}
        self.order = sorted(range(self.n), key=lambda i: (self.vp[i], -place[i]))
        self.hand += 1
        self.won = [[] for _ in range(self.n)]
        self.died = [False] * self.n

    def die(self, seat: int) -> None:
        self.died[seat] = True
        if self.variant == "wolf-halved" and self.wolf(seat):
            self.vp[seat] += 4

    def ranks(self) -> tuple[int, ...]:
        """「VPのもっとも多いプレイヤーの勝ちです」; 同点: 1ハンド「親から時計回りで近いプレイヤー」,
        2ハンド「2ハンド目のプレイ順がもっとも早いプレイヤー」, 3ハンド「3ハンド目のプレイ順がもっとも
        遅いプレイヤー」."""
        place = {seat: k for k, seat in enumerate(self.order)}
        late = self.third_hand_rules()
        ranked = sorted(range(self.n), key=lambda i: (-self.vp[i], -place[i] if late else place[i]))
        out = [0] * self.n
        for r, seat in enumerate(ranked, 1):
            out[seat] = r
        return tuple(out)


def lockstep(E, cards, seed: int, players: int, hands: int, variant: str) -> None:
    rng = random.Random(seed)
    s = E.new_state(players, variant, {"hands": hands})
    shadow = None
    while E.to_move(s) != TERMINAL:
        m = E.to_move(s)
        a = E.sample_chance(s, rng) if m == CHANCE else rng.choice(E.legal_actions(s))
        hand_before = s.hand_no
        if isinstance(a, T.Keep):
            assert a.card in shadow.keep_options(m) and len(shadow.keep_options(m)) > 1
            shadow.keep(m, a.card)
        E.taken.clear()
        E.deaths.clear()
        E.apply(s, a)
        if shadow is None and s.phase != T.P_PICK:
            shadow = Shadow(players, hands, variant, [E.det_ids[d] for d in s.det], cards)
        if shadow is None:
            continue
        for seat in E.deaths:
            shadow.die(seat)
        for seat, c in E.taken:
            shadow.take(seat, c)
        if s.hand_no != hand_before or E.to_move(s) == TERMINAL:
            if E.to_move(s) == TERMINAL:
                shadow.end_of_last_hand()
            else:
                # choices the engine made for the player: exactly one card allowed, or none
                for seat in range(players):
                    opts = shadow.keep_options(seat)
                    if len(opts) == 1:
                        shadow.keep(seat, opts[0])
                shadow.next_hand()
                assert [sorted(k) for k in s.kept] == [sorted(k) for k in shadow.kept], (seed, s.kept, shadow.kept)
                assert s.order == shadow.order, (seed, s.order, shadow.order)
            assert s.vp == shadow.vp, (seed, variant, hands, s.hand_no, s.vp, shadow.vp)
    r = E.result(s)
    assert r.ranks == shadow.ranks(), (seed, variant, hands, s.vp, r.ranks, shadow.ranks())
    assert [int(v) for v in r.scores] == shadow.vp
    assert r.end_reason == "hands_exhausted" and r.end_reason_ja == f"{hands}ハンド終了"


VARIANTS = ("standard", "notes-skills", "keep-old", "wolf-halved", "two-hands-final", "mastermind-kept")


@pytest.mark.parametrize("variant", VARIANTS)
def test_lockstep_random_games(E, cards, variant):
    """Random legal games, every player count and number of hands: the shadow's scores, kept cards,
    play order and ranks equal the engine's after every hand."""
    k = 0
    for hands in (1, 2, 3):
        for players in (3, 4, 5):
            for seed in range(25 if hands == 1 else 40):
                lockstep(E, cards, 1000 * hands + 100 * players + seed, players, hands, variant)
                k += 1
    assert k == 3 * (25 + 40 + 40)


@pytest.mark.parametrize("hands", [1, 2, 3])
def test_random_final_positions_ranks_and_bonuses(E, cards, hands):
    """Thousands of random last incidents (VP close together, so ties are common): who wins, the
    ranks, the 活躍者/黒幕 bonuses."""
    rng = random.Random(hands)
    n_ids = E.card_ids
    ties = 0
    for trial in range(800):
        players = 3 + trial % 3
        variant = VARIANTS[trial % len(VARIANTS)]
        deck = list(range(len(n_ids)))
        rng.shuffle(deck)
        col5 = [deck.pop(), deck.pop()]
        names = [chr(ord("A") + i) for i in range(players)]
        won, kept = {}, {}
        for name in names:
            won[name] = [n_ids[deck.pop()] for _ in range(rng.randint(0, 3))]
            if hands >= 2:
                room = 1 if variant == "keep-old" else hands - 1
                kept[name] = [n_ids[c] for c in [deck.pop() for _ in range(rng.randint(0, room))]
                              if cards[c][1] != 5]
        order = names[:]
        rng.shuffle(order)
        setup = {"hand": hands, "incident": 5, "incidents": {5: [n_ids[c] for c in col5]},
                 "won": won, "kept": kept, "vp": {x: rng.randint(10, 14) for x in names},
                 "cards": {x: [rng.choice([0, 1, 2, 3, 4, 5, 6]), 3] for x in names}, "order": order}
        s = E.example_state(players, setup, variant, {"hands": hands})
        shadow = Shadow(players, hands, variant, [E.det_ids[d] for d in s.det], cards)
        shadow.hand = hands
        shadow.order = s.order[:]
        shadow.vp = s.vp[:]
        shadow.won = [w[:] for w in s.won]
        shadow.kept = [k[:] for k in s.kept]
        E.taken.clear()
        while E.to_move(s) != TERMINAL:
            E.apply(s, E.legal_actions(s)[0])    # nobody challenges (ヒバチ of the memo takes 1位)
        for seat, c in E.taken:
            shadow.take(seat, c)
        shadow.end_of_last_hand()
        if shadow.third_hand_rules():
            assert [E.bonuses(s, i) for i in range(players)] == [shadow.bonuses(i) for i in range(players)]
        assert s.vp == shadow.vp
        assert E.result(s).ranks == shadow.ranks(), (trial, variant, s.vp, s.order)
        ties += sorted(s.vp)[-1] == sorted(s.vp)[-2]
    assert ties > 50                             # the tie-breaks were really exercised
