"""Card PDFs made by hand with pikepdf — content streams and dictionaries written out, nothing of
pnp's renderer — each one a case a print shop's RIP catches (or a good file a preflight must not
fail).  A card is 63 × 88 mm with 3 mm bleed on every side (the page is the BleedBox), claiming
PDF/X-1a:2001 with the bundled ISO Coated v2 profile as its OutputIntent unless a case says
otherwise.  Lengths in the builders' arguments are mm from the page's lower-left corner."""
from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name, String

MM = 72 / 25.4
TRIM_W, TRIM_H, BLEED = 63.0, 88.0, 3.0
PAGE_W, PAGE_H = TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED
ICC = Path(__file__).resolve().parents[2] / "pnp" / "render" / "icc" / "ISOcoated_v2_300_bas.icc"

GROUND = f"1 0.9 0.9 0 k\n0 0 {PAGE_W * MM:.2f} {PAGE_H * MM:.2f} re f\n"   # 280 %, no K
LIGHT_GROUND = f"0.1 0.05 0.2 0 k\n0 0 {PAGE_W * MM:.2f} {PAGE_H * MM:.2f} re f\n"


def rect(x_mm: float, y_mm: float, w_mm: float, h_mm: float) -> str:
    return f"{x_mm * MM:.2f} {y_mm * MM:.2f} {w_mm * MM:.2f} {h_mm * MM:.2f} re"


def icc_profile(pdf: pikepdf.Pdf, *, version: int = 2) -> pikepdf.Stream:
    data = bytearray(ICC.read_bytes())
    if version != 2:
        data[8] = version            # the header's major version byte (what a v4 profile says)
        data[9] = 0x20
    stream = pikepdf.Stream(pdf, bytes(data))
    stream.N = 4
    return pdf.make_indirect(stream)


def card(path: Path, content: str, *, resources: dict[str, Any] | None = None, pdfx: str = "PDF/X-1a:2001",
         condition: tuple[str, str] = ("FOGRA39", "Offset printing, ISO 12647-2, paper type 1 or 2"),
         profile: str = "v2", trapped: bool = True, pdf_version: str = "1.3",
         extra: Callable[[pikepdf.Pdf, pikepdf.Dictionary], None] | None = None) -> Path:
    """One card page drawing content (a content stream in PDF operators).  pdfx: the conformance it
    claims ("" for none; "PDF/X-3:2003" claims X-3).  profile: "v2", "v4" (the header says 4.2) or
    "none" (an OutputIntent without DestOutputProfile).  extra(pdf, page) edits the page last."""
    pdf = pikepdf.new()
    page_dict = Dictionary(Type=Name.Page, MediaBox=Array([0, 0, PAGE_W * MM, PAGE_H * MM]),
                           BleedBox=Array([0, 0, PAGE_W * MM, PAGE_H * MM]),
                           TrimBox=Array([BLEED * MM, BLEED * MM, (BLEED + TRIM_W) * MM, (BLEED + TRIM_H) * MM]),
                           Resources=Dictionary(resources or {}),
                           Contents=pdf.make_stream(content.encode("latin-1")))
    pdf.pages.append(pikepdf.Page(page_dict))
    page = pdf.pages[0].obj
    info = pdf.docinfo
    info.Title = String("手作りのカード")
    info.Creator = String("pikepdf, by hand")
    if trapped:
        info.Trapped = Name("/False")
    if pdfx:
        x1 = pdfx.startswith("PDF/X-1")
        info.GTS_PDFXVersion = String("PDF/X-1:2001" if x1 else pdfx)
        if x1:
            info.GTS_PDFXConformance = String(pdfx)
        intent = Dictionary(Type=Name.OutputIntent, S=Name.GTS_PDFX, OutputConditionIdentifier=String(condition[0]),
                            OutputCondition=String(condition[1]), RegistryName=String("http://www.color.org"))
        if profile != "none":
            intent.DestOutputProfile = icc_profile(pdf, version=4 if profile == "v4" else 2)
        pdf.Root.OutputIntents = Array([pdf.make_indirect(intent)])
    if extra is not None:
        extra(pdf, page)
    pdf.save(path, force_version=pdf_version, deterministic_id=True, compress_streams=False)
    return path


