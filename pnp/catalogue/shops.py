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
    # — naming a shop (pnp.render.shops, pnp build --shop) —
    "shops.unknown": {
        "en": "unknown shop profile {shop!r} (built in: {shops:list}){hint}",
        "ja": "印刷所のプロファイル {shop!r} はありません（組み込み：{shops:list}）{hint}"},
    "shops.unknown_option": {
        "en": "unknown shop profile {shop!r} (built in: {shops:list}; a game's own shop is its game.yaml "
              "print.shop, used when --shop is not given){hint}",
        "ja": "印刷所のプロファイル {shop!r} はありません（組み込み：{shops:list}。ゲーム独自の印刷所は "
              "game.yaml の print.shop で、--shop を付けないときに使われます）{hint}"},
    "shops.cards_do_not_fit": {
        "en": "the cards of {deck} do not fit the sheet of the print shop {shop}",
        "ja": "{deck} のカードが印刷所 {shop} の用紙に入りません"},
}
