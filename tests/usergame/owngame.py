"""A designer's own game, as they meet pnp: `pnp new GAME --engine` in an empty folder, then the files
they add by hand (a score track, tokens, dice, a rulebook …).  The tests drive it through the CLI."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main

GAME = "shoubai"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def new_game(folder: Path) -> Path:
    """The scaffold (a 24-card trick-taking game with engine.py); returns the game's folder."""
    result = run("new", GAME, "--engine", "--project", folder)
    assert result.exit_code == 0, result.output
    return folder / "components" / GAME


def write(game_dir: Path, name: str, text: str) -> Path:
    path = game_dir / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def add_component(game_dir: Path, entry: str) -> None:
    """One more entry under game.yaml's components: (YAML, indented as a list item)."""
    path = game_dir / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + entry, encoding="utf-8")


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def add_score_track(game_dir: Path, end: int = 20) -> None:
    write(game_dir, "score.yaml", f"kind: track\nid: score\nname: 得点トラック\nshape: snake\nstart: 0\n"
                                  f"end: {end}\nspace: 12mm\ncolumns: 7\ntitle: 得点\n")
    add_component(game_dir, f"  - id: score\n    name: 得点トラック\n    kind: track\n    count: 1\n"
                            f"    description: 0から{end}までの得点トラック。\n")


def add_star_option(game_dir: Path, spec: str) -> None:
    """An option the designer adds to the scaffold: how many points a star card is worth (1 or 2).
    ``spec`` is the OptionSpec(...) expression written into the engine."""
    engine = game_dir / "engine.py"
    edit(engine, "InvariantError, Result, Variant", "InvariantError, OptionSpec, Result, Variant")
    edit(engine, "    options = ()\n", f"    options = ({spec},)\n")
    edit(engine, '"won", "tricks")', '"won", "tricks", "star")')
    edit(engine, "        s.n, s.dealt, s.leader = self.n, self.dealt, self.leader\n",
         "        s.n, s.dealt, s.leader, s.star = self.n, self.dealt, self.leader, self.star\n")
    edit(engine, 'if variant != "standard" or options:', 'if variant != "standard" or set(options or {}) - {"star_points"}:')
    edit(engine, "        s.n, s.dealt, s.leader = players, False, 0",
         "        s.star = int((options or {}).get(\"star_points\", 1))\n        s.n, s.dealt, s.leader = players, False, 0")
    edit(engine, "sum(self.suit_of[c] == STAR for c in s.won[p])", "s.star * sum(self.suit_of[c] == STAR for c in s.won[p])")
