"""Messages by code: every code has every language, with the same parameters; the code a call site names
exists; a message keeps its code and parameters (JSON, pickling) and is worded in the chosen language."""
from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

from pnp import messages
from pnp.errors import DataError, Problem
from pnp.messages import CATALOGUE, LANGS, Msg, did_you_mean, did_you_mean_file, msg, set_lang, template_fields

PNP = Path(messages.__file__).parent
JAPANESE = re.compile(r"[\u3001-\u30ff\u3400-\u9fff\uff01-\uff5e]")   # Japanese script or punctuation
# codes a call site builds from a value (watch.{kind} for the kinds pnp.commands.watch.changes gives)
# and the hint pnp.messages.did_you_mean itself words
BUILT_FROM_A_VALUE = {"watch.changed", "watch.added", "watch.removed", "hint.did_you_mean"}


@pytest.fixture(autouse=True)
def english_again():
    yield
    set_lang(None)


@pytest.mark.parametrize("code", sorted(CATALOGUE))
def test_every_code_has_every_language_with_the_same_parameters(code):
    texts = CATALOGUE[code]
    assert set(texts) == set(LANGS), f"{code}: languages {sorted(texts)}, expected {LANGS}"
    assert all(texts[lang].strip() for lang in LANGS), f"{code}: an empty text"
    assert template_fields(texts["en"]) == template_fields(texts["ja"]), (
        f"{code}: en names {sorted(template_fields(texts['en']))}, ja names {sorted(template_fields(texts['ja']))}")
    assert JAPANESE.search(texts["ja"]), f"{code}: the Japanese text has no Japanese in it: {texts['ja']!r}"


def test_a_code_missing_a_language_or_a_parameter_is_caught(monkeypatch):
    """The check above can fail: a table with a code lacking ja, and one whose languages differ."""
    monkeypatch.setitem(CATALOGUE, "test.only_english", {"en": "only {this}"})
    monkeypatch.setitem(CATALOGUE, "test.other_params", {"en": "{a} and {b}", "ja": "{a} と {c}"})
    with pytest.raises(AssertionError, match="languages"):
        test_every_code_has_every_language_with_the_same_parameters("test.only_english")
    with pytest.raises(AssertionError, match="en names"):
        test_every_code_has_every_language_with_the_same_parameters("test.other_params")


def _codes_in_source() -> set[str]:
    found = set()
    for path in PNP.rglob("*.py"):
        found |= set(re.findall(r"""\b(?:msg|Msg)\(\s*["']([a-z0-9_]+\.[a-z0-9_]+)["']""", path.read_text(encoding="utf-8")))
    return found


def test_every_code_a_call_site_names_is_in_the_catalogue_and_every_code_is_used():
    used = _codes_in_source()
    assert used - set(CATALOGUE) == set(), "codes used but not in the catalogue"
    source = "\n".join(p.read_text(encoding="utf-8") for p in PNP.rglob("*.py") if p.name != "messages.py")
    unused = {code for code in CATALOGUE if f'"{code}"' not in source} - BUILT_FROM_A_VALUE
    assert unused == set(), "codes in the catalogue that nothing uses"


def test_no_english_text_is_matched_to_make_japanese():
    """The regular expressions over the English that the catalogue replaced are gone."""
    source = (PNP / "messages.py").read_text(encoding="utf-8")
    assert "RULES" not in source and "def localize" not in source


def test_a_message_is_worded_in_the_language_chosen_and_keeps_its_code():
    set_lang("en")
    english = msg("data.unknown_suit", suit="mon", suits="sun, moon", hint=did_you_mean("mon", ["sun", "moon"]))
    assert english == "unknown suit 'mon' (suits: sun, moon) (did you mean 'moon'?)"
    set_lang("ja")
    japanese = msg("data.unknown_suit", suit="mon", suits="sun, moon", hint=did_you_mean("mon", ["sun", "moon"]))
    assert japanese == "スート 'mon' はありません（スート：sun, moon）（'moon' のことですか？）"
    assert english.render("ja") == japanese and japanese.render("en") == english
    assert japanese.code == "data.unknown_suit" and japanese.params["suit"] == "mon"


