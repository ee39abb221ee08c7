"""Issue 29, "Reliability, second review: hostile inputs" — hangs (no answer, no message).

Each input runs in a child process capped in time and memory (``run_capped``): a regression makes the
test fail with a timeout instead of stalling the suite."""
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pnp.limits import MAX_ENGINE_STEPS, MAX_SEARCH_ITERATIONS

from .conftest import MEMORY_BYTES, project_with, run_capped

# the engines that never answer run with a short budget (the limit's override, $PNP_MAX_ENGINE_CALL_SECONDS)
# rather than waiting out the default 10 s each; test_the_engine_call_budget_is_10_s_unless_overridden keeps
# the default.  A call is stopped after BUDGET_S; the rest is start-up, on a busy machine
BUDGET_S = 0.5
BUDGET = {"PNP_MAX_ENGINE_CALL_SECONDS": f"{BUDGET_S:g}"}
STOPPED_WITHIN_S = BUDGET_S + 50


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))


def _watch_until(project: Path, *args: str, wait_for: str, then_s: float = 0.0, seconds: float = 120) -> str:
    """Run ``pnp watch`` (started here, stopped here by its own process id); its output once wait_for
    appeared and then_s more seconds passed.  Fails if wait_for never appears within seconds."""
    import resource

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    log = project / "watch.log"
    with open(log, "w", encoding="utf-8") as out:
        proc = subprocess.Popen([sys.executable, "-c", "from pnp.cli import main; main()", "watch", *args],
                                cwd=project, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                preexec_fn=cap)
    try:
        deadline = time.monotonic() + seconds
        while wait_for not in log.read_text(encoding="utf-8"):
            assert proc.poll() is None, log.read_text(encoding="utf-8")
            assert time.monotonic() < deadline, f"no {wait_for!r} within {seconds} s:\n" + log.read_text("utf-8")
            time.sleep(0.1)
        time.sleep(then_s)
        return log.read_text(encoding="utf-8")
    finally:
        proc.kill()
        proc.wait(30)


# -- pipes and endless devices in the game folder and fonts/ -----------------------------------------------
def _with_pipes(tmp_path: Path) -> Path:
    project = project_with(tmp_path, "euphoria")
    game = project / "components/euphoria"
    (project / "fonts").mkdir()
    os.mkfifo(game / "notes.txt")                       # read by nothing but the file hashes
    os.symlink("/dev/zero", game / "zeros.bin")
    os.mkfifo(project / "fonts/pipe.ttf")
    os.symlink("/dev/zero", project / "fonts/zero.ttf")
    return project


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_fifo_and_a_dev_zero_link_in_the_game_and_fonts_folders_do_not_hang_build(tmp_path):
    project = _with_pipes(tmp_path)
    for _ in range(2):                                   # the first build and the incremental one
        run = run_capped("build", "euphoria", "--out", "out", cwd=project, seconds=180)
        assert run.returncode == 0, run.stderr
        assert "out/euphoria/rulebook.pdf" in run.stdout


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_fifo_and_a_dev_zero_link_do_not_hang_watch(tmp_path):
    project = _with_pipes(tmp_path)
    out = _watch_until(project, "euphoria", "--out", "out", "--no-preview", wait_for="watching")
    assert "built euphoria" in out and "Traceback" not in out


def test_a_fifo_rulebook_page_is_refused_not_read(tmp_path):
    project = project_with(tmp_path, "euphoria")
    os.mkfifo(project / "components/euphoria/rulebook/08-pipe.md")
    run = run_capped("build", "euphoria", "--out", "out", cwd=project, seconds=120)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "components/euphoria/rulebook/08-pipe.md: not a regular file (a device, pipe or folder): refused" \
        in run.stderr


# -- an output folder inside a watched folder --------------------------------------------------------------
def test_watch_with_out_inside_a_watched_folder_builds_once(tmp_path):
    project = project_with(tmp_path, "euphoria")
    (project / "layouts").mkdir()            # the project's own layouts: watched, and the outputs go in it
    out = _watch_until(project, "euphoria", "--out", "layouts/out", "--interval", "0.1", "--no-preview",
                       wait_for="watching", then_s=4.0)
    assert out.count("built euphoria") == 1, out
    assert "changed:" not in out and "added:" not in out


