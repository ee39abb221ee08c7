"""JSON Schemas of the YAML kinds.  The same schemas check data at load time and ship as files in
``pnp/schemas/`` for editors (:mod:`pnp.commands.schema_files` writes them; a test keeps them in sync).  A leaf:
it imports no other part of pnp's data or rulebook layers."""
from __future__ import annotations

from typing import Any

from ..limits import MAX_PIECES
from ..units import GEOMETRY_PATTERN, LENGTH_PATTERN

DRAFT = "https://json-schema.org/draft/2020-12/schema"

# at most 64 characters: ids become file names (<deck>-sheets.pdf, png/<deck>/<card>.png), which a file
# system limits to 255 bytes
ID = {"type": "string", "pattern": r"^[a-z0-9][a-z0-9_-]*$", "maxLength": 64,
      "description": "identifier: lower-case ASCII letters, digits, - and _ (at most 64)"}
LENGTH = {"type": "string", "pattern": LENGTH_PATTERN, "description": "length with a unit: 63mm, 10pt, 1in"}
COLOR = {"type": "string", "pattern": r"^(#[0-9a-fA-F]{6}|suit|back|none)$",
         "description": "#rrggbb, 'suit' (the card's suit colour), 'back' (the deck's back colour) or 'none'"}
TEXT = {"type": "string"}
COUNT = {"type": "integer", "minimum": 1, "maximum": MAX_PIECES}
SIZE_NAMES = ["poker", "bridge", "mini", "tarot", "meishi", "square"]
MARKS = ["circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "ring", "drop", "bolt",
         "plane", "shield", "eye", "flame", "target"]

# ---- the designer's ledger: where each rule, card, part or passage comes from (pnp.data.ledger)
QUOTE = {"type": "string", "minLength": 2,
         "description": "a short quotation of the draft's own words (checked against the draft file)"}
SOURCE = {"oneOf": [QUOTE, {"type": "array", "minItems": 1, "items": QUOTE}],
          "description": "the draft passage(s) this rests on, quoted verbatim"}
QUESTION_TOPICS = ["rules", "content", "counts", "terms"]
QUESTION = {
    "type": "object", "additionalProperties": False, "required": ["ask", "options", "chosen", "why"],
    "description": "what pnp asks the designer about a provisional item",
    "properties": {
        "topic": {"enum": QUESTION_TOPICS},
        "ask": {"type": "string", "minLength": 1, "description": "what the draft leaves unclear"},
        "options": {"type": "array", "minItems": 2, "items": {
            "type": "object", "additionalProperties": False, "required": ["id", "text"],
            "properties": {
                "id": ID,
                "text": {"type": "string", "minLength": 1},
                "variant": {"type": "string", "description": "the engine variant that plays this option"},
                "options": {"type": "object", "description": "engine options (k: v) that play this option"},
            }}},
        "chosen": {"type": "string", "description": "the option pnp plays until the designer answers"},
        "why": {"type": "string", "minLength": 1},
    },
}
PROVENANCE = {
    "source": SOURCE,
    "provisional": {"type": "boolean", "description": "pnp's proposal, not the designer's (printed （仮）)"},
    "question": QUESTION,
    "answer": {"type": "string", "description": "the designer's answer: the id of the option he chose"},
    "by": {"enum": ["pnp", "designer"],
           "description": "who wrote the item and its question: pnp (a proposal, printed （仮）) or the designer "
                          "(a note of their own, printed under 設計者のメモ). Default: pnp, except for rulings and "
                          "rulebook sections of the designer's own game (no draft: in game.yaml)"},
}

HEX = {"type": "string", "pattern": r"^#[0-9a-fA-F]{6}$", "description": "#rrggbb"}
ICONS = {
    "type": "object", "description": "inline icons for card text, written :name: (a shape or an image)",
    "propertyNames": {"pattern": r"^[a-z0-9][a-z0-9_-]*$"},
    "additionalProperties": {"oneOf": [
        {"type": "object", "additionalProperties": False, "required": ["shape"],
         "properties": {"shape": {"enum": MARKS}, "color": HEX}},
        {"type": "object", "additionalProperties": False, "required": ["image"],
         "properties": {"image": {"type": "string", "description": "a PNG or JPEG beside the file"}}},
    ]},
}
STYLES = {"type": "object", "description": "colour names for [name]{…} in card text",
          "propertyNames": {"minLength": 1, "pattern": r"^[^\[\]{}]+$"},
          "additionalProperties": HEX}

