"""The windows table: for every windowed side bet of the seeds, what perfect play is worth with
and without its window (``tables/windows.md`` and ``tables/windows.csv``).

The figures come from a fixed-seed ``odds count`` run per card game (default paytable, the
game's default decks, docs/rules.md's dealing defaults). That run takes a minute or two, too long for
``odds export --check``, so its result is committed as ``windows_data.json`` beside this file and
the export only renders it. Regenerate it after a rule or paytable change with

    python -m odds.depletion.windows [--shoes 10000] [--seed 2024] [--workers N] [--scheduler ADDRESS]

The data file keeps, besides the figures, the exact integer sums of the first ``CHECK_SHOES``
shoes of each game; a test deals those shoes again and compares (so a stale file fails the
tests), and checks that the file covers exactly the windowed bets of the current paytables.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..render import records
from .count import DEFAULT_LEVEL, make_spec, report, run
from .dealer import DealRules

DATA = Path(__file__).with_name("windows_data.json")
SHOES = 10_000
SEED = 2024
CHECK_SHOES = 3
COMMAND = "python -m odds.depletion.windows"


def windowed_bets() -> list[tuple[object, object, list[str]]]:
    """``(game, default paytable, [windowed bet ids])`` for every card game with such bets."""
    from ..games import all_games
    from ..paytable import load_paytable

    out = []
    for game in all_games():
        if not game.uses_shoe:
            continue
        paytable = load_paytable(game)
        bets = [b for b in paytable.bets if paytable.bet(b).window]
        if bets:
            out.append((game, paytable, bets))
    return out


def check_sums(spec, shoes: int = CHECK_SHOES) -> dict[str, dict[str, int]]:
    """Exact integer sums of the first shoes of a run (one worker), per bet."""
    tally = run(spec, shoes, workers=1)
    return {
        bet: {
            "rounds": t.rounds,
            "positive": t.positive,
            "perfect": t.perfect,
            "perfect_in_window": t.perfect_in_window,
        }
        for bet, t in tally.bets.items()
    }


def spec_for(game, paytable, bets, seed: int = SEED):
    return make_spec(game, paytable, bets, game.default_decks, seed, DealRules(), level=DEFAULT_LEVEL)


def generate(
    shoes: int = SHOES, seed: int = SEED, workers: int | None = None, progress=None, scheduler=None, client=None
) -> dict:
    """Run the count for every game with windowed bets; the data file's content (the counts
    over ``workers`` local processes or on a Dask cluster: ``scheduler`` or ``client``)."""
    games = []
    for game, paytable, bets in windowed_bets():
        spec = spec_for(game, paytable, bets, seed)
        if progress:
            progress(f"{game.id}: {shoes} shoes, bets {', '.join(bets)}")
        rows = report(spec, run(spec, shoes, workers=workers, scheduler=scheduler, client=client))
        games.append(
            {
                "game": game.id,
                "name": game.name,
                "paytable": paytable.name,
                "decks": game.default_decks,
                "burn_per_round": game.burn_per_round,
                "bets": rows,
                "check": check_sums(spec),
            }
        )
    rules = DealRules()
    return {
        "command": COMMAND,
        "shoes": shoes,
        "seed": seed,
        "cut_card": rules.cut_card,
        "after_cut": rules.after_cut,
        "commencement": rules.commencement,
        "level": DEFAULT_LEVEL,
        "check_shoes": CHECK_SHOES,
        "games": games,
    }


def load() -> dict | None:
    return json.loads(DATA.read_text(encoding="utf-8")) if DATA.is_file() else None


def table_rows(data: dict) -> list[dict]:
    rows = []
    for game in data["games"]:
        for r in game["bets"]:
            whole, inside = r["perfect_units_per_shoe"], r["perfect_units_per_shoe_in_window"]
            rows.append(
                {
                    "game": game["game"],
                    "bet": r["id"],
                    "window": r["window"],
                    "rounds_per_shoe": f"{r['rounds_per_shoe']:.2f}",
                    "edge_off_the_top_mean": f"{-r['mean_expected_value']:.6f}",
                    "perfect_units_per_shoe": f"{whole:.6f}",
                    "std_error": f"{r['perfect_units_per_shoe_std_error']:.6f}",
                    "perfect_units_per_shoe_in_window": f"{inside:.6f}",
                    "share_kept_by_window": f"{inside / whole * 100:.1f}%" if whole > 0 else "-",
                    "count_units_per_shoe": f"{r['count_units_per_shoe']:.6f}",
                    "count_units_per_shoe_in_window": f"{r['count_units_per_shoe_in_window']:.6f}",
                }
            )
    return rows


def readme_table(data: dict | None = None) -> str:
    """The compact table the README shows (a test keeps the README's copy equal to it)."""
    data = data or load()
    rows = [
        {
            "game": r["game"],
            "bet": r["bet"],
            "window": r["window"],
            "perfect play per shoe, every round": r["perfect_units_per_shoe"],
            "within the window": r["perfect_units_per_shoe_in_window"],
            "share the window keeps": r["share_kept_by_window"],
        }
        for r in table_rows(data)
    ]
    return records(rows, "md")


def windows_files() -> dict[str, str]:
    """``windows.md`` and ``windows.csv`` rendered from the committed data (no dealing here)."""
    data = load()
    if data is None:
        return {}
    rows = table_rows(data)
    intro = (
        "# Side-bet windows: what perfect play is worth with and without them\n\n"
        "The seeds offer these side bets only in the first N rounds of a shoe. A perfect-information "
        "bettor knows every exposed card and bets 1 unit whenever the bet's exact expectation for "
        "the unseen cards is positive; `perfect_units_per_shoe` is what that wins per shoe if the "
        "bet were offered every round (the sum of the exact expectations of those rounds), "
        "`..._in_window` the same within the window, `share_kept_by_window` the part of the value "
        "the window leaves. `count_...`: the derived linear count of `odds tags` "
        f"(level {data['level']}, true count per 52 unseen cards, the best trigger on this run; "
        "pair bets have no linear count: every first-order effect is zero).\n\n"
        f"Dealing: {data['shoes']:,} shoes per game, seed {data['seed']}, the game's default decks and "
        f"paytable, cut card {data['cut_card']} cards from the end ({data['after_cut']}), commencement "
        "card exposed and its value burned face down, Dragon Tiger burns 1 card a round. "
        "`edge_off_the_top_mean` is the bet's house edge averaged over every round dealt. "
        f"Estimates from random shoes (`std_error` = standard error of the whole-shoe figure). "
        f"Generated by `{data['command']}` into `odds/depletion/windows_data.json`; "
        "the export renders that file. Reproduce one game: "
        f"`odds count GAME --shoes {data['shoes']} --seed {data['seed']} --format json`.\n\n"
    )
    return {"windows.md": intro + records(rows, "md"), "windows.csv": records(rows, "csv")}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="Regenerate odds/depletion/windows_data.json")
    parser.add_argument("--shoes", type=int, default=SHOES)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--scheduler", default=None, help="a Dask scheduler's address (tcp://host:port)")
    parser.add_argument("--out", default=str(DATA))
    args = parser.parse_args(argv)
    from ..errors import OddsError
    from ..runs import RunStopped, stopping_on_signals

    try:
        with stopping_on_signals():
            data = generate(
                args.shoes, args.seed, args.workers, progress=lambda m: print(m, flush=True), scheduler=args.scheduler
            )
    except OddsError as exc:
        parser.exit(1, f"error: {exc}\n")
    except RunStopped as exc:
        parser.exit(exc.exit_code, exc.message() + " (of this game; nothing written)\n")
    from ..files import write_text

    write_text(args.out, json.dumps(data, indent=1) + "\n", "--out")  # whole or not at all
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
