"""The content of ``pnp sweep``'s Japanese PDF: per player count, the table of every setting's outcome
and a chart of it (win rate with 95% whiskers, rounds with p10–p90 whiskers).  The content is plain
data (``render.document``); ``render.report_pdf`` sets it on paper.  Same data → same bytes."""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..render.document import Bar, Block, GroupedBarChart, Paragraph, Section, Space, SweepReport, Table
from ..render.report_pdf import write_sweep_pdf
from .sweep import sweep_table


def _section(title: str, data: Mapping[str, Any], players: int, said: str) -> Section:
    rows = [r for r in data["rows"] if r["players"] == players]
    blocks: list[Block] = [
        Paragraph(f"設定ごとに {data['games']}ゲーム（どの設定もゲーム番号ごとに同じ種 {data['seed']} から）　"
                  f"方針 {'・'.join(data['policies'])}", "gothic", 9),
        Paragraph(said, "gothic-bold", 9.5),
        Space(2),
    ]
    head, body = sweep_table(rows)
    blocks.append(Table(tuple(head), tuple(tuple(r) for r in body)))
    labels = tuple(r["setting"] for r in rows)
    if rows[0]["cooperative"]:
        series: tuple[tuple[Bar, ...], ...] = (tuple(Bar(r["team_win_rate"]["rate"], *r["team_win_rate"]["ci"])
                                                     for r in rows),)
        names: tuple[str, ...] = ("チームの勝率",)
        chart_title = "チームの勝率（ひげは95%区間）"
    else:
        seats = len(rows[0]["seat_win_rates"])
        series = tuple(tuple(Bar(r["seat_win_rates"][k]["rate"], *r["seat_win_rates"][k]["ci"]) for r in rows)
                       for k in range(seats))
        names = tuple(f"席{k + 1}" for k in range(seats))
        chart_title = "席ごとの勝率（ひげは95%区間）"
    blocks.append(GroupedBarChart(chart_title, labels, series, names, True, 48))
    rounds = (tuple(Bar(r["rounds"]["mean"], r["rounds"]["p10"], r["rounds"]["p90"]) for r in rows),)
    blocks.append(GroupedBarChart("ラウンド数（棒は平均、ひげは p10〜p90）", labels, rounds, ("ラウンド数",), False, 36))
    return Section(f"{title}　{players}人　設定ごとの比較（sweep）", tuple(blocks))


def sweep_document(title: str, data: Mapping[str, Any]) -> SweepReport:
    """The report as records: one section (a page or more) per player count."""
    return SweepReport(title, tuple(_section(title, data, players, said)
                                    for players, said in zip(data["players"], data["answers"])))


def write_sweep_report(path: Path, title: str, data: Mapping[str, Any]) -> None:
    """Write the PDF atomically: one page (or more, for a long grid) per player count."""
    write_sweep_pdf(path, sweep_document(title, data))
