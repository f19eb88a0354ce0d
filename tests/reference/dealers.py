"""Naive reference dealers, one per game, written from the rule text - not from ``odds``.

Sources: the house rule texts as docs/rules.md reads them. Nothing here imports
``odds``: the library's brute force, Monte Carlo and tree walk share their rules with the
engine, so they check the counting; these dealers check the rules.

A card is ``(rank, suit)``: rank 1 (ace) .. 13 (king), suit one of ``"shdc"``. A dealer takes the
cards in the order they leave the shoe and returns ``{bet id: outcome key}`` for every bet of the
game, with the ids and keys of ``odds games`` / ``odds sheet --format json`` (the contract). A
dealer reads ``cards[0]``, ``cards[1]``, ... only as far as the round needs, so it can be run on a
lazy prefix (see :mod:`reference.walk`).

>>> d = baccarat([(9, "s"), (1, "h"), (13, "d"), (1, "c")])      # P 9+K = 9, B A+A = 2: natural
>>> d["player"], d["small"], d["banker-pair"], d["dragon-bonus-player"], d["dragon"]
('player-wins', 'small', 'pair', 'natural-win', 'dragon-wins')
>>> sic_bo((2, 2, 5))["double-2"], sic_bo((2, 2, 5))["total-9"], sic_bo((6, 6, 6))["big"]
('double', 'hit', 'triple')
>>> roulette(17)["orphelins"], roulette(0)["red"], roulette(26)["jeu-zero"]
('two-splits', 'zero', 'straight')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

SUITS = "shdc"
RED_SUITS = "hd"  # docs/rules.md: hearts and diamonds red, spades and clubs black
SUIT_WORD = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def value(card) -> int:
    """Baccarat value (docs/rules.md "Cards"): A = 1, 2-9 face value, 10/J/Q/K = 0."""
    rank = card[0]
    return rank if rank <= 9 else 0


def points(hand) -> int:
    """A hand's baccarat total: the last digit of the sum of its values."""
    return sum(value(c) for c in hand) % 10


