"""The designer's questions about EBE, answered from simulated games (Findings)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...sim.answers import Measure, figure_ja, ratio_over_games
from ...sim.engine import Finding
from ...sim.stats import rate, rate_ja
from .facts import END_REASONS_JA

# ---------------------------------------------------------------- report

_pct = rate_ja   # shared report text for a rate

# Japanese words for every key a report may show: end reasons, Result.extra (and per_seat facts), the
# pieces counted in peak_pieces and the figures of the Findings below.
LABELS_JA: dict[str, str] = {
    **END_REASONS_JA,
    "players": "人数", "win": "脱出成功（チームの勝ち）", "cause": "終わり方", "life_start": "最初のステーションライフ",
    "closed_out": "立入禁止のエリアしか出せなかった手番", "ebe_repelled": "武器でイーバを撃退した回数",
    "closed": "以前にイーバが出現したエリア", "ebe_strength": "イーバの戦闘力",
    "closed=closed": "イーバが出現したエリアは立入禁止", "ebe_strength=1": "イーバを武器1個で撃退",
    "ebe_strength=2": "イーバを武器2個で撃退",
    "round": "終わったラウンド", "station_end": "終了時のステーションライフ", "missions_built": "完成したミッション数",
    "missions_needed": "必要なミッション数", "built_rounds": "ミッションが完成したラウンド",
    "events_failed": "未達成のイベント数", "events_paid": "支払いで達成したイベント数",
    "events_done": "達成したイベント数", "events_met": "達成したイベント数", "ebe_dice": "イーバに渡したサイコロの目",
    "ebe_got_min": "イーバが最小の目を受け取ったか", "ebe_got_lowest": "イーバが最小の目を受け取った割合",
    "ebe_die_distribution": "イーバに渡した目の分布", "station_by_round": "ラウンド終了時のステーションライフ",
    "peak_pieces": "同時に使われた部品の最大数", "damage": "ダメージトークン", "cubes": "資源キューブ（合計）",
    "weapons": "武器キューブ", "cubes_ether": "資源キューブ（エーテル）", "cubes_dust": "資源キューブ（宇宙塵）",
    "cubes_scrap": "資源キューブ（鉄屑）", "cubes_carbon": "資源キューブ（炭素繊維）", "per_seat": "席ごとの事実",
    "character": "キャラクター", "cards_used": "使われたカード", "cards_dealt": "最初に配られたカード（ミッションと1ラウンド目のイベント）", "causes": "終わり方の割合", "lost": "負けた対戦数",
    "win_by_events_failed": "未達成イベント数ごとの勝率",
    "events_met_rate": "イベントの達成率", "missions_built_rate": "ミッションの完成率", "outcomes": "ゲームの行方",
    "both": "両方", "missions_only": "ミッションだけ", "events_only": "イベントだけ", "neither": "どちらも",
    "missions_short_in_losses": "負けた対戦で足りなかったミッション数",
    "station_loss": "ステーションライフが尽きた割合",
}


Q_WIN = "人数ごとのチームの勝率"


def _win(r: Any) -> tuple[float, float]:
    return (float(bool(r.result.extra["win"])), 1.0)


Q_MIX = "ミッションとイベントはどちらかを締め出すか"


def _events_met(r: Any) -> tuple[float, float]:
    x = r.result.extra
    return (float(x["events_done"]), float(x["events_done"] + x["events_failed"]))


def _missions_built(r: Any) -> tuple[float, float]:
    x = r.result.extra
    return (float(x["missions_built"]), float(x["missions_needed"]))


def _both(r: Any) -> tuple[float, float]:
    x = r.result.extra
    return (float(bool(x["win"]) and x["events_failed"] == 0), 1.0)


# the figures that answer the questions, per game (paired by the report between the rules and the
# station life 30 of the draft's notes, on the same seeds)
MEASURES = (
    Measure("team_win", Q_WIN, "チームの勝率", _win),
    Measure("events_met", Q_MIX, "イベントの達成（引いたイベントのうち）", _events_met),
    Measure("missions_built", Q_MIX, "ミッションの完成（必要な枚数のうち）", _missions_built),
    Measure("both", Q_MIX, "両方できたゲーム（脱出し、未達成のイベントなし）", _both),
)

# the four ways a game can go on the two goals, for the missions-vs-events answer
_OUTCOMES = (("both", "両方（脱出し、イベントの未達成なし）"), ("missions_only", "ミッションだけ（脱出したが未達成のイベントあり）"),
             ("events_only", "イベントだけ（未達成のイベントはないが脱出できない）"), ("neither", "どちらも（脱出できず、未達成のイベントあり）"))


def _outcome(r: Any) -> str:
    x = r.result.extra
    return ("both" if x["win"] else "events_only") if x["events_failed"] == 0 else \
        ("missions_only" if x["win"] else "neither")


def questions(records: Sequence[Any]) -> list[Finding]:
    done = [r for r in records if r.result is not None]
    out: list[Finding] = []
    if not done:
        return [Finding("対戦記録", "完了した対戦がありません。", {})]
    # 1. team win rate per player count (and variant)
    figs: dict[str, Any] = {}
    parts = []
    groups: dict[tuple[str, int], list[Any]] = {}
    for r in done:
        groups.setdefault((r.variant, r.players), []).append(r)
    for (var, n), rs in sorted(groups.items()):
        k = sum(1 for r in rs if r.result.extra["win"])
        figs[f"{var}/{n}p"] = rate(k, len(rs))
        parts.append(f"{var} {n}人：{_pct(figs[f'{var}/{n}p'])}")
    out.append(Finding(Q_WIN, "、".join(parts) + "。", figs))
    # 2. loss causes
    causes: dict[str, int] = {}
    for r in done:
        causes[r.result.end_reason] = causes.get(r.result.end_reason, 0) + 1
    lost = [r for r in done if not r.result.extra["win"]]
    cf = {c: rate(v, len(done)) for c, v in sorted(causes.items())}
    out.append(Finding("敗因（ステーションライフ・死亡・時間切れ）",
                       "、".join(f"{END_REASONS_JA[c]} {_pct(v)}" for c, v in cf.items()) + "。",
                       {"causes": cf, "lost": len(lost)}))
    # 3. dice: what the イーバ gets
    hist = [0] * 7
    mins = total = 0
    for r in done:
        for v in r.result.extra["ebe_dice"]:
            hist[v] += 1
        mins += sum(r.result.extra["ebe_got_min"])
        total += len(r.result.extra["ebe_got_min"])
    share = rate(mins, total) if total else rate(0, 0)
    dist = {str(v): round(hist[v] / total, 4) if total else 0.0 for v in range(1, 7)}
    out.append(Finding("サイコロの割り振りに支配的な選択はあるか（イーバに1を渡すだけになるか）",
                       f"イーバが振られた中で最小の目を受け取った割合は{_pct(share)}。"
                       f"イーバの目の分布：" + "、".join(f"{v}:{dist[v] * 100:.0f}%" for v in dist) + "。",
                       {"ebe_got_lowest": share, "ebe_die_distribution": dist}))
    # 4. missions vs events: the share of the events met and of the missions built, and how the games
    # split between the two goals (counts and Wilson intervals); the win rate by events failed is an
    # observation (a team losing badly fails events too), named as such
    n = len(done)
    paid = sum(r.result.extra["events_paid"] for r in done)
    failed = sum(r.result.extra["events_failed"] for r in done)
    met = sum(r.result.extra["events_done"] for r in done)
    built = sum(r.result.extra["missions_built"] for r in done)
    needed = sum(r.result.extra["missions_needed"] for r in done)
    counts = {k: sum(1 for r in done if _outcome(r) == k) for k, _ in _OUTCOMES}
    split = {k: rate(v, n) for k, v in counts.items()}
    by_failed: dict[int, list[Any]] = {}
    for r in done:
        by_failed.setdefault(r.result.extra["events_failed"], []).append(r)
    wr = {str(k): rate(sum(1 for r in rs if r.result.extra["win"]), len(rs)) for k, rs in sorted(by_failed.items())}
    short = [r.result.extra["missions_needed"] - r.result.extra["missions_built"] for r in lost]
    short_mean = (sum(short) / len(short)) if short else 0
    ev_rate = ratio_over_games([_events_met(r) for r in done])
    ms_rate = ratio_over_games([_missions_built(r) for r in done])
    out.append(Finding(Q_MIX,
                       f"イベント{met + failed}件のうち達成{met}件 {figure_ja(ev_rate, True)}（うち支払い{paid}件）、未達成{failed}件。"
                       f"ミッションは必要な{needed}枚のうち{built}枚が完成 {figure_ja(ms_rate, True)}（{n}ゲーム）。"
                       "ゲームの行方："
                       + "、".join(f"{ja} {counts[k]}ゲーム {_pct(split[k])}" for k, ja in _OUTCOMES)
                       + "。未達成イベント数ごとの勝率（観察値・因果ではありません）："
                       + "、".join(f"{k}件 {_pct(v)}" for k, v in wr.items())
                       + f"。負けた対戦で足りなかったミッションは平均{short_mean:.2f}枚。",
                       {"events_met": met, "events_paid": paid, "events_failed": failed,
                        "events_met_rate": ev_rate, "missions_built_rate": ms_rate, "outcomes": split,
                        "win_by_events_failed": wr,
                        "missions_short_in_losses": round(sum(short) / len(short), 3) if short else 0.0}))
    # 5. life 60 vs 30
    by_life: dict[int, list[Any]] = {}
    for r in done:
        by_life.setdefault(r.result.extra["life_start"], []).append(r)
    lf = {str(k): {"win": rate(sum(1 for r in rs if r.result.extra["win"]), len(rs)),
                   "station_loss": rate(sum(1 for r in rs if r.result.end_reason == "station"), len(rs))}
          for k, rs in sorted(by_life.items())}
    out.append(Finding("ステーションライフ60と30の違い",
                       "、".join(f"ライフ{k}：勝率{_pct(v['win'])}、"
                                f"ステーションライフでの敗北{v['station_loss']['rate'] * 100:.1f}%"
                                for k, v in lf.items()) + "。", lf))
    # 6. peaks
    peaks: dict[str, int] = {}
    for r in done:
        for k, v in r.result.extra["peak_pieces"].items():
            peaks[k] = max(peaks.get(k, 0), v)
    out.append(Finding("同時に使われるキューブとトークンの最大数",
                       "、".join(f"{LABELS_JA.get(k, k)} {v}" for k, v in peaks.items()) + "。", peaks))
    return out


