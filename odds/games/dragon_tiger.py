"""Dragon Tiger (seed 000) and Dragon & Tiger Poker (seed 003): one card to Dragon, one to Tiger.

Counting convention: ordered two-card deals off the top of the shoe, Dragon's card first, so a
shoe of ``N`` cards gives ``(N)_2 = N (N-1)`` equally likely deals. The burn card before each round
changes nothing off the top (RULES.md: unseen cards are exchangeable); ``burn_per_round = 1``
tells the dealer module to burn it when it plays a shoe out.

With ``c_k`` the count of card kind ``k`` (rank, or rank and suit) the counts are:

    Dragon outranks Tiger      sum_{r > s} c_r c_s          (ranks, A low, K high)
    equal ranks (the tie)      sum_r (c_r)_2
    Tiger outranks Dragon      sum_{r < s} c_r c_s           (the mirror of the first)
    a side's card in a set S   (sum_{k in S} c_k) (N - 1)     for Dragon's card and, by
                                                               exchangeability, for Tiger's too

Side bets read the one card of their side: big / small / odd / even by rank, red / black / suit
by suit (so they need a shoe whose suits are known). The two games differ only in the side
bets: seed 000 counts a 7 as odd and lets it lose big and small; seed 003 forfeits every side
bet on a 7 and adds the suit bet.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Sequence

from ..cards import RED_SUITS, SUITS
from ..counting import falling
from ..shoe import Shoe
from . import first_cards
from .base import BetRule, Game, OutcomeCounts
from .base import outcomes

COUNTING = "ordered two-card deals (Dragon's card, then Tiger's)"
SIDES = ("dragon", "tiger")
SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
BIG = frozenset(range(8, 14))
ODD = frozenset(r for r in range(1, 14) if r % 2)          # A 3 5 7 9 J K

Card = tuple[int, str]
Classify = Callable[[Card], str]



def main_result(dragon: Card, tiger: Card) -> str:
    """Dragon / Tiger / tie on ranks alone (no suit tiebreak)."""
    return "dragon-wins" if dragon[0] > tiger[0] else "tiger-wins" if tiger[0] > dragon[0] else "tie"


# -- side bets: a classifier of one card and the bet's outcomes -----------------------------------

def _side_bets_seed000(side: str) -> list[tuple[BetRule, Classify]]:
    """Seed 000: big 8-K, small A-6 (a 7 is neither), odd ranks A 3 5 7 9 J K, even, red, black."""
    who = side.capitalize() + "'s card"

    def size(card: Card) -> str:
        return "big" if card[0] in BIG else "seven" if card[0] == 7 else "small"

    def parity(card: Card) -> str:
        return "odd" if card[0] in ODD else "even"

    def colour(card: Card) -> str:
        return "red" if card[1] in RED_SUITS else "black"

    big, seven, small = ("big", f"{who} 8 to K"), ("seven", f"{who} a 7"), ("small", f"{who} A to 6")
    odd, even = ("odd", f"{who} A 3 5 7 9 J K"), ("even", f"{who} 2 4 6 8 10 Q")
    red, black = ("red", f"{who} a heart or diamond"), ("black", f"{who} a spade or club")
    name = side.capitalize()
    return [
        (BetRule(f"{side}-big", f"{name} Big", outcomes(big, seven, small), "rank", "rank 8 or higher; a 7 loses"), size),
        (BetRule(f"{side}-small", f"{name} Small", outcomes(small, seven, big), "rank", "rank 6 or lower; a 7 loses"), size),
        (BetRule(f"{side}-odd", f"{name} Odd", outcomes(odd, even), "rank", "odd rank, A 3 5 7 9 J K (a 7 is odd)"), parity),
        (BetRule(f"{side}-even", f"{name} Even", outcomes(even, odd), "rank", "even rank, 2 4 6 8 10 Q"), parity),
        (BetRule(f"{side}-red", f"{name} Red", outcomes(red, black), "card", "a heart or diamond"), colour),
        (BetRule(f"{side}-black", f"{name} Black", outcomes(black, red), "card", "a spade or club"), colour),
    ]


def _side_bets_poker(side: str) -> list[tuple[BetRule, Classify]]:
    """Seed 003: every side bet is forfeited on a 7; big 8-K, small A-6, odd A 3 5 9 J K, even
    2 4 6 8 10 Q, red, black, and the suit bet (up to three suits backed, 3 to 1 each).

    The suit bets' outcomes are the card's suit (or a 7); the paytable says which suits are
    backed by what it pays on each (see odds/paytables/dragon-tiger-poker/seed.toml), so the
    sheet is exact for any composition and any choice of suits.
    """
    who = side.capitalize() + "'s card"

    def size(card: Card) -> str:
        return "seven" if card[0] == 7 else "big" if card[0] in BIG else "small"

    def parity(card: Card) -> str:
        return "seven" if card[0] == 7 else "odd" if card[0] in ODD else "even"

    def colour(card: Card) -> str:
        return "seven" if card[0] == 7 else "red" if card[1] in RED_SUITS else "black"

    def suit(card: Card) -> str:
        return "seven" if card[0] == 7 else SUIT_NAMES[card[1]]

    seven = ("seven", f"{who} a 7 (side bets forfeited)")
    big, small = ("big", f"{who} 8 to K"), ("small", f"{who} A to 6")
    odd, even = ("odd", f"{who} A 3 5 9 J K"), ("even", f"{who} 2 4 6 8 10 Q")
    red, black = ("red", f"{who} red, not a 7"), ("black", f"{who} black, not a 7")
    suits = [(SUIT_NAMES[s], f"{who} a {SUIT_NAMES[s][:-1]}, not a 7") for s in SUITS]
    name = side.capitalize()
    bets = [
        (BetRule(f"{side}-big", f"{name} Big", outcomes(big, small, seven), "rank", "8 to K; a 7 forfeits"), size),
        (BetRule(f"{side}-small", f"{name} Small", outcomes(small, big, seven), "rank", "A to 6; a 7 forfeits"), size),
        (BetRule(f"{side}-odd", f"{name} Odd", outcomes(odd, even, seven), "rank", "A 3 5 9 J K; a 7 forfeits"), parity),
        (BetRule(f"{side}-even", f"{name} Even", outcomes(even, odd, seven), "rank", "2 4 6 8 10 Q; a 7 forfeits"), parity),
        (BetRule(f"{side}-red", f"{name} Red", outcomes(red, black, seven), "card", "hearts or diamonds; a 7 forfeits"), colour),
        (BetRule(f"{side}-black", f"{name} Black", outcomes(black, red, seven), "card", "spades or clubs; a 7 forfeits"), colour),
    ]
    for n, word in ((1, "suit"), (2, "two-suits"), (3, "three-suits")):
        label = "one suit" if n == 1 else f"{n} suits"
        bets.append((BetRule(f"{side}-{word}", f"{name} Suit ({label} backed)", outcomes(*suits, seven), "card",
                             f"one chip on each of {label}, 3 to 1 on the suit that shows; a 7 forfeits; "
                             f"pays per chip wagered; which suits are backed is the paytable's choice"), suit))
    return bets


MAIN_BETS: list[tuple[BetRule, Classify | None]] = [
    (BetRule("dragon", "Dragon", outcomes(("dragon-wins", "Dragon outranks Tiger"), ("tie", "Equal ranks"),
                                    ("tiger-wins", "Tiger outranks Dragon")), "rank",
             "Dragon's card outranks Tiger's, A low, K high; half the stake back on a tie"), None),
    (BetRule("tiger", "Tiger", outcomes(("tiger-wins", "Tiger outranks Dragon"), ("tie", "Equal ranks"),
                                  ("dragon-wins", "Dragon outranks Tiger")), "rank",
             "Tiger's card outranks Dragon's; half the stake back on a tie"), None),
    (BetRule("tie", "Tie", outcomes(("tie", "Equal ranks"), ("no-tie", "Ranks differ")), "rank",
             "Dragon and Tiger have equal rank"), None),
]


class DragonTigerGame(Game):
    """A Dragon Tiger rule set: the main bets plus each side's side bets."""

    def __init__(self, game_id: str, name: str, side_bets: Callable[[str], list], notes=()):
        table = list(MAIN_BETS)
        for side in SIDES:
            table += [(rule, (side, classify)) for rule, classify in side_bets(side)]
        super().__init__(game_id, name, COUNTING, {rule.id: rule for rule, _ in table},
                         min_cards=2, burn_per_round=1, notes=tuple(notes))
        self.side_of = {rule.id: reader for rule, reader in table if reader is not None}

    # The notes may end with figures computed from the game's own paytable (see DRAGON_TIGER).
    @property
    def notes(self) -> tuple[str, ...]:
        extra = self._computed_notes() if self._computed_notes else ()
        return self._notes + tuple(extra)

    @notes.setter
    def notes(self, value) -> None:
        self._notes = tuple(value)

    _computed_notes: Callable[[], Sequence[str]] | None = None

    # -- exact counts --------------------------------------------------------------------------
    def count(self, shoe: Shoe, bet_ids: Sequence[str], paytable=None) -> dict[str, OutcomeCounts]:
        """Outcome counts out of the ``(N)_2`` ordered two-card deals (module docstring)."""
        self.check_shoe(shoe)
        n = shoe.total
        total = falling(n, 2)
        out = {}
        for bet_id in bet_ids:
            rule = self.bets[bet_id]
            tally = dict.fromkeys(rule.outcome_keys, 0)
            if bet_id in ("dragon", "tiger", "tie"):
                higher, equal, lower, _ = first_cards.first_two_rank_counts(shoe.ranks())
                if bet_id == "tie":
                    tally.update({"tie": equal, "no-tie": higher + lower})
                else:
                    tally.update({"dragon-wins": higher, "tie": equal, "tiger-wins": lower})
            else:
                _, classify = self.side_of[bet_id]
                # Either side's card: count of the kind times (N - 1) orderings of the other card.
                for card, c in _kinds(shoe, rule.resolution):
                    tally[classify(card)] += c * (n - 1)
            out[bet_id] = OutcomeCounts(tally, total)
        return out

    # -- one dealt round (Monte Carlo and shoe-by-shoe depletion) ------------------------------
    def play_dealt(self, draw) -> tuple[dict[str, str], list]:
        """Deal Dragon's card, then Tiger's (the dealer module burns before calling this)."""
        dragon, tiger = draw(), draw()
        return self.settle_cards(dragon, tiger), [dragon, tiger]

    def settle_cards(self, dragon: Card, tiger: Card) -> dict[str, str]:
        main = main_result(dragon, tiger)
        out = {"dragon": main, "tiger": main, "tie": "tie" if main == "tie" else "no-tie"}
        for bet_id, (side, classify) in self.side_of.items():
            out[bet_id] = classify(dragon if side == "dragon" else tiger)
        return out


