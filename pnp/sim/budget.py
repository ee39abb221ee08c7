"""A time budget for ``pnp validate``'s default: this process's CPU seconds (``time.process_time``, which
counts from the process's start), so that on a machine busy with other work the checks do as much as
on an idle one and the wall-clock time grows instead.  A check given a budget does at least its own
minimum and says when it did less than in full; one given none (``UNLIMITED``) runs in full."""
from __future__ import annotations

import time


class Budget:
    """Until a point of this process's CPU time; ``until`` None: no limit."""

    __slots__ = ("until",)

    def __init__(self, until: float | None):
        self.until = until

    @classmethod
    def of(cls, seconds: float) -> Budget:
        """From now, ``seconds`` of CPU time."""
        return cls(time.process_time() + seconds)

    @property
    def limited(self) -> bool:
        return self.until is not None

    def left(self) -> float:
        """CPU seconds still to spend (negative once spent; infinite without a limit)."""
        return float("inf") if self.until is None else self.until - time.process_time()

    def spent(self) -> bool:
        return self.until is not None and time.process_time() >= self.until

    def share(self, fraction: float) -> Budget:
        """A part of what is left, from now (the whole of an unlimited budget)."""
        if self.until is None:
            return self
        return Budget.of(max(0.0, self.left()) * fraction)


UNLIMITED = Budget(None)
