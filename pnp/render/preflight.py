"""Preflight: a PDF checked against what a print shop asks for, before it is sent (入稿前チェック).
Any PDF — pnp's or one the designer made in another program — is read back with
:mod:`pnp.render.readback` (glyphs, paths, images, boxes, fonts, Info, OutputIntents) and judged
against a shop profile's numbers.

Each finding has a level: ``error`` (the shop would reject the file or the print would be wrong:
preflight fails), ``warning`` (worth a look; the shop may accept it), ``ok`` (the check passed)."""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..messages import msg
from ..units import mm
from .color import LIGHT_PLATE, SMALL_TEXT_PT
from .pdfbounds import PdfTooLarge, check_pdf_bounds
from .pdfwalk import KINDS, OutputIntent, PageWalk, output_intents, walk_pdf
from .readback import DocumentRead, PageRead, Rect, UnreadablePdf, font_names, read_document, read_pdf
from .separations import SeparationsFailed, measure_ink
from .shops import SHOPS, ShopProfile, shop_profile

# the shop profiles live in pnp.render.shops (the build converts to them too); named here as before
__all__ = ["SHOPS", "ShopProfile", "shop_profile", "preflight"]

TOLERANCE_MM = 0.05        # box comparisons: PDF coordinates are written to 0.01 pt or so


@dataclass(frozen=True)
class Finding:
    check: str           # the check's id (boxes, safe, fonts, color, ink, dpi, hairline, pdfx)
    level: str           # error | warning | ok
    pages: tuple[int, ...]
    message: str


@dataclass
class FileReport:
    path: Path
    pages: int = 0
    trim_mm: tuple[float, float] | None = None
    pdfx: str = ""
    findings: list[Finding] = field(default_factory=list)
    cards: int = 0            # on imposed sheets (面付け): the cards checked one by one …
    sheets: int = 0           # … on this many pages

    @property
    def failed(self) -> bool:
        return any(f.level == "error" for f in self.findings)


CHECKS = {
    "boxes": "仕上がり・塗り足し",
    "bleedart": "絵柄の塗り足し",
    "safe": "安全域",
    "fonts": "フォント埋め込み",
    "color": "色空間",
    "ink": "総インキ量",
    "dpi": "画像解像度",
    "hairline": "細線",
    "smalltext": "小さな文字の版数",
    "reversed": "小さな白抜き文字",
    "pdfx": "PDF/X",
    "resources": "資源の参照",
    "impose": "面付け",
}


def page_ranges(pages: Iterable[int]) -> str:
    """1, 3–5, 9"""
    nums = sorted(set(pages))
    out: list[str] = []
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        out.append(str(nums[i]) if i == j else f"{nums[i]}–{nums[j]}")
        i = j + 1
    return ", ".join(out)


def _inside(inner: Rect, outer: Rect, tol: float) -> bool:
    return (inner[0] >= outer[0] - tol and inner[1] >= outer[1] - tol and inner[2] <= outer[2] + tol
            and inner[3] <= outer[3] + tol)


def _overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inset(box: Rect, d: float) -> Rect:
    return box[0] + d, box[1] + d, box[2] - d, box[3] - d


def _space_of(color: tuple[float, ...] | None) -> str:
    return {1: "gray", 3: "rgb", 4: "cmyk"}.get(len(color or ()), "")


def preflight(path: Path, shop: ShopProfile) -> FileReport:
    """Every check of a shop profile on one PDF (UnreadablePdf for a file that cannot be read, or that is
    past one of pnp.render.pdfbounds' limits: the message names the limit)."""
    doc, pages, walks, intents = _read_bounded(Path(path))
    report = FileReport(Path(path), doc.pages)
    cards, unreadable = imposed_cards(Path(path), pages) if pages else ({}, [])
    views = card_views(pages, cards)      # an imposed sheet as its cards, each judged like a card page
    first = views[0] if views else None
    if first is not None and "TrimBox" in first.boxes:
        t = first.boxes["TrimBox"]
        report.trim_mm = ((t[2] - t[0]) / mm(1), (t[3] - t[1]) / mm(1))
    report.cards, report.sheets = sum(len(c) for c in cards.values()), len(cards)
    report.pdfx = doc.info.get("GTS_PDFXConformance") or doc.info.get("GTS_PDFXVersion", "")
    out = report.findings
    out.extend(check_imposed(pages, cards, unreadable, shop))
    out.extend(check_boxes([p for p in pages if p.number not in cards], shop, bool(cards)))
    out.extend(check_bleed_art(views))
    out.extend(check_safe(views, shop))
    out.extend(check_fonts(path))
    out.extend(check_color(walks))
    out.extend(check_resources(walks))
    out.extend(check_ink(Path(path), pages, shop, walks, cards))
    out.extend(check_images(views, shop))
    out.extend(check_hairlines(views, shop))
    out.extend(check_small_text(views))
    out.extend(check_pdfx(pages, doc, shop, walks, intents))
    return report


# -- imposed sheets (面付け) ---------------------------------------------------------------------------
IMPOSED_KEY = "/PnpImposition"     # pnp.render.impose writes each card's boxes under this PieceInfo entry

Card = tuple[Rect, Rect]           # a card on a sheet: its TrimBox and BleedBox (y down, like Rect)


