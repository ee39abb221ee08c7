"""Typesetting a rulebook: document tree → platypus flowables → ``rulebook.pdf`` (reading order) and
``rulebook-booklet.pdf`` (A5 pages two-up on A4 landscape in saddle-stitch order, for duplex printing
flipped on the short edge, folded and stapled).

Pages: a cover, a 目次 whose page numbers come from the previous layout pass (the 目次 has the same
height in every pass, so the layout converges in two passes; a third pass runs if it ever does not),
then the sections.  Page numbers count the cover as page 1.  The booklet is not laid out or drawn
again: it takes over the pages of the reading copy, each as a form XObject placed by reference, with
the same bytes a pass drawing them again would write; so it costs hardly more than saving a file.
"""
from __future__ import annotations

import copy
import io
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from reportlab.lib.colors import CMYKColor, HexColor
from reportlab.lib.pagesizes import A3, A4, A5, landscape
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, CondPageBreak, Frame, NextPageTemplate, PageBreak, PageTemplate
from reportlab.platypus.flowables import Flowable

from ..data.ledger import TOPIC_NAMES
from ..data.ledger import open_questions as ledger_questions
from ..data.model import Card, Deck, Game, Where
from ..errors import DataError, PnpError, Problem
from ..layout.card import plan_deck
from ..layout.plan import CardPlan
from ..messages import did_you_mean, msg
from ..render.pdf import carry_resources, rgb_to_cmyk
from ..text import fonts
from ..text.inline import ICON_CHAR, Inline, Run, merge_runs, parse_inline, plain_text
from ..text.linebreak import Span
from . import datatext, tree
from . import markup as m
from .flow import (
    BULLET,
    GREY,
    PROPOSAL,
    PROPOSAL_LABEL,
    BookFlowable,
    BoxFlow,
    CardFigure,
    DiagramFigure,
    Heading,
    PartFigure,
    QuestionHeading,
    TableFlow,
    TextBlock,
    Theme,
    TocFlow,
    draw_card,
    painter,
    text_line,
)

MM = 72 / 25.4
PICTURE_DPI = 150.0     # an image of the rulebook without a resolution of its own is printed at this one
PAPERS = {"a5": (A5, landscape(A4)), "a4": (A4, landscape(A3))}
DEFAULT_ACCENT = "#2e4a7a"
STYLE_FONTS = {"": "mincho", "strong": "gothic-bold", "term": "gothic"}
QUOTE_CLIPS = (24, 21, 18, 15, 12, 9)   # a question quotes its ruling's first ~24 characters, fewer to fit a line


@dataclass(frozen=True)
class PageSpec:
    size: tuple[float, float]
    sheet: tuple[float, float]
    margin_x: float
    margin_top: float
    margin_bottom: float
    theme: Theme

    @property
    def frame_w(self) -> float:
        return self.size[0] - 2 * self.margin_x

    @property
    def frame_h(self) -> float:
        return self.size[1] - self.margin_top - self.margin_bottom


def page_spec(game: Game, paper: str) -> PageSpec:
    if paper not in PAPERS:
        raise PnpError(msg("rulebook.unknown_paper", paper=paper, papers=PAPERS, hint=did_you_mean(paper, PAPERS)))
    size, sheet = PAPERS[paper]
    accent = game.decks[0].back.color if game.decks and game.decks[0].back.color else DEFAULT_ACCENT
    body = 9.0 if paper == "a5" else 10.0
    chars = 37 if paper == "a5" else 46            # 字詰め: the text width is whole ems
    theme = Theme(body, 1.7, accent)
    margin_x = (size[0] - chars * body) / 2
    return PageSpec(size, sheet, margin_x, 19 * MM if paper == "a5" else 24 * MM,
                    20 * MM if paper == "a5" else 25 * MM, theme)


# ----------------------------------------------------------------------------------- tree → flowables
def spans_of(runs: Inline, size: float) -> list[Span]:
    return [span_of(r, STYLE_FONTS[r.style], size) for r in runs]


def span_of(r: Run, font: str, size: float) -> Span:
    """One run as a span of the line breaker: an icon is one ICON_CHAR, one em wide."""
    return Span(ICON_CHAR if r.icon else r.text, font, size, r.style, r.ruby, r.color, r.icon)


def label_spans(runs: Inline, size: float, font: str = "gothic") -> list[Span]:
    """Runs of a caption, label or title: set in one gothic (bold where the text says **…**)."""
    return [span_of(r, "gothic-bold" if r.style == "strong" else font, size) for r in runs]


