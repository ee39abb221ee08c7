"""Messages of the engine contract (pnp.sim.engine, the loader's adapter, the conformance suite):
code → {"en": …, "ja": …}."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "engine.lacks": {
        "en": "the engine from {spec!r} lacks {missing} ({file}: {cls}; what every engine has: pnp help engines)",
        "ja": "{spec!r} のエンジンに {missing} がありません（{file}：{cls}。どのエンジンにも要るもの：pnp help engines）"},
    "engine.capabilities_type": {
        "en": "the engine's capabilities must be a pnp.sim.engine.Capabilities, got {got} ({file}: {cls})",
        "ja": "エンジンの capabilities は pnp.sim.engine.Capabilities にしてください。いまは {got} です（{file}：{cls}）"},
    "engine.capabilities_hooks": {
        "en": "the engine's capabilities and its hooks disagree: {hooks} ({file}: {cls}; pnp help engines)",
        "ja": "エンジンの capabilities とフックが食い違っています：{hooks}（{file}：{cls}。pnp help engines）"},
    "engine.no_hook": {
        "en": "the engine has no {hook}",
        "ja": "エンジンに {hook} がありません"},
    "engine.players_range": {
        "en": "min_players/max_players ({low!r}, {high!r}) are not 1 ≤ min ≤ max",
        "ja": "min_players・max_players（{low!r}、{high!r}）は 1 ≤ 最小 ≤ 最大 にしてください"},
}
