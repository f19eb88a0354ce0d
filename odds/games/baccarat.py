"""Punto banco baccarat (seed 003) and Tiger Baccarat (seed 001): every bet and how it settles.

Each bet is a rule that sorts a round into outcomes; what the outcomes pay is in the paytable
files. Bets decided by the drawing read the round's end state (:class:`~.punto_banco.Round`)
from the compiled enumerator; pair and first-card bets read the first four cards, counted by the
formulas in :mod:`.first_cards`. Every count is out of the ordered six-card deals of the shoe.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..cards import baccarat_value
from ..counting import falling
from ..shoe import Shoe
from . import first_cards, punto_banco
from .base import BetRule, Game, OutcomeCounts
from .base import outcomes
from .punto_banco import Round

COUNTING = "ordered six-card deals"



# -- rules on the round's end state ---------------------------------------------------------------

def main_result(r: Round) -> str:
    return "banker-wins" if r.banker > r.player else "player-wins" if r.player > r.banker else "tie"


def banker_six_result(r: Round) -> str:
    """Banker, no commission: a win with 6 is paid differently."""
    if r.banker > r.player:
        return "banker-wins-6" if r.banker == 6 else "banker-wins-other"
    return main_result(r)


def tie_result(r: Round) -> str:
    return "tie" if r.banker == r.player else "no-tie"


def lucky_six_result(r: Round) -> str:
    """Banker wins with 6, split by the banker's two or three cards (Lucky 6, Tiger)."""
    if r.banker == 6 and r.player < 6:
        return "six-two-cards" if r.banker_cards == 2 else "six-three-cards"
    return "other"


def cards_result(r: Round) -> str:
    return "small" if r.cards == 4 else "big"


def tiger_tie_result(r: Round) -> str:
    return "tie-on-6" if r.banker == r.player == 6 else "other"


def dragon_bonus_result(side: str) -> Callable[[Round], str]:
    """Dragon Bonus on a side: natural win, natural tie (push), non-natural win by 4-9, else lose."""

    def settle(r: Round) -> str:
        mine, theirs = (r.player, r.banker) if side == "player" else (r.banker, r.player)
        natural = r.player_natural if side == "player" else r.banker_natural
        if natural and mine > theirs:
            return "natural-win"
        if r.player_natural and r.banker_natural and mine == theirs:
            return "natural-tie"
        if not natural and mine - theirs >= 4:
            return f"win-by-{mine - theirs}"
        return "other"

    return settle


WIN_BY_OUTCOMES = outcomes(*((f"win-by-{m}", f"Wins without a natural by {m}") for m in range(9, 3, -1)))
"""Dragon Bonus: the non-natural wins by 9 down to 4 points (shared with player-dealer baccarat)."""
DRAGON_BONUS_OUTCOMES = WIN_BY_OUTCOMES + outcomes(
    ("natural-win", "Wins with a natural"),
    ("natural-tie", "Natural tie"),
    ("other", "Any other result"),
)
MAIN_OUTCOMES = (("banker-wins", "Banker wins"), ("tie", "Tie"), ("player-wins", "Player wins"))
NO_COMMISSION_OUTCOMES = outcomes(
    ("banker-wins-other", "Banker wins, not with 6"),
    ("banker-wins-6", "Banker wins with 6"),
    ("tie", "Tie"),
    ("player-wins", "Player wins"),
)
SIX_OUTCOMES = outcomes(
    ("six-three-cards", "Banker wins with 6 on three cards"),
    ("six-two-cards", "Banker wins with 6 on two cards"),
    ("other", "Any other result"),
)
PAIR_OUTCOMES = outcomes(("pair", "Pair"), ("no-pair", "No pair"))
FIRST_CARD_OUTCOMES = outcomes(
    ("dragon-wins", "Player's first card outranks the banker's"),
    ("tie", "First cards equal in rank"),
    ("tiger-wins", "Banker's first card outranks the player's"),
)
TIGER_PAIR_OUTCOMES = outcomes(
    ("same-cards", "Both hands pairs of the same two cards"),
    ("same-rank", "Both hands pairs of the same rank, other cards"),
    ("both-pairs", "Both hands pairs of different ranks"),
    ("one-pair", "One hand a pair"),
    ("no-pair", "No pair"),
)


def _value_bet(bet_id, name, outcomes, settle, description=""):
    return BetRule(bet_id, name, outcomes, "value", description), settle


