"""The package's layers: no module of odds/ imports another that imports it back (issue 20).

Imports are read from the source: module level and inside functions (a function's import runs
when it is called; a cycle through it is a cycle all the same). Imports under
``if TYPE_CHECKING:`` are for type checkers only and never run. A module's call into a layer
above it by name (odds/callable_module.py's late binding of ``odds.sheet(...)``) is not an import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import odds

ROOT = Path(odds.__file__).parent


def module_names() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The odds modules ``name`` imports (each resolved to the module, not the package it is in)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()

    def resolve(target: str) -> None:
        while target and target not in modules and "." in target:
            target = target.rsplit(".", 1)[0]
        if target in modules and target != name:
            found.add(target)

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                resolve(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                full = f"{target}.{alias.name}"
                resolve(full if full in modules else target)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text()))
    return found


def import_graph() -> dict[str, set[str]]:
    modules = module_names()
    return {name: imported(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def connect(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
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
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def test_the_walker_sees_imports_inside_functions_and_skips_type_checking_ones():
    graph = import_graph()
    assert "odds.exact.plan" in graph["odds.games.base"]  # imported inside Game.count
    assert "odds.sheet" not in graph["odds.render.sheet"]  # under TYPE_CHECKING only
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_imports_one_that_imports_it_back():
    found = cycles(import_graph())
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_exact_layer_imports_no_game_and_no_study():
    """odds/exact/ counts bets described to it (deals, rules, pays); it never reaches up into the
    games, paytables, sheets or commands that use it."""
    graph = import_graph()
    above = (
        "odds.games",
        "odds.paytable",
        "odds.sheet",
        "odds.settle",
        "odds.api",
        "odds.cli",
        "odds.render",
        "odds.depletion",
        "odds.design",
        "odds.batch",
        "odds.export",
    )
    for name, targets in graph.items():
        if name.startswith("odds.exact"):
            reached = sorted(t for t in targets if t.startswith(above))
            assert not reached, (name, reached)
    assert not {t for t in graph["odds.core"]} - {"odds"}, graph["odds.core"]
