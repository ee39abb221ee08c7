"""Issue 29, "Reliability, second review: hostile inputs" — tracebacks.

Files pnp keeps for itself (the manifest, the file-hash cache) damaged by hand, and YAML inside rulebook
pages (front matter, an example's ``~~~check`` position) built to explode: each is one line naming the
file, never a traceback; a cache is only a cache, so a damaged one is ignored (and said so)."""
import json
import shutil
from pathlib import Path

import pytest

from pnp.limits import MAX_YAML_DEPTH

from .conftest import edit, no_traceback, project_with, run_capped

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def built_euphoria(tmp_path_factory):
    """A project holding euphoria and its out/, built once per module; each test below works on a copy."""
    project = project_with(tmp_path_factory.mktemp("built-euphoria"), "euphoria")
    run = run_capped("build", "euphoria", "--out", "out", cwd=project, env={"PNP_CACHE_DIR": str(project / "cache")})
    assert run.returncode == 0, run.stderr
    shutil.rmtree(project / "cache")
    return project


def _copy(built: Path, tmp_path: Path) -> Path:
    shutil.copytree(built / "components", tmp_path / "components")
    shutil.copytree(built / "out", tmp_path / "out")
    return tmp_path


@pytest.mark.sampled(4)         # 4 of the 8 damages (each a full build); all with PNP_TEST_ALL=1
@pytest.mark.parametrize("content, why", [
    ("[1, 2]", "a list, not a mapping"),
    ('"out/euphoria"', "a str, not a mapping"),
    ('{"game": "euphoria", "files": [{"path": "rulebook.pdf", "pages": 1, "sha256": "0"}]}', "an entry has no kind"),
    ('{"game": "euphoria", "files": {"rulebook.pdf": 1}}', "files is not a list"),
    ('{"game": "euphoria", "files": [], "marks": ["x"]}', "marks is not a mapping of lists"),
    ('{"game": "euphoria", "files": [{"kind": "sheets", "path": "a.pdf", "pages": "1", "sha256": "0"}]}',
     "a.pdf: pages is not a count"),
    (DEEP, "JSON nested too deep"),
    ('{"game": "euphoria", "files": [', "not JSON"),
])
def test_a_damaged_manifest_is_ignored_in_one_line(built_euphoria, tmp_path, content, why):
    project = _copy(built_euphoria, tmp_path)
    manifest = project / "out/euphoria/manifest.json"
    manifest.write_text(content, encoding="utf-8")
    for _ in range(2):          # said once, then the build writes a good one again
        run = run_capped("build", "euphoria", "--out", "out", cwd=project)
        assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
        if _ == 0:
            assert f"out/euphoria/manifest.json: damaged manifest ({why}" in run.stderr
            assert "ignored; every output is drawn again" in run.stderr
            assert len([ln for ln in run.stderr.splitlines() if "manifest.json" in ln]) == 1
        else:
            assert "damaged" not in run.stderr
    assert json.loads(manifest.read_text(encoding="utf-8"))["game"] == "euphoria"


@pytest.mark.parametrize("content, why", [
    ("[1]", "not the table pnp writes"),
    ('{"format": 2, "files": []}', "not the table pnp writes"),
    ('{"format": 2, "files": {"/x": [1, 2]}}', "an entry is not [size, mtime, inode, ctime, sha256]"),
    (DEEP, "JSON nested too deep"),
    ("\x00\x01", "not JSON"),
])
def test_a_damaged_file_hash_cache_is_ignored_in_one_line(built_euphoria, tmp_path, content, why):
    project = _copy(built_euphoria, tmp_path)
    run = run_capped("build", "euphoria", "--out", "out", cwd=project)       # nothing to draw; the cache is written
    assert run.returncode == 0 and "0 files drawn" in run.stderr, run.stderr
    caches = list((tmp_path / "cache").glob("hashes-*.json"))
    assert len(caches) == 1
    caches[0].write_text(content, encoding="utf-8")
    edit(project / "components/euphoria/game.yaml", "title: ", "title: 改")     # a build with work to do
    run = run_capped("build", "euphoria", "--out", "out", cwd=project)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert f"{caches[0]}: damaged file-hash cache ({why}): ignored; the files are hashed again" in run.stderr
    assert json.loads(caches[0].read_text(encoding="utf-8"))["format"] == 2


