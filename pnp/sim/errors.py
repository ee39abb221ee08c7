"""Errors the simulator reports to users (the CLI prints them and exits 1)."""
from __future__ import annotations

from ..errors import PnpError


class SimError(PnpError):
    """A bad request: unknown policy, player count out of range, unreadable option …"""


class ReplayError(PnpError):
    """A game log that cannot be replayed, or that does not reach its recorded final state."""
