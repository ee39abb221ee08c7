"""What the EBE engine is and what it answers (pnp.sim.engine.Capabilities), declared once."""
from __future__ import annotations

from ...sim.engine import Capabilities, Chance
from .facts import GAME_ID
from .questions import MEASURES, Q_WIN

CAPABILITIES = Capabilities(
    game_id=GAME_ID, min_players=2, max_players=4,
    chance=Chance.KEYED, decision_streams=True,
    hidden_information=True,
    cooperative=True,                   # the team wins or loses together (reports give the team rate)
    determinization=True, team_value=True, progress=True,
    examples=True, questions=True,
    questions_across_settings=(Q_WIN,),     # its answer splits the games by variant
    measures=MEASURES,
    luck_events=("サイコロ",),
    search_guidance="paired=on:depth=20:margin=0.05",
    skill_ladder=(1, 2), skill_ladder_games=40,
)
