"""House edges of many shoes at once (``odds batch``).

Bets decided by card values alone go through the compiled table's fast path
(:meth:`odds.engine.compiled.CompiledDeal.batch_linear`); the rest through the exact sheet path,
shoe by shoe. Both give the same exact fractions (a test checks it).
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from math import lcm
from typing import Sequence

import numpy as np

from .counting import falling
from .errors import OddsError
from .render import exact
from .shoe import Shoe


def parse_shoes(game, lines: Sequence[str], decks: int | None) -> list[Shoe]:
    """One shoe per line: the full shoe less that line's ``--remove`` spec."""
    base = Shoe.decks(game.default_decks if decks is None else decks)
    shoes = []
    for number, line in enumerate(lines, start=1):
        try:
            shoe = base.remove(line.strip()) if line.strip() else base
            game.check_shoe(shoe)
        except OddsError as exc:
            raise OddsError(f"line {number}: {exc}") from None
        shoes.append(shoe)
    return shoes


def batch_house_edges(game, paytable, lines: Sequence[str], bet_ids: Sequence[str], decks=None) -> list[dict]:
    """Rows ``{line, bet, house_edge}`` (exact) for every line of shoes and every bet."""
    shoes = parse_shoes(game, lines, decks)
    edges = {bet: house_edges(game, paytable, shoes, bet) for bet in bet_ids}
    return [{"line": i + 1, "bet": bet, "house_edge": edges[bet][i]}
            for i in range(len(shoes)) for bet in bet_ids]


def house_edges(game, paytable, shoes: list[Shoe], bet_id: str) -> list[Fraction]:
    pays = paytable.bet(bet_id).pays
    scale = lcm(*(p.denominator for p in pays.values()))
    columns = getattr(game, "state_columns", lambda *a: None)(bet_id, pays, scale)
    if columns is None or not shoes:
        return [_edge_from_counts(game.count(shoe, [bet_id])[bet_id], pays) for shoe in shoes]
    compiled = game.compiled()
    folded = compiled.fold(np.array(columns, dtype=object).reshape(-1, 1))
    comps = np.array([shoe.values() for shoe in shoes], dtype=np.int64)
    sums = compiled.batch_linear(comps, folded)
    return [Fraction(-row[0], scale * falling(shoe.total, compiled.max_cards)) for row, shoe in zip(sums, shoes)]


def _edge_from_counts(counts, pays) -> Fraction:
    return -sum((Fraction(pays[k] * n) for k, n in counts.counts.items()), Fraction(0)) / counts.total


def render(rows: list[dict], fmt: str) -> str:
    if fmt == "json":
        return json.dumps([{"line": r["line"], "bet": r["bet"], "house_edge": exact(r["house_edge"]),
                            "house_edge_float": float(r["house_edge"])} for r in rows], indent=1) + "\n"
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["line", "bet", "house_edge", "house_edge_float"])
    writer.writerows([r["line"], r["bet"], exact(r["house_edge"]), repr(float(r["house_edge"]))] for r in rows)
    return out.getvalue()
