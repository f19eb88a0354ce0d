"""A Monte Carlo dealer: real shuffled shoes, dealt round after round, as a casino deals them.

Written independently of the exact engine: it shuffles a list of cards, deals them through the
game's ``deal_round`` and ``settle_columns`` (card games) or ``draw_random`` and ``settle_drawn``
(dice and wheels: each distinct roll settled once, its rounds counted) and tallies what each bet
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

import functools
import math
import os
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import compress
from collections.abc import Callable, Sequence

from ..cards import RANKS, SUITS, card_kind_index
from ..errors import OddsError
from ..lazy import numpy as np
from ..sheet import build_sheet
from ..shoe import CUT_CARD, Shoe

Z_MAX = 4.0
"""A run fails when any bet's |z| exceeds this."""
TALLY_BATCH = 4096
"""Rounds whose outcomes are kept before they are counted, bet by bet."""


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
        self.kinds = [card_kind_index(rank, suit) for rank, suit in self.cards]
        self.cut_card = cut_card
        # A round that starts before the cut card must be able to finish.
        need = game.min_cards + game.burn_per_round
        if cut_card < need or cut_card >= len(self.cards):
            raise OddsError(
                f"--cut-card {cut_card}: a {game.id} round may need {need} cards behind it, "
                f"and the shoe holds {len(self.cards)}"
            )
        self.shoes = 0

    def shoe_rounds(self, with_cards: bool = False):
        """Shuffle a new shoe and yield one ``{bet: outcome}`` per round until the cut card
        (``with_cards``: ``({bet: outcome}, the round's cards)``)."""
        rounds = self.deal_shoe()
        settled = self.settle(rounds)
        yield from (zip(settled, rounds) if with_cards else settled)

    def deal_shoe(self) -> list:
        """Shuffle a new shoe and deal its rounds, as ``count`` deals a shoe
        (:func:`odds.depletion.dealer.shoe_rounds`: commencement, burns, the cut card): each
        round's cards."""
        self.shoes += 1
        if self.game.reshuffled:  # the cards are shuffled before every round (Andar Bahar)
            cards = self.cards[:]
            shuffle(self.rng, cards)
            return [self.game.deal_round(iter(cards).__next__)]
        from ..depletion.dealer import DealRules, shoe_rounds

        # the card kinds in the cards' order, shuffled: the same permutation the cards would take
        # (a shuffle draws by the list's length alone), without converting every card every shoe
        kinds = self.kinds[:]
        shuffle(self.rng, kinds)
        return list(shoe_rounds(self.game, kinds, DealRules(cut_card=self.cut_card)))

    @functools.cached_property
    def by_kinds(self) -> bool:
        """Whether :meth:`deal_shoe_kinds` deals this game: its rounds' lengths follow from the
        cards' values (:meth:`~odds.games.base.Game.round_lengths`)."""
        return not self.game.reshuffled and self.game.round_lengths(np.zeros(8, dtype=np.int64)) is not None

    def deal_shoe_kinds(self):
        """:meth:`deal_shoe` as card kinds, one row per round, -1 past its cards
        (:func:`odds.depletion.dealer.shoe_kinds`: no card is built), when :attr:`by_kinds`."""
        from ..depletion.dealer import DealRules, shoe_kinds

        self.shoes += 1
        kinds = self.kinds[:]
        shuffle(self.rng, kinds)
        return shoe_kinds(self.game, kinds, DealRules(cut_card=self.cut_card))

    def settle(self, rounds: list) -> list[dict[str, str]]:
        """Every bet's outcome in each round (the conditions run over arrays of rounds: many
        shoes' rounds at once cost little more than one shoe's)."""
        return self.game.settle_rounds(rounds, self.paytable, **self.options)

    def settle_columns(self, rounds: list) -> dict[str, list[str]]:
        """:meth:`settle` by bet: each bet's outcome in each round."""
        return self.game.settle_columns(rounds, self.paytable, **self.options)


WORKER_START_CPU = 0.5
"""Seconds of CPU a local worker costs before it deals a round (a Python, numpy, the job)."""
ROUND_CPU = {"cards": 15e-6, "drawn": 2e-6}
"""About what a round costs to deal and settle, with room (measured: 5 to 12 us a card round on
a loaded machine; a dice or wheel round is a draw counted, its roll settled once a run)."""


