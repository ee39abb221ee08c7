"""Issue item 3: nothing prints wrong with exit 0.  Each case is refused with the file and line, or
(combining marks) printed right."""
import pdfplumber

from .conftest import edit, line_of, no_traceback, project_with, relayout


def _both(cli, project, game):
    """build and validate on the same broken project: both must refuse it."""
    built = cli("build", game, "--project", project, "--out", project / "out")
    checked = cli("validate", game, "--project", project, "--games", "1")
    return built, checked


def test_a_deck_size_smaller_than_its_layout_is_checked_against_the_safe_area(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    (project / "layouts").mkdir()
    (project / "layouts/wide.yaml").write_text(     # a 44 mm text box: fits a poker card, not a mini one
        "extends: card-number\nface:\n  regions:\n    flavor: null\n    note:\n      kind: text\n      text: 注\n"
        "      x: 6mm\n      y: 70mm\n      w: 44mm\n      h: 8mm\n", encoding="utf-8")
    relayout(project / "components/euphoria/kleshas.yaml", "layout: wide\nsize: mini")
    for result in _both(cli, project, "euphoria"):
        assert result.exit_code == 1 and no_traceback(result)
        n = line_of(project / "components/euphoria/kleshas.yaml", "size: mini")
        assert f"components/euphoria/kleshas.yaml:{n}:1: size: " in result.output
        assert "region 'note' of layout 'wide'" in result.output and "leaves the safe area" in result.output


def test_a_tab_in_card_text_is_refused(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    edit(project / "components/euphoria/kleshas.yaml", "flavor: 煩悩の大きさ 1}", 'flavor: "煩悩の\\t大きさ 1"}')
    for result in _both(cli, project, "euphoria"):
        assert result.exit_code == 1 and no_traceback(result)
        n = line_of(project / "components/euphoria/kleshas.yaml", "煩悩の\\t大きさ")
        assert f"components/euphoria/kleshas.yaml:{n}:" in result.output and "(U+0009)" in result.output


def test_a_tab_in_rulebook_text_is_refused(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    edit(project / "components/euphoria/rulebook/05-end.md", "ゲーム終了です。", "ゲーム\t終了です。")
    for result in _both(cli, project, "euphoria"):
        assert result.exit_code == 1 and no_traceback(result)
        assert "components/euphoria/rulebook/05-end.md:" in result.output and "not in font" in result.output


def test_a_tab_in_a_token_label_is_refused(cli, tmp_path):
    project = project_with(tmp_path, "ebe")
    edit(project / "components/ebe/damage.yaml", "{label: 傷,", '{label: "傷\\t",')
    for result in _both(cli, project, "ebe"):
        assert result.exit_code == 1 and no_traceback(result)
        assert "components/ebe/damage.yaml:" in result.output


def test_a_combining_accent_is_composed_and_printed_on_its_letter(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    edit(project / "components/euphoria/kleshas.yaml", "flavor: 煩悩の大きさ 1}", "flavor: Cafe\u0301 1}")
    result = cli("build", "euphoria", "--project", project, "--out", project / "out")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(project / "out/euphoria/shop/kleshas-faces.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "Café" in text and "\u0301" not in text


def test_a_combining_mark_without_a_composed_form_is_refused(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    edit(project / "components/euphoria/kleshas.yaml", "flavor: 煩悩の大きさ 1", "flavor: 煩悩の大きさ 1q\u0301")
    for result in _both(cli, project, "euphoria"):
        assert result.exit_code == 1 and no_traceback(result)
        n = line_of(project / "components/euphoria/kleshas.yaml", "q\u0301")
        assert f"components/euphoria/kleshas.yaml:{n}:" in result.output and "U+0301" in result.output


def test_two_deck_files_with_the_same_id(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    text = (project / "components/euphoria/kleshas.yaml").read_text(encoding="utf-8")
    (project / "components/euphoria/kleshas2.yaml").write_text(text, encoding="utf-8")
    for result in _both(cli, project, "euphoria"):
        assert result.exit_code == 1 and no_traceback(result)
        n = line_of(project / "components/euphoria/kleshas2.yaml", "id: kleshas")
        assert (f"components/euphoria/kleshas2.yaml:{n}:1: id: id 'kleshas' is already used by "
                "components/euphoria/kleshas.yaml") in result.output
    assert not (project / "out").exists()


def test_a_listed_part_whose_file_is_missing(cli, tmp_path):
    project = project_with(tmp_path, "ebe")
    (project / "components/ebe/life.yaml").unlink()
    for result in _both(cli, project, "ebe"):
        assert result.exit_code == 1 and no_traceback(result)
        assert "components/ebe/game.yaml:" in result.output
        assert "component 'life' is a track but no track file has id 'life'" in result.output


def test_a_60_column_rulebook_table_is_refused(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    row = "|" + "|".join(f"列{i}" for i in range(60)) + "|"
    edit(project / "components/euphoria/rulebook/05-end.md", "# ゲームの終了と勝敗\n",
         "# ゲームの終了と勝敗\n\n" + row + "\n|" + "---|" * 60 + "\n" + row + "\n")
    for result in _both(cli, project, "euphoria"):
        assert result.exit_code == 1 and no_traceback(result)
        n = line_of(project / "components/euphoria/rulebook/05-end.md", "|列0|")
        assert f"components/euphoria/rulebook/05-end.md:{n}:" in result.output
        assert "a table of 60 columns does not fit the page width" in result.output
