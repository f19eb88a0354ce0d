"""A paytable's lab sheet (``odds export --paytable FILE --only``): what a testing lab files to
approve one paytable, in Markdown, CSV, JSON and PDF.

Per bet: its name, description and source; each outcome's key, label, ``when`` condition (as
written in the file; "every other round" for the last) and pays; the exact house edge, RTP, hit
frequency and variance at each of :data:`DECKS` (card games; one column for dice and wheels);
the volatility index and the hold's intervals at the game's own deck count. Multiplier bets whose
weights are unknown are listed with their outcomes and no figure.

>>> from odds.games import get_game
>>> lab = lab_sheet(get_game("baccarat"), get_game("baccarat").paytable("tie-9"))
>>> tie = next(b for b in lab["bets"] if b["id"] == "tie")
>>> [(d["decks"], d["house_edge"]) for d in tie["by_decks"]][:2]
[(1, '1462283/22903335'), (6, '15048464435/305162919061')]
"""

from __future__ import annotations

from .render import exact, percent, records, to_json, wrap
from .shoe import Shoe

DECKS = (1, 6, 8)
"""The deck counts a lab sheet prices a card game's bets at."""


def lab_sheet(game, table) -> dict:
    """The lab sheet as data (the JSON file)."""
    from . import par
    from .catalogue import unknown_weights
    from .sheet import build_sheet

    decks = [n for n in DECKS if _deals(game, n)] if game.uses_shoe else [None]
    priced = [b for b in table.bets if not unknown_weights(table, b)]
    sheets = {n: build_sheet(game, table, Shoe.decks(n) if n else None, priced) for n in decks}
    home = game.default_decks if game.uses_shoe and game.default_decks in decks else decks[-1]
    bets = []
    for bet_id in table.bets:
        rule, pays = table.rule(bet_id), table.bet(bet_id).pays
        conditions = rule.conditions or ()
        entry = {
            "id": bet_id,
            "name": rule.name,
            "description": rule.description or "",
            "source": rule.source or "",
            "outcomes": [
                {
                    "key": o.key,
                    "label": o.label,
                    "when": _when(conditions, i, len(rule.outcomes)),
                    "pays": exact(pays[o.key]) if o.key in pays else None,
                }
                for i, o in enumerate(rule.outcomes)
            ],
            "by_decks": [],
        }
        if bet_id in priced:
            for n in decks:
                b = sheets[n].bet(bet_id)
                entry["by_decks"].append(
                    {
                        "decks": n,
                        "house_edge": exact(b.house_edge),
                        "house_edge_float": float(b.house_edge),
                        "rtp": exact(b.rtp),
                        "rtp_float": float(b.rtp),
                        "hit_frequency": exact(b.hit_frequency),
                        "hit_frequency_float": float(b.hit_frequency),
                        "variance": exact(b.variance),
                        "variance_float": float(b.variance),
                        "std_dev": b.std_dev_float(),
                    }
                )
            b = sheets[home].bet(bet_id)
            entry["at_decks"] = home
            entry.update({f"volatility_index_{c}": par.volatility_index_float(b, c) for c in par.CONFIDENCES})
            entry["hold_intervals"] = [
                {"rounds": n, "confidence": c / 100, "low": low, "high": high}
                for n in par.ROUNDS
                for c in par.CONFIDENCES
                for low, high in [par.hold_interval_float(b, n, c)]
            ]
        bets.append(entry)
    return {
        "game": game.id,
        "paytable": table.name,
        "description": table.description or "",
        "counting": game.counting,
        "decks": decks,
        "bets": bets,
    }


def _deals(game, decks: int) -> bool:
    from .errors import OddsError

    try:
        game.check_shoe(Shoe.decks(decks))
    except OddsError:
        return False
    return True


def _when(conditions, index: int, count: int) -> str:
    if index < len(conditions) and conditions[index] is not None:
        return conditions[index].text
    return "every other round" if index == count - 1 else "(defined by the game)"


