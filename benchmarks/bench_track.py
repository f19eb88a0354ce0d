"""Speed of `odds track`'s page: the time from tapping a card to the page showing every bet's new
exact expectation, in a real browser, on 8 decks (issue 23: within 100 ms).

    python benchmarks/bench_track.py [--game baccarat] [--paytable ez-baccarat] [--cards 400] [--seed 1]

1. Builds the naive C yardstick (shared/bench/naive_baccarat.c, `cc -O2`, in a temporary folder,
   never committed) and times it on the full 8-deck shoe: milliseconds per composition.
2. Starts `odds track GAME --paytable PAYTABLE` (8 decks, a fresh SQLite file) and opens its page
   in Debian's Chromium through Playwright at a phone's size (tests/floor_browser.py).
3. Taps the cards of a shuffled shoe one at a time, suit then rank, each tap waiting for the
   tracker's answer before the next (no queue): every tap is a POST, the line applied, written to
   SQLite (committed, synchronous=FULL), every bet priced, the JSON sent back and the page redrawn.
4. Prints the per-card latency two ways - as the page measures it (the tap's click event to the
   first animation frame after the new figures are in the page) and as Playwright sees it (the
   rank's click sent to the answer seen, its own round trips included, and those round trips alone:
   a click on a button that only changes the page) - median, 95th percentile and worst, the share of cards within
   100 ms, and the median's ratio to the C yardstick's time per composition (which prices three
   bets of one composition; each card here prices every bet of the paytable, end to end).

The machine is shared and noisy; only ratios measured in the same run mean much.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the browser helpers the page's tests use

import bench_batch  # noqa: E402
from floor_browser import Page, Tracker, browser, missing  # noqa: E402


def yardstick() -> Path | None:
    for candidate in (bench_batch.YARDSTICK, ROOT.parents[1] / "shared" / "bench" / "naive_baccarat.c"):
        if candidate.exists():
            return candidate
    return None


def shoe_cards(seed: int, count: int) -> list[str]:
    from odds.cards import card_name
    from odds.depletion.dealer import shuffled
    from odds.depletion.evaluator import CARD_OF_KIND
    from odds.shoe import Shoe

    order = shuffled(Shoe.decks(8).card_counts(), seed, 0).tolist()
    return [card_name(*CARD_OF_KIND[k]) for k in order[:count]]


def summary(name: str, values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    within = sum(v <= 100 for v in values) / len(values)
    return (
        f"{name:<28} median {statistics.median(values):6.1f} ms   95% {p95:6.1f} ms   worst {values[-1]:6.1f} ms   "
        f"within 100 ms {within:6.1%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="baccarat")
    parser.add_argument("--paytable", default="ez-baccarat")
    parser.add_argument("--cards", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if missing():
        sys.exit(f"bench_track: {missing()}")
    c_ms = None
    source = yardstick()
    if source is not None and shutil_which("cc"):
        bench_batch.YARDSTICK = source
        with tempfile.TemporaryDirectory() as folder:
            c_ms = bench_batch.c_ms_per_composition(Path(folder))
        print(f"C yardstick: {c_ms:.3f} ms per composition (8 decks)")
    else:
        print("C yardstick: not found (shared/bench/naive_baccarat.c and cc); no ratio")

    cards = shoe_cards(args.seed, args.cards)
    with tempfile.TemporaryDirectory() as folder:
        tracker = Tracker(Path(folder) / "floor.sqlite", [args.game, "--paytable", args.paytable, "--decks", "8"])
        url = tracker.start()
        try:
            with browser() as tab:
                page = Page(tab)
                page.open(url)
                bets = len(page.values())
                outside = []
                start = time.perf_counter()
                for card in cards:
                    outside.append(page.card(card) * 1000)
                total = time.perf_counter() - start
                overhead = playwright_overhead(tab)
                inside = page.timings()
                rounds = len(page.text("#history").strip())
        finally:
            tracker.stop()
    print(
        f"odds track {args.game} --paytable {args.paytable}, 8 decks: {len(cards)} cards tapped, {rounds} rounds, {bets} bets priced per card"
    )
    print(summary("page (tap to new figures)", inside))
    print(summary("Playwright (rank click to seen)", outside))
    print(summary("Playwright alone (no tracker)", overhead))
    print(f"{total:.1f} s in all, {total / len(cards) * 1000:.1f} ms a card with the browser's own overhead")
    if c_ms:
        print(f"median per card / C time per composition: {statistics.median(inside) / c_ms:.1f}")


def playwright_overhead(tab, samples: int = 40) -> list[float]:
    """What a click and a wait for its effect cost Playwright itself: a suit button toggled (the
    page only marks it pressed; nothing is sent to the tracker)."""
    out = []
    for _ in range(samples):
        start = time.perf_counter()
        tab.click("#suits .suit[data-suit='s']")
        tab.wait_for_selector("#suits .suit[data-suit='s'][aria-pressed='true']")
        out.append((time.perf_counter() - start) * 1000)
        tab.click("#suits .suit[data-suit='s']")
    return out


def shutil_which(name: str) -> str | None:
    import shutil

    return shutil.which(name)


if __name__ == "__main__":
    main()