class _Builder:
    def __init__(self, doc: tree.Document, spec: PageSpec, pages: dict[int, int], record: Callable[[int, int], None]):
        self.doc = doc
        self.game = doc.game
        self.spec = spec
        self.th = spec.theme
        self.pages = pages
        self.record = record
        self.toc: list[tuple[int, str, int]] = []
        self.toc_spans: list[tuple[int, list[Span], int]] = []     # the same entries as the 目次 prints them
        self._plans: dict[str, tuple[dict[str, CardPlan], CardPlan]] = {}

    def read(self, text: str, where: Where, field_path: str) -> Inline:
        """Text from the data (a name, a ruling, a question) as inline markup: ruby prints as ruby."""
        runs, problems = datatext.data_inline(text, where, field_path, tuple(self.game.icons))
        if problems:
            raise DataError(problems)
        return runs

    def backs(self, deck_id: str) -> dict[str, CardPlan]:
        self.plans(deck_id)
        plans: Any = self._plans[deck_id]      # a DeckPlans: (faces, back) with .backs
        return dict(plans.backs)

    def plans(self, deck_id: str) -> tuple[dict[str, CardPlan], CardPlan]:
        if deck_id not in self._plans:
            self._plans[deck_id] = plan_deck(self.game, self.game.deck(deck_id))
        return self._plans[deck_id]

    def part_figure(self, fig: tree.PartFig) -> list[Flowable]:
        """A board whole (not tiled), a track's first card, a die's net (the first die of the part), one
        token of each kind in a row, a cut card's first card with its cuts, a tuck box's net — from the
        same items the parts PDFs draw; a bits list (nothing to draw) as a table under its caption."""
        from ..layout.dice import plan_die
        from ..layout.parts.board import board_items
        from ..layout.parts.common import Writer, shift
        from ..layout.parts.cutcard import cut_card_face
        from ..layout.parts.dice import die_net_items
        from ..layout.parts.tokens import TOKEN_GAP, token_piece
        from ..layout.parts.track import track_card
        from ..layout.parts.tuckbox import tuck_net, tuckbox_piece
        part = self.game.part(fig.part)
        if part.kind == "bits":
            return self.bits_table(part, fig.caption, fig.loc)
        wr = Writer(part.where)
        items: list[Any]      # the part's drawn items (a text that came to nothing is None, dropped below)
        if part.kind == "board":
            w, h, items = part.width_pt, part.height_pt, board_items(part, wr)
        elif part.kind == "dice":
            w, h, items = die_net_items(plan_die(part.dice[0]), wr)
        elif part.kind == "tokens":
            items, w, h = [], 0.0, 0.0
            for group in part.groups:
                tw, th_, drawn = token_piece(group, wr)
                items.append(shift(drawn, w, 0.0))
                w, h = w + tw + TOKEN_GAP, max(h, th_)
            w -= TOKEN_GAP
        elif part.kind == "cut_card":       # the dashed cuts reach 3 mm past the card: room for them
            cw, ch, drawn = cut_card_face(part, part.cards[0], wr)
            w, h, items = cw + 6 * MM, ch + 6 * MM, [shift(drawn, 3 * MM, 3 * MM)]
        elif part.kind == "tuckbox":
            deck = self.game.deck(part.deck)
            net = tuck_net(deck.layout.width_pt, deck.layout.height_pt, part.cards or deck.piece_count,
                           part.thickness_pt, part.clearance_pt)
            w, h, items = tuckbox_piece(self.game, part, net, wr)
        else:
            w, h, items = track_card(part, part.copies[0], wr)
        if wr.problems:
            raise DataError(wr.problems)
        return [PartFigure([i for i in items if i is not None], w, h, label_spans(fig.caption, self.th.size), self.th)]

    def picture(self, b: tree.Picture) -> Flowable:
        """An image of the game's folder at its own size (its dpi, else 150 dpi), never enlarged, made
        smaller to fit the column and a share of the page; the alt text as its caption."""
        from PIL import Image

        from ..layout.plan import Picture
        with Image.open(b.path) as img:
            px_w, px_h = img.size
            dpi = img.info.get("dpi", (PICTURE_DPI, PICTURE_DPI))
        dpi_x, dpi_y = (float(d) if d and float(d) > 1 else PICTURE_DPI for d in dpi[:2])
        w, h = px_w / dpi_x * 72, px_h / dpi_y * 72
        return PartFigure([Picture(b.path, 0.0, 0.0, w, h)], w, h, label_spans(b.caption, self.th.size), self.th)

    def bits_table(self, bits: Any, caption: Inline, loc: tree.Loc) -> list[Flowable]:
        """What to get besides the printed kit, as the bits sheet lists it: each thing, how many, how it
        is got, its size and note; the caption above the table, never apart from it."""
        from ..layout.parts.bits import SOURCES
        th = self.th
        size = th.size * 0.95
        rows = [[[Span(x, "gothic", size)] for x in ("もの", "数", "入手", "メモ")]]
        for b in bits.items:
            note = "・".join(x for x in (b.size, b.note) if x)
            rows.append([spans_of(self.read(b.name, bits.where, "items"), size), [Span(str(b.count), "mincho", size)],
                         [Span(SOURCES[b.source], "mincho", size)],
                         spans_of(self.read(note, bits.where, "items"), size) if note else []])
        title = TextBlock(label_spans(caption, th.size, "gothic-bold"), th, marker="", justify=False,
                          space_before=th.size * 0.6)
        title.keep_with_next = True
        return [title, TableFlow(rows, True, th, loc, first_share=0.42)]

    def plan(self, ref: tree.CardRef) -> CardPlan:
        faces, back = self.plans(ref.deck)
        if ref.card.endswith(datatext.BACK_OF):           # deck/card/back: that card's own back side
            return self.backs(ref.deck)[ref.card.removesuffix(datatext.BACK_OF)]
        return back if ref.card == "back" else faces[ref.card]

    def story(self) -> list[Flowable]:
        body: list[Flowable] = []
        open_items = ledger_questions(self.game.ledger, [s.entry for s in self.doc.sections])
        for k, section in enumerate(self.doc.sections):
            if section.draft_only and (self.game.final or not open_items):
                continue
            if section.new_page and k:
                body.append(PageBreak())
            blocks = self.blocks(section.blocks)
            if section.entry is not None and section.entry.marked and not self.game.final:
                note = BoxFlow("proposal", "", [self.para((Run(
                    "この節は下書きにない内容を pnp が補ったものです。設計者の確認を待っています。"),), indent=False)],
                    self.th)
                note.keep_with_next = True        # never left at a page foot apart from its section
                at = 1 if blocks and isinstance(blocks[0], Heading) else 0
                blocks[at:at] = [note]
            body.extend(blocks)
        story: list[Flowable] = [NextPageTemplate("body"), _Cover(self), PageBreak()]
        story.append(Heading(1, [Span("目次", "gothic-bold", self.th.size)], self.th, None, self.record))
        story.append(TocFlow(list(self.toc_spans), self.pages, self.th))
        story.append(PageBreak())
        story.extend(body)
        try:
            return _keep_headings(_figure_refs(story, self.spec), self.spec)   # measures the flowables: a figure may fail here
        except PnpError:
            raise
        except Exception as exc:     # noqa: BLE001 — said at the line of the directive that fails to measure
            for f in story:
                source: tuple[tree.Loc, str] | None = getattr(f, "pnp_source", None)
                if source is None:
                    continue
                try:
                    f.wrap(self.spec.frame_w, self.spec.frame_h)
                except Exception:    # noqa: BLE001
                    raise DataError([_failed(source[0], source[1], exc)]) from exc
            raise

    def heading(self, level: int, runs: Inline, in_toc: bool) -> Heading:
        key = None
        if in_toc:
            key = len(self.toc)
            self.toc.append((level, "".join(r.text for r in runs), key))
            self.toc_spans.append((level, label_spans(runs, self.th.size), key))
        spans = [span_of(r, "gothic-bold", self.th.size) for r in runs]
        return Heading(level, spans, self.th, key, self.record)

    def para(self, runs: Inline, indent: bool = True, **kw: Any) -> TextBlock:
        spans = spans_of(runs, self.th.size)
        if indent:
            spans = [Span("　", "mincho", self.th.size)] + spans
        return TextBlock(spans, self.th, space_after=self.th.size * 0.25, **kw)

    def blocks(self, blocks: Iterable[Any], boxed: bool = False) -> list[Flowable]:
        out: list[Flowable] = []
        th = self.th
        for b in blocks:
            if isinstance(b, tree.Heading):
                out.append(self.heading(b.level, b.text, b.in_toc))
            elif isinstance(b, tree.Para):
                out.append(self.para(b.text, indent=b.indent and not boxed))
            elif isinstance(b, tree.ListBlock):
                out.extend(self.list_items(b))
            elif isinstance(b, tree.Table):
                rows = [[spans_of(cell, th.size * 0.95) for cell in row] for row in b.rows]
                if b.header:
                    rows[0] = [[replace(s, font="gothic") for s in cell] for cell in rows[0]]
                out.append(TableFlow(rows, b.header, th, b.loc))
            elif isinstance(b, tree.Box):
                if b.kind == "proposal" and self.game.final:
                    out.extend(self.blocks(b.blocks, boxed=True))
                else:
                    box = BoxFlow(b.kind, label_spans(b.title, th.size, "gothic-bold"),
                                  self.blocks(b.blocks, boxed=True), th)
                    box.pnp_source = (b.loc, f":::{b.kind}")    # what it holds is drawn with it
                    out.append(box)
            elif isinstance(b, tree.NewPage):
                out.append(PageBreak())
            else:
                out.extend(self.directive(b))
        return out

    def directive(self, b: Any) -> list[Flowable]:
        """A directive's flowables (a figure, a generated list), each knowing the source line that asked
        for it: whatever fails while it is made or drawn is reported at that file:line, never as a bare
        exception without a place."""
        name = _directive_name(b)
        try:
            made = self._directive(b)
        except PnpError:
            raise
        except Exception as exc:     # noqa: BLE001 — said at the directive's line, with what failed
            raise DataError([_failed(b.loc, name, exc)]) from exc
        for f in made:
            f.pnp_source = (b.loc, name)
        return made

    def _directive(self, b: Any) -> list[Flowable]:
        th = self.th
        if isinstance(b, tree.Cards):
            plans = [self.plan(r) for r in b.refs]
            labels = [()] * len(plans) if len(plans) == 1 else self.card_labels(b.refs)
            return [CardFigure(plans, [label_spans(x, th.size) for x in labels], label_spans(b.caption, th.size),
                               th, max_scale=0.42 if len(plans) > 1 else 0.5)]
        if isinstance(b, tree.PartFig):
            return self.part_figure(b)
        if isinstance(b, tree.Picture):
            return [self.picture(b)]
        if isinstance(b, tree.Diagram):
            faces, back = self.plans(b.deck)
            deck = self.game.deck(b.deck)
            layout_rows: list[tuple[list[Span], list[CardPlan | str]]] = [
                (label_spans(label, th.size), [back if c == "down" else faces[c] if c in faces else c for c in cells])
                for label, cells in b.rows]
            return [DiagramFigure(layout_rows, [label_spans(x, th.size) for x in b.columns], deck.layout.width_pt,
                                  deck.layout.height_pt, deck.layout.corner_radius_pt,
                                  label_spans(b.caption, th.size), th,
                                  max_scale=DIAGRAM_SCALE, min_scale=DIAGRAM_SCALE * FIGURE_SHRINK)]
        if isinstance(b, tree.Components):
            return self.components(b.loc)
        if isinstance(b, tree.Rulings):
            return self.rulings(b)
        if isinstance(b, tree.Questions):
            return self.questions()
        raise TypeError(f"not a rulebook block: {type(b).__name__}")

    def card_labels(self, refs: Sequence[tree.CardRef]) -> list[Inline]:
        """The label under each card of a figure: the one the source gives (``deck/card=ラベル``), else
        the card's own title, else its name (「貪欲の3」); cards that share a name (five
        「ヒーロータイム」) are told apart by their suit (「スコッチ」 …).  A title is read as the card
        prints it: its ruby stays ruby."""
        def reader(deck: Deck) -> Callable[[str, str], Inline]:
            return lambda text, what: self.read(text, deck.where, what)
        labels: list[Inline] = []
        for r in refs:
            deck = self.game.deck(r.deck)
            labels.append(datatext.card_label(deck, r.card, reader(deck)))
            if r.card != "back" and not r.card.endswith(datatext.BACK_OF):   # a titled card by its title, not 「配置の4」
                card = deck.card(r.card)
                if card.title and card.suit is not None and card.title != card.suit.name:
                    labels[-1] = self.read(card.title, card.where, "title")
        names = [plain_text(x) for x in labels]
        for k, r in enumerate(refs):
            if r.label:
                labels[k] = r.label
            elif names.count(names[k]) > 1 and r.card != "back" and not r.card.endswith(datatext.BACK_OF):
                card = self.game.deck(r.deck).card(r.card)
                if card.suit is not None and card.suit.name not in names[k]:
                    labels[k] = self.read(card.suit.name, self.game.deck(r.deck).where, "suits")
        return labels

    def list_items(self, b: tree.ListBlock) -> list[Flowable]:
        th = self.th
        out = []
        for k, item in enumerate(b.items):
            level = b.levels[k] if b.levels else 0
            number = b.numbers[k] if b.numbers else (b.start + k if b.ordered else 0)
            if number:
                marker, indent = f"{number}.", th.size * 1.6
            else:
                marker, indent = BULLET, th.size * 1.1
            last = k == len(b.items) - 1
            out.append(TextBlock(spans_of(item, th.size), th, indent=indent, marker=marker,
                                 marker_color=th.accent,
                                 marker_font="gothic-bold" if number else "mincho",
                                 offset=th.size * 1.6 * level,      # a list inside an item: under its text
                                 space_before=th.size * 0.15, space_after=th.size * (0.5 if last else 0.15)))
        return out

    def rulings(self, b: tree.Rulings) -> list[Flowable]:
        """Numbered rulings; a run of pnp's proposals stands in one 「pnp からの提案」 box, each marked （仮）,
        so the designer's own rules and pnp's rulings never read as one voice."""
        th = self.th
        out: list[Flowable] = []
        proposals: list[Flowable] = []

        def flush() -> None:
            if proposals:
                out.append(BoxFlow("proposal", "設計者の確認待ち", list(proposals), th))
                proposals.clear()

        for k, ruling in enumerate(b.items):
            marked = ruling.provisional and not self.game.final
            spans = spans_of(self.read(ruling.text, ruling.entry.where, "text"), th.size)
            if marked:
                spans.insert(0, Span("（仮）", "gothic-bold", th.size))
            block = TextBlock(spans, th, indent=th.size * 2.0, marker=f"{k + 1:>2}", marker_font="gothic-bold",
                              marker_color=PROPOSAL if marked else None, space_before=th.size * 0.2,
                              space_after=th.size * 0.2)
            if marked:
                proposals.append(block)
            else:
                flush()
                out.append(block)
        flush()
        return out

    def questions(self) -> list[Flowable]:
        """The designer's open questions (「設計者への質問」): what is unclear, the options, pnp's choice."""
        th = self.th
        out: list[Flowable] = []
        items = ledger_questions(self.game.ledger, [s.entry for s in self.doc.sections])
        if not items:
            out.append(self.para((Run("未回答の質問はありません。"),)))
            return out
        # the designer's own questions are theirs: under 設計者のメモ, never as pnp's proposals
        own = [(t, e) for t, e in items if e.by == "designer"]
        if own:
            items = own + [(t, e) for t, e in items if e.by != "designer"]
        groups = {id(e): ("設計者のメモ" if e.by == "designer" else PROPOSAL_LABEL) for _, e in items} if own else {}
        heading = ""
        for n, (topic, entry) in enumerate(items, 1):
            if groups and groups[id(entry)] != heading:
                heading = groups[id(entry)]
                sub = TextBlock([Span(f"■ {heading}", "gothic-bold", th.size)], th, marker="",
                                space_before=th.size * 0.8, space_after=th.size * 0.2, justify=False)
                sub.keep_with_next = True
                out.append(sub)
            q = entry.question
            assert q is not None      # open_questions returns entries with a question only
            # the subject as the book names it (「補足・裁定の3」, a section's heading), never an id
            # a quoted ruling is cut shorter between phrases until the heading fits one line
            head = [Span(f"Q{n}　［{TOPIC_NAMES.get(topic, topic)}］", "gothic-bold", th.size)]
            choices: list[list[Span]] = []
            for clip in QUOTE_CLIPS:
                spans = head + label_spans(self.doc.reference(entry, clip), th.size, "gothic-bold")
                if spans not in choices:
                    choices.append(spans)
            block = QuestionHeading(choices, th, marker="", space_before=th.size * 0.6,
                                    space_after=th.size * 0.2, justify=False)
            block.keep_with_next = True        # a question's heading never ends a page without its text
            out.append(block)
            out.append(self.para(self.read(q.ask, q.where, "ask"), indent=False))
            for o in q.options:
                chosen = o.id == q.chosen
                spans = spans_of(self.read(o.text, q.where, "options"), th.size)
                if chosen:
                    spans.append(Span("（いまのルール）" if entry.by == "designer" else "（pnp はこれで遊んでいます）",
                                      "gothic-bold", th.size * 0.9))
                out.append(TextBlock(spans, th, indent=th.size * 1.6, marker="●" if chosen else "○",
                                     marker_font="gothic", marker_color=PROPOSAL if chosen else GREY,
                                     space_before=th.size * 0.1, space_after=th.size * 0.1))
            out.append(self.para((Run("理由：", "term"),) + self.read(q.why, q.where, "why"), indent=False))
        return out

    def components(self, loc: tree.Loc | None = None) -> list[Flowable]:
        """The components: one table of every component with its count and what it is, then each deck
        as it is printed — a few representative faces and the back at a readable size, one figure a
        deck (never a row of thumbnails of every suit)."""
        th = self.th
        size = th.size * 0.95
        rows = [[[Span("コンポーネント", "gothic", size)], [Span("内容", "gothic", size)]]]
        for comp in self.game.components:
            name = merge_runs(self.read(comp.name, comp.where, "name") + (Run(f"（{comp.count}{_unit(comp.kind)}）"),))
            text = self.read(comp.description, comp.where, "description")
            rows.append([label_spans(name, size), spans_of(text, size)])
        out: list[Flowable] = [TableFlow(rows, True, th, loc, first_share=0.42)]
        for comp in self.game.components:
            deck = next((d for d in self.game.decks if d.id == comp.id), None)
            if deck is None:
                continue
            faces, back = self.plans(deck.id)
            if deck.two_sided:          # both sides of one card: a deck's back would be a blank card
                out.append(self.both_sides(deck, comp))
                continue
            picks = _representatives(deck, 2)
            refs = [tree.CardRef(deck.id, c.id) for c in picks]
            labels = self.card_labels(refs) if len(refs) > 1 else [(Run("表"),)]
            count = f"{deck.piece_count}枚" if deck.piece_count == comp.count else f"{comp.count}{_unit(comp.kind)}"
            what = "表の例2種類と裏" if len(refs) > 1 else "表と裏"
            caption = merge_runs(self.read(deck.name, deck.where, "name") + (Run(f"（{count}）：{what}"),))
            out.append(CardFigure([faces[c.id] for c in picks] + [back],
                                  [label_spans(x, th.size) for x in labels + [(Run("裏"),)]],
                                  label_spans(caption, th.size), th, max_scale=0.6, gap_mm=3.0, min_scale=0.52))
            described = [s for s in deck.suits if s.description]
            if len(deck.suits) > 1 and described:
                items = tuple(tuple(replace(r, style=r.style or "term") for r in self.read(s.name, deck.where, "suits"))
                              + (Run("："),) + self.read(s.description, deck.where, "suits") for s in described)
                out.extend(self.list_items(tree.ListBlock(False, 1, items, tree.Loc("", 0))))
        return out


    def both_sides(self, deck: Deck, comp: Any) -> Flowable:
        """A two-sided deck in the components: the first card's front and back side by side, each under
        its own title (the sides of a two-sided deck differ card by card; there is no common back)."""
        th = self.th
        faces, _ = self.plans(deck.id)
        card = deck.cards[0]
        labels = []
        for side, word in ((card, "表"), (card.reverse, "裏")):
            title = self.read(side.title, card.where, "title") if side is not None and side.title else ()
            labels.append(merge_runs((Run(f"{word}："),) + title) if title else (Run(word),))
        count = f"{deck.piece_count}枚" if deck.piece_count == comp.count else f"{comp.count}{_unit(comp.kind)}"
        caption = merge_runs(self.read(deck.name, deck.where, "name") + (Run(f"（{count}）：1枚の表と裏"),))
        return CardFigure([faces[card.id], self.backs(deck.id)[card.id]], [label_spans(x, th.size) for x in labels],
                          label_spans(caption, th.size), th, max_scale=0.6, gap_mm=3.0, min_scale=0.52)


