"""One plan per set of bets: how each bet is counted exactly, decided once, asked many times.

Every command that prices a bet - ``sheet``, ``batch``, ``eor``, ``tags``, ``count``,
``sheet --player/--banker``, the library - builds a :class:`Plan` for its bets and asks it:

* :meth:`Plan.counts` - one shoe: the exact number of deals ending in each outcome (Python
  integers, any shoe);
* :meth:`Plan.numerators` - many compositions at once (rows of 52 card counts, or 13 rank counts
  for bets that read no suit): each bet's expected value as an exact fraction ``num / den`` per
  row, through the fast kernels where their bounds prove them exact;
* :meth:`Plan.given` - the plan of the same bets among the deals that agree with the cards of
  the current round already seen.

How a bet is counted (its *route*) follows from the features it reads (:mod:`odds.bets.features`):

* ``drawing``: bets decided by the drawing alone (totals, naturals, who wins, cards dealt). The
  rules are compiled once over multisets of card values (:mod:`odds.exact.drawing`); each bet is
  an outcome per end state. All such bets of a plan share one pass over the table.
* ``cards``: bets that read single cards (values, ranks or suits by position), alone or with the
  drawing: a positional table per bet (:mod:`odds.exact.positional`); bets with the same table
  share one pass.
* ``rolls``: dice and wheels: every equally likely roll or pocket is settled once.
* ``code``: the few bets a game defines in code (roulette's call bets, player-dealer baccarat's
  policies), which the game counts itself, shoe by shoe; for many compositions at once those the
  drawing decides (a fixed policy) share the drawing pass.

Every route is exact for any composition; the fast paths' bounds are argued in
:mod:`odds.exact.kernels` and :mod:`odds.exact.drawing`, and docs/conventions.md lists each once.

>>> from odds.games import get_game
>>> from odds.shoe import Shoe
>>> game = get_game("baccarat")
>>> plan = Plan.of(game, game.paytable(), ["tie", "player-pair"])
>>> plan.routes
{'tie': 'drawing', 'player-pair': 'cards'}
>>> plan.counts(Shoe.decks(8))["tie"].counts["tie"]
475627426473216
>>> num, den = plan.numerators(np.array([Shoe.decks(8).card_counts()]))["tie"]
>>> Fraction(int(num[0]), int(den[0])) == plan.expectations(Shoe.decks(8))["tie"]
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..bets.condition import BoolOp, Checked, compile_condition, evaluate_node, first_match, parts_without
from ..bets.features import feature_specs, feature_table
from ..cards import baccarat_value
from ..core import BetRule, OutcomeCounts, expected_value
from ..errors import OddsError
from ..lazy import numpy as np
from ..threads import single_threaded_blas
from . import store
from .deals import RollDeal, ShoeDeal
from .intmath import falling
from .report import building

if TYPE_CHECKING:
    from ..shoe import Shoe
    from .drawing import CompiledDeal, FoldedColumns
    from .kernels import CompiledSum, PositionalSum
    from .positional import PositionalTable, Reading

Conditions = Sequence["Checked | None"]
"""A bet's checked conditions, one per outcome (None for the last: it takes the rest)."""
Seen = tuple[str, Mapping[int, tuple[int, Any]]]
"""The cards of the round already seen: the condition they make, and per position read the card's
``(rank, suit)`` (:meth:`odds.games.base.Game.seen_cards`)."""


class PlannedGame(Protocol):
    """What a plan asks of a game."""

    id: str
    deal: Any

    def deal_of(self, rule: BetRule) -> Any: ...

    def drawing_table(self) -> Any: ...

    def state_outcomes(self, bet_id: str) -> Any: ...

    def count_code(self, shoe: Shoe | None, bet_ids: Sequence[str], paytable: Any) -> dict[str, OutcomeCounts]: ...

    def check_shoe(self, shoe: Shoe) -> None: ...


class PricedBets(Protocol):
    """What a plan asks of a paytable: each bet's rule and pays (by bet id), and its name."""

    @property
    def name(self) -> str: ...

    def rule(self, bet_id: str) -> Any: ...

    def bet(self, bet_id: str) -> Any: ...


COUNT_LIMIT = 2**56
"""Card counts of a kind must be below this in :meth:`Plan.numerators` (then every int64 sum of
52 counts is exact)."""

INT64_SAFE = 2**62
"""Numerators and denominators below this in size are handed out as int64 (:func:`narrow`), so a
caller may add or subtract two of them in int64."""

