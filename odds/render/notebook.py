"""What a notebook shows of a result: a short ``repr`` (one line, whatever the number of bets)
and ``_repr_html_``, a table of the figures a reader looks at first (text from files escaped).

The results' classes (:class:`odds.sheet.Sheet`, :class:`odds.sheet.BetSheet`,
:class:`odds.settle.Settlement`, :class:`odds.api.Effects`, :class:`odds.api.CountReport`) call
these; the whole result stays in ``to_dict()`` and ``to_frame()``.

>>> short("Sheet baccarat/seed", ["banker 1.0579%"] * 30, 80)
'<Sheet baccarat/seed: banker 1.0579%, banker 1.0579%, ... (30 in all)>'
>>> html_table(["bet", "name"], [["x", "<b>"]])
'<table><thead><tr><th>bet</th><th>name</th></tr></thead><tbody><tr><td>x</td><td>&lt;b&gt;</td></tr></tbody></table>'
"""

from __future__ import annotations

import html

REPR_WIDTH = 200
"""A result's ``repr`` is at most this many characters."""


def short(head: str, items: list[str], width: int = REPR_WIDTH) -> str:
    """``<head: item, item, ... (N in all)>`` within ``width`` characters."""
    shown: list[str] = []
    for item in items:
        tail = f", ... ({len(items)} in all)>" if len(shown) + 1 < len(items) else ">"
        if len(f"<{head}: {', '.join([*shown, item])}{tail}") > width:
            break
        shown.append(item)
    more = f", ... ({len(items)} in all)" if len(shown) < len(items) else ""
    return f"<{head}: {', '.join(shown)}{more}>" if items else f"<{head}>"


def html_table(headers: list[str], rows: list[list], caption: str | None = None) -> str:
    """An HTML table, every cell escaped."""
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def sheet_repr(sheet) -> str:
    from . import percent

    shoe = str(sheet.shoe) if sheet.shoe is not None else "no shoe"
    head = f"Sheet {sheet.game.id}/{sheet.paytable.name}, {shoe}"
    return short(head, [f"{b.id} {percent(b.house_edge)}" for b in sheet.bets])


def sheet_html(sheet) -> str:
    from . import percent

    shoe = str(sheet.shoe) if sheet.shoe is not None else "no shoe"
    rows = [
        [b.id, b.name, percent(b.house_edge), percent(b.rtp), percent(b.hit_frequency), f"{b.std_dev_float():.4f}"]
        for b in sheet.bets
    ]
    caption = f"{sheet.game.name}, paytable {sheet.paytable.name}, {shoe} ({sheet.counting})"
    return html_table(["bet", "name", "house edge", "RTP", "hit frequency", "std dev"], rows, caption)


def bet_repr(bet) -> str:
    from . import percent

    return short(
        f"BetSheet {bet.id}, house edge {percent(bet.house_edge)}", [f"{r.key} pays {r.pays}" for r in bet.rows]
    )


def bet_html(bet) -> str:
    from . import exact, percent, thousands

    rows = [[r.outcome, r.key, exact(r.pays), thousands(r.combinations), percent(bet.probability(r))] for r in bet.rows]
    caption = f"{bet.name} ({bet.id}): house edge {percent(bet.house_edge)}"
    return html_table(["outcome", "key", "pays", "combinations", "probability"], rows, caption)


def settlement_repr(s) -> str:
    from . import exact

    cards = ",".join(str(c) for c in s.cards)
    return short(f"Settlement {s.game.id} {cards}", [f"{b.id} {b.outcome} {exact(b.net)}" for b in s.bets])


def settlement_html(s) -> str:
    from . import exact

    hands = "; ".join(f"{h.hand} {' '.join(str(c) for c in h.cards)}" for h in s.hands)
    rows = [[b.id, b.outcome, exact(b.net)] for b in s.bets]
    return html_table(["bet", "outcome", "net"], rows, f"{s.game.name}: {hands}")


def effects_repr(e) -> str:
    from . import percent

    return short(f"Effects {e.game.id}, {e.shoe}", [f"{b.id} EV {percent(b.expected_value)}" for b in e.bets])


def effects_html(e) -> str:
    from . import percent

    cards = [x.card for x in e.bets[0].effects] if e.bets else []
    rows = [[b.id, percent(b.expected_value)] + [percent(x.effect, 3) for x in b.effects] for b in e.bets]
    return html_table(["bet", "EV"] + cards, rows, f"Effects of removal, {e.game.name}, {e.shoe}")


def count_repr(c) -> str:
    from . import significant

    items = [f"{r['id']} {significant(r['perfect_units_per_shoe'], 4)} units/shoe" for r in c.rows]
    return short(f"CountReport {c.game.id}, {c.shoes:,} shoes", items)


def count_html(c) -> str:
    from . import percent, significant

    def num(x):
        return "-" if x is None else significant(x, 4)

    rows = [
        [
            r["id"],
            "-" if r.get("count_trigger") is None else f"{r['count_trigger']:+.1f}",
            "-" if r.get("bet_frequency") is None else percent(r["bet_frequency"], 3),
            num(r.get("units_per_100_hands")),
            num(r.get("desirability_index")),
            num(r["perfect_units_per_shoe"]),
        ]
        for r in c.rows
    ]
    headers = ["bet", "trigger", "bet frequency", "units per 100 hands", "DI", "perfect units per shoe"]
    return html_table(headers, rows, f"{c.game.name}: {c.shoes:,} shoes of {c.decks} decks, seed {c.seed}")
