"""The condition language against a reference written from its grammar (docs/bets.md), on random
conditions.

Each condition is built here as a tree, written out as text with only the parentheses the
grammar's precedence needs (lowest first: ``or``, ``and``, ``not``, comparisons and ``in``,
``+ -``, ``* %``, unary ``-``), and evaluated two ways over random rounds: by odds (parse, check,
numpy evaluation of every round at once) and, round by round, by Python on the tree itself. A
parser that binds an operator too tightly or too loosely, reads a chain of comparisons other
than as Python does, or an evaluator that confuses two operators gives a different answer on
some round. Nothing here reads odds' own tree or code.
"""

from __future__ import annotations

import operator
import random

import numpy as np
import pytest

from odds.bets.condition import BOOL, INT, STR, FeatureType, compile_condition, evaluate, text_code

FEATURES = {
    "x": FeatureType(INT, -5, 9),
    "y": FeatureType(INT, 1, 6),  # never 0: a divisor
    "z": FeatureType(INT, -4, -1),  # never 0: a negative divisor
    "p": FeatureType(BOOL),
    "q": FeatureType(BOOL),
    "s": FeatureType(STR, values=("c", "d", "h", "s")),
}
COMPARE = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "%": operator.mod}
LEVEL = {"or": 1, "and": 2, "not": 3, "cmp": 4, "+": 5, "-": 5, "*": 6, "%": 6, "neg": 7, "atom": 8}


# -- random trees: ("int", v), ("str", v), ("bool", v, spelling), ("feature", name), (op, *operands) ----------


def int_tree(rng: random.Random, depth: int):
    kind = rng.choice(["lit", "feature", "feature"] + (["neg", "arith", "arith", "call", "count"] if depth else []))
    if kind == "lit":
        return ("int", rng.randint(-9, 20))
    if kind == "feature":
        return ("feature", rng.choice("xyz"))
    if kind == "neg":
        return ("neg", int_tree(rng, depth - 1))
    if kind == "arith":
        op = rng.choice("+-*%")
        right = ("feature", rng.choice("yz")) if op == "%" else int_tree(rng, depth - 1)
        return (op, int_tree(rng, depth - 1), right)
    if kind == "call":
        function = rng.choice(["abs", "min", "max"])
        n = 1 if function == "abs" else rng.randint(2, 3)
        return (function, *(int_tree(rng, depth - 1) for _ in range(n)))
    return ("count", *(bool_tree(rng, depth - 1) for _ in range(rng.randint(1, 3))))


def boolean(rng: random.Random):
    """A yes/no literal in either spelling the grammar accepts."""
    v = rng.random() < 0.5
    return ("bool", v, rng.choice(["true", "True"] if v else ["false", "False"]))


def bool_tree(rng: random.Random, depth: int):
    kinds = ["feature", "lit", "cmp", "cmp", "text", "in"] + (["not", "and", "or", "flags"] if depth else [])
    kind = rng.choice(kinds)
    if kind == "feature":
        return ("feature", rng.choice("pq"))
    if kind == "lit":
        return boolean(rng)
    if kind == "cmp":
        n = rng.randint(1, 3)
        return (
            "cmp",
            tuple(rng.choice(list(COMPARE)) for _ in range(n)),
            *(int_tree(rng, depth) for _ in range(n + 1)),
        )
    if kind == "text":
        value = ("str", rng.choice(FEATURES["s"].values))
        pair = [("feature", "s"), value]
        rng.shuffle(pair)
        return ("cmp", (rng.choice(["==", "!="]),), *pair)
    if kind == "in":
        negate = rng.random() < 0.5
        if rng.random() < 0.2:  # yes/no values in a list
            return ("in", negate, bool_tree(rng, max(depth - 1, 0)), *(boolean(rng) for _ in range(rng.randint(1, 2))))
        if rng.random() < 0.3:
            values = rng.sample(FEATURES["s"].values, rng.randint(1, 3))
            return ("in", negate, ("feature", "s"), *(("str", v) for v in values))
        return ("in", negate, int_tree(rng, depth), *(("int", rng.randint(-6, 10)) for _ in range(rng.randint(1, 4))))
    if kind == "flags":  # yes/no values compared with each other
        return ("cmp", (rng.choice(["==", "!="]),), bool_tree(rng, depth - 1), bool_tree(rng, depth - 1))
    if kind == "not":
        return ("not", bool_tree(rng, depth - 1))
    return (kind, *(bool_tree(rng, depth - 1) for _ in range(rng.randint(2, 3))))


