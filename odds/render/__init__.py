"""Writers for every output: a plain text table, Markdown, CSV and JSON.

The command line parses, calls the library and hands the result to a module of this package
(one per concern: :mod:`.sheet`, :mod:`.games`, :mod:`.eor`, :mod:`.compare` ...); no command
builds text or JSON itself. This module holds what they share: exact numbers as strings, numbers
for human eyes, a list of records as a table, Markdown or CSV, and the width text is fitted to.

Text tables fit :data:`WIDTH` (100) columns, and notes wrap at the terminal's width - 100 when
the output is not a terminal, so piped and tested output is the same on every machine.
"""

from __future__ import annotations

import csv
import io
import json
import math
import sys
import textwrap
from fractions import Fraction

from ..core import exact_text, whole_text
from ..text import escape

FORMATS = ("table", "md", "csv", "json")

WIDTH = 100
"""Columns a text table fits, and the width notes wrap at when the output is not a terminal."""


def terminal_width() -> int:
    """Where notes wrap: the terminal's width when stdout is one, else :data:`WIDTH`."""
    try:
        if sys.stdout.isatty():
            import shutil  # only on a terminal (shutil imports bz2, lzma, fnmatch)

            return max(40, shutil.get_terminal_size((WIDTH, 24)).columns)
    except (AttributeError, ValueError, OSError):
        pass
    return WIDTH


def table_width() -> int:
    """What a text table is fitted to: :data:`WIDTH`, or a narrower terminal's width."""
    return min(WIDTH, terminal_width())


def wrap(text: str, width: int | None = None, indent: str = "", hang: str | None = None) -> str:
    """A note as lines of at most ``width`` columns (default :func:`terminal_width`), each
    starting with ``indent`` (the lines after the first with ``hang``, if given); ids with
    hyphens and fractions are never cut.

    >>> print(wrap("House edge excluding pushes: the edge per resolved bet.", 30, "  ", "    "))
      House edge excluding pushes:
        the edge per resolved bet.
    """
    width = width or terminal_width()
    return "\n".join(
        textwrap.fill(
            part,
            width,
            initial_indent=indent,
            subsequent_indent=indent if hang is None else hang,
            break_long_words=False,
            break_on_hyphens=False,
        )
        if part
        else ""
        for part in text.split("\n")
    )


def to_json(data) -> str:
    """The JSON every command writes: two-space indent, a final newline."""
    return json.dumps(data, indent=2) + "\n"


def shoe_json(shoe) -> dict | None:
    """A shoe as every JSON reports it (:meth:`odds.shoe.Shoe.describe`:
    ``{"decks", "cards", "removed"}``); null for dice and wheels."""
    return None if shoe is None else shoe.describe()


exact = exact_text
"""An exact number as JSON and CSV carry it (:func:`odds.core.exact_text`)."""


def significant(x, digits: int = 4, sign: bool = False) -> str:
    """``x`` with ``digits`` significant digits: fixed point from 0.0001 up to a million,
    scientific beyond, so a small figure is never printed as 0.0000.

    >>> significant(Fraction(1, 3)), significant(Fraction(-1, 30000)), significant(123456789), significant(0)
    ('0.3333', '-0.00003333', '1.235e+08', '0')
    """
    v = float(x)
    if v == 0 or not math.isfinite(v):
        return ("+" if sign and v == 0 else "") + ("0" if v == 0 else str(v))
    magnitude = math.floor(math.log10(abs(v)))
    if -5 <= magnitude < 6:
        places = max(0, digits - 1 - magnitude)
        return f"{v:{'+' if sign else ''}.{places}f}"
    return f"{v:{'+' if sign else ''}.{digits - 1}e}"


def decimal(x, places: int = 6) -> str:
    """A number for human eyes; exact values are converted to float only here. A figure that
    is not zero but would print as zero at ``places`` gets significant digits instead.

    >>> decimal(Fraction(1, 8), 3), decimal(Fraction(1, 10**9), 6)
    ('0.125', '1.000e-09')
    """
    if x is None:
        return "-"
    v = float(x)
    if v != 0 and round(abs(v), places) == 0:
        return significant(v, 4)
    return f"{v:.{places}f}"


def percent(x, places: int = 4) -> str:
    """``x`` as a percentage with ``places`` decimals, or significant digits when it is not zero
    but would print as 0.0000%.

    >>> percent(Fraction(1, 37)), percent(Fraction(1, 10**9))
    ('2.7027%', '1.000e-07%')
    """
    if x is None:
        return "-"
    v = float(x) * 100
    if v != 0 and round(abs(v), places) == 0:
        return significant(v, 4) + "%"
    return f"{v:.{places}f}%"


def thousands(n: int) -> str:
    if n.bit_length() >= 10_000:
        digits = whole_text(n).lstrip("-")
        groups = [digits[max(0, i - 3) : i] for i in range(len(digits), 0, -3)][::-1]
        return ("-" if n < 0 else "") + ",".join(groups)
    return f"{n:,}"


