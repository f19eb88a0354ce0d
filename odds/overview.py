"""The overview: every bet of every game and shipped paytable in one table (``tables/overview.*``).

Each row is one bet's sheet on the game's full default shoe (dice and wheel games: every roll or
pocket), reduced to house edge, RTP, hit frequency and standard deviation, all computed by
:mod:`odds.sheet`. A bet where the player has the edge (expected value above zero) is flagged
here as in its own sheet. Games are read from the registry at export time, so games added
later appear without touching this module.
"""

from __future__ import annotations

from fractions import Fraction

import csv
import io
from collections.abc import Iterable

from .games import get_game
from .render import exact, percent, text_table

FLAG = "PLAYER EDGE"
HEADERS = ["game", "paytable", "bet", "house edge", "RTP", "hit frequency", "std dev", "flag"]
CSV_HEADERS = [
    "game",
    "paytable",
    "bet",
    "name",
    "house_edge",
    "house_edge_float",
    "rtp",
    "rtp_float",
    "hit_frequency",
    "hit_frequency_float",
    "std_dev",
    "player_edge",
]


def default_sheets(paytables=()) -> Iterable:
    """Every shipped paytable of every registered game (and the paytable files given), full
    default shoe, every bet."""
    from .sheet import full_shoe_sheets

    return full_shoe_sheets(paytables)


MOSTLY_VOID = Fraction(1, 2)
"""A bet paid 0 in more rounds than this is not ranked among the fairest and stingiest."""

FEW_MISSING = 3
"""A long list of paytables missing at most this many is written "every paytable but ..."."""


def overview_rows(sheets: Iterable) -> list[dict]:
    """One record per bet: exact house edge, RTP and hit frequency, float standard deviation."""
    rows = []
    for sheet in sheets:
        for bet in sheet.bets:
            rows.append(
                {
                    "game": sheet.game.id,
                    "paytable": sheet.paytable.name,
                    "bet": bet.id,
                    "name": bet.name,
                    "house_edge": bet.house_edge,
                    "rtp": bet.rtp,
                    "hit_frequency": bet.hit_frequency,
                    "std_dev": bet.std_dev_float(),
                    "player_edge": bet.player_has_edge,
                    "push_probability": bet.push_probability,
                    "shoe": str(sheet.shoe) if sheet.shoe is not None else sheet.counting,
                }
            )
    return rows


def _cells(r: dict) -> list[str]:
    return [
        r["game"],
        r["paytable"],
        f"`{r['bet']}`",
        percent(r["house_edge"], 4),
        percent(r["rtp"], 4),
        percent(r["hit_frequency"], 4),
        f"{r['std_dev']:.4f}",
        FLAG if r["player_edge"] else "",
    ]


def overview_md(rows: list[dict], extremes: int = 10) -> str:
    right = [False, False, False, True, True, True, True, False]
    flagged = [r for r in rows if r["player_edge"]]
    shoes = sorted({(r["game"], r["shoe"]) for r in rows})
    out = [
        "# Overview: every bet of every game and paytable",
        "",
        "Each bet on its game's full default shoe, off the top (dice and wheel games: every roll or pocket). "
        "House edge = minus the expected value per unit staked, pushes counted as pushes; RTP = 1 - house edge; "
        "hit frequency = the chance the bet wins something; std dev = standard deviation of the result per "
        "unit staked. Exact fractions are in `overview.csv`; each bet's full sheet is in `<game>/<paytable>.md`.",
        "",
        "Shoes: " + "; ".join(f"{g}: {s}" for g, s in shoes) + ".",
        "",
    ]
    if flagged:
        out.append(
            f"**{FLAG}**: the player has the edge on {len(flagged)} bet(s): "
            + ", ".join(f"{r['game']} {r['paytable']} `{r['bet']}`" for r in flagged)
            + "."
        )
    else:
        out.append("No bet gives the player the edge (none is flagged " + FLAG + ").")
    merged = merge_members(merge_paytables(rows))
    mostly_void = sorted({f"`{r['bet']}`" for r in merged if r["push_probability"] > MOSTLY_VOID})
    ranked = sorted(
        (r for r in merged if r["push_probability"] <= MOSTLY_VOID),
        key=lambda r: (r["house_edge"], r["game"], r["bet"], r["paytable"]),
    )
    out += [
        "",
        f"## The {extremes} fairest bets (lowest house edge)",
        "",
        "A bet priced alike by several paytables of a game is one row, its paytables listed together "
        '("every paytable" when all of the game\'s do, "every paytable but ..." when all but a few do); '
        "so are the members of a price group with the same figures (Sic Bo's `triple-1 ... triple-6`)."
        + (
            " Bets void (paid 0) in most rounds are not ranked: their edge is per round dealt, not per bet "
            "placed (mid-round insurance, offered in a few situations; see their sheets): "
            + ", ".join(mostly_void)
            + "."
            if mostly_void
            else ""
        ),
        "",
        text_table(HEADERS, [_cells(r) for r in ranked[:extremes]], True, right),
        f"## The {extremes} stingiest bets (highest house edge)",
        "",
        text_table(HEADERS, [_cells(r) for r in ranked[::-1][:extremes]], True, right),
        "## Every bet",
        "",
        text_table(HEADERS, [_cells(r) for r in rows], True, right),
    ]
    return "\n".join(out)


