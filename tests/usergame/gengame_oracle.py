"""The verdict on one generated project (genproject.Plan): run `pnp validate`, `pnp build --check-print`
and `pnp preview` in-process, then read the written PDFs back.  Every run ends in one class:

* ``error``  — exit 1 with every message located at file:line (or a spreadsheet cell), no traceback;
* ``ok``     — exit 0, and the output agrees with the plan: each picture where its region and fit: put
  it (mm from the trim), each glyph inside a region that prints text, bleed: true pictures and bands
  out to the BleedBox, the PNG renderer's lines on the PDF raster's pixels, a preview written;
* a fault, by kind (``traceback``, ``exit``, ``unlocated``, ``misprint``, ``verdicts``, ``preview``,
  ``readback``, ``bleed``, ``raster``) with what was seen.

The oracle names what it looked at (`Outcome.looked`), so an ``ok`` says how much it checked."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import genproject as gp  # tests/usergame is on the path (pytest's rootdir imports; benchmarks/ adds it)
from click.testing import CliRunner

from pnp.cli import main
from pnp.render.readback import read_pdf

MM = 72 / 25.4
TOL_MM = 0.15
# a problem's place: components/GAME/file:LINE[:COL], a spreadsheet cell (file!C2, file:Sheet!C2), a layout line
LOCATED = re.compile(r"^(components|layouts)/[^:!\s]+((:\d+(:\d+)?)|(!|:[^!\s]+!)[A-Z]+\d+): ")
MISPRINT = re.compile(r"^\S+\.pdf: p\d+")
FAULTS = ("traceback", "exit", "unlocated", "misprint", "verdicts", "preview", "readback", "bleed", "raster")


@dataclass
class Outcome:
    kind: str
    detail: str = ""
    looked: list[str] = field(default_factory=list)

    @property
    def fault(self) -> bool:
        return self.kind not in ("ok", "error")

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}" + (f" (looked at: {'; '.join(self.looked)})" if self.looked else "")


class Fault(Exception):
    def __init__(self, kind: str, detail: str):
        super().__init__(f"{kind}: {detail}")
        self.kind, self.detail = kind, detail


def _invoke(args: list[str]):
    result = CliRunner().invoke(main, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback
        tb = "".join(traceback.format_exception(result.exception))
        raise Fault("traceback", f"pnp {' '.join(args[:2])}: {tb.strip().splitlines()[-1]}")
    if "Traceback" in result.output:
        raise Fault("traceback", f"pnp {' '.join(args[:2])} printed a traceback")
    if result.exit_code not in (0, 1):
        raise Fault("exit", f"pnp {' '.join(args[:2])} exited {result.exit_code}: {result.output[-300:]}")
    return result


def _error_lines(output: str) -> list[str]:
    """The problem lines of a failed command (validate's report indents them under an NG line)."""
    out = []
    for line in output.splitlines():
        s = line.strip()
        if not s or s.startswith(("OK ", "NG ", "--", "・", "Error:")) or s.startswith("SKIP"):
            continue
        out.append(s.removeprefix("Error: "))
    return out


def _check_located(cmd: str, output: str) -> None:
    lines = [ln.removeprefix("Error: ") for ln in output.splitlines() if ln.strip()]
    if not lines:
        raise Fault("unlocated", f"{cmd} exited 1 and said nothing")
    for line in lines:
        if MISPRINT.match(line):
            raise Fault("misprint", f"{cmd}: {line}")
    if not any(LOCATED.match(ln) for ln in lines):
        raise Fault("unlocated", f"{cmd}: no file:line in {lines[0][:200]!r}")
    for line in lines:
        if line[:1].isascii() and line[:1].isalpha() and not LOCATED.match(line) and not line.startswith(("/", " ")):
            if "/" in line.split(" ")[0]:
                raise Fault("unlocated", f"{cmd}: {line[:200]}")


def judge(plan: gp.Plan, root: Path, raster: bool = True) -> Outcome:
    """Write the plan's project under root and classify what pnp makes of it."""
    gp.write_project(plan, root)
    looked: list[str] = []
    try:
        v = _invoke(["validate", gp.GAME, "--project", str(root)])
        out = root / "out"
        b = _invoke(["build", gp.GAME, "--project", str(root), "--out", str(out), "--check-print"])
        looked.append(f"validate exit {v.exit_code}, build exit {b.exit_code}")
        if b.exit_code == 1:
            _check_located("build", b.output)
            if v.exit_code == 0:
                raise Fault("verdicts", f"validate said OK but build failed: {b.output.strip()[:300]}")
            return Outcome("error", b.output.strip().splitlines()[0][:200], looked)
        if v.exit_code == 1:
            # validate lays out on every paper, build on one: a layout problem only validate sees is fair
            _check_located("validate", "\n".join(ln for ln in _error_lines(v.output) if "/" in ln[:40]))
        preview = root / "preview.png"
        p = _invoke(["preview", gp.GAME, "--project", str(root), "--out", str(preview)])
        if p.exit_code != 0 or not preview.exists():
            raise Fault("preview", f"preview exited {p.exit_code}: {p.output.strip()[:300]}")
        looked.append("preview written")
        looked += check_readback(plan, root, out / gp.GAME)
        if raster:
            looked += check_raster(plan, root, out / gp.GAME)
    except Fault as f:
        return Outcome(f.kind, f.detail, looked)
    return Outcome("ok", "", looked)


# ------------------------------------------------------------------ read-back


def _physical(plan: gp.Plan) -> list[gp.Card]:
    return [c for c in plan.cards for _ in range(c.count)]


def _drawn(box, fit: str, pixels: tuple[int, int]) -> tuple[float, float, float, float]:
    """Where a picture of pixels lands in box (x, y, w, h, mm) under fit: (left, top, right, bottom)."""
    x, y, w, h = box
    if fit == "stretch":
        return x, y, x + w, y + h
    iw, ih = pixels
    k = min(w / iw, h / ih) if fit == "contain" else max(w / iw, h / ih)
    dw, dh = iw * k, ih * k
    return x + (w - dw) / 2, y + (h - dh) / 2, x + (w + dw) / 2, y + (h + dh) / 2


def bled(box, trim, bleed: float) -> tuple[float, float, float, float]:
    """A bleed: true region's box, its edges on the trim run out by the bleed (mm)."""
    x, y, w, h = box
    W, H = trim
    x0 = x - bleed if x <= 0.01 else x
    y0 = y - bleed if y <= 0.01 else y
    x1 = x + w + bleed if x + w >= W - 0.01 else x + w
    y1 = y + h + bleed if y + h >= H - 0.01 else y + h
    return x0, y0, x1 - x0, y1 - y0


def expected_images(plan: gp.Plan, card: gp.Card | None) -> list[tuple[str, tuple[float, float, float, float], tuple]]:
    """(what, drawn box in mm from the trim, the region's box it must stay in or reach) for a face (card)
    or the back (None)."""
    pictures = {p.name: p.size for p in plan.pictures}
    out = []
    regions = plan.layout_regions(card.layout if card else "") if card else plan.back_regions
    for r in regions:
        if r.kind != "image":
            continue
        if r.name == "art":
            name = card.image if card else plan.back_image
        else:
            name = card.fields.get("portrait", "") if card else ""
        if not name or name.startswith(":"):
            continue
        box = bled(r.box, plan.trim, plan.bleed) if r.props.get("bleed") else r.box
        out.append((f"{r.name} ({name}, fit {r.props.get('fit', 'contain')})",
                    _drawn(box, r.props.get("fit", "contain"), pictures[name]), box))
    return out


def _close(a, b) -> bool:
    return all(abs(u - v) <= TOL_MM for u, v in zip(a, b))


def _text_boxes(plan: gp.Plan, card: gp.Card | None) -> list[tuple[str, tuple[float, float, float, float]]]:
    W, H = plan.trim
    regions = plan.layout_regions(card.layout) if card else plan.back_regions
    out = []
    for r in regions:
        if r.kind in ("text", "index", "badge", "slots", "pips"):
            out.append((r.name, r.box))
            if r.kind == "index" and r.props.get("rotate_copy"):
                x, y, w, h = r.box
                out.append((r.name + " (turned copy)", (W - x - w, H - y - h, w, h)))
    return out


def _page_checks(plan: gp.Plan, page, card: gp.Card | None, where: str) -> None:
    left, top, right, bottom = page.boxes["TrimBox"]
    if abs((right - left) / MM - plan.trim[0]) > TOL_MM or abs((bottom - top) / MM - plan.trim[1]) > TOL_MM:
        raise Fault("readback", f"{where}: TrimBox {(right - left) / MM:.1f}×{(bottom - top) / MM:.1f} mm, "
                                f"the layout is {plan.trim[0]:g}×{plan.trim[1]:g} mm")
    got = [tuple((v - o) / MM for v, o in zip(i.box, (left, top, left, top))) for i in page.images]
    want = expected_images(plan, card)
    if len(got) != len(want):
        raise Fault("readback", f"{where}: {len(got)} pictures printed, the plan has {len(want)} "
                                f"({', '.join(w[0] for w in want) or 'none'})")
    free = list(got)
    for what, box, region in want:
        hit = next((g for g in free if _close(g, box)), None)
        if hit is None:
            near = min(free, key=lambda g: sum(abs(a - b) for a, b in zip(g, box)))
            shown = ", ".join(f"{v:.1f}" for v in near)
            short = (region[0] < 0 and near[0] > region[0] + TOL_MM) or (region[1] < 0 and near[1] > region[1] + TOL_MM)
            raise Fault("bleed" if short else "readback",
                        f"{where}: {what} printed at ({shown}) mm, the plan puts it at "
                        f"({', '.join(f'{v:.1f}' for v in box)}) mm from the trim")
        free.remove(hit)
    bleedbox = page.boxes.get("BleedBox")
    for what, box, region in want:
        if bleedbox is None or "contain" in what:
            continue
        # each side the bled region runs past the trim on must be reached by the picture, that side only
        bx0, by0, bx1, by1 = ((bleedbox[0] - left) / MM, (bleedbox[1] - top) / MM,
                              (bleedbox[2] - left) / MM, (bleedbox[3] - top) / MM)
        W, H = plan.trim
        short = [side for side, past, reached in (
            ("left", region[0] < 0, box[0] <= bx0 + TOL_MM), ("top", region[1] < 0, box[1] <= by0 + TOL_MM),
            ("right", region[0] + region[2] > W, box[2] >= bx1 - TOL_MM),
            ("bottom", region[1] + region[3] > H, box[3] >= by1 - TOL_MM)) if past and not reached]
        if short:
            raise Fault("bleed", f"{where}: {what} drawn at ({', '.join(f'{v:.1f}' for v in box)}) mm stops short "
                                 f"of the BleedBox ({bx0:.1f}, {by0:.1f}, {bx1:.1f}, {by1:.1f}) on the "
                                 f"{', '.join(short)}")
    boxes = _text_boxes(plan, card)
    for g in page.glyphs:
        x0, y0, x1, y1 = g.box()
        cx, cy = ((x0 + x1) / 2 - left) / MM, ((y0 + y1) / 2 - top) / MM
        slack = 0.5 + (g.size / MM if g.char in "、。，．" else 0.0)
        if not any(bx - slack <= cx <= bx + bw + slack and by - slack <= cy <= by + bh + slack
                   for _, (bx, by, bw, bh) in boxes):
            raise Fault("readback", f"{where}: 「{g.char}」 printed at {cx:.1f}, {cy:.1f} mm, outside every text "
                                    f"region ({', '.join(n for n, _ in boxes)})")


def _bands_reach(plan: gp.Plan, page, where: str) -> int:
    """A bleed: true band's fill runs from the BleedBox's edge: the band at the top of a face, the fill
    of a back."""
    bleedbox, trim = page.boxes.get("BleedBox"), page.boxes["TrimBox"]
    if bleedbox is None:
        raise Fault("bleed", f"{where}: no BleedBox")
    if abs((trim[0] - bleedbox[0]) / MM - plan.bleed) > TOL_MM:
        raise Fault("bleed", f"{where}: BleedBox {(trim[0] - bleedbox[0]) / MM:.1f} mm outside the trim, "
                             f"the layout's bleed is {plan.bleed:g} mm")
    fills = [p.box for p in page.paths if p.fill is not None]
    if not any(abs(b[0] - bleedbox[0]) < 0.5 and abs(b[1] - bleedbox[1]) < 0.5 and abs(b[2] - bleedbox[2]) < 0.5
               for b in fills):
        raise Fault("bleed", f"{where}: no fill reaches the BleedBox's top corners")
    return 1


def check_readback(plan: gp.Plan, root: Path, kit: Path) -> list[str]:
    cards = _physical(plan)
    faces = read_pdf(kit / "shop/cards-faces.pdf", paint=True)
    if len(faces) != len(cards):
        raise Fault("readback", f"shop/cards-faces.pdf has {len(faces)} pages for {len(cards)} cards")
    glyphs = images = bands = 0
    for page, card in zip(faces, cards):
        _page_checks(plan, page, card, f"cards-faces.pdf p{page.number} {card.id}")
        glyphs += len(page.glyphs)
        images += len(page.images)
        if any(r.name == "band" for r in plan.layout_regions(card.layout)):
            bands += _bands_reach(plan, page, f"cards-faces.pdf p{page.number} {card.id} band")
    backs = kit / "shop/cards-back.pdf"
    if backs.exists():
        pages = [(p, None) for p in read_pdf(backs, paint=True)]
    else:
        pages = list(zip(read_pdf(kit / "shop/cards-backs.pdf", paint=True), cards))
    for page, card in pages:
        where = f"{'cards-back.pdf' if card is None else 'cards-backs.pdf'} p{page.number}"
        _page_checks(plan, page, None, where)
        bands += _bands_reach(plan, page, where + " fill")
        glyphs += len(page.glyphs)
        images += len(page.images)
    return [f"{len(faces)} faces and {len(pages)} backs read back: {images} pictures at their fit: boxes, "
            f"{glyphs} glyphs inside text regions, {bands} bleed fills at the BleedBox"]


def check_raster(plan: gp.Plan, root: Path, kit: Path) -> list[str]:
    """The first face and the back: the PNG renderer's text lines on the PDF raster's pixels."""
    from pnp.commands.build import plan_game_cards
    from pnp.data.project import Project
    from pnp.render.rastercheck import compare_card_page

    game = Project(root).load_game(gp.GAME)
    plans = plan_game_cards(game)["cards"]
    faces, back = plans
    first = _physical(plan)[0]
    checked = []
    for path, card_plan, what in ((kit / "shop/cards-faces.pdf", faces[first.id], f"face {first.id}"),
                                  (kit / "shop/cards-back.pdf", back, "back")):
        if not path.exists():
            continue
        page = read_pdf(path, pages=[1])[0]
        left, top, _, _ = page.boxes["TrimBox"]
        # 200 dpi: at 150 the two rasterisers draw 5 pt digits (slot numbers) so differently in grey that a
        # one-glyph piece matched best a millimetre away (a false alarm of the check, not of the print)
        off = compare_card_page(card_plan, path, 1, left, top, page.width, page.height, dpi=200)
        if off:
            raise Fault("raster", f"{path.name} p1 ({what}): {off[0]}")
        checked.append(what)
        if card_plan is faces[first.id]:
            checked += _pictures_agree(plan, first, path, card_plan, page)
    return [f"PNG against PDF raster: {', '.join(checked)}"]


def _pictures_agree(plan: gp.Plan, card: gp.Card, path: Path, card_plan, page) -> list[str]:
    """Each picture of the face, inside the trim, the same grey in the PNG renderer's picture as in
    the PDF's raster (mean difference per pixel, 0–255)."""
    from PIL import ImageChops, ImageStat

    from pnp.render.rastercheck import render_pdf_page, render_plan

    left, top, right, bottom = page.boxes["TrimBox"]
    pdf = render_pdf_page(path, 1, 100)
    png = render_plan(card_plan, pdf.size, left, top, page.width, page.height)
    s = pdf.size[0] / page.width
    out = []
    turned = [(f"{r.name} (text turned {r.props['rotate']}°)", (r.box[0], r.box[1], r.box[0] + r.box[2], r.box[1] + r.box[3]),
               None) for r in plan.layout_regions(card.layout) if r.kind == "text" and r.props.get("rotate")]
    for what, box, _ in [*expected_images(plan, card), *turned]:
        x0, y0 = max(box[0], 0.0), max(box[1], 0.0)
        x1, y1 = min(box[2], plan.trim[0]), min(box[3], plan.trim[1])
        crop = tuple(round(v) for v in ((left + x0 * MM) * s + 2, (top + y0 * MM) * s + 2,
                                        (left + x1 * MM) * s - 2, (top + y1 * MM) * s - 2))
        if crop[2] - crop[0] < 4 or crop[3] - crop[1] < 4:
            continue
        if "turned" in what:
            # turned glyphs land a pixel apart in the two rasterisers: compare how much ink the box
            # holds (a glyph missing from one moves its mean grey by a good share of its contrast)
            a, b = ImageStat.Stat(pdf.crop(crop)), ImageStat.Stat(png.crop(crop))
            share = abs(a.mean[0] - b.mean[0]) / max(a.stddev[0], 8.0)
            if share > 0.08:
                raise Fault("raster", f"{path.name} p1: {what}: the PNG's ink differs from the PDF's by "
                                      f"{100 * share:.0f} % of the box's contrast")
        else:
            diff = ImageStat.Stat(ImageChops.difference(pdf.crop(crop), png.crop(crop))).mean[0]
            if diff > 24:
                raise Fault("raster", f"{path.name} p1: {what}: the PNG differs from the PDF by {diff:.0f}/255 "
                                      f"a pixel inside its box")
        out.append(what.split(" ")[0])
    return out
