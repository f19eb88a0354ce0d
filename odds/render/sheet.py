"""A sheet in each format. Markdown is the human view (totals row, thousands separators), CSV is
tidy (one row per bet and outcome, no totals; every exact string has a float beside it, so pandas
reads numbers as numbers), JSON is the machine view (every exact number a string, with a float
beside it where useful). The text table is the terminal's view: it fits 100 columns (long outcome
labels wrap; the exact probability, ``combinations / total``, is left to the other formats).
``summary=True`` gives one row per bet instead of the outcome tables, in every format. No
timestamps: the output is deterministic.

Under each bet every format states the PAR-sheet figures of :mod:`odds.par`: the volatility
index at 90% and 95% and the hold's intervals after 1,000 to 1,000,000 rounds.

The text and Markdown views are here; the data views (CSV rows, JSON, the records of a bet's
figures) are in :mod:`odds.render.sheet_data`, which the default text sheet does not import.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import TYPE_CHECKING

from .. import par
from . import decimal, exact, pays_text, percent, records, significant, table_width, text_table, thousands, wrap

if TYPE_CHECKING:  # (the sheet's to_dict() renders through this module: no import back)
    from ..sheet import BetSheet, Sheet

OUTCOME_HEADERS = ["outcome", "key", "pays", "combinations", "probability", "probability (decimal)", "one in", "return"]
TEXT_HEADERS = ["outcome", "key", "pays", "combinations", "probability", "one in", "return"]


def render_sheet(sheet: Sheet, fmt: str, summary: bool = False) -> str:
    if summary:
        return render_summary(sheet, fmt)
    if fmt == "json":
        return json.dumps(sheet.to_dict(), indent=2) + "\n"
    if fmt == "csv":
        from .sheet_data import sheet_csv

        return sheet_csv(sheet)
    return sheet_text(sheet, markdown=(fmt == "md"))


def suits_note(skipped: list[str]) -> str:
    """The note on stderr when bets that need suits are left out of a sheet."""
    return (
        f"note: {', '.join(skipped)} left out: they need suits, and --remove named cards without one (write Kh, not K)"
    )


# -- text and Markdown ----------------------------------------------------------------------------


def _one_in(p: Fraction) -> str:
    return f"{float(1 / p):,.2f}" if p else "-"


def _shoe_line(sheet: Sheet) -> str:
    return str(sheet.shoe) if sheet.shoe is not None else "no shoe"


def _head(sheet: Sheet, markdown: bool) -> list[str]:
    """The sheet's heading paragraphs: title, paytable description, shoe, notes. Markdown keeps
    each paragraph on one line; the text view wraps them at the terminal's width."""
    out = [f"{'# ' if markdown else ''}{sheet.game.name}: paytable {sheet.paytable.name}\n"]
    paragraphs = []
    if sheet.paytable.description:
        paragraphs.append(f"{sheet.paytable.description}.")
    paragraphs.append(f"Shoe: {_shoe_line(sheet)}. Counting: {sheet.counting}. Paytable file: {sheet.paytable.source}.")
    for text in paragraphs:
        out.append((text if markdown else wrap(text)) + "\n")
    for note in sheet.notes:
        out.append((note if markdown else wrap(note)) + "\n")
    return out


def sheet_text(sheet: Sheet, markdown: bool) -> str:
    out = _head(sheet, markdown)
    h2 = "## " if markdown else ""
    for bet in sheet.bets:
        out.append("")
        text = bet_text(bet, markdown, h2)
        if markdown:  # what the bet is, for a lab reading the file: its description and conditions
            title, rest = text.split("\n", 1)
            text = "\n".join([title, "", *_rule_lines(sheet.paytable.rule(bet.id))]) + rest
        out.append(text)
    return "\n".join(out)


def _rule_lines(rule) -> list[str]:
    """The Markdown lines that say what a bet is: its description, then each outcome's condition."""
    lines = [rule.description, ""] if rule.description else []
    when = rule.when_texts()
    if when:
        lines += [f"- `{key}` when `{text}`" if text else f"- `{key}`: every other round" for key, text in when.items()]
        lines.append("")
    return lines


