"""Rules engine for 24 −共鳴するテロル− (draft 12): 3–5 players, 1–3 hands.

Seats are numbered clockwise from the 親 (seat 0).  The draft's open points are settled in
``components/terror24/rulings.yaml`` (``RULING_IDS``), which the rulebook prints in its 補足・裁定, so
the engine and the book agree.  Where the draft is literal the standard rules play it literally; each
other reading pnp considered is a named variant the simulator compares.
Simultaneous face-down placements are sequential decisions whose ``observe`` hides the other
seats' cards until the rules reveal them.
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..data.model import Game
from ..sim.engine import CHANCE, TERMINAL, Finding, IllegalAction, InvariantError, OptionSpec, Result, Variant
from ..sim.stats import rate, rate_ja

GAME_ID = "terror24"
ENGINE_VERSION = "2"

# The rulings this engine plays, by id; their text (and the designer's ledger) is in
# components/terror24/rulings.yaml, which the rulebook prints.
RULING_IDS: tuple[str, ...] = (
    "skill-list", "hidden-column", "unused-incidents", "deck-rebuild", "second-card-reveal", "both-dice",
    "great-success", "challenge-order", "death-timing", "hero-number", "no-second", "keep-this-hand",
    "keep-secret", "halving", "play-order-ties", "skills-from-hand-2", "wolf-timing", "scotch-clash",
    "dokaben-red", "lloyd-peek", "two-hands", "one-hand", "final-peek", "bonus-cards", "notes-scotch",
    "notes-hibachi", "notes-dokaben",
)

# phases
P_PICK, P_DEAL, P_PLACE, P_CHAL, P_ROLL, P_TAKE, P_KEEP, P_END = range(8)
PHASE_NAMES = ("pick", "deal", "place", "challenge", "roll", "take", "keep", "end")
DICE_NAMES = ("なし", "緑", "赤", "緑と赤")
# stats indices: [green, red] x [used, success, great, fail, injury, death]
ST_USED, ST_SUCC, ST_GREAT, ST_FAIL, ST_INJ, ST_DEATH = range(6)


# ---------------------------------------------------------------- actions and chance outcomes

@dataclass(frozen=True, order=True)
class Pick:
    detective: str
    name: str = field(default="", compare=False)

    def label(self) -> str:
        return f"刑事「{self.name or self.detective}」を選ぶ"

    def to_json(self) -> Any:
        return {"t": "pick", "d": self.detective}


@dataclass(frozen=True, order=True)
class Place:
    kind: int                  # index into the detective card kinds (hours 0..6, then ヒーロータイム)
    text: str = field(default="", compare=False)

    def label(self) -> str:
        return f"{self.text}を裏向きに置く"

    def to_json(self) -> Any:
        return {"t": "place", "k": self.kind}


@dataclass(frozen=True, order=True)
class Challenge:
    dice: int                  # bit 1 = green, bit 2 = red

    def label(self) -> str:
        return "チャレンジしない" if not self.dice else f"{DICE_NAMES[self.dice]}のダイスでチャレンジ"

    def to_json(self) -> Any:
        return {"t": "challenge", "dice": self.dice}


@dataclass(frozen=True, order=True)
class Take:
    row: int                   # 0 = 1位のカード, 1 = 2位のカード (ヒバチ, notes-skills)

    def label(self) -> str:
        return f"{self.row + 1}位の事件カードを取る"

    def to_json(self) -> Any:
        return {"t": "take", "row": self.row}


@dataclass(frozen=True, order=True)
class Keep:
    card: int                  # incident card index
    text: str = field(default="", compare=False)

    def label(self) -> str:
        return f"「{self.text or self.card}」を手元に残す"

    def to_json(self) -> Any:
        return {"t": "keep", "card": self.card}


@dataclass(frozen=True, order=True)
class Deal:
    cards: tuple[int, ...]     # 10 incident indices: column 1 row 1, column 1 row 2, column 2 row 1 …

    def label(self) -> str:
        return "事件カードをシャッフルして配置する"

    def to_json(self) -> Any:
        return {"t": "deal", "cards": list(self.cards)}


@dataclass(frozen=True, order=True)
class Roll:
    green: int                 # 0 = not rolled
    red: int

    def label(self) -> str:
        parts = []
        if self.green:
            parts.append(f"緑{self.green}")
        if self.red:
            parts.append(f"赤{self.red}")
        return "ダイス: " + "・".join(parts)

    def to_json(self) -> Any:
        return {"t": "roll", "g": self.green, "r": self.red}


CHALLENGES = tuple(Challenge(d) for d in range(4))
TAKES = (Take(0), Take(1))
HIDDEN5 = (-1,) * 5
HIDDEN_ROWS = tuple((HIDDEN5,) * n for n in range(8))
ZEROS = tuple((0,) * n for n in range(8))
ROLLS = tuple(tuple(Roll(g, r) for r in range(9)) for g in range(9))


# ---------------------------------------------------------------- state

class State:
    __slots__ = (
        "n", "variant", "notes", "keep_old", "wolf_halved", "final2", "mm_kept", "hands", "hand_no", "phase", "cur",
        "det", "vp", "order", "pos",
        "box", "discard", "layout", "revealed",
        "hand", "p1", "p2", "won", "kept",
        "alive", "inj", "died", "part", "power",
        "inc", "queue", "dice", "chal", "take_second",
        "rnd", "col", "keep_queue",
        "stats", "clashes", "ht_incidents", "incidents", "tb_first", "tb_order",
        "vp_raw", "vp_hist", "deaths_hand", "final_tie",
        "chal_order", "last_rank",      # the current incident's challenge order; the last ranking made
    )

    def clone(self) -> State:
        c = State.__new__(State)
        c.n = self.n; c.variant = self.variant; c.notes = self.notes; c.keep_old = self.keep_old
        c.wolf_halved = self.wolf_halved; c.final2 = self.final2; c.mm_kept = self.mm_kept
        c.hands = self.hands; c.hand_no = self.hand_no
        c.phase = self.phase; c.cur = self.cur
        c.det = self.det[:]; c.vp = self.vp[:]; c.order = self.order[:]; c.pos = self.pos[:]
        c.box = self.box[:]; c.discard = self.discard[:]; c.layout = self.layout[:]
        c.revealed = self.revealed
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
        return c

    def __repr__(self) -> str:
        return (f"State(hand={self.hand_no}/{self.hands}, phase={PHASE_NAMES[self.phase]}, "
                f"inc={self.inc + 1}, cur={self.cur}, vp={self.vp})")


class Observation:
    """What one seat may see.  Incident cards are indices into ``card_suit``/``card_value``;
    -1 marks a card the seat may not see (or a place that is empty)."""

    __slots__ = ("seat", "players", "hand_no", "hands", "final_hand", "skills", "notes", "variant", "phase",
                 "incident", "round", "column", "detectives", "vp", "order", "alive", "injuries",
                 "layout", "hand", "placed1", "placed2", "power",
                 "won", "kept", "keep_options", "available", "dice", "halving_ahead",
                 # per-game facts (shared tuples, set by the engine; a plain class so it pickles):
                 "card_suit",      # incident index -> suit index
                 "card_value",     # incident index -> number (VP)
                 "kind_hours",     # detective card kind -> hours (ヒーロータイム = 0)
                 "hero_kind")

    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, phase={self.phase}, hand={self.hand_no})"


# ---------------------------------------------------------------- engine

DETECTIVE_NAMES: dict[str, str] = {}     # detective id → printed name, filled from the data


class Terror24Engine:
    game_id = GAME_ID
    min_players = 3
    max_players = 5
    # The first is the draft read literally; each other variant is one alternative reading the
    # designer is asked about (a question in rulings.yaml names it), so the simulator can compare it.
    variants = (
        Variant("standard", "標準ルール", "草案のルール本文どおり（スキルは「■２ハンド目」の一覧）。"),
        Variant("notes-skills", "メモのスキル案",
                "草案冒頭のメモ「スキルは以下の通り改変する」のスキルに差し替える。"),
        Variant("keep-old", "残すカードは常に1枚",
                "手元に残すカードは全体で1枚。前のハンドから残しているカードを、今回獲得したカードの代わりに残してもよい。"),
        Variant("wolf-halved", "ウルフの4VPも半分に",
                "ウルフの4VPは殉職した時点で得て、次のハンドへ移るときのVP半減の対象になる。"),
        Variant("two-hands-final", "2ハンド戦も3ハンド目のルール",
                "2ハンドで遊ぶとき、2ハンド目に3ハンド目のルール（配置・手元のカードの公開・ボーナス・同点はプレイ順の遅い方）を使う。"),
        Variant("mastermind-kept", "黒幕も手元のカードを数える",
                "黒幕の「同じスートの事件カード」に、ハンド開始時に手元に持っていたカードも含める。"),
    )
    options = (OptionSpec("hands", "ハンド数", (1, 2, 3), 3),)
    # picks 5 + per hand: deal 1 + places 50 + challenges 25 + rolls 25 + takes 5 + keeps 5
    max_steps = 5 + 3 * (1 + 50 + 25 + 25 + 5 + 5)
    ruling_ids = RULING_IDS

    def __init__(self, game: Game):
        inc = game.deck("incidents")
        det = game.deck("detectives")
        DETECTIVE_NAMES.update({s.id: s.name for s in det.suits})
        # the printed score track (a part of kind track), so reports tell how many games fit on it
        tracks = [p for p in game.parts if getattr(p, "kind", "") == "track"]
        self.score_track = (min(tracks[0].values()), max(tracks[0].values())) if tracks else None
        cards = inc.physical_cards()
        self.card_ids = tuple(c.id for c in cards)
        self.card_names = tuple(f"{c.title}{c.value}" for c in cards)
        self.suit_ids = tuple(s.id for s in inc.suits)
        self.card_suit = tuple(self.suit_ids.index(c.suit.id) for c in cards)
        self.card_value = tuple(int(c.value) for c in cards)
        self.n_cards = len(cards)
        self.det_ids = tuple(s.id for s in det.suits)
        self.det_names = tuple(s.name for s in det.suits)
        # card kinds: (hero, hours) in a canonical order shared by every detective
        kinds: list[tuple[bool, int]] | None = None
        counts: list[int] | None = None
        for d in self.det_ids:
            mine: dict[tuple[bool, int], int] = {}
            for c in det.cards:
                if c.suit and c.suit.id == d:
                    key = (bool(c.rules.get("hero")), int(c.rules["hours"]))
                    mine[key] = mine.get(key, 0) + c.count
            ks = sorted(mine)
            if kinds is None:
                kinds, counts = ks, [mine[k] for k in ks]
            elif ks != kinds or [mine[k] for k in ks] != counts:
                raise ValueError(f"{GAME_ID}: detective {d} has a different card set")
        assert kinds is not None and counts is not None
        heroes = [i for i, k in enumerate(kinds) if k[0]]
        if len(heroes) != 1 or counts[heroes[0]] != 1:
            raise ValueError(f"{GAME_ID}: each detective needs exactly one ヒーロータイム")
        self.hero = heroes[0]
        self.kind_hours = tuple(0 if k[0] else k[1] for k in kinds)
        self.kind_counts = tuple(counts)
        self.n_kinds = len(kinds)
        self.places = tuple(Place(i, "ヒーロータイム" if kinds[i][0] else f"{kinds[i][1]}時間")
                            for i in range(len(kinds)))
        self.picks = tuple(Pick(d, n) for d, n in zip(self.det_ids, self.det_names))
        self.keeps = tuple(Keep(i, self.card_names[i]) for i in range(self.n_cards))
        self._det_or_none = self.det_ids + (None,)
        self.sk = {name: (self.det_ids.index(name) if name in self.det_ids else -9)
                   for name in ("scotch", "wolf", "hibachi", "lloyd", "dokaben")}

    # ------------------------------------------------------------ setup

    def new_state(self, players: int, variant: str = "standard",
                  options: Mapping[str, Any] | None = None) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{GAME_ID}: {players} players (3–5)")
        if variant not in VARIANT_IDS:
            raise ValueError(f"{GAME_ID}: unknown variant {variant!r}")
        hands = int((options or {}).get("hands", 3))
        if hands not in (1, 2, 3):
            raise ValueError(f"{GAME_ID}: hands must be 1, 2 or 3, got {hands}")
        n = players
        s = State()
        s.n = n; s.variant = variant; s.notes = variant == "notes-skills"
        s.keep_old = variant == "keep-old"; s.wolf_halved = variant == "wolf-halved"
        s.final2 = variant == "two-hands-final"; s.mm_kept = variant == "mastermind-kept"
        s.hands = hands; s.hand_no = 1
        s.phase = P_PICK; s.cur = 0
        s.det = [-1] * n
        s.vp = [0] * n
        # 4 players: the 親's right (4番手) starts at 1; 5 players: 4番手 and 5番手
        for seat in range(3, n):
            s.vp[seat] = 1
        s.order = list(range(n)); s.pos = list(range(n))
        s.box = list(range(self.n_cards)); s.discard = []; s.layout = [-1] * 10
        s.revealed = False
        s.hand = [list(self.kind_counts) for _ in range(n)]
        s.p1 = [[-1] * 5 for _ in range(n)]; s.p2 = [[-1] * 5 for _ in range(n)]
        s.won = [[] for _ in range(n)]; s.kept = [[] for _ in range(n)]
        s.alive = [True] * n; s.inj = [0] * n; s.died = [False] * n
        s.part = []; s.power = [0] * n
        s.inc = 0; s.queue = []; s.dice = 0; s.chal = -1; s.take_second = -1
        s.rnd = 0; s.col = 0; s.keep_queue = []
        s.stats = [0] * 12; s.clashes = 0; s.ht_incidents = 0; s.incidents = 0
        s.tb_first = 0; s.tb_order = 0
        s.vp_raw = []; s.vp_hist = []; s.deaths_hand = []; s.final_tie = False
        s.chal_order = (); s.last_rank = None
        return s

    # ------------------------------------------------------------ protocol

    def to_move(self, s: State) -> int:
        return s.cur

    def legal_actions(self, s: State) -> list:
        ph = s.phase
        if ph == P_PLACE:
            h = s.hand[s.cur]
            pl = self.places
            return [pl[k] for k in range(self.n_kinds) if h[k]]
        if ph == P_CHAL:
            return list(CHALLENGES)
        if ph == P_PICK:
            taken = s.det
            return sorted(self.picks[d] for d in range(len(self.picks)) if d not in taken)
        if ph == P_TAKE:
            return list(TAKES)
        if ph == P_KEEP:
            return sorted(self.keeps[c] for c in self._keep_options(s, s.cur))
        return []

    def sample_chance(self, s: State, rng: random.Random):
        if s.phase == P_ROLL:
            g = int(rng.random() * 8) + 1 if s.dice & 1 else 0
            r = int(rng.random() * 8) + 1 if s.dice & 2 else 0
            return ROLLS[g][r]
        if s.phase == P_DEAL:
            return Deal(tuple(rng.sample(s.box, 10)))
        raise IllegalAction("not a chance step")

    def apply(self, s: State, a) -> None:
        ph = s.phase
        if ph == P_PLACE:
            seat = s.cur
            if a.__class__ is not Place:
                raise IllegalAction(f"expected a placement, got {a!r}")
            k = a.kind
            h = s.hand[seat]
            if not 0 <= k < self.n_kinds or h[k] <= 0:
                raise IllegalAction(f"seat {seat} has no card {a!r}")
            h[k] -= 1
            (s.p1 if s.rnd == 0 else s.p2)[seat][s.col] = k
            s.col += 1
            if s.col == 5:
                s.col = 0
                seat += 1
                if seat == s.n:
                    seat = 0
                    if s.rnd == 0:
                        s.rnd = 1
                        s.revealed = True      # first cards and face-down incidents turn over
                    else:
                        s.inc = 0
                        self._start_incident(s)
                        return
                s.cur = seat
            return
        if ph == P_CHAL:
            if a.__class__ is not Challenge or not 0 <= a.dice <= 3:
                raise IllegalAction(f"expected a challenge choice, got {a!r}")
            if a.dice:
                seat = s.cur
                st = s.stats
                if a.dice & 1:
                    st[ST_USED] += 1
                if a.dice & 2:
                    st[6 + ST_USED] += 1
                s.dice = a.dice
                s.chal = seat
                s.phase = P_ROLL
                s.cur = CHANCE
            else:
                self._next_challenger(s)
            return
        if ph == P_ROLL:
            if a.__class__ is not Roll:
                raise IllegalAction(f"expected a die roll, got {a!r}")
            self._roll(s, a)
            return
        if ph == P_DEAL:
            if a.__class__ is not Deal or len(a.cards) != 10 or len(set(a.cards)) != 10:
                raise IllegalAction(f"expected a deal of 10 cards, got {a!r}")
            box = s.box
            for c in a.cards:
                if c not in box:
                    raise IllegalAction(f"card {c} is not in the deck")
            chosen = set(a.cards)
            s.layout = list(a.cards)
            s.box = [c for c in box if c not in chosen]
            s.revealed = False
            s.phase = P_PLACE; s.rnd = 0; s.col = 0; s.cur = 0
            return
        if ph == P_PICK:
            if a.__class__ is not Pick or a.detective not in self.det_ids:
                raise IllegalAction(f"expected a detective, got {a!r}")
            d = self.det_ids.index(a.detective)
            if d in s.det:
                raise IllegalAction(f"{a.detective} is already taken")
            s.det[s.cur] = d
            if s.cur + 1 < s.n:
                s.cur += 1
            else:
                s.phase = P_DEAL; s.cur = CHANCE
            return
        if ph == P_TAKE:
            if a.__class__ is not Take:
                raise IllegalAction(f"expected which card to take, got {a!r}")
            k = s.inc
            first, second = s.cur, s.take_second
            mine, other = (2 * k, 2 * k + 1) if a.row == 0 else (2 * k + 1, 2 * k)
            self._award(s, first, mine)
            if second >= 0:
                self._award(s, second, other)
            self._next_incident(s)
            return
        if ph == P_KEEP:
            seat = s.cur
            if a.__class__ is not Keep or a.card not in self._keep_options(s, seat):
                raise IllegalAction(f"seat {seat} cannot keep {a!r}")
            self._keep(s, seat, a.card)
            self._next_keeper(s)
            return
        raise IllegalAction("the game is over")

    # ------------------------------------------------------------ resolution

    def _skills(self, s: State) -> bool:
        return s.hand_no >= 2

    def _start_incident(self, s: State) -> None:
        k = s.inc
        hours = self.kind_hours
        part = [i for i in range(s.n) if s.alive[i]]
        s.part = part
        pw = s.power
        for i in part:
            pw[i] = hours[s.p1[i][k]] + hours[s.p2[i][k]]
        pos = s.pos
        s.queue = sorted(part, key=lambda i: (pw[i], -pos[i]), reverse=True)  # pop() = next
        s.chal_order = tuple(reversed(s.queue))
        self._next_challenger(s)

    def _next_challenger(self, s: State) -> None:
        if s.queue:
            s.cur = s.queue.pop()
            s.phase = P_CHAL
        else:
            self._rank(s)

    def _roll(self, s: State, a: Roll) -> None:
        seat = s.chal
        d = s.det[seat]
        skills = s.hand_no >= 2
        sk = self.sk
        mod = 1 if skills and d == (sk["wolf"] if s.notes else sk["hibachi"]) else 0
        num = s.inc + 1
        st = s.stats
        for colour, roll in ((0, a.green), (1, a.red)):
            if not roll:
                continue
            if not (1 <= roll <= 8) or not s.dice & (1 << colour):
                raise IllegalAction(f"bad roll {a!r}")
            base = 6 * colour
            if roll + mod > num:
                great = roll == 8
                s.power[seat] += 1 + colour + (1 if great else 0)
                st[base + ST_SUCC] += 1
                if great:
                    st[base + ST_GREAT] += 1
            else:
                st[base + ST_FAIL] += 1
                if colour == 0 or (skills and s.notes and d == sk["dokaben"]):
                    st[base + ST_INJ] += 1
                    s.inj[seat] += 1
                    limit = 3 if (skills and not s.notes and d == sk["dokaben"]) else 2
                    if s.inj[seat] >= limit:
                        self._die(s, seat, base)
                else:
                    self._die(s, seat, base)
        s.dice = 0
        s.chal = -1
        self._next_challenger(s)

    def _die(self, s: State, seat: int, base: int) -> None:
        if not s.alive[seat]:
            return
        s.alive[seat] = False
        s.died[seat] = True
        s.stats[base + ST_DEATH] += 1
        if s.wolf_halved and self._wolf(s, seat):
            s.vp[seat] += 4                 # variant: at once, so the hand's halving takes half of it

    def _wolf(self, s: State, seat: int) -> bool:
        """ウルフ's skill applies to this seat (「ハンド中に殉死すると４ＶＰを得る」, from hand 2)."""
        return s.hand_no >= 2 and not s.notes and s.det[seat] == self.sk["wolf"]

    def _third(self, s: State) -> bool:
        """The current hand plays under 「■３ハンド目」: the third hand (variant two-hands-final: also
        the second and last hand of a 2-hand game)."""
        return s.hand_no == 3 or (s.final2 and s.hands == 2 and s.hand_no == 2)

    def _counted(self, s: State, seat: int, kind: int, clash_scotch: bool) -> int:
        if kind == self.hero:
            return 3 if clash_scotch and s.det[seat] == self.sk["scotch"] else 0
        return self.kind_hours[kind]

    def _rank(self, s: State) -> None:
        k = s.inc
        part = s.part
        hero = self.hero
        pw = s.power
        pos = s.pos
        s.incidents += 1
        hts = [i for i in part if s.p1[i][k] == hero or s.p2[i][k] == hero]
        first = -1
        notes_scotch = False
        if hts:
            s.ht_incidents += 1
            if len(hts) == 1:
                first = hts[0]
            else:
                s.clashes += 1
                scotch = self.sk["scotch"]
                if s.hand_no >= 2:
                    for i in hts:
                        if s.det[i] == scotch:
                            if s.notes:
                                pw[i] += 3          # counts as 3 instead of 0
                                notes_scotch = True
                            else:
                                first = i           # his ヒーロータイム keeps its effect
        p1 = s.p1

        def key(i: int) -> tuple[int, int, int]:
            return (-pw[i], -self._counted(s, i, p1[i][k], notes_scotch), pos[i])

        rest = [i for i in part if i != first]
        rest.sort(key=key)
        ranked = ([first] if first >= 0 else []) + rest
        # tie-break statistics on the decisive boundaries (1st/2nd, 2nd/3rd), once per incident
        lo = 1 if first >= 0 else 0
        by_first = by_order = False
        for j in range(lo, min(2, len(ranked) - 1)):
            a, b = key(ranked[j]), key(ranked[j + 1])
            if a[0] == b[0]:
                if a[1] != b[1]:
                    by_first = True
                else:
                    by_order = True
        s.tb_first += by_first
        s.tb_order += by_order
        s.last_rank = (k, tuple(ranked), tuple(pw), s.chal_order)
        f = ranked[0] if ranked else -1
        sec = ranked[1] if len(ranked) > 1 else -1
        if (f >= 0 and s.notes and s.hand_no >= 2 and s.det[f] == self.sk["hibachi"]):
            s.phase = P_TAKE
            s.cur = f
            s.take_second = sec
            return
        if f >= 0:
            self._award(s, f, 2 * k)
        if sec >= 0:
            self._award(s, sec, 2 * k + 1)
        self._next_incident(s)

    def _award(self, s: State, seat: int, slot: int) -> None:
        c = s.layout[slot]
        s.layout[slot] = -1
        s.won[seat].append(c)
        s.vp[seat] += self.card_value[c]

    def _next_incident(self, s: State) -> None:
        s.take_second = -1
        s.inc += 1
        if s.inc < 5:
            self._start_incident(s)
        else:
            self._end_hand(s)

    # ------------------------------------------------------------ hand end

    def _final(self, s: State) -> bool:
        return s.hand_no == s.hands

    def _keep_options(self, s: State, seat: int) -> list[int]:
        # 「今回獲得した事件カードの中から「数字が５でない」１枚を選び」; variant keep-old: or the card kept before
        val = self.card_value
        opts = [c for c in s.won[seat] if val[c] != 5]
        if s.keep_old:
            opts += s.kept[seat]
        return opts

    def _keep(self, s: State, seat: int, card: int) -> None:
        for c in s.won[seat]:
            if c != card:
                s.discard.append(c)
        s.won[seat] = []
        if s.keep_old:                       # one card in all: the other goes to the discard
            for c in s.kept[seat]:
                if c != card:
                    s.discard.append(c)
            s.kept[seat] = [card]
        elif card not in s.kept[seat]:       # the draft: kept cards stay, this hand's card joins them
            s.kept[seat].append(card)

    def _end_hand(self, s: State) -> None:
        s.vp_raw.append(s.vp[:])
        s.deaths_hand.append(sum(s.died))
        for slot in range(10):
            c = s.layout[slot]
            if c >= 0:                      # unclaimed (nobody could take it)
                s.discard.append(c)
                s.layout[slot] = -1
        if self._final(s):
            if not s.wolf_halved:
                for seat in range(s.n):
                    if s.died[seat] and self._wolf(s, seat):
                        s.vp[seat] += 4
            if self._third(s):
                self._final_bonus(s)
            s.vp_hist.append(s.vp[:])
            s.phase = P_END
            s.cur = TERMINAL
            return
        s.keep_queue = []
        for seat in range(s.n):
            opts = self._keep_options(s, seat)
            if len(opts) == 1:
                self._keep(s, seat, opts[0])
            elif len(opts) > 1:
                s.keep_queue.append(seat)
            else:                           # only 5s won: nothing may be kept
                s.discard += s.won[seat]
                s.won[seat] = []
        s.keep_queue.reverse()
        self._next_keeper(s)

    def _next_keeper(self, s: State) -> None:
        if s.keep_queue:
            s.cur = s.keep_queue.pop()
            s.phase = P_KEEP
            return
        n = s.n
        for seat in range(n):
            s.inj[seat] = 0
            if s.died[seat]:
                s.vp[seat] //= 2
                if not s.wolf_halved and self._wolf(s, seat):
                    s.vp[seat] += 4          # ウルフ: after the halving, in full
        s.vp_hist.append(s.vp[:])
        # lowest VP receives play-order card 1; ties: the later player of this hand first
        pos = s.pos
        s.order = sorted(range(n), key=lambda i: (s.vp[i], -pos[i]))
        for p, seat in enumerate(s.order):
            s.pos[seat] = p
        s.hand_no += 1
        kc = self.kind_counts
        for seat in range(n):
            s.hand[seat] = list(kc)
            s.p1[seat] = [-1] * 5
            s.p2[seat] = [-1] * 5
            s.alive[seat] = True
            s.died[seat] = False
        s.box = sorted(s.box + s.discard)
        s.discard = []
        s.revealed = False
        s.inc = 0
        s.phase = P_DEAL
        s.cur = CHANCE

    def _final_bonus(self, s: State) -> None:
        for seat in range(s.n):
            s.vp[seat] += sum(self.bonuses(s, seat))

    def bonuses(self, s: State, seat: int) -> tuple[int, int]:
        """(活躍者, 黒幕) of a seat at the end of the final hand.  活躍者 counts the cards kept from
        earlier hands (「ハンド開始時に手元に持っていたものも含む」); 黒幕 counts the cards won in this
        hand only (variant mastermind-kept: the kept cards too)."""
        suit, val = self.card_suit, self.card_value
        count = [0] * len(self.suit_ids)
        for c in s.won[seat]:
            count[suit[c]] += 1
        won_only = count[:]
        for c in s.kept[seat]:
            count[suit[c]] += 1
        active = 3 * sum(1 for x in count if x >= 3)
        basis = count if s.mm_kept else won_only
        mastermind = sum(1 for c in s.won[seat] if val[c] == 5 and basis[suit[c]] >= 2)
        return active, mastermind

    # ------------------------------------------------------------ views

    def visible_layout(self, s: State, seat: int) -> list[int]:
        lay = s.layout[:]
        if s.revealed or s.phase == P_DEAL:
            return lay
        skills = s.hand_no >= 2
        lloyd = skills and s.det[seat] == self.sk["lloyd"]
        if lloyd:
            return lay
        if self._third(s):
            suit = self.card_suit
            mine = {suit[c] for c in s.kept[seat]}
            for col in range(5):
                r2 = lay[2 * col + 1]
                if not (r2 >= 0 and suit[r2] in mine):
                    lay[2 * col] = -1
        else:
            lay[8] = -1
            lay[9] = -1
        return lay

    def observe(self, s: State, seat: int) -> Observation:
        o = Observation()
        o.card_suit = self.card_suit; o.card_value = self.card_value
        o.kind_hours = self.kind_hours; o.hero_kind = self.hero
        ph = s.phase
        n = s.n
        hn = s.hand_no
        o.seat = seat; o.players = n; o.hand_no = hn; o.hands = s.hands
        o.final_hand = self._third(s)
        o.skills = hn >= 2; o.notes = s.notes; o.variant = s.variant
        o.phase = PHASE_NAMES[ph]
        resolving = P_CHAL <= ph <= P_TAKE
        o.incident = s.inc + 1 if resolving else 0
        o.round = s.rnd + 1; o.column = s.col
        o.detectives = tuple(map(self._det_or_none.__getitem__, s.det))
        o.vp = tuple(s.vp); o.order = tuple(s.order)
        o.alive = tuple(s.alive); o.injuries = tuple(s.inj)
        o.layout = self.visible_layout(s, seat)
        o.hand = tuple(s.hand[seat])
        hidden = HIDDEN_ROWS[n]
        if s.revealed:
            o.placed1 = tuple(map(tuple, s.p1))
        else:
            p1 = list(hidden); p1[seat] = tuple(s.p1[seat]); o.placed1 = tuple(p1)
        if resolving:
            upto = s.inc
            cut = HIDDEN5[upto + 1:]
            p2 = [tuple(r[:upto + 1]) + cut for r in s.p2]
            p2[seat] = tuple(s.p2[seat])
            o.placed2 = tuple(p2)
            o.power = tuple(s.power)
        else:
            if ph >= P_KEEP:
                o.placed2 = tuple(map(tuple, s.p2))
            else:
                p2 = list(hidden); p2[seat] = tuple(s.p2[seat]); o.placed2 = tuple(p2)
            o.power = ZEROS[n]
        o.won = tuple(map(tuple, s.won))
        if o.final_hand:
            o.kept = tuple(map(tuple, s.kept))
        else:
            kept = [()] * n; kept[seat] = tuple(s.kept[seat]); o.kept = tuple(kept)
        o.keep_options = tuple(self._keep_options(s, seat)) if ph == P_KEEP else ()
        o.available = (tuple(self.det_ids[d] for d in range(len(self.det_ids)) if d not in s.det)
                       if ph == P_PICK else ())
        o.dice = s.dice
        o.halving_ahead = hn < s.hands
        return o

    # ------------------------------------------------------------ results

    def _ranking(self, s: State) -> list[int]:
        if self._third(s):
            tie = lambda i: -s.pos[i]              # 「このハンドのプレイ順の、最も遅いプレイヤー」
        else:
            # 「親から時計回りで近い方」, from hand 2 「最もプレイ順番が早い」 (pos is the seat in hand 1)
            tie = lambda i: s.pos[i]
        return sorted(range(s.n), key=lambda i: (-s.vp[i], tie(i)))

    def result(self, s: State) -> Result:
        ranked = self._ranking(s)
        ranks = [0] * s.n
        for r, seat in enumerate(ranked, 1):
            ranks[seat] = r
        top = s.vp[ranked[0]]
        tied = sum(1 for v in s.vp if v == top)
        st = s.stats
        colour = {}
        for ci, cname in enumerate(("green", "red")):
            b = 6 * ci
            colour[cname] = {"used": st[b + ST_USED], "success": st[b + ST_SUCC],
                             "great": st[b + ST_GREAT], "fail": st[b + ST_FAIL],
                             "injuries": st[b + ST_INJ], "deaths": st[b + ST_DEATH]}
        h1 = s.vp_hist[0] if s.vp_hist else s.vp
        lead = max(h1)
        extra = {
            "per_seat": {"detective": [self.det_names[d] if d >= 0 else None for d in s.det]},
            "detectives": [self.det_ids[d] if d >= 0 else None for d in s.det],
            "hands": s.hands,
            "variant": s.variant,
            "vp_by_hand": [list(v) for v in s.vp_hist],
            "vp_raw_by_hand": [list(v) for v in s.vp_raw],
            "hand1_leaders": [i for i in range(s.n) if h1[i] == lead],
            "hand1_gap": lead - sorted(h1)[-2],
            "final_order": list(s.order),
            "tie_for_first": tied > 1,
            "tie_break_incident_first_card": s.tb_first,
            "tie_break_incident_order": s.tb_order,
            "incidents": s.incidents,
            "ht_incidents": s.ht_incidents,
            "clashes": s.clashes,
            "dice": colour,
            "deaths_by_hand": list(s.deaths_hand),
        }
        return Result(scores=tuple(float(v) for v in s.vp), ranks=tuple(ranks),
                      end_reason="hands_exhausted",
                      end_reason_ja=f"{s.hands}ハンド終了", extra=extra)

    def progress(self, s: State) -> tuple[int, tuple[float, ...]]:
        return s.hand_no, tuple(float(v) for v in s.vp)

    def is_terminal(self, s: State) -> bool:
        return s.cur == TERMINAL

    # ------------------------------------------------------------ worked examples (rulebook)

    def example_state(self, players: int, setup: Mapping[str, Any], variant: str = "standard",
                      options: Mapping[str, Any] | None = None) -> State:
        """A position at the start of one incident's resolution (its second cards just revealed), for
        the rulebook's worked examples.  Seats are named A, B, C … clockwise from the 親 (A).  Keys:

        ``hand``        the hand being played (default 1; at most the game's ``hands`` option);
        ``incident``    the incident number being resolved, 1–5 (default 1);
        ``detectives``  detective ids by seat (default: the first ones in data order);
        ``cards``       {seat: [first, second]} for this incident: hours 0–6 or ``HT`` (ヒーロータイム).
                        Every seat not dead must be given; each seat's other cards fill the other
                        columns in data order;
        ``incidents``   {column 1–5: [1位 card id, 2位 card id]} still on the table (default: this
                        incident's column and the later ones from the deck in data order; columns
                        before this incident are already resolved);
        ``vp``          {seat: VP} (default: the starting VP, or 0 from hand 2);
        ``won``         {seat: [card ids won earlier in this hand]};
        ``kept``        {seat: [card ids kept from earlier hands]} (never a 5; none in hand 1);
        ``injured``     {seat: injuries};  ``dead``  [seats that died earlier in this hand];
        ``order``       the play order from hand 2, earliest first (default A, B, C …).
        """
        from ..sim.examples import ExampleError
        if variant not in VARIANT_IDS:
            raise ExampleError(f"unknown variant {variant!r} (variants: {', '.join(VARIANT_IDS)})")
        s = self.new_state(players, variant, options)
        names = [chr(ord("A") + i) for i in range(players)]

        def seat(name: Any) -> int:
            if name not in names:
                raise ExampleError(f"unknown seat {name!r} (seats: {', '.join(names)})")
            return names.index(name)

        def incident(cid: Any) -> int:
            if cid not in self.card_ids:
                raise ExampleError(f"unknown 事件カード {cid!r}")
            return self.card_ids.index(cid)

        hand = int(setup.get("hand", 1))
        if not 1 <= hand <= s.hands:
            raise ExampleError(f"hand {hand} in a game of {s.hands} hands")
        k = int(setup.get("incident", 1)) - 1
        if not 0 <= k < 5:
            raise ExampleError(f"incident {k + 1}: incidents are numbered 1 to 5")
        s.hand_no = hand
        dets = setup.get("detectives") or list(self.det_ids[:players])
        if len(dets) != players or len(set(dets)) != players or any(d not in self.det_ids for d in dets):
            raise ExampleError(f"detectives {dets!r}: one different detective per seat")
        s.det = [self.det_ids.index(d) for d in dets]
        if hand >= 2:
            s.vp = [0] * players
            order = [seat(x) for x in setup.get("order", names)]
            if sorted(order) != list(range(players)):
                raise ExampleError(f"order {setup.get('order')!r}: every seat once")
            s.order = order
            s.pos = [order.index(i) for i in range(players)]
        for name, v in (setup.get("vp") or {}).items():
            s.vp[seat(name)] = int(v)
        for name in setup.get("dead") or ():
            i = seat(name)
            s.alive[i] = False
            s.died[i] = True
        for name, n in (setup.get("injured") or {}).items():
            s.inj[seat(name)] = int(n)
        used: set[int] = set()

        def take(cid: Any) -> int:
            c = incident(cid)
            if c in used:
                raise ExampleError(f"事件カード {cid} appears twice")
            used.add(c)
            return c

        for name, cids in (setup.get("kept") or {}).items():
            s.kept[seat(name)] = [take(c) for c in cids]
        for name, cids in (setup.get("won") or {}).items():
            s.won[seat(name)] = [take(c) for c in cids]     # their VP are in ``vp`` already
        table = {int(col) - 1: pair for col, pair in (setup.get("incidents") or {}).items()}
        if any(not k <= col < 5 for col in table):
            raise ExampleError(f"incidents: only column {k + 1} and later are still on the table")
        for col, pair in table.items():
            if len(pair) != 2:
                raise ExampleError(f"incidents column {col + 1}: two cards (1位, 2位)")
            s.layout[2 * col], s.layout[2 * col + 1] = take(pair[0]), take(pair[1])
        spare = [c for c in range(self.n_cards) if c not in used]
        for col in range(k, 5):
            if col not in table:
                s.layout[2 * col], s.layout[2 * col + 1] = spare.pop(0), spare.pop(0)
        s.box = [c for c in range(self.n_cards) if c not in used and c not in s.layout]
        # cards are boxed or discarded between hands, and the resolved columns went to the winners
        # given by ``won`` or nobody: the conservation check only needs every card somewhere
        full = [k2 for k2, n in enumerate(self.kind_counts) for _ in range(n)]
        cards = setup.get("cards") or {}
        for i, name in enumerate(names):
            pair = cards.get(name)
            if pair is None:
                if s.alive[i]:
                    raise ExampleError(f"cards: seat {name} takes part and needs its two cards")
                pair = []
            kinds = []
            for v in pair:
                kinds.append(self.hero if v == "HT" else int(v))
                if not 0 <= kinds[-1] < self.n_kinds:
                    raise ExampleError(f"seat {name}: no card {v!r} (hours 0–6 or HT)")
            rest = full[:]
            for kd in kinds:
                if kd not in rest:
                    raise ExampleError(f"seat {name}: a detective has no second {self.places[kd].text} "
                                       f"card (0 and 3 hours twice, the others once)")
                rest.remove(kd)
            if len(kinds) not in (0, 2):
                raise ExampleError(f"seat {name}: two cards (first, second) for incident {k + 1}")
            if kinds:
                s.p1[i][k], s.p2[i][k] = kinds
            cols = [c for c in range(5) if c != k] if kinds else list(range(5))
            for j, c in enumerate(cols):
                s.p1[i][c], s.p2[i][c] = rest[2 * j], rest[2 * j + 1]
            s.hand[i] = [0] * self.n_kinds
        for i in range(players):
            if any(self.card_value[c] == 5 for c in s.kept[i]):
                raise ExampleError(f"seat {names[i]} keeps a 5 (「数字が５でない」１枚)")
            if len(s.kept[i]) > (1 if s.keep_old else hand - 1):
                raise ExampleError(f"seat {names[i]} keeps {len(s.kept[i])} cards in hand {hand}")
        s.revealed = True
        s.rnd = 1
        s.inc = k
        s.phase = P_CHAL
        self._start_incident(s)
        return s

    def example_facts(self, s: State) -> dict:
        """What the rulebook's examples state: seats by letter (A = the 親)."""
        names = [chr(ord("A") + i) for i in range(s.n)]
        cid = self.card_ids
        facts: dict[str, Any] = {
            "hand": s.hand_no,
            "vp": {names[i]: s.vp[i] for i in range(s.n)},
            "won": {names[i]: [cid[c] for c in s.won[i]] for i in range(s.n)},
            "kept": {names[i]: [cid[c] for c in s.kept[i]] for i in range(s.n)},
            "dead": [names[i] for i in range(s.n) if s.died[i]],
            "injured": {names[i]: s.inj[i] for i in range(s.n) if s.inj[i]},
        }
        if s.last_rank is not None:
            k, ranked, pw, order = s.last_rank
            facts["incident"] = k + 1
            facts["challenge_order"] = [names[i] for i in order]
            facts["first"] = names[ranked[0]] if ranked else None
            facts["second"] = names[ranked[1]] if len(ranked) > 1 else None
            facts["power"] = {names[i]: pw[i] for i in sorted(ranked)}
        if self.is_terminal(s):
            r = self.result(s)
            facts["winner"] = names[r.ranks.index(1)]
            facts["ranks"] = {names[i]: r.ranks[i] for i in range(s.n)}
            if self._third(s):
                facts["bonus"] = {names[i]: dict(zip(("活躍者", "黒幕"), self.bonuses(s, i))) for i in range(s.n)}
        return facts

    # ------------------------------------------------------------ checks and replays

    def check_invariants(self, s: State) -> None:
        where: list[int] = []
        where += s.box; where += s.discard
        where += [c for c in s.layout if c >= 0]
        for w in s.won:
            where += w
        for k in s.kept:
            where += k
        if sorted(where) != list(range(self.n_cards)):
            raise InvariantError(f"incident cards not conserved: {sorted(where)}")
        kc = self.kind_counts
        for seat in range(s.n):
            cnt = list(s.hand[seat])
            for row in (s.p1[seat], s.p2[seat]):
                for k in row:
                    if k >= 0:
                        cnt[k] += 1
            if cnt != list(kc):
                raise InvariantError(f"seat {seat}: detective cards {cnt} != {list(kc)}")
            if s.vp[seat] < 0:
                raise InvariantError(f"seat {seat}: negative VP")
            if any(self.card_value[c] == 5 for c in s.kept[seat]):
                raise InvariantError(f"seat {seat} keeps a 5")
            if len(s.kept[seat]) > (1 if s.keep_old else min(s.hand_no, s.hands - 1)):
                raise InvariantError(f"seat {seat} keeps {len(s.kept[seat])} cards in hand {s.hand_no}")
            if not s.alive[seat] and not s.died[seat]:
                raise InvariantError(f"seat {seat}: dead but not recorded")
        if s.phase not in (P_PICK,) and sorted(d for d in s.det) != sorted(set(s.det)):
            raise InvariantError("two seats share a detective")
        if sorted(s.order) != list(range(s.n)) or any(s.order[s.pos[i]] != i for i in range(s.n)):
            raise InvariantError("play order broken")
        if not 1 <= s.hand_no <= s.hands:
            raise InvariantError("hand number out of range")

    def action_from_json(self, data: Any):
        t = data["t"]
        if t == "place":
            return self.places[int(data["k"])]
        if t == "challenge":
            return CHALLENGES[int(data["dice"])]
        if t == "roll":
            return ROLLS[int(data["g"])][int(data["r"])]
        if t == "deal":
            return Deal(tuple(int(c) for c in data["cards"]))
        if t == "pick":
            return self.picks[self.det_ids.index(data["d"])]
        if t == "take":
            return TAKES[int(data["row"])]
        if t == "keep":
            return self.keeps[int(data["card"])]
        raise ValueError(f"unknown action {data!r}")

    def state_hash(self, s: State) -> str:
        key = repr((s.n, s.variant, s.hands, s.hand_no, s.phase, s.cur, s.det, s.vp, s.order,
                    sorted(s.box), sorted(s.discard), s.layout, s.revealed, s.hand, s.p1, s.p2,
                    s.won, s.kept, s.alive, s.inj, s.died, s.power, s.inc, s.queue, s.dice,
                    s.rnd, s.col))
        return hashlib.sha256(key.encode()).hexdigest()[:16]

    # ------------------------------------------------------------ report

    def questions(self, records: Sequence[Any]) -> list[Finding]:
        return questions(records)

    # ------------------------------------------------------------ determinization (search player)
    hidden_information = True

    def information_set(self, s: State, seat: int) -> State:
        """The state as ``seat`` knows it: what it cannot see (the other seats' face-down detective cards
        and hands, their kept incident cards, face-down incidents, the box and the discards) dealt back in
        a fixed order (see ``pnp.sim.engine``)."""
        return self._redeal_hidden(s, seat, None)

    def determinize(self, info: State, seat: int, rng: random.Random) -> State:
        """A full state ``seat`` cannot tell from ``info``: the hidden pieces dealt at random."""
        return self._redeal_hidden(info, seat, rng)

    def _redeal_hidden(self, s: State, seat: int, rng: random.Random | None) -> State:
        c = s.clone()
        n = c.n
        others = [p for p in range(n) if p != seat]
        # incident cards: face-down layout places, the others' kept cards (not shown before the final
        # hand), the box and the discards
        shown = self.visible_layout(s, seat)
        places = [i for i in range(10) if c.layout[i] >= 0 and shown[i] < 0]
        keepers = [] if self._third(s) else [p for p in others if c.kept[p]]
        pool = [c.layout[i] for i in places] + [x for p in keepers for x in c.kept[p]] + c.box + c.discard
        pool.sort()
        if rng is not None:
            rng.shuffle(pool)
        val = self.card_value
        for p in keepers:                     # a 5 is never kept
            row = c.kept[p]
            for k in range(len(row)):
                j = next(j for j, x in enumerate(pool) if val[x] != 5)
                row[k] = pool.pop(j)
        for i in places:
            c.layout[i] = pool.pop()
        nd = len(c.discard)
        c.discard = pool[:nd]
        c.box = sorted(pool[nd:])
        # detective cards: each other seat's face-down placements and hand are one hidden multiset
        ph = c.phase
        resolving = P_CHAL <= ph <= P_TAKE
        for p in others:
            cells: list[tuple[list[int], int]] = []
            if not c.revealed:
                cells += [(c.p1[p], i) for i in range(5) if c.p1[p][i] >= 0]
            if resolving:
                cells += [(c.p2[p], i) for i in range(c.inc + 1, 5) if c.p2[p][i] >= 0]
            elif ph < P_KEEP:
                cells += [(c.p2[p], i) for i in range(5) if c.p2[p][i] >= 0]
            kinds = [row[i] for row, i in cells]
            hand = c.hand[p]
            for k in range(self.n_kinds):
                kinds += [k] * hand[k]
            kinds.sort()
            if rng is not None:
                rng.shuffle(kinds)
            for j, (row, i) in enumerate(cells):
                row[i] = kinds[j]
            counts = [0] * self.n_kinds
            for k in kinds[len(cells):]:
                counts[k] += 1
            c.hand[p] = counts
        return c


