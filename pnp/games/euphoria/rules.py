"""ユーフォリア: the rules engine proper (set-up, stepping, scores, views, invariants).

The rules are the draft's rules part (``■ 概要 補陀落渡海しよう！`` to the end); where the draft is
silent the engine follows the rulings in ``components/euphoria/rulings.yaml`` (``RULING_IDS``).
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from typing import Any

from ...data.model import Game
from ...errors import PnpError
from ...messages import msg
from ...sim.engine import CHANCE, TERMINAL, IllegalAction, InvariantError, OptionSpec, Result, Variant
from .facts import (
    _KINDS_BY_NAME,
    CHANT,
    DEAL,
    DECK_ID,
    ENGINE_VERSION,
    LABELS_JA,
    NO_CARD,
    OVER,
    PLAY,
    POLICY_NOTES,
    RULING_IDS,
    SAIL,
    SET_ASIDE,
    SETUP,
    Deal,
    Move,
)
from .policies import BeginnerPolicy, DaringPolicy, HeuristicPolicy
from .state import Observation, State


class EuphoriaRules:
    """The rules: set-up, stepping, scores, views and invariants (see the package docstring)."""

    game_id = "euphoria"
    version = ENGINE_VERSION
    min_players = 3
    max_players = 5
    variants = (
        Variant("standard", "標準", "伏せ札は生き残れば【徳】に加える。"),
        Variant("hidden_removed", "伏せ札なし得点", "伏せ札は得点にならず、ゲームから取り除くだけ。"),
    )
    options = (
        OptionSpec("round_minimum_cap", "ラウンド数による下限の上限（0は上限なし）", (0, 8, 6, 4), 0),
        # ruling deal: 「全プレイヤーに等枚数配って」 (0: the whole deck shared out) against the notes'
        # 「５人なら８枚配り、４人なら１０枚配る？」 read as a hand of at most 10 (or 8) cards at every count
        OptionSpec("deal", "配る枚数の上限（0は40枚を等分）", (0, 10, 8), 0),
        # ruling deal: the cards left out of the deal stay face down in the box, or are shown to everyone
        OptionSpec("spare", "配らずに余ったカード（box: 伏せて箱へ、open: 表向きで全員に見せる）", ("box", "open"), "box"),
        # ruling all_chant_parent: 「全プレイヤーが読経していたら、左隣のプレイヤーに親番を移してください」
        # against the 親 keeping his seat (the notes: 「最初にパスするとほぼ回ってこない」)
        OptionSpec("all_chant", "全員が読経したラウンドの後の親（left: 左隣へ、stay: 移さない）", ("left", "stay"), "left"),
    )
    max_steps = 1 + 5 + 13 * 5
    # the card facts, read from the deck (see ``_set_facts``)
    card_ids: tuple[str, ...]
    suit_of: tuple[int, ...]
    value_of: tuple[int, ...]
    suit_names: tuple[str, ...]
    card_names: tuple[str, ...]
    n_cards: int
    _moves: dict[int, tuple[Move, ...]]
    _drown: Move
    _all_cards: list[int]
    _chant_of: Callable[[int], Move]
    _sail_of: Callable[[int], Move]
    policies: dict[str, type[HeuristicPolicy] | type[BeginnerPolicy]]
    default_policy = "heuristic"
    second_policy = "daring"     # the report replays its seeds with it: do the figures depend on who plays?
    score_track = None
    ruling_ids = RULING_IDS
    policy_notes = POLICY_NOTES
    # the report's skill ladder: the search is cheap here (mcts:16 ≈ 50 heuristic games), so it climbs further
    skill_ladder = (1, 2, 4, 8, 16)
    # per-seat facts that follow the strength of a hand, not a choice: their charts are descriptive
    descriptive_facts = {
        "hidden_value": "伏せ札の数字は配られた手札の強さと一緒に動くので、伏せ札の数字を変えれば勝てるという意味ではありません。",
        "first_sail_round": "早く渡海できるのは強い手札を配られた人なので、早く渡海すれば勝てるという意味ではありません。",
    }
    labels_ja = LABELS_JA
    # the draft leaves open what the set-aside card is for (ruling ``hidden``): the report plays both
    report_comparisons: tuple[dict[str, Any], ...] = (
        {"name_ja": "伏せ札を得点にしない（伏せ札なし得点）", "variant": "hidden_removed", "a_ja": "いまのルール",
         "b_ja": "伏せ札なし得点"},
        # ruling deal: the notes' 8- and 10-card hands (3 players: 10 or 8 cards instead of 13; 4: 8 instead of 10)
        {"name_ja": "手札は最大10枚（3人でも10枚配る）", "options": {"deal": 10}, "a_ja": "いまのルール",
         "b_ja": "手札は最大10枚"},
        {"name_ja": "手札は全員8枚（5人と同じ枚数）", "options": {"deal": 8}, "a_ja": "いまのルール",
         "b_ja": "手札は全員8枚"},
        {"name_ja": "配らずに余ったカードを表向きにする", "options": {"spare": "open"}, "a_ja": "いまのルール",
         "b_ja": "余ったカードを表向き"},
        {"name_ja": "全員が読経しても親を移さない", "options": {"all_chant": "stay"}, "a_ja": "いまのルール",
         "b_ja": "親を移さない"},
    )

    def __init__(self, game: Game):
        try:
            deck = game.deck(DECK_ID)
        except KeyError:
            raise PnpError(msg("euphoria.needs_deck", game=game.id, deck=DECK_ID)) from None
        cards = deck.physical_cards()
        suits = [s.id for s in deck.suits]
        problems = []
        if len(cards) != 40:
            problems.append(f"{deck.file}: " + msg("euphoria.deck_size", count=len(cards)))
        for c in cards:
            if c.suit is None or not isinstance(c.value, int) or not 1 <= c.value <= 8:
                problems.append(f"{c.where.file}:{c.where.line}: " + msg("euphoria.card_suit_value", card=c.id))
        if problems:
            raise PnpError("\n".join(problems))
        facts = [(c.id, suits.index(c.suit.id), c.value, f"{c.suit.name}の{c.value}")
                 for c in cards if c.suit is not None and isinstance(c.value, int)]
        self._set_facts(tuple(f[0] for f in facts), tuple(f[1] for f in facts), tuple(f[2] for f in facts),
                        tuple(s.name for s in deck.suits), tuple(f[3] for f in facts))

    def _set_facts(self, card_ids: tuple[str, ...], suit_of: tuple[int, ...], value_of: tuple[int, ...],
                   suit_names: tuple[str, ...], card_names: tuple[str, ...]) -> None:
        """The fixed facts and everything derived from them (also how an unpickled engine is rebuilt)."""
        self.card_ids, self.suit_of, self.value_of = card_ids, suit_of, value_of
        self.suit_names, self.card_names = suit_names, card_names
        self.n_cards = len(card_ids)
        self._all_cards = list(range(self.n_cards))
        names = card_names
        self._moves = {
            # the set-aside card is face down: the label (what the table sees) does not name it
            SET_ASIDE: tuple(Move(SET_ASIDE, i, "手札から1枚を伏せ札にする") for i in range(self.n_cards)),
            CHANT: tuple(Move(CHANT, i, f"読経：「{names[i]}」を【徳】にする") for i in range(self.n_cards)),
            SAIL: tuple(Move(SAIL, i, f"渡海：「{names[i]}」を出す") for i in range(self.n_cards)),
        }
        self._drown = Move(SAIL, NO_CARD, "渡海：出せるカードがなく脱落")
        self._chant_of = self._moves[CHANT].__getitem__
        self._sail_of = self._moves[SAIL].__getitem__
        self.policies = {"heuristic": HeuristicPolicy, "daring": DaringPolicy, "beginner": BeginnerPolicy}

    # ------------------------------------------------------------------ set-up
    def new_state(self, players: int, variant: str = "standard", options: Mapping[str, Any] | None = None) -> State:
        if not self.min_players <= players <= self.max_players:
            raise PnpError(msg("euphoria.players", low=self.min_players, high=self.max_players, players=players))
        if variant not in {v.id for v in self.variants}:
            raise PnpError(msg("euphoria.unknown_variant", variant=variant, variants=", ".join(v.id for v in self.variants)))
        opts = dict(options or {})
        unknown = set(opts) - {o.id for o in self.options}
        if unknown:
            raise PnpError(msg("euphoria.unknown_options", unknown=", ".join(sorted(unknown)),
                               options=", ".join(o.id for o in self.options)))
        cap = int(opts.get("round_minimum_cap", 0))
        if cap not in self.options[0].choices:
            raise PnpError(msg("euphoria.option_choice", option="round_minimum_cap",
                               choices=", ".join(map(str, self.options[0].choices)), value=cap))
        for spec in self.options[1:]:
            if opts.get(spec.id, spec.default) not in spec.choices:
                raise PnpError(msg("euphoria.option_choice", option=spec.id, choices=", ".join(map(str, spec.choices)),
                                   value=opts[spec.id]))
        most = int(opts.get("deal", 0))
        s = State()
        s.n = players
        s.hidden_scores = variant == "standard"
        s.cap = cap
        # 「等枚数」 always; option deal caps the hand at 10 or 8 cards (the rest stay out of the game)
        s.deal_k = min(self.n_cards // players, most) if most else self.n_cards // players
        s.spare_open = opts.get("spare", "box") == "open"
        s.chant_stay = opts.get("all_chant", "left") == "stay"
        s.phase = DEAL
        s.hand_size = s.deal_k - 1
        s.hands = [[] for _ in range(players)]
        s.hidden = [NO_CARD] * players
        s.removed = []
        s.toku = [[] for _ in range(players)]
        s.discard = []
        s.table_seats = []
        s.table_cards = []
        s.parent = 0
        s.round = 0
        s.order = []
        s.pos = 0
        s.sailed = [False] * players
        s.chanted = [False] * players
        s.out = [False] * players
        s.elim_round = [0] * players
        s.first_sail = [0] * players
        s.mu = -1
        s.high = 0
        s.parents = []
        s.round_scores = []
        s.end_reason = ""
        s.alive = players
        return s

    # ------------------------------------------------------------------ stepping
    def to_move(self, s: State) -> int:
        ph = s.phase
        if ph == PLAY:
            return s.order[s.pos]
        if ph == SETUP:
            return s.pos
        if ph == DEAL:
            return CHANCE
        return TERMINAL

    def minimum(self, s: State) -> int:
        return min(s.round, s.cap) if s.cap else s.round

    def legal_actions(self, s: State) -> list[Move]:
        if s.phase == PLAY:
            seat = s.order[s.pos]
            hand = s.hands[seat]
            mu = s.mu
            if mu < 0:                        # the first sailor of the round may play any card
                sails = list(map(self._sail_of, hand))
            else:
                suit_of, value_of, sail = self.suit_of, self.value_of, self._moves[SAIL]
                floor = max(s.high + 1, min(s.round, s.cap) if s.cap else s.round)
                sails = [sail[c] for c in hand if suit_of[c] == mu or value_of[c] >= floor]
            if s.sailed[seat] or len(hand) == 1:
                return sails or [self._drown]
            chants = list(map(self._chant_of, hand))
            chants += sails
            return chants
        if s.phase == SETUP:
            return list(map(self._moves[SET_ASIDE].__getitem__, s.hands[s.pos]))
        return []

    def chance_key(self, s: State) -> str:
        """Common random numbers: the game's one chance step is the deal."""
        return "deal"

    def decision_key(self, s: State) -> int:
        return s.round

    def sample_chance(self, s: State, rng: random.Random) -> Deal:
        order = list(range(self.n_cards))
        rng.shuffle(order)
        return Deal(tuple(order))

    def apply(self, s: State, a: Any) -> None:
        # the main phase first: it is nearly every step of a game (the simulator's hot path)
        if s.phase == PLAY:
            seat = s.order[s.pos]
            card = a.card
            if a.kind == CHANT:
                s.hands[seat].remove(card)
                s.toku[seat].append(card)
                s.chanted[seat] = True
            else:
                if not s.sailed[seat]:
                    s.sailed[seat] = True
                    s.first_sail[seat] = s.round
                if card == NO_CARD:
                    s.out[seat] = True
                    s.elim_round[seat] = s.round
                    s.alive -= 1
                    if s.alive == 1:
                        self._finish(s, "last_survivor")
                        return
                else:
                    s.hands[seat].remove(card)
                    s.table_seats.append(seat)
                    s.table_cards.append(card)
                    suit = self.suit_of[card]
                    if s.mu < 0:
                        s.mu = suit
                    elif suit != s.mu:
                        v = self.value_of[card]
                        if v > s.high:
                            s.high = v
            s.pos += 1
            if s.pos == len(s.order):
                self._end_round(s)
        elif s.phase == SETUP:
            seat = s.pos
            s.hands[seat].remove(a.card)
            s.hidden[seat] = a.card
            s.pos += 1
            if s.pos == s.n:
                s.phase = PLAY
                self._start_round(s, 0)
        elif s.phase == DEAL:
            order = a.order
            if sorted(order) != self._all_cards:
                raise IllegalAction(msg("euphoria.deal_not_shuffle"))
            k = s.deal_k
            for seat in range(s.n):
                s.hands[seat] = sorted(order[seat * k:(seat + 1) * k])
            s.removed = sorted(order[k * s.n:])
            s.phase = SETUP
            s.pos = 0
        else:
            raise IllegalAction(msg("euphoria.game_over"))

    def _end_round(self, s: State) -> None:
        cards = s.table_cards
        if cards:
            # the new 親: the lowest number whatever the suit; on a tie the earlier player
            value_of = self.value_of
            best, low = 0, value_of[cards[0]]
            for i in range(1, len(cards)):
                if value_of[cards[i]] < low:
                    best, low = i, value_of[cards[i]]
            new_parent = s.table_seats[best]
            s.discard.extend(cards)
            s.table_cards = []
            s.table_seats = []
        elif s.chant_stay:
            new_parent = s.parent          # option all_chant=stay: the 親 keeps his seat
        else:
            new_parent = self._next_alive(s, s.parent)
        s.round_scores.append(self.standing(s))
        out, hands = s.out, s.hands
        for p in range(s.n):
            if not out[p] and hands[p]:
                break
        else:
            self._finish(s, "hands_exhausted")
            return
        self._start_round(s, new_parent)

    def _next_alive(self, s: State, seat: int) -> int:
        for k in range(1, s.n + 1):
            p = (seat + k) % s.n
            if not s.out[p]:
                return p
        return seat

    def _start_round(self, s: State, parent: int) -> None:
        s.round += 1
        s.parent = parent
        s.parents.append(parent)
        n, out = s.n, s.out
        s.order = [p % n for p in range(parent, parent + n) if not out[p % n]]
        s.pos = 0
        s.mu = -1
        s.high = 0

    def _finish(self, s: State, reason: str) -> None:
        s.phase = OVER
        s.end_reason = reason
        if s.table_cards:
            s.discard.extend(s.table_cards)
            s.table_cards = []
            s.table_seats = []
        if len(s.round_scores) < s.round:
            s.round_scores.append(self.standing(s))

    # ------------------------------------------------------------------ scores
    def toku_total(self, s: State, seat: int, with_hidden: bool = True) -> int:
        v = self.value_of
        total: int = sum(map(v.__getitem__, s.toku[seat]))
        if with_hidden and s.hidden_scores and not s.out[seat] and s.hidden[seat] >= 0:
            total += v[s.hidden[seat]]
        return total

    def standing(self, s: State) -> tuple[float, ...]:
        """Each seat's 【徳】 so far (with the set-aside card when it counts); -1 for a player who is out."""
        value = self.value_of.__getitem__
        counted = s.hidden_scores
        out, toku, hidden = s.out, s.toku, s.hidden
        return tuple([-1.0 if out[p] else
                      float(sum(map(value, toku[p])) + (value(hidden[p]) if counted and hidden[p] >= 0 else 0))
                      for p in range(s.n)])

    def progress(self, s: State) -> tuple[int, tuple[float, ...]]:
        return s.round, self.standing(s)

    def score_history(self, s: State) -> tuple[tuple[float, ...], ...]:
        return tuple(s.round_scores)

    def _final_order(self, s: State) -> list[int]:
        return list(range(s.parent, s.n)) + list(range(s.parent))

    def result(self, s: State) -> Result:
        if s.phase != OVER:
            raise IllegalAction(msg("euphoria.game_not_over"))
        n = s.n
        turn = {p: i for i, p in enumerate(self._final_order(s))}
        scores = tuple(float(self.toku_total(s, p)) for p in range(n))
        special = [not s.out[p] and not s.chanted[p] for p in range(n)]

        def key(p: int) -> tuple[int, int, int, float, int]:
            if s.out[p]:
                return (1, 0, -s.elim_round[p], -scores[p], turn[p])
            if s.end_reason == "last_survivor":
                return (0, 0, 0, 0, turn[p])
            if special[p]:
                # 「いずれの場合も、複数いたら最終ラウンドで手番順の早かった方を優先」: among players who
                # never chanted only the last round's turn order counts, never the set-aside card
                return (0, 0, 0, 0, turn[p])
            return (0, 1, 0, -scores[p], turn[p])

        ranking = sorted(range(n), key=key)
        ranks = [0] * n
        for r, p in enumerate(ranking, 1):
            ranks[p] = r
        winner = ranking[0]
        if s.end_reason == "last_survivor":
            reason, reason_ja = "last_survivor", "生き残りが1人になった"
        elif special[winner]:
            reason, reason_ja = "special_win", "一度も読経せずに生き残った（出し切り勝利）"
        else:
            reason, reason_ja = "toku", "【徳】の合計で決着"
        extra = {
            "first_parent": s.parents[0] if s.parents else 0,
            "parents": list(s.parents),
            "eliminated": list(s.out),
            "elimination_round": [s.elim_round[p] or None for p in range(n)],
            "never_chanted": [not c for c in s.chanted],
            # won without ever chanting: by the special win, or as the lone survivor who never chanted
            # (played on to the end he could only sail, and would win by the same rule)
            "special_winner": special[winner],
            "rounds_planned": s.hand_size,
            "per_seat": {
                "first_sail_round": [s.first_sail[p] or None for p in range(n)],
                "hidden_value": [self.value_of[s.hidden[p]] if s.hidden[p] >= 0 else None for p in range(n)],
            },
        }
        return Result(scores=scores, ranks=tuple(ranks), end_reason=reason, end_reason_ja=reason_ja, extra=extra)

    # ------------------------------------------------------------------ views
    def observe(self, s: State, seat: int) -> Observation:
        setup = s.phase <= SETUP
        return Observation(
            seat=seat, players=s.n, hand=tuple(s.hands[seat]), hidden=s.hidden[seat], round=s.round,
            rounds_total=s.hand_size, parent=s.parent, order=tuple(s.order),
            pos=s.order.index(seat) if (s.phase == PLAY and seat in s.order) else -1,
            table=tuple(zip(s.table_seats, s.table_cards)), mu=s.mu, high=s.high,
            minimum=self.minimum(s), toku=tuple(tuple(t) for t in s.toku), discard=tuple(s.discard),
            hand_counts=tuple(len(h) for h in s.hands), sailed=tuple(s.sailed), chanted=tuple(s.chanted),
            out=tuple(s.out), suit_of=self.suit_of, value_of=self.value_of, setup=setup,
            spare=tuple(s.removed) if s.spare_open else ())

    def state_hash(self, s: State) -> str:
        parts: tuple[Any, ...] = (s.n, s.hidden_scores, s.cap, s.phase, s.hands, s.hidden, s.removed, s.toku, s.discard,
                 s.table_seats, s.table_cards, s.parent, s.round, s.order, s.pos, s.sailed, s.chanted, s.out,
                 s.elim_round, s.first_sail, s.mu, s.high, s.parents, s.round_scores, s.end_reason)
        if s.deal_k != self.n_cards // s.n or s.spare_open or s.chant_stay:
            # the options deal / spare / all_chant, only when set (the standard rules' logs keep their hashes)
            parts += (s.deal_k, s.spare_open, s.chant_stay)
        return hashlib.sha256(repr(parts).encode()).hexdigest()

    def action_from_json(self, data: Any) -> Move | Deal:
        try:
            if "deal" in data:
                return Deal(tuple(int(x) for x in data["deal"]))
            kind = _KINDS_BY_NAME[data["move"]]
            card = int(data["card"])
        except (KeyError, TypeError, ValueError):
            raise IllegalAction(msg("euphoria.not_an_action", data=data)) from None
        if card == NO_CARD and kind == SAIL:
            return self._drown
        if not 0 <= card < self.n_cards:
            raise IllegalAction(msg("euphoria.no_card_number", card=card))
        return self._moves[kind][card]

    # ------------------------------------------------------------------ invariants
    def check_invariants(self, s: State) -> None:
        seen = []
        for h in s.hands:
            seen.extend(h)
        for t in s.toku:
            seen.extend(t)
        seen.extend(c for c in s.hidden if c >= 0)
        seen.extend(s.removed)
        seen.extend(s.discard)
        seen.extend(s.table_cards)
        if s.phase != DEAL and sorted(seen) != list(range(self.n_cards)):
            raise InvariantError(msg("euphoria.cards_not_conserved", count=len(seen), cards=sorted(seen)))
        if s.phase == DEAL:
            if seen:
                raise InvariantError(msg("euphoria.cards_before_deal"))
            return
        k = s.deal_k
        if len(s.removed) != self.n_cards - k * s.n:
            raise InvariantError(msg("euphoria.unused_count"))
        if s.alive != s.n - sum(s.out) or s.alive < 1:
            raise InvariantError(msg("euphoria.alive_count", alive=s.alive, out=s.out))
        if s.phase in (PLAY, OVER):
            if any(c < 0 for c in s.hidden):
                raise InvariantError(msg("euphoria.no_hidden_card"))
            if len(s.parents) != s.round or s.out[s.parent]:
                raise InvariantError(msg("euphoria.parent_wrong"))
            for p in range(s.n):
                if s.chanted[p] != bool(s.toku[p]):
                    raise InvariantError(msg("euphoria.chanted_flag", seat=p))
                if s.sailed[p] and s.first_sail[p] == 0:
                    raise InvariantError(msg("euphoria.first_sail_missing", seat=p))
                if s.out[p] and not s.sailed[p]:
                    raise InvariantError(msg("euphoria.out_without_sailing", seat=p))
                if not s.out[p] and s.first_sail[p]:
                    # once sailing, a player never chants again: every card after the first sail is sailed
                    pass
        if s.phase == PLAY:
            # every player still in the game has used one card per finished round, plus this round's turn
            for i, p in enumerate(s.order):
                if s.out[p]:
                    continue
                used = s.round - 1 + (1 if i < s.pos else 0)
                if len(s.hands[p]) != s.hand_size - used:
                    raise InvariantError(msg("euphoria.hand_size", seat=p, count=len(s.hands[p]), round=s.round,
                                             expected=s.hand_size - used))
            if s.table_cards:
                if s.mu != self.suit_of[s.table_cards[0]]:
                    raise InvariantError(msg("euphoria.mu_suit"))
                others = [self.value_of[c] for c in s.table_cards if self.suit_of[c] != s.mu]
                if s.high != max(others, default=0):
                    raise InvariantError(msg("euphoria.high_wrong"))
                prev = 0
                for c in s.table_cards[1:]:
                    if self.suit_of[c] != s.mu:
                        if self.value_of[c] <= prev or self.value_of[c] < self.minimum(s):
                            raise InvariantError(msg("euphoria.played_against_rules", card=self.card_names[c]))
                        prev = self.value_of[c]
            elif s.mu >= 0:
                raise InvariantError(msg("euphoria.mu_on_empty_table"))
        if s.phase == OVER and s.end_reason == "hands_exhausted":
            if any(s.hands[p] for p in range(s.n) if not s.out[p]):
                raise InvariantError(msg("euphoria.ended_with_cards"))


def check_components(game: Game) -> list[str]:
    """The 煩悩カード are five suits, each with every number 1–8 exactly once (run by pnp validate)."""
    deck = game.deck("kleshas")
    problems = []
    if len(deck.suits) != 5:
        problems.append(f"{deck.file}: " + msg("euphoria.suit_count", count=len(deck.suits)))
    for suit in deck.suits:
        values = sorted(int(c.value or 0) for c in deck.physical_cards() if c.suit is suit)
        if values != list(range(1, 9)):
            problems.append(f"{deck.file}: " + msg("euphoria.suit_values", suit=suit.name, values=values))
    return problems