# -- the text of a tree, with the parentheses the grammar needs and no more --------------------------


def text(tree) -> tuple[str, int]:
    """(the text, its precedence level); a part below the level its place needs is parenthesized."""

    def at_least(node, level: int) -> str:
        out, own = text(node)
        return out if own >= level else f"({out})"

    head = tree[0]
    if head == "int":
        return (str(tree[1]), LEVEL["atom"]) if tree[1] >= 0 else (f"-{-tree[1]}", LEVEL["neg"])
    if head == "str":
        return f'"{tree[1]}"', LEVEL["atom"]
    if head == "bool":
        return tree[2], LEVEL["atom"]
    if head == "feature":
        return tree[1], LEVEL["atom"]
    if head == "neg":
        return "-" + at_least(tree[1], LEVEL["neg"]), LEVEL["neg"]
    if head in ARITH:  # left-associative: the right operand one level up
        return f"{at_least(tree[1], LEVEL[head])} {head} {at_least(tree[2], LEVEL[head] + 1)}", LEVEL[head]
    if head in ("abs", "min", "max"):
        return f"{head}({', '.join(at_least(a, LEVEL['+']) for a in tree[1:])})", LEVEL["atom"]
    if head == "count":
        return f"count({', '.join(at_least(a, LEVEL['or']) for a in tree[1:])})", LEVEL["atom"]
    if head == "cmp":
        ops, operands = tree[1], tree[2:]
        parts = [at_least(operands[0], LEVEL["+"])]
        for op, operand in zip(ops, operands[1:]):
            parts += [op, at_least(operand, LEVEL["+"])]
        return " ".join(parts), LEVEL["cmp"]
    if head == "in":
        values = ", ".join(text(v)[0] for v in tree[3:])
        return f"{at_least(tree[2], LEVEL['+'])} {'not in' if tree[1] else 'in'} ({values})", LEVEL["cmp"]
    if head == "not":
        return "not " + at_least(tree[1], LEVEL["not"]), LEVEL["not"]
    return f" {head} ".join(at_least(a, LEVEL[head] + 1) for a in tree[1:]), LEVEL[head]


# -- the reference: Python on one round ------------------------------------------------------------


def value(tree, row: dict):
    head = tree[0]
    if head in ("int", "str", "bool"):
        return tree[1]
    if head == "feature":
        return row[tree[1]]
    if head == "neg":
        return -value(tree[1], row)
    if head in ARITH:
        return ARITH[head](value(tree[1], row), value(tree[2], row))
    if head == "abs":
        return abs(value(tree[1], row))
    if head in ("min", "max"):
        return (min if head == "min" else max)(value(a, row) for a in tree[1:])
    if head == "count":
        return sum(bool(value(a, row)) for a in tree[1:])
    if head == "cmp":
        values = [value(a, row) for a in tree[2:]]
        return all(COMPARE[op](a, b) for op, a, b in zip(tree[1], values, values[1:]))
    if head == "in":
        return (value(tree[2], row) in [value(v, row) for v in tree[3:]]) != tree[1]
    if head == "not":
        return not value(tree[1], row)
    if head == "and":
        return all(value(a, row) for a in tree[1:])
    return any(value(a, row) for a in tree[1:])


def rounds(rng: random.Random, n: int) -> list[dict]:
    def one(name, f):
        if f.type == INT:
            return rng.randint(f.low, f.high)
        return rng.random() < 0.5 if f.type == BOOL else rng.choice(f.values)

    return [{name: one(name, f) for name, f in FEATURES.items()} for _ in range(n)]


def columns(rows: list[dict]) -> dict[str, np.ndarray]:
    """What the counting layer hands a condition: int64 numbers, bool yes/no, text codes."""
    out = {}
    for name, f in FEATURES.items():
        column = [r[name] for r in rows]
        if f.type == INT:
            out[name] = np.array(column, dtype=np.int64)
        elif f.type == BOOL:
            out[name] = np.array(column, dtype=bool)
        else:
            out[name] = np.array([text_code(v) for v in column], dtype=np.int64)
    return out


