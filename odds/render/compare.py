"""``odds compare``: house edge, RTP and standard deviation side by side, by deck count (columns)
and paytable, for each bet (rows).

The text table and Markdown show one block per figure (percentages and the standard deviation);
Markdown adds the exact house edges. CSV is tidy, one row per bet, paytable and shoe, exact
strings beside floats; JSON per bet, a cell per paytable and shoe, every exact number a string.
"""

from __future__ import annotations

from . import exact, percent, records, shoe_json, table_width, text_table, to_json, wrap

MEASURES = (
    ("House edge", lambda b: percent(b.house_edge)),
    ("RTP", lambda b: percent(b.rtp)),
    ("Standard deviation", lambda b: f"{b.std_dev_float():.4f}"),
)


def _column(shoe) -> str:
    if shoe is None:
        return "all outcomes"
    return f"{shoe.deck_count} deck{'s' if shoe.deck_count != 1 else ''}"


def _cells(c):
    """Each (bet, paytable, shoe index, sheet) in row order."""
    for bet in c.bets:
        for table in c.paytables:
            for i, _ in enumerate(c.shoes):
                yield bet, table, i, c.cells.get((bet, table.name, i))


def render_comparison(c, fmt: str) -> str:
    if fmt == "json":
        return to_json(
            {
                "game": c.game.id,
                "counting": c.game.counting,
                "paytables": [t.name for t in c.paytables],
                "shoes": [shoe_json(s) for s in c.shoes],
                "bets": [
                    {
                        "id": bet,
                        "name": c.names[bet],
                        "cells": [
                            {
                                "paytable": t.name,
                                "shoe": shoe_json(c.shoes[i]),
                                "house_edge": exact(s.house_edge),
                                "house_edge_float": float(s.house_edge),
                                "rtp": exact(s.rtp),
                                "rtp_float": float(s.rtp),
                                "variance": exact(s.variance),
                                "variance_float": float(s.variance),
                                "std_dev": s.std_dev_float(),
                            }
                            for b, t, i, s in _cells(c)
                            if b == bet and s is not None
                        ],
                    }
                    for bet in c.bets
                ],
            }
        )
    if fmt == "csv":
        return records(
            [
                {
                    "game": c.game.id,
                    "paytable": t.name,
                    "bet": bet,
                    "decks": c.shoes[i].deck_count if c.shoes[i] is not None else None,
                    "cards": c.shoes[i].total if c.shoes[i] is not None else None,
                    "house_edge": s.house_edge,
                    "house_edge_float": repr(float(s.house_edge)),
                    "rtp": s.rtp,
                    "rtp_float": repr(float(s.rtp)),
                    "variance": s.variance,
                    "variance_float": repr(float(s.variance)),
                    "std_dev": repr(s.std_dev_float()),
                }
                for bet, t, i, s in _cells(c)
                if s is not None
            ],
            "csv",
        )
    md = fmt == "md"
    names = ", ".join(t.name for t in c.paytables)
    by = "deck count and paytable" if c.game.uses_shoe else "paytable"
    title = f"{c.game.name}: house edge, RTP and standard deviation by {by}"
    over = f"off the top of a full shoe ({c.game.counting})" if c.game.uses_shoe else f"over the {c.game.counting}"
    intro = (
        f"Paytable{'s' if len(c.paytables) > 1 else ''}: {names}. Each figure is exact, {over}; "
        + (
            "the exact house edges are under the tables."
            if md
            else "--format md, csv or json show the exact fractions."
        )
        + " A dash: the paytable has no such bet."
    )
    out = [f"# {title}\n" if md else wrap(title) + "\n", (intro if md else wrap(intro)) + "\n"]
    blocks = list(MEASURES)
    if md:
        blocks.append(("Exact house edge", lambda b: exact(b.house_edge)))
    for label, show in blocks:
        out.append(f"## {label}\n" if md else f"{label}\n")
        out.append(_block(c, show, md))
    return "\n".join(out)


def _block(c, show, md: bool) -> str:
    """One figure: a row per bet (and paytable, when there are several), a column per shoe."""
    several = len(c.paytables) > 1
    headers = ["bet"] + (["paytable"] if several else []) + [_column(s) for s in c.shoes]
    rows = []
    for bet in c.bets:
        for table in c.paytables:
            cells = [c.cells.get((bet, table.name, i)) for i in range(len(c.shoes))]
            rows.append([bet] + ([table.name] if several else []) + [show(s) if s is not None else "-" for s in cells])
    right = [False] * (2 if several else 1) + [True] * len(c.shoes)
    text = text_table(headers, rows, md, right)
    if md or not several or max(len(line) for line in text.splitlines()) <= table_width():
        return text
    # long bet and paytable names: one table per paytable, so each fits
    parts = []
    for k, table in enumerate(c.paytables):
        mine = [[r[0]] + r[2:] for r in rows[k :: len(c.paytables)]]
        parts.append(
            f"paytable {table.name}:\n" + text_table([headers[0]] + headers[2:], mine, False, [False] + right[2:])
        )
    return "\n".join(parts)
