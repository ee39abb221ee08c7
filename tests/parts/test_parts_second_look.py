"""Parts as a player sees them on the sheet: only the designer's names (no ids, no file names), 6 and 9
told apart on the dice, connection lines that stop at a space's edge, spaces large enough for the
cards the rules put there, tuck boxes with bleed, and a shopping list naming every bought piece."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_parts_build import SAMPLE_PARTS, sample_project

from pnp.data.project import Project
from pnp.errors import DataError
from pnp.layout.parts import Group, PartPlan, plan_part, plan_token_sheet
from pnp.layout.parts.board import board_items
from pnp.layout.parts.common import Writer, text_bounds
from pnp.layout.plan import Rotated, Rule, TextBlock

REPO = Path(__file__).resolve().parents[2]
GAMES = ("ebe", "euphoria", "tantei2", "terror24")


@pytest.fixture(scope="module")
def games():
    project = Project(REPO)
    return {g: project.load_game(g) for g in GAMES}


def _plans(game) -> list[PartPlan]:
    """Every part sheet the build prints for the game (token parts sharing a sheet: once, together)."""
    plans, sheets = [], {}
    for part in game.parts:
        sheet = getattr(part, "sheet", None)
        if sheet:
            sheets.setdefault(sheet, []).append(part)
        else:
            plans.append(plan_part(game, part))
    plans.extend(plan_token_sheet(game, sheet, parts) for sheet, parts in sheets.items())
    return plans


@pytest.mark.parametrize("game_id", GAMES)
def test_sheets_show_the_designers_names_not_ids_or_file_names(games, game_id):
    game = games[game_id]
    ids = {c.id for c in game.components} | {p.id for p in game.parts}
    printed = 0
    for plan in _plans(game):
        for page in plan.pages:
            for text in page.texts:
                printed += 1
                assert not re.search(r"[\w-]+\.pdf", text), (plan.part_id, text)
                for pid in ids:
                    assert f"（{pid}）" not in text and f"({pid})" not in text, (plan.part_id, pid, text)
    assert printed > 0 or not game.parts


def test_the_sheet_label_is_title_name_and_sheet_number(games):
    game = games["ebe"]
    station = next(p for p in game.parts if p.id == "station")
    plan = plan_part(game, station)
    n = len(plan.pages)
    assert f"EBE ／ {station.name} ／ シート 1/{n}" in plan.pages[0].texts


def _digit_bars(items, down=False):
    """(digit block, the Rule drawn right after it or None, drawn upside down) for every 6 and 9."""
    items = list(items)
    for k, it in enumerate(items):
        if isinstance(it, Group):
            yield from _digit_bars(it.items, down)
        elif isinstance(it, Rotated):
            yield from _digit_bars(it.items, down or it.angle % 360 == 180)
        elif isinstance(it, TextBlock) and len(it.lines) == 1 and it.lines[0].line.text in ("6", "9"):
            after = items[k + 1] if k + 1 < len(items) else None
            yield it, after if isinstance(after, Rule) else None, down


@pytest.mark.parametrize("game_id,part_id", [("terror24", "challenge_dice"), ("ebe", "dice")])
def test_six_and_nine_carry_a_bar_below_the_digit(games, game_id, part_id):
    """The bar sits under the digit's baseline (clear of the glyph: inside the digit's box it was painted
    over by the digit itself), as wide as the digit, in the digit's colour, and turns with the digit on a
    face printed upside down."""
    game = games[game_id]
    part = next(p for p in game.parts if p.id == part_id)
    plan = plan_part(game, part)
    found = [f for page in plan.pages for f in _digit_bars(page.items)]
    expected = sum(die.count for die in part.dice for f in die.faces if str(f) in ("6", "9"))
    assert expected > 0 and len(found) == expected
    for block, bar, _down in found:
        assert bar is not None, "a 6 or 9 without its bar"
        _check_bar(block, bar)
    if game_id == "terror24":       # the d8's 6 lies on a face printed upside down
        assert any(down for _, _, down in found)


def _check_bar(block: TextBlock, bar: Rule) -> None:
    placed = block.lines[0]
    assert bar.y1 == bar.y2 > placed.baseline                      # below the baseline
    assert bar.y1 - placed.baseline < block.size_pt * 0.3          # close enough to belong to the digit
    assert abs(bar.x1 - placed.x) < 0.01 and abs(bar.x2 - (placed.x + placed.line.width_pt)) < 0.01
    assert bar.color == block.color


# ------------------------------------------------------------------------- the shopping list
@pytest.mark.parametrize("game_id", GAMES)
def test_every_bought_piece_the_game_lists_is_on_a_shopping_list(games, game_id):
    """Each game.yaml component that is bought or borrowed (kind: bits) has its list, printed with the
    pieces and their counts; tantei2's 告命灯 ×7 had none."""
    game = games[game_id]
    for comp in (c for c in game.components if c.kind == "bits"):
        part = next(p for p in game.parts if p.id == comp.id)
        plan = plan_part(game, part)
        texts = [t for page in plan.pages for t in page.texts]
        bought = [b for b in part.items if b.source in ("buy", "borrow")]
        assert sum(b.count for b in bought) == comp.count
        for b in part.items:
            assert b.name in texts and str(b.count) in texts, (comp.id, b.name)


