"""Error types.  The library raises these; the CLI turns them into messages and exit codes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the designer's data, located like a compiler error."""

    file: str
    line: int
    col: int
    field: str
    message: str
    cell: str = ""      # a spreadsheet cell ("Sheet1!C12"; "C12" in a CSV, which is its own sheet)

    def __str__(self) -> str:
        if self.cell:
            where = f"{self.file}:{self.cell}" if "!" in self.cell else f"{self.file}!{self.cell}"
        else:
            where = f"{self.file}:{self.line}:{self.col}" if self.line else self.file
        field = f" {self.field}:" if self.field else ""
        return f"{where}:{field} {self.message}"

    def as_json(self) -> dict[str, Any]:
        """The place, the field and the message (its code and parameters too when it has a code)."""
        from .messages import message_json
        place: dict[str, Any] = {"file": self.file, "line": self.line, "col": self.col, "field": self.field}
        if self.cell:
            place["cell"] = self.cell
        return {**place, **message_json(self.message)}


class PnpError(Exception):
    """Base of every error the CLI reports without a traceback (exit code 1)."""


class DataError(PnpError):
    """One or more problems in YAML data; all of them, sorted by file and line."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self) -> tuple[type[DataError], tuple[list[Problem]]]:   # pickled by its problems (a build worker sends it to the parent)
        return type(self), (self.problems,)


class BuildError(PnpError):
    """Output could not be written."""
