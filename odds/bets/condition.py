"""The condition language of bet files: parsed into a small tree, checked, evaluated by ``odds``.

A ``when`` condition is an expression over a round's features (``odds features GAME``)::

    banker_wins and banker_cards == 3 and banker_total == 7
    player_pair and player_suit1 in ("h", "d")
    abs(player_total - banker_total) >= 4 and not tie
    count(player_rank1 == 9, player_rank2 == 9, banker_rank1 == 9, banker_rank2 == 9) == 3

Grammar (lowest precedence first)::

    condition  := or
    or         := and ("or" and)*
    and        := not ("and" not)*
    not        := "not" not | comparison
    comparison := sum ((== | != | < | <= | > | >=) sum | [not] in list)*     chained, as in Python
    sum        := product ((+ | -) product)*
    product    := unary ((* | %) unary)*
    unary      := - unary | atom
    atom       := INTEGER | STRING | true | false | True | False | FEATURE
                | (abs | min | max) "(" sum ("," sum)* ")"
                | count "(" condition ("," condition)* ")" | "(" condition ")"
    list       := "(" literal ("," literal)* [","] ")"

``count(c1, c2, ...)`` is the number of its yes/no conditions that hold (0 to the number given):
how many of the first four cards are nines, say. A yes/no value is never a number otherwise
(``tie + 1`` is refused), so a count is always written as one.

Nothing else parses: no attribute access, no other calls, no subscripts, no ``**``, no lambdas.
The text never reaches ``eval``, ``exec`` or any other interpreter: :func:`parse` builds the tree
below, :func:`check` types it against a game's features (and proves every intermediate fits in
int64), and :func:`evaluate` computes it with numpy over many rounds at once (one round is an
array of length 1).

>>> from odds.bets.features import feature_table
>>> tree = compile_condition("banker_wins and banker_cards == 3 and banker_total == 7",
...                          feature_table("baccarat"))
>>> sorted(tree.features)
['banker_cards', 'banker_total', 'banker_wins']
>>> compile_condition("banker_totl == 7", feature_table("baccarat"))
Traceback (most recent call last):
...
odds.bets.condition.ConditionError: column 1: unknown feature 'banker_totl'; did you mean banker_total or banker_natural or player_total?
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from collections.abc import Mapping, Sequence

from ..lazy import numpy as np

from ..errors import OddsError

MAX_LENGTH = 10_000
"""Longest condition accepted, in characters (a long Sic Bo bet is a few hundred)."""
MAX_DEPTH = 64
"""Deepest nesting of parentheses and operators accepted."""
MAX_LITERAL = 10**15
"""Largest integer literal accepted, in size."""
INT64_SAFE = 2**62
"""Every intermediate value of a checked condition lies strictly within this (so int64 holds it)."""

INT, BOOL, STR = "number", "yes/no", "text"
FUNCTIONS = ("abs", "min", "max", "count")
KEYWORDS = {"and", "or", "not", "in", "true", "false", "True", "False"}
COMPARE = ("==", "!=", "<=", ">=", "<", ">")


class ConditionError(OddsError):
    """A condition that cannot be used: the message names the column (1-based) and the problem."""


# -- tokens ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    """A token of a condition and its column (1-based), for error messages."""

    kind: str  # "int", "str", "name", "op", "end"
    text: str
    col: int


_TOKEN = re.compile(
    r"""
    (?P<space>[ \t\r\n]+)
  | (?P<int>[0-9]+)
  | (?P<str>"[^"\\\n]*"|'[^'\\\n]*')
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op>==|!=|<=|>=|<|>|\+|-|\*|%|\(|\)|,)
""",
    re.VERBOSE,
)


def tokenize(text: str) -> list[Token]:
    """Split a condition into tokens; any other character is an error naming its column."""
    if not isinstance(text, str):
        raise ConditionError(f"a condition must be text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise ConditionError(f"the condition is {len(text):,} characters long; at most {MAX_LENGTH:,} are accepted")
    tokens, pos = [], 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if not match:
            ch = text[pos]
            hint = " (write ==, not =)" if ch == "=" else " (write a condition, e.g. banker_total == 7)"
            if ch in "[]{}.:;!^&|~/\\@$#`?":
                hint = ""
            raise ConditionError(f"column {pos + 1}: unexpected character {ch!r}{hint}")
        kind = match.lastgroup
        if kind != "space":
            tokens.append(Token(kind, match.group(), pos + 1))
        pos = match.end()
    tokens.append(Token("end", "", len(text) + 1))
    return tokens


# -- the tree --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Node:
    """A node of a condition's tree; ``col``: where it starts in the text (1-based)."""

    col: int


