"""Measurement: the long run of the generated-game suite (tests/usergame/test_generated_games.py).

    python benchmarks/generated_games.py [--examples N] [--seed S] [--keep DIR] [--no-raster]
                                         [--allow KNOWN_FAULT ...]

Draws N random designer projects (tests/usergame/genproject.py: card sizes, layouts with every region
kind, anchors and inheritance, turned text, ruby/bold/icons, pictures from image: and from columns
with every fit:, layouts per row, YAML/CSV/TSV decks, tracks, boards, tokens, dice, tuck boxes and a
rulebook that shows them), runs validate, build --check-print and preview on each, and judges it
(tests/usergame/gengame_oracle.py).  Prints the examples run, the outcomes by class, and for each
kind of fault found how often it came and the smallest example that showed it, written out as a
project under --keep (default: generated-faults/) so `pnp build gen --project DIR --check-print`
reproduces it.  --allow turns on inputs the generator steers around while a known fault is being
fixed (genproject.KNOWN_FAULTS).  Every example is a new project in a temporary folder: nothing is
shared between examples.  Not a test.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "usergame"))

import genproject as gp  # noqa: E402
from gengame_oracle import FAULTS, Outcome, judge  # noqa: E402
from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402


def plan_size(plan: gp.Plan) -> int:
    """How much there is to read in a reproducer: regions, cards, their text, parts."""
    return (len(plan.regions) + len(plan.child_overrides) + 3 * len(plan.cards) + 5 * len(plan.parts)
            + sum(len(c.body) + len(c.title) for c in plan.cards) // 10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--examples", type=int, default=200)
    ap.add_argument("--seed", type=int, default=37)
    ap.add_argument("--keep", type=Path, default=Path("generated-faults"))
    ap.add_argument("--no-raster", action="store_true", help="skip the PNG-against-PDF comparison (faster)")
    ap.add_argument("--allow", action="append", default=[], choices=sorted(gp.KNOWN_FAULTS))
    args = ap.parse_args()
    for name in args.allow:
        gp.ALLOW[name] = True
    outcomes: Counter[str] = Counter()
    smallest: dict[str, tuple[int, gp.Plan, Outcome]] = {}
    started = time.perf_counter()

    @settings(max_examples=args.examples, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @seed(args.seed)
    @given(gp.plans())
    def one(plan: gp.Plan) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            outcome = judge(plan, Path(tmp), raster=not args.no_raster)
        outcomes[outcome.kind] += 1
        n = sum(outcomes.values())
        if outcome.fault:
            size = plan_size(plan)
            if outcome.kind not in smallest or size < smallest[outcome.kind][0]:
                smallest[outcome.kind] = (size, plan, outcome)
        if n % 20 == 0:
            print(f"  … {n} examples, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

    one()
    total = sum(outcomes.values())
    elapsed = time.perf_counter() - started
    print(f"generated projects: {total} examples (seed {args.seed}) in {elapsed:.0f} s "
          f"({elapsed / max(total, 1):.2f} s each)")
    print("known faults steered around: " + (", ".join(n for n, on in gp.ALLOW.items() if not on) or "none"))
    print("outcomes:")
    for kind in ("ok", "error", *FAULTS):
        if outcomes[kind]:
            print(f"  {kind:10} {outcomes[kind]:5}  {100 * outcomes[kind] / total:5.1f} %")
    faults = {k: v for k, v in outcomes.items() if k not in ("ok", "error")}
    print(f"faults: {sum(faults.values())} in {len(faults)} kinds")
    for kind, (_, plan, outcome) in sorted(smallest.items()):
        folder = args.keep / kind
        shutil.rmtree(folder, ignore_errors=True)
        gp.write_project(plan, folder)
        print(f"\n[{kind}] {faults[kind]} examples; the smallest, written to {folder}:")
        print(f"  {outcome.detail}")
        print(f"  reproduce: pnp build {gp.GAME} --project {folder} --out {folder}/out --check-print")


if __name__ == "__main__":
    main()