@pytest.mark.parametrize("seed", range(4))
def test_random_conditions_mean_what_the_grammar_says(seed):
    """150 random conditions per seed, each over 40 random rounds: odds' answer is Python's on
    every round."""
    rng = random.Random(f"condition oracle {seed}")
    rows = rounds(rng, 40)
    env = columns(rows)
    for _ in range(150):
        tree = bool_tree(rng, rng.randint(1, 3))
        condition = text(tree)[0]
        got = evaluate(compile_condition(condition, FEATURES), env, len(rows))
        want = [value(tree, row) for row in rows]
        assert got.tolist() == want, condition


# -- every refusal, word for word ------------------------------------------------------------------

TWO_TEXTS = FeatureType(STR, values=("a", "b"))
LONG = "x == 1 or " * 1000 + "p"  # 10,001 characters


@pytest.mark.parametrize(
    "condition,message",
    [
        (7, "a condition must be text, not int"),
        (LONG, "the condition is 10,001 characters long; at most 10,000 are accepted"),
        ("x = 1", "column 3: unexpected character '=' (write ==, not =)"),
        ("x == 1 & p", "column 8: unexpected character '&'"),
        ("x == 1 ¤ p", "column 8: unexpected character '¤' (write a condition, e.g. banker_total == 7)"),
        ("x ** 2 == 4", "column 3: '**' (powers) is not part of the language"),
        ("x in (1) ** 2", "column 10: '**' (powers) is not part of the language"),
        ("x in (1) * 2", "column 10: expected 'and', 'or', a comparison or the end of the condition, found '*'"),
        ("(" * 40 + "p" + ")" * 40, "column 33: the condition is nested more than 64 levels deep"),
        ("-" * 70 + "x == 1", "column 65: the condition is nested more than 64 levels deep"),
        (  # a closed group inside 20 parentheses gives back its own levels only: 41 + 2 * 12 > 64
            "(" * 20 + "(p) and " + "(" * 30 + "p" + ")" * 50,
            "column 41: the condition is nested more than 64 levels deep",
        ),
        ("x" + " + x" * 300 + " == 1", "column 185: the condition is nested more than 256 operations deep"),
        ("x in (1, 2) == p", "column 13: 'in' cannot be chained with other comparisons; use 'and', found '=='"),
        ("x < 3 in (1, 2)", "column 10: 'in' cannot be chained with other comparisons; use 'and', found '('"),
        ("x in ()", "column 7: the list after 'in' is empty"),
        ("x in (1, -y)", "column 11: expected a number after '-' in the list, found 'y'"),
        ("x in (1 + 2)", "column 9: expected ',' or ')' in the list, found '+'"),
        ("x in (+3)", "column 7: expected a number, a text in quotes, true or false in the list, found '+'"),
        ("x in (1, y)", "column 10: expected a number, a text in quotes, true or false in the list, found 'y'"),
        ("x == and", "column 6: expected a value, found 'and'"),
        ("x == )", "column 6: expected a value (a feature, a number, a text in quotes, true or false), found ')'"),
        ("sqrt(x) == 2", "column 1: unknown function 'sqrt' (the functions are abs, min, max, count)"),
        ("min(x, y == 2", "column 10: expected ')' to close min(...), found '=='"),
        ("min(x, y", "column 9: expected ')' to close min(...), found the end of the condition"),
        ("x == 12345678901234567", "column 6: the number 12345678901234567 is too large (at most 1e+15 in size)"),
        ("x == 1000000000000001", "column 6: the number 1000000000000001 is too large (at most 1e+15 in size)"),
        (
            "x == 1234567890123456789012",
            "column 6: the number 12345678901234567890... is too large (at most 1e+15 in size)",
        ),
        (
            "x == 123456789012345678901",
            "column 6: the number 12345678901234567890... is too large (at most 1e+15 in size)",
        ),
        ("x == 12345678901234567890", "column 6: the number 12345678901234567890 is too large (at most 1e+15 in size)"),
        ("x == " + "9" * 5000, "column 6: the number 99999999999999999999... is too large (at most 1e+15 in size)"),
        ('t == "c"', 'column 6: \'c\' is never a value here (the values are "a", "b")'),
        ("x + 1", "column 3: a condition must be yes/no (e.g. banker_total == 7), but this is a number"),
        ("s", "column 1: a condition must be yes/no (e.g. banker_total == 7), but this is a text"),
        ("xx == 1", "column 1: unknown feature 'xx'; did you mean x?"),
        ("weather == 1", "column 1: unknown feature 'weather' (odds features GAME lists them)"),
        ("x % (y - 1) == 0", "column 3: the right side of '%' can be 0 (division by zero)"),
        ("x % (z + 1) == 0", "column 3: the right side of '%' can be 0 (division by zero)"),
        ("abs(x, y) == 1", "column 1: abs() takes one number, not 2"),
        ("max(x) == 1", "column 1: max() takes two or more numbers"),
        (
            "x < p",
            "column 5: cannot compare a number with a yes/no value using '<' (write the yes/no feature alone, or == true)",
        ),
        ("s == p", "column 6: cannot compare a text with a yes/no value using '=='"),
        (
            "x < 3 == p",  # the second link of a chain
            "column 10: cannot compare a number with a yes/no value using '==' (write the yes/no feature alone, or == true)",
        ),
        ('s < "h"', "column 5: '<' orders numbers only; use == or != for texts"),
        ("p >= q", "column 6: '>=' orders numbers only; use == or != for yes/no values"),
        (
            'x in (1, "h")',
            'column 10: the list holds a text, but the value tested is a number (a number in quotes is a text: write 7, not "7")',
        ),
        (
            "p in (1)",
            "column 7: the list holds a number, but the value tested is a yes/no value (write the yes/no feature alone, or == true)",
        ),
        ('s in ("h", true)', "column 12: the list holds a yes/no value, but the value tested is a text"),
        ('s == "H"', 'column 6: \'H\' is never a value here (the values are "c", "d", "h", "s")'),
        ('"x" != s', 'column 1: \'x\' is never a value here (the values are "c", "d", "h", "s")'),
        ('s in ("h", "S")', 'column 12: \'S\' is never a value here (the values are "c", "d", "h", "s")'),
        ("p + 1 == 2", "column 1: '+' needs a number, but this is a yes/no value"),
        ("x * s == 2", "column 5: '*' needs a number, but this is a text"),
        ("-p == 1", "column 2: '-' needs a number, but this is a yes/no value"),
        ("count(x) == 1", "column 7: count() needs a yes/no value, but this is a number"),
        ("min(x, p) == 1", "column 8: min() needs a number, but this is a yes/no value"),
        ("not x", "column 5: 'not' needs a yes/no value, but this is a number"),
        ("p and x", "column 7: 'and' needs a yes/no value, but this is a number"),
        ("x or p", "column 1: 'or' needs a yes/no value, but this is a number"),
        # (mutation testing, the parser: a word or sign that only looks like an operator, and
        # the column of an or, and, not or true/false that is refused)
        ("x == 1) * 2", "column 7: expected 'and', 'or', a comparison or the end of the condition, found ')'"),
        ("x == 1 y == 2", "column 8: expected 'and', 'or', a comparison or the end of the condition, found 'y'"),
        ("x y in (1, 2)", "column 3: expected 'and', 'or', a comparison or the end of the condition, found 'y'"),
        ("x + (p or q) == 2", "column 6: '+' needs a number, but this is a yes/no value"),
        ("(p and q) + 1 == 2", "column 2: '+' needs a number, but this is a yes/no value"),
        ("(not p) + 1 == 2", "column 2: '+' needs a number, but this is a yes/no value"),
        ("true + 1 == 2", "column 1: '+' needs a number, but this is a yes/no value"),
        ("x in (1, 2) in (3)", "column 13: 'in' cannot be chained with other comparisons; use 'and', found 'in'"),
        ("(x in (1)) + 1 == 2", "column 2: '+' needs a number, but this is a yes/no value"),
        ("(x == 1) + 1 == 2", "column 2: '+' needs a number, but this is a yes/no value"),
    ],
)
def test_every_refusal_says_exactly_where_and_what(condition, message):
    """The whole message of each way a condition is refused, on this file's own features."""
    from odds.bets.condition import ConditionError

    with pytest.raises(ConditionError) as info:
        compile_condition(condition, {**FEATURES, "t": TWO_TEXTS})
    assert str(info.value) == message


