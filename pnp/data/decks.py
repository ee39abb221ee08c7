"""Decks (kind: deck): suits, cards and their sides, each card's layout, pictures the layout would not
print, and the overlaps that depend on the cards."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..errors import Problem
from ..messages import did_you_mean, msg
from ..units import to_mm
from .layouts import card_size_problems, layout_at, resolve_fonts, stand_in_layout
from .ledger import Entry, read_entry
from .model import Back, Card, Deck, Layout, Region, Suit, Where
from .pictures import safe_image
from .regions import deck_overlap_problems
from .schema_check import RawFile
from .yamlsource import SourceMap

# Suit marks that differ on screen but not in a 4 mm corner index, printed in greyscale: a flame and a
# drop are both a rounded blob with a point on top; a ring and a target are both concentric circles;
# a hexagon at index size reads as a disc. A deck must not give these pairs to two of its suits.
LOOK_ALIKE_PAIRS = (("flame", "drop"), ("ring", "target"), ("circle", "hexagon"))
LOOK_ALIKE_MARKS: dict[str, tuple[str, ...]] = {}
for _a, _b in LOOK_ALIKE_PAIRS:
    LOOK_ALIKE_MARKS[_a] = LOOK_ALIKE_MARKS.get(_a, ()) + (_b,)
    LOOK_ALIKE_MARKS[_b] = LOOK_ALIKE_MARKS.get(_b, ()) + (_a,)


def build_deck(raw: RawFile, folder: Path, layouts: dict[str, Layout], entries: list[Entry],
               game_fonts: dict[str, str] | None = None,
               broken_layouts: Set[str] = frozenset(), default_by: str = "pnp",
               checkable: Mapping[str, Layout] | None = None) -> tuple[Deck | None, list[Problem]]:
    d, smap = raw.data, raw.smap
    problems: list[Problem] = []
    deck_entry, errs = read_entry("deck", d["id"], d["name"], d, smap, (), default_by=default_by)
    problems.extend(errs)
    entries.append(deck_entry)
    layout, probe = _deck_layout(d, smap, layouts, game_fonts or {}, broken_layouts, checkable or {}, problems)
    suits = _read_suits(d, smap, problems)
    lines = raw.path.read_text(encoding="utf-8").splitlines() if raw.path is not None else []
    reading = _CardReading(d, smap, folder, suits, lines, raw.left_out, deck_entry, entries, problems)
    cards = [_read_card(reading, i, c) for i, c in enumerate(d["cards"])]
    if not layout.stand_in:
        cards = _card_layouts(cards, d, layout, layouts, broken_layouts, game_fonts or {}, folder, smap, problems)
    back = d.get("back", {})
    back_image = _deck_back_image(back, layout, folder, smap, problems)
    deck = Deck(d["id"], d["name"], layout, tuple(cards), tuple(suits.values()),
                Back(back.get("title", ""), back.get("subtitle", ""), back.get("color", "#333333"), back_image),
                d.get("description", ""), deck_entry.marked, smap.file,
                Where(smap.file, 1, 1), two_sided=bool(d.get("two_sided")))
    if not layout.stand_in or probe is not None:
        overlaps = _deck_overlaps(replace(deck, layout=probe or layout), smap.location(("layout",)))
        if "size" in d:     # the template at the deck's size: said where the size is chosen, as above
            overlaps = [e if e.file == smap.file else _at_size(smap, e) for e in overlaps]
        problems.extend(overlaps)
    return deck, problems


def _at_size(smap: SourceMap, e: Problem) -> Problem:
    """A problem of the template at the deck's size, said where the deck chooses the size."""
    return smap.problem(("size",), f"{e.file}:{e.line}:{e.col}: {e.field}: {e.message}")