VARIANT_IDS = tuple(v.id for v in Terror24Engine.variants)


def make_engine(game: Game) -> Terror24Engine:
    return Terror24Engine(game)


# ---------------------------------------------------------------- heuristic policy

class HeuristicPolicy:
    """Puts high hours on valuable incidents, keeps ヒーロータイム for the second round where no
    rival ヒーロータイム shows, challenges when the expected card gain beats the risk."""

    name = "heuristic"

    def choose(self, o: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        first = legal[0]
        if len(legal) == 1:
            return first
        cls = first.__class__
        if cls is Place:
            return self._place(o, legal, rng)
        if cls is Challenge:
            return self._challenge(o, legal)
        if cls is Take:
            lay = o.layout
            k = o.incident - 1
            v = o.card_value
            return legal[0] if v[lay[2 * k]] >= v[lay[2 * k + 1]] else legal[1]
        if cls is Keep:
            return self._keep(o, legal)
        return legal[int(rng.random() * len(legal))]

    @staticmethod
    def _worth(o: Observation, col: int) -> float:
        v = o.card_value
        a, b = o.layout[2 * col], o.layout[2 * col + 1]
        wa = v[a] if a >= 0 else 3.5
        wb = v[b] if b >= 0 else 3.5
        return wa + 0.5 * wb

    def _place(self, o: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        hero = o.hero_kind
        hours = o.kind_hours
        col = o.column
        cols = range(col, 5)
        worth = {c: self._worth(o, c) for c in cols}
        kinds = [a.kind for a in legal]
        cards: list[int] = []
        for k in kinds:
            cards += [k] * o.hand[k]
        plain = sorted((k for k in cards if k != hero), key=lambda k: -hours[k])
        if o.round == 1:
            order = sorted(cols, key=lambda c: (-worth[c], c))
            r = order.index(col)
            if rng.random() < 0.1:
                r = int(rng.random() * len(plain))
            pick = plain[min(r, len(plain) - 1)] if plain else hero
            return next(a for a in legal if a.kind == pick)
        # second round: every first card is visible
        me = o.seat
        rivals = [i for i in range(o.players) if i != me]

        def rival_best(c: int) -> int:
            return max(hours[o.placed1[i][c]] for i in rivals)

        def rival_ht(c: int) -> bool:
            return any(o.placed1[i][c] == hero for i in rivals)

        if hero in kinds:
            # where hours alone would lose the most; spread so that rivals do not all collide
            free = [c for c in cols if not rival_ht(c)] or list(cols)
            gain = {c: worth[c] * (1.0 if rival_best(c) >= hours[o.placed1[me][c]] else 0.5)
                    for c in free}
            best = max(free, key=lambda c: (gain[c], -c))
            last = col == 4
            if col in free and o.placed1[me][col] != hero and (
                    last or rng.random() < (0.55 if col == best else 0.2 * gain[col] / gain[best])):
                return next(a for a in legal if a.kind == hero)
        # how much each remaining column is worth fighting for
        score = {}
        for c in cols:
            mine = hours[o.placed1[me][c]]
            gap = rival_best(c) + 2 - mine
            contest = 1.0 if gap <= 6 else 0.3
            if o.placed1[me][c] == hero:
                contest = 0.5
            score[c] = worth[c] * contest
        order = sorted(cols, key=lambda c: (-score[c], c))
        r = order.index(col)
        pick = plain[min(r, len(plain) - 1)] if plain else hero
        return next(a for a in legal if a.kind == pick)

    def _challenge(self, o: Observation, legal: Sequence[Any]) -> Any:
        me = o.seat
        k = o.incident - 1
        num = k + 1
        v = o.card_value
        lay = o.layout
        r1 = v[lay[2 * k]] if lay[2 * k] >= 0 else 0
        r2 = v[lay[2 * k + 1]] if lay[2 * k + 1] >= 0 else 0
        hero = o.hero_kind
        part = [i for i in range(o.players) if o.alive[i]]
        hts = [i for i in part if hero in (o.placed1[i][k], o.placed2[i][k])]
        if len(hts) == 1:
            if hts[0] == me:
                return legal[0]
            others = [i for i in part if i not in hts and i != me]
            prizes = (r2,)
        else:
            others = [i for i in part if i != me]
            prizes = (r1, r2)
        theirs = sorted((o.power[i] for i in others), reverse=True)

        def prize(p: float) -> float:
            better = sum(1 for t in theirs if t > p) + 0.5 * sum(1 for t in theirs if t == p)
            idx = better
            if idx < len(prizes):
                lo = int(idx)
                if idx == lo:
                    return prizes[lo]
                hi = prizes[lo + 1] if lo + 1 < len(prizes) else 0
                return (prizes[lo] + hi) / 2
            if idx < len(prizes) + 0.5 and len(prizes):
                return prizes[-1] / 2
            return 0.0

        base = o.power[me]
        mod = 0
        if o.skills:
            d = o.detectives[me]
            if d == ("wolf" if o.notes else "hibachi"):
                mod = 1
        # probability per die face class
        succ = max(0, min(8, 8 - num + mod)) / 8
        great = 1 / 8
        norm = succ - great
        fail = 1 - succ
        death_cost = (5 - num) * 1.6 + 1.0
        if o.halving_ahead:
            death_cost += (o.vp[me] + 3) / 2
        if o.skills and not o.notes and o.detectives[me] == "wolf":
            death_cost -= 2 if (o.halving_ahead and o.variant == "wolf-halved") else 4
        injured = o.injuries[me]
        limit = 3 if (o.skills and not o.notes and o.detectives[me] == "dokaben") else 2
        red_injures = o.skills and o.notes and o.detectives[me] == "dokaben"
        now = prize(base)
        best, best_ev = legal[0], 0.0
        outcomes = {1: [(norm, 1, 0), (great, 2, 0), (fail, 0, 1)],   # (p, bonus, injuries or 9=death)
                    2: [(norm, 2, 0), (great, 3, 0), (fail, 0, 1 if red_injures else 9)]}
        for a in legal[1:]:
            combos = [(1.0, 0, 0)]
            for colour in (1, 2):
                if a.dice & colour:
                    combos = [(p * q, b + bb, i + ii) for p, b, i in combos
                              for q, bb, ii in outcomes[colour]]
            ev = 0.0
            for p, b, i in combos:
                dead = injured + i >= limit
                ev += p * (prize(base + b) - now - (death_cost if dead else 0))
            if ev > best_ev + 0.05:
                best, best_ev = a, ev
        return best

    def _keep(self, o: Observation, legal: Sequence[Any]) -> Any:
        # suits are symmetric for the final hand (peeks, 活躍者, 黒幕 all key on suit only),
        # so any card helps equally; keep the highest number for a stable, readable choice
        v = o.card_value
        return max(legal, key=lambda a: (v[a.card], -a.card))


POLICIES = {"heuristic": HeuristicPolicy}


# ---------------------------------------------------------------- questions

# figures and their Japanese text come from the shared statistics module
_rate = rate
_pct = rate_ja


def questions(records: Sequence[Any]) -> list[Finding]:
    done = [r for r in records if r.result is not None]
    out: list[Finding] = []

    def winner(r) -> int:
        return r.result.winners[0]

    # 1. is the 1st hand dry: how often the hand-1 leader wins
    multi = [r for r in done if r.result.extra.get("hands", 1) >= 2]
    by_hands: dict[int, list] = {}
    for r in multi:
        by_hands.setdefault(r.result.extra["hands"], []).append(r)
    figs: dict[str, Any] = {}
    parts = []
    for h, rs in sorted(by_hands.items()):
        k = sum(1 for r in rs if winner(r) in r.result.extra["hand1_leaders"])
        gaps = sorted(r.result.extra["hand1_gap"] for r in rs)
        rate = _rate(k, len(rs))
        figs[f"hands{h}"] = {"hand1_leader_wins": rate,
                             "hand1_gap_mean": round(sum(gaps) / len(gaps), 2),
                             "hand1_gap_median": gaps[len(gaps) // 2],
                             "hand1_gap_max": gaps[-1]}
        parts.append(f"{h}ハンド戦で1ハンド目終了時の首位（同点含む）が勝ったのは{_pct(rate)}、"
                     f"1ハンド目終了時の1位と2位の差は平均{figs[f'hands{h}']['hand1_gap_mean']}VP")
    out.append(Finding("1ハンド目は無味乾燥か（1ハンド目の首位がそのまま勝つ割合と、1ハンド目後の点差）",
                       "。".join(parts) + "。" if parts else "2ハンド以上の対戦記録がありません。",
                       figs))

    # 2. comebacks with 3 hands vs 2
    figs = {}
    parts = []
    for h, rs in sorted(by_hands.items()):
        k = sum(1 for r in rs if winner(r) not in r.result.extra["hand1_leaders"])
        figs[f"hands{h}"] = _rate(k, len(rs))
        parts.append(f"{h}ハンド戦の逆転（1ハンド目の首位以外が勝つ）は{_pct(figs[f'hands{h}'])}")
    if len(by_hands) < 2:
        parts.append("2ハンド戦と3ハンド戦の比較には、両方の設定で対戦させてください")
    out.append(Finding("3ハンドなら逆転でき、2ハンドではできないか", "。".join(parts) + "。", figs))

    # 3. seat balance
    figs = {}
    parts = []
    for n in (3, 4, 5):
        rs = [r for r in done if r.players == n]
        if not rs:
            continue
        rates = [_rate(sum(1 for r in rs if winner(r) == s), len(rs)) for s in range(n)]
        figs[f"players{n}"] = {"win_by_seat": rates, "fair": round(1 / n, 4)}
        parts.append(f"{n}人: " + "、".join(f"席{s + 1}{'（1VP開始）' if s >= 3 else ''} "
                                            f"{100 * rt['rate']:.1f}%" for s, rt in enumerate(rates))
                     + f"（均等なら{100 / n:.1f}%）")
    out.append(Finding("席順の有利不利（4・5人の後手に1VPを与える開始点は釣り合っているか）",
                       "。".join(parts) + "。" if parts else "データなし。", figs))

    # 4. hero-time clashes
    inc = sum(r.result.extra["incidents"] for r in done)
    ht = sum(r.result.extra["ht_incidents"] for r in done)
    cl = sum(r.result.extra["clashes"] for r in done)
    figs = {"per_incident": _rate(cl, inc), "per_incident_with_hero_time": _rate(cl, ht)}
    out.append(Finding("ヒーロータイムのバッティングはどれくらい起きるか",
                       f"事件の解決{inc}回のうちバッティングは{_pct(figs['per_incident'])}、"
                       f"ヒーロータイムが置かれた事件に限ると{_pct(figs['per_incident_with_hero_time'])}。",
                       figs))

    # 5. challenges by die colour
    figs = {}
    parts = []
    opps = sum(r.result.extra["incidents"] * r.players for r in done)
    for colour, ja in (("green", "緑"), ("red", "赤")):
        tot = {key: sum(r.result.extra["dice"][colour][key] for r in done)
               for key in ("used", "success", "great", "fail", "injuries", "deaths")}
        figs[colour] = {"totals": tot, "success": _rate(tot["success"], tot["used"]),
                        "injury": _rate(tot["injuries"], tot["used"]),
                        "death": _rate(tot["deaths"], tot["used"]),
                        "per_game": round(tot["used"] / len(done), 2) if done else None}
        parts.append(f"{ja}は1ゲーム平均{figs[colour]['per_game']}回振られ、成功{_pct(figs[colour]['success'])}、"
                     f"負傷{_pct(figs[colour]['injury'])}、殉職{_pct(figs[colour]['death'])}")
    figs["seat_incidents"] = opps
    out.append(Finding("チャレンジの利用と、ダイスの色ごとの負傷・殉職の割合", "。".join(parts) + "。", figs))

    # 6. win rate by detective
    figs = {}
    games_by: dict[str, int] = {}
    wins_by: dict[str, int] = {}
    for r in done:
        dets = r.result.extra["detectives"]
        for s, d in enumerate(dets):
            games_by[d] = games_by.get(d, 0) + 1
        w = dets[winner(r)]
        wins_by[w] = wins_by.get(w, 0) + 1
    for d in sorted(games_by):
        figs[d] = _rate(wins_by.get(d, 0), games_by[d])
    exp = (sum(1 / r.players for r in done) / len(done)) if done else 0
    names = DETECTIVE_NAMES
    out.append(Finding("刑事ごとの勝率",
                       "、".join(f"{names.get(d, d)} {_pct(rt)}" for d, rt in figs.items())
                       + f"（参加者数を考えた平均は{100 * exp:.1f}%）。", figs))

    # 7. ties decided by the tie rules
    t_final = sum(1 for r in done if r.result.extra["tie_for_first"])
    t_first = sum(r.result.extra["tie_break_incident_first_card"] for r in done)
    t_order = sum(r.result.extra["tie_break_incident_order"] for r in done)
    figs = {"final": _rate(t_final, len(done)),
            "incident_first_card": _rate(t_first, inc), "incident_order": _rate(t_order, inc)}
    out.append(Finding("同点の決着ルールはどれくらい使われるか",
                       f"最終VPの首位同点をプレイ順で決めたゲームは{_pct(figs['final'])}。"
                       f"事件の順位決定で捜査力が同じになり「1枚目の大きい方」で決まったのは事件あたり"
                       f"{_pct(figs['incident_first_card'])}、さらにプレイ順で決まったのは"
                       f"{_pct(figs['incident_order'])}。", figs))
    return out


def check_components(game) -> list[str]:
    """Invariants of the components the rules rely on (run by ``pnp validate``)."""
    problems: list[str] = []
    detectives = game.deck("detectives")
    for suit in detectives.suits:
        cards = [c for c in detectives.physical_cards() if c.suit is suit]
        hours = sum(int(c.rules.get("hours", 0)) for c in cards if not c.rules.get("hero"))
        heroes = sum(1 for c in cards if c.rules.get("hero"))
        if hours != 24:
            problems.append(f"{detectives.file}: {suit.name} の捜査時間の合計が {hours} 時間です（24 時間のはず）")
        if heroes != 1:
            problems.append(f"{detectives.file}: {suit.name} のヒーロータイムが {heroes} 枚です（1 枚のはず）")
        if len(cards) != 10:
            problems.append(f"{detectives.file}: {suit.name} のカードが {len(cards)} 枚です（10 枚のはず）")
    incidents = game.deck("incidents")
    for suit in incidents.suits:
        values = sorted(int(c.value) for c in incidents.physical_cards() if c.suit is suit)
        if values != [2, 3, 4, 5]:
            problems.append(f"{incidents.file}: {suit.name} の得点が {values} です（2〜5 が 1 枚ずつのはず）")
    return problems
