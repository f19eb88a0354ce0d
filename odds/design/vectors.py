"""Reference vectors: exact outcome counts of every bet for a fixed set of shoes, as JSON, and a
verifier for any file in that schema (ours or another program's).

The shoes: for each card game, full shoes of 1, 2, 4, 6 and 8 decks, and ``PARTIAL_PER_GAME``
partly dealt shoes drawn with a fixed seed (``SEED`` and the game id): a deck count from 1, 6 and 8, a real
shuffle, and the first 5 to 80 cards removed with their suits. Dice and wheel games have one
vector (no shoe). Counts use the game's own counting convention (``counting``); the pays are
the game's default paytable, and the house edge is ``-sum(combinations * pays) / total``.

The schema (``SCHEMA``), every exact number a JSON string::

    {"schema": "odds-reference-vectors/1",
     "description": "...",
     "vectors": [
       {"id": "baccarat/8-decks",
        "game": "baccarat",
        "paytable": "seed",
        "counting": "ordered six-card deals",
        "shoe": {"decks": 8, "cards": 416, "removed": ["Kh", "5s"],      # null for dice, wheels
                 "rank_counts": [32, ...],     # 13 counts, A..K
                 "card_counts": [8, ...]},     # 52 counts, rank-major, suits s h d c
        "bets": {"banker": {"total": "4998398275503360",
                            "combinations": {"banker-wins": "2292252566437888", ...},
                            "pays": {"banker-wins": "19/20", "tie": "0", "player-wins": "-1"},
                            "house_edge": "..."}}}]}

:func:`verify` recomputes each vector with this library and reports every difference. A file may
hold a subset of games, bets and shoes; within a bet every outcome must be present. Counts are
compared as probabilities (``combinations / total``), so a program that counts with another
convention (e.g. unordered deals) still verifies; ``pays`` and ``house_edge`` are optional, and
when given the house edge must equal the one recomputed from our counts and the file's pays.
A value written as a JSON float (a program that computes in floating point) is compared within a
tolerance (:func:`close`); strings and integers are exact and must match exactly. Anything
malformed in a vector (a game that is not a name, a shoe count that is not a JSON integer of at
least 0) is one problem line of that vector, like a mismatch, and an unknown bet is one line of
its own: the vector's other bets are still checked. A settlement-vectors file (schema
``odds-settlement-vectors/1``, :mod:`.rounds`) is checked round by round.
"""

from __future__ import annotations

import json
import math
import random
import re
from fractions import Fraction
from pathlib import Path

from ..cards import RANKS, SUITS, card_name
from ..errors import OddsError, shown_repr
from ..files import decode_text, read_limited
from ..limits import (
    MAX_CARDS,
    MAX_DATA_BYTES,
    MAX_EXPONENT,
    MAX_NUMBER_TEXT,
    MAX_VECTORS,
    LimitError,
    check_common_denominator,
    check_number_text,
    check_pay_digits,
)
from ..games import all_games, get_game
from .mismatch import Mismatch, cause_of
from ..paytable import BetPays, load_paytable, shipped_names
from ..render import exact
from ..sheet import bet_sheet
from ..shoe import Shoe

SCHEMA = "odds-reference-vectors/1"
ROUNDS_SCHEMA = "odds-settlement-vectors/1"
"""The schema of a settlement-vectors file (rounds and their settlements, :mod:`.rounds`)."""
SEED = 20260601
FULL_DECKS = (1, 2, 4, 6, 8)
PARTIAL_DECKS = (1, 6, 8)
PARTIAL_PER_GAME = 5
DESCRIPTION = (
    "Exact outcome counts of every bet for fixed shoe compositions, off the top: the next round "
    "is dealt from a uniformly random order of exactly the cards in the shoe. combinations / total "
    "is the probability of each outcome; house_edge = -sum(combinations * pays) / total. "
    "card_counts are rank-major (A..K), suits s h d c. Made by `odds vectors`; check with `odds verify`."
)


class VectorFileError(OddsError):
    """A vectors file that cannot be read at all (not JSON, wrong schema)."""


def partial_shoes(game, rng: random.Random) -> list[tuple[str, Shoe]]:
    """``PARTIAL_PER_GAME`` partly dealt shoes: the front of a real shuffle, removed with suits."""
    out = []
    for _ in range(PARTIAL_PER_GAME):
        decks = rng.choice(PARTIAL_DECKS)
        cards = [(rank, suit) for _ in range(decks) for rank in RANKS for suit in SUITS]
        rng.shuffle(cards)
        seen = rng.randint(5, min(80, len(cards) - max(game.min_cards, 6) - 20))
        shoe = Shoe.decks(decks).remove(",".join(card_name(r, s) for r, s in cards[:seen]))
        name = f"{game.id}/{_decks_name(decks)}-less-{seen}"
        while name in [n for n, _ in out]:  # ids stay unique
            name += "-again"
        out.append((name, shoe))
    return out


