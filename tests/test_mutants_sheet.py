"""odds/sheet.py's build_sheet and bet_sheet against what each of their arguments promises, for
the mutants the figure tests do not notice (docs/development.md, "Mutation testing";
docs/mutants/sheet.md): the refusals word for word, a fee of None as a fee of 0, the cards seen
and keep_going passed on, and each bet's sheet carrying its rule's names, window and extra
figures, its rows ordered by pays."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_mutants_plan import FIRST_HEART

from odds.errors import OddsError
from odds.exact import plan as plan_module
from odds.exact import positional
from odds.games import get_game
from odds.overlay.sheet import with_unknowns
from odds.paytable import load_paytable
from odds.sheet import build_sheet
from odds.shoe import Shoe


def test_a_fee_is_refused_on_a_game_without_one_word_for_word():
    game = get_game("baccarat")
    with pytest.raises(OddsError) as refused:
        build_sheet(game, game.paytable(), Shoe.decks(8), ["banker"], fee=Fraction(1, 20))
    assert str(refused.value) == "--fee applies only to games with a collection fee, not baccarat"


def test_no_fee_is_a_fee_of_zero_and_a_fee_changes_the_extra_figures():
    """Player-dealer baccarat takes a collection fee: its extra figures (each line's economics
    and edges by policy) with no fee are those with a fee of 0, and a fee of 5% changes them."""
    game = get_game("player-dealer-baccarat")
    shoe = Shoe.decks(game.default_decks)
    none, zero = build_sheet(game, game.paytable(), shoe), build_sheet(game, game.paytable(), shoe, fee=Fraction(0))
    five = build_sheet(game, game.paytable(), shoe, fee=Fraction(1, 20))
    assert [b.extra for b in none.bets] == [b.extra for b in zero.bets]
    assert all(b.extra for b in none.bets) and [b.extra for b in five.bets] != [b.extra for b in none.bets]
    # extra=False: the outcome tables alone, the same rows
    bare = build_sheet(game, game.paytable(), shoe, extra=False)
    assert all(b.extra == {} for b in bare.bets) and [b.rows for b in bare.bets] == [b.rows for b in none.bets]


def test_multiplier_bets_are_refused_given_the_cards_seen_word_for_word():
    """Golden Wealth's weights given (any values): priced off the top, refused given a card seen."""
    game = get_game("baccarat")
    table = with_unknowns(load_paytable(game, "golden-wealth"), {u: Fraction(1, 3) for u in "abc"})
    priced = build_sheet(game, table, Shoe.decks(8), ["player", "tie"])
    assert [b.id for b in priced.bets] == ["player", "tie"] and all(b.total for b in priced.bets)
    with pytest.raises(OddsError) as refused:
        build_sheet(game, table, Shoe.decks(8), ["player", "tie"], player="9")
    assert str(refused.value) == "player, tie: multiplier bets cannot be priced given the cards seen"


def test_each_bet_carries_its_rule_s_names_window_and_rows_ordered_by_pays():
    """Baccarat's seed on eight decks: each bet's name is its rule's, its outcomes' labels are
    the rule's (every outcome a row, one that cannot happen a row of 0), its window is the
    paytable's, and its rows run from the highest pay down (equal pays in the rule's order)."""
    game = get_game("baccarat")
    paytable = game.paytable()
    sheet = build_sheet(game, paytable, Shoe.decks(8))
    assert [b.id for b in sheet.bets] == list(paytable.bets)
    for bet in sheet.bets:
        rule, pays = paytable.rule(bet.id), paytable.bet(bet.id)
        assert bet.name == rule.name and bet.window == pays.window
        order = sorted(range(len(rule.outcomes)), key=lambda i: -pays.pays[rule.outcomes[i].key])  # (stable)
        assert [(r.key, r.outcome) for r in bet.rows] == [(rule.outcomes[i].key, rule.outcomes[i].label) for i in order]
        assert sum(r.combinations for r in bet.rows) == bet.total
    assert {b.window for b in sheet.bets} > {None}  # (the pairs' windows: 65 rounds)


