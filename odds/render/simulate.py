"""``odds simulate``: each bet's simulated edge against its exact edge, and whether it passed.

Every format says pass or fail the same way: ``passed`` per bet (JSON true/false, a ``passed``
column of yes/no elsewhere) and, in JSON, for the run (``passed``, ``failures``); the command
exits 1 when the run failed, whatever the format.
"""

from __future__ import annotations

import math

from . import exact, percent, records, table_width, to_json


def _finite(x: float):
    return x if math.isfinite(x) else None


def bet_json(b, z_max: float) -> dict:
    """One bet of a simulation as JSON and CSV give it (:class:`odds.design.simulate.BetResult`)."""
    return {
        "id": b.bet_id,
        "rounds": b.rounds,
        "simulated_house_edge": exact(b.simulated_edge),
        "simulated_house_edge_float": float(b.simulated_edge),
        "exact_house_edge": exact(b.exact_edge),
        "exact_house_edge_float": float(b.exact_edge),
        "std_error": _finite(b.std_error),
        "z": _finite(b.z),
        "sample_std_dev": _finite(b.sample_std_dev),
        "passed": not b.failed(z_max),
    }


def render_simulation(result, shoe, fmt: str) -> str:
    """``result``: a :class:`odds.design.simulate.Simulation`; ``shoe``: the full shoe each
    shoe is dealt from (None for dice and wheels)."""
    if fmt == "json":
        return to_json(
            {
                "game": result.game_id,
                "paytable": result.paytable,
                "shoe": shoe.describe() if shoe is not None else None,
                "cut_card": result.cut_card,
                "seed": result.seed,
                "rounds": result.rounds,
                "shoes": result.shoes,
                "z_max": result.z_max,
                "passed": not result.failures,
                "failures": [b.bet_id for b in result.failures],
                "bets": [bet_json(b, result.z_max) for b in result.bets],
            }
        )
    if fmt == "csv":  # the JSON's records, its keys as the header (passed: yes/no)
        return records(
            [{**bet_json(b, result.z_max), "passed": "no" if b.failed(result.z_max) else "yes"} for b in result.bets],
            "csv",
        )
    rows = []
    for b in result.bets:
        row = {
            "bet": b.bet_id,
            "rounds": b.rounds,
            "simulated edge": percent(b.simulated_edge, 3),
            "std error": percent(b.std_error, 3) if math.isfinite(b.std_error) else "-",
            "exact edge": percent(b.exact_edge, 3),
            "z": f"{b.z:+.2f}" if math.isfinite(b.z) else f"{b.z:+}",
            "passed": "no" if b.failed(result.z_max) else "yes",
        }
        rows.append(row)
    decks = f"{result.decks} deck{'s' if (result.decks or 0) > 1 else ''}"
    shoes = (
        f"{decks}, cut card {result.cut_card} from the end, {result.shoes:,} shoes, "
        if result.decks and result.cut_card is not None
        else f"{decks} shuffled before every round, "
        if result.decks
        else ""
    )
    verdict = "passed" if not result.failures else f"FAILED ({len(result.failures)} bet(s))"
    title = (
        f"{result.game_id} ({result.paytable}): {result.rounds:,} rounds, {shoes}seed {result.seed}; "
        f"a bet fails when |z| > {result.z_max:g}: {verdict}"
    )
    return records(rows, fmt, title=title, width=table_width())


def failure_message(result) -> str:
    """The one line on stderr (exit 1) when bets failed."""
    names = ", ".join(f"{b.bet_id} (z = {b.z:+.2f})" for b in result.failures)
    return f"{len(result.failures)} bet(s) beyond |z| > {result.z_max:g}: {names}"
