"""The state of a game of 24 and what one seat observes of it."""
from __future__ import annotations

from typing import Any

from .actions import PHASE_NAMES, Phase

# ---------------------------------------------------------------- state

class State:
    n: int
    variant: str
    notes: bool
    keep_old: bool
    wolf_halved: bool
    final2: bool
    mm_kept: bool
    hands: int
    death: str                      # option death_rule: "draft", "points" (the notes' 6 − 事件番号 VP), "injury"
    hand_no: int
    phase: Phase                    # where the game stands (an int: the JSON and the hash read its number)
    cur: int
    det: list[int]
    vp: list[int]
    order: list[int]
    pos: list[int]
    box: list[int]
    discard: list[int]
    layout: list[int]
    revealed: bool
    peek: int                       # the layout place ロイド looked at this hand (variant lloyd-one), or -1
    hand: list[list[int]]
    p1: list[list[int]]
    p2: list[list[int]]
    won: list[list[int]]
    kept: list[list[int]]
    alive: list[bool]
    inj: list[int]
    died: list[bool]
    part: list[int]
    power: list[int]
    inc: int
    queue: list[int]
    dice: int
    chal: int
    take_second: int
    rnd: int
    col: int
    keep_queue: list[int]
    stats: list[int]
    clashes: int
    ht_incidents: int
    incidents: int
    tb_first: int
    tb_order: int
    vp_raw: list[list[int]]
    vp_hist: list[list[int]]
    deaths_hand: list[int]
    final_tie: bool
    chal_order: tuple[int, ...]
    last_rank: tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None
    step_vp: list[int]
    vp_steps: list[list[int]]
    events: list[tuple[Any, ...]]

    __slots__ = (
        "n", "variant", "notes", "keep_old", "wolf_halved", "final2", "mm_kept", "hands", "death", "hand_no",
        "phase", "cur",
        "det", "vp", "order", "pos",
        "box", "discard", "layout", "revealed", "peek",
        "hand", "p1", "p2", "won", "kept",
        "alive", "inj", "died", "part", "power",
        "inc", "queue", "dice", "chal", "take_second",
        "rnd", "col", "keep_queue",
        "stats", "clashes", "ht_incidents", "incidents", "tb_first", "tb_order",
        "vp_raw", "vp_hist", "deaths_hand", "final_tie",
        "chal_order", "last_rank",      # the current incident's challenge order; the last ranking made
        "step_vp", "vp_steps",          # VP before the current resolution step; before each hand's last step
        "events",                       # what the last resolution step did, for the narration (pnp play)
    )

    def clone(self) -> State:
        c = State.__new__(State)
        c.n = self.n; c.variant = self.variant; c.notes = self.notes; c.keep_old = self.keep_old
        c.wolf_halved = self.wolf_halved; c.final2 = self.final2; c.mm_kept = self.mm_kept
        c.hands = self.hands; c.death = self.death; c.hand_no = self.hand_no
        c.phase = self.phase; c.cur = self.cur
        c.det = self.det[:]; c.vp = self.vp[:]; c.order = self.order[:]; c.pos = self.pos[:]
        c.box = self.box[:]; c.discard = self.discard[:]; c.layout = self.layout[:]
        c.revealed = self.revealed; c.peek = self.peek
        c.hand = [h[:] for h in self.hand]; c.p1 = [p[:] for p in self.p1]
        c.p2 = [p[:] for p in self.p2]; c.won = [w[:] for w in self.won]; c.kept = [k[:] for k in self.kept]
        c.alive = self.alive[:]; c.inj = self.inj[:]; c.died = self.died[:]
        c.part = self.part[:]; c.power = self.power[:]
        c.inc = self.inc; c.queue = self.queue[:]; c.dice = self.dice; c.chal = self.chal
        c.take_second = self.take_second; c.rnd = self.rnd; c.col = self.col
        c.keep_queue = self.keep_queue[:]
        c.stats = self.stats[:]; c.clashes = self.clashes; c.ht_incidents = self.ht_incidents
        c.incidents = self.incidents; c.tb_first = self.tb_first; c.tb_order = self.tb_order
        c.vp_raw = [v[:] for v in self.vp_raw]; c.vp_hist = [v[:] for v in self.vp_hist]
        c.deaths_hand = self.deaths_hand[:]; c.final_tie = self.final_tie
        c.chal_order = self.chal_order; c.last_rank = self.last_rank
        c.step_vp = self.step_vp; c.vp_steps = self.vp_steps[:]; c.events = self.events
        return c

    def __repr__(self) -> str:
        return (f"State(hand={self.hand_no}/{self.hands}, phase={PHASE_NAMES[self.phase]}, "
                f"inc={self.inc + 1}, cur={self.cur}, vp={self.vp})")


class Observation:
    """What one seat may see.  Incident cards are indices into ``card_suit``/``card_value``;
    -1 marks a card the seat may not see (or a place that is empty)."""

    seat: int
    players: int
    hand_no: int
    hands: int
    final_hand: bool
    skills: bool
    notes: bool
    variant: str
    phase: str
    incident: int
    round: int
    column: int
    detectives: tuple[str | None, ...]
    vp: tuple[int, ...]
    order: tuple[int, ...]
    alive: tuple[bool, ...]
    injuries: tuple[int, ...]
    layout: list[int]
    hand: tuple[int, ...]
    placed1: tuple[tuple[int, ...], ...]
    placed2: tuple[tuple[int, ...], ...]
    power: tuple[int, ...]
    won: tuple[tuple[int, ...], ...]
    kept: tuple[tuple[int, ...], ...]
    keep_options: tuple[int, ...]
    available: tuple[str, ...]
    dice: int
    halving_ahead: bool
    death: str
    card_suit: tuple[int, ...]
    card_value: tuple[int, ...]
    kind_hours: tuple[int, ...]
    hero_kind: int


    __slots__ = ("seat", "players", "hand_no", "hands", "final_hand", "skills", "notes", "variant", "phase",
                 "incident", "round", "column", "detectives", "vp", "order", "alive", "injuries",
                 "layout", "hand", "placed1", "placed2", "power",
                 "won", "kept", "keep_options", "available", "dice", "halving_ahead",
                 "death",          # option death_rule (what a 殉職 costs or gives)
                 # per-game facts (shared tuples, set by the engine; a plain class so it pickles):
                 "card_suit",      # incident index -> suit index
                 "card_value",     # incident index -> number (VP)
                 "kind_hours",     # detective card kind -> hours (ヒーロータイム = 0)
                 "hero_kind")

    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, phase={self.phase}, hand={self.hand_no})"
