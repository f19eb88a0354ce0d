"""What ``odds verify`` found: every mismatch, grouped by its cause.

A file of another program's settlements (or counts) that is wrong is usually wrong the same way
many times - a bet id misspelt in every round, the paytable not given, one cell of Table 2 - so the
report groups the mismatches by cause: each cause once, with how many mismatches and items
(rounds or vectors) it has and the first as an example, then a summary.

A :class:`Mismatch` is the line the verifier writes (a ``str``, so a list of them reads as the
lines), with its ``cause`` (``banker: outcome``, ``hand banker: cards``, ``unknown bet
'lucky6'``) and the item it was found in.

>>> found = [Mismatch("round 3 (r3) banker: outcome: file 'tie', odds 'banker-wins'", "banker: outcome"),
...          Mismatch("round 9 (r9) banker: outcome: file 'tie', odds 'player-wins'", "banker: outcome")]
>>> found[0].item, found[1].item = 3, 9
>>> report = VerifyReport("mine.json", "rounds", 10, 60, found)
>>> [(c.cause, c.count, c.items, c.example) for c in report.causes()]
[('banker: outcome', 2, 2, "round 3 (r3) banker: outcome: file 'tie', odds 'banker-wins'")]
"""

from __future__ import annotations

from dataclasses import dataclass, field


class Mismatch(str):
    """One difference, as the line that says it; ``cause`` is what it is grouped under, ``item``
    the number of the round or vector in the file (from 1) and ``item_id`` its id."""

    cause: str
    item: int
    item_id: str

    def __new__(cls, text: str, cause: str | None = None, item: int = 0, item_id: str = ""):
        made = super().__new__(cls, text)
        made.cause = cause if cause is not None else text
        made.item, made.item_id = item, item_id
        return made


def cause_of(line: str, where: str) -> str:
    """The cause of a line made without one: the line less the item it names (``round 3 (id)``),
    so the same words in every round group together."""
    rest = line[len(where) :] if line.startswith(where) else line
    return rest.lstrip(".: ").strip() or line


@dataclass(frozen=True)
class Cause:
    cause: str
    count: int
    """Mismatches of this cause."""
    items: int
    """Rounds (or vectors) with a mismatch of this cause."""
    example: str
    """The first such mismatch, as its line."""


@dataclass
class VerifyReport:
    """A verified file: ``path``, what it holds (``rounds`` or ``vectors``) and how many, the
    figures checked, and every mismatch."""

    path: str
    what: str
    count: int
    figures: int
    mismatches: list = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.mismatches

    @property
    def items_with_mismatches(self) -> int:
        return len({m.item for m in self.mismatches})

    def causes(self) -> list[Cause]:
        """Each cause once, the most frequent first (then in the order first met)."""
        by_cause: dict[str, list] = {}
        for m in self.mismatches:
            by_cause.setdefault(m.cause, []).append(m)
        ordered = sorted(by_cause.items(), key=lambda item: -len(item[1]))
        return [Cause(cause, len(found), len({m.item for m in found}), str(found[0])) for cause, found in ordered]
