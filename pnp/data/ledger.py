"""The designer's ledger: for every ruling, deck, card, part, component and rulebook section, where it
comes from.

A game made from a designer's draft (``draft:`` in game.yaml) keeps the draft beside its data.  Each
item then carries either

* ``source:`` — the draft passage it rests on, quoted verbatim (one string or a list); the quotation
  must occur in the draft (compared after Unicode NFKC and without white space, since the drafts set
  full-width spaces and digits freely), or
* ``provisional: true`` with a ``question:`` for the designer — what the draft leaves unclear, the
  options, the one pnp plays (``chosen``) and why.  Where an engine can play an option, the option
  names its ``variant:`` or engine ``options:`` so the simulator can compare them.

Provisional items are pnp's proposals: they print with a （仮） mark until the designer answers
(``answer:`` — the option he chose), which makes the item his.  Cards inherit their deck's standing
unless they carry their own.  Without ``draft:`` a game is the designer's own and only what he marks
``provisional`` is treated as a proposal.  In the designer's own game a ruling (and a rulebook
section) is the designer's (``by: designer``) unless it says ``by: pnp``: its question is the designer's
own note (printed under 「設計者のメモ」, without （仮）), and only pnp's items print as 「pnp からの提案」.
Decks, cards, parts and components say ``by: designer`` themselves.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol

from ..errors import DataError, Problem
from ..messages import did_you_mean, did_you_mean_file, msg
from .model import Where
from .yamlsource import SourceMap, read_text_file

TOPIC_NAMES = {"rules": "ルール", "content": "内容（カード・部品）", "counts": "枚数・個数", "terms": "用語"}


@dataclass(frozen=True)
class Option:
    id: str
    text: str
    variant: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Question:
    topic: str
    ask: str
    options: tuple[Option, ...]
    chosen: str
    why: str
    answer: str | None
    where: Where

    def option(self, option_id: str) -> Option:
        for o in self.options:
            if o.id == option_id:
                return o
        raise KeyError(option_id)

    @property
    def open(self) -> bool:
        return self.answer is None


@dataclass(frozen=True)
class Quote:
    text: str
    where: Where


@dataclass(frozen=True)
class Entry:
    """One item of the ledger: what it is, and whether it is the designer's or pnp's proposal."""

    kind: str                 # ruling | deck | card | part | component | section
    ref: str                  # "rulings/hidden", "events", "events/e01", "station", "rulebook/03-setup.md"
    label: str                # what a reader calls it (Japanese)
    source: tuple[Quote, ...]
    provisional: bool
    question: Question | None
    where: Where
    inherited: bool = False   # a card that takes its deck's standing
    by: str = "pnp"           # who wrote a provisional item or a question: pnp (a proposal) or the designer

    @property
    def asked(self) -> Question:
        """The question of an entry that has one (every entry ``open_questions`` returns)."""
        if self.question is None:
            raise ValueError(f"{self.ref}: no question for the designer")
        return self.question

    @property
    def answered(self) -> bool:
        return self.question is not None and self.question.answer is not None

    @property
    def marked(self) -> bool:
        """Printed with （仮）: pnp's proposal the designer has not yet answered."""
        return self.provisional and not self.answered and self.by != "designer"

    @property
    def designer_question(self) -> bool:
        """The designer's own open question (「設計者のメモ」), never printed as pnp's proposal."""
        return self.by == "designer" and self.question is not None and not self.answered


@dataclass(frozen=True)
class Ruling:
    id: str
    text: str
    printed: bool
    entry: Entry

    @property
    def provisional(self) -> bool:
        return self.entry.marked


@dataclass(frozen=True)
class Draft:
    """The designer's draft the game was made from (a text file in the game's folder)."""

    path: Path
    display: str
    version: str
    text: str = field(repr=False)

    @cached_property
    def plain(self) -> str:
        """The draft as quotations are compared with it (computed once per draft)."""
        return plain_text(self.text)

    def contains(self, quote: str) -> bool:
        return plain_text(quote) in self.plain


_SPACE = re.compile(r"\s+")


def plain_text(text: str) -> str:
    """Text compared for quotations: NFKC (全角→半角 where Unicode says so), no white space."""
    return _SPACE.sub("", unicodedata.normalize("NFKC", text))


class Positions(Protocol):
    """Where the values of one source sit: a YAML file's source map, or a rulebook section's front matter."""

    file: str

    def where(self, path: tuple[Any, ...]) -> tuple[int, int]: ...

    def problem(self, path: tuple[Any, ...], message: str) -> Problem: ...


def _at(smap: Positions, path: tuple[Any, ...]) -> Where:
    """Where a value sits: a spreadsheet cell for cards read from one, else the YAML line."""
    locate = getattr(smap, "location", None)
    return locate(path) if locate is not None else Where(smap.file, *smap.where(path))


