"""Decks whose cards come from a spreadsheet: `cards: {from: cards.csv}` (also .tsv, .xlsx, .ods)."""
from __future__ import annotations

import zipfile

import pytest
from click.testing import CliRunner
from sheetfiles import write_ods, write_xlsx

from pnp.cli import main
from pnp.commands.scaffold import new_game
from pnp.data.project import Project
from pnp.errors import DataError

HEADER = ["id", "title", "suit", "value", "body", "fields.cost", "# メモ"]
ROWS = [
    ["sun-1", "朝焼け", "sun", 1, "手札を1枚引く。", 2, "序盤用"],
    ["sun-2", "真昼", "sun", 2, "「太陽」のカードを1枚捨ててもよい。\n二行目。", None, None],
    ["moon-1", "三日月", "moon", 1, "次の手番、数字を1大きく扱う。", "A", None],
    ["moon-2", "満月", "moon", 2, "全員、手札を1枚左隣に渡す。", None, None],
    ["star-1", "流れ星", "star", 1, "山札の上から1枚を見る。", None, None],
    ["star-2", "北極星", "star", 2, "このカードは何のスートとしても扱える。", None, None],
]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def project(tmp_path):
    new_game(tmp_path, "mini", csv=True)
    return tmp_path


def deck_yaml(project, source: str, extra: str = "") -> None:
    path = project / "components/mini/cards.yaml"
    text = path.read_text(encoding="utf-8").replace("cards: {from: cards.csv}", f"cards: {{from: {source}{extra}}}")
    path.write_text(text, encoding="utf-8")


def csv_text(rows, header=HEADER, sep=","):
    import csv
    import io
    out = io.StringIO()
    w = csv.writer(out, delimiter=sep, lineterminator="\r\n")
    w.writerow(header)
    for r in rows:
        w.writerow(["" if v is None else v for v in r])
    return out.getvalue()


def cards(project):
    return Project(project).load_game("mini").deck("cards").cards


def test_csv_skeleton_builds_and_reads_its_rows(project):
    result = run("build", "mini", "--project", project, "--out", project / "out")
    assert result.exit_code == 0, result.output
    got = cards(project)
    assert [c.id for c in got] == ["sun-1", "sun-2", "moon-1", "moon-2", "star-1", "star-2"]
    assert got[4].flavor == "願いごとは三回。" and got[0].value == 1
    assert (project / "components/mini/cards.csv").read_bytes().startswith(b"\xef\xbb\xbf")  # Excel reads UTF-8


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp932"])
def test_utf8_with_or_without_bom_and_shift_jis_are_detected(project, encoding):
    (project / "components/mini/cards.csv").write_bytes(csv_text(ROWS).encode(encoding))
    got = cards(project)
    assert got[0].title == "朝焼け" and got[1].body == "「太陽」のカードを1枚捨ててもよい。\n二行目。"
    assert got[0].fields == {"cost": 2} and got[2].fields == {"cost": "A"} and got[1].fields == {}
    assert got[0].where.cell == "A2"


def test_encoding_named_in_the_deck(project):
    (project / "components/mini/cards.csv").write_bytes(csv_text(ROWS).encode("euc-jp"))
    with pytest.raises(DataError):
        cards(project)               # EUC-JP is neither UTF-8 nor Shift_JIS: not guessed
    deck_yaml(project, "cards.csv", ", encoding: euc-jp")
    assert cards(project)[0].title == "朝焼け"
    deck_yaml(project, "cards.csv, encoding: euc-jp", "")
    text = (project / "components/mini/cards.yaml").read_text(encoding="utf-8")
    (project / "components/mini/cards.yaml").write_text(text.replace("euc-jp", "klingon"), encoding="utf-8")
    result = run("validate", "mini", "--project", project)
    assert result.exit_code == 1 and "cards.yaml:" in result.output and "unknown encoding 'klingon'" in result.output


