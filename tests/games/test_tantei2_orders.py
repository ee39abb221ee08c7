"""探偵無宿２: the orders the draft leaves open and pnp's rulings now print (flip-batch, all-order, release-order,
reshuffle-timing), each checked in random games against a small reference written from the printed sentence,
and each shown to disagree with the engine playing the other reading (the variant the question offers).

The references read the cards from the data and what the table shows; they never call the engine's rules.
"""
from __future__ import annotations

import random

import pytest

from pnp.games import tantei2 as T
from tests.games.tantei2_spies import spy, watched  # noqa: F401 — watched: the module's fixture
from tests.games.test_tantei2_differential_points import (  # noqa: F401 — game and cards: the module's fixtures
    Cards,
    cards,
    drive,
    game,
    position,
    reference_due,
)

SEEDS = range(60)


class Referee(T.Tantei2Engine):
    """The engine as it is; at each of the four moments it notes what it did beside what the ruling says."""

    def __init__(self, game, cards: Cards):
        super().__init__(game)
        self.cards = cards
        self.wrong: dict[str, list[str]] = {k: [] for k in ("flip", "all", "release", "reshuffle")}
        self.met = dict.fromkeys(self.wrong, 0)     # moments where the ruling decided something
        self.placed: list[list[int]] = []           # face-down cards per seat, in the order they were placed
        spy(self)

    def note(self, kind: str, ok: bool, what: str) -> None:
        if not ok:
            self.wrong[kind].append(what)

    # flip-batch: 「条件を満たしたカードが何枚もあれば、それらをまとめて表にし…効果をすべて適用し終えたら、
    # もう一度確かめます」
    def spy_auto_flip(self, go, s, seat, again):
        due = set(reference_due(self.cards, position(self, s, seat)))
        f = self.facts
        before = {f.ev_serial[e] for e in s.down[seat]}
        flipped = go()
        now = before - {f.ev_serial[e] for e in s.down[seat]}
        if len(due) > 1:
            self.met["flip"] += 1
        self.note("flip", now == due, f"seat {seat}: due {sorted(due)}, turned {sorted(now)}")
        return flipped

    # all-order: 「「全員が1枚ずつ引く」のように全員が行う効果は、手番プレイヤーから時計回りに1人ずつ行います」
    def spy_push_effects(self, go, s, seat, ops):
        depth = len(s.stack)
        go()
        if any(op == T.OPS["draw"] and who == T.WHO["all"] for op, _, who in ops):
            order = [t[1] for t in reversed(s.stack[depth:]) if t[0] == T.Task.DRAW]   # the order they will run
            self.met["all"] += 1
            self.note("all", order == [(seat + i) % s.n for i in range(s.n)], f"seat {seat}: {order}")

    # release-order: 「残さなかった裏向きのカードは、【手帳】に置いた順に1枚ずつ捨て札の上へ重ねます」
    def spy_release(self, go, s, seat):
        f = self.facts
        kept = {f.ev_serial[e] for e in s.kept}
        gone = [e for e in self.placed[seat] if e not in kept]
        before = len(s.discard)
        go()
        got = [f.ev_serial[e] for e in s.discard[before:]]
        if len(gone) > 1 and gone != sorted(gone):
            self.met["release"] += 1
        self.note("release", got == gone, f"seat {seat}: placed {gone}, discarded {got}")


def follow(engine: Referee, s) -> None:
    """After each step: the face-down cards in the order they appeared; and every 作り直し of the event deck
    comes when a draw finds it empty (「山が尽きても、次に引くときまでは作り直しません。引くときに山がなければ、
    そこで…新しい山にし、続けて引きます」)."""
    f = engine.facts
    for seat in range(s.n):
        down = {f.ev_serial[e] for e in s.down[seat]}
        engine.placed[seat] = [e for e in engine.placed[seat] if e in down]
        engine.placed[seat] += sorted(down - set(engine.placed[seat]))
    if s.phase == T.Phase.CHANCE and s.chance == T.Deck.EVENTS and s.round > 0:
        waiting = bool(s.stack) and s.stack[-1][0] == T.Task.DRAW
        engine.met["reshuffle"] += 1
        engine.note("reshuffle", waiting and not s.ev_deck,
                    f"round {s.round}: remade with {len(s.ev_deck)} cards left, next task {s.stack[-1:]}")


def referee(game, cards, variant: str) -> Referee:
    engine = Referee(game, cards)
    pol = T.HeuristicPolicy()
    for seed in SEEDS:
        s = engine.new_state(3 + seed % 2, variant, {"skills": seed % 3 == 0})
        engine.placed = [[] for _ in range(s.n)]
        drive(engine, s, random.Random(seed), pol if seed % 2 else None, lambda st: follow(engine, st))
    return engine


@pytest.fixture(scope="module")
def standard(game, cards):
    return referee(game, cards, "standard")


@pytest.mark.parametrize("kind", ["flip", "all", "release", "reshuffle"])
def test_the_engine_plays_the_printed_order(standard, kind):
    assert standard.wrong[kind] == []
    assert standard.met[kind] > 5, standard.met           # the games reach the moment the ruling decides


@pytest.mark.parametrize("kind,variant", [("flip", T.V_FLIP_ONE), ("all", T.V_ALL_NEXT),
                                          ("release", T.V_RELEASE_SERIAL), ("reshuffle", T.V_RESHUFFLE_NOW)])
def test_the_referee_catches_the_other_reading(game, cards, kind, variant):
    """Each reference can fail: the engine playing the question's other option disagrees with it."""
    assert referee(game, cards, variant).wrong[kind]


def test_each_ruling_is_printed_with_its_question_and_variant(game):
    by_id = {r.id: r for r in game.rulings}
    for rid, variant in (("flip-batch", T.V_FLIP_ONE), ("all-order", T.V_ALL_NEXT),
                         ("release-order", T.V_RELEASE_SERIAL), ("reshuffle-timing", T.V_RESHUFFLE_NOW)):
        ruling = by_id[rid]
        assert ruling.printed and ruling.provisional
        q = ruling.entry.asked
        assert q.option(q.chosen).variant == "standard"
        assert variant in {o.variant for o in q.options}