def bet_text(bet: BetSheet, markdown: bool, heading: str = "") -> str:
    rows = []
    if markdown:
        for r in bet.rows:
            p = bet.probability(r)
            rows.append(
                [
                    r.outcome,
                    r.key,
                    pays_text(r.pays),
                    thousands(r.combinations),
                    exact(p),
                    decimal(p, 10),
                    _one_in(p),
                    decimal(p * r.pays, 10),
                ]
            )
        rows.append(["Total", "", "", thousands(bet.total), "1", decimal(1, 10), "", decimal(bet.expected_value, 10)])
        table = text_table(OUTCOME_HEADERS, rows, True, [False, False, True, True, True, True, True, True])
    else:
        for r in bet.rows:
            p = bet.probability(r)
            rows.append(
                [
                    r.outcome,
                    r.key,
                    pays_text(r.pays),
                    thousands(r.combinations),
                    significant(p, 6),
                    _one_in(p),
                    significant(p * r.pays, 6),
                ]
            )
        rows.append(["Total", "", "", thousands(bet.total), "1", "", significant(bet.expected_value, 6)])
        table = text_table(TEXT_HEADERS, rows, False, [False, False, True, True, True, True, True], width=table_width())
    title = f"{heading}{bet.name} (`{bet.id}`)" if markdown else f"{bet.name} ({bet.id})"
    if bet.player_has_edge:
        title += " - PLAYER HAS THE EDGE"
    lines = [title, ""]
    lines.append(table)
    for label, value in summary_lines(bet):
        line = f"{label}: {value}"
        lines.append(f"- {line}" if markdown else wrap(line, indent="  ", hang="    "))
    lines += ["", hold_table(bet, markdown)]
    return "\n".join(lines)


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
    items += par_lines(bet)
    return items


def extra_lines(extra: dict) -> list[tuple[str, str]]:
    """A game's figures under a bet's table, in words. The figures are data (JSON carries them
    as they are); player-dealer baccarat's (``economics``, ``player_line_edge_by_policy``,
    ``option_decisions``) are worded here, and a figure with a scalar value shows as it is."""
    items = []
    for key, value in extra.items():
        if key == "economics":
            items += [
                ("Collection fee per wager", f"{pays_text(value['fee'])} (units of the stake; to the house)"),
                ("Player's expectation net of the fee", _pct_exact(value["player_expectation_net_of_fee"])),
                (
                    "Player/dealer's expected result per unit covered",
                    _pct_exact(value["player_dealer_result_per_unit_covered"]),
                ),
            ]
        elif key == "player_line_edge_by_policy":
            from ..games.player_dealer import POLICY_NAMES

            items += [(f"Player-line edge, {POLICY_NAMES[policy]}", _pct_exact(edge)) for policy, edge in value.items()]
        elif key == "option_decisions":
            items += [
                (f"Option, dealer shows {o['dealer_up_card']}, player {o['player_hand']}", option_text(o))
                for o in value
            ]
        elif key == "chips_wagered":
            items.append(("Chips wagered", str(value)))
        elif key == "by_outcome":
            items += [call_outcome_line(o, extra["chips_wagered"]) for o in value]
        elif key == "edge_per_chip":
            items.append(("Edge per chip wagered", exact(value)))
        elif key == "edge_per_call_chips":
            items.append(("Edge per call, in chips", exact(value)))
        elif key == "multipliers":
            items += multiplier_lines(value)
        elif isinstance(value, (str, int, Fraction, float)):
            items.append((key, exact(value) if isinstance(value, Fraction) else str(value)))
    return items


def multiplier_lines(m: dict) -> list[tuple[str, str]]:
    """A multiplier bet's overlay and its advertised top awards, in words (GLI-11: a top award
    rarer than 1 in 100,000,000 rounds must have its odds displayed)."""
    count = m["count"]
    drawn = (
        next(iter(count))
        if len(count) == 1
        else ", ".join(f"{k} ({exact(w)})" for k, w in count.items()) + " (weights)"
    )
    values = ", ".join(f"x{v} ({exact(w)})" for v, w in m["values"].items())
    if m.get("target_values"):  # targets with multipliers of their own
        groups = [
            f"{', '.join(g['targets'])}: " + ", ".join(f"x{v} ({exact(w)})" for v, w in g["values"].items())
            for g in m["target_values"]
        ]
        values = "; ".join(groups + ([f"any other: {values}"] if values else []))
    items = [("Multipliers", f"{drawn} of the {m['targets']} {m['boosts']} drawn before the deal, each {values}")]
    if m["fee"]:
        items.append(
            ("Fee", f"{percent(m['fee'])} of the stake on top; every figure is per unit wagered, stake and fee")
        )
    if m["cap"] is not None:
        items.append(("Cap", f"one round's win pays at most {pays_text(m['cap'])} per unit staked"))
    for a in m["top_awards"]:
        one_in = f"one in {float(a['one_in']):,.0f}" if a["probability"] else "never"
        flag = "; rarer than 1 in 100,000,000: GLI-11 requires its odds displayed" if a["display_odds"] else ""
        items.append(
            (
                f"Top award, {a['label']}",
                f"{pays_text(a['pays'])} to 1, probability {exact(a['probability'])}, {one_in}{flag}",
            )
        )
    return items