def imposed_cards(path: Path, pages: list[PageRead]) -> tuple[dict[int, list[Card]], list[int]]:
    """The cards of each imposed page (page number → [(TrimBox, BleedBox)], y down), read from the page's
    PieceInfo: << /PnpImposition << /LastModified (date) /Private << /Cards [ << /TrimBox [x0 y0 x1 y1]
    /BleedBox [x0 y0 x1 y1] >> … ] >> >> >>, boxes in PDF user space.  Also the pages whose record is
    there but cannot be read (not four numbers, no cards)."""
    import pikepdf
    out: dict[int, list[Card]] = {}
    bad: list[int] = []
    heights = {p.number: p.height for p in pages}

    def rect(raw: Any, height: float) -> Rect | None:
        if not isinstance(raw, pikepdf.Array) or len(raw) != 4:
            return None
        try:
            x0, y0, x1, y1 = (float(v) for v in raw)
        except (TypeError, ValueError):
            return None
        if not all(math.isfinite(v) for v in (x0, y0, x1, y1)):
            return None
        return min(x0, x1), height - max(y0, y1), max(x0, x1), height - min(y0, y1)

    with pikepdf.open(path) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            info = page.obj.get("/PieceInfo")
            data = info.get(IMPOSED_KEY) if isinstance(info, pikepdf.Dictionary) else None
            if data is None:
                continue
            private = data.get("/Private") if isinstance(data, pikepdf.Dictionary) else None
            listed = private.get("/Cards") if isinstance(private, pikepdf.Dictionary) else None
            found: list[Card] = []
            for entry in listed if isinstance(listed, pikepdf.Array) else []:
                if not isinstance(entry, pikepdf.Dictionary):
                    found = []
                    break
                trim = rect(entry.get("/TrimBox"), heights.get(number, 0.0))
                bleed = rect(entry.get("/BleedBox"), heights.get(number, 0.0))
                if trim is None or bleed is None:
                    found = []
                    break
                found.append((trim, bleed))
            if found:
                out[number] = found
            else:
                bad.append(number)
    return out, bad


def card_views(pages: list[PageRead], cards: Mapping[int, list[Card]]) -> list[PageRead]:
    """The pages as the card checks see them: a page as it is, an imposed sheet once per card with that
    card's TrimBox and BleedBox (what lies outside a card's bleed, the marks and the other cards, is
    not on it)."""
    out = []
    for page in pages:
        for trim, bleed in cards.get(page.number, ()):
            out.append(replace(page, boxes={**page.boxes, "TrimBox": trim, "BleedBox": bleed}))
        if page.number not in cards:
            out.append(page)
    return out


def check_imposed(pages: list[PageRead], cards: Mapping[int, list[Card]], unreadable: list[int],
                  shop: ShopProfile) -> list[Finding]:
    """On imposed sheets: the sheet has its TrimBox; each card has shop.bleed_mm of bleed beyond its
    trim on every side, inside the sheet; no card's bleed overlaps another's (the neighbour's art
    would print on it).  Says how many cards on how many sheets the other checks judged one by one."""
    if not cards and not unreadable:
        return []
    tol = mm(TOLERANCE_MM)
    errors: dict[str, list[int]] = {}
    if unreadable:
        errors.setdefault(f"面付けの記録（PieceInfo の {IMPOSED_KEY[1:]}）が読めない：カードの位置がわからない",
                          []).extend(unreadable)
    for page in pages:
        on_sheet = cards.get(page.number)
        if not on_sheet:
            continue
        media = page.boxes["MediaBox"]
        imp = shop.impose
        size = ((media[2] - media[0]) / mm(1), (media[3] - media[1]) / mm(1))
        if imp is not None and (abs(size[0] - imp.sheet_w_mm) > 0.5 or abs(size[1] - imp.sheet_h_mm) > 0.5):
            errors.setdefault(f"シートが {size[0]:.1f} × {size[1]:.1f} mm：印刷所のテンプレートは "
                              f"{imp.sheet_w_mm:g} × {imp.sheet_h_mm:g} mm", []).append(page.number)
        if "TrimBox" not in page.boxes:
            errors.setdefault("シートに TrimBox（仕上がり：PDF/X ではシート全体）がない", []).append(page.number)
        for k, (trim, bleed) in enumerate(on_sheet, 1):
            least = min(trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3])
            if least < mm(shop.bleed_mm) - tol:
                errors.setdefault(f"カードの塗り足しが {max(0.0, least) / mm(1):.1f} mm（{shop.bleed_mm:g} mm 必要）",
                                  []).append(page.number)
            if not _inside(bleed, media, tol):
                errors.setdefault("カードの塗り足しがシートからはみ出している", []).append(page.number)
            for other in on_sheet[k:]:
                cut = _cut(bleed, other[1])
                if cut[2] - cut[0] > tol and cut[3] - cut[1] > tol:
                    errors.setdefault("隣り合うカードの塗り足しが重なる：隣の絵柄がカードに刷られる",
                                      []).append(page.number)
    n_cards = sum(len(c) for c in cards.values())
    looked = (f"{len(cards)} シートの {n_cards} 枚のカードを1枚ずつ確かめた（各ページの PieceInfo に記録された"
              f"カードの TrimBox・BleedBox。塗り足し・絵柄の塗り足し・安全域・総インキ量・画像・細線・小さな文字は"
              f"カードごと、トンボなどカードの塗り足しの外は総インキ量に数えない）")
    if errors:
        return [Finding("impose", "error", tuple(sorted(set(p))), f"{m}（{looked}）") for m, p in errors.items()]
    return _ok("impose", f"面付け：{looked}。カードの塗り足し {shop.bleed_mm:g} mm 以上、シートの内側、重なりなし")


def _read_bounded(path: Path) -> tuple[DocumentRead, list[PageRead], list[PageWalk], list[OutputIntent]]:
    import pikepdf
    if not path.is_file() or not _starts_as_pdf(path):
        return read_document(path), [], [], []   # the reader's own message: no such file, not a PDF
    try:
        check_pdf_bounds(path)
    except PdfTooLarge as exc:
        raise UnreadablePdf(f"{path}: " + msg("pdf.too_large", why=str(exc))) from None
    except ValueError as exc:
        raise UnreadablePdf(f"{path}: " + msg("pdf.damaged", why=str(exc))) from None
    except OSError as exc:
        raise UnreadablePdf(f"{path}: " + msg("pdf.cannot_read", why=str(exc.strerror or exc))) from None
    try:
        doc = read_document(path)
        return doc, read_pdf(path, paint=True), walk_pdf(path), output_intents(path)
    except UnreadablePdf:
        raise
    except (RecursionError, TypeError, AttributeError, KeyError, ValueError, IndexError, AssertionError,
            pikepdf.PdfError) as exc:
        # objects of the wrong type or nested past reason, in a file another program wrote
        raise UnreadablePdf(f"{path}: " + msg("pdf.damaged", why=f"{type(exc).__name__}: {str(exc)[:120]}")) from None


