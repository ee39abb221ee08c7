"""The document tree as platypus flowables (the story): headings that record their pages for the 目次,
paragraphs, lists, tables and boxes, and the directives — card and part figures, pictures, diagrams, and
the sections pnp writes from the data (the components, the rulings, the designer's open questions).
Whatever fails while a directive's flowable is made is reported at the directive's file:line."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from reportlab.platypus import NextPageTemplate, PageBreak
from reportlab.platypus.flowables import Flowable

from ..data.ledger import TOPIC_NAMES
from ..data.ledger import open_questions as ledger_questions
from ..data.model import Card, Deck, Where
from ..errors import DataError, PnpError, Problem
from ..layout.card import plan_deck
from ..layout.plan import CardPlan
from ..text.inline import Inline, Run, merge_runs, plain_text
from ..text.linebreak import Span
from . import datatext, tree
from .breaks import figure_refs, keep_headings
from .cover import Cover
from .flow import (
    BULLET,
    GREY,
    PROPOSAL,
    PROPOSAL_LABEL,
    BoxFlow,
    CardFigure,
    DiagramFigure,
    Heading,
    PartFigure,
    QuestionHeading,
    TableFlow,
    TextBlock,
    TocFlow,
)
from .page import MM, PageSpec
from .spans import label_spans, span_of, spans_of

PICTURE_DPI = 150.0     # an image of the rulebook without a resolution of its own is printed at this one
QUOTE_CLIPS = (24, 21, 18, 15, 12, 9)   # a question quotes its ruling's first ~24 characters, fewer to fit a line
DIAGRAM_SCALE = 0.24          # DiagramFigure's scale of a card
FIGURE_SHRINK = 0.85          # a diagram may be drawn this much smaller to stay on its page


class StoryBuilder:
    """One pass's story of a document: pages holds the headings' pages of the pass before (for the 目次),
    record is told where each heading lands in this one."""

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
        story: list[Flowable] = [NextPageTemplate("body"), Cover(self.game, self.th), PageBreak()]
        story.append(Heading(1, [Span("目次", "gothic-bold", self.th.size)], self.th, None, self.record))
        story.append(TocFlow(list(self.toc_spans), self.pages, self.th))
        story.append(PageBreak())
        story.extend(body)
        try:
            return keep_headings(figure_refs(story, self.spec), self.spec)   # measures the flowables: a figure may fail here
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
                    raise DataError([drawing_failed(source[0], source[1], exc)]) from exc
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
            raise DataError([drawing_failed(b.loc, name, exc)]) from exc
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


def drawing_failed(loc: tree.Loc, name: str, exc: BaseException) -> Problem:
    return Problem(loc.file, loc.line, 1, "", f"{name}: could not be drawn ({type(exc).__name__}: {exc}); "
                                              "this is a fault in pnp, not in the rulebook — please report it")