def test_a_build_into_a_folder_it_reads_has_nothing_to_do_the_second_time(tmp_path):
    """The outputs are no input: the second build finds every input as recorded and does not even load
    the game (its manifest, which records the inputs, is not written again)."""
    project = project_with(tmp_path, "euphoria")
    (project / "layouts").mkdir()
    manifest = project / "layouts/out/euphoria/manifest.json"
    stamps = []
    for _ in range(2):
        run = run_capped("build", "euphoria", "--out", "layouts/out", cwd=project, seconds=180)
        assert run.returncode == 0, run.stderr
        stamps.append((manifest.stat().st_mtime_ns, manifest.read_bytes()))
    assert stamps[1] == stamps[0]


# -- a long rulebook table ----------------------------------------------------------------------------------
def test_a_6000_row_rulebook_table_is_set_in_linear_time(tmp_path):
    project = project_with(tmp_path, "euphoria")
    rows = ["|番号|名前|効果|", "|---|---|---|"] + [f"|{i}|カード{i}|効果{i}|" for i in range(6000)]
    page = project / "components/euphoria/rulebook/08-table.md"
    page.write_text("---\nsource: 以下の手順に従って、ゲームを進行させてください。\n---\n# 一覧\n\n"
                    + "\n".join(rows) + "\n", encoding="utf-8")
    assert page.stat().st_size > 130_000
    started = time.monotonic()
    run = run_capped("build", "euphoria", "--out", "out", "--rulebook-only", cwd=project, seconds=120)
    assert run.returncode == 0, run.stderr
    pages = int(next(line for line in run.stdout.splitlines() if "rulebook.pdf" in line).split("\t")[1][:-3])
    assert pages > 200, run.stdout                       # every row was set, page after page
    assert time.monotonic() - started < 120


def test_a_split_table_prints_as_the_whole_one_would():
    """The parts of a split table set their columns from their own rows, as before the measures were
    shared: the first page from its rows, the rest from the rows after it."""
    from pnp.rulebook.flow import TableFlow, Theme
    from pnp.text.linebreak import Span
    theme = Theme(9.0, 1.7, "#2c3e50")
    rows = [[[Span("名前", "gothic-bold", 9.0)], [Span("説明", "gothic-bold", 9.0)]]]
    rows += [[[Span(f"札{i}", "gothic", 9.0)], [Span("長い説明の文。" * (1 + (i * 7) % 5), "gothic", 9.0)]]
             for i in range(200)]
    table = TableFlow(rows, True, theme)
    first, rest = table.split(300.0, 400.0)
    alone = TableFlow([rows[0]] + rows[len(first.rows):], True, theme)
    rest.wrap(300.0, 1e9)
    alone.wrap(300.0, 1e9)
    assert rest.col_w == alone.col_w and rest.row_h == alone.row_h and rest.height == alone.height
    assert [len(r) for r in rest.cells] == [len(r) for r in alone.cells]
    first_alone = TableFlow(first.rows, True, theme)
    assert first.wrap(300.0, 400.0) == first_alone.wrap(300.0, 400.0)


# -- the search player's iterations ---------------------------------------------------------------------------
def test_a_search_policy_of_a_billion_iterations_is_refused(tmp_path):
    project = project_with(tmp_path, "euphoria")
    run = run_capped("simulate", "euphoria", "--games", "1", "--players", "3", "--policy", "mcts:1000000000",
                     cwd=project, seconds=60)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert (f"policy 'mcts:1000000000': the iterations must be from 1 to {MAX_SEARCH_ITERATIONS:,} "
            "(as --search-iterations)") in run.stderr


# -- user engines that never answer -----------------------------------------------------------------------
def _user_game(tmp_path: Path, old: str, new: str) -> Path:
    from pnp.commands.scaffold import new_game
    new_game(tmp_path, "g", engine=True)
    engine = tmp_path / "components/g/engine.py"
    text = engine.read_text(encoding="utf-8")
    assert old in text, old
    engine.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


LOOPING_APPLY = ("        if action not in self.legal_actions(s):\n",
                 "        while len(s.trick) == 1:             # a rule that never lets go, and swallows errors\n"
                 "            try:\n                pass\n            except Exception:\n                pass\n"
                 "        if action not in self.legal_actions(s):\n")
LOOPING_LEGAL = ("    def legal_actions(self, s: State) -> list[Play]:\n",
                 "    def legal_actions(self, s: State) -> list[Play]:\n        while s.trick:\n            pass\n")
