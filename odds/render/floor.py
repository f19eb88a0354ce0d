"""The floor's output: the tracker page's JSON, ``odds track --stdin``'s lines, ``odds audit``'s
report.

Exact numbers are strings (``"-1/37"``) with a float beside them for display, as in every JSON
of ``odds``; the page shows text only through ``textContent``.
"""

from __future__ import annotations

import json
import math

from . import exact, records
from .settle import drawing_lines, result_line, settle_json

RECENT_ROUNDS = 5
"""Rounds the page gets in full (the last ones); every round's short result is in ``history``."""


# -- the tracker page --------------------------------------------------------------------------------


def floor_view(floor) -> dict:
    """The open tables and what a new one may be: ``{"tables": [...], "games": [...]}``."""
    return {
        "tables": [table_summary(i, t, floor.keys[i]) for i, t in sorted(floor.tables.items())],
        "games": [
            {"id": g.id, "name": g.name, "paytables": floor.choices.names(g), "default_decks": g.default_decks}
            for g in floor.choices.games()
        ],
        "skipped": list(floor.skipped),
    }


def table_summary(table_id: int, table, key: str) -> dict:
    return {
        "id": table_id,
        "game": table.game.id,
        "paytable": key,
        "title": f"{table_id}: {table.game.name}, {key}, {table.start.describe()}",
    }


def bet_view(price) -> dict:
    ev = price.expected_value
    return {
        "id": price.id,
        "name": price.name,
        "expected_value": exact(ev) if ev is not None else None,
        "expected_value_float": float(ev) if ev is not None else None,
        "positive": price.positive,
        "window": price.window,
        "open": price.open,
        "note": price.note,
    }


def round_view(r) -> dict:
    s = r.settlement
    return {
        "number": r.number,
        **{k: v for k, v in settle_json(s).items() if k in ("cards", "hands", "bets", "left_out")},
        "result": result_line(s),
        "drawing": drawing_lines(s),
        "short": short_result(s),
    }


def short_result(s) -> str:
    """One letter a round's result reads as on a scoreboard: P B T (baccarat; D for the dealer in
    player-dealer baccarat), D T = (Dragon Tiger: dragon, tiger, tie)."""
    hands = {h.hand: h for h in s.hands}
    if "dragon" in hands:
        d, t = hands["dragon"].details["rank"], hands["tiger"].details["rank"]
        return "=" if d == t else "D" if d > t else "T"
    totals = [h.total for h in s.hands]
    if len(totals) == 2 and None not in totals:
        other = s.hands[1].hand[0].upper()
        return "T" if totals[0] == totals[1] else "P" if totals[0] > totals[1] else other
    return "?"


def table_view(table_id: int, table, key: str) -> dict:
    """Everything the page shows of a table (docs/floor.md lists the keys)."""
    tc = table.true_count()
    return {
        **table_summary(table_id, table, key),
        "game_name": table.game.name,
        "version": table.version,
        "start": table.start.to_dict(),
        "cards_left": table.shoe.total,
        "cards_seen": table.cards_seen,
        "ranks_left": list(table.shoe.rank_counts),
        "suits_known": table.suits_known,
        "reads_suits": any(table.paytable.rule(b).resolution == "card" for b in table.paytable.bets),
        "rounds_dealt": len(table.rounds),
        "next_round": table.next_round,
        "pending": list(table.pending_cards),
        "burns": list(table.burns),
        "tags": list(table.tags) if table.tags is not None else None,
        "true_count": exact(tc) if tc is not None else None,
        "true_count_float": float(tc) if tc is not None else None,
        "bets": [bet_view(p) for p in table.prices()],
        "rounds": [round_view(r) for r in table.rounds[-RECENT_ROUNDS:]],
        "history": "".join(short_result(r.settlement) for r in table.rounds),
    }


# -- odds track --stdin --------------------------------------------------------------------------------


def percent(x) -> str:
    """``+1.2345%``: an expectation per unit as a signed percentage (4 decimals)."""
    return f"{float(x) * 100:+.4f}%"


def round_json(table, r) -> dict:
    """One JSON line of ``odds track --stdin --format json``: the round settled and every bet's
    exact expectation for the next round."""
    return {
        "event": "round",
        "round": r.number,
        "settlement": {k: v for k, v in settle_json(r.settlement).items() if k not in ("game", "paytable")},
        "result": result_line(r.settlement),
        "cards_left": table.shoe.total,
        "next_round": table.next_round,
        "true_count": exact(table.true_count()) if table.true_count() is not None else None,
        "bets": [bet_view(p) for p in table.prices()],
        "positive": [p.id for p in table.prices() if p.positive],
    }


def round_text(table, r) -> str:
    """``odds track --stdin``'s lines for a round: the hands and result, who drew and why, the
    bets that did not lose, and the bets now positive."""
    s = r.settlement
    hands = "; ".join(f"{h.hand} {' '.join(map(str, h.cards))} = {h.total}" for h in s.hands)
    lines = [f"round {r.number}: {hands}: {result_line(s) or 'settled'}"]
    lines += [f"  {line}" for line in drawing_lines(s)]
    won = [f"{b.id} {exact(b.net)}" for b in s.bets if b.net > 0]
    lines.append(f"  won: {', '.join(won) if won else 'nothing'}")
    lines.append(f"  {positive_text(table)}")
    return "\n".join(lines) + "\n"


