"""Print shops: what one asks for, as numbers the build converts to and preflight checks against.

A shop profile carries the shop's **printing condition** (the press and paper its colours are
characterised for: Japan Color 2011 Coated at Japanese offset shops, FOGRA39 in Europe), its
**total-ink limit** (総インキ量: 250, 300 or 350 % in Japanese data guides), its **safe area**
(3 or 5 mm), bleed, least image resolution, thinnest line and whether it asks for PDF/X.

``pnp build`` converts the shop files' colours with an ICC profile of the shop's printing
condition and limits the total ink to the shop's limit; ``pnp preflight`` checks any PDF against
the same numbers.  Japan Color profiles are not redistributable under a free licence, so pnp ships
only a FOGRA39 one (ISO Coated v2 300 %, pnp.render.icc): a build for a Japan Color shop without the
shop's profile converts with it, says so, and writes FOGRA39 in the file's OutputIntent — the file
never names a condition its colours were not converted for (``pnp.render.color.shop_colors``)."""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..data.model import SHOP_KEYS, Deck, Game
from ..errors import PnpError, Problem
from ..layout.shopsheet import Imposition, ShopSheet, gutter_needed_mm, margin_needed_mm, plan_shop_sheet
from ..messages import did_you_mean, msg

MM = 72 / 25.4


class UnknownShop(PnpError):
    """A shop profile name pnp does not know."""


@dataclass(frozen=True)
class PrintingCondition:
    """A characterised printing condition, as PDF/X's OutputIntent names it."""

    key: str
    identifier: str          # OutputConditionIdentifier
    condition: str           # OutputCondition: the condition in words
    names: tuple[str, ...]   # words of an ICC profile's description that say it characterises this condition
    where: str               # where a designer gets a profile of it (for messages)


FOGRA39 = PrintingCondition(
    "fogra39", "FOGRA39",
    "Offset printing, according to ISO 12647-2:2004/Amd 1, OFCOM, paper type 1 or 2 = coated art, 115 g/m2, "
    "tone value increase curves A (CMY) and B (K)",
    ("fogra39", "iso coated v2", "isocoated_v2", "coated fogra39"),
    "pnp に同梱の ISO Coated v2 300% (basICColor)")
JAPAN_COLOR_2011 = PrintingCondition(
    "japan-color-2011-coated", "Japan Color 2011 Coated",
    "Japan Color 2011 Coated: sheet-fed offset printing on coated paper, Japan (ISO 12647-2)",
    ("japan color 2011 coated", "japancolor2011coated"),
    "Adobe の ICC プロファイル集の JapanColor2011Coated.icc など")
JAPAN_COLOR_2001 = PrintingCondition(
    "japan-color-2001-coated", "JC200103",
    "Japan Color 2001 Coated: sheet-fed offset printing on coated paper, Japan",
    ("japan color 2001 coated", "japancolor2001coated"),
    "Adobe の ICC プロファイル集の JapanColor2001Coated.icc など")
CONDITIONS: dict[str, PrintingCondition] = {c.key: c for c in (JAPAN_COLOR_2011, JAPAN_COLOR_2001, FOGRA39)}


@dataclass(frozen=True)
class ShopProfile:
    """What one print shop asks for.  Lengths in mm, ink in %, resolution in dpi; condition: a key
    of CONDITIONS."""

    id: str
    name: str
    bleed_mm: float = 3.0
    safe_mm: float = 3.0
    min_dpi: float = 350.0
    ink_limit: float = 300.0
    hairline_mm: float = 0.1
    pdfx: str = "recommended"        # required | recommended | no
    condition: str = JAPAN_COLOR_2011.key
    impose: Imposition | None = None     # the shop's own multi-up sheet (面付け); None: one card a page

    @property
    def printing(self) -> PrintingCondition:
        return CONDITIONS[self.condition]

    def describe(self) -> str:
        pdfx = {"required": "PDF/X 必須", "recommended": "PDF/X 推奨", "no": "PDF/X 不問"}[self.pdfx]
        return (f"{self.name}：塗り足し {self.bleed_mm:g} mm、安全域 {self.safe_mm:g} mm、画像 {self.min_dpi:g} dpi 以上、"
                f"総インキ量 {self.ink_limit:g}% 以下、線幅 {self.hairline_mm:g} mm 以上、{pdfx}、印刷条件 {self.printing.identifier}"
                + (f"、{describe_imposition(self.impose)}" if self.impose else ""))


def describe_imposition(imp: Imposition) -> str:
    grid = f"{imp.columns} × {imp.rows} 面" if imp.columns and imp.rows else "入るだけ"
    return (f"面付け {imp.sheet_w_mm:g} × {imp.sheet_h_mm:g} mm に{grid}・間隔 {imp.gutter_mm:g} mm"
            f"{'・カードごとのトンボ' if imp.marks else '・トンボなし'}")


