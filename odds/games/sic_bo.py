"""Sic Bo (seed 003): three fair dice, every bet counted over the 216 equally likely ordered rolls.

Every bet is written as conditions on the roll in the paytable files (features ``die1``
``die2`` ``die3`` ``total``, ``count_1`` ... ``count_6``, ``triple``, ``distinct``). Every bet a
player can place is a bet id: ``number-1`` ... ``number-6``, ``double-1`` ...,
``triple-1`` ..., ``pair-1-2`` ... ``pair-5-6`` (15 pairs), ``total-4`` ... ``total-17``, ``small``,
``big``, ``odd``, ``even``, ``any-triple``. The paytable prices the numbers, doubles, triples and
pairs by group (entries ``number``, ``double``, ``triple``, ``pair``), as the seed's table does.
Small and Big, Odd and Even lose on any triple. Counts, with ``n_t`` the ordered rolls of total ``t``:

    number on k dice    C(3,k) 5^(3-k)            (75, 15, 1 of 216 for k = 1, 2, 3; 125 none)
    specific double     3*5 + 1 = 16 (exactly two, or three)
    specific triple     1        any triple   6
    pair match          2 numbers both show: 6*4 (the third die differs from both) + 2*3 = 30
    total t             n_t = 1 3 6 10 15 21 25 27 27 25 21 15 10 6 3 1 for t = 3 .. 18
"""

from __future__ import annotations

from itertools import combinations, product

from ..errors import shown
from .base import Game

COUNTING = "216 ordered rolls of three dice"
ROLLS = tuple(product(range(1, 7), repeat=3))
FACES = range(1, 7)
PAIRS = tuple(combinations(FACES, 2))


def roll_features(names, rolls=ROLLS) -> dict:
    """The named features of each roll: the dice as rolled, the total, how many dice show each
    face, whether all three match, how many different faces show."""
    import numpy as np

    dice = np.array(rolls, dtype=np.int64).reshape(-1, 3)
    out = {"die1": dice[:, 0], "die2": dice[:, 1], "die3": dice[:, 2], "total": dice.sum(axis=1)}
    for face in FACES:
        out[f"count_{face}"] = (dice == face).sum(axis=1)
    out["triple"] = (dice[:, 0] == dice[:, 1]) & (dice[:, 1] == dice[:, 2])
    out["distinct"] = sum((dice == face).any(axis=1).astype(np.int64) for face in FACES)
    return {n: out[n] for n in names}


def _features():
    from ..bets.features import flag, number

    return {
        f.name: f
        for f in [
            number("die1", 1, 6, "the first die"),
            number("die2", 1, 6, "the second die"),
            number("die3", 1, 6, "the third die"),
            number("total", 3, 18, "the sum of the three dice"),
            *[number(f"count_{face}", 0, 3, f"how many dice show {face}") for face in FACES],
            flag("triple", "all three dice show the same face"),
            number("distinct", 1, 3, "how many different faces show"),
        ]
    }


def _deal():
    from ..exact.deals import RollDeal

    return RollDeal("sic-bo", ("sic-bo",), len(ROLLS), roll_features)


FEATURES = _features()
DEAL = _deal()


def overlay_support():
    """A Sic Bo overlay (Lightning Dice) boosts dice totals (the 16 totals 3-18) or faces (6), or bet
    spots; a boosted outcome reads the roll's total, or its three dice."""
    from ..overlay.support import SPOTS, RollSupport

    def parse(boosts, text):
        from ..dealt import read_numbers

        low, high = (3, 18) if boosts == "totals" else (1, 6)
        (n,) = read_numbers(text, low, high, "totals" if boosts == "totals" else "dice")
        return n

    return RollSupport(
        {"totals": ("total",), "dice": ("dice",), **SPOTS},
        {"totals": 16, "dice": 6},
        readers={("totals", "total"): lambda roll: [sum(roll)], ("dice", "dice"): lambda roll: list(roll)},
        parse=parse,
        name=lambda boosts, target: str(target),
        rows_of=lambda: ROLLS,
        target_ids={"totals": tuple(range(3, 19)), "dice": tuple(FACES)},
    )


PRICE_GROUPS = {
    "number": tuple(f"number-{n}" for n in FACES),
    "double": tuple(f"double-{n}" for n in FACES),
    "triple": tuple(f"triple-{n}" for n in FACES),
    "pair": tuple(f"pair-{a}-{b}" for a, b in PAIRS),
}
"""Paytable entries that price every member alike, as the seed's table does."""


