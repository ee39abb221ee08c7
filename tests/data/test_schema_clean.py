"""A file its schema found nothing wrong with is remembered between runs (the user's cache folder) and
not walked through the schema again; a changed file, and any file with a problem, is checked anew."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.data import schema_check
from pnp.data.project import Project


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
