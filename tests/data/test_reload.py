"""A game loaded again in one process (validate's tiers, watch after an edit, a build after a validate)
parses and schema-checks only what changed; what it returns is the same as a first load's, and each
caller's values are its own."""
import os
import shutil
from pathlib import Path

from pnp.data import schema_check
from pnp.data.project import Project
from pnp.data.yamlsource import load_yaml
from pnp.errors import DataError


def test_a_file_read_again_gives_equal_values_of_its_own(tmp_path: Path):
    f = tmp_path / "a.yaml"
    f.write_text("cards:\n  - id: x\n    value: 2\n", encoding="utf-8")
    first, smap1 = load_yaml(f, "a.yaml")
    first["cards"][0]["value"] = 99                      # a caller changes what it was given
    smap1.marks.clear()
    again, smap2 = load_yaml(f, "a.yaml")
    assert again == {"cards": [{"id": "x", "value": 2}]}
    assert smap2.where(("cards", 0, "value")) == (3, 5)


def test_an_edit_is_read_even_with_the_same_size_and_time(tmp_path: Path):
    f = tmp_path / "a.yaml"
    f.write_text("value: 1\n", encoding="utf-8")
    stamp = f.stat().st_mtime_ns
    assert load_yaml(f, "a.yaml")[0] == {"value": 1}
    f.write_text("value: 2\n", encoding="utf-8")
    os.utime(f, ns=(stamp, stamp))
    assert load_yaml(f, "a.yaml")[0] == {"value": 2}


def test_the_same_text_under_another_name_says_its_own_name(tmp_path: Path):
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text("value: 1\nvalue: 2\n", encoding="utf-8")
    for name in ("a.yaml", "b.yaml", "a.yaml"):
        try:
            load_yaml(tmp_path / name, name)
        except DataError as e:
            assert [p.file for p in e.problems] == [name]
        else:
            raise AssertionError("a duplicate key was taken")


def test_a_game_loaded_twice_is_the_same_game_and_schema_problems_are_said_each_time(repo, tmp_path: Path):
    shutil.copytree(repo / "components/euphoria", tmp_path / "components/euphoria")
    project = Project(tmp_path)
    assert project.load_game("euphoria") == project.load_game("euphoria")
    assert len(schema_check._CHECKED) > 0              # the second load took the schema's verdicts kept
    game_yaml = tmp_path / "components/euphoria/game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "colour_of_the_box: red\n", encoding="utf-8")
    for _ in range(2):
        game, problems = Project(tmp_path).load_game_partly("euphoria")
        assert [p.field for p in problems if "colour_of_the_box" in p.message] == ["colour_of_the_box"]