def _decks_name(decks: int) -> str:
    return f"{decks}-deck{'s' if decks > 1 else ''}"


def shoes_for(game, rng: random.Random) -> list[tuple[str, Shoe | None]]:
    if not game.uses_shoe:
        return [(f"{game.id}/no-shoe", None)]
    full = [(f"{game.id}/{_decks_name(d)}", Shoe.decks(d)) for d in FULL_DECKS]
    return full + partial_shoes(game, rng)


def shoe_json(shoe: Shoe | None) -> dict | None:
    if shoe is None:
        return None
    return {
        **shoe.describe(),
        "rank_counts": list(shoe.ranks()),
        "card_counts": list(shoe.card_counts()) if shoe.has_suits else None,
    }


def vector(vector_id: str, game, paytable, shoe: Shoe | None) -> dict:
    counts = game.count(shoe, list(paytable.bets), paytable)
    bets = {}
    for bet_id, rule in paytable.rules.items():
        c = counts[bet_id]
        pays = paytable.bet(bet_id)
        bets[bet_id] = {
            "total": exact(c.total),
            "combinations": {k: exact(c.counts.get(k, 0)) for k in rule.outcome_keys},
            "pays": {k: exact(pays.pays[k]) for k in rule.outcome_keys},
            "house_edge": exact(bet_sheet(rule, pays, c).house_edge),
        }
    return {
        "id": vector_id,
        "game": game.id,
        "paytable": paytable.name,
        "counting": game.counting,
        "shoe": shoe_json(shoe),
        "bets": bets,
    }


def build_vectors(games=None, paytable_name: str | None = None) -> dict:
    """The reference vectors of every game in the registry (or of ``games``), with each game's
    default paytable (or ``paytable_name``: a shipped name or a file, user bets included)."""
    vectors = []
    for game in games or all_games():
        paytable = load_paytable(game, paytable_name)
        # one generator per game, so adding a game never changes another game's shoes
        rng = random.Random(f"{SEED}/{game.id}")
        for vector_id, shoe in shoes_for(game, rng):
            vectors.append(vector(vector_id, game, paytable, shoe))
    return {"schema": SCHEMA, "description": DESCRIPTION, "seed": SEED, "vectors": vectors}


_NUMBER_LIST = re.compile(r"\[\n\s*(-?\d+(?:,\n\s*-?\d+)*)\n\s*\]")
_NAME_LIST = re.compile(r'\[\n\s*("[^"\n]*"(?:,\n\s*"[^"\n]*")*)\n\s*\]')


def dumps(data: dict) -> str:
    """Indented JSON with each list of counts or card names on one line (diffs stay readable)."""
    text = json.dumps(data, indent=1)
    for pattern in (_NUMBER_LIST, _NAME_LIST):
        text = pattern.sub(lambda m: "[" + ", ".join(re.split(r",\n\s*", m.group(1))) + "]", text)
    return text + "\n"


# -- verification ----------------------------------------------------------------------------------


def _no_constant(name: str):
    raise VectorFileError(f"{name} is not a JSON number: counts are whole numbers, written as JSON integers or strings")


def load(path: str | Path) -> dict:
    """A vectors file, refused in one line (:class:`VectorFileError`) when it is not one: bigger
    than ``MAX_DATA_BYTES`` (``/dev/zero``, ``/dev/urandom``), not UTF-8, not JSON, nested too
    deeply, a number of thousands of digits, ``NaN`` or ``Infinity``, or the wrong schema."""
    try:
        text = decode_text(read_limited(path, MAX_DATA_BYTES, "vectors file"), path, "vectors file")
    except VectorFileError:
        raise
    except OddsError as exc:
        raise VectorFileError(str(exc)) from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise VectorFileError(f"{path}: not valid JSON: {exc}") from None
    except RecursionError:
        raise VectorFileError(f"{path}: not a vectors file: nested too deeply") from None
    except VectorFileError as exc:
        raise VectorFileError(f"{path}: {exc}") from None
    except ValueError as exc:  # an integer of thousands of digits
        raise VectorFileError(f"{path}: not a vectors file here: {str(exc)[:80]}") from None
    items = "rounds" if isinstance(data, dict) and data.get("schema") == ROUNDS_SCHEMA else "vectors"
    if not isinstance(data, dict) or not isinstance(data.get(items), list):
        raise VectorFileError(f"{path}: not a vectors file: expected an object with a '{items}' list")
    if data.get("schema") != SCHEMA and items == "vectors":
        raise VectorFileError(
            f"{path}: schema {shown_repr(data.get('schema'))} is not {SCHEMA!r} "
            f"(counts) or {ROUNDS_SCHEMA!r} (settlements)"
        )
    if len(data[items]) > MAX_VECTORS:
        raise VectorFileError(
            f"{path}: {len(data[items]):,} {'rounds' if items == 'rounds' else 'vectors'}; "
            f"a file holds at most {MAX_VECTORS:,} (split it)"
        )
    return data