@dataclass(frozen=True)
class Literal(Node):
    """A number, yes/no or text written in the condition."""

    value: object  # int, bool or str


@dataclass(frozen=True)
class Feature(Node):
    """A feature of the round, by name (``banker_total``)."""

    name: str


@dataclass(frozen=True)
class Negate(Node):
    """``-operand``."""

    operand: Node


@dataclass(frozen=True)
class Arith(Node):
    """``left op right``, op one of ``+ - * %``."""

    op: str  # + - * %
    left: Node
    right: Node


@dataclass(frozen=True)
class Call(Node):
    """``function(args)``: one of :data:`FUNCTIONS`."""

    function: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Compare(Node):
    """A chain of comparisons: ``a < b <= c`` holds when each does."""

    ops: tuple[str, ...]
    operands: tuple[Node, ...]


@dataclass(frozen=True)
class InList(Node):
    """``item in (values)``, or ``not in`` (``negate``)."""

    item: Node
    values: tuple[Literal, ...]
    negate: bool


@dataclass(frozen=True)
class Not(Node):
    """``not operand``."""

    operand: Node


@dataclass(frozen=True)
class BoolOp(Node):
    """``and`` or ``or`` of two or more operands."""

    op: str  # and / or
    operands: tuple[Node, ...]


# -- parsing ---------------------------------------------------------------------------------------


