"""What the rules of 24 read from the data once (cards, detectives' card kinds, skills), and the small
questions every part of the rules asks of a state (skills in play, the third hand's rules)."""
from __future__ import annotations

from ...data.model import Game
from ...messages import msg
from .facts import DETECTIVE_NAMES, Keep, Pick, Place
from .questions import LABELS_JA
from .state import State


class Terror24Tables:
    def __init__(self, game: Game):
        inc = game.deck("incidents")
        det = game.deck("detectives")
        DETECTIVE_NAMES.update({s.id: s.name for s in det.suits})
        self.labels_ja = dict(LABELS_JA, **{s.id: s.name for s in det.suits})
        # the printed score track (a part of kind track), so reports tell how many games fit on it
        tracks = [p for p in game.parts if getattr(p, "kind", "") == "track"]
        self.score_track = (min(tracks[0].values()), max(tracks[0].values())) if tracks else None
        cards = inc.physical_cards()
        self.card_ids = tuple(c.id for c in cards)
        self.card_names = tuple(f"{c.title}{c.value}" for c in cards)
        self.suit_ids = tuple(s.id for s in inc.suits)
        self.card_suit = tuple(self.suit_ids.index(c.suit.id) for c in cards)  # type: ignore[union-attr]
        self.card_value = tuple(int(c.value) for c in cards)  # type: ignore[arg-type]  # checked by check_components
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
                raise ValueError(msg("terror24.detective_cards_differ", detective=d))
        assert kinds is not None and counts is not None
        heroes = [i for i, k in enumerate(kinds) if k[0]]
        if len(heroes) != 1 or counts[heroes[0]] != 1:
            raise ValueError(msg("terror24.one_hero_time"))
        self.hero = heroes[0]
        self.kind_hours = tuple(0 if k[0] else k[1] for k in kinds)
        self.kind_counts = tuple(counts)
        self.n_kinds = len(kinds)
        # detective -> card kind -> the card's id (for the validator's card conservation)
        self.det_card_ids = tuple(
            tuple(next(c.id for c in det.cards if c.suit and c.suit.id == d
                       and (bool(c.rules.get("hero")), int(c.rules["hours"])) == kinds[k])
                  for k in range(len(kinds)))
            for d in self.det_ids)
        self.places = tuple(Place(i, "ヒーロータイム" if kinds[i][0] else f"{kinds[i][1]}時間")
                            for i in range(len(kinds)))
        self.picks = tuple(Pick(d, n) for d, n in zip(self.det_ids, self.det_names))
        self.keeps = tuple(Keep(i, self.card_names[i]) for i in range(self.n_cards))
        self._det_or_none = self.det_ids + (None,)
        self._place_lists: dict[tuple[int, ...], tuple[Place, ...]] = {}
        self.sk = {name: (self.det_ids.index(name) if name in self.det_ids else -9)
                   for name in ("scotch", "wolf", "hibachi", "lloyd", "dokaben")}

    # ------------------------------------------------------------ what every part of the rules asks

    def _wolf(self, s: State, seat: int) -> bool:
        """ウルフ's skill applies to this seat (「ハンド中に殉死すると４ＶＰを得る」, from hand 2)."""
        return s.hand_no >= 2 and not s.notes and s.det[seat] == self.sk["wolf"]

    def _third(self, s: State) -> bool:
        """The current hand plays under 「■３ハンド目」: the third hand (variant two-hands-final: also
        the second and last hand of a 2-hand game)."""
        return s.hand_no == 3 or (s.final2 and s.hands == 2 and s.hand_no == 2)

    def _hidden_column(self, s: State) -> int:
        """The column laid face down in the first and second hands (ruling hidden-column: 「最後の列（5列目）」;
        variant hidden-fourth: the text's 「左から４列目」)."""
        return 3 if s.variant == "hidden-fourth" else 4

    def _counted(self, s: State, seat: int, kind: int, clash_scotch: bool) -> int:
        if kind == self.hero:
            return 3 if clash_scotch and s.det[seat] == self.sk["scotch"] else 0
        return self.kind_hours[kind]

    def _final(self, s: State) -> bool:
        return s.hand_no == s.hands
