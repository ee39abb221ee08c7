"""Issue 29, "Reliability, second review: hostile inputs" — spreadsheets (``cards: {from: …}``).

Damaged zips, XML bombs and cells built to exhaust the machine: each is one line naming the file (and
the cell where there is one), exit 1, within a time and memory cap.  Then the silent misprints: what a
card prints is what the sheet shows (a formatted number, a date, TRUE, a merged cell), and what pnp
cannot show as the sheet does is said, not printed differently."""
from __future__ import annotations

import json
import zipfile

import pytest

from pnp.limits import MAX_CELL_CHARS, MAX_XML_DEPTH, MAX_XML_ELEMENTS

from .conftest import run_capped
from .sheetbombs import (
    cards_rows,
    header_ods,
    member_data_offset,
    ods_content,
    ods_text,
    patch_member,
    rows_xml,
    sheet_project,
    worksheet,
    write_ods,
    write_xlsx,
)

SHEET = "xl/worksheets/sheet1.xml"
MEMORY = 1024 ** 3          # every one of these is refused in a few MB; a regression runs out, not on


def one_line_error(project, name: str, needle: str, seconds: float = 60):
    run = run_capped("inspect", "mini", cwd=project, seconds=seconds, memory=MEMORY)
    said = run.stdout + run.stderr
    assert run.returncode == 1, said[-2000:]
    assert "Traceback" not in said and "Error:" not in said.replace("DataError", ""), said[-2000:]
    lines = [ln for ln in said.splitlines() if f"components/mini/{name}" in ln]
    assert len(lines) == 1 and needle in lines[0], said[-2000:]
    assert len(lines[0]) < 400
    return lines[0]


# ------------------------------------------------------------------ damaged zips
def _stored(project):
    return write_xlsx(project / "components/mini/cards.xlsx", worksheet(rows_xml(cards_rows())),
                      compression=zipfile.ZIP_STORED)


def bad_crc(project):
    path = _stored(project)
    at, _ = member_data_offset(path, SHEET)
    data = bytearray(path.read_bytes())
    i = data.index(b"sun-2", at)
    data[i:i + 5] = b"sun-9"              # the bytes change, the CRC in the headers does not
    path.write_bytes(bytes(data))


def bad_deflate(project):
    path = write_xlsx(project / "components/mini/cards.xlsx", worksheet(rows_xml(cards_rows())))
    at, size = member_data_offset(path, SHEET)
    data = bytearray(path.read_bytes())
    data[at:at + size] = bytes([0xFF]) * size
    path.write_bytes(bytes(data))


def deflate64(project):
    patch_member(_stored(project), SHEET, local={8: ("<H", 9)}, central={10: ("<H", 9)})


def encrypted(project):
    path = _stored(project)
    with zipfile.ZipFile(path) as z:
        flags = z.getinfo(SHEET).flag_bits
    patch_member(path, SHEET, local={6: ("<H", flags | 1)}, central={8: ("<H", flags | 1)})


def lies_about_its_size(project):
    # 30 MB of rows that the headers say unpack to 100 bytes
    filler = "<row/>" * 5_000_000
    path = write_xlsx(project / "components/mini/cards.xlsx", worksheet(rows_xml(cards_rows()) + filler))
    patch_member(path, SHEET, local={22: ("<I", 100)}, central={24: ("<I", 100)})


def unpacks_past_the_limit(project):
    # a 60 MB member (of one repeated byte, so the file is small) whose headers say 100 bytes
    path = project / "components/mini/cards.xlsx"
    write_xlsx(path, worksheet(rows_xml(cards_rows()) + " " * 60_000_000))
    patch_member(path, SHEET, local={22: ("<I", 100)}, central={24: ("<I", 100)})


