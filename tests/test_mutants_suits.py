"""The suit patterns of odds/exact/suits.py against a plain enumeration of every assignment of suits,
for the mutants of its functions that the table tests do not notice (docs/development.md,
"Mutation testing").
"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import pytest

from odds.bets.condition import compile_condition
from odds.bets.features import feature_specs, feature_table
from odds.exact.suits import LABEL, SuitReading, suit_reading

# two atoms ({h, d} and {s, c}: a bet naming a colour) and one suit of each kind of reading
READINGS = [
    SuitReading((6, 9), ("label", "class", "label", "label")),
    SuitReading((15,), ("class", "label", "label", "class")),
    SuitReading((1, 2, 4, 8), ("class", "class", "class")),
]


def _pattern_of(suits, reading: SuitReading) -> tuple[int, ...]:
    """The pattern of concrete suits, from the module docstring's definition: a class position's
    atom; a labelled position's atom and the order in which its suit first appears among the
    labelled positions of that atom."""
    seen: dict[int, list[int]] = {}
    code = []
    for suit, level in zip(suits, reading.levels):
        atom = next(a for a, mask in enumerate(reading.atoms) if mask >> suit & 1)
        if level == "class":
            code.append(atom)
        else:
            order = seen.setdefault(atom, [])
            if suit not in order:
                order.append(suit)
            code.append(LABEL + 4 * atom + order.index(suit))
    return tuple(code)


def _members(reading: SuitReading) -> dict[tuple[int, ...], set[tuple[int, ...]]]:
    out: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    for suits in itertools.product(range(4), repeat=len(reading.levels)):
        out.setdefault(_pattern_of(suits, reading), set()).add(suits)
    return out


@pytest.mark.parametrize("reading", READINGS)
def test_patterns_sample_every_member_and_nothing_else(reading):
    positions = tuple(range(len(reading.levels)))
    patterns = reading.patterns(positions)
    members = _members(reading)
    assert set(patterns.codes) == set(members)
    draws = [20 * len(members[code]) for code in patterns.codes]  # each member drawn 20 times on average
    rows = patterns.sample(np.repeat(np.arange(len(draws)), draws), np.random.default_rng(26)).tolist()
    ends = np.cumsum(draws).tolist()
    for j, code in enumerate(patterns.codes):
        expanded = {t for masks in patterns.expansions[j] for t in itertools.product(*map(_suits, masks))}
        assert expanded == members[code]
        drawn = {tuple(row) for row in rows[ends[j] - draws[j] : ends[j]]}
        assert drawn == members[code]  # every member drawn, and no other


def _suits(mask: int) -> list[int]:
    return [s for s in range(4) if mask >> s & 1]


@pytest.mark.parametrize("reading", READINGS[:2])
def test_a_pattern_without_a_position_is_the_pattern_of_the_other_suits(reading):
    positions = tuple(range(len(reading.levels)))
    patterns = reading.patterns(positions)
    for k in positions:
        rest = SuitReading(reading.atoms, reading.levels[:k] + reading.levels[k + 1 :])
        others = reading.patterns(positions[:k] + positions[k + 1 :])
        without = patterns.without(k).tolist()
        for j, suits in enumerate(patterns.suits.tolist()):
            assert others.codes[without[j]] == _pattern_of(suits[:k] + suits[k + 1 :], rest)


def test_a_feature_reading_suits_otherwise_makes_every_suit_its_own_atom():
    """The module docstring: no suit read, one atom of all four; a feature declared ``"other"``
    (no shipped game has one) makes every suit its own atom, whatever the literals."""
    specs = feature_specs("baccarat")
    table = feature_table("baccarat")

    def reading(text, specs):
        return suit_reading([compile_condition(text, table), None], specs, 6)

    assert reading("player_wins", specs) == SuitReading((15,), (None,) * 6)
    colour = 'player_suit1 in ("h", "d")'
    assert reading(colour, specs) == SuitReading((6, 9), ("class",) + (None,) * 5)
    other = {**specs, "player_suit1": dataclasses.replace(specs["player_suit1"], suits="other")}
    assert reading(colour, other) == SuitReading((1, 2, 4, 8), ("class",) + (None,) * 5)


def test_each_suit_comparison_counts_whichever_side_it_is_on():
    specs = feature_specs("baccarat")
    table = feature_table("baccarat")

    def reading(text, specs=specs):
        return suit_reading([compile_condition(text, table), None], specs, 6)

    heart = SuitReading((2, 13), ("class",) + (None,) * 5)
    assert reading('player_suit1 == "h"') == reading('"h" == player_suit1') == heart
    # two comparisons of suits with suits: all four positions labelled (which share a suit matters)
    pairs = reading("player_suit1 == banker_suit1 and player_suit2 == banker_suit2")
    assert pairs == SuitReading((15,), ("label", "label", "label", "label", None, None))
    # a suit compared with a text that is not a suit: no symmetry assumed, every suit its own atom
    plain = {**specs, "banker_suit1": dataclasses.replace(specs["banker_suit1"], suits=None)}
    assert reading("player_suit1 == banker_suit1", plain) == SuitReading((1, 2, 4, 8), ("class",) + (None,) * 5)
    # literals that cut every suit apart: no symmetry left, the labels become plain suits (class)
    apart = 'player_suit1 == banker_suit1 and player_suit1 != "h" and player_suit1 != "s" and player_suit1 != "d"'
    assert reading(apart) == SuitReading((1, 2, 4, 8), ("class", "class") + (None,) * 4)
