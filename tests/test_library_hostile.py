"""Issue 27: the library's public functions under arbitrary arguments.

Every name of ``odds.__all__`` that can be called - ``sheet``, ``eor``, ``count``, ``settle``,
``games``, ``Shoe`` and its constructors and methods, and the results' ``bet`` and ``to_frame`` -
is called with values drawn by hypothesis: wrong types (None, bools, floats, bytes, lists,
dicts, objects), out-of-range numbers, NaN and infinities, text with control characters, huge
numbers, mixed with the cheap valid values that reach deeper. A call may return a result or raise
:class:`odds.OddsError` with a one-line message - nothing else, and never hang (each call runs
under an alarm). Valid but expensive values (a million shoes, worker processes) are kept out of
the draws so the test stays fast; the boundary refuses them with a limit, tested here too.
"""

from __future__ import annotations

import signal
from decimal import Decimal
from fractions import Fraction

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import odds  # noqa: E402
from odds import limits  # noqa: E402

SECONDS = 20
"""No single call may take longer (an alarm stops it: a hang fails the test)."""

CALLABLE = {
    "sheet",
    "eor",
    "count",
    "settle",
    "games",
    "Shoe",
    "compare",
    "solve",
    "simulate",
    "tags",
    "batch",
    "check",
    "verify",
}
"""The names of ``odds.__all__`` this test calls; the others are result types and the error."""

