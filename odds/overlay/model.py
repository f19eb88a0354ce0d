"""A bet's multiplier overlay as its file writes it (``[bets.ID.multipliers]``), read and checked.

::

    [bets.player.multipliers]
    boosts = "cards"                    # what is boosted: cards, suits, pockets, totals, dice, spots
    count = 8                           # how many are drawn: a number, or { 1 = "0.4", 2 = "0.6" }
    values = { 2 = "p", 3 = "1 - p" }   # multiplier -> weight: exact numbers or expressions
    unknowns = ["p"]                    # the weights' unknowns (odds solve fits them)
    fee = "0.2"                         # charged on top of the stake (default 0)
    cap = 500000                        # optional: the most one round's win pays, per unit staked
    pay = "multiply"                    # multiply (base x product) or replace (the product is the pay)
    target_values = [                   # optional: targets with multipliers of their own (dice, wheels)
      { targets = [3, 18], values = { 150 = "1 - u3", 1000 = "u3" } },
    ]
    boosted = [
      { outcome = "win", reads = "player" },                              # stake returned, base = the pay
      { outcome = "win", reads = "banker", base = 1, returned = "0.95" },  # 0.95 of the stake back
    ]

Before the deal, ``count`` of the game's targets (52 card identities, 4 suits, the pockets, the
dice totals ...) are drawn at random, all subsets of that size alike, and each gets a multiplier
drawn from ``values``, independently. A boosted outcome reads some items of the round (the
winning hand's cards, the pocket, the total ...). Its win is ``base`` times the product of the
multipliers of the items read that were drawn (an item drawn and read twice counts twice; none
drawn: 1), capped at ``cap``, plus ``returned`` of the stake: the net result is ``min(base x
product, cap) + returned - 1``. With ``pay = "replace"`` the product replaces the base when some
item read was drawn (Lightning Roulette: a lucky number pays its multiplier to 1). The plain pay
of a boosted outcome is what it pays with no multiplier: ``base + returned - 1``.

``target_values`` gives some targets a multiplier distribution of their own (Lightning Dice: a
struck total 3 or 18 pays up to 1000x, a struck 10 up to 50x); ``values`` is then the distribution
of every target not listed, and may be left out when every target is listed. Only games whose
rounds name their targets (dice, wheels) take it: a card overlay counts card identities as
exchangeable within a class, which per-card distributions would break.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ..errors import OddsError, PaytableError, check_keys, shown, shown_repr
from ..limits import MAX_PAY, exact_number
from .poly import Poly, WeightError, parse_weight

KEYS = {"boosts", "count", "values", "unknowns", "fee", "cap", "pay", "boosted", "spots", "target_values"}
GROUP_KEYS = {"targets", "values"}
BOOSTED_KEYS = {"outcome", "reads", "base", "returned"}
PAYS = ("multiply", "replace")
UNKNOWN = re.compile(r"^[a-z][a-z0-9_]{0,15}$")
MAX_UNKNOWNS = 12
MAX_VALUES = 16


@dataclass(frozen=True)
class Boost:
    """One boosted outcome: the items it reads, its base and the share of the stake returned."""

    outcome: str
    reads: str
    base: Fraction
    returned: Fraction
    explicit_base: bool = False
    """Whether the file gives ``base``; else it follows the outcome's pay (``--pay`` included)."""

    def base_for(self, plain: Fraction) -> Fraction:
        """The base when the outcome's plain pay is ``plain``: the file's, which must still make
        ``base + returned - 1`` the plain pay, or ``plain - returned + 1``."""
        if not self.explicit_base:
            return plain - self.returned + 1
        if self.base + self.returned - 1 != plain:
            from ..errors import OddsError

            raise OddsError(
                f"{self.outcome}: pays {plain} with no multiplier, but its multipliers' base {self.base} and "
                f"returned {self.returned} give {self.base + self.returned - 1}: change the base in the file too"
            )
        return self.base


