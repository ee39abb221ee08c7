"""Issue 29, "Reliability, second review: hostile inputs" — silent misprints in YAML data and export.

What the designer typed is what the card prints: YAML 1.1's other readings of numbers (1:30 as 90,
010 as 8, 0x1F as 31, 1_000 as 1000) and Unicode NFC's replacement of compatibility ideographs
(神 U+FA19 → 神 U+795E) changed it silently.  `pnp export` cells that a spreadsheet runs as formulas are
quoted, and read back as typed."""
from __future__ import annotations

import csv
import json

import pdfplumber

from .conftest import run_capped
from .sheetbombs import sheet_project

MEMORY = 1024 ** 3


def yaml_deck(tmp_path, cards_yaml: str, count: int):
    project = sheet_project(tmp_path, "cards.csv", cards=count)
    deck = project / "components/mini/cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards: {from: cards.csv}\n", "cards:\n" + cards_yaml),
                    encoding="utf-8")
    return project


def inspect_cards(project):
    run = run_capped("inspect", "mini", "--json", cwd=project, seconds=60, memory=MEMORY)
    assert run.returncode == 0, run.stdout + run.stderr
    return json.loads(run.stdout)["decks"][0]["cards"]


def _values(tmp_path, typed: list[str]) -> list:
    """The value inspect reads from each card of a deck whose cards have these values, one a card (one
    pnp run for all the forms)."""
    cards = "".join(f"  - {{id: a{i}, title: 朝, suit: sun, value: {t}}}\n" for i, t in enumerate(typed))
    return [card["value"] for card in inspect_cards(yaml_deck(tmp_path, cards, len(typed)))]


def test_a_yaml_1_1_number_form_prints_as_typed(tmp_path):
    typed = ["1:30", "010", "0x1F", "1_000", "0b11", "1_000.5", "190:20:30.15", "0:1"]
    assert _values(tmp_path, typed) == typed


def test_plain_numbers_stay_numbers(tmp_path):
    assert _values(tmp_path, ["12", "-3", "0", "+4"]) == [12, -3, 0, 4]


def test_a_count_in_a_yaml_1_1_form_is_reported_not_read_as_another_number(tmp_path):
    """count: 010 was 8 cards."""
    project = yaml_deck(tmp_path, "  - {id: a, title: 朝, suit: sun, value: 1, count: 010}\n", 8)
    run = run_capped("inspect", "mini", cwd=project, seconds=60, memory=MEMORY)
    said = run.stdout + run.stderr
    assert run.returncode == 1 and "Traceback" not in said, said
    assert "components/mini/cards.yaml:" in said and "count" in said and "'010'" in said, said


def test_compatibility_ideographs_print_as_typed(tmp_path):
    """神 U+FA19 and 塚 U+FA10 (旧字体 forms the font draws differently) were printed as 神 U+795E and 塚 U+585A."""
    project = yaml_deck(tmp_path, "  - {id: a, title: \"\ufa19社と\ufa10\", suit: sun, value: 1, body: \"e\u0301\"}\n",
                        1)
    (card,) = inspect_cards(project)
    assert card["title"] == "\ufa19社と\ufa10"
    run = run_capped("build", "mini", "--out", "out", cwd=project, seconds=120, memory=2 * MEMORY)
    assert run.returncode == 0, run.stderr
    with pdfplumber.open(project / "out/mini/cards-sheets.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "\ufa19" in text and "\ufa10" in text and "\u795e" not in text and "\u585a" not in text, text
    assert "\u00e9" in text          # other text is still composed (e + U+0301 prints one glyph, é)


def test_a_quotation_in_compatibility_ideographs_still_matches_the_draft(tmp_path):
    from pnp.data.ledger import plain_text
    assert plain_text("\ufa19社") == plain_text("\u795e社")


def test_export_quotes_cells_a_spreadsheet_would_run_as_formulas(tmp_path):
    hyperlink = '=HYPERLINK("http://example.com/x","押す")'
    project = yaml_deck(tmp_path, f"  - {{id: a, title: '{hyperlink}', suit: sun, value: '+2 点', body: '@SUM(A1)'}}\n"
                                  "  - {id: b, title: '-ハイフン', suit: sun, value: -3, body: \"'=すでに引用符\"}\n", 2)
    run = run_capped("export", "mini", "cards", "--out", "components/mini/back.csv", cwd=project, memory=MEMORY)
    assert run.returncode == 0, run.stderr
    with open(project / "components/mini/back.csv", encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert [(r["title"], r["value"], r["body"]) for r in rows] == [
        ("'" + hyperlink, "'+2 点", "'@SUM(A1)"), ("'-ハイフン", "-3", "''=すでに引用符")]
    deck = project / "components/mini/cards.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text[:text.index("cards:\n")] + "cards: {from: back.csv}\n", encoding="utf-8")
    cards = inspect_cards(project)
    assert [(c["title"], c["value"]) for c in cards] == [(hyperlink, "+2 点"), ("-ハイフン", -3)]


def test_a_two_level_markdown_list_prints_in_two_levels(tmp_path):
    """「- 外\n  - 内」 was flattened into one list of equal items."""
    from .conftest import project_with
    project = project_with(tmp_path, "euphoria")
    (project / "components/euphoria/rulebook/08-list.md").write_text(
        "---\nsource: 以下の手順に従って、ゲームを進行させてください。\n---\n# 入れ子の一覧\n\n"
        "- 外の項目いち\n  - 内の項目いち\n  - 内の項目に\n- 外の項目に\n\n"
        "1. 番号いち\n   1. 下の番号いち\n   2. 下の番号に\n2. 番号に\n", encoding="utf-8")
    run = run_capped("build", "euphoria", "--rulebook-only", "--out", "out", cwd=project, seconds=300,
                     memory=3 * MEMORY)
    assert run.returncode == 0, run.stderr[-2000:]
    starts = {}
    with pdfplumber.open(project / "out/euphoria/rulebook.pdf") as pdf:
        for page in pdf.pages:
            for line in page.extract_text_lines():
                for label in ("外の項目いち", "内の項目いち", "内の項目に", "外の項目に", "番号いち", "下の番号いち",
                              "下の番号に", "番号に"):
                    if line["text"].endswith(label) and label not in starts:
                        starts[label] = (line["text"], round(line["x0"], 1))
    assert starts["内の項目いち"][1] == starts["内の項目に"][1] > starts["外の項目いち"][1] + 10
    assert starts["外の項目いち"][1] == starts["外の項目に"][1]
    assert starts["下の番号いち"][0].startswith("1.") and starts["下の番号に"][0].startswith("2.")
    assert starts["番号に"][0].startswith("2.") and starts["下の番号いち"][1] > starts["番号いち"][1] + 10