def type3_font(pdf: pikepdf.Pdf) -> pikepdf.Dictionary:
    """A Type3 font of two glyphs, A (a filled square) and B (a bar), 1000 units to the em."""
    procs = Dictionary(A=pdf.make_stream(b"1000 0 0 0 900 880 d1\n100 0 800 880 re f\n"),
                       B=pdf.make_stream(b"1000 0 0 0 900 880 d1\n100 300 800 200 re f\n"))
    to_unicode = pdf.make_stream(
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
        b"/CMapName /Hand-UCS def /CMapType 2 def\n1 begincodespacerange <00> <FF> endcodespacerange\n"
        b"2 beginbfchar <41> <0041> <42> <0042> endbfchar\nendcmap CMapName currentdict /CMap defineresource pop end end\n")
    return pdf.make_indirect(Dictionary(
        Type=Name.Font, Subtype=Name.Type3, FontBBox=Array([0, 0, 1000, 1000]),
        FontMatrix=Array([0.001, 0, 0, 0.001, 0, 0]), CharProcs=procs, FirstChar=65, LastChar=66,
        Widths=Array([1000, 1000]), Encoding=Dictionary(Type=Name.Encoding, Differences=Array([65, Name.A, Name.B])),
        Resources=Dictionary(), ToUnicode=to_unicode))


def text(x_mm: float, y_mm: float, size_pt: float, chars: str, fill: str) -> str:
    """A line of the Type3 font's glyphs (A and B) in a fill colour given as PDF operators."""
    return f"BT {fill} /T3 {size_pt:g} Tf {x_mm * MM:.2f} {y_mm * MM:.2f} Td ({chars}) Tj ET\n"


# -- the cases -------------------------------------------------------------------------------------------------

def good_card(path: Path) -> Path:
    """What a shop takes: a light CMYK ground to the bleed, a 20 mm C60 M20 square, K100 text of the
    Type3 font at 7 pt on the K plate only, well inside the safe area.  Every case below starts from
    this one, so each of them differs from a passing file by the one thing it is about."""
    return card(path, _good_content(), extra=_with_type3)


def _with_type3(pdf: pikepdf.Pdf, page: pikepdf.Dictionary) -> None:
    page.Resources.Font = Dictionary(T3=type3_font(pdf))


def _good_content() -> str:
    return LIGHT_GROUND + "0.6 0.2 0 0 k\n" + rect(20, 40, 20, 20) + " f\n" + text(15, 20, 7, "ABAB", "0 0 0 1 k")


def registration_solid(path: Path) -> Path:
    """A 20 × 20 mm solid in the registration colour (Separation /All, tint 1: 400 % on every plate)
    in the middle of the card."""
    def add(pdf: pikepdf.Pdf, page: pikepdf.Dictionary) -> None:
        _with_type3(pdf, page)
        tint = pdf.make_stream(b"{dup dup dup}")
        tint.FunctionType = 4
        tint.Domain = Array([0, 1])
        tint.Range = Array([0, 1, 0, 1, 0, 1, 0, 1])
        page.Resources.ColorSpace = Dictionary(Reg=Array([Name.Separation, Name.All, Name.DeviceCMYK,
                                                          pdf.make_indirect(tint)]))
    return card(path, _good_content() + "/Reg cs 1 scn\n" + rect(22, 35, 20, 20) + " f\n", extra=add)


def k_overprint_on_rich_ground(path: Path) -> Path:
    """A 280 % ground (C100 M90 Y90) over the whole card and a 20 mm K100 square overprinting it
    (ExtGState /OP /op true, /OPM 1): each object alone is at most 280 %, but where they meet the
    separations hold C100 M90 Y90 K100 = 380 %."""
    def add(pdf: pikepdf.Pdf, page: pikepdf.Dictionary) -> None:
        page.Resources.ExtGState = Dictionary(OP=Dictionary(Type=Name.ExtGState, OP=True, op=True, OPM=1))
    content = (GROUND + "q /OP gs 0 0 0 1 k\n" + rect(22, 35, 20, 20)
               + " f Q\n")
    return card(path, content, extra=add)


