"""One-line notes to the user that are not errors (a damaged cache that was ignored, a stale output
that was removed).  The library says them here; they go to stderr, or to whatever ``pnp watch``
routes them to, so that a library function never prints on its own."""
from __future__ import annotations

import sys
from collections.abc import Callable

_sink: Callable[[str], None] | None = None


def notice(message: str) -> None:
    if _sink is not None:
        _sink(message)
    else:
        print(message, file=sys.stderr)


def route(sink: Callable[[str], None] | None) -> Callable[[str], None] | None:
    """Send notices to sink (None: stderr again); returns the previous sink."""
    global _sink
    previous, _sink = _sink, sink
    return previous
