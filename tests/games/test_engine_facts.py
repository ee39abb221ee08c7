"""24 and ユーフォリア hold only the facts read from the data (``engine.facts``, built once by ``facts_from``):
an engine sent to a worker process (pickled) plays the same games, and a deck the rules cannot play is
refused with a message naming the file and line."""
from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.errors import PnpError
from pnp.games import euphoria, terror24
from pnp.sim.runner import play_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("package", [terror24, euphoria], ids=["terror24", "euphoria"])
def test_a_pickled_engine_plays_the_same_games(package):
    engine = package.make_engine(Project(ROOT).load_game(package.__name__.rsplit(".", 1)[1]))
    again = pickle.loads(pickle.dumps(engine))
    assert again.facts.card_ids == engine.facts.card_ids and again.card_ids == engine.card_ids
    for seed in (1, 2, 3):
        a = play_game(engine, 4, ["heuristic"] * 4, seed, check=True)
        b = play_game(again, 4, ["heuristic"] * 4, seed, check=True)
        assert a.error is None and b.error is None
        assert a.result == b.result and a.score_history == b.score_history and a.steps == b.steps


def test_euphoria_refuses_a_card_without_a_number_naming_its_line(tmp_path):
    shutil.copytree(ROOT / "components/euphoria", tmp_path / "components/euphoria")
    deck = tmp_path / "components/euphoria/kleshas.yaml"
    text = deck.read_text(encoding="utf-8")
    assert "id: gi-8, suit: gi, value: 8" in text
    deck.write_text(text.replace("id: gi-8, suit: gi, value: 8", "id: gi-8, suit: gi, value: 9"), encoding="utf-8")
    line = next(i for i, ln in enumerate(deck.read_text(encoding="utf-8").splitlines(), 1) if "id: gi-8" in ln)
    with pytest.raises(PnpError) as caught:
        euphoria.facts_from(Project(tmp_path).load_game("euphoria"))
    assert f"kleshas.yaml:{line}: card gi-8: needs a suit and a value 1–8" in str(caught.value)