def rgb_axial_shading(path: Path) -> Path:
    """A DeviceRGB axial shading (ShadingType 2) painted with sh, clipped to a 30 mm band, in a file
    that claims PDF/X-1a."""
    def add(pdf: pikepdf.Pdf, page: pikepdf.Dictionary) -> None:
        _with_type3(pdf, page)
        fn = Dictionary(FunctionType=2, Domain=Array([0, 1]), C0=Array([1, 0, 0]), C1=Array([0, 0, 1]), N=1)
        page.Resources.Shading = Dictionary(Sh0=Dictionary(ShadingType=2, ColorSpace=Name.DeviceRGB,
                                                           Coords=Array([0, 0, PAGE_W * MM, 0]), Function=fn,
                                                           Extend=Array([True, True])))
    return card(path, _good_content() + "q " + rect(10, 60, 40, 10) + " W n /Sh0 sh Q\n", extra=add)


def rgb_inline_image(path: Path) -> Path:
    """A 16 × 16 pixel DeviceRGB inline image (BI … ID … EI) drawn 1 mm wide (406 dpi), in a file
    claiming PDF/X-1a."""
    pixels = bytes([200, 30, 30] * 256)
    image = (f"q {1 * MM:.2f} 0 0 {1 * MM:.2f} {22 * MM:.2f} {60 * MM:.2f} cm\n"
             "BI /W 16 /H 16 /CS /RGB /BPC 8 ID\n").encode("latin-1") + pixels + b"\nEI Q\n"
    content = _good_content().encode("latin-1") + image
    return card(path, content.decode("latin-1"), extra=_with_type3)


def rgb_group_and_annotation(path: Path) -> Path:
    """A page transparency group in DeviceRGB (/Group << /S /Transparency /CS /DeviceRGB >>) and a
    Square annotation inside the trim whose appearance stroke is RGB red."""
    def add(pdf: pikepdf.Pdf, page: pikepdf.Dictionary) -> None:
        _with_type3(pdf, page)
        page.Group = Dictionary(Type=Name.Group, S=Name.Transparency, CS=Name.DeviceRGB)
        ap = pdf.make_stream(b"1 0 0 RG 2 w 1 1 54 54 re S\n")
        ap.Type = Name.XObject
        ap.Subtype = Name.Form
        ap.BBox = Array([0, 0, 56, 56])
        annot = Dictionary(Type=Name.Annot, Subtype=Name.Square, Rect=Array([30 * MM, 50 * MM, 30 * MM + 56,
                                                                             50 * MM + 56]),
                           C=Array([1, 0, 0]), F=4, AP=Dictionary(N=ap))
        page.Annots = Array([pdf.make_indirect(annot)])
    return card(path, _good_content(), extra=add)


def rgb_pattern_in_nested_form(path: Path) -> Path:
    """A form XObject drawing another form that fills a 20 mm square with a shading pattern: a radial
    shading (ShadingType 3) in DeviceRGB, reached only through /Pattern cs /P0 scn two forms down."""
    def add(pdf: pikepdf.Pdf, page: pikepdf.Dictionary) -> None:
        _with_type3(pdf, page)
        fn = Dictionary(FunctionType=2, Domain=Array([0, 1]), C0=Array([1, 1, 0]), C1=Array([0, 0.5, 0]), N=1)
        shading = Dictionary(ShadingType=3, ColorSpace=Name.DeviceRGB, Function=fn,
                             Coords=Array([30 * MM, 40 * MM, 0, 30 * MM, 40 * MM, 10 * MM]))
        pattern = Dictionary(Type=Name.Pattern, PatternType=2, Shading=shading)
        inner = pdf.make_stream(("/Pattern cs /P0 scn\n" + rect(20, 30, 20, 20) + " f\n").encode())
        inner.Type, inner.Subtype = Name.XObject, Name.Form
        inner.BBox = Array([0, 0, PAGE_W * MM, PAGE_H * MM])
        inner.Resources = Dictionary(Pattern=Dictionary(P0=pattern))
        outer = pdf.make_stream(b"q /Inner Do Q\n")
        outer.Type, outer.Subtype = Name.XObject, Name.Form
        outer.BBox = Array([0, 0, PAGE_W * MM, PAGE_H * MM])
        outer.Resources = Dictionary(XObject=Dictionary(Inner=inner))
        page.Resources.XObject = Dictionary(Outer=outer)
    return card(path, _good_content() + "/Outer Do\n", extra=add)


