"""A study's result as ``pnp simulate --json`` writes it, read back: the report rebuilt from the JSON
without playing a game (``pnp simulate GAME --from-json FILE --report r.pdf``).

The file holds one player count's summary, or ``{"game", "runs": [summary, …]}`` for several.  Reading
checks what the report reads — the game, the player count, the win rates, the length — and names the
file and the field when one is missing or of the wrong kind; a summary written by a run whose games broke
is refused, as ``simulate`` refuses to draw one."""
from __future__ import annotations

import json
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..limits import MAX_FILE_BYTES
from .errors import SimError


@dataclass(frozen=True)
class Study:
    """The summaries of one ``simulate`` run, one per player count, in order."""

    game: str
    runs: tuple[dict[str, Any], ...]


# (field, kinds) every summary must have for the report; the report reads the rest where present
REQUIRED: tuple[tuple[str, tuple[type, ...]], ...] = (
    ("game", (str,)), ("players", (int,)), ("games", (int,)), ("completed", (int,)), ("seed", (int,)),
    ("policies", (list,)), ("variant", (str,)), ("options", (dict,)), ("errors", (list,)),
    ("length", (dict,)), ("end_reasons", (dict,)), ("end_reason_rates", (dict,)), ("length_histogram", (dict,)),
)


def _problem(path: Path, where: str, field: str, want: str, got: Any) -> SimError:
    return SimError(f"{path}: {where}{field}: expected {want}, got {type(got).__name__ if got is not None else 'nothing'}")


def read_study(path: Path, game_id: str) -> Study:
    """The summaries in ``path`` (see the module docstring); SimError naming the file and field otherwise."""
    path = Path(path)
    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode):
            raise SimError(f"{path}: not a regular file")
        if st.st_size > MAX_FILE_BYTES:
            raise SimError(f"{path}: {st.st_size:,} bytes; a simulate --json file may have at most {MAX_FILE_BYTES:,}")
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SimError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise SimError(f"{path}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise SimError(f"{path}:{exc.lineno}:{exc.colno}: not readable as JSON ({exc.msg})") from None
    if not isinstance(data, dict):
        raise SimError(f"{path}: expected the object pnp simulate --json writes, got {type(data).__name__}")
    runs: Sequence[Any] = data["runs"] if "runs" in data else [data]
    if not isinstance(runs, list) or not runs:
        raise _problem(path, "", "runs", "a non-empty list of summaries", runs)
    for i, s in enumerate(runs):
        where = f"runs[{i}]." if "runs" in data else ""
        if not isinstance(s, dict):
            raise _problem(path, where.rstrip("."), "", "a summary (an object)", s)
        for field, kinds in REQUIRED:
            if not isinstance(s.get(field), kinds) or isinstance(s.get(field), bool):
                raise _problem(path, where, field, " or ".join(k.__name__ for k in kinds), s.get(field))
        rates = "team_win_rate" if s.get("cooperative") else "seat_win_rates"
        if not isinstance(s.get(rates), dict if rates == "team_win_rate" else list):
            raise _problem(path, where, rates, "the win rates", s.get(rates))
        if s["game"] != game_id:
            raise SimError(f"{path}: {where}game: the file is a study of {s['game']!r}, not of {game_id!r}")
        failed = s.get("error_count", len(s["errors"]))
        if failed:
            raise SimError(f"{path}: {where}errors: {failed} games of this study broke; its figures are biased and "
                           "no report is drawn from them (see errors in the file)")
    return Study(game_id, tuple(runs))
