"""Player-dealer baccarat (seed 004): the card-room game where players bank in turn.

The deal is punto banco's (P1 B1 P2 B2, at most one more card each, naturals 8/9 stop the draw,
the dealer hand follows the banker rules) with one difference: when the player hand's two cards
total 5 and the dealer's face-up card B1 is a 5 or a 6, each player-line bettor may stand or hit.
The hit card is dealt either way and the dealer hand draws by Table 2 on it, so the cards and the
dealer's final total do not depend on the choice: a stander is settled on the two-card 5, a
hitter on the three-card total. The house way (always hit on 5) is therefore punto banco exactly.

The line bets and the early tie are offered under three policies for the option hand:

    house way      hit on 5 (the house dealer's way; punto banco)       player-line, dealer-line, early-tie
    always stand   stand on every option hand                           ...-always-stand
    best choice    per dealer up card (5, 6) and per two-card player    ...-best-choice
                   hand by values (5-0, A-4, 2-3, 6-9, 7-8): stand or
                   hit, whichever has the higher exact expectation for
                   a player-line bettor on this shoe (equal: hit)

Under a policy the dealer line and the tie compare the dealer hand with the player hand as that
policy plays it. Dragon Bonus and Bonus Pair settle on the hands as the house way plays them.

Counting: ordered six-card deals, like baccarat. The rules are compiled over the 10 values
(:mod:`odds.exact.drawing`); an end state is the house-way :class:`~.punto_banco.Round` plus
the option hand (up card, player hand) when there is one. For an option hand with up card ``u``
and player hand ``h`` the exact expectation of a choice is a conditional expectation:

    E[choice | u, h] = sum over states s with option (u, h) of ways(s) * pay(outcome of s under
                       the choice)  /  sum over those states of ways(s)

>>> option_key([5, 6, 0, 0])            # player 5-0, dealer shows a 6: an option hand
(6, 0)
>>> option_key([1, 6, 4, 0]), option_key([1, 4, 4, 0])  # A-4 vs an up 6; vs an up 4 (house way)
((6, 1), None)
>>> play_round([2, 5, 3, 0, 4, 7])      # 2-3 vs up 5: hit card 4, dealer 5 draws on a 4
PlayerDealerRound(round=Round(player=9, banker=2, player_cards=3, banker_cards=3), option=(5, 2))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property, lru_cache
from typing import NamedTuple
from collections.abc import Callable, Mapping, Sequence

from ..cards import baccarat_value
from ..exact.intmath import falling
from ..shoe import Shoe
from ..core import expected_value
from . import punto_banco
from ..core import BetRule, OutcomeCounts, outcomes
from .baccarat_rounds import BaccaratRounds
from .base import Game
from .punto_banco import Round

COUNTING = "ordered six-card deals"

OPTION_UP_CARDS = (5, 6)
"""Dealer face-up card values that give the player-line bettors the option on 5."""

OPTION_HANDS = ((0, 5), (1, 4), (2, 3), (6, 9), (7, 8))
"""The two-card player hands totalling 5, by card values (0 = 10, J, Q or K), low value first."""

POLICIES = ("house-way", "always-stand", "best-choice")
POLICY_NAMES = {
    "house-way": "house way (hit on 5)",
    "always-stand": "always stand on an option hand",
    "best-choice": "best choice per hand",
}
CHOICES = ("stand", "hit")


def hand_label(low: int) -> str:
    """``"A-4"``, ``"2-3"``, ``"5-0"``, ``"6-9"``, ``"7-8"`` for the option hand with this low value."""
    high = (15 - low) % 10
    a, b = (high, low) if low == 0 else (low, high)
    name = {1: "A"}
    return f"{name.get(a, a)}-{name.get(b, b)}"


# -- the rules -------------------------------------------------------------------------------------


def is_option_hand(player_total: int, up_value: int, natural: bool) -> bool:
    """Seed 004 L37: the player hand's two cards total 5 and the dealer shows a 5 or 6 (no natural)."""
    return not natural and player_total == 5 and up_value in OPTION_UP_CARDS


