"""The README's head-to-head table is the one benchmarks/readme_figures.py prints: every row the script
plays is a row of the README (same game, players, games, seed and search player), and the README names
the commit and the command that printed its figures."""
from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("readme_figures", ROOT / "benchmarks" / "readme_figures.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod          # its dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def test_readme_quotes_the_rows_the_script_prints():
    mod = _script()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    # any number of jobs plays the same games
    assert re.search(r"コミット [0-9a-f]{7,} で `python benchmarks/readme_figures.py --game euphoria --jobs [0-9]+`",
                     readme)
    for r in mod.ROWS:
        if r.game != "euphoria":
            continue          # the other rows predate the script; the README says so
        games = f"{r.games}局" + (f"・{r.random_games}局" if r.random_games else "")
        head = f"| {mod.TITLES[r.game]} {r.players}人（{games}、種{r.seed}） | `{r.search}`{r.note} | "
        assert head in readme, head