@dataclass(frozen=True)
class Overlay:
    """A bet's multiplier overlay (module docstring); weights are Fractions or :class:`Poly`."""

    boosts: str
    universe: int
    counts: tuple[tuple[int, object], ...]
    """``(k, weight)``: how many targets are drawn, and how often."""
    values: tuple[tuple[Fraction, object], ...]
    """``(multiplier, weight)``."""
    unknowns: tuple[str, ...]
    fee: Fraction
    cap: Fraction | None
    pay: str
    boosted: tuple[Boost, ...]
    target_groups: tuple[tuple[tuple[str, ...], tuple, tuple], ...] = ()
    """``(names, targets, values)``: targets with a multiplier distribution of their own
    (``target_values``); every other target draws from :attr:`values`."""

    def values_for(self, target) -> tuple:
        """The ``(multiplier, weight)`` pairs a drawn ``target`` takes its multiplier from."""
        for _, targets, values in self.target_groups:
            if target in targets:
                return values
        return self.values

    @property
    def known(self) -> bool:
        """Whether every weight is a number (no unknown left)."""
        return not self.unknowns

    def boost(self, outcome: str) -> Boost | None:
        return next((b for b in self.boosted if b.outcome == outcome), None)

    def weighted(self, values: dict) -> Overlay:
        """The overlay with unknowns given values (all of them: a priced overlay)."""
        from dataclasses import replace

        def put(w):
            return Poly.lift(w).substitute(values) if isinstance(w, Poly) else w

        left = tuple(u for u in self.unknowns if u not in values)
        counts = tuple((k, _settle(put(w))) for k, w in self.counts)
        vals = tuple((m, _settle(put(w))) for m, w in self.values)
        groups = tuple(
            (names, targets, tuple((m, _settle(put(w))) for m, w in values))
            for names, targets, values in self.target_groups
        )
        return replace(self, counts=counts, values=vals, unknowns=left, target_groups=groups)


def _settle(w):
    return w.value if isinstance(w, Poly) and w.is_constant else w


def read_overlay(raw, where: str, rule, pays: dict, support, parse_pay) -> Overlay:
    """The overlay of a bet, checked against its rule, its pays and what the game can boost
    (``support``: :class:`odds.overlay.support.OverlaySupport`, None when the game has none)."""
    if support is None:
        raise PaytableError(f"{where}: this game has no multiplier overlays")
    if not isinstance(raw, dict):
        raise PaytableError(f"{where}: must be a table (boosts, count, values, boosted ...)")
    check_keys(raw, KEYS, where)
    for key in ("boosts", "count", "boosted"):
        if key not in raw:
            raise PaytableError(f"{where}: missing '{key}' (module docs: odds.overlay.model)")
    boosts = raw["boosts"]
    if boosts not in support.reads:
        raise PaytableError(
            f"{where}.boosts: {shown_repr(boosts)}: this game boosts {', '.join(sorted(support.reads))}"
        )
    universe = support.universe(boosts)
    if universe is None:
        spots = raw.get("spots")
        if not isinstance(spots, int) or isinstance(spots, bool) or not 1 <= spots <= 1000:
            raise PaytableError(f"{where}.spots: the number of bet spots that can be boosted, 1 to 1,000")
        universe = spots
    elif "spots" in raw:
        raise PaytableError(f'{where}.spots: only for boosts = "spots"')
    unknowns = raw.get("unknowns", [])
    if not isinstance(unknowns, list) or len(unknowns) > MAX_UNKNOWNS:
        raise PaytableError(f'{where}.unknowns: a list of at most {MAX_UNKNOWNS} names, e.g. ["p"]')
    for name in unknowns:
        if not isinstance(name, str) or not UNKNOWN.match(name):
            raise PaytableError(f"{where}.unknowns: {shown_repr(name)} must be a lowercase name such as p or w2")
    if len(set(unknowns)) != len(unknowns):
        raise PaytableError(f"{where}.unknowns: a name is given twice")
    counts = _distribution(raw["count"], f"{where}.count", unknowns, whole=True, high=universe)
    groups = _target_groups(raw, where, boosts, universe, unknowns, support)
    listed = sum(len(targets) for _, targets, _ in groups)
    if "values" in raw:
        values = _distribution(raw["values"], f"{where}.values", unknowns, whole=False, high=MAX_PAY)
        if listed == universe:
            raise PaytableError(f"{where}.values: every target has its own in target_values: leave values out")
    elif listed == universe:
        values = ()
    else:
        raise PaytableError(f"{where}: missing 'values' (module docs: odds.overlay.model)")
    weights = counts + values + tuple(pair for _, _, vals in groups for pair in vals)
    used = sorted({v for _, w in weights if isinstance(w, Poly) for v in w.variables})
    unused = [u for u in unknowns if u not in used]
    if unused:
        raise PaytableError(f"{where}.unknowns: {', '.join(unused)} weigh nothing (no weight uses them)")
    fee = exact_number(raw.get("fee", 0), f"{where}.fee", high=10)
    if fee < 0:
        raise PaytableError(f"{where}.fee: a fee cannot be negative")
    cap = None
    if "cap" in raw:
        cap = exact_number(raw["cap"], f"{where}.cap", high=MAX_PAY * 10**6)
        if cap <= 0:
            raise PaytableError(f"{where}.cap: the most a round's win pays must be positive")
    pay = raw.get("pay", "multiply")
    if pay not in PAYS:
        raise PaytableError(f"{where}.pay: {shown_repr(pay)}: multiply or replace")
    if pay == "replace" and any(m <= 1 for m, _ in values):
        raise PaytableError(f"{where}.values: a multiplier that replaces the pay must be above 1")
    for i, (_, _, vals) in enumerate(groups):
        if pay == "replace" and any(m <= 1 for m, _ in vals):
            raise PaytableError(
                f"{where}.target_values[{i}].values: a multiplier that replaces the pay must be above 1"
            )
    boosted = _boosted(raw["boosted"], f"{where}.boosted", rule, pays, support.reads[boosts], parse_pay)
    return Overlay(boosts, universe, counts, values, tuple(unknowns), fee, cap, pay, boosted, groups)