def test_the_int64_proof_refuses_exactly_past_2_62():
    """A sum whose top is 2**62 - 1 is accepted; one more is refused, with where and how far."""
    from odds.bets.condition import INT64_SAFE, ConditionError

    top = INT64_SAFE - 1 - FEATURES["x"].high
    compile_condition("x + m > 0", {**FEATURES, "m": FeatureType(INT, 0, top)})
    compile_condition("x - m < 0", {**FEATURES, "m": FeatureType(INT, 0, INT64_SAFE - 1 + FEATURES["x"].low)})
    with pytest.raises(ConditionError) as info:
        compile_condition("x + m > 0", {**FEATURES, "m": FeatureType(INT, 0, top + 1)})
    assert (
        str(info.value)
        == "column 3: this arithmetic can reach 4.61e+18, beyond the range odds evaluates exactly (2**62)"
    )
    with pytest.raises(ConditionError, match="^column 3: this arithmetic can reach 4.61e"):
        compile_condition("x - m < 0", {**FEATURES, "m": FeatureType(INT, 0, INT64_SAFE + FEATURES["x"].low)})


@pytest.mark.parametrize(
    "condition,column",
    [("-m < 0", 1), ("x % m == 0", 3), ("abs(m) > 0", 1), ("max(x, m) > 0", 1), ("min(m, m) > 0", 1)],
)
def test_each_operation_refuses_past_2_62_at_its_own_column(condition, column):
    """Every operation's result is bounded, not only sums: ``m`` (1 to 2**62 + 1) alone may be
    read, but a negation, remainder, abs, max or min reaching 2**62 is refused where it is."""
    from odds.bets.condition import INT64_SAFE, ConditionError

    with pytest.raises(ConditionError) as info:
        compile_condition(condition, {**FEATURES, "m": FeatureType(INT, 1, INT64_SAFE + 1)})
    assert str(info.value) == (
        f"column {column}: this arithmetic can reach 4.61e+18, beyond the range odds evaluates exactly (2**62)"
    )


