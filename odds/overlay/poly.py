"""Exact polynomials in named unknowns, and the small expression language of weights.

A multiplier weight in a bet file is an exact number (``"1/3"``, ``0.25``) or an expression in
named unknowns (``"p"``, ``"1 - p"``, ``"(1 - p - q) / 2"``). Every figure of a bet whose weights
are unknown is then a polynomial in them with rational coefficients: :class:`Poly` keeps it exact
without sympy (which ``odds solve`` alone imports, to find roots). The arithmetic works on plain
Fractions too, so one code path prices known and unknown weights alike.

The expression language is closed: numbers, the file's unknowns, ``+ - * /`` (division by a number
only), parentheses and ``^`` / ``**`` to a whole power of at most 12. It is parsed here, never
evaluated by Python.

>>> p = parse_weight("1 - p", ["p"])
>>> (p * p).text, (p * p).at({"p": Fraction(1, 2)})
('1 - 2*p + p^2', Fraction(1, 4))
>>> parse_weight("p / q", ["p", "q"])
Traceback (most recent call last):
...
odds.overlay.poly.WeightError: 'p / q': divide by a number, not by an unknown
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..errors import OddsError, shown
from ..limits import exact_number

MAX_POWER = 12
MAX_TEXT = 200


class WeightError(OddsError):
    """A weight expression that cannot be read."""


Monomial = tuple  # ((name, power), ...) sorted by name


class Poly:
    """A polynomial with Fraction coefficients: ``{monomial: coefficient}``, no zero terms."""

    __slots__ = ("terms",)

    def __init__(self, terms=None):
        self.terms: dict[Monomial, Fraction] = {m: c for m, c in (terms or {}).items() if c}

    @classmethod
    def constant(cls, value) -> Poly:
        return cls({(): Fraction(value)})

    @classmethod
    def variable(cls, name: str) -> Poly:
        return cls({((name, 1),): Fraction(1)})

    @staticmethod
    def lift(x) -> Poly:
        return x if isinstance(x, Poly) else Poly.constant(x)

    def __add__(self, other):
        other = Poly.lift(other)
        out = dict(self.terms)
        for m, c in other.terms.items():
            out[m] = out.get(m, 0) + c
        return Poly(out)

    __radd__ = __add__

    def __neg__(self):
        return Poly({m: -c for m, c in self.terms.items()})

    def __sub__(self, other):
        return self + (-Poly.lift(other))

    def __rsub__(self, other):
        return Poly.lift(other) - self

    def __mul__(self, other):
        other = Poly.lift(other)
        out: dict = {}
        for m1, c1 in self.terms.items():
            for m2, c2 in other.terms.items():
                powers = dict(m1)
                for name, k in m2:
                    powers[name] = powers.get(name, 0) + k
                m = tuple(sorted(powers.items()))
                out[m] = out.get(m, 0) + c1 * c2
        return Poly(out)

    __rmul__ = __mul__

    def __truediv__(self, other):
        if isinstance(other, Poly):
            if not other.is_constant:
                raise WeightError("a polynomial can only be divided by a number")
            other = other.value
        return Poly({m: c / Fraction(other) for m, c in self.terms.items()})

    def __pow__(self, k: int):
        out = Poly.constant(1)
        for _ in range(k):
            out = out * self
        return out

    def __eq__(self, other):
        return self.terms == Poly.lift(other).terms

    def __hash__(self):
        return hash(tuple(sorted(self.terms.items())))

    @property
    def is_constant(self) -> bool:
        return all(m == () for m in self.terms)

    @property
    def value(self) -> Fraction:
        """The number a constant polynomial is."""
        if not self.is_constant:
            raise WeightError(f"{self.text} is not a number: it holds {', '.join(self.variables)}")
        return self.terms.get((), Fraction(0))

    @property
    def variables(self) -> list[str]:
        return sorted({name for m in self.terms for name, _ in m})

    def at(self, values: dict) -> Fraction:
        """The value with every unknown given."""
        total = Fraction(0)
        for m, c in self.terms.items():
            term = c
            for name, k in m:
                term *= Fraction(values[name]) ** k
            total += term
        return total

    def substitute(self, values: dict) -> Poly:
        """The polynomial with some unknowns given."""
        out = Poly()
        for m, c in self.terms.items():
            term = Poly.constant(c)
            for name, k in m:
                term = term * (
                    Poly.constant(Fraction(values[name]) ** k) if name in values else Poly({((name, k),): 1})
                )
            out = out + term
        return out

    def to_sympy(self, symbols: dict):
        import sympy

        out = sympy.Integer(0)
        for m, c in self.terms.items():
            term = sympy.Rational(c.numerator, c.denominator)
            for name, k in m:
                term *= symbols[name] ** k
            out += term
        return out

    @property
    def text(self) -> str:
        if not self.terms:
            return "0"
        parts = []
        for m, c in sorted(self.terms.items(), key=lambda t: (sum(k for _, k in t[0]), t[0])):
            body = "*".join(f"{n}^{k}" if k > 1 else n for n, k in m)
            mag = abs(c)
            coef = "" if body and mag == 1 else str(mag)
            item = f"{coef}*{body}" if coef and body else coef or body
            parts.append(("-" if c < 0 else "+", item))
        first_sign, first = parts[0]
        return ("-" if first_sign == "-" else "") + first + "".join(f" {s} {t}" for s, t in parts[1:])

    def __repr__(self):
        return f"Poly({self.text!r})"


def exact(x):
    """A number stays a Fraction; a constant polynomial becomes one."""
    return x.value if isinstance(x, Poly) and x.is_constant else x


# -- the expression language -------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?(?:/\d+)?)|([A-Za-z_][A-Za-z_0-9]*)|(\*\*|[-+*/^()]))")


def parse_weight(text, unknowns, where: str = "") -> Poly:
    """A weight: a number (TOML int or decimal, or text), or an expression in ``unknowns``."""
    label = f"{where}: " if where else ""
    if not isinstance(text, str):
        return Poly.constant(exact_number(text, where or "weight"))
    if len(text) > MAX_TEXT:
        raise WeightError(f"{label}{shown(text)}: at most {MAX_TEXT} characters")
    tokens, pos = [], 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        match = _TOKEN.match(text, pos)
        if not match or match.end() == pos:
            raise WeightError(f"{label}{shown(text)}: cannot read {shown(text[pos:].strip(), 10)}")
        tokens.append(match.groups())
        pos = match.end()
    parser = _Parser(tokens, set(unknowns), text, label)
    out = parser.sum()
    if parser.i != len(tokens):
        raise WeightError(f"{label}{shown(text)}: unexpected {''.join(t for t in tokens[parser.i] if t)!r}")
    return out


class _Parser:
    """``sum := product (("+" | "-") product)*``, ``product := power (("*" | "/") power)*``,
    ``power := unary [("^" | "**") INTEGER]``, ``unary := "-" unary | atom``."""

    def __init__(self, tokens, unknowns, text, label):
        self.tokens, self.unknowns, self.text, self.label, self.i = tokens, unknowns, text, label, 0

    def peek(self):
        return self.tokens[self.i][2] if self.i < len(self.tokens) else None

    def fail(self, why):
        raise WeightError(f"{self.label}{shown(self.text)}: {why}")

    def sum(self):
        out = self.product()
        while self.peek() in ("+", "-"):
            op = self.tokens[self.i][2]
            self.i += 1
            right = self.product()
            out = out + right if op == "+" else out - right
        return out

    def product(self):
        out = self.power()
        while self.peek() in ("*", "/"):
            op = self.tokens[self.i][2]
            self.i += 1
            right = self.power()
            if op == "*":
                out = out * right
            elif not right.is_constant:
                self.fail("divide by a number, not by an unknown")
            elif right.value == 0:
                self.fail("division by zero")
            else:
                out = out / right.value
        return out

    def power(self):
        base = self.unary()
        if self.peek() in ("^", "**"):
            self.i += 1
            if self.i >= len(self.tokens) or not self.tokens[self.i][0] or not self.tokens[self.i][0].isdigit():
                self.fail("a power must be a whole number")
            k = int(self.tokens[self.i][0])
            self.i += 1
            if k > MAX_POWER:
                self.fail(f"a power of at most {MAX_POWER}")
            base = base**k
        return base

    def unary(self):
        if self.peek() == "-":
            self.i += 1
            return -self.unary()
        if self.i >= len(self.tokens):
            self.fail("ends too soon")
        number, name, op = self.tokens[self.i]
        self.i += 1
        if number:
            return Poly.constant(Fraction(number))
        if name:
            if name not in self.unknowns:
                known = ", ".join(sorted(self.unknowns)) or "none"
                self.fail(f"unknown name {name!r} (the file's unknowns: {known})")
            return Poly.variable(name)
        if op == "(":
            out = self.sum()
            if self.peek() != ")":
                self.fail("a '(' is not closed")
            self.i += 1
            return out
        self.fail(f"unexpected {op!r}")
