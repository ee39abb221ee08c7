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
              actions (as ``pnp play --json`` logs them); each must be legal when it is played;
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
from .engine import CHANCE, TERMINAL, IllegalAction

SCRIPT_KEYS = ("players", "variant", "options", "setup", "moves", "expect")


class ExampleError(ValueError):
    """A position the rules do not allow, or a setup the engine cannot read."""


def supports_examples(engine: Any) -> bool:
    return callable(getattr(engine, "example_state", None)) and callable(getattr(engine, "example_facts", None))


def check_example(engine: Any, script: Mapping[str, Any], file: str, line: int) -> list[Problem]:
    """Every way the example disagrees with the rules (empty: the example is right)."""
    def problem(message: str, field: str = "check") -> list[Problem]:
        return [Problem(file, line, 1, field, message)]

    unknown = sorted(set(script) - set(SCRIPT_KEYS))
    if unknown:
        return problem(f"unknown key {unknown[0]!r} in the example position (keys: {', '.join(SCRIPT_KEYS)})")
    if not supports_examples(engine):
        return problem("the rules engine of this game cannot check examples (no example_state / example_facts)")
    players = script.get("players")
    if not isinstance(players, int) or not engine.min_players <= players <= engine.max_players:
        return problem(f"players must be a number from {engine.min_players} to {engine.max_players}, "
                       f"got {players!r}", "players")
    expect = script.get("expect")
    if not isinstance(expect, Mapping) or not expect:
        return problem("an example position needs expect: (what the text says happens)", "expect")
    moves = script.get("moves") or []
    if not isinstance(moves, list):
        return problem("moves must be a list of actions", "moves")
    try:
        state = engine.example_state(players, script.get("setup") or {}, script.get("variant", "standard"),
                                     script.get("options") or None)
        engine.check_invariants(state)
    except ExampleError as exc:
        return problem(f"impossible position: {exc}", "setup")
    except (ValueError, KeyError, TypeError, AssertionError) as exc:
        return problem(f"impossible position: {type(exc).__name__}: {exc}", "setup")
    for k, move in enumerate(moves):
        seat = engine.to_move(state)
        if seat == TERMINAL:
            return problem(f"move {k + 1} ({move!r}) comes after the game has ended", "moves")
        try:
            action = engine.action_from_json(move)
        except (ValueError, KeyError, TypeError, IllegalAction) as exc:
            return problem(f"move {k + 1} ({move!r}) is not an action of this game: {exc}", "moves")
        if seat != CHANCE and action not in engine.legal_actions(state):
            legal = ", ".join(a.label() for a in engine.legal_actions(state)[:8])
            return problem(f"move {k + 1} ({action.label()}) is not legal here (legal: {legal} …)", "moves")
        try:
            engine.apply(state, action)
            engine.check_invariants(state)
        except (ValueError, AssertionError, IllegalAction) as exc:
            return problem(f"move {k + 1} ({action.label()}) breaks the rules: {exc}", "moves")
    facts = engine.example_facts(state)
    out: list[Problem] = []
    for key, claimed in expect.items():
        if key not in facts:
            out += problem(f"expect.{key}: the engine reports no such fact (facts: {', '.join(sorted(facts))})",
                           "expect")
        elif _norm(facts[key]) != _norm(claimed):
            out += problem(f"the example says {key} = {claimed!r}, the rules give {facts[key]!r}", f"expect.{key}")
    return out


def _norm(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_norm(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _norm(v) for k, v in value.items()}
    return value


def rulebook_examples(doc: Any) -> list[tuple[str, int, Mapping[str, Any]]]:
    """(file, line, position) of every example box with a ``~~~check`` position."""
    from ..rulebook.markup import Box
    out = []
    for section in doc.sections:
        for b in section.blocks:
            if isinstance(b, Box) and b.script is not None:
                out.append((b.loc.file, b.script_line, b.script))
    return out


def check_rulebook_examples(doc: Any, engine: Any) -> tuple[int, list[Problem]]:
    """(number of examples checked, problems)."""
    found = rulebook_examples(doc)
    problems: list[Problem] = []
    for file, line, script in found:
        problems.extend(check_example(engine, script, file, line))
    return len(found), problems
