"""`pnp validate` says every problem at once, as the README promises (全部まとめて), and each once.

Written as a designer met them: a deck in a spreadsheet (goods.xlsx, sheet 商品) with four mistakes
took three validate runs to see; the same cell came out twice, a glyph error pointed at the id cell, a
typo in ``defaults: suit`` was said on every card, and 1,200 sample games failing alike were listed
one by one."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from sheetfiles import write_xlsx

from pnp.cli import main
from pnp.commands.scaffold import new_game

HEADER = ["id", "title", "suit", "value", "body", "flavor", "count"]
GOOD = [
    ["sun-1", "朝焼け", "sun", 1, "手札を1枚引く。", None, None],
    ["sun-2", "真昼", "sun", 2, "「太陽」のカードを1枚捨ててもよい。", None, None],
    ["moon-1", "三日月", "moon", 1, "次の手番、数字を1大きく扱う。", None, None],
    ["moon-2", "満月", "moon", 2, "全員、手札を1枚左隣に渡す。", None, None],
    ["star-1", "流れ星", "star", 1, "山札の上から1枚を見る。", "願いごとは三回。", None],
    ["star-2", "北極星", "star", 2, "このカードは何のスートとしても扱える。", None, None],
]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))


def spreadsheet_game(root, rows):
    """A game whose deck is read from goods.xlsx, sheet 商品 (as the designer's)."""
    new_game(root, "mini", csv=True)
    folder = root / "components/mini"
    (folder / "cards.csv").unlink()
    deck = folder / "cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards: {from: cards.csv}",
                                                             "cards: {from: goods.xlsx, sheet: 商品}"), encoding="utf-8")
    write_xlsx(folder / "goods.xlsx", {"商品": [HEADER] + rows})
    return folder


def four_mistakes():
    rows = [r[:] for r in GOOD]
    rows[1][6] = "２"                                   # G3: a count typed with the input method on
    rows[2][2] = "mon"                                  # C4: a suit that does not exist
    rows[3][5] = "月に🐟が泳ぐ"                         # F5: a character no bundled font has
    rows[4][4] = "山札の上から1枚を見る。" * 30          # E6: a body that cannot fit
    return rows


def rows(output: str) -> list[str]:
    """The check rows (the sample games' progress lines on stderr left out)."""
    return [line[:40] for line in output.splitlines() if line[:3] in ("OK ", "NG ", "-- ")]


def problem_lines(output: str) -> list[str]:
    """The problems listed under the rows (the ・ items of what is provisional left out)."""
    return [line.strip() for line in output.splitlines() if line.startswith("      ") and line[6:7] != "・"]


def test_four_spreadsheet_mistakes_come_out_in_one_validate(tmp_path):
    spreadsheet_game(tmp_path, four_mistakes())
    result = run("validate", "mini", "--project", tmp_path)
    assert result.exit_code == 1, result.output
    lines = problem_lines(result.output)
    sheet = "components/mini/goods.xlsx:商品!"
    assert lines == [
        f"{sheet}G3: count: expected integer, got str '２' (full-width digits: write 2 in half-width digits)",
        f"{sheet}C4: suit: unknown suit 'mon' (suits: sun, moon, star) (did you mean 'moon'?)",
        f"{sheet}F5: flavor: character '🐟' (U+1F41F) is not in font gothic",       # the flavour's cell, not A5
        f"{sheet}E6: body: text does not fit region 'body': needs 53.7 mm of height, has 22.0 mm at 6.5 pt",
    ], result.output
    assert "goods.xlsx:3:" not in result.output and "goods.xlsx:5:" not in result.output   # one cell, one name


def test_the_same_mistakes_after_fixing_them_validate_clean(tmp_path):
    spreadsheet_game(tmp_path, [r[:] for r in GOOD])
    result = run("validate", "mini", "--project", tmp_path)
    assert result.exit_code == 0, result.output


def test_a_typo_in_defaults_suit_is_said_once_at_the_default(tmp_path):
    rows = [[r[0], r[1], None, r[3], r[4], r[5], r[6]] for r in GOOD]     # no card names its suit
    folder = spreadsheet_game(tmp_path, rows)
    deck = folder / "cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards: {from", "defaults: {suit: sunn}\ncards: {from"),
                    encoding="utf-8")
    result = run("validate", "mini", "--project", tmp_path)
    assert result.exit_code == 1
    lines = problem_lines(result.output)
    assert len(lines) == 1, result.output
    assert re.fullmatch(r"components/mini/cards\.yaml:\d+:\d+: defaults\.suit: unknown suit 'sunn' .*", lines[0])


