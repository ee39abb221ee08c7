"""A new game and the chance steps: characters, missions, the event, drones with their items, the
face-down イーバ and the roll."""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...messages import msg
from .actions import Deal, Roll
from .dice import assign_rest
from .facts import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    P_ASSIGN,
    P_CHARS,
    P_DRONES,
    P_EBE,
    P_EVENT,
    P_MISSIONS,
    P_ROLL,
    PHASE_NAMES,
    Facts,
)
from .pieces import ebe_count, note_cubes
from .rounds import event_now
from .state import State
from .variants import LIFE_CHOICES, OPTION_NAMES, R_CLOSED, R_EBE_STR1, R_EBE_STR2, R_ITEMS_RUN_OUT, VARIANT_RULES

# ------------------------------------------------------------ setup


def new_state(f: Facts, players: int, variant: str = "standard",
              options: Mapping[str, Any] | None = None) -> State:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(msg("ebe.players", players=players, low=MIN_PLAYERS, high=MAX_PLAYERS))
    if variant not in VARIANT_RULES:
        raise ValueError(msg("ebe.unknown_variant", variant=variant))
    unknown = set(options or {}) - set(OPTION_NAMES)
    if unknown:
        raise ValueError(msg("ebe.unknown_options", names=sorted(unknown), known=OPTION_NAMES))
    closed = (options or {}).get("closed", "penalty")
    if closed not in ("penalty", "closed"):
        raise ValueError(msg("ebe.option_value", name="closed", value=closed, choices=("penalty", "closed")))
    strength = (options or {}).get("ebe_strength", 0)
    if strength not in (0, 1, 2):
        raise ValueError(msg("ebe.option_value", name="ebe_strength", value=strength, choices=(0, 1, 2)))
    life = (options or {}).get("life")
    if life is not None and life not in LIFE_CHOICES:
        raise ValueError(msg("ebe.option_value", name="life", value=life, choices=LIFE_CHOICES))
    if life is not None and variant == "life30" and life != 30:
        raise ValueError(msg("ebe.life30_life", life=life))
    n = players
    s = State()
    s.n = n
    s.life_start = life if life is not None else 30 if variant == "life30" else 60
    s.rules = (VARIANT_RULES[variant] | (R_CLOSED if closed == "closed" else 0)
               | {0: 0, 1: R_EBE_STR1, 2: R_EBE_STR2}[strength])
    s.phase, s.cur, s.rnd, s.turn, s.leader, s.end = P_CHARS, -1, 1, 1, 0, ""
    s.chars = []
    s.hand = [[] for _ in range(n)]
    s.table = [[] for _ in range(n)]
    s.played = [-1] * n
    s.dmg = [0] * n
    s.res = [[0, 0, 0, 0] for _ in range(n)]
    s.weap = [0] * n
    s.items = [[] for _ in range(n)]
    s.supply_res = [f.total_cubes] * 4
    s.supply_weap = f.total_weap
    s.supply_dmg = f.total_dmg
    s.station = s.life_start
    s.mission_deck = list(range(f.n_missions))
    s.missions, s.built = [], []
    s.loaded = [[0, 0, 0, 0] for _ in range(f.n_missions)]
    s.event_deck, s.event_discard, s.event = list(range(f.n_events)), [], -1
    s.drone_deck, s.drone_discard = list(range(f.n_drones)), []
    s.drone_at, s.drone_item = [-1] * 7, [-1] * 7
    s.item_deck, s.item_discard = list(range(f.n_items)), []
    s.ebe_deck, s.ebe_table, s.ebe_now, s.ebe_die = list(range(f.n_ebe)), [], [], []
    s.revealed, s.seen_prev, s.ebe_active = False, 0, []
    s.dice, s.die, s.slot = (), [0] * n, 0
    s.order, s.pos, s.ap = [], 0, 0
    s.failed, s.success, s.drone_seen = [False] * n, [], 0
    s.free_conv, s.trades, s.passed = 0, 0, []
    s.visits, s.destroyed, s.loaded_round = [0] * 7, 0, 0
    s.log_ebe_dice, s.log_min_share = [], []
    s.peak_res, s.peak_weap, s.peak_dmg, s.peak_cubes = [0, 0, 0, 0], 0, 0, 0
    s.events_failed = s.events_paid = s.events_done = 0
    s.station_hist, s.built_round = [], []
    s.pmod = s.emod = s.boosted = 0
    s.closed_out = s.ebe_repelled = 0
    return s


