"""A Japanese locale (LANG=ja_JP.UTF-8, no --lang, no PNP_LANG) gives Japanese everywhere: pnp build,
validate and preflight on broken hand-made projects, click's usage errors, the watch page.  Each
message line is checked for English left in it: outside the place, the field and the quoted names,
it holds Japanese and no run of English words."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from pnp.commands.scaffold import new_game
from pnp.errors import Problem
from pnp.messages import msg, set_lang

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
PLACE = re.compile(r"^\s*(?:\S+?\.(?:yaml|md|xlsx|csv|pdf)(?::\d+:\d+|:[^:\s]*![A-Z]+\d+|:\d+)?:)(?: [\w.\[\]-]+:)? ")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|「[^」]*」")
ENGLISH_RUN = re.compile(r"[A-Za-z]{2,} [A-Za-z]{2,} [A-Za-z]{2,}")


def pnp(*args, cwd: Path, locale: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """pnp run under a Japanese locale (or the locale given), without the English the test run pins."""
    env = {k: v for k, v in os.environ.items() if k not in ("PNP_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env.update(locale or {"LANG": "ja_JP.UTF-8"})
    script = "import sys; from pnp.cli import main; sys.exit(main(prog_name='pnp'))"
    return subprocess.run([sys.executable, "-c", script, *map(str, args)], cwd=cwd, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=300)


def english_left(line: str) -> str | None:
    """What in a message line is not Japanese: None when the line reads as Japanese."""
    rest = QUOTED.sub("", PLACE.sub("", line, count=1))
    if not JAPANESE.search(rest):
        return f"no Japanese in {line!r}"
    found = ENGLISH_RUN.search(rest)
    return f"English {found.group()!r} in {line!r}" if found else None


def test_the_check_of_a_line_finds_english():
    assert english_left("components/g/cards.yaml:3:5: cards[0].suit: スート 'mon' はありません") is None
    assert english_left("components/g/cards.yaml:3:5: cards[0].suit: unknown suit 'mon'") is not None
    assert english_left("g.xlsx:商品!C4: suit: スート 'mon'（did you mean this）") is not None


def typo_project(root: Path) -> Path:
    """A game with a misspelt suit, key, image and a wrong count."""
    new_game(root, "mini")
    folder = root / "components/mini"
    (folder / "img").mkdir()
    Image.new("RGB", (300, 420), "white").save(folder / "img/art-kujira.jpg")
    cards = folder / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    for old, new in [("{id: sun-1, suit: sun,", "{id: sun-1, suit: mon,"),
                     ("{id: sun-2, suit: sun, value: 2, title:", "{id: sun-2, suit: sun, value: 2, titel:"),
                     ("{id: moon-1, suit: moon, value: 1,", "{id: moon-1, suit: moon, value: 1, image: img/art-kujra.jpg,")]:
        assert old in text
        text = text.replace(old, new)
    cards.write_text(text, encoding="utf-8")
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("count: 6", "count: 7"), encoding="utf-8")
    return root


def fit_project(root: Path) -> Path:
    """A game whose text does not fit, with a character no bundled font has, and a misspelt layout in a
    second deck file."""
    new_game(root, "mini")
    cards = root / "components/mini/cards.yaml"
    text = cards.read_text(encoding="utf-8")
    text = text.replace("body: 手札を1枚引く。}", "body: " + "手札を1枚引く。" * 60 + "}")
    text = text.replace("flavor: 願いごとは三回。", "flavor: 願いごとは🐟三回。")
    cards.write_text(text, encoding="utf-8")
    return root


def message_lines(output: str) -> list[str]:
    return [line.strip() for line in output.splitlines() if PLACE.match(line)]


def test_build_and_validate_speak_japanese_under_a_japanese_locale(tmp_path):
    project = typo_project(tmp_path / "typos")
    built = pnp("build", "mini", cwd=project)
    assert built.returncode == 1 and "Traceback" not in built.stderr
    lines = message_lines(built.stderr)
    assert lines == [
        "components/mini/cards.yaml:14:17: cards[0].suit: スート 'mon' はありません（スート：sun, moon, star）"
        "（'moon' のことですか？）",
        "components/mini/cards.yaml:15:38: cards[1].titel: 不明なキー 'titel'（使えるキー：answer, back, body, by, "
        "count, fields, flavor, front, id, image, layout, provisional, question, rules, source, suit, title, value）"
        "（'title' のことですか？）",
        "components/mini/cards.yaml:16:40: cards[2].image: 画像 'img/art-kujra.jpg' がありません"
        "（'img/art-kujira.jpg' のことですか？）",
        "components/mini/game.yaml:12:5: components[0].count: 山札カード：game.yaml では 7 枚、"
        "components/mini/cards.yaml では 6 枚です",
    ], built.stderr
    checked = pnp("validate", "mini", cwd=project)
    assert checked.returncode == 1
    said = message_lines(checked.stdout)
    assert set(lines) <= set(said) and len(said) > len(lines)       # and the empty title the typo leaves
    assert [bad for bad in map(english_left, said) if bad] == []
    for row in checked.stdout.splitlines():            # every row of the table (OK, NG, --) in Japanese
        if row[:3] in ("OK ", "NG ", "-- "):
            assert JAPANESE.search(row[3:]), row


def test_fit_glyph_and_layout_problems_in_japanese(tmp_path):
    project = fit_project(tmp_path / "fit")
    built = pnp("build", "mini", cwd=project)
    assert built.returncode == 1
    lines = message_lines(built.stderr)
    assert [bad for bad in map(english_left, lines) if bad] == []
    assert any("文字が領域 'body' に収まりません：高さが" in line for line in lines), built.stderr
    assert any("文字 '🐟' (U+1F41F) がフォント gothic にありません" in line for line in lines), built.stderr
    cards = project / "components/mini/cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("layout: card-base", "layout: card-bsae"),
                     encoding="utf-8")
    built = pnp("build", "mini", cwd=project)
    assert built.returncode == 1
    [line] = message_lines(built.stderr)
    assert line.startswith("components/mini/cards.yaml:5:1: layout: テンプレート 'card-bsae' はありません（テンプレート：")
    assert line.endswith("（'card-base' のことですか？）") and english_left(line) is None


def test_broken_yaml_is_said_in_japanese(tmp_path):
    new_game(tmp_path, "mini")
    cards = tmp_path / "components/mini/cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + "  - {id: x-1, suit: sun, value: 1, title: a: b}\n",
                     encoding="utf-8")
    built = pnp("build", "mini", cwd=tmp_path)
    assert built.returncode == 1
    [line] = message_lines(built.stderr)
    assert line == ("components/mini/cards.yaml:20:44: YAML として読めません（{ } のマッピングを読んでいるところで、"
                    "「,」か「}」がありません）")


def test_preflight_speaks_japanese_under_a_japanese_locale(tmp_path):
    (tmp_path / "card.txt.pdf").write_text("not a pdf", encoding="utf-8")
    (tmp_path / "cards-shop.pdf").write_bytes(b"%PDF-1.4\n% nothing else\n")
    result = pnp("preflight", "card.txt.pdf", "cards-shp.pdf", cwd=tmp_path)
    assert result.returncode == 1
    rows = [line for line in result.stdout.splitlines() if line.strip().startswith("エラー")]
    assert len(rows) == 2, result.stdout
    assert "card.txt.pdf: PDF ではありません（ファイルが %PDF- で始まりません）" in rows[0]
    assert "cards-shp.pdf: ファイルがありません（'cards-shop.pdf' のことですか？）" in rows[1]
    unknown = pnp("preflight", "--shop", "jp-crad", "card.txt.pdf", cwd=tmp_path)
    assert unknown.returncode == 1
    assert unknown.stderr.strip() == ("印刷所のプロファイル 'jp-crad' はありません（組み込み：jp-card, jp-card-strict, jp-card-250, "
                                      "jp-card-350, fogra39, jp-card-imposed）"
                                      "（'jp-card' のことですか？）")


def test_click_usage_errors_in_japanese(tmp_path):
    result = pnp("build", "--paper", "a5", cwd=tmp_path)
    assert result.returncode == 2
    assert "使い方: pnp build [OPTIONS] [GAMES]..." in result.stderr
    assert ("エラー: '--paper' の値が正しくありません: 'a5' は使えません（'a4', 'letter', 'a3', 'b5' のどれか）。"
            in result.stderr), result.stderr
    typo = pnp("biuld", cwd=tmp_path)
    assert typo.returncode == 2 and "コマンド 'biuld' はありません。 'build' のことですか？" in typo.stderr
    english = subprocess.run([sys.executable, "-c", "import sys; from pnp.cli import main; sys.exit(main(prog_name='pnp'))",
                              "build", "--paper", "a5"], cwd=tmp_path, capture_output=True, text=True,
                             env={**os.environ, "LANG": "C.UTF-8", "PNP_LANG": ""})
    assert english.returncode == 2 and "Invalid value for '--paper'" in english.stderr


def test_the_watch_page_and_lines_in_japanese(tmp_path):
    from pnp.commands.serve import View
    set_lang("ja")
    try:
        view = View(tmp_path, tmp_path / "out")
        assert view.status == "ビルド中…"
        problem = Problem("components/g/cards.yaml", 3, 5, "cards[0].suit", msg("data.duplicate_card_id", id="a-1"))
        view.show_problems([problem], "")
        assert view.status == "問題 1 件：前回の正しいファイルはそのままです"
        body = view.body()
        assert "<h2>データの問題</h2>" in body and "カードの id &#x27;a-1&#x27; が重複しています" in body
        view.show_built(["g"], 0.5)
        assert view.status.startswith("g を 0.50 秒でビルド（")
        assert msg("watch.problems", n=2) == "問題 2 件：前回の正しいファイルはそのままです。直して保存すると、もう一度ビルドします"
    finally:
        set_lang(None)
    view = View(tmp_path, tmp_path / "out")            # pinned English (conftest) when not asked
    assert view.status == "building…"


@pytest.mark.parametrize("env", [{"LANG": "ja_JP.UTF-8"}, {"PNP_LANG": "ja", "LANG": "C"}])
def test_lang_en_overrides_a_japanese_locale_and_pnp_lang(tmp_path, env):
    project = typo_project(tmp_path / "typos")
    assert "スート 'mon' はありません" in pnp("build", "mini", cwd=project, locale=env).stderr
    result = pnp("--lang", "en", "build", "mini", cwd=project, locale=env)
    assert result.returncode == 1 and "unknown suit 'mon' (suits: sun, moon, star) (did you mean 'moon'?)" in result.stderr


def test_validate_json_carries_the_code_and_parameters_with_the_japanese_text(tmp_path):
    import json
    project = typo_project(tmp_path / "typos")
    result = pnp("validate", "mini", "--json", cwd=project)
    assert result.returncode == 1
    data = json.loads(result.stdout)
    [row] = [r for r in data["checks"] if r["check"] == "data"]
    suit = next(p for p in row["coded_problems"] if p["code"] == "data.unknown_suit")
    assert suit == {"file": "components/mini/cards.yaml", "line": 14, "col": 17, "field": "cards[0].suit",
                    "code": "data.unknown_suit",
                    "params": {"suit": "mon", "suits": "sun, moon, star", "hint": "（'moon' のことですか？）"},
                    "text": "スート 'mon' はありません（スート：sun, moon, star）（'moon' のことですか？）"}
    assert row["problems"][0] == f"components/mini/cards.yaml:14:17: cards[0].suit: {suit['text']}"
