"""探偵無宿２: the designer's questions the simulator answers (Findings)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...sim.answers import Measure
from ...sim.engine import Finding
from ...sim.stats import rate, rate_ja

# Japanese words for every key a report can show: end reasons, Result.extra (and its per_seat facts), and
# the figures of the Findings below.  The engine adds the 「私」 and event card ids from the data.
END_REASONS_JA = {"vp": "13VPに到達", "deaths": "5人が死亡", "vp_and_deaths": "13VP到達と5人死亡が同時",
                  "round_cap": "ラウンド上限", "unfinished": "未完了"}
LABELS_JA: dict[str, str] = {
    **END_REASONS_JA,
    # Result.extra
    "rounds": "ラウンド数", "deaths": "死者の数", "lamp_deaths": "告命灯による死亡", "victims": "犠牲者",
    "facedown_placed": "裏向きに置いた枚数", "facedown_flipped": "裏向きから表になった枚数",
    "facedown_flip_vp": "裏向きから表になったカードのVP", "facedown_kept": "ラウンドを越えて残した裏向きのカード",
    "facedown_lost": "捨て札になった裏向きのカード", "facedown_cubes": "表にするのに使ったキューブ",
    "subs": "代用コストの回数", "subs_dead": "死亡した人物の色の代用コスト", "flash": "［閃き］で出した枚数",
    "turns": "手番数", "skills": "「私」のスキル（選択ルール）", "tie_break_serial": "同点を通し番号で決めた",
    "watashi": "「私」", "winner_watashi": "勝者の「私」", "vp": "VP", "lamps_at_end": "終了時の告命灯",
    "stasher": "裏向きをためる方針",
    "used": "効果を使ったイベントカード（通し番号）", "cards_used": "効果を使ったイベントカード",
    "cards_dealt": "最初に配られたイベントカード",
    "per_seat": "席ごとの事実", "watashi_names": "「私」の名前",
    # figures of the Findings
    "placed_per_game": "1ゲームに裏向きに置く回数", "flip_rate": "表になった割合",
    "flip_vp_per_game": "表になったカードの1ゲームあたりVP", "flip_vp_share": "全VPのうち表になったカードの割合",
    "kept_per_game": "1ゲームにラウンドを越えて残した枚数", "lost_per_game": "1ゲームに捨て札になった枚数",
    "mean": "平均", "median": "中央値", "min": "最小", "max": "最大", "turns_mean": "手番数の平均",
    "per_game": "1ゲームあたり", "dead_colour": "死亡した人物の色の割合", "per_turn": "手番あたり",
    "deaths_per_game": "1ゲームの死者", "lamp_forced": "告命灯による死亡の割合",
    "players3": "3人の席ごとの勝率", "players4": "4人の席ごとの勝率",
}

Q_FACEDOWN = "裏向き配置は生きているか（置かれる回数、後で表になる割合、それで得たVP）"
Q_END = "ゲームはどちらの条件で終わるか（13VPか、5人の死亡か）"


def _flipped(r: Any) -> tuple[float, float]:
    e = r.result.extra
    return (float(e["facedown_flipped"]), float(e["facedown_placed"]))


def _flip_vp(r: Any) -> tuple[float, float]:
    e = r.result.extra
    return (float(e["facedown_flip_vp"]), float(sum(e["vp"])))


def _placed(r: Any) -> tuple[float, float]:
    return (float(r.result.extra["facedown_placed"]), 1.0)


def _by_vp(r: Any) -> tuple[float, float]:
    return (float(r.result.end_reason in ("vp", "vp_and_deaths")), 1.0)


# the figures that answer the questions, per game (the report pairs them between the rules and the cube
# proposal, on the same seeds)
MEASURES = (
    Measure("facedown_flipped", Q_FACEDOWN, "裏向きのカードが表になった割合", _flipped),
    Measure("facedown_flip_vp", Q_FACEDOWN, "全VPのうち表になったカードのVP", _flip_vp),
    Measure("facedown_placed", Q_FACEDOWN, "1ゲームに裏向きに置く回数", _placed, percent=False, unit_ja="回"),
    Measure("end_by_vp", Q_END, "13VPで終わる（同時を含む）", _by_vp),
)

# figures and their Japanese text come from the shared statistics module
_rate = rate
_pct = rate_ja


def _mean(xs: Sequence[float]) -> float:
    return round(sum(xs) / len(xs), 2) if xs else 0.0


def questions(records: Sequence[Any]) -> list[Finding]:
    done = [r for r in records if r.result is not None]
    out: list[Finding] = []
    if not done:
        return [Finding("対戦記録", "完了したゲームがありません。", {})]
    ex = [r.result.extra for r in done]
    g = len(done)

    placed = sum(e["facedown_placed"] for e in ex)
    flipped = sum(e["facedown_flipped"] for e in ex)
    fvp = sum(e["facedown_flip_vp"] for e in ex)
    allvp = sum(sum(e["vp"]) for e in ex)
    figs = {"placed_per_game": round(placed / g, 2), "flip_rate": _rate(flipped, placed),
            "flip_vp_per_game": round(fvp / g, 2), "flip_vp_share": _rate(fvp, allvp),
            "kept_per_game": round(sum(e["facedown_kept"] for e in ex) / g, 2),
            "lost_per_game": round(sum(e["facedown_lost"] for e in ex) / g, 2)}
    out.append(Finding(
        Q_FACEDOWN,
        f"裏向き配置は1ゲーム平均{figs['placed_per_game']}回。表になったのは{_pct(figs['flip_rate'])}"
        f"（アクションで表にしたものを含む）。表になったカードのVPは1ゲーム平均{figs['flip_vp_per_game']}VPで、"
        f"全VPのうち{_pct(figs['flip_vp_share'])}。ラウンドを越えて残したのは平均{figs['kept_per_game']}枚、"
        f"捨てたのは{figs['lost_per_game']}枚。", figs))

    reasons: dict[str, int] = {}
    for r in done:
        reasons[r.result.end_reason] = reasons.get(r.result.end_reason, 0) + 1
    figs = {k: _rate(v, g) for k, v in sorted(reasons.items())}
    out.append(Finding(Q_END,
                       "、".join(f"{END_REASONS_JA.get(k, k)} {_pct(v)}" for k, v in figs.items()) + "。", figs))

    rounds = sorted(e["rounds"] for e in ex)
    figs = {"mean": _mean(rounds), "median": rounds[len(rounds) // 2], "min": rounds[0], "max": rounds[-1],
            "turns_mean": _mean([e["turns"] for e in ex])}
    out.append(Finding("1ゲームのラウンド数",
                       f"平均{figs['mean']}ラウンド（中央値{figs['median']}、最短{figs['min']}、最長{figs['max']}）、"
                       f"手番は平均{figs['turns_mean']}回。", figs))

    subs = sum(e["subs"] for e in ex)
    figs = {"per_game": round(subs / g, 2), "dead_colour": _rate(sum(e["subs_dead"] for e in ex), subs),
            "per_turn": _rate(subs, sum(e["turns"] for e in ex))}
    out.append(Finding("代用コストはどれくらい使われるか",
                       f"1ゲーム平均{figs['per_game']}回、手番あたり{_pct(figs['per_turn'])}。"
                       f"そのうち死亡した人物の色は{_pct(figs['dead_colour'])}。", figs))

    deaths = sum(e["deaths"] for e in ex)
    figs = {"deaths_per_game": round(deaths / g, 2), "lamp_forced": _rate(sum(e["lamp_deaths"] for e in ex), deaths)}
    out.append(Finding("告命灯による強制死亡",
                       f"1ゲームの死者は平均{figs['deaths_per_game']}人。そのうち同数で告命灯の裁定により死亡したのは"
                       f"{_pct(figs['lamp_forced'])}。", figs))

    figs = {}
    parts = []
    for n in (3, 4):
        rs = [r for r in done if r.players == n]
        if not rs:
            continue
        rates = [_rate(sum(1 for r in rs if r.result.ranks[s] == 1), len(rs)) for s in range(n)]
        figs[f"players{n}"] = rates
        parts.append(f"{n}人: " + "、".join(f"席{s + 1} {100 * rt['rate']:.1f}%" for s, rt in enumerate(rates))
                     + f"（均等なら{100 / n:.1f}%）")
    out.append(Finding("席順の有利不利（最初のスタートプレイヤーが席1）", "。".join(parts) + "。", figs))

    sk = [r for r in done if r.result.extra.get("skills")]
    figs = {}
    if sk:
        games: dict[str, int] = {}
        wins: dict[str, int] = {}
        for r in sk:
            for s, w in enumerate(r.result.extra["watashi"]):
                games[w] = games.get(w, 0) + 1
                if r.result.ranks[s] == 1:
                    wins[w] = wins.get(w, 0) + 1
        figs = {w: _rate(wins.get(w, 0), games[w]) for w in sorted(games)}
        names = sk[0].result.extra.get("watashi_names", {})
        ans = "、".join(f"{names.get(w, w)} {_pct(v)}" for w, v in figs.items()) + "。"
    else:
        ans = "スキルありの対戦記録がありません（--option skills=True で対戦させてください）。"
    out.append(Finding("スキルありのとき「私」ごとの勝率", ans, figs))
    return out
