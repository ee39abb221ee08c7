"""How much one chance event during play (a die, a card drawn) predicts the winner: ``event_luck``."""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.engine import CHANCE, TERMINAL, BaseEngine, Capabilities, Result, Variant
from pnp.sim.errors import SimError
from pnp.sim.skill import event_luck, skill_luck, skill_luck_ja

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True, order=True)
class Deal:
    seat: int

    def label(self) -> str:
        return "配り"

    def to_json(self) -> Any:
        return {"deal": self.seat}


@dataclass(frozen=True, order=True)
class Roll:
    face: int

    def label(self) -> str:
        return f"ダイス: {self.face + 1}"

    def to_json(self) -> Any:
        return {"roll": self.face}


@dataclass(frozen=True, order=True)
class Pick:
    card: str

    def label(self) -> str:
        return f"カード{self.card}"

    def to_json(self) -> Any:
        return {"pick": self.card}


class State:
    __slots__ = ("n", "variant", "dealt", "picks", "die")

    def __init__(self, n: int, variant: str) -> None:
        self.n, self.variant, self.dealt, self.picks, self.die = n, variant, None, [], None

    def clone(self) -> State:
        s = State(self.n, self.variant)
        s.dealt, s.picks, s.die = self.dealt, list(self.picks), self.die
        return s


class DiceToy(BaseEngine):
    """An opening deal that matters to nobody, seat 1 picks a card, a die is rolled, the other seats pick.

    * variant ``standard``: the die names the winning seat (the team wins on a 1 in the cooperative game);
    * variant ``idle``: the die is rolled and forgotten: the number of "a" cards picked names the winner.
    """

    variants = (Variant("standard", "ダイスで決まる", ""), Variant("idle", "ダイスは飾り", ""))
    options = ()
    max_steps = 20

    def __init__(self, cooperative: bool = False) -> None:
        self.capabilities = Capabilities("dicetoy", 2, 4, cooperative=cooperative)
        self.cooperative = cooperative

    def new_state(self, players: int, variant: str = "standard", options: Any = None) -> State:
        return State(players, variant)

    def to_move(self, s: State) -> int:
        if s.dealt is None:
            return CHANCE
        if not s.picks:
            return 0
        if s.die is None:
            return CHANCE
        return len(s.picks) if len(s.picks) < s.n else TERMINAL

    def legal_actions(self, s: State) -> list[Any]:
        return [Pick("a"), Pick("b")]

    def sample_chance(self, s: State, rng: random.Random) -> Any:
        return Deal(rng.randrange(s.n)) if s.dealt is None else Roll(rng.randrange(6 if self.cooperative else s.n))

    def apply(self, s: State, a: Any) -> None:
        if isinstance(a, Deal):
            s.dealt = a.seat
        elif isinstance(a, Roll):
            s.die = a.face
        else:
            s.picks.append(a.card)

    def observe(self, s: State, seat: int) -> Any:
        return tuple(s.picks)

    def result(self, s: State) -> Result:
        if s.variant == "standard":
            w = s.die
        else:
            w = s.picks.count("a") % s.n
        if self.cooperative:
            won = w == 0
            return Result((float(won),) * s.n, (1 if won else 2,) * s.n, "won" if won else "lost")
        return Result(tuple(float(i == w) for i in range(s.n)), tuple(1 if i == w else 2 for i in range(s.n)), "done")

    def check_invariants(self, s: State) -> None:
        pass

    def action_from_json(self, data: Any) -> Any:
        return Deal(data["deal"]) if "deal" in data else Roll(data["roll"]) if "roll" in data else Pick(data["pick"])

    def state_hash(self, s: State) -> str:
        return hashlib.sha256(repr((s.dealt, s.picks, s.die)).encode()).hexdigest()


class NamedDiceToy(DiceToy):
    """The same game naming its chance steps itself: the deal is left out, the die is 「ダイス1個」."""

    def chance_event_ja(self, s: State, outcome: Any) -> str | None:
        return "ダイス1個" if isinstance(outcome, Roll) else None


