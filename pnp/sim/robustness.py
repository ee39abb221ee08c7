"""Do the figures depend on who plays?  The batch's figures against the same seeds played by a second
competent player (the engine's ``second_policy``: ユーフォリア's daring player, 24's basic player, EBE's
early planner).  A figure whose second value lies outside the first one's 95% interval moved by more than
its interval: the report marks it as depending on the players (「方針で変わる」)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .metrics import Summary
from .runner import Batch, iter_games


def _outside(a: dict[str, Any], b: dict[str, Any]) -> bool:
    lo, hi = a["ci"]
    return bool(b["n"]) and not lo <= b["rate"] <= hi


def compare_players(s: dict[str, Any], t: dict[str, Any], policy: str) -> dict[str, Any]:
    """Which of ``s``'s figures moved outside their interval in ``t`` (the same seeds, ``policy`` playing)."""
    moved: list[dict[str, Any]] = []
    if s.get("cooperative"):
        if _outside(s["team_win_rate"], t["team_win_rate"]):
            moved.append({"key": "team_win_rate", "label": "チームの勝率", "a": s["team_win_rate"]["rate"],
                          "b": t["team_win_rate"]["rate"]})
    else:
        seats = [i for i, (a, b) in enumerate(zip(s["seat_win_rates"], t["seat_win_rates"])) if _outside(a, b)]
        if seats:
            moved.append({"key": "seat_win_rates", "label": "席ごとの勝率", "seats": [i + 1 for i in seats],
                          "a": [s["seat_win_rates"][i]["rate"] for i in seats],
                          "b": [t["seat_win_rates"][i]["rate"] for i in seats]})
    theirs = {m["key"]: m for m in t.get("measures", [])}
    for m in s.get("measures", []):
        o = theirs.get(m["key"])
        if o is not None and _outside(m, {"rate": o["rate"], "n": o["n"]}):
            moved.append({"key": m["key"], "label": m["label"], "a": m["rate"], "b": o["rate"]})
    return {"policy": policy, "games": t["completed"], "moved": moved}


def robustness(engine: Any, batch: Batch, summary: dict[str, Any], executor: Any = None,
               on_games: Callable[[int], None] | None = None) -> dict[str, Any] | None:
    """The batch replayed with the engine's second competent player in every seat; None without one."""
    second = getattr(engine, "second_policy", None)
    if not second or tuple(batch.policies) == (second,):
        return None
    other = replace(batch, policies=(second,))
    acc = Summary(engine, other)
    for r in iter_games(engine, other, executor=executor, on_progress=on_games):
        acc.add(r)
    return compare_players(summary, acc.result(), second)


def robustness_ja(rb: dict[str, Any], label: Any = str) -> str:
    from .labels import policy_label
    who = policy_label(rb["policy"])
    if not rb["moved"]:
        return (f"方針による違い：同じ種を{who}だけで遊んでも（{rb['games']}ゲーム）、どの数字も95%区間の中に"
                "とどまりました。")
    parts = []
    for m in rb["moved"]:
        if m["key"] == "seat_win_rates":
            parts.append("席ごとの勝率（" + "・".join(f"{s}番席 {100 * a:.1f}%→{100 * b:.1f}%"
                                            for s, a, b in zip(m["seats"], m["a"], m["b"])) + "）")
        else:
            parts.append(f"{m['label']}（{100 * m['a']:.1f}%→{100 * m['b']:.1f}%）")
    return (f"方針による違い：同じ種を{who}だけで遊ぶと（{rb['games']}ゲーム）、" + "、".join(parts)
            + "が95%区間の外へ動きました。これらの数字はプレイヤーの打ち方しだいで変わります（表では「方針で変わる」）。")
