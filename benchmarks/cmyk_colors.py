"""The colours of the bundled designs through the bundled CMYK profile, against the naive conversion pnp
used before (K = 1 − max RGB): the CMYK each gives and how far the print the profile predicts is from the
colour on screen (CIEDE2000).  The table docs/print-shops.md quotes.

    python benchmarks/cmyk_colors.py            # print the table
    python benchmarks/cmyk_colors.py --write    # store it in benchmarks/measured.json (then docfigures.py --write)

Exact (no timing): tests/docs/test_figures.py makes it again and fails when the conversion changed.
"""
from __future__ import annotations

import argparse

from pnp.render.color import default_profile, delta_e2000, srgb_lab

# the colours of the bundled designs the table shows, with what they are
COLOURS = (("#f5efe0", "探偵無宿２ の地"), ("#d9c9a3", ""), ("#c0392b", "赤"), ("#1e8449", "緑"),
           ("#6c3483", "紫"), ("#2c3e50", ""), ("#1a1410", "文字の黒"))
COMMAND = "python benchmarks/cmyk_colors.py --write"


def naive(value: str) -> tuple[float, float, float, float]:
    r, g, b = (int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))
    k = 1 - max(r, g, b)
    if k >= 1:
        return 0.0, 0.0, 0.0, 1.0
    c, m, y = ((1 - x - k) / (1 - k) for x in (r, g, b))
    return c, m, y, k


def _plates(cmyk: tuple[float, ...]) -> str:
    return " ".join(f"{p}{round(v * 100)}" for p, v in zip("CMYK", cmyk))


def table() -> str:
    profile = default_profile()
    rows = ["| 色 | 以前（K = 1 − max RGB） | ΔE | ICC | ΔE |", "|---|---|---|---|---|"]
    for value, name in COLOURS:
        screen = srgb_lab(value)
        before = naive(value)
        ink = profile.ink(value)
        label = f"`{value}`" + (f"（{name}）" if name else "")
        if ink.k_only and ink.overprint:       # text black: K100 overprinted, not a colour match
            rows.append(f"| {label} | {_plates(before)} | — | K100（スミノセ） | — |")
            continue
        rows.append(f"| {label} | {_plates(before)} | {delta_e2000(screen, profile.printed_lab(before)):.1f} | "
                    f"{_plates(ink.cmyk)} | {delta_e2000(screen, profile.printed_lab(ink.cmyk)):.1f} |")
    return "\n".join(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="store the table in benchmarks/measured.json")
    args = ap.parse_args()
    text = table()
    print(text)
    if args.write:
        import docfigures
        docfigures.store("cmyk_colors", COMMAND, text, profile=default_profile().description)


if __name__ == "__main__":
    main()
