"""A sheet in each format. Markdown is the human view (totals row, thousands separators), CSV is
tidy (one row per bet and outcome, no totals), JSON is the machine view (every exact number a
string, with a float beside it where useful). No timestamps: the output is deterministic."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

from ..sheet import BetSheet, Sheet
from . import decimal, exact, pays_text, percent, text_table, thousands

OUTCOME_HEADERS = ["outcome", "pays", "combinations", "probability", "probability (decimal)", "one in", "return"]


def render_sheet(sheet: Sheet, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(sheet.to_dict(), indent=2) + "\n"
    if fmt == "csv":
        return sheet_csv(sheet)
    return sheet_text(sheet, markdown=(fmt == "md"))


# -- text and Markdown ----------------------------------------------------------------------------

def _one_in(p: Fraction) -> str:
    return f"{float(1 / p):,.2f}" if p else "-"


def _shoe_line(sheet: Sheet) -> str:
    return str(sheet.shoe) if sheet.shoe is not None else "no shoe"


def sheet_text(sheet: Sheet, markdown: bool) -> str:
    out = []
    h1, h2 = ("# ", "## ") if markdown else ("", "")
    out.append(f"{h1}{sheet.game.name}: paytable {sheet.paytable.name}\n")
    if sheet.paytable.description:
        out.append(f"{sheet.paytable.description}.\n")
    out.append(f"Shoe: {_shoe_line(sheet)}. Counting: {sheet.counting}. "
               f"Paytable file: {sheet.paytable.source}.\n")
    for note in sheet.notes:
        out.append(note + "\n")
    for bet in sheet.bets:
        out.append("")
        out.append(bet_text(bet, markdown, h2))
    return "\n".join(out)


def bet_text(bet: BetSheet, markdown: bool, heading: str = "") -> str:
    rows = []
    for r in bet.rows:
        p = bet.probability(r)
        rows.append([r.outcome, pays_text(r.pays), thousands(r.combinations), exact(p),
                     decimal(p, 10), _one_in(p), decimal(p * r.pays, 10)])
    rows.append(["Total", "", thousands(bet.total), "1", decimal(1, 10), "", decimal(bet.expected_value, 10)])
    title = f"{heading}{bet.name} (`{bet.id}`)" if markdown else f"{bet.name} ({bet.id})"
    if bet.player_has_edge:
        title += " - PLAYER HAS THE EDGE"
    lines = [title, ""]
    lines.append(text_table(OUTCOME_HEADERS, rows, markdown, [False, True, True, True, True, True, True]))
    bullet = "- " if markdown else "  "
    for label, value in summary_lines(bet):
        lines.append(f"{bullet}{label}: {value}")
    return "\n".join(lines) + "\n"


def summary_lines(bet: BetSheet) -> list[tuple[str, str]]:
    top = bet.top_row
    items = [
        ("House edge", f"{percent(bet.house_edge)} ({exact(bet.house_edge)})"),
    ]
    if bet.house_edge_excluding_pushes is not None:
        items.append(("House edge excluding pushes", percent(bet.house_edge_excluding_pushes)))
    items += [
        ("RTP", percent(bet.rtp)),
        ("Hit frequency", percent(bet.hit_frequency)),
        ("Push probability", percent(bet.push_probability)),
        ("Loss probability", percent(bet.loss_probability)),
        ("Variance", f"{decimal(bet.variance)} ({exact(bet.variance)})"),
        ("Standard deviation", f"{bet.std_dev_float():.6f}"),
        ("Top pay", f"{pays_text(top.pays)} to 1, one in {_one_in(bet.probability(top))}"),
    ]
    if bet.window:
        items.append(("Offered", f"first {bet.window} rounds of a shoe"))
    if bet.player_has_edge:
        items.append(("Flag", "the player has the edge on this bet"))
    items += extra_lines(bet.extra)
    return items


def extra_lines(extra: dict) -> list[tuple[str, str]]:
    """A game's figures under a bet's table, in words. The figures are data (JSON carries them
    as they are); player-dealer baccarat's (``economics``, ``player_line_edge_by_policy``,
    ``option_decisions``) are worded here, and a figure with a scalar value shows as it is."""
    items = []
    for key, value in extra.items():
        if key == "economics":
            items += [("Collection fee per wager", f"{pays_text(value['fee'])} (units of the stake; to the house)"),
                      ("Player's expectation net of the fee", _pct_exact(value["player_expectation_net_of_fee"])),
                      ("Player/dealer's expected result per unit covered",
                       _pct_exact(value["player_dealer_result_per_unit_covered"]))]
        elif key == "player_line_edge_by_policy":
            from ..games.player_dealer import POLICY_NAMES

            items += [(f"Player-line edge, {POLICY_NAMES[policy]}", _pct_exact(edge)) for policy, edge in value.items()]
        elif key == "option_decisions":
            items += [(f"Option, dealer shows {o['dealer_up_card']}, player {o['player_hand']}", option_text(o))
                      for o in value]
        elif key == "chips_wagered":
            items.append(("Chips wagered", str(value)))
        elif key == "by_outcome":
            items += [call_outcome_line(o, extra["chips_wagered"]) for o in value]
        elif key == "edge_per_chip":
            items.append(("Edge per chip wagered", exact(value)))
        elif key == "edge_per_call_chips":
            items.append(("Edge per call, in chips", exact(value)))
        elif isinstance(value, (str, int, Fraction, float)):
            items.append((key, exact(value) if isinstance(value, Fraction) else str(value)))
    return items


def call_outcome_line(o: dict, chips: int) -> tuple[str, str]:
    """A roulette call bet's result on one group of numbers, as seed 003's tables write it:
    ``On 0, 2, 3: 2 x (11 + 1) on trio 0-2-3 = 24 chips returned, net +15 chips``."""
    from ..games.roulette import placement

    if o["outcome"] == "miss":
        return "On any other number", f"all {chips} chips lose, net -{chips} chips"
    parts = " + ".join(f"{c['chips']} x ({exact(c['pays'])} + 1) on "
                       + (placement(c["kind"], tuple(c["numbers"])) if c["numbers"] is not None else f"its {c['kind']}")
                       for c in o["winning_chips"])
    net = o["net_chips"]
    return (f"On {', '.join(map(str, o['numbers']))}",
            f"{parts} = {exact(o['chips_returned'])} chips returned, net {'+' if net > 0 else ''}{exact(net)} chips")


def _pct_exact(x: Fraction) -> str:
    return f"{percent(x)} ({exact(x)})"


def option_text(o: dict) -> str:
    """The decision on one option hand (a record of ``odds.games.player_dealer.option_record``)."""
    if o["stand_ev"] is None:
        return "never dealt from this shoe (house way: hit)"
    return (f"{o['choice']} (expectation standing {float(o['stand_ev']):+.6f}, hitting {float(o['hit_ev']):+.6f}; "
            f"gain over the house way {float(o['gain']):.6f} per hand)")


# -- CSV ----------------------------------------------------------------------------------------

CSV_HEADERS = ["game", "paytable", "bet", "outcome_key", "outcome", "pays", "combinations", "total",
               "probability", "probability_float", "return"]


def sheet_csv(sheet: Sheet) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADERS)
    for bet in sheet.bets:
        for r in bet.rows:
            p = bet.probability(r)
            writer.writerow([sheet.game.id, sheet.paytable.name, bet.id, r.key, r.outcome, exact(r.pays),
                             r.combinations, bet.total, exact(p), repr(float(p)), exact(p * r.pays)])
    return out.getvalue()


# -- JSON ---------------------------------------------------------------------------------------

def bet_json(bet: BetSheet) -> dict:
    top = bet.top_row
    ex = bet.house_edge_excluding_pushes
    data = {
        "id": bet.id,
        "name": bet.name,
        "outcomes": [
            {"outcome": r.outcome, "key": r.key, "pays": exact(r.pays), "combinations": str(r.combinations),
             "probability": exact(bet.probability(r)), "probability_float": float(bet.probability(r)),
             "return": exact(bet.probability(r) * r.pays)}
            for r in bet.rows
        ],
        "combinations": str(bet.total),
        "expected_value": exact(bet.expected_value),
        "house_edge": exact(bet.house_edge),
        "house_edge_float": float(bet.house_edge),
        "house_edge_excluding_pushes": exact(ex) if ex is not None else None,
        "house_edge_excluding_pushes_float": float(ex) if ex is not None else None,
        "rtp": exact(bet.rtp),
        "rtp_float": float(bet.rtp),
        "hit_frequency": exact(bet.hit_frequency),
        "hit_frequency_float": float(bet.hit_frequency),
        "push_probability": exact(bet.push_probability),
        "loss_probability": exact(bet.loss_probability),
        "variance": exact(bet.variance),
        "std_dev": bet.std_dev_float(),
        "top_pay": exact(top.pays),
        "top_pay_probability": exact(bet.probability(top)),
        "window": bet.window,
        "player_edge": bet.player_has_edge,
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
        "bets": [bet_json(b) for b in sheet.bets],
    }
