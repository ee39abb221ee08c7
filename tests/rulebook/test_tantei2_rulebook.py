"""The tantei2 (探偵無宿２) rulebook: it builds, the 目次 is right, counts equal the data, every ruling is
printed in 補足・裁定, the hand-written tables agree with the YAML, and no printed line starts with a
character kinsoku forbids at a line start."""
from __future__ import annotations

from rulebook_checks import (
    assert_counts_equal_data,
    assert_every_ruling_printed,
    assert_no_forbidden_line_start,
    assert_toc_lands,
)

import pnp.games.tantei2 as engine
from pnp.rulebook import check_rulebook, has_rulebook, stated_counts

GAME_ID = "tantei2"     # fixtures game, built, pages_text, body_text: tests/rulebook/conftest.py


def test_rulebook_is_clean_and_builds(game, built):
    assert has_rulebook(game)
    assert check_rulebook(game) == []
    out, written = built
    assert [(w.kind, w.path.name) for w in written] == [("rulebook", "rulebook.pdf"),
                                                         ("rulebook-booklet", "rulebook-booklet.pdf")]
    assert all(w.path.exists() for w in written)
    assert written[0].pages >= 16


def test_toc_headings_land_on_their_pages(pages_text):
    assert "目次" in pages_text[1]
    assert_toc_lands(pages_text, ("概要", "ゲームの流れ", "コンポーネント", "カードの見かた", "ゲームの準備",
                                  "選択ルール：「私」のスキル", "ゲームの進行", "ラウンド開始", "メインフェイズ",
                                  "ラウンド終了", "犠牲者の選定", "告命灯の除去", "ゲーム終了チェック", "再セットアップ",
                                  "人物と「私」の一覧", "補足・裁定"))


def test_every_count_printed_equals_the_data(game, pages_text):
    text = assert_counts_equal_data(game, pages_text)
    counts = {c.name: c.count for c in game.components}
    assert len(stated_counts(game)) >= 6
    # numbers the prose relies on
    assert counts["告命灯"] == engine.MAX_LAMPS
    assert f"{engine.WIN_VP}VP以上" in text and f"{engine.DEATHS_TO_END}人以上" in text
    assert f"{engine.HAND_START}枚ずつ配ります" in text
    assert f"{engine.FIRST_LAMP_SPACE}枚目の場所" in text


def test_rulings_section_holds_every_ruling(game, pages_text):
    assert len(game.rulings) >= 15
    assert_every_ruling_printed(pages_text, game.rulings)


def _table(md: str, header: str) -> list[list[str]]:
    """The body rows of a table; card text is quoted in the rulebook (「あなたは1枚引く。」), so a
    quoted cell compares by what is inside the quotation marks."""
    lines = md.splitlines()
    i = lines.index(header)
    rows = []
    for ln in lines[i + 2:]:
        if not ln.startswith("|"):
            break
        cells = [c.strip() for c in ln.strip("|").split("|")]
        rows.append([c[1:-1] if c.startswith("「") and c.endswith("」") else c for c in cells])
    return rows


def test_tables_agree_with_the_data(game, repo):
    md = (repo / "components/tantei2/rulebook/08-lists.md").read_text(encoding="utf-8")
    persons = game.deck("persons")
    colors = {"purple": "紫", "red": "赤", "blue": "青", "yellow": "黄", "green": "緑", "white": "白",
              "orange": "橙", "black": "黒"}
    base = [c for c in persons.cards if not c.rules.get("awake")]
    awake = {c.rules["person"]: c for c in persons.cards if c.rules.get("awake")}
    assert _table(md, "| 人物 | 色 | アクション |") == [
        [c.title, colors[c.rules["color"]], c.body.removeprefix("アクション：")] for c in base]
    assert _table(md, "| 人物 | 覚醒アクション |") == [
        [c.title, awake[c.rules["person"]].body.removeprefix("覚醒アクション：")
         if c.rules["person"] in awake else "なし（覚醒しない）"] for c in base]
    watashi = game.deck("watashi")
    assert _table(md, "| 「私」 | 職業 | スキル |") == [
        [c.title, c.fields["role"], c.body.removeprefix("【スキル】")] for c in watashi.cards]
    # the event breakdown: serial ranges, kind and VP
    rows = _table(md, "| 通し番号 | 種類 | VP |")
    by_serial = {c.rules["serial"]: c.rules for c in game.deck("events").cards}
    seen = set()
    for serials, kind, vp in rows:
        nums = []
        for part in serials.split("、"):
            a, _, b = part.partition("〜")
            nums += range(int(a), int(b or a) + 1)
        for n in nums:
            r = by_serial[n]
            seen.add(n)
            want = "配置" if r["type"] == "placed" else "即時"
            if r.get("flash"):
                want += "・［閃き］"
            if r.get("ongoing"):
                want += "（常時の効果つき）"
            elif r["type"] == "placed" and r.get("effect"):
                want += "（配置時の効果つき）"
            assert kind == want, (n, kind, want)
            assert vp == (f"{r['vp']}VP" if r.get("vp") else "なし"), (n, vp)
    assert seen == set(by_serial)
    death = sorted(n for n, r in by_serial.items() if r.get("death"))
    black = sorted(n for n, r in by_serial.items() if "black" in r.get("cost", []))
    flat = md.replace(" ", "")
    groups = dict.fromkeys(tuple(by_serial[n]["death"]) for n in death)
    assert all(len(g) == 1 for g in groups)
    assert "死亡条件のあるカード：" + "、".join(
        "・".join(str(n) for n in death if tuple(by_serial[n]["death"]) == g)
        + f"（{persons.card(g[0]).title.replace(' ', '')}）" for g in groups) + "。" in flat
    assert "黒のコストが要るカード：" + "・".join(map(str, black)) + "。" in flat


def test_no_line_starts_with_a_forbidden_character(body_text):
    assert sum(len(t) for t in body_text) > 10_000
    assert_no_forbidden_line_start(body_text)


def test_round_cap_is_an_engine_safeguard_never_printed(game, pages_text):
    """Ruling round-cap (a 100-round cap) is not a rule of the draft: the engine keeps it, the rulebook
    never prints it."""
    cap = next(r for r in game.rulings if r.id == "round-cap")
    assert not cap.printed and f"{engine.ROUND_CAP}ラウンド" in cap.text
    text = "".join(pages_text).replace(" ", "").replace("\n", "")
    assert f"{engine.ROUND_CAP}ラウンド" not in text
    assert "補足・裁定には印刷しません" in text          # its question stays, in 設計者への質問
    assert "round-cap" in engine.RULING_IDS


def test_substitute_cost_and_tie_break_are_printed_as_the_draft_writes_them(pages_text):
    """Draft: 「【捜査線】上にないコストを、推理によって１つだけ生み出すことができます」 and 「通し番号のより
    小さいイベントカードを【手帳】に配置している方が勝利します」 — the rulebook no longer says 「黒以外の好きな
    色」 nor narrows the tie-break to face-up cards."""
    text = "".join(pages_text).replace(" ", "").replace("\n", "")
    rules = text[:text.rindex("■設計者への質問")]       # the questions quote the earlier reading on purpose
    assert "【捜査線】に1枚もない色のコストを1つだけ生み出せます" in rules
    assert "【捜査線】にすでにある色は、代用コストでは生み出せません" in rules
    assert "黒以外の好きな色" not in rules and "黒以外の好きな色" in text[len(rules):]
    assert "より小さい通し番号のイベントカードを手帳に配置しているプレイヤーが勝ちます" in text
    assert "手帳に表向きで置いているイベントカードの通し番号" not in text
