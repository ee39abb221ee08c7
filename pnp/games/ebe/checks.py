"""Invariants, log decoding and state fingerprints for EBE, and the data checks validate runs."""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from ...data.model import Game
from ...messages import msg
from ...sim.engine import InvariantError
from .actions import DRONE_CHOICES, PAYS, TUNE_PASS, AssignDie, Deal, Discard, Kind, Roll, Tune
from .facts import (
    INFO_BASE,
    P_ASSIGN,
    P_CHARS,
    P_CHOOSE,
    P_EBE,
    P_END,
    P_MISSIONS,
    P_ROLL,
    RESOURCES,
    Facts,
    act,
    what_name,
)
from .pieces import weight
from .state import State
from .variants import R_DAMAGE_CAP, R_INFO_WEIGHT

# ------------------------------------------------------------ checks and replays


def check_invariants(f: Facts, s: State) -> None:
    """Every invariant below, in this order: the first one broken raises :class:`InvariantError`."""
    for check in _INVARIANTS:
        check(f, s)


def _same(name: str, got: list[int], total: int) -> None:
    """Card conservation: the cards of one kind, wherever they are, are each card of the box once."""
    if sorted(got) != list(range(total)):
        raise InvariantError(msg("ebe.not_conserved", what=name, got=sorted(got)))


def _explore_cards(f: Facts, s: State) -> list[int]:
    """Checks the 探索 cards (hands, tables, played, the unused characters' sets in the box) and returns
    the 情報 tokens the seats hold (items in a hand)."""
    if not s.chars:
        return []
    if len(set(s.chars)) != s.n:
        raise InvariantError(msg("ebe.shared_character"))
    cards: list[int] = []
    infos: list[int] = []
    for p in range(s.n):
        for t in s.hand[p] + s.table[p] + ([s.played[p]] if s.played[p] >= 0 else []):
            (cards if t < INFO_BASE else infos).append(t)
    for ch in range(f.n_chars):
        if ch not in s.chars:
            cards += f.char_cards[ch]          # in the box
    _same("explore cards", cards, f.n_exp)
    return infos


def _cards_conserved(f: Facts, s: State) -> None:
    infos = _explore_cards(f, s)
    items = s.item_deck + s.item_discard + [i for i in s.drone_item if i >= 0]
    for p in range(s.n):
        items += s.items[p]
    items += [t - INFO_BASE for t in infos]
    _same("item cards", items, f.n_items)
    _same("イーバ cards", s.ebe_deck + s.ebe_table + [c for c in s.ebe_now if c >= 0], f.n_ebe)
    _same("drone cards", s.drone_deck + s.drone_discard + [d for d in s.drone_at if d >= 0], f.n_drones)
    _same("mission cards", s.mission_deck + s.missions, f.n_missions)
    _same("event cards", s.event_deck + s.event_discard + ([s.event] if s.event >= 0 else []), f.n_events)


def _drones_in_place(f: Facts, s: State) -> None:
    """A drone stands in its own area; an item rides only on a drone."""
    for a in range(7):
        if (s.drone_at[a] >= 0) != (s.drone_at[a] >= 0 and f.drone_area[s.drone_at[a]] == a):
            raise InvariantError(msg("ebe.drone_area"))
        if s.drone_item[a] >= 0 and s.drone_at[a] < 0:
            raise InvariantError(msg("ebe.item_without_drone"))


def _pieces_conserved(f: Facts, s: State) -> None:
    """Resource cubes, weapons and damage tokens: held + loaded + stock is the box's count."""
    n = s.n
    for r in range(4):
        held = sum(s.res[p][r] for p in range(n)) + sum(s.loaded[m][r] for m in range(f.n_missions))
        if held + s.supply_res[r] != f.total_cubes or s.supply_res[r] < 0:
            raise InvariantError(msg("ebe.cubes_not_conserved", resource=RESOURCES[r]))
        if any(s.res[p][r] < 0 for p in range(n)):
            raise InvariantError(msg("ebe.negative_resources"))
    if sum(s.weap) + s.supply_weap != f.total_weap or s.supply_weap < 0 or min(s.weap, default=0) < 0:
        raise InvariantError(msg("ebe.weapons_not_conserved"))
    # the draft's damage may pass life (and the printed tokens): only the damage-cap variant bounds it
    if sum(s.dmg) + s.supply_dmg != f.total_dmg or (s.rules & R_DAMAGE_CAP and s.supply_dmg < 0):
        raise InvariantError(msg("ebe.damage_not_conserved"))
    for p in range(n):
        if s.chars and (s.dmg[p] < 0 or (s.rules & R_DAMAGE_CAP and s.dmg[p] > f.char_life[s.chars[p]])):
            raise InvariantError(msg("ebe.damage_range"))


def _missions_loaded(f: Facts, s: State) -> None:
    """A mission holds at most its cost, only a mission on the table is loaded, a built one is full."""
    for m in range(f.n_missions):
        if any(s.loaded[m][r] > f.mission_cost[m][r] for r in range(4)):
            raise InvariantError(msg("ebe.mission_overloaded"))
        if any(s.loaded[m]) and m not in s.missions:
            raise InvariantError(msg("ebe.unused_mission_loaded"))
    for m in s.built:
        if s.loaded[m] != list(f.mission_cost[m]):
            raise InvariantError(msg("ebe.built_without_resources"))