@pytest.mark.parametrize("make, needle", [
    (bad_crc, f"{SHEET}: damaged zip member (Bad CRC-32"),
    (bad_deflate, f"{SHEET}: damaged zip member ("),
    (deflate64, f"{SHEET} is compressed with Deflate64, which spreadsheet programs do not write"),
    (encrypted, f"{SHEET} is encrypted (a password-protected file)"),
    (lies_about_its_size, f"{SHEET}: damaged zip member ("),
    (unpacks_past_the_limit, f"{SHEET}: damaged zip member ("),
], ids=["bad-crc", "bad-deflate", "deflate64", "encrypted", "lies-about-its-size", "past-the-limit"])
def test_a_damaged_zip_is_one_line(tmp_path, make, needle):
    project = sheet_project(tmp_path, "cards.xlsx")
    make(project)
    one_line_error(project, "cards.xlsx", needle)


# ------------------------------------------------------------------ XML bombs (.ods and .xlsx)
def _ods(project, rows):
    write_ods(project / "components/mini/cards.ods", ods_content([header_ods()] + rows))


@pytest.mark.parametrize("row, needle", [
    ('<table:table-cell table:number-columns-repeated="abc" office:value-type="string"><text:p>x</text:p>'
     "</table:table-cell>", "Sheet1!A2: number-columns-repeated='abc' is not a count"),
    ('<table:table-cell office:value-type="string"><text:p>a<text:s text:c="x"/>b</text:p></table:table-cell>',
     "Sheet1!A2: c='x' is not a count"),
    ('<table:table-cell office:value-type="string"><text:p>a<text:s text:c="3000000000"/>b</text:p>'
     "</table:table-cell>", f"Sheet1!A2: c=3,000,000,000 is more than {MAX_CELL_CHARS:,}: refused"),
    ('<table:table-cell office:value-type="string"><text:p>' + "<text:span>" * 5000 + "深い" + "</text:span>" * 5000
     + "</text:p></table:table-cell>", f"content.xml: XML elements nested more than {MAX_XML_DEPTH} deep: refused"),
    ('<table:table-cell office:value-type="string"><text:p>'
     + "<text:span>ab</text:span>" * (MAX_CELL_CHARS // 2 + 1) + "</text:p></table:table-cell>",
     f"Sheet1!A2: more than {MAX_CELL_CHARS:,} characters: refused"),
], ids=["repeated-abc", "spaces-x", "spaces-3e9", "5000-nested-spans", "spans-past-the-cell-length"])
def test_a_hostile_ods_is_one_line(tmp_path, row, needle):
    project = sheet_project(tmp_path, "cards.ods")
    _ods(project, [row])
    one_line_error(project, "cards.ods", needle)


def test_a_utf16_dtd_with_entity_amplification_is_refused(tmp_path):
    """The DTD check was a byte search for <!DOCTYPE, which UTF-16 text does not contain."""
    project = sheet_project(tmp_path, "cards.ods")
    entities = '<!ENTITY a "' + "x" * 1000 + '">' + "".join(
        f'<!ENTITY {chr(98 + i)} "' + f"&{chr(97 + i)};" * 10 + '">' for i in range(8))
    content = ods_content([header_ods(), ods_text("&i;") + ods_text("題") + ods_text("sun") + ods_text("1")])
    content = content.replace('encoding="UTF-8"?>', f'encoding="UTF-16"?><!DOCTYPE x [{entities}]>')
    write_ods(project / "components/mini/cards.ods", content.encode("utf-16"))
    one_line_error(project, "cards.ods", "content.xml declares a DTD or entities: refused")


def test_a_million_element_member_is_refused_while_parsing(tmp_path):
    project = sheet_project(tmp_path, "cards.xlsx")
    write_xlsx(project / "components/mini/cards.xlsx",
               worksheet(rows_xml(cards_rows()) + '<row r="4">' + "<c/>" * 1_000_000 + "</row>"))
    one_line_error(project, "cards.xlsx", f"{SHEET}: more than {MAX_XML_ELEMENTS:,} XML elements: refused")


@pytest.mark.parametrize("source", ["cards.xlsx", "cards.csv"])
def test_a_five_million_character_cell_is_refused(tmp_path, source):
    project = sheet_project(tmp_path, source)
    rows = cards_rows()
    rows[2][1] = "長" * 5_000_000
    if source == "cards.xlsx":
        write_xlsx(project / "components/mini/cards.xlsx", worksheet(rows_xml(rows)))
        needle = f"{SHEET}: a text of more than {MAX_CELL_CHARS:,} characters: refused"
    else:
        (project / "components/mini/cards.csv").write_text("\n".join(",".join(map(str, r)) for r in rows),
                                                          encoding="utf-8")
        needle = f"line 3: a cell of more than {MAX_CELL_CHARS:,} characters: refused"
    one_line_error(project, source, needle, seconds=60)


def test_encoding_base64_is_refused_in_one_line(tmp_path):
    project = sheet_project(tmp_path, "cards.csv", ", encoding: base64")
    run = run_capped("inspect", "mini", cwd=project, seconds=60, memory=MEMORY)
    said = run.stdout + run.stderr
    assert run.returncode == 1 and "Traceback" not in said, said
    assert "components/mini/cards.yaml:" in said and "unknown encoding 'base64'" in said, said


# ------------------------------------------------------------------ misprints: cards print what the sheet shows
def cards_of(project):
    run = run_capped("inspect", "mini", "--json", cwd=project, seconds=60, memory=MEMORY)
    assert run.returncode == 0, run.stdout + run.stderr
    return json.loads(run.stdout)["decks"][0]["cards"]


def test_a_negative_shared_string_index_is_refused(tmp_path):
    """It printed the last string (Python's index -1)."""
    project = sheet_project(tmp_path, "cards.xlsx")
    rows = rows_xml(cards_rows()).replace('<c r="B3" t="inlineStr"><is><t>真昼</t></is></c>',
                                           '<c r="B3" t="s"><v>-1</v></c>')
    write_xlsx(project / "components/mini/cards.xlsx", worksheet(rows), shared=["朝", "夜"])
    one_line_error(project, "cards.xlsx", "Sheet1!B3: shared string '-1' does not exist")


def test_a_formula_without_a_saved_result_is_said(tmp_path):
    """It printed an empty value (a file written by a program that does not compute formulas)."""
    project = sheet_project(tmp_path, "cards.xlsx")
    rows = rows_xml(cards_rows()).replace('<c r="D3"><v>2</v></c>', '<c r="D3"><f>D2*2</f></c>')
    write_xlsx(project / "components/mini/cards.xlsx", worksheet(rows))
    one_line_error(project, "cards.xlsx", "Sheet1!D3: a formula without a saved result (=D2*2)")


def test_an_error_cell_is_said_not_printed(tmp_path):
    project = sheet_project(tmp_path, "cards.xlsx")
    rows = rows_xml(cards_rows()).replace('<c r="D3"><v>2</v></c>', '<c r="D3" t="e"><f>1/0</f><v>#DIV/0!</v></c>')
    write_xlsx(project / "components/mini/cards.xlsx", worksheet(rows))
    one_line_error(project, "cards.xlsx", "Sheet1!D3: the cell shows the error #DIV/0!")


def test_an_ods_error_cell_is_said_not_printed(tmp_path):
    project = sheet_project(tmp_path, "cards.ods")
    _ods(project, [ods_text("a") + ods_text("題") + ods_text("sun")
                   + '<table:table-cell table:formula="of:=1/0" office:value-type="float" office:value="0" '
                     'calcext:value-type="error"><text:p>#DIV/0!</text:p></table:table-cell>'])
    one_line_error(project, "cards.ods", "Sheet1!D2: the cell shows the error #DIV/0!")


def test_merged_cells_give_every_card_they_cover_the_value(tmp_path):
    """A suit merged down two rows showed on both cards' rows of the sheet and printed on the first only."""
    project = sheet_project(tmp_path, "cards.xlsx")
    rows = cards_rows()
    rows[2][2] = None
    write_xlsx(project / "components/mini/cards.xlsx",
               worksheet(rows_xml(rows), '<mergeCells count="1"><mergeCell ref="C2:C3"/></mergeCells>'))
    assert [c.get("suit") for c in cards_of(project)] == ["sun", "sun"]


def test_merged_ods_cells_give_every_card_they_cover_the_value(tmp_path):
    project = sheet_project(tmp_path, "cards.ods")
    _ods(project, [ods_text("a") + ods_text("朝") + '<table:table-cell table:number-rows-spanned="2" '
                   'office:value-type="string"><text:p>sun</text:p></table:table-cell>',
                   ods_text("b") + ods_text("夜") + "<table:covered-table-cell/>"])
    assert [c.get("suit") for c in cards_of(project)] == ["sun", "sun"]


STYLES = ('<numFmts count="3"><numFmt numFmtId="164" formatCode="&quot;￥&quot;#,##0"/>'
          '<numFmt numFmtId="165" formatCode="[$￥-411]#,##0;[Red]\\-[$￥-411]#,##0"/>'
          '<numFmt numFmtId="166" formatCode="# ?/?"/></numFmts>'
          '<cellXfs count="8"><xf numFmtId="0"/><xf numFmtId="9"/><xf numFmtId="164"/><xf numFmtId="2"/>'
          '<xf numFmtId="14"/><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="31"/></cellXfs>')


def test_formatted_xlsx_numbers_print_as_the_sheet_shows_them(tmp_path):
    project = sheet_project(tmp_path, "cards.xlsx", cards=1)
    head = ["id", "title", "value", "fields.price", "fields.day", "fields.odds", "fields.debt", "fields.jp"]
    sheet = (rows_xml([head]) + '<row r="2"><c r="A2" t="inlineStr"><is><t>a</t></is></c>'
             '<c r="B2" t="b"><v>1</v></c><c r="C2" s="3"><v>3.5</v></c><c r="D2" s="2"><v>1000</v></c>'
             '<c r="E2" s="4"><v>45292</v></c><c r="F2" s="1"><v>0.5</v></c><c r="G2" s="5"><v>-1200</v></c>'
             '<c r="H2" s="7"><v>45293</v></c></row>')
    write_xlsx(project / "components/mini/cards.xlsx", worksheet(sheet), styles=STYLES)
    (card,) = cards_of(project)
    assert card["title"] == "TRUE"            # not "true"
    assert card["value"] == "3.50"
    run = run_capped("export", "mini", "cards", "--out", "back.csv", cwd=project, memory=MEMORY)
    assert run.returncode == 0, run.stderr
    import csv
    with open(project / "back.csv", encoding="utf-8-sig", newline="") as fh:
        (row,) = list(csv.DictReader(fh))
    assert {k: v for k, v in row.items() if k.startswith("fields.")} == {
        "fields.price": "￥1,000", "fields.day": "2024/1/1", "fields.odds": "50%", "fields.debt": "'-￥1,200",    # ' : not a formula
        "fields.jp": "2024年1月2日"}


def test_a_format_pnp_cannot_reproduce_is_said(tmp_path):
    project = sheet_project(tmp_path, "cards.xlsx")
    rows = rows_xml(cards_rows()).replace('<c r="D3"><v>2</v></c>', '<c r="D3" s="6"><v>0.5</v></c>')
    write_xlsx(project / "components/mini/cards.xlsx", worksheet(rows), styles=STYLES)
    one_line_error(project, "cards.xlsx", "Sheet1!D3: number format '# ?/?' (a fraction) is not one pnp can show")


def test_formatted_ods_numbers_print_as_the_sheet_shows_them(tmp_path):
    project = sheet_project(tmp_path, "cards.ods", cards=4)
    _ods(project, [ods_text("a") + ods_text("朝") + ods_text("sun")
                   + '<table:table-cell office:value-type="percentage" office:value="0.5"><text:p>50%</text:p>'
                     "</table:table-cell>",
                   ods_text("b") + ods_text("夜") + ods_text("sun")
                   + '<table:table-cell office:value-type="float" office:value="3.5"><text:p>3.50</text:p>'
                     "</table:table-cell>",
                   ods_text("c") + ods_text("昼") + ods_text("sun")
                   + '<table:table-cell office:value-type="currency" office:currency="JPY" office:value="1000">'
                     "<text:p>￥1,000</text:p></table:table-cell>",
                   ods_text("d") + ods_text("夕") + ods_text("sun")
                   + '<table:table-cell office:value-type="float" office:value="2"><text:p>2</text:p>'
                     "</table:table-cell>"])
    assert [c["value"] for c in cards_of(project)] == ["50%", "3.50", "￥1,000", 2]


def test_xlsx_cells_without_a_reference_follow_the_previous_one(tmp_path):
    """``r`` is optional in OOXML (some writers leave it out); it was refused."""
    project = sheet_project(tmp_path, "cards.xlsx")
    rows = rows_xml(cards_rows())
    for ref in ("A3", "B3", "C3", "D3"):
        rows = rows.replace(f' r="{ref}"', "")
    rows = rows.replace('<row r="3">', "<row>")
    write_xlsx(project / "components/mini/cards.xlsx", worksheet(rows))
    assert [(c["id"], c["title"], c["value"]) for c in cards_of(project)] == [("sun-1", "朝焼け", 1),
                                                                              ("sun-2", "真昼", 2)]


def test_a_windows_1252_csv_is_not_decoded_as_shift_jis(tmp_path):
    """``Pokémon`` decoded as Shift_JIS without error into 「Pok駑on」; the encoding must be named, not guessed."""
    project = sheet_project(tmp_path, "cards.csv", cards=1)
    text = "id,title,suit,value\r\nsun-1,Pokémon,sun,1\r\n"
    (project / "components/mini/cards.csv").write_bytes(text.encode("cp1252"))
    one_line_error(project, "cards.csv", "could be Shift_JIS (cp932) or Windows-1252 text")
    deck = project / "components/mini/cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("{from: cards.csv}", "{from: cards.csv, encoding: cp1252}"),
                    encoding="utf-8")
    assert cards_of(project)[0]["title"] == "Pokémon"


