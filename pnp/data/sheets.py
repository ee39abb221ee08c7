"""Card lists from spreadsheets: ``cards: {from: cards.csv}`` in a deck's YAML.

One row a card, a header row naming the keys (``id, title, suit, value, body, flavor, image, layout, count,
provisional, source, question, answer, fields.NAME, rules.NAME`` or ``rules`` holding a JSON object;
``question`` is a JSON object too, ``source`` a quotation or a JSON list of them).  Columns whose header
starts with ``#`` are the designer's notes and are skipped; so are empty rows.

Formats: ``.csv`` and ``.tsv`` (UTF-8 with or without BOM, or Excel's Shift_JIS/cp932, detected in
that order; ``encoding:`` overrides), ``.xlsx`` (Excel) and ``.ods`` (LibreOffice).  Both of the
latter are zipped XML and are read here with ``zipfile`` and ``xml.etree`` only: reading cell values
needs nothing more, and a parser of our own can refuse what it does not need (DTDs and entities,
oversized members) before any expansion happens.

Every problem is located by cell: ``cards.xlsx:Sheet1!C12: value: …``.  A CSV or TSV file is its own
single sheet, so the file takes the sheet's place: ``cards.csv!C12: value: …``.
"""
from __future__ import annotations

import codecs
import csv
import io
import json
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET
from xml.parsers import expat

from ..errors import DataError, Problem
from ..files import read_limited
from ..limits import MAX_CELL_CHARS, MAX_XML_DEPTH, MAX_XML_ELEMENTS
from ..messages import did_you_mean, did_you_mean_file, msg
from . import numformat
from .model import Where
from .yamlsource import PathT, SourceMap, format_path

SHEET_SUFFIXES = (".csv", ".tsv", ".xlsx", ".ods")
MAX_FILE_BYTES = 20 * 1024 * 1024        # a card list is kilobytes; refuse anything this large
MAX_XML_BYTES = 50 * 1024 * 1024         # one member of an .xlsx/.ods, uncompressed
MAX_ROWS = 10_000
MAX_COLS = 200

TEXT_KEYS = ("id", "title", "suit", "body", "flavor", "image", "layout", "answer")
JSON_KEYS = ("rules", "question")          # a JSON object in one cell
PRINTED_KEYS = (*TEXT_KEYS, "value", "fields")   # a formatted cell gives these the text the sheet shows
KNOWN_KEYS = ("id", "title", "suit", "value", "body", "flavor", "image", "layout", "count", "provisional",
              "source", "question", "answer", "rules")
COLUMN_ORDER = ("id", "title", "suit", "value", "body", "flavor", "image", "layout", "count", "provisional",
                "source", "question", "answer")

_INT = re.compile(r"-?(0|[1-9][0-9]*)")
_TRUE = {"true", "yes", "1", "○", "はい"}
_FALSE = {"false", "no", "0", "×", "いいえ"}


def column_letter(col: int) -> str:
    """1 → A, 27 → AA."""
    out = ""
    while col > 0:
        col, rem = divmod(col - 1, 26)
        out = chr(65 + rem) + out
    return out


