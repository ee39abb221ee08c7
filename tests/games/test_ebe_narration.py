"""EBE's narration (`pnp play ebe`): what a player at the table sees, in Japanese, (its golden
transcripts are played again in test_playthroughs.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.gamelog import build_log, make_header
from pnp.sim.runner import Trace, play_game
from pnp.sim.transcript import transcript

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def eng():
    return make_engine(Project(ROOT).load_game("ebe"))


def narrated(eng, players: int, policies: tuple[str, ...], seed: int) -> list[str]:
    trace = Trace()
    record = play_game(eng, players, policies, seed, check=True, trace=trace)
    assert record.error is None
    header = make_header(eng, None, seed=seed, players=players, policies=policies, variant="standard", options={})
    return transcript(eng, build_log(eng, header, trace, record.result))


@pytest.fixture(scope="module")
def game3(eng):
    return narrated(eng, 3, ("planner",) * 3, 5)


def test_setup_names_each_seats_character(game3):
    """03-setup: each player takes a character; 「武器１個を受け取ってください」."""
    assert ("1番席：ジン（整備士）、ライフ6、インベントリ7、探索カード 医務室・製作所・研究所・制御室・廃棄場、"
            "武器1") in game3
    assert "ステーションライフ：60" in game3
    assert any(line.startswith("　ミッション：「推進ユニット」（エーテル2・鉄屑3・炭素繊維1）") for line in game3)


def test_who_receives_each_die(game3):
    """「出た目をプレイヤー1人に1個、イーバ1体に1個ずつ割り振ります。」 — every die, the ones left over too."""
    assert "1番席：イーバに3の目を割り振る" in game3
    assert "　サイコロの割り振り：イーバ 3、ジン（1番席） 4、カナエ（2番席） 5、リオ（3番席） 2" in game3


def test_the_face_down_ebe_is_named_only_when_revealed(game3):
    """「全員が出したら、伏せてあったイーバカードを表向きにします。」 — before that, no line names its area."""
    start = game3.index("　ターン1：イーバカードを1枚、裏向きに置く")
    reveal = game3.index("　イーバカード公開：備品室（目3）")
    assert start < reveal
    assert not any("備品室（目" in line or "イーバ（備品室" in line for line in game3[start:reveal])


def test_event_and_its_die_change_are_told(game3):
    """電力低下: 「このラウンド中、探索カードを公開したら全員のサイコロの目−1（1は1のまま）。」"""
    assert "■ ラウンド1 開始" in game3
    assert any(line.startswith("　イベント「電力低下」：このラウンド中、探索カードを公開したら") for line in game3)
    assert ("　イベント「電力低下」でサイコロの目が変わる：イーバ 3、ジン（1番席） 3、カナエ（2番席） 4、"
            "リオ（3番席） 1") in game3


def test_order_station_damage_and_failure(game3):
    """「イーバが、イーバカードのエリアに現れます。ステーションライフを、イーバのサイコロの目の数だけ減らします。」
    and the same area: 「探索は失敗。2ダメージを受ける。」"""
    assert ("　手番の順：リオ（3番席）（動力室、目2） → イーバ（廃棄場、目3） → ジン（1番席）（医務室、目3） → "
            "カナエ（2番席）（廃棄場、目4）") in game3
    assert "　カナエ（2番席）の探索は失敗（同じエリアにイーバ）" in game3
    assert "　ステーションライフ 60 → 57（イーバの目）" in game3
    assert "　カナエ（2番席）が2ダメージ（ダメージ2／ライフ5）" in game3
    assert "　リオ（3番席）の手番：研究所で2AP" in game3


def test_round_end_summary(game3):
    """「満たせなかったときは、ラウンド終了時にカードの左上の数だけステーションライフが減ります。」 and a summary
    of the table at each round's end."""
    i = game3.index("　イベント「電力低下」未達成")
    assert game3[i + 1] == "　ステーションライフ 50 → 45（イベント）"
    assert game3[i + 2] == "■ ラウンド1 終了：ステーションライフ45、ミッション0／3"
    assert game3[i + 3].startswith("　ジン（1番席）：ダメージ0／ライフ6")


def test_result_lines(eng, game3):
    assert "■ 結果" in game3
    assert any(line.startswith("ラウンド") and "ミッション" in line for line in game3[game3.index("■ 結果"):])
