"""``odds count``: per bet, the counting study (off-the-top edge and variance, the count, its
trigger, bet frequency, average edge, units per 100 hands, desirability index, with standard
errors) and what a perfect-information bettor wins, over the whole shoe and inside the window.

The text and Markdown views give each bet a block (a heading, two lines on the bet and its count,
a table of figures with the whole shoe and the window side by side), so they fit 100 columns
whatever the number of bets; CSV has one flat row per bet (lists joined by commas); JSON the
records of :func:`odds.depletion.count.report`.
"""

from __future__ import annotations

from fractions import Fraction

from . import percent, records, shoe_json, significant, table_width, to_json, wrap

TRUE_COUNT_TEXT = {
    "unseen": "true count = running count less the exposed cards' average, per 52 unseen cards "
    "(face-down burns included)",
    "in-shoe": "true count = running count per 52 cards left in the shoe (face-down burns excluded)",
}


def run_head(game, table, spec, shoe, shoes: int, ramp: str | None = None) -> dict:
    """What decides a run's figures (the JSON's head; the first columns of every CSV row, so the
    CSV of runs with different seeds or conventions stack under one header)."""
    return {
        "game": game.id,
        "paytable": table.name,
        "shoe": shoe_json(shoe),
        "shoes": shoes,
        "seed": spec.seed if spec.replay is None else None,
        "replayed": spec.replay is not None,
        "cut_card": spec.rules.cut_card,
        "after_cut": spec.rules.after_cut,
        "burn_per_round": game.burn_per_round,
        "commencement": spec.rules.commencement,
        "true_count": spec.true_count,
        "ramp": ramp,
    }


def _csv_head(head: dict) -> dict:
    out = {"game": head["game"], "paytable": head["paytable"], "decks": head["shoe"]["decks"]}
    return out | {k: v for k, v in head.items() if k not in out and k != "shoe"}


def render_count(game, table, spec, shoe, shoes: int, rows: list[dict], fmt: str, ramp: str | None = None) -> str:
    """``spec``: the run's :class:`~odds.depletion.count.CountSpec`; ``shoe``: the full shoe each
    shoe is dealt from; ``rows``: :func:`~odds.depletion.count.report`; ``ramp``: the ``--ramp``
    betted by, as text."""
    head = run_head(game, table, spec, shoe, shoes, ramp)
    if fmt == "json":
        return to_json({**head, "bets": rows})
    if fmt == "csv":
        flat = [
            {
                **_csv_head(head),
                **{k: (",".join(str(x) for x in v) if isinstance(v, list) else v) for k, v in r.items()},
            }
            for r in rows
        ]
        return records(flat, "csv")
    md = fmt == "md"
    intro = (
        f"Cut card {spec.rules.cut_card} cards from the end (after it: {spec.rules.after_cut}); commencement "
        f"card exposed and its value burned face down; {game.burn_per_round} burn(s) per round; "
        f"{TRUE_COUNT_TEXT[spec.true_count]}. Every round's expectation is exact for the unseen cards; "
        f"the figures are sums of those expectations over the shoes dealt. Bet frequency: share of rounds "
        f"dealt with true count >= trigger; average edge: mean expectation of those rounds; units per 100 "
        f"hands: won per 100 rounds dealt; desirability index: 100 x units per 100 hands / sqrt(100 x bet "
        f"frequency x off-the-top variance). Standard errors across shoes (ratio estimator); none for a "
        f"trigger chosen as the run's best (chosen on the same shoes, so optimistic)."
    )
    title = f"{game.name}: {shoes:,} shoes of {shoe}, " + (
        f"seed {spec.seed}" if spec.replay is None else "replayed as recorded"
    )
    out = [f"# {title}\n" if md else wrap(title) + "\n", (intro if md else wrap(intro)) + "\n"]
    for r in rows:
        out.append(_bet_block(r, md, ramp))
    return "\n".join(out)


