"""The rulebook as a document tree: one frozen node type per block the markup writes (headings,
paragraphs, lists, tables, figures, boxes, the generated lists), the sections of the source files, and
the Document that holds them and names the ledger's items as the printed book does.  The parser
(:mod:`pnp.rulebook.markup`) builds it; the typesetter (:mod:`pnp.rulebook.book`) draws it."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..data.ledger import Entry
from ..data.model import Game
from ..text.inline import Inline, Run, merge_runs
from .datatext import card_name, clip_runs, data_inline, plain_reader


@dataclass(frozen=True)
class Loc:
    file: str
    line: int




@dataclass(frozen=True)
class Heading:
    level: int
    text: Inline
    loc: Loc
    in_toc: bool


@dataclass(frozen=True)
class Para:
    text: Inline
    loc: Loc
    indent: bool = True


@dataclass(frozen=True)
class ListBlock:
    ordered: bool
    start: int
    items: tuple[Inline, ...]
    loc: Loc
    # a list inside a list item (its lines indented under the item): each item's level (0 = the outer
    # list) and number (0 = a bullet); empty for a list of one level
    levels: tuple[int, ...] = ()
    numbers: tuple[int, ...] = ()


@dataclass(frozen=True)
class Table:
    rows: tuple[tuple[Inline, ...], ...]
    header: bool
    loc: Loc


@dataclass(frozen=True)
class CardRef:
    deck: str
    card: str          # a card id, or "back"
    label: Inline = ()  # the label printed under the card (``deck/card=ラベル``); default: the card's name


@dataclass(frozen=True)
class Cards:
    refs: tuple[CardRef, ...]
    caption: Inline
    loc: Loc


@dataclass(frozen=True)
class PartFig:
    part: str          # a part id of the game (any kind of PART_FIGURES)
    caption: Inline
    loc: Loc


@dataclass(frozen=True)
class Picture:
    """``![見出し](images/x.png)`` on a line of its own: an image of the game's folder, checked like a
    card's image (inside the folder, PNG or JPEG, within the size limits), captioned by its alt text."""

    path: Path
    caption: Inline
    loc: Loc


@dataclass(frozen=True)
class Diagram:
    deck: str
    columns: tuple[Inline, ...]
    rows: tuple[tuple[Inline, tuple[str, ...]], ...]   # (label, cells)
    caption: Inline
    loc: Loc


@dataclass(frozen=True)
class Box:
    kind: str
    title: Inline
    blocks: tuple[Any, ...]
    loc: Loc
    script: Any = None          # an example's position for the rules engine (never printed)
    script_line: int = 0


@dataclass(frozen=True)
class Components:
    loc: Loc


@dataclass(frozen=True)
class Rulings:
    items: tuple[Any, ...]      # pnp.data.ledger.Ruling, the printed ones
    loc: Loc


@dataclass(frozen=True)
class Questions:
    loc: Loc


@dataclass(frozen=True)
class NewPage:
    loc: Loc


@dataclass(frozen=True)
class Section:
    """One source file."""

    file: str
    new_page: bool
    toc: int
    blocks: tuple[Any, ...]
    entry: Entry | None = None  # the section's standing in the designer's ledger
    draft_only: bool = False


