"""``odds strategy``: the player's option decisions of a game with one (player-dealer baccarat's
option on 5), with the exact expectation of each choice, and the line bets' edges under each
policy. CSV carries the decisions only (one tidy table)."""

from __future__ import annotations

from fractions import Fraction

from . import decimal, exact, percent, records, shoe_json, table_width, to_json, wrap


def _f(x: Fraction | None):
    return None if x is None else float(x)


def _exact(x):
    return None if x is None else exact(x)


def render_strategy(game, table, shoe, analysis, policies, fmt: str) -> str:
    if fmt == "json":
        data = {
            "game": game.id,
            "paytable": table.name,
            "shoe": shoe_json(shoe),
            "counting": game.counting,
            "combinations": str(analysis.total),
            "decisions": [
                {
                    "dealer_up_card": o.up,
                    "player_hand": o.hand,
                    "player_values": [o.low, (15 - o.low) % 10],
                    "combinations": str(o.deals),
                    "probability": exact(Fraction(o.deals, analysis.total)),
                    "stand_ev": _exact(o.stand_ev),
                    "stand_ev_float": _f(o.stand_ev),
                    "hit_ev": _exact(o.hit_ev),
                    "hit_ev_float": _f(o.hit_ev),
                    "choice": o.choice,
                    "gain": exact(o.gain),
                    "gain_float": float(o.gain),
                }
                for o in analysis.options
            ],
            "policies": [
                {
                    "policy": p["policy"],
                    "description": p["description"],
                    **{f"{k}_house_edge": exact(p[k]) for k in ("player-line", "dealer-line", "early-tie")},
                    **{f"{k}_house_edge_float": float(p[k]) for k in ("player-line", "dealer-line", "early-tie")},
                }
                for p in policies
            ],
        }
        return to_json(data)
    if fmt == "csv":
        return records(
            [
                {
                    "dealer_up_card": o.up,
                    "player_hand": o.hand,
                    "combinations": o.deals,
                    "total": analysis.total,
                    "probability": Fraction(o.deals, analysis.total),
                    "stand_ev": _exact(o.stand_ev) or "",
                    "hit_ev": _exact(o.hit_ev) or "",
                    "stand_ev_float": "" if o.stand_ev is None else repr(float(o.stand_ev)),
                    "hit_ev_float": "" if o.hit_ev is None else repr(float(o.hit_ev)),
                    "choice": o.choice,
                    "gain": o.gain,
                }
                for o in analysis.options
            ],
            "csv",
        )
    md = fmt == "md"
    decisions = [
        {
            "dealer shows": str(o.up),
            "player hand": o.hand,
            "combinations": o.deals,
            "probability": decimal(Fraction(o.deals, analysis.total), 8),
            "stand EV": "-" if o.stand_ev is None else f"{float(o.stand_ev):+.6f}",
            "hit EV": "-" if o.hit_ev is None else f"{float(o.hit_ev):+.6f}",
            "better": o.choice,
            "gain/hand": decimal(o.gain, 6),
        }
        for o in analysis.options
    ]
    edges = [
        {
            "policy": p["description"],
            "player line": percent(p["player-line"]),
            "dealer line": percent(p["dealer-line"]),
            "early tie": percent(p["early-tie"]),
        }
        for p in policies
    ]
    intro = (
        f"Shoe: {shoe}. Counting: {game.counting}. EV = a player-line bettor's exact expectation "
        f"per unit, given the dealer's face-up card and the player's two cards (by values; 0 = 10, "
        f"J, Q, K). Equal: hit (the house way)."
    )
    head = f"{game.name}: the option on 5 (paytable {table.name})\n\n{intro if md else wrap(intro)}\n"
    width = table_width()
    out = [
        ("# " if md else "") + head,
        records(decisions, fmt, width=width),
        ("## " if md else "") + "House edge by policy\n",
        records(edges, fmt, width=width),
    ]
    return "\n".join(out)
