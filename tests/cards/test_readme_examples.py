"""The manual's examples of card features (docs/data.md, docs/markup.md) are real: its two-sided deck and icons build."""
from __future__ import annotations

import re

import pdfplumber
import yaml

from pnp.commands.build import BuildOptions, build_game
from pnp.data.project import Project


def _blocks(readme: str) -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", readme, flags=re.S)


def test_readme_two_sided_deck_with_icons_builds(repo, tmp_path):
    readme = "".join((repo / "docs" / name).read_text(encoding="utf-8") for name in ("data.md", "markup.md"))
    deck = next(b for b in _blocks(readme) if "two_sided: true" in b)
    icons = next(b for b in _blocks(readme) if b.lstrip().startswith("# game.yaml") and "icons:" in b)
    icons = icons.replace("  seal: {image: icons/seal.png}", "  seal: {shape: star, color: \"#000000\"}")
    folder = tmp_path / "components/demo"
    folder.mkdir(parents=True)
    data = yaml.safe_load(deck)
    game = {"id": "demo", "title": "見本", "players": [1, 4],
            "components": [{"id": data["id"], "name": data["name"], "kind": "deck", "count": len(data["cards"])}]}
    (folder / "game.yaml").write_text(yaml.safe_dump(game, allow_unicode=True) + icons, encoding="utf-8")
    (folder / "deck.yaml").write_text(deck, encoding="utf-8")
    built = build_game(Project(tmp_path).load_game("demo"), tmp_path / "out", BuildOptions(sheets=False))
    assert any(w.kind == "shop-backs" for w in built.files)
    with pdfplumber.open(tmp_path / "out/demo/shop/characters-backs.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "ミナト（覚醒）" in text and "瞋恚" in text and "しんい" in text and "{" not in text