GEOMETRY = {"type": "string", "pattern": GEOMETRY_PATTERN,
            "description": "a length (7mm) or a share of the trim, plus or minus a length (10%, 100% - 14mm)"}

FONTS = {"type": "array", "description": "the project's own fonts (files in its fonts/ folder, TrueType outlines)",
         "items": {"type": "object", "additionalProperties": False, "required": ["family", "file"],
                   "properties": {
                       "family": {"type": "string", "pattern": r"^[a-z0-9][a-z0-9_-]*$",
                                  "description": "the name regions use (font: NAME); the bold weight is NAME-bold"},
                       "weight": {"enum": ["regular", "bold"]},
                       "file": {"type": "string",
                                "description": "a .ttf (or a .ttc collection) in the project's fonts/ folder"},
                       "index": {"type": "integer", "minimum": 0,
                                 "description": "in a .ttc collection: the face to use (0 = the first)"},
                       "face": {"type": "string",
                                "description": "in a .ttc collection: the face to use, by its family, full or "
                                               "PostScript name (e.g. MS PGothic)"}}}}

SIZE = {"oneOf": [
    {"enum": SIZE_NAMES},
    {"type": "object", "additionalProperties": False, "required": ["width", "height"],
     "properties": {"width": LENGTH, "height": LENGTH}},
]}

REGION = {
    "type": ["object", "null"],
    "description": "a drawn region of a card face or back; null removes an inherited region",
    "additionalProperties": False,
    "properties": {
        "kind": {"enum": ["text", "index", "band", "mark", "frame", "rect", "image", "line", "pips", "badge", "slots"],
                 "description": "badge: the （仮） mark, drawn only on cards that are pnp's proposals; slots: a "
                                "row of boxes, one per unit of a rules.NAME number (a track) or of each entry of "
                                "a rules.NAME mapping (cube slots, with the game's icon of the entry)"},
        "x": GEOMETRY, "y": GEOMETRY, "w": GEOMETRY, "h": GEOMETRY,
        "anchor": {"enum": ["top-left", "top", "top-right", "left", "center", "right", "bottom-left", "bottom",
                            "bottom-right"],
                   "description": "which edge of the trim x and y measure from (default top-left; center: offsets "
                                  "from the middle)"},
        "field": {"type": "string", "description": "card field drawn here: title, value, body, flavor, "
                  "suit_name, deck_name, game_title, fields.NAME, or rules.NAME (a fact the engine reads)"},
        "values": {"type": "object", "additionalProperties": TEXT,
                   "description": "text: what to print for each value of the field (e.g. an id → a name)"},
        "slot_size": LENGTH,
        "last_label": {**TEXT, "description": "slots: a word in the last box (e.g. 死亡)"},
        "last_fill": COLOR,
        "text": TEXT,
        "font": {"type": "string"},
        "bold_font": {"type": "string", "description": "font of **bold** in this region (default: the bold of font)"},
        "markup": {"type": "boolean", "description": "text: read inline markup (default true; false prints as is)"},
        "size": LENGTH,
        "min_size": LENGTH,
        "leading": {"type": "number", "minimum": 1.0, "maximum": 3.0},
        "align": {"enum": ["left", "center", "right", "justify"]},
        "valign": {"enum": ["top", "middle", "bottom"]},
        "color": COLOR,
        "fill": COLOR,
        "stroke": COLOR,
        "stroke_width": LENGTH,
        "radius": LENGTH,
        "bleed": {"type": "boolean",
                  "description": "band, rect or image: its edges on the trim run out to the bleed line (full-bleed "
                                 "art; an image with bleed: true may leave the safe area)"},
        "fit": {"enum": ["contain", "cover", "stretch"],
                "description": "image: contain (default) shows the whole picture, centred, with margins; cover fills "
                               "the region and crops what sticks out; stretch fills it, changing the proportions"},
        "rotate_copy": {"type": "boolean", "description": "index: repeat rotated 180° in the opposite corner"},
        "rotate": {"enum": [0, 90, 180, 270],
                   "description": "text: turn the text clockwise by this many degrees inside its box (90: the "
                                  "lines read top to bottom, 270: bottom to top); the text is fitted and line-"
                                  "broken (kinsoku) along the turned box, so a tall narrow box holds long lines"},
        "opacity": {"type": "number", "minimum": 0, "maximum": 1},
        "mark_size": LENGTH,
        "max_lines": {"type": "integer", "minimum": 1,
                      "description": "shrink (down to min_size) rather than use more lines than this"},
        "pip_colors": {"type": "object", "propertyNames": {"minLength": 1, "maxLength": 1},
                       "additionalProperties": COLOR,
                       "description": "pips: each character of the field drawn as a coloured disc"},
        "optional": {"type": "boolean", "description": "an empty field draws nothing instead of being an error"},
        "z": {"type": "integer"},
        "overlap": {"oneOf": [{"type": "boolean"},
                              {"type": "array", "items": {"type": "string"}, "minItems": 1}],
                    "description": "this printed region is meant to lie over (or under) others: true for any, "
                                   "or the names of the regions it may overlap; without it, two printed regions "
                                   "(text, index, pips, slots, mark, image, badge) that can print on the same "
                                   "spot are an error"},
    },
}

