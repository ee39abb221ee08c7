"""A duplex calibration page: print it on both sides, hold it against the light, and read the back's
offset off the front's scales.  The numbers printed are what to pass as ``--back-offset dx,dy``."""
from __future__ import annotations

from pathlib import Path

from ..files import atomic_path
from ..layout.sheet import paper_size
from ..units import mm
from .pdf import PdfPainter, new_canvas

SPAN_MM = 5          # the scales read −5 … +5 mm
STEP_MM = 0.5


def write_calibration(path: Path, paper: str = "a4", duplex: str = "long", cmyk: bool = False) -> int:
    pw, ph = paper_size(paper)
    cx, cy = pw / 2, ph / 2
    # A printer that shifts the back by (δx, δy) in the back's own coordinates shows, seen through
    # the front, the back's lines at (−δx, −δy) on a long-edge flip (x mirrored, y up on the front
    # means down on the back's y-down offsets) and at (+δx, +δy) on a short-edge flip.  The fix to
    # pass is (−δx, −δy), so each scale mark is labelled with its position times this sign.
    sign = 1 if duplex == "long" else -1
    with atomic_path(path) as tmp:
        c = new_canvas(tmp, (pw, ph), "両面印刷の位置合わせ", cmyk)
        p = PdfPainter(c, cmyk)
        # front: two scales crossing at the centre
        for i in range(-int(SPAN_MM / STEP_MM), int(SPAN_MM / STEP_MM) + 1):
            v = i * STEP_MM
            long_tick = i % 2 == 0
            p.hairline(cx + mm(v), cy + mm(20), cx + mm(v), cy + mm(20) + (mm(4) if long_tick else mm(2)), 0.3)
            p.hairline(cx - mm(20), cy + mm(v), cx - mm(20) - (mm(4) if long_tick else mm(2)), cy + mm(v), 0.3)
            if i % 10 == 0:        # labels at −5, 0, +5 mm: the ticks between are 0.5 mm apart
                p.label(f"{sign * v:+g}", cx + mm(v) - mm(1.5), cy + mm(26), 6)
                p.label(f"{sign * v:+g}", cx - mm(33), cy + mm(v) - mm(0.8), 6)
        p.hairline(cx - mm(12), cy, cx + mm(12), cy, 0.3)
        p.hairline(cx, cy - mm(12), cx, cy + mm(12), 0.3)
        lines = [
            "両面印刷の位置合わせ（表）",
            f"この PDF を両面（{'長辺とじ' if duplex == 'long' else '短辺とじ'}）・実際のサイズで印刷し、光にかざして見ます。",
            "裏の太い縦線が上の目盛りのどこに重なるかが dx、横線が左の目盛りのどこに重なるかが dy です。",
            "pnp build --back-offset dx,dy（単位 mm）と指定すると、裏面をその分ずらして出力します。",
        ]
        for k, text in enumerate(lines):
            p.label(text, mm(20), ph - mm(25) - k * mm(6), 9 if k == 0 else 7.5)
        c.showPage()
        # back: one bold line across each scale, where a perfect printer puts them behind the scales
        if duplex == "long":     # x mirrored: the left scale lies behind x > centre
            p.hairline(cx, cy + mm(15), cx, cy + mm(30), 1.2)
            p.hairline(cx + mm(15), cy, cx + mm(30), cy, 1.2)
        else:                    # y mirrored: the upper scale lies behind y < centre
            p.hairline(cx, cy - mm(15), cx, cy - mm(30), 1.2)
            p.hairline(cx - mm(15), cy, cx - mm(30), cy, 1.2)
        p.label("両面印刷の位置合わせ（裏）", mm(20), ph - mm(25), 9)
        c.showPage()
        c.save()
    return 2
