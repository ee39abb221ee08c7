"""The causal card figure: seats dealt a card against seats dealt other cards of its group.

The games here are made up so the truth is known: 3 seats are each dealt 3 of 18 cards.  ``boost``
truly helps: its holder wins twice as often.  ``show`` does nothing, but it is played only by the
seat that is winning anyway (a selection effect): its users win every game.  The win rate of users
flags both; the win rate of the seats dealt them flags ``boost`` only."""
from __future__ import annotations

import random

from records_only_engine import RecordsOnly

from pnp.sim.cardeffects import card_effect_lines_ja, effect_units
from pnp.sim.engine import BaseEngine, Capabilities, GameRecord, Result
from pnp.sim.metrics import Summary
from pnp.sim.runner import Batch

CARDS = ["boost", "show"] + [f"c{i:02d}" for i in range(16)]


class CardGame(RecordsOnly):

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
    assert units["boost"]["flag"] == "strong" and units["boost"]["p_adjusted"] < 0.05
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
    # one entry per card dealt: the three cards together are dealt three times as often as one card
    dealt = sum(sum(c in ("c00", "c01", "c02") for c in r.result.extra["cards_dealt"]) for r in _games(1500, seed=4))
    assert u["dealt"]["n"] == dealt and u["dealt"]["n"] > units["c03"]["dealt"]["n"] * 2


def test_the_report_lines_say_what_was_compared_and_what_it_could_find():
    s = _summary(CardGame(), _games(3000, seed=3))
    lines = card_effect_lines_ja(s["card_effects"])
    assert "3000ゲーム" in lines[0] and "配り直し" in lines[0] and "見つけられる差" in lines[0]
    assert any(line.startswith("・増援：配られると強い。配られた席") for line in lines)
    assert not any("見せ札" in line for line in lines)


def test_no_card_matters_then_the_redeal_keeps_false_flags_rare():
    """18 cards tested at once with no effect anywhere: without the correction some card would be
    flagged in most batches; with the re-dealing step-down maxT (games as the unit), in few."""
    flagged = uncorrected = 0
    for seed in range(30):
        units = _summary(CardGame(), _games(400, seed, boost=1.0))["card_effects"]["units"].values()
        flagged += any(u["flag"] for u in units)
        uncorrected += any(u.get("p", 1) < 0.05 for u in units)
    assert uncorrected >= 10 and flagged <= 3


def test_the_redeal_statistic_is_the_interval_s_own_and_the_figure_ignores_the_order_games_came_in():
    """The re-dealing test reads the same studentised difference the printed interval comes from (for units
    compared within their class and for a unit alone in its class, compared with every card), and the
    re-deals are drawn per game from the game's seed: games added in another order (--jobs) give the same
    figure, p-values included."""
    from pnp.sim.cardeffects import DealtCards
    from pnp.sim.cardperm import Redeal

    groups = {c: ("hi" if c in ("boost", "c00", "c01") else "lo") for c in CARDS}
    groups["show"] = "solo"                        # alone in its class: weighed against every card dealt
    engine = CardGame({"c02": "x", "c03": "x"}, groups)
    records = _games(600, seed=7)
    acc = DealtCards(engine, 3, False)
    for r in records:
        acc.add(r)
    games, cls, alone = acc._entries()
    assert alone == {("show",)}
    redeal = Redeal(games, cls, alone)
    observed, _ = redeal._draws(0)
    t = dict(zip(redeal.units, redeal._statistics(observed)))
    for u, pr in acc._folded().items():
        d, se = pr.estimate()
        assert abs(t[u] - abs(d / se)) < 1e-9, u
    forward = _summary(engine, records)["card_effects"]
    backward = Summary(engine, Batch(3, ("h",), len(records), seed=1))
    for r in reversed(records):
        backward.add(r)
    assert backward.result()["card_effects"] == forward
    p_adj = [u["p_adjusted"] for u in forward["units"].values() if "p_adjusted" in u]
    assert len(p_adj) == forward["tested"] == len(forward["units"]) and min(p_adj) >= 1 / 200


# ---------------------------------------------------------------------------- restricted play
# A small real engine: each of 3 seats is dealt one card of six; in turn each may play its card or pass;
# then a die picks the winner, four times as likely a seat that played "gold".  "dud" does nothing.

from dataclasses import dataclass  # noqa: E402

from pnp.sim.cardeffects import Restricted, restricted_lines_ja, restricted_play  # noqa: E402
from pnp.sim.engine import CHANCE, TERMINAL, Variant  # noqa: E402
from pnp.sim.runner import run_games  # noqa: E402

DECK = ("gold", "dud", "c1", "c2", "c3", "c4")


@dataclass(frozen=True, order=True)
class Move:
    kind: str          # "deal", "play", "pass", "win"
    value: tuple = ()

    def label(self) -> str:
        return f"{self.kind}{self.value}"

    def to_json(self):
        return {"kind": self.kind, "value": list(self.value)}


class S:
    __slots__ = ("hands", "played", "turn", "winner")

    def __init__(self) -> None:
        self.hands, self.played, self.turn, self.winner = None, [], 0, None

    def clone(self) -> S:
        c = S()
        c.hands, c.played, c.turn, c.winner = self.hands, list(self.played), self.turn, self.winner
        return c


