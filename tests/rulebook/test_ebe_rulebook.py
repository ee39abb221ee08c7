"""EBE's rulebook: builds cleanly, prints the data's counts, every ruling, and breaks lines by kinsoku."""
from __future__ import annotations

from rulebook_checks import assert_counts_equal_data, assert_every_ruling_printed, assert_no_forbidden_line_start
from rulebook_checks import flat as _flat

from pnp.rulebook import check_rulebook, has_rulebook

GAME_ID = "ebe"     # fixtures game, built, pages_text: tests/rulebook/conftest.py


def test_builds_cleanly(game, built):
    assert has_rulebook(game)
    assert check_rulebook(game) == []
    out, written = built
    assert [w.path.name for w in written] == ["rulebook.pdf", "rulebook-booklet.pdf"]
    assert written[0].pages >= 16


def test_every_count_printed_equals_the_data(game, pages_text):
    text = assert_counts_equal_data(game, pages_text)
    counts = {c.name: c.count for c in game.components}
    # counts written inline with {{count:…}}
    assert f"イーバカードの山{counts['イーバカード']}枚" in text
    for name in ("資源キューブ", "武器キューブ", "ダメージトークン"):
        assert f"{name}({counts[name]}個)" in text


def test_rulings_section_has_every_ruling(game, pages_text):
    assert_every_ruling_printed(pages_text, game.rulings)


def test_no_line_starts_with_a_forbidden_character(pages_text):
    assert_no_forbidden_line_start(pages_text, skip_cover=False)


def test_shows_real_cards_and_the_station(game, pages_text):
    text = _flat("".join(pages_text))
    for caption in ("ミナトのキャラクターカード", "イベントカードの例", "ミッションカードの例", "イーバカードの例"):
        assert caption in text
    # the adjacency pairs of the station map (from the board's grid) are all listed
    board = game.part("station")
    labels = {a.id: a.label.split(" ", 1)[1] for a in board.areas}
    for a, b in board.adjacency():
        assert f"{a.upper()}{labels[a]}―{b.upper()}{labels[b]}" in text, (a, b)


def test_station_map_is_drawn_from_the_board_data(game, pages_text):
    page = next(t for t in pages_text if "ステーションマップ（A医務室" in t)
    for area in game.part("station").areas:
        assert area.label.replace(" ", "") in page.replace(" ", "")


def test_unknown_part_embed_is_an_error_with_its_line(game, tmp_path):
    import shutil
    from dataclasses import replace
    shutil.copytree(game.folder, tmp_path / "ebe")
    src = tmp_path / "ebe/rulebook/04-station.md"
    src.write_text(src.read_text(encoding="utf-8").replace("{{part station:", "{{part stations:"), encoding="utf-8")
    problems = check_rulebook(replace(game, folder=tmp_path / "ebe"))
    assert any("04-station.md" in p.file and "no part 'stations'" in p.message for p in problems)
