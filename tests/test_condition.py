"""The condition language's arithmetic against Python's own, on random operands of both signs.

docs/bets.md promises ``+ - * %`` over integers "as in Python" (odds/bets/condition.py: ``%`` is
Python's floor modulo, so ``-7 % 3 == 2`` and ``7 % -3 == -2``), and that the check proves every
intermediate fits in 64-bit integers before a condition is counted. Both are checked here without
reading the module's own bounds: the values against Python's operators, the proof by asking for a
product that would leave int64 if the true range of a ``%`` were any wider than the check claims.
"""

from __future__ import annotations

import operator
import random

import numpy as np
import pytest

from odds.bets.condition import INT, INT64_SAFE, ConditionError, FeatureType, compile_condition, evaluate

PYTHON = {"+": operator.add, "-": operator.sub, "*": operator.mul, "%": operator.mod}


def features(a_range, b_range):
    return {"a": FeatureType(INT, *a_range), "b": FeatureType(INT, *b_range)}


@pytest.mark.parametrize("op", sorted(PYTHON))
def test_arithmetic_is_pythons_on_random_operands_of_both_signs(op):
    """Many rounds at once (numpy arrays of a and b), each row checked against Python's operator.
    A C-style remainder (numpy's fmod, the sign of the dividend) fails the ``%`` case."""
    rng = random.Random(f"condition {op}")
    for _ in range(40):
        lows = sorted(rng.randint(-1000, 1000) for _ in range(2))
        a_range = (lows[0], lows[1])
        sign = rng.choice((-1, 1))
        b_range = tuple(sorted(sign * rng.randint(1, 500) for _ in range(2)))  # never 0: % refuses it
        rows = 200
        a = [rng.randint(*a_range) for _ in range(rows)]
        b = [rng.randint(*b_range) for _ in range(rows)]
        want = [PYTHON[op](x, y) for x, y in zip(a, b)]
        # compare against a third array of the expected values, itself a feature
        table = {**features(a_range, b_range), "want": FeatureType(INT, min(want), max(want))}
        cond = compile_condition(f"a {op} b == want", table)
        env = {"a": np.array(a, dtype=np.int64), "b": np.array(b, dtype=np.int64), "want": np.array(want)}
        got = evaluate(cond, env, rows)
        assert got.all(), [(x, y, w) for x, y, w, g in zip(a, b, want, got) if not g][:5]


@pytest.mark.parametrize(
    "text,value",
    [("-7 % 3", -7 % 3), ("7 % -3", 7 % -3), ("-7 % -3", -7 % -3), ("-6 % 3", 0), ("0 % -5", 0), ("-1 % 10", 9)],
)
def test_modulo_of_literals_is_floor_modulo(text, value):
    cond = compile_condition(f"{text} == {value}", {})
    assert evaluate(cond, {}, 1).all()
    wrong = compile_condition(f"{text} == {value + 1}", {})
    assert not evaluate(wrong, {}, 1).any()


def _true_extremes(a_range, b_range):
    values = [x % y for x in range(a_range[0], a_range[1] + 1) for y in range(b_range[0], b_range[1] + 1)]
    return min(values), max(values)


@pytest.mark.parametrize("sign", [1, -1], ids=["positive divisor", "negative divisor"])
def test_the_int64_proof_covers_every_value_of_a_modulo(sign):
    """For a divisor of either sign: a multiplier ``m`` just large enough to carry the true extreme of
    ``a % b`` (found by trying every pair) past 2**62 must be refused by the check. A range that
    forgets the sign of the result (e.g. 0..|b|-1 for a negative divisor, whose results are
    -(|b|-1)..0) lets an int64 overflow through."""
    rng = random.Random(f"modulo range {sign}")
    for _ in range(30):
        a_range = tuple(sorted(rng.randint(-60, 60) for _ in range(2)))
        b_range = tuple(sorted(sign * rng.randint(1, 40) for _ in range(2)))  # 1: the edge of the sign
        low, high = _true_extremes(a_range, b_range)
        extreme = max(abs(low), abs(high))
        if extreme == 0:
            continue
        table = features(a_range, b_range)
        for side, value in (("low", low), ("high", high)):
            if value == 0:
                continue
            k = INT64_SAFE // abs(value) + 1  # value * k leaves the proven range
            with pytest.raises(ConditionError, match="beyond the range"):
                compile_condition(
                    f"(a % b) * m {'<' if side == 'low' else '>'} 0", {**table, "m": FeatureType(INT, 1, k)}
                )
        # a % b has the divisor's sign, so adding (b < 0) or subtracting (b > 0) up to 2**62 - 1
        # cannot leave the range: accepted
        big = {**table, "m": FeatureType(INT, 0, INT64_SAFE - 1)}
        compile_condition(f"(a % b) {'-' if sign > 0 else '+'} m != 0", big)
        # and a multiplier that keeps every possible value inside is accepted
        k = (INT64_SAFE - 1) // max(abs(b) for b in b_range)
        compile_condition("(a % b) * m != 0", {**table, "m": FeatureType(INT, 1, k)})