def _deck_layout(d: dict[str, Any], smap: SourceMap, layouts: dict[str, Layout], game_fonts: dict[str, str],
                 broken_layouts: Set[str], checkable: Mapping[str, Layout],
                 problems: list[Problem]) -> tuple[Layout, Layout | None]:
    """The deck's layout at its size and with the game's fonts, and the probe: the layout as far as it
    placed its regions, when it has problems.  A deck whose layout has problems (here, or in the layout
    file itself) gets a stand-in: it stays known by its cards (the engine and the rulebook's references
    use them) but is checked as data only, never laid out."""
    before_layout = len(problems)
    layout = layouts.get(d["layout"])
    probe: Layout | None = None
    if layout is None and d["layout"] in broken_layouts:
        # the layout file's own problems are reported there: no second error here
        layout = stand_in_layout(d["layout"], smap.location(("layout",)))
        probe = checkable.get(d["layout"])
        if probe is not None and "size" in d:
            probe = None if card_size_problems(d["size"], smap, ("size",)) else layout_at(probe, d["size"], True)[0]
    elif layout is None:
        problems.append(smap.problem(("layout",), msg("data.unknown_layout", layout=d['layout'],
                                                      layouts=sorted(layouts) or [msg("word.none")],
                                                      hint=did_you_mean(d['layout'], layouts))))
    elif "size" in d:
        layout = _sized_layout(layout, d["size"], smap, problems)
    if layout is not None and not layout.stand_in:
        layout, errs = resolve_fonts(layout, game_fonts, smap)
        problems.extend(errs)
    if len(problems) > before_layout or layout is None:    # said above: checked as data, never laid out
        return stand_in_layout(d["layout"], smap.location(("layout",))), probe or layout
    return layout, probe


def _sized_layout(layout: Layout, size: Any, smap: SourceMap, problems: list[Problem]) -> Layout | None:
    """The deck's layout at the deck's size:, or None when the size itself is wrong."""
    size_problems = card_size_problems(size, smap, ("size",))
    problems.extend(size_problems)
    if size_problems:
        return layout
    sized, errs = layout_at(layout, size, checkable=True)
    # the template's own problems at this size, said where the size is chosen: the deck
    problems.extend(_at_size(smap, e) for e in errs)
    return sized


def _read_suits(d: dict[str, Any], smap: SourceMap, problems: list[Problem]) -> dict[str, Suit]:
    """The deck's suits, each with its own id and a mark no other suit has or resembles."""
    suits: dict[str, Suit] = {}
    marks: dict[str, str] = {}
    for i, s in enumerate(d.get("suits", [])):
        if s["id"] in suits:
            problems.append(smap.problem(("suits", i, "id"), msg("data.duplicate_suit_id", id=s['id'])))
        if s["mark"] in marks:   # colour alone is lost on a greyscale printer: the shapes must differ
            problems.append(smap.problem(("suits", i, "mark"), f"suits {marks[s['mark']]!r} and {s['id']!r} share "
                                                                f"the mark {s['mark']!r}; give each suit its own shape "
                                                                "so they stay apart printed in greyscale"))
        else:
            twin = next((marks[m] for m in LOOK_ALIKE_MARKS.get(s["mark"], ()) if m in marks), None)
            if twin is not None:
                other = suits[twin].mark
                problems.append(smap.problem(("suits", i, "mark"), f"suits {twin!r} and {s['id']!r} have look-alike "
                                                                    f"marks {other!r} and {s['mark']!r}; choose shapes "
                                                                    "that differ at a glance, in greyscale and small in "
                                                                    "the corner index"))
        marks.setdefault(s["mark"], s["id"])
        suits[s["id"]] = Suit(s["id"], s["name"], s["color"], s["mark"], s.get("description", ""))
    return suits


@dataclass
class _CardReading:
    """What reading a deck's cards shares: the deck's data and source map, its suits, the YAML's lines
    (to find where each text starts), the ledger, and the problems, of which a default's is said once,
    at the default, not on every card."""
    d: dict[str, Any]
    smap: SourceMap
    folder: Path
    suits: dict[str, Suit]
    lines: list[str]
    left_out: Set[tuple[Any, ...]]
    deck_entry: Entry
    entries: list[Entry]
    problems: list[Problem]
    seen: set[str] = field(default_factory=set)
    said: set[Problem] = field(default_factory=set)

    def say_once(self, problem: Problem) -> None:
        if problem not in self.said:
            self.said.add(problem)
            self.problems.append(problem)


