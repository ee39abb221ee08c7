"""探偵無宿２: what the balance report reads from the engine — Japanese labels for every key, the policies'
notes, the comparison the draft asks for, and the event cards each game put into effect."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.policies import policy_names
from pnp.sim.runner import Batch, run_games

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def engine():
    return make_engine(Project(ROOT).load_game("tantei2"))


@pytest.fixture(scope="module")
def records(engine):
    out = []
    for n in (3, 4):
        out += run_games(engine, Batch(players=n, policies=("heuristic", "random"), games=20, seed=4,
                                       options={"skills": True}), jobs=1)
    out += run_games(engine, Batch(players=3, policies=("heuristic",), games=10, seed=5, variant="facedown-cubes"),
                     jobs=1)
    assert all(r.result is not None for r in out)
    return out


def test_every_key_a_report_shows_has_japanese_words(engine, records):
    labels = engine.labels_ja
    keys = set()
    for r in records:
        keys.add(r.result.end_reason)
        keys |= set(r.result.extra)
        keys |= set(r.result.extra["per_seat"])
        keys |= set(r.result.extra["cards_used"])
    for finding in engine.questions(records):
        keys |= set(finding.figures)
    missing = sorted(k for k in keys if k not in labels)
    assert not missing, missing
    assert labels["deaths"] == "死者の数" and labels["vp_and_deaths"] == "13VP到達と5人死亡が同時"


def test_the_end_reason_finding_speaks_japanese(engine, records):
    text = next(f.answer_ja for f in engine.questions(records) if f.question_ja.startswith("ゲームはどちらの条件"))
    assert "5人が死亡" in text and "deaths" not in text


def test_every_policy_has_a_note_in_polite_japanese(engine):
    for name in policy_names(engine):
        note = engine.policy_notes[name]
        assert note.endswith("。") and ("ます" in note or "です" in note)
    assert engine.default_policy == "heuristic"


def test_the_report_compares_the_designers_fix_for_face_down_cards(engine):
    (comparison,) = engine.report_comparisons
    assert comparison["variant"] in {v.id for v in engine.variants} and comparison["variant"] == "facedown-cubes"
    assert "キューブ" in comparison["name_ja"]


def test_cards_used_names_each_card_put_into_effect_and_the_seat(engine, records):
    """「捜査」で配置・使用したカード、裏向きから表になったカード: each event put into effect, with the first seat
    that did so."""
    events = {c.id: c.rules["serial"] for c in Project(ROOT).load_game("tantei2").deck("events").cards}
    for r in records:
        used = r.result.extra["cards_used"]
        by_seat = r.result.extra["used"]
        assert set(used) <= set(events)
        assert {events[c] for c in used} == {s for row in by_seat for s in row}
        for card, seat in used.items():
            assert 0 <= seat < r.players and events[card] in by_seat[seat]
        # every face-up card of a 手帳 was put into effect in this game
        assert sum(len(row) for row in by_seat) >= len(used)