def test_a_die_that_decides_the_winner_gives_a_large_difference():
    ev = event_luck(DiceToy(), 3, games=12, continuations=4, seed=3, policy="random")
    assert ev["measured"] == 12 and ev["kinds"] == {"ダイス": 12}      # the opening deal is never drawn
    assert ev["same_outcome_kept"]["rate"] == 1.0                      # the die names the winner
    assert ev["same_outcome_redrawn"]["rate"] < 0.6                    # a new die: one seat in three
    assert ev["difference"]["mean"] > 0.4 and ev["difference"]["ci"][0] > 0.3


def test_a_die_that_does_not_matter_gives_no_difference():
    """The die is forgotten and the cards picked later decide: the players keep their own random numbers in
    every continuation, so their picks are no luck — kept or re-drawn, the same seat wins, and the figure
    says the die hardly matters (the interval's upper end under the 5-point margin) after the first look."""
    ev = event_luck(DiceToy(), 3, games=48, continuations=4, seed=3, policy="random", variant="idle")
    assert ev["difference"]["ci"] == [0.0, 0.0] and ev["decision"] == "little"
    assert ev["same_outcome_kept"]["rate"] == ev["same_outcome_redrawn"]["rate"] == 1.0
    assert ev["games"] == 16 and ev["budget"] == 48                    # it stopped at the first look
    line = skill_luck_ja({"event": ev})[0]
    assert "区間の上端が5ポイント未満なので、その1回の偶然で勝つ席はほとんど決まりません" in line


def test_a_cooperative_game_compares_the_team_outcome():
    ev = event_luck(DiceToy(cooperative=True), 2, games=12, continuations=4, seed=1, policy="random")
    assert ev["cooperative"] and ev["same_outcome_kept"]["rate"] == 1.0
    assert ev["difference"]["ci"][0] > 0.1
    assert "チームの勝敗が一致したのは100.0%" in skill_luck_ja({"event": ev})[0]


def test_the_same_seed_gives_the_same_figures():
    a = event_luck(DiceToy(), 3, games=8, continuations=3, seed=11, policy="random")
    b = event_luck(DiceToy(), 3, games=8, continuations=3, seed=11, policy="random")
    c = event_luck(DiceToy(), 3, games=8, continuations=3, seed=12, policy="random")
    assert a == b and a != c


def test_the_sentence_says_what_event_when_and_the_two_rates():
    ev = event_luck(DiceToy(), 3, games=6, continuations=3, seed=2, policy="random")
    line = skill_luck_ja({"event": ev}, lambda k: {"random": "ランダム"}.get(k, k))[0]
    assert line.startswith("途中の偶然1回の影響：")
    assert "「ダイス」が6ゲーム" in line and "ゲームの33%が過ぎたところ" in line    # after 1 of 3 choices
    assert "後の偶然だけを引き直して（プレイヤー自身の乱数はそのまま）3回ずつ続けると、勝つ席が一致したのは100.0%" in line
    assert "その1回も引き直して続けると" in line and "ポイント（95%区間" in line and "6ゲーム）" in line
    assert line.endswith("（方針 ランダム）。")


def test_an_engine_names_its_events_and_leaves_some_out():
    ev = event_luck(NamedDiceToy(), 2, games=5, continuations=2, seed=1, policy="random")
    assert ev["kinds"] == {"ダイス1個": 5}
    assert "「ダイス1個」が5ゲーム" in skill_luck_ja({"event": ev})[0]


def test_only_limits_the_draw_and_an_unknown_name_is_an_error():
    ev = event_luck(DiceToy(), 2, games=4, continuations=2, seed=1, policy="random", only=["ダイス"])
    assert ev["kinds"] == {"ダイス": 4} and ev["only"] == ["ダイス"]
    assert "途中（最初の選択より後）の「ダイス」を1回ずつ" in skill_luck_ja({"event": ev})[0]
    with pytest.raises(SimError, match=r"--luck-event サイコロ: .*names seen: ダイス"):
        event_luck(DiceToy(), 2, games=4, continuations=2, seed=1, policy="random", only=["サイコロ"])