def _read_card(r: _CardReading, i: int, c: dict[str, Any]) -> Card:
    """Card i of the deck: its own values over the deck's defaults, its ledger entry, where each of its
    texts starts, and its sides."""
    d, smap = r.d, r.smap
    defaults = d.get("defaults", {})
    merged = {**defaults, **c}
    path = ("cards", i)
    damaged = _damaged_fields(r.left_out, i, c)
    if c["id"] in r.seen:
        r.problems.append(smap.problem(path + ("id",), msg("data.duplicate_card_id", id=c['id'])))
    r.seen.add(c["id"])
    suit = _card_suit(r, merged, c, path, damaged)
    image = _card_image(r, merged, c, path, damaged)
    card_entry, errs = read_entry("card", f"{d['id']}/{c['id']}", f"{d['name']}「{merged.get('title') or c['id']}」",
                                  merged, smap, path, parent=r.deck_entry)
    r.problems.extend(errs)
    r.entries.append(card_entry)
    card = Card(
        id=c["id"], deck_id=d["id"], title=merged.get("title", ""), suit=suit, value=merged.get("value"),
        body=merged.get("body", ""), flavor=merged.get("flavor", ""), image=image,
        count=merged.get("count", 1), provisional=card_entry.marked,
        fields=dict(merged.get("fields", {})), rules=dict(merged.get("rules", {})),
        where=smap.location(path), spots=_card_spots(smap, r.lines, defaults, c, path), damaged=frozenset(damaged))
    card, errs = _card_sides(card, merged, c, path, bool(d.get("two_sided")), r.suits, r.folder, smap, r.lines)
    r.problems.extend(errs)
    return card


def _card_suit(r: _CardReading, merged: dict[str, Any], own: dict[str, Any], path: tuple[Any, ...],
               damaged: set[str]) -> Suit | None:
    """The card's suit (its own suit: or the default's); an unknown one is a problem and damages the
    card's suit fields."""
    if "suit" not in merged:
        return None
    suit = r.suits.get(merged["suit"])
    if suit is None:
        at = path + ("suit",) if "suit" in own else ("defaults", "suit")
        r.say_once(r.smap.problem(at, msg("data.unknown_suit", suit=merged['suit'],
                                          suits=", ".join(r.suits) or msg("word.none"),
                                          hint=did_you_mean(merged['suit'], r.suits))))
        damaged |= {"suit", "suit_name"}
    return suit


def _card_image(r: _CardReading, merged: dict[str, Any], own: dict[str, Any], path: tuple[Any, ...],
                damaged: set[str]) -> Path | None:
    """The card's image: (its own or the default's), when the file is safe to read."""
    if "image" not in merged:
        return None
    at = path + ("image",) if "image" in own else ("defaults", "image")
    image, err = safe_image(r.folder, merged["image"], r.smap, at)
    if err:
        r.say_once(err)
        damaged.add("image")
    return image


def _card_spots(smap: SourceMap, lines: list[str], defaults: dict[str, Any], own: dict[str, Any],
                path: tuple[Any, ...]) -> dict[str, Where]:
    """Where each text of the card starts, on the card or in the deck's defaults:."""
    spots: dict[str, Where] = {}
    for key in ("title", "body", "flavor", "value"):
        if key in own or key in defaults:
            spots[key] = _spot(smap, lines, path + (key,) if key in own else ("defaults", key))
    for key in {**defaults.get("fields", {}), **own.get("fields", {})}:
        spots["fields." + key] = _spot(smap, lines, path + ("fields", key) if key in own.get("fields", {})
                                       else ("defaults", "fields", key))
    return spots


