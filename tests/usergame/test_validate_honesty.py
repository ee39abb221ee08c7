"""`pnp validate` says OK only about what it looked at (issue: with 897 of 900 games crashing it printed
「エンジンの共通検査 OK … 再生 0 ゲーム」, 「得点トラックの長さ OK 3 ゲーム中 100.00%」 and 確定化 `NG
ZeroDivisionError` with no file, line or seed).  Every engine check that plays games counts the games
it played and those that stopped; a check with a stopped game is NG with the counts, the engine's
file:line and a `pnp play` command that plays that game again.  And a wrong count in game.yaml blames
game.yaml, not a rulebook that agrees with the cards."""
from __future__ import annotations

import json
import re

from owngame import GAME, add_component, add_score_track, edit, new_game, run, write

from pnp.commands.validate import MIN_TRACK_GAMES, score_track_verdict
from pnp.errors import PnpError

RAISE = "            s.tricks[0] = 1 // 0\n"

HOOKS = '''

def _information_set(self, s, seat):
    t = s.clone()
    others = [p for p in range(s.n) if p != seat]
    pool = sorted(t.stock + [c for p in others for c in t.hands[p]])
    for p in others:
        k = len(t.hands[p])
        t.hands[p], pool = pool[:k], pool[k:]
    t.stock = pool
    return t


TrickEngine.information_set = _information_set
TrickEngine.determinize = lambda self, info, seat, rng: self.redeal(info, seat, rng)
'''


def crashing(tmp_path, hooks: bool = True):
    """The scaffold, whose first lead of a game raises ZeroDivisionError unless it is one of the last
    three cards: most games stop, a few run to the end.  With the search player's hooks and a track."""
    game = new_game(tmp_path)
    edit(game / "engine.py", "        seat = self.to_move(s)\n        s.hands[seat].remove(action.card)\n",
         "        seat = self.to_move(s)\n        if not any(s.won) and not s.trick and action.card < 21:\n"
         + RAISE + "        s.hands[seat].remove(action.card)\n")
    edit(game / "engine.py", "    options = ()\n", "    options = ()\n    score_track = \"score\"\n")
    if hooks:
        path = game / "engine.py"
        path.write_text(path.read_text(encoding="utf-8") + HOOKS, encoding="utf-8")
    add_score_track(game, end=20)
    lines = (game / "engine.py").read_text(encoding="utf-8").splitlines(keepends=True)
    return game, lines.index(RAISE) + 1


def rows(output: str) -> dict[str, str]:
    """label → the row and its problem lines, as printed."""
    out: dict[str, str] = {}
    label = None
    for line in output.splitlines():
        if line[:3] in ("OK ", "NG ", "-- "):
            label = line.split()[2]
            out[label] = line
        elif label and line.startswith("      "):
            out[label] += "\n" + line
    return out


REPLAY = re.compile(r"replay: (pnp play shoubai --seed (\d+) --players (\d) --policy ([a-z,]+))")


