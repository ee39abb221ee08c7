"""Property: any card list written by `pnp export` reads back as the same cards (CSV and TSV)."""
from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pnp.data.export import encode_exactly
from pnp.data.sheets import cards_from_table, cards_to_csv, read_delimited
from pnp.errors import DataError

INT = re.compile(r"\s*-?(0|[1-9][0-9]*)\s*")
ids = st.from_regex(r"[a-z0-9][a-z0-9_-]{0,8}", fullmatch=True)
# text a designer types: Japanese, ASCII, punctuation that CSV must quote, line breaks; never blank
text = st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp"), include_characters="\n,\"\t"),
               min_size=1, max_size=12).filter(lambda s: s.strip() != "")
loose_text = text.filter(lambda s: not INT.fullmatch(s))
number = st.integers(-1000, 1000)
card = st.fixed_dictionaries(
    {"id": ids},
    optional={"title": text, "suit": ids, "value": st.one_of(number, loose_text), "body": text, "flavor": text,
              "count": st.integers(1, 9), "provisional": st.booleans(),
              "fields": st.dictionaries(st.sampled_from(["cost", "power", "note"]), st.one_of(number, loose_text),
                                        min_size=1, max_size=3),
              "rules": st.dictionaries(st.sampled_from(["hours", "kind", "tags"]),
                                       st.one_of(number, loose_text, st.booleans(), st.lists(number, max_size=3)),
                                       min_size=1, max_size=3)})


@settings(max_examples=60, deadline=None)
@example([{"id": "0", "title": "表"}], ",", "cp932")     # kanji without kana: Shift_JIS or Windows-1252
@given(st.lists(card, min_size=1, max_size=6, unique_by=lambda c: c["id"]), st.sampled_from([",", "\t"]),
       st.sampled_from(["utf-8", "utf-8-sig", "cp932"]))
def test_written_cards_read_back_unchanged(cards, sep, encoding):
    text_out = cards_to_csv(cards, sep)
    try:
        data = encode_exactly(text_out, encoding)
    except UnicodeEncodeError:
        data = text_out.encode("utf-8")          # Shift_JIS cannot hold every character: UTF-8 then
    try:
        table = read_delimited(data, "cards.csv", sep)
    except DataError as exc:
        # Shift_JIS text with kanji but no kana reads as Windows-1252 too: pnp asks for the encoding, and
        # with it named (cards: {from: …, encoding: cp932}) the cards read back
        assert encoding == "cp932" and "name the encoding" in str(exc), exc
        table = read_delimited(data, "cards.csv", sep, encoding="cp932")
    got, _, problems = cards_from_table(table)
    assert problems == []
    assert got == cards