def _named(text: str, font: str) -> list[Span]:
    """A title from game.yaml as the cards' backs print it (its ruby as ruby); markup problems in it
    are reported by check_rulebook, so here a title that does not parse prints as typed."""
    runs, errors = parse_inline(text, icons=None, newlines=False)
    return label_spans(runs, 1.0, font) if not errors else [Span(text, font, 1.0)]


def _representatives(deck: Deck, n: int) -> list[Card]:
    """Up to n faces that show what a deck holds: its first card, then cards that differ from those
    picked in suit (first) or in title, so two samples never look alike."""
    picks = [deck.cards[0]]
    keys: tuple[Callable[[Card], str | None], ...] = (lambda c: c.suit.id if c.suit else None,
                                                      lambda c: c.title or c.id)
    for key in keys:
        for card in deck.cards:
            if len(picks) >= n:
                return picks
            if all(key(card) != key(p) for p in picks):
                picks.append(card)
    return picks


def _unit(kind: str) -> str:
    return {"deck": "枚", "cards": "枚", "dice": "個", "die": "個", "tokens": "個", "token": "個",
            "board": "枚", "track": "枚", "cut_card": "枚", "bits": "個", "sheet": "枚",
            "tuckbox": "個"}.get(kind, "")


def _directive_name(b: Any) -> str:
    """How the source wrote a directive, for a message at its line."""
    if isinstance(b, tree.PartFig):
        return f"{{{{part {b.part}}}}}"
    if isinstance(b, tree.Cards):
        return "{{card " + " ".join(f"{r.deck}/{r.card}" for r in b.refs) + "}}"
    if isinstance(b, tree.Diagram):
        return ":::diagram"
    if isinstance(b, tree.Picture):
        return f"image {b.path.name}"
    return "{{" + type(b).__name__.lower() + "}}"


