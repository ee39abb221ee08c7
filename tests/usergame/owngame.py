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
    edit(engine, "    InvariantError,\n    Policy,\n", "    InvariantError,\n    OptionSpec,\n    Policy,\n")
    edit(engine, "    options = ()\n", f"    options = ({spec},)\n")
    edit(engine, '"won", "tricks")', '"won", "tricks", "star")')
    edit(engine, "        s.n, s.dealt, s.leader = self.n, self.dealt, self.leader\n",
         "        s.n, s.dealt, s.leader, s.star = self.n, self.dealt, self.leader, self.star\n")
    edit(engine, 'if variant != "standard" or options:', 'if variant != "standard" or set(options or {}) - {"star_points"}:')
    edit(engine, "        s.n, s.dealt, s.leader = players, False, 0",
         "        s.star = int((options or {}).get(\"star_points\", 1))\n        s.n, s.dealt, s.leader = players, False, 0")
    edit(engine, "sum(self.suit_of[c] == STAR for c in s.won[p])", "s.star * sum(self.suit_of[c] == STAR for c in s.won[p])")


def add_tokens_dice_and_bits(game_dir: Path) -> None:
    """Two kinds of coin on one combined token sheet (sheet: coins), a custom d6, and the bits list the
    designer titled 用意するもの (one bought marker, one borrowed bag, dice that the print stands in for)."""
    write(game_dir, "silver.yaml", "kind: tokens\nid: silver\nname: 銀貨\nsize: 18mm\nsheet: coins\n"
                                   "groups:\n  - {label: 銀, count: 12, color: \"#aab7b8\", shape: circle}\n")
    write(game_dir, "gold.yaml", "kind: tokens\nid: gold\nname: 金貨\nsize: 18mm\nsheet: coins\n"
                                 "groups:\n  - {label: 金, count: 6, color: \"#d4ac0d\", shape: circle}\n")
    write(game_dir, "dice.yaml", "kind: dice\nid: dice\nname: 相場ダイス\nedge: 18mm\ndice:\n"
                                 "  - {id: d6, name: 相場, type: d6, faces: [1, 2, 3, 4, 5, 6], "
                                 "opposite: [[1, 6], [2, 5], [3, 4]], color: \"#ffffff\", text_color: \"#000000\", "
                                 "count: 1}\n")
    write(game_dir, "bits.yaml", "kind: bits\nid: bits\nname: 用意するもの\nitems:\n"
                                 "  - {name: 得点マーカー, count: 4, size: 8mm, source: buy}\n"
                                 "  - {name: 巾着袋, count: 1, source: borrow}\n"
                                 "  - {name: 6面サイコロ, count: 1, source: print}\n")
    add_component(game_dir, "  - {id: silver, name: 銀貨, kind: tokens, count: 12, description: 1金の銀貨。}\n"
                            "  - {id: gold, name: 金貨, kind: tokens, count: 6, description: 5金の金貨。}\n"
                            "  - {id: dice, name: 相場ダイス, kind: dice, count: 1, description: 相場を決める6面体。}\n"
                            "  - {id: bits, name: 用意するもの, kind: bits, count: 5, "
                            "description: 買うか借りるもの。}\n")


BOARD = """kind: board
id: market
name: 市場ボード
cell: 30mm
style: panel
title: 港の市場
title_box: {x: 0, y: 0, w: 2, h: 1, text: 商品カードは、その店の枠に置きます。}
grid:
  - "...."
  - "AABB"
  - "AABB"
areas:
  - {id: silk, label: 生糸問屋, letter: A, color: "#8e44ad", actions: 生糸を1つ買う。}
  - {id: tea, label: 茶問屋, letter: B, color: "#27ae60", actions: 茶を1つ買う。}
"""


def add_board(game_dir: Path, extra: str = "") -> None:
    write(game_dir, "market.yaml", BOARD + extra)
    add_component(game_dir, "  - {id: market, name: 市場ボード, kind: board, count: 1, description: 店の並ぶ市場。}\n")
