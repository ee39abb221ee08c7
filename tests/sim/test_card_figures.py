"""Card figures that mean something: a card is compared with comparable cards (its group), uses weigh
in as they happen (exposure), and the flags survive Holm's correction over every card tested at once.

The games here are made up so the truth is known: each of 3 seats holds one card; a card's VP tier
decides the winner (a 5VP card beats a 1VP card), and within a tier no card matters — except where
a test says otherwise."""
from __future__ import annotations

import random

from records_only_engine import RecordsOnly

from pnp.sim.engine import GameRecord, Result
from pnp.sim.metrics import Summary
from pnp.sim.runner import Batch

CARDS = [f"hi{i}" for i in range(12)] + [f"lo{i}" for i in range(12)]


class CardGame(RecordsOnly):

    def __init__(self, grouped: bool) -> None:
        if grouped:
            self.card_groups = {c: ("5VP" if c.startswith("hi") else "1VP") for c in CARDS}


def _games(n: int, seed: int, strong: str | None = None) -> list[GameRecord]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        hand = rng.sample(CARDS, 3)
        # the tier decides; within it a fair draw, unless one card is made to win whenever it is held
        weight = [(10 if c.startswith("hi") else 1) * (1000 if c == strong else 1) for c in hand]
        w = rng.choices(range(3), weight)[0]
        res = Result(tuple(1.0 if s == w else 0.0 for s in range(3)), tuple(1 if s == w else 2 for s in range(3)),
                     "done", "", {"cards_used": {c: s for s, c in enumerate(hand)}})
        out.append(GameRecord(i, i, 3, ("h",) * 3, "standard", {}, res, 1, 1, 1, ()))
    return out


def _cards(engine, records):
    acc = Summary(engine, Batch(3, ("h",), len(records), seed=1))
    for r in records:
        acc.add(r)
    return acc.result()["cards"]


def test_cards_that_win_for_their_tier_are_not_flagged_against_comparable_cards():
    records = _games(3000, seed=4)
    flat = _cards(CardGame(grouped=False), records)
    grouped = _cards(CardGame(grouped=True), records)
    # one baseline for all: the 5VP cards look 「強すぎる」 and the 1VP cards 「弱い」, for their VP alone
    assert sum("dominant" in c["flags"] for c in flat.values()) >= 10
    assert not any(set(c["flags"]) & {"dominant", "weak"} for c in grouped.values())
    assert grouped["hi0"]["group"] == "5VP" and grouped["hi0"]["base"] > 0.5 and "p_holm" in grouped["hi0"]


def test_a_card_that_wins_within_its_tier_is_flagged():
    cards = _cards(CardGame(grouped=True), _games(3000, seed=5, strong="hi3"))
    assert cards["hi3"]["flags"] == ["dominant"] and cards["hi3"]["p_holm"] < 0.05
    # the 1VP cards are untouched; a 5VP card may read 「弱い」 beside hi3, which beats it at the table
    assert all(not c["flags"] for k, c in cards.items() if k.startswith("lo"))
    assert all(c["flags"] in ([], ["weak"]) for k, c in cards.items() if k != "hi3")


def test_holm_keeps_chance_flags_rare_over_many_batches():
    """24 cards tested at once, none different within its tier.  Without a correction, a batch would flag
    some card in about 1 − 0.95²⁴ ≈ 70% of batches; with Holm's, in few.  (Not quite 5%: a card's user
    winning makes the others at its table lose, which the test of two rates does not model — measured
    11% over 80 batches of this kind.)"""
    flagged = uncorrected = 0
    for s in range(40):
        cards = _cards(CardGame(True), _games(600, s)).values()
        flagged += any(set(c["flags"]) & {"dominant", "weak"} for c in cards)
        uncorrected += any(c.get("p", 1) < 0.05 for c in cards)
    assert uncorrected >= 20 and flagged <= 8
