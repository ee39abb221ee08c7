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
}
