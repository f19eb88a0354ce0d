"""How a bet reads suits: the suit patterns the positional tables enumerate instead of suits.

A bet's conditions read suits only through the features that declare it (:mod:`odds.bets.features`,
``suits``): a card's suit (``player_suit1``: its value is the suit, ``"s" "h" "d" "c"``, or ``""``
for a card not dealt) or a fact unchanged when the suits are renamed (``player_suited``). A
condition can compare a suit with a literal (``player_suit1 == "h"``, ``banker_suit2 in ("h",
"d")``) or with another suit (``player_suit1 == banker_suit1``), nothing else (texts have no
arithmetic and no order).

Atoms. The literals a bet names cut the four suits into *atoms*: the coarsest partition in which
every literal set is a union of atoms (``in ("h", "d")`` gives the colours {h, d} and {s, c};
``== "h"`` gives {h} and {s, d, c}; no literal, one atom of all four).

Why renaming suits inside atoms changes nothing. Let ``g`` permute the suits, each atom onto
itself. Deal the same ranks with every suit renamed by ``g``: a card's suit feature becomes ``g`` of
what it was (``""`` stays ``""``), a symmetric feature is unchanged. Every suit-reading node of a
condition is then unchanged: a literal set is a union of atoms, so ``g(x)`` is in it exactly when
``x`` is; ``g`` is one-to-one, so ``g(x) == g(y)`` exactly when ``x == y``. So every condition, and
the outcome of the bet, is the same on a deal and on its renamed deal (*invariance*).

Patterns. A position whose suit is only ever compared with literals needs only its atom (level
``class``). A position whose suit is compared with another suit (or read by a symmetric feature)
needs to know which of the other such positions share its suit (level ``label``): its suit is
written as a *label* inside its atom, labels numbered by first appearance in dealing order (the
first suit of an atom seen is label 0, the next new one label 1, ...). A *pattern* gives each
suited position its atom or its (atom, label); by invariance every assignment of suits that a
pattern stands for - labels of an atom sent one-to-one onto suits of that atom, a class position
onto any suit of its atom - has the same outcome, so the bet is settled once per pattern, on a
representative. For three positions compared with each other, 5 patterns instead of 64.

The shoe need not be suit-symmetric (a card removed with its suit), so a pattern is expanded
into its concrete assignments (at most ``4!/(4-u)!`` for ``u`` labels) before it becomes a term of
a table: a label becomes one suit, a class position the set of its atom's suits. A table stays an
ordinary polynomial in the 52 card counts (:mod:`odds.exact.positional`).

A feature that reads suits in any other way (``suits = "other"``) makes every suit its own atom:
the patterns are then the suits themselves.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from ..bets.condition import Checked, Compare, Feature, InList, Literal, children

if TYPE_CHECKING:
    from ..bets.features import FeatureSpec

SUIT_LETTERS = "shdc"
"""Suit letters in card-kind order (a card kind is ``4 * (rank - 1) + suit index``)."""
ALL_SUITS = 0b1111
"""The mask of the four suits (bit ``s`` = suit index ``s``)."""
LABEL = 16
"""Pattern codes: an atom index for a class position, ``LABEL + 4 * atom + label`` for a label."""


@dataclass(frozen=True)
class SuitReading:
    """What a bet reads of the suits: the atoms (suit masks, a partition of the four suits) and,
    per deal position, None (no suit), ``"class"`` (the atom) or ``"label"`` (the atom and which
    other labelled positions share the suit)."""

    atoms: tuple[int, ...] = (ALL_SUITS,)
    levels: tuple[str | None, ...] = ()

    @property
    def any(self) -> bool:
        """Whether some position's suit is read."""
        return any(level is not None for level in self.levels)

    def concrete(self) -> SuitReading:
        """The same positions with every suit its own atom (no symmetry used)."""
        levels = tuple(None if level is None else "class" for level in self.levels)
        return SuitReading(tuple(1 << s for s in range(4)), levels)

    def patterns(self, positions: tuple[int, ...]) -> Patterns:
        """The patterns of the suits at these positions (each suited, dealt, in dealing order)."""
        key = positions
        cache: dict[tuple[int, ...], Patterns] = self.__dict__.setdefault("_patterns", {})
        if key not in cache:
            cache[key] = Patterns(self, positions)
        return cache[key]