ENDLESS_IMPORT = ("    Variant,\n)\n", "    Variant,\n)\n\nwhile True:\n    pass\n")


def _line(project: Path, needle: str) -> int:
    text = (project / "components/g/engine.py").read_text(encoding="utf-8")
    return text[:text.index(needle)].count("\n") + 1


@pytest.mark.parametrize("command", [("play", "g"), ("simulate", "g", "--games", "20", "--jobs", "2"),
                                     ("validate", "g", "--games", "5")])
def test_an_engine_whose_apply_never_returns_is_stopped_with_its_seed_and_move(tmp_path, command):
    project = _user_game(tmp_path, *LOOPING_APPLY)
    loop = range(_line(project, "        while len(s.trick) == 1:"), _line(project, "        if action not in") + 1)
    started = time.monotonic()
    run = run_capped(*command, cwd=project, seconds=STOPPED_WITHIN_S + 30, env=BUDGET)
    assert time.monotonic() - started < STOPPED_WITHIN_S + 30
    assert run.returncode == 1 and "Traceback" not in run.stderr + run.stdout, run.stderr
    said = run.stderr + run.stdout
    found = re.search(r"components/g/engine\.py:(\d+): apply\(\) did not return within ([\d.]+) s", said)
    assert found and int(found.group(1)) in loop and float(found.group(2)) == BUDGET_S, said
    assert "game 0 (seed " in said and "step 3, the last move chosen '「" in said


def test_an_engine_whose_legal_actions_never_returns_is_stopped(tmp_path):
    project = _user_game(tmp_path, *LOOPING_LEGAL)
    run = run_capped("play", "g", "--seed", "7", cwd=project, seconds=STOPPED_WITHIN_S + 30, env=BUDGET)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    loop = (_line(project, "        while s.trick:"), _line(project, "        while s.trick:") + 1)
    assert "game 0 (seed 7), step 3" in run.stderr
    found = re.search(r"components/g/engine\.py:(\d+): legal_actions\(\) did not return within ([\d.]+) s", run.stderr)
    assert found and int(found.group(1)) in loop and float(found.group(2)) == BUDGET_S, run.stderr


def test_the_engine_call_budget_is_10_s_unless_overridden():
    """The tests above stop engines after BUDGET_S through the override; a designer's pnp waits 10 s, as the
    README says, and an override that is no number of seconds is said and ignored."""
    names = ("PNP_MAX_ENGINE_CALL_SECONDS", "PNP_EXECUTOR_CONNECT_SECONDS")
    clean = {k: v for k, v in os.environ.items() if k not in names}

    def budgets(**env: str) -> tuple[str, str]:
        run = subprocess.run([sys.executable, "-c", "from pnp import limits, watchdog; from pnp.sim import executors; "
                              "print(limits.MAX_ENGINE_CALL_SECONDS, watchdog.MAX_ENGINE_CALL_SECONDS, "
                              "executors.CONNECT_TIMEOUT_S)"],
                             capture_output=True, text=True, env={**clean, **env}, check=True)
        return run.stdout.strip(), run.stderr.strip()
    assert budgets() == ("10 10 10", "")
    assert budgets(PNP_MAX_ENGINE_CALL_SECONDS="2.5", PNP_EXECUTOR_CONNECT_SECONDS="1") == ("2.5 2.5 1.0", "")
    assert budgets(PNP_MAX_ENGINE_CALL_SECONDS="forever") == (
        "10 10 10", "pnp: PNP_MAX_ENGINE_CALL_SECONDS='forever' is not a number of seconds from 0.1 to 3600: "
                    "ignored, 10 s used")


# counts, in the child, the calls the watchdog stopped (each is one wait of the budget)
COUNT_STOPS = ("import atexit, sys\nfrom pnp import watchdog\n_stops = []\n"
               "class _Counted(watchdog.EngineStuck):\n"
               "    def __init__(self, *args):\n        _stops.append(args)\n        super().__init__(*args)\n"
               "watchdog.EngineStuck = _Counted\n"
               "atexit.register(lambda: print(f'calls stopped: {len(_stops)}', file=sys.stderr))\n")


