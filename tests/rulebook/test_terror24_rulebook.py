"""The terror24 rulebook: it builds, the 目次 is right, counts equal the data, every ruling is printed,
and no printed line starts with a character kinsoku forbids at a line start."""
from __future__ import annotations

from rulebook_checks import (
    assert_counts_equal_data,
    assert_every_ruling_printed,
    assert_no_forbidden_line_start,
    assert_toc_lands,
)

import pnp.games.terror24 as engine
from pnp.rulebook import check_rulebook, has_rulebook

GAME_ID = "terror24"     # fixtures game, built, pages_text: tests/rulebook/conftest.py


def test_rulebook_is_clean_and_builds(game, built):
    assert has_rulebook(game)
    assert check_rulebook(game) == []
    out, written = built
    assert [(w.kind, w.path.name) for w in written] == [("rulebook", "rulebook.pdf"),
                                                         ("rulebook-booklet", "rulebook-booklet.pdf")]
    assert all(w.path.exists() for w in written)
    assert written[0].pages >= 12


def test_toc_headings_land_on_their_pages(pages_text):
    assert_toc_lands(pages_text, ("概要", "コンポーネント", "ゲームの準備", "ハンドの進行", "配置フェイズ",
                                  "捜査フェイズ", "解決フェイズ", "ハンド終了", "2ハンド目：スキル",
                                  "3ハンド目：最終ハンド", "ゲームの終了と勝敗", "バリアント：メモのスキル案",
                                  "補足・裁定"))


def test_every_count_printed_equals_the_data(game, pages_text):
    assert_counts_equal_data(game, pages_text)


def test_rulings_section_holds_every_ruling(game, pages_text):
    assert len(game.rulings) >= 20
    assert_every_ruling_printed(pages_text, game.rulings)


def test_no_line_starts_with_a_forbidden_character(pages_text):
    # page 1 is the cover: its fan of rotated cards extracts as scrambled glyphs, not lines of text
    assert_no_forbidden_line_start(pages_text)


# ---------------------------------------------------------------- worked examples checked by the engine

def _examples(game):
    from pnp.rulebook.markup import parse_rulebook
    from pnp.sim.examples import rulebook_examples
    doc, _ = parse_rulebook(game)
    return rulebook_examples(doc)


def test_every_example_with_an_outcome_replays_to_what_it_says(game):
    from pnp.sim.examples import check_example
    E = engine.make_engine(game)
    found = _examples(game)
    assert {f.rsplit("/", 1)[-1] for f, _, _ in found} == {"06-example.md", "07-later-hands.md"}
    assert len(found) == 3
    for file, line, script in found:
        assert check_example(E, script, file, line) == []


def test_a_wrong_claim_in_an_example_fails_with_file_and_line(game):
    """「順位の決定では、CとBが捜査力7で並びます。1枚目の数字はCが4、Bが3なので、Cが1位」: claiming B
    first must fail, naming the example's file and line."""
    from pnp.sim.examples import check_example
    E = engine.make_engine(game)
    file, line, script = next(x for x in _examples(game) if x[0].endswith("06-example.md"))
    wrong = {**script, "expect": {**script["expect"], "first": "B"}}
    problems = check_example(E, wrong, file, line)
    assert len(problems) == 1
    text = str(problems[0])
    assert text.startswith(f"{file}:{line}:") and "first" in text and "'B'" in text and "'C'" in text


def test_an_impossible_example_position_fails(game):
    """A detective has one 6-hour card (「１〜２、４〜６（時間）が各１枚ずつ」): two 6s are impossible."""
    from pnp.sim.examples import check_example
    E = engine.make_engine(game)
    file, line, script = next(x for x in _examples(game) if x[0].endswith("06-example.md"))
    setup = {**script["setup"], "cards": {**script["setup"]["cards"], "A": [6, 6]}}
    problems = check_example(E, {**script, "setup": setup}, file, line)
    assert len(problems) == 1 and "impossible position" in str(problems[0])
    # a 5 cannot be kept (「数字が５でない」１枚)
    file, line, script = next(x for x in _examples(game) if x[0].endswith("07-later-hands.md"))
    setup = {**script["setup"], "kept": {"A": ["hijack-5"]}}
    problems = check_example(E, {**script, "setup": setup}, file, line)
    assert len(problems) == 1 and "keeps a 5" in str(problems[0])
