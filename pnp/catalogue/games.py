"""Messages of loading a game's rules engine (pnp.games.loader): code → {"en": …, "ja": …}."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "games.no_engine": {
        "en": "the game names no rules engine (engine: …)",
        "ja": "このゲームはルールエンジンを指定していません（engine: …）"},
}