def workers_worth(game, overlays: bool, rounds: int, cores: int) -> int:
    """How many local workers a run is worth when the caller leaves it to the run: as many as
    keep at least four times a worker's start-up busy each, at most ``cores``. A pool that would
    cost more than it saves (100,000 rounds of any game: 1.5 s of work at most) is not started.

    >>> from odds.games import get_game
    >>> workers_worth(get_game("baccarat"), False, 100_000, 8), workers_worth(get_game("baccarat"), False, 10**7, 8)
    (1, 8)
    >>> workers_worth(get_game("sic-bo"), False, 10**6, 8)
    1
    """
    per_round = ROUND_CPU["drawn" if not game.uses_shoe and not overlays else "cards"]
    return max(1, min(cores, int(rounds * per_round / (4 * WORKER_START_CPU))))


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle`` does - Fisher-Yates from the end,
    each index drawn by rejection from ``getrandbits`` of its bit length (a test checks that they
    agree) - written out with the bit lengths worked out once: twice as fast (a shuffle of 52
    cards before every Andar Bahar round was two thirds of its run). An ``rng`` whose class
    changes how it shuffles or draws (the tests' unshuffled dealer) shuffles its own way.

    >>> cards, same = list(range(10)), list(range(10))
    >>> shuffle(random.Random(5), cards); random.Random(5).shuffle(same); cards == same
    True
    """
    kind = type(rng)
    if kind.shuffle is not random.Random.shuffle or kind._randbelow is not random.Random._randbelow_with_getrandbits:
        rng.shuffle(items)
        return
    draw = rng.getrandbits
    for i, bits in _shuffle_steps(len(items)):
        j = draw(bits)
        while j > i:
            j = draw(bits)
        items[i], items[j] = items[j], items[i]


@functools.cache
def _shuffle_steps(n: int) -> tuple[tuple[int, int], ...]:
    """``(i, bits)`` for i = n - 1 down to 1: swap item i with one drawn below i + 1."""
    return tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))


ROUNDS_PER_CHUNK = 10_000
"""Rounds dealt from one random stream: chunk ``k`` of a run (rounds ``k * 10,000`` on) is dealt by
``random.Random((seed << 32) | k)`` from a fresh shoe, so a run deals the same rounds whatever
the workers or the cluster (:mod:`odds.runs`), and each chunk's last shoe stops where the chunk
does."""


@dataclass(frozen=True)
class SimJob:
    """What every chunk of a simulation needs (sent to each worker once)."""

    game: object
    paytable: object
    bet_ids: tuple[str, ...]
    decks: int | None
    cut_card: int
    seed: int
    options: dict | None
    """The dealing decisions for the run's full shoe (``game.dealing_options``), decided once."""


@dataclass
class Dealt:
    """What a chunk (or a run) dealt: each bet's tally, the rounds and the shoes."""

    tallies: dict
    rounds: int = 0
    shoes: int = 0


def new_dealt(bet_ids) -> Dealt:
    return Dealt({b: Tally(b, Counter()) for b in bet_ids})


def add_dealt(total: Dealt, part: Dealt) -> None:
    for bet, tally in part.tallies.items():
        total.tallies[bet].outcomes.update(tally.outcomes)
        total.tallies[bet].rounds += tally.rounds
    total.rounds += part.rounds
    total.shoes += part.shoes


def deal_rounds(job: SimJob, chunk: tuple[int, int]) -> Dealt:
    """The unit of work: ``rounds`` rounds of chunk ``index`` of the run, from its own stream
    (multiplier bets draw their multipliers from it too)."""
    index, rounds = chunk
    game, paytable = job.game, job.paytable
    rng = random.Random((job.seed << 32) | index)
    windows = {b: paytable.bet(b).window for b in job.bet_ids}
    overlays = {b: paytable.bet(b).overlay for b in job.bet_ids if paytable.bet(b).overlay is not None}
    dealt = new_dealt(job.bet_ids)

    plain = [b for b in job.bet_ids if b not in overlays]
    pending: list[tuple[dict, int | None]] = []

    def tally() -> None:
        """The plain bets' outcomes of the pending rounds, counted bet by bet (a Counter counts a
        list in C: per round and bet, Python's own cost would be most of a run's time)."""
        for b in plain:
            window = windows[b]
            if window is None:
                keys = [outcomes[b] for outcomes, _ in pending]
            else:
                keys = [outcomes[b] for outcomes, i in pending if i is None or i < window]
            dealt.tallies[b].outcomes.update(keys)
            dealt.tallies[b].rounds += len(keys)
        pending.clear()

    def settle(outcomes: dict, index_in_shoe: int | None, round_=None) -> None:
        for b, overlay in overlays.items():  # drawn now, in bet order: the stream's order is the run's
            window = windows[b]
            if window is not None and index_in_shoe is not None and index_in_shoe >= window:
                continue
            dealt.tallies[b].outcomes[drawn_prize(game.overlays, overlay, outcomes[b], round_, rng)] += 1
            dealt.tallies[b].rounds += 1
        pending.append((outcomes, index_in_shoe))
        if len(pending) >= TALLY_BATCH:
            tally()
        dealt.rounds += 1

    if game.uses_shoe and not overlays:  # shoes dealt, then settled a few thousand rounds at once
        dealer = ShoeDealer(game, job.decks, rng, job.cut_card, job.options, paytable)
        by_kinds = dealer.by_kinds
        while dealt.rounds < rounds:
            shoes: list = []  # each shoe's rounds: card kinds (no card built) where the game allows
            where: list[int] = []
            while len(where) < TALLY_BATCH and dealt.rounds + len(where) < rounds:
                shoe = (dealer.deal_shoe_kinds() if by_kinds else dealer.deal_shoe())[
                    : rounds - dealt.rounds - len(where)
                ]
                shoes.append(shoe)
                where += range(len(shoe))
            batch = np.concatenate(shoes) if by_kinds else [r for shoe in shoes for r in shoe]
            settled = dealer.settle_columns(batch)
            within = {w: [i < w for i in where] for w in {windows[b] for b in plain} - {None}}
            for b in plain:  # a column of keys a bet, counted in C (no dict per round)
                keys = settled[b] if windows[b] is None else list(compress(settled[b], within[windows[b]]))
                dealt.tallies[b].outcomes.update(keys)
                dealt.tallies[b].rounds += len(keys)
            dealt.rounds += len(where)
        dealt.shoes = dealer.shoes
    elif game.uses_shoe:  # multiplier bets draw from the stream after each shoe's rounds
        dealer = ShoeDealer(game, job.decks, rng, job.cut_card, job.options, paytable)
        while dealt.rounds < rounds:
            for index_in_shoe, (outcomes, cards) in enumerate(dealer.shoe_rounds(with_cards=True)):
                settle(outcomes, index_in_shoe, cards)
                if dealt.rounds >= rounds:
                    break
        dealt.shoes = dealer.shoes
    elif overlays:  # multiplier bets read the roll itself
        roll = _row_settler(game, paytable, job.bet_ids)
        for _ in range(rounds):
            settle(*roll(rng))
    else:  # dice and wheels: the rolls counted, each distinct roll settled once (216 for Sic Bo)
        rolled: Counter = Counter(game.draw_random(rng, paytable, rounds))
        for drawn, times in rolled.items():
            outcomes = game.settle_drawn(drawn, paytable)
            for b in plain:
                dealt.tallies[b].outcomes[outcomes[b]] += times
                dealt.tallies[b].rounds += times
        dealt.rounds += rounds
    tally()
    return dealt


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
    workers: int | None = 1,
    scheduler: str | None = None,
    client=None,
) -> Simulation:
    """Deal ``rounds`` rounds and compare each bet with its exact off-the-top edge.

    The rounds are dealt in chunks of :data:`ROUNDS_PER_CHUNK`, here (``workers`` 1), in local
    processes (``workers`` None: as many as the work is worth, :func:`workers_worth`) or on a
    Dask cluster (``scheduler`` address or ``client``; :mod:`odds.runs`): the same figures every
    way. ``progress(n)`` is called as chunks finish with their rounds.
    """
    from ..runs import Where, reduce_chunks

    bet_ids = list(bet_ids or paytable.bets)
    if rounds < 2:
        raise OddsError("--rounds must be at least 2")
    pays = {b: paytable.bet(b).pays for b in bet_ids}
    overlays = {b: paytable.bet(b).overlay for b in bet_ids if paytable.bet(b).overlay is not None}
    for b, overlay in overlays.items():
        if not overlay.known:
            raise OddsError(
                f"{b}: its multiplier weights are unknown ({', '.join(overlay.unknowns)}): no draws to simulate"
            )
    options = None
    if game.uses_shoe:
        decks = game.default_decks if decks is None else decks
        full_shoe = Shoe.decks(decks)  # validates the deck count
        # decided once, for the full shoe and this paytable, as the exact sheet below decides them
        options = game.dealing_options(full_shoe, paytable)
        ShoeDealer(game, decks, random.Random(0), cut_card, options, paytable)  # checks the cut card here
    else:
        if decks is not None:
            raise OddsError(f"{game.id} deals no cards: --decks does not apply")
        cut_card = None
    job = SimJob(game, paytable, tuple(bet_ids), decks, cut_card, seed, options)
    if workers is None:
        workers = workers_worth(game, bool(overlays), rounds, os.cpu_count() or 1)
    plan = [(k, min(ROUNDS_PER_CHUNK, rounds - start)) for k, start in enumerate(range(0, rounds, ROUNDS_PER_CHUNK))]
    total = reduce_chunks(
        deal_rounds,
        job,
        lambda parallel: plan,
        add_dealt,
        functools.partial(new_dealt, tuple(bet_ids)),
        Where(workers, scheduler, client),
        size=lambda chunk: chunk[1],
        progress=progress,
        unit="rounds",
        planned=rounds,
    )
    if game.reshuffled:
        cut_card = None  # every round is dealt from a freshly shuffled shoe
    shoe = Shoe.decks(decks) if game.uses_shoe else None
    sheet = build_sheet(game, paytable, shoe, bet_ids, keep_going=True, extra=False)  # the outcome tables alone
    exact = {b.id: b for b in sheet.bets}
    for b, overlay in ((b, o) for b, o in overlays.items() if b in exact):  # prizes per unit wagered
        pays[b] = {r.key: (r.pays - overlay.fee) / (1 + overlay.fee) for r in exact[b].rows}
    # a bet past the limits of an exact table has no exact edge to compare: it is reported instead
    results = [compare(total.tallies[b], pays[b], exact[b]) for b in bet_ids if b in exact]
    return Simulation(
        game.id,
        paytable.name,
        decks if game.uses_shoe else None,
        cut_card,
        seed,
        total.rounds,
        total.shoes,
        z_max,
        tuple(results),
        sheet.failed,
    )