CHUNK = 768
"""Compositions per pass of a kernel. Measured on the shared 2-core machine under load (count's
chunks, the drawing kernel): 768 rows about 10% faster per row than 256 (fewer numpy calls per
row; the working arrays, a few MB, stay in the L3 cache), 1,024 and more no faster."""

SMALL_KERNEL = 1200
"""Parts per row below which a kernel takes passes four times as long (fewer numpy calls)."""


# -- compiling one bet ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CompiledBet:
    """A bet's conditions compiled for its route: ``state_outcomes`` (drawing: the outcome of
    each end state of the deal's state table), ``table`` and ``key`` (cards: the positional table
    and its stored name), ``roll_outcomes`` (rolls: the outcome of each roll or pocket)."""

    route: str
    outcomes: int
    state_outcomes: np.ndarray | None = None
    table: PositionalTable | None = None
    key: str | None = None
    reading: Reading | None = None
    roll_outcomes: np.ndarray | None = None

    @property
    def states(self) -> np.ndarray:
        """``state_outcomes`` of a bet on the ``drawing`` route."""
        return _present(self.state_outcomes, self.route, "drawing")

    @property
    def positional(self) -> PositionalTable:
        """``table`` of a bet on the ``cards`` route."""
        return _present(self.table, self.route, "cards")

    @property
    def rolls(self) -> np.ndarray:
        """``roll_outcomes`` of a bet on the ``rolls`` route."""
        return _present(self.roll_outcomes, self.route, "rolls")


T = TypeVar("T")


def _present(value: T | None, route: str, wanted: str) -> T:
    if value is None:
        raise ValueError(f"a bet counted on the {route} route, not {wanted}")
    return value


_COMPILED: dict[tuple[str, tuple[str | None, ...]], CompiledBet] = {}


def compile_bet(deal: ShoeDeal | RollDeal, game_id: str, rule: BetRule) -> CompiledBet:
    """The compiled form of a bet written as conditions (cached by the deal and the conditions'
    text, so a bet priced by several paytables is compiled once per process)."""
    conditions = _conditions(rule)
    key = (deal.name, _texts(conditions))
    if key not in _COMPILED:
        _COMPILED[key] = _compile(deal, game_id, conditions, rule.id)
    return _COMPILED[key]


def _conditions(rule: BetRule) -> Conditions:
    if rule.conditions is None:
        raise ValueError(f"{rule.id}: defined in code, not as conditions")
    return rule.conditions


def _texts(conditions: Conditions) -> tuple[str | None, ...]:
    return tuple(c.text if c is not None else None for c in conditions)


def _names(conditions: Conditions) -> list[str]:
    return sorted(set[str]().union(*(c.features for c in conditions if c is not None)))


def _compile(deal: ShoeDeal | RollDeal, game_id: str, conditions: Conditions, bet_id: str = "") -> CompiledBet:
    names = _names(conditions)
    n = len(conditions)
    if isinstance(deal, RollDeal):
        return CompiledBet("rolls", n, roll_outcomes=first_match(conditions, deal.features(names), deal.rows))
    specs = feature_specs(game_id)
    if deal.state_table is not None and deal.state_features is not None and all(specs[f].state for f in names):
        table = deal.state_table()
        env = deal.state_features(table.states)
        return CompiledBet("drawing", n, state_outcomes=first_match(conditions, env, len(table.states)))
    from .positional import PositionalTable, reading_of  # here: dice, wheels and the drawing bets need none

    reading = reading_of(specs, conditions, deal.positions)
    key = positional_key(deal, reading, conditions)

    def build() -> dict[str, np.ndarray]:
        with building(bet_id) as progress:  # the CLI shows a build that takes over a second
            return build_positional(deal, reading, conditions, progress=progress).to_arrays()

    # a stored or cached table is untrusted: read back only when it is well formed for this bet
    arrays = store.cached(key, build, lambda arrays: store.positional_problem(arrays, deal.positions, n))
    return CompiledBet("cards", n, table=PositionalTable.from_arrays(arrays), key=key, reading=reading)


def positional_key(deal: ShoeDeal, reading: Reading, conditions: Conditions) -> str:
    """A positional table's stored name: the compilers' and the rules' source, the deal, what is
    read, the conditions."""
    import sys

    from ..bets import condition, features
    from . import positional

    modules = [positional, condition, features, sys.modules[deal.features.__module__]]
    return store.key_of(modules, "positional", deal.name, deal.positions, reading, _texts(conditions))


