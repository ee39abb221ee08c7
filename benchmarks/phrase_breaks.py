"""Measurement: breaks a reader trips over on the bundled games' cards, aids and parts.

    python benchmarks/phrase_breaks.py [--list] [--rulebooks] [GAME ...]

Lays out every face and back of every deck (aids are decks) and every part page of each bundled
game, twice: with the line breaking cards had before phrases (kinsoku only, ``breaks="chars"``)
and with what cards use now (``pnp.layout.textblock.CARD_BREAKS``).  Counts, per game, the soft breaks
that split a katakana word, split a number from its unit, counter or sign, or leave a line of
punctuation only (:mod:`pnp.text.breakfaults`), and the kinsoku faults (a line starting with a
character that may not start one, or ending with one that may not end one), which must stay 0.
Also counts the text blocks whose fitted size or number of lines changed between the two.
``--list`` prints every fault found.  ``--rulebooks`` also typesets each game's rulebook twice,
with ``"chars"`` and with what rulebooks use (the default, ``"units"``), counting over every
distinct paragraph the rulebook broke (at every width it was broken to while the pages settled).
Not a test.
"""
from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
GAMES = ("euphoria", "terror24", "tantei2", "ebe")
PRINTED = ("katakana", "number", "punctuation")    # "printed": these, counted once per copy the shop faces print


def _blocks(items: Any, where: str, copies: int) -> Iterator[tuple[str, Any, int]]:
    from pnp.layout.parts import Group
    from pnp.layout.plan import Rotated, TextBlock
    for it in items:
        if isinstance(it, TextBlock):
            yield where, it, copies
        elif isinstance(it, (Group, Rotated)):
            yield from _blocks(it.items, where, copies)


def text_blocks(game: Any) -> list[tuple[str, Any, int]]:
    """(where, TextBlock, copies printed) of every card side and part page of a game, in a stable
    order.  A card's copies are what the shop faces print; a deck's back is counted once."""
    from pnp.commands.build import plan_game_cards
    from pnp.commands.parts import plan_parts
    out: list[tuple[str, Any, int]] = []
    for deck_id, plans in plan_game_cards(game).items():
        faces, back = plans
        counts = {c.id: c.count for c in game.deck(deck_id).cards}
        for card_id, plan in faces.items():
            out.extend(_blocks(plan.items, f"{deck_id}/{card_id}", counts.get(card_id, 1)))
        for card_id, plan in sorted(plans.backs.items()):
            if plan is not back:
                out.extend(_blocks(plan.items, f"{deck_id}/{card_id} (back)", counts.get(card_id, 1)))
        out.extend(_blocks(back.items, f"{deck_id} (back)", 1))
    for part in plan_parts(game):
        for n, page in enumerate(part.pages, 1):
            out.extend(_blocks(page.items, f"{part.part_id} p{n}", 1))
    return out


def measure(game_name: str, breaks: str) -> tuple[dict[str, int], list[str], list[tuple[str, Any, int]]]:
    from pnp.data.project import Project
    from pnp.layout import textblock
    saved = textblock.CARD_BREAKS
    textblock.CARD_BREAKS = breaks    # type: ignore[assignment]
    try:
        blocks = text_blocks(Project(REPO).load_game(game_name))
    finally:
        textblock.CARD_BREAKS = saved
    counts, listed = _counted(blocks)
    return counts, listed, blocks


def _counted(blocks: list[tuple[str, Any, int]]) -> tuple[dict[str, int], list[str]]:
    from pnp.text.breakfaults import break_faults, count_faults
    from pnp.text.linebreak import NO_END_CHARS, NO_START_CHARS
    lines = [[pl.line for pl in b.lines] for _, b, _ in blocks]
    counts = count_faults(lines)
    kinsoku = printed = 0
    listed = []
    for (where, _, copies), ls in zip(blocks, lines):
        faults = break_faults(ls)
        printed += copies * sum(1 for f in faults if f.kind in PRINTED)
        for f in faults:
            listed.append(f"  {where}: {f}")
        for prev, ln in zip(ls, ls[1:]):     # at every soft break: the end before it, the start after it
            if prev.hard_end:
                continue
            a, b = prev.text.rstrip(" "), ln.text.lstrip(" ")
            if (a and a[-1] in NO_END_CHARS) or (b and b[0] in NO_START_CHARS):
                kinsoku += 1
                listed.append(f"  {where}: kinsoku: {a}｜{b}")
    counts["kinsoku"] = kinsoku
    counts["printed"] = printed
    return counts, listed