def _deck_back_image(back: dict[str, Any], layout: Layout, folder: Path, smap: SourceMap,
                     problems: list[Problem]) -> Path | None:
    """The deck's back image:, and an error when the deck's layout has no region on its back to show it."""
    if "image" not in back:
        return None
    back_image, err = safe_image(folder, back["image"], smap, ("back", "image"))
    if err:
        problems.append(err)
    elif back_image is not None and not layout.stand_in and not _shows_image(layout.back):
        problems.append(smap.problem(("back", "image"), _unprinted_back(back_image, layout)))
    return back_image


def _deck_overlaps(deck: Deck, layout_at: Where) -> list[Problem]:
    """The overlaps a layout leaves to its decks (regions that print on some cards only), judged on
    the cards that use it: each layout of the deck with its cards' faces, the reverses of two-sided
    cards, and the backs drawn with it (pnp.data.regions.deck_overlap_problems)."""
    problems: list[Problem] = []
    users: dict[str, tuple[Layout, list[Card], list[Back]]] = {deck.layout.id: (deck.layout, [], [deck.back])}
    for card in deck.cards:
        lay = card.layout or deck.layout
        _, faces, backs = users.setdefault(lay.id, (lay, [], []))
        faces.append(card)
        if card.reverse is not None:
            faces.append(card.reverse)
        elif not deck.two_sided:
            backs.append(deck.back_of(card))
    for lay, faces, backs in users.values():
        problems.extend(deck_overlap_problems(deck.id, lay.face, lay.back, lay.width_pt, lay.height_pt,
                                              lay.where.file, faces, backs, layout_at))
    return problems


def _damaged_fields(left_out: Set[tuple[Any, ...]], i: int, own: dict[str, Any]) -> set[str]:
    """The fields of card i whose values were left out for a schema problem (prune_refused): its own,
    and the deck's defaults it does not override."""
    out: set[str] = set()
    for target in left_out:
        if target[:2] == ("cards", i) and len(target) >= 3:
            key = target[2]
        elif target[:1] == ("defaults",) and len(target) >= 2 and target[1] not in own:
            key, target = target[1], ("cards", i) + target[1:]
        else:
            continue
        if key in ("fields", "rules") and len(target) >= 4:
            out.add(f"{key}.{target[3]}")
        else:
            out.add(str(key))
        if key == "suit":
            out.add("suit_name")
    return out


def _card_layouts(cards: list[Card], d: dict[str, Any], deck_layout: Layout, layouts: dict[str, Layout],
                  broken: Set[str], game_fonts: dict[str, str], folder: Path, smap: SourceMap,
                  problems: list[Problem]) -> list[Card]:
    """Each card's own layout (layout: on the card, in defaults:, or a spreadsheet's layout column),
    at the deck's size: and with the game's fonts, and the images its image regions read from
    fields.NAME (a path beside the deck, or an :icon: name, drawn in the region).  A card's layout
    must have the deck's card size and bleed: the deck prints on one sheet grid."""
    defaults = d.get("defaults", {})
    own: dict[str, Layout | None] = {}
    out = []
    said: set[Problem] = set()      # a default's problem is said once, at the default
    for i, card in enumerate(cards):
        c = d["cards"][i]
        lid = c.get("layout", defaults.get("layout"))
        lay = None
        if lid is not None and lid != deck_layout.id:
            if lid not in own:
                at = ("cards", i, "layout") if "layout" in c else ("defaults", "layout")
                own[lid] = _card_layout(lid, at, d, deck_layout, layouts, broken, game_fonts, smap, problems)
            lay = own[lid]
        drawn_with = lay or deck_layout
        images: dict[str, Path] = {}
        for side in (card, card.reverse):
            if side is None:
                continue
            given: dict[str, Any] = c if side is card else (c.get("back") or {})
            images.update(_field_images(side, i, given, side is card, drawn_with, folder, smap, problems))
            problems.extend(p for p in _unprinted_pictures(side, i, given, side is card, drawn_with, folder, smap)
                            if p not in said)
            said.update(problems)
        reverse = card.reverse
        if reverse is not None:
            reverse = replace(reverse, layout=lay, images={k[5:]: v for k, v in images.items() if k.startswith("back:")})
        out.append(replace(card, layout=lay, reverse=reverse,
                           images={k: v for k, v in images.items() if not k.startswith("back:")}))
    return out


