"""Progress of a long command on stderr: where it is, how long it has run, how long is left.

On a terminal one line is redrawn in place; otherwise (a log, a pipe, CI) a plain line every
EVERY_S seconds, so that a run of many minutes is never silent until its end, and a last line when it
is done.  The work is counted in estimated seconds (:class:`Plan`: games of each kind × the time one
game of that kind took), so the share done and the time left hold across parts of unequal cost."""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

EVERY_S = 5.0            # seconds between two lines when stderr is not a terminal
REDRAW_S = 0.2           # … between two redraws on a terminal
ESTIMATE_FROM_S = 5.0    # a command estimated to take this long says its estimate before it starts


def seconds_ja(s: float) -> str:
    """「0.004 秒」「40 秒」「3 分 10 秒」."""
    s = max(0.0, s)
    if s < 60:
        return f"{s:.0f} 秒" if s >= 10 else f"{s:.1f} 秒" if s >= 1 else f"{s:.3f} 秒"
    m, r = divmod(int(round(s)), 60)
    if m < 60:
        return f"{m} 分 {r} 秒"
    h, m = divmod(m, 60)
    return f"{h} 時間 {m} 分"


@dataclass
class Plan:
    """The work a command is about to do: (part, games, seconds a game) in order."""

    parts: list[tuple[str, int, float]] = field(default_factory=list)

    def add(self, part: str, games: int, per_game_s: float) -> None:
        if games > 0:
            self.parts.append((part, games, per_game_s))

    @property
    def seconds(self) -> float:
        return sum(n * c for _, n, c in self.parts)

    @property
    def games(self) -> int:
        return sum(n for _, n, _ in self.parts)

    def cost(self, part: str) -> float:
        """Seconds one game of the part is expected to take (0 for a part not in the plan)."""
        return next((c for p, _, c in self.parts if p == part), 0.0)


class Progress:
    """Counts the games of a :class:`Plan` as they are played and says so on ``stream``."""

    def __init__(self, title: str, plan: Plan, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self.title, self.plan = title, plan
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.clock = clock
        self.start = clock()
        self.last_line = self.start
        self.done_s = 0.0          # estimated seconds of the games played so far
        self.part = ""
        self.counted: dict[str, int] = {}     # part → games played (a part begun again goes on counting)
        self.drawn = False

    def begin(self, part: str) -> Callable[[int], None]:
        """Start a part of the plan; the function to call with each number of games played."""
        self.part = part
        self.counted.setdefault(part, 0)
        cost = self.plan.cost(part)

        def tick(n: int = 1) -> None:
            self.part = part
            self.counted[part] += n
            self.done_s += n * cost
            self._maybe_say()
        return tick

    def line(self) -> str:
        elapsed = self.clock() - self.start
        share = min(1.0, self.done_s / self.plan.seconds) if self.plan.seconds > 0 else 0.0
        left = (f"、残り約 {seconds_ja(elapsed * (1 - share) / share)}" if share > 0.02 else
                f"、残り約 {seconds_ja(max(0.0, self.plan.seconds - elapsed))}（見積もり）")
        total = sum(n for p, n, _ in self.plan.parts if p == self.part)
        return (f"{self.title}：{self.part} {self.counted.get(self.part, 0):,}/{total:,} ゲーム｜全体 {100 * share:.0f}%、"
                f"経過 {seconds_ja(elapsed)}{left}")

    def _maybe_say(self) -> None:
        now = self.clock()
        if now - self.last_line < (REDRAW_S if self.tty else EVERY_S):
            return
        self.last_line = now
        if self.tty:
            self.stream.write("\r\033[K" + self.line())
            self.drawn = True
        else:
            self.stream.write(self.line() + "\n")
        self.stream.flush()

    def clear(self) -> None:
        """Take the redrawn line away before other output (a terminal only)."""
        if self.drawn:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.drawn = False

    def finish(self) -> None:
        self.clear()
        elapsed = self.clock() - self.start
        self.stream.write(f"{self.title}：終わりました（{self.plan.games:,} ゲーム、{seconds_ja(elapsed)}。"
                          f"見積もりは {seconds_ja(self.plan.seconds)}）\n")
        self.stream.flush()


def say_plan(title: str, plan: Plan, basis: str, stream: TextIO | None = None) -> None:
    """The estimate, before the long part starts: every part's games, the whole, and what it rests on."""
    out = stream if stream is not None else sys.stderr
    parts = "、".join(f"{p} {n:,}" for p, n, _ in plan.parts)
    out.write(f"{title}：これから {plan.games:,} ゲーム（{parts}）。見積もり 約 {seconds_ja(plan.seconds)}"
              f"（{basis}）\n")
    out.flush()
