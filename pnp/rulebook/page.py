"""The rulebook's page: its size, the sheet a booklet imposes it on, its margins and theme (PageSpec),
chosen by the paper (a5 or a4) and the game's accent colour."""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.pagesizes import A3, A4, A5, landscape

from ..data.model import Game
from ..errors import PnpError
from ..messages import did_you_mean, msg
from .flow import Theme

MM = 72 / 25.4
PAPERS = {"a5": (A5, landscape(A4)), "a4": (A4, landscape(A3))}
DEFAULT_ACCENT = "#2e4a7a"


@dataclass(frozen=True)
class PageSpec:
    size: tuple[float, float]
    sheet: tuple[float, float]
    margin_x: float
    margin_top: float
    margin_bottom: float
    theme: Theme

    @property
    def frame_w(self) -> float:
        return self.size[0] - 2 * self.margin_x

    @property
    def frame_h(self) -> float:
        return self.size[1] - self.margin_top - self.margin_bottom


def page_spec(game: Game, paper: str) -> PageSpec:
    if paper not in PAPERS:
        raise PnpError(msg("rulebook.unknown_paper", paper=paper, papers=PAPERS, hint=did_you_mean(paper, PAPERS)))
    size, sheet = PAPERS[paper]
    accent = game.decks[0].back.color if game.decks and game.decks[0].back.color else DEFAULT_ACCENT
    body = 9.0 if paper == "a5" else 10.0
    chars = 37 if paper == "a5" else 46            # 字詰め: the text width is whole ems
    theme = Theme(body, 1.7, accent)
    margin_x = (size[0] - chars * body) / 2
    return PageSpec(size, sheet, margin_x, 19 * MM if paper == "a5" else 24 * MM,
                    20 * MM if paper == "a5" else 25 * MM, theme)
