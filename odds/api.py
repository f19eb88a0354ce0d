"""The library at the top of the package: what ``import odds`` offers, and what the CLI calls.

Every function takes a game by id (``"baccarat"``) or as a game object, a paytable by shipped
name, by file path (your own bets) or as a loaded paytable, and returns typed results holding
exact numbers (ints and :class:`fractions.Fraction`):

* :func:`sheet` -> :class:`odds.sheet.Sheet`, the paytable sheet of ``odds sheet``;
  ``to_dict()`` is that command's JSON, ``to_frame()`` a pandas DataFrame;
* :func:`eor` -> :class:`Effects`, the effects of removal of ``odds eor``;
* :func:`count` -> :class:`CountReport`, the shoe-by-shoe figures of ``odds count``;
* :func:`settle` -> :class:`odds.settle.Settlement`, one round from its cards (``odds settle``);
* :func:`games` -> the games, their paytables and bet ids (``odds games``).

Nothing here is imported when ``import odds`` runs (numpy loads on the first computation), and
nothing global changes: no environment variables, no logging set-up, no cache written until a
user bet is compiled.

>>> import odds
>>> banker = odds.sheet("baccarat", bets=["banker"]).bets[0]
>>> banker.house_edge
Fraction(114753351728, 10847218479825)
>>> print(f"{float(banker.house_edge):.6%}")
1.057906%
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence

from . import lazy

__all__ = ["sheet", "eor", "count", "settle", "games", "GameInfo", "Effects", "CountReport"]


# -- the arguments every function shares ---------------------------------------------------------


def _game(game):
    """A game object from an id (an unknown id is an :class:`odds.errors.UnknownName`)."""
    from . import validate

    return validate.game(game)


def _paytable(game, paytable, pays=None):
    """A loaded paytable: ``None`` (the game's default), a shipped name, a file path, or a
    paytable object (checked to belong to the game); with ``pays`` (``{"tie.tie": 9}`` or
    ``["tie.tie=9"]``, as ``--pay``), those pays changed (:mod:`odds.pays`)."""
    from . import validate
    from .errors import OddsError
    from .paytable import Paytable, load_paytable

    paytable = validate.paytable_name(paytable)
    if isinstance(paytable, Paytable):
        if paytable.game != game.id:
            raise OddsError(f"paytable {paytable.name} is a {paytable.game} paytable, not {game.id}'s")
        table = paytable
    else:
        table = load_paytable(game, paytable)
    return _with_pays(table, pays) if pays else table


def _with_pays(table, pays):
    """``pays`` as ``--pay`` reads them: a mapping ``{"BET.OUTCOME": value}`` or texts
    ``"BET.OUTCOME=VALUE"`` (values exact: ints, Fractions or decimal texts)."""
    from fractions import Fraction

    from .errors import OddsError
    from .pays import parse_pay_option, with_pays

    if isinstance(pays, str):
        pays = [pays]
    if isinstance(pays, dict):
        texts = []
        for where, value in pays.items():
            if isinstance(value, float) or not isinstance(value, (int, Fraction, str)) or isinstance(value, bool):
                raise OddsError(f"pays: {where!r} takes an int, a Fraction or a text such as '19/20', not {value!r}")
            texts.append(f"{where}={value}")
        pays = texts
    if not isinstance(pays, (list, tuple)) or not all(isinstance(p, str) for p in pays):
        raise OddsError("pays: give a mapping {'BET.OUTCOME': pay} or a list of 'BET.OUTCOME=PAY' texts")
    return with_pays(table, [parse_pay_option(text) for text in pays])


def _bet_ids(bets) -> list[str]:
    """``None`` -> []; one id -> [id]; a list or tuple of ids -> a list."""
    from . import validate

    return validate.bet_ids(bets)


def _shoe(game, decks, remove, shoe):
    """The shoe asked for, as the CLI's ``--decks`` and ``--remove`` make it (None for dice and
    wheels), or the :class:`odds.Shoe` given."""
    from . import validate
    from .errors import OddsError
    from .limits import MAX_CARDS, MAX_DECKS
    from .shoe import Shoe

    infinite = isinstance(decks, str) and decks.strip().lower() == "inf"  # an infinite shoe (Shoe.infinite)
    decks = None if infinite else validate.optional_whole(decks, "decks", 1, MAX_DECKS, "decks in a shoe")
    remove = validate.text(remove, "remove")
    if shoe is not None:
        if decks is not None or remove:
            raise OddsError("give a shoe, or decks and remove, not both")
        if not game.uses_shoe:
            raise OddsError(f"{game.id} deals no cards: a shoe does not apply")
        if not isinstance(shoe, Shoe):
            raise OddsError(f"shoe must be an odds.Shoe, not {type(shoe).__name__}")
        if shoe.total > MAX_CARDS:  # the limit on every shoe a user gives (docs/limits.md)
            raise OddsError(f"a shoe holds at most {MAX_CARDS:,} cards ({MAX_DECKS:,} decks), not {shoe.total:,}")
        game.check_shoe(shoe)
        return shoe
    if not game.uses_shoe:
        if decks is not None or remove:
            raise OddsError(f"{game.id} deals no cards: decks and remove do not apply")
        return None
    made = Shoe.infinite_shoe() if infinite else Shoe.decks(game.default_decks if decks is None else decks)
    if remove:
        made = made.remove(remove)
    game.check_shoe(made)
    return made


def _unknown_bets(game, paytable, bet_ids: Sequence[str]) -> None:
    from .errors import UnknownName

    for bet in bet_ids:
        if bet not in paytable.bets:
            raise UnknownName(f"{game.id} bet", bet, paytable.bets)


def chosen_bets(game, paytable, shoe, bets) -> tuple[list[str], list[str]]:
    """``(bets to show, bets left out)``: the bets asked for, or every bet of the paytable; when
    none were named and the shoe's suits are unknown (cards removed without a suit), the bets that
    read suits are left out rather than refused - the CLI says so on stderr."""
    asked = _bet_ids(bets)
    _unknown_bets(game, paytable, asked)
    if asked:
        return asked, []
    every = list(paytable.bets)
    if shoe is None or shoe.has_suits:
        return every, []
    kept = [b for b in every if paytable.rule(b).resolution != "card"]
    return kept, [b for b in every if b not in kept]


# -- sheet -----------------------------------------------------------------------------------------


def sheet(
    game,
    bets=None,
    paytable=None,
    decks: int | None = None,
    remove: str | None = None,
    *,
    shoe=None,
    fee=None,
    player: str = "",
    banker: str = "",
    pays=None,
):
    """The exact paytable sheet of a game's bets for a shoe: what ``odds sheet`` prints.

    ``bets``: one id or a list (default: every bet of the paytable; bets that read suits are
    left out when ``remove`` names cards without a suit). ``paytable``: a shipped name, your own
    TOML file, or a loaded paytable. ``decks`` and ``remove`` (``"5x3,K,Th"``, as ``--remove``)
    make the shoe, or pass ``shoe=odds.Shoe...``. ``fee``: a collection fee per wager
    (player-dealer baccarat), e.g. ``"1/20"``. ``player``, ``banker``: the cards of the current
    round already seen, each hand in its order (``"5,K"``, as ``--player``): every figure is then
    conditional on them (baccarat games). ``pays``: pays changed without a file, as ``--pay``
    (``{"tie.tie": 9}``; every function of the library takes it).

    Returns a :class:`odds.sheet.Sheet`: ``.bets`` holds one :class:`odds.sheet.BetSheet` per bet
    (rows of ``(key, outcome, pays, combinations)``, ``total``, and every figure as a Fraction);
    ``.to_dict()`` is the JSON of ``odds sheet --format json``; ``.to_frame()`` a DataFrame.

    >>> s = sheet("baccarat", bets="tie", remove="5x3,K")
    >>> tie = s.bets[0]
    >>> [(r.key, r.pays) for r in tie.rows]
    [('tie', Fraction(8, 1)), ('no-tie', Fraction(-1, 1))]
    >>> tie.total == 412 * 411 * 410 * 409 * 408 * 407
    True
    >>> s.to_dict()["shoe"]
    {'decks': 8, 'cards': 412, 'removed': ['5x3', 'K']}
    >>> sheet("roulette", bets="red").bets[0].house_edge
    Fraction(1, 37)
    >>> after = sheet("baccarat", bets="player", player="9,K").bets[0]   # a natural 9 never loses
    >>> after.loss_probability
    Fraction(0, 1)
    >>> sheet("baccarat", bets="tie", pays={"tie.tie": 9}).bet("tie").house_edge
    Fraction(63053127805, 1301666217579)
    """
    from . import validate
    from .sheet import build_sheet

    game = _game(game)
    player, banker = validate.text(player, "player", 1000), validate.text(banker, "banker", 1000)
    fee = validate.fee(fee)
    table = _paytable(game, paytable, pays)
    made = _shoe(game, decks, remove, shoe)
    bet_ids, _ = chosen_bets(game, table, made, bets)
    return build_sheet(game, table, made, bet_ids, fee=fee, player=player, banker=banker)


# -- effects of removal ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Effects:
    """The effects of removal of a game's bets for one shoe (``odds eor``).

    ``bets``: one :class:`odds.depletion.eor.BetEffects` per bet: its ``expected_value`` on the
    shoe and one :class:`~odds.depletion.eor.Effect` per card kind (``card``, ``count``,
    ``expected_value`` with one removed, ``effect``), all exact.
    """

    game: object
    paytable: object
    shoe: object
    bets: tuple

    def __repr__(self) -> str:
        from .render.notebook import effects_repr

        return effects_repr(self)

    def _repr_html_(self) -> str:
        from .render.notebook import effects_html

        return effects_html(self)

    def bet(self, bet_id: str):
        """The effects of one bet."""
        for b in self.bets:
            if b.id == bet_id:
                return b
        from .errors import UnknownBet

        raise UnknownBet(bet_id, [b.id for b in self.bets])

    def to_frame(self):
        """One row per bet and card kind: ``bet, card, count, effect, effect_float,
        expected_value`` (exact values as Fractions; needs pandas: ``pip install 'odds[frame]'``)."""
        pandas = lazy.pandas()
        rows = [
            {
                "bet": b.id,
                "card": e.card,
                "count": e.count,
                "effect": e.effect,
                "effect_float": float(e.effect),
                "expected_value": e.expected_value,
            }
            for b in self.bets
            for e in b.effects
        ]
        return pandas.DataFrame(rows, columns=["bet", "card", "count", "effect", "effect_float", "expected_value"])


def eor(
    game,
    bets=None,
    paytable=None,
    decks: int | None = None,
    remove: str | None = None,
    *,
    shoe=None,
    player: str = "",
    banker: str = "",
    pays=None,
) -> Effects:
    """Effects of removal: each bet's exact expected value with one card of each kind removed,
    minus the shoe's (``odds eor``), at the resolution the bet reads (10 values, 13 ranks, 52
    cards). Arguments as :func:`sheet` (``player``, ``banker``: the cards of the round seen).

    >>> e = eor("baccarat", bets="banker").bet("banker")
    >>> [x.card for x in e.effects]
    ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T']
    >>> sum(x.count * x.effect for x in e.effects)   # the count-weighted effects cancel exactly
    Fraction(0, 1)
    """
    from . import validate
    from .depletion.eor import effects_of_removal
    from .errors import OddsError

    game = _game(game)
    player, banker = validate.text(player, "player", 1000), validate.text(banker, "banker", 1000)
    if not game.uses_shoe:
        raise OddsError(f"{game.id} deals no cards: depletion applies to card games only")
    table = _paytable(game, paytable, pays)
    made = _shoe(game, decks, remove, shoe)
    bet_ids, _ = chosen_bets(game, table, made, bets)
    seen = game.seen_cards(player, banker)
    return Effects(game, table, made, tuple(effects_of_removal(game, table, made, bet_ids, seen)))


# -- shoe by shoe ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CountReport:
    """What ``odds count`` reports: per bet, what a perfect-information bettor and a linear count
    win per shoe over ``shoes`` dealt shoes (floats: these are estimates from dealt shoes; the
    expectation at each round is exact before it is summed, see :mod:`odds.depletion.count`)."""

    game: object
    paytable: object
    decks: int
    shoes: int
    seed: int
    rows: tuple
    """One record per bet, with the keys of ``odds count --format json``'s ``bets``."""

    def __repr__(self) -> str:
        from .render.notebook import count_repr

        return count_repr(self)

    def _repr_html_(self) -> str:
        from .render.notebook import count_html

        return count_html(self)

    def bet(self, bet_id: str) -> dict:
        for row in self.rows:
            if row["id"] == bet_id:
                return row
        from .errors import UnknownBet

        raise UnknownBet(bet_id, [row["id"] for row in self.rows])

    def to_frame(self):
        """One row per bet (needs pandas: ``pip install 'odds[frame]'``)."""
        return lazy.pandas().DataFrame([dict(r) for r in self.rows])