def _kinds(shoe: Shoe, resolution: str):
    """``(card, count)`` at the resolution a side bet needs; a rank bet gets a stand-in suit."""
    if resolution == "rank":
        return [((r + 1, "s"), c) for r, c in enumerate(shoe.ranks())]
    counts = shoe.card_counts()
    return [((i // 4 + 1, SUITS[i % 4]), c) for i, c in enumerate(counts)]


# -- the seed's RTP claim -------------------------------------------------------------------------

SEED_RTP_CLAIM = Fraction("0.9627")


def best_rtp(game: "DragonTigerGame", paytable_name: str = "seed", decks: int = 8):
    """(bet ids with the highest RTP, that RTP) for a full shoe and a shipped paytable."""
    from ..paytable import load_paytable
    from ..sheet import bet_sheet

    table = load_paytable(game, paytable_name)
    counts = game.count(Shoe.decks(decks), list(game.bets), table)
    bets = [bet_sheet(game.bets[b], table.bet(b), counts[b]) for b in game.bets]
    top = max(b.rtp for b in bets)
    return [b.id for b in bets if b.rtp == top], top


def rtp_claim_note() -> list[str]:
    """Seed 000's last line, "The maximum RTP of Dragon Tiger is 96.27%", checked."""
    bets, rtp = best_rtp(DRAGON_TIGER)
    percent = rtp * 100
    rounded = round(percent, 2)
    holds = rounded == SEED_RTP_CLAIM * 100
    verdict = ("the claim holds (rounded to two places)" if holds
               else f"the claim is wrong: the best is {float(rounded):.2f}%")
    return [f"Seed 000 claims \"The maximum RTP of Dragon Tiger is 96.27%\". With the seed paytable and a full "
            f"8-deck shoe the highest RTP is {' and '.join(bets)}: {rtp.numerator}/{rtp.denominator} = "
            f"{float(percent):.4f}% (1 - P(tie)/2, half the stake lost on a tie); {verdict}. "
            f"Every other bet returns less (see each bet's RTP)."]


DRAGON_TIGER = DragonTigerGame("dragon-tiger", "Dragon Tiger", _side_bets_seed000)
DRAGON_TIGER._computed_notes = rtp_claim_note
DRAGON_TIGER_POKER = DragonTigerGame("dragon-tiger-poker", "Dragon & Tiger Poker", _side_bets_poker, notes=(
    "Suit bets: one chip on each suit backed, 3 to 1 on the suit that shows, so per chip wagered "
    "one suit pays 3, two suits pay 1 (3 - 1 on 2 chips) and three suits pay 1/3 (3 - 2 on 3 chips). "
    "The seed paytable backs spades / spades and hearts / spades, hearts and diamonds; on a full shoe "
    "every choice is alike, and after --remove each suit row shows its own chance.",
))