FLOAT_LOW, FLOAT_HIGH = 10.0**-MAX_EXPONENT, 10.0**MAX_EXPONENT
"""The magnitudes a float of a file may have (besides 0): the typed numbers' exponent limit."""
DEFAULT_TOLERANCE = Fraction(1, 10**9)
"""How far a float in a file may be from the exact value: ``|file - exact| <= tolerance *
max(1, |exact|)`` (absolute for probabilities and house edges, relative for counts and big pays)."""


def read_value(value, where: str, problems: list[str], integer=False):
    """A value of a file: exact (a JSON integer or a string such as ``"19/20"``, as a Fraction) or
    a float (a JSON number with a point or an exponent, kept a float: compared within the
    tolerance). Records a problem and returns None when it is neither, or not finite."""
    if isinstance(value, float):
        if not math.isfinite(value):
            problems.append(f"{where}: {value!r} is not a finite number")
            return None
        if value and not FLOAT_LOW <= abs(value) <= FLOAT_HIGH:
            # 1e-320 or 1e308: a ratio or a sum of such floats leaves the floats (0 or infinity)
            problems.append(
                f"{where}: {value!r} is beyond the limits of a number here (exponent within +-{MAX_EXPONENT})"
            )
            return None
        if integer and value < 0:
            problems.append(f"{where}: {value!r} is below 0")
            return None
        return value
    return _number(value, where, problems, integer)


def close(theirs, ours: Fraction, tolerance=None) -> bool:
    """Whether a file's value equals ours: exactly for an exact value; within the tolerance
    (:data:`DEFAULT_TOLERANCE` unless given) for a float.

    >>> close(Fraction(19, 20), Fraction(19, 20)), close(0.95, Fraction(19, 20)), close(0.9501, Fraction(19, 20))
    (True, True, False)
    >>> close(0.9501, Fraction(19, 20), Fraction(1, 1000))
    True
    """
    if not isinstance(theirs, float):
        return theirs == ours
    tolerance = DEFAULT_TOLERANCE if tolerance is None else tolerance
    return abs(Fraction(theirs) - ours) <= tolerance * max(1, abs(ours))


def _shown_value(value) -> str:
    return repr(value) if isinstance(value, float) else exact(value)


def _number(text, where: str, problems: list[str], integer=False):
    """An exact number from a JSON string (or int); records a problem and returns None if bad
    (not a number, or beyond the limits of :func:`odds.limits.exact_number`)."""
    try:
        if isinstance(text, bool) or not isinstance(text, (str, int)):
            raise ValueError
        if isinstance(text, str):
            check_number_text(text, where)  # 1e999999999 would be a billion-digit integer
        elif text.bit_length() > 4 * MAX_NUMBER_TEXT:
            raise LimitError(f"{where}: a JSON integer of more than {MAX_NUMBER_TEXT} digits is beyond the limits")
        value = Fraction(str(text))
        if integer and value.denominator != 1:
            raise ValueError
        return value
    except LimitError as exc:
        problems.append(str(exc))
        return None
    except (ValueError, ZeroDivisionError):
        problems.append(f"{where}: {shown_repr(text)} is not an exact {'integer' if integer else 'number'}")
        return None


def _counts(spec: dict, key: str, size: int, where: str) -> list[int] | None:
    """The shoe's ``key`` list, if given: ``size`` whole numbers of at least 0 (JSON integers, not
    strings, fractions or booleans); anything else is an :class:`OddsError` naming it."""
    counts = spec.get(key)
    if counts is None:
        return None
    if not isinstance(counts, list) or len(counts) != size:
        raise OddsError(f"{where}.shoe.{key}: must be a list of {size} counts")
    for i, c in enumerate(counts):
        if isinstance(c, bool) or not isinstance(c, int) or c < 0:
            raise OddsError(f"{where}.shoe.{key}[{i}]: {shown_repr(c)} is not a whole number of at least 0")
    if sum(counts) > MAX_CARDS:
        raise OddsError(
            f"{where}.shoe.{key}: {sum(counts):,} cards; a shoe holds at most {MAX_CARDS:,} ({MAX_CARDS // 52:,} decks)"
        )
    return counts


