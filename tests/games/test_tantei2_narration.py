"""探偵無宿２: what ``pnp play`` tells the table (narration) — scenario lines for a known seed, hidden cards never
named (the golden transcripts are played again in test_playthroughs.py)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.games import tantei2 as T
from pnp.sim.gamelog import build_log, make_header
from pnp.sim.replay import steps
from pnp.sim.runner import Trace, play_game
from pnp.sim.transcript import transcript

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def engine():
    return make_engine(Project(ROOT).load_game("tantei2"))


def _log(engine, players, policies, seed, variant="standard"):
    trace = Trace()
    record = play_game(engine, players, policies, seed, check=True, trace=trace, variant=variant)
    assert record.error is None
    header = make_header(engine, None, seed=seed, players=players, policies=policies, variant=variant, options={})
    return build_log(engine, header, trace, record.result)


@pytest.fixture(scope="module")
def seed10(engine):
    return transcript(engine, _log(engine, 3, ("heuristic",) * 3, 10))


def test_round_start_lays_out_the_investigation_line(seed10):
    """「捜査デッキの上から3枚を引き、左から順に表向きで横一列に並べます。これがこのラウンドの【捜査線】で」"""
    assert ("― ラウンド1（スタートプレイヤー：プレイヤー1）。"
            "【捜査線】：椚 志乃（黄）、椚 誠司（青）、椚 透（緑）。告命灯0個。") in seed10
    assert ("― ラウンド2（スタートプレイヤー：プレイヤー2）。"
            "【捜査線】：椚 透（緑）、鷺沼（白）、椚 宗一郎（紫）。告命灯2個。") in seed10


def test_a_placed_event_scores_its_vp(seed10):
    """「配置のカードは、自分の手帳に表向きで置き、書かれたVPを得ます。」"""
    assert "プレイヤー1の【手帳】に長女の縁談（26）が表向きで配置されました：+2VP（計2VP）。" in seed10
    assert "プレイヤー1の【手帳】に途切れた電話線（23）が表向きで配置されました：+2VP（計4VP）。" in seed10


def test_the_tragedy_and_the_victim(seed10):
    """「もっとも枚数の多い人物が1人だけなら、その人物が【犠牲者】となり、死亡します。」 and
    「ただし、惨劇の夜が告命灯のある場所に置かれていたら、並んだ人物のうち、最後の1枚が捜査線の
    もっとも右（後ろ）にある人物が死亡します。」"""
    assert ("プレイヤー2が「惨劇の夜」を引きました（【捜査線】の4枚目、告命灯のある場所）。"
            "この手番の終わりにラウンドが終わります。") in seed10
    assert "ラウンド3の終わり：椚 誠司が犠牲者になりました（【捜査線】で最も多い2枚）。死者は2人です。" in seed10
    lamp = "ラウンド2の終わり：椚 宗一郎が犠牲者になりました（最多が同数でしたが、「惨劇の夜」が告命灯のある場所"
    assert any(line.startswith(lamp) for line in seed10)
    assert "ラウンド1の終わり：犠牲者は出ませんでした（最も多い人物が同数）。" in seed10


def test_each_round_ends_with_a_summary(seed10):
    summaries = [line for line in seed10 if line.startswith("［ラウンド")]
    rounds = [line for line in seed10 if line.startswith("― ラウンド")]
    assert len(summaries) >= len(rounds) - 1 >= 1
    assert summaries[1] == ("［ラウンド2のまとめ］VP：プレイヤー1 4・プレイヤー2 2・プレイヤー3 1"
                            "／裏向き：プレイヤー1 0枚・プレイヤー2 1枚・プレイヤー3 2枚"
                            "／死者1人（椚 宗一郎）／告命灯0個")


def test_lamps_added_by_an_effect(seed10):
    """「勿忘草のアクションや一部のイベントカードでも、告命灯は増えたり減ったりします。」"""
    i = seed10.index("プレイヤー1：捜査：夜鳴き鳥（55）を使う")
    assert "告命灯が1個増えました（2個）。" in seed10[i:i + 4]


@pytest.mark.parametrize("players,seed", [(3, 3), (4, 1), (4, 8)])
def test_no_line_names_a_card_nobody_else_may_see(engine, players, seed):
    """「自分の裏向きのカードは、いつでも見てかまいません」 — only its owner: a hand or face-down card is never named
    until it is put into effect, discarded or the game ends."""
    log = _log(engine, players, ("heuristic", "random", "heuristic", "random")[:players], seed)
    f = engine.facts
    serial_to_e = {f.ev_serial[e]: e for e in range(f.n_ev)}
    for before, action, after in steps(engine, log):
        if action is None or after.over:
            break
        public = set(after.discard) | set(after.limbo) | {e for row in after.up for e in row} \
            | {e for _, e in after.st_used}
        discard = isinstance(action, T.Discard) or (isinstance(action, T.Rest) and not action.face_down)
        if discard:
            public.add(action.card)       # a discard is seen by all, even if an effect takes it back at once
        lines = [action.label()] + engine.narrate(before, action, after)
        for line in lines:
            for serial in re.findall(r"（(\d+)）", line):
                assert serial_to_e[int(serial)] in public, line
