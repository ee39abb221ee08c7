"""A board larger than the paper is cut into tiles whose glue strips never lie over its words (issue #37,
item 5): without seams: the cut moves to cell edges clear of text, or it is an error naming the text;
the papers a board is checked on are the ones it names in papers: (default: a4, the paper pnp build
uses without --paper); every problem of the tiles is said at the seams: line."""
from __future__ import annotations

from pathlib import Path

import pdfplumber
from click.testing import CliRunner

from pnp.cli import main
from pnp.units import to_mm

GAME = "shoubai"
# 10 × 4 cells of 30 mm (300 × 120 mm): an equal cut in two runs its strip (145–155 mm) through the
# names of the three areas of columns 5 and 6 (市場, 神社, 鍛冶屋, centred at 150 mm)
MAP = """\
kind: board
id: map
name: 町の地図
cell: 30mm
grid:
  - "AAAABBCCCC"
  - "AAAADDCCCC"
  - "EEEEFFGGGG"
  - "EEEEFFGGGG"
areas:
  - {id: a, label: 港, letter: A}
  - {id: b, label: 市場, letter: B}
  - {id: c, label: 城, letter: C}
  - {id: d, label: 神社, letter: D}
  - {id: e, label: 森, letter: E}
  - {id: f, label: 鍛冶屋, letter: F}
  - {id: g, label: 畑, letter: G}
"""
ENTRY = "  - id: map\n    name: 町の地図\n    kind: board\n    count: 1\n    description: 町の地図。\n"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def line_of(path: Path, needle: str) -> int:
    return next(i for i, ln in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in ln)


def game_with_map(folder: Path, text: str = MAP) -> Path:
    result = run("new", GAME, "--project", folder)
    assert result.exit_code == 0, result.output
    game = folder / "components" / GAME
    (game / "game.yaml").write_text((game / "game.yaml").read_text(encoding="utf-8") + ENTRY, encoding="utf-8")
    board = game / "map.yaml"
    board.write_text(text, encoding="utf-8")
    return board


def validate(folder: Path):
    return run("validate", GAME, "--games", "1", "--project", folder)


