"""Bac Bo: baccarat with dice. Two dice for the Player, two for the Banker; the higher two-dice
total wins, equal totals tie. Every bet is counted over the 6**4 = 1,296 equally likely ordered
rolls (the Player's first and second die, then the Banker's).

The order in which the dice stop (the side with the higher first die stops its second one first)
shows the result sooner; it changes nothing: the four dice are rolled independently.

Every bet is written as conditions on the roll in the paytable files (features ``player_die1``
``player_die2`` ``banker_die1`` ``banker_die2``, ``player_total``, ``banker_total``,
``player_wins``, ``banker_wins``, ``tie``, ``player_pair``, ``banker_pair``, ``count_1`` ...
``count_6``). Counts, with ``t_s`` the ordered rolls of two dice totalling ``s`` (1 2 3 4 5 6 5 4
3 2 1 for s = 2 .. 12):

    tie on s        t_s ** 2          (146 in all: 2 + 8 + 18 + 32 + 86 for the Tie paytable's groups)
    Player wins     (1296 - 146) / 2 = 575, and the Banker as many
"""

from __future__ import annotations

from itertools import product

from .base import Game

COUNTING = "1,296 ordered rolls of four dice (the Player's two, then the Banker's)"
ROLLS = tuple(product(range(1, 7), repeat=4))
ROLL_INDEX = {roll: i for i, roll in enumerate(ROLLS)}
FACES = range(1, 7)


def roll_features(names, rolls=ROLLS) -> dict:
    """The named features of each roll ``(player die 1, player die 2, banker die 1, banker die 2)``."""
    import numpy as np

    dice = np.array(rolls, dtype=np.int64).reshape(-1, 4)
    player, banker = dice[:, 0] + dice[:, 1], dice[:, 2] + dice[:, 3]
    out = {
        "player_die1": dice[:, 0],
        "player_die2": dice[:, 1],
        "banker_die1": dice[:, 2],
        "banker_die2": dice[:, 3],
        "player_total": player,
        "banker_total": banker,
        "player_wins": player > banker,
        "banker_wins": banker > player,
        "tie": player == banker,
        "player_pair": dice[:, 0] == dice[:, 1],
        "banker_pair": dice[:, 2] == dice[:, 3],
    }
    for face in FACES:
        out[f"count_{face}"] = (dice == face).sum(axis=1)
    return {n: out[n] for n in names}


def _features():
    from ..bets.features import flag, number

    return {
        f.name: f
        for f in [
            number("player_die1", 1, 6, "the Player's first die"),
            number("player_die2", 1, 6, "the Player's second die"),
            number("banker_die1", 1, 6, "the Banker's first die"),
            number("banker_die2", 1, 6, "the Banker's second die"),
            number("player_total", 2, 12, "the sum of the Player's two dice"),
            number("banker_total", 2, 12, "the sum of the Banker's two dice"),
            flag("player_wins", "the Player's total is higher"),
            flag("banker_wins", "the Banker's total is higher"),
            flag("tie", "the two totals are equal"),
            flag("player_pair", "the Player's two dice show the same face"),
            flag("banker_pair", "the Banker's two dice show the same face"),
            *[number(f"count_{face}", 0, 4, f"how many of the four dice show {face}") for face in FACES],
        ]
    }


def _deal():
    from ..exact.deals import RollDeal

    return RollDeal("bac-bo", ("bac-bo",), len(ROLLS), roll_features)


FEATURES = _features()
DEAL = _deal()


def overlay_support():
    """A Bac Bo overlay (Lightning Bac Bo) boosts dice faces (6), or bet spots; a boosted outcome
    reads the Player's two dice, the Banker's, or all four."""
    from ..overlay.support import SPOTS, RollSupport

    def parse(boosts, text):
        from ..dealt import read_numbers

        (n,) = read_numbers(text, 1, 6, "dice")
        return n

    readers = {
        ("dice", "player"): lambda roll: roll[:2],
        ("dice", "banker"): lambda roll: roll[2:],
        ("dice", "all"): lambda roll: roll,
    }
    return RollSupport(
        {"dice": ("player", "banker", "all"), **SPOTS},
        {"dice": 6},
        readers=readers,
        parse=parse,
        name=lambda boosts, target: str(target),
        rows_of=lambda: ROLLS,
        target_ids={"dice": tuple(FACES)},
    )


def read_dice(text_or_list) -> tuple[int, ...]:
    """The four dice of one roll, the Player's two then the Banker's: ``"3,5,2,6"`` or a list."""
    from ..dealt import RoundError, read_numbers

    dice = read_numbers(text_or_list, 1, 6, "dice")
    if len(dice) != 4:
        raise RoundError(
            f"bac-bo: a roll is 4 dice, the Player's two then the Banker's (e.g. 3,5,2,6); got {len(dice)}"
        )
    return tuple(dice)


class BacBoGame(Game):
    """Bac Bo: no shoe; every bet settled on each of the 1,296 ordered rolls."""

    def __init__(self):
        super().__init__(
            "bac-bo",
            "Bac Bo",
            COUNTING,
            deal=DEAL,
            uses_shoe=False,
            min_cards=0,
            overlay_support=overlay_support,
            notes=(
                "On a tie the Player and Banker bets return 90% of the stake (they lose 10%); the "
                "Tie bet pays by the tied total. Published RTPs: 98.87% for Player and Banker "
                "(exactly 6407/6480) and 95.52% for Tie (exactly 619/648).",
            ),
        )

    def draw_random(self, rng, paytable, rounds: int) -> list:
        """``rounds`` rolls of four dice: the Player's two, then the Banker's."""
        die = rng.randint
        return [(die(1, 6), die(1, 6), die(1, 6), die(1, 6)) for _ in range(rounds)]

    def settle_drawn(self, drawn, paytable=None) -> dict[str, str]:
        return self.settle_roll(drawn, paytable)

    def settle_roll(self, roll, paytable=None) -> dict[str, str]:
        """Every bet's outcome key for one roll (four dice: the Player's two, then the Banker's)."""
        from ..bets.settling import settle_roll

        rules = list((paytable or self.paytable()).rules.values())
        return settle_roll(self.deal, self.id, rules, ROLL_INDEX[tuple(roll)])

    def read_round(self, text_or_list, paytable):
        """One roll from its text, settled: ``(dice, hands, {bet: outcome key})``."""
        from ..dealt import Hand, ReadRound

        dice = read_dice(text_or_list)
        hands = (
            Hand("player", dice[:2], dice[0] + dice[1]),
            Hand("banker", dice[2:], dice[2] + dice[3]),
        )
        return ReadRound(tuple(dice), hands, self.settle_roll(dice, paytable), "")

    def vector_rounds(self, paytable, rng, default: bool):
        """Rounds for the settlement vectors: every roll, searched for the outcomes it covers, and
        a few random rolls."""
        from ..dealt import RANDOM_ROUNDS, VectorRounds

        pool = [list(roll) for roll in ROLLS]
        rng.shuffle(pool)
        rolled = [[rng.randint(1, 6) for _ in range(4)] for _ in range(RANDOM_ROUNDS)]
        return VectorRounds(
            lambda batch: [self.settle_roll(tuple(roll), paytable) for roll in batch],
            lambda roll: ",".join(str(n) for n in roll),
            batches=[pool],
            always=lambda: rolled,
            always_name="round",
        )


BAC_BO = BacBoGame()
