"""Small .xlsx and .ods files built in the tests with zipfile, laid out as Excel and LibreOffice write them."""
from __future__ import annotations

import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

from pnp.data.sheets import column_letter

XLSX_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
</Types>"""

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def write_xlsx(path: Path, sheets: dict[str, list[list]], phonetic: dict[str, str] | None = None) -> Path:
    """sheets: name → rows (None = empty cell).  Strings go to sharedStrings.xml (with a furigana run
    when ``phonetic`` names one, as Japanese Excel stores it); numbers and booleans stay in the cell."""
    phonetic = phonetic or {}
    shared: list[str] = []
    sheet_xml = []
    for rows in sheets.values():
        cells = []
        for r, row in enumerate(rows, start=1):
            out = []
            for c, v in enumerate(row, start=1):
                ref = f"{column_letter(c)}{r}"
                if v is None:
                    continue
                if isinstance(v, bool):
                    out.append(f'<c r="{ref}" t="b"><v>{int(v)}</v></c>')
                elif isinstance(v, (int, float)):
                    out.append(f'<c r="{ref}"><v>{v}</v></c>')
                else:
                    if v not in shared:
                        shared.append(v)
                    out.append(f'<c r="{ref}" t="s"><v>{shared.index(v)}</v></c>')
            cells.append(f'<row r="{r}">{"".join(out)}</row>')
        sheet_xml.append(f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}"><sheetData>'
                         f'{"".join(cells)}</sheetData></worksheet>')
    items = []
    for s in shared:
        ruby = (f'<rPh sb="0" eb="{len(s)}"><t>{escape(phonetic[s])}</t></rPh>' if s in phonetic else "")
        items.append(f'<si><t xml:space="preserve">{escape(s)}</t>{ruby}</si>')
    book = "".join(f'<sheet name="{escape(n)}" sheetId="{i}" r:id="rId{i}"/>' for i, n in enumerate(sheets, 1))
    rels = "".join(f'<Relationship Id="rId{i}" Type="{REL}/worksheet" Target="worksheets/sheet{i}.xml"/>'
                   for i in range(1, len(sheets) + 1))
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("[Content_Types].xml", XLSX_TYPES)
        z.writestr("xl/workbook.xml", f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" '
                                      f'xmlns:r="{REL}"><sheets>{book}</sheets></workbook>')
        z.writestr("xl/_rels/workbook.xml.rels",
                   '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns='
                   f'"http://schemas.openxmlformats.org/package/2006/relationships">{rels}</Relationships>')
        z.writestr("xl/sharedStrings.xml", f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}">'
                                           f'{"".join(items)}</sst>')
        for i, xml in enumerate(sheet_xml, 1):
            z.writestr(f"xl/worksheets/sheet{i}.xml", xml)
    return path


ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')


def _ods_cell(v) -> str:
    if v is None:
        return "<table:table-cell/>"
    if isinstance(v, bool):
        return (f'<table:table-cell office:value-type="boolean" office:boolean-value="{str(v).lower()}">'
                f"<text:p>{str(v).upper()}</text:p></table:table-cell>")
    if isinstance(v, (int, float)):
        return f'<table:table-cell office:value-type="float" office:value="{v}"><text:p>{v}</text:p></table:table-cell>'
    paras = "".join(f"<text:p>{escape(line)}</text:p>" for line in v.split("\n"))
    return f'<table:table-cell office:value-type="string">{paras}</table:table-cell>'


def write_ods(path: Path, sheets: dict[str, list[list]]) -> Path:
    """LibreOffice's way: every row padded with a repeated empty cell, and a huge repeated empty row at
    the end of each sheet (number-rows-repeated="1048000")."""
    tables = []
    for name, rows in sheets.items():
        body = "".join("<table:table-row>" + "".join(_ods_cell(v) for v in row) +
                       '<table:table-cell table:number-columns-repeated="1000"/></table:table-row>' for row in rows)
        body += ('<table:table-row table:number-rows-repeated="1048000">'
                 '<table:table-cell table:number-columns-repeated="1024"/></table:table-row>')
        tables.append(f'<table:table table:name="{escape(name)}">{body}</table:table>')
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODS_NS}><office:body>'
               f'<office:spreadsheet>{"".join(tables)}</office:spreadsheet></office:body></office:document-content>')
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", content)
    return path