def suit_reading(conditions: Sequence[Checked | None], specs: Mapping[str, FeatureSpec], positions: int) -> SuitReading:
    """The :class:`SuitReading` of a bet (``conditions``: its checked conditions, None for the
    last; ``specs``: the game's feature specs)."""
    used = sorted(set().union(*(c.features for c in conditions if c is not None)))
    suited = [n for n in used if specs[n].suits is not None]
    if not suited:
        return SuitReading((ALL_SUITS,), (None,) * positions)
    literal_sets: list[set[int]] = []
    compared: set[str] = set()
    concrete = any(specs[n].suits == "other" for n in suited)
    for condition in conditions:
        if condition is None:
            continue
        stack = [condition.tree]
        while stack:
            node = stack.pop()
            stack.extend(children(node))
            if isinstance(node, Compare):
                for a, b in zip(node.operands, node.operands[1:]):
                    for x, y in ((a, b), (b, a)):
                        if not (isinstance(x, Feature) and specs[x.name].suits == "value"):
                            continue
                        if isinstance(y, Literal) and isinstance(y.value, str):
                            literal_sets.append(_suit_set([y.value]))
                        elif isinstance(y, Feature) and specs[y.name].suits == "value":
                            compared |= {x.name, y.name}
                        else:  # a suit compared with some other text: no symmetry assumed
                            concrete = True
            elif isinstance(node, InList) and isinstance(node.item, Feature):
                if specs[node.item.name].suits == "value":
                    literal_sets.append(_suit_set([v.value for v in node.values if isinstance(v.value, str)]))
    levels: list[str | None] = [None] * positions
    for name in suited:
        spec = specs[name]
        level = "label" if name in compared or spec.suits == "symmetric" else "class"
        for position, resolution in spec.reads:
            if resolution in ("suit", "card") and levels[position] != "label":
                levels[position] = level
    reading = SuitReading(_atoms(literal_sets), tuple(levels))
    if concrete or all(bin(a).count("1") == 1 for a in reading.atoms):
        return reading.concrete()
    return reading


def _suit_set(letters: Sequence[str]) -> set[int]:
    return {SUIT_LETTERS.index(x) for x in letters if x and x in SUIT_LETTERS}


def _atoms(literal_sets: list[set[int]]) -> tuple[int, ...]:
    """The coarsest partition of the four suits in which every set is a union of parts.

    >>> _atoms([{1, 2}]), _atoms([{1}, {2}])
    ((6, 9), (2, 4, 9))
    """
    blocks = [set(range(4))]
    for literal in literal_sets:
        blocks = [part for block in blocks for part in (block & literal, block - literal) if part]
    return tuple(sorted(sum(1 << s for s in block) for block in blocks))


def _suits_of(mask: int) -> list[int]:
    return [s for s in range(4) if mask >> s & 1]


_POPCOUNT = np.array([bin(m).count("1") for m in range(16)], dtype=np.int64)
_NTH_SUIT = np.array([(_suits_of(m) + [0] * 4)[:4] for m in range(16)], dtype=np.int64)
"""``[mask, i]``: the ``i``-th suit of a mask (for drawing a random member of a class)."""