def key_in_board_mm(pdf_path: Path) -> tuple[list[tuple[float, float]], dict[str, tuple[float, float]]]:
    """From the assembly key (the first page): each tile's span across the board and each word's,
    in board millimetres (the key draws the board scaled, its white ground marks where)."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        ground = max((r for r in page.rects if r["fill"] and r["non_stroking_color"] == (1.0, 1.0, 1.0)),
                     key=lambda r: r["width"])
        scale = 300.0 / to_mm(ground["width"])           # the board is 300 mm wide

        def board_x(x: float) -> float:
            return round(to_mm(x - ground["x0"]) * scale, 1)
        tiles = sorted((board_x(r["x0"]), board_x(r["x1"])) for r in page.rects
                       if r["stroke"] and not r["fill"] and r["top"] >= ground["top"] - 1)
        words = {w["text"]: (board_x(w["x0"]), board_x(w["x1"])) for w in page.extract_words()
                 if ground["top"] <= w["top"] <= ground["bottom"]}
    return tiles, words


def test_without_seams_the_cut_moves_off_the_labels(tmp_path):
    game_with_map(tmp_path)
    result = validate(tmp_path)
    assert result.exit_code == 0, result.output
    assert "（盤 map は a4）" in result.output              # the verdict names the paper it laid the board on
    result = run("build", GAME, "--project", tmp_path)
    assert result.exit_code == 0, result.output
    tiles, words = key_in_board_mm(tmp_path / "out" / GAME / "parts-map.pdf")
    # two tiles meeting at the cell edge 180 mm: the glue strip 170–180 mm, clear of every name
    assert tiles == [(0.0, 180.0), (170.0, 300.0)]
    strip = (tiles[1][0], tiles[0][1])
    for name in ("港", "市場", "城", "神社", "森", "鍛冶屋", "畑"):
        x0, x1 = words[name]
        assert x1 <= strip[0] or x0 >= strip[1], (name, words[name], strip)
    assert words["市場"][0] < 150 < words["市場"][1]       # where the equal cut would have glued


def test_without_seams_and_no_clear_cell_edge_it_names_the_labels(tmp_path):
    labels = "".join(f"  - {{text: 道{k}, x: {k}, y: 1}}\n" for k in range(1, 10))   # on every cell edge
    board = game_with_map(tmp_path, MAP + "labels:\n" + labels)
    result = validate(tmp_path)
    assert result.exit_code == 1, result.output
    assert (f"components/{GAME}/map.yaml:1:1: seams: the board needs tiles on a4 paper" in result.output), result.output
    assert "no cell edges leave the 10 mm glue strips clear of its text" in result.output
    # the equal cut's strip (145–155 mm) lies over 道5 (and the area names under it)
    assert (f"text '市場', text '神社', text '鍛冶屋', label '道5' (components/{GAME}/map.yaml:"
            f"{line_of(board, '道5')}:5) in the strip of tile 2 under tile 1 (x 145–155 mm, y 0–120 mm)"
            in result.output), result.output
    assert "lies over" not in result.output
    assert "give seams: {x: [...], y: [...]}" in result.output
    assert "Traceback" not in result.output
    result = run("build", GAME, "--project", tmp_path)
    assert result.exit_code == 1
    assert not (tmp_path / "out" / GAME / "parts-map.pdf").exists()


def test_a_seam_under_text_is_said_at_the_seams_line(tmp_path):
    board = game_with_map(tmp_path, MAP.replace("cell: 30mm\n", "cell: 30mm\nseams: {x: [8]}\n"))
    result = validate(tmp_path)
    assert result.exit_code == 1, result.output
    at = f"components/{GAME}/map.yaml:{line_of(board, 'seams:')}:1: seams: "
    assert (f"{at}text '城' lies in the glue strip of tile 2 under tile 1 (x 230–240 mm, y 0–120 mm): move a "
            "seam or the text") in result.output, result.output
    assert f"{at}text '畑' lies in the glue strip" in result.output
    assert ":1:1:" not in result.output                       # not at the file's kind: line


def test_the_papers_checked_are_the_ones_the_board_names(tmp_path):
    # six rows (300 × 180 mm): the seam at 180 mm fits A4 turned, but no way of B5 (162 × 214 mm of room)
    tall = MAP.replace('  - "EEEEFFGGGG"\n', '  - "EEEEFFGGGG"\n  - "EEEEFFGGGG"\n')
    board = game_with_map(tmp_path, tall.replace("cell: 30mm\n", "cell: 30mm\nseams: {x: [6]}\n"))
    result = validate(tmp_path)
    assert result.exit_code == 0, result.output              # papers: not said: a4, the build's default
    assert "（盤 map は a4）" in result.output
    board.write_text(board.read_text(encoding="utf-8").replace("seams: {x: [6]}\n",
                                                               "seams: {x: [6]}\npapers: [a4, b5]\n"),
                     encoding="utf-8")
    result = validate(tmp_path)
    assert result.exit_code == 1, result.output
    assert (f"components/{GAME}/map.yaml:{line_of(board, 'seams:')}:1: seams: no choice of the seams cuts the "
            "300 × 180 mm board into tiles of at most 162 × 214 mm on b5 paper (allow more seams, or take b5 out "
            "of papers:) (--paper b5)") in result.output, result.output
    assert "on a4 paper" not in result.output
    board.write_text(board.read_text(encoding="utf-8").replace("papers: [a4, b5]", "papers: [a4, a3]"),
                     encoding="utf-8")
    result = validate(tmp_path)
    assert result.exit_code == 0, result.output
    assert "（盤 map は a4, a3）" in result.output
    # a build on a paper the board does not name: the error says which it names
    result = run("build", GAME, "--project", tmp_path, "--paper", "b5")
    assert result.exit_code == 1, result.output
    assert ("on b5 paper (allow more seams); the board's papers: are a4, a3: build with --paper a4 or add b5 to "
            "papers:") in result.output, result.output
    assert run("build", GAME, "--project", tmp_path).exit_code == 0


def test_papers_names_only_papers_build_offers(tmp_path):
    board = game_with_map(tmp_path, MAP + "papers: [a5]\n")
    result = validate(tmp_path)
    assert result.exit_code == 1, result.output
    assert (f"components/{GAME}/map.yaml:{line_of(board, 'papers:')}:10: papers[0]: 'a5' is not one of a4, "
            "letter, a3, b5") in result.output, result.output
    assert "Traceback" not in result.output


def test_the_papers_a_board_may_name_are_the_papers_build_offers():
    from pnp.commands.build import HOME_PAPERS
    from pnp.data.parts import BOARD_PAPERS, DEFAULT_PAPER
    from pnp.outputs import BuildOptions
    assert BOARD_PAPERS == HOME_PAPERS
    assert DEFAULT_PAPER == BuildOptions().paper