def build_positional(
    deal: ShoeDeal,
    reading: Reading,
    conditions: Conditions,
    restrict: dict[int, list[int]] | None = None,
    progress: Callable[[float], None] | None = None,
) -> PositionalTable:
    """A bet's positional table, built afresh (:func:`odds.exact.positional.build_table`)."""
    from .positional import Bet, CardModel, build_table

    names = _names(conditions)
    specs = feature_specs(deal.game_ids[0])
    suited = {n for n in names if specs[n].suits is not None}
    # the parts of the conditions that read no suit, and the ranks a suit feature reads with its
    # suit: with the drawing's state they decide how a round settles for each suit pattern
    parts = [p for c in conditions if c is not None for p in parts_without(c.tree, suited.__contains__)]
    part_names = sorted(n for n in names if n not in suited)
    with_rank = sorted({p for n in suited for p, r in specs[n].reads if r == "card"})

    def decide(state: Any, values: np.ndarray, ranks: np.ndarray, suits: np.ndarray) -> np.ndarray:
        return first_match(conditions, deal.features(state, values, ranks, suits, names), len(values))

    def signature(state: Any, values: np.ndarray, ranks: np.ndarray) -> list[np.ndarray]:
        columns: dict[bytes, np.ndarray] = {}
        if parts:
            env = deal.features(state, values, ranks, np.full(values.shape, -1), part_names)
            for part in parts:
                column = evaluate_node(part, env, len(values))
                columns.setdefault(column.tobytes(), column)
        return list(columns.values()) + [ranks[:, p] for p in with_rank]

    model = CardModel(deal.name, deal.positions, deal.state, deal.features, deal.always_dealt)
    return build_table(model, reading, Bet(decide, signature, len(conditions)), restrict=restrict, progress=progress)


# -- the plan ---------------------------------------------------------------------------------------------


