"""探偵無宿２: the mutable game state and a seat's observation (plain slots, hand-written clone)."""
from __future__ import annotations

from typing import Any

TaskTuple = tuple[int, ...]   # (Task code, arguments…): see actions.Task


class State:
    """Everything on the table.  Cards are small ints: event cards index ``Facts.ev_*`` (serial order), person
    cards index ``Facts.pc_*`` (the last one is 惨劇の夜); persons and colours share one index."""

    __slots__ = (
        "n", "skills", "sub_any", "tie_up", "lamp_first", "lamp_clear", "phase", "cur", "stack", "chance",
        "ev_deck", "discard", "limbo", "hands", "up", "down", "fresh",
        "inv", "line", "linecnt", "outside", "piles", "removed",
        "lamps", "dead", "ndead", "round", "start", "tragedy_pos",
        "sub_color", "sub_used", "sub_disc", "dn",
        "watashi", "extra", "rest_bonus", "keep_free", "kept", "kfree",
        "over", "end_reason", "vp", "hist",
        "st_down", "st_flip", "st_flip_vp", "st_kept", "st_lost", "st_subs", "st_subs_dead",
        "st_lamp_deaths", "st_deaths", "st_turns", "st_flash", "st_down_vp", "st_used", "st_dealt",
        "cube_rule", "cubes", "st_cubes",
        "lamp_end", "flip_before", "tdraw_turns", "flip_noeff", "tragedy_lit", "st_draws", "st_rs_tragedy",
        "flip_one", "all_next", "release_serial", "reshuffle_now",
    )
    # rules and variants
    n: int                      # players
    skills: bool                # the optional 「私」 skills
    sub_any: bool               # variant sub-any-colour
    tie_up: bool                # variant tie-face-up
    lamp_first: int             # the 【捜査線】 space of the first 告命灯 (1-based)
    lamp_clear: bool            # variant lamps-every-round
    cube_rule: bool             # variant facedown-cubes (the designer's proposal)
    lamp_end: bool              # variant lamp-at-round-end
    flip_before: bool           # variant flip-before-action
    tdraw_turns: bool           # variant tragedy-draw-turns-only
    flip_noeff: bool            # variant flip-without-placement-effect
    flip_one: bool              # variant flip-one-at-a-time
    all_next: bool              # variant all-from-next-player
    release_serial: bool        # variant release-in-serial-order
    reshuffle_now: bool         # variant reshuffle-when-empty
    # whose decision, and the task stack
    phase: int                  # PH_*
    cur: int                    # the seat to decide (-1 none)
    stack: list[TaskTuple]      # pending tasks, top last
    chance: int                 # CH_EV / CH_INV while phase is PH_CHANCE
    # event cards
    ev_deck: list[int]          # イベントの山, top last
    discard: list[int]          # 捨て札, top last
    limbo: list[int]            # instant cards whose effect is resolving
    hands: list[list[int]]
    up: list[list[int]]         # face-up cards in each 【手帳】
    down: list[list[int]]       # face-down cards in each 【手帳】
    fresh: list[int]            # placed face down this turn
    cubes: list[int]            # variant facedown-cubes: cubes on each face-down event card (by card)
    # person cards
    inv: list[int]              # 捜査デッキ, top last
    line: list[int]             # 【捜査線】 left to right
    linecnt: list[int]          # person cards on the 【捜査線】 per person
    outside: list[int]          # 【線外】
    piles: list[list[int]]      # 【容疑者】 pile per person, top last (覚醒 card at the bottom)
    removed: list[int]          # dead persons' cards, out of the game
    lamps: int                  # 告命灯 on the 【捜査線】
    dead: list[bool]
    ndead: int
    round: int
    start: int                  # the start player's seat
    tragedy_pos: int            # 1-based place of 惨劇の夜 on the 【捜査線】, 0 when not drawn
    tragedy_lit: bool           # a 告命灯 lay on that place when 惨劇の夜 was drawn
    # this turn
    sub_color: int              # the colour 代用コスト made (-1 none)
    sub_used: bool
    sub_disc: int               # 代用コスト discount this turn
    dn: int                     # cards still to discard
    # seats
    watashi: list[int]          # the 「私」 card per seat (-1 before the pick)
    extra: list[list[int]]      # always-on colours per seat and colour
    rest_bonus: list[int]       # 一服 draws this many more
    keep_free: list[int]        # face-down cards kept free at round end
    kept: list[int]             # face-down cards the keeping seat keeps this round end
    kfree: int                  # free keeps left for the keeping seat
    over: bool
    end_reason: str
    vp: list[int]
    hist: list[tuple[int, ...]]  # VP at each round end
    # statistics for the report
    st_down: int
    st_flip: int
    st_flip_vp: int
    st_kept: int
    st_lost: int
    st_subs: int
    st_subs_dead: int
    st_lamp_deaths: int
    st_deaths: list[int]
    st_turns: int
    st_flash: int
    st_down_vp: int
    st_used: list[tuple[int, int]]  # (seat, event) for each event put into effect
    st_dealt: tuple[tuple[int, ...], ...]  # each seat's opening hand (the deal), never changed after it
    st_cubes: int               # cubes spent to turn face-down cards face up
    st_draws: list[tuple[int, int, int]]  # (seat, source, n) of each draw an ongoing effect or a skill caused, in
    #                                       the order they were drawn (source: event card, or -1 - 「私」)
    st_rs_tragedy: int          # rounds whose start drew 惨劇の夜 among the three cards

    def clone(self) -> State:
        c = State.__new__(State)
        c.n, c.skills, c.sub_any, c.tie_up = self.n, self.skills, self.sub_any, self.tie_up
        c.lamp_first, c.lamp_clear, c.cube_rule = self.lamp_first, self.lamp_clear, self.cube_rule
        c.lamp_end, c.flip_before, c.tdraw_turns, c.flip_noeff = (
            self.lamp_end, self.flip_before, self.tdraw_turns, self.flip_noeff)
        c.flip_one, c.all_next, c.release_serial, c.reshuffle_now = (
            self.flip_one, self.all_next, self.release_serial, self.reshuffle_now)
        c.tragedy_lit, c.st_rs_tragedy = self.tragedy_lit, self.st_rs_tragedy
        c.st_draws = self.st_draws[:]
        c.st_cubes = self.st_cubes
        c.cubes = self.cubes[:]
        c.phase, c.cur, c.chance = self.phase, self.cur, self.chance
        c.lamps, c.ndead, c.round, c.start, c.tragedy_pos = self.lamps, self.ndead, self.round, self.start, \
            self.tragedy_pos
        c.sub_color, c.sub_used, c.sub_disc, c.dn = self.sub_color, self.sub_used, self.sub_disc, self.dn
        c.kfree, c.over, c.end_reason = self.kfree, self.over, self.end_reason
        c.st_down, c.st_flip, c.st_flip_vp, c.st_kept, c.st_lost = (
            self.st_down, self.st_flip, self.st_flip_vp, self.st_kept, self.st_lost)
        c.st_subs, c.st_subs_dead, c.st_lamp_deaths, c.st_turns, c.st_flash, c.st_down_vp = (
            self.st_subs, self.st_subs_dead, self.st_lamp_deaths, self.st_turns, self.st_flash, self.st_down_vp)
        c.stack = self.stack[:]
        c.ev_deck = self.ev_deck[:]
        c.discard = self.discard[:]
        c.limbo = self.limbo[:]
        c.inv = self.inv[:]
        c.line = self.line[:]
        c.linecnt = self.linecnt[:]
        c.outside = self.outside[:]
        c.removed = self.removed[:]
        c.dead = self.dead[:]
        c.watashi = self.watashi[:]
        c.vp = self.vp[:]
        c.hist = self.hist[:]
        c.kept = self.kept[:]
        c.rest_bonus = self.rest_bonus[:]
        c.keep_free = self.keep_free[:]
        c.st_deaths = self.st_deaths[:]
        c.fresh = self.fresh[:]
        c.st_used = self.st_used[:]
        c.st_dealt = self.st_dealt
        c.hands = [x[:] for x in self.hands]
        c.up = [x[:] for x in self.up]
        c.down = [x[:] for x in self.down]
        c.piles = [x[:] for x in self.piles]
        c.extra = [x[:] for x in self.extra]
        return c

    def __repr__(self) -> str:
        return (f"<tantei2 round={self.round} phase={self.phase} cur={self.cur} vp={self.vp} "
                f"dead={self.ndead} lamps={self.lamps}>")