def test_an_outcome_that_cannot_happen_is_a_row_of_no_combinations():
    """One suit of thirteen ranks: no pair can be dealt, so the pair bets' winning rows count 0
    (an int, as every row) and their losing rows every deal."""
    game = get_game("baccarat")
    sheet = build_sheet(game, game.paytable(), Shoe.from_rank_counts([1] * 13), ["player-pair", "banker-pair"])
    for bet in sheet.bets:
        wins = [r for r in bet.rows if r.pays > 0]
        assert wins and all(type(r.combinations) is int and r.combinations == 0 for r in wins)
        assert sum(r.combinations for r in bet.rows) == bet.total > 0


def test_a_call_bets_chips_are_its_extra_figures():
    """European roulette's call bets show their chips under the table (RULES.md: voisins du zero
    9 chips, tiers du cylindre 6)."""
    game = get_game("roulette")
    sheet = build_sheet(game, game.paytable(), None)
    chips = {b.id: b.extra.get("chips_wagered") for b in sheet.bets}
    assert chips["voisins-du-zero"] == 9 and chips["tiers"] == 6
    assert build_sheet(game, game.paytable(), None, ["red"]).bet("red").extra == {}


def test_keep_going_and_the_cards_seen_reach_the_check_of_each_bets_table(tmp_path, monkeypatch):
    """``player_suit1 == 'h'``'s table is within a limit of 1 grouped row off the top and past
    it given the player's first card (tests/test_mutants_plan.py): build_sheet given that card
    raises by default, and with keep_going leaves the bet out with its error."""
    monkeypatch.setattr(positional, "TERM_ROWS_LIMIT", 1)
    monkeypatch.setattr(plan_module, "_SEEN", {})
    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "first-heart.toml"
    path.write_text(FIRST_HEART)
    game = get_game("baccarat")
    paytable = load_paytable(game, str(path))
    message = f"{path}: bets.first-heart: an exact table would group 2 rows, more than the 1 allowed"
    assert build_sheet(game, paytable, Shoe.decks(8), ["first-heart"]).bet("first-heart").total
    with pytest.raises(OddsError) as refused:
        build_sheet(game, paytable, Shoe.decks(8), ["first-heart"], player="K")
    assert str(refused.value) == message
    kept = build_sheet(game, paytable, Shoe.decks(8), ["first-heart"], player="K", keep_going=True)
    assert kept.failed == (("first-heart", message),) and kept.bets == ()


def test_full_shoe_sheets_are_every_shipped_paytable_then_each_file_on_its_games_full_shoe(tmp_path):
    """What ``odds export`` writes: every shipped paytable of every game on the game's default
    shoe (dice and wheels: none), then each paytable file given, of the game it names."""
    from odds.games import all_games
    from odds.paytable import shipped_names
    from odds.sheet import full_shoe_sheets

    path = tmp_path / "mine.toml"
    path.write_text('game = "dragon-tiger"\nextends = "seed"\n')
    sheets = list(full_shoe_sheets([str(path)]))
    expected = [(g.id, n) for g in all_games() for n in shipped_names(g)] + [("dragon-tiger", str(path))]
    assert [(s.game.id, s.paytable.name if s is not sheets[-1] else str(path)) for s in sheets] == expected
    for sheet in sheets:
        game = sheet.game
        assert sheet.shoe == (Shoe.decks(game.default_decks) if game.uses_shoe else None), game.id
        unpriced = {b for b in sheet.paytable.bets if sheet.paytable.bet(b).overlay is not None}
        assert [b.id for b in sheet.bets] == [b for b in sheet.paytable.bets if b not in unpriced]
    mine = sheets[-1]
    assert [b.rows for b in mine.bets] == [b.rows for b in sheets[expected.index(("dragon-tiger", "seed"))].bets]