def _card_layout(lid: str, at: tuple[Any, ...], d: dict[str, Any], deck_layout: Layout,
                 layouts: dict[str, Layout], broken: Set[str], game_fonts: dict[str, str], smap: SourceMap,
                 problems: list[Problem]) -> Layout | None:
    """The layout a card names, at the deck's size and with the game's fonts; None (and a problem at
    `at`) when it is unknown or prints a card of another size or bleed than the deck's."""
    lay = layouts.get(lid)
    if lay is None:
        if lid not in broken:       # a broken layout's problems are said at the layout
            problems.append(smap.problem(at, msg("data.unknown_layout", layout=lid, layouts=sorted(layouts),
                                                 hint=did_you_mean(lid, layouts))))
        return None
    if "size" in d:
        sized, errs = layout_at(lay, d["size"])
        problems.extend(smap.problem(at, f"{e.file}:{e.line}:{e.col}: {e.field}: {e.message}") for e in errs)
        if sized is None:
            return None
        lay = sized
    lay, errs = resolve_fonts(lay, game_fonts, smap)
    problems.extend(errs)
    size = (round(to_mm(lay.width_pt), 1), round(to_mm(lay.height_pt), 1), round(to_mm(lay.bleed_pt), 1))
    want = (round(to_mm(deck_layout.width_pt), 1), round(to_mm(deck_layout.height_pt), 1),
            round(to_mm(deck_layout.bleed_pt), 1))
    if size != want:
        problems.append(smap.problem(at, f"layout {lid!r} is a {size[0]:g}×{size[1]:g} mm card with "
                                         f"{size[2]:g} mm bleed; the deck's cards ({deck_layout.id!r}) "
                                         f"are {want[0]:g}×{want[1]:g} mm with {want[2]:g} mm bleed "
                                         "(a deck prints on one grid: give cards of another size a "
                                         "deck of their own)"))
        return None
    return lay


def _field_images(side: Card, i: int, given: Mapping[str, Any], front: bool, layout: Layout, folder: Path,
                  smap: SourceMap, problems: list[Problem]) -> dict[str, Path]:
    """The pictures a side of card i names in the fields its layout's image regions read (a path
    beside the deck; an :icon: name is drawn as an icon), keyed by field name ("back:NAME" on the
    reverse of a two-sided card)."""
    fields_read = sorted({r.props["field"][7:] for r in layout.face
                          if r.kind == "image" and str(r.props.get("field", "")).startswith("fields.")})
    own_fields: dict[str, Any] = given.get("fields", {})
    images: dict[str, Path] = {}
    for name in fields_read:
        value = side.fields.get(name)
        if not isinstance(value, str) or not value.strip() or ICON_VALUE.fullmatch(value.strip()):
            continue
        image, err = safe_image(folder, value.strip(), smap, _field_at(i, name, own_fields, front))
        if err:
            problems.append(err)
        elif image is not None:
            images[f"{'' if front else 'back:'}{name}"] = image
    return images


ICON_VALUE = re.compile(r":[a-z0-9][a-z0-9_-]*:")    # an image field naming an icon instead of a file
PICTURE_VALUE = re.compile(r"[^\n]+\.(?:png|jpe?g|gif|webp|tiff?|bmp|svg|psd)", re.IGNORECASE)   # a cell naming a picture file


def _field_at(i: int, name: str, own_fields: Mapping[str, Any], front: bool) -> tuple[Any, ...]:
    """Where a card's fields.NAME was written: on the card (its back: side of a two-sided card), or in defaults:."""
    if name in own_fields:
        return ("cards", i, "fields", name) if front else ("cards", i, "back", "fields", name)
    return ("defaults", "fields", name) if front else ("defaults", "back", "fields", name)