SIDE = {"type": "object", "additionalProperties": False,
        "properties": {"regions": {"type": "object", "additionalProperties": REGION}}}

LAYOUT = {
    "$schema": DRAFT, "$id": "pnp-layout.schema.json", "title": "pnp layout (card template)",
    "type": "object", "additionalProperties": False,
    "properties": {
        "id": ID,
        "extends": {"oneOf": [ID, {"type": "array", "items": ID}]},
        "description": TEXT,
        "size": SIZE,
        "bleed": LENGTH,
        "safe": LENGTH,
        "corner_radius": LENGTH,
        "background": COLOR,
        "face": SIDE,
        "back": SIDE,
        "icons": ICONS,
        "styles": STYLES,
        "fonts": FONTS,
    },
}

CARD: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["id"],
    "properties": {
        "id": ID,
        "title": TEXT,
        "suit": ID,
        "value": {"type": ["integer", "string"]},
        "body": TEXT,
        "flavor": TEXT,
        "image": {"type": "string"},
        "layout": {**ID, "description": "this card's own layout (a layout id) instead of the deck's; it must "
                                        "have the deck's card size (the deck prints on one grid)"},
        "count": COUNT,
        **PROVENANCE,
        "fields": {"type": "object", "additionalProperties": {"type": ["string", "integer", "number"]},
                   "description": "extra text fields a layout region shows as fields.NAME"},
        "rules": {"type": "object", "description": "facts the rules engine reads (free form)"},
        "back": {"type": "object", "additionalProperties": False,
                 "description": "one-sided deck: this card's own back (title, subtitle, color, image) over the "
                                "deck's; two_sided deck: the content of the other side (title, body, …)",
                 "properties": {"title": TEXT, "subtitle": TEXT, "color": COLOR, "image": {"type": "string"},
                                "body": TEXT, "flavor": TEXT, "value": {"type": ["integer", "string"]}, "suit": ID,
                                "fields": {"type": "object",
                                           "additionalProperties": {"type": ["string", "integer", "number"]}}}},
        "front": {"type": "object", "additionalProperties": False,
                  "description": "two_sided deck: the content of the front side (over the card's own keys)",
                  "properties": {"title": TEXT, "body": TEXT, "flavor": TEXT, "value": {"type": ["integer", "string"]},
                                 "suit": ID, "image": {"type": "string"},
                                 "fields": {"type": "object",
                                            "additionalProperties": {"type": ["string", "integer", "number"]}}}},
    },
}

