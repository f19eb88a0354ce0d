"""A sheet as data: the CSV (one tidy row per bet and outcome), the JSON, and the flat record of
a bet's figures that ``--summary`` and the JSON share (every exact number beside its float twin).
The text and Markdown views are in :mod:`odds.render.sheet`.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from typing import TYPE_CHECKING

from .. import par
from . import exact

if TYPE_CHECKING:  # (the sheet's to_dict() renders through this module: no import back)
    from ..sheet import BetSheet, Sheet


# -- CSV ----------------------------------------------------------------------------------------

CSV_HEADERS = [
    "game",
    "paytable",
    "bet",
    "outcome_key",
    "outcome",
    "pays",
    "pays_float",
    "combinations",
    "total",
    "probability",
    "probability_float",
    "return",
    "return_float",
]


def sheet_csv(sheet: Sheet) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADERS)
    for bet in sheet.bets:
        for r in bet.rows:
            p = bet.probability(r)
            writer.writerow(
                [
                    sheet.game.id,
                    sheet.paytable.name,
                    bet.id,
                    r.key,
                    r.outcome,
                    exact(r.pays),
                    repr(float(r.pays)),
                    r.combinations,
                    bet.total,
                    exact(p),
                    repr(float(p)),
                    exact(p * r.pays),
                    repr(float(p * r.pays)),
                ]
            )
    return out.getvalue()


# -- one row per bet ----------------------------------------------------------------------------


EXACT_FIGURES = (
    "expected_value",
    "house_edge",
    "house_edge_excluding_pushes",
    "rtp",
    "hit_frequency",
    "push_probability",
    "loss_probability",
    "variance",
)
"""A bet's exact figures under its table, each with a ``_float`` twin in every table of them."""


def bet_record(bet: BetSheet) -> dict:
    """One bet's figures as a flat record of exact values, each beside its float twin, then the
    volatility index and the hold's intervals (the columns of ``odds sheet --summary --format
    csv``, in its order); ``game`` and ``paytable`` are left for the caller."""
    top = bet.top_row
    record: dict = {"bet": bet.id, "name": bet.name, "combinations": bet.total}
    for name in EXACT_FIGURES:
        value = getattr(bet, name)
        record[name] = value
        record[f"{name}_float"] = float(value) if value is not None else None
    record["std_dev"] = bet.std_dev_float()
    for name, value in (("top_pay", top.pays), ("top_pay_probability", bet.probability(top))):
        record[name], record[f"{name}_float"] = value, float(value)
    record.update({"window": bet.window, "player_edge": bet.player_has_edge})
    record.update({f"volatility_index_{c}": par.volatility_index_float(bet, c) for c in par.CONFIDENCES})
    for n in par.ROUNDS:
        for c in par.CONFIDENCES:
            record[f"hold_{c}_low_{n}"], record[f"hold_{c}_high_{n}"] = par.hold_interval_float(bet, n, c)
    return record


def bet_figures(bet: BetSheet) -> dict:
    """Every figure under a bet's outcome table, each exact one as a string with its float twin
    beside it (:func:`odds.sheet.bet_record`, as text): the sheet's JSON and the summary's CSV
    and JSON carry the same twins."""
    return {
        k: str(v) if k == "combinations" else exact(v) if isinstance(v, Fraction) else v
        for k, v in bet_record(bet).items()
        if k not in ("bet", "name") and not k.startswith("hold_")
    }


def summary_rows(sheet: Sheet) -> list[dict]:
    """One record per bet: every figure under its outcome table, exact strings beside floats
    (the CSV and JSON of ``odds sheet --summary``)."""
    rows = []
    for bet in sheet.bets:
        record = bet_record(bet)
        holds = {k: v for k, v in record.items() if k.startswith("hold_")}
        rows.append(
            {"game": sheet.game.id, "paytable": sheet.paytable.name, "bet": bet.id, "name": bet.name}
            | bet_figures(bet)
            | holds
        )
    return rows


# -- JSON ---------------------------------------------------------------------------------------


def bet_json(bet: BetSheet, rule=None) -> dict:
    """A bet's sheet as JSON; with its ``rule``, what the bet is too: its ``description`` and
    each outcome's ``when`` (as written in the paytable file; null for the last outcome)."""
    data: dict = {"id": bet.id, "name": bet.name}
    when = rule.when_texts() if rule is not None else {}
    if rule is not None:
        data["description"] = rule.description
    data |= {
        "outcomes": [
            {
                "outcome": r.outcome,
                "key": r.key,
                "pays": exact(r.pays),
                "pays_float": float(r.pays),
                "combinations": str(r.combinations),
                "probability": exact(bet.probability(r)),
                "probability_float": float(bet.probability(r)),
                "return": exact(bet.probability(r) * r.pays),
                "return_float": float(bet.probability(r) * r.pays),
            }
            | ({"when": when[r.key]} if r.key in when else {})
            for r in bet.rows
        ],
        **bet_figures(bet),
        "hold_intervals": [
            {"rounds": n, "confidence": c / 100, "low": low, "high": high}
            for n in par.ROUNDS
            for c in par.CONFIDENCES
            for low, high in [par.hold_interval_float(bet, n, c)]
        ],
    }
    if bet.extra:
        data["extra"] = {k: _plain(v) for k, v in bet.extra.items()}
    return data


def _plain(v):
    if isinstance(v, Fraction):
        return exact(v)
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    return v


def sheet_json(sheet: Sheet) -> dict:
    return {
        "game": sheet.game.id,
        "paytable": sheet.paytable.name,
        "paytable_source": sheet.paytable.source,
        "shoe": sheet.shoe.describe() if sheet.shoe is not None else None,
        "counting": sheet.counting,
        "notes": list(sheet.notes),
        "bets": [bet_json(b, sheet.paytable.rule(b.id)) for b in sheet.bets],
    }