def column_number(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


@dataclass
class Table:
    """The cells of one sheet: ``cells[(row, col)]`` (1-based, as a spreadsheet numbers them)."""

    file: str                    # display name, e.g. components/mygame/cards.xlsx
    sheet: str | None            # None for CSV/TSV
    cells: dict[tuple[int, int], Any] = field(default_factory=dict)
    # the text the sheet shows where it is not the value itself: a formatted number (50% for 0.5,
    # ￥1,000, 3.50, a date for its serial number)
    shown: dict[tuple[int, int], str] = field(default_factory=dict)

    def ref(self, row: int, col: int) -> str:
        a1 = f"{column_letter(col)}{row}"
        return f"{self.sheet}!{a1}" if self.sheet is not None else a1

    def problem(self, row: int, col: int, field_name: str, message: str) -> Problem:
        return Problem(self.file, row, col, field_name, message, cell=self.ref(row, col))

    @property
    def rows(self) -> list[int]:
        return sorted({r for r, _ in self.cells})


def _fail(display: str, message: str) -> DataError:
    return DataError([Problem(display, 0, 0, "", message)])


# ------------------------------------------------------------------------------ CSV / TSV
def decode(data: bytes, display: str, encoding: str | None = None) -> str:
    """UTF-8 (BOM or not) first, strictly; then Shift_JIS as Excel writes it (cp932).  A file that
    Shift_JIS decodes without a single kana but that is also Windows-1252 text (Excel's CSV on a
    Western European Windows: café, Müller) is not guessed: the deck must name its encoding."""
    if encoding:
        try:
            if not codecs.lookup(encoding)._is_text_encoding:
                raise _fail(display, f"encoding {encoding!r} is not a text encoding (e.g. utf-8, cp932)")
            return data.decode(encoding)
        except UnicodeDecodeError as exc:
            raise _fail(display, f"not {encoding} text (byte {exc.start}: {exc.reason})") from None
        except LookupError:
            raise _fail(display, f"unknown encoding {encoding!r} (e.g. utf-8, cp932)") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("cp932")
    except UnicodeDecodeError:
        text = None
    if text is not None and not _KANA.search(text):
        try:
            data.decode("cp1252")
        except UnicodeDecodeError:
            return text
        raise _fail(display, "could be Shift_JIS (cp932) or Windows-1252 text (no kana in it as Shift_JIS): name "
                             "the encoding in the deck (cards: {from: …, encoding: cp932} or encoding: cp1252)")
    if text is not None:
        return text
    raise _fail(display, "neither UTF-8 nor Shift_JIS (cp932) text; name the encoding in the deck "
                         "(cards: {from: …, encoding: …})")


_KANA = re.compile("[\u3041-\u30ff]")
# a cell that `pnp export` wrote with a ' in front, so that a spreadsheet does not run it as a formula
_QUOTED = re.compile(r"'+[=+\-@\t\r]")


def read_delimited(data: bytes, display: str, delimiter: str, encoding: str | None = None) -> Table:
    text = decode(data, display, encoding)
    table = Table(display, None)
    csv.field_size_limit(MAX_CELL_CHARS)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for r, row in enumerate(reader, start=1):
            if r > MAX_ROWS:
                raise _fail(display, f"more than {MAX_ROWS} rows: refused")
            for c, value in enumerate(row, start=1):
                if c > MAX_COLS:
                    raise _fail(display, f"row {r}: " + msg("data.sheet_too_many_columns", most=MAX_COLS))
                if len(value) > MAX_CELL_CHARS:
                    raise DataError([table.problem(r, c, "", msg("data.cell_too_long", most=MAX_CELL_CHARS))])
                if _QUOTED.match(value):
                    value = value[1:]
                if value.strip():
                    table.cells[(r, c)] = value
    except csv.Error as exc:
        if "field limit" in str(exc):
            raise _fail(display, f"line {reader.line_num}: a cell of more than {MAX_CELL_CHARS:,} characters: "
                                 "refused") from None
        raise _fail(display, f"line {reader.line_num}: CSV: {exc}") from None
    return table


# ------------------------------------------------------------------------------ zipped XML
class _Refused(Exception):
    """A zip member's XML that pnp will not read; the message says why."""


def _qname(name: str) -> str:
    """expat's ``uri}local`` as ElementTree's ``{uri}local``."""
    return "{" + name if "}" in name else name


def _parse_xml(chunks: Any, name: str) -> ET.Element:
    """An XML member parsed by expat as it is unpacked, refusing a DTD (in any encoding: the check is
    the parser's, not a byte search), more than MAX_XML_ELEMENTS elements, nesting deeper than
    MAX_XML_DEPTH and a text run longer than MAX_CELL_CHARS — each before the tree grows past it."""
    parser = expat.ParserCreate(namespace_separator="}")
    builder = ET.TreeBuilder()
    state = {"elements": 0, "depth": 0, "run": 0}

    def start(tag: str, attrs: dict[str, str]) -> None:
        state["elements"] += 1
        state["depth"] += 1
        state["run"] = 0
        if state["elements"] > MAX_XML_ELEMENTS:
            raise _Refused(f"{name}: " + msg("data.xml_too_many_elements", most=MAX_XML_ELEMENTS))
        if state["depth"] > MAX_XML_DEPTH:
            raise _Refused(f"{name}: " + msg("data.xml_too_deep", most=MAX_XML_DEPTH))
        builder.start(_qname(tag), {_qname(k): v for k, v in attrs.items()})

    def end(tag: str) -> None:
        state["depth"] -= 1
        state["run"] = 0
        builder.end(_qname(tag))

    def text(data: str) -> None:
        state["run"] += len(data)
        if state["run"] > MAX_CELL_CHARS:
            raise _Refused(f"{name}: " + msg("data.xml_text_too_long", most=MAX_CELL_CHARS))
        builder.data(data)

    def dtd(*_: Any) -> None:
        raise _Refused(f"{name} " + msg("data.xml_dtd"))

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.StartDoctypeDeclHandler = dtd
    parser.EntityDeclHandler = dtd
    parser.buffer_text = True
    try:
        for chunk in chunks:
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except expat.ExpatError as exc:
        raise _Refused(f"{name}: XML: {expat.ErrorString(exc.code)}: line {exc.lineno}, column {exc.offset}") from None
    root: ET.Element = builder.close()
    return root


_METHODS = {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED}


def _member_chunks(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> Any:
    """The member's bytes, unpacked 64 kB at a time and never more than MAX_XML_BYTES in all, whatever
    its header says."""
    total = 0
    with zf.open(info) as fh:
        while True:
            chunk = fh.read(65536)
            if not chunk:
                return
            total += len(chunk)
            if total > MAX_XML_BYTES:
                raise _Refused(f"{info.filename} " + msg("data.zip_too_big", most=MAX_XML_BYTES))
            yield chunk


def _xml(zf: zipfile.ZipFile, name: str, display: str) -> ET.Element:
    try:
        info = zf.getinfo(name)
    except KeyError:
        raise _fail(display, f"not a spreadsheet: {name} is missing") from None
    if info.flag_bits & 0x1:
        raise _fail(display, f"{name} is encrypted (a password-protected file): save it without a password")
    if info.compress_type not in _METHODS:
        method = {9: "Deflate64", 12: "bzip2", 14: "LZMA", 93: "Zstandard", 99: "AES"}.get(info.compress_type,
                                                                                           f"method {info.compress_type}")
        raise _fail(display, f"{name} is compressed with {method}, which spreadsheet programs do not write: "
                             "save the file again from Excel or LibreOffice")
    if info.file_size > MAX_XML_BYTES:
        raise _fail(display, f"{name} unpacks to {info.file_size:,} bytes (the limit is {MAX_XML_BYTES:,}): refused")
    try:
        return _parse_xml(_member_chunks(zf, info), name)
    except _Refused as exc:
        raise _fail(display, str(exc)) from None
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, RuntimeError, ValueError) as exc:
        reason = str(exc).strip() or type(exc).__name__
        raise _fail(display, f"{name}: damaged zip member ({reason}): save the file again") from None


def _open_zip(data: bytes, display: str) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zlib.error, EOFError, ValueError, NotImplementedError) as exc:
        reason = "" if isinstance(exc, zipfile.BadZipFile) and "not a zip" in str(exc) else f" ({exc})"
        raise _fail(display, f"not a spreadsheet (the file is not a zip archive{reason})") from None


X = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
XR = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
XPR = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def _xlsx_text(si: ET.Element) -> str:
    """A shared or inline string: its <t>, or its rich-text runs — never the phonetic (furigana) runs."""
    parts = []
    for child in si:
        if child.tag == X + "t":
            parts.append(child.text or "")
        elif child.tag == X + "r":
            parts.extend(t.text or "" for t in child.iter(X + "t"))
    return "".join(parts)


def _xlsx_formats(zf: zipfile.ZipFile, display: str) -> list[str]:
    """The number format of each cell style (``s="N"`` of a cell), as a format code."""
    if "xl/styles.xml" not in zf.namelist():
        return []
    styles = _xml(zf, "xl/styles.xml", display)
    custom = {}
    for fmt in styles.iter(X + "numFmt"):
        try:
            custom[int(fmt.get("numFmtId", ""))] = fmt.get("formatCode", "General")
        except ValueError:
            continue
    out = []
    xfs = styles.find(X + "cellXfs")
    for xf in (xfs if xfs is not None else []):
        try:
            fid = int(xf.get("numFmtId", "0"))
        except ValueError:
            fid = 0
        out.append(custom.get(fid) or numformat.BUILTIN.get(fid, "General"))
    return out


def _span(ref: str) -> tuple[int, int, int, int] | None:
    """``B2:C4`` → (row 2, col 2, row 4, col 3)."""
    m = re.fullmatch(r"([A-Z]{1,3})([0-9]{1,7}):([A-Z]{1,3})([0-9]{1,7})", ref)
    if not m:
        return None
    r0, c0, r1, c1 = int(m.group(2)), column_number(m.group(1)), int(m.group(4)), column_number(m.group(3))
    return min(r0, r1), min(c0, c1), max(r0, r1), max(c0, c1)


def _fill_merged(table: Table, spans: list[tuple[int, int, int, int]], where: str) -> None:
    """A merged range shows its first cell's value across the whole range: each card row it covers
    gets that value (Excel and LibreOffice keep it in the first cell only)."""
    for r0, c0, r1, c1 in spans:
        if r1 > MAX_ROWS or c1 > MAX_COLS:
            raise _fail(table.file, f"{where}: merged cells beyond {MAX_ROWS} rows × {MAX_COLS} columns: refused")
        if (r0, c0) not in table.cells:
            continue
        value, shown = table.cells[(r0, c0)], table.shown.get((r0, c0))
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                if (r, c) not in table.cells:
                    table.cells[(r, c)] = value
                    if shown is not None:
                        table.shown[(r, c)] = shown