def option_key(values: Sequence[int]) -> tuple[int, int] | None:
    """``(dealer up card value, player hand's low value)`` when the first four card values (P1 B1
    P2 B2) make an option hand, else None."""
    p = (values[0] + values[2]) % 10
    b = (values[1] + values[3]) % 10
    natural = punto_banco.is_natural(p) or punto_banco.is_natural(b)
    if not is_option_hand(p, values[1], natural):
        return None
    return values[1], min(values[0], values[2])


class PlayerDealerRound(NamedTuple):
    """A round's end state: the round as the house way plays it, and the option hand if any."""

    round: Round
    option: tuple[int, int] | None

    def under(self, stands: bool) -> Round:
        """The round with the player-line bettor standing (True) or hitting on the option hand."""
        if self.option is None or not stands:
            return self.round
        return Round(5, self.round.banker, 2, self.round.banker_cards)


def play_round(values: Sequence[int]) -> PlayerDealerRound | None:
    """Play the round dealt from these card values in order; None when more cards are needed.

    The house way is punto banco's drawing (the option hand's hit card is always dealt, and the
    dealer hand draws by Table 2 on it), so :func:`punto_banco.play_round` plays it.
    """
    r = punto_banco.play_round(values)
    if r is None:
        return None
    return PlayerDealerRound(r, option_key(values))


def play_many(grid):
    """Vectorised :func:`play_round` over rows of six card values: (cards used, state code).

    State code = punto banco's code + 1000 * (1 + 10 * up + low) on an option hand. The option
    test reads :func:`is_option_hand` through a lookup table; a test checks this against
    :func:`play_round`.
    """
    import numpy as np

    used, codes = punto_banco.play_many(grid)
    state = punto_banco.deal_state(grid)
    natural = state["natural"]
    table = np.array([[[is_option_hand(t, up, bool(n)) for n in (0, 1)] for up in range(10)] for t in range(10)])
    option = table[state["player_two"], grid[:, 1], natural.astype(np.int64)]
    low = np.minimum(grid[:, 0], grid[:, 2])
    return used, codes + np.where(option, 1000 * (1 + 10 * grid[:, 1] + low), 0)


