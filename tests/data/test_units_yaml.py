from pathlib import Path

import pytest

from pnp.data.yamlsource import load_yaml
from pnp.errors import DataError
from pnp.units import UnitError, parse_length, to_mm


@pytest.mark.parametrize("text,mm", [("63mm", 63), ("3.5in", 88.9), ("72pt", 25.4), (" 10 mm ", 10)])
def test_lengths_convert_to_points(text, mm):
    assert to_mm(parse_length(text)) == pytest.approx(mm)


@pytest.mark.parametrize("bad", ["63", 63, "63cm", "mm", "", "1e3mm", True])
def test_bad_units_are_errors(bad):
    with pytest.raises(UnitError):
        parse_length(bad)


def test_source_map_gives_lines_and_columns(tmp_path: Path):
    f = tmp_path / "a.yaml"
    f.write_text("a: 1\ncards:\n  - id: x\n    value: 2\n", encoding="utf-8")
    data, smap = load_yaml(f, "a.yaml")
    assert data == {"a": 1, "cards": [{"id": "x", "value": 2}]}
    assert smap.where(("cards", 0, "value")) == (4, 5)
    assert str(smap.problem(("cards", 0, "value"), "bad")) == "a.yaml:4:5: cards[0].value: bad"


def test_duplicate_keys_are_refused(tmp_path: Path):
    f = tmp_path / "d.yaml"
    f.write_text("id: a\nid: b\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_yaml(f, "d.yaml")
    assert "d.yaml:2:1" in str(e.value) and "duplicate key 'id'" in str(e.value)


def test_alias_bomb_is_refused_at_once(tmp_path: Path):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        prev = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 9)}]")
    f = tmp_path / "bomb.yaml"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_yaml(f, "bomb.yaml")
    assert "refused" in str(e.value)


def test_syntax_error_names_file_and_line(tmp_path: Path):
    f = tmp_path / "s.yaml"
    f.write_text("a: 1\nb: [1, 2\nc: 3\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_yaml(f, "s.yaml")
    assert str(e.value).startswith("s.yaml:")