def call_outcome_line(o: dict, chips: int) -> tuple[str, str]:
    """A roulette call bet's result on one group of numbers, as seed 003's tables write it:
    ``On 0, 2, 3: 2 x (11 + 1) on trio 0-2-3 = 24 chips returned, net +15 chips``."""
    from ..games.roulette import placement

    if o["outcome"] == "miss":
        return "On any other number", f"all {chips} chips lose, net -{chips} chips"
    parts = " + ".join(
        f"{c['chips']} x ({exact(c['pays'])} + 1) on "
        + (placement(c["kind"], tuple(c["numbers"])) if c["numbers"] is not None else f"its {c['kind']}")
        for c in o["winning_chips"]
    )
    net = o["net_chips"]
    return (
        f"On {', '.join(map(str, o['numbers']))}",
        f"{parts} = {exact(o['chips_returned'])} chips returned, net {'+' if net > 0 else ''}{exact(net)} chips",
    )


def _pct_exact(x: Fraction) -> str:
    return f"{percent(x)} ({exact(x)})"


def option_text(o: dict) -> str:
    """The decision on one option hand (a record of ``odds.games.player_dealer.option_record``)."""
    if o["stand_ev"] is None:
        return "never dealt from this shoe (house way: hit)"
    return (
        f"{o['choice']} (expectation standing {float(o['stand_ev']):+.6f}, hitting {float(o['hit_ev']):+.6f}; "
        f"gain over the house way {float(o['gain']):.6f} per hand)"
    )


def _z_text() -> str:
    return ", ".join(f"{par.z_float(c):.4f} ({c}%)" for c in par.CONFIDENCES)


def par_lines(bet: BetSheet) -> list[tuple[str, str]]:
    """The volatility index, with its formula (:mod:`odds.par`)."""
    vi = ", ".join(f"{par.volatility_index_float(bet, c):.4f} ({c}%)" for c in par.CONFIDENCES)
    return [("Volatility index", f"{vi}; VI = z x standard deviation, z = {_z_text()}")]


HOLD_TITLE = (
    "Hold after N rounds, the house's result per unit staked: the house edge "
    "+- z x standard deviation / sqrt(N) (normal approximation)"
)


def hold_table(bet: BetSheet, markdown: bool) -> str:
    """The hold's 90% and 95% intervals after 1,000 to 1,000,000 rounds (:mod:`odds.par`)."""
    rows = [
        [f"{n:,}"]
        + [
            f"{percent(lo)} to {percent(hi)}"
            for c in par.CONFIDENCES
            for lo, hi in [par.hold_interval_float(bet, n, c)]
        ]
        for n in par.ROUNDS
    ]
    headers = ["rounds"] + [f"hold, {c}% interval" for c in par.CONFIDENCES]
    title = HOLD_TITLE + ":" if markdown else wrap(HOLD_TITLE + ":")
    return (
        title
        + "\n\n"
        + text_table(
            headers, rows, markdown, [True] + [False] * len(par.CONFIDENCES), width=None if markdown else table_width()
        )
    )


def render_summary(sheet: Sheet, fmt: str) -> str:
    """``odds sheet --summary``: one row per bet. CSV and JSON carry every figure (exact strings
    and floats); the table and Markdown views the ones a designer compares at a glance."""
    if fmt in ("csv", "json"):
        from .sheet_data import summary_rows
    if fmt == "json":
        return (
            json.dumps(
                {
                    "game": sheet.game.id,
                    "paytable": sheet.paytable.name,
                    "shoe": sheet.shoe.describe() if sheet.shoe is not None else None,
                    "counting": sheet.counting,
                    "bets": [
                        {"id": r.pop("bet"), **{k: v for k, v in r.items() if k not in ("game", "paytable")}}
                        for r in summary_rows(sheet)
                    ],
                },
                indent=2,
            )
            + "\n"
        )
    if fmt == "csv":
        out = io.StringIO()
        rows = summary_rows(sheet)
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(list(rows[0]) if rows else ["game", "paytable", "bet"])
        for r in rows:
            writer.writerow(["" if v is None else repr(v) if isinstance(v, float) else v for v in r.values()])
        return out.getvalue()
    human = [
        {
            "bet": b.id,
            "house edge": percent(b.house_edge),
            "RTP": percent(b.rtp),
            "hit freq.": percent(b.hit_frequency),
            "SD": f"{b.std_dev_float():.4f}",
            "VI 90%": f"{par.volatility_index_float(b, 90):.4f}",
            "VI 95%": f"{par.volatility_index_float(b, 95):.4f}",
            "top pay": pays_text(b.top_row.pays),
            "window": b.window or "-",
        }
        for b in sheet.bets
    ]
    md = fmt == "md"
    head = _head(sheet, md)
    foot = f"VI = z x standard deviation, z = {_z_text()}. Exact figures: --format csv or json."
    table = records(human, fmt, width=None if md else table_width())
    return "\n".join(head) + "\n" + table + "\n" + (foot if md else wrap(foot)) + "\n"
