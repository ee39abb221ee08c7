"""Worked examples the rules engine checks.

A rulebook's ``:::example`` box may hold a position between the lines ``~~~check`` and ``~~~`` (YAML,
never printed).  ``pnp validate`` sets the position up through the game's engine, plays the moves and
compares what the example's sentences claim with what the rules give.  Keys:

``players``   number of players (required);
``variant`` / ``options``   the engine variant and options (default: the standard rules);
``setup``     the position, in the engine's own terms (its ``example_state`` documents them: hands,
              table, scores, round …).  An impossible position (a player holding 3 cards in round 3
              of a 4-player ユーフォリア game) is an error;
``moves``     the decisions and chance outcomes from there, each in the JSON form of the engine's
              actions (as ``pnp play --json`` logs them); each must be legal when it is played.  An
              engine that numbers its cards declares ``card_ids`` (card number → card id): a move may
              then name a card by its id where the log writes its number (``{play: moon-1}``).  A
              decision is played as the engine's own legal action whose JSON it is;
``expect``    what the text says happens: a mapping compared key by key with the engine's
              ``example_facts(state)`` after the last move (e.g. ``winner``, ``eliminated``, ``scores``).

An engine supports examples by two methods::

    example_state(players, setup, variant="standard", options=None) -> state   # raises ExampleError
    example_facts(state) -> dict                                               # JSON-like values
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import Problem
from ..messages import did_you_mean, msg
from .engine import CHANCE, TERMINAL, BaseEngine, IllegalAction

SCRIPT_KEYS = ("players", "variant", "options", "setup", "moves", "expect")


class ExampleError(ValueError):
    """A position the rules do not allow, or a setup the engine cannot read."""


def supports_examples(engine: BaseEngine) -> bool:
    return bool(engine.capabilities.examples)


def check_example(engine: BaseEngine, script: Mapping[str, Any], file: str, line: int) -> list[Problem]:
    """Every way the example disagrees with the rules (empty: the example is right)."""
    def problem(found: tuple[str, str]) -> list[Problem]:
        field, message = found
        return [Problem(file, line, 1, field, message)]

    refused = _script_problem(engine, script)
    if refused:
        return problem(refused)
    players: int = script["players"]
    try:
        state = engine.example_state(players, script.get("setup") or {}, script.get("variant", "standard"),
                                     script.get("options") or None)
        engine.check_invariants(state)
    except ExampleError as exc:
        return problem(("setup", msg("sim.example_impossible", why=exc)))
    except (ValueError, KeyError, TypeError, AssertionError) as exc:
        return problem(("setup", msg("sim.example_impossible", why=f"{type(exc).__name__}: {exc}")))
    refused = _play_moves(engine, state, script.get("moves") or [])
    if refused:
        return problem(refused)
    return [Problem(file, line, 1, field, message)
            for field, message in _expect_problems(engine.example_facts(state), script["expect"])]


def _script_problem(engine: BaseEngine, script: Mapping[str, Any]) -> tuple[str, str] | None:
    """(field, message) of the first thing wrong with the ``~~~check`` block itself, before any play."""
    unknown = sorted(set(script) - set(SCRIPT_KEYS))
    if unknown:
        return "check", msg("sim.example_unknown_key", key=unknown[0], keys=SCRIPT_KEYS,
                            hint=did_you_mean(unknown[0], SCRIPT_KEYS))
    if not supports_examples(engine):
        return "check", msg("sim.example_unsupported")
    players = script.get("players")
    if not isinstance(players, int) or not engine.min_players <= players <= engine.max_players:
        return "players", msg("sim.example_players", least=engine.min_players, most=engine.max_players,
                              got=players)
    expect = script.get("expect")
    if not isinstance(expect, Mapping) or not expect:
        return "expect", msg("sim.example_no_expect")
    if not isinstance(script.get("moves") or [], list):
        return "moves", msg("sim.example_moves_list")
    return None


def _play_moves(engine: BaseEngine, state: Any, moves: list[Any]) -> tuple[str, str] | None:
    """Plays the example's moves on ``state``; (field, message) of the first that cannot be played."""
    ids = _card_ids(engine)
    for k, move in enumerate(moves):
        seat = engine.to_move(state)
        if seat == TERMINAL:
            return "moves", msg("sim.example_after_end", n=k + 1, move=repr(move))
        action, refused = _move_action(engine, state, seat, move, k, ids)
        if refused is not None:
            return "moves", refused
        try:
            engine.apply(state, action)
            engine.check_invariants(state)
        except (ValueError, AssertionError, IllegalAction) as exc:
            return "moves", msg("sim.example_breaks", n=k + 1, move=action.label(), why=exc)
    return None


