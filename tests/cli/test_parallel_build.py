"""`pnp build --jobs N`: the games of one build are drawn side by side in worker processes, and what
the user gets — the files, the listing, the messages, the exit code — is what `--jobs 1` gives."""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.commands import buildcache
from pnp.commands.scaffold import new_game
from pnp.commands.workers import Pool, Stopped, WorkerDied, fork_available, run_forked, wait_for_go
from pnp.errors import DataError, PnpError, Problem

ROOT = Path(__file__).resolve().parents[2]

needs_fork = pytest.mark.skipif(not fork_available(), reason="build workers are forked; elsewhere --jobs is 1")


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(buildcache, "_OPEN", {})    # each build reads the hashes from disk, as a new pnp would


def two_games(tmp_path: Path) -> Path:
    """ユーフォリア (cards and a rulebook) and a freshly scaffolded game: two games, so two workers."""
    project = tmp_path / "project"
    shutil.copytree(ROOT / "components" / "euphoria", project / "components" / "euphoria")
    new_game(project, "mini")
    return project


def said(output: str) -> str:
    """What a build printed, without the shop files' notices (注意：…): a forked worker prints them to
    its own stderr (the terminal), which CliRunner does not capture, so only --jobs 1 shows them here."""
    return "".join(ln for ln in output.splitlines(keepends=True) if not re.match(r"^\w+: shop/.*注意：", ln))


def build(project: Path, out: Path, *args: str):
    return CliRunner().invoke(main, ["build", *args, "--project", str(project), "--out", str(out)])


def files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


@needs_fork
def test_two_jobs_write_the_bytes_one_job_writes_and_a_rebuild_draws_nothing(tmp_path):
    project = two_games(tmp_path)
    one, two = tmp_path / "one", tmp_path / "two"
    r1 = build(project, one, "--jobs", "1")
    r2 = build(project, two, "--jobs", "2")
    assert r1.exit_code == 0 and r2.exit_code == 0, r1.output + r2.output
    listing1 = [ln.replace(str(one), "OUT") for ln in said(r1.output).splitlines()]
    listing2 = [ln.replace(str(two), "OUT") for ln in said(r2.output).splitlines()]
    assert listing1 == listing2 and any("euphoria/rulebook.pdf" in ln for ln in listing2)
    got1, got2 = files(one), files(two)
    assert "euphoria/manifest.json" in got2 and "mini/manifest.json" in got2
    assert got1 == got2                                  # every PDF and both manifests, byte for byte
    # the file hashes the workers learnt came back: the next build reads no output again and draws nothing
    known = buildcache.file_hashes(two).table
    assert all(str(two / name) in known for name in got2 if name.endswith(".pdf"))
    buildcache._OPEN.clear()
    again = build(project, two)                          # the default: every core
    assert again.exit_code == 0 and "0 files drawn" in again.output
    assert files(two) == got2


@needs_fork
def test_progress_names_every_unit_of_every_game(tmp_path):
    from pnp.commands.incremental import build_project
    from pnp.outputs import BuildOptions
    project = two_games(tmp_path)
    seen: dict[int, list[str]] = {1: [], 2: []}
    steps: dict[int, int] = {}
    for jobs in (1, 2):
        build_project(project, [], tmp_path / f"out{jobs}", BuildOptions(), jobs=jobs, tick=seen[jobs].append,
                      steps=lambda n, jobs=jobs: steps.__setitem__(jobs, n))
    assert "euphoria/rulebook" in seen[2] and "mini/cards" in seen[2]
    assert sorted(seen[2]) == sorted(seen[1]) and len(seen[2]) == steps[2] == steps[1]


@needs_fork
def test_an_error_while_drawing_one_game_reads_the_same_as_with_one_job(tmp_path):
    """A table too wide for the page is found while the rulebook is typeset, i.e. in a worker."""
    project = two_games(tmp_path)
    end = project / "components/euphoria/rulebook/05-end.md"
    row = "|" + "|".join(["国国国国"] * 40) + "|"
    end.write_text(end.read_text(encoding="utf-8") + f"\n{row}\n{row}\n", encoding="utf-8")
    r1 = build(project, tmp_path / "one", "--jobs", "1")
    r2 = build(project, tmp_path / "two", "--jobs", "2")
    assert r1.exit_code == 1 and r2.exit_code == 1
    assert "05-end.md:" in r2.output and "table: a table of 40 columns does not fit the page width" in r2.output
    assert said(r2.output) == said(r1.output) and "Traceback" not in r2.output
    assert not (tmp_path / "two/euphoria").exists()      # nothing half-written where the game would go


