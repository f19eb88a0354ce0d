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
odds.dealt.RoundError: baccarat: the round needs a 5th card (player 5 draws, Table 1), got 4 cards; give the cards in dealing order: P1 B1 P2 B2, then the third cards as drawn
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from collections.abc import Sequence

from .cards import RED_SUITS, baccarat_value, card_name
from .dealt import MAX_ROUND_TEXT, Hand, RoundError, read_cards, read_numbers
from .errors import UnknownName, shown

BACCARAT_FAMILY = ("baccarat", "tiger-baccarat", "player-dealer-baccarat")


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
        from .errors import UnknownBet

        raise UnknownBet(bet_id, [b.id for b in self.bets])

    def to_dict(self) -> dict:
        from .render.settle import settle_json

        return settle_json(self)


# -- the drawing, explained as data ----------------------------------------------------------------


def baccarat_hands(cards: Sequence[tuple[int, str | None]], banker_name: str = "banker") -> tuple[Hand, Hand]:
    """The two hands of a complete baccarat round and how the drawing went (module docstring): the
    drawing as :func:`odds.games.punto_banco.deal_state` plays it."""
    import numpy as np

    from .games.punto_banco import deal_state, is_natural

    values = [baccarat_value(rank) for rank, _ in cards]
    names = [card_name(rank, suit) for rank, suit in cards]
    row = np.zeros((1, 6), dtype=np.int64)
    row[0, : min(len(values), 6)] = values[:6]
    state = {k: int(v[0]) for k, v in deal_state(row).items()}
    p2, b2 = state["player_two"], state["banker_two"]
    player_cards, banker_cards = [names[0], names[2]], [names[1], names[3]]
    if is_natural(p2) or is_natural(b2):
        return (
            Hand("player", tuple(player_cards), p2, p2, False, "natural"),
            Hand(banker_name, tuple(banker_cards), b2, b2, False, "natural"),
        )
    p_draws, b_draws = state["player_third"] >= 0, state["banker_third"] >= 0
    third = state["player_third"] if p_draws else None
    if p_draws:
        player_cards.append(names[4])
    if b_draws:
        banker_cards.append(names[state["banker_third_at"]])
    return (
        Hand("player", tuple(player_cards), (p2 + (third or 0)) % 10, p2, p_draws, "table-1"),
        Hand(
            banker_name,
            tuple(banker_cards),
            (b2 + max(state["banker_third"], 0)) % 10,
            b2,
            b_draws,
            "table-2" if p_draws else "player-stood",
            third,
        ),
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
        dice = read_numbers(cards, 1, 6, "dice")
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


def _settle_spin(game, paytable, spins, bets) -> Settlement:
    """Roulette: one number, or (for bets that read the next spin, en prison) the number and the
    next spin's; each read by the wheel, which knows its pockets (American: 0-36 or ``00``)."""
    from .games.roulette import RED, spans_two_spins

    if isinstance(spins, str):
        if len(spins) > MAX_ROUND_TEXT:
            raise RoundError(f"{len(spins):,} characters: a spin is one number")
        items = [i for i in spins.replace(" ", ",").split(",") if i.strip()]
    elif isinstance(spins, (list, tuple)):
        items = list(spins)
    else:
        items = [spins]
    if len(items) > 2:
        raise RoundError(
            f"{game.id}: a spin is one number, e.g. 17 (and the next spin's, for en prison); got {len(items)}"
        )
    numbers = [game.wheel.read_pocket(item) for item in items]
    two = game.id == "roulette" and any(spans_two_spins(paytable.rule(b)) for b in paytable.bets)
    if not 1 <= len(numbers) <= (2 if two else 1):
        if two:
            raise RoundError(
                f"{game.id}: a round is the spin and, for the bets that read it, the next spin "
                f"(e.g. 17 or 0,17); got {len(numbers)} numbers"
            )
        raise RoundError(f"{game.id}: a spin is one number ({game.wheel.zeros_text}), e.g. 17; got {len(numbers)}")
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
            (game.wheel.pocket_label(x),),
            None,
            details={
                "number": game.wheel.pocket_label(x),
                "colour": "green" if not 1 <= x <= 36 else "red" if x in RED else "black",
            },
        )
        for i, x in enumerate(numbers)
    )
    return _settled(
        game,
        paytable,
        tuple(game.wheel.pocket_label(x) for x in numbers),
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


from .callable_module import make_callable  # noqa: E402 - the module is also odds.settle(...), the API function

make_callable(__name__)