class PlayGame(BaseEngine):
    capabilities = Capabilities("play", 3, 3, action_cards=True)
    max_steps = 20
    variants = (Variant("standard", "標準", ""),)
    options = ()
    labels_ja = {"gold": "金貨", "dud": "空札"}
    card_groups = {c: ("gold" if c == "gold" else "plain") for c in DECK}   # the dud is weighed against plain cards

    def new_state(self, players, variant="standard", options=None):
        return S()

    def to_move(self, s):
        if s.winner is not None:
            return TERMINAL
        return CHANCE if s.hands is None or s.turn == 3 else s.turn

    def legal_actions(self, s):
        return [Move("pass"), Move("play", (s.hands[s.turn],))]

    def sample_chance(self, s, rng):
        if s.hands is None:
            return Move("deal", tuple(rng.sample(DECK, 3)))
        weights = [4.0 if s.hands[i] == "gold" and s.hands[i] in s.played else 1.0 for i in range(3)]
        return Move("win", (rng.choices(range(3), weights)[0],))

    def apply(self, s, a):
        if a.kind == "deal":
            s.hands = a.value
        elif a.kind == "win":
            s.winner = a.value[0]
        else:
            if a.kind == "play":
                s.played.append(a.value[0])
            s.turn += 1

    def observe(self, s, seat):
        return (s.hands[seat], tuple(s.played))

    def result(self, s):
        w = s.winner
        return Result(tuple(float(i == w) for i in range(3)), tuple(1 if i == w else 2 for i in range(3)), "done", "",
                      {"cards_dealt": {c: i for i, c in enumerate(s.hands)},
                       "cards_used": {c: s.hands.index(c) for c in s.played}})

    def check_invariants(self, s):
        pass

    def action_from_json(self, data):
        return Move(data["kind"], tuple(data["value"]))

    def state_hash(self, s):
        return repr((s.hands, s.played, s.turn, s.winner))

    def action_cards(self, a):
        return a.value if a.kind == "play" else ()

    policies = {"player": lambda: Player()}


class Player:
    name = "player"

    def choose(self, obs, legal, rng):
        return legal[-1]           # plays its card whenever it may


def test_restricted_play_finds_the_card_worth_using_and_not_the_dud():
    engine = PlayGame()
    batch = Batch(3, ("player",), 600, seed=2)
    rp = restricted_play(engine, batch, [("gold",), ("dud",)], 600)
    gold, dud = rp["units"]["gold"], rp["units"]["dud"]
    assert 200 < gold["pairs"] < 400                 # games where some seat was dealt it: about half
    assert gold["matters"] and gold["diff"]["ci"][1] < -0.2     # 2/3 against 1/3 when played
    assert not dud["matters"] and dud["diff"]["mean_diff"] == 0  # same seeds, nothing changes
    assert gold["avoided"] == gold["pairs"] and gold["forced"] == 0
    lines = restricted_lines_ja(rp)
    assert any(line.startswith("・金貨（") and "使えないと勝率が変わります" in line for line in lines)
    assert any(line.startswith("・空札（") and "使えなくても勝率の差は言えません" in line for line in lines)


def test_the_restricted_seat_plays_its_forbidden_card_only_when_nothing_else_is_legal():
    engine = PlayGame()
    pol = Restricted(Player(), frozenset({"gold"}), engine.action_cards)
    assert pol.choose(None, [Move("pass"), Move("play", ("gold",))], None) == Move("pass")
    assert pol.choose(None, [Move("play", ("gold",))], None) == Move("play", ("gold",))
    assert (pol.avoided, pol.forced) == (2, 1)


def test_the_dealt_figure_of_the_real_engine_agrees():
    recs = run_games(PlayGame(), Batch(3, ("player",), 1500, seed=4))
    s = _summary(PlayGame(), recs)
    assert s["card_effects"]["units"]["gold"]["flag"] == "strong"
    assert s["card_effects"]["units"]["dud"]["flag"] is None


def test_the_report_prints_the_dealt_figure_first_and_names_the_users_figure_observational(tmp_path):
    from pypdf import PdfReader

    from pnp.sim.labels import report_labels
    from pnp.sim.report import write_report
    engine = PlayGame()
    batch = Batch(3, ("player",), 900, seed=4)
    s = _summary(engine, run_games(engine, batch))
    s["card_effects"]["restricted"] = restricted_play(engine, batch, [("gold",)], 200)
    pdf = tmp_path / "r.pdf"
    write_report(pdf, "カード", [s], labels=report_labels(engine, [s]))
    text = "".join((p.extract_text() or "").replace("\n", "").replace(" ", "") for p in PdfReader(pdf).pages)
    assert text.index("配られたカードの勝率（因果）") < text.index("使った席の勝率（観察値・因果ではありません）")
    assert "・金貨：配られると強い。" in text and "使えない席の勝率（制限プレイ）" in text
    assert "強すぎる・弱いは、カードの数だけ" not in text      # the users' figure flags no strength


def test_a_class_that_helps_its_holder_does_not_lift_each_of_its_cards():
    """Every 'hi' card helps its holder alike (no card differs from another of its class): holding two
    helps more than one.  Against seats counted once, each hi card would read strong; counted per card,
    none does."""
    groups = {c: ("hi" if c in ("boost", "show", "c00", "c01", "c02", "c03") else "lo") for c in CARDS}
    rng = random.Random(8)
    records = []
    for i in range(3000):
        deck = rng.sample(CARDS, 9)
        hands = [deck[0:3], deck[3:6], deck[6:9]]
        weight = [3.0 ** sum(groups[c] == "hi" for c in h) for h in hands]
        w = rng.choices(range(3), weight)[0]
        res = Result(tuple(float(s == w) for s in range(3)), tuple(1 if s == w else 2 for s in range(3)), "done", "",
                     {"cards_dealt": {c: s for s, h in enumerate(hands) for c in h}})
        records.append(GameRecord(i, i, 3, ("h",) * 3, "standard", {}, res, 1, 1, 1, ()))
    units = _summary(CardGame(groups=groups), records)["card_effects"]["units"]
    assert not any(u["flag"] for u in units.values())
    assert all(abs(u["diff"]["mean_diff"]) < 0.05 for u in units.values())