@pytest.mark.parametrize("old,new,line,says", [
    # found while loading, before any worker starts
    ("{id: sun-2, suit: sun,", "{id: sun-2, suit: sol,", 15, "sol"),
    # found while planning mini: ユーフォリア, the larger, planned first, is being drawn in a worker
    # by then, and puts nothing in place
    ("body: 手札を1枚引く。", "body: " + "手札を1枚引く。" * 60, 14, "does not fit"),
])
def test_a_data_error_in_one_game_reads_the_same_with_two_jobs(tmp_path, old, new, line, says):
    """Nothing is written, for either game, and the build says what --jobs 1 says."""
    project = two_games(tmp_path)
    cards = project / "components/mini/cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    r1 = build(project, tmp_path / "one", "--jobs", "1")
    r2 = build(project, tmp_path / "two", "--jobs", "2")
    assert r1.exit_code == 1 and r2.exit_code == 1
    assert f"components/mini/cards.yaml:{line}:" in r2.output and says in r2.output
    assert said(r2.output) == said(r1.output) and "Traceback" not in r2.output
    assert not (tmp_path / "two").exists() and not list(tmp_path.glob(".*staging*"))


def test_jobs_below_one_is_a_usage_error_and_more_jobs_than_games_start_one_per_game(tmp_path, monkeypatch):
    project = two_games(tmp_path)
    r = build(project, tmp_path / "out", "--jobs", "0")
    assert r.exit_code == 2 and "--jobs" in r.output
    from pnp.commands import workers
    asked: list[int] = []
    real = workers.Pool.__init__
    monkeypatch.setattr(workers.Pool, "__init__", lambda self, jobs, tick: asked.append(jobs) or real(self, jobs, tick))
    r = build(project, tmp_path / "out", "--jobs", "64")
    assert r.exit_code == 0, r.output
    assert asked == ([2] if fork_available() else [])


# -- the worker pool itself --------------------------------------------------------------------------
def _ok(value):
    def task(tick):
        tick(f"{value}/a")
        tick(f"{value}/b")
        return value * 2
    return task


def _fails(exc):
    def task(tick):
        raise exc
    return task


@needs_fork
def test_results_and_every_tick_come_back():
    ticks: list[str] = []
    got = run_forked([(str(i), _ok(i)) for i in range(5)], 2, ticks.append)
    assert got == {str(i): i * 2 for i in range(5)}
    assert sorted(ticks) == sorted(f"{i}/{s}" for i in range(5) for s in "ab")
    for i in range(5):
        assert ticks.index(f"{i}/a") < ticks.index(f"{i}/b")


@needs_fork
def test_the_error_raised_is_the_first_failing_task_in_order(tmp_path):
    started = tmp_path / "started"
    started.mkdir()

    def mark(name, task):
        def run(tick):
            (started / name).touch()
            return task(tick)
        return name, run

    later = DataError([Problem("b.yaml", 3, 1, "x", "later")])
    first = DataError([Problem("a.yaml", 2, 5, "cards[0].name", "first")])
    tasks = [mark("a", _ok(1)), mark("b", _fails(first)), mark("c", _fails(later)), mark("d", _ok(2))]
    with pytest.raises(DataError) as caught:
        run_forked(tasks, 1, lambda _: None)
    assert str(caught.value) == "a.yaml:2:5: cards[0].name: first" and caught.value.problems == first.problems
    assert sorted(p.name for p in started.iterdir()) == ["a", "b"]    # nothing after the failure starts


@needs_fork
def test_errors_keep_their_type_and_message():
    with pytest.raises(OSError) as caught:
        run_forked([("g", _fails(PermissionError(13, "Permission denied", "out/g/x.pdf")))], 1)
    assert caught.value.filename == "out/g/x.pdf" and caught.value.strerror == "Permission denied"

    class Odd(PnpError):
        def __init__(self, a, b):
            super().__init__(f"{a} and {b}")
    with pytest.raises(PnpError, match="^one and two$"):
        run_forked([("g", _fails(Odd("one", "two")))], 1)


@needs_fork
def test_a_worker_that_dies_is_an_error_not_a_hang():
    def die(tick):
        os._exit(3)
    with pytest.raises(WorkerDied, match="ebe: the worker process building it ended unexpectedly"):
        run_forked([("ebe", die), ("mini", _ok(1))], 2)


def _after_the_word(marks: Path, name: str):
    def task(tick):
        wait_for_go()
        (marks / name).touch()
        return name
    return task


@needs_fork
@pytest.mark.parametrize("early", [True, False])
def test_a_pool_task_goes_on_past_wait_for_go_only_when_told(tmp_path, early):
    """decide() may come before or after a task reaches wait_for_go; False makes it raise Stopped
    and drops the tasks not started."""
    for go in (True, False):
        marks = tmp_path / f"{go}-{early}"
        marks.mkdir()
        pool = Pool(2)
        if early:
            pool.decide(go)
        for name in "abc":
            pool.submit(name, _after_the_word(marks, name))
        if not early:
            pool.decide(go)
        if go:
            assert pool.results() == {n: n for n in "abc"}
            assert sorted(p.name for p in marks.iterdir()) == ["a", "b", "c"]
        elif early:         # told before they start: none starts
            assert pool.results() == {} and list(marks.iterdir()) == []
        else:               # a and b wait at wait_for_go and stop there; c never starts
            with pytest.raises(Stopped):
                pool.results()
            assert list(marks.iterdir()) == []


def test_wait_for_go_outside_a_worker_returns_at_once():
    wait_for_go()
