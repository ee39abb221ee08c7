"""The loaded game: plain frozen dataclasses.  Renderers and rules engines read these, never YAML."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Problem


@dataclass(frozen=True)
class Where:
    """Where a value came from, for error messages after loading."""

    file: str
    line: int
    col: int
    cell: str = ""       # a spreadsheet cell when the value came from one (see pnp.data.sheets)

    def problem(self, field_path: str, message: str) -> Problem:
        return Problem(self.file, self.line, self.col, field_path, message, cell=self.cell)


@dataclass(frozen=True)
class Region:
    name: str
    kind: str
    x_pt: float
    y_pt: float          # from the top of the trim, downwards
    w_pt: float
    h_pt: float
    props: Mapping[str, Any]   # remaining properties, lengths already in points
    where: Where

    def get(self, key: str, default: Any = None) -> Any:
        return self.props.get(key, default)


@dataclass(frozen=True)
class Icon:
    """An inline icon (``:name:`` in card text): a drawn shape in a colour, or a small image."""

    name: str
    shape: str | None          # one of the suit mark shapes, or None for an image
    color: str
    image: Path | None = None


@dataclass(frozen=True)
class Layout:
    id: str
    width_pt: float
    height_pt: float
    bleed_pt: float
    safe_pt: float
    corner_radius_pt: float
    background: str
    face: tuple[Region, ...]
    back: tuple[Region, ...]
    where: Where
    icons: Mapping[str, Icon] = field(default_factory=dict)     # icons: of the layout
    styles: Mapping[str, str] = field(default_factory=dict)     # styles: colour names for [name]{…}
    spec: Any = field(default=None, compare=False, repr=False)  # (merged YAML, source map, folder): to re-lay out at another size
    fonts: Mapping[str, str] = field(default_factory=dict)      # fonts: of the layout, name → font key
    # a stand-in for a layout that has problems of its own: its deck stays known (cards, rules,
    # references) but is never planned or printed (Game.unlaid)
    stand_in: bool = False


@dataclass(frozen=True)
class Suit:
    id: str
    name: str
    color: str
    mark: str
    description: str = ""


@dataclass(frozen=True)
class Card:
    id: str
    deck_id: str
    title: str
    suit: Suit | None
    value: int | str | None
    body: str
    flavor: str
    image: Path | None
    count: int
    provisional: bool
    fields: Mapping[str, Any]
    rules: Mapping[str, Any]
    where: Where
    spots: Mapping[str, Where] = field(default_factory=dict, compare=False)   # field → where its text starts
    back: Back | None = None        # this card's own back (one-sided decks), over the deck's
    reverse: Card | None = None     # the other side's content (two_sided decks)
    layout: Layout | None = None    # the card's own layout (layout: on the card or its row), over the deck's
    images: Mapping[str, Path] = field(default_factory=dict)   # fields.NAME → the picture an image region shows
    # fields whose data had a problem when loaded (a value the schema refused, an unknown suit): said
    # there, so the layout says nothing more about them (pnp.data.project.Project.load_game_partly)
    damaged: frozenset[str] = field(default_factory=frozenset, compare=False)

    def field_text(self, name: str, deck: Deck, game_title: str) -> str:
        """Text of a field a layout region names; '' when the card leaves it empty."""
        if name.startswith("fields."):
            v = self.fields.get(name[7:], "")
        elif name.startswith("rules."):
            v = self.rules.get(name[6:], "")
            if isinstance(v, Mapping):     # a mapping (a cost): its entries as name×count
                v = "・".join(f"{k}×{n}" for k, n in v.items())
        elif name == "suit_name":
            v = self.suit.name if self.suit else ""
        elif name == "deck_name":
            v = deck.name
        elif name == "game_title":
            v = game_title
        else:
            v = getattr(self, name)
        return "" if v is None else str(v)


@dataclass(frozen=True)
class Back:
    title: str | None
    subtitle: str | None
    color: str | None
    image: Path | None

    def over(self, base: Back) -> Back:
        """This back with what it leaves unset taken from base (the deck's back)."""
        return Back(base.title if self.title is None else self.title,
                    base.subtitle if self.subtitle is None else self.subtitle,
                    base.color if self.color is None else self.color,
                    base.image if self.image is None else self.image)


@dataclass(frozen=True)
class Deck:
    id: str
    name: str
    layout: Layout
    cards: tuple[Card, ...]
    suits: tuple[Suit, ...]
    back: Back
    description: str
    provisional: bool
    file: str
    where: Where
    two_sided: bool = False     # every card has content on both sides (card.reverse)

    @property
    def piece_count(self) -> int:
        return sum(c.count for c in self.cards)

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def back_of(self, card: Card) -> Back:
        """The back a card of a one-sided deck prints with: its own over the deck's."""
        return card.back.over(self.back) if card.back is not None else self.back

    def physical_cards(self) -> list[Card]:
        """Every printed card, copies included, in data order."""
        return [c for c in self.cards for _ in range(c.count)]


@dataclass(frozen=True)
class Component:
    id: str
    name: str
    kind: str
    count: int
    description: str
    provisional: bool
    where: Where


SHOP_KEYS = ("bleed_mm", "safe_mm", "min_dpi", "ink_limit", "hairline_mm")


@dataclass(frozen=True)
class PrintSettings:
    """game.yaml print: how the game goes to its print shop.  icc: the shop's CMYK output profile
    (None: the bundled ISO Coated v2); condition: its output condition identifier for PDF/X (e.g.
    JC200103 for Japan Color 2001 Coated); rich_black: the CMYK (fractions) of large black solids,
    None for K100 only; shop: the shop's numbers for the build's shop files and pnp preflight (base:
    a built-in shop profile, name, printing_condition, and any of SHOP_KEYS, pdfx: pnp.render.shops)."""

    icc: Path | None = None
    condition: str = ""
    rich_black: tuple[float, float, float, float] | None = (0.4, 0.4, 0.4, 1.0)
    shop: Mapping[str, Any] = field(default_factory=dict)
    at: Mapping[str, Where] = field(default_factory=dict)    # where icc, condition and shop were written


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    subtitle: str
    players: tuple[int, int]
    play_time: str
    age: str
    version: str
    designer: str
    engine: str | None
    components: tuple[Component, ...]
    decks: tuple[Deck, ...]
    folder: Path
    where: Where
    parts: tuple[Any, ...] = ()          # tracks, boards, tokens, dice … (pnp.data.parts)
    extras: Mapping[str, Any] = field(default_factory=dict)
    draft: Any = None                    # pnp.data.ledger.Draft: the designer's draft, when given
    rulings: tuple[Any, ...] = ()        # pnp.data.ledger.Ruling, from rulings.yaml
    ledger: tuple[Any, ...] = ()         # pnp.data.ledger.Entry for every deck, card, part, component, ruling
    final: bool = False                  # game.yaml final: true — print without provisional marks
    icons: Mapping[str, Icon] = field(default_factory=dict)   # game.yaml icons: (over the layouts')
    print_settings: PrintSettings = field(default_factory=PrintSettings)   # game.yaml print:
    # decks whose layout has problems of its own (reported at the layout): known by id, cards and
    # rules to the engine and the rulebook's references, never planned or printed (not in decks)
    unlaid: tuple[Deck, ...] = ()

    @property
    def all_decks(self) -> tuple[Deck, ...]:
        """Every deck the data defines: the printable ones (decks) and the unlaid ones."""
        return self.decks + self.unlaid

    def entry(self, kind: str, ref: str) -> Any:
        """The ledger entry of an item (kind: deck | card | part | component | ruling), or None."""
        for e in self.ledger:
            if e.kind == kind and e.ref == ref:
                return e
        return None

    def marked(self, kind: str, ref: str) -> bool:
        """Whether the item prints as pnp's proposal （仮）."""
        e = self.entry(kind, ref)
        return bool(e is not None and e.marked)

    def ruling(self, ruling_id: str) -> Any:
        for r in self.rulings:
            if r.id == ruling_id:
                return r
        raise KeyError(ruling_id)

    def part(self, part_id: str) -> Any:
        for p in self.parts:
            if p.id == part_id:
                return p
        raise KeyError(part_id)

    def deck(self, deck_id: str) -> Deck:
        """A deck by id, unlaid ones included (their cards and rules are known; see unlaid)."""
        for d in self.all_decks:
            if d.id == deck_id:
                return d
        raise KeyError(deck_id)

    def component(self, comp_id: str) -> Component:
        for c in self.components:
            if c.id == comp_id:
                return c
        raise KeyError(comp_id)
