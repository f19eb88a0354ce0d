"""Andar Bahar: a middle card (the joker), then cards dealt one at a time, alternately to Andar and
Bahar, until a card of the joker's rank appears; the side it lands on wins.

The first card after the joker goes to Andar (the common rule), so Andar wins when the match is
the 1st, 3rd, 5th ... card dealt after the joker, and Bahar when it is the 2nd, 4th ... That is
why Andar, the side dealt first, pays 0.9 to 1 where Bahar pays 1 to 1. Other tables send the first
card to Bahar on a red joker; a paytable file says so with the features below (``first_card_wins``
and ``joker_red``). The cards are shuffled before every round (one deck), so a round is always dealt
from the full composition given: no cut card and no depletion.

Exact for any composition, without dealing a card: given a joker of rank r with ``c`` cards of
that rank in a shoe of ``N``, the places of the other ``m = c - 1`` cards of its rank among the
``N - 1`` cards after it are ``C(N - 1, m)`` equally likely sets, and in ``C(N - 1 - k, m - 1)`` of
them the first lies at place ``k`` (the hypergeometric first-success law). Counts are the joker
(each of the ``N`` cards) times those places; ranks held in unequal numbers are scaled to a common
number of places, ``L`` = the least common multiple of their ``C(N - 1, c - 1)``, so every count is
an integer out of ``N L`` (one deck: 52 x 20,825 = 1,082,900). A joker whose rank has no other card
left (a partial shoe) is never matched: every card is dealt and the bets are void.

Features: ``joker_rank``, ``joker_suit``, ``joker_red``, ``cards_dealt`` (cards dealt after the joker,
the match included; 0 when nothing matches), ``matched``, ``first_card_wins`` (the match lands on
the side dealt first: ``cards_dealt`` odd), ``andar_wins``, ``bahar_wins`` (with the first card to
Andar).

>>> from odds.shoe import Shoe
>>> counts = ANDAR_BAHAR.count(Shoe.decks(1), ["andar"])["andar"]
>>> counts.total, counts.counts["win"]
(1082900, 557700)
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb, lcm

from ..errors import OddsError
from .base import Game, OutcomeCounts

COUNTING = (
    "the middle card, then the places of the other cards of its rank among the cards after it "
    "(scaled to one number of places when ranks are held unequally)"
)
MAX_CARDS = 1040
"""Most cards a shoe may hold here (20 decks): a sheet enumerates every place of the first match
for every middle card, with binomial weights of a few hundred digits."""
SUIT_TEXTS = ("s", "h", "d", "c")


@dataclass(frozen=True)
class MatchDeal:
    """Andar Bahar's deal as the bet conditions see it: rows of ``(joker kind, place of the first
    match)``, weighted by the shoe (:func:`rows_of_shoe`)."""

    name: str
    game_ids: tuple[str, ...]
    features: object


def row_features(names, joker_ranks, joker_suits, dealt) -> dict:
    """The named features of rows given by the joker's rank (1-13), suit index (0-3, or -1 when the
    bet reads no suit) and the cards dealt after it (0: no match)."""
    import numpy as np

    from ..bets.condition import text_code

    ranks = np.asarray(joker_ranks, dtype=np.int64)
    suits = np.asarray(joker_suits, dtype=np.int64)
    dealt = np.asarray(dealt, dtype=np.int64)
    codes = np.array([text_code(s) for s in SUIT_TEXTS], dtype=np.int64)
    matched = dealt > 0
    first = matched & (dealt % 2 == 1)
    out = {
        "joker_rank": ranks,
        "joker_suit": codes[np.maximum(suits, 0)],
        "joker_red": (suits == 1) | (suits == 2),
        "cards_dealt": dealt,
        "matched": matched,
        "first_card_wins": first,
        "andar_wins": first,
        "bahar_wins": matched & ~first,
    }
    return {n: out[n] for n in names}


def _features():
    from ..bets.features import flag, number, text

    joker = [(0, "rank")]
    return {
        f.name: f
        for f in [
            number("joker_rank", 1, 13, "the rank of the middle card (the joker): A = 1 ... K = 13", reads=joker),
            text("joker_suit", SUIT_TEXTS, "the suit of the middle card: s h d c", reads=[(0, "card")]),
            flag("joker_red", "the middle card is a heart or a diamond", reads=[(0, "card")]),
            number(
                "cards_dealt",
                0,
                MAX_CARDS,
                "cards dealt after the middle card, the matching card included; 0 when no card matches",
                reads=joker,
            ),
            flag("matched", "a card of the middle card's rank was dealt (always, unless none is left)", reads=joker),
            flag(
                "first_card_wins",
                "the match lands on the side dealt the first card (cards_dealt is odd)",
                reads=joker,
            ),
            flag("andar_wins", "the match lands on Andar, dealt the first card (cards_dealt is odd)", reads=joker),
            flag("bahar_wins", "the match lands on Bahar (cards_dealt is even, not 0)", reads=joker),
        ]
    }


FEATURES = _features()
DEAL = MatchDeal("andar-bahar", ("andar-bahar",), row_features)


def _check_size(shoe) -> None:
    if shoe.total > MAX_CARDS:
        raise OddsError(
            f"andar-bahar counts every place of the first match: at most {MAX_CARDS:,} cards "
            f"({MAX_CARDS // 52} decks), not {shoe.total:,}"
        )


def rows_of_shoe(shoe, suits: bool):
    """``(joker ranks, joker suits, cards dealt, weights, total)``: every row with its exact count
    (module docstring). ``suits``: one row per joker card (52 kinds) rather than per rank."""
    _check_size(shoe)
    n = shoe.total
    by_rank = shoe.ranks()
    kinds = shoe.card_counts() if suits else None
    places = {r: comb(n - 1, c - 1) for r, c in enumerate(by_rank) if c}
    common = lcm(*places.values()) if places else 1
    ranks, suit_of, dealt, weights = [], [], [], []
    for r, c in enumerate(by_rank):
        if not c:
            continue
        m = c - 1
        scale = common // places[r]
        # C(N - 1 - k, m - 1) for k = 1 .. N - m, from k = N - m (where it is 1) down
        if m:
            per_place = [0] * (n - m + 1)
            w = 1
            for k in range(n - m, 0, -1):
                per_place[k] = w * scale
                j = n - 1 - k  # C(j + 1, m - 1) = C(j, m - 1) (j + 1) / (j + 2 - m)
                w = w * (j + 1) // (j + 2 - m)
            places_k = [(k, per_place[k]) for k in range(1, n - m + 1)]
        else:
            places_k = [(0, scale)]
        jokers = [(s, kinds[4 * r + s]) for s in range(4) if kinds[4 * r + s]] if suits else [(-1, c)]
        for s, count in jokers:
            for k, w in places_k:
                ranks.append(r + 1)
                suit_of.append(s)
                dealt.append(k)
                weights.append(count * w)
    return ranks, suit_of, dealt, weights, n * common


def settle_features(rounds) -> tuple[list[int], list[int], list[int]]:
    """Joker ranks, suit indices and cards dealt of rounds given by their cards (``(rank, suit)``,
    the joker first); a round that ran out of cards without a match has 0 cards dealt."""
    ranks, suits, dealt = [], [], []
    for cards in rounds:
        (rank, suit), rest = cards[0], cards[1:]
        ranks.append(rank)
        suits.append(SUIT_TEXTS.index(suit) if suit else -1)
        dealt.append(len(rest) if rest and rest[-1][0] == rank else 0)
    return ranks, suits, dealt


class AndarBaharGame(Game):
    """Andar Bahar: counted exactly over the places of the first match (module docstring)."""

    def __init__(self):
        super().__init__(
            "andar-bahar",
            "Andar Bahar",
            COUNTING,
            deal=DEAL,
            default_decks=1,
            min_cards=2,
            reshuffled=True,
            notes=(
                "The first card after the middle card goes to Andar, so Andar wins when the match is "
                "an odd card (1st, 3rd, ...) after it: 429/833 = 51.50% of rounds on one deck, hence "
                "its 0.9 to 1 against Bahar's 1 to 1. The deck is shuffled before every round.",
            ),
        )

    def count(self, shoe, bet_ids, paytable=None, seen=None) -> dict[str, OutcomeCounts]:
        """Exact outcome counts: every row ``(joker, place of the first match)`` with its weight
        (:func:`rows_of_shoe`), settled by each bet's conditions."""
        from ..bets.condition import first_match

        if seen is not None:
            raise OddsError("andar-bahar: counts given cards seen are not available")
        paytable = paytable or self.paytable()
        self.check_shoe(shoe)
        rules = [paytable.rule(b) for b in bet_ids]
        suits = any(r.resolution == "card" for r in rules)
        ranks, suit_of, dealt, weights, total = rows_of_shoe(shoe, suits)
        out = {}
        for rule in rules:
            names = sorted(set().union(*(c.features for c in rule.conditions if c is not None)))
            env = row_features(names, ranks, suit_of, dealt)
            tally = [0] * len(rule.outcomes)
            for outcome, w in zip(first_match(rule.conditions, env, len(weights)).tolist(), weights):
                tally[outcome] += w
            out[rule.id] = OutcomeCounts(dict(zip(rule.outcome_keys, tally)), total)
        return {b: out[b] for b in bet_ids}

    def deal_round(self, draw) -> list:
        """The middle card, then cards until one of its rank (or until the cards run out)."""
        joker = draw()
        cards = [joker]
        while True:
            try:
                card = draw()
            except (StopIteration, IndexError, OddsError):
                return cards
            cards.append(card)
            if card[0] == joker[0]:
                return cards

    def settle_columns(self, rounds, paytable=None, **options) -> dict[str, list[str]]:
        """Every bet's outcome key for each round given by its cards (the joker first), by bet."""
        from ..bets.condition import first_match

        rules = list((paytable or self.paytable()).rules.values())
        ranks, suits, dealt = settle_features(rounds)
        out = {}
        for rule in rules:
            names = sorted(set().union(*(c.features for c in rule.conditions if c is not None)))
            env = row_features(names, ranks, suits, dealt)
            keys = rule.outcome_keys
            out[rule.id] = [keys[index] for index in first_match(rule.conditions, env, len(rounds)).tolist()]
        return out

    def read_round(self, text_or_list, paytable):
        """One round from its cards in dealing order: the middle card, then every card dealt up to
        and including the first of its rank."""
        from ..cards import card_name
        from ..dealt import Hand, ReadRound, RoundError, nth, read_cards

        cards = read_cards(text_or_list, most=MAX_CARDS)
        if len(cards) < 2:
            raise RoundError(
                "andar-bahar: a round is the middle card, then the cards dealt up to the first of its "
                f"rank (e.g. 7h,2s,Kd,7c); got {len(cards)} card{'s' if len(cards) != 1 else ''}"
            )
        rank = cards[0][0]
        first = next((i for i, (r, _) in enumerate(cards[1:], start=1) if r == rank), None)
        if first is None:
            after = "the card after it is not one" if len(cards) == 2 else f"none of the {len(cards) - 1} after it is"
            raise RoundError(
                f"andar-bahar: the round goes on until a card of the middle card's rank ({card_name(rank)}); {after}"
            )
        if first < len(cards) - 1:
            raise RoundError(
                f"andar-bahar: the round ends at the first card of the middle card's rank, the "
                f"{nth(first)} card after it; {len(cards) - 1 - first} more given"
            )
        rules = list(paytable.rules.values())
        needs_suits = [r.id for r in rules if r.resolution == "card"]
        if needs_suits and not cards[0][1]:
            raise RoundError(f"{', '.join(needs_suits)} read the middle card's suit: name it (Kh, not K)")
        names = [card_name(r, s) for r, s in cards]
        # the sides by the order they are dealt: which is Andar is the table's rule (the paytable's)
        hands = (
            Hand("middle", (names[0],), None, details={"rank": rank}),
            Hand("dealt-first", tuple(names[1::2]), None, details={"match": first % 2 == 1}),
            Hand("dealt-second", tuple(names[2::2]), None, details={"match": first % 2 == 0}),
        )
        return ReadRound(tuple(names), hands, self.settle_rounds([cards], paytable)[0], "")

    def vector_rounds(self, paytable, rng, default: bool):
        """Rounds dealt from shuffled single decks: candidates for the outcomes, and 20 random ones."""
        from ..cards import RANKS, SUITS, card_name
        from ..dealt import RANDOM_ROUNDS, VectorRounds, spare_cards

        def dealt():
            deck = [(r, s) for r in RANKS for s in SUITS]
            rng.shuffle(deck)
            it = iter(deck)
            return self.deal_round(lambda: next(it))

        candidates, always = [dealt() for _ in range(4000)], [dealt() for _ in range(RANDOM_ROUNDS)]
        return VectorRounds(
            lambda batch: self.settle_rounds(batch, paytable),
            lambda cards: ",".join(card_name(r, s) for r, s in cards),
            batches=[candidates],
            always=lambda: always,
            always_name="round",
            spare=spare_cards,
        )


ANDAR_BAHAR = AndarBaharGame()