def read_xlsx(data: bytes, display: str, sheet: str | None) -> Table:
    book = _read_workbook(data, display, sheet)
    table = Table(display, book.sheet)
    row = 0
    for row_el in book.root.iter(X + "row"):
        row = _position(row_el.get("r"), row + 1, display, f"{book.sheet}: row")
        col = 0
        for c in row_el.iter(X + "c"):
            col = _xlsx_column(c.get("r"), row, col, book)
            read = _xlsx_value(c, row, col, book, table)
            if read is None:
                continue
            value, shown = read
            if isinstance(value, str) and len(value) > MAX_CELL_CHARS:
                raise DataError([table.problem(row, col, "", msg("data.cell_too_long", most=MAX_CELL_CHARS))])
            if value is not None and value != "":
                table.cells[(row, col)] = value
                if shown is not None:
                    table.shown[(row, col)] = shown
    spans = [s for s in (_span(m.get("ref", "")) for m in book.root.iter(X + "mergeCell")) if s is not None]
    _fill_merged(table, spans, book.sheet)
    return table


@dataclass
class _Workbook:
    """What reading one sheet of an .xlsx takes from its workbook: the sheet's name and XML, the
    date system, the shared strings and each cell style's number format."""
    display: str
    sheet: str
    root: ET.Element
    date1904: bool
    shared: list[str]
    formats: list[str]


def _read_workbook(data: bytes, display: str, sheet: str | None) -> _Workbook:
    with _open_zip(data, display) as zf:
        book = _xml(zf, "xl/workbook.xml", display)
        sheets = [(s.get("name", ""), s.get(XR + "id", "")) for s in book.iter(X + "sheet")]
        if not sheets:
            raise _fail(display, "the workbook has no sheets")
        pr = book.find(X + "workbookPr")
        date1904 = pr is not None and pr.get("date1904", "0").lower() in ("1", "true")
        name, rid = _pick_sheet(sheets, sheet, display)
        rels = _xml(zf, "xl/_rels/workbook.xml.rels", display)
        target = next((r.get("Target", "") for r in rels.iter(XPR + "Relationship") if r.get("Id") == rid), "")
        target = target.lstrip("/")
        path = target if target.startswith("xl/") else "xl/" + target
        shared: list[str] = []
        if "xl/sharedStrings.xml" in zf.namelist():
            shared = [_xlsx_text(si) for si in _xml(zf, "xl/sharedStrings.xml", display).iter(X + "si")]
        formats = _xlsx_formats(zf, display)
        root = _xml(zf, path, display)
    return _Workbook(display, name, root, date1904, shared, formats)


def _xlsx_column(ref: str | None, row: int, previous: int, book: _Workbook) -> int:
    """The column of a cell of this row: its reference's, or (without r=, optional in OOXML) the
    one after the previous cell."""
    if ref is None:
        col = previous + 1
    else:
        m = re.fullmatch(r"([A-Z]{1,3})([0-9]{1,7})", ref)
        if not m or int(m.group(2)) != row:
            raise _fail(book.display, f"{book.sheet}: cell reference {ref!r} in row {row} is not a cell of that row")
        col = column_number(m.group(1))
    if row > MAX_ROWS or col > MAX_COLS:
        raise _fail(book.display, f"{book.sheet}!{column_letter(col)}{row}: beyond {MAX_ROWS} rows × "
                                  f"{MAX_COLS} columns: refused")
    return col


def _xlsx_value(c: ET.Element, row: int, col: int, book: _Workbook, table: Table) -> tuple[Any, str | None] | None:
    """A cell's value and the text the sheet shows for it when that differs (a number in a format);
    None for a cell without a value."""
    kind = c.get("t", "n")
    v = c.find(X + "v")
    f = c.find(X + "f")
    raw = v.text if v is not None else None
    if kind == "inlineStr":
        is_ = c.find(X + "is")
        return (_xlsx_text(is_) if is_ is not None else ""), None
    if raw is None:
        if f is not None:
            raise DataError([table.problem(row, col, "", msg("sheet.formula_unsaved", formula=f.text or ""))])
        return None
    if kind == "s":
        if not re.fullmatch(r"[0-9]{1,9}", raw.strip()) or int(raw) >= len(book.shared):
            raise _fail(book.display, f"{book.sheet}!{column_letter(col)}{row}: shared string {raw!r} does not exist")
        return book.shared[int(raw)], None
    if kind == "b":
        return raw.strip() == "1", None
    if kind == "e":
        raise DataError([table.problem(row, col, "", msg("sheet.cell_error", error=raw))])
    if kind == "str":
        return raw, None
    value = _number(raw)
    if not isinstance(value, (int, float)):
        return value, None
    style = c.get("s", "0")
    code = book.formats[int(style)] if style.isdigit() and int(style) < len(book.formats) else "General"
    try:
        text = numformat.render(float(value), code, book.date1904)
    except numformat.Unsupported as exc:
        raise DataError([table.problem(row, col, "", msg("data.number_format_unsupported", code=code,
                                                         why=exc.args[0]))]) from None
    return value, (text if text is not None and text != str(value) else None)


