"""Where the bundled fonts, layouts and games live: inside the installed package (a wheel carries
them as pnp/fonts, pnp/layouts, pnp/components), or beside it in a source checkout."""
from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def bundled(name: str) -> Path:
    inside = _PKG / name
    if inside.is_dir():
        return inside
    return _PKG.parent / name


def fonts_dir() -> Path:
    return bundled("fonts")


def layouts_dir() -> Path:
    return bundled("layouts")


def components_dir() -> Path:
    return bundled("components")
