"""Sampled tests (tests/conftest.py): a test marked @pytest.mark.sampled(K) runs K of its cases by
default — the same ones every run, shared out over its first parameter's values (every game) — and
reports the rest as deselected; all of them with PNP_TEST_ALL=1."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET = "tests/render/test_printed_text.py::test_home_sheets_print_every_glyph_where_the_layout_measured_it"


def collected(all_cases: bool) -> tuple[list[str], str]:
    env = {k: v for k, v in os.environ.items() if k != "PNP_TEST_ALL"}
    if all_cases:
        env["PNP_TEST_ALL"] = "1"
    r = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", "-o", "addopts=",
                        "tests/render/test_printed_text.py"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    return [ln for ln in lines if ln.startswith(TARGET + "[")], lines[-1]


def test_a_sampled_test_runs_an_even_spread_of_its_cases_and_all_of_them_on_request():
    every, summary_all = collected(True)
    some, summary = collected(False)
    assert len(every) == 18 and "deselected" not in summary_all
    assert len(some) == 6 and some[0] == every[0] and set(some) <= set(every)
    assert some == collected(False)[0]                                  # the same six, run after run
    assert {re.search(r"\[(\w+)-", c).group(1) for c in some} == {"terror24", "tantei2", "euphoria", "ebe"}
    assert re.search(r"(\d+) deselected", summary) and int(re.search(r"(\d+) deselected", summary).group(1)) == 36
