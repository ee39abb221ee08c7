"""Property: random mutations of the bundled games' YAML never crash pnp.

Each example copies one bundled game, changes one thing (a value replaced by a hostile one, a key
removed, a list item doubled, the text cut short or a character slipped in) and runs `pnp validate`
and `pnp build` in a child process limited in memory and time.  Both must end with exit code 0 or 1
and no traceback, within the limits, and validate must fail whenever build fails."""
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import REPO

GAMES = ("euphoria", "terror24", "tantei2", "ebe")
MEMORY_BYTES = 3 * 1024 ** 3       # address space of each run
SECONDS = 90                       # wall time of each run

HOSTILE = st.one_of(
    st.integers(-10 ** 12, 10 ** 12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(["0mm", "-5mm", "0.0000001mm", "1e9mm", "999999mm", "13", "\t", "e\u0301", "\ue000", "",
                     "poker", "mini", "1000000000", "../../etc/passwd", "#zzzzzz", "<<"]),
    st.none(), st.booleans(), st.just([]), st.just({}), st.just([[[[[]]]]]),
)


def _paths(node, prefix=()):
    if prefix:
        yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _parent(data, path):
    for p in path[:-1]:
        data = data[p]
    return data


@st.composite
def mutations(draw):
    game = draw(st.sampled_from(GAMES))
    files = sorted(p.name for p in (REPO / "components" / game).glob("*.yaml"))
    name = draw(st.sampled_from(files))
    text = (REPO / "components" / game / name).read_text(encoding="utf-8")
    op = draw(st.sampled_from(["set", "set", "delete", "double", "cut", "insert"]))
    if op == "cut":
        return game, name, op, text[:draw(st.integers(0, len(text) - 1))]
    if op == "insert":
        at = draw(st.integers(0, len(text)))
        ch = draw(st.sampled_from(["\t", "\0", "{", "[", "&a ", "*a", "- ", ":", "\ufeff", "\u0301", "'"]))
        return game, name, op, text[:at] + ch + text[at:]
    data = yaml.safe_load(text)
    paths = list(_paths(data))
    if op == "double":
        paths = [p for p in paths if isinstance(p[-1], int)] or paths
    path = draw(st.sampled_from(paths))
    parent = _parent(data, path)
    if op == "set":
        parent[path[-1]] = draw(HOSTILE)
    elif op == "delete":
        del parent[path[-1]]
    elif isinstance(parent, list):
        parent.insert(path[-1], parent[path[-1]])
    else:
        parent[path[-1]] = [parent[path[-1]]] * 2
    return game, name, f"{op} {path}", yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))


def _pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    return subprocess.run([sys.executable, "-c", "from pnp.cli import main; main()", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=SECONDS, preexec_fn=_limit, env=env)


# a few fixed examples in the suite (4, and 8 with PNP_TEST_ALL=1, as the sampled tests); PNP_MUTATIONS=300
# explores new ones for a long hunt
HUNT = int(os.environ.get("PNP_MUTATIONS", "0"))
EXAMPLES = 8 if os.environ.get("PNP_TEST_ALL", "") not in ("", "0") else 4


@settings(max_examples=HUNT or EXAMPLES, derandomize=not HUNT, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutations())
def test_a_mutated_game_is_validated_and_built_without_a_crash(mutation):
    game, name, what, text = mutation
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        shutil.copytree(REPO / "components" / game, project / "components" / game)
        (project / "components" / game / name).write_text(text, encoding="utf-8")
        checked = _pnp("validate", game, "--games", "1", cwd=project)
        built = _pnp("build", game, "--out", "out", cwd=project)
    for run in (checked, built):
        assert run.returncode in (0, 1), (what, run.returncode, run.stderr[-2000:])
        assert "Traceback" not in run.stderr + run.stdout, (what, run.stderr[-2000:])
    if built.returncode == 1:
        assert checked.returncode == 1, (what, built.stderr[-1000:], checked.stdout[-1000:])
