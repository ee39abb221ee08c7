"""The manual's 「自分のゲームを作る」 (docs/first-game.md) walked through as written: `pnp new --engine --csv`, the score track
from the page's YAML, the engine naming it by id, then validate, simulate and build."""
from __future__ import annotations

import re
from pathlib import Path

from owngame import add_component, add_tokens_dice_and_bits, edit, run, write

PAGE = Path(__file__).resolve().parents[2] / "docs" / "first-game.md"


def section() -> str:
    return PAGE.read_text(encoding="utf-8")


def test_the_walkthrough_builds_a_simulated_printed_kit(tmp_path):
    words = section()
    assert "pnp new boueki --engine --csv" in words
    created = run("new", "boueki", "--engine", "--csv", "--project", tmp_path)
    assert created.exit_code == 0, created.output
    game = tmp_path / "components/boueki"
    track = re.search(r"```yaml\n# components/boueki/score.yaml[^\n]*\n(.*?)```", words, re.S).group(1)
    write(game, "score.yaml", track)
    add_component(game, "  - {id: score, name: 得点トラック, kind: track, count: 1, description: 0〜90の得点。}\n")
    add_tokens_dice_and_bits(game)
    assert 'score_track = "score"' in words
    edit(game / "engine.py", "    options = ()\n", '    options = ()\n    score_track = "score"\n')
    validated = run("validate", "boueki", "--games", "10", "--project", tmp_path)
    assert validated.exit_code == 0, validated.output
    assert "0〜90：" in validated.output and "範囲は components/boueki/score.yaml の「得点トラック」" in validated.output
    simulated = run("simulate", "boueki", "--games", "40", "--players", "3", "--project", tmp_path)
    assert simulated.exit_code == 0 and "得点トラック（0〜90、components/boueki/score.yaml" in simulated.output
    built = run("build", "boueki", "--paper", "a4", "--project", tmp_path, "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output
    names = {p.name for p in (tmp_path / "out/boueki").iterdir()}
    assert {"cards-sheets.pdf", "parts-score.pdf", "parts-coins.pdf", "parts-dice.pdf", "parts-bits.pdf"} <= names
