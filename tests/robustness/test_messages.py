"""Issue item 9: every message points at the right file, line and field, says what to do, and is
English; one problem is reported once; a broken file hides no other problem."""

from .conftest import edit, line_of, no_traceback, project_with, relayout


def _build(cli, project, game):
    return cli("build", game, "--project", project, "--out", project / "out")


def test_an_error_in_a_deck_file_adds_no_second_error(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    edit(project / "components/euphoria/kleshas.yaml", "name: 煩悩カード", "name: 煩悩カード\ncolour: red")
    result = _build(cli, project, "euphoria")
    assert result.exit_code == 1 and "colour: unknown key 'colour'" in result.output
    assert "no deck file has id" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_an_unparsable_deck_file_adds_no_second_error(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    edit(project / "components/euphoria/kleshas.yaml", "name: 煩悩カード", "name: [煩悩カード")
    result = _build(cli, project, "euphoria")
    assert result.exit_code == 1 and "components/euphoria/kleshas.yaml:" in result.output
    assert "no deck file has id" not in result.output


def test_a_broken_layout_hides_no_other_error(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    (project / "layouts").mkdir()
    (project / "layouts/card-number.yaml").write_text("id: card-number\nsize: poker\nbogus: 1\n", encoding="utf-8")
    edit(project / "components/euphoria/game.yaml", "players: [3, 5]", "players: [3, five]")
    for result in (_build(cli, project, "euphoria"),
                   cli("validate", "euphoria", "--project", project, "--games", "1")):
        assert result.exit_code == 1 and no_traceback(result)
        assert "layouts/card-number.yaml:3:1: bogus: unknown key 'bogus'" in result.output
        assert "components/euphoria/game.yaml:" in result.output and "players[1]" in result.output
        assert "unknown layout 'card-number'" not in result.output


def test_non_utf8_and_nul_bytes_have_line_and_column(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    path = project / "components/euphoria/kleshas.yaml"
    n = line_of(path, "name: 煩悩カード")
    path.write_bytes(path.read_bytes().replace("name: 煩悩カード".encode(), b"name: \xff\xfe"))
    result = _build(cli, project, "euphoria")
    assert result.exit_code == 1 and f"components/euphoria/kleshas.yaml:{n}:7: not UTF-8 text: byte 0xff" in result.output
    path.write_bytes(path.read_bytes().replace(b"name: \xff\xfe", "name: 煩悩\0カード".encode()))
    result = _build(cli, project, "euphoria")
    assert result.exit_code == 1 and f"components/euphoria/kleshas.yaml:{n}:9: NUL character" in result.output


def test_an_unlisted_part_id_points_at_its_id_line(cli, tmp_path):
    project = project_with(tmp_path, "ebe")
    edit(project / "components/ebe/damage.yaml", "id: damage", "id: damge")
    result = _build(cli, project, "ebe")
    assert result.exit_code == 1
    n = line_of(project / "components/ebe/damage.yaml", "id: damge")
    assert f"components/ebe/damage.yaml:{n}:1: id: part 'damge' is not listed in game.yaml components" in result.output


def test_too_many_lines_is_not_told_as_a_contradiction(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    (project / "layouts").mkdir()
    (project / "layouts/one-line.yaml").write_text(
        "extends: card-number\nface:\n  regions:\n    body:\n      kind: text\n      field: body\n"
        "      x: 5mm\n      y: 60mm\n      w: 20mm\n      h: 20mm\n      size: 9pt\n      min_size: 9pt\n"
        "      max_lines: 1\n", encoding="utf-8")
    relayout(project / "components/euphoria/kleshas.yaml", "layout: one-line")
    result = _build(cli, project, "euphoria")
    assert result.exit_code == 1
    assert "the region allows max_lines 1" in result.output
    for line in result.output.splitlines():
        if "needs" in line and "has" in line:       # a height message must really lack height
            needs, has = (float(x.split(" mm")[0].split()[-1]) for x in line.split("needs")[1].split(", has"))
            assert needs > has, line


def test_a_missing_mark_lists_the_marks(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    edit(project / "components/euphoria/kleshas.yaml", "    mark: circle\n", "")
    result = _build(cli, project, "euphoria")
    assert result.exit_code == 1
    assert "missing required key 'mark' (one of: circle, square, triangle" in result.output


def test_a_length_without_a_unit_says_add_mm(cli, tmp_path):
    project = project_with(tmp_path, "ebe")
    edit(project / "components/ebe/dice.yaml", "edge: 18mm", "edge: 13")
    result = _build(cli, project, "ebe")
    assert result.exit_code == 1
    n = line_of(project / "components/ebe/dice.yaml", "edge: 13")
    assert f"components/ebe/dice.yaml:{n}:1: edge: expected a length with a unit, got the bare number 13 " \
           "(add the unit: 13mm" in result.output


def test_the_rulebook_count_check_reads_counts_without_brackets_and_speaks_english(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    edit(project / "components/euphoria/rulebook/05-end.md", "# ゲームの終了と勝敗\n",
         "# ゲームの終了と勝敗\n\n- 煩悩カード46枚\n")
    result = cli("validate", "euphoria", "--project", project, "--games", "1")
    assert result.exit_code == 1
    n = line_of(project / "components/euphoria/rulebook/05-end.md", "- 煩悩カード46枚")
    assert (f"components/euphoria/rulebook/05-end.md:{n}: count: the rulebook states 46 for '煩悩カード', "
            "the data makes 40") in result.output


def test_a_move_is_not_read_as_a_count(cli, tmp_path):
    """「2枚を引く」 is a move and 「場（煩悩カード3枚）」 a position, not the number of cards in the box."""
    project = project_with(tmp_path, "euphoria")
    edit(project / "components/euphoria/rulebook/05-end.md", "# ゲームの終了と勝敗\n",
         "# ゲームの終了と勝敗\n\n手番では煩悩カード2枚を引きます。場（煩悩カード3枚）を見ます。\n")
    result = cli("validate", "euphoria", "--project", project, "--games", "1")
    assert result.exit_code == 0, result.output


def test_data_and_layout_problems_of_different_games_come_in_one_round(cli, tmp_path):
    project = project_with(tmp_path, "euphoria", "ebe")
    edit(project / "components/euphoria/game.yaml", "players: [3, 5]", "players: [3, five]")
    edit(project / "components/ebe/damage.yaml", "size: 19mm", "size: 280mm")     # too big for the paper
    result = cli("build", "--project", project, "--out", project / "out")
    assert result.exit_code == 1 and no_traceback(result)
    assert "components/euphoria/game.yaml:" in result.output and "components/ebe/damage.yaml" in result.output
    assert not (project / "out").exists()
