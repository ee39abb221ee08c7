"""What the テラー24 engine is and what it answers (pnp.sim.engine.Capabilities), declared once."""
from __future__ import annotations

from ...sim.engine import Capabilities, Chance
from .facts import GAME_ID
from .questions import MEASURES, Q_COMEBACK, Q_DRY

CAPABILITIES = Capabilities(
    game_id=GAME_ID, min_players=3, max_players=5,
    chance=Chance.KEYED, decision_streams=True,
    hidden_information=True,
    determinization=True, progress=True, score_history=True,
    card_locations=True, examples=True, questions=True,
    score_track="score_cards",          # the printed スコアカード: reports tell how many games fit on it
    questions_across_settings=(Q_DRY, Q_COMEBACK),      # their answers split the games by hands
    measures=MEASURES,
    search_guidance="depth=round",
    skill_ladder=(1, 2),
)
