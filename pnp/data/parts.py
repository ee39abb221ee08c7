"""Parts beyond cards (tracks, boards, cut-apart cards, token sheets, dice): schemas and model.

Each part kind registers a JSON Schema in PART_SCHEMAS and a builder; ``build_part`` turns a
validated YAML mapping into a frozen model object with ``id``, ``name``, ``file`` and
``piece_count`` (what game.yaml's component count is checked against)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ..errors import Problem
from .yamlsource import SourceMap

PART_SCHEMAS: dict[str, dict] = {}
_BUILDERS: dict[str, Callable[[dict, SourceMap, Path], tuple[Any, list[Problem]]]] = {}


def build_part(data: dict, smap: SourceMap, folder: Path) -> tuple[Any, list[Problem]]:
    return _BUILDERS[data["kind"]](data, smap, folder)