def count(
    game,
    bets=None,
    paytable=None,
    *,
    shoes: int = 1000,
    seed: int = 1,
    decks: int | None = None,
    cut_card: int | None = None,
    after_cut: str = "last",
    window: int | None = None,
    level: int | None = None,
    workers: int = 1,
    tags: dict | None = None,
    triggers: dict | None = None,
    true_count: str = "unseen",
    client=None,
    scheduler: str | None = None,
    checkpoint=None,
    progress=None,
    pays=None,
    ramp: str | None = None,
) -> CountReport:
    """Deal whole shoes and, at every round, compute each bet's exact expectation for the unseen
    cards (``odds count``): what betting only when it is positive wins per shoe, in and out of
    the bet's window, and what a linear count wins - derived, or ``tags`` ``{bet: [10, 13 or 52
    integers]}`` - at the best trigger of the run or at ``triggers`` ``{bet: true count}`` (steps
    of 0.1), with the study figures (``bet_frequency``, ``average_edge``,
    ``units_per_100_hands``, ``desirability_index``); ``true_count`` ``"unseen"`` or
    ``"in-shoe"``. Shoe ``i`` is shuffled by ``(seed, i)``, so a run repeats exactly;
    ``workers`` processes (default 1: a library call starts no processes unless asked), or a
    Dask cluster: ``client`` (a ``distributed.Client`` of yours, left open) or ``scheduler`` (an
    address, connected to for the call); the figures are the same every way. ``checkpoint``: a
    file keeping the tallies as the run goes, which a call with the same arguments goes on from;
    ``progress(n)`` is called with the shoes of each chunk done. ``ramp``: a bet spread by true
    count, ``"2=1,4=2"`` as ``--ramp`` (its ``ramp_*`` figures join each bet's record). A stop (Ctrl-C) ends the
    workers and raises :class:`odds.runs.RunStopped` (a ``KeyboardInterrupt``) saying how far
    the run got.

    >>> report = count("dragon-tiger", bets="tie", shoes=2, seed=7)
    >>> row = report.bet("tie")
    >>> row["rounds_per_shoe"] > 100, 0 <= row["positive_fraction"] <= 1
    (True, True)
    """
    from . import limits, validate
    from .depletion import count as count_lib
    from .depletion.dealer import DealRules
    from .depletion.tags import parse_count_tags
    from .errors import OddsError
    from .shoe import CUT_CARD

    # every argument checked before any work, with the command line's limits (docs/limits.md)
    game = _game(game)
    shoes = validate.whole(shoes, "shoes", 1, limits.MAX_SHOES, "shoes a run deals")
    seed = validate.whole(seed, "seed", 0, limits.MAX_SEED)
    decks = validate.optional_whole(decks, "decks", 1, limits.MAX_DECKS, "decks in a shoe")
    cut_card = validate.optional_whole(cut_card, "cut_card", 0, limits.MAX_CARDS, "cards in the largest shoe")
    window = validate.optional_whole(window, "window", 1, limits.MAX_CARDS, "cards in the largest shoe")
    level = validate.optional_whole(level, "level", 1, limits.MAX_LEVEL, "the largest count tag")
    workers = validate.whole(workers, "workers", 1, limits.MAX_WORKERS, "worker processes")
    after_cut = validate.choice(after_cut, "after_cut", ("last", "one-more", "standard"))
    true_count = validate.choice(true_count, "true_count", ("unseen", "in-shoe"))
    tags = {bet: validate.tag_values(v, bet) for bet, v in validate.mapping(tags, "tags").items()}
    triggers = {bet: validate.trigger(v, bet) for bet, v in validate.mapping(triggers, "triggers").items()}
    if not game.uses_shoe:
        raise OddsError(f"{game.id} deals no cards: depletion applies to card games only")
    table = _paytable(game, paytable, pays)
    bet_ids = _bet_ids(bets) or list(table.bets)
    _unknown_bets(game, table, bet_ids)
    decks = game.default_decks if decks is None else decks
    level = count_lib.DEFAULT_LEVEL if level is None else level
    rules = DealRules(CUT_CARD if cut_card is None else cut_card, after_cut)
    given = {bet: parse_count_tags(values, f"tags for {bet}")[1] for bet, values in tags.items()}
    spread = count_lib.parse_ramp(validate.text(ramp, "ramp", 1000)) if ramp is not None else None
    spec = count_lib.make_spec(
        game,
        table,
        bet_ids,
        decks,
        seed,
        rules,
        window=window,
        level=level,
        tags=given,
        triggers=triggers,
        true_count=true_count,
        ramp=spread,
    )
    tally = count_lib.run(spec, shoes, workers, scheduler, progress, client=client, checkpoint=checkpoint)
    return CountReport(game, table, decks, shoes, seed, tuple(count_lib.report(spec, tally, level, spread)))


