"""The package's layers point one way: a walk over every ``import`` in pnp/ (read with ``ast``, the way
the modules are written, not the way they happen to be loaded) finds no import circle, and no import
against the direction cli → commands → games → sim → rulebook → render → layout → data → text →
small utilities (an engine implements sim's protocol, so games sit above sim).

An import inside a function counts: a late import that only avoids a circle at load time still ties
the two modules together.  Imports under ``if TYPE_CHECKING:`` do not count (they never run)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "pnp"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py")) if "templates" not in p.parts}


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The pnp modules that the module ``name`` imports, anywhere in its body."""
    is_package = path.name == "__init__.py"
    base = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()

    def resolve(target: str) -> str | None:
        # the longest known module that ``target`` names (a name imported from a module is not a module)
        parts = target.split(".")
        while parts:
            candidate = ".".join(parts)
            if candidate in known:
                return candidate
            parts.pop()
        return None

    def visit(node: ast.AST) -> None:
        if _type_checking_only(node):
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "pnp" and (m := resolve(alias.name)):
                    found.add(m)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[: len(base) - (node.level - 1)]
                target = ".".join(anchor + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] == "pnp":
                for alias in node.names:
                    m = resolve(f"{target}.{alias.name}") or resolve(target)
                    if m:
                        found.add(m)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    found.discard(name)
    return found


def import_graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imported(name, path, known) for name, path in mods.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def strong(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return found


# top to bottom; a module may import its own layer and the layers under it.  The top-level modules are
# placed by what they are: __main__ (python -m pnp) runs the command line, outputs (the build's options
# and manifest) stands on the model.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("cli", "__main__"),
    ("commands",),
    ("games",),
    ("sim",),
    ("rulebook",),
    ("render",),
    ("layout",),
    ("data", "outputs"),
    ("text",),
    ("", "catalogue", "errors", "files", "limits", "messages", "notices", "resources", "units", "watchdog"),
)
# (importer, imported) pairs allowed against the direction, each with its reason.  Keep it empty.
KNOWN_EXCEPTIONS: dict[tuple[str, str], str] = {}


def layer_of(module: str) -> int | None:
    """The index in LAYERS of a pnp module (by its first name under pnp), None when unplaced."""
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else ""
    return next((i for i, names in enumerate(LAYERS) if top in names), None)


def upward(graph: dict[str, set[str]]) -> list[str]:
    """Every import from a lower layer into a higher one, as "importer → imported (layer names)"."""
    found = []
    for module in sorted(graph):
        for target in sorted(graph[module]):
            a, b = layer_of(module), layer_of(target)
            if a is not None and b is not None and b < a and (module, target) not in KNOWN_EXCEPTIONS:
                found.append(f"{module} → {target} ({'/'.join(LAYERS[a]) or 'pnp'} must not import "
                             f"{'/'.join(LAYERS[b])})")
    return found


def test_every_module_has_a_layer():
    unplaced = sorted(m for m in import_graph() if layer_of(m) is None)
    assert not unplaced, f"modules in no layer (add their package to LAYERS): {unplaced}"


def test_the_layer_check_finds_an_upward_import():
    graph = {"pnp.render.pdf": {"pnp.commands.build", "pnp.layout.plan"}, "pnp.sim.generic": {"pnp.games.loader"},
             "pnp.games.ebe": {"pnp.sim.engine"}, "pnp.text.fonts": {"pnp.units"}}
    found = upward(graph)
    assert [f.split(" (")[0] for f in found] == ["pnp.render.pdf → pnp.commands.build",
                                                 "pnp.sim.generic → pnp.games.loader"]


def test_imports_point_down_the_layers():
    found = upward(import_graph())
    if found:
        pytest.fail("imports against the layer direction:\n" + "\n".join(found))


def test_known_exceptions_are_still_needed():
    graph = import_graph()
    stale = [pair for pair in KNOWN_EXCEPTIONS if pair[1] not in graph.get(pair[0], set())]
    assert not stale, f"exceptions for imports that are gone (remove them): {stale}"


def test_the_walk_sees_the_layers():
    """A walk that saw nothing would pass for the wrong reason: it must see the known arrows."""
    graph = import_graph()
    assert "pnp.data.model" in graph["pnp.commands.build"]
    assert "pnp.outputs" in graph["pnp.rulebook"]
    assert "pnp.text.linebreak" in set().union(*graph.values())


def test_the_walk_finds_a_circle_when_there_is_one():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_no_import_circles_in_pnp():
    found = cycles(import_graph())
    if found:
        pytest.fail("import circles (each group imports itself round): "
                    + "; ".join(" ↔ ".join(c) for c in found))


# modules outside pnp/cli that still declare click commands, each with its reason.  Keep it empty.
CLICK_OUTSIDE_CLI: dict[str, str] = {}


def importers_of_click() -> set[str]:
    """The pnp modules that import click (anywhere in their body, as the layer walk reads imports)."""
    found = set()
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            if any(n.split(".")[0] == "click" for n in names):
                found.add(name)
    return found


def test_click_code_lives_in_the_cli_package():
    """Commands in pnp.commands are services called with plain Python values: only pnp/cli parses options."""
    outside = sorted(m for m in importers_of_click()
                     if not (m == "pnp.cli" or m.startswith("pnp.cli.")) and m not in CLICK_OUTSIDE_CLI)
    assert not outside, f"click imported outside pnp/cli (move the click code to pnp/cli/): {outside}"
    assert {"pnp.cli.group", "pnp.cli.options", "pnp.cli.build"} <= importers_of_click()     # the walk sees them


def test_click_exceptions_are_still_needed():
    stale = sorted(set(CLICK_OUTSIDE_CLI) - importers_of_click())
    assert not stale, f"modules no longer importing click (remove them from CLICK_OUTSIDE_CLI): {stale}"