BY_TRUE_COUNT_COLUMNS = {
    "true_count_floor": ("true count", lambda x: f"{x:+d}"),
    "rounds": ("rounds", lambda x: f"{x:,}"),
    "share_of_rounds": ("share", lambda x: percent(x, 3)),
    "mean_expected_value": ("mean EV", lambda x: percent(x, 3)),
    "mean_expected_value_in_window": ("in window", lambda x: percent(x, 3)),
    "bet_frequency": (">=: bet freq.", lambda x: percent(x, 3)),
    "average_edge": ("avg edge", lambda x: percent(x, 3)),
    "units_per_100_hands": ("units/100", lambda x: significant(x, 4)),
    "desirability_index": ("DI", lambda x: significant(x, 4)),
}


def render_by_true_count(game, table, spec, shoe, shoes: int, tables: list[dict], fmt: str) -> str:
    """``count --by-true-count``: per bet, :func:`~odds.depletion.count.by_true_count`'s rows
    (``tables``: ``{"id", "name", "by_true_count"}`` per bet). JSON the run's head and the bets'
    tables; CSV one tidy row per bet and true count, the run's head first (so runs stack); text
    and Markdown a table per bet."""
    head = run_head(game, table, spec, shoe, shoes)
    if fmt == "json":
        return to_json({**head, "bets": tables})
    if fmt == "csv":
        flat = [{**_csv_head(head), "id": b["id"], **row} for b in tables for row in b["by_true_count"]]
        if not flat:
            return ",".join([*_csv_head(head), "id", *BY_TRUE_COUNT_COLUMNS]) + "\n"
        return records(flat, "csv")
    md = fmt == "md"
    title = f"{game.name}: {shoes:,} shoes of {shoe}, by true count ({spec.true_count})"
    intro = (
        "Per whole true count k (true counts from k up to k + 1): the rounds dealt there, their share and "
        "mean exact expectation (whole shoe, and inside the window); then (>=) betting 1 unit at every "
        "true count >= k: bet frequency, average edge, units won per 100 hands, desirability index."
    )
    out = [f"# {title}\n" if md else wrap(title) + "\n", (intro if md else wrap(intro)) + "\n"]
    for b in tables:
        heading = f"{b['name']} ({b['id']})" if b.get("name") else b["id"]
        out.append(f"## {heading}\n" if md else wrap(heading) + "\n" + "-" * min(len(heading), table_width()))
        if not b["by_true_count"]:
            out.append("No count (every tag is zero).\n")
            continue
        body = [
            {name: ("-" if row[key] is None else show(row[key])) for key, (name, show) in BY_TRUE_COUNT_COLUMNS.items()}
            for row in b["by_true_count"]
        ]
        out.append(_right(records(body, "md" if md else "table", width=table_width()), md))
    return "\n".join(out)