# -- one round -------------------------------------------------------------------------------------


def settle(game, cards, paytable=None, bets=None, multipliers=None, *, pays=None):
    """Settle one round from its cards in dealing order (``odds settle``): the hands, who drew
    and why, and every bet's outcome key and exact net result per unit staked.

    ``cards``: one text in the ``--remove`` card syntax (``"4s,Kh,Ad,4c,2h,9d"``; suits optional,
    bets that read suits are left out without them), a list of such cards, dice (``"3,3,5"`` or
    ``[3, 3, 5]``) or a roulette number (``17``). See :mod:`odds.settle`.

    >>> round = settle("baccarat", "4s,Kh,Ad,4c,2h,9d")
    >>> [(h.hand, h.total) for h in round.hands]
    [('player', 7), ('banker', 3)]
    >>> round.bet("banker").outcome, round.bet("banker").net
    ('player-wins', Fraction(-1, 1))
    >>> settle("sic-bo", [3, 3, 5], bets=["double-3", "big"]).to_dict()["bets"]
    [{'id': 'double-3', 'outcome': 'double', 'net': '8'}, {'id': 'big', 'outcome': 'big', 'net': '1'}]

    ``multipliers``: the round's multipliers for multiplier bets (``"17=300"`` or ``{"17": 300}``):

    >>> settle("roulette", 17, "lightning", ["straight"], multipliers={"17": 300}).bet("straight").net
    Fraction(300, 1)
    """
    from .settle import settle_round

    game = _game(game)
    return settle_round(game, cards, _paytable(game, paytable, pays), _bet_ids(bets) or None, multipliers)


# -- the games -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameInfo:
    """A game as ``odds games`` lists it."""

    id: str
    name: str
    counting: str
    uses_shoe: bool
    default_decks: int | None
    default_paytable: str
    paytables: tuple[str, ...]
    bets: tuple[str, ...]
    """The bet ids of the default paytable."""


def games() -> list[GameInfo]:
    """Every game: its id, name, counting convention, shoe, paytables and bet ids.

    >>> [g.id for g in games()][:3]
    ['baccarat', 'tiger-baccarat', 'dragon-tiger']
    >>> next(g for g in games() if g.id == "roulette").uses_shoe
    False
    """
    from .games import all_games
    from .paytable import shipped_names

    return [
        GameInfo(
            g.id,
            g.name,
            g.counting,
            g.uses_shoe,
            g.default_decks if g.uses_shoe else None,
            g.default_paytable,
            tuple(shipped_names(g)),
            tuple(g.bets),
        )
        for g in all_games()
    ]


# -- shared helpers --------------------------------------------------------------------------------
