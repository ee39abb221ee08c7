"""Rulebooks: Markdown-like sources in components/<game>/rulebook/ typeset as an A5 booklet.

The source format and its parser are :mod:`pnp.rulebook.markup`, the tree it builds :mod:`pnp.rulebook.tree`
({{ref:…}} put in place by :mod:`pnp.rulebook.refs`);
typesetting is :mod:`pnp.rulebook.book`.
Entry points for the build and the validator:

* :func:`has_rulebook` — the game has rulebook sources;
* :func:`check_rulebook` — every problem (markup, front matter, unknown cards / components /
  rulings, characters missing from the fonts), never raises; :func:`checked_rulebook` gives the
  parsed document too, for build_rulebook to typeset without parsing it again;
* :func:`stated_counts` — (file, line, component name, number) for every count the text states;
* :func:`build_rulebook` — writes ``rulebook.pdf`` and ``rulebook-booklet.pdf``.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..data.ledger import audit
from ..data.model import Game
from ..errors import DataError, Problem
from ..files import atomic_path
from ..messages import did_you_mean, msg
from ..text import fonts
from ..text.inline import Run
from . import datatext, markup, tree
from .markup import FRONT_MATTER_SCHEMA, parse_rulebook

__all__ = ["build_rulebook", "has_rulebook", "check_rulebook", "checked_rulebook", "stated_counts",
           "FRONT_MATTER_SCHEMA", "PAPERS"]

PAPERS = ("a5", "a4")


def has_rulebook(game: Game) -> bool:
    return bool(markup.source_files(game))


def _glyph_problems(doc: tree.Document) -> list[Problem]:
    problems: list[Problem] = []
    for section in doc.sections:
        items: list[Any] = []
        tree.collect_texts(section.blocks, items)
        heads: list[Any] = []
        _headings(section.blocks, heads)
        checks = [(loc, run.text + (run.ruby or ""), ("mincho", "gothic", "gothic-bold")[
            ("", "term", "strong").index(run.style)]) for loc, runs in items for run in runs]
        checks += [(loc, text, f) for loc, text in heads for f in ("gothic-bold", "gothic")]
        for loc, text, font in checks:
            missing = fonts.missing_glyphs(text, font)
            if missing:
                chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
                problems.append(Problem(loc.file, loc.line, 0, "", msg("layout.glyph_missing", chars=chars, font=font)))
    g = doc.game
    where = g.where
    for text, font in ((g.title, "gothic-bold"), (g.subtitle, "mincho"), (g.subtitle, "gothic"),
                       (g.play_time, "gothic-bold"), (g.age, "gothic-bold")):
        missing = fonts.missing_glyphs(text or "", font)
        if missing:
            problems.append(where.problem("", msg("layout.glyph_missing_cover", chars=", ".join(missing), font=font)))
    for entry in g.ledger:   # questions print in the rulebook's 「設計者への質問」
        q = entry.question
        if q is None:
            continue
        for text, font in [(_seen(doc.reference(entry)), "gothic-bold")] + [
                (_seen(datatext.data_inline(t, q.where, "")[0]), "mincho") for t in [q.ask, q.why] + [o.text for o in q.options]]:
            missing = fonts.missing_glyphs(text, font)
            if missing:
                problems.append(q.where.problem("question", msg("layout.glyph_missing", chars=", ".join(missing),
                                                                font=font)))
    for comp in g.components:
        for text, font in ((comp.name, "gothic-bold"), (comp.description, "mincho")):
            missing = fonts.missing_glyphs(text or "", font)
            if missing:
                problems.append(comp.where.problem("", msg("layout.glyph_missing", chars=", ".join(missing), font=font)))
    return problems


def _seen(runs: Iterable[Run]) -> str:
    """Every character a reader sees of runs: the base text and the ruby above it."""
    return "".join(r.text + (r.ruby or "") for r in runs)


def _data_problems(doc: tree.Document) -> list[Problem]:
    """Inline markup of the data the rulebook prints (names, descriptions, rulings, questions): a
    brace or a ruby that does not parse is an error at its own line, never printed as typed."""
    g = doc.game
    icons = tuple(g.icons)
    texts: list[tuple[str, Any, str]] = [(g.title, g.where, "title"), (g.subtitle or "", g.where, "subtitle")]
    texts += [(c.name, c.where, "name") for c in g.components]
    texts += [(c.description or "", c.where, "description") for c in g.components]
    for deck in g.decks:
        texts.append((deck.name, deck.where, "name"))
        texts += [(x, deck.where, "suits") for s in deck.suits for x in (s.name, s.description or "")]
    texts += [(r.text, r.entry.where, "text") for r in g.rulings]
    for entry in g.ledger:
        q = entry.question
        if q is not None:
            texts += [(q.ask, q.where, "ask"), (q.why, q.where, "why")] + [(o.text, q.where, "options") for o in q.options]
    problems: list[Problem] = []
    for text, where, field_path in texts:
        problems += datatext.data_inline(text, where, field_path, icons)[1]
    return problems


def _headings(blocks: Iterable[Any], out: list[tuple[tree.Loc, str]]) -> None:
    for b in blocks:
        if isinstance(b, tree.Heading):
            out.append((b.loc, "".join(r.text + (r.ruby or "") for r in b.text)))


def check_rulebook(game: Game) -> list[Problem]:
    """Parse, check references and glyph coverage; every problem, sorted (empty: all good)."""
    return checked_rulebook(game)[1]


def checked_rulebook(game: Game) -> tuple[tree.Document | None, list[Problem]]:
    """The parsed rulebook (None when the game has none) and every problem check_rulebook finds; a
    document without problems can be handed to build_rulebook, which then does not parse it again."""
    if not has_rulebook(game):
        return None, []
    doc, problems = parse_rulebook(game)
    return doc, _all_problems(doc, problems)


def _all_problems(doc: tree.Document, parse_problems: list[Problem]) -> list[Problem]:
    """Those of parsing, glyph coverage and the ledger, sorted (the checks that follow a parse)."""
    return sorted(set(parse_problems + _glyph_problems(doc) + _ledger_problems(doc) + _data_problems(doc)))


def _ledger_problems(doc: tree.Document) -> list[Problem]:
    """A game made from a draft: every section says where it comes from (front matter)."""
    draft = doc.game.draft
    if draft is None:
        return []
    problems: list[Problem] = []
    for section in doc.sections:
        if section.draft_only and (section.entry is None or not section.entry.provisional):
            continue   # pnp's own questions to the designer, printed only while they are open
        if section.entry is None:
            problems.append(Problem(section.file, 1, 1, "source", "a section of a game made from a draft starts "
                                    "with front matter naming its source: (a quotation of the draft) or "
                                    "provisional: true with a question"))
        else:
            problems.extend(audit([section.entry], draft, {}))
    return problems


def stated_counts(game: Game) -> list[tuple[str, int, str, int]]:
    """Every (file, line, component name, number) the rulebook states: 「煩悩カード（40枚）」 in prose
    (ASCII or full-width digits) and each {{count:ID}} (which prints the data's own number)."""
    if not has_rulebook(game):
        return []
    doc, _ = parse_rulebook(game)
    return sorted(set(doc.counts))


def build_rulebook(game: Game, out_dir: Path, paper: str = "a5", cmyk: bool = False,
                   doc: tree.Document | None = None) -> list[Any]:
    """Write out_dir/rulebook.pdf (reading order) and out_dir/rulebook-booklet.pdf (saddle-stitch
    imposition, two pages a side); atomic writes, same input → same bytes.  Raises DataError with
    every problem when the sources are wrong.  doc: the game's rulebook as checked_rulebook parsed it
    and found no problem in (it is typeset as it is)."""
    from ..outputs import Written
    from .book import typeset
    from .booklet import saddle_order
    from .page import PAPERS as _SIZES

    if paper not in _SIZES:
        from ..errors import PnpError
        raise PnpError(msg("rulebook.unknown_paper", paper=paper, papers=_SIZES, hint=did_you_mean(paper, _SIZES)))
    if doc is None:
        doc, parse_problems = parse_rulebook(game)       # parsed once: checked, then typeset
        problems = _all_problems(doc, parse_problems)
        if problems:
            raise DataError(problems)
    out_dir = Path(out_dir)
    reading, booklet = out_dir / "rulebook.pdf", out_dir / "rulebook-booklet.pdf"
    with atomic_path(reading) as tmp_r, atomic_path(booklet) as tmp_b:
        lay = typeset(doc, paper, tmp_r, tmp_b, cmyk)
    return [Written("rulebook", reading, lay.pages), Written("rulebook-booklet", booklet, len(saddle_order(lay.pages)))]