def _starts_as_pdf(path: Path) -> bool:
    with open(path, "rb") as fh:
        return b"%PDF-" in fh.read(1024)


def _grouped(check: str, level: str, by_message: Mapping[str, list[int]]) -> list[Finding]:
    return [Finding(check, level, tuple(sorted(set(p))), msg) for msg, p in by_message.items()]


def _ok(check: str, message: str) -> list[Finding]:
    return [Finding(check, "ok", (), message)]


def _trim(page: PageRead) -> Rect:
    return page.boxes.get("TrimBox") or page.boxes.get("ArtBox") or page.boxes["MediaBox"]


def _bleed(page: PageRead) -> Rect:
    return page.boxes.get("BleedBox") or page.boxes["MediaBox"]


def check_boxes(pages: list[PageRead], shop: ShopProfile, imposed: bool = False) -> list[Finding]:
    """Every page has a TrimBox and a bleed of shop.bleed_mm beyond it on every side, inside the page
    (imposed sheets are judged card by card by check_imposed; imposed: there were some)."""
    if imposed and not pages:
        return []
    errors: dict[str, list[int]] = {}
    tol = mm(TOLERANCE_MM)
    for page in pages:
        media = page.boxes["MediaBox"]
        if "TrimBox" not in page.boxes:
            errors.setdefault("TrimBox（仕上がり線）がない：ページ全体を仕上がりとみなすと塗り足しは 0 mm。"
                              f"仕上がりの外に {shop.bleed_mm:g} mm の塗り足しを付け、TrimBox を設定する",
                              []).append(page.number)
            continue
        trim, bleed = page.boxes["TrimBox"], _bleed(page)
        least = min(trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3])
        if least < mm(shop.bleed_mm) - tol:
            errors.setdefault(f"塗り足しが {max(0.0, least) / mm(1):.1f} mm（{shop.bleed_mm:g} mm 必要）："
                              f"背景や絵柄を仕上がり線の外 {shop.bleed_mm:g} mm まで伸ばす", []).append(page.number)
        if not _inside(bleed, media, tol):
            errors.setdefault("BleedBox がページ（MediaBox）からはみ出している", []).append(page.number)
    if errors:
        return _grouped("boxes", "error", errors)
    return _ok("boxes", f"全ページ TrimBox あり、塗り足し {shop.bleed_mm:g} mm 以上")


def _white(color: tuple[float, ...] | None) -> bool:
    """Paper white in gray, RGB or CMYK: a white shape stopping at the trim shows nothing in the bleed."""
    if not color:
        return False
    if len(color) == 4:
        return all(v <= 0.001 for v in color)
    return all(v >= 0.999 for v in color)


_SIDE_NAMES = {0: "左", 1: "上", 2: "右", 3: "下"}


def check_bleed_art(pages: list[PageRead]) -> list[Finding]:
    """Art that reaches the trim line goes on into the bleed: every placed image and every filled
    shape (not paper white) whose box touches a side of the TrimBox from inside must run on to the
    BleedBox on that side.  Art kept clear of the trim (a card with a white margin) touches no side
    and is not judged; a clipping path is not read (an image is judged by its placed box)."""
    tol = mm(TOLERANCE_MM)
    short: dict[str, list[int]] = {}
    looked = {"画像": 0, "色面": 0}
    for page in pages:
        if "TrimBox" not in page.boxes:
            continue
        trim, bleed = page.boxes["TrimBox"], _bleed(page)
        things = [("画像", i.box) for i in page.images if i.colorspace != "ImageMask"]
        things += [("色面", p.box) for p in page.paths if p.fill is not None and not _white(p.fill)]
        for what, box in things:
            inside = _cut(box, trim)
            if inside[2] - inside[0] <= tol or inside[3] - inside[1] <= tol:
                continue            # not on the card (crop marks, slug) or a hairline along its edge
            touching = False
            stops: list[tuple[str, float, float]] = []
            for side in range(4):
                sign = -1 if side < 2 else 1        # left and top grow outwards as they get smaller
                reach = (box[side] - trim[side]) * sign           # how far past the trim it runs
                if reach < -tol:
                    continue                                      # kept clear of this side
                touching = True
                need = (bleed[side] - trim[side]) * sign
                if reach < need - tol:
                    stops.append((_SIDE_NAMES[side], max(0.0, reach), need))
            if touching:
                looked[what] += 1
            if stops:
                least = min(stops, key=lambda t: t[1] - t[2])
                key = (f"{what}が仕上がり線の{'・'.join(t[0] for t in stops)}で止まり、塗り足しに続いていない"
                       f"（仕上がり線の外へ {least[1] / mm(1):.1f} mm まで、{least[2] / mm(1):.1f} mm 必要）")
                short.setdefault(key, []).append(page.number)
    counts = "・".join(f"{what} {n}" for what, n in looked.items())
    if short:
        return [Finding("bleedart", "error", tuple(sorted(set(p))),
                        f"{message}：断裁のずれで紙の白が出る。絵柄を塗り足しの線まで伸ばす") for message, p in short.items()]
    if not any(looked.values()):
        return _ok("bleedart", "仕上がり線に接する画像・色面なし（画像の置き枠と塗りの形の枠を見た）")
    return _ok("bleedart", f"仕上がり線に接する絵柄（延べ {counts}）はすべて塗り足しの線まで続く（画像の置き枠と塗りの形の枠を見た）")