def _bet_block(r: dict, md: bool, ramp: str | None = None) -> str:
    heading = f"{r['name']} ({r['id']})" if r.get("name") else r["id"]
    edge = Fraction(r["house_edge"]) if r.get("house_edge") is not None else None
    window = f"window {r['window']} rounds" if r["window"] is not None else "no window (every round)"
    about = (
        f"Off the top: house edge {percent(edge, 4)}, variance {significant(r['variance_float'], 6)}; {window}."
        if edge is not None
        else f"{window}."
    )
    if r.get("tags_source") is None:
        count = "Count: none (every tag is zero: no linear count follows this bet)."
    else:
        whose = "your tags" if r["tags_source"] == "user" else f"derived tags, level {r['count_level']}"
        cards = f"{r['tag_cards'][0]}..{r['tag_cards'][-1]}"
        correlation = "undefined" if r["betting_correlation"] is None else f"{r['betting_correlation']:.4f}"
        trigger = (
            f"{r['count_trigger']:+.1f} (given)"
            if r["trigger_source"] == "given"
            else "the best trigger of this run (whole shoe and window apart; see the table)"
        )
        count = (
            f"Count: {whose} ({cards}) {','.join(str(t) for t in r['tags'])}; "
            f"{'balanced' if r['balanced'] else 'unbalanced'}; betting correlation {correlation}; "
            f"bets 1 unit at true count >= {trigger}."
        )
    lines = [
        f"## {heading}\n" if md else wrap(heading) + "\n" + "-" * min(len(heading), table_width()),
        about if md else wrap(about),
        "",
        count if md else wrap(count),
        "",
    ]

    def pair(key, show):
        whole, inside = r.get(key), r.get(key + "_in_window")
        return [
            show(whole),
            _error(r.get(key + "_std_error"), show),
            show(inside),
            _error(r.get(key + "_in_window_std_error"), show),
        ]

    pct = lambda x: "-" if x is None else percent(x, 3)  # noqa: E731
    num = lambda x: "-" if x is None else significant(x, 4)  # noqa: E731 (never 0.0000 for a small figure)
    trig = lambda x: "-" if x is None else f"{x:+.1f}"  # noqa: E731
    table = [
        ("trigger (true count)", [trig(r["count_trigger"]), "", trig(r["count_trigger_in_window"]), ""]),
        ("bet frequency", pair("bet_frequency", pct)),
        ("average edge", pair("average_edge", pct)),
        ("units won per 100 hands", pair("units_per_100_hands", num)),
        ("desirability index", pair("desirability_index", num)),
        ("count: units per shoe", pair("count_units_per_shoe", num)),
        (
            "perfect play: units per shoe",
            [
                num(r["perfect_units_per_shoe"]),
                _error(r["perfect_units_per_shoe_std_error"], num),
                num(r["perfect_units_per_shoe_in_window"]),
                "",
            ],
        ),
        ("perfect play: rounds bet", [pct(r["positive_fraction"]), "", pct(r["positive_fraction_in_window"]), ""]),
        ("perfect play: edge when bet", [pct(r["mean_edge_when_positive"]), "", "", ""]),
        ("rounds per shoe", [f"{r['rounds_per_shoe']:.2f}", "", "", ""]),
        ("mean expectation per round", [pct(r["mean_expected_value"]), "", "", ""]),
    ]
    body = [
        {"figure": name, "whole shoe": v[0], "± s.e.": v[1], "in window": v[2], "± s.e. ": v[3]} for name, v in table
    ]
    out = "\n".join(lines) + "\n" + _right(records(body, "md" if md else "table", width=table_width()), md)
    if ramp is not None:
        if r.get("ramp_units_per_100_hands") is None:
            said = f"Ramp {ramp}: no count, nothing bet."
        else:

            def shown(key: str) -> str:  # the figure, and its standard error when the run has one
                error = r.get(f"ramp_{key}_std_error")
                return num(r[f"ramp_{key}"]) + ("" if error is None else f" ± {num(error)}")

            said = (
                f"Ramp {ramp} (units from each true count on): wins {shown('units_per_100_hands')} units "
                f"per 100 hands ({shown('units_per_shoe')} per shoe), average bet "
                f"{shown('average_bet')} units, standard deviation {shown('std_dev_per_100_hands')} units per 100 "
                f"hands, SCORE {shown('score')}"
                + (
                    " (± one standard error across shoes)."
                    if r.get("ramp_units_per_shoe_std_error") is not None
                    else "."
                )
            )
        out += "\n" + (said if md else wrap(said)) + "\n"
    return out


def _error(x, show) -> str:
    return "" if x is None else show(x)


def _right(text: str, md: bool) -> str:
    """Numbers right-aligned: the records are strings (formatted here), so align them by hand."""
    lines = text.splitlines()
    if md:  # the rule line: the four figure columns right-aligned
        parts = lines[1].split("|")
        lines[1] = "|".join([parts[0], parts[1]] + [p[:-1] + ":" for p in parts[2:-1]] + [parts[-1]])
        return "\n".join(lines) + "\n"
    widths = [len(w) for w in lines[1].split("  ")]
    out = []
    for line in lines:
        cells, pos = [], 0
        for w in widths:
            cells.append(line[pos : pos + w])
            pos += w + 2
        out.append("  ".join([cells[0]] + [c.strip().rjust(w) for c, w in zip(cells[1:], widths[1:])]).rstrip())
    return "\n".join(out) + "\n"