BOMB = ("a: &a [x, x, x, x, x, x, x, x, x]\n"
        + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8)))


def _page(project, name: str, text: str) -> None:
    (project / "components/euphoria/rulebook" / name).write_text(text, encoding="utf-8")


SOURCE = "source: 以下の手順に従って、ゲームを進行させてください。\n"


@pytest.mark.parametrize("front, line, message", [
    (BOMB, 10, "front matter: more than 64 aliases: refused"),
    ("source: " + "[" * 3000 + "]" * 3000 + "\n", 2, "front matter: "),
    (SOURCE + "x: " + "[" * (MAX_YAML_DEPTH + 5) + "]" * (MAX_YAML_DEPTH + 5) + "\n", 3,
     f"front matter: lists and mappings nested more than {MAX_YAML_DEPTH} deep: refused"),
    (SOURCE + "toc: 2\ntoc: 3\n", 4, "front matter: duplicate key 'toc'"),
])
def test_hostile_yaml_in_a_rulebook_front_matter_is_one_line(tmp_path, front, line, message):
    project = project_with(tmp_path, "euphoria")
    _page(project, "08-hostile.md", "---\n" + front + "---\n# 見出し\n\n本文。\n")
    for command in (("build", "euphoria", "--out", "out"), ("validate", "euphoria", "--games", "1")):
        run = run_capped(*command, cwd=project, seconds=120)
        said = run.stderr + run.stdout
        assert run.returncode == 1 and "Traceback" not in said and "Error" not in said.replace("YAMLError", ""), said
        assert f"components/euphoria/rulebook/08-hostile.md:{line}:" in said and message in said, said


@pytest.mark.parametrize("script, message", [
    (BOMB, "example position: more than 64 aliases: refused"),
    ("players: " + "[" * 3000 + "]" * 3000 + "\n", "example position: "),
    ("players: " + "{a: " * 60 + "1" + "}" * 60 + "\n",
     f"example position: lists and mappings nested more than {MAX_YAML_DEPTH} deep: refused"),
])
def test_hostile_yaml_in_an_example_check_block_is_one_line(tmp_path, script, message):
    project = project_with(tmp_path, "euphoria")
    _page(project, "08-example.md", "---\n" + SOURCE + "---\n# 例\n\n:::example 例\n本文。\n~~~check\n" + script
          + "~~~\n:::\n")
    run = run_capped("build", "euphoria", "--out", "out", cwd=project, seconds=120)
    said = run.stderr + run.stdout
    assert run.returncode == 1 and "Traceback" not in said, said
    assert "components/euphoria/rulebook/08-example.md:" in said and message in said, said
    assert all(len(line) < 300 for line in said.splitlines())


def test_a_damaged_manifest_in_process_is_no_traceback(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    out = project / "out"
    assert cli("build", "euphoria", "--project", project, "--out", out).exit_code == 0
    damaged = ('{"game": "euphoria", "files": [{"kind": "sheets", "path": "kleshas-sheets.pdf", '
               '"unit": "deck/kleshas/sheets", "key": "k"}]}')       # no pages, no sha256
    for args in (("build", "euphoria", "--rulebook-only"), ("build", "euphoria"), ("build", "euphoria", "--clean")):
        (out / "euphoria/manifest.json").write_text(damaged, encoding="utf-8")
        result = cli(*args, "--project", project, "--out", out)
        assert result.exit_code == 0 and no_traceback(result), result.output
        assert "damaged manifest (kleshas-sheets.pdf: pages is not a count)" in result.output
