"""``odds games``: the games, their paytables, and each bet's id, name and one-line rule.

The text table groups the bets under their game and fits 100 columns (the rule wraps): the
default paytable's bets, then those the game's other shipped paytables add, with the paytables
offering each. CSV has one row per bet (``game, bet, name, rule, default_paytable, paytables,
offered_in``; ``offered_in`` empty for the default paytable's bets); JSON keeps the contract's
shape, a list of ``{"game", "default_paytable", "paytables", "bets"}`` (the default paytable's
bets; ``--format md`` is the catalogue of them all).
"""

from __future__ import annotations

import csv
import io

from . import records, table_width, to_json, wrap


def render_games(games, paytables: dict[str, list[str]], fmt: str, other: dict | None = None) -> str:
    """``games``: the registry's games; ``paytables``: each game's shipped paytable names, the
    default first; ``other``: each game's :func:`odds.catalogue.other_bets` (the bets its other
    paytables add)."""
    other = other or {}
    if fmt == "json":
        return to_json(
            [
                {
                    "game": g.id,
                    "default_paytable": g.default_paytable,
                    "paytables": paytables[g.id],
                    "bets": list(g.bets),
                }
                for g in games
            ]
        )
    if fmt == "md":
        return games_md(games, paytables)
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["game", "bet", "name", "rule", "default_paytable", "paytables", "offered_in"])
        for g in games:
            everywhere = " ".join(paytables[g.id])
            for bet_id, rule in g.bets.items():
                writer.writerow([g.id, bet_id, rule.name, rule.description, g.default_paytable, everywhere, ""])
            for b in other.get(g.id, []):
                writer.writerow([g.id, b.id, b.name, b.rule, g.default_paytable, everywhere, " ".join(b.paytables)])
        return out.getvalue()
    parts = []
    for g in games:
        others = [p for p in paytables[g.id] if p != g.default_paytable]
        listed = f"{g.default_paytable} (default)" + "".join(f", {p}" for p in others)
        text = (
            wrap(f"{g.id}: {g.name}. Paytables: {listed}.", table_width())
            + "\n\n"
            + records(
                [{"bet": b, "name": r.name, "rule": r.description} for b, r in g.bets.items()],
                "table",
                width=table_width(),
            )
        )
        if other.get(g.id):
            text += (
                "\n"
                + wrap(f"{g.id}: the bets the other paytables add (--paytable NAME --bet ID):", table_width())
                + "\n\n"
                + records(
                    [
                        {"bet": b.id, "name": b.name, "rule": b.rule, "paytables": " ".join(b.paytables)}
                        for b in other[g.id]
                    ],
                    "table",
                    width=table_width(),
                )
            )
        parts.append(text)
    return "\n".join(parts)


def games_md(games, paytables: dict[str, list[str]]) -> str:
    """The Markdown view: one row per game, its paytables and bet ids."""
    flat = [{"game": g.id, "paytables": " ".join(paytables[g.id]), "bets": " ".join(g.bets)} for g in games]
    return records(flat, "md")
