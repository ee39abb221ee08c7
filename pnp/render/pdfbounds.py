"""Limits on a PDF somebody hands pnp (``pnp preflight`` reads files from any program), measured before the
file is interpreted: its size, its pages, the objects it holds, how deep its forms nest, how many bytes its
compressed streams inflate to, and the time the look takes.  A file past a limit is refused with the limit
named, never read until memory or patience runs out (100,000 pages, a million rectangles on one page, a
1.5 MB stream that inflates to 3 GB, forms nested 3,000 deep, an xref chain that loops)."""
from __future__ import annotations

import time
import zlib
from pathlib import Path
from typing import Any

from ..messages import msg

MAX_PDF_BYTES = 500_000_000          # a file (a print shop's upload limit is far below)
MAX_PDF_PAGES = 2_000                # pages of one file (a deck of 1,000 cards with its backs)
MAX_PDF_OBJECTS = 2_000_000          # indirect objects of one file
MAX_FORM_DEPTH = 20                  # forms inside forms (pnp's own files: 2)
MAX_PAGE_CONTENT_BYTES = 4_000_000   # a page's drawing instructions, forms included, once inflated (pnp's: < 200 kB)
MAX_STREAM_BYTES = 256_000_000       # any one stream once inflated (an image at 600 dpi on A3: 200 MB)
MAX_LOOK_SECONDS = 60.0              # the whole look at one file


class PdfTooLarge(Exception):
    """The file is past one of the limits (the message names it)."""


def _inflated_size(stream: Any, limit: int) -> int | None:
    """The size a FlateDecode stream inflates to, counted up to limit + 1 without keeping it; None for a
    stream with another filter (or a chain), whose size the raw bytes bound."""
    import pikepdf
    filters = stream.get("/Filter")
    if isinstance(filters, pikepdf.Array):
        filters = filters[0] if len(filters) == 1 else None
    if filters != pikepdf.Name.FlateDecode:
        return None
    inflater = zlib.decompressobj()
    raw = stream.read_raw_bytes()
    total = 0
    chunk = raw
    while chunk:
        out = inflater.decompress(chunk, 1 << 20)
        total += len(out)
        if total > limit:
            return total
        chunk = inflater.unconsumed_tail
    try:
        total += len(inflater.flush())
    except zlib.error:
        pass
    return total


def check_pdf_bounds(path: Path) -> int:
    """The file's page count, once every limit holds; PdfTooLarge naming the first that does not.  Files
    that are not PDFs, are damaged or encrypted are left to the reader's own messages (ValueError here
    only for what pikepdf cannot open at all)."""
    start = time.monotonic()
    size = Path(path).stat().st_size
    if size > MAX_PDF_BYTES:
        raise PdfTooLarge(msg("render.pdf_bytes", size=f"{size:,}", most=f"{MAX_PDF_BYTES:,}"))
    pdf = _open(path)
    if pdf is None:
        return 0                     # the reader says it is encrypted
    with pdf:
        pages = _counted_pages(pdf)
        content = _PageContent(start)
        for number, page in enumerate(pdf.pages, 1):
            content.check(page, msg("render.page", number=number))
    return pages


def _open(path: Path) -> Any:
    """The file opened by pikepdf; None when it is encrypted."""
    import pikepdf
    try:
        return pikepdf.open(path)
    except pikepdf.PasswordError:
        return None
    except (pikepdf.PdfError, OSError, RecursionError) as exc:
        raise ValueError(str(exc).splitlines()[0] if str(exc) else type(exc).__name__) from None


def _counted_pages(pdf: Any) -> int:
    """The page count, once the objects and the pages are within their limits."""
    import pikepdf
    try:
        objects = len(pdf.objects)
    except (pikepdf.PdfError, RecursionError):
        objects = 0
    if objects > MAX_PDF_OBJECTS:
        raise PdfTooLarge(msg("render.pdf_objects", objects=f"{objects:,}", most=f"{MAX_PDF_OBJECTS:,}"))
    pages = len(pdf.pages)
    if pages > MAX_PDF_PAGES:
        raise PdfTooLarge(msg("render.pdf_pages", pages=f"{pages:,}", most=f"{MAX_PDF_PAGES:,}"))
    return pages


class _PageContent:
    """The inflated bytes of each page's content, the forms it draws included (each stream once per
    page), against the limits; the whole look bounded in time from start."""

    def __init__(self, start: float):
        self.start = start
        self.seen: set[tuple[int, int]] = set()

    def check(self, page: Any, where: str) -> None:
        import pikepdf
        self.seen.clear()
        contents = page.obj.get("/Contents")
        streams = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
        total = sum(self.stream_bytes(s, where) for s in streams if isinstance(s, pikepdf.Stream))
        total += self.drawn(page.obj.get("/Resources"), 1, where)
        if total > MAX_PAGE_CONTENT_BYTES:
            raise PdfTooLarge(f"{where}: " + msg("render.pdf_page_bytes", size=f"{total:,}",
                                                 most=f"{MAX_PAGE_CONTENT_BYTES:,}"))

    def stream_bytes(self, stream: Any, where: str) -> int:
        if time.monotonic() - self.start > MAX_LOOK_SECONDS:
            raise PdfTooLarge(msg("render.pdf_slow", seconds=f"{MAX_LOOK_SECONDS:g}"))
        inflated = _inflated_size(stream, MAX_STREAM_BYTES)
        n = inflated if inflated is not None else len(stream.read_raw_bytes())
        if n > MAX_STREAM_BYTES:
            raise PdfTooLarge(f"{where}: " + msg("render.pdf_stream", most=f"{MAX_STREAM_BYTES:,}"))
        return n

    def drawn(self, resources: Any, depth: int, where: str) -> int:
        """The inflated bytes of the forms these resources draw, nested forms included."""
        import pikepdf
        if depth > MAX_FORM_DEPTH:
            raise PdfTooLarge(f"{where}: " + msg("render.pdf_forms", most=MAX_FORM_DEPTH))
        total = 0
        xobjects = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
        if not isinstance(xobjects, pikepdf.Dictionary):
            return 0
        for _name, x in xobjects.items():
            if not isinstance(x, pikepdf.Stream):
                continue
            key = x.objgen
            if key != (0, 0) and key in self.seen:
                continue
            self.seen.add(key)
            if x.get("/Subtype") == pikepdf.Name.Form:
                total += self.stream_bytes(x, where)
                total += self.drawn(x.get("/Resources"), depth + 1, where)
            else:
                self.stream_bytes(x, where)
        return total