DECK = {
    "$schema": DRAFT, "$id": "pnp-deck.schema.json", "title": "pnp deck",
    "type": "object", "additionalProperties": False, "required": ["kind", "id", "name", "layout", "cards"],
    "properties": {
        "kind": {"const": "deck"},
        "id": ID,
        "name": TEXT,
        "layout": ID,
        "size": SIZE,
        "description": TEXT,
        "two_sided": {"type": "boolean", "description": "every card has content on both sides (front:, back:)"},
        **PROVENANCE,
        "back": {"type": "object", "additionalProperties": False, "properties": {
            "title": TEXT, "subtitle": TEXT, "color": COLOR, "image": {"type": "string"}}},
        "suits": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["id", "name", "color", "mark"],
            "properties": {"id": ID, "name": TEXT, "color": COLOR, "mark": {"enum": MARKS},
                           "description": TEXT}}},
        "defaults": {"type": "object", "description": "fields every card starts from",
                     "properties": {k: v for k, v in CARD["properties"].items() if k != "id"},
                     "additionalProperties": False},
        # a list of cards, or {from: cards.csv}: the cards from a spreadsheet (pnp.data.sheets)
        "cards": {"if": {"type": "array"}, "then": {"minItems": 1, "items": CARD}, "else": {
            "type": "object", "additionalProperties": False, "required": ["from"],
            "description": "the cards from a spreadsheet: one row a card, a header row naming the keys "
                           "(id, title, suit, value, body, flavor, image, layout, count, provisional, source, question, "
                           "answer, fields.NAME, rules.NAME)",
            "properties": {
                "from": {"type": "string", "pattern": r"\.(csv|tsv|xlsx|ods|CSV|TSV|XLSX|ODS)$",
                         "description": "a .csv, .tsv, .xlsx or .ods file in the game's folder"},
                "sheet": {"type": "string", "description": "the sheet of an .xlsx/.ods (default: the first)"},
                "encoding": {"type": "string",
                             "description": "the text encoding of a .csv/.tsv (default: UTF-8 with or "
                                            "without BOM, else Shift_JIS/cp932)"}}}},
    },
}

COMPONENT = {
    "type": "object", "additionalProperties": False, "required": ["id", "name", "kind", "count"],
    "properties": {
        "id": ID,
        "name": TEXT,
        "kind": {"enum": ["deck", "track", "board", "cut_card", "tokens", "dice", "bits", "sheet", "tuckbox"]},
        "count": COUNT,
        "description": TEXT,
        **PROVENANCE,
    },
}

