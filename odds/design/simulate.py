"""A Monte Carlo dealer: real shuffled shoes, dealt round after round, as a casino deals them.

Written independently of the exact engine: it shuffles a list of cards, deals them through the
game's ``deal_round`` and ``settle_rounds`` (card games) or ``play_random`` (dice and wheels) and tallies what each bet
paid. It never calls ``game.count``; only the comparison at the end reads the exact sheet.
A game whose rounds depend on a decision (player-dealer baccarat's best choice on 5) is dealt with
``game.dealing_options`` of the run's full shoe and paytable, decided once per run: the same fixed
decisions the exact sheet counts, so the argument below holds for them as for any fixed rule.

How a shoe is dealt (docs/rules.md, seeds 000, 001, 003):

- the shoe is shuffled; the cut card sits ``cut_card`` cards from the end (default 14);
- commencement: the first card is exposed and its value (A = 1, 2-9 face value, T J Q K = 10)
  burns that many cards face down;
- each round, ``game.burn_per_round`` cards are burned, then the round is dealt;
- the round in which the cut card appears is the last of the shoe; when the cut card comes out
  as a burn card (commencement or a round's burn) no further round is dealt (seed 003 L277);
- a bet with a ``window`` in the paytable is settled only in the first ``window`` rounds of a shoe.

Why the simulated edge should match the exact off-the-top edge: given the cards seen so far, the
unseen cards are in uniformly random order, so the expected result of a round that starts now is
the off-the-top edge ``h`` of the unseen composition, and ``h(unseen)`` is a martingale as cards
come out one by one. A round starts at a stopping time, so by optional stopping each round's
expected result is ``h`` of the full shoe - exactly, for every round that is surely dealt. The
one exception is the cut card: whether round k is dealt at all depends on how many cards earlier
rounds used, which depends on the cards, so the rounds near the end of a shoe are a slightly
biased sample. It is second order and small: on 8 decks (about 80 rounds a shoe) nothing shows in
2,000,000 rounds (banker z = +0.81, Big +0.74, seed 11); on a single deck (about 7 rounds a shoe)
it shows after millions of rounds - over 8,000,000 rounds (seeds 5, 6, 7) Big's simulated edge
ran 0.07 points below the exact 5.765% (pooled z = -2.6), so single-deck runs of about 20 million
rounds or more may flag it. The windowed side bets, settled only in early rounds that an 8-deck
shoe always deals, do not have it there.

The z-score of a bet is (simulated edge - exact edge) / standard error, the standard error being
the exact per-round standard deviation over sqrt(rounds). The exact standard deviation is used
rather than the sample's because rare top pays (a 150 to 1 triple, a 100 to 1 Tiger Pair) leave the
sample standard deviation near zero in short runs. A run fails when any |z| exceeds ``Z_MAX`` = 4:
with about 120 bets across all games, a correct dealer exceeds 4 by chance in fewer than one
full-registry run in a hundred (normal tails: 6.3e-5 per bet; a rare top pay's skewed tail adds a
little in short runs), while a rules error worth 0.5% of edge on an even-money bet (standard
deviation about 0.95) reaches z = 4 in about 600,000 rounds, and 2% in about 40,000.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Callable, Sequence

from ..cards import RANKS, SUITS
from ..errors import OddsError
from ..sheet import build_sheet
from ..shoe import CUT_CARD, Shoe, commencement_burn

Z_MAX = 4.0
"""A run fails when any bet's |z| exceeds this."""
SETTLE_BATCH = 4096
"""Rounds settled at once (the bets' conditions run over arrays: per round, numpy's own cost of
a call would outweigh the work)."""


@dataclass
class Tally:
    """What one bet did over the simulated rounds: outcome key -> rounds."""

    bet_id: str
    outcomes: Counter
    rounds: int = 0


@dataclass(frozen=True)
class BetResult:
    bet_id: str
    rounds: int
    simulated_edge: Fraction
    exact_edge: Fraction
    std_error: float
    z: float
    sample_std_dev: float

    def failed(self, z_max: float) -> bool:
        return abs(self.z) > z_max


@dataclass(frozen=True)
class Simulation:
    game_id: str
    paytable: str
    decks: int | None
    cut_card: int | None
    seed: int
    rounds: int
    shoes: int
    z_max: float
    bets: tuple[BetResult, ...]
    not_counted: tuple[tuple[str, str], ...] = ()
    """Bets dealt but without an exact edge to compare with: ``(bet id, the error naming file,
    bet and reason)``."""

    @property
    def failures(self) -> list[BetResult]:
        return [b for b in self.bets if b.failed(self.z_max)]


