"""Writers for every output: a plain text table, Markdown, CSV and JSON.

Two shapes cover every command: a *sheet* (:mod:`.sheet`) and a plain list of records
(:func:`records`), so every command shares the one ``--format`` option; each command builds its
JSON in the shape its contract gives.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction

FORMATS = ("table", "md", "csv", "json")


def exact(x) -> str:
    """An exact number as JSON and CSV carry it: ``"1523/144000"``, ``"-1"``, ``"2292252566437888"``."""
    if isinstance(x, Fraction):
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return str(x)


def decimal(x, places: int = 6) -> str:
    """A number for human eyes; exact values are converted to float only here."""
    if x is None:
        return "-"
    return f"{float(x):.{places}f}"


def percent(x, places: int = 4) -> str:
    if x is None:
        return "-"
    return f"{float(x) * 100:.{places}f}%"


def thousands(n: int) -> str:
    return f"{n:,}"


def pays_text(pays: Fraction) -> str:
    """Pays "to 1" as a dealer says them: ``19/20`` stays a fraction, ``0.5`` a decimal."""
    if pays.denominator == 1:
        return str(pays.numerator)
    as_decimal = float(pays)
    if Fraction(repr(as_decimal)) == pays and len(repr(as_decimal)) <= 6:
        return repr(as_decimal)
    return exact(pays)


def text_table(headers: list[str], rows: list[list[str]], markdown: bool, align_right=None) -> str:
    """Aligned columns; ``markdown`` adds pipes and the header rule."""
    align_right = align_right or [False] * len(headers)
    widths = [max(len(str(c)) for c in col) for col in zip(headers, *rows)]

    def fmt(cells):
        padded = [str(c).rjust(w) if right else str(c).ljust(w)
                  for c, w, right in zip(cells, widths, align_right)]
        return ("| " + " | ".join(padded) + " |") if markdown else "  ".join(padded).rstrip()

    lines = [fmt(headers)]
    if markdown:
        lines.append("|" + "|".join(("-" * (w + 1) + ":") if right else ("-" * (w + 2))
                                    for w, right in zip(widths, align_right)) + "|")
    else:
        lines.append("  ".join("-" * w for w in widths))
    lines.extend(fmt(r) for r in rows)
    return "\n".join(lines) + "\n"


def records(rows: list[dict], fmt: str, title: str | None = None) -> str:
    """A list of flat records as a text table, Markdown or CSV (JSON views are built by each
    command, in their own shape). Values are strings, ints, Fractions or floats."""
    headers = list(rows[0]) if rows else []
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(headers)
        for r in rows:
            writer.writerow([exact(v) if isinstance(v, Fraction) else v for v in r.values()])
        return out.getvalue()
    body = [[_human(v) for v in r.values()] for r in rows]
    right = [isinstance(v, (int, float, Fraction)) and not isinstance(v, bool) for v in (rows[0].values() if rows else [])]
    head = f"# {title}\n\n" if (title and fmt == "md") else (f"{title}\n\n" if title else "")
    return head + text_table(headers, body, markdown=(fmt == "md"), align_right=right)


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