def _cut(a: Rect, b: Rect) -> Rect:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


SMALL_SHAPE_MM = 15.0     # a filled shape smaller than this on both sides is a mark (a symbol, an icon)


def check_safe(pages: list[PageRead], shop: ShopProfile) -> list[Finding]:
    """Text and small marks inside the trim by shop.safe_mm (what lies wholly outside the bleed,
    crop marks and slug text, is not printed on the card and is not judged)."""
    glyph_pages: dict[int, list[str]] = {}
    mark_pages: list[int] = []
    for page in pages:
        trim, bleed = _trim(page), _bleed(page)
        safe = _inset(trim, mm(shop.safe_mm) - mm(TOLERANCE_MM))
        for g in page.glyphs:
            if g.char.isspace():
                continue
            box = g.box()
            if _overlaps(box, bleed) and not _inside(box, safe, 0.0):
                glyph_pages.setdefault(page.number, []).append(g.char)
        for p in page.paths:
            left, top, right, bottom = p.box
            if p.fill is None or min(right - left, bottom - top) <= 0:
                continue
            if max(right - left, bottom - top) < mm(SMALL_SHAPE_MM) and _overlaps(p.box, trim) and \
                    not _inside(p.box, safe, 0.0):
                mark_pages.append(page.number)
    out = []
    if glyph_pages:
        sample = "".join(next(iter(glyph_pages.values())))[:12]
        count = sum(len(v) for v in glyph_pages.values())
        out.append(Finding("safe", "error", tuple(sorted(glyph_pages)),
                           f"文字 {count} 字が仕上がり線から {shop.safe_mm:g} mm の安全域の外（例「{sample}」）："
                           f"断裁のずれで切れる"))
    if mark_pages:
        out.append(Finding("safe", "warning", tuple(sorted(set(mark_pages))),
                           f"小さな図形（記号・アイコン）が安全域 {shop.safe_mm:g} mm の外にかかる"))
    return out or _ok("safe", f"文字と記号はすべて仕上がり線から {shop.safe_mm:g} mm 以上内側")


def check_fonts(path: Path) -> list[Finding]:
    """Every font the pages use carries its program (a Type3 font's glyphs are drawings in the file:
    embedded by nature)."""
    fonts = font_names(path)
    missing = sorted(name for name, embedded in fonts.items() if not embedded)
    if missing:
        return [Finding("fonts", "error", (), f"埋め込まれていないフォント：{', '.join(missing)}"
                                                "（印刷所で別の書体に置き換わる）")]
    if not fonts:
        return _ok("fonts", "フォントを使っていない（全ページのフォント資源を見た）")
    type3 = sum(1 for name in fonts if name.startswith("Type3"))
    return _ok("fonts", f"{len(fonts)} 書体すべてが埋め込み済み{f'（うち Type3 {type3}：字形はファイルの中の図形）' if type3 else ''}")


def check_color(walks: list[PageWalk]) -> list[Finding]:
    """Every colour the pages paint in, walked in the file's objects (pnp.render.pdfwalk: text, paths,
    images and inline images, shadings, patterns, forms, Type3 glyphs, transparency groups, printed
    annotations): RGB or Lab anywhere is an error; spot colours other than the registration colour are
    a warning.  DeviceN and Separation count by their colourant names (Cyan … Black are CMYK)."""
    foreign: dict[tuple[str, str], list[int]] = {}
    spots: set[str] = set()
    for walk in walks:
        for use in walk.uses:
            if use.family in ("rgb", "lab"):
                foreign.setdefault((use.kind, use.space), []).append(use.page)
            elif use.family == "spot":
                spots.add(use.space)
    counts = {kind: sum(w.counts[kind] for w in walks) for kind in KINDS}
    short = [w.number for w in walks if w.cut_short]
    looked = (f"{len(walks)} ページの" + "・".join(f"{k} {n}" for k, n in counts.items()) + " を見た"
              + (f"。p.{page_ranges(short)} は深すぎる入れ子か多すぎる命令で途中までしか見ていない" if short else ""))
    out = []
    if foreign:
        parts = [f"{kind}（{space}、p.{page_ranges(p)}）" for (kind, space), p in sorted(foreign.items())]
        pages_all = sorted({n for p in foreign.values() for n in p})
        shown = "、".join(parts[:8]) + (f" ほか {len(parts) - 8} 種" if len(parts) > 8 else "")
        out.append(Finding("color", "error", tuple(pages_all),
                           f"RGB の色：{shown}。印刷所は CMYK で刷る（pnp なら --color cmyk で書き出す）（{looked}）"))
    if spots:
        out.append(Finding("color", "warning", (), f"特色：{', '.join(sorted(spots))}（特色で刷るか CMYK に分解するか"
                                                   f"印刷所に確かめる）"))
    if short and not out:
        out.append(Finding("color", "warning", tuple(short), f"色を最後まで確かめていない（{looked}）"))
    return out or _ok("color", f"CMYK（とレジストレーション）のみ（{looked}）")


def check_resources(walks: list[PageWalk]) -> list[Finding]:
    """Every ExtGState, XObject, shading, pattern, font and colour space a content stream uses by name
    is in the Resources in force where it is used (a form's own).  MuPDF stops at a missing one
    ("cannot find ExtGState resource"); Ghostscript skips it silently, so the print differs by RIP."""
    missing: dict[str, list[int]] = {}
    for walk in walks:
        for entry in walk.missing:
            missing.setdefault(entry, []).append(walk.number)
    looked = f"{len(walks)} ページのページ・フォーム・パターン・Type3 字形・注釈の外観が名前で使う資源を見た"
    if missing:
        items = sorted(missing.items(), key=lambda kv: (kv[1][0], kv[0]))
        shown = "、".join(f"{entry}（p.{page_ranges(p)}）" for entry, p in items[:5])
        more = f" ほか {len(items) - 5} 件" if len(items) > 5 else ""
        return [Finding("resources", "error", tuple(sorted({n for p in missing.values() for n in p})),
                        f"Resources にない資源の参照：{shown}{more}。RIP によって止まるか黙って飛ばされる"
                        f"（MuPDF は止まり Ghostscript は飛ばす）。書き出したソフトで直す")]
    return _ok("resources", f"名前で使う資源はすべてその場の Resources にある（{looked}）")