class ShoeDealer:
    """Deals real shoes of ``decks`` decks for a card game, shoe after shoe."""

    def __init__(
        self, game, decks: int, rng: random.Random, cut_card: int = CUT_CARD, options: dict | None = None, paytable=None
    ):
        self.game = game
        self.options = dict(options or {})  # keyword arguments for settle_rounds
        self.paytable = paytable
        self.rng = rng
        self.cards = [(rank, suit) for _ in range(decks) for rank in RANKS for suit in SUITS]
        self.cut_card = cut_card
        # A round that starts before the cut card must be able to finish.
        need = game.min_cards + game.burn_per_round
        if cut_card < need or cut_card >= len(self.cards):
            raise OddsError(
                f"--cut-card {cut_card}: a {game.id} round may need {need} cards behind it, "
                f"and the shoe holds {len(self.cards)}"
            )
        self.shoes = 0

    def shoe_rounds(self):
        """Shuffle a new shoe and yield one ``{bet: outcome}`` per round until the cut card."""
        yield from self.settle(self.deal_shoe())

    def settle(self, rounds) -> list[dict[str, str]]:
        """Every bet's outcome on each round (many shoes' rounds at once settle faster)."""
        return self.game.settle_rounds(rounds, self.paytable, **self.options)

    def deal_shoe(self) -> list:
        """Shuffle a new shoe and deal its rounds until the cut card: each round's cards."""
        cards = self.cards[:]
        self.rng.shuffle(cards)
        self.shoes += 1
        cut = len(cards) - self.cut_card  # the cut card lies just before index ``cut``
        position = 0
        seen_cut = False

        def draw():
            nonlocal position, seen_cut
            if position >= len(cards):
                raise OddsError("the shoe ran out of cards in a round")  # guarded by the cut card check
            if position >= cut:
                seen_cut = True
            card = cards[position]
            position += 1
            return card

        first = draw()  # commencement: exposed, then its value in cards burned face down
        for _ in range(commencement_burn(first[0])):
            draw()
        rounds = []
        while not seen_cut:
            for _ in range(self.game.burn_per_round):
                draw()
            if seen_cut:  # the cut card came out as the burn card: the next round is not dealt
                break
            rounds.append(self.game.deal_round(draw))
        return rounds


def simulate(
    game,
    paytable,
    bet_ids: Sequence[str] | None = None,
    rounds: int = 10_000,
    seed: int = 0,
    decks: int | None = None,
    cut_card: int = CUT_CARD,
    z_max: float = Z_MAX,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """Deal ``rounds`` rounds and compare each bet with its exact off-the-top edge.

    ``progress(n)`` is called now and then with the rounds dealt since the last call.
    """
    bet_ids = list(bet_ids or paytable.bets)
    if rounds < 2:
        raise OddsError("--rounds must be at least 2")
    rng = random.Random(seed)
    windows = {b: paytable.bet(b).window for b in bet_ids}
    pays = {b: paytable.bet(b).pays for b in bet_ids}
    tallies = {b: Tally(b, Counter()) for b in bet_ids}

    def settle(outcomes: list[dict], index_in_shoe: list[int | None]):
        """Tally rounds: their outcomes and their index in their shoe (None: no shoe)."""
        for b in bet_ids:
            window = windows[b]
            if window is None:
                keys = [o[b] for o in outcomes]
            else:
                keys = [o[b] for o, i in zip(outcomes, index_in_shoe) if i is None or i < window]
            tallies[b].outcomes.update(keys)
            tallies[b].rounds += len(keys)

    dealt = 0
    since = 0
    shoes = 0
    if game.uses_shoe:
        decks = game.default_decks if decks is None else decks
        full_shoe = Shoe.decks(decks)  # validates the deck count
        # decided once, for the full shoe and this paytable, as the exact sheet below decides them
        options = game.dealing_options(full_shoe, paytable)
        dealer = ShoeDealer(game, decks, rng, cut_card, options, paytable)
        pending: list = []  # rounds dealt, settled a few thousand at a time
        where: list[int] = []
        while dealt < rounds:
            shoe = dealer.deal_shoe()[: rounds - dealt]
            pending += shoe
            where += range(len(shoe))
            dealt += len(shoe)
            since += len(shoe)
            if len(pending) >= SETTLE_BATCH or dealt >= rounds:
                settle(dealer.settle(pending), where)
                pending, where = [], []
            if progress and since >= 1000:
                progress(since)
                since = 0
        shoes = dealer.shoes
    else:
        if decks is not None:
            raise OddsError(f"{game.id} deals no cards: --decks does not apply")
        cut_card = None
        while dealt < rounds:
            batch = min(SETTLE_BATCH, rounds - dealt)
            settle([game.play_random(rng, paytable) for _ in range(batch)], [None] * batch)
            dealt += batch
            since += batch
            if progress and since >= 1000:
                progress(since)
                since = 0
    if progress and since:
        progress(since)

    shoe = Shoe.decks(decks) if game.uses_shoe else None
    sheet = build_sheet(game, paytable, shoe, bet_ids, keep_going=True)
    exact = {b.id: b for b in sheet.bets}
    results = []
    for b in bet_ids:
        if b in exact:  # (a bet past the limits of an exact table has no exact edge to compare)
            results.append(compare(tallies[b], pays[b], exact[b]))
    return Simulation(
        game.id,
        paytable.name,
        decks if game.uses_shoe else None,
        cut_card,
        seed,
        dealt,
        shoes,
        z_max,
        tuple(results),
        sheet.failed,
    )


def compare(tally: Tally, pays: dict, exact_bet) -> BetResult:
    """The simulated edge of a bet against its exact sheet: z = (sim - exact) / (sd / sqrt(n))."""
    n = tally.rounds
    if n == 0:
        return BetResult(tally.bet_id, 0, Fraction(0), exact_bet.house_edge, math.nan, 0.0, math.nan)
    total = sum((pays[k] * c for k, c in tally.outcomes.items()), Fraction(0))
    mean = total / n
    second = sum((pays[k] ** 2 * c for k, c in tally.outcomes.items()), Fraction(0)) / n
    sample_var = (second - mean * mean) * n / (n - 1) if n > 1 else Fraction(0)
    std_error = exact_bet.std_dev_float() / math.sqrt(n)
    simulated_edge = -mean
    diff = float(simulated_edge - exact_bet.house_edge)
    z = diff / std_error if std_error > 0 else (0.0 if diff == 0 else math.inf)
    return BetResult(tally.bet_id, n, simulated_edge, exact_bet.house_edge, std_error, z, math.sqrt(float(sample_var)))