def test_a_shift_jis_csv_is_still_detected(tmp_path):
    project = sheet_project(tmp_path, "cards.csv", cards=1)
    text = "id,title,suit,value\r\nsun-1,朝焼け,sun,1\r\n"
    (project / "components/mini/cards.csv").write_bytes(text.encode("cp932"))
    assert cards_of(project)[0]["title"] == "朝焼け"


def test_cp932_export_refuses_characters_that_come_back_as_others(tmp_path):
    """Shift_JIS writes ¬ as the bytes of ￢, which read back as ￢ (found by the round-trip property)."""
    from pnp.data.export import encode_exactly
    with pytest.raises(UnicodeEncodeError):
        encode_exactly("「¬」", "cp932")
    assert encode_exactly("「￢」", "cp932").decode("cp932") == "「￢」"
    project = sheet_project(tmp_path, "cards.csv", cards=1)
    csv_path = project / "components/mini/cards.csv"
    csv_path.write_text("id,title,suit,value\r\nsun-1,「¬」,sun,1\r\n", encoding="utf-8")
    run = run_capped("export", "mini", "cards", "--encoding", "cp932", "--out", "x.csv", cwd=project, memory=MEMORY)
    said = run.stdout + run.stderr
    assert run.returncode == 1 and "¬ cannot be written in cp932; use --encoding utf-8-sig" in said, said
    assert not (project / "x.csv").exists()