def drawn_prize(support, overlay, key: str, round_, rng: random.Random) -> str:
    """The prize of a multiplier bet in one dealt round: its multipliers drawn (how many targets,
    which, and each one's multiplier, by the overlay's weights), then the product over the items
    its outcome reads - keyed as the exact sheet's rows (``win-x6``)."""
    from ..overlay.prices import number_key

    boost = overlay.boost(key)
    if boost is None:
        return key
    k = _choose([c for c, _ in overlay.counts], [w for _, w in overlay.counts], rng)
    drawn = {
        t: _choose([m for m, _ in overlay.values_for(t)], [w for _, w in overlay.values_for(t)], rng)
        for t in rng.sample(support.targets(overlay.boosts, overlay.universe), k)
    }
    product = Fraction(1)
    for item in support.items(overlay.boosts, boost.reads, round_):
        product *= drawn.get(item, 1)
    return f"{key}-x{number_key(product)}"


def _choose(values, weights, rng: random.Random):
    point = rng.random()
    total = 0.0
    for v, w in zip(values, weights):
        total += float(w)
        if point < total:
            return v
    return values[-1]


def _row_settler(game, paytable, bet_ids):
    """``rng -> (outcomes, None, row)``: one equally likely roll or pocket of a dice or wheel game
    and every bet's outcome on it, for runs with multiplier bets (they read the roll)."""
    from ..bets.settling import settle_roll

    rules = [paytable.rule(b) for b in bet_ids]
    coded = [r.id for r in rules if r.conditions is None]
    if coded:
        raise OddsError(f"{', '.join(coded)}: defined in code; simulate them without the multiplier bets")
    rows = game.overlays.rows_of()

    def roll(rng):
        index = rng.randrange(len(rows))
        return settle_roll(game.deal, game.id, rules, index), None, rows[index]

    return roll


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