def check_ink(path: Path, pages: list[PageRead], shop: ShopProfile, walks: list[PageWalk] | None = None,
              cards: Mapping[int, list[Card]] | None = None) -> list[Finding]:
    """Total ink as a RIP measures it, on Ghostscript's separations of every page inside its BleedBox
    (pnp.render.separations): overprint and the registration colour count as the plates hold them.
    The colours of single objects (glyphs, shapes, CMYK images) are read too, to say whether one of
    them is over the limit or only where they overlap."""
    objects = _object_ink(pages)
    try:
        dpi, measured, complaints = measure_ink(path, shop.ink_limit, cards=_pdf_cards(pages, cards or {}))
    except SeparationsFailed as exc:
        top = max((ink for ink, _ in objects.values()), default=0.0)
        estimate = (f"一つずつの物の色では最大 {top:.0f}%（重なり・オーバープリント・レジストレーション色は数えていない）"
                    if objects else "一つずつの物の色も読めていない")
        if exc.missing:
            return [Finding("ink", "warning", (), f"Ghostscript がないため総インキ量を分版で測っていない："
                                                  f"{estimate}。Ghostscript を入れてもう一度確かめる")]
        return [Finding("ink", "error", (), f"Ghostscript がこのファイルを分版に描けなかった（{exc}）：印刷所の RIP も"
                                            f"止まるおそれがある。総インキ量は測っていない（{estimate}）")]
    limit = shop.ink_limit
    worst = [p for p in measured if p.max_percent > limit + 0.5]
    n_cards = sum(p.cards for p in measured)
    looked = f"分版を {dpi:g} dpi で描いて測った"
    area = (f"{len(measured)} ページの塗り足しの内側" if not n_cards else
            f"{sum(1 for p in measured if p.cards)} シートの {n_cards} 枚のカードの塗り足しの内側"
            + (f"と {sum(1 for p in measured if not p.cards)} ページの塗り足しの内側"
               if any(not p.cards for p in measured) else ""))
    said = ([Finding("ink", "warning", (), f"Ghostscript が分版を描きながらファイルの誤りを指摘した："
                                          f"{'／'.join(complaints[:3])}（RIP によっては止まる。書き出したソフトで直す）")]
            if complaints else [])
    if not worst:
        top = max((p.max_percent for p in measured), default=0.0)
        return said + _ok("ink", f"{looked}：最大 {top:.0f}%（{limit:g}% まで、{area}）")
    peak = max(worst, key=lambda p: p.max_percent)
    where = ""
    if peak.where_mm is not None:
        left, top_mm, right, bottom = peak.where_mm
        card = f"の {peak.card} 枚目のカード" if peak.card else ""
        where = f"p.{peak.number}{card} の仕上がりの左上から横 {left:.1f}–{right:.1f} mm・縦 {top_mm:.1f}–{bottom:.1f} mm、"
    over = sum(p.over_mm2 for p in worst)
    single = [objects[p.number] for p in worst if p.number in objects]
    heaviest = max(single, default=None, key=lambda t: t[0])
    if heaviest is not None and heaviest[0] > limit + 0.5:
        cause = f"一つの物の色で {heaviest[0]:.0f}%（{heaviest[1]}）"
    else:
        most = heaviest[0] if heaviest is not None else 0.0
        numbers = {p.number for p in worst}
        on = [w for w in walks or [] if w.number in numbers]
        why = []
        if any(u.family == "registration" and u.kind in ("塗り", "文字", "線") for w in on for u in w.uses):
            why.append("レジストレーション色（Separation All：全版に載る）の塗り")
        if any(w.overprint for w in on):
            why.append("オーバープリント（ExtGState の OP）で重なった色")
        cause = (f"一つずつの物の色の値では最大 {most:.0f}%。版でインキを増やしているのは" + "と".join(why) if why else
                 f"一つずつの物の色の値では最大 {most:.0f}%：重なり（特色・画像など）で版に載るインキが増えている")
    return said + [Finding("ink", "error", tuple(p.number for p in worst),
                    f"総インキ量が最大 {peak.max_percent:.0f}%（{limit:g}% まで）：{where}{limit:g}% を超える面積 "
                    f"計 {over:.0f} mm²（{looked}、{area}）。{cause}。裏移りや乾燥不良の元")]


def _pdf_cards(pages: list[PageRead], cards: Mapping[int, list[Card]]) -> dict[int, list[tuple[Rect, Rect]]]:
    """The cards' boxes back in PDF user space (y up), as pnp.render.separations takes them."""
    heights = {p.number: p.height for p in pages}

    def up(r: Rect, h: float) -> Rect:
        return r[0], h - r[3], r[2], h - r[1]
    return {n: [(up(t, heights[n]), up(b, heights[n])) for t, b in on] for n, on in cards.items() if n in heights}


