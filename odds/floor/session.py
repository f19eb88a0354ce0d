"""A session to audit: shoes dealt by the rules and seats that wager on them, as a log
(:mod:`.audit`'s CSV). What a surveillance team calibrates ``odds audit`` on, and what its tests
and docs use: one seat that bets when the cards say a bet is positive stands out; a seat betting
at random does not.

Shoes are dealt as ``odds count`` deals them (:mod:`odds.depletion.dealer`: shoe ``i`` of seed
``s`` shuffled by ``default_rng([s, i])``, the commencement card exposed and its value burned
face down, 14 cards behind the cut card, the round in which it comes out the last). A seat is
``(name, bet, strategy, amounts)``: ``positive`` bets whenever the bet's exact expectation for
the next round is positive, ``random:P`` bets with probability ``P`` whatever the cards say;
each wager's amount is drawn from ``amounts``.

>>> from odds.games import get_game
>>> game = get_game("baccarat")
>>> text = session_csv(game, game.paytable("ez-baccarat"), shoes=2, seed=1,
...                    seats=[("7", "dragon-7", "positive", (10,)), ("2", "banker", "random:0.5", (5, 25))])
>>> rows = [line.split(",") for line in text.splitlines()]
>>> rows[0], rows[1][:2]  # the header, then each shoe's exposed commencement card
(['shoe', 'type', 'cards', 'seat', 'bet', 'amount'], ['1', 'burn'])
>>> sorted({(r[3], r[4]) for r in rows if r[1] == "wager"}), sorted({r[0] for r in rows[1:]})
([('2', 'banker'), ('7', 'dragon-7')], ['1', '2'])
"""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Sequence

from ..cards import card_name
from ..errors import OddsError
from .prices import expectations


def deal_shoes(game, decks: int, shoes: int, seed: int):
    """Each shoe's exposed commencement card and its rounds' cards: ``[(first card, [round
    cards, ...]), ...]``, cards as ``(rank, suit)``."""
    from ..depletion.dealer import DealRules, round_spans, shuffled
    from ..depletion.evaluator import CARD_OF_KIND
    from ..shoe import Shoe, commencement_burn

    full = Shoe.decks(decks).card_counts()
    rules = DealRules()
    out = []
    for index in range(shoes):
        order = [CARD_OF_KIND[k] for k in shuffled(full, seed, index).tolist()]
        rounds = []

        def deal(pos: int, order=order, rounds=rounds) -> int:
            cards = iter(order[pos:])
            dealt = game.deal_round(lambda: next(cards))
            rounds.append(dealt)
            return len(dealt)

        round_spans(game, len(order), 1 + commencement_burn(order[0][0]), rules, deal)
        out.append((order[0], rounds))
    return out


def session_csv(game, paytable, shoes: int, seed: int, seats: Sequence[tuple], decks: int | None = None) -> str:
    """The log of a session (module docstring) as CSV text."""
    from ..shoe import Shoe

    decks = decks or game.default_decks
    dealt = deal_shoes(game, decks, shoes, seed)
    full = list(Shoe.decks(decks).card_counts())
    bets = sorted({bet for _, bet, _, _ in seats})
    for bet in bets:
        paytable.bet(bet)
    # the cards unseen before each round of each shoe, as rows of 52 counts
    rows = []
    for first, rounds in dealt:
        counts = list(full)
        _take(counts, [first])
        for cards in rounds:
            rows.append(tuple(counts))
            _take(counts, cards)
    values = expectations(
        game, paytable, [b for b in bets if any(s == "positive" for _, x, s, _ in seats if x == b)], rows
    )
    rng = random.Random(seed)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("shoe", "type", "cards", "seat", "bet", "amount"))
    at = 0
    for number, (first, rounds) in enumerate(dealt, 1):
        writer.writerow((number, "burn", card_name(*first), "", "", ""))
        for cards in rounds:
            for name, bet, strategy, amounts in seats:
                if _bets(strategy, values[bet][at] if strategy == "positive" else None, rng):
                    writer.writerow((number, "wager", "", name, bet, rng.choice(amounts)))
            writer.writerow((number, "round", " ".join(card_name(*c) for c in cards), "", "", ""))
            at += 1
    return out.getvalue()


def _take(counts: list[int], cards) -> None:
    from ..cards import card_kind_index

    for rank, suit in cards:
        counts[card_kind_index(rank, suit)] -= 1


def _bets(strategy: str, value, rng: random.Random) -> bool:
    if strategy == "positive":
        return value > 0
    if strategy.startswith("random:"):
        return rng.random() < float(strategy.split(":", 1)[1])
    raise OddsError(f"a seat's strategy is 'positive' or 'random:P', not {strategy!r}")
