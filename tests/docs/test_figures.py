"""Figures in the docs are generated, never typed: every figure block of README.md, benchmarks/README.md and
docs/*.md is the text a benchmark stored in benchmarks/measured.json (with how it was measured), every stored
figure is quoted, and the exact ones (the CMYK conversions) are made again here, so a change of the code
that moves them fails until the benchmark is run again."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _bench(name: str):
    if str(ROOT / "benchmarks") not in sys.path:
        sys.path.insert(0, str(ROOT / "benchmarks"))     # the scripts import docfigures as a sibling
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_every_figure_block_is_the_benchmarks_and_every_figure_is_quoted():
    docfigures = _bench("docfigures")
    assert docfigures.differences() == [], "run the benchmark with --write, then python benchmarks/docfigures.py --write"
    quoted = {fid for _, fid, _ in docfigures.quoted()}
    assert {"bench_build", "bench_validate", "cmyk_colors"} <= quoted


def test_each_stored_figure_says_how_it_was_made():
    data = _bench("docfigures").load()
    for fid, fig in data.items():
        assert fig["command"].startswith("python benchmarks/") and "--write" in fig["command"], fid
        assert fig["commit"] and fig["text"], fid
    build = data["bench_build"]
    assert build["cores"] >= 1 and len(build["load_average"]) == 3
    assert f"load average {build['load_average'][0]}" in build["text"]


def test_the_colour_table_is_what_the_conversion_gives_now():
    cmyk = _bench("cmyk_colors")
    assert cmyk.table() == _bench("docfigures").load()["cmyk_colors"]["text"], \
        "the CMYK conversion changed: python benchmarks/cmyk_colors.py --write && python benchmarks/docfigures.py --write"


def test_a_hand_edited_figure_is_found(tmp_path, monkeypatch):
    docfigures = _bench("docfigures")
    page = tmp_path / "page.md"
    text = (ROOT / "docs" / "print-shops.md").read_text(encoding="utf-8")
    page.write_text(text.replace("| 1.8 |", "| 1.7 |", 1), encoding="utf-8")
    monkeypatch.setattr(docfigures, "pages", lambda: [page])
    found = docfigures.differences()
    assert any("figure 'cmyk_colors' differs" in line for line in found)
    assert any("figure 'bench_build' is quoted by no page" in line for line in found)
    docfigures.differences(write=True)
    assert page.read_text(encoding="utf-8") == text
