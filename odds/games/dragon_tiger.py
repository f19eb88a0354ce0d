"""Dragon Tiger (seed 000) and Dragon & Tiger Poker (seed 003): one card to Dragon, one to Tiger.

Counting convention: ordered two-card deals off the top of the shoe, Dragon's card first, so a
shoe of ``N`` cards gives ``(N)_2 = N (N-1)`` equally likely deals. The burn card before each round
changes nothing off the top (docs/rules.md: unseen cards are exchangeable); ``burn_per_round = 1``
tells the dealer module to burn it when it plays a shoe out.

Every bet is written as conditions on the two cards in the paytable files (features
``dragon_rank``, ``tiger_rank``, ``dragon_suit``, ``tiger_suit``, ``dragon_wins``, ``tiger_wins``,
``tie``) and counted by the bet engine over the ordered pairs of card kinds, exactly for any
composition. Side bets read the one card of their side: big / small / odd / even by rank,
red / black / suit by suit (so they need a shoe whose suits are known). The two games differ only
in the side bets: seed 000 counts a 7 as odd and lets it lose big and small; seed 003 forfeits every side
bet on a 7 and adds the suit bet.
"""

from __future__ import annotations

from fractions import Fraction
from collections.abc import Callable, Sequence

from ..core import exact_text
from ..lazy import numpy as np

from ..shoe import Shoe
from .base import Game

COUNTING = "ordered two-card deals (Dragon's card, then Tiger's)"
SUITS_TEXT = ("s", "h", "d", "c")


# -- the round's features, for bets written as conditions ---------------------------------------------


def round_features(state, values, ranks, suits, names) -> dict:
    """The named features over rows of two cards, Dragon's then Tiger's (ranks A = 1 ... K = 13,
    suits as card-kind indices s h d c; a rank or suit the bet does not read is -1)."""
    from ..bets.condition import text_code

    codes = np.array([text_code(s) for s in SUITS_TEXT], dtype=np.int64)
    out = {}
    for i, side in enumerate(("dragon", "tiger")):
        if f"{side}_rank" in names:
            out[f"{side}_rank"] = ranks[:, i]
        if f"{side}_suit" in names:
            out[f"{side}_suit"] = codes[np.maximum(suits[:, i], 0)]
    if {"dragon_wins", "tiger_wins", "tie"} & set(names):
        out.update(
            dragon_wins=ranks[:, 0] > ranks[:, 1], tiger_wins=ranks[:, 1] > ranks[:, 0], tie=ranks[:, 0] == ranks[:, 1]
        )
    return {n: out[n] for n in names}


def _features():
    from ..bets.features import flag, number, text

    both = [(0, "rank"), (1, "rank")]
    return {
        f.name: f
        for f in [
            number(
                "dragon_rank", 1, 13, "the rank of Dragon's card: A = 1 ... J = 11, Q = 12, K = 13", reads=[(0, "rank")]
            ),
            number("tiger_rank", 1, 13, "the rank of Tiger's card", reads=[(1, "rank")]),
            text(
                "dragon_suit",
                SUITS_TEXT,
                "the suit of Dragon's card: s h d c (hearts and diamonds are red)",
                reads=[(0, "suit")],
                suits="value",
            ),
            text("tiger_suit", SUITS_TEXT, "the suit of Tiger's card", reads=[(1, "suit")], suits="value"),
            flag("dragon_wins", "Dragon's card outranks Tiger's (A low, K high, no suit tiebreak)", reads=both),
            flag("tiger_wins", "Tiger's card outranks Dragon's", reads=both),
            flag("tie", "the two cards have equal rank", reads=both),
        ]
    }


def _deal():
    from ..exact.deals import ShoeDeal

    return ShoeDeal("dragon-tiger", ("dragon-tiger", "dragon-tiger-poker"), 2, round_features)


FEATURES = _features()
DEAL = _deal()


def overlay_support():
    """A Dragon Tiger overlay boosts card identities or suits (Lightning Dragon Tiger's suit), or
    bet spots, and reads Dragon's card, Tiger's, or both."""
    from ..overlay.support import SPOTS, CardSupport

    def mask(positions):
        def read(state, rows):
            import numpy as np

            out = np.zeros((rows, 2), dtype=bool)
            out[:, list(positions)] = True
            return out

        return read

    hands = {name: (at, False, mask(at)) for name, at in (("dragon", (0,)), ("tiger", (1,)), ("both", (0, 1)))}
    return CardSupport({"cards": tuple(hands), "suits": tuple(hands), **SPOTS}, {"cards": 52, "suits": 4}, hands=hands)