def merge_paytables(rows: list[dict]) -> list[dict]:
    """One row per game, bet and figures: paytables that price a bet alike are listed together."""
    every = {}
    for r in rows:
        every.setdefault(r["game"], set()).add(r["paytable"])
    merged: dict[tuple, dict] = {}
    for r in rows:
        key = (r["game"], r["bet"], r["house_edge"], r["hit_frequency"], r["std_dev"])
        if key in merged:
            merged[key] = dict(merged[key], paytable=merged[key]["paytable"] + ", " + r["paytable"])
        else:
            merged[key] = dict(r)
    for r in merged.values():
        listed = r["paytable"].split(", ")
        missing = [p for p in sorted(every[r["game"]]) if p not in listed]
        if len(every[r["game"]]) > 1 and not missing:
            r["paytable"] = "every paytable"
        elif len(listed) > FEW_MISSING and len(missing) <= FEW_MISSING:
            r["paytable"] = "every paytable but " + ", ".join(missing)
    return list(merged.values())


def merge_members(rows: list[dict]) -> list[dict]:
    """One row for the members of a game's price group (Sic Bo's ``triple-1`` ... ``triple-6``)
    that a paytable prices alike, shown as ``first ... last``."""
    group_of = {}
    for game_id in {r["game"] for r in rows}:
        for group, members in get_game(game_id).price_groups.items():
            group_of.update({(game_id, m): group for m in members})
    merged: dict[tuple, list[dict]] = {}
    for r in rows:
        group = group_of.get((r["game"], r["bet"]), r["bet"])
        key = (r["game"], r["paytable"], group, r["house_edge"], r["hit_frequency"], r["std_dev"])
        merged.setdefault(key, []).append(r)
    out = []
    for members in merged.values():
        first = dict(members[0])
        if len(members) > 1:
            first["bet"] = f"{members[0]['bet']} ... {members[-1]['bet']}"
        out.append(first)
    return out


def overview_csv(rows: list[dict]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADERS)
    for r in rows:
        writer.writerow(
            [
                r["game"],
                r["paytable"],
                r["bet"],
                r["name"],
                exact(r["house_edge"]),
                repr(float(r["house_edge"])),
                exact(r["rtp"]),
                repr(float(r["rtp"])),
                exact(r["hit_frequency"]),
                repr(float(r["hit_frequency"])),
                repr(r["std_dev"]),
                "yes" if r["player_edge"] else "no",
            ]
        )
    return out.getvalue()


def overview_files(paytables=()) -> dict[str, str]:
    """The export producer: ``overview.md`` and ``overview.csv``."""
    rows = overview_rows(default_sheets(paytables))
    return {"overview.md": overview_md(rows), "overview.csv": overview_csv(rows)}