def form_missing_extgstate(path: Path) -> Path:
    """A form XObject whose content sets ExtGState /GS0 that its own (empty) Resources lack — the page has
    it — as reportlab's forms did with their overprint states (MuPDF: cannot find ExtGState resource;
    Ghostscript falls back silently)."""
    def add(pdf: pikepdf.Pdf, page: pikepdf.Dictionary) -> None:
        _with_type3(pdf, page)
        form = pdf.make_stream(b"/GS0 gs 0 0 0 1 k 30 30 40 40 re f\n")
        form.Type, form.Subtype = Name.XObject, Name.Form
        form.BBox = Array([0, 0, 100, 100])
        form.Resources = Dictionary()
        page.Resources.XObject = Dictionary(Fm0=form)
        page.Resources.ExtGState = Dictionary(GS0=Dictionary(Type=Name.ExtGState, OP=True, op=True, OPM=1))
    return card(path, _good_content() + "/Fm0 Do\n", extra=add)


def intent_without_profile(path: Path) -> Path:
    """An X-1a OutputIntent naming FOGRA39 but carrying no DestOutputProfile, and no Trapped key."""
    return card(path, _good_content(), profile="none", trapped=False, extra=_with_type3)


def x3_condition_mismatch(path: Path) -> Path:
    """A PDF/X-3:2003 whose OutputIntent says SWOP (CGATS TR 001) while the profile it embeds is ISO
    Coated v2 (FOGRA39)."""
    return card(path, _good_content(), pdfx="PDF/X-3:2003", condition=("CGATS TR 001", "SWOP (Publication) Grade 5"),
                extra=_with_type3)


def x1a_icc_v4(path: Path) -> Path:
    """An X-1a file whose OutputIntent profile says ICC version 4.2 in its header."""
    return card(path, _good_content(), profile="v4", extra=_with_type3)


def small_text_four_plates(path: Path) -> Path:
    """Type3 text at 7 pt in C50 M50 Y50 K50 (four plates) and at 6 pt in a DeviceN Cyan/Magenta/Yellow
    colour (three plates), on the light ground."""
    def add(pdf: pikepdf.Pdf, page: pikepdf.Dictionary) -> None:
        _with_type3(pdf, page)
        page.Resources.ColorSpace = Dictionary(CMY=devicen_cmy(pdf))
    content = (_good_content() + text(15, 70, 7, "ABBA", "0.5 0.5 0.5 0.5 k")
               + text(15, 78, 6, "BAB", "/CMY cs 0.6 0.5 0.4 scn"))
    return card(path, content, extra=add)


def small_text_rgb(path: Path) -> Path:
    """Type3 text at 7 pt in a dark RGB brown (0.25 0.15 0.1 rg): how many plates it takes is the RIP's
    conversion's to decide."""
    return card(path, _good_content() + text(15, 70, 7, "ABBA", "0.25 0.15 0.1 rg"), extra=_with_type3)


def devicen_cmy(pdf: pikepdf.Pdf) -> pikepdf.Array:
    """DeviceN [/Cyan /Magenta /Yellow] onto DeviceCMYK: the process plates by name."""
    tint = pdf.make_stream(b"{0}")
    tint.FunctionType = 4
    tint.Domain = Array([0, 1, 0, 1, 0, 1])
    tint.Range = Array([0, 1, 0, 1, 0, 1, 0, 1])
    return Array([Name.DeviceN, Array([Name.Cyan, Name.Magenta, Name.Yellow]), Name.DeviceCMYK, pdf.make_indirect(tint)])