@pytest.mark.parametrize(
    "condition,holds",
    [
        ("1000000000000000 - 999999999999999 == 1", True),  # the largest literal, 16 digits
        ("00000000000000000000007 == 7", True),  # leading zeros: small, however many
        ("0" * 5000 + "7 == 7", True),  # (past int()'s 4,300 digits of text)
        ("p or not p" + " " * 9990, True),  # the longest condition, 10,000 characters
        ('"a" == "b"', False),  # two texts: neither is a feature's, nothing to check against
        ('"a" != "b"', True),
        ('t == "a" or t == "b"', True),
        ("-1 in (-1, 2)", True),
        ('"h" in ("h", "c")', True),  # a text literal tested against a list of them
        ("((((p)))) == p", True),
        ("p in (True, False) and p in (true, false)", True),  # both spellings, in a list
        ("(p == True) != (p == False) and (p == true) != (p == false)", True),
    ],
)
def test_edge_conditions_are_accepted_and_mean_what_they_say(condition, holds):
    env = {"p": np.array([True, False]), "t": np.array([text_code("a"), text_code("b")])}
    got = evaluate(compile_condition(condition, {**FEATURES, "t": TWO_TEXTS}), env, 2)
    assert got.tolist() == [holds, holds]


def test_a_part_of_a_condition_is_its_exact_int64_value():
    """``evaluate_node`` (the columns that split a bet's rounds by suit pattern): a number's exact
    value past 2**53, where a float would round; a yes/no value as 0/1; a text as its code."""
    from odds.bets.condition import evaluate_node, parse

    rows = rounds(random.Random("parts"), 30)
    env = columns(rows)
    for text_, want in [
        ("x * 1000000000000000 + y", [r["x"] * 10**15 + r["y"] for r in rows]),
        ("p", [int(r["p"]) for r in rows]),
        ("s", [text_code(r["s"]) for r in rows]),
        ("x < y", [int(r["x"] < r["y"]) for r in rows]),
    ]:
        got = evaluate_node(parse(text_), env, len(rows))
        assert got.dtype == np.int64 and got.tolist() == want, text_
