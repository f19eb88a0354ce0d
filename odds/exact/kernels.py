"""Exact weighted deal counts of many compositions at once, at matrix-product speed.

Both exact batch paths of the engine count a bet's deals as a polynomial in the composition:

    S[r, d] = sum over terms t of W[t, d] * prod over atoms g of v_g(r, s_t(g))

* compiled tables (:mod:`odds.exact.drawing`): the atoms are the card kinds (10 baccarat values),
  a term is a multiset of ``D`` kinds, its signature on kind ``k`` the multiplicity ``m_k`` and
  ``v_k(r, m) = (c_k)_m``, the falling factorial of the row's count of that kind. A round that uses
  ``s < D`` cards is scaled by ``(N - s)_(D - s)``, the orderings of the unused cards; here that
  scale is expanded into the multisets it stands for (:func:`homogenize`), so every term has
  exactly ``D`` cards:

      prod_k (c_k)_(m_k) * (N - s)_(D - s)
          = sum over multisets e of D - s kinds of  (D - s)! / prod_k e_k!  *  prod_k (c_k)_(m_k + e_k)

  (``prod_k (c_k)_(m_k) (c_k - m_k)_(e_k) = prod_k (c_k)_(m_k + e_k)``, and the ordered draws of
  ``D - s`` distinct cards out of the ``N - s`` left, grouped by the kinds they use, are
  ``(N - s)_(D - s)``);
* positional tables (:mod:`odds.exact.positional`): the atoms are ranks (or baccarat values, when
  a factor reads a value), a term's signature on an atom is the product of its factors there (a
  card's, a suit shape's, a rank's or a value's falling factorial).

A small example: two kinds with counts ``c = (3, 5)``, depth 2, signature ``m`` of a kind worth
``(c)_m``, and the terms ``1 * c_1 c_2 + 2 * (c_1)_2 + 3 * (c_2)_2 = 15 + 12 + 60``:

>>> import numpy as np
>>> kernel = FactoredSum.build(np.array([[1, 1], [2, 0], [0, 2]]), [np.arange(3)] * 2,
...                            np.array([[1], [2], [3]]), depth=2, column_bound=3)
>>> values = [np.array([[1], [c], [c * (c - 1)]]) for c in (3, 5)]  # (signatures, rows)
>>> kernel.applies(8), kernel.sums([v.astype(float) for v in values], values).tolist()
(True, [[87]])

Two kernels sum it. When the atoms are interchangeable - every rank alike, as in the pair bets,
perfect pair and Dragon Tiger's dragon/tiger/tie - :class:`SymmetricSum` expands a product over
the atoms in int64 (its docstring has the method and the proof: ring arithmetic, nothing else).
Otherwise :class:`FactoredSum`, below.

How :class:`FactoredSum` sums it, per chunk of rows. Split the atoms in two sides. Each term is a pair ``(a, b)``
of a first-side part and a second-side part, with ``|a| + |b| = D`` cards. With ``A[r, a]`` and
``B[r, b]`` the products of the signatures' values on each side,

    S[r, d] = sum_j sum_(b: |b| = j) B[r, b] * T_j[r, b, d],    T_j[r, b, d] = sum_(a: |a| = D - j) A[r, a] M_j[a, (b, d)]

``T_j`` is a dense float64 matrix product (BLAS) of the rows' ``A`` with the block ``M_j`` of the
weights; the sum over ``b`` is int64 arithmetic.

Why it is exact (every step; ``tests/test_factored.py`` checks each bound from both sides).

1. The values. Every signature value ``v_g(r, s)`` and every product of them over distinct atoms
   counts ordered selections of distinct cards of the row's shoe (falling factorials of disjoint
   card groups, and sums of such products for suit shapes), so it is a non-negative integer of
   at most ``(N)_k <= (N)_D`` for a part of ``k <= D`` cards (at most ``5! = 120`` when ``N <
   D``). The sum itself is ``S[r, d] = sum over outcomes of count * column entry`` with the counts
   adding up to ``(N)_D``, so ``|S| <= column_bound * (N)_D``. The caller promises
   ``max(1, column_bound) * (N)_D < 2**63`` for every row (:meth:`FactoredSum.applies`): every
   value and every ``S`` fits in int64.
2. int64 arithmetic is the ring of integers modulo ``2**64`` (numpy wraps, never raises): the
   second side's products, the products ``B * T`` and their sum are computed modulo ``2**64``,
   and a result below ``2**63`` in size is its own residue, so ``S`` is exact even where an
   intermediate ``T_j`` (multiplied by ``B = 0``) would not fit.
3. The weights. The build refuses weights of ``2**40`` or more and ``2**20`` terms or more
   (``MAX_WEIGHT``, ``MAX_TERMS``): every entry of ``M``, a sum of weights, is then below
   ``2**60`` in int64; it refuses a block whose largest row sum of ``|M|`` (its *mass*, summed in
   Python integers) reaches ``2**46`` (``MAX_MASS``): every entry of ``M`` is then exact in
   float64. (Refused: the caller takes its exact fallback.)
4. The float products. ``A`` is computed in float64 from the int64 signature values. If a true
   ``A[r, a]`` is 0, some factor is 0 and the float product is exactly 0. Else every factor is at
   least 1, each partial product is at most ``A[r, a]``, and rounding is monotone: if ``A[r, a]
   < 2**53`` every partial product is an integer below ``2**53`` and exact; if not, the computed
   value is at least ``2**53``. For each chunk the same holds for ``P[a]``, the product over the
   part's atoms of each signature value's largest over the rows (computed like ``A``, for one
   column): ``P[a] >= A[r, a]`` for every row (non-negative factors). Per block the bound
   ``max_e sum_a |M[e, a]| * P[a]`` is computed in float64 and multiplied by ``1 + 2**-20``
   (``BOUND_MARGIN``: a float dot product of ``n < 2**20`` non-negative terms errs by less than
   ``(n + 1) 2**-53`` of its value, so the margin keeps it an upper bound; and a float sum of
   non-negative terms is at least its largest term, so a ``P[a]`` of ``2**53`` or more under a
   non-zero entry of ``M`` makes the bound at least ``2**53``). Below ``2**53``, then, every
   ``P[a]`` under a non-zero column of ``M`` is below ``2**53``, so is every ``A[r, a] <= P[a]``,
   all exact, and every product and partial sum of ``M @ A``, in whatever order and with or
   without fused multiply-adds, is an integer below ``2**53`` in size: exact. (An ``A`` under a
   zero column, exact or not, is finite - at most ``(2**63)**D`` - and adds exactly 0.) The
   converted ``T_j`` are exact int64: read from their bits when every block's bound is below
   ``2**51`` (:func:`odds.exact.intmath.float_bits_offset`, the offset taken off after the
   contraction, modulo ``2**64``), else cast. (A block whose first-side part is the empty one has
   ``A = 1``: its ``T_j`` is ``M_j`` itself, copied.)
5. Otherwise (one kind piled high, or big shoes) the block is summed on
   limbs of the int64 ``A`` of ``bits = 53 - bitlength(mass) >= 7`` bits: ``limb @ M`` has every
   partial sum below ``2**bits * mass <= 2**53``, exact; each is shifted and added modulo
   ``2**64`` (2.), which gives ``T_j`` modulo ``2**64``.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from collections.abc import Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .intmath import BITS_EXACT, FLOAT_BITS_OFFSET, falling, float_bits_offset, int64_residue, row_keys

if TYPE_CHECKING:
    from numpy.typing import DTypeLike
    from .drawing import CompiledDeal, FoldedColumns
    from .positional import PositionalTable

Factor = tuple[Any, ...]
"""A positional table's factor: its kind first (``("card", k, m)``, ``("shape", r, shape)`` ...)."""