def _object_ink(pages: list[PageRead]) -> dict[int, tuple[float, str]]:
    """Per page, the highest total ink of one object's own colour (glyph, shape, CMYK image) and the
    colour or kind of that object."""
    out: dict[int, tuple[float, str]] = {}
    for page in pages:
        bleed = _bleed(page)
        inks: list[tuple[float, str]] = [(_total(g.color), "文字 " + _ink_name(g.color or ())) for g in page.glyphs
                                         if _family(g.color, g.colorspace) == "cmyk"]
        for p in page.paths:
            if not _overlaps(_grown(p.box), _inset(bleed, 0.05)):
                continue
            inks.extend((_total(c), "図形 " + _ink_name(c or ())) for c in (p.fill, p.stroke) if _space_of(c) == "cmyk")
        inks.extend((i.max_ink, "CMYK 画像") for i in page.images if i.max_ink is not None)
        if inks:
            out[page.number] = max(inks, key=lambda t: t[0])
    return out


def _total(color: tuple[float, ...] | None) -> float:
    return 100 * sum(color or ())


def check_images(pages: list[PageRead], shop: ShopProfile) -> list[Finding]:
    low: dict[int, float] = {}
    count = 0
    for page in pages:
        for img in page.images:
            if img.colorspace == "ImageMask" or not _overlaps(img.box, _bleed(page)):
                continue
            count += 1
            if img.dpi < shop.min_dpi - 0.5:
                low[page.number] = min(low.get(page.number, float("inf")), img.dpi)
    if low:
        return [Finding("dpi", "error", tuple(sorted(low)),
                        f"画像の解像度が印刷サイズで {min(low.values()):.0f} dpi（{shop.min_dpi:g} dpi 以上必要）：ぼやける")]
    if not count:
        return _ok("dpi", "画像なし")
    return _ok("dpi", f"画像 {count} 点、すべて {shop.min_dpi:g} dpi 以上")


def check_hairlines(pages: list[PageRead], shop: ShopProfile) -> list[Finding]:
    thin: dict[int, float] = {}
    for page in pages:
        bleed = _bleed(page)
        for p in page.paths:
            if p.stroke is None or not _overlaps(_grown(p.box), _inset(bleed, 0.05)):
                continue
            if p.line_width < mm(shop.hairline_mm) - 1e-6:
                thin[page.number] = min(thin.get(page.number, float("inf")), p.line_width)
    if thin:
        width = min(thin.values())
        return [Finding("hairline", "warning", tuple(sorted(thin)),
                        f"{shop.hairline_mm:g} mm より細い線（最も細いもの {width / mm(1):.3f} mm"
                        f"{'：線幅 0 は機械の最小線' if width == 0 else ''}）：かすれるか消える")]
    return _ok("hairline", f"仕上がり内の線はすべて {shop.hairline_mm:g} mm 以上")




def _family(color: tuple[float, ...] | None, space: str = "") -> str:
    """cmyk, gray, rgb or inks (DeviceN / Separation: one plate per colourant) of a colour read back,
    by its colour space's name where the reader gives it, else by its number of components."""
    if space in ("DeviceN", "Separation"):
        return "inks"
    if space in ("DeviceRGB", "CalRGB", "Lab"):
        return "rgb"
    if space == "DeviceCMYK":
        return "cmyk"
    if space in ("DeviceGray", "CalGray"):
        return "gray"
    return _space_of(color)            # ICCBased and unnamed: by the number of components


def _plates(color: tuple[float, ...] | None, space: str = "") -> int:
    """Plates a colour prints on (any plate above zero); gray is the black plate alone; a DeviceN or
    Separation colour one plate per colourant above zero.  RGB: 0 (the RIP's conversion decides)."""
    family = _family(color, space)
    if family in ("cmyk", "inks"):
        return sum(1 for v in color or () if v > 0)
    return 1 if family == "gray" and (color or (1.0,))[0] < 1 else 0


def _light(color: tuple[float, ...] | None, space: str = "") -> bool:
    family = _family(color, space)
    if family in ("cmyk", "inks"):
        return max(color or (0.0,)) <= LIGHT_PLATE
    return family in ("gray", "rgb") and min(color or (0.0,)) >= 1 - LIGHT_PLATE


def _ink_name(color: tuple[float, ...], space: str = "") -> str:
    if _family(color, space) == "inks":
        return f"{space} " + "/".join(str(round(v * 100)) for v in color)
    return " ".join(f"{p}{round(v * 100)}" for p, v in zip("CMYK", color) if v > 0)


def _ground(glyph_box: Rect, page: PageRead) -> tuple[str, tuple[float, ...] | None]:
    """What lies under a glyph: the smallest filled shape or placed image whose box holds the
    glyph's centre ("path", its fill), or ("image", None), or ("paper", None).  Painting order
    is not read across shapes and images: the smallest shape around a glyph is taken as its
    ground, the later drawn of two shapes of the same size."""
    cx, cy = (glyph_box[0] + glyph_box[2]) / 2, (glyph_box[1] + glyph_box[3]) / 2
    best: tuple[float, str, tuple[float, ...] | None] | None = None
    for p in page.paths:
        left, top, right, bottom = p.box
        if p.fill is not None and left <= cx <= right and top <= cy <= bottom:
            area = (right - left) * (bottom - top)
            if best is None or area <= best[0]:      # of two alike, the later drawn (read in order)
                best = (area, "path", p.fill)
    for img in page.images:
        left, top, right, bottom = img.box
        if img.colorspace != "ImageMask" and left <= cx <= right and top <= cy <= bottom:
            area = (right - left) * (bottom - top)
            if best is None or area < best[0]:
                best = (area, "image", None)
    return (best[1], best[2]) if best is not None else ("paper", None)