def lab_files(game, table) -> dict[str, bytes]:
    """The lab sheet's four files, by name (``GAME-NAME-lab.md`` ...)."""
    lab = lab_sheet(game, table)
    stem = f"{game.id}-{table.name.removeprefix('file:')}-lab"
    md = lab_md(lab)
    return {
        f"{stem}.md": md.encode(),
        f"{stem}.csv": lab_csv(lab).encode(),
        f"{stem}.json": to_json(lab).encode(),
        f"{stem}.pdf": lab_pdf(md, f"{game.id}: {table.name}"),
    }


def lab_md(lab: dict) -> str:
    from fractions import Fraction

    out = [f"# Lab sheet: {lab['game']}, paytable {lab['paytable']}", ""]
    if lab["description"]:
        out += [wrap(lab["description"]), ""]
    out.append(f"Counting: {lab['counting']}. Exact figures are fractions; percentages are rounded for reading.")
    for b in lab["bets"]:
        out += ["", f"## {b['name']} (`{b['id']}`)", ""]
        if b["description"]:
            out += [wrap(b["description"]), ""]
        if b["source"]:
            out += [wrap(f"Source: {b['source']}"), ""]
        rows = [
            {"key": o["key"], "outcome": o["label"], "when": o["when"], "pays": o["pays"] or "-"} for o in b["outcomes"]
        ]
        out.append(records(rows, "md").rstrip("\n"))
        if not b["by_decks"]:
            out += ["", "No figures: the multiplier weights are unknown (odds solve GAME --weights)."]
            continue
        out.append("")
        figures = [
            {
                "decks": d["decks"] if d["decks"] else "-",
                "house edge": percent(Fraction(d["house_edge"])),
                "exact house edge": d["house_edge"],
                "RTP": percent(Fraction(d["rtp"])),
                "hit frequency": percent(Fraction(d["hit_frequency"])),
                "std dev": f"{d['std_dev']:.4f}",
            }
            for d in b["by_decks"]
        ]
        out.append(records(figures, "md").rstrip("\n"))
        at = f" at {b['at_decks']} decks" if b.get("at_decks") else ""
        holds = ", ".join(
            f"{h['rounds']:,} rounds {h['low']:.2%} to {h['high']:.2%}"
            for h in b["hold_intervals"]
            if h["confidence"] == 0.95
        )
        out += [
            "",
            wrap(
                f"Volatility index{at}: {b['volatility_index_90']:.4f} (90%), {b['volatility_index_95']:.4f} (95%). "
                f"Hold, 95% interval{at}: {holds}."
            ),
        ]
    return "\n".join(out) + "\n"


def lab_csv(lab: dict) -> str:
    rows = [
        {"game": lab["game"], "paytable": lab["paytable"], "bet": b["id"], "name": b["name"], **d}
        for b in lab["bets"]
        for d in b["by_decks"]
    ]
    return records(rows, "csv") if rows else "game,paytable,bet,name,decks\n"


PAGE_LINES = 60


def lab_pdf(md: str, title: str) -> bytes:
    """The Markdown text on A4 pages in a fixed-width font (matplotlib, the ``plot`` extra),
    without a date stamp, so the same sheet gives the same bytes."""
    import io
    import textwrap

    from .depletion.plot import _pyplot_module
    from .errors import OddsError

    plt = _pyplot_module()
    if plt is None:
        raise OddsError("the lab sheet's PDF needs matplotlib: pip install 'odds[plot]'")
    from matplotlib.backends.backend_pdf import PdfPages

    lines = [piece for line in md.splitlines() for piece in (textwrap.wrap(line, 100) or [""])]
    out = io.BytesIO()
    with PdfPages(out, metadata={"CreationDate": None, "Title": title, "Producer": "odds"}) as pdf:
        for start in range(0, max(len(lines), 1), PAGE_LINES):
            fig = plt.figure(figsize=(8.27, 11.69))
            fig.text(
                0.04, 0.97, "\n".join(lines[start : start + PAGE_LINES]), family="monospace", fontsize=6.5, va="top"
            )
            pdf.savefig(fig)
            plt.close(fig)
    return out.getvalue()