FLOAT_EXACT = float(2**53)
INT64_LIMIT = 2**63 - 1
MAX_WEIGHT = 2**40
MAX_TERMS = 2**20
"""Weights below ``MAX_WEIGHT`` and fewer than ``MAX_TERMS`` terms: every sum of weights
(``M``'s entries, at most ``2**60``) is exact in int64."""
MAX_MASS = 2**46
"""A block's largest row sum of ``|M|`` must be below this: then every entry of ``M`` is exact in
float64 and a limb has at least ``53 - 46 = 7`` bits."""
BOUND_CACHE = 4096
"""Peaks whose bounds a kernel keeps (then it starts again)."""
Signatures = Sequence[np.ndarray] | np.ndarray
"""Each atom's signature values ``(signatures, rows)``: a list, or one array with atoms first."""
BOUND_MARGIN = 1 + 2.0**-20
"""The bound is summed in float64 (relative error below ``1e-12`` for the sizes here); the margin
keeps it an upper bound."""


class _Scratch:
    """Arrays kept between calls, by name: the hot loops write into them (``out=``) instead of
    allocating. Fresh arrays of more than 128 KiB come from the system as new pages, and touching
    new pages costs more than the arithmetic here (measured: a third of the time of a positional
    table). Each name owns one flat buffer, grown when a call needs more; the array handed out is
    a contiguous view of its start, so batches of any number of rows (a shoe's rounds) reuse it.
    An array handed out is valid until the next call that asks for the same name *in the same
    thread*: the buffers are per thread (a Dask worker runs several tasks at once in threads of
    one process, sharing one evaluator; shared buffers would mix their rows)."""

    def __init__(self) -> None:
        self._local = threading.local()

    def __call__(self, name: Hashable, shape: tuple[int, ...], dtype: DTypeLike = np.int64) -> np.ndarray:
        arrays = getattr(self._local, "arrays", None)
        if arrays is None:
            arrays = self._local.arrays = {}
        size = math.prod(shape)
        key = (name, np.dtype(dtype))
        buffer = arrays.get(key)
        if buffer is None or buffer.size < size:
            buffer = arrays[key] = np.empty(max(size, 1), dtype=dtype)
        return buffer[:size].reshape(shape)

    def __reduce__(self) -> tuple[type[_Scratch], tuple[()]]:  # never ship the arrays to another process
        return (_Scratch, ())


class _TreeSide:
    """Parts over some atoms, sorted by size, each the product of its atoms' signature values,
    built one atom at a time over the distinct prefixes (a level: a parent prefix times one
    signature's value; two gathers and a product per prefix)."""

    def __init__(self, atoms: Sequence[int], parts: np.ndarray, sig_sizes: Sequence[np.ndarray]):
        self.atoms = tuple(atoms)
        parts = _unique_rows(np.asarray(parts, dtype=np.int64).reshape(-1, len(self.atoms)))
        sizes = np.zeros(len(parts), dtype=np.int64)
        for j, g in enumerate(self.atoms):
            sizes += np.asarray(sig_sizes[g], dtype=np.int64)[parts[:, j]]
        order = np.lexsort(tuple(parts[:, j] for j in reversed(range(len(self.atoms)))) + (sizes,))
        self.parts, self.sizes = parts[order], sizes[order]
        levels, previous = [], None
        for t in range(1, len(self.atoms) + 1):
            prefixes = self.parts if t == len(self.atoms) else _unique_rows(self.parts[:, :t])
            parent = (
                np.zeros(len(prefixes), dtype=np.int64)
                if previous is None
                else _row_index(previous, prefixes[:, : t - 1])
            )
            levels.append((parent, prefixes[:, t - 1].copy()))
            previous = prefixes
        self.levels = tuple(levels)
        self.elements = sum(len(p) for p, _ in levels)
        self.scratch = _Scratch()
        self.by_size = {
            int(s): slice(int(np.searchsorted(self.sizes, s)), int(np.searchsorted(self.sizes, s, "right")))
            for s in np.unique(self.sizes)
        }

    def values(self, sig_values: Signatures, dtype: DTypeLike) -> np.ndarray:
        """``(parts, rows)``: each part's product of its atoms' signature values (``sig_values[g]``:
        ``(signatures, rows)``; rows last, so that every step runs along contiguous memory)."""
        out: np.ndarray | None = None
        rows = sig_values[self.atoms[0]].shape[1]
        for t, (atom, (parent, sig)) in enumerate(zip(self.atoms, self.levels)):
            column = self.scratch(("sig", t, dtype), (len(sig), rows), dtype)
            source = sig_values[atom]
            if source.dtype != dtype:
                source = source.astype(dtype)
            np.take(source, sig, axis=0, out=column, mode="clip")
            if out is None:
                out = column
            else:
                level = self.scratch(("level", t, dtype), (len(parent), rows), dtype)
                np.take(out, parent, axis=0, out=level, mode="clip")
                level *= column
                out = level
        if out is None:
            raise ValueError("a side without atoms")
        return out


class _OuterSide:
    """Parts over the atoms of two tree sides: every pair ``(l, r)``, per total size ``s`` the
    outer products of the left parts of size ``s - u`` and the right parts of size ``u``: one
    broadcast product per ``(s, u)``, no gathers. Pairs the terms never use are computed too (their
    rows of the weights are zero): worth it when the terms use nearly all pairs."""

    def __init__(self, left: _TreeSide, right: _TreeSide, sizes: Sequence[int]):
        self.left, self.right = left, right
        self.atoms = left.atoms + right.atoms
        self.pieces: dict[int, list[tuple[slice, slice]]] = {}
        parts = {}
        for s in sizes:
            pieces, chunks = [], []
            for u, r_slice in right.by_size.items():
                l_slice = left.by_size.get(s - u)
                if l_slice is None:
                    continue
                pieces.append((l_slice, r_slice))
                lp, rp = left.parts[l_slice], right.parts[r_slice]
                chunks.append(np.concatenate([np.repeat(lp, len(rp), axis=0), np.tile(rp, (len(lp), 1))], axis=1))
            if pieces:
                self.pieces[s] = pieces
                parts[s] = np.concatenate(chunks)
        self.parts_of = parts
        self.elements = left.elements + right.elements + sum(len(p) for p in parts.values())
        self.scratch = _Scratch()

    def values_by_size(self, sig_values: Signatures, dtype: DTypeLike) -> dict[int, np.ndarray]:
        sides = self.sides(sig_values, dtype)
        return {s: self.values_of_size(sides, s, dtype, (s, dtype)) for s in self.pieces}

    def sides(self, sig_values: Signatures, dtype: DTypeLike) -> tuple[np.ndarray, np.ndarray]:
        """The left and the right side's values (:meth:`values_of_size` pairs them)."""
        return self.left.values(sig_values, dtype), self.right.values(sig_values, dtype)

    def values_of_size(
        self, sides: tuple[np.ndarray, np.ndarray], s: int, dtype: DTypeLike, name: Hashable
    ) -> np.ndarray:
        """``(parts of size s, rows)``: the outer products of :meth:`sides`, in the scratch array
        ``name`` (valid until the next call that names it)."""
        left, right = sides
        rows = left.shape[1]
        buffer = self.scratch(name, (len(self.parts_of[s]), rows), dtype)
        at = 0
        for l_slice, r_slice in self.pieces[s]:
            n_l, n_r = l_slice.stop - l_slice.start, r_slice.stop - r_slice.start
            np.multiply(
                left[l_slice, None, :],
                right[None, r_slice, :],
                out=buffer[at : at + n_l * n_r].reshape(n_l, n_r, rows),
            )
            at += n_l * n_r
        return buffer


