"""PDF/X-1a:2001 for print-shop pages: what reportlab cannot write, added to its file with pikepdf
(qpdf) in one pass after the canvas is saved.

Why X-1a:2001 and not X-4: it is the exchange format Japanese print shops name first (「PDF/X-1a
で入稿」), every RIP in use reads it, and pnp's shop pages already meet its strictest rules — CMYK
and spot colour only, no transparency (the layouts blend opacity into solid colours, placed
images are flattened onto the card), fonts embedded.  X-4 would only add what pnp does not draw
(live transparency, ICC-based colour).

The pass adds or sets:

- the OutputIntent (/GTS_PDFX) with the CMYK output profile embedded (DestOutputProfile) and
  its output condition (FOGRA39 for the bundled ISO Coated v2 profile);
- the Info keys GTS_PDFXVersion, GTS_PDFXConformance, Trapped (False: pnp traps nothing; the
  shop may), Title, and Author (the designer from game.yaml; no "anonymous" placeholder);
- unique font subset names: reportlab tags every file's first subset AAAAAA+, so two files use
  one name for different glyph sets, and a shop that merges files can substitute wrong glyphs.
  The tag is derived from the subset's own glyphs (font program, widths, ToUnicode), so the same
  subset has the same name everywhere and different subsets never share one;
- PDF version 1.3, which X-1a:2001 is built on (the file uses nothing newer).

qpdf writes deterministically (the file ID is a digest of the content): the same input gives the
same bytes."""
from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from ..errors import PnpError
from ..messages import msg
from .color import REGISTRY, ColorProfile

PDFX_VERSION = "PDF/X-1:2001"
PDFX_CONFORMANCE = "PDF/X-1a:2001"
PDF_VERSION = "1.3"
SUBSET = re.compile(r"^/?[A-Z]{6}\+")


class PdfxUnavailable(PnpError):
    """pikepdf is not installed."""


def _pikepdf() -> Any:
    try:
        import pikepdf
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise PdfxUnavailable(msg("render.needs_pikepdf")) from exc
    return pikepdf


def subset_tag(*parts: bytes) -> str:
    """Six capital letters derived from the bytes of a font subset (as PDF's subset prefix)."""
    digest = hashlib.sha256(b"\0".join(parts)).digest()
    return "".join(chr(ord("A") + b % 26) for b in digest[:6])


def _stream_bytes(obj: Any) -> bytes:
    if obj is None:
        return b""
    try:
        return bytes(obj.read_bytes())
    except Exception:       # noqa: BLE001 - an unreadable stream names nothing; pnp wrote it
        return b""


def rename_subsets(pdf: Any) -> int:
    """Give every subset font a tag derived from its glyphs; returns how many were renamed."""
    pikepdf = _pikepdf()
    renamed = 0
    for obj in pdf.objects:
        if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != pikepdf.Name.Font:
            continue
        base = obj.get("/BaseFont")
        if base is None or not SUBSET.match(str(base)):
            continue
        descriptor = obj.get("/FontDescriptor")
        program = b""
        if descriptor is not None:
            for key in ("/FontFile2", "/FontFile", "/FontFile3"):
                if key in descriptor:
                    program = _stream_bytes(descriptor[key])
                    break
        widths = repr(list(obj.get("/Widths", []))).encode()
        tag = subset_tag(program, widths, _stream_bytes(obj.get("/ToUnicode")))
        name = pikepdf.Name("/" + tag + str(base)[7:])
        obj.BaseFont = name
        if descriptor is not None:
            descriptor.FontName = name
        renamed += 1
    return renamed


def make_pdfx(path: Path, profile: ColorProfile, title: str, author: str = "") -> None:
    """Turn the CMYK PDF at path (pnp's shop pages) into PDF/X-1a:2001, in place."""
    pikepdf = _pikepdf()
    Name, Dictionary, Array, String = pikepdf.Name, pikepdf.Dictionary, pikepdf.Array, pikepdf.String
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            if "/TrimBox" not in page.obj:
                raise PnpError(f"{path}: " + msg("render.page", number=number) + ": " + msg("render.no_trimbox"))
        icc = pikepdf.Stream(pdf, b"")
        icc.write(profile.deflated, filter=Name.FlateDecode)   # compressed once per build, not per file
        icc.N = 4
        identifier, condition = profile.condition
        intent = Dictionary(Type=Name.OutputIntent, S=Name.GTS_PDFX,
                            OutputConditionIdentifier=String(identifier), OutputCondition=String(condition),
                            RegistryName=String(REGISTRY), Info=String(profile.description),
                            DestOutputProfile=pdf.make_indirect(icc))
        pdf.Root.OutputIntents = Array([pdf.make_indirect(intent)])
        info = pdf.docinfo
        info.Title = String(title)
        if author:
            info.Author = String(author)
        elif "/Author" in info:
            del info.Author
        for key in ("/Subject", "/Keywords"):        # reportlab's placeholders ("unspecified", "")
            if key in info and str(info[key]) in ("", "unspecified"):
                del info[key]
        info.Trapped = Name("/False")
        info.GTS_PDFXVersion = String(PDFX_VERSION)
        info.GTS_PDFXConformance = String(PDFX_CONFORMANCE)
        rename_subsets(pdf)
        pdf.save(path, force_version=PDF_VERSION, deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable, fix_metadata_version=False,
                 linearize=False)