def _position(text: str | None, following: int, display: str, what: str) -> int:
    if text is None:
        return following
    if not re.fullmatch(r"[0-9]{1,7}", text.strip()) or int(text) < 1:
        raise _fail(display, f"{what} number {text!r} is not a row number")
    return int(text)


def _number(text: str) -> int | float | str:
    try:
        f = float(text)
    except ValueError:
        return text
    if f != f or f in (float("inf"), float("-inf")):
        return text
    return int(f) if f.is_integer() and abs(f) < 2 ** 53 else f


def _pick_sheet(sheets: list[tuple[str, Any]], wanted: str | None, display: str) -> tuple[str, Any]:
    if wanted is None:
        return sheets[0]
    for entry in sheets:
        if entry[0] == wanted:
            return entry
    raise _fail(display, f"no sheet {wanted!r} (sheets: {', '.join(s[0] for s in sheets)})")


T = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
TX = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
OF = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
CALC = "{urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0}"


def _count(el: ET.Element, attr: str, display: str, where: str, limit: int | None = None) -> int:
    """A repeat or span count (``table:number-columns-repeated``, ``text:c`` …): a whole number ≥ 1."""
    text = el.get(attr)
    if text is None:
        return 1
    local = attr.rsplit("}", 1)[-1]
    if not re.fullmatch(r"[0-9]{1,10}", text.strip()) or int(text) < 1:
        raise _fail(display, f"{where}: {local}={text!r} is not a count")
    n = int(text)
    if limit is not None and n > limit:
        raise _fail(display, f"{where}: {local}={n:,} is more than {limit:,}: refused")
    return n


def _ods_paragraph(p: ET.Element, display: str, where: str) -> str:
    """A paragraph's text: spans, links and the like are walked without recursion (a file nests them
    as deep as it likes); ``text:s`` is its count of spaces, never more than a cell may hold."""
    out: list[str] = []
    size = 0
    stack: list[tuple[ET.Element, bool]] = [(p, False)]      # (element, its tail is due now)
    while stack:
        el, tail = stack.pop()
        if tail:
            piece = el.tail or ""
        elif el is not p and el.tag == TX + "s":
            piece = " " * _count(el, TX + "c", display, where, MAX_CELL_CHARS)
            stack.append((el, True))
        elif el is not p and el.tag == TX + "tab":
            piece = "\t"
            stack.append((el, True))
        elif el is not p and el.tag == TX + "line-break":
            piece = "\n"
            stack.append((el, True))
        elif el is not p and el.tag.endswith("annotation"):
            piece = ""
            stack.append((el, True))
        else:
            piece = el.text or ""
            if el is not p:
                stack.append((el, True))
            stack.extend((child, False) for child in reversed(list(el)))
        size += len(piece)
        if size > MAX_CELL_CHARS:
            raise _fail(display, f"{where}: more than {MAX_CELL_CHARS:,} characters: refused")
        out.append(piece)
    return "".join(out)


def read_ods(data: bytes, display: str, sheet: str | None) -> Table:
    with _open_zip(data, display) as zf:
        root = _xml(zf, "content.xml", display)
    tables = [(t.get(T + "name", ""), t) for t in root.iter(T + "table")]
    if not tables:
        raise _fail(display, "the document has no sheets")
    name, tab = _pick_sheet(tables, sheet, display)
    table = Table(display, name)
    spans: list[tuple[int, int, int, int]] = []
    row = 0
    for row_el in tab.iter(T + "table-row"):
        repeat_rows = _count(row_el, T + "number-rows-repeated", display, f"{name}: row {row + 1}")
        cells: list[tuple[int, Any, str | None]] = []
        col = 0
        for cell in row_el:
            if cell.tag not in (T + "table-cell", T + "covered-table-cell"):
                continue
            where = f"{name}!{column_letter(min(col + 1, MAX_COLS + 1))}{row + 1}"
            repeat = _count(cell, T + "number-columns-repeated", display, where)
            value, shown = _ods_value(cell, display, where)
            if value is not None:
                for k in range(repeat):
                    if col + k + 1 > MAX_COLS:
                        raise _fail(display, f"{name}: more than {MAX_COLS} columns: refused")
                    cells.append((col + k + 1, value, shown))
                down = _count(cell, T + "number-rows-spanned", display, where, MAX_ROWS)
                across = _count(cell, T + "number-columns-spanned", display, where, MAX_COLS)
                if down > 1 or across > 1:
                    spans.append((row + 1, col + 1, row + down, col + across))
            col += repeat
        if not cells:          # empty rows may repeat a million times (to the sheet's end): skip them
            row += repeat_rows
            continue
        for _ in range(repeat_rows):
            row += 1
            if row > MAX_ROWS:
                raise _fail(display, f"{name}: more than {MAX_ROWS} rows: refused")
            for c, v, s in cells:
                table.cells[(row, c)] = v
                if s is not None:
                    table.shown[(row, c)] = s
    _fill_merged(table, spans, name)
    return table