def check_small_text(pages: list[PageRead]) -> list[Finding]:
    """Text under SMALL_TEXT_PT: a glyph whose own colour takes three or four plates blurs at the
    first plate shift (warning, with counts and the worst colours); a white or nearly white glyph
    (no plate above LIGHT_PLATE) over a filled shape of three or four plates — reversed out of
    a rich ground — shows a coloured fringe when a plate shifts (warning).  Glyphs are judged by
    their fill colour as drawn; the ground of a light glyph is the smallest filled shape around
    its centre.  A light glyph over a placed image is counted as not judged."""
    many: dict[int, int] = {}
    colours: dict[tuple[str, tuple[float, ...]], int] = {}
    rgb = 0
    reversed_out: dict[int, int] = {}
    on_images = small = light = 0
    for page in pages:
        bleed = _bleed(page)
        for g in page.glyphs:
            if g.char.isspace() or g.size >= SMALL_TEXT_PT:
                continue
            box = g.box()
            if not _overlaps(box, bleed):
                continue            # slug and marks outside the printed area
            small += 1
            if _family(g.color, g.colorspace) == "rgb" and not _light(g.color, g.colorspace):
                rgb += 1
            elif _plates(g.color, g.colorspace) > 2:
                many[page.number] = many.get(page.number, 0) + 1
                key = (g.colorspace if _family(g.color, g.colorspace) == "inks" else "",
                       tuple(round(v, 2) for v in g.color or ()))
                colours[key] = colours.get(key, 0) + 1
            elif _light(g.color, g.colorspace):
                light += 1
                what, fill = _ground(box, page)
                if what == "image":
                    on_images += 1
                elif what == "path" and _plates(fill) > 2:
                    reversed_out[page.number] = reversed_out.get(page.number, 0) + 1
    looked = "（文字の塗りの色を見た）"
    if not small:
        return _ok("smalltext", f"{SMALL_TEXT_PT:g} pt 未満の文字なし{looked}")
    out = []
    if many:
        worst = sorted(colours.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
        examples = "、".join(f"{_ink_name(c, space)}（{n} 字）" for (space, c), n in worst)
        out.append(Finding("smalltext", "warning", tuple(sorted(many)),
                           f"{SMALL_TEXT_PT:g} pt 未満の文字 {sum(many.values())} 字（{small} 字中）が 3 版以上の色で"
                           f"刷られる（{examples}）：版ずれで細い線がにじむ。K ともう 1 版までの色にする"))
    elif rgb:
        out.append(Finding("smalltext", "warning", (), f"{SMALL_TEXT_PT:g} pt 未満の文字 {small} 字のうち RGB の {rgb} 字は"
                                                       f"版数を確かめていない（RIP の変換しだいで 3〜4 版になる）。"
                                                       f"ほかは 2 版以下の色{looked}"))
    else:
        out.append(Finding("smalltext", "ok", (), f"{SMALL_TEXT_PT:g} pt 未満の文字 {small} 字はすべて 2 版以下の色{looked}"))
    unjudged = f"。画像の上の {on_images} 字は地の色を見ていない" if on_images else ""
    if reversed_out:
        out.append(Finding("reversed", "warning", tuple(sorted(reversed_out)),
                           f"{SMALL_TEXT_PT:g} pt 未満の白抜き文字 {sum(reversed_out.values())} 字（白・淡色の {light} 字中）が "
                           f"3 版以上の色面の上：版ずれで文字の縁に色が出る。地を 2 版以下の色にするか文字を "
                           f"{SMALL_TEXT_PT:g} pt 以上にする{unjudged}"))
    elif light:
        out.append(Finding("reversed", "ok", (), f"{SMALL_TEXT_PT:g} pt 未満の白・淡色の文字 {light} 字は 3 版以上の色面の上に"
                                                 f"ない（その下で最も小さな塗りの形の色を見た{unjudged}）"))
    else:
        out.append(Finding("reversed", "ok", (), f"{SMALL_TEXT_PT:g} pt 未満の白・淡色の文字なし{looked}"))
    return out


def _grown(box: Rect) -> Rect:
    """A line's box has no area: grow it a hair so that a line across the trim still overlaps it
    (a crop mark that starts on the bleed line does not: the bleed is shrunk by more)."""
    return box[0] - 0.01, box[1] - 0.01, box[2] + 0.01, box[3] + 0.01


# Printing conditions by the words their names and profiles use (ICC's registry and the profiles'
# own descriptions); the longer and more specific words first.
CONDITIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Japan Color 2011 Coated", ("japan color 2011 coated", "jc2011", "japancolor2011")),
    ("Japan Color 2001 Uncoated", ("japan color 2001 uncoated", "jc200104")),
    ("Japan Color 2001 Coated", ("japan color 2001 coated", "jc200103", "japancolor2001coated")),
    ("Japan Web Coated (Ad)", ("japan web coated", "jcw2003")),
    ("FOGRA51 (PSO Coated v3)", ("fogra51", "pso coated v3")),
    ("FOGRA52 (PSO Uncoated v3)", ("fogra52", "pso uncoated v3")),
    ("FOGRA47 (PSO Uncoated)", ("fogra47", "pso uncoated iso12647")),
    ("FOGRA29 (ISO Uncoated)", ("fogra29", "iso uncoated")),
    ("FOGRA39 (ISO Coated v2)", ("fogra39", "iso coated v2", "isocoated_v2", "coated fogra39")),
    ("FOGRA27 (ISO Coated)", ("fogra27", "iso coated")),
    ("GRACoL (CGATS 21 CRPC6)", ("gracol", "crpc6", "cgats21")),
    ("SWOP (CGATS TR 001)", ("cgats tr 001", "cgats tr001", "swop", "u.s. web coated")),
)


def condition_of(*texts: str) -> str:
    """The printing condition a name or description speaks of ("" when none is known), from the first
    text that names one."""
    for text in texts:
        low = " ".join(text.lower().replace("_", " ").split()) if text else ""
        for name, words in CONDITIONS:
            if any(w.replace("_", " ") in low for w in words):
                return name
    return ""


