"""Measurement: how the bundled rulebooks read as Japanese typesetting, from the written PDFs.

    python benchmarks/typeset_audit.py [--list] [GAME ...]
    python benchmarks/typeset_audit.py --pdf rulebook.pdf [--list]

Builds each game's rulebook (A5) into a temporary folder and reads it back with pdfplumber — what a
reader sees, not what the layout meant — counting, per game:

* ``short last lines``: the last line of a paragraph, list item, table cell, box or heading, after a
  full line of the same block, holding fewer than :data:`MIN_LAST_LETTERS` (2) characters that are
  not punctuation or fewer than :data:`MIN_LAST_ALL` (4) characters in all (「す。」「ん）。」「る。」」
  「ます。」); ``one-char`` of those hold a single letter (the rest punctuation);
* ``heading word breaks``: a heading (a line set wholly in bold: ■◇○ headings, a Q&A question)
  wrapped where no phrase (BudouX) starts, or between two kanji or a kanji and its kana — inside a
  word (「同｜じ」「枚数ず｜つ」「枚｜数」);
* ``katakana splits``: a line ends with a katakana letter and the paragraph's next line starts with
  one (プレ｜イヤー) — except between two words of a compound the line breaker knows
  (:data:`pnp.text.linebreak.KATAKANA_WORDS`: スタート｜プレイヤー), which are counted apart as
  ``compound breaks`` (not a fault: the breaker takes one only where moving the whole compound would
  spread its line by more than 0.12 em);
* ``number splits``: a number parted from its unit or counter (「1｜マス」), a sign from its number
  (「＋｜2」), or a range cut after its 〜 (「2〜｜5点」);
* ``thin table splits``: a table continued on the next page with fewer than two body rows on either
  side (a header and one row at a page foot), and ``uneven table splits``: the parts drawn at
  different widths;
* ``figure refs``: a sentence pointing down at a figure (「下の図」「次の図」…) with no figure's
  caption below it on the same page.

Two lines belong to one paragraph when they have the same size, the second starts at the first's
left edge (or up to 1.5 em left of it: a first-line indent) one line pitch (1.3–1.9 em) below it, and
the first reaches further right.  Tables are found by their tinted header band with its top rule.
``--list`` prints every case found.  Not a test (tests/rulebook/test_jlreq_setting.py asserts the
counts are 0).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
GAMES = ("euphoria", "terror24", "tantei2", "ebe")
KINDS = ("short last lines", "one-char", "heading word breaks", "katakana splits", "number splits", "thin table splits",
         "uneven table splits", "figure refs")            # faults
INFO = ("compound breaks",)                                # counted, not faults
MIN_SIZE = 6.5          # smaller print is a card face inside a figure, not running text
GREY = (0.419608, 0.419608, 0.419608)       # captions (pnp.rulebook.flow.GREY)
FIGURE_WORDS = ("下の図", "次の図", "以下の図", "下図")
RANGE = "〜～"
MIN_LAST_LETTERS = 2    # a block's last line: at least this many characters other than punctuation
MIN_LAST_ALL = 4        # … and at least this many in all (pnp.text.linebreak.BOOK_LAST_LINE)


@dataclass
class Seg:
    """A run of characters on one baseline with no gap wider than an em."""
    page: int
    x0: float
    x1: float
    top: float
    size: float
    text: str
    grey: bool
    bold: bool = False


@dataclass
class TablePart:
    page: int
    x0: float
    x1: float
    top: float
    bottom: float
    body_rows: int
    head: str
    cols: tuple[float, ...] = field(default=())


def is_katakana(c: str) -> bool:
    o = ord(c)
    return 0x30A1 <= o <= 0x30FA or c == "ー" or 0xFF66 <= o <= 0xFF9F


def is_kanji(c: str) -> bool:
    return 0x4E00 <= ord(c) <= 0x9FFF or 0x3400 <= ord(c) <= 0x4DBF or c in "々〆"


def is_digit(c: str) -> bool:
    return "0" <= c <= "9" or "０" <= c <= "９"


def is_letter(c: str) -> bool:
    return unicodedata.category(c).startswith("L") or 0x3300 <= ord(c) <= 0x33FF


def is_content(c: str) -> bool:
    return unicodedata.category(c)[0] not in "PZC"


def segments(page: Any, number: int) -> list[Seg]:
    chars = [c for c in page.chars if c["size"] >= MIN_SIZE and c["text"].strip()]
    rows: dict[float, list[dict[str, Any]]] = {}
    for c in chars:             # by baseline: a smaller run set on the same line is part of it
        rows.setdefault(round(c["matrix"][5], 1), []).append(c)
    out = []
    for _, cs in sorted(rows.items(), reverse=True):
        cs.sort(key=lambda c: c["x0"])
        size = Counter(round(c["size"], 2) for c in cs).most_common(1)[0][0]
        run = [cs[0]]
        for c in cs[1:]:
            if c["x0"] - run[-1]["x1"] > size:
                out.append(_seg(run, number))
                run = []
            run.append(c)
        out.append(_seg(run, number))
    out.sort(key=lambda s: (s.top, s.x0))
    return out


def _seg(run: list[dict[str, Any]], number: int) -> Seg:
    colour = run[0].get("non_stroking_color")
    grey = isinstance(colour, (tuple, list)) and len(colour) == 3 and all(abs(a - b) < 0.01 for a, b in zip(colour, GREY))
    size = Counter(round(c["size"], 2) for c in run).most_common(1)[0][0]
    top = min(c["top"] for c in run if round(c["size"], 2) == size)
    letters = [c for c in run if is_content(c["text"])]
    bold = bool(letters) and all("Bold" in c["fontname"] for c in letters)
    return Seg(number, run[0]["x0"], run[-1]["x1"], top, size, "".join(c["text"] for c in run), grey, bold)


def follows(a: Seg, b: Seg) -> bool:
    """b is the line after a in the same paragraph."""
    if abs(a.size - b.size) > 0.01:
        return False
    pitch = b.top - a.top
    if not 1.3 * a.size <= pitch <= 1.9 * a.size:
        return False
    # a list item's first line starts with its marker, the lines after it under its text
    return a.x0 - 1.6 * a.size <= b.x0 <= a.x0 + 2.2 * a.size and a.x1 > b.x1 - 0.3 * a.size


def _toc_entry(a: Seg, segs: list[Seg]) -> bool:
    """A 目次 entry: a page number stands on its baseline further right, after the leader."""
    return any(s.top == a.top and s.x0 > a.x1 and s.text.isdigit() for s in segs)


def pairs(segs: list[Seg]) -> list[tuple[Seg, Seg]]:
    out = []
    for i, a in enumerate(segs):
        if _toc_entry(a, segs):
            continue
        for b in segs[i + 1:]:
            if b.top - a.top > 1.9 * a.size:
                break
            if follows(a, b):
                out.append((a, b))
                break
    return out


def line_faults(segs: list[Seg]) -> list[tuple[str, str]]:
    out = []
    for a, b in pairs(segs):
        at, bt = a.text.rstrip(), b.text.lstrip()
        if not at or not bt:
            continue
        p, n = at[-1], bt[0]
        nxt = [s for s in segs if s is not b and follows(b, s)]
        letters = sum(1 for c in bt if is_content(c))
        if (letters < MIN_LAST_LETTERS or len(bt) < MIN_LAST_ALL) and not nxt and a.x1 - a.x0 > 8 * a.size:
            out.append(("short last lines", f"{at[-8:]}｜{bt}"))
            if letters <= 1:
                out.append(("one-char", f"{at[-8:]}｜{bt}"))
        if a.bold and b.bold and not phrase_break(at + bt, len(at)):
            out.append(("heading word breaks", f"{at[-8:]}｜{bt[:8]}"))
        if is_katakana(p) and is_katakana(n):
            from pnp.text.linebreak import compound_boundary
            kind = "compound breaks" if compound_boundary(at + bt, len(at)) else "katakana splits"
            out.append((kind, f"{at[-8:]}｜{bt[:8]}"))
        elif ((is_digit(p) and is_letter(n)) or (p in "＋－−±×+-第" and is_digit(n))
              or (p in RANGE and len(at) > 1 and is_digit(at[-2]) and is_digit(n))):
            out.append(("number splits", f"{at[-8:]}｜{bt[:8]}"))
    return out


def phrase_break(text: str, k: int) -> bool:
    """A line break at k falls between two phrases (BudouX), give or take the punctuation next to it
    (a phrase may start at 「）」 or end before 「（」) — and not between two kanji or a kanji and the
    kana after it, where the model sometimes starts one (「同じ枚｜数ずつ」)."""
    from pnp.text.linebreak import phrase_starts
    if 0 < k < len(text) and is_kanji(text[k - 1]) and (is_kanji(text[k]) or "ぁ" <= text[k] <= "ゖ"):
        return False
    return any(not any(is_content(c) for c in text[min(p, k):max(p, k)]) for p in phrase_starts(text))


def tables(page: Any, number: int, segs: list[Seg]) -> list[TablePart]:
    """Table parts on a page: a filled header band with a rule along its top, the rules below it at the
    same left and right edges."""
    lines = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.5]
    out = []
    for r in page.rects:
        if not r["fill"] or r["stroke"] or r["x1"] - r["x0"] < 40:
            continue
        edges = sorted(ln["top"] for ln in lines if abs(ln["x0"] - r["x0"]) < 0.5 and abs(ln["x1"] - r["x1"]) < 0.5)
        if not any(abs(t - r["top"]) < 0.5 for t in edges):
            continue
        below = [t for t in edges if t > r["bottom"] + 0.5]
        rows, last = [], r["bottom"]
        for t in below:                          # the rules of this table: each row's height apart
            if t - last > 6 * 9:
                break
            rows.append(t)
            last = t
        head = [s for s in segs if r["top"] <= s.top <= r["bottom"] and r["x0"] - 1 <= s.x0 <= r["x1"]]
        cols = tuple(round(s.x0 - r["x0"], 1) for s in head)
        out.append(TablePart(number, r["x0"], r["x1"], r["top"], last, len(rows),
                             " ".join(s.text for s in head), cols))
    return out


def table_faults(parts: list[TablePart], body_extent: dict[int, tuple[float, float]]) -> list[tuple[str, str]]:
    out = []
    by_page: dict[int, list[TablePart]] = {}
    for t in parts:
        by_page.setdefault(t.page, []).append(t)
    for t in parts:
        top, bottom = body_extent.get(t.page, (0.0, 0.0))
        if t.bottom < bottom - 1:            # something follows the table on its page: not split here
            continue
        nxt = [u for u in by_page.get(t.page + 1, []) if u.head == t.head
               and abs(u.top - body_extent.get(t.page + 1, (0.0, 0.0))[0]) < 20]
        if not nxt:
            continue
        u = nxt[0]
        where = f"p{t.page}–{u.page} 「{t.head}」 {t.body_rows}+{u.body_rows} rows"
        if t.body_rows < 2 or u.body_rows < 2:
            out.append(("thin table splits", where))
        if abs((t.x1 - t.x0) - (u.x1 - u.x0)) > 0.5 or t.cols != u.cols:
            out.append(("uneven table splits", f"{where}, {t.x1 - t.x0:.1f} / {u.x1 - u.x0:.1f} pt wide"))
    return out


def figure_faults(segs: list[Seg]) -> list[tuple[str, str]]:
    out = []
    for s in segs:
        if s.grey:
            continue
        for w in FIGURE_WORDS:
            if w in s.text:
                if not any(c.grey and c.top > s.top for c in segs):
                    out.append(("figure refs", f"p{s.page} 「{s.text[:24]}」"))
                break
    return out


def audit_pdf(path: Path) -> tuple[Counter[str], list[tuple[str, str]]]:
    import pdfplumber
    found: list[tuple[str, str]] = []
    parts: list[TablePart] = []
    extent: dict[int, tuple[float, float]] = {}
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            segs = segments(page, number)
            # the running head and the folio are outside the body's frame
            body = [s for s in segs if 0.08 * page.height < s.top < 0.93 * page.height]
            found += [(k, f"p{number} {w}") for k, w in line_faults(body)]
            found += figure_faults(body)
            tps = tables(page, number, body)
            parts += tps
            tops = [s.top for s in body] + [t.top for t in tps]
            bottoms = [s.top + s.size for s in body] + [t.bottom for t in tps]
            if tops:
                extent[number] = (min(tops), max(bottoms))
    found += table_faults(parts, extent)
    counts = Counter({k: 0 for k in KINDS + INFO})
    counts.update(k for k, _ in found)
    return counts, found


def build(game_id: str, folder: Path) -> Path:
    from pnp.data.project import Project
    from pnp.rulebook import parse_rulebook
    from pnp.rulebook.book import typeset
    doc, _ = parse_rulebook(Project(REPO).load_game(game_id))
    typeset(doc, "a5", folder / "rulebook.pdf", None)
    return folder / "rulebook.pdf"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", default=list(GAMES))
    ap.add_argument("--pdf", type=Path, help="audit this rulebook PDF instead of building the games'")
    ap.add_argument("--list", action="store_true", help="print every case found")
    args = ap.parse_args(argv)
    sources: list[tuple[str, Path]] = []
    with tempfile.TemporaryDirectory() as tmp:
        if args.pdf:
            sources.append((args.pdf.name, args.pdf))
        else:
            for g in args.games:
                folder = Path(tmp) / g
                folder.mkdir()
                sources.append((g, build(g, folder)))
        print(f"{'game':10}" + "".join(f"{k:>21}" for k in KINDS + INFO))
        for name, path in sources:
            counts, found = audit_pdf(path)
            print(f"{name:10}" + "".join(f"{counts[k]:>21}" for k in KINDS + INFO))
            if args.list:
                for k, w in found:
                    print(f"    {k}: {w}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
