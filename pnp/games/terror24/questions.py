"""The designer's questions about 24, answered from simulated games (``pnp simulate`` and the report)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...sim.answers import Measure
from ...sim.engine import Finding
from ...sim.stats import rate, rate_ja

# Japanese words for every key a report may show: the end reason, Result.extra (and its per_seat facts),
# and the figures of the Findings below.  Detective ids are added from the data (the printed names).
LABELS_JA: dict[str, str] = {
    "hands_exhausted": "全ハンド終了",
    "per_seat": "席ごとの事実",
    "detective": "刑事",
    "detectives": "刑事",
    "hands": "ハンド数",
    "death_rule": "殉職の重さ",
    "death_rule=draft": "殉職は本文どおり",
    "death_rule=points": "最後のハンドの殉職で6−事件番号のVP",
    "death_rule=injury": "殉職した刑事は次のハンドを負傷から",
    "variant": "変種",
    "vp_by_hand": "各ハンド終了時のVP（半減後）",
    "vp_raw_by_hand": "各ハンド終了時のVP（半減前）",
    "hand1_leaders": "1ハンド目終了時の首位",
    "hand1_gap": "1ハンド目終了時の1位と2位の差（VP）",
    "final_order": "最後のプレイ順",
    "tie_for_first": "最終VPの首位同点",
    "tie_break_incident_first_card": "事件の順位を1枚目の大きさで決めた回数",
    "tie_break_incident_order": "事件の順位をプレイ順で決めた回数",
    "incidents": "解決した事件の数",
    "ht_incidents": "ヒーロータイムが置かれた事件の数",
    "clashes": "ヒーロータイムのバッティング",
    "dice": "チャレンジのダイス",
    "green": "緑のダイス",
    "red": "赤のダイス",
    "used": "振った回数",
    "success": "成功",
    "great": "大成功",
    "fail": "失敗",
    "injuries": "負傷",
    "injury": "負傷",
    "deaths": "殉職",
    "death": "殉職",
    "deaths_by_hand": "ハンドごとの殉職者数",
    "hands2": "2ハンド戦",
    "hands3": "3ハンド戦",
    "hand1_leader_wins": "1ハンド目の首位が勝った割合",
    "hand1_gap_mean": "1ハンド目後の1位と2位の差（平均VP）",
    "hand1_gap_median": "1ハンド目後の1位と2位の差（中央値VP）",
    "hand1_gap_max": "1ハンド目後の1位と2位の差（最大VP）",
    "players3": "3人",
    "players4": "4人",
    "players5": "5人",
    "win_by_seat": "席ごとの勝率",
    "fair": "均等な勝率",
    "per_incident": "事件あたり",
    "per_incident_with_hero_time": "ヒーロータイムが置かれた事件あたり",
    "totals": "合計",
    "per_game": "1ゲームあたりの回数",
    "seat_incidents": "席と事件の組の数",
    "final": "最終VPの首位同点をプレイ順で決めた割合",
    "incident_first_card": "事件の順位を1枚目の大きさで決めた割合",
    "incident_order": "事件の順位をプレイ順で決めた割合",
    "last_hand_dice": "最後のハンドの事件番号ごとに振ったダイス",
    "last_hand_deaths": "最後のハンドの事件番号ごとの殉職",
    "hands2_big_lead": "2ハンド戦で1ハンド目のあと単独首位が4VP以上離しているゲーム",
    "hands3_big_lead": "3ハンド戦で1ハンド目のあと単独首位が4VP以上離しているゲーム",
    "hands2_big_comeback": "2ハンド戦の大差の逆転（4VP以上離した単独首位以外が勝つ）",
    "hands3_big_comeback": "3ハンド戦の大差の逆転（4VP以上離した単独首位以外が勝つ）",
    "last5_red_per_game": "最後のハンドの事件番号5で振った赤のダイス（1ゲームあたり）",
    "last5_dice_per_game": "最後のハンドの事件番号5で振ったダイス（1ゲームあたり）",
    "last5_deaths_per_game": "最後のハンドの事件番号5での殉職（1ゲームあたり）",
    "last_hand_deaths_per_game": "最後のハンドの殉職（1ゲームあたり）",
    "last5_red_per_seat": "最後のハンドの事件番号5で赤を振った席の割合",
}

Q_DRY = "1ハンド目は無味乾燥か（1ハンド目の首位がそのまま勝つ割合と、1ハンド目後の点差）"
Q_COMEBACK = "3ハンドなら逆転でき、2ハンドではできないか"
Q_CLASH = "ヒーロータイムのバッティングはどれくらい起きるか"
Q_DEATH = "最後のハンドの事件番号5は、危険なくダイスを振れてしまうか（殉職の重さ）"

# the draft: 「大きく点差が付いたとしても、２回チャンスがあれば逆転は十分に可能」 — the comeback that question is
# about is from a big lead, not any: a hand-1 leader alone, at least this many VP ahead of the second
BIG_GAP = 4


def _multi(r: Any) -> bool:
    return bool(r.result.extra.get("hands", 1) >= 2)


def _comeback(r: Any) -> tuple[float, float] | None:
    """A game of 2 or more hands: won by someone not leading after hand 1."""
    if not _multi(r):
        return None
    return (float(r.result.winners[0] not in r.result.extra["hand1_leaders"]), 1.0)


def _comeback_chance(r: Any) -> float:
    return 1 - len(r.result.extra["hand1_leaders"]) / int(r.players)


def _leader_wins(r: Any) -> tuple[float, float] | None:
    if not _multi(r):
        return None
    return (float(r.result.winners[0] in r.result.extra["hand1_leaders"]), 1.0)


def _leader_chance(r: Any) -> float:
    return len(r.result.extra["hand1_leaders"]) / int(r.players)


def _big_lead(r: Any) -> bool:
    x = r.result.extra
    return _multi(r) and len(x["hand1_leaders"]) == 1 and x["hand1_gap"] >= BIG_GAP


def _big_comeback(r: Any) -> tuple[float, float] | None:
    """A game of 2 or more hands whose hand-1 leader was alone and BIG_GAP VP ahead: won by someone else."""
    if not _big_lead(r):
        return None
    return (float(r.result.winners[0] not in r.result.extra["hand1_leaders"]), 1.0)


def _last5(colour: str) -> Any:
    def value(r: Any) -> tuple[float, float]:
        return (float(r.result.extra["last_hand_dice"][colour][4]), 1.0)
    return value


def _last5_any(r: Any) -> tuple[float, float]:
    d = r.result.extra["last_hand_dice"]
    return (float(d["green"][4] + d["red"][4]), 1.0)


def _last_deaths(r: Any) -> tuple[float, float]:
    return (float(sum(r.result.extra["last_hand_deaths"])), 1.0)


def _last5_deaths(r: Any) -> tuple[float, float]:
    return (float(r.result.extra["last_hand_deaths"][4]), 1.0)


def _clash(r: Any) -> tuple[float, float]:
    return (float(r.result.extra["clashes"]), float(r.result.extra["incidents"]))


# the figures that answer the questions, per game: under one rule, and paired between two (the report's
# 2 hands against 3, and every option of `pnp questions`)
MEASURES = (
    Measure("comeback", Q_COMEBACK, "逆転（1ハンド目の首位以外が勝つ）", _comeback, _comeback_chance),
    Measure("hand1_leader_wins", Q_DRY, "1ハンド目の首位が勝つ", _leader_wins, _leader_chance),
    Measure("big_comeback", Q_COMEBACK, f"大差の逆転（1ハンド目の単独首位が{BIG_GAP}VP以上離していたゲームで、ほかの人が勝つ）",
            _big_comeback, lambda r: 1 - 1 / r.players),
    Measure("clash", Q_CLASH, "ヒーロータイムのバッティング（事件あたり）", _clash),
    Measure("last5_red", Q_DEATH, "最後のハンドの事件番号5で振った赤のダイス（1ゲームあたり）", _last5("red"),
            percent=False, unit_ja="個"),
    Measure("last5_dice", Q_DEATH, "最後のハンドの事件番号5で振ったダイス（緑と赤、1ゲームあたり）", _last5_any,
            percent=False, unit_ja="個"),
    Measure("last5_deaths", Q_DEATH, "最後のハンドの事件番号5での殉職（1ゲームあたり）", _last5_deaths,
            percent=False, unit_ja="人"),
    Measure("last_hand_deaths", Q_DEATH, "最後のハンドの殉職（1ゲームあたり）", _last_deaths, percent=False,
            unit_ja="人"),
)

# figures and their Japanese text come from the shared statistics module
_rate = rate
_pct = rate_ja


def questions(records: Sequence[Any], names: Mapping[str, str] | None = None) -> list[Finding]:
    """The designer's questions answered from ``records``; ``names`` words the detectives (id → printed name)."""
    done = [r for r in records if r.result is not None]
    by_hands: dict[int, list[Any]] = {}
    for r in done:
        if r.result.extra.get("hands", 1) >= 2:
            by_hands.setdefault(r.result.extra["hands"], []).append(r)
    return [_dry(by_hands), _comebacks(by_hands), *_death_risk(done), _seat_balance(done), _clashes(done),
            _dice(done), _by_detective(done, names), _ties(done)]


