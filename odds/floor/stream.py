"""``odds track --stdin``: the tracker without a browser. Lines of entry (the page's language:
``K 4 3``, ``burn 7``, ``undo``, ``shoe``) are read one at a time as they come; each round is
printed as soon as it is settled, with the bets positive for the next round, and flushed.

A line that cannot be applied (a bad card, a card the shoe does not hold) changes nothing: it is
named on stderr and the stream goes on; the command then exits 1 at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .table import EntryError, Table


def follow(
    table: Table, lines: Iterable[str], fmt: str, write: Callable[[str], None], warn: Callable[[str], None]
) -> int:
    """Apply each line to ``table``, writing what happened (``fmt``: ``table`` text or ``json``
    lines) after each line; returns how many lines were refused (each named through ``warn``)."""
    from ..render.floor import event_json, json_line, round_json, round_text

    refused = 0
    for number, line in enumerate(lines, 1):
        out: list[str] = []

        def after(kind, what, number=number, out=out):
            if kind == "card" and what is not None:
                out.append(
                    json_line({**round_json(table, what), "line": number}) if fmt == "json" else round_text(table, what)
                )
            elif kind == "undo":
                if fmt == "json":
                    out.append(json_line(event_json("undo", table, number, card=what.card or None)))
                else:
                    out.append(f"undo: {what.card or 'the new shoe'} taken back ({table.shoe.total} cards left)\n")
            elif kind == "shoe":
                out.append(
                    json_line(event_json("shoe", table, number))
                    if fmt == "json"
                    else f"new shoe: {table.shoe.total} cards\n"
                )

        try:
            table.enter(line, after)
        except EntryError as exc:
            refused += 1
            warn(f"line {number}: {exc} (line not applied)")
            continue
        if out:
            write("".join(out))
    return refused
