"""One round from its cards: the hands, who drew and why, and every bet's outcome and net result.

What a game server gets wrong is rarely the odds: it is the third-card logic and the settling of
one round. ``odds settle GAME CARDS`` (and ``odds.settle(...)``) deals one round from the cards
given in dealing order and settles every bet of a paytable on it, with the same code that counts
the sheets: the drawing rules of :mod:`odds.games.punto_banco` and ``game.settle_rounds``.

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
odds.settle.RoundError: baccarat: the round needs a 5th card (player 5 draws, Table 1), got 4 cards; give the cards in dealing order: P1 B1 P2 B2, then the third cards as drawn
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from collections.abc import Sequence

from .cards import RED_SUITS, baccarat_value, card_name, parse_cards
from .errors import OddsError, UnknownName, shown

BACCARAT_FAMILY = ("baccarat", "tiger-baccarat", "player-dealer-baccarat")
MAX_ROUND_TEXT = 1000
"""Characters of cards a round is read from at most (six cards with suits take 17)."""


class RoundError(OddsError):
    """Cards that do not make one round of the game: too few, too many, or not cards of it."""


@dataclass(frozen=True)
class Hand:
    """One hand of a round (``dice`` for Sic Bo, ``wheel`` for roulette).

    Baccarat hands say how the drawing went, as data: ``two_card_total``, ``draws`` (a third
    card was dealt to the hand), ``rule`` - what decided it: ``natural`` (a hand has 8 or 9 on two
    cards: no more cards), ``table-1`` (the player's two-card total, Table 1), ``table-2`` (the
    banker's total and the player's third card, Table 2; ``player_third`` is that card's value),
    ``player-stood`` (the player stood: the banker draws on 0-5) - and, in player-dealer
    baccarat, ``option`` on an option hand.
    """

    hand: str
    cards: tuple
    total: int | None
    two_card_total: int | None = None
    draws: bool | None = None
    rule: str | None = None
    player_third: int | None = None
    option: dict | None = None
    details: dict = field(default_factory=dict)
    """Other typed facts of the hand (a roulette number's colour, a Dragon Tiger card's rank)."""


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

    def bet(self, bet_id: str) -> BetResult:
        for b in self.bets:
            if b.id == bet_id:
                return b
        raise KeyError(bet_id)

    def to_dict(self) -> dict:
        from .render.settle import settle_json

        return settle_json(self)


# -- reading the cards -----------------------------------------------------------------------------


def read_cards(text_or_list, most: int = 6) -> list[tuple[int, str | None]]:
    """Cards in the ``--remove`` syntax, in order, a multiplier repeating a card (``5x2`` is two
    fives): ``[(rank, suit or None), ...]``; a round uses at most ``most`` cards."""
    if isinstance(text_or_list, str):
        text = text_or_list
    elif isinstance(text_or_list, (list, tuple)):
        if not all(isinstance(c, str) for c in text_or_list):
            raise RoundError("cards must be card names such as Kh or 5 (text)")
        text = ",".join(text_or_list)
    else:
        raise RoundError(f"cards must be text such as '4s,Kh,Ad,4c', not {type(text_or_list).__name__}")
    if len(text) > MAX_ROUND_TEXT:
        raise RoundError(f"{len(text):,} characters of cards: a round uses at most a few cards")
    out = []
    for spec in parse_cards(text):
        if spec.count > most:
            raise RoundError(f"{spec}: a round uses at most {most} cards")
        out.extend([(spec.rank, spec.suit)] * spec.count)
    return out


def _numbers(text_or_list, low: int, high: int, what: str) -> list[int]:
    """Whole numbers from ``low`` to ``high``: ``"3,3,5"``, ``[3, 3, 5]`` or ``17``."""
    if isinstance(text_or_list, bool):
        raise RoundError(f"{what}: give whole numbers from {low} to {high}")
    if isinstance(text_or_list, int):
        items = [text_or_list]
    elif isinstance(text_or_list, str):
        if len(text_or_list) > MAX_ROUND_TEXT:
            raise RoundError(f"{len(text_or_list):,} characters: {what} are a few numbers")
        items = [i for i in text_or_list.replace(" ", ",").split(",") if i.strip()]
    elif isinstance(text_or_list, (list, tuple)):
        items = list(text_or_list)
    else:
        raise RoundError(f"{what}: give whole numbers from {low} to {high}")
    out = []
    for item in items:
        text = str(item).strip()
        if isinstance(item, bool) or not (text.isdigit() and len(text) <= 3) or not low <= int(text) <= high:
            raise RoundError(
                f"bad {'die' if what == 'dice' else what.rstrip('s')} {shown(text)}: "
                f"give whole numbers from {low} to {high}"
            )
        out.append(int(text))
    return out


read_numbers = _numbers


# -- the drawing, explained as data ----------------------------------------------------------------


def table_1_row(total: int) -> tuple[tuple[int, ...], bool]:
    """The row of Table 1 a player's two-card total falls in: ``(its totals, draws)``, read from
    :func:`odds.games.punto_banco.player_draws` (``((0, 1, 2, 3, 4, 5), True)`` for a 5)."""
    from .games.punto_banco import player_draws

    draws = player_draws(total)
    return tuple(t for t in range(8) if player_draws(t) == draws), draws


def table_2_row(banker_total: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Table 2's row for a banker two-card total: ``(player third-card values it draws on, values
    it stands on)``, read from :func:`odds.games.punto_banco.banker_draws`."""
    from .games.punto_banco import banker_draws

    draw = tuple(v for v in range(10) if banker_draws(banker_total, v))
    return draw, tuple(v for v in range(10) if v not in draw)


def stood_row() -> tuple[int, ...]:
    """The banker totals that draw when the player stood (0-5)."""
    from .games.punto_banco import banker_draws

    return tuple(b for b in range(8) if banker_draws(b, None))


def baccarat_hands(cards: Sequence[tuple[int, str | None]], banker_name: str = "banker") -> tuple[Hand, Hand]:
    """The two hands of a complete baccarat round and how the drawing went (module docstring)."""
    from .games.punto_banco import banker_draws, is_natural, player_draws

    values = [baccarat_value(rank) for rank, _ in cards]
    names = [card_name(rank, suit) for rank, suit in cards]
    p2, b2 = (values[0] + values[2]) % 10, (values[1] + values[3]) % 10
    player_cards, banker_cards = [names[0], names[2]], [names[1], names[3]]
    if is_natural(p2) or is_natural(b2):
        return (
            Hand("player", tuple(player_cards), p2, p2, False, "natural"),
            Hand(banker_name, tuple(banker_cards), b2, b2, False, "natural"),
        )
    p_total, b_total = p2, b2
    third = None
    p_draws = player_draws(p2)
    if p_draws:
        third = values[4]
        player_cards.append(names[4])
        p_total = (p2 + third) % 10
    b_draws = banker_draws(b2, third)
    if b_draws:
        at = 5 if p_draws else 4
        banker_cards.append(names[at])
        b_total = (b2 + values[at]) % 10
    return (
        Hand("player", tuple(player_cards), p_total, p2, p_draws, "table-1"),
        Hand(banker_name, tuple(banker_cards), b_total, b2, b_draws, "table-2" if p_draws else "player-stood", third),
    )


def _baccarat_needed(game_id: str, cards) -> None:
    """Refuse cards that are not exactly one round, saying what was expected."""
    from .games.punto_banco import play_round

    order = "give the cards in dealing order: P1 B1 P2 B2, then the third cards as drawn"
    if len(cards) < 4:
        raise RoundError(f"{game_id}: a round needs at least 4 cards (P1 B1 P2 B2), got {len(cards)}; {order}")
    values = [baccarat_value(rank) for rank, _ in cards][:6]
    padded = values + [0] * (6 - len(values))  # a missing card's value decides nothing before it
    used = next(n for n in range(4, 7) if play_round(padded[:n]) is not None)
    if len(cards) < used:
        player, banker = baccarat_hands(list(cards) + [(10, None)] * (6 - len(cards)), _banker_name(game_id))
        why = (
            f"player {player.two_card_total} draws, Table 1"
            if len(cards) == 4 and player.draws
            else f"{banker.hand} {banker.two_card_total} draws, "
            + ("Table 2" if banker.rule == "table-2" else "the player stood")
        )
        raise RoundError(
            f"{game_id}: the round needs a {_nth(len(cards) + 1)} card ({why}), got {len(cards)} cards; {order}"
        )
    if len(cards) > used:
        player, banker = baccarat_hands(cards[:used], _banker_name(game_id))
        if player.rule == "natural":
            why = "a natural"
        elif not player.draws and not banker.draws:
            why = f"player {player.two_card_total} and banker {banker.two_card_total} stand"
        elif not banker.draws:
            why = f"{banker.hand} {banker.two_card_total} stands"
        elif not player.draws:
            why = f"player {player.two_card_total} stood and the {banker.hand} has drawn"
        else:
            why = "each hand has drawn its third card"
        extra = ",".join(card_name(r, s) for r, s in cards[used:])
        raise RoundError(
            f"{game_id}: the round ends after {used} cards ({why}), got {len(cards)}: "
            f"{shown(extra)} {'is' if len(cards) - used == 1 else 'are'} not dealt"
        )


def _banker_name(game_id: str) -> str:
    """The second hand's name: the dealer's in player-dealer baccarat (its player/dealer hand)."""
    return "dealer" if game_id == "player-dealer-baccarat" else "banker"


def _nth(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


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
    return apply_multipliers(_settle_round(game, cards, paytable, bets), paytable, multipliers)


def settle_plain(game, cards, paytable, bets: Sequence[str] | None = None) -> Settlement:
    """The round settled as if no bet had multipliers: every bet's plain outcome key (what a
    multiplier bet's boost reads)."""
    return _settle_round(game, cards, paytable, bets)


def _settle_round(game, cards, paytable, bets) -> Settlement:
    for bet in bets or ():
        if bet not in paytable.bets:
            raise UnknownName(f"{game.id} bet", bet, paytable.bets)
    read = game.read_round(cards, paytable)
    if read is not None:  # a game that reads its own rounds
        shown_cards, hands, keys = read
        return _settled(game, paytable, tuple(shown_cards), hands, keys, bets, ())
    if game.id == "sic-bo":
        dice = _numbers(cards, 1, 6, "dice")
        if len(dice) != 3:
            raise RoundError(f"sic-bo: a roll is 3 dice, e.g. 3,3,5; got {len(dice)}")
        keys = game.settle_roll(tuple(dice), paytable)
        hands = (Hand("dice", tuple(dice), sum(dice)),)
        return _settled(game, paytable, tuple(dice), hands, keys, bets, ())
    if game.id in WHEELS:
        return _settle_spin(game, paytable, cards, bets)
    if not game.uses_shoe:
        raise RoundError(f"{game.id}: settling one round is not available for this game")
    dealt = read_cards(cards)
    suits_known = all(suit for _, suit in dealt)
    chosen = list(bets) if bets else list(paytable.bets)
    needs_suits = [b for b in chosen if paytable.rule(b).resolution == "card"]
    left_out: tuple[str, ...] = ()
    if not suits_known and needs_suits:
        if bets:
            raise RoundError(
                f"{', '.join(needs_suits)} read{'s' if len(needs_suits) == 1 else ''} suits: name each "
                f"card's suit (Kh, not K)"
            )
        left_out = tuple(needs_suits)
    options = {}
    if game.id in BACCARAT_FAMILY:
        _baccarat_needed(game.id, dealt)
        player, banker = baccarat_hands(dealt, _banker_name(game.id))
        if game.id == "player-dealer-baccarat":
            player, options = _option_hand(game, paytable, dealt, player)
        hands = (player, banker)
    elif game.id in ("dragon-tiger", "dragon-tiger-poker"):
        if len(dealt) != 2:
            raise RoundError(f"{game.id}: a round is 2 cards, Dragon's then Tiger's (e.g. Kh,5s); got {len(dealt)}")
        hands = tuple(
            Hand(
                side,
                (card_name(rank, suit),),
                None,
                details={"rank": rank, **({"colour": "red" if suit in RED_SUITS else "black"} if suit else {})},
            )
            for side, (rank, suit) in zip(("dragon", "tiger"), dealt)
        )
    else:  # a game added to the registry without a settle explanation: settle, show the cards
        hands = (Hand("cards", tuple(card_name(r, s) for r, s in dealt), None),)
    keys = game.settle_rounds([dealt], paytable, **options)[0]
    chosen = [b for b in chosen if b not in left_out]
    return _settled(game, paytable, tuple(card_name(r, s) for r, s in dealt), hands, keys, chosen, left_out)


WHEELS = ("roulette", "american-roulette")
DOUBLE_ZERO_TEXT = "00"


def _settle_spin(game, paytable, spins, bets) -> Settlement:
    """Roulette: one number, or (for bets that read the next spin, en prison) the number and the
    next spin's; American roulette: one of 0-36 or ``00`` (number 37 in conditions)."""
    from .games.roulette import DOUBLE_ZERO, RED, spans_two_spins

    american = game.id == "american-roulette"
    if american and isinstance(spins, str) and len(spins) <= MAX_ROUND_TEXT:
        spins = [
            DOUBLE_ZERO if item.strip() == DOUBLE_ZERO_TEXT else item
            for item in spins.replace(" ", ",").split(",")
            if item.strip()
        ]
    if american and isinstance(spins, (list, tuple)):
        spins = [DOUBLE_ZERO if item == DOUBLE_ZERO_TEXT else item for item in spins]
    numbers = _numbers(spins, 0, DOUBLE_ZERO if american else 36, "numbers")
    two = not american and any(spans_two_spins(paytable.rule(b)) for b in paytable.bets)
    if not 1 <= len(numbers) <= (2 if two else 1):
        if two:
            raise RoundError(
                f"{game.id}: a round is the spin and, for the bets that read it, the next spin "
                f"(e.g. 17 or 0,17); got {len(numbers)} numbers"
            )
        raise RoundError(
            f"{game.id}: a spin is one number from 0 to {'36 or 00' if american else 36}, e.g. 17; got {len(numbers)}"
        )
    n = numbers[0]
    keys = game.settle_spin(n, paytable, *numbers[1:])
    chosen = list(bets) if bets else list(paytable.bets)
    left_out = tuple(b for b in chosen if b not in keys)
    if left_out and bets:
        raise RoundError(
            f"{', '.join(left_out)} read{'s' if len(left_out) == 1 else ''} the next spin: "
            f"give two numbers, this spin's and the next (e.g. 0,17)"
        )
    hands = tuple(
        Hand(
            "wheel" if i == 0 else "next spin",
            (x,),
            None,
            details={
                "number": DOUBLE_ZERO_TEXT if american and x == DOUBLE_ZERO else x,
                "colour": "green" if x in (0, DOUBLE_ZERO) else "red" if x in RED else "black",
            },
        )
        for i, x in enumerate(numbers)
    )
    return _settled(
        game,
        paytable,
        tuple(numbers),
        hands,
        keys,
        [b for b in chosen if b not in left_out],
        left_out,
        "they read the next spin; the round gives one number" if left_out else "",
    )


def _option_hand(game, paytable, dealt, player: Hand) -> tuple[Hand, dict]:
    """Player-dealer baccarat: the option on 5 (seed 004) - whether the hand is an option hand,
    the totals standing and hitting, and the best choice the ``-best-choice`` bets settle on."""
    from dataclasses import replace

    from .games.player_dealer import hand_label, option_key
    from .shoe import Shoe

    values = [baccarat_value(rank) for rank, _ in dealt]
    key = option_key(values)
    if key is None:
        return player, {}
    options = game.dealing_options(Shoe.decks(game.default_decks), paytable)
    up, low = key
    option = {
        "dealer_up_card": up,
        "player_hand": hand_label(low),
        "stand_total": player.two_card_total,
        "hit_total": player.total,
        "best_choice": options["choose"][key],
    }
    return replace(player, option=option), options


def _settled(game, paytable, cards, hands, keys: dict, bets, left_out, why: str = "") -> Settlement:
    chosen = list(bets) if bets else list(paytable.bets)
    results = []
    for bet in chosen:
        pays = paytable.bet(bet)
        key = keys[bet]
        results.append(BetResult(bet, key, pays.pays[key], pays.rule.label(key)))
    if left_out and not why:
        why = "they read suits; a card has none"
    return Settlement(game, paytable, tuple(cards), tuple(hands), tuple(results), tuple(left_out), why)


from .api import make_callable  # noqa: E402 - the module is also odds.settle(...), the API function

make_callable(__name__)