def _ods_value(cell: ET.Element, display: str, where: str) -> tuple[Any, str | None]:
    """The cell's value, and the text the sheet shows for it when that differs (a formatted number)."""
    kind = cell.get(OF + "value-type")
    shown_text = "\n".join(_ods_paragraph(p, display, where) for p in cell.findall(TX + "p"))
    if cell.get(CALC + "value-type") == "error":
        raise _fail(display, f"{where}: the cell shows the error {shown_text or '(an error)'}: correct the "
                             "formula or the value")
    if kind is None:
        if cell.get(T + "formula"):
            raise _fail(display, f"{where}: a formula without a saved result ({cell.get(T + 'formula')}): "
                                 "open the file in LibreOffice and save it, or type the value")
        return None, None
    if kind in ("float", "percentage", "currency"):
        value = _number(cell.get(OF + "value", ""))
        shown = shown_text if shown_text and shown_text != str(value) else None
        return value, shown
    if kind == "boolean":
        value = cell.get(OF + "boolean-value") == "true"
        return value, None
    return (shown_text if shown_text != "" else None), None


def read_table(path: Path, display: str, *, sheet: str | None = None, encoding: str | None = None) -> Table:
    """The cells of a spreadsheet file; DataError naming the file when it cannot be read."""
    suffix = path.suffix.lower()
    if suffix not in SHEET_SUFFIXES:
        raise _fail(display, f"unknown spreadsheet type {suffix or path.name!r} (use {', '.join(SHEET_SUFFIXES)})")
    try:
        data = read_limited(path, MAX_FILE_BYTES)     # a pipe or /dev/zero is never opened
    except FileNotFoundError:
        raise _fail(display, "no such file") from None
    except OSError as exc:
        raise _fail(display, f"cannot read: {exc.strerror}") from None
    except ValueError as exc:
        raise _fail(display, str(exc)) from None
    if suffix in (".csv", ".tsv"):
        if sheet is not None:
            raise _fail(display, f"a {suffix} file has one sheet; remove sheet: {sheet!r}")
        return read_delimited(data, display, "," if suffix == ".csv" else "\t", encoding)
    if suffix == ".xlsx":
        return read_xlsx(data, display, sheet)
    return read_ods(data, display, sheet)


# ------------------------------------------------------------------------------ rows → cards
@dataclass
class CardCells:
    """Where each card's values came from: card index → key path → (row, col)."""

    table: Table
    rows: list[int] = field(default_factory=list)                       # card index → row
    cells: dict[tuple[int, tuple[Any, ...]], tuple[int, int]] = field(default_factory=dict)


def _scalar(key: str, value: Any, problems: list[Problem], table: Table, r: int, c: int) -> Any:
    """A cell's value as the card key expects it (the schema then checks ranges and patterns)."""
    if key in TEXT_KEYS:
        return _text(value)
    if key == "count":
        if isinstance(value, str) and _INT.fullmatch(value.strip()):
            return int(value)
        return value
    if key == "provisional":
        if isinstance(value, bool):
            return value
        word = str(value).strip().lower()
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        problems.append(table.problem(r, c, key, msg("sheet.expected_boolean", value=value)))
        return None
    return _loose(value)


def _text(value: Any) -> str:
    if isinstance(value, bool):        # a TRUE/FALSE cell in a text column, as the sheet shows it
        return "TRUE" if value else "FALSE"
    return str(value)


def _loose(value: Any) -> Any:
    """value, fields.X and rules.X: a canonical integer is a number, anything else stays as written."""
    if isinstance(value, str):
        s = value.strip()
        if _INT.fullmatch(s):
            return int(s)
        return value
    return value


def cards_from_table(table: Table) -> tuple[list[dict[str, Any]], CardCells, list[Problem]]:
    """Card mappings (as a YAML ``cards:`` list would give) from a table whose first row is the header."""
    problems: list[Problem] = []
    where = CardCells(table)
    rows = table.rows
    if not rows:
        return [], where, [Problem(table.file, 0, 0, "", msg("sheet.empty"))]
    head_row = rows[0]
    columns, seen = _header(table, head_row, problems)
    for c in sorted({c for r, c in table.cells if r != head_row} - set(columns)):
        head = table.cells.get((head_row, c))
        if head is None:
            r = min(r for r, cc in table.cells if cc == c and r != head_row)
            problems.append(table.problem(r, c, "", msg("sheet.value_without_header")))
    if "id" not in {k[0] for k in columns.values()}:
        problems.append(table.problem(head_row, 1, "", msg("sheet.no_id_column")))
        return [], where, problems
    cards: list[dict[str, Any]] = []
    for r in rows[1:]:
        values = {c: table.cells[(r, c)] for c in columns if (r, c) in table.cells}
        if not values:
            continue          # a row of notes only
        where.rows.append(r)
        card: dict[str, Any] = {}
        for c, value in values.items():
            if _read_cell(card, columns[c], value, table, r, c, problems):
                where.cells[(len(cards), columns[c])] = (r, c)
        if "id" not in card:
            problems.append(table.problem(r, seen.get(("id",), 1), "id", msg("sheet.card_needs_id")))
        cards.append(card)
    if not cards and not problems:
        problems.append(table.problem(head_row, 1, "", msg("sheet.no_cards")))
    elif problems:
        problems = sorted(set(problems))
    return cards, where, problems