class Patterns:
    """Every pattern of the suits at some positions (module docstring), in a fixed order.

    ``codes[j]``: pattern ``j`` as one code per position (an atom index, or ``LABEL + 4 * atom +
    label``); ``suits[j]``: its representative suits; ``expansions[j]``: ``(assignments,
    positions)`` suit masks of every assignment it stands for (a class position: its atom's
    mask); :meth:`sample`: random members, for checking invariance.

    >>> reading = SuitReading((15,), (None, "label", None, "label", "label"))
    >>> p = reading.patterns((1, 3, 4))
    >>> len(p.codes), [len(e) for e in p.expansions]
    (5, [4, 12, 12, 12, 24])
    """

    def __init__(self, reading: SuitReading, positions: tuple[int, ...]):
        self.reading = reading
        self.positions = positions
        atoms = reading.atoms
        levels = [reading.levels[p] for p in positions]
        codes: list[tuple[int, ...]] = []

        def walk(prefix: list[int], used: list[int]) -> None:
            if len(prefix) == len(levels):
                codes.append(tuple(prefix))
                return
            level = levels[len(prefix)]
            for a, mask in enumerate(atoms):
                if level == "class":
                    walk(prefix + [a], used)
                    continue
                for label in range(min(used[a] + 1, bin(mask).count("1"))):
                    grown = used[:]
                    grown[a] = max(used[a], label + 1)
                    walk(prefix + [LABEL + 4 * a + label], grown)

        walk([], [0] * len(atoms))
        self.codes = codes
        self.index = {c: j for j, c in enumerate(codes)}
        self.atoms = atoms
        width = len(positions)
        self.suits = np.zeros((len(codes), width), dtype=np.int64)
        self.expansions: list[np.ndarray] = []
        for j, code in enumerate(codes):
            labels = [0] * len(atoms)  # labels used per atom
            for c in code:
                if c >= LABEL:
                    a, label = divmod(c - LABEL, 4)
                    labels[a] = max(labels[a], label + 1)
            choices = [list(itertools.permutations(_suits_of(mask), labels[a])) for a, mask in enumerate(atoms)]
            assignments = list(itertools.product(*choices))
            masks = np.empty((len(assignments), width), dtype=np.int64)
            for i, sigma in enumerate(assignments):
                for k, c in enumerate(code):
                    if c >= LABEL:
                        a, label = divmod(c - LABEL, 4)
                        masks[i, k] = 1 << sigma[a][label]
                    else:
                        masks[i, k] = atoms[c]
            self.expansions.append(masks)
            for k, c in enumerate(code):
                if c >= LABEL:
                    a, label = divmod(c - LABEL, 4)
                    self.suits[j, k] = assignments[0][a][label]
                else:
                    self.suits[j, k] = _suits_of(atoms[c])[0]

    def sample(self, patterns: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """``(rows, positions)`` suits: for each row, a random assignment its pattern stands for
        (a class position: a random suit of its atom)."""
        starts = np.concatenate([[0], np.cumsum(self.sizes)[:-1]])
        flat = np.concatenate(self.expansions)
        masks = flat[starts[patterns] + (rng.random(len(patterns)) * self.sizes[patterns]).astype(np.int64)]
        counts = _POPCOUNT[masks]
        pick = (rng.random(masks.shape) * counts).astype(np.int64)
        suits: np.ndarray = _NTH_SUIT[masks, pick]
        return suits

    @cached_property
    def sizes(self) -> np.ndarray:
        """Assignments each pattern stands for."""
        return np.array([len(e) for e in self.expansions], dtype=np.int64)

    def without(self, k: int) -> np.ndarray:
        """For each pattern, the index of the pattern it becomes when position ``k`` (an index
        into :attr:`positions`) is no longer read, among the patterns of the other positions
        (labels numbered again by first appearance)."""
        out = np.empty(len(self.codes), dtype=np.int64)
        others = self.reading.patterns(self.positions[:k] + self.positions[k + 1 :])
        for j, code in enumerate(self.codes):
            rest = code[:k] + code[k + 1 :]
            renamed: dict[int, int] = {}
            counts = [0] * len(self.atoms)
            new = []
            for c in rest:
                if c >= LABEL:
                    a = (c - LABEL) // 4
                    if c not in renamed:
                        renamed[c] = LABEL + 4 * a + counts[a]
                        counts[a] += 1
                    c = renamed[c]
                new.append(c)
            out[j] = others.index[tuple(new)]
        return out
