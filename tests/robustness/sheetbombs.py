"""Spreadsheets for the hostile-input tests, built in the test (nothing large is committed): a small
.xlsx or .ods written with zipfile, and ways to damage the zip after it is written."""
from __future__ import annotations

import struct
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

from pnp.commands.scaffold import new_game

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
HEADER = ["id", "title", "suit", "value"]


def sheet_project(tmp_path: Path, source: str, extra: str = "", cards: int = 2) -> Path:
    """A new game whose deck reads its cards (as many as ``cards``) from components/mini/SOURCE."""
    new_game(tmp_path, "mini", csv=True)
    game = tmp_path / "components/mini/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("    count: 6\n", f"    count: {cards}\n"), encoding="utf-8")
    deck = tmp_path / "components/mini/cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards: {from: cards.csv}",
                                                            f"cards: {{from: {source}{extra}}}"), encoding="utf-8")
    return tmp_path


def cell(ref: str, v) -> str:
    """A cell as Excel writes it: text inline, numbers and booleans in <v>."""
    if isinstance(v, bool):
        return f'<c r="{ref}" t="b"><v>{int(v)}</v></c>'
    if isinstance(v, (int, float)):
        return f'<c r="{ref}"><v>{v}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{escape(v)}</t></is></c>'


def rows_xml(rows: list[list]) -> str:
    out = []
    for r, row in enumerate(rows, start=1):
        cells = "".join(cell(f"{'ABCDEFGH'[c]}{r}", v) for c, v in enumerate(row) if v is not None)
        out.append(f'<row r="{r}">{cells}</row>')
    return "".join(out)


def cards_rows() -> list[list]:
    return [HEADER, ["sun-1", "朝焼け", "sun", 1], ["sun-2", "真昼", "sun", 2]]


def worksheet(sheet_data: str, after: str = "") -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}"><sheetData>{sheet_data}</sheetData>'
            f'{after}</worksheet>')


def write_xlsx(path: Path, sheet_xml: str, *, shared: list[str] | None = None, styles: str | None = None,
               compression: int = zipfile.ZIP_DEFLATED, members: dict[str, bytes] | None = None) -> Path:
    with zipfile.ZipFile(path, "w", compression) as z:
        z.writestr("xl/workbook.xml", f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" xmlns:r="{REL}">'
                                      '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>')
        z.writestr("xl/_rels/workbook.xml.rels",
                   '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                   f'package/2006/relationships"><Relationship Id="rId1" Type="{REL}/worksheet" '
                   'Target="worksheets/sheet1.xml"/></Relationships>')
        if shared is not None:
            items = "".join(f"<si><t>{escape(s)}</t></si>" for s in shared)
            z.writestr("xl/sharedStrings.xml", f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}">{items}</sst>')
        if styles is not None:
            z.writestr("xl/styles.xml", f'<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="{MAIN}">{styles}'
                                        '</styleSheet>')
        z.writestr("xl/worksheets/sheet1.xml", sheet_xml)
        for name, data in (members or {}).items():
            z.writestr(name, data)
    return path


ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
          'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"')


def ods_text(text: str) -> str:
    return f'<table:table-cell office:value-type="string"><text:p>{text}</text:p></table:table-cell>'


def ods_content(rows: list[str]) -> str:
    """content.xml of one sheet; each row is the XML of its cells."""
    body = "".join(f"<table:table-row>{r}</table:table-row>" for r in rows)
    return (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODS_NS}><office:body><office:spreadsheet>'
            f'<table:table table:name="Sheet1">{body}</table:table></office:spreadsheet></office:body>'
            "</office:document-content>")


def header_ods() -> str:
    return "".join(ods_text(h) for h in HEADER)


def write_ods(path: Path, content: str | bytes) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", content)
    return path


def patch_member(path: Path, name: str, *, local: dict[int, tuple[str, int]], central: dict[int, tuple[str, int]]) -> None:
    """Overwrite fields of a member's local header and central-directory entry: offset → (struct
    format, value), offsets from each header's signature (method: local 8 / central 10; flags 6 / 8;
    uncompressed size 22 / 24)."""
    data = bytearray(path.read_bytes())
    encoded = name.encode()
    # (signature, where the name's length is, where the name starts, the fields to overwrite)
    for signature, len_at, name_at, fields in ((b"PK\x03\x04", 26, 30, local), (b"PK\x01\x02", 28, 46, central)):
        at = 0
        while (at := data.find(signature, at)) >= 0:
            n = struct.unpack_from("<H", data, at + len_at)[0]
            if data[at + name_at:at + name_at + n] == encoded:
                for off, (fmt, value) in fields.items():
                    struct.pack_into(fmt, data, at + off, value)
            at += 4
    path.write_bytes(bytes(data))


def member_data_offset(path: Path, name: str) -> tuple[int, int]:
    """Where a member's (compressed) bytes start in the file, and how many there are."""
    with zipfile.ZipFile(path) as z:
        info = z.getinfo(name)
    data = path.read_bytes()
    at = info.header_offset
    n, extra = struct.unpack_from("<HH", data, at + 26)
    return at + 30 + n + extra, info.compress_size
