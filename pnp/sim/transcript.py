"""A Japanese play-by-play of one game, built by replaying its log (so it shows what the log holds).

``pnp play --json`` keeps the words: :func:`narrate_log` writes into each event of the log the lines
the table saw after it (the set-up after the deal, the engine's narration) and the result's lines, so
``pnp replay --show`` prints the very text ``pnp play`` printed, even for a log that a later engine
would narrate differently.  A log without them (an older one) is narrated afresh from the engine."""
from __future__ import annotations

from typing import Any

from .engine import CHANCE, BaseEngine
from .gamelog import GameLog
from .replay import steps


def _fresh(engine: BaseEngine, log: GameLog) -> tuple[list[tuple[str, list[str]]], list[str], Any]:
    """(action line, lines after it) per event, the result's lines and the final state, from the engine."""
    seat_name = engine.seat_name
    describe_setup, narrate = engine.describe_setup, engine.narrate
    final = None
    dealt = False
    out: list[tuple[str, list[str]]] = []
    for before, action, after in steps(engine, log):
        if action is None:
            final = after
            break
        seat = engine.to_move(before)
        head = f"［偶然］{action.label()}" if seat == CHANCE else f"{seat_name(seat)}：{action.label()}"
        more: list[str] = []
        if seat == CHANCE and not dealt:
            dealt = True
            more.extend(describe_setup(after))
        more.extend(narrate(before, action, after))
        out.append((head, more))
    result = engine.result(final)
    tail = [f"終了理由：{result.end_reason_ja or result.end_reason}"]
    tail.extend(engine.describe_result(final, result))
    order = sorted(range(len(result.ranks)), key=lambda s: result.ranks[s])
    tail.append("順位：" + "、".join(f"{result.ranks[s]}位 {seat_name(s)}（{result.scores[s]:g}点）" for s in order))
    return out, tail, final


def narrate_log(engine: BaseEngine, log: GameLog) -> None:
    """Store the narration in the log (``events[i]["line"]``, ``events[i]["narration"]``, ``result_lines``)."""
    events, tail, _ = _fresh(engine, log)
    for ev, (head, more) in zip(log.events, events):
        ev["line"] = head
        ev["narration"] = list(more)
    log.result_lines = list(tail)


def _one_line(value: Any) -> str:
    """A value the log gives (its header's title, seed, options …) as one line: a log cannot print
    lines of its own (a forged 「一致」) through a line break or a control character."""
    text = str(value)
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)[:200]


def transcript(engine: BaseEngine, log: GameLog) -> list[str]:
    """The game told again from the replay itself: every line is made from the engine's replayed state,
    never taken from the narration stored in the log (which anyone can edit)."""
    h = log.header
    seat_name = engine.seat_name
    lines = [f"《{_one_line(h.get('title', h['game']))}》 {_one_line(h['players'])}人 種 {_one_line(h['seed'])} "
             f"変種 {_one_line(h.get('variant', 'standard'))}"]
    if h.get("options"):
        lines.append("オプション：" + "、".join(f"{_one_line(k)}={_one_line(v)}" for k, v in sorted(h["options"].items())))
    lines.append("方針：" + "、".join(f"{seat_name(s)}={_one_line(p)}" for s, p in enumerate(h["policies"])))
    events, tail, final = _fresh(engine, log)     # replays the log: every event must hold
    for head, more in events:
        lines.append(head)
        lines.extend(more)
    lines.append("")
    lines.append("■ 結果")
    lines.extend(tail)
    lines.append(f"最終状態ハッシュ：{engine.state_hash(final)[:16]}")
    return lines