def test_no_engine_check_says_ok_about_games_that_crashed(tmp_path):
    game, line = crashing(tmp_path)
    result = run("validate", GAME, "--games", "20", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    found = rows(result.output)
    where = f"components/{GAME}/engine.py:{line}: ZeroDivisionError: integer division or modulo by zero"
    for label in ("探索プレイヤーの確定化（隠れた札を見ない）", "エンジンの共通検査（人数・部品・保存・再生・隠れた情報）",
                  "試遊（シード付きサンプルゲーム）", "得点トラックの長さ"):
        assert found[label].startswith("NG"), found[label]
        assert where in found[label], found[label]
    engine = found["エンジンの共通検査（人数・部品・保存・再生・隠れた情報）"]
    replayed = re.search(r"replay: cannot be judged: (\d+) of 6 games it played stopped with an error "
                         r"\((\d+) ran to the end\)", engine)
    assert replayed and int(replayed[1]) + int(replayed[2]) == 6 and int(replayed[1]) > 0
    # the row says what it looked at: the games replayed, of those played
    assert re.search(r"再生 \d+ ゲーム（遊んだ 6 ゲーム（終了 \d+、エラーで停止 \d+））", engine)
    assert "hidden information: cannot be judged:" in engine
    assert "determinization: cannot be judged:" in found["探索プレイヤーの確定化（隠れた札を見ない）"]
    samples = found["試遊（シード付きサンプルゲーム）"]
    counted = re.search(r"遊んだ (\d+) ゲーム（終了 (\d+)、エラーで停止 (\d+)）", samples)
    assert counted and int(counted[2]) + int(counted[3]) == int(counted[1]) and int(counted[3]) > int(counted[2]) > 0
    track = found["得点トラックの長さ"]
    assert re.search(r"score track 0–20: cannot be judged: (\d+) of (\d+) games it played stopped", track)
    assert "% が収まる" not in track
    assert "Traceback" not in result.output


def test_the_command_an_ng_names_plays_the_game_that_stopped(tmp_path):
    game, line = crashing(tmp_path, hooks=False)
    result = run("validate", GAME, "--games", "20", "--project", tmp_path, "--fresh")
    commands = REPLAY.findall(result.output)
    assert len(commands) >= 3           # the replays, the hidden information, the track (and the samples' 再現)
    for _, seed, players, seats in commands[:3]:
        assert len(seats.split(",")) == int(players)
        again = run("play", GAME, "--seed", seed, "--players", players, "--policy", seats, "--project", tmp_path)
        assert again.exit_code == 1
        assert f"engine.py:{line}: ZeroDivisionError" in again.output
    redo = re.search(r"再現: pnp play shoubai --seed (\d+) --players (\d) --policy ([a-z,]+)", result.output)
    assert redo
    again = run("play", GAME, "--seed", redo[1], "--players", redo[2], "--policy", redo[3], "--project", tmp_path)
    assert again.exit_code == 1 and "ZeroDivisionError" in again.output


def test_the_json_has_the_counts_and_the_replay_commands(tmp_path):
    crashing(tmp_path, hooks=False)
    result = run("validate", GAME, "--games", "20", "--project", tmp_path, "--json", "--fresh")
    assert result.exit_code == 1
    start = result.output.index("{\n")
    data = json.loads(result.output[start:])
    assert data["ok"] is False
    checks = {c["check"]: c for c in data["checks"]}
    for name in ("engine", "samples", "track"):
        assert checks[name]["ok"] is False
        assert any("pnp play shoubai --seed" in p for p in checks[name]["problems"])
    assert "エラーで停止" in checks["samples"]["detail"] and "エラーで停止" in checks["engine"]["detail"]
    games = checks["samples"]["games"]
    assert games["played"] == 9 * 20 and games["played"] == games["finished"] + games["crashed"]
    assert games["crashed"] > games["finished"] > 0


def test_an_engine_that_crashes_nowhere_is_still_ok_and_says_what_it_played(tmp_path):
    new_game(tmp_path)
    result = run("validate", GAME, "--games", "20", "--project", tmp_path, "--fresh")
    assert result.exit_code == 0, result.output
    found = rows(result.output)
    engine = found["エンジンの共通検査（人数・部品・保存・再生・隠れた情報）"]
    assert engine.startswith("OK") and "再生 6 ゲーム" in engine and "エラーで停止" not in engine


def test_a_track_verdict_on_too_few_finished_games_is_not_ok():
    class Engine:
        game_id = "shoubai"
        score_track = (0, 20)
    few = {2: [(3.0, 4.0)] * (MIN_TRACK_GAMES - 1)}
    try:
        score_track_verdict(Engine(), few, "heuristic")
    except PnpError as e:
        assert f"cannot be judged: {MIN_TRACK_GAMES - 1} sample games ran to the end (at least {MIN_TRACK_GAMES} " \
               "needed" in str(e)
    else:
        raise AssertionError("a verdict on too few games was given")
    # a game that ended off the track is proof on any number of games
    off = {2: [(3.0, 4.0), (3.0, 25.0)]}
    try:
        score_track_verdict(Engine(), off, "heuristic")
    except PnpError as e:
        assert "score track 0–20: only 50.00% of sample games end with every score on it" in str(e)
    else:
        raise AssertionError("a game off the track was not said")
    enough = {2: [(3.0, 4.0)] * MIN_TRACK_GAMES}
    assert f"終了した {MIN_TRACK_GAMES} ゲーム中 100.00% が収まる" in score_track_verdict(Engine(), enough, "heuristic")


def test_a_wrong_count_in_game_yaml_blames_game_yaml_not_the_rulebook_that_agrees_with_the_cards(tmp_path):
    game = new_game(tmp_path)
    write(game, "rulebook/01-intro.md", "# 内容物\n\n山札カード（24枚）を使います。\n")
    edit(game / "game.yaml", "count: 24", "count: 25")
    result = run("validate", GAME, "--games", "20", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    found = rows(result.output)
    n = next(i for i, t in enumerate((game / "game.yaml").read_text(encoding="utf-8").splitlines(), 1) if "count: 25" in t)
    assert (f"components/{GAME}/game.yaml:{n}:5: components[0].count: 山札カード: game.yaml says 25 cards, "
            f"components/{GAME}/cards.yaml makes 24") in found["データ（スキーマ・参照・枚数）"]
    assert found["ルールブック"].startswith("OK"), found["ルールブック"]
    # a rulebook that disagrees with the cards is still blamed, at its own line
    edit(game / "rulebook/01-intro.md", "（24枚）", "（26枚）")
    result = run("validate", GAME, "--games", "20", "--project", tmp_path, "--fresh")
    rulebook = rows(result.output)["ルールブック"]
    assert rulebook.startswith("NG")
    assert (f"components/{GAME}/rulebook/01-intro.md:3: count: the rulebook states 26 for '山札カード', "
            f"the data makes 24 (components/{GAME}/cards.yaml)") in rulebook


# ---------------------------------------------------------------------------- progress (issue #37, item 11)
# `pnp simulate GAME --games 300 --report r.pdf` ran 15 minutes with no output until its end: it says
# its estimate before it starts and a line every few seconds on stderr, also when stderr is not a
# terminal.  The tests make "every few seconds" every game, so that they do not depend on the clock.

def every_game(monkeypatch):
    from pnp.commands import progress
    monkeypatch.setattr(progress, "EVERY_S", 0.0)
    monkeypatch.setattr(progress, "ESTIMATE_FROM_S", 0.0)


def test_simulate_says_its_estimate_first_then_progress_lines_on_stderr(tmp_path, monkeypatch):
    every_game(monkeypatch)
    game = new_game(tmp_path)
    path = game / "engine.py"
    path.write_text(path.read_text(encoding="utf-8") + HOOKS, encoding="utf-8")
    result = run("simulate", GAME, "--games", "20", "--players", "2", "--report", tmp_path / "r.pdf",
                 "--skill-games", "10", "--skill-ladder", "1,2", "--luck-deals", "3", "--luck-events", "2",
                 "--project", tmp_path)
    assert result.exit_code == 0, result.output
    err = result.stderr.splitlines()
    # every rung of the skill ladder is a part of its own, named by its player
    plan = re.fullmatch(r"simulate shoubai：これから (\d+) ゲーム（2人 試遊 20、2人 腕の影響 random 10、"
                        r"2人 腕の影響 heuristic 10、2人 腕の影響 mcts:1:guided 10、2人 腕の影響 mcts:2:guided 10、"
                        r"2人 配りの影響 3、2人 途中の偶然 2）。見積もり 約 [\d.]+ 秒（1ゲーム約 [\d.]+ 秒、"
                        r"腕のはしごのmcts:1:guidedのゲームは約 [\d.]+ 秒で計算）", err[0])
    assert plan and int(plan[1]) == 65, err[0]
    lines = [line for line in err if "｜全体" in line]
    assert any(line.startswith("simulate shoubai：2人 試遊 20/20 ゲーム｜全体") for line in lines)
    assert any(line.startswith("simulate shoubai：2人 腕の影響 mcts:2:guided 10/10 ゲーム") for line in lines)
    assert any(line.startswith("simulate shoubai：2人 配りの影響 3/3 ゲーム") for line in lines)
    assert any(line.startswith("simulate shoubai：2人 途中の偶然 2/2 ゲーム｜全体 100%") for line in lines)
    shares = [int(re.search(r"全体 (\d+)%", line)[1]) for line in lines]
    assert shares == sorted(shares)                      # the whole only moves forward
    assert all("経過" in line and "残り約" in line for line in lines)
    assert re.fullmatch(r"simulate shoubai：終わりました（65 ゲーム、[\d.]+ 秒。見積もりは [\d.]+ 秒）", err[-2])
    assert err[-1] == f"レポート：{tmp_path / 'r.pdf'}"
    assert "｜全体" not in result.stdout and "見積もり" not in result.stdout


def test_a_short_simulate_says_nothing_more(tmp_path):
    new_game(tmp_path)
    result = run("simulate", GAME, "--games", "10", "--players", "2", "--project", tmp_path)
    assert result.exit_code == 0, result.output
    assert "見積もり" not in result.stderr and "｜全体" not in result.stderr


def test_validate_with_many_games_says_its_estimate_and_progress_lines(tmp_path, monkeypatch):
    every_game(monkeypatch)
    new_game(tmp_path)
    result = run("validate", GAME, "--games", "40", "--project", tmp_path, "--fresh")
    assert result.exit_code == 0, result.output
    err = result.stderr.splitlines()
    first = next(i for i, line in enumerate(err) if line.startswith("試遊 shoubai: 360 ゲームの予定、見積もり 約"))
    steps = [re.fullmatch(r"試遊 shoubai: (\d+)/360 ゲーム（経過 [\d.]+ 秒、残り約 [\d.]+ 秒）", line)
             for line in err[first + 1:]]
    played = [int(m[1]) for m in steps if m]
    assert played and played == sorted(played) and played[-1] < 360
    assert err[-1].startswith("試遊 shoubai: 360 ゲーム（")


# ------------------------------------------------------------- rows that say what they looked at (issue #37)

COMMON = "エンジンの共通検査（人数・部品・保存・再生・隠れた情報）"
SAMPLES = "試遊（シード付きサンプルゲーム）"


def losing(tmp_path, place: str):
    """The scaffold whose card_locations leaves out a card: the first card of every won pile
    (``place="won"``), or the trick's cards (``place="trick"``, whichever card is in it)."""
    game = new_game(tmp_path)
    if place == "won":
        edit(game / "engine.py", "[ids[c] for c in s.won[p]]", "[ids[c] for c in s.won[p] if c != 0]")
    else:
        edit(game / "engine.py", '"trick": [ids[c] for _, c in s.trick]', '"trick": []')
    return game


def test_the_common_check_does_not_claim_conservation_the_sample_games_find_broken(tmp_path):
    losing(tmp_path, "won")
    result = run("validate", GAME, "--games", "20", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    found = rows(result.output)
    common = found[COMMON]
    assert common.startswith("NG"), common
    assert "カードの保存 24 枚（6 ゲームの毎手順）" in common
    assert re.search(r"card conservation: cards are not conserved in 6 of 6 games played \(every step checked\); "
                     r"first: InvariantError: cards are not conserved: missing sun-1 ×1 太陽 1"
                     rf"（components/{GAME}/cards.yaml:14）.*replay: pnp play {GAME} --seed \d+", common), common
    assert found[SAMPLES].startswith("NG")
    # the command it names plays that game again, and says the same
    _, seed, players, seats = REPLAY.search(common).groups()
    again = run("play", GAME, "--seed", seed, "--players", players, "--policy", seats, "--project", tmp_path)
    assert again.exit_code == 1
    assert "cards are not conserved: missing sun-1 ×1 太陽 1" in again.output


def test_a_lost_card_is_said_in_japanese_under_lang_ja(tmp_path):
    """The conservation row in Japanese: the count of games, the card with its data line, where it was."""
    losing(tmp_path, "won")
    result = run("--lang", "ja", "validate", GAME, "--games", "20", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    common = rows(result.output)[COMMON]
    assert re.search(r"カードの保存：6ゲーム中 6ゲームでカードの数が合いません（毎手確かめました）。"
                     r"最初の例：InvariantError: カードの数が合いません：足りないカード sun-1 ×1 太陽 1"
                     rf"（components/{GAME}/cards.yaml:14）, この手の前は .+ にありました", common), common
    assert "not conserved" not in common and "missing" not in common


def test_a_clean_engine_says_how_many_games_conservation_was_checked_in(tmp_path):
    new_game(tmp_path)
    result = run("validate", GAME, "--games", "20", "--project", tmp_path, "--fresh")
    assert result.exit_code == 0, result.output
    assert "カードの保存 24 枚（6 ゲームの毎手順）" in rows(result.output)[COMMON]


def test_cards_lost_in_every_sample_game_are_one_line_with_the_count_and_the_first_cards(tmp_path):
    losing(tmp_path, "trick")
    result = run("validate", GAME, "--games", "20", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    samples = rows(result.output)[SAMPLES]
    lines = samples.splitlines()[1:]
    assert len(lines) == 1, samples
    found = re.search(r"InvariantError: cards are not conserved（(\d+) 種のカード：\S+ ×1 \S+ \d+（components/"
                      rf"{GAME}/cards.yaml:\d+）、.* ほか (\d+) 種；最初のゲームでは cards are not conserved: missing \S+ ×1 .*, "
                      r"was in '[^']+' before this step） — 180 ゲーム（9 構成）で同じ問題；最初の例: ", lines[0])
    assert found and int(found[1]) > 3 and int(found[2]) == int(found[1]) - 3, lines[0]
    assert "再現: pnp play" in lines[0]


BROKEN_TEMPLATE = "id: guest\nextends: card-base\nface:\n  regions:\n    flavor:\n      y: 3cm\n"


def test_a_deck_skipped_for_its_template_still_has_its_provisional_cards_listed_and_no_face_is_ok(tmp_path):
    game = new_game(tmp_path)
    write(tmp_path, "layouts/guest.yaml", BROKEN_TEMPLATE)
    edit(game / "cards.yaml", "layout: card-base", "layout: guest")
    edit(game / "cards.yaml", '{id: "sun-1", suit: "sun", value: 1,', '{id: "sun-1", suit: "sun", value: 1, provisional: true,')
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1            # the template's own row
    found = rows(result.output)
    assert found["仮の内容（提案）"] == (f"OK  {GAME}    仮の内容（提案）                      1 件\n"
                                    f"      ・山札カード 1/24 種（components/{GAME}/cards.yaml）")
    text = found["文字の収まり・字形"]
    assert text.startswith("-- ") and "省略：確かめた面なし（山札カード はテンプレート guest に問題があるため省略）" in text
    assert " 0 面" not in text


def test_rows_that_looked_at_nothing_are_skipped_and_say_why(tmp_path):
    game = new_game(tmp_path)
    add_score_track(game)
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 0, result.output
    found = rows(result.output)
    assert found["探索プレイヤーの確定化（隠れた札を見ない）"].startswith(
        "--  shoubai    探索プレイヤーの確定化（隠れた札を見ない）         省略：探索プレイヤー用のフック（information_set・determinize）"
        "がないため確かめていません")
    track = found["得点トラックの長さ"]
    assert track.startswith("-- ") and ("省略：得点トラックの長さは、エンジンが score_track を宣言していないため確かめていません"
                                        in track), track
    assert found["仮の内容（提案）"].endswith("なし（部品 2 種・デッキ 1 組 24 種のカード・パーツ 1 を見て）")


def test_the_ledger_does_not_say_ok_when_the_engine_did_not_load_to_play_its_example(tmp_path):
    game = new_game(tmp_path)
    write(game, "rulebook/01-play.md",
          "# 遊びかた\n\n:::example 月を出せば勝てる（2人）\n席1が太陽の5を出し、席2は月の1を出します。\n\n"
          "~~~check\nplayers: 2\nsetup:\n  hands:\n    - [sun-5, sun-6, sun-7, sun-8, star-1, star-2]\n"
          "    - [moon-1, moon-2, moon-3, star-3, star-4, star-5]\nmoves:\n  - sun-5\n  - moon-1\n"
          "expect:\n  tricks: [0, 1]\n  leader: 2\n~~~\n:::\n")
    path = game / "engine.py"
    path.write_text(path.read_text(encoding="utf-8") + "import no_such_module_anywhere\n", encoding="utf-8")
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    found = rows(result.output)
    assert found["コンポーネントの不変条件"].startswith("NG")
    assert found["設計者の台帳（裁定・質問・例）"].startswith(
        f"--  {GAME}    設計者の台帳（裁定・質問・例）               省略：ルールエンジンが読み込めないため（EngineError、"
        "「コンポーネントの不変条件」の行）、裁定・質問を照合せず、例の局面 1 件を再生していません")


def test_a_row_whose_only_problem_an_earlier_row_said_is_not_ok(tmp_path):
    game = new_game(tmp_path)
    edit(game / "cards.yaml", 'body: "切り札でも得点でもない、ふつうのカード。"}',
         'body: "' + "とても長い文章がここに入ります。" * 30 + '"}')
    write(game, "rulebook/01.md", "# 概要\n\n{{card cards/sun-1}}\n\n本文。\n")
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    found = rows(result.output)
    assert found["文字の収まり・字形"].startswith("NG") and "text does not fit region 'body'" in found["文字の収まり・字形"]
    assert found["割付（全用紙のシート・パーツ・ルールブック）"] == (
        f"--  {GAME}    割付（全用紙のシート・パーツ・ルールブック）        省略：問題 1 件は「文字の収まり・字形」の行と同じ（繰り返しません）")


def test_a_module_level_ruling_ids_the_engine_does_not_carry_is_said_not_ignored(tmp_path):
    game = new_game(tmp_path)
    edit(game / "engine.py", "from pnp.errors import PnpError\n", "from pnp.errors import PnpError\n\nRULING_IDS = (\"deal\",)\n")
    line = (game / "engine.py").read_text(encoding="utf-8").splitlines().index("RULING_IDS = (\"deal\",)") + 1
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    ledger = rows(result.output)["設計者の台帳（裁定・質問・例）"]
    assert ledger.startswith("NG")
    assert (f"components/{GAME}/engine.py:{line}: RULING_IDS: pnp reads the rulings an engine plays from the engine's "
            "ruling_ids attribute; this module-level RULING_IDS is not read") in ledger
    assert "Traceback" not in result.output
    # carried by the engine, as ENGINE_API.md says, it is read: an id rulings.yaml does not state is named
    edit(game / "engine.py", "    options = ()\n", "    options = ()\n    ruling_ids = RULING_IDS\n")
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    ledger = rows(result.output)["設計者の台帳（裁定・質問・例）"]
    assert "module-level RULING_IDS" not in ledger
    assert "ruling_ids: the rules engine plays ruling 'deal', which" in ledger


def test_a_connection_that_cannot_avoid_a_label_names_the_label(tmp_path):
    game = new_game(tmp_path)
    board = write(game, "map.yaml", "kind: board\nid: map\nname: 地図\ncell: 30mm\ngrid:\n  - \"A.C\"\nareas:\n"
                                    "  - {id: camp, letter: A, label: 野営地, color: \"#c9daf0\"}\n"
                                    "  - {id: town, letter: C, label: 町, color: \"#f4d9a6\"}\n"
                                    "labels:\n  - {text: 壁, x: 1.5, y: 0.5, size: 20pt}\n"
                                    "connections:\n  - [camp, town]\n")
    add_component(game, "  - id: map\n    name: 地図\n    kind: board\n    count: 1\n    description: 地図。\n")
    lines = board.read_text(encoding="utf-8").splitlines()
    label, conn = lines.index("  - {text: 壁, x: 1.5, y: 0.5, size: 20pt}") + 1, lines.index("  - [camp, town]") + 1
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    assert (f"components/{GAME}/map.yaml:{conn}:5: connections[0]: the line from area 'camp' to area 'town' crosses "
            f"a name or label whichever cells it joins; the line crossing the fewest crosses label '壁' "
            f"(labels[0], line {label}): move it or the areas") in result.output, result.output