def devicen_process_fill(path: Path) -> Path:
    """A 20 mm square filled in DeviceN Cyan/Magenta/Yellow (C40 M30 Y20): CMYK plates, no RGB."""
    def add(pdf: pikepdf.Pdf, page: pikepdf.Dictionary) -> None:
        _with_type3(pdf, page)
        page.Resources.ColorSpace = Dictionary(CMY=devicen_cmy(pdf))
    return card(path, _good_content() + "/CMY cs 0.4 0.3 0.2 scn\n" + rect(22, 62, 20, 20) + " f\n", extra=add)


# -- made by Ghostscript (PostScript through pdfwrite) ---------------------------------------------------------

def ghostscript_card(path: Path, body: str) -> Path:
    """A card written by Ghostscript's pdfwrite from a PostScript program: the page 69 × 94 mm, TrimBox and
    BleedBox set with pdfmark, colours left as the program sets them, fonts embedded by Ghostscript."""
    w, h, b = PAGE_W * MM, PAGE_H * MM, BLEED * MM
    program = (f"%!PS\n<< /PageSize [{w:.2f} {h:.2f}] >> setpagedevice\n"
               f"[ {{ThisPage}} << /TrimBox [{b:.2f} {b:.2f} {w - b:.2f} {h - b:.2f}] /BleedBox [0 0 {w:.2f} {h:.2f}] >> "
               f"/PUT pdfmark\n[ /Title (Ghostscript card) /DOCINFO pdfmark\n{body}\nshowpage\n")
    source = path.with_suffix(".ps")
    source.write_text(program, encoding="latin-1")
    gs = shutil.which("gs")
    if gs is None:
        raise RuntimeError("Ghostscript is not installed")
    subprocess.run([gs, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite", "-dPDFSETTINGS=/prepress",
                    "-sColorConversionStrategy=LeaveColorUnchanged", f"-sOutputFile={path}", str(source)], check=True,
                   capture_output=True, timeout=60)
    return path


def ghostscript_good(path: Path) -> Path:
    """A light ground, a C60 M20 square and 7 pt Helvetica (Ghostscript embeds its own) in K100."""
    return ghostscript_card(path, f"0.1 0.05 0.2 0 setcmykcolor 0 0 {PAGE_W * MM:.2f} {PAGE_H * MM:.2f} rectfill\n"
                                  "0.6 0.2 0 0 setcmykcolor 60 120 56 56 rectfill\n"
                                  "0 0 0 1 setcmykcolor /Helvetica findfont 7 scalefont setfont 50 60 moveto "
                                  "(GHOSTSCRIPT) show")


def ghostscript_overprint(path: Path) -> Path:
    """A 280 % ground (C100 M90 Y90), a 20 mm square in Separation /Black at 100 % overprinting it (true
    setoverprint: in PostScript a DeviceCMYK colour paints all four plates even so, a Separation only its
    own, which pdfwrite keeps as a Separation and an ExtGState with OP) and 7 pt text in C50 M50 Y50 K50."""
    return ghostscript_card(path, f"1 0.9 0.9 0 setcmykcolor 0 0 {PAGE_W * MM:.2f} {PAGE_H * MM:.2f} rectfill\n"
                                  "[/Separation /Black /DeviceCMYK {0 0 0 4 -1 roll}] setcolorspace 1 setcolor\n"
                                  f"true setoverprint {22 * MM:.2f} {35 * MM:.2f} {20 * MM:.2f} "
                                  f"{20 * MM:.2f} rectfill false setoverprint\n"
                                  "0.5 0.5 0.5 0.5 setcmykcolor /Helvetica findfont 7 scalefont setfont 50 60 moveto "
                                  "(FOUR PLATES) show")


# -- imposed sheets (面付け): cards on one sheet, each card's boxes in the page's PieceInfo -------------
REGISTRATION_SPACE = "[/Separation /All /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [1 1 1 1] /N 1 >>]"


