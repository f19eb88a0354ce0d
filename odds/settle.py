"""One round from its cards: the hands, who drew and why, and every bet's outcome and net result.

What a game server gets wrong is rarely the odds: it is the third-card logic and the settling of
one round. ``odds settle GAME CARDS`` (and ``odds.settle(...)``) deals one round from the cards
given in dealing order and settles every bet of a paytable on it, with the same code that counts
the sheets: each game reads its own rounds (:meth:`odds.games.base.Game.read_round`: the drawing
rules of :mod:`odds.games.punto_banco`, explained by :mod:`odds.games.baccarat_rounds`; a wheel's
pockets; the dice) and settles them with ``game.settle_rounds``; this module holds no game's rule.

Cards, in dealing order, in the ``--remove`` card syntax (suits optional):

* baccarat, Tiger Baccarat, player-dealer baccarat: P1 B1 P2 B2, then the third cards as drawn
  (the player's, then the banker's), e.g. ``4s,Kh,Ad,4c,2h,9d``;
* Dragon Tiger: Dragon's card, then Tiger's, e.g. ``Kh,5s``;
* Sic Bo: the three dice, e.g. ``3,3,5``; roulette: the winning number, e.g. ``17`` (and the next
  spin's, ``17,0``, for bets that read it: en prison); American roulette: 0-36 or ``00``.

A round's cards must be exactly the cards it uses: too few, one too many or a bad card is an
error that says what was expected. Bets that read suits are left out when a card has no suit,
roulette bets that read the next spin when the round gives one number (the result lists them in
``left_out``).

>>> r = settle_round("baccarat", "4s,Kh,Ad,4c,2h,9d")
>>> player, banker = r.hands
>>> player.cards, player.two_card_total, player.rule, player.total
(('4s', 'Ad', '2h'), 5, 'table-1', 7)
>>> banker.rule, banker.player_third, banker.draws, banker.total
('table-2', 2, True, 3)
>>> r.bet("banker").outcome, r.bet("banker").net, r.bet("player").net
('player-wins', Fraction(-1, 1), Fraction(1, 1))
>>> settle_round("baccarat", "4s,Kh,Ad,4c")
Traceback (most recent call last):
...
odds.dealt.RoundError: baccarat: the round needs a 5th card (player 5 draws, Table 1), got 4 cards; give the cards in dealing order: P1 B1 P2 B2, then the third cards as drawn
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from collections.abc import Sequence

from .dealt import Hand, RoundError
from .errors import UnknownName


@dataclass(frozen=True)
class BetResult:
    """One bet on the round: the outcome key its rules give and the net result per unit staked
    (the outcome's pay "to 1": 19/20 on a banker win, -1 on a loss, 0 on a push)."""

    id: str
    outcome: str
    net: Fraction
    label: str = ""


@dataclass(frozen=True)
class Settlement:
    """A settled round: ``to_dict()`` is ``odds settle --format json``."""

    game: object
    paytable: object
    cards: tuple
    """The cards as dealt (card names such as ``Kh`` or ``K``; dice faces and the roulette number
    as ints)."""
    hands: tuple[Hand, ...]
    bets: tuple[BetResult, ...]
    left_out: tuple[str, ...] = ()
    """Bets not settled: they read suits and a card has none, or (roulette) they read the next
    spin and the round gives one number; ``why_left_out`` says which."""
    why_left_out: str = ""
    multipliers: dict = field(default_factory=dict)
    """The round's multipliers (target name -> multiplier), for bets with multipliers."""
    order: str | None = None
    """How the cards are listed in dealing order (``P1 B1 P2 B2, then the third cards as drawn``);
    None when the round is not cards in dealing order (dice, a spin)."""

    def __repr__(self) -> str:
        from .render.notebook import settlement_repr

        return settlement_repr(self)

    def _repr_html_(self) -> str:
        from .render.notebook import settlement_html

        return settlement_html(self)

    def bet(self, bet_id: str) -> BetResult:
        for b in self.bets:
            if b.id == bet_id:
                return b
        from .errors import UnknownBet

        raise UnknownBet(bet_id, [b.id for b in self.bets])

    def to_dict(self) -> dict:
        from .render.settle import settle_json

        return settle_json(self)


# -- settling --------------------------------------------------------------------------------------


def settle_round(game, cards, paytable=None, bets: Sequence[str] | None = None, multipliers=None) -> Settlement:
    """Deal one round of ``game`` from ``cards`` and settle the bets of ``paytable`` (default:
    the game's default paytable; ``bets``: only these). See the module docstring.

    ``multipliers``: the round's multipliers for the paytable's multiplier bets (``"7h=8,Kd=2"``,
    :mod:`odds.overlay.settle`); their results then include them.

    Player-dealer baccarat's ``-best-choice`` bets settle an option hand as the best choice for a
    full shoe of the game's default decks under this paytable decides it (the choice the sheets'
    figures assume); the player hand's ``option`` says which it was.
    """
    from .games import get_game
    from .overlay.settle import apply_multipliers
    from .paytable import load_paytable

    game = get_game(game) if isinstance(game, str) else game
    paytable = paytable if paytable is not None and not isinstance(paytable, str) else load_paytable(game, paytable)
    paytable = with_chosen(game, paytable, bets or ())
    return apply_multipliers(_settle_round(game, cards, paytable, bets), paytable, multipliers)


def settle_plain(game, cards, paytable, bets: Sequence[str] | None = None) -> Settlement:
    """The round settled as if no bet had multipliers: every bet's plain outcome key (what a
    multiplier bet's boost reads)."""
    return _settle_round(game, cards, paytable, bets)


def _settle_round(game, cards, paytable, bets) -> Settlement:
    """The round as the game reads it (:meth:`odds.games.base.Game.read_round`), its bets settled:
    a bet the round cannot settle (it reads suits and a card has none; the next spin, not given)
    is left out, or refused when asked for by name."""
    paytable = with_chosen(game, paytable, bets or ())
    for bet in bets or ():
        if bet not in paytable.bets:
            raise UnknownName(f"{game.id} bet", bet, paytable.bets)
    read = game.read_round(cards, paytable)
    chosen = list(bets) if bets else list(paytable.bets)
    left_out = tuple(b for b in chosen if b not in read.keys)
    why = ""
    if left_out:
        unsettled = read.unsettled
        if bets:
            raise RoundError(
                f"{', '.join(left_out)} read{'s' if len(left_out) == 1 else ''} {unsettled.read}: {unsettled.fix}"
            )
        why = f"they read {unsettled.read}; {unsettled.lacks}"
    kept = [b for b in chosen if b not in left_out]
    return _settled(game, paytable, read, kept, left_out, why)


# -- a file of rounds (odds settle --file: JSON lines in and out) --------------------------------------

ROUND_LINE_KEYS = ("id", "cards", "bets", "multipliers")
MAX_LINE_BETS = 1000


@dataclass(frozen=True)
class RoundLine:
    """One line of a rounds file: the round's ``cards`` (text, a list, dice, a number), and
    optionally its ``id`` (given back with its settlement), the ``bets`` to settle and the round's
    ``multipliers``."""

    number: int
    id: object = None
    cards: object = None
    bets: tuple[str, ...] | None = None
    multipliers: object = None


def read_round_line(text: str, number: int) -> RoundLine:
    """Line ``number`` of a rounds file (JSON): an object ``{"cards": ..., "id"?, "bets"?, "multipliers"?}``,
    or the cards alone (``"4s,Kh,Ad,4c,2h,9d"``, ``[3, 3, 5]``, ``17``).

    >>> read_round_line('{"id": 7, "cards": "Kh,5s", "bets": ["tie"]}', 1)
    RoundLine(number=1, id=7, cards='Kh,5s', bets=('tie',), multipliers=None)
    >>> read_round_line('"3,3,5"', 2).cards
    '3,3,5'
    """
    import json

    from .errors import OddsError, shown_repr

    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise OddsError('not a JSON value: write one round a line, e.g. {"cards": "Kh,5s"}') from None
    if not isinstance(data, dict):
        return RoundLine(number, cards=data)
    stray = [k for k in data if k not in ROUND_LINE_KEYS]
    if stray:
        raise OddsError(f"unknown key {shown_repr(stray[0])} (a round takes {', '.join(ROUND_LINE_KEYS)})")
    if "cards" not in data:
        raise OddsError("'cards' is missing: the round's cards in dealing order")
    bets = data.get("bets")
    if bets is not None:
        if not isinstance(bets, list) or not all(isinstance(b, str) for b in bets) or len(bets) > MAX_LINE_BETS:
            raise OddsError(f"'bets' must be a list of bet ids (at most {MAX_LINE_BETS:,})")
        bets = tuple(bets)
    round_id = data.get("id")
    if isinstance(round_id, bool) or (round_id is not None and not isinstance(round_id, (str, int))):
        raise OddsError(f"'id' must be a text or a whole number, not {shown_repr(round_id)}")
    return RoundLine(number, round_id, data["cards"], bets, data.get("multipliers"))


def with_chosen(game, paytable, bets: Sequence[str]):
    """The paytable with the bets on chosen numbers among ``bets`` (``straight:17``, ``split:8-11``,
    ``total:9``, ``triple:4``: :meth:`odds.games.base.Game.chosen_bet`) added under those names."""
    chosen = {}
    for bet in bets:
        if isinstance(bet, str) and ":" in bet and bet not in paytable.bets:
            base, choice = bet.split(":", 1)
            chosen[bet] = game.chosen_bet(paytable, base.strip(), choice)
    return replace(paytable, bets={**paytable.bets, **chosen}) if chosen else paytable


def _settled(game, paytable, read, bets, left_out, why: str) -> Settlement:
    results = []
    for bet in bets:
        pays = paytable.bet(bet)
        key = read.keys[bet]
        results.append(BetResult(bet, key, pays.pays[key], pays.rule.label(key)))
    return Settlement(
        game, paytable, tuple(read.cards), tuple(read.hands), tuple(results), tuple(left_out), why, order=read.order
    )


from .callable_module import make_callable  # noqa: E402 - the module is also odds.settle(...), the API function

make_callable(__name__)