def rulebook_blocks(game_name: str, breaks: str) -> list[tuple[str, Any, int]]:
    """Every distinct (paragraph, width) a game's rulebook broke into lines, broken with breaks."""
    import tempfile

    from pnp.data.project import Project
    from pnp.rulebook import build_rulebook, flow
    from pnp.text import fonts
    from pnp.text.linebreak import break_spans
    seen: dict[tuple[Any, ...], Any] = {}

    def recording(spans: Any, width: float, justify: bool = True) -> Any:
        lines = break_spans(spans, width, fonts.measure, justify=justify, width_cache=flow._CACHE,
                            breaks=breaks)    # type: ignore[arg-type]
        if width < 1e5:                    # not a measuring call (one unbroken line)
            seen[(tuple(spans), width)] = lines
        return lines
    saved = flow.break_lines
    flow.break_lines = recording           # type: ignore[assignment]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            build_rulebook(Project(REPO).load_game(game_name), Path(tmp))
    finally:
        flow.break_lines = saved           # type: ignore[assignment]

    class _Block:
        def __init__(self, lines: Any) -> None:
            self.lines = [type("P", (), {"line": ln}) for ln in lines]
    return [("rulebook", _Block(lines), 1) for lines in seen.values()]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", default=list(GAMES))
    ap.add_argument("--list", action="store_true", help="print every fault found")
    ap.add_argument("--rulebooks", action="store_true", help="also count the rulebooks' lines")
    args = ap.parse_args()
    from pnp.layout import textblock
    from pnp.text.breakfaults import KINDS
    now = textblock.CARD_BREAKS
    head = f"{'game':10} {'breaks':8} {'lines':>6} {'soft':>6} " + " ".join(f"{k:>11}" for k in KINDS) + \
        f" {'printed':>8} {'kinsoku':>8} {'resized':>8} {'relined':>8}"
    print(head)
    total: dict[str, dict[str, int]] = {}
    for g in args.games:
        before, list_b, blocks_b = measure(g, "chars")
        after, list_a, blocks_a = measure(g, now)
        resized = sum(1 for (_, a, _), (_, b, _) in zip(blocks_b, blocks_a) if a.size_pt != b.size_pt)
        relined = sum(1 for (_, a, _), (_, b, _) in zip(blocks_b, blocks_a) if len(a.lines) != len(b.lines))
        for label, c, extra in (("chars", before, ""), (now, after, f" {resized:>8} {relined:>8}")):
            print(f"{g:10} {label:8} {c['lines']:>6} {c['soft breaks']:>6} "
                  + " ".join(f"{c[k]:>11}" for k in KINDS) + f" {c['printed']:>8} {c['kinsoku']:>8}" + extra)
            t = total.setdefault(label, {})
            for k, v in c.items():
                t[k] = t.get(k, 0) + v
        if args.list:
            for label, listed in (("chars", list_b), (now, list_a)):
                print(f"{g} {label}:")
                print("\n".join(listed) or "  (none)")
    for label, c in total.items():
        print(f"{'all':10} {label:8} {c['lines']:>6} {c['soft breaks']:>6} "
              + " ".join(f"{c[k]:>11}" for k in KINDS) + f" {c['printed']:>8} {c['kinsoku']:>8}")
    if args.rulebooks:
        print("\nrulebooks (every distinct paragraph and width broken while the pages settled)")
        print(head.rsplit(" printed", 1)[0] + f" {'kinsoku':>8}")
        for g in args.games:
            for label in ("chars", "units"):
                c, listed = _counted(rulebook_blocks(g, label))
                print(f"{g:10} {label:8} {c['lines']:>6} {c['soft breaks']:>6} "
                      + " ".join(f"{c[k]:>11}" for k in KINDS) + f" {c['kinsoku']:>8}")
                if args.list:
                    print("\n".join(listed) or "  (none)")


if __name__ == "__main__":
    main()
