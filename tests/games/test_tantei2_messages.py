"""探偵無宿２: what the engine tells a designer (a refused replay, a game that cannot start, broken data,
an impossible rulebook position) is a coded message, worded in English or Japanese as chosen."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from pnp.catalogue.tantei2 import TEXTS
from pnp.data.project import Project
from pnp.games import make_engine
from pnp.games.tantei2.facts import check_components
from pnp.messages import CATALOGUE, Msg, set_lang
from pnp.sim.engine import IllegalAction, InvariantError
from pnp.sim.examples import ExampleError

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "pnp" / "games" / "tantei2"


@pytest.fixture(scope="module")
def game():
    return Project(ROOT).load_game("tantei2")


@pytest.fixture(scope="module")
def E(game):
    return make_engine(game)


@pytest.fixture(autouse=True)
def english_again():
    yield
    set_lang(None)


def test_every_code_the_engine_names_is_in_the_catalogue_and_every_code_is_named():
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py")))
    named = set(re.findall(r"""\bmsg\(\s*["'](tantei2\.[a-z_]+)["']""", source))
    assert named and named <= set(CATALOGUE), sorted(named - set(CATALOGUE))
    assert set(TEXTS) == named, sorted(set(TEXTS) ^ named)


def test_no_bare_text_is_raised_by_the_engine():
    """Every raise in the game's package words its message by code."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py")))
    bare = re.findall(r"raise \w+\((?!msg\()[^)]*", source)
    assert bare == []


def test_a_bad_replay_step_is_refused_in_the_language_chosen(E):
    s = E.new_state(3)
    while E.to_move(s) < 0:                       # the opening shuffles
        E.apply(s, E.sample_chance(s, random.Random(1)))
    wrong = E.A_KDONE                             # a keep decision while a 「私」 is to be picked
    set_lang("en")
    with pytest.raises(IllegalAction) as caught:
        E.apply(s.clone(), wrong)
    assert str(caught.value) == f"{wrong!r}: not available"
    set_lang("ja")
    with pytest.raises(IllegalAction) as caught:
        E.apply(s.clone(), wrong)
    assert str(caught.value) == f"{wrong!r}：いま選べる「私」ではありません"
    assert isinstance(caught.value.args[0], Msg) and caught.value.args[0].code == "tantei2.illegal_watashi_taken"


def test_a_log_entry_of_another_game_names_the_game(E):
    set_lang("ja")
    with pytest.raises(IllegalAction, match="tantei2 の選択ではありません"):
        E.action_from_json({"k": 99, "a": 0, "b": 0})


@pytest.mark.parametrize("players, variant, options, en, ja", [
    (5, "standard", None, "tantei2: 5 players is outside 3–4", "tantei2: 5 人では遊べません（3〜4 人）"),
    (3, "nope", None, "tantei2: unknown variant 'nope'", "tantei2: 変種 'nope' はありません"),
    (3, "standard", {"hands": 2}, "tantei2: unknown options ['hands']", "tantei2: オプション ['hands'] はありません"),
])
def test_a_game_that_cannot_start_says_why(E, players, variant, options, en, ja):
    for lang, text in (("en", en), ("ja", ja)):
        set_lang(lang)
        with pytest.raises(ValueError) as caught:
            E.new_state(players, variant, options)
        assert str(caught.value) == text


def test_a_broken_invariant_is_worded_by_code(E):
    s = E.new_state(3)
    s.lamps = 9
    set_lang("ja")
    with pytest.raises(InvariantError, match="告命灯が 9 個です"):
        E.check_invariants(s)


def test_an_impossible_rulebook_position_is_worded_in_japanese_too(E):
    set_lang("ja")
    with pytest.raises(ExampleError, match="惨劇の夜が引かれた手番でラウンドが終わります"):
        E.example_state(3, {"line": ["shizue", "seiji", "toru", "tragedy", "shino"]})


def test_broken_data_is_reported_in_both_languages(game, monkeypatch):
    events = game.deck("events")
    card = next(c for c in events.cards if c.rules["serial"] == 64)
    monkeypatch.setitem(card.rules, "serial", 65)
    set_lang("en")
    assert check_components(game) == [f"{events.file}: the serial numbers do not run 1–64 without a gap"]
    set_lang("ja")
    assert check_components(game) == [f"{events.file}: 通し番号が 1〜64 の連番になっていません"]
