"""What the ユーフォリア engine is and what it answers (pnp.sim.engine.Capabilities), declared once."""
from __future__ import annotations

from ...sim.engine import Capabilities, Chance
from .questions import MEASURES

CAPABILITIES = Capabilities(
    game_id="euphoria", min_players=3, max_players=5,
    chance=Chance.KEYED, decision_streams=True,
    hidden_information=True,
    determinization=True, progress=True, score_history=True,
    examples=True, questions=True,
    measures=MEASURES,
    skill_ladder=(1, 2, 4, 8, 16),
)