@pytest.mark.parametrize("command", [("play", "g"), ("validate", "g", "--games", "5")])
def test_an_engine_module_that_never_finishes_importing_is_stopped_once(tmp_path, command):
    project = _user_game(tmp_path, *ENDLESS_IMPORT)
    started = time.monotonic()
    run = run_capped(*command, cwd=project, seconds=STOPPED_WITHIN_S + 30, env=BUDGET, prelude=COUNT_STOPS)
    assert run.returncode == 1 and "Traceback" not in run.stderr + run.stdout, run.stderr
    said = run.stderr + run.stdout
    loop = (_line(project, "while True:"), _line(project, "while True:") + 1)
    assert "components/g/game.yaml:9:1: engine: the rules engine 'engine.py' did not finish loading" in said
    found = re.search(r"components/g/engine\.py:(\d+): the module's own code did not finish within ([\d.]+) s "
                      "while it was imported", said)
    assert found and int(found.group(1)) in loop and float(found.group(2)) == BUDGET_S, said
    # validate's later checks refuse the engine at once: one wait in all, not one per check
    assert run.stderr.endswith("calls stopped: 1\n"), said
    assert time.monotonic() - started < 2 * BUDGET_S + 40


@pytest.mark.parametrize("command", [("play", "g"), ("simulate", "g", "--games", "5"),
                                     ("validate", "g", "--games", "5")])
def test_a_max_steps_of_ten_to_the_fifteenth_is_refused_at_once(tmp_path, command):
    project = _user_game(tmp_path, "self.max_steps = 1 + HAND * self.max_players", "self.max_steps = 10 ** 15")
    engine = project / "components/g/engine.py"
    engine.write_text(engine.read_text(encoding="utf-8").replace(
        "        s.hands[seat].remove(action.card)\n", "        s.hands[seat].sort()     # never given up\n"),
        encoding="utf-8")
    run = run_capped(*command, cwd=project, seconds=60)
    assert run.returncode == 1 and "Traceback" not in run.stderr + run.stdout
    assert (f"components/g/game.yaml:9:1: engine: the engine's max_steps is 1,000,000,000,000,000; at most "
            f"{MAX_ENGINE_STEPS:,}") in run.stderr + run.stdout


from pnp.sim.engine import Capabilities  # noqa: E402


class _Endless:
    """A game that never ends, each step at once: only the clock can stop it."""

    capabilities = Capabilities("endless", 2, 2)     # what the runner reads: no hooks beyond the rules
    game_id, min_players, max_players, variants, options = "endless", 2, 2, (), ()
    max_steps = MAX_ENGINE_STEPS

    def new_state(self, players, variant="standard", options=None):
        return [0]

    def to_move(self, s):
        return 0

    def legal_actions(self, s):
        return [1]

    def apply(self, s, action):
        s[0] += 1

    def observe(self, s, seat):
        return None

    def check_invariants(self, s):
        pass


def test_a_game_that_never_ends_is_stopped_by_its_time_budget(monkeypatch):
    from pnp.sim import runner
    monkeypatch.setattr(runner, "MAX_GAME_SECONDS", 0.3)
    engine = _Endless()
    engine.max_steps = 10 ** 12          # no step bound in reach: the clock stops it
    started = time.monotonic()
    with pytest.raises(runner.GameTimeLimit) as stopped:
        runner.play_game(engine, 2, ["random", "random"], 42, index=3)
    assert time.monotonic() - started < 30
    assert str(stopped.value).startswith("game 3 (seed 42): the game did not end within 0.3 s (")


def test_games_that_each_run_to_max_steps_stop_the_batch(monkeypatch):
    from pnp.sim import runner
    engine = _Endless()
    engine.max_steps = 20_000
    monkeypatch.setattr(runner, "MAX_GAME_SECONDS", 0.5)
    started = time.monotonic()
    with pytest.raises(runner.GameTimeLimit) as stopped:
        runner.run_games(engine, runner.Batch(2, ("random",), 100_000))
    assert time.monotonic() - started < 30
    assert "the game did not end within max_steps=20000; games that do not end have taken" in str(stopped.value)


def test_the_bundled_engines_are_not_watched(monkeypatch):
    """The watchdog's timer runs only for a user engine: a bundled game's command never sets it."""
    import signal

    from pnp import watchdog
    monkeypatch.setattr(watchdog, "_files", set())
    monkeypatch.setattr(watchdog, "_folders", [])
    from pnp.data.project import Project
    from pnp.games import make_engine

    from .conftest import REPO
    with watchdog.active():
        make_engine(Project(REPO).load_game("euphoria"))
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