def _failed(loc: tree.Loc, name: str, exc: BaseException) -> Problem:
    return Problem(loc.file, loc.line, 1, "", f"{name}: could not be drawn ({type(exc).__name__}: {exc}); "
                                              "this is a fault in pnp, not in the rulebook — please report it")


def _keeps_whole(f: Flowable, width: float, frame_h: float) -> float:
    """The height of a flowable that must not be broken over two pages (0.0 for one that may be):
    a figure (they cannot split), a table of up to a quarter of a page (a taller one splits between
    rows rather than leave a gap), or an example box short enough for one page."""
    if isinstance(f, (CardFigure, DiagramFigure, PartFigure)) or (
            isinstance(f, BoxFlow) and f.kind == "example" and not f.continued):
        _, h = f.wrap(width, 1e6)
        return h if h <= frame_h else 0.0
    if isinstance(f, TableFlow):
        _, h = f.wrap(width, 1e6)
        return h if h <= frame_h / 4 else 0.0
    return 0.0


def _min_follow(f: Flowable, width: float, frame_h: float) -> float:
    """Height that must follow a heading on the same page: a whole figure, table or example box
    when it fits on a page, else two lines of text (or the first lines of a box)."""
    whole = _keeps_whole(f, width, frame_h)
    if whole:
        return whole
    if isinstance(f, TextBlock):
        f.wrap(width, 1e6)
        n = len(f._lines or ())
        return f.lead * (n if n < 4 else 2)
    if isinstance(f, BoxFlow):
        _, h = f.wrap(width, 1e6)
        return min(h, f.title_h + 2 * f.pad + 3 * f.theme.lead)
    if isinstance(f, TableFlow):          # a tall table: its header and two rows
        f.wrap(width, 1e6)
        return sum(f.row_h[:3])
    if isinstance(f, TocFlow):
        _, h = f.wrap(width, 1e6)
        return min(h, frame_h * 0.55)
    return 0.0