def read_shoe(spec, where: str) -> Shoe | None:
    if spec is None:
        return None
    if not isinstance(spec, dict):
        raise OddsError(f"{where}.shoe: must be an object or null")
    cards, ranks = _counts(spec, "card_counts", 52, where), _counts(spec, "rank_counts", 13, where)
    if cards is not None:
        shoe = Shoe.from_card_counts(cards)
        if ranks is not None and list(shoe.ranks()) != ranks:
            raise OddsError(f"{where}.shoe: rank_counts do not match card_counts")
    elif ranks is not None:
        shoe = Shoe.from_rank_counts(ranks)
    else:
        raise OddsError(f"{where}.shoe: give card_counts (52) or rank_counts (13)")
    if "cards" in spec and (isinstance(spec["cards"], bool) or spec["cards"] != shoe.total):
        raise OddsError(f"{where}.shoe: cards is {shown_repr(spec['cards'])}, the counts add up to {shoe.total}")
    return shoe


def _name(vec: dict, key: str, where: str, required: bool) -> str | None:
    """A vector's ``game`` or ``paytable``: a name (a paytable left out or empty is the default)."""
    value = vec.get(key)
    if not required and value in (None, ""):
        return None
    if not isinstance(value, str) or not value:
        raise OddsError(f"{where}: {key} must be a name (a string), not {shown_repr(value)}")
    return value


def paytable_of(game, entry: dict, where: str, own: dict | None):
    """The paytable a vector or round names: a shipped one (default: the game's) or one of the
    user's files given to ``verify --paytable``, by its name - never a path read from the file."""
    name = _name(entry, "paytable", where, False)
    if name in (own or {}):
        if own[name].game != game.id:
            raise OddsError(f"{where}: paytable {name} is a {own[name].game} paytable, not {game.id}'s")
        return own[name]
    if name is not None and name not in shipped_names(game):
        # a file sent to us names a shipped paytable, never a path on this machine to read
        raise OddsError(
            f"{where}: paytable must name a shipped {game.id} paytable "
            f"({', '.join(shipped_names(game))}) or a file given with --paytable, "
            f"not {shown_repr(name)}"
        )
    return load_paytable(game, name)


