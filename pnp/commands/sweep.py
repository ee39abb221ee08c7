"""The text ``pnp sweep`` prints (the command is declared in pnp.cli.sweep): per player count, the
table of every setting's outcome, the same table the report draws (pnp.sim.sweep.sweep_table), and the
answer under it."""
from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from ..sim.sweep import sweep_table


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def table(rows: Sequence[Mapping[str, Any]]) -> list[list[str]]:
    """Header and one line per setting (cells as text) for the rows of one player count: the report's table."""
    head, body = sweep_table(rows)
    return [head, *body]


def format_sweep(data: Mapping[str, Any], title: str) -> list[str]:
    """The text ``pnp sweep`` prints: one table per player count, and the answer under it."""
    lines = []
    for players, said in zip(data["players"], data["answers"]):
        rows = [r for r in data["rows"] if r["players"] == players]
        errors = sum(r["errors"] for r in rows)
        lines.append(f"== {title}  {players}人  設定ごとに {data['games']}ゲーム（同じ種 {data['seed']}）  "
                     f"方針 {','.join(data['policies'])}" + (f"  エラー {errors}" if errors else "") + " ==")
        cells = table(rows)
        widths = [max(_width(row[i]) for row in cells) for i in range(len(cells[0]))]
        for row in cells:
            lines.append("  ".join(_pad(c, w) for c, w in zip(row, widths)).rstrip())
        lines.append(said)
        lines.append("")
    return lines