FIGURE = (CardFigure, DiagramFigure, PartFigure)
FIGURE_REFS = ("下の図", "次の図", "以下の図", "下図")   # a sentence that points down at the next figure
DIAGRAM_SCALE = 0.24          # DiagramFigure's scale of a card
FIGURE_SHRINK = 0.85          # a diagram may be drawn this much smaller to stay on its page


def _least_height(f: Flowable, width: float) -> float:
    """The height a figure takes at the smallest size it may shrink to (its full height when it
    never shrinks)."""
    _, full = f.wrap(width, 1e6)
    least: float = full
    for k in range(1, 21):
        _, h = f.wrap(width, full * (1 - 0.01 * k))
        if h > full * (1 - 0.01 * k) + 1e-6:
            break
        least = h
    f.wrap(width, 1e6)
    return least


def _refers_down(f: Flowable) -> bool:
    if not isinstance(f, TextBlock):
        return False
    text = "".join(sp.text for sp in f.spans)
    return any(w in text for w in FIGURE_REFS)


def _figure_refs(story: list[Flowable], spec: PageSpec) -> list[Flowable]:
    """A paragraph that points down at a figure (「下の図のように」) is set on the page that holds the
    figure: before it a conditional break asks for room for the paragraph, what stands between them
    (up to the next heading) and the figure at the smallest size it may shrink to.  When that is more
    than a page, the paragraph is left where it falls."""
    out: list[Flowable] = []
    w, fh = spec.frame_w, spec.frame_h
    for i, f in enumerate(story):
        if _refers_down(f):
            need = 0.0
            for j in range(i, min(i + 6, len(story))):
                g = story[j]
                if isinstance(g, Heading) or (j > i and _refers_down(g)):
                    break
                if isinstance(g, FIGURE):
                    need += g.getSpaceBefore() + _least_height(g, w)
                    if need <= fh:
                        out.append(CondPageBreak(need))
                    break
                _, h = g.wrap(w, 1e6)
                need += h + (g.getSpaceBefore() if j > i else 0.0) + g.getSpaceAfter()
        out.append(f)
    return out


def _sticky(f: Flowable) -> bool:
    """Kept with what follows: a heading, or a note that introduces its section."""
    return isinstance(f, Heading) or getattr(f, "keep_with_next", False)


def _keep_headings(story: list[Flowable], spec: PageSpec) -> list[Flowable]:
    """Keep-together, done by the layout and never by hand-placed page breaks:
    - a heading never ends a page: before it, a conditional break asks for room for the heading, any
      headings right after it and what must follow it on the same page (see ``_min_follow``);
    - an example box that fits on one page is never split: when the room left is too small, it moves
      whole to the next page (a taller box splits with the box left open)."""
    out: list[Flowable] = []
    w, fh = spec.frame_w, spec.frame_h
    for i, f in enumerate(story):
        if _sticky(f) and not (i and _sticky(story[i - 1])):
            heads = 0.0
            j = i
            while j < len(story) and _sticky(story[j]):
                h = story[j]
                _, hh = h.wrap(w, 1e6)
                heads += hh + h.getSpaceBefore() + h.getSpaceAfter()
                j += 1
            need = heads
            if j < len(story):
                follow = _min_follow(story[j], w, fh) + story[j].getSpaceBefore()
                # a short lead-in (three lines or fewer) stays with the figure it introduces
                if isinstance(story[j], TextBlock) and follow <= 3 * story[j].lead + story[j].getSpaceBefore() \
                        and j + 1 < len(story) and len(story[j]._lines) < 4:
                    whole = _keeps_whole(story[j + 1], w, fh)
                    if whole and heads + follow + whole + story[j + 1].getSpaceBefore() <= fh:
                        follow += story[j].getSpaceAfter() + story[j + 1].getSpaceBefore() + whole
                if heads + follow > fh:       # too tall for one page with its heading: two lines of it
                    follow = min(follow, 3 * spec.theme.size * spec.theme.leading)
                need += follow
            out.append(CondPageBreak(min(need, fh)))
        elif isinstance(f, BoxFlow) and f.kind == "example":
            whole = _keeps_whole(f, w, fh)
            if whole:
                out.append(CondPageBreak(whole + f.getSpaceBefore()))
        out.append(f)
    return out


