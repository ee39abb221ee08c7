"""The fixed facts of 24 −共鳴するテロル−: ids and table sizes, and what the rules read from the loaded model
once (:class:`Facts`, built by :func:`facts_from`): the incident cards, the detectives' card kinds, the
skills' seats."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...data.model import Game
from ...messages import msg
from .actions import Keep, Pick, Place
from .questions import LABELS_JA

GAME_ID = "terror24"
ENGINE_VERSION = "4"           # 4: keyed chance streams (common random numbers)

# The rulings this engine plays, by id; their text (and the designer's ledger) is in
# components/terror24/rulings.yaml, which the rulebook prints.
RULING_IDS: tuple[str, ...] = (
    "skill-list", "hidden-column", "unused-incidents", "deck-rebuild", "second-card-reveal", "both-dice",
    "great-success", "challenge-order", "death-timing", "death-risk", "hero-number", "no-second", "keep-this-hand",
    "keep-secret", "halving", "play-order-ties", "skills-from-hand-2", "wolf-timing", "scotch-clash",
    "dokaben-red", "lloyd-peek", "two-hands", "one-hand", "final-peek", "final-peek-secret", "bonus-cards",
    "notes-scotch", "notes-hibachi", "notes-dokaben",
)

# stats indices: [green, red] x [used, success, great, fail, injury, death]
ST_USED, ST_SUCC, ST_GREAT, ST_FAIL, ST_INJ, ST_DEATH = range(6)
# then the last hand by incident (the death-risk question is about its 5th incident): dice rolled
# [green × 5 incidents, red × 5] from ST_LAST_DICE, deaths × 5 incidents from ST_LAST_DEATHS
ST_LAST_DICE, ST_LAST_DEATHS, ST_SIZE = 12, 22, 27

SKILLED = ("scotch", "wolf", "hibachi", "lloyd", "dokaben")     # the detectives whose skills the rules name


@dataclass(frozen=True, eq=False)
class Facts:
    """What the rules read from the data, once.  Incident cards and detectives are indices into these
    tuples; a detective's card kinds are (ヒーロータイム or hours) in one order shared by every detective."""

    score_track: tuple[int, int] | None     # the printed score track (a part of kind track), if any
    card_ids: tuple[str, ...]               # incident index → card id
    card_names: tuple[str, ...]             # incident index → title and number
    suit_ids: tuple[str, ...]
    card_suit: tuple[int, ...]              # incident index → suit index
    card_value: tuple[int, ...]             # incident index → number (VP)
    det_ids: tuple[str, ...]
    det_names: tuple[str, ...]
    hero: int                               # the card kind that is ヒーロータイム
    kind_hours: tuple[int, ...]             # card kind → hours (ヒーロータイム = 0)
    kind_counts: tuple[int, ...]            # card kind → cards of it in each detective's set
    det_card_ids: tuple[tuple[str, ...], ...]   # detective → card kind → card id (the validator's conservation)
    places: tuple[Place, ...]               # card kind → its placement
    picks: tuple[Pick, ...]                 # detective → picking him
    keeps: tuple[Keep, ...]                 # incident index → keeping it
    sk: dict[str, int]                      # skilled detective id → detective index (-9 when not in the data)
    labels_ja: dict[str, str]
    # a detective's hand takes a few hundred shapes at most: each shape's placements, built once
    place_lists: dict[tuple[int, ...], tuple[Place, ...]] = field(default_factory=dict, compare=False)

    @property
    def n_cards(self) -> int:
        return len(self.card_ids)

    @property
    def n_kinds(self) -> int:
        return len(self.kind_hours)

    @property
    def detective_names(self) -> dict[str, str]:
        return dict(zip(self.det_ids, self.det_names))


def _card_kinds(game: Game) -> tuple[list[tuple[bool, int]], list[int]]:
    """The (hero, hours) kinds of a detective's cards in a canonical order, and how many of each: the same
    for every detective (else the data is wrong)."""
    det = game.deck("detectives")
    kinds: list[tuple[bool, int]] | None = None
    counts: list[int] | None = None
    for d in (s.id for s in det.suits):
        mine: dict[tuple[bool, int], int] = {}
        for c in det.cards:
            if c.suit and c.suit.id == d:
                key = (bool(c.rules.get("hero")), int(c.rules["hours"]))
                mine[key] = mine.get(key, 0) + c.count
        ks = sorted(mine)
        if kinds is None:
            kinds, counts = ks, [mine[k] for k in ks]
        elif ks != kinds or [mine[k] for k in ks] != counts:
            raise ValueError(msg("terror24.detective_cards_differ", detective=d))
    assert kinds is not None and counts is not None
    heroes = [i for i, k in enumerate(kinds) if k[0]]
    if len(heroes) != 1 or counts[heroes[0]] != 1:
        raise ValueError(msg("terror24.one_hero_time"))
    return kinds, counts


def facts_from(game: Game) -> Facts:
    inc = game.deck("incidents")
    det = game.deck("detectives")
    tracks = [p for p in game.parts if getattr(p, "kind", "") == "track"]
    cards = inc.physical_cards()
    suit_ids = tuple(s.id for s in inc.suits)
    det_ids = tuple(s.id for s in det.suits)
    det_names = tuple(s.name for s in det.suits)
    card_names = tuple(f"{c.title}{c.value}" for c in cards)
    kinds, counts = _card_kinds(game)
    return Facts(
        score_track=(min(tracks[0].values()), max(tracks[0].values())) if tracks else None,
        card_ids=tuple(c.id for c in cards),
        card_names=card_names,
        suit_ids=suit_ids,
        card_suit=tuple(suit_ids.index(c.suit.id) for c in cards),  # type: ignore[union-attr]
        card_value=tuple(int(c.value) for c in cards),  # type: ignore[arg-type]  # checked by check_components
        det_ids=det_ids,
        det_names=det_names,
        hero=next(i for i, k in enumerate(kinds) if k[0]),
        kind_hours=tuple(0 if k[0] else k[1] for k in kinds),
        kind_counts=tuple(counts),
        det_card_ids=tuple(
            tuple(next(c.id for c in det.cards if c.suit and c.suit.id == d
                       and (bool(c.rules.get("hero")), int(c.rules["hours"])) == kinds[k])
                  for k in range(len(kinds)))
            for d in det_ids),
        places=tuple(Place(i, "ヒーロータイム" if kinds[i][0] else f"{kinds[i][1]}時間") for i in range(len(kinds))),
        picks=tuple(Pick(d, n) for d, n in zip(det_ids, det_names)),
        keeps=tuple(Keep(i, card_names[i]) for i in range(len(cards))),
        sk={name: (det_ids.index(name) if name in det_ids else -9) for name in SKILLED},
        labels_ja=dict(LABELS_JA, **dict(zip(det_ids, det_names))),
    )
