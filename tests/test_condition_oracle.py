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


# -- random trees: ("int", v), ("str", v), ("bool", v), ("feature", name), (op, *operands) ----------


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


def bool_tree(rng: random.Random, depth: int):
    kinds = ["feature", "lit", "cmp", "cmp", "text", "in"] + (["not", "and", "or", "flags"] if depth else [])
    kind = rng.choice(kinds)
    if kind == "feature":
        return ("feature", rng.choice("pq"))
    if kind == "lit":
        return ("bool", rng.random() < 0.5)
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
        return ("true" if tree[1] else "false"), LEVEL["atom"]
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