def test_a_game_without_chance_during_play_says_so():
    class DealOnly(DiceToy):
        def to_move(self, s: State) -> int:
            if s.dealt is None:
                return CHANCE
            return len(s.picks) if len(s.picks) < s.n else TERMINAL

        def result(self, s: State) -> Result:
            return Result((1.0, 0.0), (1, 2), "done")

    ev = event_luck(DealOnly(), 2, games=3, continuations=2, seed=1, policy="random")
    assert ev["measured"] == 0 and ev["without_event"] == 3
    line = skill_luck_ja({"event": ev})[0]
    assert "3ゲームのどれでも、最初の選択のあとに偶然の出来事" in line and "配りだけ" in line


# ---------------------------------------------------------------------------- the bundled games
BUNDLED = [
    ("terror24", 3, {"ダイス", "事件カードをシャッフルして配置する"}),
    ("tantei2", 3, {"捜査デッキをシャッフルする", "イベントの山をシャッフルする"}),
    ("ebe", 2, {"サイコロ", "イーバカード（裏向き）を引く", "イベントカードを引く", "ドローンカードとアイテムカードを引く"}),
    ("euphoria", 4, set()),       # the only chance is the opening deal of the 煩悩カード
]


@pytest.mark.parametrize("game_id, players, names", BUNDLED, ids=[b[0] for b in BUNDLED])
def test_each_bundled_game_gets_the_sentence(game_id, players, names):
    engine = make_engine(Project(ROOT).load_game(game_id))
    fig = skill_luck(engine, players, seed=4, skill_games=0, luck_deals=0, luck_events=3, luck_continuations=2)
    ev = fig["event"]
    [line] = skill_luck_ja(fig)
    assert line.startswith("途中の偶然1回の影響：")
    if not names:
        assert ev["measured"] == 0 and "このゲームの偶然は最初の配りだけ" in line
        return
    assert ev["measured"] == 3 and set(ev["kinds"]) <= names
    assert all(f"「{k}」が{v}ゲーム" in line for k, v in ev["kinds"].items())
    assert "ラウンド目" in line and "95%区間" in line


def test_ebe_can_measure_its_dice_alone():
    engine = make_engine(Project(ROOT).load_game("ebe"))
    ev = event_luck(engine, 2, games=3, continuations=2, seed=4, only=["サイコロ"])
    assert ev["kinds"] == {"サイコロ": 3}


def test_ebe_draws_its_dice_by_default_the_chance_its_draft_asks_about():
    """EBE's draft worries that the dice are too random: the report's single-event figure draws a roll of
    the dice in every sample game (the engine's luck_events) unless --luck-event names others."""
    engine = make_engine(Project(ROOT).load_game("ebe"))
    assert engine.luck_events == ("サイコロ",)
    fig = skill_luck(engine, 2, seed=4, skill_games=0, luck_deals=0, luck_events=3, luck_continuations=2)
    ev = fig["event"]
    assert ev["only"] == ["サイコロ"] and ev["kinds"] == {"サイコロ": 3}
    assert "途中（最初の選択より後）の「サイコロ」を1回ずつ" in skill_luck_ja(fig)[0]
    other = skill_luck(engine, 2, seed=4, skill_games=0, luck_deals=0, luck_events=3, luck_continuations=2,
                       luck_event_names=["イベントカードを引く"])
    assert other["event"]["kinds"] == {"イベントカードを引く": 3}


def test_a_luck_figure_stops_once_its_interval_decides_and_says_when_it_cannot():
    """A die that names the winner: the first look (16 games) already decides, the rest of the budget is not
    played.  With a budget too small to decide, the sentence says 判定できません and why."""
    ev = event_luck(DiceToy(), 3, games=64, continuations=3, seed=5, policy="random")
    assert ev["games"] == 16 and ev["budget"] == 64 and ev["decision"] == "matters"
    assert ev["difference"]["ci"][0] > 0
    few = event_luck(DiceToy(), 3, games=2, continuations=2, seed=5, policy="random", variant="idle")
    assert few["decision"] in ("little", None)
