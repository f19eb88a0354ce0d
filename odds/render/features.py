"""``odds features GAME``: the names a bet's condition can read, with type, range and meaning."""

from __future__ import annotations

from . import records, table_width, to_json


def render_features(game, specs, fmt: str) -> str:
    """``specs``: the game's feature specs (:func:`odds.bets.features.feature_specs`, in order)."""
    rows = [{"name": f.name, "type": f.type.type, "range": f.range_text, "meaning": f.meaning} for f in specs]
    if fmt == "json":
        return to_json(
            {
                "game": game.id,
                "features": [
                    {
                        **row,
                        "low": f.type.low if f.type.type == "number" else None,
                        "high": f.type.high if f.type.type == "number" else None,
                        "values": list(f.type.values) if f.type.type == "text" else None,
                        "reads": [{"position": p, "resolution": r} for p, r in f.reads],
                        "drawing": f.drawing,
                        "state": f.state,
                        "suits": f.suits,
                    }
                    for row, f in zip(rows, specs)
                ],
            }
        )
    title = None if fmt == "csv" else f"{game.name}: features a condition can read"
    return records(rows, fmt, title=title, width=table_width())
