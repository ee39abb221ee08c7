"""The reports as records: sim/ decides what a report says (pnp.render.document), render/ sets it on
paper.  The records carry the figures a designer reads; the PDF drawn from them shows those figures."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from report_toy_engine import ToyEngine

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.render.document import (
    BarChart,
    ChartRow,
    GroupedBarChart,
    Heading,
    NewPage,
    Paragraph,
    Report,
    Space,
    Table,
    Title,
)
from pnp.render.report_pdf import write_report_pdf, write_sweep_pdf
from pnp.sim.labels import report_labels
from pnp.sim.metrics import summarize
from pnp.sim.report import report_document, write_report
from pnp.sim.runner import Batch, run_games
from pnp.sim.sweep import grid, parse_axes, run_sweep, sweep_table
from pnp.sim.sweep_report import sweep_document

ROOT = Path(__file__).resolve().parents[2]
MM = 72 / 25.4


def pdf_pages(path: Path) -> list[str]:
    return [(p.extract_text() or "").replace("\n", "").replace(" ", "") for p in PdfReader(path).pages]


def toy_summary(engine, players=3, games=40):
    batch = Batch(players, ("random",), games, seed=5, variant="standard", options={})
    return summarize(engine, run_games(engine, batch), batch)


def charts(report: Report) -> list[BarChart]:
    return [c for b in report.blocks if isinstance(b, ChartRow) for c in b.charts]


def test_the_report_is_records_with_the_summary_figures():
    engine = ToyEngine(labels={"done": "決着"})
    s = toy_summary(engine)
    report = report_document("トイ", [s], labels=report_labels(engine, [s]))
    assert report.blocks[:2] == (NewPage(), Title("トイ 試遊レポート", 8))
    assert Title("トイ　3人", 7) in report.blocks
    assert sum(isinstance(b, NewPage) for b in report.blocks) == 3   # page 1, the figures, the 3-player page
    [seats] = [c for c in charts(report) if c.title.startswith("席ごとの勝率")]
    assert seats.labels == ("1番席", "2番席", "3番席")
    assert seats.values == tuple(r["rate"] for r in s["seat_win_rates"])
    assert seats.intervals == tuple(tuple(r["ci"]) for r in s["seat_win_rates"])
    assert seats.percent and seats.reference == pytest.approx(1 / 3)
    assert all(1 <= len(b.charts) <= 2 for b in report.blocks if isinstance(b, ChartRow))
    # one end reason and one length: sentences instead of charts with one bar
    assert s["length_histogram"] == {0: 40}
    assert not [c for c in charts(report) if c.title == "終了理由" or c.title.startswith("ゲームの長さ")]
    said = [b.text for b in report.blocks if isinstance(b, Paragraph)]
    assert any(t.startswith("終了理由：決着") for t in said)
    assert any(t.startswith("ゲームの長さ") and "すべて 0" in t and "（40ゲーム）" in t for t in said)
    [table] = [b for b in report.blocks if isinstance(b, Table) and "偶然なら" in b.header]
    assert table.widths is not None and sum(table.widths) == 100
    assert report.listing is None


def test_the_open_questions_are_a_listing_indented_as_written():
    engine = ToyEngine()
    s = toy_summary(engine, games=10)
    report = report_document("トイ", [s], ["■ 席順", "", "  Q1 先手は有利？", "   メモ"],
                             labels=report_labels(engine, [s]))
    assert report.listing is not None and report.listing.title == "設計者への質問（未回答）"
    lines = report.listing.lines
    assert [(ln.text, ln.font) for ln in lines] == [("■ 席順", "gothic-bold"), ("", "mincho"),
                                                    ("Q1 先手は有利？", "gothic-bold"), ("メモ", "mincho")]
    assert [ln.indent_mm for ln in lines] == [0, 0, pytest.approx(2.4), pytest.approx(3.6)]


def test_the_pdf_shows_what_the_records_say(tmp_path):
    engine = ToyEngine(labels={"done": "決着"})
    s = toy_summary(engine)
    out = tmp_path / "r.pdf"
    write_report(out, "トイ", [s], ["■ 席順", "Q1 先手は有利？"], labels=report_labels(engine, [s]))
    pages = pdf_pages(out)
    report = report_document("トイ", [s], ["■ 席順", "Q1 先手は有利？"], labels=report_labels(engine, [s]))
    assert len(pages) == sum(isinstance(b, NewPage) for b in report.blocks) + 1   # + the questions' page
    text = "".join(pages)
    for c in charts(report):
        assert c.title.replace(" ", "") in text
    assert pages[-1].startswith("設計者への質問（未回答）") and "Q1先手は有利？" in pages[-1]
    # the same records give the same bytes
    again = tmp_path / "again.pdf"
    write_report_pdf(again, report)
    assert again.read_bytes() == out.read_bytes()


def test_a_cooperative_report_charts_the_team_and_the_rounds():
    engine = ToyEngine(cooperative=True, labels={"won": "勝ち", "lost_pick": "選び違い", "fav_by_round": "有利な席"})
    s = toy_summary(engine, games=60)
    report = report_document("トイ", [s], labels=report_labels(engine, [s]))
    assert not [c for c in charts(report) if c.title.startswith(("席ごとの勝率", "方針ごとの勝率"))]
    [by_round] = [c for c in charts(report) if c.title.startswith("有利な席（ラウンドの終わりの平均")]
    tab = s["by_round"]["fav_by_round"]
    assert by_round.intervals == tuple((tab[k]["p10"], tab[k]["p90"]) for k in tab)
    assert by_round.values == tuple(tab[k]["mean"] for k in tab) and not by_round.percent


def test_a_hand_built_report_is_drawn_in_order(tmp_path):
    """render/ draws records without a study: two charts side by side, each half the text width."""
    chart = BarChart("勝率", ("A", "B"), (0.25, 0.75), ((0.1, 0.4), (0.6, 0.9)), percent=True, reference=0.5)
    report = Report("手作り", (NewPage(), Title("手作り", 8), Heading("見出し"), Paragraph("本文です。"),
                               Space(2), Table(("列1", "列2"), (("あ", "い"),), (50, 50)),
                               ChartRow((chart, BarChart("回数", ("1回", "2回"), (3, 5))))))
    out = tmp_path / "h.pdf"
    write_report_pdf(out, report)
    [page] = pdf_pages(out)
    order = [page.index(w) for w in ("手作り", "見出し", "本文です。", "列1", "勝率", "回数")]
    assert order == sorted(order)
    reader = PdfReader(out)
    assert [round(float(v) / MM) for v in reader.pages[0].mediabox[2:]] == [210, 297]


def test_a_table_without_widths_is_refused_by_the_flowing_report(tmp_path):
    report = Report("x", (NewPage(), Table(("a",), (("b",),))))
    with pytest.raises(ValueError, match="column widths|列の幅"):
        write_report_pdf(tmp_path / "x.pdf", report)


def test_the_sweep_report_is_records_with_the_sweep_figures(tmp_path):
    engine = make_engine(Project(ROOT).load_game("terror24"))
    settings = grid(engine, parse_axes(engine, ["standard"], ["hands=2,3"]))
    data = run_sweep(engine, settings, [3], ("random",), 6, 3)
    doc = sweep_document("テラー", data)
    [section] = doc.sections
    assert section.heading == "テラー　3人　設定ごとの比較（sweep）"
    [table] = [b for b in section.blocks if isinstance(b, Table)]
    head, body = sweep_table(data["rows"])
    assert table.header == tuple(head) and table.rows == tuple(tuple(r) for r in body)
    wins, rounds = [b for b in section.blocks if isinstance(b, GroupedBarChart)]
    assert wins.names == ("席1", "席2", "席3") and wins.percent and wins.height_mm == 48
    assert [[b.value for b in series] for series in wins.series] == [
        [r["seat_win_rates"][k]["rate"] for r in data["rows"]] for k in range(3)]
    assert [(b.value, b.low, b.high) for b in rounds.series[0]] == [
        (r["rounds"]["mean"], r["rounds"]["p10"], r["rounds"]["p90"]) for r in data["rows"]]
    out = tmp_path / "s.pdf"
    write_sweep_pdf(out, doc)
    reader = PdfReader(out)
    assert [round(float(v) / MM) for v in reader.pages[0].mediabox[2:]] == [297, 210]   # landscape A4
    text = "".join(pdf_pages(out))
    for words in (section.heading, "席ごとの勝率（ひげは95%区間）", "ラウンド数（棒は平均、ひげはp10〜p90）",
                  *(r["setting"] for r in data["rows"])):
        assert words.replace(" ", "") in text, words