@dataclass
class Document:
    game: Game
    sections: list[Section]
    counts: list[tuple[str, int, str, int]] = field(default_factory=list)

    def texts(self) -> list[tuple[Loc, Inline]]:
        out: list[tuple[Loc, Inline]] = []
        for s in self.sections:
            collect_texts(s.blocks, out)
        return out

    def reference(self, entry: Entry, clip: int = 24) -> Inline:
        """How the printed book names an item of the ledger (a question's subject): a ruling by its
        number in the printed list under its heading (「補足・裁定の3」) and the start of its text, a
        section by its heading, a card, deck, part or component by its name — never a file name or
        an id, which a reader cannot look up."""
        game = self.game
        if entry.kind == "ruling":
            ruling = next((r for r in game.rulings if r.id == entry.ref), None)
            text = clip_runs(plain_reader(ruling.text, "") if ruling else (), clip)
            quoted = (Run("「"),) + text + (Run("」"),) if text else ()
            if ruling is not None and not ruling.printed:
                return merge_runs((Run("試遊プログラムの取り決め（ルールとしては印刷しません）"),) + quoted)
            return merge_runs((self.ruling_name(entry.ref) or (Run("裁定"),)) + quoted)
        if entry.kind == "section":
            return self._section_name(entry)
        if entry.kind == "card" and "/" in entry.ref:
            deck_id, card_id = entry.ref.split("/", 1)
            try:
                deck = game.deck(deck_id)
                deck.card(card_id)
            except KeyError:
                return plain_reader(entry.label, "")
            return card_name(deck, card_id)       # as a figure's caption names it: 役割カード（生糸問屋）
        return plain_reader(entry.label, "")    # a deck, part or component: its name

    def _headed_blocks(self) -> Iterator[tuple[Section, Inline, Any]]:
        """(the heading a block stands under, the block) over the printed sections, boxes included."""
        heading: Inline = ()
        for section in self.sections:
            for b in section.blocks:
                if isinstance(b, Heading):
                    heading = b.text
                yield section, heading, b
                if isinstance(b, Box):
                    for inner in b.blocks:
                        yield section, heading, inner

    def ruling_name(self, ruling_id: str) -> Inline | None:
        """A ruling as the book numbers it: 「補足・裁定の3」 (the heading its {{rulings}} list stands
        under, and its number there); None for a ruling the book does not list."""
        found = self._ruling_number(ruling_id)
        if found is None:
            return None
        heading, n = found
        return merge_runs((heading + (Run("の"),) if heading else (Run("裁定"),)) + (Run(f"{n}"),))

    def _ruling_number(self, ruling_id: str) -> tuple[Inline, int] | None:
        for _, heading, b in self._headed_blocks():
            if isinstance(b, Rulings):
                ids = [r.id for r in b.items]
                return (heading, ids.index(ruling_id) + 1) if ruling_id in ids else None
        return None

    def _section_name(self, entry: Entry) -> Inline:
        """A section by its own first heading (「ルールブック「準備」の節」); one without a heading by
        the heading it prints under and the title of the box it opens with (「ルールブック「ハンド終了」
        の例「事件番号3の解決」」)."""
        for section, heading, _ in self._headed_blocks():
            if section.entry is entry or section.entry is not None and section.entry.ref == entry.ref:
                own = next((x.text for x in section.blocks if isinstance(x, Heading)), None)
                if own is not None:
                    return merge_runs((Run("ルールブック「"),) + own + (Run("」の節"),))
                under = (Run("ルールブック「"),) + heading + (Run("」の"),) if heading else (Run("ルールブック冒頭の"),)
                box = section.blocks[0] if section.blocks and isinstance(section.blocks[0], Box) else None
                if box is not None:
                    kind = {"example": "例", "note": "注記", "proposal": "提案"}[box.kind]
                    title = (Run("「"),) + box.title + (Run("」"),) if box.title else ()
                    return merge_runs(under + (Run(kind),) + title)
                return merge_runs(under + (Run("続き"),))
        return (Run("ルールブック"),)


def collect_texts(blocks: Iterable[Any], out: list[tuple[Loc, Inline]]) -> None:
    for b in blocks:
        if isinstance(b, (Heading, Para)):
            out.append((b.loc, b.text))
        elif isinstance(b, ListBlock):
            out.extend((b.loc, it) for it in b.items)
        elif isinstance(b, Table):
            out.extend((b.loc, cell) for row in b.rows for cell in row)
        elif isinstance(b, Box):
            out.append((b.loc, b.title))
            collect_texts(b.blocks, out)
        elif isinstance(b, Cards):
            out.append((b.loc, b.caption + tuple(run for r in b.refs for run in r.label)))
        elif isinstance(b, (PartFig, Picture)):
            out.append((b.loc, b.caption))
        elif isinstance(b, Diagram):
            out.append((b.loc, b.caption + tuple(run for x in b.columns for run in x)
                        + tuple(run for r in b.rows for run in r[0])))
        elif isinstance(b, Rulings):
            out.extend((b.loc, (Run("（仮）"),) + data_inline(r.text, r.entry.where, "text")[0]) for r in b.items)