class DragonTigerGame(Game):
    """A Dragon Tiger rule set: the main bets and each side's side bets, from its paytables."""

    def __init__(self, game_id: str, name: str, notes=()):
        super().__init__(
            game_id,
            name,
            COUNTING,
            deal=DEAL,
            min_cards=2,
            burn_per_round=1,
            notes=tuple(notes),
            overlay_support=overlay_support,
            infinite_shoe=True,
        )

    # The notes may end with figures computed from the game's own paytable (see DRAGON_TIGER).
    @property
    def notes(self) -> tuple[str, ...]:
        extra = self._computed_notes() if self._computed_notes else ()
        return self._notes + tuple(extra)

    @notes.setter
    def notes(self, value) -> None:
        self._notes = tuple(value)

    _computed_notes: Callable[[], Sequence[str]] | None = None

    # -- one dealt round (Monte Carlo and shoe-by-shoe depletion) ------------------------------
    def round_lengths(self, values):
        """Dragon's card and Tiger's, wherever a round starts."""
        return [2] * len(values)

    def deal_round(self, draw) -> list:
        """Deal Dragon's card, then Tiger's (the dealer module burns before calling this)."""
        return [draw(), draw()]

    # -- one round from its cards (odds settle) ---------------------------------------------------
    def round_order(self) -> str:
        return "Dragon, Tiger"

    def round_hands(self, dealt, paytable):
        """Dragon's card and Tiger's, each with its rank and (when its suit is given) colour."""
        from ..cards import RED_SUITS, card_name
        from ..dealt import Hand, RoundError

        if len(dealt) != 2:
            raise RoundError(f"{self.id}: a round is 2 cards, Dragon's then Tiger's (e.g. Kh,5s); got {len(dealt)}")
        hands = tuple(
            Hand(
                side,
                (card_name(rank, suit),),
                None,
                details={"rank": rank, **({"colour": "red" if suit in RED_SUITS else "black"} if suit else {})},
            )
            for side, (rank, suit) in zip(("dragon", "tiger"), dealt)
        )
        return hands, {}


# -- the seed's RTP claim -------------------------------------------------------------------------

SEED_RTP_CLAIM = Fraction("0.9627")


def best_rtp(game: DragonTigerGame, paytable_name: str = "seed", decks: int = 8):
    """(bet ids with the highest RTP, that RTP) for a full shoe and a shipped paytable."""
    from ..paytable import load_paytable
    from ..sheet import bet_sheet

    table = load_paytable(game, paytable_name)
    counts = game.count(Shoe.decks(decks), list(table.bets), table)
    bets = [bet_sheet(table.rule(b), table.bet(b), counts[b]) for b in table.bets]
    top = max(b.rtp for b in bets)
    return [b.id for b in bets if b.rtp == top], top


def rtp_claim_note() -> list[str]:
    """Seed 000's last line, "The maximum RTP of Dragon Tiger is 96.27%", checked."""
    bets, rtp = best_rtp(DRAGON_TIGER)
    percent = rtp * 100
    rounded = round(percent, 2)
    holds = rounded == SEED_RTP_CLAIM * 100
    verdict = (
        "the claim holds (rounded to two places)" if holds else f"the claim is wrong: the best is {float(rounded):.2f}%"
    )
    return [
        f'Seed 000 claims "The maximum RTP of Dragon Tiger is 96.27%". With the seed paytable and a full '
        f"8-deck shoe the highest RTP is {' and '.join(bets)}: {exact_text(rtp)} = "
        f"{float(percent):.4f}% (1 - P(tie)/2, half the stake lost on a tie); {verdict}. "
        f"Every other bet returns less (see each bet's RTP)."
    ]


DRAGON_TIGER = DragonTigerGame("dragon-tiger", "Dragon Tiger")
DRAGON_TIGER._computed_notes = rtp_claim_note
DRAGON_TIGER_POKER = DragonTigerGame(
    "dragon-tiger-poker",
    "Dragon & Tiger Poker",
    notes=(
        "Suit bets: one chip on each suit backed, 3 to 1 on the suit that shows, so per chip wagered "
        "one suit pays 3, two suits pay 1 (3 - 1 on 2 chips) and three suits pay 1/3 (3 - 2 on 3 chips). "
        "The seed paytable backs spades / spades and hearts / spades, hearts and diamonds; on a full shoe "
        "every choice is alike, and after --remove each suit row shows its own chance.",
    ),
)