def _unprinted_pictures(side: Card, i: int, own: Mapping[str, Any], front: bool, layout: Layout,
                        folder: Path, smap: SourceMap) -> list[Problem]:
    """Pictures a card names that its layout never draws: a fields.NAME cell naming a picture file
    when no region of the layout reads fields.NAME, and a card's image: when the layout has no
    image region without field: (the region that shows image:).  Each is an error at the cell: a
    picture the designer added and the print leaves out is never passed in silence."""
    out = []
    own_fields = own.get("fields", {})
    read = {str(r.props.get("field", "")) for r in layout.face}
    for name, value in side.fields.items():
        if f"fields.{name}" in read or not isinstance(value, str) or not PICTURE_VALUE.fullmatch(value.strip()):
            continue
        at = _field_at(i, name, own_fields, front)
        _image, err = safe_image(folder, value.strip(), smap, at)
        found = f"{err.message}, and" if err else f"names the picture {value.strip()!r}, but"
        out.append(smap.problem(at, f"{found} no region of layout {layout.id!r} reads fields.{name}: it would not "
                                    f"be printed (give the layout a region {{kind: image, field: fields.{name}}}, "
                                    "or clear the cell)"))
    if side.image is not None and not _shows_image(layout.face):
        at = (("cards", i) if front else ("cards", i, "back")) if "image" in own else (
            ("defaults",) if front else ("defaults", "back"))
        out.append(smap.problem(at + ("image",),
                                f"the card's image {side.image.name!r} would not be printed: layout {layout.id!r} "
                                "has no image region without field: to show it (add one, e.g. {kind: image, x: 0mm, "
                                "y: 0mm, w: 100%, h: 100%, bleed: true, fit: cover, overlap: true, z: -1}, or remove "
                                "image:)"))
    back = side.back if front else None
    if back is not None and back.image is not None and not _shows_image(layout.back):
        out.append(smap.problem(("cards", i, "back", "image"), _unprinted_back(back.image, layout)))
    return out


def _shows_image(regions: Iterable[Region]) -> bool:
    """Whether these regions hold one that shows an image: (an image region without field:)."""
    return any(r.kind == "image" and "field" not in r.props for r in regions)


def _unprinted_back(image: Path, layout: Layout) -> str:
    return (f"the back's image {image.name!r} would not be printed: the back of layout {layout.id!r} has no "
            "image region to show it (add one under back: regions:, e.g. {kind: image, x: 0mm, y: 0mm, w: 100%, "
            "h: 100%, bleed: true, fit: cover, overlap: true, z: -1}, or remove image:)")


BACK_KEYS = ("title", "subtitle", "color", "image")              # a card's own back in a one-sided deck
SIDE_KEYS = ("title", "body", "flavor", "value", "suit", "image", "fields")   # a side of a two-sided card


def _card_sides(card: Card, merged: dict[str, Any], own: dict[str, Any], path: tuple[Any, ...], two_sided: bool, suits: dict[str, Suit],
                folder: Path, smap: SourceMap, lines: list[str]) -> tuple[Card, list[Problem]]:
    """A card's back: in a one-sided deck, back: {title, subtitle, color, image} over the deck's back;
    in a two_sided deck, front: and back: hold each side's content (title, body, … as on a card)."""
    problems: list[Problem] = []
    back, front = merged.get("back"), merged.get("front")
    if not two_sided:
        if front is not None:
            problems.append(smap.problem(path + ("front",), msg("data.front_needs_two_sided")))
        if back is None:
            return card, problems
        return replace(card, back=_own_back(back, path, folder, smap, problems)), problems
    if back is None:
        problems.append(smap.problem(path, msg("data.two_sided_needs_back", id=card.id)))
        return card, problems
    front_card, back_card = (_side(card, content, path + (name,) if name in own else ("defaults", name),
                                   suits, folder, smap, lines, problems)
                             for name, content in (("front", front or {}), ("back", back)))
    return replace(front_card, reverse=back_card), problems


