"""Game logs: header + one event per step + result + final state hash (JSON), and the data hash."""
from __future__ import annotations

import hashlib
import json
import stat
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..data.model import Game
from ..files import atomic_path, read_limited
from ..limits import MAX_FILE_BYTES, MAX_JSON_DEPTH
from ..messages import Msg, did_you_mean_file, msg
from .engine import CHANCE, BaseEngine, Result
from .errors import ReplayError
from .runner import Trace

FORMAT = "pnp-game-log/1"


def data_hash(game: Game) -> str:
    """sha256 over the game's YAML files and card spreadsheets (names and bytes), so a log knows which
    data it was played on."""
    h = hashlib.sha256()
    kinds = {".yaml", ".csv", ".tsv", ".xlsx", ".ods"}
    for path in sorted(p for p in Path(game.folder).iterdir() if p.suffix.lower() in kinds and p.is_file()):
        try:
            data = read_limited(path, MAX_FILE_BYTES)
        except (OSError, ValueError) as exc:   # the loader refused it already; the hash says so
            data = str(exc).encode()
        h.update(path.name.encode() + b"\0" + data + b"\0")
    return h.hexdigest()


@dataclass
class GameLog:
    header: dict[str, Any]
    events: list[dict[str, Any]]
    result: dict[str, Any] | None
    final_state_hash: str
    error: str | None = None
    result_lines: list[str] | None = None     # the narrated result, as `pnp play` showed it

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "header": self.header, "events": self.events, "result": self.result,
               "final_state_hash": self.final_state_hash, "error": self.error}
        if self.result_lines is not None:
            out["result_lines"] = list(self.result_lines)
        return out

    @classmethod
    def from_json(cls, data: Any, source: str = "log") -> GameLog:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ReplayError(f"{source}: format: " + msg("sim.log_not_a_log", format=FORMAT))
        for key, kind in (("header", dict), ("events", list), ("final_state_hash", str)):
            if key not in data:
                raise ReplayError(f"{source}: {key}: " + msg("sim.log_missing"))
            if not isinstance(data[key], kind):
                want = msg("sim.word_mapping") if kind is dict else msg("sim.word_list") if kind is list else msg("sim.word_text")
                raise ReplayError(f"{source}: {key}: " + msg("sim.log_kind", want=want, got=type(data[key]).__name__))
        for i, ev in enumerate(data["events"]):
            if not isinstance(ev, dict):
                raise ReplayError(f"{source}: events[{i}]: " + msg("sim.log_event_mapping", got=type(ev).__name__))
        if data.get("result") is not None and not isinstance(data["result"], dict):
            raise ReplayError(f"{source}: result: " + msg("sim.log_kind", want=msg("sim.word_mapping"),
                                                          got=type(data["result"]).__name__))
        lines = data.get("result_lines")
        if lines is not None and (not isinstance(lines, list) or not all(isinstance(x, str) for x in lines)):
            raise ReplayError(f"{source}: result_lines: " + msg("sim.log_kind", want=msg("sim.word_lines"),
                                                                got=type(lines).__name__))
        return cls(dict(data["header"]), list(data["events"]), data.get("result"),
                   data["final_state_hash"], data.get("error"), lines)


def make_header(engine: BaseEngine, game: Game | None, *, seed: int, players: int, policies: tuple[str, ...],
                variant: str, options: Mapping[str, Any]) -> dict[str, Any]:
    return {"game": engine.game_id, "title": game.title if game is not None else engine.game_id,
            "engine_version": engine.version,
            "data_hash": data_hash(game) if game is not None else None, "seed": seed, "players": players,
            "policies": list(policies), "variant": variant, "options": dict(options)}


def result_json(result: Result | None) -> dict[str, Any] | None:
    return None if result is None else {**asdict(result), "scores": list(result.scores),
                                        "ranks": list(result.ranks), "extra": dict(result.extra)}


def build_log(engine: BaseEngine, header: dict[str, Any], trace: Trace, result: Result | None,
              error: str | None = None) -> GameLog:
    events = [{"seat": "chance" if seat == CHANCE else seat, "action": action.to_json(), "label": action.label()}
              for seat, action in trace.events]
    final = engine.state_hash(trace.final_state) if trace.final_state is not None else ""
    return GameLog(header, events, result_json(result), final, error)


def write_json(path: Path, data: Any) -> None:
    """Write JSON atomically (temp file + replace), UTF-8, stable key order as given."""
    with atomic_path(Path(path)) as tmp:
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


# json's own words for what it could not read (the start of JSONDecodeError.msg), by code
JSON_PROBLEMS = {"Expecting value": "sim.json_expecting_value", "Expecting ',' delimiter": "sim.json_expecting_comma",
                 "Expecting ':' delimiter": "sim.json_expecting_colon",
                 "Expecting property name enclosed in double quotes": "sim.json_expecting_name",
                 "Unterminated string starting at": "sim.json_unterminated", "Invalid control character at": "sim.json_control",
                 "Extra data": "sim.json_extra", "Invalid \\escape": "sim.json_escape"}


def _json_problem(words: str) -> Msg | str:
    """json's message as a coded one (worded in the chosen language); its own words when not known."""
    code = next((c for w, c in JSON_PROBLEMS.items() if words.startswith(w)), None)
    return msg(code) if code else words


def read_json(path: Path, what: Msg | str, error: type[Exception] = ReplayError) -> Any:
    """The JSON in the regular file at path (``what`` it is, for the size message: "a game log"), read with
    limits (size, digits, nesting); ``error`` names the file and what is wrong otherwise."""
    path = Path(path)
    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode):
            raise error(f"{path}: " + msg("sim.json_not_a_file"))
        if st.st_size > MAX_FILE_BYTES:
            raise error(f"{path}: " + msg("sim.json_too_big", size=f"{st.st_size:,}", what=what,
                                          most=f"{MAX_FILE_BYTES:,}"))
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise error(f"{path}: " + msg("sim.json_no_file", hint=did_you_mean_file(path.parent, path.name))) from None
    except json.JSONDecodeError as exc:
        raise error(f"{path}:{exc.lineno}:{exc.colno}: " + msg("sim.json_unreadable", why=_json_problem(exc.msg))) from None
    except ValueError as exc:        # a number of more than 4,300 digits (Python's limit on int())
        raise error(f"{path}: " + msg("sim.json_unreadable", why=str(exc).split(";")[0])) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise error(f"{path}: " + msg("sim.json_unreadable", why=exc)) from None
    except RecursionError:
        raise error(f"{path}: " + msg("sim.json_too_deep", most=MAX_JSON_DEPTH)) from None
    if _too_deep(data):
        raise error(f"{path}: " + msg("sim.json_too_deep", most=MAX_JSON_DEPTH))
    return data


def read_log(path: Path) -> GameLog:
    return GameLog.from_json(read_json(path, msg("sim.word_game_log")), str(path))


def _too_deep(data: Any) -> bool:
    """Nesting beyond MAX_JSON_DEPTH (checked without recursion)."""
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            return True
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)
    return False
