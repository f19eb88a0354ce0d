"""odds/games/player_dealer.py: what its own tests do not pin down, for the mutants that survived
(docs/development.md, "Mutation testing"; docs/mutants/player_dealer.md).

Each test compares the program with a second way to the same figure - the reference dealer
(tests/reference/, which imports nothing from odds), a direct sum over deals, the committed
settlement vectors, or another route of the program that shares none of the code under test - or
checks a contract word for word (the JSON keys of the sheet's extra figures).
"""

from __future__ import annotations


import numpy as np
import pytest

from odds.core import expected_value
from odds.exact.plan import Plan
from odds.games import get_game
from odds.paytable import load_paytable
from odds.shoe import Shoe

GAME = get_game("player-dealer-baccarat")
RANKS = "A23456789TJQK"
LINE = {"first": "player-wins", "tie": "tie", "second": "dealer-wins"}
HAND = {(0, 5): "5-0", (1, 4): "A-4", (2, 3): "2-3", (6, 9): "6-9", (7, 8): "7-8"}
"""The option hands' names, as docs/rules.md writes them (0 = a ten-value card, last)."""


def text(cards) -> str:
    return ",".join(RANKS[r - 1] + s for r, s in cards)


@pytest.mark.parametrize("choose", ["fold", "Stand", ""])
def test_a_choice_other_than_stand_or_hit_is_refused_word_for_word(choose):
    with pytest.raises(ValueError) as refused:
        GAME.code_columns([], [], choose=choose)
    assert str(refused.value) == f"choose must be stand or hit, not {choose!r}"


# -- many shoes at once: the line bets under a fixed policy are priced on the drawing table -----------


def test_many_shoes_price_the_fixed_policy_line_bets_on_the_drawing_table(monkeypatch):
    """``Plan.numerators`` (odds batch, count, eor): a line bet under the house way or always
    stand is decided by the drawing alone, so the drawing table's pass over every end state prices
    it (the game's ``state_outcomes``) - the option analysis, shoe by shoe, is left to the best
    choice. Each shoe's figures are those the game's own counts give (the option analysis' tally)."""
    shoes = [Shoe.decks(8), Shoe.decks(1)]
    bets = ["player-line", "player-line-always-stand", "dealer-line-always-stand", "early-tie-always-stand"]
    bets += ["player-line-best-choice", "dealer-line-best-choice", "dealer-line"]
    paytable = load_paytable(GAME)
    expected = [
        {b: expected_value(paytable.bet(b).pays, c.counts, c.total) for b, c in GAME.count(s, bets).items()}
        for s in shoes
    ]
    asked = []
    count_code = GAME.count_code
    monkeypatch.setattr(GAME, "count_code", lambda shoe, ids, table: asked.append(ids) or count_code(shoe, ids, table))
    got = Plan(GAME, paytable, bets, fast=False).exact(  # the exact path: no kernel to build
        np.array([list(s.rank_counts) for s in shoes])
    )
    assert asked == [["player-line-best-choice", "dealer-line-best-choice"]] * len(shoes)
    assert [{b: got[b][i] for b in bets} for i in range(len(shoes))] == expected
    # the shoes tell the policies apart (else a policy's figures could be another's)
    assert all(
        len({e["player-line"], e["player-line-always-stand"], e["player-line-best-choice"]}) == 3 for e in expected
    )
