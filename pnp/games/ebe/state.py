"""EBE's game state (one mutable object with __slots__ and a hand-written clone) and a seat's view."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .facts import PHASE_NAMES

if TYPE_CHECKING:
    from .facts import Facts


class State:
    __slots__ = (
        "n", "life_start", "rules", "phase", "cur", "rnd", "turn", "leader", "end",
        "chars", "hand", "table", "played", "dmg", "res", "weap", "items",
        "supply_res", "supply_weap", "supply_dmg", "station",
        "mission_deck", "missions", "loaded", "built",
        "event_deck", "event_discard", "event",
        "drone_deck", "drone_discard", "drone_at", "drone_item",
        "item_deck", "item_discard",
        "ebe_deck", "ebe_table", "ebe_now", "ebe_die", "revealed", "seen_prev", "ebe_active",
        "dice", "die", "slot", "order", "pos", "ap", "failed", "success", "drone_seen",
        "free_conv", "trades", "passed", "visits", "destroyed", "loaded_round",
        "log_ebe_dice", "log_min_share", "peak_res", "peak_weap", "peak_dmg", "peak_cubes",
        "events_failed", "events_paid", "events_done", "station_hist", "built_round",
        "pmod", "emod", "boosted",
        "closed_out", "ebe_repelled",   # option closed: turns spent outside a 立入禁止 area; option ebe_strength
    )

    n: int
    life_start: int
    rules: int                      # the variant's rule switches (R_* bits)
    phase: int
    cur: int
    rnd: int
    turn: int
    leader: int
    end: str
    chars: list[int]
    hand: list[list[int]]
    table: list[list[int]]
    played: list[int]
    dmg: list[int]
    res: list[list[int]]
    weap: list[int]
    items: list[list[int]]
    supply_res: list[int]
    supply_weap: int
    supply_dmg: int
    station: int
    mission_deck: list[int]
    missions: list[int]
    loaded: list[list[int]]
    built: list[int]
    event_deck: list[int]
    event_discard: list[int]
    event: int
    drone_deck: list[int]
    drone_discard: list[int]
    drone_at: list[int]
    drone_item: list[int]
    item_deck: list[int]
    item_discard: list[int]
    ebe_deck: list[int]
    ebe_table: list[int]
    ebe_now: list[int]
    ebe_die: list[int]
    revealed: bool
    seen_prev: int
    ebe_active: list[int]
    dice: tuple[int, ...]
    die: list[int]
    slot: int
    order: list[tuple[int, int, int]]
    pos: int
    ap: int
    failed: list[bool]
    success: list[int]
    drone_seen: int
    free_conv: int
    trades: int
    passed: list[int]               # this turn's gives, as pass_code(giver, receiver, what) (ruling trade-no-return)
    visits: list[int]
    destroyed: int
    loaded_round: int
    log_ebe_dice: list[int]
    log_min_share: list[int]
    peak_res: list[int]
    peak_weap: int
    peak_dmg: int
    peak_cubes: int
    events_failed: int
    events_paid: int
    events_done: int
    station_hist: list[int]
    built_round: list[int]
    pmod: int                       # this round's event: each player's die changes by this at the reveal
    emod: int                       # … and each イーバ's die
    boosted: int                    # areas (bits) whose explorations give +1 AP (events met)
    closed_out: int                 # option closed: turns a player could only play a 立入禁止 area's card
    ebe_repelled: int               # option ebe_strength: times a player drove an イーバ off with weapons

    def clone(self) -> State:
        c = State.__new__(State)
        for k in ("n", "life_start", "rules", "phase", "cur", "rnd", "turn", "leader", "end", "supply_weap",
                  "supply_dmg", "station", "event", "revealed", "seen_prev", "pos", "ap", "drone_seen",
                  "free_conv", "trades", "destroyed", "loaded_round", "peak_weap", "peak_dmg",
                  "peak_cubes", "events_failed", "events_paid", "events_done", "slot", "dice",
                  "pmod", "emod", "boosted", "closed_out", "ebe_repelled"):
            setattr(c, k, getattr(self, k))
        for k in ("chars", "played", "dmg", "weap", "supply_res", "mission_deck", "missions", "built",
                  "event_deck", "event_discard", "drone_deck", "drone_discard", "drone_at", "drone_item",
                  "item_deck", "item_discard", "ebe_deck", "ebe_table", "ebe_now", "ebe_die", "ebe_active",
                  "die", "order", "failed", "success", "passed", "visits", "log_ebe_dice", "log_min_share",
                  "peak_res", "station_hist", "built_round"):
            setattr(c, k, getattr(self, k)[:])
        c.hand = [h[:] for h in self.hand]
        c.table = [t[:] for t in self.table]
        c.res = [r[:] for r in self.res]
        c.items = [i[:] for i in self.items]
        c.loaded = [m[:] for m in self.loaded]
        return c

    def __repr__(self) -> str:
        return (f"State(round={self.rnd}, turn={self.turn}, phase={PHASE_NAMES[self.phase]}, cur={self.cur}, "
                f"station={self.station}, end={self.end})")


class Observation:
    """The public table for one seat: a redacted copy of the state (face-down イーバ hidden as -1,
    deck orders unknown anyway) and the game's fixed facts (``facts``)."""

    __slots__ = ("seat", "state", "facts")
    seat: int
    state: State
    facts: Facts

    def __init__(self, seat: int, state: State, facts: Facts):
        self.seat, self.state, self.facts = seat, state, facts

    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, {self.state!r})"

