"""A designer's own game outside the package: a rules engine in the game's folder (or an installed module,
or a pnp.engines entry point), loaded for validate, simulate, play and replay like a bundled one."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.data.project import Project
from pnp.games.loader import make_engine


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def project(tmp_path):
    """`pnp new trick --csv --engine`: a CSV deck and an engine.py, in a folder of its own."""
    result = run("new", "trick", "--csv", "--engine", "--project", tmp_path)
    assert result.exit_code == 0, result.output
    return tmp_path


def engine_file(project):
    return project / "components/trick/engine.py"


def edit_engine(project, old: str, new: str) -> None:
    path = engine_file(project)
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def checks(result) -> dict:
    return {c["check"]: c for c in json.loads(result.output)["checks"]}


def test_a_project_with_a_csv_deck_and_an_engine_builds_validates_simulates_and_replays(project, tmp_path):
    names = sorted(p.name for p in (project / "components/trick").iterdir())
    assert names == ["cards.csv", "cards.yaml", "engine.py", "game.yaml", "test_trick_engine.py"]
    built = run("build", "trick", "--project", project, "--out", project / "out")
    assert built.exit_code == 0, built.output
    validated = run("validate", "trick", "--games", "30", "--json", "--project", project)
    assert validated.exit_code == 0, validated.output
    rows = checks(validated)
    assert all(r["ok"] for r in rows.values())
    assert rows["samples"]["detail"] == "9 構成 × 30 ゲーム、例外・不変条件違反なし"
    assert "カードの保存 24 枚" in rows["engine"]["detail"] and "隠れた情報" in rows["engine"]["detail"]
    simulated = run("simulate", "trick", "--games", "60", "--json", tmp_path / "sim.json", "--project", project)
    assert simulated.exit_code == 0, simulated.output
    data = json.loads((tmp_path / "sim.json").read_text(encoding="utf-8"))
    assert data["errors"] == [] and [r["completed"] for r in data["runs"]] == [60, 60, 60]
    assert data["runs"][0]["length"]["rounds"]["mean"] == 6          # six tricks, one a round
    played = run("play", "trick", "--players", "3", "--seed", "5", "--json", tmp_path / "g.json", "--project", project)
    assert played.exit_code == 0 and "を出す" in played.output and "順位" in played.output
    replayed = run("replay", tmp_path / "g.json", "--project", project)
    assert replayed.exit_code == 0 and "一致：19手を再生し" in replayed.output
    report = run("simulate", "trick", "--games", "20", "--players", "4", "--report", tmp_path / "r.pdf",
                 "--project", project)
    assert report.exit_code == 0 and (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF")


def test_new_engine_game_simulates_200_games(tmp_path):
    assert run("new", "x", "--engine", "--project", tmp_path).exit_code == 0
    result = run("simulate", "x", "--games", "200", "--json", tmp_path / "s.json", "--project", tmp_path)
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert data["errors"] == [] and sum(r["completed"] for r in data["runs"]) == 600
    # 2 players: 12 cards dealt, so the winner's score is spread out; seat 1 leads the first trick
    assert 0 < data["runs"][0]["seat_win_rates"][0]["rate"] < 1


def test_jobs_give_the_same_figures_for_an_engine_in_the_project(project, tmp_path):
    one = run("simulate", "trick", "--games", "40", "--players", "3", "--json", tmp_path / "1.json", "--project", project)
    two = run("simulate", "trick", "--games", "40", "--players", "3", "--jobs", "2", "--json", tmp_path / "2.json",
              "--project", project)
    assert one.exit_code == two.exit_code == 0, two.output
    assert (tmp_path / "1.json").read_text(encoding="utf-8") == (tmp_path / "2.json").read_text(encoding="utf-8")


def test_the_scaffolded_engine_tests_pass(project):
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             "components/trick/test_trick_engine.py"], cwd=project, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "6 passed" in result.stdout


def test_a_syntax_error_names_game_yaml_and_the_engine_line(project):
    edit_engine(project, "    def to_move(self, s: State) -> int:", "    def to_move(self, s: State) -> int\n")
    line = engine_file(project).read_text(encoding="utf-8").splitlines().index(
        "    def to_move(self, s: State) -> int") + 1
    for args in (("simulate", "trick"), ("play", "trick"), ("validate", "trick", "--games", "2")):
        result = run(*args, "--project", project)
        assert result.exit_code == 1 and "Traceback" not in result.output
        assert "components/trick/game.yaml:9:1: engine: the rules engine 'engine.py' failed to load" in result.output
        assert f"components/trick/engine.py:{line}:" in result.output and "SyntaxError" in result.output


def test_an_error_while_starting_names_the_engine_line(project):
    edit_engine(project, "        cards = game.deck(DECK).physical_cards()",
                "        cards = game.deck('nope').physical_cards()")
    line = [i for i, ln in enumerate(engine_file(project).read_text(encoding="utf-8").splitlines(), 1) if "'nope'" in ln][0]
    result = run("simulate", "trick", "--project", project)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "components/trick/game.yaml:9:1: engine: make_engine(game) of 'engine.py' failed" in result.output
    assert f"components/trick/engine.py:{line}: KeyError: 'nope'" in result.output


def test_a_missing_engine_is_a_clear_error(project):
    game_yaml = project / "components/trick/game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("engine: engine.py", "engine: mygame"),
                         encoding="utf-8")
    result = run("validate", "trick", "--project", project)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "components/trick/game.yaml:9:1: engine: no rules engine 'mygame'" in result.output
    assert "write engine: mygame.py" in result.output and "euphoria" in result.output
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("engine: mygame", "engine: rules.py"),
                         encoding="utf-8")
    result = run("simulate", "trick", "--project", project)
    assert result.exit_code == 1 and "engine: no engine file 'rules.py' in components/trick/" in result.output


def _install(tmp_path, project, monkeypatch, entry_point: bool) -> None:
    """The engine as an installed package (mypkg.rules), optionally announced as a pnp.engines entry point."""
    site = tmp_path / "site"
    (site / "mypkg").mkdir(parents=True)
    (site / "mypkg/__init__.py").write_text("", encoding="utf-8")
    (site / "mypkg/rules.py").write_text(engine_file(project).read_text(encoding="utf-8"), encoding="utf-8")
    if entry_point:
        info = site / "mypkg-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mypkg\nVersion: 1.0\n", encoding="utf-8")
        (info / "entry_points.txt").write_text("[pnp.engines]\ntricks = mypkg.rules\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(site))
    engine_file(project).unlink()


@pytest.mark.parametrize("spec,entry_point", [("mypkg.rules", False), ("tricks", True)])
def test_an_installed_module_or_entry_point(project, tmp_path, monkeypatch, spec, entry_point):
    _install(tmp_path, project, monkeypatch, entry_point)
    game_yaml = project / "components/trick/game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("engine: engine.py", f"engine: {spec}"),
                         encoding="utf-8")
    engine = make_engine(Project(project).load_game("trick"))
    assert type(engine).__module__ == "mypkg.rules"
    result = run("validate", "trick", "--games", "5", "--json", "--project", project)
    assert result.exit_code == 0, result.output


def validate_engine_row(project) -> dict:
    result = run("validate", "trick", "--games", "5", "--json", "--project", project)
    assert "Traceback" not in result.output
    return checks(result)


def test_generic_check_an_observation_that_shows_other_hands(project):
    edit_engine(project, "        return Observation(seat, tuple(s.hands[seat]),",
                "        return Observation(seat, tuple(c for h in s.hands for c in h),")
    row = validate_engine_row(project)["engine"]
    assert not row["ok"] and "the observation changes when only cards the seat cannot see change" in row["problems"][0]


def test_generic_check_cards_not_conserved(project):
    edit_engine(project, "            s.won[winner].extend(c for _, c in s.trick)",
                "            s.won[winner].extend(c for _, c in s.trick[1:])")
    row = validate_engine_row(project)["samples"]
    assert not row["ok"] and "cards are not conserved: missing" in row["problems"][0]


def test_generic_check_randomness_outside_the_seeded_rng(project):
    edit_engine(project, "        rng.shuffle(order)                                            # rule 1",
                "        random.shuffle(order)")
    row = validate_engine_row(project)["engine"]
    assert not row["ok"] and "the same seed played a different game" in row["problems"][0]


def test_generic_check_a_game_that_never_ends(project):
    edit_engine(project, "        self.max_steps = 1 + HAND * self.max_players", "        self.max_steps = 10")
    row = validate_engine_row(project)["samples"]
    assert not row["ok"] and "did not end within max_steps=" in "\n".join(row["problems"])


def test_generic_check_counts_and_players_against_game_yaml(project):
    edit_engine(project, "        return {DECK: len(self.card_ids)}", "        return {DECK: 20, 'tokens': 3}")
    edit_engine(project, "game_id=game.id, min_players=game.players[0], max_players=game.players[1],",
                "game_id=game.id, min_players=2, max_players=3,")
    problems = "\n".join(validate_engine_row(project)["engine"]["problems"])
    assert "components/trick/game.yaml:5:1: players: game.yaml says 2–4, the engine plays 2–3" in problems
    assert "components/trick/game.yaml:14:5: count: game.yaml says 山札カード ×24, the engine plays with 20" in problems
    assert "the engine plays with 'tokens' ×3, game.yaml lists no such component" in problems


def test_an_engine_missing_part_of_the_protocol(project):
    edit_engine(project, "    def state_hash(self, s: State) -> str:", "    def _state_hash(self, s: State) -> str:")
    result = run("simulate", "trick", "--project", project)
    assert result.exit_code == 1 and "the engine from 'engine.py' lacks state_hash" in result.output


def test_bundled_engines_load_through_the_same_loader(repo):
    for gid in ("euphoria", "terror24", "tantei2", "ebe"):
        engine = make_engine(Project(repo).load_game(gid))
        module = type(engine).__module__
        assert engine.game_id == gid and (module == f"pnp.games.{gid}" or module.startswith(f"pnp.games.{gid}."))


def test_a_log_knows_when_the_card_spreadsheet_changed(project, tmp_path):
    assert run("play", "trick", "--json", tmp_path / "g.json", "--project", project).exit_code == 0
    sheet = project / "components/trick/cards.csv"
    sheet.write_bytes(sheet.read_bytes().replace("太陽".encode(), "日輪".encode()))
    result = run("replay", tmp_path / "g.json", "--project", project)
    assert result.exit_code == 1 and "data changed since the log was recorded" in result.output


def test_the_engine_api_page_quotes_the_example_engine_as_written(repo):
    """The page is a guide to the engine `pnp new GAME --engine` writes: what it quotes of that engine is
    exactly what the command writes (the hooks' own contract is BaseEngine's docstrings)."""
    import re
    page = (repo / "docs/engines.md").read_text(encoding="utf-8")
    engine = (repo / "pnp/templates/newgame/engine.py").read_text(encoding="utf-8")
    quoted = re.findall(r"<!-- engine-api: excerpt -->\n```python\n(.*?)```", page, re.S)
    assert len(quoted) >= 2 and "pnp new mygame --engine" in page
    for block in quoted:
        assert block in engine, block[:80]
    assert "engines.md" in (repo / "docs/simulate.md").read_text(encoding="utf-8")
    for name in ("card_locations", "redeal", "component_counts", "max_steps", "observe"):
        assert name in page


def test_an_engine_from_the_game_folder_travels_to_spawned_workers(project):
    """--jobs on macOS (and on Linux from Python 3.14) starts workers by spawn, which do not inherit the
    engine module; the figures must still equal a single process's."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from pnp.sim.runner import Batch, run_games
    engine = make_engine(Project(project).load_game("trick"))
    batch = Batch(3, ("heuristic", "random"), 24, seed=9, check=True)
    alone = run_games(engine, batch)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        spread = run_games(engine, batch, executor=pool)
    assert [r.result for r in spread] == [r.result for r in alone] and all(r.error is None for r in spread)