def verify_vector(vec, index: int, own: dict | None = None, tolerance=None) -> tuple[list[Mismatch], int]:
    """Every difference between one vector and this library's counts; and how many numbers were
    checked. ``own``: the user's paytables by name (files given to ``verify --paytable``)."""
    where = f"vector {index}"
    if not isinstance(vec, dict):
        return [Mismatch(f"{where}: must be an object", "a vector is not an object")], 0
    vector_id = vec.get("id", "?")
    where = f"vector {index} ({vector_id if isinstance(vector_id, str) and len(vector_id) <= 80 else shown_repr(vector_id)})"
    try:
        game = get_game(_name(vec, "game", where, True))
        shoe = read_shoe(vec.get("shoe"), where)
        if game.uses_shoe and shoe is None:
            raise OddsError(f"{where}: {game.id} deals from a shoe: give one")
        if not game.uses_shoe and shoe is not None:
            raise OddsError(f"{where}: {game.id} deals no cards: shoe must be null")
        bets = vec.get("bets")
        if not isinstance(bets, dict) or not bets:
            raise OddsError(f"{where}: 'bets' must be a non-empty object")
        paytable = paytable_of(game, vec, where, own)
        known = [b for b in bets if b in paytable.bets]
        if shoe is not None:
            game.check_shoe(shoe)
        counts = game.count(shoe, known, paytable)
    except OddsError as exc:
        message = str(exc)
        line = message if message.startswith(where) else f"{where}: {message}"
        return [Mismatch(line, cause_of(line, where))], 0

    problems: list[str] = []
    checked = 0
    for bet_id, entry in bets.items():
        at = f"{where} {bet_id}"

        def found(cause: str, detail: str, at=at, bet_id=bet_id) -> None:
            problems.append(Mismatch(f"{at}: {detail}", f"{bet_id}: {cause}"))

        if bet_id not in paytable.bets:  # one problem line; the vector's other bets are still checked
            from ..errors import UnknownName

            text = str(UnknownName(f"{game.id} bet", bet_id, paytable.bets))
            problems.append(Mismatch(f"{at}: {text}", text.split(";")[0]))
            continue
        ours = counts[bet_id]
        rule = paytable.rule(bet_id)
        if not isinstance(entry, dict) or not isinstance(entry.get("combinations"), dict):
            found("no combinations", "needs 'total' and a 'combinations' object")
            continue
        total = read_value(entry.get("total"), f"{at} total", problems, integer=True)
        combos = entry["combinations"]
        missing = [k for k in rule.outcome_keys if k not in combos]
        extra = [k for k in combos if k not in rule.outcome_keys]
        if missing:
            found("outcomes missing", f"outcome(s) missing: {', '.join(missing)}")
        if extra:
            found("unknown outcomes", f"unknown outcome(s): {', '.join(extra)}")
        if total is None or total <= 0:
            if total is not None:
                problems.append(Mismatch(f"{at} total: must be positive, not {total}", f"{bet_id}: total"))
            continue
        theirs = {}
        for key in rule.outcome_keys:
            if key not in combos:
                continue
            n = read_value(combos[key], f"{at} combinations of {key}", problems, integer=True)
            if n is None:
                continue
            theirs[key] = n
            checked += 1
            p_ours = Fraction(ours.counts.get(key, 0), ours.total)
            approximate = isinstance(n, float) or isinstance(total, float)
            p_theirs = n / total if approximate else Fraction(n) / total
            if not close(float(p_theirs) if approximate else p_theirs, p_ours, tolerance):
                expected = ours.counts.get(key, 0) * Fraction(total) / ours.total
                ours_shown = exact(expected) if total != ours.total else str(ours.counts.get(key, 0))
                p_shown = repr(p_theirs) if approximate else exact(p_theirs)
                found(
                    f"combinations of {key}",
                    f"{key}: file {combos[key]} of {entry.get('total')}, "
                    f"odds {ours_shown} (probability {exact(p_ours)}, file {p_shown})",
                )
        if not missing and len(theirs) == len(rule.outcome_keys):
            added = sum(theirs.values())
            if (
                not close(float(added), Fraction(total), tolerance)
                if isinstance(added, float) or isinstance(total, float)
                else added != total
            ):
                found(
                    "combinations add up",
                    f"combinations add up to {_shown_value(added)}, not the total {_shown_value(total)}",
                )
        if "house_edge" in entry:
            edge = read_value(entry["house_edge"], f"{at} house_edge", problems)
            pays_in = entry.get("pays")
            if pays_in is None:
                pays = paytable.bet(bet_id)
            elif not isinstance(pays_in, dict) or any(k not in pays_in for k in rule.outcome_keys):
                found("pays", f"pays must give a pay for each of {', '.join(rule.outcome_keys)}")
                continue
            else:
                parsed = {k: read_value(pays_in[k], f"{at} pays of {k}", problems) for k in rule.outcome_keys}
                if any(v is None for v in parsed.values()):
                    continue
                floats = any(isinstance(v, float) for v in parsed.values())
                pays = BetPays(bet_id, {k: Fraction(v) for k, v in parsed.items()})
                try:  # the limits on pays of a paytable: every figure of the bet stays printable
                    for k, v in pays.pays.items():
                        check_pay_digits(v, f"{at} pays of {k}")
                    check_common_denominator(pays.pays.values(), f"{at} pays")
                except LimitError as exc:
                    problems.append(str(exc))
                    continue
                if floats and not isinstance(edge, float) and edge is not None:
                    edge = float(edge)  # pays given as floats: the edge can only match within the tolerance
            if edge is not None:
                checked += 1
                ours_edge = bet_sheet(rule, pays, ours).house_edge
                if not close(edge, ours_edge, tolerance):
                    found(
                        "house_edge",
                        f"house_edge: file {entry['house_edge']}, odds {exact(ours_edge)} "
                        f"({float(edge):.10f} vs {float(ours_edge):.10f})",
                    )
    return [p if isinstance(p, Mismatch) else Mismatch(p, cause_of(p, where)) for p in problems], checked


def verify(data: dict, own: dict | None = None, tolerance=None) -> tuple[list[Mismatch], int, int]:
    """Check every vector: ``(problems, vectors, numbers checked)``; ``own``: the user's
    paytables by name, for vectors of their own bets; ``tolerance`` for the values given as
    floats (:func:`close`). (A settlement-vectors file is checked by :func:`odds.design.rounds.verify`.)"""
    problems: list[Mismatch] = []
    checked = 0
    for index, vec in enumerate(data["vectors"], start=1):
        found, n = verify_vector(vec, index, own, tolerance)
        vector_id = vec.get("id", "") if isinstance(vec, dict) else ""
        for m in found:
            m.item, m.item_id = index, vector_id if isinstance(vector_id, str) else shown_repr(vector_id)
        problems.extend(found)
        checked += n
    return problems, len(data["vectors"]), checked