def _header(table: Table, head_row: int, problems: list[Problem]
            ) -> tuple[dict[int, tuple[str, ...]], dict[tuple[str, ...], int]]:
    """The header row's columns: column number → key (("title",), ("fields", "NAME") …), and key →
    column.  A column whose header starts with # is a note; an unknown or repeated header is a problem."""
    columns: dict[int, tuple[str, ...]] = {}
    seen: dict[tuple[str, ...], int] = {}
    width = max(c for _, c in table.cells)
    for c in range(1, width + 1):
        raw = table.cells.get((head_row, c))
        if raw is None:
            continue
        name = str(raw).strip()
        if name.startswith("#"):
            continue
        key = tuple(name.split(".", 1))
        if not ((len(key) == 1 and key[0] in KNOWN_KEYS) or
                (len(key) == 2 and key[0] in ("fields", "rules") and key[1])):
            problems.append(table.problem(head_row, c, "", msg("sheet.unknown_column", column=name,
                                          columns=f"{', '.join(KNOWN_KEYS)}, fields.NAME, rules.NAME",
                                          hint=did_you_mean(name, KNOWN_KEYS))))
            continue
        if key in seen:
            problems.append(table.problem(head_row, c, name, msg("sheet.column_twice", column=name)))
            continue
        if key[0] == "rules" and any(k[0] == "rules" and len(k) != len(key) for k in seen):
            problems.append(table.problem(head_row, c, name, msg("sheet.rules_both")))
            continue
        seen[key] = c
        columns[c] = key
    return columns, seen


def _read_cell(card: dict[str, Any], key: tuple[str, ...], value: Any, table: Table, r: int, c: int,
               problems: list[Problem]) -> bool:
    """The cell at row r, column c put on the card under its column's key; whether the card's key is
    to be traced to this cell (not when the cell's JSON was refused)."""
    if key[0] in PRINTED_KEYS and (r, c) in table.shown:
        value = table.shown[(r, c)]      # printed as the sheet shows it; count and rules keep the value
    if len(key) == 1 and key[0] in JSON_KEYS:
        try:
            obj = json.loads(str(value))
        except json.JSONDecodeError as exc:
            problems.append(table.problem(r, c, key[0], msg("sheet.json_object_broken", why=exc.msg)))
            return False
        if not isinstance(obj, dict):
            problems.append(table.problem(r, c, key[0], msg("sheet.json_object")))
            return False
        card[key[0]] = obj
    elif key == ("source",) and isinstance(value, str) and value.lstrip().startswith("["):
        try:                     # several quotations: a JSON list of strings
            card["source"] = json.loads(value)
        except json.JSONDecodeError as exc:
            problems.append(table.problem(r, c, "source", msg("sheet.json_quotations", why=exc.msg)))
    elif len(key) == 2:
        card.setdefault(key[0], {})[key[1]] = _loose(value)
    else:
        v = _scalar(key[0], value, problems, table, r, c)
        if v is not None:
            card[key[0]] = v
    return True


class SheetSourceMap(SourceMap):
    """A deck's source map where ``cards[i]…`` resolve to spreadsheet cells and the rest to the YAML."""

    def __init__(self, yaml_map: SourceMap, cells: CardCells):
        super().__init__(yaml_map.file, yaml_map.marks)
        self.cells = cells

    def _cell(self, path: PathT) -> tuple[int, int, str] | None:
        path = tuple(path)
        if len(path) < 2 or path[0] != "cards" or not isinstance(path[1], int):
            return None
        i, rest = path[1], path[2:]
        if i >= len(self.cells.rows):
            return None
        for n in range(len(rest), 0, -1):
            key = rest[:n]
            if (i, key) in self.cells.cells:
                return (*self.cells.cells[(i, key)], format_path(rest))
            if len(key) >= 2 and (i, key[:2]) in self.cells.cells:
                return (*self.cells.cells[(i, key[:2])], format_path(rest))
        id_cell = self.cells.cells.get((i, ("id",)))
        row = self.cells.rows[i]
        return row, id_cell[1] if id_cell else 1, format_path(rest)

    def problem(self, path: PathT, message: str) -> Problem:
        found = self._cell(path)
        if found is None:
            return super().problem(path, message)
        r, c, name = found
        return self.cells.table.problem(r, c, name, message)

    def location(self, path: PathT) -> Where:
        found = self._cell(path)
        if found is None:
            return super().location(path)
        r, c, _ = found
        return Where(self.cells.table.file, r, c, cell=self.cells.table.ref(r, c))


