"""``{{ref:…}}``: a reference to a ruling or a section by the name the printed book gives it (「補足・裁定の3」,
a section's heading).  While the files are read each reference is a marker in the text; once the whole
book is known (a ruling's number depends on a {{rulings}} list that may stand in a later file) the
markers are replaced by the names."""
from __future__ import annotations

import re
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from ..errors import Problem
from ..text.inline import Inline, Run, merge_runs
from .tree import Box, Cards, Diagram, Document, Heading, ListBlock, Loc, Para, PartFig, Picture, Table

# marks around a {{ref:…}} until it is resolved: noncharacters, which no source file may hold (read_text_file
# refuses them), so a designer's 外字 (private-use characters) and digits are never taken for a reference
REF_OPEN, REF_CLOSE = "\ufdd0", "\ufdd1"
_REF_SPLIT = re.compile(f"{REF_OPEN}(\\d+){REF_CLOSE}")


def resolve_refs(doc: Document, refs: list[tuple[str, str, Loc, int]], problems: list[Problem]) -> None:
    """Put each {{ref:…}} in place, now that the whole book is known (a ruling's number depends on
    the {{rulings}} list, which may stand in a later file)."""
    texts: list[Inline] = []
    for kind, target, loc, col in refs:
        name: Inline | None
        if kind == "ruling":
            name = doc.ruling_name(target)
            why = "the ruling is not in a printed {{rulings}} list, so it has no number to refer to"
        else:
            section = next((s for s in doc.sections if Path(s.file).stem == target), None)
            own = next((b.text for b in section.blocks if isinstance(b, Heading)), None) if section else None
            name = merge_runs((Run("「"),) + own + (Run("」"),)) if own else None
            why = "that file has no heading to refer to"
        if name is None:
            problems.append(Problem(loc.file, loc.line, col, "", f"{{{{ref:{target}}}}}: {why}"))
        texts.append(name or (Run(target),))
    # a heading may itself refer to another: resolve the names first, as deep as the chain goes
    for _ in range(len(texts)):
        if not any(_marked(x) for x in texts):
            break
        texts = [_put_refs(x, texts) if _marked(x) else x for x in texts]
    for i, (_kind, target, loc, col) in enumerate(refs):
        if _marked(texts[i]):       # headings that refer to each other in a circle
            problems.append(Problem(loc.file, loc.line, col, "", f"{{{{ref:{target}}}}}: its heading's references "
                                                                        "lead round in a circle; name one of them in "
                                                                        "words"))
            texts[i] = (Run(target),)
    doc.sections = [replace(s, blocks=tuple(_put_refs(b, texts) for b in s.blocks)) for s in doc.sections]


def _marked(text: Inline) -> bool:
    return any(REF_OPEN in r.text for r in text)


def _put_refs(value: Any, texts: list[Inline]) -> Any:
    """value (a block, its inline text, or a tuple of them) with every reference marker replaced."""
    if isinstance(value, tuple) and value and all(isinstance(r, Run) for r in value):
        out: list[Run] = []
        for r in value:
            pieces = _REF_SPLIT.split(r.text) if REF_OPEN in r.text else [r.text]
            for k, piece in enumerate(pieces):
                if k % 2:
                    out.extend(Run(x.text, x.style or r.style, x.ruby, x.color or r.color, x.icon)
                               for x in texts[int(piece)])
                elif piece or len(pieces) == 1:
                    out.append(replace(r, text=piece))
        return merge_runs(out)
    if isinstance(value, tuple):
        return tuple(_put_refs(v, texts) for v in value)
    if isinstance(value, (Heading, Para, ListBlock, Table, Box, Cards, PartFig, Picture, Diagram)):
        return replace(value, **{f.name: _put_refs(getattr(value, f.name), texts) for f in fields(value)
                                 if isinstance(getattr(value, f.name), tuple)})
    return value
