"""A Japanese play-by-play of one game, built by replaying its log (so it shows what the log holds)."""
from __future__ import annotations

from typing import Any

from .engine import CHANCE
from .gamelog import GameLog
from .replay import steps


def transcript(engine: Any, log: GameLog) -> list[str]:
    h = log.header
    seat_name = getattr(engine, "seat_name", lambda s: f"プレイヤー{s + 1}")
    lines = [f"《{h.get('title', h['game'])}》 {h['players']}人 種 {h['seed']} 変種 {h.get('variant', 'standard')}"]
    if h.get("options"):
        lines.append("オプション：" + "、".join(f"{k}={v}" for k, v in sorted(h["options"].items())))
    lines.append("方針：" + "、".join(f"{seat_name(s)}={p}" for s, p in enumerate(h["policies"])))
    describe_setup = getattr(engine, "describe_setup", None)
    narrate = getattr(engine, "narrate", None)
    final = None
    dealt = False
    for before, action, after in steps(engine, log):
        if action is None:
            final = after
            break
        seat = engine.to_move(before)
        if seat == CHANCE:
            lines.append(f"［偶然］{action.label()}")
        else:
            lines.append(f"{seat_name(seat)}：{action.label()}")
        if seat == CHANCE and not dealt and describe_setup:
            dealt = True
            lines.extend(describe_setup(after))
        if narrate:
            lines.extend(narrate(before, action, after))
    lines.append("")
    lines.append("■ 結果")
    result = engine.result(final)
    lines.append(f"終了理由：{result.end_reason_ja or result.end_reason}")
    describe_result = getattr(engine, "describe_result", None)
    if describe_result:
        lines.extend(describe_result(final, result))
    order = sorted(range(len(result.ranks)), key=lambda s: result.ranks[s])
    lines.append("順位：" + "、".join(f"{result.ranks[s]}位 {seat_name(s)}（{result.scores[s]:g}点）" for s in order))
    lines.append(f"最終状態ハッシュ：{engine.state_hash(final)[:16]}")
    return lines
