"""Messages of fonts and text (pnp.text): code → {"en": …, "ja": …}."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # — a font file (pnp.text.fonts) —
    "text.font_cff": {
        "en": "{name} is an OpenType font with PostScript (CFF) outlines; pnp embeds TrueType outlines only "
              "(reportlab cannot subset CFF). Convert it once to TrueType outlines, e.g. with FontForge: "
              "fontforge -lang=ff -c 'Open($1); Generate($2)' {name} {stem}.ttf — or use the family's TrueType "
              "(.ttf) release — and name the .ttf in fonts:",
        "ja": "{name} は PostScript（CFF）アウトラインの OpenType フォントです。pnp が埋め込めるのは TrueType "
              "アウトラインだけです（reportlab は CFF をサブセット化できません）。一度 TrueType アウトラインに"
              "変換してください。たとえば FontForge で：fontforge -lang=ff -c 'Open($1); Generate($2)' {name} "
              "{stem}.ttf。あるいはそのファミリーの TrueType（.ttf）版を使い、fonts: にその .ttf を書いてください"},
    "text.font_cff_collection": {
        "en": "{name} is a font collection (.ttc/.otc) whose face {index} ({face}) has PostScript (CFF) outlines, "
              "as Noto CJK and Source Han have; pnp embeds TrueType outlines only (reportlab cannot subset CFF). "
              "Use the family's TrueType (.ttf) release, or convert the one face once, e.g. with FontForge: "
              "fontforge -lang=ff -c 'Open($1); Generate($2)' '{name}({face})' {stem}.ttf — and name the .ttf in "
              "fonts:",
        "ja": "{name} はフォントコレクション（.ttc/.otc）で、その書体 {index}（{face}）は Noto CJK や Source Han と"
              "同じく PostScript（CFF）アウトラインです。pnp が埋め込めるのは TrueType アウトラインだけです"
              "（reportlab は CFF をサブセット化できません）。そのファミリーの TrueType（.ttf）版を使うか、"
              "その書体だけを一度変換してください。たとえば FontForge で：fontforge -lang=ff -c "
              "'Open($1); Generate($2)' '{name}({face})' {stem}.ttf。そして fonts: にその .ttf を書いてください"},
    "text.font_not_truetype": {
        "en": "{name} is not a TrueType font (.ttf)",
        "ja": "{name} は TrueType フォント（.ttf）ではありません"},
    "text.font_no_faces": {
        "en": "{name} is a font collection pnp cannot read (no faces)",
        "ja": "{name} は pnp が読めないフォントコレクションです（書体がありません）"},
    "text.font_no_face": {
        "en": "{name} has no face named {face!r} (faces — {listing})",
        "ja": "{name} に {face!r} という書体はありません（書体：{listing}）"},
    "text.font_single": {
        "en": "{name} is a single font; index: and face: choose a face in a collection (.ttc)",
        "ja": "{name} は単独のフォントです。index: と face: はコレクション（.ttc）の中の書体を選ぶものです"},
    "text.font_unreadable": {
        "en": "{name} cannot be read as a TrueType font: {reason}",
        "ja": "{name} を TrueType フォントとして読めません：{reason}"},
}