@dataclass(frozen=True)
class _Block:
    """The terms whose first-side part has ``size`` cards: ``M[a, (b, d)]``, dense over the
    first side's parts of that size and the second side's parts of ``depth - size`` cards."""

    size: int
    b: slice
    m: np.ndarray
    """float64 ``(parts b * width, parts a)`` (the transpose: rows are the last axis)."""
    abs_m: np.ndarray
    """``|M|`` (float64), for the exactness bound."""
    mass: int
    """The largest column sum of ``|M|`` (the limb width when the bound fails)."""
    at: int
    """Its rows' first row in the float products of all blocks (laid out in the second side's
    order, so that one product by ``B`` contracts them all)."""
    constant: bool
    """The first side's only part of this size is the empty one (value 1): ``T = M``, no product."""


@dataclass
class FactoredSum:
    """``S = sum_t W[t] * prod_g v_g(s_t(g))`` for many rows (module docstring)."""

    depth: int
    width: int
    first: _TreeSide | _OuterSide
    """The float64 side."""
    second: _TreeSide
    blocks: list[_Block]
    column_bound: int
    """The largest ``|column entry|``: ``|S| <= column_bound * (N)_depth``."""
    b_rows: slice | np.ndarray
    """The second side's part of each block's rows of products, in their order (a slice: they
    are the parts in order)."""
    stats: dict[str, int] = field(default_factory=dict)
    scratch: _Scratch = field(default_factory=_Scratch)
    bound_cache: dict[bytes, list[float]] = field(default_factory=dict)
    """The blocks' bounds by the peaks of the first side's signature values (:meth:`_bounds`)."""

    needs_floats = True
    """:meth:`sums` reads the float64 signature values."""
    rows_per_pass = None
    """Rows a pass should take; None: the evaluator's default."""

    @classmethod
    def build(
        cls,
        term_sigs: np.ndarray,
        sig_sizes: Sequence[np.ndarray],
        weights: np.ndarray,
        depth: int,
        column_bound: int,
        heavy: Sequence[float] | None = None,
        force: tuple[Sequence[int], bool | None] | None = None,
    ) -> FactoredSum | None:
        """From each term's signature per atom (``term_sigs[t, g]``; signature 0 = none: value 1,
        no card), each atom's signature sizes (cards), and the int64 weights ``W (terms, width)``;
        None when the terms do not all hold ``depth`` cards or a weight is too large for float64.
        ``heavy``: per atom, how many cards of it a shoe holds (heavy atoms go to the int64 side,
        keeping the float64 side's values small)."""
        term_sigs = np.asarray(term_sigs, dtype=np.int64)
        weights = np.asarray(weights, dtype=np.int64)
        n_terms, n_atoms = term_sigs.shape
        if n_atoms < 2 or not n_terms or weights.shape[0] != n_terms:
            return None
        if np.abs(weights).max(initial=0) >= MAX_WEIGHT or n_terms >= MAX_TERMS:
            return None  # (far past any pay: then every sum of weights below is exact in int64)
        sizes = np.zeros(n_terms, dtype=np.int64)
        for g in range(n_atoms):
            sizes += np.asarray(sig_sizes[g], dtype=np.int64)[term_sigs[:, g]]
        if (sizes != depth).any():
            return None
        order = sorted(range(n_atoms), key=lambda g: (-(heavy[g] if heavy is not None else 0), g))
        best: tuple[float, _TreeSide | _OuterSide, _TreeSide] | None = None
        for k in range(1, n_atoms):
            second_atoms = sorted(order[:k])
            if force is not None:
                if k > 1:
                    break
                second_atoms = sorted(force[0])
            first_atoms = [g for g in range(n_atoms) if g not in second_atoms]
            plan = _plan(
                term_sigs,
                sig_sizes,
                first_atoms,
                second_atoms,
                depth,
                weights.shape[1],
                None if force is None else force[1],
            )
            if best is None or plan[0] < best[0]:
                best = plan
        if best is None:
            return None
        _, first, second = best
        width = weights.shape[1]
        b_index = _lookup(second.parts, term_sigs[:, list(second.atoms)])
        a_parts = term_sigs[:, list(first.atoms)]
        blocks = []
        at = 0
        for size in reversed(range(depth + 1)):  # the second side's parts by size, ascending
            members = np.flatnonzero(second.sizes[b_index] == depth - size)
            b_slice = second.by_size.get(depth - size)
            if not len(members) or b_slice is None:
                continue
            if isinstance(first, _OuterSide):
                table = first.parts_of[size]
            else:
                table = first.parts[first.by_size[size]]
            a_rows = _lookup(table, a_parts[members])
            dense = np.zeros((len(table), b_slice.stop - b_slice.start, width), dtype=np.int64)
            np.add.at(dense, (a_rows, b_index[members] - b_slice.start), weights[members])
            m = np.ascontiguousarray(dense.reshape(len(table), -1).T)
            mass = max(sum(row) for row in np.abs(m).astype(object).tolist())  # Python ints: exact
            if mass >= MAX_MASS:
                return None  # no limb width would keep a limb's products below 2**53
            constant = len(table) == 1 and not table.any()  # (signature 0 of every atom: value 1)
            blocks.append(
                _Block(size, b_slice, m.astype(np.float64), np.abs(m).astype(np.float64), int(mass), at, constant)
            )
            at += len(m)
        b_order = np.concatenate([np.arange(block.b.start, block.b.stop) for block in blocks] + [np.zeros(0, np.int64)])
        b_rows: slice | np.ndarray = b_order
        if len(b_order) and (np.diff(b_order) == 1).all():
            b_rows = slice(int(b_order[0]), int(b_order[-1]) + 1)  # (always, as the parts are sorted by size)
        return cls(depth, width, first, second, blocks, int(column_bound), b_rows)

    @property
    def elements(self) -> int:
        """Parts built per row (both sides): the size of its working arrays."""
        return self.first.elements + self.second.elements

    def applies(self, largest_total: int) -> bool:
        """Whether every value fits in int64 for rows of at most ``largest_total`` cards."""
        return max(1, self.column_bound) * falling(int(largest_total), self.depth) <= INT64_LIMIT

    def sums(self, float_sigs: Signatures, int_sigs: Signatures) -> np.ndarray:
        """``S (width, rows)`` int64, given each atom's signature values ``(signatures, rows)``
        as float64 (``float_sigs``, for the float side) and int64 (``int_sigs``). The caller
        checked :meth:`applies`."""
        b = self.second.values(int_sigs, np.int64)
        rows = b.shape[1]
        if not rows:
            return np.zeros((self.width, rows), dtype=np.int64)
        # P[a] = the product over the part's atoms of each signature value's largest over the
        # rows, an upper bound of every row's A[r, a] (one column through the same side)
        bounds = self._bounds(float_sigs)
        # every block's T_j, one after the other in the second side's order, then one product by
        # B and one sum; each block's A is made just before its product (it stays in the caches)
        t_all = self.scratch("t", (sum(len(block.m) for block in self.blocks), rows), np.float64)
        limbs = []
        first = self.first
        if isinstance(first, _OuterSide):
            sides = first.sides(float_sigs, np.float64)

            def a_of(size: int) -> np.ndarray:
                return first.values_of_size(sides, size, np.float64, "size")

        else:
            a_all = first.values(float_sigs, np.float64)

            def a_of(size: int) -> np.ndarray:
                return a_all[first.by_size[size]]

        a_int = None
        for i, block in enumerate(self.blocks):
            t = t_all[block.at : block.at + len(block.m)]
            if block.constant:
                t[...] = block.m  # A = 1: T = M (exact: every entry of M is below 2**46)
            elif bounds[i] < FLOAT_EXACT:
                np.matmul(block.m, a_of(block.size), out=t)  # integers below 2**53: exact
            else:  # limbs of A, each product exact; contracted on their own below
                self.stats["limb_blocks"] = self.stats.get("limb_blocks", 0) + 1
                if a_int is None:
                    a_int = self._first_values(int_sigs, np.int64)
                limbs.append((block, _limb_product(a_int[block.size], block)))
                t[...] = 0
        n_b = len(t_all) // self.width
        b_rows = b[self.b_rows]
        if all(block.constant or bound < BITS_EXACT for block, bound in zip(self.blocks, bounds)):
            # every T below 2**51 (limb blocks' are 0 here): read from its bits plus an offset
            # (intmath.float_bits_offset), multiplied and summed modulo 2**64, the offset times the
            # sum of B taken off once
            product = float_bits_offset(t_all).reshape(n_b, self.width, rows)
            product *= b_rows[:, None, :]
            out: np.ndarray = product.sum(axis=0)
            out -= b_rows.sum(axis=0) * np.int64(FLOAT_BITS_OFFSET)
        else:
            self.stats["cast_passes"] = self.stats.get("cast_passes", 0) + 1
            product = self.scratch("bt", (n_b, self.width, rows), np.int64)
            # T is exact integers in float64: cast to int64 (exact), then products and sums modulo 2**64
            np.multiply(
                t_all.reshape(n_b, self.width, rows), b_rows[:, None, :], out=product, dtype=np.int64, casting="unsafe"
            )
            out = product.sum(axis=0)
        for block, t_int in limbs:
            t3 = t_int.reshape(block.b.stop - block.b.start, self.width, rows)
            t3 *= b[block.b, None, :]
            out += t3.sum(axis=0)
        return out

    def _bounds(self, float_sigs: Signatures) -> list[float]:
        """Per block, the bound of step 4 of the proof for these rows. It depends only on each
        first-side signature value's largest over the rows, so it is kept by those peaks: the
        chunks of a counting run share a few peaks (a shoe's first rounds hold every card), and
        the peaks' own pass through the first side costs as much as a tenth of the rows'."""
        first = set(self.first.atoms)
        sig_peaks = [np.max(v, axis=1, keepdims=True) if g in first else v[:, :0] for g, v in enumerate(float_sigs)]
        key = b"".join(p.tobytes() for g, p in enumerate(sig_peaks) if g in first)
        bounds = self.bound_cache.get(key)
        if bounds is None:
            peaks = {s: p[:, 0].copy() for s, p in self._first_values(sig_peaks, np.float64).items()}
            bounds = [float((block.abs_m @ peaks[block.size]).max()) * BOUND_MARGIN for block in self.blocks]
            if len(self.bound_cache) >= BOUND_CACHE:
                self.bound_cache.clear()
            self.bound_cache[key] = bounds
        return bounds

    def _first_values(self, sigs: Signatures, dtype: DTypeLike) -> dict[int, np.ndarray]:
        if isinstance(self.first, _OuterSide):
            return self.first.values_by_size(sigs, dtype)
        values = self.first.values(sigs, dtype)
        return {s: values[sl] for s, sl in self.first.by_size.items()}


