"""``odds eor``: each bet's effects of removal, exact, with decimals in significant digits (an
effect is often a few millionths: it never prints as 0.0000)."""

from __future__ import annotations

from . import exact, records, shoe_json, significant, table_width, to_json, wrap


def render_eor(game, table, shoe, result, fmt: str) -> str:
    if fmt == "json":
        return to_json(
            {
                "game": game.id,
                "paytable": table.name,
                "shoe": shoe_json(shoe),
                "bets": [
                    {
                        "id": b.id,
                        "name": b.name,
                        "resolution": b.resolution,
                        "expected_value": exact(b.expected_value),
                        "expected_value_float": float(b.expected_value),
                        "identity_holds": b.identity_holds(),
                        "effects": [
                            {
                                "card": e.card,
                                "count": e.count,
                                "effect": exact(e.effect),
                                "effect_float": float(e.effect),
                                "expected_value": exact(e.expected_value),
                            }
                            for e in b.effects
                        ],
                    }
                    for b in result
                ],
            }
        )
    if fmt == "csv":
        rows = [
            {"bet": b.id, "card": e.card, "count": e.count, "effect": e.effect, "effect_float": repr(float(e.effect))}
            for b in result
            for e in b.effects
        ]
        return records(rows, "csv")
    md = fmt == "md"
    intro = (
        f"Shoe: {shoe}. Paytable: {table.name}. Effect = the bet's expected value with one card of "
        f"that kind removed, minus the shoe's (per unit bet; positive: the removal helps the bettor). "
        f"The count-weighted effects sum to exactly zero."
    )
    out = [f"{'# ' if md else ''}{game.name}: effects of removal\n", (intro if md else wrap(intro)) + "\n"]
    for b in result:
        heading = (
            f"{b.name} ({b.id}): expected value {exact(b.expected_value)} "
            f"= {significant(b.expected_value, 8, sign=True)}"
        )
        out.append(f"## {heading}\n" if md else wrap(heading) + "\n")
        rows = [
            {
                "card": e.card,
                "count": e.count,
                "effect": e.effect,
                "effect (decimal)": significant(e.effect, 6, sign=True),
                "effect (% of stake)": significant(e.effect * 100, 6, sign=True) + "%",
            }
            for e in b.effects
        ]
        out.append(records(rows, fmt, width=table_width()))
    return "\n".join(out)
