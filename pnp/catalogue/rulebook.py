"""Messages of the rulebook (pnp.rulebook: its paper, tables, contents): code → {"en": …, "ja": …}."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "rulebook.unknown_paper": {
        "en": "unknown rulebook paper {paper!r} (use {papers:list}){hint}",
        "ja": "ルールブックの用紙 {paper!r} はありません（{papers:list} のどれか）{hint}"},
    "rulebook.table_too_wide": {
        "en": "a table of {columns} columns does not fit the page width ({width:.0f} mm): column {column} gets "
              "{gets:.1f} mm, less than one character; use fewer columns or split the table",
        "ja": "{columns} 列の表がページの幅（{width:.0f} mm）に収まりません。{column} 列目の幅は {gets:.1f} mm で、"
              "1文字分もありません。列を減らすか、表を分けてください"},
    "rulebook.toc_unsettled": {
        "en": "rulebook layout did not settle: the 目次 keeps moving the headings",
        "ja": "ルールブックの組版が定まりません：目次が見出しの位置を動かし続けます"},
}