def pays_text(pays: Fraction) -> str:
    """Pays "to 1" as a dealer says them: ``19/20`` stays a fraction, ``0.5`` a decimal."""
    if pays.denominator == 1:
        return str(pays.numerator)
    as_decimal = float(pays)
    if Fraction(repr(as_decimal)) == pays and len(repr(as_decimal)) <= 6:
        return repr(as_decimal)
    return exact(pays)


def text_table(
    headers: list[str], rows: list[list[str]], markdown: bool, align_right=None, width: int | None = None
) -> str:
    """Aligned columns; ``markdown`` adds pipes and the header rule. With ``width`` (text tables
    only), left-aligned text columns are wrapped, the widest first, until the table fits (numbers
    are never cut; a table of numbers alone wider than ``width`` stays as it is).

    >>> print(text_table(["bet", "rule"], [["tie", "The totals are equal at the end of the round."]],
    ...                  False, width=24), end="")
    bet  rule
    ---  -------------------
    tie  The totals are
         equal at the end of
         the round.
    """
    align_right = align_right or [False] * len(headers)
    headers = [escape(h) for h in headers]
    cells = [[escape(c) for c in r] for r in rows]  # text from files: control characters escaped
    widths = [max(len(c) for c in col) for col in zip(headers, *cells)]
    if width and not markdown:
        widths = _fit(headers, cells, widths, align_right, width)
        cells = [_wrapped(r, widths) for r in cells]
    else:
        cells = [[[c] for c in r] for r in cells]

    def fmt(line):
        padded = [c.rjust(w) if right else c.ljust(w) for c, w, right in zip(line, widths, align_right)]
        return ("| " + " | ".join(padded) + " |") if markdown else "  ".join(padded).rstrip()

    lines = [fmt(headers)]
    if markdown:
        lines.append(
            "|"
            + "|".join(("-" * (w + 1) + ":") if right else ("-" * (w + 2)) for w, right in zip(widths, align_right))
            + "|"
        )
    else:
        lines.append("  ".join("-" * w for w in widths))
    for row in cells:
        for i in range(max(len(c) for c in row) if row else 0):
            lines.append(fmt([c[i] if i < len(c) else "" for c in row]))
    return "\n".join(lines) + "\n"


MIN_WRAPPED = 12
"""The narrowest a wrapped text column gets."""


def _fit(headers, cells, widths, align_right, width) -> list[int]:
    """Column widths that fit ``width``: text columns narrowed, the widest first."""
    widths = list(widths)
    text = [i for i, right in enumerate(align_right) if not right]
    # a column is never narrower than its longest word (ids are not cut), so narrow the others
    floor = {i: max([MIN_WRAPPED, len(headers[i])] + [len(w) for r in cells for w in r[i].split()]) for i in text}
    excess = sum(widths) + 2 * (len(widths) - 1) - width
    while excess > 0:
        wide = [i for i in text if widths[i] > floor[i]]
        if not wide:
            break
        i = max(wide, key=lambda k: widths[k])
        rest = max((widths[k] for k in wide if k != i), default=floor[i])
        cut = min(excess, widths[i] - max(floor[i], rest - 1) if rest < widths[i] else 1)
        widths[i] -= max(1, cut)
        excess -= max(1, cut)
    # a word longer than its column keeps its length: the column is as wide as its longest line
    return [
        max([len(headers[i])] + [len(line) for r in cells for line in _lines(r[i], w)]) if not align_right[i] else w
        for i, w in enumerate(widths)
    ]


def _lines(text: str, width: int) -> list[str]:
    if len(text) <= width:
        return [text]
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [""]


def _wrapped(row: list[str], widths: list[int]) -> list[list[str]]:
    return [_lines(c, w) for c, w in zip(row, widths)]


def records(rows: list[dict], fmt: str, title: str | None = None, width: int | None = None) -> str:
    """A list of flat records as a text table, Markdown or CSV (JSON views are built by each
    render module, in their own shape). Values are strings, ints, Fractions or floats; a text
    table is fitted to ``width`` columns when given (:func:`text_table`), its title wrapped."""
    headers = list(rows[0]) if rows else []
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([escape(h) for h in headers])
        for r in rows:
            writer.writerow(
                [exact(v) if isinstance(v, Fraction) else escape(v) if isinstance(v, str) else v for v in r.values()]
            )
        return out.getvalue()
    body = [[_human(v) for v in r.values()] for r in rows]
    right = [
        isinstance(v, (int, float, Fraction)) and not isinstance(v, bool) for v in (rows[0].values() if rows else [])
    ]
    if title and fmt == "md":
        head = f"# {title}\n\n"
    elif title:
        head = (wrap(title, width) if width else title) + "\n\n"
    else:
        head = ""
    table_fits = width if fmt == "table" else None
    return head + text_table(headers, body, markdown=(fmt == "md"), align_right=right, width=table_fits)


def _human(v) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int):
        return thousands(v)
    if isinstance(v, Fraction):
        return exact(v)
    if isinstance(v, float):
        return f"{v:.6g}"
    return "" if v is None else str(v)
