"""The outcome table of a bet, and everything derived from it - computed here and nowhere else.

A bet's sheet is its rows ``(outcome, pays, combinations)`` out of a total number of equally
likely deals. With ``p_i = combinations_i / total`` and pays ``x_i`` ("to 1": a loss is -1):

    expected value  EV  = sum p_i x_i          house edge = -EV        RTP = 1 + EV
    hit frequency       = sum of p_i with x_i > 0
    house edge excluding pushes = -EV / (1 - P(push))
    variance            = sum p_i x_i**2 - EV**2

All exact (:class:`fractions.Fraction`); the ``*_float`` names give floats for printing.

>>> from fractions import Fraction as F
>>> bet = BetSheet("even", "Even money", (Row("win", "Win", F(1), 18), Row("lose", "Lose", F(-1), 19)), 37)
>>> bet.house_edge, bet.rtp, bet.variance
(Fraction(1, 37), Fraction(36, 37), Fraction(1368, 1369))
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from fractions import Fraction
from collections.abc import Sequence

from .core import Row, expected_value
from .games.base import Game
from .paytable import Paytable
from .shoe import Shoe


@dataclass(frozen=True)
class BetSheet:
    """A bet's outcome table (rows ordered by pays) out of ``total`` equally likely deals, and what follows from it.

    The sums over the rows are kept once computed (``cached_property``: the fields never change),
    since a sheet, its exports and the hold intervals read them many times each."""

    id: str
    name: str
    rows: tuple[Row, ...]
    total: int
    window: int | None = None
    extra: dict = field(default_factory=dict)
    """Game-specific figures shown under the table (e.g. a call bet's chips)."""
    fee: Fraction = Fraction(0)
    """A fee charged on top of each unit staked (a multiplier bet's): the figures are then per
    unit wagered, stake and fee, so RTP = (1 + E[pay]) / (1 + fee)."""

    def __repr__(self) -> str:
        from .render.notebook import bet_repr

        return bet_repr(self)

    def _repr_html_(self) -> str:
        from .render.notebook import bet_html

        return bet_html(self)

    def probability(self, row: Row) -> Fraction:
        return Fraction(row.combinations, self.total)

    @cached_property
    def expected_pay(self) -> Fraction:
        """``sum p_i x_i``: the expected net pay per unit staked, before any fee."""
        return expected_value(
            {r.key: r.pays for r in self.rows}, {r.key: r.combinations for r in self.rows}, self.total
        )

    @cached_property
    def expected_value(self) -> Fraction:
        """Per unit wagered: the expected pay less the fee, over the stake and the fee."""
        return (self.expected_pay - self.fee) / (1 + self.fee)

    @property
    def house_edge(self) -> Fraction:
        return -self.expected_value

    @property
    def rtp(self) -> Fraction:
        return 1 + self.expected_value

    def _probability_where(self, keep) -> Fraction:
        return Fraction(sum(r.combinations for r in self.rows if keep(r.pays)), self.total)

    @cached_property
    def hit_frequency(self) -> Fraction:
        return self._probability_where(lambda pay: pay > 0)

    @cached_property
    def push_probability(self) -> Fraction:
        return self._probability_where(lambda pay: pay == 0)

    @property
    def loss_probability(self) -> Fraction:
        return self._probability_where(lambda pay: pay < 0)

    @property
    def has_push(self) -> bool:
        return any(r.pays == 0 and r.combinations for r in self.rows)

    @property
    def house_edge_excluding_pushes(self) -> Fraction | None:
        """The edge per resolved bet; None when the bet has no push (it equals the house edge)."""
        if not self.has_push or self.push_probability == 1:
            return None
        return self.house_edge / (1 - self.push_probability)

    @cached_property
    def variance(self) -> Fraction:
        """Of the result per unit wagered (a fee scales it by 1 / (1 + fee)**2)."""
        second = sum((Fraction(r.combinations * r.pays * r.pays) for r in self.rows), Fraction(0)) / self.total
        return (second - self.expected_pay**2) / (1 + self.fee) ** 2

    def std_dev_float(self) -> float:
        return math.sqrt(self.variance)

    @property
    def top_row(self) -> Row:
        return max(self.rows, key=lambda r: r.pays)

    @property
    def player_has_edge(self) -> bool:
        return self.expected_value > 0


@dataclass(frozen=True)
class Sheet:
    """The sheets of the bets asked for, of one game, paytable and shoe (None: dice and wheels)."""

    game: Game
    paytable: Paytable
    shoe: Shoe | None
    bets: tuple[BetSheet, ...]
    notes: tuple[str, ...] = ()
    failed: tuple[tuple[str, str], ...] = ()
    """Bets that could not be counted: ``(bet id, the error naming file, bet and reason)``."""

    def __repr__(self) -> str:
        from .render.notebook import sheet_repr

        return sheet_repr(self)

    def _repr_html_(self) -> str:
        from .render.notebook import sheet_html

        return sheet_html(self)

    @property
    def counting(self) -> str:
        return self.game.counting

    def bet(self, bet_id: str) -> BetSheet:
        """The sheet of one bet."""
        for b in self.bets:
            if b.id == bet_id:
                return b
        from .errors import UnknownBet

        raise UnknownBet(bet_id, [b.id for b in self.bets])

    def to_dict(self) -> dict:
        """The sheet as ``odds sheet --format json`` prints it (the CLI renders this very dict):
        exact numbers as strings (``"19/20"``), a float beside them where useful."""
        from .render.sheet_data import sheet_json

        return sheet_json(self)

    def to_frame(self, what: str = "outcomes"):
        """The sheet as a pandas DataFrame (pandas is the optional extra ``frame``).

        ``what="outcomes"``: one row per bet and outcome, the CSV's columns (``game, paytable,
        bet, outcome_key, outcome, pays, pays_float, combinations, total, probability,
        probability_float, return, return_float``); ``what="bets"``: one row per bet, the
        columns of ``odds sheet --summary --format csv``. Exact values stay Fractions and ints
        (object columns); the ``*_float`` columns are for plots.
        """
        from .lazy import pandas

        if not isinstance(what, str) or what not in ("outcomes", "bets"):
            from .errors import OddsError, shown_repr

            raise OddsError(f"to_frame takes 'outcomes' or 'bets', not {shown_repr(what)}")
        pandas = pandas()
        if what == "outcomes":
            rows = [
                {
                    "game": self.game.id,
                    "paytable": self.paytable.name,
                    "bet": b.id,
                    "outcome_key": r.key,
                    "outcome": r.outcome,
                    "pays": r.pays,
                    "pays_float": float(r.pays),
                    "combinations": r.combinations,
                    "total": b.total,
                    "probability": b.probability(r),
                    "probability_float": float(b.probability(r)),
                    "return": b.probability(r) * r.pays,
                    "return_float": float(b.probability(r) * r.pays),
                }
                for b in self.bets
                for r in b.rows
            ]
            from .render.sheet_data import CSV_HEADERS

            columns = list(CSV_HEADERS)  # the CSV's columns, in its order
        else:
            from .render.sheet_data import bet_record

            rows = [{"game": self.game.id, "paytable": self.paytable.name, **bet_record(b)} for b in self.bets]
            columns = list(rows[0]) if rows else ["game", "paytable", "bet"]
        frame = pandas.DataFrame(rows, columns=columns)
        for column in ("combinations", "total"):  # Python ints: a big shoe's counts pass 2**63
            if column in frame:
                frame[column] = frame[column].astype(object)
        return frame


def bet_sheet(rule, pays, counts, window=None, extra=None) -> BetSheet:
    """Join a bet's outcome counts with its pays: rows ordered by pays, highest first."""
    rows = [Row(o.key, o.label, pays.pays[o.key], counts.counts.get(o.key, 0)) for o in rule.outcomes]
    rows.sort(key=lambda r: -r.pays)  # stable: equal pays keep the rules' order
    return BetSheet(rule.id, rule.name, tuple(rows), counts.total, window, extra or {})


def build_sheet(
    game: Game,
    paytable: Paytable,
    shoe: Shoe | None,
    bet_ids: Sequence[str] | None = None,
    fee: Fraction | None = None,
    player: str = "",
    banker: str = "",
    keep_going: bool = False,
    extra: bool = True,
) -> Sheet:
    """The sheet of the chosen bets (all of the game's by default) for this shoe.

    ``fee`` is a collection fee per wager in units of the stake, for games that take one
    (``game.accepts_fee``); the game's ``extra_figures`` shows what it does to each bet.
    ``player``, ``banker``: the cards of the current round already seen (card specs, each hand in
    its own order; baccarat games): every figure is then conditional on them. ``keep_going``: a
    bet that cannot be counted (past the limits of an exact table) is left out, its error in
    :attr:`Sheet.failed`, and the others are priced; otherwise the error is raised. ``extra``
    False leaves out the game's extra figures (``game.extra_figures``: player-dealer's edges by
    policy, a call bet's chips), for a caller that reads only the outcome tables (``simulate``).
    """
    from .errors import OddsError
    from .exact.plan import failing_bets

    if fee and not game.accepts_fee:
        raise OddsError(f"--fee applies only to games with a collection fee, not {game.id}")
    asked = bet_ids is not None
    bet_ids = list(bet_ids or paytable.bets)
    unpriced = [b for b in bet_ids if paytable.bet(b).overlay is not None and not paytable.bet(b).overlay.known]
    if unpriced and asked:
        from .overlay.sheet import unknown_weights_error

        raise unknown_weights_error(game, paytable, unpriced)
    bet_ids = [b for b in bet_ids if b not in unpriced]
    if shoe is not None:
        game.check_shoe(shoe)
    seen = game.seen_cards(player, banker)
    if seen is not None and shoe is not None and shoe.infinite:
        raise OddsError("--player and --banker need a shoe of whole decks: an infinite shoe is not depleted")
    failed = failing_bets(game, paytable, bet_ids, seen) if keep_going else {}
    bet_ids = [b for b in bet_ids if b not in failed]
    boosted = [b for b in bet_ids if paytable.bet(b).overlay is not None]
    plain = [b for b in bet_ids if b not in boosted]
    if boosted and seen is not None:
        raise OddsError(f"{', '.join(boosted)}: multiplier bets cannot be priced given the cards seen")
    counts = game.count(shoe, plain, paytable, seen=seen) if seen is not None else game.count(shoe, plain, paytable)
    bets = []
    for bet_id in bet_ids:
        pays = paytable.bet(bet_id)
        if bet_id in boosted:
            from .overlay.sheet import overlay_rows

            rows, total, figures, overlay_fee = overlay_rows(game, paytable, shoe, bet_id)
            bets.append(
                BetSheet(
                    bet_id, paytable.rule(bet_id).name, rows, total, paytable.bet(bet_id).window, figures, overlay_fee
                )
            )
            continue
        figures = game.extra_figures(bet_id, paytable, counts[bet_id], fee or Fraction(0)) if extra else {}
        bets.append(bet_sheet(pays.rule, pays, counts[bet_id], pays.window, figures))
    notes = game.notes + paytable.notes
    if shoe is not None and shoe.infinite:
        notes += (
            "An infinite shoe: every card is dealt with replacement, each of the 52 equally likely. The "
            f"combinations count ordered sequences of {game.deal.positions} ranks ({13**game.deal.positions:,}), "
            f"or of {game.deal.positions} cards ({52**game.deal.positions:,}) for bets that read suits.",
        )
    if unpriced:
        from .overlay.sheet import unknown_weights_note

        notes += (unknown_weights_note(game, paytable, unpriced),)
    if seen is not None:
        notes += (
            f"Given the cards of this round seen so far - player: {player or 'none'}; banker: "
            f"{banker or 'none'} - every figure is conditional on them: the deals counted are the "
            f"ordered six-card deals of the shoe that agree with those cards.",
        )
    return Sheet(game, paytable, shoe, tuple(bets), notes, tuple(failed.items()))


def full_shoe_sheets(paytables=()):
    """Every shipped paytable of every game (and each paytable file given: a user's own bets),
    every bet, on the game's full default shoe: what ``odds export`` and the overview show."""
    from .games import all_games
    from .paytable import load_paytable

    for game in all_games():
        yield from shipped_sheets(game)
    for path in paytables:
        game = paytable_game(path)
        yield build_sheet(game, load_paytable(game, path), Shoe.decks(game.default_decks) if game.uses_shoe else None)


def shipped_sheets(game):
    """Every shipped paytable of one game, every bet, on its full default shoe (none for dice
    and wheels)."""
    from .paytable import load_paytable, shipped_names

    shoe = Shoe.decks(game.default_decks) if game.uses_shoe else None
    for name in shipped_names(game):
        yield build_sheet(game, load_paytable(game, name), shoe)


def paytable_game(path: str):
    """The game a paytable file names (its ``game`` key)."""
    from .games import get_game
    from .paytable import read_game_of

    return get_game(read_game_of(path))


from .callable_module import make_callable  # noqa: E402 - the module is also odds.sheet(...), the API function

make_callable(__name__)