def positive_text(table) -> str:
    tc = table.true_count()
    count = f", true count {float(tc):+.1f}" if tc is not None else ""
    head = f"next round {table.next_round} ({table.shoe.total} cards left{count}): "
    good = [p for p in table.prices() if p.positive]
    if not good:
        return head + "no bet positive"
    return (
        head
        + "positive "
        + ", ".join(f"{p.id} {percent(p.expected_value)}{'' if p.open else ' (window closed)'}" for p in good)
    )


def event_json(kind: str, table, line: int, **extra) -> dict:
    return {"event": kind, "line": line, "cards_left": table.shoe.total, "next_round": table.next_round, **extra}


def json_line(data: dict) -> str:
    return json.dumps(data, separators=(",", ":")) + "\n"


# -- odds audit ------------------------------------------------------------------------------------------


def audit_json(report) -> dict:
    """``odds audit --format json``: the session, then one record per seat (and per seat and bet)."""
    return {
        "game": report.game.id,
        "paytable": report.paytable.name,
        "shoes": report.shoes,
        "rounds": report.rounds,
        "wagers": report.wagers,
        "seats": [seat_json(s) for s in report.seats],
    }


def seat_json(s) -> dict:
    out = {
        "seat": s.seat,
        **({"bet": s.bet} if s.bet is not None else {}),
        "wagers": s.wagers,
        "wagered": exact(s.wagered),
        "expected": exact(s.expected),
        "expected_float": float(s.expected),
        "actual": exact(s.actual),
        "actual_float": float(s.actual),
        "result_z": _float(s.result_z),
        "average_edge": exact(s.average_edge),
        "average_edge_float": float(s.average_edge),
        "house": exact(s.house),
        "house_float": float(s.house),
        "house_edge_float": float(s.house / s.wagered) if s.wagered else None,
        "edge_z": _float(s.edge_z),
        "positive_share": exact(s.positive_share),
        "positive_share_float": float(s.positive_share),
        "size_edge_correlation": _float(s.size_edge_correlation),
        "shoes": s.shoes,
    }
    if s.bets:
        out["bets"] = [seat_json(b) for b in s.bets]
    return out


def _float(x):
    return None if x is None or (isinstance(x, float) and not math.isfinite(x)) else x


AUDIT_HEADERS = (
    "seat",
    "wagers",
    "wagered",
    "expected",
    "actual",
    "result z",
    "edge",
    "house",
    "edge z",
    ">0",
    "size~edge",
)
"""The text view's columns (docs/floor.md says what each means; the JSON keys are longer)."""


def _row(s, seat: str) -> list[str]:
    def z(x):
        return "n/a" if x is None else f"{x:+.2f}"

    def edge(x):
        return f"{float(x) * 100:+.2f}%" if s.wagered else "n/a"

    return [
        seat,
        f"{s.wagers:,}",
        _amount(s.wagered),
        f"{float(s.expected):+,.1f}",
        f"{float(s.actual):+,.1f}",
        z(s.result_z),
        edge(s.average_edge),
        edge(s.house / s.wagered if s.wagered else 0),
        z(s.edge_z),
        f"{float(s.positive_share):.1%}",
        "n/a" if s.size_edge_correlation is None else f"{s.size_edge_correlation:+.3f}",
    ]


def _amount(x) -> str:
    return f"{int(x):,}" if x.denominator == 1 else f"{float(x):,.2f}"


def _audit_table(rows: list[list[str]], md: bool) -> str:
    from . import table_width, text_table

    right = [False] + [True] * (len(AUDIT_HEADERS) - 1)
    return text_table(list(AUDIT_HEADERS), rows, md, right, None if md else table_width())


def render_audit(report, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(audit_json(report), indent=2) + "\n"
    if fmt == "csv":
        rows = []
        for s in report.seats:
            for b in [s, *s.bets]:
                record = {"seat": s.seat, "bet": b.bet or "", **seat_json(b)}
                record.pop("bets", None)
                rows.append(record)
        return records(rows, "csv")
    md = fmt == "md"
    head = (
        f"{'# ' if md else ''}Audit: {report.game.name}, paytable {report.paytable.name}: "
        f"{report.shoes:,} shoe{'s' if report.shoes != 1 else ''}, {report.rounds:,} rounds, "
        f"{report.wagers:,} wagers"
    )
    seats = [_row(s, s.seat) for s in report.seats]
    by_bet = [_row(b, f"{s.seat} {b.bet}") for s in report.seats for b in s.bets if len(s.bets) > 1]
    out = [head, "", _audit_table(seats, md).rstrip("\n")]
    if by_bet:
        out += ["", f"{'## ' if md else ''}By seat and bet", "", _audit_table(by_bet, md).rstrip("\n")]
    out += ["", AUDIT_KEY]
    return "\n".join(out) + "\n"


AUDIT_KEY = (
    "expected: the sum of each wager's exact expectation when it was placed; actual: what the wagers\n"
    "won; result z: (actual - expected) / its standard deviation (luck, or more than the cards seen\n"
    "could tell); edge: expected per unit wagered; house: the same had every wager been worth its\n"
    "bet's full-shoe edge; edge z: (expected - house) / its standard error across shoes (betting\n"
    "with the cards: above 3 stands out); >0: share of wagers placed at a positive expectation;\n"
    "size~edge: correlation of a wager's size with its expectation."
)