def test_shift_jis_csv_with_wrong_cells_reports_every_cell_at_once(project):
    """A Shift_JIS CSV as Excel saves it, with three wrong cells: each is named by cell, all at once."""
    rows = [r[:] for r in ROWS]
    rows[1][6] = "多分"          # provisional of sun-2: G3
    rows[5][0] = "Star 2"        # an id with a capital and a space: A7
    header = HEADER[:-1] + ["provisional", "count"]
    rows = [r + ["two" if i == 4 else None] for i, r in enumerate(rows)]     # the count of star-1: H6
    (project / "components/mini/cards.csv").write_bytes(csv_text(rows, header).encode("cp932"))
    result = run("build", "mini", "--project", project, "--out", project / "out")
    assert result.exit_code == 1 and "Traceback" not in result.output
    out = result.output
    assert "components/mini/cards.csv!G3: provisional: expected true or false, got '多分'" in out
    assert "components/mini/cards.csv!A7: id: expected identifier" in out
    assert "components/mini/cards.csv!H6: count: expected integer, got str 'two'" in out
    assert "game.yaml" not in out          # no knock-on error about the deck's count
    lines = [ln for ln in out.splitlines() if "cards.csv!" in ln]
    assert [ln.split(":")[0] for ln in lines] == sorted((ln.split(":")[0] for ln in lines),
                                                      key=lambda s: (int(s.split("!")[1][1:]), s))


def test_header_problems(project):
    (project / "components/mini/cards.csv").write_text(
        csv_text(ROWS, ["id", "title", "suit", "value", "bdy", "fields.cost", "id"]), encoding="utf-8")
    result = run("validate", "mini", "--project", project)
    assert result.exit_code == 1
    assert "cards.csv!E1: unknown column 'bdy'" in result.output
    assert "cards.csv!G1: id: column 'id' appears twice" in result.output
    rows = [r[:] for r in ROWS]
    rows[3][2] = "comet"
    (project / "components/mini/cards.csv").write_text(csv_text(rows), encoding="utf-8")
    result = run("validate", "mini", "--project", project)
    assert "components/mini/cards.csv!C5: suit: unknown suit 'comet' (suits: sun, moon, star)" in result.output


def test_a_value_without_a_header_and_a_row_without_id(project):
    rows = [r[:] for r in ROWS]
    rows[1] = [None] + rows[1][1:]
    text = csv_text(rows).replace("sun-1,朝焼け,sun,1,手札を1枚引く。,2,序盤用", "sun-1,朝焼け,sun,1,手札を1枚引く。,2,序盤用,迷子")
    (project / "components/mini/cards.csv").write_text(text, encoding="utf-8")
    result = run("validate", "mini", "--project", project)
    assert "cards.csv!H2: a value in a column without a header" in result.output
    assert "cards.csv!A3: id: every card needs an id" in result.output


def test_tsv(project):
    (project / "components/mini/cards.tsv").write_text(csv_text(ROWS, sep="\t"), encoding="utf-8")
    deck_yaml(project, "cards.tsv")
    assert [c.title for c in cards(project)][:2] == ["朝焼け", "真昼"]


def test_xlsx_reads_values_and_skips_furigana(project):
    write_xlsx(project / "components/mini/cards.xlsx", {"カード": [HEADER] + ROWS, "メモ": [["id"], ["x"]]},
               phonetic={"朝焼け": "アサヤケ"})
    deck_yaml(project, "cards.xlsx")
    got = cards(project)
    assert got[0].title == "朝焼け" and got[0].value == 1 and got[0].fields == {"cost": 2}
    assert got[1].body.endswith("二行目。") and got[0].where.cell == "カード!A2"
    result = run("build", "mini", "--project", project, "--out", project / "out")
    assert result.exit_code == 0, result.output


def test_xlsx_error_names_file_sheet_and_cell(project):
    rows = [r[:] for r in ROWS]
    rows[2][3] = True           # a TRUE in the value column of row 4
    write_xlsx(project / "components/mini/cards.xlsx", {"Sheet1": [HEADER] + rows})
    deck_yaml(project, "cards.xlsx")
    result = run("build", "mini", "--project", project, "--out", project / "out")
    assert result.exit_code == 1
    assert "components/mini/cards.xlsx:Sheet1!D4: value: expected ['integer', 'string'], got bool True" in result.output


