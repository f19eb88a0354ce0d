"""Bet definitions: a ``[bets.ID]`` entry of a paytable file with ``outcomes`` becomes a bet.

The contract a designer writes (the README's "Write your own bet")::

    [bets.dragon-7]
    name = "Dragon 7"
    description = "Banker wins with a three-card 7."
    window = 60                      # optional: offered in the first 60 rounds of a shoe
    source = "..."                   # optional: where its published figures come from
    outcomes = [
      { key = "win", when = "banker_wins and banker_cards == 3 and banker_total == 7", pays = 40 },
      { key = "other", pays = -1 },  # no `when`: every round the rows above did not take
    ]

A round falls into the first outcome whose ``when`` holds; the last outcome has no ``when``.
Keys are lowercase words joined by hyphens, unique within the bet; ``label`` (optional) is what a
sheet shows for the outcome (default: its condition). ``pays`` takes what paytables take (``40``,
``"19/20"``, ``0.95``, ``-0.5``), read exactly; an outcome may leave its pay to the bet's
``pays`` table or to a price group.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..errors import PaytableError, shown_repr
from ..core import BetRule, Outcome
from .condition import ConditionError, compile_condition
from .features import feature_specs, feature_table, other_games_with

NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""Bet ids and outcome keys: lowercase words (letters, digits) joined by hyphens, matched in full
(``re.fullmatch``: a ``$`` would also match before a final newline, and ``"tie\\n"`` would pass)."""
MAX_LABEL = 200
"""Characters of an outcome's ``label``; without one, the label is the condition (whose own limit
is :data:`odds.bets.condition.MAX_LENGTH`)."""
OUTCOME_KEYS = ("key", "label", "when", "pays")
MAX_OUTCOMES = 1000
"""Outcomes a bet may have (docs/limits.md): as many as a designer writes by hand; each costs a
column of every table the bet is counted with."""
OTHER_LABEL = "Any other result"


class DefinitionError(PaytableError):
    """A bet definition that cannot be used; the message names the file, bet, outcome and column."""


def check_name(name: str, what: str, where: str) -> None:
    if not isinstance(name, str) or len(name) > 64 or not NAME.fullmatch(name):
        raise DefinitionError(
            f"{where}: {what} {shown_repr(name)} must be lowercase words (a-z, 0-9) joined by "
            f"hyphens, e.g. dragon-7, at most 64 characters"
        )


def read_definition(game, bet_id: str, raw: dict, where: str, parse_pay) -> tuple[BetRule, dict[str, Fraction]]:
    """The rule of a ``[bets.ID]`` entry that gives ``outcomes``, and the pays written inline.

    ``where`` is ``"FILE: bets.ID"``; ``parse_pay(value, where)`` reads a pay. Every error names
    the file, the bet, the outcome (index and key) and, for a condition, the column.
    """
    check_name(bet_id, "bet id", where)
    outcomes = raw.get("outcomes")
    if not isinstance(outcomes, list):
        raise DefinitionError(
            f"{where}.outcomes: must be a list of outcomes, e.g. "
            f'[{{ key = "win", when = "tie", pays = 8 }}, {{ key = "other", pays = -1 }}]'
        )
    if not outcomes:
        raise DefinitionError(f"{where}.outcomes: is empty; a bet needs at least one outcome")
    if len(outcomes) > MAX_OUTCOMES:
        raise DefinitionError(f"{where}.outcomes: {len(outcomes)} outcomes; at most {MAX_OUTCOMES} are accepted")
    features = feature_table(game.id)
    specs = feature_specs(game.id)
    seen: set[str] = set()
    built, conditions, pays = [], [], {}
    for i, item in enumerate(outcomes):
        here = f"{where}.outcomes[{i}]"
        if not isinstance(item, dict):
            raise DefinitionError(f'{here}: must be a table such as {{ key = "win", when = "...", pays = 1 }}')
        key = item.get("key")
        if key is None:
            raise DefinitionError(f"{here}: missing 'key' (the outcome's name, e.g. \"win\")")
        check_name(key, "outcome key", here)
        here = f"{where}.outcomes[{i}] ({key})"
        for k in item:
            if k not in OUTCOME_KEYS:
                raise DefinitionError(f"{here}: unknown key {k!r} (an outcome takes {', '.join(OUTCOME_KEYS)})")
        if key in seen:
            raise DefinitionError(f"{here}: the key {key!r} is used twice in this bet")
        seen.add(key)
        last = i == len(outcomes) - 1
        when = item.get("when")
        if last and when is not None:
            raise DefinitionError(
                f"{here}.when: the last outcome takes every round the others did not, so it "
                f"has no 'when'; add an outcome after it, e.g. {{ key = \"other\", pays = -1 }}"
            )
        if not last and when is None:
            raise DefinitionError(
                f"{here}: only the last outcome may leave out 'when' (this one would take "
                f"every round, and the outcomes after it none)"
            )
        checked = None
        if when is not None:
            if not isinstance(when, str):
                raise DefinitionError(f'{here}.when: must be a condition in quotes, e.g. "banker_total == 7"')
            try:
                checked = compile_condition(when, features)
            except ConditionError as exc:
                raise DefinitionError(f"{here}.when: {_with_other_games(str(exc), game.id)}") from None
        label = item.get("label")
        if label is None:  # the condition itself, within the condition's own limit
            label = when if when is not None else OTHER_LABEL
        elif not isinstance(label, str) or len(label) > MAX_LABEL:
            raise DefinitionError(f"{here}.label: must be a text of at most {MAX_LABEL} characters")
        if "pays" in item:
            pays[key] = parse_pay(item["pays"], f"{here}.pays")
        built.append(Outcome(key, " ".join(label.split())))
        conditions.append(checked)
    name = raw.get("name", bet_id)
    description = raw.get("description", "")
    source = raw.get("source", "")
    for field, value in (("name", name), ("description", description), ("source", source)):
        if not isinstance(value, str) or len(value) > 2000:
            raise DefinitionError(f"{where}.{field}: must be a text of at most 2000 characters")
    read = set().union(*(c.features for c in conditions if c is not None))
    return BetRule(
        bet_id,
        name,
        tuple(built),
        resolution_of(game, specs, read),
        " ".join(description.split()),
        conditions=tuple(conditions),
        source=" ".join(source.split()),
    ), pays


def resolution_of(game, specs, names) -> str | None:
    """The coarsest view of the cards a bet reading these features needs: ``value``, ``rank`` or
    ``card``; None for games without cards."""
    if not game.uses_shoe:
        return None
    order = ["value", "rank", "card"]
    level = 0
    for name in names:
        for _, resolution in specs[name].reads:
            level = max(level, order.index("card" if resolution == "suit" else resolution))
    return order[level]


def _with_other_games(message: str, game_id: str) -> str:
    """Add, to an unknown-feature error, the games that do have that feature."""
    match = re.search(r"unknown feature '([^']+)'", message)
    if match:
        others = other_games_with(match.group(1), game_id)
        if others:
            return f"{message} ({match.group(1)} is a feature of {', '.join(others)}, not {game_id})"
    return message
