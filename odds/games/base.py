"""What every game provides: its bets (the rules that split a round into outcomes) and a way to
count, exactly, how many equally likely deals (or rolls, or pockets) end in each outcome.

A game never knows what a bet pays: pays live in the paytable files (``odds/paytables``). The
sheet (``odds/sheet.py``) joins the two.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable, Sequence
from functools import cached_property

from typing import TYPE_CHECKING

from ..core import BetRule, OutcomeCounts
from ..shoe import Shoe

if TYPE_CHECKING:
    from ..dealt import Hand, ReadRound, VectorRounds


@dataclass
class Game:
    """A game: its id, how it counts, how it deals, and whether it deals from a shoe.

    Its bets are the bets of its default paytable (:attr:`bets`): written as conditions in the
    paytable files and counted by the exact layer (:mod:`odds.exact.plan`) through ``deal``, except
    the few a condition on one round cannot say (call bets' chip layouts, player-dealer baccarat's
    choices), which the game defines in code (``code_bets``) and counts in :meth:`count_code`.
    """

    id: str
    name: str
    counting: str
    code_bets: dict[str, BetRule] = field(default_factory=dict)
    deal: object = None
    """How a round is dealt, for the exact layer (:class:`odds.exact.deals.ShoeDeal` or ``RollDeal``)."""
    default_paytable: str = "seed"
    uses_shoe: bool = True
    default_decks: int = 8
    min_cards: int = 1
    notes: tuple[str, ...] = field(default=())
    burn_per_round: int = 0
    """Cards burned face down before each round (Dragon Tiger: 1)."""
    accepts_fee: bool = False
    """Whether ``--fee`` (a collection fee per wager) applies to this game."""
    price_groups: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Paytable entries that price several bets alike: group key -> member bet ids."""
    overlay_support: Callable[[], object] | None = None
    """Makes what the game's multiplier overlays can boost and how its deal counts them
    (:attr:`overlays`); None: no overlays."""
    infinite_shoe: bool = False
    """Whether an infinite shoe (``--decks inf``, cards dealt with replacement) is counted: games
    whose bets are all written as conditions, counted by the plan."""
    reshuffled: bool = False
    """Whether the cards are shuffled before every round (Andar Bahar): no shoe is dealt down,
    so there is no cut card and no depletion."""

    @cached_property
    def overlays(self) -> object:
        """What the game's multiplier overlays can boost and how its deal counts them
        (:class:`odds.overlay.support.OverlaySupport`); None: no overlays. Made on first use (a
        paytable with an overlay, a boosted round): a sheet of plain bets never imports
        :mod:`odds.overlay.support`."""
        return self.overlay_support() if self.overlay_support is not None else None

    @property
    def bets(self) -> dict[str, BetRule]:
        """The shipped bets: those of the default paytable, in its order."""
        return self.paytable().rules

    def paytable(self, name: str | None = None):
        """A shipped paytable of this game (default: the default one), loaded once."""
        from ..paytable import load_paytable

        name = name or self.default_paytable
        cache = self.__dict__.setdefault("_paytables", {})
        if name not in cache:
            cache[name] = load_paytable(self, name)
        return cache[name]

    def count(self, shoe: Shoe | None, bet_ids: Sequence[str], paytable=None, seen=None) -> dict[str, OutcomeCounts]:
        """Exact outcome counts for each bet id, for this shoe (None for dice and wheels), with
        the bets as ``paytable`` defines them (default: the shipped ones): the bets' plan
        (:class:`odds.exact.plan.Plan`), counted.

        ``seen``: the cards of the current round already seen (:meth:`seen_cards`); the counts
        are then those of the deals that agree with them, out of their number."""
        from ..exact.plan import Plan

        plan = Plan.of(self, paytable or self.paytable(), bet_ids)
        return (plan if seen is None else plan.given(seen)).counts(shoe)

    def deal_of(self, rule: BetRule):
        """The deal a bet written as conditions is counted on (default: the game's own; roulette's
        bets that read the next spin: every ordered pair of spins)."""
        return self.deal

    def drawing_table(self):
        """The rules compiled over multisets of card values with each deal's end state
        (:class:`odds.exact.drawing.CompiledDeal`), for games with a drawing; None otherwise."""
        return None

    def stored_tables(self) -> dict:
        """Tables this game loads from disk (:mod:`odds.exact.store`), by stored name, with a
        function building each afresh (:mod:`odds.shipped_tables`)."""
        return {}

    def state_outcomes(self, bet_id: str):
        """For a bet the game defines in code: the outcome index of each end state of
        :meth:`drawing_table` when the drawing alone decides it (then many compositions are
        counted in one pass), else None."""
        return None

    def seen_cards(self, player: str = "", banker: str = ""):
        """The cards of the current round already seen (``--player``, ``--banker``: card specs in
        each hand's order), for :meth:`count`; None when none. Baccarat-family games only
        (:func:`odds.games.punto_banco.seen_cards`)."""
        from ..errors import OddsError

        if not player and not banker:
            return None
        raise OddsError(f"--player and --banker apply to baccarat games, not {self.id}")

    def extra_figures(self, bet_id: str, paytable, counts: OutcomeCounts, fee) -> dict:
        """Figures a sheet shows under a bet besides the PAR sheet's, as data (roulette's call
        bets: their chips; player-dealer baccarat: the economics and the option decisions)."""
        return {}

    def analyse(self, shoe: Shoe, paytable=None):
        """The player's option decisions for ``shoe`` (``odds strategy``): games with a choice
        on the player's side (player-dealer baccarat) define it."""
        from ..errors import OddsError

        raise OddsError(f"{self.id} has no player decision; strategy applies to player-dealer-baccarat")

    def count_code(self, shoe: Shoe | None, bet_ids: Sequence[str], paytable) -> dict[str, OutcomeCounts]:
        """Exact outcome counts of the bets the game defines in code."""
        raise NotImplementedError

    def deal_round(self, draw) -> list:
        """Deal one round from real cards (card games): ``draw()`` returns the next card as
        ``(rank, suit)``; returns the cards the round uses, in dealing order."""
        raise NotImplementedError

    def round_lengths(self, values):
        """How many cards a round starting at each position of a shoe uses, when its cards decide
        that alone (``values``: the shoe's baccarat values in dealing order, a numpy array; the
        last entries may read past the shoe and are never used); None when only
        :meth:`deal_round` knows (then dealing a whole shoe goes card by card). Lets ``odds
        count`` deal a shoe without building the cards of each round."""
        return None

    def settle_rounds(self, rounds, paytable=None, **options) -> list[dict[str, str]]:
        """Every bet's outcome key for each round dealt from its cards (``(rank, suit)`` in
        dealing order), for the bets of ``paytable`` (default: the shipped ones): condition bets
        through the engine, all rounds at once; code bets through :meth:`code_columns`."""
        from ..bets.settling import rows_of

        return rows_of(self.settle_columns(rounds, paytable, **options), len(rounds))

    def settle_columns(self, rounds, paytable=None, **options) -> dict[str, list[str]]:
        """:meth:`settle_rounds` by bet, in the paytable's order: each bet's outcome key for
        each round (a run of rounds tallies them a column at a time)."""
        from ..bets.settling import settle_columns

        paytable = paytable or self.paytable()
        rules = list(paytable.rules.values())
        out = settle_columns(self.deal, self.id, [r for r in rules if r.conditions is not None], rounds)
        coded = [r.id for r in rules if r.conditions is None]
        if not coded:
            return out  # (already in the paytable's order)
        out.update(self.code_columns(rounds, coded, **options))
        return {r.id: out[r.id] for r in rules}

    def code_columns(self, rounds, bet_ids, **options) -> dict[str, list[str]]:
        """The outcome keys of the bets the game defines in code: per bet, one per round."""
        raise NotImplementedError

    def play_dealt(self, draw, paytable=None, **options):
        """Deal and settle one round: ``({bet id: outcome key}, cards dealt and exposed)``. Used
        by the brute-force oracle and tests; dealers deal many rounds, then settle them at once."""
        cards = self.deal_round(draw)
        return self.settle_rounds([cards], paytable, **options)[0], cards

    def dealing_options(self, shoe: Shoe, paytable) -> dict:
        """Keyword arguments for :meth:`settle_rounds` when dealing from ``shoe`` under
        ``paytable`` (player-dealer baccarat: the best-choice decisions for that shoe and those
        pays)."""
        return {}

    # -- one round from its cards (odds settle) and the settlement vectors (odds vectors --rounds) --
    def read_round(self, text_or_list, paytable) -> ReadRound:
        """One round from its text (``odds settle``): the cards as shown, the hands and every
        bet's outcome key (:class:`odds.dealt.ReadRound`). A card game's round is its cards in
        dealing order (:meth:`round_hands` checks they are one round and explains it); bets that
        read suits are left unsettled when a card has none. Dice and wheels read their own."""
        from ..cards import card_name
        from ..dealt import ReadRound, RoundError, Unsettled, read_cards

        if not self.uses_shoe:
            raise RoundError(f"{self.id}: settling one round is not available for this game")
        dealt = read_cards(text_or_list)
        hands, options = self.round_hands(dealt, paytable)
        keys = self.settle_rounds([dealt], paytable, **options)[0]
        unsettled = None
        if not all(suit for _, suit in dealt):
            suited = [b for b in paytable.bets if paytable.rule(b).resolution == "card"]
            if suited:
                keys = {b: k for b, k in keys.items() if b not in suited}
                unsettled = Unsettled("suits", "a card has none", "name each card's suit (Kh, not K)")
        return ReadRound(tuple(card_name(r, s) for r, s in dealt), hands, keys, self.round_order(), unsettled)

    def round_order(self) -> str | None:
        """How a round's cards are given and listed (``Dragon, Tiger``); empty when plain."""
        return ""

    def round_hands(self, dealt, paytable) -> tuple[tuple[Hand, ...], dict]:
        """The hands of the round dealt from these cards (``(rank, suit)``, in dealing order),
        checked to be exactly one round, and the keyword arguments settling it takes
        (:meth:`settle_rounds`); default: one hand holding every card."""
        from ..cards import card_name
        from ..dealt import Hand

        return (Hand("cards", tuple(card_name(r, s) for r, s in dealt), None),), {}

    def vector_rounds(self, paytable, rng, default: bool) -> VectorRounds:
        """The rounds of this game's settlement vectors (:class:`odds.dealt.VectorRounds`). A card
        game's: candidates dealt from shoes of a few card kinds (batch 0: every kind), so pairs,
        identical cards, equal ranks and ties come often, searched for the outcomes; and, for the
        default paytable, ``RANDOM_ROUNDS`` rounds dealt one after another from a shuffled shoe of
        the game's decks (``burn_per_round`` burned before each)."""
        from ..cards import RANKS, SUITS, card_name
        from ..dealt import RANDOM_ROUNDS, SEARCH_BATCH, SEARCH_BATCHES, VectorRounds, spare_cards

        def complete(cards):  # the cards a round uses, from the front of ``cards``
            it = iter(cards)
            return self.deal_round(lambda: next(it))

        def batches():
            for batch in range(SEARCH_BATCHES):
                if batch == 0:
                    kinds = [(r, s) for r in RANKS for s in SUITS]
                else:
                    ranks = rng.sample(RANKS, rng.choice((1, 2, 2, 3, 3, 4, 5, 7, 13)))
                    suits = rng.sample(SUITS, rng.choice((1, 2, 4)))
                    kinds = [(r, s) for r in ranks for s in suits]
                yield [complete([rng.choice(kinds) for _ in range(self.min_cards)]) for _ in range(SEARCH_BATCH)]

        def dealt_rounds():
            if not default:
                return []
            cards = [(r, s) for _ in range(self.default_decks) for r in RANKS for s in SUITS]
            rng.shuffle(cards)
            it = iter(cards)
            out = []
            for _ in range(RANDOM_ROUNDS):
                for _ in range(self.burn_per_round):
                    next(it)
                out.append(self.deal_round(lambda: next(it)))
            return out

        options: dict = {}

        def keys(batch):
            if "shoe" not in options:  # as odds settle decides a round: for a full shoe of the game's decks
                options["shoe"] = self.dealing_options(Shoe.decks(self.default_decks), paytable)
            return self.settle_rounds(batch, paytable, **options["shoe"])

        return VectorRounds(
            keys,
            lambda cards: ",".join(card_name(r, s) for r, s in cards),
            batches=batches(),
            always=dealt_rounds,
            spare=spare_cards,
        )

    def chosen_bet(self, paytable, bet_id: str, choice: str):
        """A bet on numbers the player chooses, as ``odds settle --bet straight:17`` names it: its
        pays and rule (:class:`odds.paytable.BetPays`, id ``BET:CHOICE``). Games whose bets cover
        numbers a player picks (the wheels, Sic Bo) define it."""
        from ..errors import OddsError

        raise OddsError(f"{self.id} bets take no chosen number: {bet_id}:{choice} (write the bet id alone)")

    def play_random(self, rng, paytable=None):
        """Play one round of a dice or wheel game with ``rng`` (a :class:`random.Random`):
        ``{bet id: outcome key}``."""
        (drawn,) = self.draw_random(rng, paytable, 1)
        return self.settle_drawn(drawn, paytable)

    def draw_random(self, rng, paytable, rounds: int) -> list:
        """Draw ``rounds`` rounds of a dice or wheel game with ``rng``, as :meth:`play_random`
        draws them: what :meth:`settle_drawn` settles, one hashable value a round (a run counts
        its draws and settles each distinct one once: 216 rolls, 37 pockets)."""
        raise NotImplementedError

    def settle_drawn(self, drawn, paytable=None) -> dict[str, str]:
        """Every bet's outcome key for one round drawn by :meth:`draw_random` (a new dict)."""
        raise NotImplementedError

    def fewest_cards(self) -> int:
        """Cards the shortest round deals, burns apart (baccarat 4, Dragon Tiger 2): a shoe holds
        at most ``total // (fewest_cards + burn_per_round)`` rounds."""
        from ..exact.deals import ShoeDeal

        if isinstance(self.deal, ShoeDeal):
            return self.deal.always_dealt or self.deal.positions
        return self.min_cards

    def check_shoe(self, shoe: Shoe) -> None:
        """Refuse a shoe too small to finish a round, and an infinite shoe where the game does not
        count one (:attr:`infinite_shoe`)."""
        from ..shoe import ShoeError

        if shoe.infinite and not self.infinite_shoe:
            raise ShoeError(
                f"{self.id}: an infinite shoe (--decks inf) is counted for baccarat, Tiger Baccarat and "
                f"the Dragon Tiger games; give a number of decks"
            )
        if shoe.total < self.min_cards:
            raise ShoeError(f"the shoe holds {shoe.total} cards; a {self.id} round may need {self.min_cards}")
