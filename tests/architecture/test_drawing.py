"""Drawing happens in render/ (and the layers under it): the simulation and the rules engines decide
what a report says and hand plain records over; they never import reportlab.  The walk reads every
``import`` with ``ast``, inside functions too, as tests/architecture/test_imports.py does."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "pnp"
# packages that must not draw: the study (sim/) and the engines it plays (games/)
NOT_DRAWING = ("sim", "games")


def drawing_imports(source: str, filename: str = "<source>") -> list[str]:
    """The reportlab modules that ``source`` imports, as "line: module"."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        else:
            continue
        found += [f"{node.lineno}: {n}" for n in names if n.split(".")[0] == "reportlab"]
    return found


def test_the_walk_finds_a_drawing_import():
    source = ("from __future__ import annotations\nimport math\n\n\ndef chart():\n"
              "    from reportlab.graphics.shapes import Drawing\n    import reportlab.lib.colors\n")
    assert drawing_imports(source) == ["6: reportlab.graphics.shapes", "7: reportlab.lib.colors"]
    assert drawing_imports("from ..render.charts import bar_chart\nimport reportlabish\n") == []


def test_the_walk_reads_the_packages():
    files = {p.parts[len(PACKAGE.parts)] for top in NOT_DRAWING for p in (PACKAGE / top).rglob("*.py")}
    assert files == set(NOT_DRAWING)
    assert (PACKAGE / "sim" / "report.py").is_file() and (PACKAGE / "sim" / "sweep_report.py").is_file()


def test_sim_and_games_never_import_reportlab():
    found = []
    for top in NOT_DRAWING:
        for path in sorted((PACKAGE / top).rglob("*.py")):
            for hit in drawing_imports(path.read_text(encoding="utf-8"), str(path)):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{hit}")
    assert not found, ("reportlab imported outside render/ (build the content as pnp.render.document records "
                       "and let render/ draw them):\n" + "\n".join(found))

