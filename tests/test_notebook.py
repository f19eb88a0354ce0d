"""docs/notebook.ipynb runs: its code cells in order, in one namespace (as a kernel would run
them), each cell's asserts its checks; a cell's last expression is displayed as a notebook
displays it (its ``_repr_html_`` when it has one)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

NOTEBOOK = Path(__file__).resolve().parents[1] / "docs" / "notebook.ipynb"


def test_the_notebook_runs():
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    assert len(code) >= 6
    namespace: dict = {}
    shown = []
    for index, source in enumerate(code):
        tree = ast.parse(source, f"cell {index}")
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, f"{NOTEBOOK.name} cell {index}", "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), f"cell {index}", "eval"), namespace)
            shown.append(value._repr_html_() if hasattr(value, "_repr_html_") else repr(value))
    assert sum(s.startswith("<table>") for s in shown) >= 3
