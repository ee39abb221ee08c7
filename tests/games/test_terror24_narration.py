"""24 −共鳴するテロル−: what ``pnp play`` shows (the narration), checked against the rulebook's sentences
(the golden transcripts are played again in test_playthroughs.py)."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.data.project import Project
from pnp.games import terror24 as T
from pnp.games.terror24.narration import _EVENT_LINES
from pnp.sim.engine import CHANCE, TERMINAL
from pnp.sim.gamelog import build_log, make_header
from pnp.sim.runner import Trace, play_game
from pnp.sim.transcript import transcript

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def E():
    return T.make_engine(Project(ROOT).load_game("terror24"))


def text_of(E, players, policies, seed, options=None):
    trace = Trace()
    record = play_game(E, players, policies, seed, check=True, trace=trace, options=options)
    assert record.error is None
    header = make_header(E, None, seed=seed, players=players, policies=policies, variant="standard",
                         options=options or {})
    return "\n".join(transcript(E, build_log(E, header, trace, record.result))) + "\n"


@pytest.fixture(scope="module")
def seed3(E):
    return text_of(E, 4, ("heuristic",) * 4, 3)


def test_placements_never_show_the_face_down_card(seed3):
    """「各ペアに対して１枚ずつ、手札から好きな１枚を選んで裏向きに配置します」: a placement line does not
    say which card; the hours appear only when the rules turn the cards over."""
    placing = [line for line in seed3.splitlines() if "裏向きに置く" in line]
    assert len(placing) == 3 * 4 * 10
    assert all(line.endswith("刑事カードを1枚、裏向きに置く") for line in placing)
    assert not any(re.search(r"\d時間を裏向き", line) for line in seed3.splitlines())


def test_first_cards_and_the_last_column_turn_over_together(seed3):
    """「全員が５枚ずつ配置し終わったら、それを表向きにして公開します。これと同時に、【事件置き場】の裏向きに
    配置されているカードも全て表向きにしてください。」"""
    lines = seed3.splitlines()
    i = lines.index("全員の1枚目を表向きにします。")
    assert lines[i + 1] == "　プレイヤー1：事件1 0時間／事件2 5時間／事件3 4時間／事件4 0時間／事件5 6時間"
    assert lines[i + 5] == "　事件番号5のカードも表向きにします：1位 「要人暗殺5」（5VP）、2位 「人質立て籠もり5」（5VP）"
    # before that, the layout showed the last column face down
    assert "　事件番号5：1位 裏向きのカード、2位 裏向きのカード" in lines[:i]


def test_hero_time_wins_regardless_of_power_and_a_clash_cancels_it(seed3):
    """「いずれか１人のプレイヤーがヒーロータイムを配置していたら、捜査力に関係なくそのプレイヤーが１位になります。
    複数のプレイヤーがヒーロータイムを配置していた（＝バッティング）ら、ヒーロータイムの効果は失われ」"""
    assert "　ヒーロータイムがバッティング（プレイヤー2・プレイヤー3）。効果を失い「0」として数えます。" in seed3
    assert "　プレイヤー4のヒーロータイムで、捜査力に関係なくプレイヤー4が1位。\n" \
           "　順位：1位 プレイヤー4（捜査力4）、2位 プレイヤー2（捜査力9）" in seed3


def test_each_incident_shows_the_second_cards_power_ranking_and_cards_taken(seed3):
    """「２枚の数字を合計し「捜査力」とします」「１位、２位のプレイヤーが決定したら、その事件カードを手元に
    引き取って、その”数字”分のＶＰを得てください」; a state summary follows each incident."""
    block = seed3[seed3.index("◆ 事件番号2："):seed3.index("◆ 事件番号3：")]
    assert "　2枚目を公開：プレイヤー1 5時間＋1時間＝捜査力6、" in block
    assert "　順位：1位 プレイヤー1（捜査力6）、2位 プレイヤー2（捜査力5）" in block
    assert "　プレイヤー1が1位の事件カード「爆弾テロ2」（2VP）を獲得。" in block
    assert block.rstrip().splitlines()[-1].startswith("［状況］プレイヤー1 2VP、プレイヤー2 7VP、プレイヤー3 0VP（負傷1）")


def test_ties_say_which_rule_settled_them(seed3):
    """「もしも同値だった場合、１枚目（＝先に公開していた方）の大きい方が優先されます。それも同じだった場合、
    親から時計回りで近い方が優先されます。」"""
    assert "（1位と2位は捜査力が同じで、1枚目の大きい方が上位）" in seed3
    assert "2位と3位は捜査力が同じで、1枚目も同じなのでプレイ順の早い方が上位" in seed3


def test_the_kept_card_is_secret_until_the_third_hand(seed3):
    """「今回獲得した事件カードの中から「数字が５でない」１枚を選び、それを裏向きに伏せて手元に残して
    おいてください」 and, in the third hand, 「各プレイヤーは自分が手元に残している事件カードを公開します」."""
    head, third = seed3.split("■ 3ハンド目 配置フェイズ")
    assert "プレイヤー1：獲得した事件カードを1枚、裏向きに伏せて手元に残す" in head
    assert "手元に残していた事件カードを公開" not in head
    assert "　プレイヤー1が手元に残していた事件カードを公開：「バイオテロ4」（4VP）、「要人暗殺4」（4VP）" in third


def test_hand_end_play_order_and_final_bonuses(seed3):
    """「最もＶＰの少ないプレイヤーから順番にプレイ順カードを受け取ってください」; 〇黒幕 and ウルフ's
    「ハンド中に殉死すると４ＶＰを得る」 at the end."""
    assert ("　次のハンドのプレイ順カード（VPの少ない順）：1番 プレイヤー3（2VP）、2番 プレイヤー4（10VP）、"
            "3番 プレイヤー2（12VP）、4番 プレイヤー1（14VP）") in seed3
    assert "　プレイヤー4（ウルフ）はこのハンド中に殉職したので4VPを得ます。" in seed3
    assert "プレイヤー1（スコッチ）：32VP（活躍者 +0VP、黒幕 +1VP。" in seed3


def test_deaths_and_halving(E):
    """「赤なら殉職します。次のラウンドから、ハンドが終了するまでゲームに参加できなくなります。」
    「現在のＶＰを半分（＝端数切り捨て）にしてください。」"""
    text = text_of(E, 3, ("random",) * 3, 3)
    assert "は殉職し、このハンドの以降の事件に参加できません" in text
    assert "殉職のため参加しない" in text
    assert re.search(r"はこのハンド中に殉職したので、VPを半分にします（(\d+)→(\d+)VP）", text)
    for old, new in re.findall(r"VPを半分にします（(\d+)→(\d+)VP）", text):
        assert int(new) in (int(old) // 2, int(old) // 2 + 4)   # + 4 for ウルフ from hand 2


def test_play_and_replay_show_the_same_text(tmp_path):
    runner = CliRunner()
    log = tmp_path / "g.json"
    played = runner.invoke(main, ["play", "terror24", "--seed", "5", "--players", "5", "--json", str(log),
                                  "--project", str(ROOT)])
    assert played.exit_code == 0, played.output
    replayed = runner.invoke(main, ["replay", str(log), "--transcript", "--project", str(ROOT)])
    assert replayed.exit_code == 0, replayed.output
    assert "■ 1ハンド目 解決フェイズ" in played.output
    body = played.output[played.output.index("《"):played.output.index("最終状態ハッシュ")]
    assert body in replayed.output


def test_every_event_the_rules_record_is_told(E):
    """Random play in the variants and options that record the rarer events (a death's points, an
    injury carried, ウルフ's 4VP, a kept card discarded, a halving): each event of each step has its own
    line-maker in the narration, and each line-maker is reached."""
    told: dict[str, int] = {}
    for variant, options in (("standard", {"death_rule": "points"}), ("wolf-halved", {"death_rule": "injury"}),
                             ("keep-replace", {}), ("notes-skills", {})):
        for seed in range(4):
            rng = random.Random(seed)
            s = E.new_state(5, variant, options)
            while E.to_move(s) != TERMINAL:
                before = s.clone()
                if E.to_move(s) == CHANCE:
                    E.apply(s, E.sample_chance(s, rng))
                else:
                    legal = E.legal_actions(s)
                    E.apply(s, legal[int(rng.random() * len(legal))])
                for ev in s.events:
                    assert ev[0] in _EVENT_LINES, ev
                    told[ev[0]] = told.get(ev[0], 0) + len(_EVENT_LINES[ev[0]](E.facts, before, ev))
    assert set(told) == set(_EVENT_LINES)
    assert all(told.values()), told