def chance_key(f: Facts, s: State) -> tuple[str, int, int]:
    """Common random numbers: each deal and roll is its phase's at one turn of one round."""
    return (PHASE_NAMES[s.phase], s.rnd, s.turn)


def decision_key(f: Facts, s: State) -> tuple[int, int]:
    return (s.rnd, s.turn)


def sample_chance(f: Facts, s: State, rng: random.Random) -> Deal | Roll:
    ph = s.phase
    if ph == P_CHARS:
        return Deal("characters", tuple(rng.sample(range(f.n_chars), s.n)))
    if ph == P_MISSIONS:
        return Deal("missions", tuple(rng.sample(sorted(s.mission_deck), s.n)))
    if ph == P_EVENT:
        return Deal("events", (rng.choice(sorted(s.event_deck)),))
    if ph == P_DRONES:
        k = s.rnd
        drones = tuple(rng.sample(sorted(s.drone_deck), k))
        deck = sorted(s.item_deck)
        items: list[int] = []
        if len(deck) >= k:
            items = rng.sample(deck, k)
        else:     # the deck runs out: take what is left, then the reshuffled discard
            items = deck[:]
            rest = rng.sample(sorted(s.item_discard), min(k - len(deck), len(s.item_discard)))
            items += rest
        return Deal("drones", drones, tuple(items))
    if ph == P_EBE:
        return Deal("ebe", tuple(rng.sample(sorted(s.ebe_deck), ebe_count(f, s))))
    if ph == P_ROLL:
        k = s.n + len(s.ebe_now)
        return Roll(tuple(sorted(rng.randint(1, 6) for _ in range(k))))
    raise ValueError(msg("ebe.no_chance_step", phase=PHASE_NAMES[ph]))


def apply_chance(f: Facts, s: State, a: Any) -> None:
    ph = s.phase
    if ph == P_CHARS:
        s.chars = list(a.cards)
        for p, ch in enumerate(s.chars):
            s.hand[p] = sorted(f.char_cards[ch])
            s.weap[p] = 1
            s.supply_weap -= 1
        note_cubes(f, s)
        s.phase = P_MISSIONS
    elif ph == P_MISSIONS:
        for m in a.cards:
            s.mission_deck.remove(m)
        s.missions = sorted(a.cards)
        s.phase = P_EVENT
    elif ph == P_EVENT:
        e = a.cards[0]
        s.event_deck.remove(e)
        s.event = e
        s.phase = P_DRONES
        event_now(f, s)
    elif ph == P_DRONES:
        for d, it in zip(a.cards, a.items):
            s.drone_deck.remove(d)
            area = f.drone_area[d]
            s.drone_at[area] = d
            if not s.item_deck and s.rules & R_ITEMS_RUN_OUT:
                # variant items-run-out (ruling item-deck, option none): 「山が尽きたら、ドローンはアイテムを
                # 持たない」 — the item the deal names from the discards is not taken
                s.drone_item[area] = -1
                continue
            if not s.item_deck:
                s.item_deck, s.item_discard = s.item_discard, []
            if it in s.item_deck:
                s.item_deck.remove(it)
            else:
                s.item_deck += s.item_discard
                s.item_discard = []
                s.item_deck.remove(it)
            s.drone_item[area] = it
        s.phase = P_EBE
    elif ph == P_EBE:
        for c in a.cards:
            s.ebe_deck.remove(c)
        s.ebe_now = list(a.cards)
        s.revealed = False
        s.phase = P_ROLL
    elif ph == P_ROLL:
        s.dice = tuple(sorted(a.dice))
        s.ebe_die = [0] * len(s.ebe_now)
        s.die = [0] * s.n
        s.slot = s.n                # イーバ first
        s.leader = (4 * (s.rnd - 1) + s.turn - 1) % s.n
        s.cur = s.leader
        s.phase = P_ASSIGN
        assign_rest(f, s)