def _winner(r: Any) -> int:
    return int(r.result.winners[0])


def _dry(by_hands: dict[int, list[Any]]) -> Finding:
    """Is the 1st hand dry: how often the hand-1 leader wins."""
    figs: dict[str, Any] = {}
    parts = []
    for h, rs in sorted(by_hands.items()):
        k = sum(1 for r in rs if _winner(r) in r.result.extra["hand1_leaders"])
        gaps = sorted(r.result.extra["hand1_gap"] for r in rs)
        rate = _rate(k, len(rs))
        figs[f"hands{h}"] = {"hand1_leader_wins": rate,
                             "hand1_gap_mean": round(sum(gaps) / len(gaps), 2),
                             "hand1_gap_median": gaps[len(gaps) // 2],
                             "hand1_gap_max": gaps[-1]}
        parts.append(f"{h}ハンド戦で1ハンド目終了時の首位（同点含む）が勝ったのは{_pct(rate)}、"
                     f"1ハンド目終了時の1位と2位の差は平均{figs[f'hands{h}']['hand1_gap_mean']}VP")
    return Finding(Q_DRY,
                       "。".join(parts) + "。" if parts else "2ハンド以上の対戦記録がありません。",
                       figs)


def _comebacks(by_hands: dict[int, list[Any]]) -> Finding:
    """Comebacks with 3 hands vs 2: from any lead, and from the big lead the draft speaks of."""
    figs: dict[str, Any] = {}
    parts = []
    for h, rs in sorted(by_hands.items()):
        k = sum(1 for r in rs if _winner(r) not in r.result.extra["hand1_leaders"])
        figs[f"hands{h}"] = _rate(k, len(rs))
        parts.append(f"{h}ハンド戦の逆転（1ハンド目の首位以外が勝つ）は{_pct(figs[f'hands{h}'])}")
    for h, rs in sorted(by_hands.items()):
        big = [r for r in rs if _big_lead(r)]
        figs[f"hands{h}_big_lead"] = _rate(len(big), len(rs))
        figs[f"hands{h}_big_comeback"] = _rate(
            sum(1 for r in big if _winner(r) not in r.result.extra["hand1_leaders"]), len(big))
        parts.append(f"{h}ハンド戦で1ハンド目のあと単独首位が{BIG_GAP}VP以上離していたのは{_pct(figs[f'hands{h}_big_lead'])}、"
                     f"そのゲームで首位以外が勝ったのは{_pct(figs[f'hands{h}_big_comeback'])}" if big else
                     f"{h}ハンド戦で1ハンド目のあと単独首位が{BIG_GAP}VP以上離したゲームはありませんでした")
    if len(by_hands) < 2:
        parts.append("2ハンド戦と3ハンド戦の比較には、両方の設定で対戦させてください（レポートは同じ種で両方を遊び、"
                     "下書きの疑問への答えに両方の数字と差を載せます）")
    return Finding(Q_COMEBACK, "。".join(parts) + "。", figs)


def _death_risk(done: list[Any]) -> list[Finding]:
    """Death risk at the last incident (ruling death-risk)."""
    n = len(done)
    if not n:
        return []
    red5 = sum(r.result.extra["last_hand_dice"]["red"][4] for r in done)
    any5 = red5 + sum(r.result.extra["last_hand_dice"]["green"][4] for r in done)
    d5 = sum(r.result.extra["last_hand_deaths"][4] for r in done)
    dl = sum(sum(r.result.extra["last_hand_deaths"]) for r in done)
    seats5 = sum(1 for r in done for _ in range(r.players))
    figs = {"last5_red_per_game": round(red5 / n, 4), "last5_dice_per_game": round(any5 / n, 4),
            "last5_deaths_per_game": round(d5 / n, 4), "last_hand_deaths_per_game": round(dl / n, 4),
            "last5_red_per_seat": _rate(min(red5, seats5), seats5)}
    return [Finding(Q_DEATH,
                       f"最後のハンドの事件番号5で振った赤のダイスは1ゲーム平均{red5 / n:.2f}個（席あたり"
                       f"{_pct(figs['last5_red_per_seat'])}）、緑と赤あわせて{any5 / n:.2f}個、そこでの殉職は"
                       f"{d5 / n:.2f}人。最後のハンド全体の殉職は1ゲーム平均{dl / n:.2f}人（{n}ゲーム）。", figs)]


def _seat_balance(done: list[Any]) -> Finding:
    """Seat balance."""
    figs: dict[str, Any] = {}
    parts = []
    for n in (3, 4, 5):
        rs = [r for r in done if r.players == n]
        if not rs:
            continue
        rates = [_rate(sum(1 for r in rs if _winner(r) == s), len(rs)) for s in range(n)]
        figs[f"players{n}"] = {"win_by_seat": rates, "fair": round(1 / n, 4)}
        parts.append(f"{n}人: " + "、".join(f"席{s + 1}{'（1VP開始）' if s >= 3 else ''} "
                                            f"{100 * rt['rate']:.1f}%" for s, rt in enumerate(rates))
                     + f"（均等なら{100 / n:.1f}%）")
    return Finding("席順の有利不利（4・5人の後手に1VPを与える開始点は釣り合っているか）",
                       "。".join(parts) + "。" if parts else "データなし。", figs)


def _clashes(done: list[Any]) -> Finding:
    """Hero-time clashes."""
    inc = sum(r.result.extra["incidents"] for r in done)
    ht = sum(r.result.extra["ht_incidents"] for r in done)
    cl = sum(r.result.extra["clashes"] for r in done)
    figs = {"per_incident": _rate(cl, inc), "per_incident_with_hero_time": _rate(cl, ht)}
    return Finding(Q_CLASH,
                       f"事件の解決{inc}回のうちバッティングは{_pct(figs['per_incident'])}、"
                       f"ヒーロータイムが置かれた事件に限ると{_pct(figs['per_incident_with_hero_time'])}。",
                       figs)


def _dice(done: list[Any]) -> Finding:
    """Challenges by die colour."""
    figs: dict[str, Any] = {}
    parts = []
    opps = sum(r.result.extra["incidents"] * r.players for r in done)
    for colour, ja in (("green", "緑"), ("red", "赤")):
        tot = {key: sum(r.result.extra["dice"][colour][key] for r in done)
               for key in ("used", "success", "great", "fail", "injuries", "deaths")}
        figs[colour] = {"totals": tot, "success": _rate(tot["success"], tot["used"]),
                        "injury": _rate(tot["injuries"], tot["used"]),
                        "death": _rate(tot["deaths"], tot["used"]),
                        "per_game": round(tot["used"] / len(done), 2) if done else None}
        parts.append(f"{ja}は1ゲーム平均{figs[colour]['per_game']}回振られ、成功{_pct(figs[colour]['success'])}、"
                     f"負傷{_pct(figs[colour]['injury'])}、殉職{_pct(figs[colour]['death'])}")
    figs["seat_incidents"] = opps
    return Finding("チャレンジの利用と、ダイスの色ごとの負傷・殉職の割合", "。".join(parts) + "。", figs)


def _by_detective(done: list[Any], names: Mapping[str, str] | None) -> Finding:
    """Win rate by detective."""
    figs: dict[str, Any] = {}
    games_by: dict[str, int] = {}
    wins_by: dict[str, int] = {}
    for r in done:
        dets = r.result.extra["detectives"]
        for d in dets:
            games_by[d] = games_by.get(d, 0) + 1
        w = dets[_winner(r)]
        wins_by[w] = wins_by.get(w, 0) + 1
    for d in sorted(games_by):
        figs[d] = _rate(wins_by.get(d, 0), games_by[d])
    exp = (sum(1 / r.players for r in done) / len(done)) if done else 0
    shown = names or {}
    return Finding("刑事ごとの勝率",
                       "、".join(f"{shown.get(d, d)} {_pct(rt)}" for d, rt in figs.items())
                       + f"（参加者数を考えた平均は{100 * exp:.1f}%）。", figs)


def _ties(done: list[Any]) -> Finding:
    """Ties decided by the tie rules."""
    inc = sum(r.result.extra["incidents"] for r in done)
    t_final = sum(1 for r in done if r.result.extra["tie_for_first"])
    t_first = sum(r.result.extra["tie_break_incident_first_card"] for r in done)
    t_order = sum(r.result.extra["tie_break_incident_order"] for r in done)
    figs = {"final": _rate(t_final, len(done)),
            "incident_first_card": _rate(t_first, inc), "incident_order": _rate(t_order, inc)}
    return Finding("同点の決着ルールはどれくらい使われるか",
                       f"最終VPの首位同点をプレイ順で決めたゲームは{_pct(figs['final'])}。"
                       f"事件の順位決定で捜査力が同じになり「1枚目の大きい方」で決まったのは事件あたり"
                       f"{_pct(figs['incident_first_card'])}、さらにプレイ順で決まったのは"
                       f"{_pct(figs['incident_order'])}。", figs)
