"""A corner index holds one value — 1:30, 010, 10 — on one line: it shrinks down to its min_size, and past
that it is an error at the card's value, never a number broken over two lines ("1:3" / "0")."""
from __future__ import annotations

import pdfplumber
from click.testing import CliRunner

from pnp.cli import main


def _values(project, first: str, second: str, index_w: str | None = None) -> None:
    cards = project / "components/mini/cards.yaml"
    text = cards.read_text(encoding="utf-8")
    text = text.replace("value: 1, title: 朝焼け", f'value: "{first}", title: 朝焼け')
    text = text.replace("value: 2, title: 真昼", f'value: "{second}", title: 真昼')
    if index_w:
        (project / "layouts").mkdir(exist_ok=True)
        (project / "layouts/narrow.yaml").write_text(
            f"id: narrow\nextends: card-base\nface:\n  regions:\n    index: {{w: {index_w}}}\n", encoding="utf-8")
        text = text.replace("layout: card-base", "layout: narrow")
    cards.write_text(text, encoding="utf-8")


def _build(project):
    return CliRunner().invoke(main, ["build", "mini", "--project", str(project), "--out", str(project / "out")])


def test_an_index_value_stays_on_one_line(mini_project):
    _values(mini_project, "1:30", "010")
    result = _build(mini_project)
    assert result.exit_code == 0, result.output
    with pdfplumber.open(mini_project / "out/mini/shop/cards-faces.pdf") as pdf:
        for page, value in zip(pdf.pages[:2], ("1:30", "010")):
            trim = page.trimbox if hasattr(page, "trimbox") else page.bbox
            top = [c for c in page.chars if c["top"] < trim[1] + 60 and c["x0"] < trim[0] + 50]
            rows = {round(c["top"], 1) for c in top if c["text"] in value}
            assert "".join(c["text"] for c in sorted(top, key=lambda c: c["x0"]) if c["text"] in value) == value
            assert len(rows) == 1, (value, rows)          # one line, not "1:3" over "0"


def test_an_index_too_narrow_for_its_value_is_an_error_at_the_value(mini_project):
    _values(mini_project, "1:30", "010", index_w="4.5mm")
    result = _build(mini_project)
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = [ln for ln in result.output.splitlines() if "is a corner index: one line" in ln]
    assert [ln.split(":")[1] for ln in lines] == ["14", "15"]             # the two cards' lines in cards.yaml
    assert all(ln.startswith("components/mini/cards.yaml:") and "value:" in ln for ln in lines)
    assert not (mini_project / "out").exists()