class _Parser:
    def __init__(self, text: str):
        self.tokens = tokenize(text)
        self.i = 0
        self.depth = 0

    @property
    def tok(self) -> Token:
        return self.tokens[self.i]

    def take(self) -> Token:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def at(self, kind: str, text: str | None = None) -> bool:
        tok = self.tok
        return tok.kind == kind and (text is None or tok.text == text)

    def expect_op(self, text: str, what: str) -> Token:
        if not self.at("op", text):
            raise self.error(f"expected {text!r} {what}")
        return self.take()

    def error(self, message: str) -> ConditionError:
        tok = self.tok
        found = "the end of the condition" if tok.kind == "end" else repr(tok.text)
        return ConditionError(f"column {tok.col}: {message}, found {found}")

    def enter(self):
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ConditionError(f"column {self.tok.col}: the condition is nested more than {MAX_DEPTH} levels deep")

    def leave(self):
        self.depth -= 1

    # grammar
    def parse(self) -> Node:
        node = self.or_()
        if not self.at("end"):
            if self.at("op", "*") and self.tokens[self.i + 1].text == "*":
                raise ConditionError(f"column {self.tok.col}: '**' (powers) is not part of the language")
            raise self.error("expected 'and', 'or', a comparison or the end of the condition")
        return node

    def or_(self) -> Node:
        self.enter()
        first = self.and_()
        operands = [first]
        while self.at("name", "or"):
            self.take()
            operands.append(self.and_())
        self.leave()
        return first if len(operands) == 1 else BoolOp(first.col, "or", tuple(operands))

    def and_(self) -> Node:
        first = self.not_()
        operands = [first]
        while self.at("name", "and"):
            self.take()
            operands.append(self.not_())
        return first if len(operands) == 1 else BoolOp(first.col, "and", tuple(operands))

    def not_(self) -> Node:
        if self.at("name", "not"):
            tok = self.take()
            self.enter()
            node = Not(tok.col, self.not_())
            self.leave()
            return node
        return self.comparison()

    def comparison(self) -> Node:
        first = self.sum_()
        ops, operands = [], [first]
        while True:
            if self.at("op") and self.tok.text in COMPARE:
                ops.append(self.take().text)
                operands.append(self.sum_())
            elif self.at("name", "in") or (self.at("name", "not") and self.tokens[self.i + 1].text == "in"):
                negate = self.take().text == "not"
                if negate:
                    self.take()
                if ops:
                    raise self.error("'in' cannot be chained with other comparisons; use 'and'")
                node = InList(first.col, first, self.literal_list(), negate)
                if self.at("op") and self.tok.text in COMPARE or self.at("name", "in"):
                    raise self.error("'in' cannot be chained with other comparisons; use 'and'")
                return node
            else:
                break
        return first if not ops else Compare(first.col, tuple(ops), tuple(operands))

    def literal_list(self) -> tuple[Literal, ...]:
        self.expect_op("(", "after 'in' (a list of values in parentheses, e.g. in (6, 7))")
        values = []
        while not self.at("op", ")"):
            values.append(self.literal())
            if self.at("op", ","):
                self.take()
            elif not self.at("op", ")"):
                raise self.error("expected ',' or ')' in the list")
        self.take()
        if not values:
            raise ConditionError(f"column {self.tokens[self.i - 1].col}: the list after 'in' is empty")
        return tuple(values)

    def literal(self) -> Literal:
        tok = self.tok
        sign = 1
        if self.at("op", "-"):
            self.take()
            sign = -1
            if not self.at("int"):
                raise self.error("expected a number after '-' in the list")
        if self.at("int"):
            return Literal(tok.col, sign * _int_literal(self.take()))
        if self.at("str"):
            return Literal(tok.col, self.take().text[1:-1])
        if self.at("name") and self.tok.text in ("true", "True", "false", "False"):
            return Literal(tok.col, self.take().text in ("true", "True"))
        raise self.error("expected a number, a text in quotes, true or false in the list")

    def sum_(self) -> Node:
        node = self.product()
        while self.at("op", "+") or self.at("op", "-"):
            tok = self.take()
            node = Arith(tok.col, tok.text, node, self.product())
        return node

    def product(self) -> Node:
        node = self.unary()
        while self.at("op", "*") or self.at("op", "%"):
            tok = self.take()
            if tok.text == "*" and self.at("op", "*"):
                raise ConditionError(f"column {tok.col}: '**' (powers) is not part of the language")
            node = Arith(tok.col, tok.text, node, self.unary())
        return node

    def unary(self) -> Node:
        if self.at("op", "-"):
            tok = self.take()
            self.enter()
            node = Negate(tok.col, self.unary())
            self.leave()
            return node
        return self.atom()

    def atom(self) -> Node:
        tok = self.tok
        if tok.kind == "int":
            return Literal(tok.col, _int_literal(self.take()))
        if tok.kind == "str":
            return Literal(tok.col, self.take().text[1:-1])
        if tok.kind == "name":
            if tok.text in ("true", "True", "false", "False"):
                self.take()
                return Literal(tok.col, tok.text in ("true", "True"))
            if tok.text in KEYWORDS:
                raise self.error("expected a value")
            self.take()
            if self.at("op", "("):
                return self.call(tok)
            return Feature(tok.col, tok.text)
        if self.at("op", "("):
            self.take()
            self.enter()
            node = self.or_()
            self.leave()
            self.expect_op(")", "to close the parenthesis")
            return node
        raise self.error("expected a value (a feature, a number, a text in quotes, true or false)")

    def call(self, name: Token) -> Node:
        if name.text not in FUNCTIONS:
            raise ConditionError(
                f"column {name.col}: unknown function {name.text!r} (the functions are {', '.join(FUNCTIONS)})"
            )
        self.take()  # (
        self.enter()
        # count() counts conditions; abs, min and max take numbers
        argument = self.or_ if name.text == "count" else self.sum_
        args = [argument()]
        while self.at("op", ","):
            self.take()
            args.append(argument())
        self.leave()
        self.expect_op(")", f"to close {name.text}(...)")
        return Call(name.col, name.text, tuple(args))


def _int_literal(tok: Token) -> int:
    digits = tok.text.lstrip("0") or "0"  # leading zeros do not make a number large
    if len(digits) > 16 or int(digits) > MAX_LITERAL:
        raise ConditionError(
            f"column {tok.col}: the number {tok.text[:20]}{'...' if len(tok.text) > 20 else ''} "
            f"is too large (at most {MAX_LITERAL:.0e} in size)"
        )
    return int(digits)


def parse(text: str) -> Node:
    """The tree of a condition (syntax only; :func:`check` types it against a game's features)."""
    tree = _Parser(text).parse()
    _check_depth(tree)
    return tree


def _children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, (Negate, Not)):
        return (node.operand,)
    if isinstance(node, Arith):
        return (node.left, node.right)
    if isinstance(node, (Call,)):
        return node.args
    if isinstance(node, (Compare, BoolOp)):
        return node.operands
    if isinstance(node, InList):
        return (node.item,) + node.values
    return ()