PERCENT = {"type": "number", "minimum": 0, "maximum": 100}
IMPOSE = {
    "type": "object", "additionalProperties": False, "required": ["sheet_mm"],
    "description": "the shop's own multi-up sheet (面付け): the card shop files place the cards on it, each with its "
                   "bleed and its own トンボ",
    "properties": {
        "sheet_mm": {"type": "array", "items": {"type": "number", "minimum": 50, "maximum": 1500},
                     "minItems": 2, "maxItems": 2, "description": "the sheet's width and height"},
        "columns": {"type": "integer", "minimum": 1, "maximum": 40, "description": "cards across (default: as many as fit)"},
        "rows": {"type": "integer", "minimum": 1, "maximum": 40, "description": "cards down (default: as many as fit)"},
        "gutter_mm": {"type": "number", "minimum": 0, "maximum": 100,
                      "description": "between two cards' trims, across and down (default 12)"},
        "marks": {"type": "boolean", "description": "each card's トンボ and the sheet's centre marks (default true)"},
    },
}
SHOP = {
    "type": "object", "additionalProperties": False,
    "description": "the print shop's numbers: pnp build converts the shop files to them, pnp preflight --shop GAME "
                   "checks against them",
    "properties": {
        "name": {"type": "string", "minLength": 1, "description": "the shop's name (shown in the report)"},
        "base": {"enum": ["jp-card", "jp-card-strict", "jp-card-250", "jp-card-350", "fogra39", "jp-card-imposed"],
                 "description": "the built-in shop profile these numbers change (default jp-card)"},
        "printing_condition": {"enum": ["japan-color-2011-coated", "japan-color-2001-coated", "fogra39"],
                               "description": "the shop's printing condition (default: the base's; jp-card: "
                                              "japan-color-2011-coated)"},
        "bleed_mm": {"type": "number", "minimum": 0, "maximum": 20, "description": "bleed beyond the trim"},
        "safe_mm": {"type": "number", "minimum": 0, "maximum": 20,
                    "description": "text and marks at least this far inside the trim"},
        "min_dpi": {"type": "number", "minimum": 72, "maximum": 2400,
                    "description": "least resolution of an image at print size"},
        "ink_limit": {"type": "number", "minimum": 100, "maximum": 400,
                      "description": "total ink (TAC) in %: the build's conversion keeps every colour under it"},
        "hairline_mm": {"type": "number", "minimum": 0, "maximum": 1,
                        "description": "lines thinner than this may not print"},
        "pdfx": {"enum": ["required", "recommended", "no"], "description": "whether the shop asks for PDF/X"},
        "impose": IMPOSE,
    },
}
PRINT = {
    "type": "object", "additionalProperties": False,
    "description": "how the game goes to its print shop (pnp build's shop files, pnp preflight)",
    "properties": {
        "icc": {"type": "string", "minLength": 1,
                "description": "the shop's CMYK output profile (.icc), beside game.yaml; default ISO Coated v2 300%"},
        "condition": {"type": "string", "minLength": 1,
                      "description": "the profile's output condition identifier for PDF/X (e.g. JC200103)"},
        "rich_black": {"oneOf": [{"const": False},
                                 {"type": "array", "items": PERCENT, "minItems": 4, "maxItems": 4}],
                       "description": "C, M, Y, K (%) of large black solids; false: K100 only"},
        "shop": SHOP,
    },
}

GAME = {
    "$schema": DRAFT, "$id": "pnp-game.schema.json", "title": "pnp game",
    "type": "object", "additionalProperties": False,
    "required": ["id", "title", "players", "components"],
    "properties": {
        "id": ID,
        "title": TEXT,
        "subtitle": TEXT,
        "players": {"type": "array", "prefixItems": [{"type": "integer", "minimum": 1},
                                                     {"type": "integer", "minimum": 1}],
                    "minItems": 2, "maxItems": 2, "description": "[min, max]"},
        "play_time": TEXT,
        "age": TEXT,
        "version": {"type": ["string", "number"]},
        "designer": TEXT,
        "engine": {"type": "string", "description": "the rules engine: a file in the game's folder "
                   "(engine.py), a bundled engine (euphoria), a pnp.engines entry point or an installed "
                   "module (package.module)"},
        "draft": {"type": "object", "additionalProperties": False, "required": ["file"],
                  "description": "the designer's draft this game was made from: sources are checked against it",
                  "properties": {"file": {"type": "string"}, "version": TEXT}},
        "final": {"type": "boolean", "description": "print without provisional marks (every question answered)"},
        "icons": ICONS,
        "fonts": FONTS,
        "components": {"type": "array", "items": COMPONENT},
        "print": PRINT,
    },
}

RULING = {
    "type": "object", "additionalProperties": False, "required": ["id", "text"],
    "properties": {
        "id": ID,
        "text": {"type": "string", "minLength": 1, "description": "the ruling as the rulebook prints it"},
        "print": {"type": "boolean", "description": "false: an engine safeguard, never printed as a rule"},
        **PROVENANCE,
    },
}

RULINGS = {
    "$schema": DRAFT, "$id": "pnp-rulings.schema.json", "title": "pnp rulings (the designer's ledger)",
    "type": "object", "additionalProperties": False, "required": ["kind", "rulings"],
    "properties": {
        "kind": {"const": "rulings"},
        "description": TEXT,
        "rulings": {"type": "array", "items": RULING},
    },
}

SCHEMAS = {"game": GAME, "deck": DECK, "layout": LAYOUT, "rulings": RULINGS}