def sheet_path(folder: Path, spec: str) -> Path | None:
    """The spreadsheet a deck names, inside the game's folder (None when the path leaves it)."""
    target = (folder / spec).resolve()
    try:
        target.relative_to(folder.resolve())
    except ValueError:
        return None
    return target


def expand_deck(data: dict[str, Any], smap: SourceMap, folder: Path, display_folder: str
                ) -> tuple[dict[str, Any], SourceMap, list[Problem]]:
    """A deck whose ``cards`` is ``{from: FILE, sheet: NAME, encoding: CODEC}``: the cards read from the
    sheet, and a source map that locates them by cell."""
    spec = data["cards"]
    source = spec["from"]
    path = sheet_path(folder, source)
    if path is None:
        return data, smap, [smap.problem(("cards", "from"), msg("sheet.outside", source=source))]
    encoding = spec.get("encoding")
    if encoding is not None:
        try:
            if not codecs.lookup(encoding)._is_text_encoding:
                raise LookupError(encoding)
        except LookupError:
            return data, smap, [smap.problem(("cards", "encoding"), msg("sheet.unknown_encoding", encoding=encoding))]
    display = f"{display_folder}/{source}" if display_folder else source
    if not path.is_file():
        return data, smap, [smap.problem(("cards", "from"), msg("sheet.not_found", source=source,
                                                                hint=did_you_mean_file(folder, source)))]
    try:
        table = read_table(path, display, sheet=spec.get("sheet"), encoding=encoding)
    except DataError as e:
        return data, smap, list(e.problems)
    cards, cells, problems = cards_from_table(table)
    if not cards:
        return data, smap, problems
    return {**data, "cards": cards}, SheetSourceMap(smap, cells), problems


def raw_cards(data: dict[str, Any], smap: SourceMap, folder: Path, display_folder: str) -> list[dict[str, Any]]:
    """The deck's card mappings as written (YAML list or spreadsheet rows), without defaults."""
    if isinstance(data.get("cards"), dict):
        expanded, _, problems = expand_deck(data, smap, folder, display_folder)
        if problems:
            raise DataError(problems)
        cards: list[dict[str, Any]] = expanded["cards"]
        return cards
    return list(data.get("cards") or [])


# ------------------------------------------------------------------------------ cards → CSV
def card_columns(cards: list[dict[str, Any]]) -> list[str]:
    present = {k for c in cards for k in c}
    cols = [k for k in COLUMN_ORDER if k in present or k == "id"]
    fields: list[str] = []
    for c in cards:
        for k in (c.get("fields") or {}):
            if k not in fields:
                fields.append(k)
    cols += [f"fields.{k}" for k in fields]
    rules = [c.get("rules") or {} for c in cards]
    if any(rules):
        if all(_reads_back(v) for r in rules for v in r.values()):
            names: list[str] = []
            for r in rules:
                names.extend(k for k in r if k not in names)
            cols += [f"rules.{k}" for k in names]
        else:              # lists, mappings, true/false, number-like text: one JSON object a card
            cols.append("rules")
    return cols


def _reads_back(value: Any) -> bool:
    """A rules value that a rules.NAME cell gives back unchanged."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, str) and not _INT.fullmatch(value.strip()))


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def cards_to_csv(cards: list[dict[str, Any]], delimiter: str = ",") -> str:
    """The card list as CSV text: one header row, one row a card (round-trips through ``cards_from_table``)."""
    cols = card_columns(cards)
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(cols)
    for c in cards:
        row = []
        for col in cols:
            if col in JSON_KEYS or (col == "source" and isinstance(c.get("source"), list)):
                row.append(json.dumps(c[col], ensure_ascii=False) if c.get(col) else "")
            elif "." in col:
                group, name = col.split(".", 1)
                row.append(_cell_text((c.get(group) or {}).get(name)))
            else:
                row.append(_cell_text(c.get(col)))
        writer.writerow([_guarded(text) for text in row])
    return out.getvalue()


_FORMULA = re.compile(r"'*[=+\-@\t\r]")


def _guarded(text: str) -> str:
    """A cell that a spreadsheet would run as a formula (=HYPERLINK(…), +2 点, @SUM …) gets a ' in front,
    as a designer types it in Excel to keep the text; reading the CSV back takes that ' away again.
    Whole numbers (-3) stay numbers."""
    if _FORMULA.match(text) and not _INT.fullmatch(text):
        return "'" + text
    return text
