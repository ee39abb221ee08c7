"""ユーフォリア: the designer's questions, answered from a batch of simulated games."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...sim.answers import Measure
from ...sim.engine import Finding, GameRecord, Result
from ...sim.stats import wilson

# Japanese words for every key a report can show: end reasons, Result.extra and per-seat facts, the
# Findings' figures, policies, variants and options.
LABELS_JA: dict[str, str] = {
    # Result.end_reason
    "special_win": "一度も読経せずに生き残った（出し切り勝利）",
    "toku": "【徳】の合計で決着",
    "last_survivor": "生き残りが1人になった",
    "hands_exhausted": "手札がすべてなくなった",
    # Result.extra
    "first_parent": "最初の親",
    "parents": "各ラウンドの親",
    "eliminated": "脱落",
    "elimination_round": "脱落したラウンド",
    "never_chanted": "一度も読経しなかった",
    "special_winner": "出し切り勝利",
    "rounds_planned": "ラウンド数",
    "per_seat": "席ごとの事実",
    "first_sail_round": "初めて渡海したラウンド",
    "hidden_value": "伏せ札の数字",
    # the Findings' figures
    "win_rate": "勝率",
    "ci": "95%区間",
    "fair": "公平な勝率",
    "games": "ゲーム数",
    "special_wins": "出し切り勝利の数",
    "rate": "割合",
    "at_the_end": "最後まで生き残った出し切り勝利",
    "player_rate": "脱落したプレイヤーの割合",
    "games_with_elimination": "脱落者が出たゲームの割合",
    "mean_per_game": "1ゲームあたりの脱落者",
    "by_round": "ラウンド別",
    "best_round": "勝率が最も高いラウンド",
    "players": "人数",
    # policies, variants, options
    "heuristic": "最後の親を取る（ヒューリスティック）",
    "beginner": "徳を貯めてから渡る（初心者）",
    "daring": "出し切り狙い",
    "random": "ランダム",
    "standard": "標準",
    "hidden_removed": "伏せ札なし得点",
    "round_minimum_cap": "ラウンド数による下限の上限",
    "deal": "配る枚数の上限",
    "spare": "配らずに余ったカード",
    "all_chant": "全員が読経したラウンドの後の親",
    "box": "伏せて箱へ",
    "open": "表向きで全員に見せる",
    "left": "左隣へ移す",
    "stay": "移さない",
    # the settings as `simulate --compare-option` names them
    "deal=10": "手札は最大10枚",
    "deal=8": "手札は全員8枚",
    "deal=0": "40枚を等分",
    "spare=open": "余ったカードを表向き",
    "spare=box": "余ったカードは伏せて箱へ",
    "all_chant=stay": "全員が読経しても親を移さない",
    "all_chant=left": "全員が読経したら親は左隣へ",
}

Q_PARENT = "最初の親はどれほど重要か（第1ラウンドの親の勝率と 1/人数 の比較）"
Q_SPECIAL = "一度も読経しない出し切り勝利はどれくらい起きるか"
Q_ELIM = "脱落はどれくらい起きるか"


def _parent_wins(r: GameRecord) -> tuple[float, float]:
    assert r.result is not None
    return (float(r.result.ranks[r.result.extra["first_parent"]] == 1), 1.0)


def _fair(r: GameRecord) -> float:
    return 1 / r.players


def _special(r: GameRecord) -> tuple[float, float]:
    assert r.result is not None
    return (float(bool(r.result.extra["special_winner"])), 1.0)


def _eliminated(r: GameRecord) -> tuple[float, float]:
    assert r.result is not None
    return (float(sum(r.result.extra["eliminated"])), float(r.players))


# the figures that answer the questions, per game (paired by the report between the rules and the
# set-aside card not scored, on the same seeds)
MEASURES = (
    Measure("first_parent_wins", Q_PARENT, "最初の親の勝率", _parent_wins, _fair),
    Measure("special_win", Q_SPECIAL, "一度も読経しない人が勝つ", _special),
    Measure("eliminated", Q_ELIM, "脱落したプレイヤー", _eliminated),
)


def questions(records: Sequence[GameRecord]) -> list[Finding]:
    """The designer's questions answered from a batch of simulated games."""
    done: list[Result] = [r.result for r in records if r.result is not None]
    if not done:
        return []
    n_players = len(done[0].ranks)
    out: list[Finding] = []
    wins_first = sum(1.0 for r in done if r.ranks[r.extra["first_parent"]] == 1)
    lo, hi = wilson(wins_first, len(done))
    rate = wins_first / len(done)
    fair = 1 / n_players
    verdict = ("最初の親は有利。" if lo > fair else "最初の親は不利。" if hi < fair
               else "公平な勝率との有意な差はない。")
    out.append(Finding(
        Q_PARENT,
        f"最初の親の勝率は {rate:.1%}（95%区間 {lo:.1%}〜{hi:.1%}）、公平なら {fair:.1%}。{verdict}",
        {"win_rate": rate, "ci": [lo, hi], "fair": fair, "games": len(done)}))
    # both ways of winning without 読経 count: surviving to the end, or being the last one left
    special = sum(1 for r in done if r.extra["special_winner"])
    lone = sum(1 for r in done if r.extra["special_winner"] and r.end_reason == "last_survivor")
    lo, hi = wilson(special, len(done))
    out.append(Finding(
        Q_SPECIAL,
        f"{special}/{len(done)} ゲーム（{special / len(done):.1%}、95%区間 {lo:.1%}〜{hi:.1%}）で、"
        f"一度も読経しなかった人が勝った（うち {lone} ゲームは、ほかの全員が脱落して1人だけ残った勝ち）。",
        {"special_wins": special, "rate": special / len(done), "ci": [lo, hi],
         "at_the_end": special - lone, "last_survivor": lone}))
    seats = sum(len(r.ranks) for r in done)
    elim = sum(sum(r.extra["eliminated"]) for r in done)
    any_elim = sum(1 for r in done if any(r.extra["eliminated"]))
    by_round: dict[int, int] = {}
    for r in done:
        for er in r.extra["elimination_round"]:
            if er:
                by_round[er] = by_round.get(er, 0) + 1
    lo, hi = wilson(elim, seats)
    peak = max(by_round, key=lambda k: by_round[k]) if by_round else None
    out.append(Finding(
        Q_ELIM,
        f"プレイヤーの {elim / seats:.1%}（95%区間 {lo:.1%}〜{hi:.1%}）が脱落し、"
        f"{any_elim / len(done):.1%} のゲームで1人以上が脱落。1ゲーム平均 {elim / len(done):.2f} 人。"
        + (f"脱落が最も多いのは第{peak}ラウンド。" if peak else ""),
        {"player_rate": elim / seats, "ci": [lo, hi], "games_with_elimination": any_elim / len(done),
         "mean_per_game": elim / len(done), "by_round": {str(k): v for k, v in sorted(by_round.items())}}))
    table: dict[int, list[int]] = {}
    for r in done:
        for p, fs in enumerate(r.extra["per_seat"]["first_sail_round"]):
            if fs:
                t = table.setdefault(fs, [0, 0])
                t[0] += 1 if r.ranks[p] == 1 else 0
                t[1] += 1
    rows: dict[str, dict[str, Any]] = {}
    for rd, (w, n) in sorted(table.items()):
        lo, hi = wilson(w, n)
        rows[str(rd)] = {"players": n, "win_rate": w / n, "ci": [lo, hi]}
    best = max((k for k in rows if rows[k]["players"] >= 30), key=lambda k: rows[k]["win_rate"], default=None)
    text = "、".join(f"第{k}R {v['win_rate']:.0%}（{v['players']}人）" for k, v in rows.items())
    out.append(Finding(
        "いつ初めて渡海するのが得か（初めて渡海したラウンド別の勝率）",
        (f"最も勝率が高いのは第{best}ラウンドに初めて渡海した人（{rows[best]['win_rate']:.1%}）。" if best else "")
        + "内訳：" + text + "。（記述のみ：早く渡海できるのは強い手札を配られた人なので、渡海の時期が勝ちを"
        "生むとは言えません）",
        {"by_round": rows, "best_round": int(best) if best else None}))
    return out
