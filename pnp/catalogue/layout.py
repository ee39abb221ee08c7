"""Messages of layout (pnp.layout: sheets, papers, parts, tiling): code → {"en": …, "ja": …}."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "layout.deck_not_planned": {
        "en": "deck {deck!r} is not planned: its layout {layout!r} has problems of its own",
        "ja": "デッキ {deck!r} は配置できません：そのテンプレート {layout!r} 自体に問題があります"},
    "layout.part_too_big": {
        "en": "{w:.0f} × {h:.0f} mm does not fit the {room_w:.0f} × {room_h:.0f} mm printable area",
        "ja": "{w:.0f} × {h:.0f} mm は印刷できる範囲 {room_w:.0f} × {room_h:.0f} mm に収まりません"},
    "layout.part_too_big_turned": {
        "en": "{w:.0f} × {h:.0f} mm does not fit the {room_w:.0f} × {room_h:.0f} mm printable area, upright or turned",
        "ja": "{w:.0f} × {h:.0f} mm は、縦でも横でも、印刷できる範囲 {room_w:.0f} × {room_h:.0f} mm に収まりません"},
    "layout.unknown_paper": {
        "en": "unknown paper {paper!r} (papers: {papers:list}){hint}",
        "ja": "用紙 {paper!r} はありません（用紙：{papers:list}）{hint}"},
    "layout.unknown_duplex": {
        "en": "unknown duplex mode {duplex!r} (use {modes:list}){hint}",
        "ja": "両面印刷のモード {duplex!r} はありません（{modes:list} のどれか）{hint}"},
    "layout.overlap_too_big": {
        "en": "overlap is not smaller than the printable area",
        "ja": "のりしろ（重なり）が、印刷できる範囲と同じか、それより大きくなっています"},
}