# ----------------------------------------------------------------------------------- cover
class _Cover(BookFlowable):
    def __init__(self, b: _Builder):
        super().__init__()
        self.b = b

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width, self.height = availWidth, availHeight - 1
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        g = self.b.game
        th = self.b.th
        w, h = self.width, self.height
        s = th.size
        title_size = s * 3.6
        y = h * 0.80
        text_line(c, _named(g.title, "gothic-bold"), "gothic-bold", title_size, w / 2, y, "center", th.ink)
        c.setStrokeColor(HexColor(th.accent))
        c.setLineWidth(1.2)
        c.line(w * 0.3, y - title_size * 0.55, w * 0.7, y - title_size * 0.55)
        if g.subtitle:
            text_line(c, _named(g.subtitle, "mincho"), "mincho", s * 1.9, w / 2, y - title_size * 0.55 - s * 3.0,
                      "center", th.ink)
        text_line(c, "ルールブック", "gothic", s * 1.1, w / 2, y - title_size * 0.55 - s * 5.4, "center", GREY)
        # a fan of real cards, one per suit (or the first cards), drawn from the data; the fan is a
        # picture of the game, so its cards go without the （仮） tag the line below explains
        if g.decks:
            faces, back = plan_deck(replace(g, final=True), g.decks[0])
            deck = g.decks[0]
            picks: list[CardPlan] = []
            for suit in deck.suits:
                card = next((cd for cd in deck.cards if cd.suit and cd.suit.id == suit.id), None)
                if card is not None:
                    picks.append(faces[card.id])
            if not picks:
                picks = [faces[cd.id] for cd in deck.cards[:5]]
            picks = picks[:5] or [back]
            scale = min(0.42, (w * 0.28) / picks[0].width)
            cx, cy = w / 2, h * 0.20
            n = len(picks)
            for k, plan in enumerate(picks):
                angle = (k - (n - 1) / 2) * 11.0
                c.saveState()
                c.translate(cx, cy)
                c.rotate(-angle)
                pw, ph = plan.width * scale, plan.height * scale
                draw_card(c, plan, -pw / 2, ph * 1.0, scale)
                c.restoreState()
        # facts from game.yaml
        facts = [("プレイ人数", m.players_text(g)), ("プレイ時間", g.play_time), ("対象年齢", g.age)]
        facts = [(k, v) for k, v in facts if v]
        fs = s * 1.05
        col = w / max(1, len(facts))
        base = h * 0.075
        for k, (label, value) in enumerate(facts):
            x = col * (k + 0.5)
            text_line(c, label, "gothic", fs * 0.8, x, base + fs * 1.5, "center", GREY)
            text_line(c, value, "gothic-bold", fs * 1.1, x, base, "center", th.ink)
        c.setStrokeColor(th.tint(0.5))
        c.setLineWidth(0.5)
        c.line(0, base + fs * 3.0, w, base + fs * 3.0)
        # who made what: the designer's game (and the draft it comes from); pnp only as the tool
        made = [f"ゲームデザイン：{g.designer}" if g.designer else "",
                f"{g.draft.version}より" if g.draft is not None and g.draft.version else "",
                f"ver. {g.version}" if g.version else "", "制作ツール：pnp"]
        text_line(c, "　".join(x for x in made if x), "gothic", s * 0.75, w / 2, -s * 1.2, "center", GREY)
        if not g.final and any(e.marked for e in g.ledger):
            text_line(c, "（仮）の印は pnp からの提案です。設計者の確認を待っています。", "gothic-bold", s * 0.75,
                      w / 2, -s * 2.5, "center", PROPOSAL)


# ----------------------------------------------------------------------------------- documents
def _prime_marks(c: Canvas, game: Game) -> None:
    """Define the painter's suit-mark forms before anything else is drawn on the first page: a form
    defined in the middle of a page that already uses transparency loses the page's ExtGState
    (reportlab), which showed as "ExtGState 'gRLs0' is unknown" and opaque watermarks."""
    from ..layout.plan import Mark, Rotated, TextBlock
    seen: dict[tuple[str, str, float], Mark] = {}

    def icon_marks(icons: Iterable[Any]) -> None:
        for icon in icons:
            if icon.shape is not None:
                seen.setdefault((icon.shape, icon.color, 1.0), Mark(icon.shape, 0, 0, 1, icon.color))

    def walk(items: Iterable[Any]) -> None:
        for it in items:
            if isinstance(it, Mark):
                seen.setdefault((it.shape, it.fill, it.opacity), it)
            elif isinstance(it, Rotated):
                walk(it.items)
            elif isinstance(it, TextBlock):      # inline icons of card text
                icon_marks(icon for _, icon in it.icons)

    icon_marks(game.icons.values())             # inline icons of the rulebook's text
    for deck in game.decks:
        try:
            plans = plan_deck(game, deck)
        except DataError:
            continue
        faces, back = plans
        for plan in [*faces.values(), back, *plans.backs.values()]:
            walk(plan.items)
    if not seen:
        return
    c.saveState()
    p = c.beginPath()
    p.rect(0, 0, 0, 0)
    c.clipPath(p, stroke=0, fill=0)
    for key in sorted(seen, key=repr):
        painter(c).mark(seen[key])
    c.restoreState()



