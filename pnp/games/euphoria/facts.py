"""ユーフォリア: the fixed facts the rules use: the rulings, the deck's id, and the 煩悩カード read from the
loaded model once (:class:`Facts`, built by :func:`facts_from`), with every move of each card made once."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...data.model import Game
from ...errors import PnpError
from ...messages import msg
from .actions import CHANT, NO_CARD, SAIL, SET_ASIDE, Move, MoveKind

ENGINE_VERSION = "euphoria-2"   # 2: keyed chance streams (common random numbers)

# The rulings this engine plays, by id; their text (and the designer's ledger) is in
# components/euphoria/rulings.yaml, which the rulebook prints.
RULING_IDS: tuple[str, ...] = (
    "deal", "deal_size", "hidden", "rounds", "first_parent", "turn_order", "first_sailor", "follow", "sail_lock",
    "must_sail_once", "no_card", "table", "new_parent", "new_parent_tie", "all_chant", "all_chant_parent", "end", "never_all_out",
    "special_win", "toku_win", "tie", "ranks",
)

DECK_ID = "kleshas"


@dataclass(frozen=True, eq=False)
class Facts:
    """The 煩悩カード by index: id, suit index, number, printed name; and each card's moves, made once."""

    card_ids: tuple[str, ...]
    suit_of: tuple[int, ...]
    value_of: tuple[int, ...]
    suit_names: tuple[str, ...]
    card_names: tuple[str, ...]
    moves: dict[MoveKind, tuple[Move, ...]] = field(init=False)
    drown: Move = field(init=False)       # 渡海 with no card to play: the player is out
    all_cards: list[int] = field(init=False)

    def __post_init__(self) -> None:
        names = self.card_names
        n = len(self.card_ids)
        object.__setattr__(self, "moves", {
            # the set-aside card is face down: the label (what the table sees) does not name it
            SET_ASIDE: tuple(Move(SET_ASIDE, i, "手札から1枚を伏せ札にする") for i in range(n)),
            CHANT: tuple(Move(CHANT, i, f"読経：「{names[i]}」を【徳】にする") for i in range(n)),
            SAIL: tuple(Move(SAIL, i, f"渡海：「{names[i]}」を出す") for i in range(n)),
        })
        object.__setattr__(self, "drown", Move(SAIL, NO_CARD, "渡海：出せるカードがなく脱落"))
        object.__setattr__(self, "all_cards", list(range(n)))

    @property
    def n_cards(self) -> int:
        return len(self.card_ids)


def facts_from(game: Game) -> Facts:
    """The deck's facts; a deck the rules cannot play (not 40 cards of a suit and a number 1–8) is an error."""
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
    rows = [(c.id, suits.index(c.suit.id), c.value, f"{c.suit.name}の{c.value}")
            for c in cards if c.suit is not None and isinstance(c.value, int)]
    return Facts(tuple(f[0] for f in rows), tuple(f[1] for f in rows), tuple(f[2] for f in rows),
                 tuple(s.name for s in deck.suits), tuple(f[3] for f in rows))