_plain = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=8).map(lambda t: t + "\x1b]0;x\x07\n"),
    st.binary(max_size=8),
    st.fractions(max_denominator=10**40),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.sampled_from(["", " ", "1e-99999999", "1e999999999", "9" * 5000, "nan", "inf", "-0", "00", "37", "²"]),
    st.just(object()),
)
JUNK = st.recursive(
    _plain,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.tuples(inner, inner), st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
"""Anything at all."""
NOT_NONE = JUNK.filter(lambda v: v is not None)


def ints_outside(low: int, high: int):
    """Whole numbers below ``low`` or above ``high``: refused by the limits, never run."""
    return st.one_of(st.integers(max_value=low - 1), st.integers(min_value=high + 1))


def non_int(strategy=JUNK):
    return strategy.filter(lambda v: isinstance(v, bool) or not isinstance(v, int))


def either(good, bad=JUNK):
    return st.one_of(good, bad)


GAMES = st.sampled_from(["baccarat", "dragon-tiger", "sic-bo", "roulette", "american-roulette", "tiger-baccarat"])
CHEAP_BETS = st.sampled_from(["tie", "red", "dragon-big", "player-pair", "big", "banker", ["tie"], ("tie", "banker")])
PAYTABLES = st.sampled_from([None, "seed", "tie-9", "../x", "/dev/zero", "missing.toml"])
DECKS = either(st.integers(1, 8), non_int() | ints_outside(1, limits.MAX_DECKS))
REMOVE = either(st.sampled_from(["", "5x3,K,Th", "Kh", "Ax99", "Zz", "2,Asx4"]))


def _alarm(signum, frame):
    raise TimeoutError(f"a library call took more than {SECONDS} s")


def call(function, *args, **kwargs):
    """``function(...)``: its result, or None when it raised an OddsError (one line); anything
    else fails the test."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        return function(*args, **kwargs)
    except odds.OddsError as exc:
        message = str(exc)
        assert message and "\n" not in message and len(message) < 2000, message[:300]
        return None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True, database=None
)


def test_every_callable_public_name_is_covered():
    assert CALLABLE <= set(odds.__all__)
    others = set(odds.__all__) - CALLABLE
    assert all(isinstance(getattr(odds, name), type) for name in others), others  # result types, the error


@SETTINGS
@given(
    GAMES | JUNK,
    either(CHEAP_BETS),
    either(PAYTABLES),
    DECKS,
    REMOVE,
    either(st.sampled_from([None, "1/20", 0])),
    either(st.just(""), st.sampled_from(["9,K", "A,2,3,4"]) | JUNK),
)
def test_sheet(game, bets, paytable, decks, remove, fee, player):
    sheet = call(odds.sheet, game, bets, paytable, decks, remove, fee=fee, player=player)
    if sheet is not None:
        assert isinstance(sheet, odds.Sheet)


@SETTINGS
@given(GAMES | JUNK, either(CHEAP_BETS, NOT_NONE), either(PAYTABLES), DECKS, REMOVE, JUNK | st.just(""))
def test_eor(game, bets, paytable, decks, remove, banker):
    call(odds.eor, game, bets, paytable, decks, remove, banker=banker)


COUNT_WHOLE = {
    "shoes": (1, limits.MAX_SHOES, st.integers(1, 2)),
    "seed": (0, limits.MAX_SEED, st.integers(0, 2**64 - 1)),
    "decks": (1, limits.MAX_DECKS, st.integers(1, 2)),
    "cut_card": (0, limits.MAX_CARDS, st.integers(0, 120)),
    "window": (1, limits.MAX_CARDS, st.integers(1, 80)),
    "level": (1, limits.MAX_LEVEL, st.integers(1, 100)),
    "workers": (1, limits.MAX_WORKERS, st.just(1)),
}


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True, database=None)
@given(
    st.sampled_from(["dragon-tiger", "tiger-baccarat"]) | NOT_NONE,
    either(st.sampled_from(["tie", "dragon-big", "big-tiger"]), NOT_NONE),
    st.fixed_dictionaries(
        {
            name: st.one_of(good, non_int(NOT_NONE), ints_outside(low, high))
            for name, (low, high, good) in COUNT_WHOLE.items()
        }
    ),
    either(st.sampled_from(["last", "one-more", "standard"])),
    either(st.sampled_from(["unseen", "in-shoe"])),
    either(
        st.dictionaries(st.sampled_from(["tie", "big-tiger"]), st.lists(st.integers(-5, 5), max_size=13), max_size=1)
    ),
    either(
        st.dictionaries(
            st.sampled_from(["tie", "big-tiger"]),
            st.sampled_from(["8", "2.5", "1e-99999999", "-0.1", 3, 2.5, Fraction(1, 3), float("nan")]) | JUNK,
            max_size=1,
        )
    ),
)
def test_count(game, bets, whole, after_cut, true_count, tags, triggers):
    if whole["decks"] is not None and isinstance(whole["decks"], int) and whole["decks"] <= 2:
        whole = {
            **whole,
            "cut_card": min(whole["cut_card"], 60) if isinstance(whole["cut_card"], int) else whole["cut_card"],
        }
    call(
        odds.count, game, bets, None, after_cut=after_cut, true_count=true_count, tags=tags, triggers=triggers, **whole
    )


@SETTINGS
@given(
    GAMES | JUNK,
    either(
        st.sampled_from(["4s,Kh,Ad,4c,2h,9d", "Kh,5s", "3,3,5", [3, 3, 5], 17, "00", "37", 37, "1,2,²", ["Kh", "5s"]])
    ),
    either(PAYTABLES),
    either(CHEAP_BETS),
)
def test_settle(game, cards, paytable, bets):
    result = call(odds.settle, game, cards, paytable, bets)
    if result is not None:
        assert isinstance(result, odds.Settlement)


def test_games():
    assert [g.id for g in call(odds.games)][:1] == ["baccarat"]


PAYS = either(
    st.sampled_from([None, {"tie.tie": 9}, ["tie.tie=9"], "tie.tie=9", {"x.y": 1}, {"tie.tie": 9.5}, 5, {5: 9}])
)
FEW = settings(SETTINGS, max_examples=15)


@FEW
@given(
    GAMES | JUNK,
    either(CHEAP_BETS),
    either(st.sampled_from([None, "seed", ["seed", "tie-9"], "../x"])),
    either(st.sampled_from([None, [1, 8], [6], [0], 8])),
    PAYS,
)
def test_compare(game, bets, paytables, decks, pays):
    call(odds.compare, game, bets, paytables, decks, pays=pays)


@FEW
@given(
    GAMES | JUNK, either(CHEAP_BETS), either(st.sampled_from([None, "97%", "0.0106", Fraction(1, 100), 2, "x"])), PAYS
)
def test_solve(game, bet, rtp, pays):
    call(odds.solve, game, bet, rtp=rtp, pays=pays)


@FEW
@given(
    GAMES | JUNK,
    either(CHEAP_BETS),
    either(st.sampled_from([2, 200, 1, 10**12])),
    either(st.sampled_from([None, 1, 8])),
    PAYS,
)
def test_simulate(game, bets, rounds, decks, pays):
    call(odds.simulate, game, bets, rounds=rounds, decks=decks, pays=pays)


@FEW
@given(GAMES | JUNK, either(CHEAP_BETS), either(st.integers(1, 5)), PAYS)
def test_tags(game, bet, level, pays):
    call(odds.tags, game, bet, level=level, pays=pays)


@FEW
@given(GAMES | JUNK, either(st.sampled_from([["", "5x3"], ["Zz"], [""], "5x3", [5]])), either(CHEAP_BETS), PAYS)
def test_batch(game, shoes, bets, pays):
    call(odds.batch, game, shoes, bets, pays=pays)


@FEW
@given(
    either(st.sampled_from(["missing.json", "/dev/zero", "."])),
    either(st.sampled_from([(), "x.toml", ["/dev/zero"]])),
    either(st.sampled_from([None, 1e-9, -1, 2])),
)
def test_verify(path, paytables, tolerance):
    call(odds.verify, path, paytables, tolerance)


@FEW
@given(either(st.sampled_from(["missing.toml", "/dev/zero", ".", "odds/paytables/baccarat/seed.toml"])))
def test_check(path):
    call(odds.check, path)


@SETTINGS
@given(JUNK, JUNK, JUNK, JUNK)
def test_shoe_constructors(n, text, counts13, shoe_args):
    call(odds.Shoe.decks, n if not (isinstance(n, int) and 0 < n <= limits.MAX_DECKS) else 1)
    call(odds.Shoe.from_cards, text)
    call(odds.Shoe.from_rank_counts, counts13)
    call(odds.Shoe.from_card_counts, counts13)
    call(odds.Shoe, shoe_args, counts13)
    shoe = odds.Shoe.decks(1)
    for removal in (text, counts13, [(1, "h", n)], [(n, None, 1)], [("A", shoe_args, 1)]):
        after = call(shoe.remove, removal)
        if after is not None:
            assert after.total <= shoe.total and min(after.rank_counts) >= 0


@pytest.fixture(scope="module")
def results():
    return {
        "sheet": odds.sheet("roulette", bets="red"),
        "eor": odds.eor("dragon-tiger", bets="tie", decks=1),
        "settle": odds.settle("roulette", 17),
        "count": odds.count("dragon-tiger", bets="tie", shoes=1, decks=1),
    }


@SETTINGS
@given(either(st.sampled_from(["red", "tie", "straight"])), either(st.sampled_from(["outcomes", "bets"])))
def test_result_methods(results, bet, what):
    for result in results.values():
        call(result.bet, bet)
    pytest.importorskip("pandas")
    call(results["sheet"].to_frame, what)


def test_limits_are_refused_before_the_work():
    """The values kept out of the draws above because they would run for long: refused at once."""
    for kwargs, text in [
        ({"shoes": 10**12}, "above the limit of 1,000,000"),
        ({"shoes": 1, "triggers": {"tie": "1e-99999999"}}, "must be a true count"),
        ({"shoes": 1, "workers": 10**6}, "above the limit of 256"),
        ({"shoes": 1, "seed": -1}, "below 0"),
        ({"shoes": 2.5}, "not a whole number"),
    ]:
        with pytest.raises(odds.OddsError, match=text):
            call_raw(odds.count, "dragon-tiger", bets="tie", **kwargs)
    with pytest.raises(odds.OddsError, match="at most 520,000 cards"):
        call_raw(odds.sheet, "baccarat", bets="tie", shoe=odds.Shoe.from_rank_counts([10**30] * 13))
    with pytest.raises(odds.OddsError, match="beyond"):
        call_raw(odds.sheet, "player-dealer-baccarat", fee=Fraction(10**20))
    with pytest.raises(odds.OddsError, match="not a finite number"):
        call_raw(odds.sheet, "player-dealer-baccarat", fee=Decimal("NaN"))
    with pytest.raises(KeyError):  # a result's .bet() is still a KeyError for code that expects one
        odds.sheet("roulette", bets="red").bet("nope")


def call_raw(function, *args, **kwargs):
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        return function(*args, **kwargs)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