class Plan:
    """The exact evaluation of ``bet_ids`` of a game, as ``paytable`` defines and prices them.

    ``routes`` says how each bet is counted (module docstring). Tables are compiled when the plan
    is built; the fast kernels of :meth:`numerators` only when first asked for.
    """

    def __init__(
        self,
        game: PlannedGame,
        paytable: PricedBets,
        bet_ids: Sequence[str],
        seen: Seen | None = None,
        fast: bool = True,
        keep_going: bool = False,
    ):
        self.game = game
        self.fast = fast
        """Whether :meth:`numerators` may use the fast kernels (False: only the exact paths they are
        checked against, for tests)."""
        self.paytable = paytable
        self.keep_going = keep_going
        self.failed: dict[str, str] = {}
        """Bets that could not be counted (``keep_going``): bet id -> the error, naming the file,
        the bet and the reason. The plan counts the others."""
        bet_ids = list(bet_ids)
        if keep_going or any(paytable.rule(b).conditions is not None for b in bet_ids):
            bet_ids = self._compilable(game, paytable, bet_ids, seen, keep_going)
        self.bet_ids = bet_ids
        self.rules = {b: paytable.rule(b) for b in self.bet_ids}
        self.pays = {b: paytable.bet(b).pays for b in self.bet_ids}
        self.scale = {b: lcm(*(p.denominator for p in self.pays[b].values())) for b in self.bet_ids}
        self.seen = seen
        self.compiled: dict[str, CompiledBet] = {}
        self.state_outcomes: dict[str, np.ndarray] = {}
        routes = {}
        coded = [b for b in self.bet_ids if self.rules[b].conditions is None]
        if seen is not None and coded:
            raise OddsError(
                f"{', '.join(coded)}: defined in code, not as conditions: cannot be counted given the cards seen"
            )
        for bet in self.bet_ids:
            rule = self.rules[bet]
            if rule.conditions is None:
                # counted by the game; on the drawing table too when the drawing decides it
                column = game.state_outcomes(bet)
                if column is not None:
                    self.state_outcomes[bet] = column
                routes[bet] = "code"
                continue
            deal = game.deal_of(rule)
            if seen is not None:
                self.compiled[bet] = _compile_seen(deal, game.id, rule, seen)
            else:
                self.compiled[bet] = compile_bet(deal, game.id, rule)
                if self.compiled[bet].route == "drawing":
                    self.state_outcomes[bet] = self.compiled[bet].states
            routes[bet] = self.compiled[bet].route
        self.routes = routes

    def _compilable(
        self, game: PlannedGame, paytable: PricedBets, bet_ids: list[str], seen: Seen | None, keep_going: bool
    ) -> list[str]:
        """The bets whose tables can be built (or loaded); a bet that cannot is an error naming
        the file, the bet and the reason - raised, or kept in :attr:`failed` (``keep_going``)."""
        out = []
        for bet in bet_ids:
            rule = paytable.rule(bet)
            if rule.conditions is None:
                out.append(bet)
                continue
            try:
                deal = game.deal_of(rule)
                if seen is None:
                    compile_bet(deal, game.id, rule)
                else:
                    _compile_seen(deal, game.id, rule, seen)
            except OddsError as exc:
                where = getattr(paytable, "source", None) or paytable.name
                message = f"{where}: bets.{bet}: {exc}"
                if not keep_going:
                    raise OddsError(message) from None
                self.failed[bet] = message
                continue
            out.append(bet)
        return out

    @classmethod
    def of(cls, game: PlannedGame, paytable: PricedBets, bet_ids: Sequence[str], keep_going: bool = False) -> Plan:
        """The plan of these bets (a paytable's own are its rules and pays); ``keep_going``: a bet
        that cannot be counted goes to :attr:`failed` instead of raising."""
        return cls(game, paytable, bet_ids, keep_going=keep_going)

    def given(self, seen: Seen) -> Plan:
        """The plan of the same bets among the deals that agree with the cards of the round
        already seen (``seen``: the game's :meth:`seen_cards`); their counts are out of those
        deals, so they give the conditional odds."""
        plan = Plan(self.game, self.paytable, self.bet_ids, seen, self.fast, keep_going=self.keep_going)
        plan.failed = {**self.failed, **plan.failed}
        return plan

    # -- one shoe, exactly -------------------------------------------------------------------------------

    def counts(self, shoe: Shoe | None) -> dict[str, OutcomeCounts]:
        """Exact outcome counts of every bet for ``shoe`` (None for dice and wheels)."""
        game = self.game
        if shoe is not None:
            game.check_shoe(shoe)
        if shoe is not None and shoe.infinite:
            return self._infinite_counts()
        out: dict[str, OutcomeCounts] = {}
        drawing = [b for b in self.bet_ids if self.routes[b] == "drawing"]
        if drawing:
            shoe = _dealt(shoe)
            table = game.drawing_table()
            totals = state_totals(table, shoe.values())
            for bet in drawing:
                tally = [0] * len(self.rules[bet].outcomes)
                for total, outcome in zip(totals, self.state_outcomes[bet].tolist()):
                    tally[outcome] += total
                out[bet] = self._outcome_counts(bet, tally, game.deal.total(shoe.total))
        for bet, compiled in self.compiled.items():
            if compiled.route == "rolls":
                tally = np.bincount(compiled.rolls, minlength=compiled.outcomes).tolist()
                out[bet] = self._outcome_counts(bet, tally, len(compiled.rolls))
            elif compiled.route == "cards":
                tally = compiled.positional.counts(_dealt(shoe))
                if self.seen is not None:
                    tally = tally[:-1]  # the deals that disagree with the cards seen
                    total = sum(tally)
                    if not total:
                        raise OddsError(
                            "no deal of this shoe agrees with the cards seen (are they in the shoe, "
                            "and could the round have dealt them?)"
                        )
                else:
                    total = game.deal_of(self.rules[bet]).total(_dealt(shoe).total)
                out[bet] = self._outcome_counts(bet, tally, total)
        coded = [b for b in self.bet_ids if self.routes[b] == "code"]
        if coded:
            out.update(game.count_code(shoe, coded, self.paytable))
        return {b: out[b] for b in self.bet_ids}

    def _infinite_counts(self) -> dict[str, OutcomeCounts]:
        """Counts from an infinite shoe (:attr:`odds.shoe.Shoe.infinite`): ordered sequences of
        ranks, ``13**P`` (one unit a rank, four a ten-value), or of cards, ``52**P``, for bets that
        read suits - every sequence equally likely, cards drawn with replacement."""
        game = self.game
        if self.seen is not None:
            raise OddsError("--player and --banker need a shoe of whole decks: an infinite shoe is not depleted")
        coded = [b for b in self.bet_ids if self.routes[b] == "code"]
        if coded:
            raise OddsError(
                f"{', '.join(coded)}: defined in code; an infinite shoe is counted for bets written as conditions"
            )
        out: dict[str, OutcomeCounts] = {}
        drawing = [b for b in self.bet_ids if self.routes[b] == "drawing"]
        if drawing:
            table = game.drawing_table()
            units = [0] * 10
            for rank in range(1, 14):
                units[baccarat_value(rank)] += 1  # one unit a rank: the ten-values 4
            counts = table.exact_counts(units, replacement=True)
            totals = [counts.get(state, 0) for state in table.states]
            for bet in drawing:
                tally = [0] * len(self.rules[bet].outcomes)
                for total, outcome in zip(totals, self.state_outcomes[bet].tolist()):
                    tally[outcome] += total
                out[bet] = self._outcome_counts(bet, tally, 13**table.max_cards)
        for bet, compiled in self.compiled.items():
            if compiled.route == "rolls":
                tally = np.bincount(compiled.rolls, minlength=compiled.outcomes).tolist()
                out[bet] = self._outcome_counts(bet, tally, len(compiled.rolls))
            elif compiled.route == "cards":
                out[bet] = self._outcome_counts(bet, *compiled.positional.counts_with_replacement())
        return {b: out[b] for b in self.bet_ids}

    def _outcome_counts(self, bet: str, tally: list[int], total: int) -> OutcomeCounts:
        return OutcomeCounts(dict(zip(self.rules[bet].outcome_keys, tally)), total)

    def expectations(self, shoe: Shoe | None) -> dict[str, Fraction]:
        """Each bet's exact expected value per unit for ``shoe``."""
        return {
            bet: expected_value(self.pays[bet], counts.counts, counts.total)
            for bet, counts in self.counts(shoe).items()
        }

    # -- many compositions at once ---------------------------------------------------------------------

    @property
    def needs_suits(self) -> bool:
        """Whether some bet reads suits (then :meth:`numerators` needs rows of 52 card counts)."""
        return any(c.route == "cards" and c.positional.needs_suits for c in self.compiled.values()) or any(
            self.rules[b].resolution == "card" for b in self.bet_ids if self.routes[b] == "code"
        )

    def numerators(self, rows: np.ndarray) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """``{bet: (num, den)}`` with ``EV = num / den`` exactly for each row of counts: 52 card
        counts (rank-major, suits s h d c) or, when no bet reads suits, 13 rank counts. Arrays are
        int64 when every entry is below 2**62 in size, else Python integers (per bet and array)."""
        return {b: (narrow(num), narrow(den)) for b, (num, den) in self.sums(rows).items()}

    def sums(self, rows: np.ndarray) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """:meth:`numerators` as the routes compute them (int64 arrays where a kernel's bound
        proves them, else Python integers; not narrowed): for hot loops that narrow themselves."""
        rows = np.asarray(rows)
        width = rows.shape[-1] if rows.ndim == 2 else None
        if width not in (52, 13):
            raise ValueError("rows must hold 52 card counts or 13 rank counts")
        if width == 13 and self.needs_suits:
            from ..shoe import SuitsUnknown

            raise SuitsUnknown("these bets read suits: give 52 card counts, not 13 rank counts")
        if not len(rows):
            return {b: (np.zeros(0, dtype=np.int64), np.ones(0, dtype=np.int64)) for b in self.bet_ids}
        if int(rows.max()) >= COUNT_LIMIT:
            raise ValueError(f"a composition holds {int(rows.max())} cards of one kind; at most {COUNT_LIMIT - 1}")
        if int(rows.min()) < 0:
            raise ValueError("a composition holds a negative count")
        rows = rows.astype(np.int64, copy=False)  # (the routes only read the rows: no copy needed)
        with single_threaded_blas():
            return self._raw(rows)

    def exact(self, rows: np.ndarray) -> dict[str, list[Fraction]]:
        """``{bet: [EV as a Fraction per row]}`` (:meth:`numerators` as fractions)."""
        return {
            b: [Fraction(int(x), int(y)) for x, y in zip(num.tolist(), den.tolist())]
            for b, (num, den) in self.numerators(rows).items()
        }

    def _raw(self, rows: np.ndarray) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        from ..shoe import Shoe

        out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        ranks = rank_counts(rows) if rows.shape[1] == 52 else rows
        n = ranks.sum(axis=1)
        denominators = _Denominators(n)
        if self._drawing is not None:
            bets, table, folded, kernel = self._drawing
            if int(n.min()) < table.max_cards:
                raise ValueError(f"a shoe holds {int(n.min())} cards; a round may need {table.max_cards}")
            values = value_counts(ranks)
            if kernel is not None and kernel.kernel.applies(int(n.max())):
                sums = folded.join(_chunked(kernel.sums, values, kernel.width, _chunk(kernel.kernel)))
            else:
                sums = np.asarray(table.batch_linear(values, folded), dtype=object)
            for j, bet in enumerate(bets):
                out[bet] = (sums[:, j], denominators(table.max_cards, self.scale[bet]))
        for group, positional, matrix, card_kernel in self._card_groups:
            counts = rows if positional.needs_suits else ranks
            if card_kernel is not None and card_kernel.kernel.applies(int(n.max())):
                sums = _chunked(card_kernel.sums, counts, matrix.shape[1], _chunk(card_kernel.kernel))
            else:
                bound = max(abs(int(x)) for x in matrix.ravel().tolist())
                sums = np.asarray(positional.batch_dot(counts, matrix, bound), dtype=object)
            for j, bet in enumerate(group):
                if self.seen is None:
                    out[bet] = (sums[:, j], denominators(positional.depth, self.scale[bet]))
                else:  # the last column counts the deals that agree with the cards seen
                    out[bet] = (sums[:, j], _scaled(sums[:, -1], self.scale[bet]))
        for bet, compiled in self.compiled.items():
            if compiled.route == "rolls":
                column = self._integer_column(bet)
                num = sum(column[o] for o in compiled.rolls.tolist())
                out[bet] = (
                    np.full(len(rows), num, dtype=object),
                    np.full(len(rows), self.scale[bet] * len(compiled.rolls), dtype=object),
                )
        # a bet defined in code is counted by the game shoe by shoe, unless the drawing alone
        # decides it (the game's state_outcomes): then the drawing table's pass above priced it
        coded = [b for b in self.bet_ids if self.routes[b] == "code" and b not in self.state_outcomes]
        if coded:
            nums: dict[str, list[int]] = {b: [] for b in coded}
            dens: dict[str, list[int]] = {b: [] for b in coded}
            for row in rows.tolist():
                shoe = Shoe.from_card_counts(row) if len(row) == 52 else Shoe.from_rank_counts(row)
                coded_counts = self.game.count_code(shoe, coded, self.paytable)
                for b in coded:
                    pays = dict(zip(self.rules[b].outcome_keys, self._integer_column(b)))
                    nums[b].append(sum(pays[k] * c for k, c in coded_counts[b].counts.items()))
                    dens[b].append(self.scale[b] * coded_counts[b].total)
            for b in coded:
                out[b] = (np.array(nums[b], dtype=object), np.array(dens[b], dtype=object))
        return {b: out[b] for b in self.bet_ids}

    def _integer_column(self, bet: str) -> list[int]:
        """The bet's pays times its scale, in its outcome order: integers."""
        return [int(self.pays[bet][key] * self.scale[bet]) for key in self.rules[bet].outcome_keys]

    @cached_property
    def _drawing(self) -> tuple[list[str], CompiledDeal, FoldedColumns, CompiledSum | None] | None:
        """``(bets, state table, folded pay columns, kernel or None)`` of the drawing bets: one
        pass for all of them, each column scaled by its bet's own scale."""
        from .kernels import compiled_sum

        bets = [b for b in self.bet_ids if b in self.state_outcomes]
        if not bets:
            return None
        table = self.game.drawing_table()
        columns: list[list[int]] = []
        for bet in bets:
            pay = self._integer_column(bet)
            columns.append([pay[o] for o in self.state_outcomes[bet].tolist()])
        key = ("drawing", self.fast, tuple(map(tuple, columns)))

        def build() -> tuple[FoldedColumns, CompiledSum | None]:
            folded = table.fold(np.array(columns, dtype=object).T)
            heavy = [16] + [4] * 9 if table.kinds == 10 else None  # the cards of each value in a deck
            return folded, compiled_sum(table, folded, heavy) if self.fast else None

        folded, kernel = _kernel(table, key, build)
        return bets, table, folded, kernel

    @cached_property
    def _card_groups(self) -> list[tuple[list[str], PositionalTable, np.ndarray, PositionalSum | None]]:
        """``(bets, table, pay matrix, kernel or None)`` per positional table: bets with the same
        table share one pass, their pay columns side by side (given cards seen, one more column
        counts the deals that agree)."""
        from .kernels import positional_sum

        by_table: dict[tuple[Any, ...], list[str]] = {}
        for bet, compiled in self.compiled.items():
            if compiled.route == "cards":
                t = compiled.positional
                by_table.setdefault((t.factors, t.terms.tobytes(), t.ways.tobytes()), []).append(bet)
        out = []
        for bets in by_table.values():
            table = self.compiled[bets[0]].positional
            columns = [self._integer_column(b) for b in bets]
            if self.seen is not None:
                columns = [c + [0] for c in columns] + [[1] * (len(columns[0])) + [0]]
            matrix = np.array(columns, dtype=object).T
            key = ("cards", self.fast, tuple(map(tuple, columns)))

            def build(t: PositionalTable = table, m: np.ndarray = matrix) -> PositionalSum | None:
                return positional_sum(t, m) if self.fast else None

            kernel = _kernel(table, key, build)
            out.append((bets, table, matrix, kernel))
        return out


