"""The conformance suite `pnp validate` runs on any engine, here on a small hand-made designer's engine
written without pnp's base class (the loader adapts it): one that conforms, and one that breaks each rule —
legal actions out of their order, an action that cannot be hashed, a state hash that differs on replay, an
action that does not come back through JSON.  Each is named in the engine row, exit 1."""
from __future__ import annotations

import json
import re

import pytest
from test_engines import SMALL_ENGINE, checks, run

from pnp.data.project import Project
from pnp.games.loader import EngineAdapter, make_engine
from pnp.sim.engine import BaseEngine, Chance, hooks_disagreeing


def small_game(tmp_path, engine_source: str = SMALL_ENGINE):
    assert run("new", "small", "--csv", "--project", tmp_path).exit_code == 0
    folder = tmp_path / "components/small"
    (folder / "engine.py").write_text(engine_source, encoding="utf-8")
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("components:", "engine: engine.py\ncomponents:"),
                         encoding="utf-8")
    return tmp_path


def broken(old: str, new: str) -> str:
    assert old in SMALL_ENGINE, old
    return SMALL_ENGINE.replace(old, new)


def engine_check(project) -> tuple[int, dict]:
    result = run("validate", "small", "--games", "10", "--json", "--project", project)
    return result.exit_code, checks(result)["engine"]


def test_a_designers_engine_without_the_base_class_is_adapted_and_its_capabilities_derived(tmp_path):
    engine = make_engine(Project(small_game(tmp_path)).load_game("small"))
    assert isinstance(engine, BaseEngine) and isinstance(engine, EngineAdapter)
    caps = engine.capabilities
    assert (caps.game_id, caps.min_players, caps.max_players, caps.chance) == ("small", 2, 4, Chance.ONE_STREAM)
    assert not (caps.determinization or caps.card_locations or caps.progress or caps.cooperative)
    assert engine.seat_name(0) == "プレイヤー1" and engine.variants[0].id == "standard"


def test_a_conforming_engine_passes_and_the_verdict_says_what_was_played(tmp_path):
    code, row = engine_check(small_game(tmp_path))
    assert code == 0 and row["ok"] is True, row
    legal = re.search(r"合法手 (\d+) 局面（(\d+) ゲーム）", row["detail"])
    replays = re.search(r"再生 (\d+) ゲーム", row["detail"])
    assert legal and replays, row["detail"]
    # one game a player count (2–4), six cards taken in each: every decision checked
    assert (int(legal[1]), int(legal[2])) == (6 * 3, 3)
    assert int(replays[1]) == 3          # one game a player count, with the only policy (random)


BREAKS = {
    "legal actions out of their order": (
        ("        return [Take(c) for c in sorted(s.row)]", "        return [Take(c) for c in sorted(s.row, reverse=True)]"),
        "the legal actions are not listed in their own order (return sorted(actions))"),
    "an action that cannot be hashed": (
        ("@dataclass(frozen=True, order=True)\nclass Take:", "@dataclass(order=True)\nclass Take:"),
        "is not hashable (make it a frozen dataclass)"),
    "a state hash that differs on replay": (
        ("repr((s.row, s.taken, s.turn))", "repr((s.row, s.taken, s.turn, id(s)))"),
        "the same seed played a different game"),
    "an action that does not come back through JSON": (
        ('else Take(int(d["take"]))', 'else Take(int(d["take"]) + 1)'),
        "comes back through JSON as Take(card="),
}


@pytest.mark.parametrize("rule", sorted(BREAKS))
def test_an_engine_that_breaks_a_rule_is_named_and_fails(tmp_path, rule):
    (old, new), said = BREAKS[rule]
    code, row = engine_check(small_game(tmp_path, broken(old, new)))
    assert code == 1 and row["ok"] is False, row
    assert said in json.dumps(row, ensure_ascii=False), row


def test_an_engine_missing_a_required_method_names_it_the_file_and_the_manual(tmp_path):
    project = small_game(tmp_path, broken("    def observe(self, s, seat):", "    def _observe(self, s, seat):"))
    result = run("simulate", "small", "--games", "5", "--project", project)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert ("the engine from 'engine.py' lacks observe (components/small/engine.py: class Engine; "
            "what every engine has: pnp help engines)") in result.output


BASE_ENGINE = SMALL_ENGINE.replace(
    "from pnp.sim.engine import CHANCE, TERMINAL, Result",
    "from pnp.sim.engine import CHANCE, TERMINAL, BaseEngine, Capabilities, Result").replace(
    "class Engine:\n    min_players, max_players, max_steps = 2, 4, 7",
    "class Engine(BaseEngine):\n    capabilities = Capabilities('small', 2, 4, determinization=True)\n    max_steps = 7\n\n"
    "    def check_invariants(self, s):\n        assert len(s.row or ()) + sum(map(len, s.taken)) in (0, 6)")


def test_capabilities_that_name_a_hook_the_engine_lacks_are_refused_at_load(tmp_path):
    assert BASE_ENGINE != SMALL_ENGINE
    result = run("simulate", "small", "--games", "5", "--project", small_game(tmp_path, BASE_ENGINE))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert ("the engine's capabilities and its hooks disagree: information_set, determinize "
            "(components/small/engine.py: class Engine; pnp help engines)") in result.output


def test_a_base_class_engine_that_has_a_hook_its_record_leaves_out_declares_it(tmp_path):
    source = BASE_ENGINE.replace("determinization=True", "").replace(
        "    def state_hash(self, s):",
        "    def progress(self, s):\n        return 1, tuple(0.0 for _ in range(s.n))\n\n    def state_hash(self, s):")
    engine = make_engine(Project(small_game(tmp_path, source)).load_game("small"))
    assert type(engine).__name__ == "Engine" and engine.capabilities.progress
    assert not engine.capabilities.determinization


@pytest.mark.parametrize("game", ("ebe", "euphoria", "tantei2", "terror24"))
def test_each_bundled_engine_subclasses_the_base_and_declares_exactly_the_hooks_it_has(repo, game):

    engine = make_engine(Project(repo).load_game(game))
    assert isinstance(engine, BaseEngine) and not isinstance(engine, EngineAdapter)
    assert type(engine).capabilities.game_id == game
    assert hooks_disagreeing(engine) == ([], {})