def _round_in_play(f: Facts, s: State) -> None:
    """Before the end: round 1–4, turn 1–5, every seat within its inventory between the weight checks,
    one mission per player once they are chosen."""
    if s.phase == P_END:
        return
    if not 1 <= s.rnd <= 4 or not 1 <= s.turn <= 5:
        raise InvariantError(msg("ebe.round_range"))
    if s.phase in (P_EBE, P_ROLL, P_ASSIGN, P_CHOOSE):
        for p in range(s.n):
            w = weight(f, s, p)
            if s.rules & R_INFO_WEIGHT:
                # variant info-weight: a 情報 played this round comes back to the hand at the round's
                # reset, after the last weight check; only the next check counts it
                w -= sum(1 for t in s.hand[p] if t >= INFO_BASE)
            if w > f.char_inv[s.chars[p]]:
                raise InvariantError(msg("ebe.over_inventory"))
    if s.phase not in (P_CHARS, P_MISSIONS) and len(s.missions) != s.n:
        raise InvariantError(msg("ebe.mission_count"))


def _ap_not_negative(f: Facts, s: State) -> None:
    if s.ap < 0:
        raise InvariantError(msg("ebe.negative_ap"))


_INVARIANTS: tuple[Callable[[Facts, State], None], ...] = (
    _cards_conserved, _drones_in_place, _pieces_conserved, _missions_loaded, _round_in_play, _ap_not_negative)


def action_from_json(f: Facts, data: Any) -> Any:
    t = data["t"]
    if t == "act":
        if int(data["k"]) not in set(Kind):
            raise ValueError(msg("ebe.unknown_action", data=data))
        return act(f, int(data["k"]), int(data["a"]), int(data["b"]), int(data["c"]))
    if t == "play":
        tok = int(data["token"])
        return f.plays[tok] if tok < INFO_BASE else f.info_plays[tok - INFO_BASE]
    if t == "assign":
        return AssignDie(int(data["slot"]), int(data["value"]), str(data.get("who", "")))
    if t == "drone":
        return DRONE_CHOICES[bool(data["fight"])]
    if t == "discard":
        w = int(data["what"])
        return Discard(w, what_name(f, w))
    if t == "pay":
        return PAYS[bool(data["yes"])]
    if t == "tune":
        if int(data["slot"]) < 0:
            return TUNE_PASS
        return Tune(int(data["slot"]), int(data["delta"]), str(data.get("who", "")))
    if t == "roll":
        return Roll(tuple(int(v) for v in data["dice"]))
    if t == "deal":
        return Deal(data["deck"], tuple(int(c) for c in data["cards"]), tuple(int(i) for i in data["items"]))
    raise ValueError(msg("ebe.unknown_action", data=data))


def state_hash(f: Facts, s: State) -> str:
    key = repr((s.n, s.life_start, s.rules, int(s.phase), s.cur, s.rnd, s.turn, s.end, s.chars, s.hand, s.table,
                s.played, s.dmg, s.res, s.weap, [sorted(i) for i in s.items], s.supply_res, s.supply_weap,
                s.supply_dmg, s.station, sorted(s.mission_deck), s.missions, s.loaded, sorted(s.built),
                sorted(s.event_deck), sorted(s.event_discard), s.event, sorted(s.drone_deck),
                sorted(s.drone_discard), s.drone_at, s.drone_item, sorted(s.item_deck),
                sorted(s.item_discard), sorted(s.ebe_deck), s.ebe_table, s.ebe_now, s.ebe_die,
                s.seen_prev, s.dice, s.die, s.slot, s.pos, s.ap, s.failed, sorted(s.passed), s.visits,
                s.destroyed, s.loaded_round, s.pmod, s.emod, s.boosted))
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def check_components(game: Game) -> list[str]:
    """Invariants the rules rely on (run by pnp validate): enough dice for the most players plus the
    most EBE at once (two in round 4), one 探索 set of five per character, and a station map whose
    areas are exactly the ones the 探索 cards name."""
    problems: list[str] = []
    lo, hi = game.players
    dice = game.component("dice").count
    if dice != hi + 2:
        problems.append(msg("ebe.dice_count", dice=dice, most=hi, want=hi + 2))
    explore = game.deck("explore")
    for char in game.deck("characters").cards:
        own = [c for c in explore.physical_cards() if c.rules.get("character") == char.id]
        if len(own) != 5:
            problems.append(msg("ebe.explore_count", file=explore.file, character=char.title, count=len(own)))
    try:
        board = game.part("station")
    except KeyError:
        return problems + [msg("ebe.no_station")]
    areas = {a.id.upper() for a in board.areas}
    named = {str(c.rules.get("area")).upper() for c in explore.cards if c.rules.get("area")}
    if named - areas:
        problems.append(msg("ebe.explore_unknown_area", file=explore.file, areas=sorted(named - areas)))
    return problems