def children(node: Node) -> tuple[Node, ...]:
    """The operands of a node (its subtrees), for walks over a condition."""
    return _children(node)


def parts_without(tree: Node, excluded) -> list[Node]:
    """The largest subtrees of ``tree`` that read at least one feature and none for which
    ``excluded(name)`` holds: the condition is a function of their values and of the excluded
    features (every other node has an excluded feature below it).

    >>> parts = parts_without(parse("tie and player_suit1 == 'h' or cards == 6"), lambda n: "suit" in n)
    >>> [type(p).__name__ for p in parts]
    ['Feature', 'Compare']
    """
    out: list[Node] = []

    def walk(node: Node) -> tuple[bool, bool]:
        """(reads an excluded feature, reads any feature) below ``node``; the largest clean
        subtrees go to ``out``."""
        if isinstance(node, Feature):
            return excluded(node.name), True
        flags = [walk(child) for child in _children(node)]
        dirty = any(d for d, _ in flags)
        if dirty:
            out.extend(c for c, (d, f) in zip(_children(node), flags) if f and not d)
        return dirty, any(f for _, f in flags)

    dirty, reads = walk(tree)
    if reads and not dirty:
        out.append(tree)
    return out


def evaluate_node(node: Node, env: Mapping[str, np.ndarray], rows: int) -> np.ndarray:
    """A subtree's value over ``rows`` rounds: int64 (a yes/no value as 0/1, a text as its code)."""
    return np.broadcast_to(np.asarray(_eval(node, env)).astype(np.int64), (rows,))


