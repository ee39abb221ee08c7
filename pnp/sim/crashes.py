"""Games that stopped with an error while a check played them.

A check that plays games judges only the games that ran to the end: when some stopped, what it says
of the others is not a verdict on the engine (897 crashes and 3 clean replays are not "replays OK").
A :class:`Tally` counts the games a check played, those that stopped and the first one, so that the
check says what it looked at and names a game to replay: the engine's ``file:line`` (the first line
of the runner's error) and the ``pnp play`` command that plays that very game again."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..messages import msg


def replay_command(game_id: str, players: int, seats: Sequence[str], seed: int, variant: str = "standard",
                   options: Mapping[str, Any] | None = None) -> str:
    """The command that plays one game again: the runner's game seed (not a batch's root seed) and
    the policies seat by seat (``pnp play`` seats its --policy list in order for its one game)."""
    cmd = f"pnp play {game_id} --seed {seed} --players {players} --policy {','.join(seats)}"
    if variant != "standard":
        cmd += f" --variant {variant}"
    for key, value in sorted((options or {}).items()):
        cmd += f" --option {key}={value}"
    return cmd


@dataclass(frozen=True)
class Crash:
    players: int
    seats: tuple[str, ...]
    seed: int
    message: str          # the error's first line: "engine.py:167: ZeroDivisionError: …"

    def replay(self, game_id: str) -> str:
        return replay_command(game_id, self.players, self.seats, self.seed)


@dataclass
class Tally:
    """The games one check played: how many, how many stopped with an error, the first that did."""

    played: int = 0
    crashed: int = 0
    first: Crash | None = None
    messages: dict[str, int] = field(default_factory=dict)     # first line → games

    def add(self, players: int, seats: Sequence[str], seed: int, error: str | None) -> bool:
        """Count one game; True when it ran to the end."""
        self.played += 1
        if not error:
            return True
        self.crashed += 1
        line = error.strip().splitlines()[0] if error.strip() else "error"
        self.messages[line] = self.messages.get(line, 0) + 1
        if self.first is None:
            self.first = Crash(players, tuple(seats), seed, line)
        return False

    @property
    def finished(self) -> int:
        return self.played - self.crashed

    def merge(self, other: Tally) -> None:
        self.played += other.played
        self.crashed += other.crashed
        self.first = self.first or other.first
        for k, v in other.messages.items():
            self.messages[k] = self.messages.get(k, 0) + v

    def counts(self) -> dict[str, int]:
        """For the JSON: {"played", "finished", "crashed"}."""
        return {"played": self.played, "finished": self.finished, "crashed": self.crashed}

    def counts_ja(self) -> str:
        """「遊んだ 9 ゲーム（終了 0、エラーで停止 9）」: what a verdict looked at."""
        return f"遊んだ {self.played} ゲーム（終了 {self.finished}、エラーで停止 {self.crashed}）"

    def undecided(self, check: Any, game_id: str) -> str:
        """The problem of a check that cannot be judged because games stopped: the counts, the first
        error (the engine's file:line) and the command that replays that game."""
        first = self.first
        assert first is not None
        return f"{check}: " + msg("sim.undecided", crashed=self.crashed, played=self.played, finished=self.finished,
                                  first=first.message, seed=first.seed, replay=first.replay(game_id))