def _target_groups(raw, where: str, boosts: str, universe: int, unknowns, support) -> tuple:
    """``target_values``: ``(names, targets, values)`` per group, each target named once."""
    if "target_values" not in raw:
        return ()
    here = f"{where}.target_values"
    if not support.names_targets or boosts == "spots":
        raise PaytableError(
            f"{here}: only dice totals, dice faces and pockets may have multipliers of their own "
            f"(this overlay boosts {boosts}: give values)"
        )
    groups = raw["target_values"]
    example = '[ { targets = [3, 18], values = { 150 = "0.5", 1000 = "0.5" } } ]'
    if not isinstance(groups, list) or not groups or len(groups) > universe:
        raise PaytableError(f"{here}: a list of at most {universe} tables such as {example}")
    out, seen = [], {}
    for i, group in enumerate(groups):
        at = f"{here}[{i}]"
        if not isinstance(group, dict):
            raise PaytableError(f"{at}: a table such as {example[2:-2]}")
        check_keys(group, GROUP_KEYS, at)
        for key in sorted(GROUP_KEYS):
            if key not in group:
                raise PaytableError(f"{at}: missing '{key}'")
        named = group["targets"]
        if not isinstance(named, list) or not named or len(named) > universe:
            raise PaytableError(f"{at}.targets: a list of the {boosts} that share these multipliers, e.g. [3, 18]")
        targets = []
        for text in named:
            if isinstance(text, bool) or not isinstance(text, (int, str)):
                raise PaytableError(f"{at}.targets: {shown_repr(text)} is not one of the {boosts}")
            try:
                target = support.target(boosts, str(text))
            except OddsError as exc:
                raise PaytableError(f"{at}.targets: {exc}") from None
            name = support.target_name(boosts, target)
            if target in seen:
                raise PaytableError(f"{at}.targets: {name} is listed twice (also in target_values[{seen[target]}])")
            seen[target] = i
            targets.append((target, name))
        values = _distribution(group["values"], f"{at}.values", unknowns, whole=False, high=MAX_PAY)
        out.append((tuple(n for _, n in targets), tuple(t for t, _ in targets), values))
    return tuple(out)


