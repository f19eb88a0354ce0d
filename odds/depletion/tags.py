"""Counting tags: one integer per card kind, from the effects of removal or the user's own.

Derived tags at level ``L`` scale the effects so the largest in size becomes ``L`` and round to
the nearest integer (halves away from zero):

    tag_k = round(L * effect_k / max_j |effect_j|)

A card with a positive effect (its removal helps the bettor) gets a positive tag: the running
count is the sum of the tags of the cards seen, and a high count per deck left means the bet is
better than usual.

The betting correlation is the correlation of the tags with the effects over the cards of the
shoe (each kind weighted by how many the shoe holds):

    BC = cov_c(tag, effect) / (sd_c(tag) sd_c(effect))

1 means the count ranks compositions as the effects do; None when tags or effects are all equal
(pair bets off a full shoe: every effect is zero).
"""

from __future__ import annotations

import math
from fractions import Fraction
from collections.abc import Sequence

from ..errors import OddsError, shown


def round_half_away(x: Fraction) -> int:
    """Nearest integer, halves away from zero (so tags are symmetric in sign)."""
    sign = -1 if x < 0 else 1
    return sign * int(abs(x) + Fraction(1, 2))


def derive_tags(effects: Sequence[Fraction], level: int) -> list[int]:
    """Integer tags of level ``level`` (largest tag in size) from exact effects."""
    if not isinstance(level, int) or level < 1:
        raise OddsError(f"--level must be a whole number of at least 1, not {level!r}")
    top = max((abs(e) for e in effects), default=Fraction(0))
    if top == 0:
        return [0] * len(effects)
    return [round_half_away(Fraction(e) * level / top) for e in effects]


def parse_tags(text: str, labels: Sequence[str]) -> list[int]:
    """The user's tags, one integer per card kind in ``labels`` order (comma separated)."""
    items = [t.strip() for t in text.split(",") if t.strip()]
    if len(items) != len(labels):
        raise OddsError(
            f"--tags needs {len(labels)} integers, one per card in the order {','.join(labels)}; got {len(items)}"
        )
    try:
        return [int(t) for t in items]
    except ValueError:
        raise OddsError(f"--tags must be integers, e.g. {','.join(['0'] * len(labels))}") from None


def betting_correlation(effects: Sequence[Fraction], tags: Sequence[int], counts: Sequence[int]) -> float | None:
    """Count-weighted correlation of tags and effects (computed exactly up to the square root)."""
    n = sum(counts)
    if n == 0:
        return None
    mean_e = sum((c * Fraction(e) for c, e in zip(counts, effects)), Fraction(0)) / n
    mean_t = Fraction(sum(c * t for c, t in zip(counts, tags)), n)
    cov = sum((c * (Fraction(e) - mean_e) * (t - mean_t) for c, e, t in zip(counts, effects, tags)), Fraction(0))
    var_e = sum((c * (Fraction(e) - mean_e) ** 2 for c, e in zip(counts, effects)), Fraction(0))
    var_t = sum((c * (t - mean_t) ** 2 for c, t in zip(counts, tags)), Fraction(0))
    if var_e == 0 or var_t == 0:
        return None
    return math.copysign(math.sqrt(cov * cov / (var_e * var_t)), cov)


def is_balanced(tags: Sequence[int], counts: Sequence[int]) -> bool:
    """Whether the tags of a whole shoe sum to zero (the running count ends where it began)."""
    return sum(t * c for t, c in zip(tags, counts)) == 0


# -- a count given for `odds count`: 10 values, 13 ranks or 52 cards ------------------------------

VALUE_LABELS = tuple("A23456789T")
RANK_LABELS = tuple("A23456789TJQK")
CARD_LABELS = tuple(f"{r}{s}" for r in "A23456789TJQK" for s in "shdc")
"""The 52 card kinds in the order ``odds eor`` lists them (rank-major, suits s h d c)."""

RESOLUTIONS = {10: ("value", VALUE_LABELS), 13: ("rank", RANK_LABELS), 52: ("card", CARD_LABELS)}


def parse_count_tags(text: str, where: str = "--tags", largest: int | None = None) -> tuple[str, list[int]]:
    """A count's tags as ``odds count --tags`` takes them: 10 integers (values ``A 2 .. 9 T``), 13
    (ranks ``A .. K``) or 52 (cards ``As Ah Ad Ac 2s ..``), comma separated, in the order ``odds
    eor`` lists the cards; returns ``(resolution, tags)``. Tags beyond ``largest`` in size fail.

    >>> parse_count_tags("0,0,-1,-1,-1,-2,+1,2,2,0")
    ('value', [0, 0, -1, -1, -1, -2, 1, 2, 2, 0])
    >>> parse_count_tags("1,2")
    Traceback (most recent call last):
    ...
    odds.errors.OddsError: --tags needs 10 integers (values A,2,...,9,T), 13 (ranks A,...,K) or 52 (cards As,Ah,...,Kc); got 2
    """
    items = [t.strip() for t in text.split(",")]
    if len(items) not in RESOLUTIONS:
        raise OddsError(
            f"{where} needs 10 integers (values A,2,...,9,T), 13 (ranks A,...,K) or 52 "
            f"(cards As,Ah,...,Kc); got {len(items)}"
        )
    tags = []
    for item in items:
        body = item[1:] if item[:1] in "+-" else item
        if not (body.isascii() and body.isdigit()) or len(body) > 12:
            raise OddsError(f"{where} must be integers, e.g. 0,0,-1,-1,-1,-2,1,2,2,0; not {shown(item, 20)}")
        tags.append(int(item))
    if largest is not None and any(abs(t) > largest for t in tags):
        raise OddsError(
            f"{where}: a tag is at most {largest} in size (no count keeps bigger tags), not {max(tags, key=abs)}"
        )
    return RESOLUTIONS[len(items)][0], tags


def spread_tags(tags: Sequence[int]) -> tuple[int, ...]:
    """Tags of 10 values, 13 ranks or 52 cards as one tag per card kind (rank-major, suits s h d
    c; the ten-value ranks T J Q K share the ``T`` tag of a value count).

    >>> spread_tags([0, 0, -1, -1, -1, -2, 1, 2, 2, 0])[:8], len(spread_tags(range(13)))
    ((0, 0, 0, 0, 0, 0, 0, 0), 52)
    """
    tags = list(tags)
    if len(tags) == 52:
        return tuple(tags)
    if len(tags) == 13:
        return tuple(tags[r] for r in range(13) for _ in range(4))
    if len(tags) == 10:
        return tuple(tags[min(r, 9)] for r in range(13) for _ in range(4))
    raise OddsError(f"tags come as 10, 13 or 52 integers, not {len(tags)}")


def labels_for(count: int) -> tuple[str, ...]:
    """The card labels of a list of ``count`` tags (10, 13 or 52)."""
    return RESOLUTIONS[count][1]