SHOPS: dict[str, ShopProfile] = {
    "jp-card": ShopProfile("jp-card", "日本のカード印刷所（標準）"),
    "jp-card-strict": ShopProfile("jp-card-strict", "日本のカード印刷所（厳しめ：安全域 5 mm・PDF/X 必須）",
                                  safe_mm=5.0, pdfx="required"),
    "jp-card-250": ShopProfile("jp-card-250", "日本のカード印刷所（総インキ量 250%）", ink_limit=250.0),
    "jp-card-350": ShopProfile("jp-card-350", "日本のカード印刷所（総インキ量 350%）", ink_limit=350.0),
    "fogra39": ShopProfile("fogra39", "ISO Coated v2（FOGRA39）の印刷所", condition=FOGRA39.key),
    # a shop that takes only its own template: A3 sheets, as many cards as fit (poker: 3 × 4), 12 mm apart
    "jp-card-imposed": ShopProfile("jp-card-imposed", "日本のカード印刷所（面付けテンプレート：A3・カードごとのトンボ）",
                                   impose=Imposition(297.0, 420.0, gutter_mm=12.0)),
}
DEFAULT_SHOP = "jp-card"


def shop_profile(spec: Mapping[str, Any], default_name: str) -> ShopProfile:
    """A shop profile from game.yaml print.shop: its base's numbers with the game's own."""
    base = SHOPS[str(spec.get("base", DEFAULT_SHOP))]
    numbers: dict[str, Any] = {k: float(spec[k]) for k in SHOP_KEYS if k in spec}
    out = replace(base, id=default_name, name=str(spec.get("name", default_name)), **numbers)
    if "pdfx" in spec:
        out = replace(out, pdfx=str(spec["pdfx"]))
    if "printing_condition" in spec:
        out = replace(out, condition=str(spec["printing_condition"]))
    if "impose" in spec:
        out = replace(out, impose=imposition_of(spec["impose"]))
    return out


def imposition_of(spec: Mapping[str, Any]) -> Imposition:
    """game.yaml print.shop.impose (schema-checked; its numbers are judged by imposition_problems)."""
    sheet = spec.get("sheet_mm") or (0.0, 0.0)
    return Imposition(float(sheet[0]), float(sheet[1]), int(spec.get("columns", 0)), int(spec.get("rows", 0)),
                      float(spec.get("gutter_mm", 12.0)), bool(spec.get("marks", True)))


def imposition_problems(game: Game, shop: ShopProfile, from_game: bool) -> list[Problem]:
    """Why the shop's sheet cannot hold a deck's cards (one problem per deck that does not fit) or its
    numbers are not numbers (NaN): at game.yaml's print.shop.impose when the game wrote it (from_game),
    else at the deck's own file (a built-in profile named by --shop)."""
    imp = shop.impose
    if imp is None:
        return []
    at = game.print_settings.at

    def problem(field: str, message: str, deck: Deck | None = None) -> Problem:
        place = at.get(f"shop.impose.{field}") or at.get("shop.impose") or at.get("shop")
        if from_game and place is not None:
            return place.problem(f"print.shop.impose.{field}", message)
        return (deck.where if deck is not None else game.where).problem(f"--shop {shop.id}", message)

    numbers = {"sheet_mm": (imp.sheet_w_mm, imp.sheet_h_mm), "gutter_mm": (imp.gutter_mm,)}
    bad = [problem(field, msg("shops.impose_not_finite", value=", ".join(f"{v}" for v in values)))
           for field, values in numbers.items() if not all(math.isfinite(v) for v in values)]
    if bad:
        return bad
    problems = []
    for deck in game.decks:
        card_w, card_h, bleed = _card_mm(deck)
        if plan_shop_sheet(imp, card_w, card_h, bleed) is not None:
            continue
        least = gutter_needed_mm(imp, bleed)
        if imp.gutter_mm < least - 1e-9:
            problems.append(problem("gutter_mm", msg("shops.impose_gutter", gutter=f"{imp.gutter_mm:g}",
                                                     least=f"{round(least, 2):g}", bleed=f"{bleed:g}"), deck))
            continue
        margin = margin_needed_mm(imp, bleed)
        columns, rows = imp.columns or 1, imp.rows or 1
        need_w = columns * card_w + (columns - 1) * imp.gutter_mm + 2 * margin
        need_h = rows * card_h + (rows - 1) * imp.gutter_mm + 2 * margin
        problems.append(problem("sheet_mm", msg(
            "shops.impose_no_fit", deck=deck.id, columns=columns, rows=rows, card=f"{card_w:g} × {card_h:g}",
            bleed=f"{bleed:g}", gutter=f"{imp.gutter_mm:g}", need=f"{need_w:.1f} × {need_h:.1f}",
            sheet=f"{imp.sheet_w_mm:g} × {imp.sheet_h_mm:g}", margin=f"{round(margin, 2):g}"), deck))
    return problems