# bet id -> (rule, settle function on the round's end state); None for first-card bets
BACCARAT_BETS: dict[str, tuple[BetRule, Callable | None]] = dict(
    [
        ("banker", _value_bet("banker", "Banker", outcomes(*MAIN_OUTCOMES), main_result)),
        ("banker-no-commission", _value_bet("banker-no-commission", "Banker (no commission)",
                                            NO_COMMISSION_OUTCOMES, banker_six_result)),
        ("player", _value_bet("player", "Player", outcomes(*MAIN_OUTCOMES[::-1]), main_result)),
        ("tie", _value_bet("tie", "Tie", outcomes(("tie", "Tie"), ("no-tie", "Banker or Player wins")), tie_result)),
        ("player-pair", (BetRule("player-pair", "Player Pair", PAIR_OUTCOMES, "rank",
                                 "player's first two cards have the same rank"), None)),
        ("banker-pair", (BetRule("banker-pair", "Banker Pair", PAIR_OUTCOMES, "rank",
                                 "banker's first two cards have the same rank"), None)),
        ("either-pair", (BetRule("either-pair", "Either Pair", PAIR_OUTCOMES, "rank",
                                 "either hand's first two cards have the same rank"), None)),
        ("perfect-pair", (BetRule("perfect-pair", "Perfect Pair",
                                  outcomes(("perfect-pair", "Either hand's first two cards identical"),
                                     ("no-perfect-pair", "No identical pair")), "card",
                                  "either hand's first two cards identical in rank and suit"), None)),
        ("big", _value_bet("big", "Big", outcomes(("big", "5 or 6 cards dealt"), ("small", "4 cards dealt")), cards_result)),
        ("small", _value_bet("small", "Small", outcomes(("small", "4 cards dealt"), ("big", "5 or 6 cards dealt")), cards_result)),
        ("lucky-6", _value_bet("lucky-6", "Lucky 6", SIX_OUTCOMES, lucky_six_result)),
        ("dragon-bonus-player", _value_bet("dragon-bonus-player", "Dragon Bonus (Player)",
                                           DRAGON_BONUS_OUTCOMES, dragon_bonus_result("player"))),
        ("dragon-bonus-banker", _value_bet("dragon-bonus-banker", "Dragon Bonus (Banker)",
                                           DRAGON_BONUS_OUTCOMES, dragon_bonus_result("banker"))),
        ("dragon", (BetRule("dragon", "Dragon (first cards)", FIRST_CARD_OUTCOMES, "rank",
                            "player's first card outranks banker's first card, A low, K high"), None)),
        ("tiger", (BetRule("tiger", "Tiger (first cards)", FIRST_CARD_OUTCOMES[::-1], "rank",
                           "banker's first card outranks player's first card"), None)),
        ("dragon-tiger-tie", (BetRule("dragon-tiger-tie", "Dragon Tiger Tie",
                                      outcomes(("tie", "First cards equal in rank"), ("no-tie", "First cards differ")),
                                      "rank"), None)),
    ]
)

TIGER_BACCARAT_BETS: dict[str, tuple[BetRule, Callable | None]] = dict(
    [
        ("banker", _value_bet("banker", "Banker", NO_COMMISSION_OUTCOMES, banker_six_result)),
        ("player", BACCARAT_BETS["player"]),
        ("tie", BACCARAT_BETS["tie"]),
        ("tiger-tie", _value_bet("tiger-tie", "Tiger Tie", outcomes(("tie-on-6", "Tie on 6 points"), ("other", "Any other result")),
                                 tiger_tie_result)),
        ("tiger", _value_bet("tiger", "Tiger", SIX_OUTCOMES, lucky_six_result)),
        ("small-tiger", _value_bet("small-tiger", "Small Tiger", SIX_OUTCOMES, lucky_six_result)),
        ("big-tiger", _value_bet("big-tiger", "Big Tiger", SIX_OUTCOMES, lucky_six_result)),
        ("tiger-pair", (BetRule("tiger-pair", "Tiger Pair", TIGER_PAIR_OUTCOMES, "card",
                                "pairs in the first two cards of either or both hands"), None)),
    ]
)


