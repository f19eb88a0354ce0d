"""odds/games/player_dealer.py: what its own tests do not pin down, for the mutants that survived
(docs/development.md, "Mutation testing")."""

from __future__ import annotations

import pytest

from odds.games import get_game


@pytest.mark.parametrize("choose", ["fold", "Stand", ""])
def test_a_choice_other_than_stand_or_hit_is_refused_word_for_word(choose):
    game = get_game("player-dealer-baccarat")
    with pytest.raises(ValueError) as refused:
        game.code_columns([], [], choose=choose)
    assert str(refused.value) == f"choose must be stand or hit, not {choose!r}"