def _intent_problems(pdfx_intents: list[OutputIntent], v2_only: bool, claim: str) -> list[str]:
    """The first GTS_PDFX OutputIntent: present, with an embedded CMYK output profile (ICC v2 where the
    claim asks for it) whose description agrees with the condition it names."""
    if not pdfx_intents:
        return ["OutputIntent（出力条件）がない"]
    oi = pdfx_intents[0]
    said = oi.identifier or oi.condition or "名前なし"
    if not oi.has_profile:
        return [f"OutputIntent（{said}）に出力プロファイル（DestOutputProfile）が埋め込まれていない："
                f"印刷所の RIP が色を合わせる相手がない。印刷所の指定する CMYK プロファイルを埋め込む"]
    if oi.icc_version is None:
        return [f"OutputIntent（{said}）のプロファイルが読めない（ICC の見出しがない）"]
    problems = []
    if oi.icc_space != "CMYK" or oi.icc_class != "prtr":
        problems.append(f"OutputIntent のプロファイルが {oi.icc_space or '?'} の {oi.icc_class or '?'} プロファイル"
                        f"（CMYK の出力用 prtr が要る）")
    major, minor = oi.icc_version
    if major >= 4 and v2_only:
        problems.append(f"出力プロファイル「{oi.description or '?'}」が ICC v{major}.{minor}：{claim} は ICC v2 の"
                        f"プロファイルしか使えない（同じ印刷条件の v2 版を埋め込む）")
    named = condition_of(oi.identifier, oi.condition, oi.info)
    profiled = condition_of(oi.description)
    if named and profiled and named != profiled:
        problems.append(f"出力条件 {oi.identifier or oi.condition}（{named}）と埋め込みプロファイル"
                        f"「{oi.description}」（{profiled}）が食い違う：印刷所の指定する条件の"
                        f"プロファイルを埋め込み、条件名をそろえる")
    return problems


def _x1a_problems(doc: DocumentRead, walks: list[PageWalk], version: str, claim: str) -> list[str]:
    """What PDF/X-1a forbids: transparency, a PDF version past its own, device-independent colour."""
    problems = []
    transparency = [t for w in walks for t in (f"p.{w.number} {x}" for x in w.transparency)] or list(doc.transparency)
    if transparency:
        problems.append(f"PDF/X-1a では使えない透明：{transparency[0]}"
                        + (f" ほか {len(transparency) - 1} 件" if len(transparency) > 1 else ""))
    if doc.version > "1.4" or (version == "PDF/X-1:2001" and doc.version > "1.3"):
        problems.append(f"PDF {doc.version} は {claim} の版を超える")
    independent = sorted({u.space for w in walks for u in w.uses
                          if u.family not in ("rgb", "lab") and u.space.startswith(("ICCBased", "CalGray"))})
    if independent:
        problems.append(f"PDF/X-1a では使えない色空間：{', '.join(independent)}（DeviceCMYK・特色にする）")
    return problems


def _annotation_problems(walks: list[PageWalk]) -> list[str]:
    """Printed annotations inside the bleed box (PDF/X allows printer's marks and trap networks only)."""
    on_card: dict[str, list[int]] = {}
    for w in walks:
        bleed = w.bleed or w.trim
        for a in w.annotations:
            if a.printed and a.subtype not in ("PrinterMark", "TrapNet") and bleed is not None and \
                    a.rect[0] < bleed[2] and bleed[0] < a.rect[2] and a.rect[1] < bleed[3] and bleed[1] < a.rect[3]:
                on_card.setdefault(a.subtype, []).append(w.number)
    if not on_card:
        return []
    return ["仕上がり（塗り足し）の内側に印刷される注釈：" +
            "、".join(f"{k}（p.{page_ranges(v)}）" for k, v in sorted(on_card.items())) +
            "：PDF/X では置けない。RIP によって刷られたり消えたりする。注釈を消すか絵柄に統合する"]


def check_pdfx(pages: list[PageRead], doc: DocumentRead, shop: ShopProfile, walks: list[PageWalk] | None = None,
               intents: list[OutputIntent] | None = None) -> list[Finding]:
    """The PDF/X keys (version, conformance, Trapped, Title), the OutputIntent down to its profile's
    header (present, an output profile for CMYK, ICC v2 where X-1a and X-3 ask for it, a printing
    condition its description agrees with), transparency in X-1a, device-independent colour in X-1a,
    and printed annotations on the card (PDF/X allows none inside the BleedBox)."""
    if shop.pdfx == "no":
        return []
    walks = walks or []
    version = doc.info.get("GTS_PDFXVersion", "")
    conformance = doc.info.get("GTS_PDFXConformance", "")
    claim = conformance or version
    x1a = "X-1a" in conformance or "X-1a" in version or version.startswith("PDF/X-1")
    v2_only = x1a or version.startswith(("PDF/X-3", "PDF/X-2"))
    problems = []
    if not version:
        problems.append("GTS_PDFXVersion がない（PDF/X として書き出されていない）")
    pdfx_intents = [oi for oi in (intents or []) if oi.subtype == "GTS_PDFX"]
    problems += _intent_problems(pdfx_intents, v2_only, claim)
    if "Trapped" not in doc.info or doc.info["Trapped"] not in ("True", "False"):
        problems.append("Trapped が True／False でない")
    if not doc.info.get("Title"):
        problems.append("Title がない")
    if x1a:
        problems += _x1a_problems(doc, walks, version, claim)
    problems += _annotation_problems(walks)
    if problems:
        level = "error" if shop.pdfx == "required" or version else "warning"
        return [Finding("pdfx", level, (), "；".join(problems))]
    oi = pdfx_intents[0]
    profile = (f"（プロファイル「{oi.description}」ICC v{oi.icc_version[0]}.{oi.icc_version[1]} 埋め込み）"
               if oi.icc_version else "")
    return _ok("pdfx", f"{claim}、出力条件 {oi.identifier or oi.condition or '?'}{profile}"
                       f"（Info・OutputIntent とプロファイルの見出し・{len(walks)} ページの注釈と透明を見た）")