class _Doc(BaseDocTemplate):  # type: ignore[misc]  # reportlab ships no types
    def __init__(self, target: Any, spec: PageSpec, game: Game, **kw: Any) -> None:
        self.spec = spec
        self.game = game
        super().__init__(target, pagesize=spec.size, leftMargin=spec.margin_x, rightMargin=spec.margin_x,
                         topMargin=spec.margin_top, bottomMargin=spec.margin_bottom, invariant=1,
                         title=f"{game.title} ルールブック", author=game.designer, creator="pnp",
                         producer="pnp", subject=game.subtitle,
                         initialFontName=fonts.pdf_name("mincho"), initialFontSize=spec.theme.size, **kw)
        pw, ph = spec.size
        frame = Frame(spec.margin_x, spec.margin_bottom, spec.frame_w, spec.frame_h, 0, 0, 0, 0, id="body")
        cover = Frame(spec.margin_x, spec.margin_bottom, spec.frame_w, ph - spec.margin_bottom - 12 * MM,
                      0, 0, 0, 0, id="cover")
        self.addPageTemplates([PageTemplate("cover", [cover], onPage=self._cover_page, pagesize=spec.size),
                               PageTemplate("body", [frame], onPage=self._body_page, pagesize=spec.size)])
        self.placed: list[tuple[int, Flowable]] = []

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        """reportlab's, with a failure while a directive's figure is laid out or drawn reported at the
        directive's file:line (set by _Builder.directive) instead of as a bare exception."""
        source = getattr(flowables[0], "pnp_source", None) if flowables else None
        try:
            super().handle_flowable(flowables)
        except PnpError:
            raise
        except Exception as exc:     # noqa: BLE001 — said at the directive's line, with what failed
            if source is None:
                raise
            raise DataError([_failed(source[0], source[1], exc)]) from exc

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 — reportlab's name
        """Remember what landed on which page (pnp's own flowables only, not breaks and spacers)."""
        if type(flowable).__module__.startswith("pnp."):
            self.placed.append((self.page, flowable))

    def _cover_page(self, c: Canvas, doc: Any) -> None:
        _prime_marks(c, self.game)
        th = self.spec.theme
        pw, ph = self.spec.size
        inset = 8 * MM
        c.saveState()
        c.setStrokeColor(HexColor(th.accent))
        c.setLineWidth(1.0)
        c.rect(inset, inset, pw - 2 * inset, ph - 2 * inset, stroke=1, fill=0)
        c.setLineWidth(0.4)
        c.rect(inset + 1.5 * MM, inset + 1.5 * MM, pw - 2 * inset - 3 * MM, ph - 2 * inset - 3 * MM, stroke=1, fill=0)
        c.restoreState()

    def _body_page(self, c: Canvas, doc: Any) -> None:
        spec = self.spec
        th = spec.theme
        pw, ph = spec.size
        n = c.getPageNumber()
        odd = n % 2 == 1
        left, right = spec.margin_x, pw - spec.margin_x
        head_y = ph - spec.margin_top + 7 * MM
        fs = th.size * 0.78
        head = "　".join(x for x in (self.game.title, self.game.subtitle) if x)
        head_spans = _named(head, "gothic")
        c.saveState()
        text_line(c, head_spans, "gothic", fs, right if odd else left, head_y, "right" if odd else "left", GREY)
        c.setStrokeColor(th.tint(0.45))
        c.setLineWidth(0.4)
        c.line(left, head_y - fs * 0.7, right, head_y - fs * 0.7)
        folio_y = spec.margin_bottom - 11 * MM
        x = right if odd else left
        c.setFillColor(HexColor(th.accent))
        sq = fs * 0.55
        text_line(c, str(n), "gothic-bold", th.size, x, folio_y, "right" if odd else "left", th.ink)
        nw = fonts.measure(str(n), "gothic-bold", th.size)
        bx = (x - nw - sq - fs * 0.6) if odd else (x + nw + fs * 0.6)
        c.rect(bx, folio_y + th.size * 0.15, sq, sq, stroke=0, fill=1)
        c.restoreState()


