"""``odds tags``: a bet's counting tags, their betting correlation with the effects, and balance."""

from __future__ import annotations

from . import exact, records, shoe_json, significant, table_width, to_json


def render_tags(game, table, shoe, bet, chosen, level, user: bool, correlation, balanced: bool, fmt: str) -> str:
    """``bet``: the bet's effects of removal; ``chosen``: one tag per card; ``level``: the level
    the tags were derived at (ignored for ``user`` tags)."""
    rows = [
        {"card": e.card, "count": e.count, "effect": e.effect, "effect_float": float(e.effect), "tag": t}
        for e, t in zip(bet.effects, chosen)
    ]
    if fmt == "json":
        return to_json(
            {
                "game": game.id,
                "id": bet.id,
                "paytable": table.name,
                "shoe": shoe_json(shoe),
                "source": "user" if user else "derived",
                "level": None if user else level,
                "expected_value": exact(bet.expected_value),
                "betting_correlation": correlation,
                "balanced": balanced,
                "tags": [{**r, "effect": exact(r["effect"])} for r in rows],
            }
        )
    if fmt == "csv":
        return records(
            [{**r, "effect_float": repr(r["effect_float"]), "betting_correlation": correlation} for r in rows], "csv"
        )
    md = fmt == "md"
    source = "your tags" if user else f"derived tags, level {level}"
    lines = [
        f"{'# ' if md else ''}{bet.name} ({bet.id}): {source}\n",
        records(
            [{**r, "effect_float": significant(r["effect_float"], 6, sign=True)} for r in rows],
            fmt,
            width=table_width(),
        ),
        "Betting correlation: "
        + ("undefined (every tag or every effect is zero)" if correlation is None else f"{correlation:.4f}"),
        f"Balanced (a whole shoe counts to zero): {'yes' if balanced else 'no'}",
        f"Tags in card order: {','.join(str(t) for t in chosen)}",
    ]
    return "\n".join(lines) + "\n"
