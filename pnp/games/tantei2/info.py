"""What the 探偵無宿２ engine is and what it answers (pnp.sim.engine.Capabilities), declared once."""
from __future__ import annotations

from ...sim.engine import Capabilities, Chance
from .facts import GAME_ID
from .questions import MEASURES

CAPABILITIES = Capabilities(
    game_id=GAME_ID, min_players=3, max_players=4,
    chance=Chance.KEYED, decision_streams=True,
    hidden_information=True,
    determinization=True, progress=True, score_history=True,
    action_cards=True, examples=True, questions=True,
    measures=MEASURES,
    search_guidance="paired=on:depth=end:margin=0.05",
    skill_ladder=(1, 2), skill_ladder_games=50,
)