def _distribution(raw, where: str, unknowns, whole: bool, high) -> tuple:
    """``(value, weight)`` pairs from a number (one value, weight 1; counts only) or a table."""
    if whole and isinstance(raw, int) and not isinstance(raw, bool):
        if not 0 <= raw <= high:
            raise PaytableError(f"{where}: {raw} is not 0 to {high} (how many of the {high} targets are drawn)")
        return ((raw, Fraction(1)),)
    if not isinstance(raw, dict) or not raw:
        hint = (
            'a number or a table such as { 1 = "0.5", 2 = "0.5" }'
            if whole
            else 'a table such as { 2 = "0.75", 3 = "0.25" }'
        )
        raise PaytableError(f"{where}: must be {hint}")
    if len(raw) > MAX_VALUES * (8 if whole else 1):
        raise PaytableError(f"{where}: at most {MAX_VALUES} values")
    out = []
    total = Poly()
    for key, weight in raw.items():
        here = f"{where}.{key}"
        try:
            value = Fraction(key) if re.fullmatch(r"\d+(\.\d+)?(/\d+)?", key) else None
        except (ValueError, ZeroDivisionError):
            value = None
        if value is None or (whole and (value.denominator != 1 or not 0 <= value <= high)) or value > high:
            what = f"a whole number 0 to {high}" if whole else "a positive number such as 2 or 1.5"
            raise PaytableError(f"{here}: {shown(key)} must be {what}")
        if not whole and value <= 0:
            raise PaytableError(f"{here}: a multiplier must be positive")
        try:
            w = parse_weight(weight, unknowns, here)
        except WeightError as exc:
            raise PaytableError(str(exc)) from None
        except Exception as exc:  # a bad number: the limits' message
            raise PaytableError(str(exc)) from None
        if w.is_constant and not 0 <= w.value <= 1:
            raise PaytableError(f"{here}: a weight is a probability, 0 to 1, not {w.value}")
        total = total + w
        out.append((int(value) if whole else value, w.value if w.is_constant else w))
    if total != Poly.constant(1):
        raise PaytableError(f"{where}: the weights must add up to exactly 1 (they add up to {total.text})")
    return tuple(sorted(out, key=lambda t: t[0]))


def _boosted(raw, where: str, rule, pays: dict, reads: tuple, parse_pay) -> tuple[Boost, ...]:
    if not isinstance(raw, list) or not raw:
        raise PaytableError(f'{where}: a list such as [{{ outcome = "win", reads = "{reads[0]}" }}]')
    out = []
    for i, item in enumerate(raw):
        here = f"{where}[{i}]"
        if not isinstance(item, dict):
            raise PaytableError(f'{here}: a table such as {{ outcome = "win", reads = "{reads[0]}" }}')
        check_keys(item, BOOSTED_KEYS, here)
        key = item.get("outcome")
        if key not in rule.outcome_keys:
            raise PaytableError(
                f"{here}.outcome: {shown_repr(key)} is not an outcome of the bet ({', '.join(rule.outcome_keys)})"
            )
        if any(b.outcome == key for b in out):
            raise PaytableError(f"{here}.outcome: {key!r} is boosted twice")
        where_reads = item.get("reads")
        if where_reads not in reads:
            raise PaytableError(f"{here}.reads: {shown_repr(where_reads)}: this game's items are {', '.join(reads)}")
        if key not in pays:
            raise PaytableError(f"{here}: the outcome {key!r} has no pay")
        plain = pays[key]
        returned = parse_pay(item.get("returned", 1), f"{here}.returned")
        if not 0 <= returned <= 1:
            raise PaytableError(f"{here}.returned: the share of the stake returned, 0 to 1")
        base = parse_pay(item["base"], f"{here}.base") if "base" in item else plain - returned + 1
        if base + returned - 1 != plain:
            raise PaytableError(
                f"{here}: with no multiplier the outcome pays base + returned - 1 = {base + returned - 1}, "
                f"but its pay is {plain}"
            )
        if base <= 0:
            raise PaytableError(f"{here}: a boosted outcome must be a win (base above 0)")
        out.append(Boost(key, where_reads, base, returned, "base" in item))
    return tuple(out)