class _ReadingCanvas(Canvas):  # type: ignore[misc]  # reportlab ships no types
    cmyk = False      # a subclass with cmyk = True turns every colour into CMYK (--color cmyk)

    def __init__(self, *a: Any, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self.setCreator("pnp")
        self.setProducer("pnp")

    def setFillColor(self, aColor: Any, alpha: float | None = None) -> None:  # noqa: N802, N803 — reportlab's names
        super().setFillColor(self._ink(aColor), alpha)

    def setStrokeColor(self, aColor: Any, alpha: float | None = None) -> None:  # noqa: N802, N803 — reportlab's names
        super().setStrokeColor(self._ink(aColor), alpha)

    def _ink(self, color: Any) -> Any:
        if self.cmyk and not isinstance(color, CMYKColor):
            return rgb_to_cmyk(color.hexval().replace("0x", "#"))
        return color


def _nothing(*_a: Any, **_kw: Any) -> None:
    return None


class _NoText:
    """A text object that writes nothing (the dry canvas's)."""

    def __getattr__(self, _name: str) -> Any:
        return _nothing


class _DryCanvas(_ReadingCanvas):
    """A canvas that lays pages out and draws nothing: the first pass of typeset only learns on which
    page each heading falls (flowables still wrap, split and record their pages exactly as on a real
    canvas; only the marks on the page are left out: text, images, lines, forms, links)."""

    pnp_dry = True

    def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> _NoText:  # noqa: N802 — reportlab's name
        return _NoText()


for _name in ("drawText", "drawImage", "drawInlineImage", "drawPath", "clipPath", "rect", "roundRect", "circle",
              "ellipse", "line", "lines", "grid", "bezier", "arc", "wedge", "drawString", "drawRightString",
              "drawCentredString", "doForm", "beginForm", "endForm", "linkURL", "linkRect", "linkAbsolute",
              "bookmarkPage", "addOutlineEntry", "bookmarkHorizontal", "bookmarkHorizontalAbsolute"):
    setattr(_DryCanvas, _name, _nothing)


class _BookletCanvas(_ReadingCanvas):
    """Collects every page as a form XObject; at save(), places them two-up in saddle-stitch order.
    The pages are either drawn on it (showPage makes each a form) or taken over from a reading copy
    already drawn (``take_pages``), which writes the same bytes without laying the book out again."""

    sheet_size: tuple[float, float] = landscape(A4)

    def __init__(self, *a: Any, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self._forms: list[str] = []

    def showPage(self) -> None:  # noqa: N802 — reportlab's name
        w, h = self._pagesize
        form = pdfdoc.PDFFormXObject(lowerx=0, lowery=0, upperx=w, uppery=h)
        form.compression = self._pageCompression
        form.setStreamList([self._preamble] + self._code)
        self._setColorSpace(form)
        self._setExtGState(form)
        self._setXObjects(form)
        self._setAnnotations(form)
        carry_resources(form)
        self._add_page_form(form, w, h)
        self._startPage()

    def _add_page_form(self, form: Any, w: float, h: float) -> None:
        name = f"pnpPage{len(self._forms) + 1}"
        self._doc.addForm(name, form)
        self._forms.append(name)
        self._page_w, self._page_h = w, h

    def take_pages(self, reading: Canvas) -> None:
        """Take over every page drawn on ``reading`` (a canvas made with the same settings, not yet
        saved), as showPage would have made it had the same drawing been done here: every object the
        reading copy registered (marks, cards, images as form XObjects, colours), in its order, so
        each keeps its object number; each page as a form XObject with the page's own content
        stream and resources; the fonts with their subsets as the reading copy assigned them (the
        page streams name those subsets' characters).  The reading copy is left as it was: the
        objects are copied, and saving it afterwards writes the same bytes as before."""
        src, dst = reading._doc, self._doc
        for number in sorted(src.numberToId):
            name = src.numberToId[number]
            obj = src.idToObject[name]
            if name in dst.idToObject:         # made by every new document (the font dictionary)
                if dst.idToObjectNumberAndVersion[name] != src.idToObjectNumberAndVersion[name]:
                    raise PnpError(f"rulebook booklet: object {name} would change its number")
                continue
            if isinstance(obj, pdfdoc.PDFPage):
                self._add_page_form(_page_form(obj), obj.pagewidth, obj.pageheight)
                continue
            twin = copy.deepcopy(obj)
            if hasattr(twin, pdfdoc.__InternalName__):
                delattr(twin, pdfdoc.__InternalName__)
            dst.Reference(twin, name)
        for key, value in dst.fontMapping.items():
            if src.fontMapping.get(key) != value:
                raise PnpError(f"rulebook booklet: font {key} named differently from the reading copy")
        dst.fontMapping = dict(src.fontMapping)
        dst.delayedFonts = list(src.delayedFonts)
        for font in dst.delayedFonts:           # the same subsets, shared: neither document adds to them
            font.state[dst] = font.state[src]
        dst._pdfVersion = src._pdfVersion

    def save(self) -> None:
        if self._code:
            self.showPage()
        n = len(self._forms)
        sw, sh = self.sheet_size
        pw, ph = self._page_w, self._page_h
        x0, y0 = (sw - 2 * pw) / 2, (sh - ph) / 2
        for pair in saddle_order(n):
            self.setPageSize((sw, sh))
            for slot, page in enumerate(pair):
                if page <= n:
                    self.saveState()
                    self.translate(x0 + slot * pw, y0)
                    self.doForm(self._forms[page - 1])
                    self.restoreState()
            Canvas.showPage(self)
        Canvas.save(self)


def _page_form(page: pdfdoc.PDFPage) -> pdfdoc.PDFFormXObject:
    """A page of a reading copy (not yet saved) as the form XObject _BookletCanvas.showPage makes
    of the same drawing: the same content stream (less the blank line reportlab ends a page with)
    and resources."""
    end = "\n \n"         # Canvas.showPage appends " " to the page's code, setStream joins with a newline after
    if not isinstance(page.stream, str) or not page.stream.endswith(end):
        raise PnpError("rulebook booklet: a page's content is not in the form reportlab writes")
    form = pdfdoc.PDFFormXObject(lowerx=0, lowery=0, upperx=page.pagewidth, uppery=page.pageheight)
    form.compression = page.compression
    form.setStreamList(page.stream[:-len(end)])
    form._colorsUsed = page._colorsUsed
    form.ExtGState = page.ExtGState
    form.XObjects = page.XObjects
    form.Annots = page.Annots
    carry_resources(form)
    return form


def saddle_order(n_pages: int) -> list[tuple[int, int]]:
    """Sides of a saddle-stitched booklet, (left, right) page numbers, front then back of each sheet;
    the page count is padded to a multiple of 4 (numbers above n_pages are blank)."""
    total = max(4, math.ceil(n_pages / 4) * 4)
    sides = []
    for i in range(total // 4):
        sides.append((total - 2 * i, 2 * i + 1))
        sides.append((2 * i + 2, total - 2 * i - 1))
    return sides


@dataclass
class Layout:
    pages: int
    heading_pages: dict[int, int]
    toc: list[tuple[int, str, int]]
    page_ends: dict[int, str] = field(default_factory=dict)     # page → "heading:…" / "text" / "box:…" …
    split_boxes: list[tuple[int, str, str, float]] = field(default_factory=list)  # (page, kind, title, height)


def _describe(f: Flowable) -> str:
    if isinstance(f, Heading):
        return "heading:" + "".join(sp.text for sp in f.spans)
    if isinstance(f, BoxFlow):
        return f"box:{f.kind}"
    if getattr(f, "keep_with_next", False) and isinstance(f, TextBlock):   # a question's heading
        return "heading:" + "".join(sp.text for sp in f.spans)
    return type(f).__name__


def _page_facts(placed: list[tuple[int, Flowable]], frame_h: float) -> tuple[dict[int, str], list[Any]]:
    """The last flowable on each page, and every box that was split over two pages (with the height
    the whole box would need, so a caller can tell a box too tall for one page from a badly broken one)."""
    ends: dict[int, str] = {}
    splits = []
    for page, f in placed:
        ends[page] = _describe(f)
        if isinstance(f, BoxFlow) and f.open_below and not f.continued:
            splits.append((page, f.kind, "".join(sp.text for sp in f.title), f.whole_height))
    return ends, splits


def _run(doc: tree.Document, spec: PageSpec, target: Any, pages: dict[int, int], canvasmaker: type[Canvas],
         save: bool = True) -> tuple[Layout, Canvas]:
    """Lay the document out on a canvas of canvasmaker; save: write it to target (else the caller may
    call the canvas's save() later, or drop it: a pass whose bytes are not kept is not serialised)."""
    seen: dict[int, int] = {}

    def record(key: int, page: int) -> None:
        seen.setdefault(key, page)

    b = _Builder(doc, spec, pages, record)
    story = b.story()
    d = _Doc(target, spec, doc.game)
    d._doSave = save         # reportlab's own switch: build() then leaves the canvas unsaved
    d.build(story, canvasmaker=canvasmaker)
    ends, splits = _page_facts(d.placed, spec.frame_h)
    return Layout(d.page, seen, b.toc, ends, splits), d.canv


def typeset(doc: tree.Document, paper: str, reading: Path | None, booklet: Path | None,
            cmyk: bool = False) -> Layout:
    """Lay the document out until the 目次 agrees with itself, then write the requested files."""
    spec = page_spec(doc.game, paper)
    pages: dict[int, int] = {}
    icons = dict(doc.game.icons)
    # nothing to write (pnp validate): every pass is laid out on a canvas that places every line but draws nothing
    measuring = reading is None and booklet is None
    reading_canvas = type("_Reading", (_ReadingCanvas,), {"cmyk": cmyk, "pnp_icons": icons})
    dry_canvas = type("_Dry", (_DryCanvas,), {"cmyk": cmyk, "pnp_icons": icons})
    for i in range(4):
        buf = io.BytesIO()
        # the first pass only finds the headings' pages (nothing drawn: a third of the time); the
        # passes after it are drawn, and the one that agrees with its 目次 is kept
        lay, canvas = _run(doc, spec, buf, pages, dry_canvas if i == 0 or measuring else reading_canvas, save=False)
        if lay.heading_pages == pages and i > 0:
            break
        pages = lay.heading_pages
    else:
        raise PnpError(msg("rulebook.toc_unsettled"))
    if booklet is not None:       # the booklet places the pages just drawn: nothing laid out or drawn again
        maker = type("_Booklet", (_BookletCanvas,), {"sheet_size": spec.sheet, "cmyk": cmyk, "pnp_icons": icons})
        sheets = _Doc(str(booklet), spec, doc.game)._makeCanvas(canvasmaker=maker)
        sheets.take_pages(canvas)
        sheets.save()
    if reading is not None:       # only the pass that settled is serialised
        canvas.save()
        reading.write_bytes(buf.getvalue())
    return lay
