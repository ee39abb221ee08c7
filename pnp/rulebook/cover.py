"""The rulebook's cover: the game's title and subtitle, a fan of its cards drawn from the data, the facts
from game.yaml (players, time, age), and who made it."""
from __future__ import annotations

from dataclasses import replace

from reportlab.lib.colors import HexColor

from ..data.model import Game
from ..layout.card import plan_deck
from ..layout.plan import CardPlan
from . import markup as m
from .flow import GREY, PROPOSAL, BookFlowable, Theme, draw_card, text_line
from .spans import named_spans


class Cover(BookFlowable):
    """The first page's one flowable: it takes the whole frame."""

    def __init__(self, game: Game, theme: Theme):
        super().__init__()
        self.game = game
        self.theme = theme

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width, self.height = availWidth, availHeight - 1
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        g = self.game
        th = self.theme
        w, h = self.width, self.height
        s = th.size
        title_size = s * 3.6
        y = h * 0.80
        text_line(c, named_spans(g.title, "gothic-bold"), "gothic-bold", title_size, w / 2, y, "center", th.ink)
        c.setStrokeColor(HexColor(th.accent))
        c.setLineWidth(1.2)
        c.line(w * 0.3, y - title_size * 0.55, w * 0.7, y - title_size * 0.55)
        if g.subtitle:
            text_line(c, named_spans(g.subtitle, "mincho"), "mincho", s * 1.9, w / 2, y - title_size * 0.55 - s * 3.0,
                      "center", th.ink)
        text_line(c, "ルールブック", "gothic", s * 1.1, w / 2, y - title_size * 0.55 - s * 5.4, "center", GREY)
        # a fan of real cards, one per suit (or the first cards), drawn from the data; the fan is a
        # picture of the game, so its cards go without the （仮） tag the line below explains
        if g.decks:
            faces, back = plan_deck(replace(g, final=True), g.decks[0])
            deck = g.decks[0]
            picks: list[CardPlan] = []
            for suit in deck.suits:
                card = next((cd for cd in deck.cards if cd.suit and cd.suit.id == suit.id), None)
                if card is not None:
                    picks.append(faces[card.id])
            if not picks:
                picks = [faces[cd.id] for cd in deck.cards[:5]]
            picks = picks[:5] or [back]
            scale = min(0.42, (w * 0.28) / picks[0].width)
            cx, cy = w / 2, h * 0.20
            n = len(picks)
            for k, plan in enumerate(picks):
                angle = (k - (n - 1) / 2) * 11.0
                c.saveState()
                c.translate(cx, cy)
                c.rotate(-angle)
                pw, ph = plan.width * scale, plan.height * scale
                draw_card(c, plan, -pw / 2, ph * 1.0, scale)
                c.restoreState()
        # facts from game.yaml
        facts = [("プレイ人数", m.players_text(g)), ("プレイ時間", g.play_time), ("対象年齢", g.age)]
        facts = [(k, v) for k, v in facts if v]
        fs = s * 1.05
        col = w / max(1, len(facts))
        base = h * 0.075
        for k, (label, value) in enumerate(facts):
            x = col * (k + 0.5)
            text_line(c, label, "gothic", fs * 0.8, x, base + fs * 1.5, "center", GREY)
            text_line(c, value, "gothic-bold", fs * 1.1, x, base, "center", th.ink)
        c.setStrokeColor(th.tint(0.5))
        c.setLineWidth(0.5)
        c.line(0, base + fs * 3.0, w, base + fs * 3.0)
        # who made what: the designer's game (and the draft it comes from); pnp only as the tool
        made = [f"ゲームデザイン：{g.designer}" if g.designer else "",
                f"{g.draft.version}より" if g.draft is not None and g.draft.version else "",
                f"ver. {g.version}" if g.version else "", "制作ツール：pnp"]
        text_line(c, "　".join(x for x in made if x), "gothic", s * 0.75, w / 2, -s * 1.2, "center", GREY)
        if not g.final and any(e.marked for e in g.ledger):
            text_line(c, "（仮）の印は pnp からの提案です。設計者の確認を待っています。", "gothic-bold", s * 0.75,
                      w / 2, -s * 2.5, "center", PROPOSAL)
