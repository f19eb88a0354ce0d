"""odds/sheet.py's build_sheet and bet_sheet against what each of their arguments promises, for
the mutants the figure tests do not notice (docs/development.md, "Mutation testing";
docs/mutants/sheet.md): the refusals word for word, a fee of None as a fee of 0, the cards seen
and keep_going passed on, and each bet's sheet carrying its rule's names, window and extra
figures, its rows ordered by pays."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from test_mutants_plan import first_heart_past_its_limit_given_a_card

from odds.errors import OddsError
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
    for bet in none.bets:  # no fee: the expectation net of the fee is the bet's own
        economics = bet.extra["economics"]
        assert economics["fee"] == 0 and economics["player_expectation_net_of_fee"] == bet.expected_value
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
    game, paytable, message = first_heart_past_its_limit_given_a_card(tmp_path, monkeypatch)
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

    path, dice = tmp_path / "mine.toml", tmp_path / "dice.toml"
    path.write_text(
        'game = "dragon-tiger"\nextends = "seed"\n\n[bets.dragon-ace]\noutcomes = [\n'
        '  { key = "win", when = "dragon_rank == 1", pays = 11 },\n  { key = "other", pays = -1 },\n]\n'
    )
    dice.write_text('game = "sic-bo"\nextends = "seed"\n')
    sheets = list(full_shoe_sheets([str(path), str(dice)]))
    shipped = [(g.id, n) for g in all_games() for n in shipped_names(g)]
    assert [(s.game.id, s.paytable.name) for s in sheets[:-2]] == shipped
    assert [s.game.id for s in sheets[-2:]] == ["dragon-tiger", "sic-bo"] and sheets[-1].shoe is None
    assert sheets[-2].bet("dragon-ace").total == sheets[-2].bet("dragon").total
    expected = shipped + [("dragon-tiger", "seed")]
    for sheet in sheets:
        game = sheet.game
        assert sheet.shoe == (Shoe.decks(game.default_decks) if game.uses_shoe else None), game.id
        unpriced = {b for b in sheet.paytable.bets if sheet.paytable.bet(b).overlay is not None}
        assert [b.id for b in sheet.bets] == [b for b in sheet.paytable.bets if b not in unpriced]
    seed = sheets[expected.index(("dragon-tiger", "seed"))]
    assert [b.rows for b in sheets[-2].bets if b.id != "dragon-ace"] == [b.rows for b in seed.bets]


def test_unknown_weights_refused_when_asked_for_and_left_out_with_a_note_otherwise():
    """Lightning Roulette's straight-up bet has unknown weights (its lucky numbers'): asked for,
    one error naming them; among all the paytable's bets, left out, the other fifteen priced,
    and a note says so."""
    from odds.overlay.sheet import unknown_weights_note

    game = get_game("roulette")
    table = load_paytable(game, "lightning")
    unpriced = [b for b in table.bets if table.bet(b).overlay is not None]
    names = sorted(table.bet("straight").overlay.unknowns)
    with pytest.raises(OddsError) as refused:
        build_sheet(game, table, None, ["straight", "split"])
    assert str(refused.value) == (
        f"straight: the multiplier weights are unknown ({', '.join(names)}): `odds solve roulette --weights "
        f"--paytable lightning` fits them to the published RTPs, --unknowns {names[0]}=X prices them"
    )
    sheet = build_sheet(game, table, None)
    assert unpriced == ["straight"] and [b.id for b in sheet.bets] == [b for b in table.bets if b != "straight"]
    assert sheet.notes[-1] == unknown_weights_note(game, table, unpriced)
    assert sheet.notes[:-1] == game.notes + table.notes


def test_an_infinite_shoe_notes_what_its_combinations_count_and_refuses_the_cards_seen():
    game = get_game("baccarat")
    ez = game.paytable("ez-baccarat")  # (a paytable with notes of its own: kept before the shoe's)
    sheet = build_sheet(game, ez, Shoe.infinite_shoe(), ["tie"])
    assert sheet.bet("tie").total == 13**6
    assert sheet.notes[-1] == (
        "An infinite shoe: every card is dealt with replacement, each of the 52 equally likely. The "
        "combinations count ordered sequences of 6 ranks (4,826,809), or of 6 cards (19,770,609,664) "
        "for bets that read suits."
    )
    assert sheet.notes[:-1] == game.notes + ez.notes and ez.notes
    with pytest.raises(OddsError) as refused:
        build_sheet(game, game.paytable(), Shoe.infinite_shoe(), ["tie"], player="K")
    assert str(refused.value) == "--player and --banker need a shoe of whole decks: an infinite shoe is not depleted"


@pytest.mark.parametrize("player, banker", [("K", ""), ("", "9"), ("K 4", "9")])
def test_the_cards_seen_condition_every_figure_and_are_noted(player, banker):
    """Given the cards seen, the deals counted are the six-card orderings of eight decks that
    show them: each card seen fixes its position, the other positions are any of the cards left."""
    game = get_game("baccarat")
    ez = game.paytable("ez-baccarat")  # (a paytable with notes of its own: kept before the cards seen's)
    sheet = build_sheet(game, ez, Shoe.decks(8), ["tie"], player=player, banker=banker)
    assert sheet.notes[:-1] == game.notes + ez.notes and ez.notes
    seen = (player + " " + banker).split()
    fixed = 1
    for i, card in enumerate(seen):  # 32 of a rank, one fewer for each of that rank seen before
        fixed *= 32 - sum(c == card for c in seen[:i])
    free, left = 6 - len(seen), 416 - len(seen)
    assert sheet.bet("tie").total == fixed * math.perm(left, free)
    assert sheet.notes[-1] == (
        f"Given the cards of this round seen so far - player: {player or 'none'}; banker: {banker or 'none'} - "
        "every figure is conditional on them: the deals counted are the ordered six-card deals of the shoe "
        "that agree with those cards."
    )


def test_a_sheet_names_a_bet_it_does_not_hold_and_suggests_one():
    from odds.errors import UnknownBet

    game = get_game("baccarat")
    sheet = build_sheet(game, game.paytable(), Shoe.decks(8), ["tie", "banker"])
    with pytest.raises(UnknownBet) as refused:
        sheet.bet("tye")
    assert refused.value.name == "tye" and "tie" in refused.value.suggestions and "tye" in str(refused.value)


def test_a_bets_frame_has_a_row_per_bet_and_a_bad_kind_is_refused_word_for_word():
    """``to_frame("bets")``: a row per bet with the game and paytable, for two bets, one, or none
    (then the three key columns, empty); a kind other than outcomes or bets refused word for
    word. (The outcomes frame against the CLI's CSV, cell by cell: tests/test_api.py.)"""
    pytest.importorskip("pandas")
    from odds.sheet import Sheet

    game = get_game("baccarat")
    sheet = build_sheet(game, game.paytable(), Shoe.decks(8).remove("6x4"), ["banker", "lucky-6"])
    bets = sheet.to_frame("bets")
    assert list(bets.columns[:3]) == ["game", "paytable", "bet"] and list(bets["bet"]) == ["banker", "lucky-6"]
    assert set(bets["game"]) == {"baccarat"} and set(bets["paytable"]) == {game.paytable().name}
    one = build_sheet(game, game.paytable(), Shoe.decks(8), ["tie"]).to_frame("bets")
    assert list(one["bet"]) == ["tie"] and list(one.columns) == list(bets.columns)
    empty = Sheet(game, game.paytable(), Shoe.decks(8), ()).to_frame("bets")
    assert list(empty.columns) == ["game", "paytable", "bet"] and len(empty) == 0
    with pytest.raises(OddsError) as refused:
        sheet.to_frame("nope")
    assert str(refused.value) == "to_frame takes 'outcomes' or 'bets', not 'nope'"


GOLD_PLAYER = """
game = "baccarat"
extends = "seed"

[bets.gold-player]
name = "Gold Player"
window = 30
outcomes = [
  { key = "win", label = "Player wins", when = "player_wins", pays = 1 },
  { key = "tie", label = "Tie", when = "tie", pays = 0 },
  { key = "lose", label = "Banker wins", pays = -1 },
]
[bets.gold-player.multipliers]
boosts = "cards"
count = 5
values = { 2 = "1/2", 3 = "1/2" }
fee = "0.2"
boosted = [ { outcome = "win", reads = "player" } ]
"""


def test_a_multiplier_bets_sheet_carries_its_name_window_multipliers_and_fee(tmp_path):
    path = tmp_path / "gold.toml"
    path.write_text(GOLD_PLAYER)
    game = get_game("baccarat")
    bet = build_sheet(game, load_paytable(game, str(path)), Shoe.decks(8), ["gold-player"]).bet("gold-player")
    assert (bet.name, bet.window, bet.fee) == ("Gold Player", 30, Fraction(1, 5))
    multipliers = bet.extra["multipliers"]
    assert multipliers["count"] == {"5": 1} and multipliers["fee"] == Fraction(1, 5)
    assert {r.outcome for r in bet.rows} >= {"Tie", "Banker wins"} and sum(
        r.combinations for r in bet.rows
    ) == bet.total


def test_a_sheet_and_a_bet_show_themselves_in_a_notebook():
    """The notebook's text and HTML views (odds.render.notebook) of a sheet and of one bet name
    what they show."""
    game = get_game("baccarat")
    sheet = build_sheet(game, game.paytable(), Shoe.decks(8), ["tie", "banker"])
    for text in (repr(sheet), sheet._repr_html_()):
        assert "baccarat" in text.lower() and "tie" in text and "banker" in text
    for text in (repr(sheet.bet("tie")), sheet.bet("tie")._repr_html_()):
        assert "tie" in text and "14.3596%" in text  # (tie at 8 to 1, eight decks: 14.36%)