class Observation:
    """What one seat may see: its own hand and face-down cards; counts of everyone else's."""

    __slots__ = ("seat", "players", "phase", "facts", "hand", "my_down", "down_counts", "hand_counts",
                 "up", "line", "linecnt", "extra", "sub_color", "sub_used", "dead", "awake", "lamps",
                 "vp", "round", "discard", "outside", "pile_sizes", "watashi", "skills", "inv_size",
                 "ev_deck_size", "tragedy_pos", "dn", "cubes", "down_cubes")
    seat: int
    players: int
    phase: int
    facts: Any                  # the engine's Facts (shared, read-only)
    hand: tuple[int, ...]
    my_down: tuple[int, ...]
    down_counts: tuple[int, ...]
    hand_counts: tuple[int, ...]
    up: tuple[tuple[int, ...], ...]
    line: tuple[int, ...]       # persons on the 【捜査線】 (惨劇の夜 is -1)
    linecnt: tuple[int, ...]
    extra: tuple[int, ...]
    sub_color: int
    sub_used: bool
    dead: tuple[bool, ...]
    awake: tuple[bool, ...]
    lamps: int
    vp: tuple[int, ...]
    round: int
    discard: tuple[int, ...]
    outside: tuple[int, ...]
    pile_sizes: tuple[int, ...]
    watashi: tuple[int, ...]
    skills: bool
    inv_size: int
    ev_deck_size: int
    tragedy_pos: int
    dn: int
    cubes: tuple[int, ...]      # variant facedown-cubes: cubes on my face-down cards (parallel to my_down)
    down_cubes: tuple[tuple[int, ...], ...]  # cubes on each seat's face-down cards, sorted (public)

    def __repr__(self) -> str:
        return f"<tantei2 obs seat={self.seat} phase={self.phase} hand={self.hand}>"