def read_entry(kind: str, ref: str, label: str, data: Mapping[str, Any], smap: Positions, path: tuple[Any, ...],
               parent: Entry | None = None, default_by: str = "pnp") -> tuple[Entry, list[Problem]]:
    """The ledger entry of one YAML mapping (``path`` is where that mapping sits in the file).
    default_by: who wrote an item that does not say (``by:``) — pnp in a game made from a draft, the
    designer in their own game (no ``draft:`` in game.yaml)."""
    problems: list[Problem] = []
    where = _at(smap, path)
    raw_source = data.get("source")
    quotes: tuple[Quote, ...] = ()
    if isinstance(raw_source, str):
        quotes = (Quote(raw_source, _at(smap, path + ("source",))),)
    elif isinstance(raw_source, list):
        quotes = tuple(Quote(q, _at(smap, path + ("source", i)))
                       for i, q in enumerate(raw_source) if isinstance(q, str))
    question = None
    if isinstance(data.get("question"), Mapping):
        question, errs = _read_question(data["question"], data.get("answer"), smap, path)
        problems.extend(errs)
    elif "answer" in data:
        problems.append(smap.problem(path + ("answer",), msg("ledger.answer_needs_question")))
    provisional = bool(data.get("provisional", False))
    if quotes and provisional:
        problems.append(smap.problem(path + ("provisional",), msg("ledger.source_or_provisional")))
    by = str(data.get("by", parent.by if parent is not None else default_by))
    if question is not None and not provisional and by != "designer":
        problems.append(smap.problem(path + ("question",), msg("ledger.question_needs_provisional")))
    own = bool(quotes) or "provisional" in data or question is not None
    if parent is not None and not own:
        return Entry(kind, ref, label, parent.source, parent.provisional, parent.question, where, True,
                     parent.by), problems
    return Entry(kind, ref, label, quotes, provisional, question, where, by=by), problems


def _read_question(q: Mapping[str, Any], answer: Any, smap: Positions, path: tuple[Any, ...]) -> tuple[Question, list[Problem]]:
    qpath = path + ("question",)
    problems: list[Problem] = []
    options = tuple(Option(o["id"], o["text"], o.get("variant"), dict(o.get("options", {})))
                    for o in q["options"])
    ids = [o.id for o in options]
    for i, oid in enumerate(ids):
        if oid in ids[:i]:
            problems.append(smap.problem(qpath + ("options", i, "id"), msg("ledger.duplicate_option", id=oid)))
    if q["chosen"] not in ids:
        problems.append(smap.problem(qpath + ("chosen",), msg("ledger.chosen_not_option", chosen=q['chosen'],
                                                              options=ids, hint=did_you_mean(q['chosen'], ids))))
    if answer is not None and answer not in ids:
        problems.append(smap.problem(path + ("answer",), msg("ledger.answer_not_option", answer=answer, options=ids,
                                                             hint=did_you_mean(answer, ids))))
    elif answer is not None and answer != q["chosen"]:
        problems.append(smap.problem(path + ("answer",), msg("ledger.answer_not_played", answer=answer, chosen=q['chosen'])))
    return Question(q.get("topic", "rules"), q["ask"], options, q["chosen"], q["why"], answer,
                    _at(smap, qpath)), problems


def audit(entries: list[Entry], draft: Draft, component_names: Mapping[str, Entry]) -> list[Problem]:
    """What a game made from a draft must satisfy: every quotation occurs in the draft, every item is
    either sourced or a provisional proposal with a question, and every component keeps the draft's
    name unless a question explains the rename."""
    problems: list[Problem] = []
    for e in entries:
        for q in e.source:
            if not draft.contains(q.text):
                problems.append(q.where.problem("source", msg("ledger.quotation_not_in_draft", quote=_short(q.text),
                                                              draft=draft.display)))
        if e.inherited:
            continue
        if not e.source and not e.provisional:
            problems.append(e.where.problem("source", f"{e.label}: " + msg("ledger.not_traced")))
        elif e.provisional and e.question is None:
            problems.append(e.where.problem("question", f"{e.label}: " + msg("ledger.provisional_needs_question")))
    for name, e in component_names.items():
        if not draft.contains(name) and (e.question is None or e.question.topic != "terms"):
            problems.append(e.where.problem("name", msg("ledger.name_not_in_draft", name=name)))
    return problems


_KIND_ORDER = ("ruling", "component", "deck", "card", "part", "section")


def open_questions(ledger: Sequence[Entry], extra: Sequence[Entry | None] = ()) -> list[tuple[str, Entry]]:
    """(topic, entry) of every question still open — pnp's proposals the designer has not answered —
    grouped by topic (rules, content, counts, terms), then by kind of item, in data order."""
    items = [e for e in list(ledger) + [e for e in extra if e is not None]
             if (e.marked or e.designer_question) and e.question is not None and not e.inherited]
    order = {t: k for k, t in enumerate(TOPIC_NAMES)}

    def topic(e: Entry) -> str:
        assert e.question is not None     # only entries with a question were kept above
        return e.question.topic
    ranked = sorted(enumerate(items), key=lambda ke: (order.get(topic(ke[1]), 99),
                                                      _KIND_ORDER.index(ke[1].kind), ke[0]))
    return [(topic(e), e) for _, e in ranked]


def _short(text: str, n: int = 30) -> str:
    return text if len(text) <= n else text[:n] + "…"


def read_draft(folder: Path, spec: Mapping[str, Any], display: str, smap: SourceMap) -> tuple[Draft | None, list[Problem]]:
    rel = spec["file"]
    target = (folder / rel).resolve()
    try:
        target.relative_to(folder.resolve())
    except ValueError:
        return None, [smap.problem(("draft", "file"), msg("ledger.draft_outside", draft=rel))]
    if not target.is_file():
        return None, [smap.problem(("draft", "file"), msg("ledger.draft_not_found", draft=rel,
                                                          hint=did_you_mean_file(folder, rel)))]
    try:
        text = read_text_file(target, f"{display}/{rel}")
    except DataError as exc:
        return None, list(exc.problems)
    return Draft(target, f"{display}/{rel}", str(spec.get("version", "")), text), []


__all__ = ["Option", "Question", "Quote", "Entry", "Ruling", "Draft", "read_entry", "audit", "read_draft",
           "plain_text", "open_questions", "TOPIC_NAMES"]