def _limb_product(a: np.ndarray, block: _Block) -> np.ndarray:
    """``a @ M`` exactly in int64 (modulo 2**64): ``a`` cut into limbs of ``53 - log2(mass)`` bits."""
    bits = 53 - max(block.mass, 1).bit_length()
    mask = np.int64((1 << bits) - 1)
    out = np.zeros((block.m.shape[0], a.shape[1]), dtype=np.int64)
    top = int(a.max()) if a.size else 0
    shift = 0
    while top >> shift:
        limb = ((a >> np.int64(shift)) & mask).astype(np.float64)
        out += (block.m @ limb).astype(np.int64) << np.int64(shift)
        shift += bits
    return out


def _unique_rows(rows: np.ndarray) -> np.ndarray:
    """The distinct rows of a non-negative int64 array, sorted (as ``np.unique(rows, axis=0)``,
    which is several times slower: rows are keyed by :func:`odds.exact.intmath.row_keys`).

    >>> _unique_rows(np.array([[1, 0], [0, 2], [1, 0]])).tolist()
    [[0, 2], [1, 0]]
    """
    if not rows.size:
        return np.unique(rows, axis=0)
    (keys,) = row_keys(rows)
    _, first = np.unique(keys, return_index=True)
    return rows[first]


def _row_index(table: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Index in ``table`` (distinct rows, sorted as by np.unique) of each of ``rows``."""
    table_keys, row_keys_ = row_keys(table, rows)
    return np.searchsorted(table_keys, row_keys_)


def _lookup(table: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Index in ``table`` (distinct rows, any order) of each of ``rows`` (all present)."""
    keys, wanted = row_keys(table, rows)
    order = np.argsort(keys, kind="stable")
    # (a row past every key would index one past the end: clipped, it fails the check below)
    found = order[np.minimum(np.searchsorted(keys, wanted, sorter=order), len(order) - 1)]
    if not (table[found] == rows).all():
        raise AssertionError("a term's part is missing from its side")
    return found


def _plan(
    term_sigs: np.ndarray,
    sig_sizes: Sequence[np.ndarray],
    first_atoms: list[int],
    second_atoms: list[int],
    depth: int,
    width: int,
    use_outer: bool | None = None,
) -> tuple[float, _TreeSide | _OuterSide, _TreeSide]:
    """``(cost, first side, second side)`` of one split. The cost models the work per row:
    building the sides (the float side as a tree of gathers or as outer products, whichever is
    cheaper), the matrix products and the int64 contraction."""
    second = _TreeSide(second_atoms, term_sigs[:, second_atoms], sig_sizes)
    tree = _TreeSide(first_atoms, term_sigs[:, first_atoms], sig_sizes)

    def dense(counts: dict[int, int]) -> int:
        return sum(counts.get(depth - j, 0) * (sl.stop - sl.start) for j, sl in second.by_size.items())

    # weights per element, measured: a gather-and-multiply level 3, an outer product 2, a float
    # product's entry 3 (conversion, product by B, sum), a multiply-add in BLAS 0.07
    first: _TreeSide | _OuterSide = tree
    first_cost = 3 * tree.elements + dense({s: sl.stop - sl.start for s, sl in tree.by_size.items()}) * width * 0.07
    if len(first_atoms) >= 2:
        half = len(first_atoms) // 2
        left = _TreeSide(first_atoms[:half], term_sigs[:, first_atoms[:half]], sig_sizes)
        right = _TreeSide(first_atoms[half:], term_sigs[:, first_atoms[half:]], sig_sizes)
        outer = _OuterSide(left, right, sorted(tree.by_size))
        outer_cost = (
            3 * (left.elements + right.elements)
            + 2 * sum(len(p) for p in outer.parts_of.values())
            + dense({s: len(p) for s, p in outer.parts_of.items()}) * width * 0.07
        )
        if (outer_cost < first_cost) if use_outer is None else use_outer:
            first, first_cost = outer, outer_cost
    cost = first_cost + 3 * second.elements + 3 * len(second.parts) * width
    return cost, first, second


# -- interchangeable atoms ---------------------------------------------------------------------------


@dataclass
class SymmetricSum:
    """``S = sum_t W[t] * prod_g v_g(s_t(g))`` when the atoms are interchangeable: every atom has
    the same kinds of signature (*types*: a pair of one rank and a pair of another are the same
    type), and a term's weight depends only on the multiset of types it uses. Then the terms of
    one multiset ``tau`` are every placement of its types on distinct atoms, all of one weight
    ``W[tau]``, and

        S = sum_tau W[tau] * e_tau,    e_tau = [x^tau] prod_g (1 + sum_T v_g(T) x_T)

    (``x_T`` commuting variables, one per type; the coefficient of ``x^tau`` adds, over every
    way of giving the types of ``tau`` to distinct atoms, the product of their values - each
    placement once). The product is expanded one atom at a time, keeping only the coefficients
    of sub-multisets of some weighted ``tau`` (*states*): a state ``sigma`` grows into
    ``sigma + T`` by ``v_g(T)``. For the pair bets that is a few dozen multiply-adds per atom and
    row, where :class:`FactoredSum` enumerates thousands of terms.

    Exact: only additions and products of integers, computed in int64, which is the ring of
    integers modulo ``2**64`` (numpy wraps, never raises); the result ``S`` is an integer
    polynomial in the values, so it is right modulo ``2**64``, and it is its own residue when
    ``|S| < 2**63`` - which :meth:`applies` proves as :class:`FactoredSum` does (``|S| <=
    column_bound * (N)_depth``). No intermediate needs a bound.

    >>> kernel = SymmetricSum.build(np.array([[1, 1], [2, 0], [0, 2]]), [np.arange(3)] * 2,
    ...                             [[None, "one", "two"]] * 2, np.array([[1], [2], [2]]), 2, 2)
    >>> values = [np.array([[1], [c], [c * (c - 1)]]) for c in (3, 5)]  # c1 c2 + 2 (c1)_2 + 2 (c2)_2
    >>> kernel.applies(8), kernel.sums(None, values).tolist()
    (True, [[67]])
    """

    depth: int
    width: int
    steps: list[list[tuple[int, int, int]]]
    """Per atom, its moves ``(the type's signature on the atom, source state, target state)``, in
    the order that lets them run in place."""
    final: np.ndarray
    """The states that are a weighted multiset ``tau``."""
    weights: np.ndarray
    """``(len(final), width)`` int64: ``W[tau]``."""
    column_bound: int
    states: int
    stats: dict[str, int] = field(default_factory=dict)
    scratch: _Scratch = field(default_factory=_Scratch)

    needs_floats = False
    rows_per_pass = 4096
    """Rows a pass should take (measured on the pair bets: its arrays are a few states per row,
    and at 1,024 rows the numpy calls' own cost was a third of the time)."""

    @classmethod
    def build(
        cls,
        term_sigs: np.ndarray,
        sig_sizes: Sequence[np.ndarray],
        sig_types: Sequence[Sequence[Hashable | None]],
        weights: np.ndarray,
        depth: int,
        column_bound: int,
    ) -> SymmetricSum | None:
        """As :meth:`FactoredSum.build`, with each atom's signature types (``sig_types[g][j]``,
        hashable; None for the empty signature); None unless the atoms are interchangeable."""
        from collections import Counter

        term_sigs = np.asarray(term_sigs, dtype=np.int64)
        weights = np.asarray(weights, dtype=np.int64)
        n_terms, n_atoms = term_sigs.shape
        if not n_terms or weights.shape[0] != n_terms or n_terms >= MAX_TERMS:
            return None
        if len(_unique_rows(term_sigs)) != n_terms:
            return None  # a term twice: not a set of placements
        types = sorted({t for sigs in sig_types for t in sigs if t is not None}, key=repr)
        index = {t: i for i, t in enumerate(types)}
        type_rows = np.full((n_atoms, len(types)), -1, dtype=np.int64)
        size_of: dict[int, int] = {}
        for g in range(n_atoms):
            for j, t in enumerate(sig_types[g]):
                if t is None:
                    continue
                i = index[t]
                if type_rows[g, i] != -1:
                    return None
                type_rows[g, i] = j
                size = int(sig_sizes[g][j])
                if size_of.get(i, size) != size:
                    return None
                size_of[i] = size
        if (type_rows < 0).any():
            return None  # a type missing on some atom
        # group the terms by their multiset of types; each group must be every placement, one weight
        groups: dict[tuple[int, ...], list[int]] = {}
        for t, row in enumerate(term_sigs.tolist()):
            tau = tuple(sorted(index[sig_types[g][j]] for g, j in enumerate(row) if sig_types[g][j] is not None))
            if sum(size_of[i] for i in tau) != depth:
                return None
            groups.setdefault(tau, []).append(t)
        weighted: dict[tuple[int, ...], np.ndarray] = {}
        for tau, members in groups.items():
            w = weights[members]
            if (w != w[0]).any():
                return None
            placements = math.perm(n_atoms, len(tau)) // math.prod(math.factorial(m) for m in Counter(tau).values())
            if len(members) != placements:
                return None
            if w[0].any():
                weighted[tau] = w[0]
        if not weighted:
            return None
        number, moves_of = _expansion(list(weighted), n_atoms, range(len(types)))
        steps = [[(int(type_rows[g, i]), a, b) for i, a, b in moves] for g, moves in enumerate(moves_of)]
        final = np.array([number[tau] for tau in weighted], dtype=np.int64)
        return cls(
            depth,
            weights.shape[1],
            steps,
            final,
            np.array(list(weighted.values()), dtype=np.int64),
            int(column_bound),
            len(number),
        )

    @property
    def elements(self) -> int:
        """Products per row and atom (about the size of its working arrays)."""
        return sum(len(step) for step in self.steps) // len(self.steps)

    def applies(self, largest_total: int) -> bool:
        """Whether ``|S| < 2**63`` for rows of at most ``largest_total`` cards."""
        return max(1, self.column_bound) * falling(int(largest_total), self.depth) <= INT64_LIMIT

    def sums(self, float_sigs: Signatures | None, int_sigs: Signatures) -> np.ndarray:
        """``S (width, rows)`` int64 from each atom's signature values ``(signatures, rows)``
        (``float_sigs`` unused); the caller checked :meth:`applies`."""
        rows = int_sigs[0].shape[1]
        state = self.scratch("state", (self.states, rows))
        grown = self.scratch("grown", (rows,))
        state[...] = 0
        state[0] = 1  # the empty multiset
        for g, step in enumerate(self.steps):
            values = int_sigs[g]
            for row, source, target in step:
                np.multiply(state[source], values[row], out=grown)
                state[target] += grown
        chosen = state[self.final]
        out = np.empty((self.width, rows), dtype=np.int64)
        for d in range(self.width):
            np.sum(chosen * self.weights[:, d, None], axis=0, out=out[d])
        return out


def _expansion(
    targets: Sequence[tuple[int, ...]], slots: int, kinds: Sequence[int]
) -> tuple[dict[tuple[int, ...], int], list[list[tuple[int, int, int]]]]:
    """The plan of a product over ``slots`` interchangeable slots (atoms, suits) of ``1 + sum_k
    v_slot(k) x_k``, kept only for the multisets of ``kinds`` (sorted tuples) inside some target:
    ``(state number by multiset, per slot its moves (kind, source, target))``. State 0 is the
    empty multiset; after slot ``g`` a state holds the coefficient of its multiset over slots
    ``0..g``. A move is skipped when its multiset could no longer grow into a target with the
    slots left. The moves run in place in the order given: a target has one kind more than its
    source, so it comes later in the numbering, and the moves go from the largest source down,
    reading every state before this slot grows it.

    >>> _expansion([(1, 1)], 2, [1])  # the last slot no longer grows the empty multiset
    ({(): 0, (1,): 1, (1, 1): 2}, [[(1, 0, 1)], [(1, 1, 2)]])
    """
    from collections import Counter

    need: dict[tuple[int, ...], int] = {}  # multiset -> fewest slots it still needs to become a target
    for target in targets:
        counts = Counter(target)
        keys = sorted(counts)
        for picks in _sub_multisets([counts[k] for k in keys]):
            part = tuple(k for k, m in zip(keys, picks) for _ in range(m))
            need[part] = min(need.get(part, len(target)), len(target) - len(part))
    states = sorted(need, key=lambda st: (len(st), st))
    number = {st: i for i, st in enumerate(states)}
    steps = []
    for slot in range(slots):
        moves = [
            (kind, number[part], number[grown])
            for part in states
            if len(part) <= slot  # slot slots so far hold at most slot kinds
            for kind in kinds
            for grown in [tuple(sorted(part + (kind,)))]
            if grown in need and need[grown] <= slots - 1 - slot
        ]
        steps.append(sorted(moves, key=lambda move: (-move[1], move[0], move[2])))
    return number, steps


def _sub_multisets(multiplicities: list[int]) -> Iterator[tuple[int, ...]]:
    """Every tuple ``(p_1, ..)`` with ``0 <= p_i <= multiplicities[i]``."""
    if not multiplicities:
        yield ()
        return
    for first in range(multiplicities[0] + 1):
        for rest in _sub_multisets(multiplicities[1:]):
            yield (first,) + rest


# -- the compiled tables -------------------------------------------------------------------------------


def homogenize(multisets: np.ndarray, q: np.ndarray, depth: int) -> tuple[np.ndarray, np.ndarray]:
    """Every multiset of fewer than ``depth`` kinds spread over the ``depth``-multisets it
    stands for (module docstring): returns ``(multisets of exactly depth kinds, their weights)``,
    exact int64 (each weight at most ``depth!`` times the sum of the originals')."""
    multisets = np.asarray(multisets, dtype=np.int64)
    q = np.asarray(q, dtype=np.int64)
    kinds = multisets.shape[1]
    spread_parts, value_parts = [], []
    for size in range(depth + 1):
        rows = np.flatnonzero(multisets.sum(axis=1) == size)
        if not len(rows):
            continue
        ext = _multisets_of_size(kinds, depth - size)
        coeff = np.array(
            [math.factorial(depth - size) // math.prod(math.factorial(int(x)) for x in e) for e in ext], dtype=np.int64
        )
        total = (multisets[rows][:, None, :] + ext[None, :, :]).reshape(-1, kinds)
        spread_parts.append(total)
        value_parts.append((q[rows][:, None, :] * coeff[None, :, None]).reshape(-1, q.shape[1]))
    spread = np.concatenate(spread_parts)
    values = np.concatenate(value_parts)
    (keys,) = row_keys(spread[:, ::-1])  # the last kind most significant
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    out = np.zeros((len(first), q.shape[1]), dtype=np.int64)
    np.add.at(out, inverse.reshape(-1), values)
    keep = (out != 0).any(axis=1)
    return spread[first][keep], out[keep]


def _multisets_of_size(kinds: int, size: int) -> np.ndarray:
    """Every multiset of ``size`` of ``kinds`` kinds, as rows of counts."""
    out: list[list[int]] = []

    def walk(prefix: list[int], left: int, k: int) -> None:
        if k == kinds - 1:
            out.append(prefix + [left])
            return
        for x in range(left + 1):
            walk(prefix + [x], left - x, k + 1)

    walk([], size, 0)
    return np.array(out, dtype=np.int64).reshape(-1, kinds)


@dataclass
class CompiledSum:
    """A compiled table's folded digit columns through a :class:`FactoredSum`: the atoms are the
    card kinds, a signature a multiplicity ``m`` with value ``(c)_m``.

    Digit columns that are integer combinations of others and of the constant column (the tie
    bet's is the banker's and the player's: the three outcomes add up to every deal) are not
    summed: ``S_j = sum_i alpha_i S_i + beta (N)_depth`` for every row, as the relation holds
    multiset by multiset and the constant column's sum is ``(N)_depth``. Exact: computed modulo
    ``2**64`` (int64 products and sums, each coefficient reduced modulo ``2**64`` first, so a
    relation's coefficients may have any size), and ``|S_j| <= column_bound * (N)_depth < 2**63`` (the
    kernel's ``applies``, whose bound is every digit column's)."""

    kernel: FactoredSum
    depth: int
    width: int = 0
    """Digit columns :meth:`sums` returns (the kernel's, and those derived from them)."""
    derived: tuple[tuple[int, tuple[int, ...], int], ...] = ()
    """Per derived digit column ``(j, alpha per summed column, beta)``; the kernel sums the others,
    in order."""
    scratch: _Scratch = field(default_factory=_Scratch)

    def sums(self, counts: np.ndarray) -> np.ndarray:
        """``S (digit columns, rows)`` int64 for rows of kind counts; the caller checked
        ``kernel.applies``."""
        counts = np.asarray(counts, dtype=np.int64)
        kinds, rows = counts.shape[1], counts.shape[0]
        table = self.scratch("falls", (kinds, self.depth + 1, rows))
        table[:, 0] = 1
        transposed = np.ascontiguousarray(counts.T)
        step = self.scratch("step", (kinds, rows))
        for m in range(self.depth):
            np.subtract(transposed, m, out=step)
            np.maximum(step, 0, out=step)
            np.multiply(table[:, m], step, out=table[:, m + 1])
        as_float = self.scratch("float", table.shape, np.float64)
        np.copyto(as_float, table)
        summed = self.kernel.sums(as_float, table)
        if not self.derived:
            return summed
        out = np.empty((self.width, rows), dtype=np.int64)
        derived = {j for j, _, _ in self.derived}
        out[[j for j in range(self.width) if j not in derived]] = summed
        total = transposed.sum(axis=0)  # (N)_depth: below 2**63 where the kernel applies
        deals = np.ones(rows, dtype=np.int64)
        for k in range(self.depth):
            deals *= np.maximum(total - k, 0)
        for j, alpha, beta in self.derived:
            column = deals * np.int64(int64_residue(beta))
            for i, a in enumerate(alpha):
                if a:
                    column += summed[i] * np.int64(int64_residue(a))
            out[j] = column
        return out


def compiled_sum(
    compiled: CompiledDeal,
    folded: FoldedColumns,
    heavy: Sequence[float] | None = None,
    force: tuple[Sequence[int], bool | None] | None = None,
) -> CompiledSum | None:
    """The :class:`CompiledSum` of a compiled table's folded digit columns (one column per digit
    column; :meth:`odds.exact.drawing.CompiledDeal.fold`); None when the kernel does not apply."""
    every = np.zeros(len(compiled.multisets), dtype=np.int64)  # the constant column, folded
    np.add.at(every, compiled.table_multiset, compiled.table_ways)
    summed, derived = _integer_relations(folded.digit_q, every)
    multisets, q = homogenize(compiled.multisets, folded.digit_q[:, summed], compiled.max_cards)
    sig_sizes = [np.arange(compiled.max_cards + 1)] * compiled.kinds
    bound = max(folded.digit_max, default=0)
    kernel = FactoredSum.build(multisets, sig_sizes, q, compiled.max_cards, bound, heavy, force)
    width = folded.digit_q.shape[1]
    return None if kernel is None else CompiledSum(kernel, compiled.max_cards, width, derived)


def _integer_relations(
    q: np.ndarray, every: np.ndarray
) -> tuple[list[int], tuple[tuple[int, tuple[int, ...], int], ...]]:
    """``(columns to sum, derived)``: the columns of ``q`` that are integer combinations of the
    columns before them and of ``every`` (:attr:`CompiledSum.derived`), each relation checked
    exactly in Python integers on every row (candidates come from a float least-squares fit on
    independent columns, rounded).

    >>> q = np.array([[1, 0, 3], [0, 1, 2], [2, 1, 6], [1, 1, 4]])  # column 2 = 2 c_0 + c_1 + 1
    >>> _integer_relations(q, np.ones(4, dtype=np.int64))
    ([0, 1], ((2, (2, 1), 1),))
    """
    exact = q.astype(object)
    summed: list[int] = []
    independent: list[int] = []  # summed columns independent of each other and of every
    derived: list[tuple[int, tuple[int, ...], int]] = []
    for j in range(q.shape[1]):
        system = np.column_stack([q[:, independent], every]).astype(np.float64)
        solution, *_ = np.linalg.lstsq(system, q[:, j].astype(np.float64), rcond=None)
        residual = q[:, j] - system @ solution
        coefficients = [int(round(x)) for x in solution.tolist()] if np.isfinite(solution).all() else None
        if coefficients is not None:
            value = exact[:, j] - coefficients[-1] * every.astype(object)
            for i, a in zip(independent, coefficients):
                value = value - a * exact[:, i]
            if not any(value.tolist()):
                alpha = dict(zip(independent, coefficients))
                derived.append((j, tuple(alpha.get(i, 0) for i in summed), coefficients[-1]))
                continue
        summed.append(j)
        if np.abs(residual).max(initial=0) > 0.5:  # (else in their span, but not in integers)
            independent.append(j)
    return summed, tuple((j, alpha + (0,) * (len(summed) - len(alpha)), beta) for j, alpha, beta in derived)


# -- the positional tables -----------------------------------------------------------------------------


def _factor_cards(factor: Factor) -> int:
    """Positions a positional factor covers (``one`` and ``rest``: none here)."""
    kind = factor[0]
    if kind == "card":
        return int(factor[2])
    if kind == "shape":
        return int(sum(factor[2]))
    if kind in ("rank", "value", "group"):
        return int(factor[-1])
    return 0


class FactorValues:
    """Every factor of a positional table for many rows, as ``(factors, rows)`` int64, computing
    only the factors the table holds (rows last: each step runs along contiguous memory).

    ``("card", k, m)`` = (c_k)_m; ``("rank", r, t, m)`` = (c_r - t)_m; ``("value", v, t, m)`` =
    (c_v - t)_m; ``("group", g, t, m)`` = (c_g - t)_m; ``("shape", r, shape)`` = the sum over the
    suit multisets of rank r with that shape of prod_s (c_(r,s))_(m_s); ``one`` and ``rest`` (left
    out of the kernel) are 1."""

    def __init__(self, factors: Sequence[Factor]):
        from .positional import GROUP_CARDS, RANK_VALUE

        self.rank_value = np.array(RANK_VALUE, dtype=np.int64)  # rank index -> baccarat value, for "value" factors
        self.groups = sorted({f[1] for f in factors if f[0] == "group"})
        self.group_cards = GROUP_CARDS[self.groups].astype(np.int64)  # (groups, 52)

        self.count = len(factors)
        bases: dict[tuple[str, int, int], int] = {}
        self.plain = []  # (factor index, base index, m)
        self.shapes = []  # (factor index, rank, suit multisets)
        for i, f in enumerate(factors):
            if f[0] == "card":
                self.plain.append((i, bases.setdefault(("card", f[1], 0), len(bases)), f[2]))
            elif f[0] in ("rank", "value"):
                self.plain.append((i, bases.setdefault((f[0], f[1], f[2]), len(bases)), f[3]))
            elif f[0] == "group":
                self.plain.append((i, bases.setdefault(("group", self.groups.index(f[1]), f[2]), len(bases)), f[3]))
            elif f[0] == "shape":
                self.shapes.append((i, f[1], None))
        self.bases = list(bases)
        self.base_groups = []  # per source (cards, ranks, values, groups): base rows, source rows, taken
        for kind in ("card", "rank", "value", "group"):
            rows = [j for j, b in enumerate(self.bases) if b[0] == kind]
            if rows:
                self.base_groups.append(
                    (
                        kind,
                        np.array(rows, dtype=np.int64),
                        np.array([self.bases[j][1] for j in rows], dtype=np.int64),
                        np.array([[self.bases[j][2]] for j in rows], dtype=np.int64),
                    )
                )
        self.depth = max([m for _, _, m in self.plain] + [0])
        self.plain_rows = np.array([i for i, _, _ in self.plain], dtype=np.int64)
        self.plain_at = np.array([m * len(self.bases) + b for _, b, m in self.plain], dtype=np.int64)
        # shape factors: per shape, the sum over the suit multisets of that shape, for all 13
        # ranks at once, expanded one suit at a time as SymmetricSum expands the ranks: a state is
        # a partial shape (the parts given to the suits so far), grown by m cards of the next
        # suit with (c_(r,s))_m; each shape is then the coefficient of its own state
        shapes = sorted({f[2] for f in factors if f[0] == "shape"})
        # (a shape is a multiset of parts: its parts sorted, as the states are)
        number, self.suit_steps = _expansion(
            [tuple(sorted(shape)) for shape in shapes],
            4 if shapes else 0,
            range(1, max((max(shape) for shape in shapes), default=0) + 1),
        )
        self.shape_states = len(number)
        self.shape_rows = np.array([i for i, _, _ in self.shapes], dtype=np.int64)
        self.shape_at = np.array(
            [number[tuple(sorted(factors[i][2]))] * 13 + rank for i, rank, _ in self.shapes], dtype=np.int64
        )
        self.shape_depth = max((max(shape) for shape in shapes), default=0)
        written = set(self.plain_rows.tolist()) | set(self.shape_rows.tolist())
        self.constant_rows = np.array([i for i in range(self.count) if i not in written], dtype=np.int64)
        self.reads_suits = bool(self.shapes) or any(kind in ("card", "group") for kind, *_ in self.base_groups)
        self.scratch = _Scratch()

    def __call__(self, counts: np.ndarray) -> np.ndarray:
        counts = np.asarray(counts, dtype=np.int64)
        rows = counts.shape[0]
        cards = np.ascontiguousarray(counts.T) if counts.shape[1] == 52 else None
        ranks = cards.reshape(13, 4, rows).sum(axis=1) if cards is not None else np.ascontiguousarray(counts.T)
        out = self.scratch("out", (self.count, rows))
        out[self.constant_rows] = 1  # (every other row is written below)
        if cards is None and self.reads_suits:
            raise ValueError("these factors read suits: give 52 card counts, not 13 rank counts")
        if self.plain:
            base = self.scratch("base", (len(self.bases), rows))
            for kind, at, source, taken in self.base_groups:
                if kind == "card" and cards is not None:
                    of = cards
                elif kind == "rank":
                    of = ranks
                elif kind == "group" and cards is not None:
                    of = self.group_cards @ cards
                else:
                    of = np.zeros((10, rows), dtype=np.int64)
                    np.add.at(of, self.rank_value, ranks)
                base[at] = np.take(of, source, axis=0) - taken
            table = self.scratch("table", (self.depth + 1, len(self.bases), rows))
            table[0] = 1
            for m in range(self.depth):
                np.multiply(table[m], np.maximum(base - m, 0), out=table[m + 1])
            out[self.plain_rows] = np.take(table.reshape(-1, rows), self.plain_at, axis=0)
        if self.shapes and cards is not None:
            suits = cards.reshape(13, 4, rows)
            falls = self.scratch("falls", (self.shape_depth + 1, 4, 13, rows))
            left = self.scratch("left", (4, 13, rows))  # (c_(r,s) - m)+, suit-major
            np.copyto(left, suits.transpose(1, 0, 2))
            falls[0] = 1
            if self.shape_depth:
                falls[1] = left
            for m in range(1, self.shape_depth):
                np.subtract(left, 1, out=left)
                np.maximum(left, 0, out=left)
                np.multiply(falls[m], left, out=falls[m + 1])
            state = self.scratch("shape_state", (self.shape_states, 13, rows))
            grown = self.scratch("shape_grown", (13, rows))
            state[...] = 0
            state[0] = 1  # the empty shape
            for suit, step in enumerate(self.suit_steps):
                for m, grows, into in step:
                    np.multiply(state[grows], falls[m, suit], out=grown)
                    state[into] += grown
            out[self.shape_rows] = np.take(state.reshape(-1, rows), self.shape_at, axis=0)
        return out


@dataclass
class PositionalSum:
    """A positional table's weighted counts through a :class:`FactoredSum`: the atoms are ranks
    (baccarat values when a factor reads a value), a signature the product of a term's factors on
    one atom."""

    kernel: FactoredSum | SymmetricSum
    factor_values: FactorValues
    signatures: tuple[np.ndarray, ...]
    """Per atom, ``(signatures, k)`` factor indices (padded with the constant factor)."""
    one: int
    """The constant factor's index (the padding)."""
    constant: np.ndarray | None = None
    """Per column, the last outcome's entry: it takes the deals the terms do not count, so ``S``
    is ``constant * (N)_depth`` plus the terms' sum over the other outcomes' differences."""
    depth: int = 0
    scratch: _Scratch = field(default_factory=_Scratch)

    def __post_init__(self) -> None:
        # every atom's signatures stacked: one gather for the first factor of all of them, then
        # per further slot only the signatures that have a factor there (most have one factor)
        flat = np.concatenate(self.signatures).T  # (k, all signatures)
        self._first = np.ascontiguousarray(flat[0])
        self._more = [(np.flatnonzero(slot != self.one), slot[slot != self.one]) for slot in flat[1:]]
        self._more = [(at, index) for at, index in self._more if len(at)]
        ends = np.cumsum([len(sig) for sig in self.signatures]).tolist()
        self._spans = list(zip([0] + ends[:-1], ends))

    def sums(self, counts: np.ndarray) -> np.ndarray:
        """``S (width, rows)`` int64 for rows of counts (52 cards, or 13 ranks when the table
        needs no suits); the caller checked ``kernel.applies``."""
        factors = self.factor_values(counts)
        rows = factors.shape[1]
        value = self.scratch("sig", (len(self._first), rows))
        np.take(factors, self._first, axis=0, out=value, mode="clip")
        for at, index in self._more:
            value[at] *= factors[index]
        int_sigs = [value[a:b] for a, b in self._spans]
        if isinstance(self.kernel, SymmetricSum):  # (int64 only: needs no floats)
            out = self.kernel.sums(None, int_sigs)
        else:
            as_float = self.scratch("float", value.shape, np.float64)
            np.copyto(as_float, value)
            float_sigs = [as_float[a:b] for a, b in self._spans]
            out = self.kernel.sums(float_sigs, int_sigs)
        if self.constant is not None and self.constant.any():
            # (N)_depth in int64: the kernel applies only where column_bound * (N)_depth fits, and
            # the sum is exact modulo 2**64 (a result below 2**63 in size is its own residue)
            n = np.asarray(counts, dtype=np.int64).sum(axis=1)
            total = np.ones(len(n), dtype=np.int64)
            for k in range(self.depth):
                total *= np.maximum(n - k, 0)
            out += self.constant[:, None] * total[None, :]
        return out


def positional_sum(table: PositionalTable, columns: np.ndarray, symmetric: bool = True) -> PositionalSum | None:
    """The :class:`PositionalSum` of ``sum over outcomes of counts @ columns`` for a positional
    table (the last outcome taking the deals its terms do not count); None when its terms do not
    all read :attr:`depth` positions, or the weights are too large. Its kernel is a
    :class:`SymmetricSum` when the ranks are interchangeable (and ``symmetric``), else a
    :class:`FactoredSum`."""
    from .positional import RANK_VALUE

    factors = table.factors
    if any(f[0] == "group" and f[1] < 16 for f in factors):
        return None  # a group of some suits of every rank: not a product over ranks or values
    by_value = any(f[0] == "value" or (f[0] == "group" and f[1] < 11 * 16) for f in factors)

    def atom_of(f: Factor) -> int | None:
        kind = f[0]
        if kind == "one":  # (a term's "rest" factor is set aside before: it is no atom's)
            return None
        if kind == "value":
            return int(f[1])
        if kind == "group":
            code = int(f[1]) // 16
            return code - 1 if code < 11 else RANK_VALUE[code - 11] if by_value else code - 11
        rank = int(f[1]) // 4 if kind == "card" else int(f[1])
        return RANK_VALUE[rank] if by_value else rank

    n_atoms = 10 if by_value else 13
    one = factors.index(("one",))
    term_sigs = np.zeros((len(table.terms), n_atoms), dtype=np.int64)
    signatures: list[dict[tuple[int, ...], int]] = [{(): 0} for _ in range(n_atoms)]
    for t, row in enumerate(table.terms.tolist()):
        grouped: dict[int, list[int]] = {}
        for f in row:
            factor = factors[f]
            if factor[0] == "rest":
                if table.depth == table.positions and factor[1] != table.positions:
                    return None  # a term reading fewer positions than another: not homogeneous
                continue
            g = atom_of(factor)
            if g is not None:
                grouped.setdefault(g, []).append(f)
        for g, fs in grouped.items():
            key = tuple(sorted(fs))
            term_sigs[t, g] = signatures[g].setdefault(key, len(signatures[g]))
    width = max(len(k) for sigs in signatures for k in sigs) or 1
    sig_arrays, sig_sizes = [], []
    for g in range(n_atoms):
        keys = sorted(signatures[g], key=signatures[g].__getitem__)
        sig_arrays.append(np.array([list(k) + [one] * (width - len(k)) for k in keys], dtype=np.int64))
        sig_sizes.append(np.array([sum(_factor_cards(factors[f]) for f in k) for k in keys], dtype=np.int64))
    columns = np.asarray(columns, dtype=object)
    differences = columns - columns[-1]  # the last outcome takes the rest (PositionalTable)
    weights = table.ways.astype(object) @ differences
    if weights.size and max(abs(int(x)) for x in weights.ravel().tolist()) >= MAX_WEIGHT:
        return None
    bound = max((abs(int(x)) for x in np.concatenate([columns, differences]).ravel().tolist()), default=0)
    if bound >= MAX_WEIGHT:
        return None
    kernel: FactoredSum | SymmetricSum | None = None
    if (
        symmetric and not by_value
    ):  # ranks may be interchangeable (pairs, suited pairs); values never are (ten-valued 0)

        def type_of(factor: Factor) -> Factor:
            """A factor with its rank left out: the same on every rank."""
            kind = factor[0]
            if kind == "card":
                return ("card", factor[1] % 4) + tuple(factor[2:])
            if kind == "group":
                return ("group", factor[1] % 16) + tuple(factor[2:])
            return (kind,) + tuple(factor[2:])

        sig_types = [
            [
                None if not key else tuple(sorted(type_of(factors[f]) for f in key))
                for key in sorted(signatures[g], key=signatures[g].__getitem__)
            ]
            for g in range(n_atoms)
        ]
        kernel = SymmetricSum.build(term_sigs, sig_sizes, sig_types, weights.astype(np.int64), table.depth, bound)
    if kernel is None:
        # (value 0, four ranks, is the heaviest atom: it is atom 0, which the split puts on the
        # int64 side first anyway)
        kernel = FactoredSum.build(term_sigs, sig_sizes, weights.astype(np.int64), table.depth, bound)
    if kernel is None:
        return None
    constant = np.array([int(x) for x in columns[-1].tolist()], dtype=np.int64)
    return PositionalSum(kernel, FactorValues(factors), tuple(sig_arrays), one, constant, table.depth)
