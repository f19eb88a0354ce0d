"""``odds batch``: one row per line of shoes and bet, the exact house edge and a float beside it.

CSV ``line,bet,house_edge,house_edge_float``; JSON a list of ``{"line", "id", "house_edge",
"house_edge_float"}``. The rows of a chunk of lines are rendered where they are computed (a
worker process), then written in order by :class:`BatchWriter` as each chunk is done: the output
is the same whatever the chunk size and the number of workers, and the same text as rendering
every row at once (JSON: ``json.dumps(rows, indent=1)``). CSV is written by hand rather than
through :mod:`csv`: a batch has many thousands of rows and no field needs quoting.
"""

from __future__ import annotations

import json

from ..core import ratio_text

CSV_HEADER = "line,bet,house_edge,house_edge_float\n"


def batch_chunk(columns: list[tuple[str, list[tuple[int, int]]]], lines: int, first_line: int, fmt: str) -> str:
    """The rows of ``lines`` lines from ``first_line`` on: ``columns`` holds, per bet, each line's
    reduced house edge ``(numerator, denominator)``. CSV rows, or JSON objects as they stand inside
    the array (indented one level, joined by commas)."""
    if fmt == "json":
        return ",\n ".join(
            json.dumps(
                {
                    "line": i + first_line,
                    "id": bet,
                    "house_edge": ratio_text(*pairs[i]),
                    "house_edge_float": pairs[i][0] / pairs[i][1],
                },
                indent=1,
            ).replace("\n", "\n ")
            for i in range(lines)
            for bet, pairs in columns
        )
    out = []
    for i in range(lines):
        line = i + first_line
        for bet, pairs in columns:
            n, d = pairs[i]
            out.append(f"{line},{bet},{ratio_text(n, d)},{n / d!r}\n")
    return "".join(out)


class BatchWriter:
    """Writes the chunks of :func:`batch_chunk` in order: the CSV header, or the JSON array's
    brackets and commas, around them. Nothing is written before the first chunk's rows, so a batch
    refused in its first chunk writes nothing.

    >>> import io, json
    >>> records = [{"line": n, "id": "tie", "house_edge": "1/2", "house_edge_float": 0.5} for n in (1, 2, 3)]
    >>> out = io.StringIO()
    >>> writer = BatchWriter("json", out.write)
    >>> writer.rows(batch_chunk([("tie", [(1, 2), (1, 2)])], 2, 1, "json"), 2)
    >>> writer.rows(batch_chunk([("tie", [(1, 2)])], 1, 3, "json"), 1)
    >>> writer.close()
    >>> out.getvalue() == json.dumps(records, indent=1) + "\\n"
    True
    """

    def __init__(self, fmt: str, write):
        self.fmt, self.write = fmt, write
        self.started = False
        self.lines = 0

    def rows(self, text: str, lines: int) -> None:
        """One chunk's rows (``lines`` lines of the batch)."""
        self.lines += lines
        if not text:
            return
        if self.fmt == "json":
            self.write(("," if self.started else "[") + "\n " + text)
        else:
            self.write(text if self.started else CSV_HEADER + text)
        self.started = True

    def close(self) -> None:
        """The end of the output (the header alone, or ``[]``, for a batch without rows)."""
        if self.fmt == "json":
            self.write("\n]\n" if self.started else "[]\n")
        elif not self.started:
            self.write(CSV_HEADER)


def alias_note() -> str:
    """The note on stderr after a run that named its file with the old ``--shoes``."""
    return "note: --shoes FILE is the old name of --file FILE (it still works; count's --shoes is a number of shoes)"
