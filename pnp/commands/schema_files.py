"""The JSON Schemas shipped in ``pnp/schemas/`` for editors (``pnp schemas`` writes them; a test keeps
them in sync): every YAML kind, every part kind and the rulebook's front matter.  This module sits
above the data and rulebook layers it collects from, so none of them imports back."""
from __future__ import annotations

import json
from pathlib import Path

from ..data.parts import PART_SCHEMAS
from ..data.schemas import SCHEMAS
from ..files import atomic_path
from ..rulebook.markup import FRONT_MATTER_SCHEMA


def schema_files() -> dict[str, str]:
    """File name → JSON text, exactly as shipped in pnp/schemas/ (cards, layouts and every part kind)."""
    kinds = {**SCHEMAS, **PART_SCHEMAS, "rulebook-front-matter": FRONT_MATTER_SCHEMA}
    return {f"{kind}.schema.json": json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
            for kind, schema in sorted(kinds.items())}


def write_schema_files(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, text in schema_files().items():
        path = folder / name
        with atomic_path(path) as tmp:
            tmp.write_text(text, encoding="utf-8")
        out.append(path)
    return out