@pytest.mark.parametrize(
    "text,message",
    [
        (
            "banker_wins and",
            "column 16: expected a value (a feature, a number, a text in quotes, true or false), found the end of the condition",
        ),
        ("banker_total == 7)", "column 18: expected 'and', 'or', a comparison or the end of the condition, found ')'"),
        ("(tie", "column 5: expected ')' to close the parenthesis, found the end of the condition"),
        (
            'banker_total == "7"',
            "column 17: cannot compare a number with a text using '==' (a number in quotes is a text: write 7, not \"7\")",
        ),
        (
            "player_suit1 == 7",
            "column 17: cannot compare a text with a number using '==' (a number in quotes is a text: write 7, not \"7\")",
        ),
        (
            "banker_total == tie",
            "column 17: cannot compare a number with a yes/no value using '==' (write the yes/no feature alone, or == true)",
        ),
        (
            "tie == 1",
            "column 8: cannot compare a yes/no value with a number using '==' (write the yes/no feature alone, or == true)",
        ),
        (
            "player_total in 6",
            "column 17: expected '(' after 'in' (a list of values in parentheses, e.g. in (6, 7)), found '6'",
        ),
        ("player_total in (6 7)", "column 20: expected ',' or ')' in the list, found '7'"),
        # the three closest names of the six difflib finds (banker_third is the fourth)
        (
            "banker_totl == 7",
            "column 1: unknown feature 'banker_totl'; did you mean banker_total or banker_natural or player_total?",
        ),
        ("tie == true", None),
    ],
)
def test_a_refused_condition_says_where_what_was_found_and_how_to_write_it(text, message):
    """The whole message: the column, what was expected, what was found instead (the token, or
    the end), and the hint for the two usual slips (a number in quotes, a yes/no compared with a
    number). Mutation testing found each part unpinned: the tests matched a fragment."""
    from odds.bets.features import feature_table

    if message is None:
        compile_condition(text, feature_table("baccarat"))  # no hint where nothing is wrong
        return
    with pytest.raises(ConditionError) as info:
        compile_condition(text, feature_table("baccarat"))
    assert str(info.value) == message


def _operand(rng: random.Random, i: int, table: dict) -> tuple[str, range]:
    """A feature with a random range of small numbers, or now and then a literal: its text and values."""
    if rng.random() < 0.25:
        v = rng.randint(-9, 9)
        return (str(v) if v >= 0 else f"(-{-v})"), range(v, v + 1)
    low, high = sorted(rng.randint(-9, 9) for _ in range(2))
    table[f"f{i}"] = FeatureType(INT, low, high)
    return f"f{i}", range(low, high + 1)


@pytest.mark.parametrize("op", ["-x", "+", "-", "*", "%", "abs", "min", "max", "count"])
def test_the_checks_range_of_each_operation_is_its_true_range(op):
    """The int64 proof bounds each operation over independent operands; its bounds must be the
    true extremes (found here by trying every combination of values), no wider and no narrower.
    Both are seen from outside: ``(e) + m`` with ``m`` up to ``2**62 - 1 - max(e)`` is accepted and
    one more is refused; likewise ``(e) - m`` for ``min(e)``. A bound too narrow lets an int64
    overflow through; too wide refuses a bet that fits. For ``%`` the dividend spans every
    remainder of the largest divisor, so the true extremes are the bounds of the divisor's sign."""
    import itertools

    from odds.bets.condition import BOOL

    rng = random.Random(f"range of {op}")
    for _ in range(25):
        table: dict = {}
        if op == "count":
            n = rng.randint(1, 4)
            table.update({f"p{i}": FeatureType(BOOL) for i in range(n)})
            expr = f"count({', '.join(table)})"
            values = [sum(flags) for flags in itertools.product((False, True), repeat=n)]
        elif op == "%":
            sign = rng.choice((-1, 1))
            b_low, b_high = sorted(sign * rng.randint(1, 12) for _ in range(2))
            table.update(f0=FeatureType(INT, -30, 30), f1=FeatureType(INT, b_low, b_high))
            expr = "f0 % f1"
            values = [a % b for a in range(-30, 31) for b in range(b_low, b_high + 1)]
        else:
            n = {"-x": 1, "abs": 1, "min": rng.randint(2, 3), "max": rng.randint(2, 3)}.get(op, 2)
            texts, ranges = zip(*(_operand(rng, i, table) for i in range(n)))
            if op == "-x":
                expr, function = f"-({texts[0]})", operator.neg
            elif op in PYTHON:
                expr, function = f"{texts[0]} {op} {texts[1]}", PYTHON[op]
            else:
                expr, function = f"{op}({', '.join(texts)})", {"abs": abs, "min": min, "max": max}[op]
            values = [function(*combo) for combo in itertools.product(*ranges)]
        low, high = min(values), max(values)
        for sign, room in (("+", INT64_SAFE - 1 - high), ("-", INT64_SAFE - 1 + low)):
            condition = f"({expr}) {sign} m != 0"
            compile_condition(condition, {**table, "m": FeatureType(INT, 0, room)})
            with pytest.raises(ConditionError, match="beyond the range odds evaluates exactly"):
                compile_condition(condition, {**table, "m": FeatureType(INT, 0, room + 1)})