def test_a_region_no_card_fills_is_said_once_at_the_layout(tmp_path):
    spreadsheet_game(tmp_path, [r[:] for r in GOOD])
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts/my-card.yaml").write_text(
        "id: my-card\nextends: card-base\nface:\n  regions:\n    note:\n      kind: text\n      x: 5mm\n"
        "      y: 70mm\n      w: 50mm\n      h: 8mm\n      field: fields.note\n      size: 8pt\n      overlap: true\n",
        encoding="utf-8")
    deck = tmp_path / "components/mini/cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("layout: card-base", "layout: my-card"), encoding="utf-8")
    result = run("validate", "mini", "--project", tmp_path)
    assert result.exit_code == 1
    lines = problem_lines(result.output)
    assert len(lines) == 1, result.output          # not once on each of the 6 cards
    assert lines[0].startswith("layouts/my-card.yaml:5:5: note.field: field 'fields.note' is empty on every card")


def test_a_card_too_wide_for_three_papers_is_said_once_naming_them(tmp_path):
    spreadsheet_game(tmp_path, [r[:] for r in GOOD])
    deck = tmp_path / "components/mini/cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("layout: card-base",
                                                             "layout: card-base\nsize: {width: 230mm, height: 205mm}"),
                    encoding="utf-8")
    result = run("validate", "mini", "--project", tmp_path)
    assert result.exit_code == 1
    sizes = [line for line in problem_lines(result.output) if line.startswith("components/mini/cards.yaml:1:1: size:")]
    assert len(sizes) == 1, result.output
    # A3 takes it in long-edge duplex, not folded; turned it fits no other paper either: each paper named
    # once, with the way it does not fit
    assert sizes[0].endswith("card does not fit on the paper inside 8 mm margins, upright or turned "
                             "(--paper a4; --paper letter; --paper a3 --duplex fold; --paper b5)"), sizes[0]


def engine_game(root, name="mini"):
    """The game `pnp new --engine` writes: a deck and a rules engine (engine.py)."""
    new_game(root, name, engine=True)
    return root / "components" / name


def broken_engine(folder, message="得点の計算で失敗"):
    engine = folder / "engine.py"
    engine.write_text(engine.read_text(encoding="utf-8") + f"""

def _broken(self, s, action):
    raise RuntimeError({message!r})


TrickEngine.apply = _broken
""", encoding="utf-8")


def test_sample_games_failing_alike_are_one_line_with_the_count_and_first_seeds(tmp_path):
    folder = engine_game(tmp_path)
    broken_engine(folder)
    result = run("validate", "mini", "--games", "20", "--project", tmp_path)
    assert result.exit_code == 1
    text = result.output
    samples = text[text.index("試遊（シード付きサンプルゲーム）"):].splitlines()
    found = [line.strip() for line in samples[1:] if line.startswith("      ")]
    found = found[:next((i for i, line in enumerate(samples[1:]) if not line.startswith("      ")), len(found))]
    assert len(found) == 1, text
    assert re.search(r"RuntimeError: 得点の計算で失敗 — (\d+) ゲーム（(\d+) 構成）で同じ問題；最初の例: \d人 \[\w+\] game 0 "
                     r"\(seed \d+\)", found[0]), found[0]
    games, configs = map(int, re.search(r"— (\d+) ゲーム（(\d+) 構成）", found[0]).groups())
    assert games == 20 * configs
    data = json.loads(run("validate", "mini", "--games", "20", "--json", "--project", tmp_path).output)
    row = next(c for c in data["checks"] if c["check"] == "samples")
    assert len(row["problems"]) == 1 and len(row["every_problem"]) == games     # --json keeps every game


def test_static_checks_of_every_game_come_before_any_sample_game(tmp_path):
    engine_game(tmp_path)
    engine_game(tmp_path, "second")
    result = run("validate", "--games", "2", "--project", tmp_path)
    assert result.exit_code == 0, result.output
    rows = [line.split()[1:3] for line in result.output.splitlines() if line[:3] in ("OK ", "NG ", "-- ")]
    order = [label for _, label in rows]
    last_static = max(i for i, label in enumerate(order) if label.startswith(("データ", "ルールブック", "設計者の台帳")))
    first_engine = min(i for i, label in enumerate(order) if label.startswith("試遊"))
    assert last_static < first_engine, result.output
    assert {game for game, _ in rows} == {"mini", "second"}


def test_without_games_the_sample_size_is_set_by_time_and_said(tmp_path):
    engine_game(tmp_path)
    result = run("validate", "mini", "--project", tmp_path)
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if "試遊（シード付きサンプルゲーム）" in line)
    assert "秒分、--games N で増やせます" in line
    fixed = run("validate", "mini", "--games", "3", "--fresh", "--project", tmp_path)
    assert "構成 × 3 ゲーム、例外・不変条件違反なし" in fixed.output


