"""Cards and shoes: the spec syntax, removals, resolutions."""

import pytest

from odds.cards import CardError, parse_cards
from odds.shoe import Shoe, ShoeError, SuitsUnknown


def test_parse_cards_reads_ranks_suits_and_multipliers():
    specs = parse_cards("5x3, K,Th,10s,a")
    assert [(s.rank, s.suit, s.count) for s in specs] == [
        (5, None, 3),
        (13, None, 1),
        (10, "h", 1),
        (10, "s", 1),
        (1, None, 1),
    ]


@pytest.mark.parametrize("bad", ["Z", "5x0", "Kz", "11", "x3", "5x"])
def test_bad_card_specs_are_errors_naming_the_item(bad):
    with pytest.raises(CardError, match="bad card"):
        parse_cards(bad)


def test_decks_and_resolutions_agree():
    shoe = Shoe.decks(8)
    assert shoe.total == 416
    assert shoe.values() == (128,) + (32,) * 9
    assert shoe.ranks() == (32,) * 13
    assert shoe.card_counts() == (8,) * 52
    assert sum(shoe.values()) == sum(shoe.ranks()) == sum(shoe.card_counts())


@pytest.mark.parametrize("n", [0, -1])
def test_decks_must_be_positive(n):
    with pytest.raises(ShoeError, match="at least 1"):
        Shoe.decks(n)


def test_remove_counts_and_keeps_suits_only_when_named():
    suited = Shoe.decks(1).remove("Kh").remove("5sx1")
    assert suited.has_suits and suited.total == 50
    assert suited.ranks()[12] == 3 and suited.values()[5] == 3
    unsuited = Shoe.decks(1).remove("K")
    assert not unsuited.has_suits
    with pytest.raises(SuitsUnknown):
        unsuited.card_counts()


def test_removing_a_card_the_shoe_lacks_is_an_error():
    with pytest.raises(ShoeError, match="cannot remove Kh"):
        Shoe.decks(1).remove("Kh,Kh")
    with pytest.raises(ShoeError, match="cannot remove Kx5"):
        Shoe.decks(1).remove("Kx5")
    with pytest.raises(ShoeError, match="holds none"):
        Shoe.decks(1).remove("Kx4,K")


def test_shoe_is_hashable_value():
    assert Shoe.decks(2).remove("5") == Shoe.decks(2).remove("5")
    assert len({Shoe.decks(2), Shoe.decks(2)}) == 1


@pytest.mark.parametrize("bad", [[4] * 12 + [32.9], [4] * 12 + [True], [4] * 12 + ["4"], [4] * 12 + [-1], [4] * 12])
def test_counts_must_be_whole_numbers(bad):
    with pytest.raises(ShoeError, match="whole number"):
        Shoe.from_rank_counts(bad)