def test_tantei2_lists_its_seven_lamps(games):
    game = games["tantei2"]
    plan = plan_part(game, next(p for p in game.parts if p.id == "lamps"))
    texts = plan.pages[0].texts
    assert "探偵無宿2　用意するもの：告命灯" in texts or any("用意するもの：告命灯" in t for t in texts)
    assert "告命灯（キューブ）" in texts and "7" in texts and "購入：1種 7個" in texts


def test_a_bought_piece_without_its_list_is_an_error(mini_project):
    game_yaml = mini_project / "components/mini/game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(text + "  - {id: lamps, name: 灯, kind: bits, count: 7}\n", encoding="utf-8")
    line = text.count("\n") + 1
    with pytest.raises(DataError) as e:
        Project(mini_project).load_game("mini")
    messages = [str(p) for p in e.value.problems]
    assert any(m.startswith(f"components/mini/game.yaml:{line}:") and "'lamps'" in m and "用意するもの" in m
               for m in messages), messages


# ------------------------------------------------------------------------- board connections
def _dashed(items):
    return [r for r in items if isinstance(r, Rule) and r.dash == (6.0, 3.0)]


def test_a_connection_line_runs_from_edge_to_edge_clear_of_every_name(tmp_path):
    """The dock–quarters line of the sample board: it starts on the dock's edge and ends on the quarters'
    edge (drawn from centre to centre it ran through the dock's name and beside the lab's), and passes
    no area name or label."""
    root = sample_project(tmp_path)
    game = Project(root).load_game("sample")
    board = game.part("station")
    wr = Writer(board.where)
    items = board_items(board, wr)
    assert wr.problems == []
    (line,) = _dashed(items)
    c = board.cell_pt
    cells = {a.id: set(a.cells) for a in board.areas}

    def area_at(x, y):
        return next((aid for aid, cs in cells.items() if (int(x // c), int(y // c)) in cs), None)

    ends = [(line.x1, line.y1), (line.x2, line.y2)]
    # each end lies on a cell edge of its area (x or y a multiple of the cell), just outside it
    for (x, y), aid in zip(ends, ("dock", "quarters")):
        assert min(abs(x / c - round(x / c)), abs(y / c - round(y / c))) < 1e-6
        assert any(area_at(x + dx, y + dy) == aid for dx in (-1, 1) for dy in (-1, 1))
    for k in range(1, 20):            # in between: neither of the two areas
        t = k / 20
        x, y = line.x1 + (line.x2 - line.x1) * t, line.y1 + (line.y2 - line.y1) * t
        assert area_at(x, y) not in ("dock", "quarters")
    names = [text_bounds(b) for b in items if isinstance(b, TextBlock)]
    assert len(names) == len(board.areas) + len(board.labels)
    for x0, y0, x1, y1 in names:
        for k in range(0, 101):
            t = k / 100
            x, y = line.x1 + (line.x2 - line.x1) * t, line.y1 + (line.y2 - line.y1) * t
            assert not (x0 <= x <= x1 and y0 <= y <= y1)


def test_a_connection_that_must_cross_a_name_is_reported(tmp_path):
    board = SAMPLE_PARTS["station.yaml"].replace(
        'grid:\n  - "  BBCC"\n  - "AABBCC"\n  - "AADDDD"', 'grid:\n  - "ABC"').replace(
        "labels:\n  - {text: 非常口, x: 0.5, y: 0.5, size: 14pt}\n", "").replace(
        "  - {id: reactor, letter: D, label: 動力炉, color: \"#f2c6c2\"}\n", "")
    root = sample_project(tmp_path, **{"station.yaml": board})
    game = Project(root).load_game("sample")
    with pytest.raises(DataError) as e:
        plan_part(game, game.part("station"))
    messages = [str(p) for p in e.value.problems]
    text = (root / "components/sample/station.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, row in enumerate(text, 1) if "[dock, quarters]" in row)
    assert any(m.startswith(f"components/sample/station.yaml:{line}:") and "connections[0]" in m
               and "'dock'" in m and "'quarters'" in m for m in messages), messages


# ------------------------------------------------------------------------- spaces and their cards
def _board_game(root: Path, cell: str, grid: list[str], cards: str = "cards") -> Path:
    """The scaffolded game with a board whose one area (山札) says the deck's cards lie there."""
    folder = root / "components/mini"
    rows = "".join(f'  - "{row}"\n' for row in grid)
    (folder / "table.yaml").write_text(
        f"kind: board\nid: table\nname: 場\ncell: {cell}\ngrid:\n{rows}areas:\n"
        f"  - {{id: pile, letter: A, label: 山札, color: \"#c9daf0\", cards: {cards}}}\n", encoding="utf-8")
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8")
                         + "  - {id: table, name: 場, kind: board, count: 1}\n", encoding="utf-8")
    return root


def test_a_space_too_small_for_its_cards_is_reported_where_it_names_them(mini_project):
    _board_game(mini_project, "36mm", ["A"])
    with pytest.raises(DataError) as e:
        Project(mini_project).load_game("mini")
    messages = [str(p) for p in e.value.problems]
    assert any(m.startswith("components/mini/table.yaml:8:") and "areas[0].cards" in m and "'pile'" in m
               and "36 × 36 mm" in m and "63 × 88 mm" in m for m in messages), messages


def test_a_space_that_holds_its_cards_passes(mini_project):
    _board_game(mini_project, "10mm", ["AAAAAAA"] * 9)       # 70 × 90 mm for 63 × 88 mm cards
    game = Project(mini_project).load_game("mini")
    assert game.part("table").areas[0].cards == "cards"


def test_a_space_naming_an_unknown_deck_is_reported(mini_project):
    _board_game(mini_project, "10mm", ["AAAAAAA"] * 9, cards="nodeck")
    with pytest.raises(DataError) as e:
        Project(mini_project).load_game("mini")
    assert any("areas[0].cards" in str(p) and "'nodeck'" in str(p) for p in e.value.problems)


def test_an_area_holds_a_card_turned_or_in_an_l_shape():
    from pnp.data.parts import Area
    from pnp.units import mm
    ell = Area("l", "L", "#ffffff", tuple(sorted([(c, r) for c in range(9) for r in range(7)]
                                                  + [(c, r) for c in range(3) for r in range(7, 12)])))
    assert ell.holds(mm(10), mm(65), mm(90)) is True          # 7 × 9 cells upright does not fit: turned, it does
    assert ell.holds(mm(10), mm(95), mm(65)) is False         # 10 cells wide either way round
    assert ell.holds(mm(10), mm(65), mm(65)) is True
    assert ell.holds(mm(10), mm(25), mm(120)) is True         # the tall leg: 3 × 12
    assert ell.holds(mm(10), mm(35), mm(120)) is False


# ------------------------------------------------------------------------- tuck box bleed
def test_a_tuck_box_colour_runs_3mm_past_its_outer_cuts(mini_project):
    """Read back from the PDF: the box's colour covers a band 3 mm wide outside each cut edge of a
    coloured panel (the front's left and top, both edges of each lid), so a cut a little off leaves no
    white; it stopped at the cut line."""
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.layout.parts.tuckbox import tuck_net
    from pnp.render.readback import read_pdf
    from pnp.units import mm

    folder = mini_project / "components/mini"
    (folder / "box.yaml").write_text("kind: tuckbox\nid: box\nname: カード箱\ndeck: cards\ncolor: \"#2c3e50\"\n"
                                     "cards: 60\n", encoding="utf-8")
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "  - {id: box, name: カード箱, kind: tuckbox, count: 1}\n",
                         encoding="utf-8")
    out = mini_project / "out"
    r = CliRunner().invoke(main, ["build", "mini", "--project", str(mini_project), "--out", str(out)],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    [page] = read_pdf(out / "mini/parts-box.pdf", paint=True)
    navy = (0x2c / 255, 0x3e / 255, 0x50 / 255)
    fills = [p.box for p in page.paths if p.fill is not None and len(p.fill) == 3
             and all(abs(a - b) < 0.01 for a, b in zip(p.fill, navy))]
    net = tuck_net(mm(63), mm(88), 60, mm(0.32), mm(2))
    W, H, D = net.W, net.H, net.D
    front = next(b for b in fills if abs((b[2] - b[0]) - W) < 0.1 and abs((b[3] - b[1]) - H) < 0.1)
    fx, fy = front[0], front[1]          # the front's top-left on the page (PDF points, y down)

    def covered(x, y):
        return any(b[0] - 0.01 <= x <= b[2] + 0.01 and b[1] - 0.01 <= y <= b[3] + 0.01 for b in fills)

    b = mm(3)
    # just inside the 3 mm band outside each outer cut, at several points along the edge
    for t in (0.1, 0.5, 0.9):
        assert covered(fx - b + 0.2, fy + H * t)                     # the front's left
        assert covered(fx - b + 0.2, fy + H + D * t)                 # the bottom lid's left
        assert covered(fx + W * t, fy - b + 0.2)                     # the front's top
        assert covered(fx + W + b - 0.2, fy + H + D * t)             # the bottom lid's right
        assert covered(fx + W + D - b + 0.2, fy - D + D * 0.1)       # the top lid's left (above the dust flap)
        assert covered(fx + 2 * W + D + b - 0.2, fy - D + D * 0.1)   # the top lid's right
    # and not further: 1 mm beyond the band is paper
    assert not covered(fx - b - mm(1), fy + H / 2)
    assert not covered(fx + W / 2, fy - b - mm(1))
