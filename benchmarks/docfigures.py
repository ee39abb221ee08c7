"""Figures the docs quote, each written into benchmarks/measured.json by the benchmark that measures it.

In a Markdown page (README.md, benchmarks/README.md, docs/*.md) a quoted figure stands between two marker
lines, and nothing between them is typed by hand:

    <!-- figure: bench_build -->
    | 場面 | 目標 | 実時間 | CPU 秒 |
    …
    <!-- /figure -->

    python benchmarks/bench_build.py --write      # a benchmark measures and stores its figure (with how)
    python benchmarks/docfigures.py --write       # every page's blocks made again from the file
    python benchmarks/docfigures.py --check       # exit 1 when a page's block is not the file's

tests/docs/test_figures.py runs the check, so a figure in the docs is always the one a benchmark wrote, and
recomputes the figures that are exact (the colour conversions) so a change of the code shows as drift.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MEASURED = ROOT / "benchmarks" / "measured.json"
BLOCK = re.compile(r"^<!-- figure: (?P<id>[a-z0-9_]+) -->\n(?P<text>.*?)\n?^<!-- /figure -->$", re.S | re.M)


def pages() -> list[Path]:
    return [ROOT / "README.md", ROOT / "benchmarks" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def load() -> dict[str, dict[str, Any]]:
    if not MEASURED.is_file():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(MEASURED.read_text(encoding="utf-8"))
    return data


def commit() -> str:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"], capture_output=True,
                             text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def machine() -> dict[str, Any]:
    """What the figures were measured on: the cores and the load average when the benchmark ended."""
    return {"cores": os.cpu_count(), "load_average": [round(v, 1) for v in os.getloadavg()]}


def store(figure_id: str, command: str, text: str, **facts: Any) -> None:
    """Keep a benchmark's figure (its Markdown as the docs quote it) with how it was made."""
    data = load()
    data[figure_id] = {"command": command, "commit": commit(), **facts, "text": text.rstrip("\n")}
    MEASURED.write_text(json.dumps(dict(sorted(data.items())), ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")
    print(f"wrote {figure_id} into {MEASURED.relative_to(ROOT)}; now: python benchmarks/docfigures.py --write")


def quoted() -> Iterator[tuple[Path, str, str]]:
    """(page, figure id, the text between its markers) of every figure block of the docs."""
    for page in pages():
        for m in BLOCK.finditer(page.read_text(encoding="utf-8")):
            yield page, m["id"], m["text"]


def differences(write: bool = False) -> list[str]:
    """Each block whose text is not its figure's in the file (with write: made so); figures no page quotes."""
    data = load()
    out = []
    used = set()
    for page in pages():
        text = page.read_text(encoding="utf-8")

        shown = page.relative_to(ROOT) if page.is_relative_to(ROOT) else page

        def put(m: re.Match[str], shown: Path = shown) -> str:
            fid = m["id"]
            used.add(fid)
            if fid not in data:
                out.append(f"{shown}: figure {fid!r} is in no benchmark's file ({MEASURED.name})")
                return m.group(0)
            if m["text"] != data[fid]["text"]:
                out.append(f"{shown}: figure {fid!r} differs from {MEASURED.name} "
                           f"(written by {data[fid]['command']})")
            return f"<!-- figure: {fid} -->\n{data[fid]['text']}\n<!-- /figure -->"
        made = BLOCK.sub(put, text)
        if write and made != text:
            page.write_text(made, encoding="utf-8")
    out += [f"{MEASURED.name}: figure {fid!r} is quoted by no page" for fid in sorted(set(data) - used)]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--write", action="store_true", help="make every page's figure blocks from the file")
    what.add_argument("--check", action="store_true", help="exit 1 when a page's block differs from the file")
    args = ap.parse_args()
    found = differences(write=args.write)
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