def failing_bets(
    game: PlannedGame, paytable: PricedBets, bet_ids: Sequence[str], seen: Seen | None = None
) -> dict[str, str]:
    """The bets whose tables cannot be built (past the limits of an exact table), each with its
    error naming the file, the bet and the reason; building (or loading) the others' tables on
    the way, so counting them next costs nothing more. Bets of a game that counts its own deal
    (Andar Bahar's rows of matches) are the game's to check, not the plan's."""
    planned = [
        b
        for b in bet_ids
        if paytable.rule(b).conditions is None or isinstance(game.deal_of(paytable.rule(b)), (ShoeDeal, RollDeal))
    ]
    return Plan(game, paytable, planned, seen, keep_going=True).failed


_KERNELS: dict[tuple[int, tuple[Any, ...]], tuple[object, Any]] = {}
"""Kernels built for a table and pay columns, kept for the process: a plan is cheap to make (one
per batch chunk, per library call), its kernels are not (folding the pays into the drawing
table, planning the factored sums: most of a second). Keyed by the table's identity, kept with
the table so the identity cannot be reused; a few dozen at most."""


def _kernel(table: object, key: tuple[Any, ...], build: Callable[[], Any]) -> Any:
    entry = _KERNELS.get((id(table), key))
    if entry is None or entry[0] is not table:
        if len(_KERNELS) >= 64:
            _KERNELS.clear()
        entry = _KERNELS[id(table), key] = (table, build())
    return entry[1]


