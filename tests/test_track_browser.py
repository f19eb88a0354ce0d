"""The tracker in a real browser (Playwright driving Debian's Chromium; .ci/run installs both):
a shoe entered card by card on the page gives, after every round, the expectations of
`odds sheet --remove` with the same cards (the library's sheet path); a reload, and a killed and
restarted server, lose nothing. The quick run enters a few rounds; `-m slow` a longer stretch."""

from __future__ import annotations

import pytest

from floor_browser import Page, Tracker, browser, missing

if missing():
    pytest.skip(missing(), allow_module_level=True)

import odds
from odds.shoe import Shoe
from test_track import dealt_cards

PAYTABLE = "ez-baccarat"  # compiled bets, pairs, a suit bet (perfect pair) and Dragon 7


def sheet(cards: list[str]) -> dict[str, str]:
    shoe = Shoe.decks(8).remove(",".join(cards)) if cards else Shoe.decks(8)
    return {b.id: str(b.expected_value) for b in odds.sheet("baccarat", paytable=PAYTABLE, shoe=shoe).bets}


def enter_rounds(page: Page, cards: list[str], seen: list[str], rounds: int) -> None:
    """Tap cards until ``rounds`` more rounds are settled, checking the page after each one."""
    settled = len(page.text("#history").strip())
    for card in cards[len(seen) :]:
        page.card(card)
        seen.append(card)
        now = len(page.text("#history").strip())
        if now > settled:
            settled = now
            assert page.values() == sheet(seen), f"after round {now} ({len(seen)} cards)"
            assert page.text("#pending") == "-"
            rounds -= 1
            if rounds == 0:
                return
    raise AssertionError("the shoe ran out")


def check_nothing_lost(page: Page, seen: list[str]) -> None:
    """The page shows every card seen: the cards left, and the expectations of the unseen cards
    (mid-round too)."""
    assert page.values() == sheet(seen)
    assert page.text("#cards-left") == f"{416 - len(seen):,}"


def run(tmp_path, rounds: list[int], seed: int = 21) -> None:
    cards = dealt_cards(seed)
    tracker = Tracker(tmp_path / "floor.sqlite", ["baccarat", "--paytable", PAYTABLE])
    url = tracker.start()
    seen: list[str] = []
    try:
        with browser() as tab:
            page = Page(tab)
            page.open(url)
            assert page.values() == sheet([])
            enter_rounds(page, cards, seen, rounds[0])
            # a typo is a message on the page, and changes nothing
            page.type("Zz")
            assert "bad card 'Zz'" in page.text("#message")
            assert page.text("#cards-left") == f"{416 - len(seen):,}"
            card = cards[len(seen)]  # a card into the next round: the state mid-round
            page.card(card)
            seen.append(card)
            before = (page.values(), page.text("#pending"), page.text("#history"))
            page.reload()
            assert (page.values(), page.text("#pending"), page.text("#history")) == before
            tracker.kill()  # no clean shutdown: the database is all there is
            page.card("5")
            assert "does not answer" in page.text("#message")
            tracker.start()
            page.reload()
            assert (page.values(), page.text("#pending"), page.text("#history")) == before
            check_nothing_lost(page, seen)
            for more in rounds[1:]:
                enter_rounds(page, cards, seen, more)
                tracker.kill()
                tracker.start()
                page.reload()
                check_nothing_lost(page, seen)
    finally:
        tracker.stop()


def test_a_shoe_entered_on_the_page_matches_the_library(tmp_path):
    run(tmp_path, [2])


@pytest.mark.slow
@pytest.mark.parametrize("seed", [21, 22, 23])
def test_a_long_stretch_of_a_shoe_on_the_page(tmp_path, seed):
    """30 rounds as three shoes of 10 (a kill and restart after 5 and 10): each test well under
    20 s (a tap waits for the tracker's answer, about 0.2 s), so the workers share them."""
    run(tmp_path, [5, 5], seed)