def _card_mm(deck: Deck) -> tuple[float, float, float]:
    """A deck's card width, height and bleed in mm: the layout's points back to the millimetres written."""
    layout = deck.layout
    return round(layout.width_pt / MM, 3), round(layout.height_pt / MM, 3), round(layout.bleed_pt / MM, 3)


def shop_sheet(shop: ShopProfile, deck: Any) -> ShopSheet | None:
    """The shop's sheet for a deck's cards (None when the shop takes one card a page); PnpError when
    they do not fit (the build checks imposition_problems first)."""
    if shop.impose is None:
        return None
    sheet = plan_shop_sheet(shop.impose, *_card_mm(deck))
    if sheet is None:
        raise PnpError(f"{deck.file}: " + msg("shops.cards_do_not_fit", deck=deck.id, shop=shop.id))
    return sheet


def condition_of(description: str, bundled: bool = False) -> PrintingCondition | None:
    """The printing condition an ICC profile characterises, known by its description (or by being
    pnp's bundled profile); None for a profile pnp does not recognise."""
    if bundled:
        return FOGRA39
    words = description.lower()
    for condition in CONDITIONS.values():
        if any(name in words for name in condition.names):
            return condition
    return None


def game_shop(game: Any, name: str = "") -> ShopProfile:
    """The shop a game's files are made for: a built-in profile named on the command line (--shop),
    else the game's own (game.yaml print.shop), else jp-card."""
    if name:
        if name not in SHOPS:
            raise UnknownShop(msg("shops.unknown", shop=name, shops=SHOPS, hint=did_you_mean(name, SHOPS)))
        return SHOPS[name]
    spec = game.print_settings.shop
    return shop_profile(spec, f"{game.title} の印刷所") if spec else SHOPS[DEFAULT_SHOP]


def condition_notice(shop: ShopProfile, converted_for: PrintingCondition | None, description: str) -> str | None:
    """What a build says when the shop's printing condition is not the one its colours were converted
    for (a Japan Color shop without a Japan Color profile); None when they agree or the profile is
    one pnp does not recognise (its condition is then the one game.yaml or the profile names)."""
    if converted_for is None or converted_for.key == shop.condition:
        return None
    want = shop.printing
    return (f"注意：印刷所 {shop.id} の印刷条件は {want.identifier}：そのプロファイルがないので "
            f"{converted_for.identifier}（{description}）で変換した（OutputIntent も {converted_for.identifier}）。"
            f"{want.identifier} の ICC（{want.where}）を --icc FILE か game.yaml の print.icc で指定する")


SAFE_CHECKED_MM = 3.0       # what every layout already keeps its text regions inside (a layout's safe:)


def safe_area_problems(game: Any, plans: Mapping[str, Any], shop: ShopProfile) -> list[Problem]:
    """Glyphs of the planned cards (deck id → pnp.layout.card.DeckPlans) that stand closer to the
    trim than the shop's safe area, as problems at each card's line (the back at the deck's file):
    measured on the plan with the print check's own rule (pnp.render.printcheck.outside_safe_area).
    Layouts keep text 3 mm inside already; a shop that asks more (5 mm) is checked here."""
    if shop.safe_mm <= SAFE_CHECKED_MM:
        return []
    from .printcheck import outside_safe_area, planned_glyphs
    from .readback import Glyph
    problems: list[Problem] = []
    for deck_id, planned in plans.items():
        deck = game.deck(deck_id)
        faces, back = planned[0], planned[1]
        sides: dict[int, tuple[Any, Any]] = {}
        for card in deck.cards:
            sides.setdefault(id(faces[card.id]), (faces[card.id], card.where))
            own = (planned.backs or {}).get(card.id)
            if own is not None and own is not back:
                sides.setdefault(id(own), (own, card.where))
        sides.setdefault(id(back), (back, None))
        for plan, where in sides.values():
            glyphs = [Glyph(g.char, g.x, g.y, g.dx, g.dy, g.advance, g.size, "") for g in planned_glyphs(plan.items)]
            found = outside_safe_area(glyphs, plan.width, plan.height, shop.safe_mm)
            if not found:
                continue
            side = f"{plan.card_id} ({plan.side})" if plan.card_id else "back"
            message = (f"{found[0]}; the print shop {shop.id} asks for a {shop.safe_mm:g} mm safe area"
                       + (f" ({len(found) - 1} more)" if len(found) > 1 else ""))
            if where is not None:
                problems.append(where.problem(side, message))
            else:
                problems.append(Problem(deck.file, 1, 1, side, message))
    return problems