class BaccaratGame(Game):
    """A punto banco game: the drawing rules of :mod:`.punto_banco` and a set of bets."""

    def __init__(self, game_id: str, name: str, bets: dict, notes=()):
        super().__init__(game_id, name, COUNTING, {k: rule for k, (rule, _) in bets.items()},
                         min_cards=6, notes=tuple(notes))
        self.settle = {k: settle for k, (_, settle) in bets.items()}

    def count(self, shoe: Shoe, bet_ids: Sequence[str], paytable=None) -> dict[str, OutcomeCounts]:
        self.check_shoe(shoe)
        total = falling(shoe.total, 6)
        out: dict[str, OutcomeCounts] = {}
        value_bets = [b for b in bet_ids if self.settle[b] is not None]
        if value_bets:
            rounds = punto_banco.compiled().exact_counts(shoe.values())
            for bet_id in value_bets:
                settle = self.settle[bet_id]
                tally = dict.fromkeys(self.bets[bet_id].outcome_keys, 0)
                for state, ways in rounds.items():
                    tally[settle(state)] += ways
                out[bet_id] = OutcomeCounts(tally, total)
        for bet_id in bet_ids:
            if bet_id not in out:
                out[bet_id] = OutcomeCounts(first_card_counts(bet_id, shoe), total)
        return out

    def compiled(self):
        return punto_banco.compiled()

    def state_columns(self, bet_id: str, pays: dict, scale: int) -> list[int] | None:
        """Integer pay (times ``scale``) of each compiled end state, for the batch path;
        None for bets not decided by card values alone."""
        settle = self.settle[bet_id]
        if settle is None:
            return None
        return [int(pays[settle(state)] * scale) for state in punto_banco.compiled().states]


    # -- one dealt round (Monte Carlo and shoe-by-shoe depletion) ----------------------------------
    def play_dealt(self, draw) -> tuple[dict[str, str], list]:
        """Play one round from real cards: ``draw()`` returns the next card ``(rank, suit)``.

        Returns every bet's outcome key and the cards dealt (all exposed). Pairs and first-card
        bets are read off the cards directly, not through the counting formulas.
        """
        cards = [draw() for _ in range(4)]
        state = punto_banco.play_round([baccarat_value(r) for r, _ in cards])
        while state is None:
            cards.append(draw())
            state = punto_banco.play_round([baccarat_value(r) for r, _ in cards])
        return {b: self.settle_cards(b, state, cards) for b in self.bets}, cards

    def settle_cards(self, bet_id: str, state: Round, cards) -> str:
        settle = self.settle[bet_id]
        if settle is not None:
            return settle(state)
        p1, b1, p2, b2 = cards[:4]
        player_pair, banker_pair = p1[0] == p2[0], b1[0] == b2[0]
        if bet_id in ("player-pair", "banker-pair", "either-pair"):
            hit = {"player-pair": player_pair, "banker-pair": banker_pair,
                   "either-pair": player_pair or banker_pair}[bet_id]
            return "pair" if hit else "no-pair"
        if bet_id == "perfect-pair":
            return "perfect-pair" if p1 == p2 or b1 == b2 else "no-perfect-pair"
        if bet_id in ("dragon", "tiger"):
            return "dragon-wins" if p1[0] > b1[0] else "tiger-wins" if b1[0] > p1[0] else "tie"
        if bet_id == "dragon-tiger-tie":
            return "tie" if p1[0] == b1[0] else "no-tie"
        if bet_id == "tiger-pair":
            if player_pair and banker_pair:
                if sorted([p1, p2]) == sorted([b1, b2]):
                    return "same-cards"
                return "same-rank" if p1[0] == b1[0] else "both-pairs"
            return "one-pair" if player_pair or banker_pair else "no-pair"
        raise KeyError(bet_id)


def first_card_counts(bet_id: str, shoe: Shoe) -> dict[str, int]:
    """Outcome counts of the bets read off the first four cards, in ordered six-card deals."""
    n = shoe.total
    if bet_id in ("dragon", "tiger", "dragon-tiger-tie"):
        higher, equal, lower, pairs = first_cards.first_two_rank_counts(shoe.ranks())
        rest = falling(n - 2, 4)
        if bet_id == "dragon-tiger-tie":
            return {"tie": equal * rest, "no-tie": (pairs - equal) * rest}
        return {"dragon-wins": higher * rest, "tie": equal * rest, "tiger-wins": lower * rest}
    rest = falling(n - 4, 2)
    if bet_id in ("player-pair", "banker-pair", "either-pair"):
        player, banker, both, total4 = first_cards.pair_counts(shoe.ranks())
        hit = {"player-pair": player, "banker-pair": banker, "either-pair": player + banker - both}[bet_id]
        return {"pair": hit * rest, "no-pair": (total4 - hit) * rest}
    if bet_id == "perfect-pair":
        player, banker, both, total4 = first_cards.pair_counts(shoe.card_counts())
        hit = player + banker - both
        return {"perfect-pair": hit * rest, "no-perfect-pair": (total4 - hit) * rest}
    if bet_id == "tiger-pair":
        player, banker, both, total4 = first_cards.pair_counts(shoe.ranks())
        same_rank = first_cards.same_kind_both_hands(shoe.ranks())
        same_cards = first_cards.same_two_cards(shoe.card_counts())
        return {
            "same-cards": same_cards * rest,
            "same-rank": (same_rank - same_cards) * rest,
            "both-pairs": (both - same_rank) * rest,
            "one-pair": (player + banker - 2 * both) * rest,
            "no-pair": (total4 - player - banker + both) * rest,
        }
    raise KeyError(bet_id)


BACCARAT = BaccaratGame("baccarat", "Baccarat (punto banco)", BACCARAT_BETS)
TIGER_BACCARAT = BaccaratGame("tiger-baccarat", "Tiger Baccarat", TIGER_BACCARAT_BETS)
