"""The pays (and side-bet windows) of every shipped seed bet, against a table typed here from
/work/shared/RULES.md and the seeds - never read from odds/paytables/.

Everything else in the suite prices a bet with the pays the paytable files give it, so a typo in a
file (a 5 for a 6 in Dragon Bonus, a 50 for an 18) passes every other test. The call bets'
pays are derived here from their chips, as the seed's tables do (a win's chips paid plus the chips
returned, less the chips staked, over the chips staked). The variants RULES.md names are checked
as changes from the seed.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from odds.games import all_games, get_game
from odds.paytable import load_paytable

LOSE = F(-1)


def even(win_key, lose_keys, pay=F(1)):
    return {win_key: F(pay), **dict.fromkeys(lose_keys, LOSE)}


def dragon_bonus(table, natural_loss=None):
    """RULES.md: natural win 1, natural tie push, win by 9..4 points; else loses."""
    pays = {f"win-by-{by}": F(p) for by, p in zip(range(9, 3, -1), table)}
    pays |= {"natural-win": F(1), "natural-tie": F(0), "other": LOSE}
    if natural_loss is not None:
        pays["natural-loss"] = natural_loss
    return pays


SEED_TABLE = (30, 10, 5, 3, 2, 1)
STANDARD_TABLE = (30, 10, 6, 4, 2, 1)


def chips(staked: int, returns: int) -> F:
    """A call bet's pay to 1 when a number returns ``returns`` chips (winnings plus the winning
    chips) on ``staked`` chips."""
    return F(returns - staked, staked)


BACCARAT = {  # seed 003
    "banker": {"banker-wins": F(95, 100), "tie": F(0), "player-wins": LOSE},
    "banker-no-commission": {"banker-wins-other": F(1), "banker-wins-6": F(1, 2), "tie": F(0), "player-wins": LOSE},
    "player": {"player-wins": F(1), "tie": F(0), "banker-wins": LOSE},
    "tie": {"tie": F(8), "no-tie": LOSE},
    "player-pair": {"pair": F(11), "no-pair": LOSE},
    "banker-pair": {"pair": F(11), "no-pair": LOSE},
    "either-pair": {"pair": F(5), "no-pair": LOSE},
    "perfect-pair": {"perfect-pair": F(26), "no-perfect-pair": LOSE},
    "big": {"big": F("0.52"), "small": LOSE},
    "small": {"small": F("1.5"), "big": LOSE},
    "lucky-6": {"six-two-cards": F(12), "six-three-cards": F(20), "other": LOSE},
    "dragon-bonus-player": dragon_bonus(SEED_TABLE),
    "dragon-bonus-banker": dragon_bonus(SEED_TABLE),
    "dragon": {"dragon-wins": F(1), "tie": F(-1, 2), "tiger-wins": LOSE},
    "tiger": {"tiger-wins": F(1), "tie": F(-1, 2), "dragon-wins": LOSE},
    "dragon-tiger-tie": {"tie": F(8), "no-tie": LOSE},
}

TIGER_BACCARAT = {  # seed 001
    "banker": {"banker-wins-other": F(1), "banker-wins-6": F(1, 2), "tie": F(0), "player-wins": LOSE},
    "player": {"player-wins": F(1), "tie": F(0), "banker-wins": LOSE},
    "tie": {"tie": F(8), "no-tie": LOSE},
    "tiger-tie": {"tie-on-6": F(35), "other": LOSE},
    "tiger": {"six-two-cards": F(12), "six-three-cards": F(18), "other": LOSE},
    "small-tiger": {"six-two-cards": F(22), "six-three-cards": LOSE, "other": LOSE},
    "big-tiger": {"six-three-cards": F(50), "six-two-cards": LOSE, "other": LOSE},
    # one pair 4, both pairs 20, both the same two cards 100 (two pairs of one rank are two pairs)
    "tiger-pair": {"same-cards": F(100), "same-rank": F(20), "both-pairs": F(20), "one-pair": F(4), "no-pair": LOSE},
}

DRAGON_TIGER = {  # seed 000
    "dragon": {"dragon-wins": F(1), "tie": F(-1, 2), "tiger-wins": LOSE},
    "tiger": {"tiger-wins": F(1), "tie": F(-1, 2), "dragon-wins": LOSE},
    "tie": {"tie": F(8), "no-tie": LOSE},
}
for _side in ("dragon", "tiger"):
    DRAGON_TIGER |= {
        f"{_side}-big": {"big": F(1), "seven": LOSE, "small": LOSE},
        f"{_side}-small": {"small": F(1), "seven": LOSE, "big": LOSE},
        f"{_side}-odd": even("odd", ["even"], F("0.75")),
        f"{_side}-even": even("even", ["odd"], F("1.05")),
        f"{_side}-red": even("red", ["black"], F("0.9")),
        f"{_side}-black": even("black", ["red"], F("0.9")),
    }

DRAGON_TIGER_POKER = {  # seed 003: every side bet loses on a 7
    "dragon": DRAGON_TIGER["dragon"],
    "tiger": DRAGON_TIGER["tiger"],
    "tie": {"tie": F(8), "no-tie": LOSE},
}
for _side in ("dragon", "tiger"):
    for _win, _lose in (("big", "small"), ("small", "big"), ("odd", "even"), ("even", "odd"), ("red", "black")):
        DRAGON_TIGER_POKER[f"{_side}-{_win}"] = even(_win, [_lose, "seven"])
    DRAGON_TIGER_POKER[f"{_side}-black"] = even("black", ["red", "seven"])
    # one chip per suit backed; the winning suit pays 3 to 1, the other chips lose
    _suits = ("spades", "hearts", "diamonds", "clubs")
    for _name, _backed in (("suit", 1), ("two-suits", 2), ("three-suits", 3)):
        DRAGON_TIGER_POKER[f"{_side}-{_name}"] = {
            **{s: F(3 - (_backed - 1), _backed) for s in _suits[:_backed]},
            **dict.fromkeys(_suits[_backed:], LOSE),
            "seven": LOSE,
        }

SIC_BO = {  # seed 003
    **{bet: {bet: F(1), "triple": LOSE, other: LOSE} for bet, other in (("small", "big"), ("big", "small"))},
    **{bet: {bet: F(1), "triple": LOSE, other: LOSE} for bet, other in (("odd", "even"), ("even", "odd"))},
    **{f"number-{n}": {"three": F(3), "two": F(2), "one": F(1), "none": LOSE} for n in range(1, 7)},
    **{f"double-{n}": {"double": F(8), "other": LOSE} for n in range(1, 7)},
    **{f"triple-{n}": {"triple": F(150), "other": LOSE} for n in range(1, 7)},
    "any-triple": {"triple": F(24), "other": LOSE},
    **{
        f"total-{t}": {"hit": F(p), "miss": LOSE}
        for t, p in zip(range(4, 18), (50, 18, 14, 12, 8, 6, 6, 6, 6, 8, 12, 14, 18, 50))
    },
    **{f"pair-{a}-{b}": {"pair": F(5), "other": LOSE} for a in range(1, 7) for b in range(a + 1, 7)},
}

_INSIDE = {"straight": 35, "split": 17, "street": 11, "corner": 8, "line": 5}
_OUTSIDE = {"column": 2, "dozen": 2, **dict.fromkeys(("red", "black", "even", "odd", "low", "high"), 1)}

ROULETTE = {  # seed 003, European single zero
    **{bet: {"win": F(p), "lose": LOSE} for bet, p in _INSIDE.items()},
    "trio-0-1-2": {"win": F(11), "lose": LOSE},
    "trio-0-2-3": {"win": F(11), "lose": LOSE},
    "four": {"win": F(8), "lose": LOSE},
    **{bet: {"win": F(p), "lose": LOSE, "zero": LOSE} for bet, p in _OUTSIDE.items()},
    # call bets, by their chips (seed 003's tables)
    "voisins-du-zero": {  # 9 chips: splits, two on the trio 0-2-3, two on the corner 25-29
        "split": chips(9, 17 + 1),
        "trio": chips(9, 2 * 11 + 2),
        "corner": chips(9, 2 * 8 + 2),
        "miss": LOSE,
    },
    "tiers": {"split": chips(6, 17 + 1), "miss": LOSE},
    "orphelins": {  # straight 1 and four splits; 17 is in two splits
        "straight": chips(5, 35 + 1),
        "split": chips(5, 17 + 1),
        "two-splits": chips(5, 2 * (17 + 1)),
        "miss": LOSE,
    },
    "neighbours": {"straight": chips(5, 35 + 1), "miss": LOSE},
    "jeu-zero": {"split": chips(4, 17 + 1), "straight": chips(4, 35 + 1), "miss": LOSE},
}

AMERICAN_ROULETTE = {  # the standard double-zero layout: as European, plus the 0-00-1-2-3 top line at 6
    **{bet: {"win": F(p), "lose": LOSE} for bet, p in _INSIDE.items()},
    **{trio: {"win": F(11), "lose": LOSE} for trio in ("trio-0-1-2", "trio-0-00-2", "trio-00-2-3")},
    "top-line": {"win": F(6), "lose": LOSE},
    **{bet: {"win": F(p), "lose": LOSE, "zero": LOSE} for bet, p in _OUTSIDE.items()},
}

PLAYER_DEALER = {  # seed 004; Dragon Bonus: the standard table; Bonus Pair 11
    **{
        f"{base}{suffix}": pays
        for base, pays in (
            ("player-line", {"player-wins": F(1), "tie": F(0), "dealer-wins": LOSE}),
            ("dealer-line", {"dealer-wins": F(19, 20), "tie": F(0), "player-wins": LOSE}),
            ("early-tie", {"tie": F(9), "no-tie": LOSE}),
        )
        for suffix in ("", "-always-stand", "-best-choice")
    },
    "dragon-bonus-player": dragon_bonus(STANDARD_TABLE, natural_loss=LOSE),
    "dragon-bonus-dealer": dragon_bonus(STANDARD_TABLE, natural_loss=LOSE),
    "bonus-pair-player": {"pair": F(11), "no-pair": LOSE},
    "bonus-pair-dealer": {"pair": F(11), "no-pair": LOSE},
}

BAC_BO = {  # Evolution's Bac Bo as operators print it (issue 22): 1:1, 90% returned on a tie; Tie 88 25 10 6 4
    "player": {"win": F(1), "tie": F(-1, 10), "lose": LOSE},
    "banker": {"win": F(1), "tie": F(-1, 10), "lose": LOSE},
    "tie": {"tie-2-12": F(88), "tie-3-11": F(25), "tie-4-10": F(10), "tie-5-9": F(6), "tie-6-8": F(4), "no-tie": LOSE},
}

ANDAR_BAHAR = {  # issue 22: Andar 0.9 to 1 (the first card goes to Andar), Bahar 1 to 1; void: stake back
    "andar": {"win": F(9, 10), "lose": LOSE, "void": F(0)},
    "bahar": {"win": F(1), "lose": LOSE, "void": F(0)},
}

TRIPLE_ZERO_ROULETTE = {  # issue 22: 39 pockets, the single-zero wheel's pays (0, 00 and 000 lose outside bets)
    **{
        bet: {"win": F(p), "lose": LOSE}
        for bet, p in (
            ("straight", 35),
            ("split", 17),
            ("street", 11),
            ("trio-0-00-000", 11),
            ("corner", 8),
            ("line", 5),
        )
    },
    **{bet: {"win": F(p), "lose": LOSE, "zero": LOSE} for bet, p in (("column", 2), ("dozen", 2))},
    **{bet: {"win": F(1), "lose": LOSE, "zero": LOSE} for bet in ("red", "black", "even", "odd", "low", "high")},
}


SEEDS = {
    "baccarat": BACCARAT,
    "tiger-baccarat": TIGER_BACCARAT,
    "dragon-tiger": DRAGON_TIGER,
    "dragon-tiger-poker": DRAGON_TIGER_POKER,
    "sic-bo": SIC_BO,
    "roulette": ROULETTE,
    "american-roulette": AMERICAN_ROULETTE,
    "bac-bo": BAC_BO,
    "andar-bahar": ANDAR_BAHAR,
    "triple-zero-roulette": TRIPLE_ZERO_ROULETTE,
    "player-dealer-baccarat": PLAYER_DEALER,
}

WINDOWS = {  # RULES.md, "Side-bet windows": rounds from the start of a shoe (None: always offered)
    "baccarat": {
        **dict.fromkeys(("big", "small"), 40),
        **dict.fromkeys(("player-pair", "banker-pair", "either-pair", "perfect-pair"), 65),
        "lucky-6": 60,
        **dict.fromkeys(("dragon-bonus-player", "dragon-bonus-banker"), 60),
    },
    "tiger-baccarat": dict.fromkeys(("tiger-tie", "tiger", "small-tiger", "big-tiger", "tiger-pair"), 60),
    "dragon-tiger": {bet: 25 for bet in DRAGON_TIGER if bet not in ("dragon", "tiger", "tie")},
    "dragon-tiger-poker": {bet: 50 for bet in DRAGON_TIGER_POKER if bet not in ("dragon", "tiger", "tie")},
}

VARIANTS = {  # RULES.md's "variants to ship": (game, paytable) -> the bets that differ from the seed
    ("baccarat", "tie-9"): {"tie": {"tie": F(9), "no-tie": LOSE}},
    ("baccarat", "perfect-pair-25"): {"perfect-pair": {"perfect-pair": F(25), "no-perfect-pair": LOSE}},
    ("baccarat", "big-054"): {"big": {"big": F("0.54"), "small": LOSE}},
    ("baccarat", "lucky-6-12-23"): {"lucky-6": {"six-two-cards": F(12), "six-three-cards": F(23), "other": LOSE}},
    ("baccarat", "dragon-bonus-standard"): {
        "dragon-bonus-player": dragon_bonus(STANDARD_TABLE),
        "dragon-bonus-banker": dragon_bonus(STANDARD_TABLE),
    },
    ("tiger-baccarat", "tiger-pair-same-rank"): {"tiger-pair": {**TIGER_BACCARAT["tiger-pair"], "same-rank": F(100)}},
    ("sic-bo", "common"): {
        **{f"triple-{n}": {"triple": F(180), "other": LOSE} for n in range(1, 7)},
        "any-triple": {"triple": F(30), "other": LOSE},
        **{f"total-{t}": {"hit": F(p), "miss": LOSE} for t, p in zip((4, 5, 6, 15, 16, 17), (60, 30, 17, 17, 30, 60))},
        **{f"double-{n}": {"double": F(10), "other": LOSE} for n in range(1, 7)},
        **{f"pair-{a}-{b}": {"pair": F(6), "other": LOSE} for a in range(1, 7) for b in range(a + 1, 7)},
    },
    ("player-dealer-baccarat", "dragon-bonus-natural-always-wins"): {
        # the seed's literal reading: a natural on the wagered hand always wins (pays 1)
        bet: {**PLAYER_DEALER[bet], "natural-tie": F(1), "natural-loss": F(1)}
        for bet in ("dragon-bonus-player", "dragon-bonus-dealer")
    },
}


def _pays(game_id, paytable=None):
    game = get_game(game_id)
    table = load_paytable(game, paytable) if paytable else load_paytable(game)
    return {bet: dict(table.bet(bet).pays) for bet in table.bets}, {bet: table.bet(bet).window for bet in table.bets}


def test_every_game_has_its_seed_pays_here():
    missing = sorted(g.id for g in all_games() if g.id not in SEEDS)
    assert not missing, f"type the seed pays of {missing} into SEEDS from RULES.md and the seeds"


@pytest.mark.parametrize("game_id", sorted(SEEDS))
def test_seed_pays_and_windows_are_the_rules(game_id):
    pays, windows = _pays(game_id)
    assert sorted(pays) == sorted(SEEDS[game_id])  # every shipped bet, no more, no fewer
    for bet, want in SEEDS[game_id].items():
        assert pays[bet] == want, (game_id, bet)
        assert windows[bet] == WINDOWS.get(game_id, {}).get(bet), (game_id, bet, "window")


@pytest.mark.parametrize("game_id,paytable", sorted(VARIANTS))
def test_variants_change_only_what_rules_md_says(game_id, paytable):
    seed, seed_windows = _pays(game_id)
    pays, windows = _pays(game_id, paytable)
    want = {bet: VARIANTS[game_id, paytable].get(bet, seed_pays) for bet, seed_pays in SEEDS[game_id].items()}
    assert {bet: pays[bet] for bet in want} == want
    assert {bet: windows[bet] for bet in want} == seed_windows
