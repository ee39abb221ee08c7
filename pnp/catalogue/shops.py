"""Messages of print shops' profiles and imposition (pnp.render.shops): code → {"en": …, "ja": …}."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "shops.impose_not_finite": {
        "en": "expected finite numbers, got {value}",
        "ja": "有限の数が必要です（{value}）",
    },
    "shops.impose_gutter": {
        "en": "a gutter of {gutter} mm leaves no room for each card's トンボ between two cards' {bleed} mm bleeds "
              "(at least {least} mm)",
        "ja": "間隔 {gutter} mm では、隣り合うカードの塗り足し {bleed} mm のあいだにカードごとのトンボが入りません"
              "（{least} mm 以上）",
    },
    "shops.impose_no_fit": {
        "en": "the cards of {deck} ({card} mm, {bleed} mm bleed) do not fit: {columns} × {rows} of them, "
              "{gutter} mm apart, with {margin} mm for bleed and トンボ at the sheet's edges, need {need} mm; "
              "the sheet is {sheet} mm",
        "ja": "{deck} のカード（{card} mm・塗り足し {bleed} mm）が入りません：{columns} × {rows} 面を間隔 {gutter} mm、"
              "用紙の端に塗り足しとトンボの {margin} mm を取って並べると {need} mm、用紙は {sheet} mm",
    },
}