# -- given the cards seen ------------------------------------------------------------------------------------

_SEEN: dict[tuple[str, tuple[str | None, ...], str], CompiledBet] = {}


def _compile_seen(deal: ShoeDeal, game_id: str, rule: BetRule, seen: Seen) -> CompiledBet:
    """A bet's table among the deals that agree with the cards seen: each outcome's condition
    joined to the seen condition, one outcome more (last) for the deals that disagree, on a
    positional table whose seen positions enumerate only the kinds seen."""
    from .positional import reading_of

    text, at = seen
    conditions = _conditions(rule)
    key = (deal.name, _texts(conditions), text)
    if key not in _SEEN:
        if len(_SEEN) > 64:
            _SEEN.clear()
        observed = compile_condition(text, feature_table(game_id))
        joined = [
            Checked(
                f"({observed.text}) and ({c.text})",
                BoolOp(1, "and", (observed.tree, c.tree)),
                observed.features | c.features,
            )
            if c is not None
            else observed
            for c in conditions
        ] + [None]
        reading = reading_of(feature_specs(game_id), joined, deal.positions)
        restrict: dict[int, list[int]] = {}
        for p, (rank, _) in at.items():
            base = reading.base[p]
            if base is not None:
                restrict[p] = _kinds_seen(base, rank)
        _SEEN[key] = CompiledBet("cards", len(joined), table=build_positional(deal, reading, joined, restrict))
    return _SEEN[key]


