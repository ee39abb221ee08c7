"""Text from the game's data (card titles, deck names, rulings, questions) read as the rulebook's
inline markup: a card's name as a caption prints it, a ruling clipped between phrases."""
from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from ..data.model import Deck
from ..errors import Problem
from ..messages import lang
from ..text.inline import Inline, InlineError, Run, merge_runs, parse_inline
from ..text.linebreak import phrase_cut

BACK_OF = "/back"


def clip_runs(runs: Inline, n: int) -> Inline:
    """At most about n characters of runs' base text, with 「…」 when cut: cut between phrases, never
    inside a word or a number nor with a bracket left open (:func:`pnp.text.linebreak.phrase_cut`);
    a ruby group whole."""
    out: list[Run] = []
    n = phrase_cut("".join(r.text or " " for r in runs), n)
    left = n
    for r in runs:
        if left <= 0:
            break
        if r.ruby is not None or r.icon is not None or len(r.text) <= left:
            out.append(r)
            left -= len(r.text) or 1
        else:
            out.append(Run(r.text[:left], r.style, None, r.color))
            left = 0
    cut = sum(len(r.text) or 1 for r in runs) > n
    return merge_runs(out + ([Run("…")] if cut else []))



Reader = Callable[[str, str], Inline]     # (text from the data, what it is) → runs


def plain_reader(text: str, what: str) -> Inline:
    """Data text named in a caption or a heading: its ruby stays ruby, an inline icon (``:coin:``) is left
    out (the name reads without it); only text that is not markup at all is printed as it is."""
    runs, errors = parse_inline(text, icons=None, newlines=False)
    if errors:      # icons are not drawn here: read them as icons and leave them out, not as raw markup
        runs, errors = parse_inline(text, icons=set(re.findall(r":([a-z0-9][a-z0-9_-]*):", text)), newlines=False)
        runs = merge_runs(tuple(r for r in runs if r.icon is None))
    return runs if not errors else (Run(text),)


def card_label(deck: Deck, card_id: str, read: Reader = plain_reader) -> Inline:
    """What a card is called inside its deck: 「貪欲の3」 for a suited number card, else its title
    (read as the card prints it: ruby stays ruby), else its suit's name; 「裏」 for the back, 「船主の裏」
    for a card's own back (``deck/card/back``)."""
    if card_id == "back":
        return (Run("裏"),)
    if card_id.endswith(BACK_OF):                            # a card's own back: 「船主の裏」
        return merge_runs(card_label(deck, card_id.removesuffix(BACK_OF), read) + (Run("の裏"),))
    card = deck.card(card_id)
    if card.suit is not None and isinstance(card.value, int):   # a suited number card: 「貪欲の3」
        return merge_runs(read(card.suit.name, f"suit {card.suit.id}: name") + (Run(f"の{card.value}"),))
    if card.title:                                             # anything else by its own title
        return read(card.title, f"card {deck.id}/{card.id}: title")
    return read(card.suit.name, f"suit {card.suit.id}: name") if card.suit else ()


def card_name(deck: Deck, card_id: str, read: Reader = plain_reader) -> Inline:
    """A card as a caption names it: 「煩悩カード（貪欲の3）」, 「煩悩カード（裏）」."""
    label = card_label(deck, card_id, read)
    name = read(deck.name, f"deck {deck.id}: name")
    return merge_runs(name + (Run("（"),) + label + (Run("）"),)) if label else name


def data_inline(text: str, where: Any, field_path: str, icons: tuple[str, ...] | None = None) -> tuple[Inline, list[Problem]]:
    """Text from the data that the rulebook prints (a description, a ruling, a question) in the same
    inline markup as the rulebook's own text, so a hard reading gets its ruby there too
    (``{五蓋|ごがい}``); problems located at the data's own line (where: a :class:`Where`)."""
    runs, errors = _data_runs(text, None if icons is None else tuple(icons))
    return runs, [where.problem(field_path, e.message) for e in errors]


def _data_runs(text: str, icons: tuple[str, ...] | None) -> tuple[Inline, tuple[InlineError, ...]]:
    return _data_runs_in(text, icons, lang())      # problems worded in the language asked for


@functools.lru_cache(maxsize=8192)
def _data_runs_in(text: str, icons: tuple[str, ...] | None, _lang: str) -> tuple[Inline, tuple[InlineError, ...]]:
    """data_inline's parse, once per text: the same name or ruling is read by every check and
    every pass of the typesetting (runs and errors are immutable)."""
    runs, errors = parse_inline(text, icons=icons, newlines=False)
    return runs, tuple(errors)