def test_a_pickled_message_is_worded_in_the_language_of_whoever_reads_it():
    """A build worker sends its problems to the parent as pickles; the parse cache keeps pickles."""
    set_lang("en")
    problem = Problem("components/g/cards.yaml", 3, 5, "cards[0].suit", msg("data.duplicate_card_id", id="a-1"))
    sent = pickle.dumps(DataError([problem]))
    set_lang("ja")
    back = pickle.loads(sent)
    assert str(back) == "components/g/cards.yaml:3:5: cards[0].suit: カードの id 'a-1' が重複しています"
    assert isinstance(back.problems[0].message, Msg)


def test_json_carries_the_code_the_parameters_and_the_text():
    set_lang("en")
    problem = Problem("g.yaml", 2, 1, "layout", msg("data.unknown_layout", layout="card-bsae",
                                                   layouts=["card-base", "tarot"],
                                                   hint=did_you_mean("card-bsae", ["card-base", "tarot"])))
    assert problem.as_json() == {
        "file": "g.yaml", "line": 2, "col": 1, "field": "layout", "code": "data.unknown_layout",
        "params": {"layout": "card-bsae", "layouts": ["card-base", "tarot"], "hint": " (did you mean 'card-base'?)"},
        "text": "unknown layout 'card-bsae' (layouts: card-base, tarot) (did you mean 'card-base'?)"}
    assert Problem("g.yaml", 2, 1, "", "a message without a code").as_json()["text"] == "a message without a code"


@pytest.mark.parametrize("env, expected", [
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LC_ALL": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, "ja"),
    ({"LC_ALL": "C.UTF-8", "LANG": "ja_JP.UTF-8"}, "en"),          # LC_ALL wins, as in POSIX
    ({"LC_MESSAGES": "ja_JP.eucJP", "LANG": "C"}, "ja"),
    ({"PNP_LANG": "en", "LANG": "ja_JP.UTF-8"}, "en"),             # PNP_LANG overrides the locale
    ({"PNP_LANG": "ja", "LANG": "C"}, "ja"),
    ({}, "en"),
])
def test_the_language_follows_the_locale_and_pnp_lang_overrides_it(monkeypatch, env, expected):
    for name in messages.LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    set_lang(None)
    assert messages.lang() == expected
    set_lang("en" if expected == "ja" else "ja")        # --lang overrides both
    assert messages.lang() != expected


@pytest.mark.parametrize("name, candidates, hint", [
    ("mon", ["sun", "moon", "star"], "moon"),
    ("titel", ["title", "body", "flavor"], "title"),
    ("card-bsae", ["card-base", "tarot-base"], "card-base"),
    ("Moon", ["sun", "moon"], "moon"),                  # a name differing only in case
    ("zzz", ["sun", "moon"], None),                     # nothing close: no hint
    ("moon", ["moon"], None),                           # the name itself is never suggested
])
def test_did_you_mean_names_the_closest_name(name, candidates, hint):
    set_lang("en")
    said = did_you_mean(name, candidates)
    assert said == (f" (did you mean {hint!r}?)" if hint else "")


def test_did_you_mean_a_file_looks_beside_the_path_then_in_the_whole_folder(tmp_path):
    set_lang("en")
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "art-kujira.jpg").write_bytes(b"x")
    (tmp_path / "sheets").mkdir()
    (tmp_path / "sheets" / "goods.xlsx").write_bytes(b"x")
    assert did_you_mean_file(tmp_path, "img/art-kujra.jpg") == " (did you mean 'img/art-kujira.jpg'?)"
    assert did_you_mean_file(tmp_path, "goods.xlsx") == " (did you mean 'sheets/goods.xlsx'?)"
    assert did_you_mean_file(tmp_path, "nothing/like/it.png") == ""