def test_an_engine_that_breaks_during_play_names_its_line(project, tmp_path):
    edit_engine(project, "            s.tricks[winner] += 1", "            s.tricks[winner] += 1 // (4 - len(s.won[winner]))")
    line = [i for i, ln in enumerate(engine_file(project).read_text(encoding="utf-8").splitlines(), 1) if "// (4 -" in ln][0]
    result = run("simulate", "trick", "--games", "10", "--players", "2", "--json", tmp_path / "s.json", "--project", project)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"components/trick/engine.py:{line}: ZeroDivisionError: integer division or modulo by zero" in result.output
    assert "of 10 games raised an error or broke an invariant" in result.output


SMALL_ENGINE = '''
"""数取り: the six cards lie face up in a row; in turn each player takes one; the highest total wins."""
import hashlib
from dataclasses import dataclass

from pnp.sim.engine import CHANCE, TERMINAL, Result


@dataclass(frozen=True, order=True)
class Take:
    card: int

    def label(self):
        return f"{self.card + 1}枚目を取る"

    def to_json(self):
        return {"take": self.card}


@dataclass(frozen=True, order=True)
class Lay:
    order: tuple

    def label(self):
        return "カードを並べる"

    def to_json(self):
        return {"order": list(self.order)}


class State:
    def __init__(self, n):
        self.n, self.row, self.taken, self.turn = n, None, [[] for _ in range(n)], 0

    def clone(self):
        s = State(self.n)
        s.row, s.taken, s.turn = None if self.row is None else self.row[:], [t[:] for t in self.taken], self.turn
        return s


class Engine:
    min_players, max_players, max_steps = 2, 4, 7

    def __init__(self, game):
        self.values = [c.value for c in game.deck("cards").physical_cards()]

    def new_state(self, players, variant="standard", options=None):
        return State(players)

    def to_move(self, s):
        return CHANCE if s.row is None else TERMINAL if not s.row else s.turn % s.n

    def legal_actions(self, s):
        return [Take(c) for c in sorted(s.row)]

    def sample_chance(self, s, rng):
        order = list(range(len(self.values)))
        rng.shuffle(order)
        return Lay(tuple(order))

    def apply(self, s, a):
        if isinstance(a, Lay):
            s.row = list(a.order)
        else:
            s.row.remove(a.card)
            s.taken[s.turn % s.n].append(a.card)
            s.turn += 1

    def observe(self, s, seat):
        return (tuple(s.row or ()), tuple(tuple(t) for t in s.taken))

    def result(self, s):
        scores = tuple(float(sum(self.values[c] for c in t)) for t in s.taken)
        return Result(scores, tuple(1 + sum(o > v for o in scores) for v in scores), "row_empty")

    def action_from_json(self, d):
        return Lay(tuple(d["order"])) if "order" in d else Take(int(d["take"]))

    def state_hash(self, s):
        return hashlib.sha256(repr((s.row, s.taken, s.turn)).encode()).hexdigest()


def make_engine(game):
    return Engine(game)
'''


def test_a_small_engine_needs_only_the_core_of_the_protocol(tmp_path):
    """No game_id, variants, options, check_invariants or hooks: defaults fill in, every command works."""
    assert run("new", "small", "--csv", "--project", tmp_path).exit_code == 0
    folder = tmp_path / "components/small"
    (folder / "engine.py").write_text(SMALL_ENGINE, encoding="utf-8")
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("components:", "engine: engine.py\ncomponents:"),
                         encoding="utf-8")
    validated = run("validate", "small", "--games", "20", "--json", "--project", tmp_path)
    assert validated.exit_code == 0, validated.output
    assert "任意の宣言なし：component_counts, card_locations, redeal" in checks(validated)["engine"]["detail"]
    simulated = run("simulate", "small", "--games", "50", "--json", tmp_path / "s.json", "--project", tmp_path)
    assert simulated.exit_code == 0 and json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))["errors"] == []
    assert run("play", "small", "--json", tmp_path / "g.json", "--project", tmp_path).exit_code == 0
    assert run("replay", tmp_path / "g.json", "--project", tmp_path).exit_code == 0
