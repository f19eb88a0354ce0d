"""``odds batch``: one row per line of shoes and bet, the exact house edge and a float beside it.

CSV ``line,bet,house_edge,house_edge_float``; JSON a list of ``{"line", "id", "house_edge",
"house_edge_float"}``. The rows of a chunk of lines are rendered where they are computed (a
worker process), then joined in order: the output is the same whatever the number of workers.
CSV is written by hand rather than through :mod:`csv`: a batch has many thousands of rows and no
field needs quoting.
"""

from __future__ import annotations

import json

CSV_HEADER = "line,bet,house_edge,house_edge_float\n"


def batch_chunk(columns: list[tuple[str, list[tuple[int, int]]]], lines: int, first_line: int, fmt: str):
    """The rows of ``lines`` lines from ``first_line`` on: ``columns`` holds, per bet, each line's
    reduced house edge ``(numerator, denominator)``. CSV text, or JSON-ready records."""
    if fmt == "json":
        return [{"line": i + first_line, "id": bet, "house_edge": _ratio_text(*pairs[i]),
                 "house_edge_float": pairs[i][0] / pairs[i][1]}
                for i in range(lines) for bet, pairs in columns]
    out = []
    for i in range(lines):
        line = i + first_line
        for bet, pairs in columns:
            n, d = pairs[i]
            out.append(f"{line},{bet},{_ratio_text(n, d)},{n / d!r}\n")
    return "".join(out)


def join_batch(parts: list, fmt: str) -> str:
    """The chunks, in order, as one output."""
    if fmt == "json":
        return json.dumps([record for part in parts for record in part], indent=1) + "\n"
    return CSV_HEADER + "".join(parts)


def _ratio_text(n: int, d: int) -> str:
    return str(n) if d == 1 else f"{n}/{d}"


def alias_note() -> str:
    """The note on stderr after a run that named its file with the old ``--shoes``."""
    return "note: --shoes FILE is the old name of --file FILE (it still works; count's --shoes is a number of shoes)"