def _kinds_seen(base: str, rank: int) -> list[int]:
    """The base a card seen has at a position read at ``base``: its value or its rank index (its
    suit, when seen, is a condition the table settles)."""
    return [baccarat_value(rank)] if base == "value" else [rank - 1]


# -- shared by the routes ---------------------------------------------------------------------------------

_STATE_TOTALS: dict[tuple[int, tuple[int, ...]], tuple[CompiledDeal, list[int]]] = {}
"""The last few shoes' end-state totals, by table and composition: the sheets of many paytables
of one shoe (the export's) count the shoe once. Read only."""


def state_totals(table: CompiledDeal, values: Sequence[int]) -> list[int]:
    """Exact count of deals ending in each end state of ``table``, in its state order."""
    key = (id(table), tuple(values))
    kept = _STATE_TOTALS.get(key)
    if kept is not None and kept[0] is table:
        return kept[1]
    counts = table.exact_counts(values)
    totals = [counts.get(state, 0) for state in table.states]
    if len(_STATE_TOTALS) >= 8:
        _STATE_TOTALS.pop(next(iter(_STATE_TOTALS)))
    _STATE_TOTALS[key] = (table, totals)
    return totals


def _dealt(shoe: Shoe | None) -> Shoe:
    if shoe is None:
        raise ValueError("these bets are dealt from a shoe: give one")
    return shoe


