import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import settings
from programs import program

try:
    import fcntl
except ImportError:             # Windows: each xdist worker builds its own
    fcntl = None  # type: ignore[assignment]

# CI runs the property tests on a fixed sequence of examples, so a landing never hinges on luck;
# on a developer's machine they explore new examples every run.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

REPO = Path(__file__).resolve().parent.parent

# The messages' language follows the locale (LANG=ja_JP… → Japanese): the run pins English, for every
# test and every pnp command a test starts, whatever the machine's locale; a test of Japanese asks for it.
os.environ["PNP_LANG"] = "en"


@pytest.fixture(autouse=True)
def _messages_in_english_again():
    """`pnp --lang ja` run in the test's process (click's CliRunner) sets the language for the process:
    the next test starts from the pinned English again."""
    yield
    from pnp.messages import set_lang
    set_lang(None)


def _a_folder_for_this_run(prefix: str) -> str:
    """A temporary folder made by the process that starts the run, removed when it ends."""
    import atexit
    import tempfile
    folder = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, folder, True)
    return folder


def _compile_each_module_once_per_run() -> None:
    """Where the environment says not to write bytecode (PYTHONDONTWRITEBYTECODE), every process of the
    run — the xdist workers and the hundreds of pnp commands the tests start — would compile pnp, the
    test modules (pytest's assertion rewriting) and the engines again from source.  The run keeps its
    compiled modules in a temporary folder of its own instead (PYTHONPYCACHEPREFIX, which the workers and
    the commands inherit), so the checkout gets no __pycache__ and nothing outlives the run."""
    import sys
    if not sys.dont_write_bytecode or os.environ.get("PYTEST_XDIST_WORKER") or sys.pycache_prefix:
        return
    cache = _a_folder_for_this_run("pnp-tests-pycache-")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = cache
    sys.pycache_prefix = cache
    sys.dont_write_bytecode = False


_compile_each_module_once_per_run()


def _a_cache_of_the_runs_own() -> None:
    """pnp remembers file hashes and clean validates in the user's cache folder; the tests use one of the
    run's own (PNP_CACHE_DIR, shared by the workers, removed at the end), so no run is answered from what
    an earlier run or the user's own work left there.  A test about the memory sets its own."""
    if os.environ.get("PYTEST_XDIST_WORKER") or os.environ.get("PNP_TEST_CACHE_DIR"):
        return
    cache = _a_folder_for_this_run("pnp-tests-cache-")
    os.environ["PNP_CACHE_DIR"] = os.environ["PNP_TEST_CACHE_DIR"] = cache


_a_cache_of_the_runs_own()

# Sampled tests: a test over many like cases (every deck of every game, every engine of every game …)
# marked @pytest.mark.sampled(K) runs K of its cases by default — the same K every run, shared out over
# the values of its first parameter (every game has its turn) and spread evenly within each — and every
# case with PNP_TEST_ALL=1.  The others are reported as deselected in pytest's summary line.
ALL_CASES = os.environ.get("PNP_TEST_ALL", "") not in ("", "0")


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="write the golden transcripts (tests/games/golden) anew instead of comparing; review the diff")


def pytest_configure(config):
    config.addinivalue_line("markers", "sampled(k): run k cases of this parametrised test by default (spread over "
                                       "the values of its first parameter), every case with PNP_TEST_ALL=1")
    config.addinivalue_line("markers", "needs(*programs): the test runs these programs; it fails (never skips) "
                                       "where one is missing")


def pytest_runtest_setup(item):
    for mark in item.iter_markers("needs"):
        for name in mark.args:
            program(name)


def sample(cases: list, k: int) -> list:
    """k of the cases: as many from each value of the first parameter as a round turn gives, each
    group's evenly spread (its first always among them); in the cases' order."""
    groups: dict[str, list] = {}
    for case in cases:
        params = getattr(getattr(case, "callspec", None), "params", {}) or {}
        groups.setdefault(repr(next(iter(params.values()), "")), []).append(case)
    share = dict.fromkeys(groups, 0)
    left = min(k, len(cases))
    while left:
        for value, group in groups.items():
            if left and share[value] < len(group):
                share[value] += 1
                left -= 1
    keep = set()
    for value, group in groups.items():
        m = share[value]
        keep.update(id(group[round(i * (len(group) - 1) / (m - 1)) if m > 1 else 0]) for i in range(m))
    return [c for c in cases if id(c) in keep]


