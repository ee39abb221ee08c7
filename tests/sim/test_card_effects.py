"""The causal card figure: seats dealt a card against seats dealt other cards of its group.

The games here are made up so the truth is known: 3 seats are each dealt 3 of 18 cards.  ``boost``
truly helps: its holder wins twice as often.  ``show`` does nothing, but it is played only by the
seat that is winning anyway (a selection effect): its users win every game.  The win rate of users
flags both; the win rate of the seats dealt them flags ``boost`` only."""
from __future__ import annotations

import random

from pnp.sim.cardeffects import card_effect_lines_ja, effect_units
from pnp.sim.engine import GameRecord, Result
from pnp.sim.metrics import Summary
from pnp.sim.runner import Batch

CARDS = ["boost", "show"] + [f"c{i:02d}" for i in range(16)]


class CardGame:
    game_id, max_steps, cooperative = "cards", 10, False

    def __init__(self, effects: dict[str, str] | None = None, groups: dict[str, str] | None = None) -> None:
        self.card_effects = effects or {}
        self.card_groups = groups or {}
        self.labels_ja = {"boost": "増援", "show": "見せ札"}


def _games(n: int, seed: int, boost: float = 2.0, dealt: bool = True) -> list[GameRecord]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        deck = rng.sample(CARDS, 9)
        hands = [deck[0:3], deck[3:6], deck[6:9]]
        weight = [boost if "boost" in h else 1.0 for h in hands]
        w = rng.choices(range(3), weight)[0]
        used = {c: s for s, h in enumerate(hands) for c in h if c != "show"}
        if "show" in hands[w]:
            used["show"] = w                 # only the seat already winning plays it
        extra = {"cards_used": used}
        if dealt:
            extra["cards_dealt"] = {c: s for s, h in enumerate(hands) for c in h}
        res = Result(tuple(1.0 if s == w else 0.0 for s in range(3)), tuple(1 if s == w else 2 for s in range(3)),
                     "done", "", extra)
        out.append(GameRecord(i, i, 3, ("h",) * 3, "standard", {}, res, 1, 1, 1, ()))
    return out


def _summary(engine, records):
    acc = Summary(engine, Batch(3, ("h",), len(records), seed=1))
    for r in records:
        acc.add(r)
    return acc.result()


def test_the_dealt_figure_flags_the_card_that_helps_and_not_the_card_winners_play():
    s = _summary(CardGame(), _games(3000, seed=3))
    units = s["card_effects"]["units"]
    assert units["boost"]["flag"] == "strong" and units["boost"]["p_holm"] < 0.05
    assert units["boost"]["diff"]["ci"][0] > 0.1            # 1/2 against 1/4 when dealt: about +25 points
    assert units["show"]["flag"] is None
    assert units["show"]["diff"]["ci"][0] < 0 < units["show"]["diff"]["ci"][1]
    # its users win every game: the observation, kept as a figure, flags nothing beside the causal one
    assert s["cards"]["show"]["user_win_rate"]["rate"] == 1.0
    assert not any(set(c["flags"]) & {"dominant", "weak"} for c in s["cards"].values())
    # the other cards of the deck: none flagged (boost's holder wins, so they may read a little weak)
    assert sum(u["flag"] is not None for k, u in units.items() if k not in ("boost",)) <= 1


def test_without_dealt_cards_the_users_figure_still_flags_and_is_named_observational():
    s = _summary(CardGame(), _games(3000, seed=3, dealt=False))
    assert "card_effects" not in s
    assert "dominant" in s["cards"]["show"]["flags"]      # the selection effect the dealt figure avoids


def test_cards_with_identical_effects_are_one_unit_compared_within_their_group():
    effects = {"c00": "draw1", "c01": "draw1", "c02": "draw1"}
    groups = {c: ("hi" if c in ("boost", "c00", "c01", "c02", "c03") else "lo") for c in CARDS}
    engine = CardGame(effects, groups)
    assert effect_units(engine, CARDS)["c01"] == ("c00", "c01", "c02")
    s = _summary(engine, _games(1500, seed=4))
    units = s["card_effects"]["units"]
    assert "c00・c01・c02" in units and "c01" not in units
    u = units["c00・c01・c02"]
    assert u["group"] == "hi" and u["cards"] == ["c00", "c01", "c02"]
    # a seat dealt two of the three counts once: at most the seats of the games
    assert u["dealt"]["n"] <= 3 * 1500 and u["dealt"]["n"] > units["c03"]["dealt"]["n"] * 2


def test_the_report_lines_say_what_was_compared_and_what_it_could_find():
    s = _summary(CardGame(), _games(3000, seed=3))
    lines = card_effect_lines_ja(s["card_effects"])
    assert "3000ゲーム" in lines[0] and "Holm" in lines[0] and "見つけられる差" in lines[0]
    assert any(line.startswith("・増援：配られると強い。配られた席") for line in lines)
    assert not any("見せ札" in line for line in lines)


def test_no_card_matters_then_holm_keeps_false_flags_rare():
    """18 cards tested at once with no effect anywhere: without the correction some card would be
    flagged in most batches; with Holm's and games as the unit, in few."""
    flagged = uncorrected = 0
    for seed in range(30):
        units = _summary(CardGame(), _games(400, seed, boost=1.0))["card_effects"]["units"].values()
        flagged += any(u["flag"] for u in units)
        uncorrected += any(u.get("p", 1) < 0.05 for u in units)
    assert uncorrected >= 10 and flagged <= 3
