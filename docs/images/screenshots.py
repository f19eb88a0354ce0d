"""The screenshots of docs/floor.md, taken in Debian's Chromium through Playwright:

    python docs/images/screenshots.py

* floor-track.png: the tracker's page at a phone's size, 8 decks of EZ Baccarat dealt to a round
  after which a bet is positive with its window open;
* floor-new-table.png: the form that opens another table;
* floor-audit.png: `odds audit` on a session of 2,000 shoes (odds.floor.session, the seats of the
  audit's acceptance test), as a terminal shows it.
"""

from __future__ import annotations

import html
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from floor_browser import Page, Tracker, browser  # noqa: E402

PAYTABLE = "ez-baccarat"


def a_positive_moment(seed: int = 1) -> list[str]:
    """The cards of a shuffled shoe up to the first round boundary (after round 20) where a bet
    whose window is open is positive."""
    from test_track import dealt_cards

    from odds.floor.table import Start, Table
    from odds.games import get_game

    game = get_game("baccarat")
    cards = dealt_cards(seed)
    table = Table(game, game.paytable(PAYTABLE), Start(decks=8), (0, 0, -1, -1, -1, -2, 1, 2, 2, 0))
    for at, card in enumerate(cards, 1):
        before = len(table.rounds)
        table.enter(card)
        if len(table.rounds) > before >= 20 and any(p.positive and p.open for p in table.prices()):
            return cards[:at]
    raise SystemExit("no such moment in this shoe: try another seed")


def track_shots() -> None:
    cards = a_positive_moment()
    with tempfile.TemporaryDirectory() as folder:
        tracker = Tracker(
            Path(folder) / "floor.sqlite", ["baccarat", "--paytable", PAYTABLE, "--tags", "0,0,-1,-1,-1,-2,1,2,2,0"]
        )
        url = tracker.start()
        try:
            with browser() as tab:
                page = Page(tab)
                page.open(url)
                for start in range(0, len(cards) - 6, 200):
                    page.type(" ".join(cards[start : min(start + 200, len(cards) - 6)]))
                for card in cards[-6:]:
                    page.card(card)
                tab.screenshot(path=str(HERE / "floor-track.png"))
                tab.click("#new-table-button")
                tab.select_option("#new-game", "dragon-tiger")
                tab.fill("#new-tags", "")
                tab.screenshot(path=str(HERE / "floor-new-table.png"))
        finally:
            tracker.stop()


def audit_shot() -> None:
    from test_audit import SEATS

    from odds.floor.audit import audit, read_log
    from odds.floor.session import session_csv
    from odds.games import get_game
    from odds.render.floor import render_audit

    game = get_game("baccarat")
    paytable = game.paytable(PAYTABLE)
    report = audit(game, paytable, read_log(session_csv(game, paytable, 2000, 7, SEATS), "session.csv")[1], 8)
    text = "$ odds audit session.csv --game baccarat --paytable ez-baccarat\n" + render_audit(report, "table")
    style = (
        "body{margin:0;background:#1e1e1e}pre{margin:0;padding:14px 16px;color:#e8e8e8;"
        "font:13px/1.35 'DejaVu Sans Mono',monospace;white-space:pre}"
    )
    with browser(width=900, height=330) as tab:
        tab.set_content(f"<style>{style}</style><pre>{html.escape(text)}</pre>")
        height = tab.evaluate("document.querySelector('pre').scrollHeight")
        tab.set_viewport_size({"width": 900, "height": height})
        tab.screenshot(path=str(HERE / "floor-audit.png"))


if __name__ == "__main__":
    track_shots()
    audit_shot()
    for name in ("floor-track.png", "floor-new-table.png", "floor-audit.png"):
        print(f"{HERE / name}: {(HERE / name).stat().st_size:,} bytes")