# Seed 001 / seed 003, "Table 2 - BANKER'S HAND", transcribed row by row: the banker's
# two-card total -> the player's third-card values on which the banker DRAWS.
# | 0,1,2 | 0,1,2,3,4,5,6,7,8,9 |   | 3 | 0,1,2,3,4,5,6,7,9 | 8 |   | 4 | 2,3,4,5,6,7 | 0,1,8,9 |
# | 5 | 4,5,6,7 | 0,1,2,3,8,9 |     | 6 | 6,7 | 0,1,2,3,4,5,8,9 |  | 7 | Stand |  | 8,9 | NATURAL |
TABLE_2_DRAW = {
    0: {0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
    1: {0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
    2: {0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
    3: {0, 1, 2, 3, 4, 5, 6, 7, 9},
    4: {2, 3, 4, 5, 6, 7},
    5: {4, 5, 6, 7},
    6: {6, 7},
    7: set(),
}


@dataclass
class Hands:
    """A finished two-hand baccarat-style round: the first hand (Player) and the second (Banker)."""

    first: list
    second: list
    first_settles_on: int | None = None
    """A total the first hand settles on other than its own (player-dealer's option stand)."""

    @property
    def first_total(self) -> int:
        return points(self.first) if self.first_settles_on is None else self.first_settles_on

    @property
    def second_total(self) -> int:
        return points(self.second)

    @property
    def natural(self) -> bool:
        return points(self.first[:2]) >= 8 or points(self.second[:2]) >= 8

    @property
    def cards_dealt(self) -> int:
        return len(self.first) + len(self.second)

    def winner(self) -> str:
        a, b = self.first_total, self.second_total
        return "first" if a > b else "second" if b > a else "tie"


def deal_baccarat(cards, option_stand: bool = False) -> Hands:
    """Deal one round by the drawing rules of seeds 001/003 (docs/rules.md "Baccarat: drawing").

    Deal order P1 B1 P2 B2. A natural (8 or 9 on two cards) on either hand: no more cards.
    Player draws on 0-5, stands on 6-7. Player stood: banker draws on 0-5. Player drew: the
    banker follows Table 2 on the value of the player's third card.

    ``option_stand`` is seed 004's option hand (docs/rules.md "Player-dealer baccarat"): a player 5
    against a dealer up card (the second hand's first card) of 5 or 6. The hit card is dealt all
    the same and the dealer draws by Table 2 on it; only the stand bets settle on the two-card 5.
    """
    first = [cards[0], cards[2]]
    second = [cards[1], cards[3]]
    used = 4
    hands = Hands(first, second)
    if hands.natural:
        return hands
    player, banker = points(first), points(second)
    if player <= 5:
        third = cards[used]
        used += 1
        first.append(third)
        if value(third) in TABLE_2_DRAW[banker]:
            second.append(cards[used])
        if option_stand and player == 5 and value(second[0]) in (5, 6):
            hands.first_settles_on = 5
    elif banker <= 5:
        second.append(cards[used])
    return hands


def _side(hands: Hands, side: str) -> tuple[int, int, bool, bool]:
    mine, theirs = (hands.first, hands.second) if side == "first" else (hands.second, hands.first)
    return points(mine), points(theirs), points(mine[:2]) >= 8, points(theirs[:2]) >= 8


def dragon_bonus(hands: Hands, side: str, natural_loss_key: str = "other") -> str:
    """docs/rules.md "Dragon Bonus": that side wins with a natural -> natural-win; both naturals and
    equal -> natural-tie; wins without a natural by 9..4 -> win-by-N; everything else loses.
    Player-dealer baccarat names a natural beaten by a higher natural apart (``natural-loss``).
    """
    mine, theirs, my_natural, their_natural = _side(hands, side)
    if my_natural and mine > theirs:
        return "natural-win"
    if my_natural and their_natural and mine == theirs:
        return "natural-tie"
    if my_natural:
        return natural_loss_key
    if mine - theirs >= 4:
        return f"win-by-{mine - theirs}"
    return "other"


def _pair(hand) -> bool:
    return hand[0][0] == hand[1][0]  # same rank (docs/rules.md "Rank (... pairs)")


def _identical(hand) -> bool:
    return hand[0] == hand[1]  # same rank and suit


def _first_card_duel(a, b) -> str:
    """Seed 003 "Baccarat Dragon Tiger": A low (1) ... K high (13), by rank."""
    return "dragon-wins" if a[0] > b[0] else "tiger-wins" if b[0] > a[0] else "tie"


def baccarat(cards) -> dict[str, str]:
    """Every bet of ``baccarat`` (seed 003, docs/rules.md "Baccarat bets") for one ordered deal."""
    h = deal_baccarat(cards)
    win = h.winner()
    banker_six = win == "second" and h.second_total == 6
    duel = _first_card_duel(h.first[0], h.second[0])
    pairs = (_pair(h.first), _pair(h.second))
    return {
        "banker": {"second": "banker-wins", "tie": "tie", "first": "player-wins"}[win],
        "banker-no-commission": (
            "banker-wins-6"
            if banker_six
            else "banker-wins-other"
            if win == "second"
            else "tie"
            if win == "tie"
            else "player-wins"
        ),
        "player": {"first": "player-wins", "tie": "tie", "second": "banker-wins"}[win],
        "tie": "tie" if win == "tie" else "no-tie",
        "player-pair": "pair" if pairs[0] else "no-pair",
        "banker-pair": "pair" if pairs[1] else "no-pair",
        "either-pair": "pair" if any(pairs) else "no-pair",
        "perfect-pair": "perfect-pair" if _identical(h.first) or _identical(h.second) else "no-perfect-pair",
        "big": "small" if h.cards_dealt == 4 else "big",
        "small": "small" if h.cards_dealt == 4 else "big",
        "lucky-6": (("six-two-cards" if len(h.second) == 2 else "six-three-cards") if banker_six else "other"),
        "dragon-bonus-player": dragon_bonus(h, "first"),
        "dragon-bonus-banker": dragon_bonus(h, "second"),
        "dragon": duel,
        "tiger": duel,
        "dragon-tiger-tie": "tie" if duel == "tie" else "no-tie",
    }


def tiger_baccarat(cards) -> dict[str, str]:
    """Every bet of ``tiger-baccarat`` (seed 001, docs/rules.md "Tiger Baccarat")."""
    h = deal_baccarat(cards)
    win = h.winner()
    banker_six = win == "second" and h.second_total == 6
    six = ("six-two-cards" if len(h.second) == 2 else "six-three-cards") if banker_six else "other"
    player_pair, banker_pair = _pair(h.first), _pair(h.second)
    if player_pair and banker_pair:
        # the seed's 100:1 example "Player 9♣ 9♥, Banker 9♣ 9♥": the same two cards
        if sorted(h.first[:2]) == sorted(h.second[:2]):
            tiger_pair = "same-cards"
        elif h.first[0][0] == h.second[0][0]:
            tiger_pair = "same-rank"
        else:
            tiger_pair = "both-pairs"
    elif player_pair or banker_pair:
        tiger_pair = "one-pair"
    else:
        tiger_pair = "no-pair"
    return {
        "banker": (
            "banker-wins-6"
            if banker_six
            else "banker-wins-other"
            if win == "second"
            else "tie"
            if win == "tie"
            else "player-wins"
        ),
        "player": {"first": "player-wins", "tie": "tie", "second": "banker-wins"}[win],
        "tie": "tie" if win == "tie" else "no-tie",
        "tiger-tie": "tie-on-6" if win == "tie" and h.first_total == 6 else "other",
        "tiger": six,
        "small-tiger": six,
        "big-tiger": six,
        "tiger-pair": tiger_pair,
    }


def player_dealer_baccarat(cards, policies: bool = True) -> dict[str, str]:
    """Every bet of ``player-dealer-baccarat`` (seed 004) except the ``-best-choice`` ones.

    Player hand first (P1 D1 P2 D2, "in rotation"). House way: the player hand hits on 0-5
    (L82), i.e. the punto banco rules. ``-always-stand``: on an option hand (player 5, dealer up
    card 5 or 6) the stand bets settle on the two-card 5 while the hit card is still dealt and the
    dealer draws on it by Table 2 (docs/rules.md).
    """
    house = deal_baccarat(cards)
    line = {"first": "player-wins", "tie": "tie", "second": "dealer-wins"}
    out = {
        "player-line": line[house.winner()],
        "dealer-line": line[house.winner()],
        "early-tie": "tie" if house.winner() == "tie" else "no-tie",
        "dragon-bonus-player": dragon_bonus(house, "first", "natural-loss"),
        "dragon-bonus-dealer": dragon_bonus(house, "second", "natural-loss"),
        "bonus-pair-player": "pair" if _pair(house.first) else "no-pair",
        "bonus-pair-dealer": "pair" if _pair(house.second) else "no-pair",
    }
    if policies:
        stand = deal_baccarat(cards, option_stand=True)
        out["player-line-always-stand"] = out["dealer-line-always-stand"] = line[stand.winner()]
        out["early-tie-always-stand"] = "tie" if stand.winner() == "tie" else "no-tie"
    return out


# -- Dragon Tiger --------------------------------------------------------------------------------


def _dragon_tiger_cards(cards, burn):
    """Seed 000 / seed 003 (DT Poker "Burn Cards"): burn one card, then Dragon's, then Tiger's.

    The burn changes nothing off the top (docs/rules.md); dealing it here lets the brute force check
    that claim instead of assuming it. ``burn=0`` skips it (a cheaper exact walk of a big shoe).
    """
    return cards[burn], cards[burn + 1]


def dragon_tiger(cards, burn: int = 1) -> dict[str, str]:
    """Every bet of ``dragon-tiger`` (seed 000, docs/rules.md "Dragon Tiger")."""
    dragon, tiger = _dragon_tiger_cards(cards, burn)
    duel = _first_card_duel(dragon, tiger)
    out = {"dragon": duel, "tiger": duel, "tie": "tie" if duel == "tie" else "no-tie"}
    for side, (rank, suit) in (("dragon", dragon), ("tiger", tiger)):
        size = "big" if rank >= 8 else "small" if rank <= 6 else "seven"  # a 7 loses both
        parity = "odd" if rank % 2 else "even"  # A 3 5 7 9 J K odd
        colour = "red" if suit in RED_SUITS else "black"
        out |= {
            f"{side}-big": size,
            f"{side}-small": size,
            f"{side}-odd": parity,
            f"{side}-even": parity,
            f"{side}-red": colour,
            f"{side}-black": colour,
        }
    return out


def dragon_tiger_poker(cards, burn: int = 1) -> dict[str, str]:
    """Every bet of ``dragon-tiger-poker`` (seed 003): every side bet forfeited on a 7."""
    dragon, tiger = _dragon_tiger_cards(cards, burn)
    duel = _first_card_duel(dragon, tiger)
    out = {"dragon": duel, "tiger": duel, "tie": "tie" if duel == "tie" else "no-tie"}
    for side, (rank, suit) in (("dragon", dragon), ("tiger", tiger)):
        seven = rank == 7
        keys = {
            "big": "big" if rank >= 8 else "small",  # 8-K / A-6
            "small": "big" if rank >= 8 else "small",
            "odd": "odd" if rank in (1, 3, 5, 9, 11, 13) else "even",
            "even": "odd" if rank in (1, 3, 5, 9, 11, 13) else "even",
            "red": "red" if suit in RED_SUITS else "black",
            "black": "red" if suit in RED_SUITS else "black",
            "suit": SUIT_WORD[suit],
            "two-suits": SUIT_WORD[suit],
            "three-suits": SUIT_WORD[suit],
        }
        out |= {f"{side}-{bet}": "seven" if seven else key for bet, key in keys.items()}
    return out


# -- Sic Bo --------------------------------------------------------------------------------------


def sic_bo(dice) -> dict[str, str]:
    """Every bet of ``sic-bo`` (seed 003, docs/rules.md "Sic Bo") for one roll of three dice."""
    total = sum(dice)
    triple = dice[0] == dice[1] == dice[2]
    out = {
        "small": "triple" if triple else "small" if 4 <= total <= 10 else "big",
        "big": "triple" if triple else "small" if 4 <= total <= 10 else "big",
        "odd": "triple" if triple else "odd" if total % 2 else "even",
        "even": "triple" if triple else "odd" if total % 2 else "even",
        "any-triple": "triple" if triple else "other",
    }
    for n in range(1, 7):
        shows = dice.count(n)
        out[f"number-{n}"] = ("none", "one", "two", "three")[shows]
        out[f"double-{n}"] = "double" if shows >= 2 else "other"
        out[f"triple-{n}"] = "triple" if shows == 3 else "other"
    for t in range(4, 18):
        out[f"total-{t}"] = "hit" if total == t else "miss"
    for a in range(1, 7):
        for b in range(a + 1, 7):
            out[f"pair-{a}-{b}"] = "pair" if a in dice and b in dice else "other"
    return out


# -- Bac Bo --------------------------------------------------------------------------------------


BAC_BO_TIE_PAYS = {2: 88, 12: 88, 3: 25, 11: 25, 4: 10, 10: 10, 5: 6, 9: 6, 6: 4, 7: 4, 8: 4}
"""Evolution's Bac Bo Tie paytable as operators print it: 2 or 12 88, 3 or 11 25, 4 or 10 10,
5 or 9 6, 6 7 8 4 (BetMGM, "First Person Bac Bo")."""


def bac_bo(dice) -> dict[str, str]:
    """Every bet of ``bac-bo`` for one roll: the Player's two dice, then the Banker's. The higher
    total wins; on equal totals Player and Banker bets lose a tenth (key ``tie``)."""
    player, banker = dice[0] + dice[1], dice[2] + dice[3]
    if player == banker:
        tie = {88: "tie-2-12", 25: "tie-3-11", 10: "tie-4-10", 6: "tie-5-9", 4: "tie-6-8"}[BAC_BO_TIE_PAYS[player]]
        return {"player": "tie", "banker": "tie", "tie": tie}
    player_wins = player > banker
    return {
        "player": "win" if player_wins else "lose",
        "banker": "lose" if player_wins else "win",
        "tie": "no-tie",
    }


# -- Andar Bahar ---------------------------------------------------------------------------------


ANDAR_BAHAR_BANDS = ((1, 5), (6, 10), (11, 15), (16, 25), (26, 30), (31, 35), (36, 40))
"""The side bets' bands of cards dealt after the middle card; the last band is 41 or more."""


def andar_bahar(cards) -> dict[str, str]:
    """Every bet of ``andar-bahar`` (its ``seed`` and ``cards-dealt`` paytables) for one ordering of
    the cards: the first is the middle card, then cards go alternately to Andar (first) and Bahar
    until one has the middle card's rank; if the cards run out first, the bets are void."""
    rank = cards[0][0]
    dealt = next((i for i in range(1, len(cards)) if cards[i][0] == rank), None)
    if dealt is None:
        out = {"andar": "void", "bahar": "void"}
    else:
        andar = dealt % 2 == 1  # the 1st, 3rd ... card after the middle one goes to Andar
        out = {"andar": "win" if andar else "lose", "bahar": "lose" if andar else "win"}
    for low, high in ANDAR_BAHAR_BANDS:
        out[f"cards-{low}-{high}"] = "win" if dealt is not None and low <= dealt <= high else "lose"
    out["cards-41-or-more"] = "win" if dealt is not None and dealt >= 41 else "lose"
    return out


def andar_bahar_by_colour(cards) -> dict[str, str]:
    """``andar-bahar`` paytable ``first-by-colour``: the first card to Andar on a black middle card,
    to Bahar on a red one; a win on the side dealt first is ``win-dealt-first``."""
    rank, suit = cards[0]
    dealt = next((i for i in range(1, len(cards)) if cards[i][0] == rank), None)
    if dealt is None:
        return {"andar": "void", "bahar": "void"}
    first_side = "bahar" if suit in RED_SUITS else "andar"
    second_side = "andar" if first_side == "bahar" else "bahar"
    winner = first_side if dealt % 2 == 1 else second_side
    key = "win-dealt-first" if dealt % 2 == 1 else "win-dealt-second"
    return {side: key if side == winner else "lose" for side in ("andar", "bahar")}


# -- Roulette ------------------------------------------------------------------------------------

WHEEL = (
    0,
    32,
    15,
    19,
    4,
    21,
    2,
    25,
    17,
    34,
    6,
    27,
    13,
    36,
    11,
    30,
    8,
    23,
    10,
    5,
    24,
    16,
    33,
    1,
    20,
    14,
    31,
    9,
    22,
    18,
    29,
    7,
    28,
    12,
    35,
    3,
    26,
)  # docs/rules.md, wheel order
RED = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})  # the standard layout


def layout_bets() -> dict[str, list[frozenset]]:
    """Every member of each inside/outside bet family on the layout (rows of three: 1-2-3 ...)."""
    rows = [frozenset({3 * k + 1, 3 * k + 2, 3 * k + 3}) for k in range(12)]
    splits = (
        [frozenset({n, n + 1}) for n in range(1, 37) if n % 3]
        + [frozenset({n, n + 3}) for n in range(1, 34)]
        + [frozenset({0, n}) for n in (1, 2, 3)]
    )
    corners = [frozenset({n, n + 1, n + 3, n + 4}) for n in range(1, 33) if n % 3]
    return {
        "straight": [frozenset({n}) for n in range(37)],
        "split": splits,
        "street": rows,
        "trio-0-1-2": [frozenset({0, 1, 2})],
        "trio-0-2-3": [frozenset({0, 2, 3})],
        "corner": corners,
        "four": [frozenset({0, 1, 2, 3})],
        "line": [rows[k] | rows[k + 1] for k in range(11)],
        "column": [frozenset(n for n in range(1, 37) if n % 3 == c % 3) for c in (1, 2, 3)],
        "dozen": [frozenset(range(12 * d + 1, 12 * d + 13)) for d in range(3)],
        "red": [RED],
        "black": [frozenset(range(1, 37)) - RED],
        "even": [frozenset(n for n in range(1, 37) if n % 2 == 0)],
        "odd": [frozenset(n for n in range(1, 37) if n % 2)],
        "low": [frozenset(range(1, 19))],
        "high": [frozenset(range(19, 37))],
    }


EVEN_CHANCES = ("column", "dozen", "red", "black", "even", "odd", "low", "high")  # 0 loses: key "zero"


def neighbours(n: int, each_side: int = 2) -> frozenset:
    """N and two numbers each side of it on the wheel (seed 003: "8 and the neighbors" = 11-30-8-23-10)."""
    i = WHEEL.index(n)
    return frozenset(WHEEL[(i + d) % 37] for d in range(-each_side, each_side + 1))


def _chips(*placements):
    return [(frozenset(numbers), pays, chips) for numbers, pays, chips in placements]


# Seed 003's call bets, chip by chip: (numbers covered, pays to 1, chips).
CALL_BETS = {
    "voisins-du-zero": _chips(
        ({4, 7}, 17, 1),
        ({12, 15}, 17, 1),
        ({18, 21}, 17, 1),
        ({19, 22}, 17, 1),
        ({32, 35}, 17, 1),
        ({0, 2, 3}, 11, 2),
        ({25, 26, 28, 29}, 8, 2),
    ),
    "tiers": _chips(
        ({5, 8}, 17, 1), ({10, 11}, 17, 1), ({13, 16}, 17, 1), ({23, 24}, 17, 1), ({27, 30}, 17, 1), ({33, 36}, 17, 1)
    ),
    "orphelins": _chips(({1}, 35, 1), ({6, 9}, 17, 1), ({14, 17}, 17, 1), ({17, 20}, 17, 1), ({31, 34}, 17, 1)),
    "neighbours": [(frozenset({n}), 35, 1) for n in sorted(neighbours(8))],
    "jeu-zero": _chips(({0, 3}, 17, 1), ({12, 15}, 17, 1), ({32, 35}, 17, 1), ({26}, 35, 1)),
}
_PLACEMENT_NAME = {1: "straight", 2: "split", 3: "trio", 4: "corner"}


def call_bet(name: str, pocket: int) -> tuple[str, Fraction]:
    """A call bet's outcome key (which placements win) and its net per chip staked."""
    placements = CALL_BETS[name]
    staked = sum(chips for _, _, chips in placements)
    won = [(numbers, pays, chips) for numbers, pays, chips in placements if pocket in numbers]
    back = sum(chips * (pays + 1) for _, pays, chips in won)
    if not won:
        key = "miss"
    elif len(won) == 2:
        key = "two-splits"  # orphelins' 17 sits on splits 14/17 and 17/20
    else:
        key = _PLACEMENT_NAME[len(won[0][0])]
    return key, Fraction(back - staked, staked)


def roulette(pocket: int, members: dict[str, frozenset] | None = None) -> dict[str, str]:
    """Every bet of ``roulette`` for one pocket; ``members`` picks which split, street ... is
    backed (default: the first member of each family; every member has the same odds)."""
    chosen = {bet: group[0] for bet, group in layout_bets().items()}
    chosen |= members or {}
    out = {}
    for bet, numbers in chosen.items():
        if pocket in numbers:
            out[bet] = "win"
        elif bet in EVEN_CHANCES and pocket == 0:
            out[bet] = "zero"
        else:
            out[bet] = "lose"
    for name in CALL_BETS:
        out[name] = call_bet(name, pocket)[0]
    return out


TRIPLE_ZERO_POCKETS = tuple(str(n) for n in range(37)) + ("00", "000")
"""The triple-zero wheel's 39 pockets as players name them."""


def triple_zero_roulette(pocket: str) -> dict[str, str]:
    """Every bet of ``triple-zero-roulette`` for one pocket (``"17"``, ``"00"``, ``"000"``): the
    standard layout's bets, each member counted for the first of its family as the paytable says
    (17, 17/20, 16-18, 17-18-20-21, 16-21, the 2nd column and dozen), and the three zeros' trio."""
    zero = pocket in ("0", "00", "000")
    n = None if zero else int(pocket)
    covers = {
        "straight": {17},
        "split": {17, 20},
        "street": {16, 17, 18},
        "corner": {17, 18, 20, 21},
        "line": set(range(16, 22)),
        "column": set(range(2, 37, 3)),
        "dozen": set(range(13, 25)),
        "red": set(RED),
        "black": set(range(1, 37)) - RED,
        "even": set(range(2, 37, 2)),
        "odd": set(range(1, 37, 2)),
        "low": set(range(1, 19)),
        "high": set(range(19, 37)),
    }
    out = {"trio-0-00-000": "win" if zero else "lose"}
    for bet, numbers in covers.items():
        if n in numbers:
            out[bet] = "win"
        elif zero and bet in EVEN_CHANCES:
            out[bet] = "zero"
        else:
            out[bet] = "lose"
    return out


CARD_GAMES = {
    "baccarat": baccarat,
    "tiger-baccarat": tiger_baccarat,
    "dragon-tiger": dragon_tiger,
    "dragon-tiger-poker": dragon_tiger_poker,
    "player-dealer-baccarat": player_dealer_baccarat,
}