def pytest_collection_modifyitems(config, items):
    if ALL_CASES:
        return
    groups: dict[tuple[str, str], list] = {}
    for item in items:
        if item.get_closest_marker("sampled") is not None and getattr(item, "originalname", None):
            groups.setdefault((item.nodeid.split("::")[0], item.originalname), []).append(item)
    dropped = set()
    for cases in groups.values():
        k = int(cases[0].get_closest_marker("sampled").args[0])
        kept = {id(c) for c in sample(cases, k)}
        dropped.update(id(c) for c in cases if id(c) not in kept)
    if dropped:
        config.hook.pytest_deselected(items=[i for i in items if id(i) in dropped])
        items[:] = [i for i in items if id(i) not in dropped]


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture
def mini_project(tmp_path: Path) -> Path:
    """A throwaway project holding a copy of the scaffolded game, to break on purpose."""
    from pnp.commands.scaffold import new_game
    new_game(tmp_path, "mini")
    return tmp_path


@contextmanager
def shared_by_the_workers(tmp_path_factory, name: str) -> Iterator[tuple[Path, bool]]:
    """(folder, made): a folder the xdist workers of this run share (the standard recipe: the parent of
    each worker's base temporary folder), held under a lock while the caller looks at it — made says
    whether an earlier worker finished it.  Without fcntl (Windows), or run without xdist, each process
    has its own."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER") and fcntl is not None:
        base = base.parent
    folder = base / name
    with open(base / f"{name}.lock", "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield folder, (folder / ".made").exists()


def build_once(tmp_path_factory, name: str, make: Callable[[Path], None]) -> Path:
    """A folder made once per test run by make(folder) and shared, read only, by every worker."""
    with shared_by_the_workers(tmp_path_factory, name) as (folder, made):
        if not made:
            if folder.exists():
                shutil.rmtree(folder)       # a worker stopped while making it
            folder.mkdir()
            make(folder)
            (folder / ".made").touch()
    return folder


@pytest.fixture(scope="session")
def made_once(tmp_path_factory) -> Callable[[str, Callable[[Path], None]], Path]:
    """made_once(name, make): the folder make(folder) filled, once per test run, shared read only by the
    workers."""
    return lambda name, make: build_once(tmp_path_factory, name, make)


def _build_kit(out: Path) -> None:
    from pnp.commands.build import BuildOptions, build_game
    from pnp.data.project import Project
    for game in Project(REPO).load_games():
        build_game(game, out, BuildOptions())


@pytest.fixture(scope="session")
def built_kit(tmp_path_factory) -> Path:
    """Every bundled game built once into a temporary out/ (cards, shop pages, parts, rulebooks): one
    build shared by the xdist workers, to read only (a test that changes outputs builds its own)."""
    return build_once(tmp_path_factory, "built-kit", _build_kit)


@pytest.fixture(scope="session")
def kit_pages(built_kit) -> Callable[[Path], list[str]]:
    """pages(pdf): the text of each page of a PDF of the shared kit (pdfplumber's extract_text), read once
    per run and shared by the workers like the kit."""
    import json

    import pdfplumber
    texts = built_kit.parent / f"{built_kit.name}-text"
    texts.mkdir(exist_ok=True)
    memo: dict[str, list[str]] = {}

    def pages(pdf: Path) -> list[str]:
        key = pdf.relative_to(built_kit).as_posix()
        if key not in memo:
            saved = texts / (key.replace("/", "__") + ".json")
            if saved.exists():
                memo[key] = json.loads(saved.read_text(encoding="utf-8"))
            else:
                with pdfplumber.open(pdf) as doc:
                    memo[key] = [p.extract_text() or "" for p in doc.pages]
                part = saved.with_name(f"{saved.name}.{os.getpid()}")
                part.write_text(json.dumps(memo[key], ensure_ascii=False), encoding="utf-8")
                os.replace(part, saved)        # whole or absent for the other workers
        return list(memo[key])
    return pages


def copy_game(repo: Path, game: str, dest: Path) -> Path:
    shutil.copytree(repo / "components" / game, dest / "components" / game)
    return dest
