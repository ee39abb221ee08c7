"""EBE's rulebook: builds cleanly, prints the data's counts, every ruling, and breaks lines by kinsoku."""
from __future__ import annotations

import re
import unicodedata

from pnp.rulebook import check_rulebook, has_rulebook, stated_counts
from pnp.text.linebreak import NO_START_CHARS

GAME_ID = "ebe"     # fixtures game, built, pages_text: tests/rulebook/conftest.py


def _flat(text: str) -> str:
    return unicodedata.normalize("NFKC", text).replace(" ", "").replace("\n", "")


def test_builds_cleanly(game, built):
    assert has_rulebook(game)
    assert check_rulebook(game) == []
    out, written = built
    assert [w.path.name for w in written] == ["rulebook.pdf", "rulebook-booklet.pdf"]
    assert written[0].pages >= 16


def test_every_count_printed_equals_the_data(game, pages_text):
    counts = {c.name: c.count for c in game.components}
    text = _flat("".join(pages_text))
    names = "|".join(sorted(map(re.escape, counts), key=len, reverse=True))
    found = re.findall(rf"({names})[（(](\d+)(?:枚|個)?[）)]", text)
    # the component list prints every component once at least
    assert {n for n, _ in found} == set(counts)
    for name, number in found:
        assert int(number) == counts[name], (name, number)
    assert all(n == counts[name] for _, _, name, n in stated_counts(game))
    # counts written inline with {{count:…}}
    assert f"イーバカードの山{counts['イーバカード']}枚" in text
    for name in ("資源キューブ", "武器キューブ", "ダメージトークン"):
        assert f"{name}({counts[name]}個)" in text


def test_rulings_section_has_every_ruling(game, pages_text):
    from pnp.games.ebe import RULINGS
    start = next(i for i, t in enumerate(pages_text) if i > 2 and "■補足・裁定" in t.replace(" ", ""))
    section = _flat("".join(pages_text[start:]))
    for rid, sentence in RULINGS:
        assert _flat(sentence) in section, rid


def test_no_line_starts_with_a_forbidden_character(pages_text):
    bad = []
    for n, text in enumerate(pages_text, 1):
        for line in text.splitlines():
            line = line.strip()
            if line and line[0] in NO_START_CHARS:
                bad.append((n, line))
    assert bad == []


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
    from dataclasses import replace
    import shutil
    shutil.copytree(game.folder, tmp_path / "ebe")
    src = tmp_path / "ebe/rulebook/04-station.md"
    src.write_text(src.read_text(encoding="utf-8").replace("{{part station:", "{{part stations:"), encoding="utf-8")
    problems = check_rulebook(replace(game, folder=tmp_path / "ebe"))
    assert any("04-station.md" in p.file and "no board or track 'stations'" in p.message for p in problems)