def imposed_sheet(path: Path, *, gap_mm: float = 16.0, bleed_mm: float = 3.0, solid_in_card: bool = False,
           record: bool = True) -> Path:
    """A 180 × 120 mm sheet with two 50 × 70 mm cards gap_mm apart, each a C30 M30 Y30 ground (90 %) over
    its bleed, hairline corner marks in the registration colour outside each bleed, and with
    solid_in_card a 20 mm registration-colour square (400 %) on the first card."""
    pdf = pikepdf.new()
    w, h = 180 * MM, 120 * MM
    cw, ch, b = 50 * MM, 70 * MM, bleed_mm * MM
    x1 = (w - 2 * cw - gap_mm * MM) / 2
    y = (h - ch) / 2
    trims = [(x1, y), (x1 + cw + gap_mm * MM, y)]
    ops = ["0.3 0.3 0.3 0 k"]
    for x, ty in trims:
        ops.append(f"{x - b:.3f} {ty - b:.3f} {cw + 2 * b:.3f} {ch + 2 * b:.3f} re f")
    ops.append("/Reg CS 1 SCN 0.25 w")
    for x, ty in trims:
        for cx, sx in ((x, -1), (x + cw, 1)):
            for cy, sy in ((ty, -1), (ty + ch, 1)):
                ox, oy = cx + sx * b, cy + sy * b
                ops.append(f"{ox:.3f} {cy:.3f} m {ox + sx * 10:.3f} {cy:.3f} l S")
                ops.append(f"{cx:.3f} {oy:.3f} m {cx:.3f} {oy + sy * 10:.3f} l S")
    if solid_in_card:
        x, ty = trims[0]
        ops.append(f"/Reg cs 1 scn {x + 15 * MM:.3f} {ty + 25 * MM:.3f} {20 * MM:.3f} {20 * MM:.3f} re f")
    page = pdf.add_blank_page(page_size=(w, h))
    page.obj.Contents = pdf.make_stream("\n".join(ops).encode())
    page.obj.Resources = pikepdf.Dictionary(ColorSpace=pikepdf.Dictionary(Reg=pikepdf.Object.parse(REGISTRATION_SPACE.encode())))
    page.obj.TrimBox = page.obj.BleedBox = pikepdf.Array([0, 0, Decimal(f"{w:.3f}"), Decimal(f"{h:.3f}")])
    if record:
        cards = [pikepdf.Dictionary(
            TrimBox=pikepdf.Array([Decimal(f"{v:.3f}") for v in (x, ty, x + cw, ty + ch)]),
            BleedBox=pikepdf.Array([Decimal(f"{v:.3f}") for v in (x - b, ty - b, x + cw + b, ty + ch + b)]))
            for x, ty in trims]
        page.obj.PieceInfo = pikepdf.Dictionary(PnpImposition=pikepdf.Dictionary(
            LastModified=pikepdf.String("D:20260101000000Z"), Private=pikepdf.Dictionary(Cards=pikepdf.Array(cards))))
    pdf.save(path)
    return path


def imposed_good(path: Path) -> Path:
    return imposed_sheet(path)


def imposed_registration_in_card(path: Path) -> Path:
    return imposed_sheet(path, solid_in_card=True)


def imposed_bleeds_overlap(path: Path) -> Path:
    return imposed_sheet(path, gap_mm=4.0)



CASES: dict[str, Callable[[Path], Path]] = {
    "good": good_card,
    "registration": registration_solid,
    "k-overprint": k_overprint_on_rich_ground,
    "rgb-shading": rgb_axial_shading,
    "rgb-inline-image": rgb_inline_image,
    "rgb-pattern-in-form": rgb_pattern_in_nested_form,
    "rgb-group-annotation": rgb_group_and_annotation,
    "form-missing-extgstate": form_missing_extgstate,
    "intent-no-profile": intent_without_profile,
    "x3-swop-iso-coated": x3_condition_mismatch,
    "x1a-icc-v4": x1a_icc_v4,
    "small-text-plates": small_text_four_plates,
    "devicen-cmy": devicen_process_fill,
    "gs-good": ghostscript_good,
    "gs-overprint": ghostscript_overprint,
    "imposed-good": imposed_good,
    "imposed-registration-in-card": imposed_registration_in_card,
    "imposed-bleeds-overlap": imposed_bleeds_overlap,
}
PASSING = ("good", "devicen-cmy", "small-text-plates", "gs-good", "imposed-good")     # files a shop takes (the small text only warns)