def _decode(code: int) -> PlayerDealerRound:
    opt = code // 1000
    option = None if opt == 0 else ((opt - 1) // 10, (opt - 1) % 10)
    return PlayerDealerRound(punto_banco._decode(code % 1000), option)


def compiled():
    """The player-dealer rules compiled over the 10 baccarat values; loaded from the stored
    tables (:mod:`odds.exact.store`), built only when missing."""
    return _stored()[0]


@cache
def _stored():
    import sys

    from ..exact import store

    modules = [sys.modules[__name__], punto_banco]
    return store.compiled_deal("player-dealer", modules, 10, 6, play_many, _decode, [16] + [4] * 9)


# -- settling ---------------------------------------------------------------------------------------


def line_result(r: Round) -> str:
    """Which hand is higher (the banker hand is the player/dealer's)."""
    return "dealer-wins" if r.banker > r.player else "player-wins" if r.player > r.banker else "tie"


def tie_result(r: Round) -> str:
    return "tie" if r.banker == r.player else "no-tie"


PLAYER_LINE_OUTCOMES = outcomes(
    ("player-wins", "Player hand wins"), ("tie", "Tie"), ("dealer-wins", "Player/dealer hand wins")
)
DEALER_LINE_OUTCOMES = PLAYER_LINE_OUTCOMES[::-1]
TIE_OUTCOMES = outcomes(("tie", "Tie"), ("no-tie", "Player or player/dealer hand wins"))


@dataclass(frozen=True)
class LineBet:
    """A bet settled on the round's end state, under a policy for the option hand."""

    settle: Callable[[Round], str]
    policy: str = "house-way"


_SUFFIX = {"house-way": "", "always-stand": "-always-stand", "best-choice": "-best-choice"}
_NAME_SUFFIX = {"house-way": "", "always-stand": ", always stand on 5", "best-choice": ", best choice on 5"}


def _bets() -> dict[str, tuple[BetRule, LineBet]]:
    """The line bets and the early tie under each policy (the game's code bets; Dragon Bonus and
    Bonus Pair settle on the house way and are written as conditions in the paytable)."""
    bets: dict[str, tuple[BetRule, LineBet]] = {}
    for base, name, line_outcomes, settle, what in (
        ("player-line", "Player line", PLAYER_LINE_OUTCOMES, line_result, "player hand higher"),
        ("dealer-line", "Dealer line", DEALER_LINE_OUTCOMES, line_result, "player/dealer hand higher"),
        ("early-tie", "Early tie", TIE_OUTCOMES, tie_result, "the two hands tie"),
    ):
        for policy in POLICIES:
            bet_id = base + _SUFFIX[policy]
            bets[bet_id] = (
                BetRule(
                    bet_id,
                    name + _NAME_SUFFIX[policy],
                    line_outcomes,
                    "value",
                    f"{what}; option hand played: {POLICY_NAMES[policy]}",
                ),
                LineBet(settle, policy),
            )
    return bets


BETS = _bets()


# -- the option analysis -----------------------------------------------------------------------------


@dataclass(frozen=True)
class OptionHand:
    """One option hand on one shoe: how often it is dealt, and what standing and hitting give a
    player-line bettor (outcome -> ordered six-card deals)."""

    up: int
    low: int
    deals: int
    stand: Mapping[str, int]
    hit: Mapping[str, int]
    stand_ev: Fraction | None
    hit_ev: Fraction | None

    @property
    def hand(self) -> str:
        return hand_label(self.low)

    @property
    def key(self) -> tuple[int, int]:
        return self.up, self.low

    @property
    def choice(self) -> str:
        """The better choice; hit (the house way) when equal or when the hand cannot be dealt."""
        if self.stand_ev is None or self.stand_ev <= self.hit_ev:
            return "hit"
        return "stand"

    @property
    def gain(self) -> Fraction:
        """What the better choice adds to the house way's expectation, given this hand."""
        if self.stand_ev is None:
            return Fraction(0)
        return max(self.stand_ev - self.hit_ev, Fraction(0))


@dataclass(frozen=True)
class Analysis:
    """Every end state's count for a shoe, and the option decision per hand."""

    shoe: Shoe
    states: Mapping[PlayerDealerRound, int]
    total: int
    options: tuple[OptionHand, ...]

    @cached_property
    def decisions(self) -> dict[tuple[int, int], str]:
        return {o.key: o.choice for o in self.options}

    def round_under(self, state: PlayerDealerRound, policy: str) -> Round:
        if state.option is None or policy == "house-way":
            return state.round
        if policy == "always-stand":
            return state.under(True)
        return state.under(self.decisions[state.option] == "stand")

    def tally(self, settle: Callable[[Round], str], policy: str, keys: Sequence[str]) -> dict[str, int]:
        out = dict.fromkeys(keys, 0)
        for state, ways in self.states.items():
            out[settle(self.round_under(state, policy))] += ways
        return out


@lru_cache(maxsize=4)
def _analysed(shoe: Shoe, pays: tuple | None) -> Analysis:
    return analyse(shoe, dict(pays) if pays is not None else None)


DEFAULT_LINE_PAYS = {"player-wins": Fraction(1), "tie": Fraction(0), "dealer-wins": Fraction(-1)}


def analyse(shoe: Shoe, player_line_pays: Mapping[str, Fraction] | None = None) -> Analysis:
    """Count every end state for this shoe and decide each option hand for a player-line bettor
    paid ``player_line_pays`` (default 1 to 1, push on a tie)."""
    pays = dict(player_line_pays or DEFAULT_LINE_PAYS)
    states = compiled().exact_counts(shoe.values())
    options = []
    for up in OPTION_UP_CARDS:
        for low, _ in OPTION_HANDS:
            stand = dict.fromkeys(pays, 0)
            hit = dict.fromkeys(pays, 0)
            for state, ways in states.items():
                if state.option == (up, low):
                    stand[line_result(state.under(True))] += ways
                    hit[line_result(state.under(False))] += ways
            deals = sum(stand.values())
            stand_ev = expected_value(pays, stand, deals) if deals else None
            hit_ev = expected_value(pays, hit, deals) if deals else None
            options.append(OptionHand(up, low, deals, stand, hit, stand_ev, hit_ev))
    return Analysis(shoe, states, falling(shoe.total, 6), tuple(options))


@dataclass(frozen=True)
class PlayerDealerCounts(OutcomeCounts):
    """Outcome counts that also carry the shoe's option analysis (for the sheet's extra figures)."""

    analysis: Analysis | None = field(default=None, compare=False, repr=False)


class PlayerDealerGame(BaccaratRounds, Game):
    """Seed 004's player-dealer baccarat; see the module docstring for the policies."""

    second_hand = "dealer"

    def __init__(self):
        super().__init__(
            "player-dealer-baccarat",
            "Player-dealer baccarat (card room)",
            COUNTING,
            {k: rule for k, (rule, _) in BETS.items()},
            deal=punto_banco.POSITIONAL_DEAL,
            min_cards=6,
            accepts_fee=True,
            notes=(
                "Deal P1 B1 P2 B2 (player hand, player/dealer hand); B1 is the dealer's face-up card. "
                "Option hand: the player's two cards total 5 and B1 is a 5 or 6 (seed 004 L37); the hit "
                "card is dealt either way and the dealer hand draws by Table 2 on it.",
                "Policies on the option hand: house way = hit (then the game is punto banco: player "
                "line = Player, dealer line = Banker at 19 to 20, early tie = Tie at 9); always stand; "
                "best choice = stand or hit per dealer up card and player hand, whichever has the higher "
                "exact expectation for a player-line bettor on this shoe (equal: hit). The dealer line "
                "and early tie under a policy face the player hand as that policy plays it.",
                "Dragon Bonus and Bonus Pair settle on the hands as the house way plays them. The "
                "player/dealer's result on each bet is the players' loss; the house keeps only the "
                "collection fee (--fee, per wager, in units of the stake).",
            ),
        )
        self.lines = {k: line for k, (_, line) in BETS.items()}

    # -- exact counts ---------------------------------------------------------------------------
    def seen_cards(self, player: str = "", banker: str = ""):
        """The cards of the current round already seen (:func:`punto_banco.seen_cards`)."""
        return punto_banco.seen_cards(player, banker)

    def analyse(self, shoe: Shoe, paytable=None) -> Analysis:
        """The option analysis, deciding with the paytable's ``player-line-best-choice`` pays, or
        at 1 to 1 when it has no such bet (kept for the last few shoes and pays: a simulation
        decides its dealing with it, then its exact sheet counts with it)."""
        best = paytable.bets.get("player-line-best-choice") if paytable is not None else None
        pays = best.pays if best is not None else None
        return _analysed(shoe, tuple(pays.items()) if pays is not None else None)

    def count_code(self, shoe: Shoe, bet_ids: Sequence[str], paytable) -> dict[str, OutcomeCounts]:
        """The line bets and the early tie under their policies, from the option analysis."""
        total = falling(shoe.total, 6)
        analysis = self.analyse(shoe, paytable)
        return {
            bet_id: PlayerDealerCounts(
                analysis.tally(
                    self.lines[bet_id].settle, self.lines[bet_id].policy, self.code_bets[bet_id].outcome_keys
                ),
                total,
                analysis,
            )
            for bet_id in bet_ids
        }

    def drawing_table(self):
        return compiled()

    def stored_tables(self) -> dict:
        """Tables this game loads from disk (:mod:`odds.exact.store`)."""
        key, build = _stored()[1]
        return {key: build}

    def state_outcomes(self, bet_id: str):
        """The outcome of each compiled end state for the line bets under a fixed policy (house
        way, always stand); None for the best choice, which depends on the shoe."""
        import numpy as np

        line = self.lines.get(bet_id)
        if line is None or line.policy == "best-choice":
            return None
        stands = line.policy == "always-stand"
        keys = self.code_bets[bet_id].outcome_keys
        return np.array([keys.index(line.settle(state.under(stands))) for state in compiled().states], dtype=np.int64)

    # -- figures under each bet's table ----------------------------------------------------------
    def extra_figures(self, bet_id: str, paytable, counts: OutcomeCounts, fee: Fraction) -> dict:
        """The economics of the bet and, on the player line, the edge under each policy and the
        option decisions - as data (the text sheet words them: :mod:`odds.render.sheet`):
        ``economics`` (``fee``, ``player_expectation``, ``player_expectation_net_of_fee``,
        ``player_dealer_result_per_unit_covered``), ``player_line_edge_by_policy`` (policy ->
        house edge) and, on ``player-line-best-choice``, ``option_decisions`` (one
        :func:`option_record` per option hand)."""
        pays = paytable.bet(bet_id).pays
        ev = expected_value(pays, counts.counts, counts.total)
        extra: dict = {
            "economics": {
                "fee": fee,
                "player_expectation": ev,
                "player_expectation_net_of_fee": ev - fee,
                "player_dealer_result_per_unit_covered": -ev,
            },
        }
        analysis = counts.analysis if isinstance(counts, PlayerDealerCounts) else None
        line = self.lines.get(bet_id)
        if analysis is None or line is None or not bet_id.startswith("player-line"):
            return extra
        priced = [p for p in POLICIES if "player-line" + _SUFFIX[p] in paytable.bets]  # a paytable may leave some out
        extra["player_line_edge_by_policy"] = {
            row["policy"]: row["player-line"] for row in policy_edges(analysis, paytable, ("player-line",), priced)
        }
        if line.policy == "best-choice":
            extra["option_decisions"] = [option_record(o) for o in analysis.options]
        return extra

    # -- one dealt round (Monte Carlo and shoe-by-shoe depletion) ----------------------------------
    def dealing_options(self, shoe: Shoe, paytable) -> dict:
        """``{"choose": decisions}``: the best choice on each option hand for this shoe, decided
        with the paytable's ``player-line-best-choice`` pays - the decisions the exact counts of
        the ``-best-choice`` bets assume."""
        return {"choose": self.analyse(shoe, paytable).decisions}

    # -- one round from its cards (odds settle) and the settlement vectors --------------------------
    def round_hands(self, dealt, paytable):
        """The hands as punto banco explains them; on an option hand, the player hand's ``option``
        (the totals standing and hitting, and the best choice for a full shoe of the game's decks
        under this paytable, which the ``-best-choice`` bets settle on)."""
        from dataclasses import replace

        (player, dealer), _ = BaccaratRounds.round_hands(self, dealt, paytable)
        key = option_key([baccarat_value(rank) for rank, _ in dealt])
        if key is None:
            return (player, dealer), {}
        options = self.dealing_options(Shoe.decks(self.default_decks), paytable)
        up, low = key
        option = {
            "dealer_up_card": up,
            "player_hand": hand_label(low),
            "stand_total": player.two_card_total,
            "hit_total": player.total,
            "best_choice": options["choose"][key],
        }
        return (replace(player, option=option), dealer), options

    def drawing_cells(self, cards) -> list[str]:
        """The drawing tables' cells, and the option hand's (``option/up-5/hand-A-4``)."""
        key = option_key([baccarat_value(rank) for rank, _ in cards])
        extra = [] if key is None else [f"option/up-{key[0]}/hand-{hand_label(key[1])}"]
        return BaccaratRounds.drawing_cells(self, cards) + extra

    def every_cell(self) -> list[str]:
        return BaccaratRounds.every_cell(self) + [
            f"option/up-{up}/hand-{hand_label(low)}" for up in OPTION_UP_CARDS for low, _ in OPTION_HANDS
        ]

    def drawing_rounds(self, rng):
        """A round for each drawing cell, then one per option hand (a 5 against a dealer 5 or 6)."""
        from .baccarat_rounds import deal_values

        rounds = BaccaratRounds.drawing_rounds(self, rng)
        for up in OPTION_UP_CARDS:
            for low, high in OPTION_HANDS:
                second = rng.choice([v for v in range(10) if (up + v) % 10 < 8])
                player = [low, high] if rng.random() < 0.5 else [high, low]
                rounds.append((f"option/up-{up}/hand-{hand_label(low)}", deal_values(player, [up, second], rng)))
        return rounds

    def code_columns(self, rounds, bet_ids, choose=None) -> dict[str, list[str]]:
        """The line bets on each round as each one's policy plays the option hand.

        ``choose`` decides the option hand for the ``-best-choice`` bets: a callable
        ``(up value, low value) -> "stand" | "hit"``, a mapping ``{(up, low): choice}``, or
        ``"stand"`` / ``"hit"`` for every option hand. Default: the best choice for a full shoe
        of the game's default decks at 1 to 1 (another shoe or paytable needs its own: pass
        ``**dealing_options(shoe, paytable)``).
        """
        import numpy as np

        from ..bets.settling import card_arrays

        decide = self._chooser(choose)
        ranks, _ = card_arrays(rounds, 6)  # values past a round's cards (0) are not read
        grid = np.array([0] + [baccarat_value(r) for r in range(1, 14)], dtype=np.int64)[ranks]
        # every round's end state at once; each distinct one settled once (a few hundred in a shoe)
        codes, state_of_round = np.unique(play_many(grid)[1], return_inverse=True)
        keys: dict[str, list[str]] = {b: [] for b in bet_ids}
        for code in codes.tolist():
            state = _decode(code)
            best_stands = state.option is not None and decide(*state.option) == "stand"
            played = {
                "house-way": state.round,
                "always-stand": state.under(True),
                "best-choice": state.under(best_stands),
            }
            for b in bet_ids:
                keys[b].append(self.lines[b].settle(played[self.lines[b].policy]))
        rows = state_of_round.reshape(-1).tolist()
        return {b: [of_state[i] for i in rows] for b, of_state in keys.items()}

    def _chooser(self, choose):
        if choose is None:
            choose = self.default_decisions
        if isinstance(choose, str):
            if choose not in CHOICES:
                raise ValueError(f"choose must be stand or hit, not {choose!r}")
            return lambda up, low: choose
        if isinstance(choose, Mapping):
            return lambda up, low: choose[(up, low)]
        return choose

    @cached_property
    def default_decisions(self) -> dict[tuple[int, int], str]:
        return analyse(Shoe.decks(self.default_decks)).decisions


def policy_edges(
    analysis: Analysis, paytable, bases=("player-line", "dealer-line", "early-tie"), policies=POLICIES
) -> list[dict]:
    """House edge of each line bet and the early tie under each policy: one record per policy."""
    rows = []
    for policy in policies:
        row = {"policy": policy, "description": POLICY_NAMES[policy]}
        for base in bases:
            bet_id = base + _SUFFIX[policy]
            rule, line = BETS[bet_id]
            tally = analysis.tally(line.settle, policy, rule.outcome_keys)
            row[base] = -expected_value(paytable.bet(bet_id).pays, tally, analysis.total)
        rows.append(row)
    return rows


def option_record(o: OptionHand) -> dict:
    """One option hand as a flat record (exact values as Fractions/ints)."""
    return {
        "dealer_up_card": o.up,
        "player_hand": o.hand,
        "combinations": o.deals,
        "stand_ev": o.stand_ev,
        "hit_ev": o.hit_ev,
        "choice": o.choice,
        "gain": o.gain,
    }


PLAYER_DEALER_BACCARAT = PlayerDealerGame()