def _own_back(back: dict[str, Any], path: tuple[Any, ...], folder: Path, smap: SourceMap,
              problems: list[Problem]) -> Back:
    """A card's own back in a one-sided deck: title, subtitle, color and image over the deck's back."""
    bad = sorted(set(back) - set(BACK_KEYS))
    for key in bad:
        problems.append(smap.problem(path + ("back", key), f"a card's back in a one-sided deck takes "
                                                          f"{', '.join(BACK_KEYS)}; {key!r} is card content: "
                                                          "give the deck two_sided: true for content on both sides"))
    image = None
    if "image" in back:
        image, err = safe_image(folder, back["image"], smap, path + ("back", "image"))
        if err:
            problems.append(err)
    return Back(back.get("title"), back.get("subtitle"), back.get("color"), image)


def _side(card: Card, content: dict[str, Any], at: tuple[Any, ...], suits: dict[str, Suit], folder: Path,
          smap: SourceMap, lines: list[str], problems: list[Problem]) -> Card:
    """One side of a two-sided card: the card with the side's content (written at `at`) over it."""
    bad = sorted(set(content) - set(SIDE_KEYS))
    for key in bad:
        problems.append(smap.problem(at + (key,), msg("data.unknown_side_key", key=key, allowed=list(SIDE_KEYS),
                                                      hint=did_you_mean(key, SIDE_KEYS))))
    changes: dict[str, Any] = {k: content[k] for k in ("title", "body", "flavor", "value") if k in content}
    if "fields" in content:
        changes["fields"] = {**card.fields, **content["fields"]}
    if "suit" in content:
        changes["suit"] = suits.get(content["suit"])
        if changes["suit"] is None:
            problems.append(smap.problem(at + ("suit",), msg("data.unknown_suit", suit=content['suit'],
                                                             suits=", ".join(suits) or msg("word.none"),
                                                             hint=did_you_mean(content['suit'], suits))))
    if "image" in content:
        changes["image"], err = safe_image(folder, content["image"], smap, at + ("image",))
        if err:
            problems.append(err)
    spots = dict(card.spots)
    for key in ("title", "body", "flavor", "value"):
        if key in content:
            spots[key] = _spot(smap, lines, at + (key,))
    for key in content.get("fields", {}):
        spots["fields." + key] = _spot(smap, lines, at + ("fields", key))
    return replace(card, spots=spots, **changes)


def _spot(smap: SourceMap, lines: list[str], path: tuple[Any, ...]) -> Where:
    """Where the text of a card field starts: a spreadsheet cell, or its first character in the YAML."""
    loc = smap.location(path)
    if loc.cell or loc.file != smap.file:
        return loc
    return Where(loc.file, *_text_start(lines, (loc.line, loc.col), str(path[-1])))


def _text_start(lines: list[str], at: tuple[int, int], key: str) -> tuple[int, int]:
    """Line and column of the first character of a text value whose node starts at `at`: past an
    opening quote, or on the first content line of a block scalar (| or >)."""
    line, col = at
    if not 0 < line <= len(lines):
        return at
    src = lines[line - 1]
    if src.startswith(key, col - 1):      # the source map holds the key's place: step over "key: "
        rest = src[col - 1 + len(key):]
        if rest.lstrip(" ").startswith(":"):
            after = rest.lstrip(" ")[1:]
            col += len(key) + (len(rest) - len(rest.lstrip(" "))) + 1 + (len(after) - len(after.lstrip(" ")))
    ch = src[col - 1:col]
    if ch in ("'", '"'):
        return line, col + 1
    if ch in ("|", ">"):
        for k in range(line, len(lines)):
            if lines[k].strip():
                return k + 1, len(lines[k]) - len(lines[k].lstrip()) + 1
    return line, col          # a plain scalar: where it starts (past "key: " when the map held the key)
