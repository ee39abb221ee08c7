"""A file its schema found nothing wrong with is remembered between runs (the user's cache folder) and
not walked through the schema again; a changed file, and any file with a problem, is checked anew."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.data import schema_check
from pnp.data.project import Project
from pnp.data.yamlsource import SourceMap, load_yaml
from pnp.resources import layouts_dir


@pytest.fixture
def fresh_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Starts a new run as a new process would: nothing remembered in memory, the cache folder kept."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))

    def start() -> None:
        monkeypatch.setattr(schema_check, "_clean", None)
        schema_check._CHECKED.clear()
    start()
    yield start
    schema_check._CHECKED.clear()


def _no_schema(*_: object) -> list[object]:
    raise AssertionError("walked through the schema again")


def test_an_unchanged_clean_game_is_not_checked_again_in_the_next_run(repo: Path, tmp_path: Path, fresh_run,
                                                                      monkeypatch: pytest.MonkeyPatch):
    shutil.copytree(repo / "components/terror24", tmp_path / "components/terror24")
    first = Project(tmp_path).load_game("terror24")
    assert (tmp_path / "cache/schema-clean.txt").read_text(encoding="ascii").count("\n") >= 3
    fresh_run()
    monkeypatch.setattr(schema_check, "_schema_errors", _no_schema)
    assert Project(tmp_path).load_game("terror24") == first


def test_a_changed_file_is_checked_again_and_its_problem_said_every_run(repo: Path, tmp_path: Path, fresh_run):
    shutil.copytree(repo / "components/terror24", tmp_path / "components/terror24")
    Project(tmp_path).load_game("terror24")
    game_yaml = tmp_path / "components/terror24/game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "colour_of_the_box: red\n", encoding="utf-8")
    for _ in range(2):
        fresh_run()
        _, problems = Project(tmp_path).load_game_partly("terror24")
        assert [(p.file, p.field) for p in problems if "colour_of_the_box" in p.message] == [
            ("components/terror24/game.yaml", "colour_of_the_box")]


def test_an_unreadable_cache_is_no_error(repo: Path, tmp_path: Path, fresh_run, monkeypatch: pytest.MonkeyPatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocker))
    shutil.copytree(repo / "components/terror24", tmp_path / "components/terror24")
    assert Project(tmp_path).load_game("terror24").id == "terror24"


def _bundled_layouts_as_read() -> list[tuple[str, object, SourceMap]]:
    """Each bundled layout as a project reads it: its shown name, its values and source map."""
    shown = Project(Path("."))
    out = []
    for path in sorted(layouts_dir().glob("*.yaml")):
        data, smap = load_yaml(path, shown.display(path))
        out.append((smap.file, data, smap))
    return out


def test_the_shipped_verdicts_are_those_of_the_bundled_layouts_as_they_are(request: pytest.FixtureRequest):
    """Every bundled layout, checked here by its schema with the jsonschema installed, is clean, and the
    shipped list holds exactly their keys.  A layout or a schema edited without writing the list anew
    fails here:  python -m pytest tests/data/test_schema_clean.py --update-golden -n 0"""
    layouts = _bundled_layouts_as_read()
    assert len(layouts) >= 10 and all(file.startswith("layouts/") for file, _, _ in layouts)
    for file, data, smap in layouts:
        assert schema_check.schema_problems("layout", data, smap) == [], file
    keys = sorted(schema_check.shipped_key("layout", smap.read_as) for _, _, smap in layouts)
    if request.config.getoption("--update-golden"):
        schema_check.SHIPPED_CLEAN.write_text("".join(k + "\n" for k in keys), encoding="ascii")
    shipped = schema_check.SHIPPED_CLEAN.read_text(encoding="ascii").split()
    assert shipped == keys, f"{schema_check.SHIPPED_CLEAN.name} is stale: write it anew with --update-golden"


def test_a_first_run_checks_the_projects_files_and_not_the_bundled_layouts(repo: Path, tmp_path: Path, fresh_run,
                                                                           monkeypatch: pytest.MonkeyPatch):
    checked: list[str] = []
    real = schema_check._schema_errors
    monkeypatch.setattr(schema_check, "_schema_errors", lambda kind, data: checked.append(kind) or real(kind, data))
    shutil.copytree(repo / "components/terror24", tmp_path / "components/terror24")
    Project(tmp_path).load_game("terror24")
    assert "game" in checked and "deck" in checked
    assert "layout" not in checked
    remembered = (tmp_path / "cache/schema-clean.txt").read_text(encoding="ascii").split()
    assert len(remembered) == len(checked)          # the project's files only: the shipped ones need no line


def test_a_projects_own_copy_of_a_bundled_layout_with_a_change_is_checked(repo: Path, tmp_path: Path, fresh_run):
    shutil.copytree(repo / "components/terror24", tmp_path / "components/terror24")
    (tmp_path / "layouts").mkdir()
    base = (layouts_dir() / "card-base.yaml").read_text(encoding="utf-8")
    (tmp_path / "layouts/card-base.yaml").write_text(base + "colour_of_the_frame: red\n", encoding="utf-8")
    _, problems = Project(tmp_path).load_game_partly("terror24")
    assert [(p.file, p.field) for p in problems if "colour_of_the_frame" in p.message] == [
        ("layouts/card-base.yaml", "colour_of_the_frame")]


def test_the_version_of_jsonschema_in_the_key_is_the_installed_one():
    from importlib import metadata
    assert schema_check._jsonschema_version() == metadata.version("jsonschema")
