"""Every number a designer writes is finite and within a range a printed game can use, or an error at its
field (file:line), exit 1, no traceback — never a 20 m page, `-nan` in a PDF, an overflow or a grey smudge."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from pnp.cli import main

LAYOUT = """id: own
extends: card-base
{top}face:
  regions:
    body: {{{region}}}
"""


def _validate(project):
    return CliRunner().invoke(main, ["validate", "mini", "--project", str(project), "--games", "1"])


def _build(project):
    return CliRunner().invoke(main, ["build", "mini", "--project", str(project), "--out", str(project / "out")])


def _use_layout(project, top: str = "", region: str = "") -> None:
    (project / "layouts").mkdir(exist_ok=True)
    body = region or "kind: text, x: 5mm, y: 40mm, w: 53mm, h: 30mm, field: body"
    (project / "layouts" / "own.yaml").write_text(LAYOUT.format(top=top, region=body), encoding="utf-8")
    deck = project / "components/mini/cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("layout: card-base", "layout: own"), encoding="utf-8")


@pytest.mark.parametrize("top,region,field,words", [
    ("bleed: 10000mm\n", "", "bleed", "10000mm is outside"),
    ("", "kind: rect, x: 5mm, y: 40mm, w: 53mm, h: 30mm, stroke_width: 10000pt", "body.stroke_width", "outside"),
    ("", "kind: rect, x: 5mm, y: 40mm, w: 53mm, h: 30mm, stroke_width: -5pt", "body.stroke_width", "outside"),
    ("", "kind: text, x: 5mm, y: 40mm, w: 53mm, h: 30mm, field: body, min_size: 0.01pt", "body.min_size",
     "outside"),
    ("", "kind: text, x: 5mm, y: 40mm, w: 53mm, h: 30mm, field: body, leading: .nan", "body.leading",
     "not a usable number"),
    ("", "kind: text, x: 5mm, y: 40mm, w: 53mm, h: 30mm, field: body, leading: .inf", "body.leading",
     "not a usable number"),
    ("", "kind: text, x: " + "1" * 400 + "mm, y: 40mm, w: 53mm, h: 30mm, field: body", "body",
     "expected a length"),
])
def test_a_layout_number_out_of_range_is_an_error_at_its_field(mini_project, top, region, field, words):
    _use_layout(mini_project, top, region)
    for result in (_validate(mini_project), _build(mini_project)):
        assert result.exit_code == 1, result.output
        assert "Traceback" not in result.output
        line = next((ln for ln in result.output.splitlines() if "layouts/own.yaml:" in ln and words in ln), None)
        assert line is not None and field in line, result.output
    assert not (mini_project / "out").exists()          # nothing written


@pytest.mark.parametrize("entry,field", [
    ("print:\n  rich_black: [.nan, 40, 40, 100]\n", "print.rich_black"),
    ("print:\n  rich_black: [1" + "0" * 400 + ", 40, 40, 100]\n", "print.rich_black"),
])
def test_a_non_finite_number_in_game_yaml_is_an_error_at_its_field(mini_project, entry, field):
    game = mini_project / "components/mini/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + entry, encoding="utf-8")
    result = _build(mini_project)
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert any("game.yaml:" in ln and field in ln and "not a usable number" in ln
               for ln in result.output.splitlines()), result.output


def test_a_shop_profile_with_a_nan_ink_limit_is_refused(mini_project):
    """preflight --shop GAME reads print.shop from game.yaml: .nan never becomes 「総インキ量 nan% 以下: OK」."""
    assert _build(mini_project).exit_code == 0
    game = mini_project / "components/mini/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "print:\n  shop:\n    ink_limit: .nan\n", encoding="utf-8")
    pdf = mini_project / "out/mini/shop/cards-faces.pdf"
    result = CliRunner().invoke(main, ["preflight", str(pdf), "--shop", "mini", "--project", str(mini_project)])
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert "nan%" not in result.output
    assert any("game.yaml:" in ln and "print.shop.ink_limit" in ln and "not a usable number" in ln
               for ln in result.output.splitlines()), result.output