def _move_action(engine: BaseEngine, state: Any, seat: int, move: Any, k: int,
                 ids: tuple[str, ...]) -> tuple[Any, str | None]:
    """(the action the example's ``k``-th move stands for, None), or (None, the message saying why it
    stands for none).

    A decision is the engine's own legal action (with every field, those left out of its JSON and of its
    equality too), found by its JSON: the move as the log writes it, or with card ids where the log
    writes the engine's card numbers."""
    legal = engine.legal_actions(state) if seat != CHANCE else []
    action = next((a for a in legal if _matches(_to_json(a), move, ids)), None)
    if action is not None:
        return action, None
    unknown = _unknown_ids(move, ids)
    try:        # as written (an engine may read card ids itself), else with card numbers for ids
        action = _decoded(engine, move, _numbered(move, ids))
    except (ValueError, KeyError, TypeError, IllegalAction) as exc:
        hint = msg("sim.example_no_card", card=unknown[0], hint=did_you_mean(unknown[0], ids or ())) \
            if unknown else ""
        return None, msg("sim.example_not_an_action", n=k + 1, move=repr(move), why=exc, hint=hint)
    if seat == CHANCE:
        return action, None
    same = next((a for a in legal if a == action), None)
    if same is None:
        shown = ", ".join(a.label() for a in legal[:8])
        return None, msg("sim.example_illegal", n=k + 1, move=action.label(), legal=shown)
    return same, None


def _expect_problems(facts: Mapping[str, Any], expect: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(field, message) of every claim of ``expect`` the engine's facts after the moves do not bear out."""
    out: list[tuple[str, str]] = []
    for key, claimed in expect.items():
        if key not in facts:
            out.append(("expect", f"expect.{key}: " + msg("sim.example_no_fact", facts=sorted(facts),
                                                          hint=did_you_mean(key, facts))))
        elif _norm(facts[key]) != _norm(claimed):
            out.append((f"expect.{key}", msg("sim.example_differs", key=key, claimed=claimed, given=facts[key])))
    return out


def _decoded(engine: BaseEngine, move: Any, numbered: Any) -> Any:
    """``action_from_json`` of the move as written; failing that, of the move with card numbers (the
    first error is the one said when both fail)."""
    try:
        return engine.action_from_json(move)
    except (ValueError, KeyError, TypeError, IllegalAction):
        if numbered == move:
            raise
        try:
            return engine.action_from_json(numbered)
        except (ValueError, KeyError, TypeError, IllegalAction):
            pass
        raise


def _card_ids(engine: BaseEngine) -> tuple[str, ...]:
    """The engine's card numbering (optional ``card_ids``: card number → card id), for moves by card id."""
    found = engine.card_ids
    try:
        return tuple(str(c) for c in found) if found is not None and not isinstance(found, str) else ()
    except TypeError:
        return ()


def _to_json(action: Any) -> Any:
    try:
        return _norm(action.to_json())
    except Exception:   # noqa: BLE001 — an action without a JSON form matches no move
        return None


def _matches(data: Any, move: Any, ids: tuple[str, ...]) -> bool:
    """The action's JSON ``data`` is the example's ``move``, where a card id in the move stands for
    the card number the engine writes (any of the numbers of a card with copies)."""
    if isinstance(move, str) and isinstance(data, int) and not isinstance(data, bool):
        return 0 <= data < len(ids) and ids[data] == move
    if isinstance(move, Mapping):
        return isinstance(data, Mapping) and set(map(str, move)) == set(data) and all(
            _matches(data[str(key)], value, ids) for key, value in move.items())
    if isinstance(move, (list, tuple)):
        return isinstance(data, list) and len(data) == len(move) and all(
            _matches(d, m, ids) for d, m in zip(data, move))
    return bool(data == move)


def _numbered(move: Any, ids: tuple[str, ...]) -> Any:
    """The move with each card id as the engine's card number (a card with copies: its next copy in the
    move), for a chance outcome (a deal) and for the messages of a move that matches no legal action."""
    if not ids:
        return move
    numbers: dict[str, list[int]] = {}
    for i, cid in enumerate(ids):
        numbers.setdefault(cid, []).append(i)
    used: dict[str, int] = {}

    def walk(value: Any) -> Any:
        if isinstance(value, str) and value in numbers:
            k = used.get(value, 0)
            used[value] = k + 1
            return numbers[value][min(k, len(numbers[value]) - 1)]
        if isinstance(value, Mapping):
            return {key: walk(v) for key, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value
    return walk(move)


def _unknown_ids(move: Any, ids: tuple[str, ...]) -> list[str]:
    """Strings of a move that look like card ids (they contain a hyphen or a digit) the engine has not."""
    if not ids:
        return []
    out: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str) and value not in ids and any(ch.isdigit() or ch == "-" for ch in value):
            out.append(value)
        elif isinstance(value, Mapping):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    walk(move)
    return out


def _norm(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_norm(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _norm(v) for k, v in value.items()}
    return value


def rulebook_examples(doc: Any) -> list[tuple[str, int, Mapping[str, Any]]]:
    """(file, line, position) of every example box with a ``~~~check`` position."""
    from ..rulebook.tree import Box
    out = []
    for section in doc.sections:
        for b in section.blocks:
            if isinstance(b, Box) and b.script is not None:
                out.append((b.loc.file, b.script_line, b.script))
    return out


def check_rulebook_examples(doc: Any, engine: BaseEngine) -> tuple[int, list[Problem]]:
    """(number of examples checked, problems)."""
    found = rulebook_examples(doc)
    problems: list[Problem] = []
    for file, line, script in found:
        problems.extend(check_example(engine, script, file, line))
    return len(found), problems