def _check_depth(tree: Node) -> None:
    """Refuse a tree deeper than the evaluator recurses (``1+1+1+...`` builds a deep chain without
    any parenthesis); walked with an explicit stack, so the check itself cannot overflow."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > 4 * MAX_DEPTH:
            raise ConditionError(
                f"column {node.col}: the condition is nested more than {4 * MAX_DEPTH} operations deep"
            )
        stack.extend((child, depth + 1) for child in _children(node))


# -- checking: types and ranges --------------------------------------------------------------------


@dataclass(frozen=True)
class FeatureType:
    """What a feature holds: its type, and its range (numbers) or its possible values (text)."""

    type: str
    low: int = 0
    high: int = 0
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class Checked:
    """A condition that parsed and type-checked: the tree and the features it reads."""

    text: str
    tree: Node
    features: frozenset[str]


@dataclass
class _Info:
    """What the checker knows of a node: its type, the range of a number, the values of a text."""

    type: str
    low: int = 0
    high: int = 0
    values: frozenset = field(default_factory=frozenset)


def _describe(info: _Info) -> str:
    return {INT: "a number", BOOL: "a yes/no value", STR: "a text"}[info.type]


def _describe_many(info: _Info) -> str:
    return {INT: "numbers", BOOL: "yes/no values", STR: "texts"}[info.type]


def check(tree: Node, features: Mapping[str, FeatureType], text: str = "") -> Checked:
    """Type the tree against ``features``; the condition must be yes/no. Raises
    :class:`ConditionError` naming the column: an unknown feature (with the closest names), a
    text compared with a number, ``and`` on a number, an intermediate that could leave int64 ..."""
    used: set[str] = set()
    info = _check(tree, features, used)
    if info.type != BOOL:
        raise ConditionError(
            f"column {tree.col}: a condition must be yes/no (e.g. banker_total == 7), but this is {_describe(info)}"
        )
    return Checked(text, tree, frozenset(used))


def compile_condition(text: str, features: Mapping[str, FeatureType]) -> Checked:
    """Parse and check a condition in one step."""
    return check(parse(text), features, text)


def _bounded(node: Node, low: int, high: int) -> _Info:
    if low <= -INT64_SAFE or high >= INT64_SAFE:
        raise ConditionError(
            f"column {node.col}: this arithmetic can reach {max(abs(low), abs(high)):.3g}, "
            f"beyond the range odds evaluates exactly (2**62)"
        )
    return _Info(INT, low, high)


def _check(node: Node, features, used: set) -> _Info:
    if isinstance(node, Literal):
        v = node.value
        if isinstance(v, bool):
            return _Info(BOOL)
        if isinstance(v, int):
            return _Info(INT, v, v)
        return _Info(STR, values=frozenset([v]))
    if isinstance(node, Feature):
        if node.name not in features:
            import difflib  # (here: only an unknown feature needs it)

            close = difflib.get_close_matches(node.name, list(features), n=3, cutoff=0.6)
            hint = f"; did you mean {' or '.join(close)}?" if close else " (odds features GAME lists them)"
            raise ConditionError(f"column {node.col}: unknown feature {node.name!r}{hint}")
        used.add(node.name)
        f = features[node.name]
        return _Info(f.type, f.low, f.high, frozenset(f.values))
    if isinstance(node, Negate):
        inner = _expect(node.operand, features, used, INT, "'-'")
        return _bounded(node, -inner.high, -inner.low)
    if isinstance(node, Arith):
        a = _expect(node.left, features, used, INT, f"'{node.op}'")
        b = _expect(node.right, features, used, INT, f"'{node.op}'")
        if node.op == "+":
            return _bounded(node, a.low + b.low, a.high + b.high)
        if node.op == "-":
            return _bounded(node, a.low - b.high, a.high - b.low)
        if node.op == "*":
            corners = [a.low * b.low, a.low * b.high, a.high * b.low, a.high * b.high]
            return _bounded(node, min(corners), max(corners))
        # % : Python's floor modulo; the divisor must never be zero
        if b.low <= 0 <= b.high:
            raise ConditionError(f"column {node.col}: the right side of '%' can be 0 (division by zero)")
        top = max(abs(b.low), abs(b.high)) - 1
        low = 0 if b.low > 0 else -top
        high = top if b.high > 0 else 0
        return _bounded(node, low, high)
    if isinstance(node, Call):
        if node.function == "count":
            for a in node.args:
                _expect(a, features, used, BOOL, "count()")
            return _Info(INT, 0, len(node.args))
        args = [_expect(a, features, used, INT, f"{node.function}()") for a in node.args]
        if node.function == "abs":
            if len(args) != 1:
                raise ConditionError(f"column {node.col}: abs() takes one number, not {len(args)}")
            (a,) = args
            low = 0 if a.low <= 0 <= a.high else min(abs(a.low), abs(a.high))
            return _bounded(node, low, max(abs(a.low), abs(a.high)))
        if len(args) < 2:
            raise ConditionError(f"column {node.col}: {node.function}() takes two or more numbers")
        pick = min if node.function == "min" else max
        return _bounded(node, pick(a.low for a in args), pick(a.high for a in args))
    if isinstance(node, Compare):
        infos = [_check(x, features, used) for x in node.operands]
        for op, (left, right), (a, b) in zip(node.ops, zip(node.operands, node.operands[1:]), zip(infos, infos[1:])):
            if a.type != b.type:
                raise ConditionError(
                    f"column {right.col}: cannot compare {_describe(a)} with {_describe(b)} "
                    f"using {op!r}{_quote_hint(a, b)}"
                )
            if op not in ("==", "!=") and a.type != INT:
                raise ConditionError(
                    f"column {right.col}: {op!r} orders numbers only; use == or != for {_describe_many(a)}"
                )
            if a.type == STR:
                _check_text_values(left, right, a, b)
        return _Info(BOOL)
    if isinstance(node, InList):
        item = _check(node.item, features, used)
        for value in node.values:
            v = _check(value, features, used)
            if v.type != item.type:
                raise ConditionError(
                    f"column {value.col}: the list holds {_describe(v)}, "
                    f"but the value tested is {_describe(item)}{_quote_hint(item, v)}"
                )
            if item.type == STR:
                _check_text_values(node.item, value, item, v)
        return _Info(BOOL)
    if isinstance(node, Not):
        _expect(node.operand, features, used, BOOL, "'not'")
        return _Info(BOOL)
    if isinstance(node, BoolOp):
        for x in node.operands:
            _expect(x, features, used, BOOL, f"'{node.op}'")
        return _Info(BOOL)
    raise AssertionError(node)


def _quote_hint(a: _Info, b: _Info) -> str:
    if {a.type, b.type} == {STR, INT}:
        return ' (a number in quotes is a text: write 7, not "7")'
    if {a.type, b.type} == {BOOL, INT}:
        return " (write the yes/no feature alone, or == true)"
    return ""


def _check_text_values(left: Node, right: Node, a: _Info, b: _Info) -> None:
    """A text literal compared with a text feature must be one of the feature's values (a typo
    such as "H" for "h" would otherwise silently never match)."""
    for lit, other in ((left, b), (right, a)):
        if isinstance(lit, Literal) and other.values and len(other.values) > 1 and lit.value not in other.values:
            allowed = ", ".join(f'"{v}"' for v in sorted(other.values))
            raise ConditionError(f"column {lit.col}: {lit.value!r} is never a value here (the values are {allowed})")


def _expect(node: Node, features, used, want: str, where: str) -> _Info:
    info = _check(node, features, used)
    if info.type != want:
        raise ConditionError(
            f"column {node.col}: {where} needs {_describe(_Info(want))}, but this is {_describe(info)}"
        )
    return info


# -- evaluation ------------------------------------------------------------------------------------

TEXT_CODES: dict[str, int] = {}
"""Every text value a feature can hold, as the small integer feature arrays carry it."""


def text_code(value: str) -> int:
    """The integer code of a text value (assigned on first use, stable within a process)."""
    if value not in TEXT_CODES:
        TEXT_CODES[value] = len(TEXT_CODES)
    return TEXT_CODES[value]


def evaluate(checked: Checked, env: Mapping[str, np.ndarray], rows: int) -> np.ndarray:
    """The condition over ``rows`` rounds at once: a bool array. ``env`` maps each feature read to
    an array (int64 numbers, bool yes/no, :func:`text_code` codes for texts). Exact: the check
    proved every intermediate fits in int64."""
    out = _eval(checked.tree, env)
    return np.broadcast_to(np.asarray(out, dtype=bool), (rows,))


def _eval(node: Node, env):
    if isinstance(node, Literal):
        v = node.value
        if isinstance(v, str):
            return np.int64(text_code(v))
        return np.bool_(v) if isinstance(v, bool) else np.int64(v)
    if isinstance(node, Feature):
        return env[node.name]
    if isinstance(node, Negate):
        return -_eval(node.operand, env)
    if isinstance(node, Arith):
        a, b = _eval(node.left, env), _eval(node.right, env)
        if node.op == "+":
            return a + b
        if node.op == "-":
            return a - b
        if node.op == "*":
            return a * b
        return np.mod(a, b)  # floor modulo, as Python's %
    if isinstance(node, Call):
        args = [_eval(a, env) for a in node.args]
        if node.function == "count":
            return sum(np.asarray(a, dtype=np.int64) for a in args)
        if node.function == "abs":
            return np.abs(args[0])
        pick = np.minimum if node.function == "min" else np.maximum
        out = args[0]
        for a in args[1:]:
            out = pick(out, a)
        return out
    if isinstance(node, Compare):
        values = [_eval(x, env) for x in node.operands]
        result = None
        for op, a, b in zip(node.ops, values, values[1:]):
            part = {
                "==": np.equal,
                "!=": np.not_equal,
                "<": np.less,
                "<=": np.less_equal,
                ">": np.greater,
                ">=": np.greater_equal,
            }[op](a, b)
            result = part if result is None else result & part
        return result
    if isinstance(node, InList):
        item = _eval(node.item, env)
        hit = np.zeros(np.shape(item), dtype=bool)
        for value in node.values:
            hit = hit | (item == _eval(value, env))
        return ~hit if node.negate else hit
    if isinstance(node, Not):
        return ~np.asarray(_eval(node.operand, env), dtype=bool)
    if isinstance(node, BoolOp):
        parts = [np.asarray(_eval(x, env), dtype=bool) for x in node.operands]
        out = parts[0]
        for p in parts[1:]:
            out = (out & p) if node.op == "and" else (out | p)
        return out
    raise AssertionError(node)


def first_match(conditions: Sequence[Checked | None], env: Mapping[str, np.ndarray], rows: int) -> np.ndarray:
    """Index of the first outcome whose condition holds, per round; the last outcome (condition
    None) takes every round the others did not."""
    result = np.full(rows, len(conditions) - 1, dtype=np.int64)
    undecided = np.ones(rows, dtype=bool)
    for i, cond in enumerate(conditions[:-1]):
        hit = evaluate(cond, env, rows) & undecided
        result[hit] = i
        undecided &= ~hit
    return result