def test_an_unchanged_game_is_not_validated_again_and_says_so(tmp_path):
    folder = engine_game(tmp_path)
    first = run("validate", "mini", "--games", "2", "--project", tmp_path)
    assert first.exit_code == 0 and "入力に変更なし" not in first.output
    again = run("validate", "mini", "--games", "2", "--project", tmp_path)
    assert again.exit_code == 0 and "入力に変更なし" in again.output.splitlines()[0]
    assert rows(again.output)[1:] == rows(first.output)[1:]
    broken_engine(folder)                        # a changed engine is a changed input
    changed = run("validate", "mini", "--games", "2", "--project", tmp_path)
    assert changed.exit_code == 1 and "入力に変更なし" not in changed.output
    fresh = run("validate", "mini", "--games", "2", "--fresh", "--project", tmp_path)
    assert fresh.exit_code == 1


def test_japanese_messages_keep_the_place_and_field_first(tmp_path, monkeypatch):
    """The README, help and reports are Japanese: `pnp --lang ja` (or PNP_LANG=ja) words the messages so too."""
    spreadsheet_game(tmp_path, four_mistakes())
    result = run("--lang", "ja", "validate", "mini", "--project", tmp_path)
    assert result.exit_code == 1
    sheet = "components/mini/goods.xlsx:商品!"
    assert problem_lines(result.output) == [
        f"{sheet}G3: count: 整数を書くところに文字列 '２' があります（全角の数字です。半角で 2 と書いてください）",
        f"{sheet}C4: suit: スート 'mon' はありません（スート：sun, moon, star）（'moon' のことですか？）",
        f"{sheet}F5: flavor: 文字 '🐟' (U+1F41F) がフォント gothic にありません",
        f"{sheet}E6: body: 文字が領域 'body' に収まりません：高さが 53.7 mm 要りますが、6.5 pt で 22.0 mm しかありません",
    ], result.output
    assert "unknown suit" in run("validate", "mini", "--project", tmp_path).output     # English unless asked
    monkeypatch.setenv("PNP_LANG", "ja")
    built = run("build", "mini", "--project", tmp_path, "--out", tmp_path / "out")
    assert built.exit_code == 1 and f"{sheet}C4: suit: スート 'mon' はありません" in built.output


def test_japanese_messages_of_yaml_mistakes(tmp_path):
    new_game(tmp_path, "mini")
    deck = tmp_path / "components/mini/cards.yaml"
    text = deck.read_text(encoding="utf-8")
    text = text.replace("{id: sun-2, suit: sun, value: 2,", "{id: sun-2, suit: sun, value: 2, colour: red,")
    deck.write_text(text, encoding="utf-8")
    game = tmp_path / "components/mini/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("count: 6", "count: 7"), encoding="utf-8")
    result = run("--lang", "ja", "validate", "mini", "--project", tmp_path)
    lines = problem_lines(result.output)
    # a key the schema does not know is left out: the count is still compared, in the same run
    assert lines == [
        "components/mini/cards.yaml:15:38: cards[1].colour: 不明なキー 'colour'（使えるキー：answer, back, body, by, count, "
        "fields, flavor, front, id, image, layout, provisional, question, rules, source, suit, title, value）",
        "components/mini/game.yaml:12:5: components[0].count: 山札カード：game.yaml では 7 枚、"
        "components/mini/cards.yaml では 6 枚です",
    ], result.output
    deck.write_text(text.replace("colour: red,", "").replace("mark: star}", "mark: sparkle}"), encoding="utf-8")
    result = run("--lang", "ja", "validate", "mini", "--project", tmp_path)
    assert problem_lines(result.output)[0].startswith("components/mini/cards.yaml:12:43: suits[2].mark: 'sparkle' は使えません"
                                                      "（circle, square,")


def test_a_glyph_in_a_card_the_rulebook_shows_is_said_once_at_the_flavour(tmp_path, repo):
    """The card is drawn on its sheet and as a figure in both rulebook sizes: one problem, one line,
    at the column where the flavour text starts (not the card's first key)."""
    import shutil
    shutil.copytree(repo / "components/terror24", tmp_path / "components/terror24")
    deck = tmp_path / "components/terror24/detectives.yaml"
    lines = deck.read_text(encoding="utf-8").splitlines()
    no = next(i for i, line in enumerate(lines) if "{id: scotch-0," in line)
    lines[no] = lines[no].replace("flavor: 冷静沈着なベテラン。", "flavor: 冷静沈着な🐟ベテラン。")
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("validate", "terror24", "--project", tmp_path)
    assert result.exit_code == 1
    col = lines[no].index("冷静沈着な🐟") + 1
    assert problem_lines(result.output) == [
        f"components/terror24/detectives.yaml:{no + 1}:{col}: flavor: character '🐟' (U+1F41F) is not in font gothic-bold"
    ], result.output