class _Denominators:
    """``scale * (N)_depth`` per row: int64 when every one is below 2**62, else Python ints; the
    falling factorials computed once per distinct ``N``."""

    def __init__(self, n: np.ndarray):
        self.sizes, inverse = np.unique(n, return_inverse=True)
        self.row_size = inverse.reshape(-1)
        self.falls: dict[int, list[int]] = {}

    def __call__(self, depth: int, scale: int) -> np.ndarray:
        if depth not in self.falls:
            self.falls[depth] = [falling(int(x), depth) for x in self.sizes.tolist()]
        table = self.falls[depth]
        if table[-1] * scale < INT64_SAFE:  # (N)_depth grows with N: the largest row bounds all
            return np.array(table, dtype=np.int64)[self.row_size] * scale
        return np.array([x * scale for x in table], dtype=object)[self.row_size]


def _scaled(counts: np.ndarray, scale: int) -> np.ndarray:
    """``counts * scale`` exactly: int64 while every product is below 2**62, else Python integers
    (a kernel proves ``counts`` in int64, not their product with a bet's scale, which may exceed
    every pay it multiplies: a bet paying 1/2 or losing 1/2 has scale 2 and pays 1 and -1)."""
    if counts.dtype != object and (not len(counts) or int(counts.max()) * scale < INT64_SAFE):
        return counts * scale
    return np.asarray(counts, dtype=object) * scale


def value_counts(ranks: np.ndarray) -> np.ndarray:
    """Rows of 13 rank counts -> rows of 10 baccarat-value counts (index = value; 0 = T J Q K).

    >>> value_counts(np.arange(13)[None, :]).tolist()
    [[42, 0, 1, 2, 3, 4, 5, 6, 7, 8]]
    """
    out = np.empty((len(ranks), 10), dtype=ranks.dtype)
    out[:, 1:] = ranks[:, :9]
    np.add(ranks[:, 9], ranks[:, 10], out=out[:, 0])
    out[:, 0] += ranks[:, 11]
    out[:, 0] += ranks[:, 12]
    return out


def rank_counts(cards: np.ndarray) -> np.ndarray:
    """Rows of 52 card counts -> rows of 13 rank counts (index = rank - 1). (Four strided adds:
    numpy's sum over an axis of four is several times slower.)

    >>> rank_counts(np.arange(52)[None, :]).tolist()[0][:3]
    [6, 22, 38]
    """
    suits = np.asarray(cards).reshape(-1, 13, 4)
    out = suits[:, :, 0] + suits[:, :, 1]
    out += suits[:, :, 2]
    out += suits[:, :, 3]
    counts: np.ndarray = out
    return counts


def _chunk(kernel: Any) -> int:
    """Rows per pass of a kernel: its own ``rows_per_pass`` if it says, else :data:`CHUNK`, or four
    times as many for a kernel whose parts per row are few (measured: such kernels take half the
    time per row at 1,024 rows as at 256)."""
    if kernel.rows_per_pass:
        return int(kernel.rows_per_pass)
    return CHUNK * 4 if kernel.elements < SMALL_KERNEL else CHUNK


def _chunked(
    sums: Callable[[np.ndarray], np.ndarray], counts: np.ndarray, width: int, chunk: int = CHUNK
) -> np.ndarray:
    """``sums`` over the rows in chunks of at most ``chunk`` (the kernels' working arrays are
    reused whatever the number of rows): ``(rows, width)`` int64."""
    out = np.empty((len(counts), width), dtype=np.int64)
    for start in range(0, len(counts), chunk):
        part = counts[start : start + chunk]
        out[start : start + len(part)] = sums(part).T
    return out


def narrow(values: np.ndarray) -> np.ndarray:
    """A column of integers as int64 when every entry is below 2**62 in size, else unchanged."""
    ints = values.tolist()
    if all(-INT64_SAFE < int(x) < INT64_SAFE for x in ints):
        return np.array(ints, dtype=np.int64)
    return values