class SicBoGame(Game):
    """Sic Bo: no shoe; every bet settled on each of the 216 ordered rolls."""

    def __init__(self):
        super().__init__(
            "sic-bo",
            "Sic Bo",
            COUNTING,
            deal=DEAL,
            uses_shoe=False,
            min_cards=0,
            price_groups=PRICE_GROUPS,
            overlay_support=overlay_support,
            notes=(
                "Numbers, Specific Doubles, Specific Triples and Pair Matches are priced by group "
                "(paytable entries number, double, triple, pair); every member has its own sheet, "
                "and by the symmetry of the dice the members of a group have the same odds.",
                "Seed 003 pays 18 on totals 5 and 16 and 14 on totals 6 and 15, where the common "
                "table pays 30 and 17: totals 5 and 16 are the stingiest bets of the seed's layout "
                "(compare the house edges below with paytable `common`).",
            ),
        )

    def draw_random(self, rng, paytable, rounds: int) -> list:
        """``rounds`` rolls of three dice, as rolled."""
        die = rng.randint
        return [(die(1, 6), die(1, 6), die(1, 6)) for _ in range(rounds)]

    def settle_drawn(self, drawn, paytable=None) -> dict[str, str]:
        return self.settle_roll(drawn, paytable)

    def settle_roll(self, roll, paytable=None) -> dict[str, str]:
        """Every bet's outcome key for one roll (three dice, as rolled)."""
        from ..bets.settling import rules_of, settle_roll

        rules = rules_of(paytable or self.paytable())
        return settle_roll(self.deal, self.id, rules, ROLL_INDEX[tuple(roll)])

    def chosen_bet(self, paytable, kind: str, choice: str):
        """A bet on chosen numbers, ``total:9``, ``triple:4``, ``pair:1-2``: the paytable's bet
        ``total-9`` (``triple-4``, ``pair-1-2``), named as the player named it."""
        from dataclasses import replace

        from ..dealt import RoundError

        member = f"{kind}-{choice.strip()}"
        if member not in paytable.bets:
            chosen = [b for b in paytable.bets if b.startswith(f"{kind}-")]
            if not chosen:
                raise RoundError(f"sic-bo: no bet is placed on chosen numbers as {shown(kind, 20)}:... (e.g. total:9)")
            raise RoundError(
                f"sic-bo: {shown(f'{kind}:{choice}', 40)} is no bet; {kind} takes "
                f"{', '.join(b.removeprefix(kind + '-') for b in chosen)}"
            )
        bet = paytable.bet(member)
        spec = f"{kind}:{choice.strip()}"
        return replace(bet, bet_id=spec, rule=replace(bet.rule, id=spec))

    # -- one roll from its text (odds settle) and the settlement vectors ---------------------------
    def read_round(self, text_or_list, paytable):
        """The three dice, as rolled: ``3,3,5``."""
        from ..dealt import Hand, ReadRound, RoundError, read_numbers

        dice = read_numbers(text_or_list, 1, 6, "dice")
        if len(dice) != 3:
            raise RoundError(f"sic-bo: a roll is 3 dice, e.g. 3,3,5; got {len(dice)}")
        hands = (Hand("dice", tuple(dice), sum(dice)),)
        return ReadRound(tuple(dice), hands, self.settle_roll(tuple(dice), paytable))

    def vector_rounds(self, paytable, rng, default: bool):
        """Every ordered roll (shuffled), searched for the outcomes; for the default paytable,
        ``RANDOM_ROUNDS`` random rolls."""
        from ..dealt import RANDOM_ROUNDS, VectorRounds

        pool = [list(roll) for roll in ROLLS]
        rng.shuffle(pool)

        def rolled():
            return [[rng.randint(1, 6) for _ in range(3)] for _ in range(RANDOM_ROUNDS)] if default else []

        return VectorRounds(
            lambda batch: [self.settle_roll(tuple(roll), paytable) for roll in batch],
            lambda roll: ",".join(str(n) for n in roll),
            batches=[pool],
            always=rolled,
        )


ROLL_INDEX = {roll: i for i, roll in enumerate(ROLLS)}
SIC_BO = SicBoGame()