def test_xlsx_sheet_by_name(project):
    write_xlsx(project / "components/mini/cards.xlsx", {"表紙": [["note"], ["メモ"]], "カード": [HEADER] + ROWS})
    deck_yaml(project, "cards.xlsx", ", sheet: カード")
    assert len(cards(project)) == 6
    deck_yaml(project, "cards.xlsx, sheet: カード", "")
    text = (project / "components/mini/cards.yaml").read_text(encoding="utf-8").replace("sheet: カード", "sheet: 裏")
    (project / "components/mini/cards.yaml").write_text(text, encoding="utf-8")
    result = run("validate", "mini", "--project", project)
    assert "cards.xlsx: no sheet '裏' (sheets: 表紙, カード)" in result.output


def test_ods_reads_values_and_skips_repeated_empty_rows(project):
    write_ods(project / "components/mini/cards.ods", {"カード": [HEADER] + ROWS})
    deck_yaml(project, "cards.ods")
    got = cards(project)
    assert [c.id for c in got][-1] == "star-2" and got[1].body.endswith("\n二行目。")
    rows = [r[:] for r in ROWS]
    rows[0][3] = 1.5
    write_ods(project / "components/mini/cards.ods", {"カード": [HEADER] + rows})
    result = run("validate", "mini", "--project", project)
    assert result.exit_code == 1 and "cards.ods:カード!D2: value: expected ['integer', 'string'], got" in result.output


def test_zipped_xml_with_a_dtd_is_refused(project):
    path = project / "components/mini/cards.ods"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("content.xml", '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>')
    deck_yaml(project, "cards.ods")
    result = run("validate", "mini", "--project", project)
    assert result.exit_code == 1 and "declares a DTD or entities: refused" in result.output
    path.write_bytes(b"not a zip")
    result = run("validate", "mini", "--project", project)
    assert "cards.ods: not a spreadsheet" in result.output and "Traceback" not in result.output


def test_missing_or_escaping_spreadsheet(project):
    deck_yaml(project, "nothere.csv")
    result = run("validate", "mini", "--project", project)
    assert result.exit_code == 1 and "cards.yaml:" in result.output and "spreadsheet 'nothere.csv' not found" in result.output
    deck_yaml(project, "nothere.csv", "")
    text = (project / "components/mini/cards.yaml").read_text(encoding="utf-8").replace("nothere.csv", "../x.csv")
    (project / "components/mini/cards.yaml").write_text(text, encoding="utf-8")
    result = run("validate", "mini", "--project", project)
    assert "leaves the game's folder" in result.output


def test_text_that_does_not_fit_names_the_cell_that_holds_it(project):
    rows = [r[:] for r in ROWS]
    rows[3][1] = "とても長いタイトルなので一行には決して収まりません"
    (project / "components/mini/cards.csv").write_text(csv_text(rows), encoding="utf-8")
    result = run("build", "mini", "--project", project, "--out", project / "out")
    assert result.exit_code == 1 and "components/mini/cards.csv!B5: title:" in result.output   # the title's cell, not the id's


def test_provenance_columns_and_their_problems_by_cell(project):
    """source (one quotation or a JSON list), provisional, question (JSON) and answer, as the ledger reads them."""
    header = ["id", "title", "suit", "value", "source", "provisional", "question"]
    question = ('{"ask": "2枚目の効果は？", "options": [{"id": "a", "text": "引く"}, {"id": "b", "text": "捨てる"}], '
                '"chosen": "a", "why": "下書きに近い"}')
    rows = [[r[0], r[1], r[2], r[3], None, None, None] for r in ROWS]
    rows[1][5], rows[1][6] = "true", question
    rows[2][4] = '["三日月", "次の手番"]'
    rows[3][4], rows[3][5] = "満月", "true"          # both the draft's and pnp's: an error at F5
    (project / "components/mini/cards.csv").write_text(csv_text(rows, header), encoding="utf-8")
    result = run("validate", "mini", "--project", project)
    assert "components/mini/cards.csv!F5: provisional: an item is either the draft's (source:)" in result.output
    rows[3][5] = None
    (project / "components/mini/cards.csv").write_text(csv_text(rows, header), encoding="utf-8")
    got = cards(project)
    assert got[1].provisional and not got[0].provisional
