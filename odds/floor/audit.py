"""A session audit: every wager of a log priced exactly at the moment it was placed, and per
seat what its wagers were worth against what they won and against the house edge.

A log is the rounds of one or more shoes (their cards in dealing order), the cards burned face
up, and the wagers (seat, bet, amount), in the order they happened; as CSV or JSON
(docs/floor.md gives both). A wager is priced on the cards seen before it: its exact
expectation per unit is that of the next round dealt from the cards not yet exposed
(:mod:`.prices`, as ``odds sheet --remove`` with those cards), and it is settled by the rules on
the round that follows it (``game.settle_rounds``, as ``odds settle``).

Per seat (and per seat and bet):

* ``expected`` = sum of amount x expectation; ``actual`` = sum of amount x net result; exact;
* ``result_z`` = (actual - expected) / sqrt(sum of amount^2 x variance), each wager's variance
  exact for its composition: luck, or more than the cards seen could tell (past-posting, a
  marked or stacked shoe);
* ``house`` = sum of amount x the bet's full-shoe expectation: what the wagers would be worth
  had they been placed without looking; ``edge_z`` = (expected - house) / its standard error
  across shoes (the per-shoe sums of amount x (expectation - full-shoe expectation), shoes being
  independent and rounds within a shoe not): a seat that bets with the cards stands out, a seat
  betting at random stays within a couple of standard errors;
* ``positive_share``: the share of its wagers placed at a positive exact expectation;
* ``size_edge_correlation``: the correlation of a wager's amount with its expectation.

The totals are exact fractions; the z-scores and the correlation are floats.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from ..cards import CardError, card_kind_index, parse_cards
from ..errors import OddsError, UnknownName, shown
from ..limits import MAX_DATA_BYTES, exact_number
from .prices import expectations, second_moments

CSV_COLUMNS = ("shoe", "type", "cards", "seat", "bet", "amount")
TYPES = ("burn", "wager", "round")
MAX_SEAT = 40
"""Characters in a seat's name."""


class LogError(OddsError):
    """A log that cannot be read or is not a session of the game: one line, naming where."""


@dataclass(frozen=True)
class Row:
    """One line of a log: ``burn`` (cards exposed outside a round), ``wager`` or ``round``."""

    where: str
    shoe: str
    type: str
    cards: tuple = ()
    seat: str = ""
    bet: str = ""
    amount: Fraction = Fraction(0)


@dataclass
class Wager:
    seat: str
    bet: str
    amount: Fraction
    shoe: int
    where: str
    state: int = -1
    """Index of the composition it was priced on."""
    round: int = -1
    """Index of the round it was settled on."""
    expected_value: Fraction = Fraction(0)
    second_moment: Fraction = Fraction(0)
    net: Fraction = Fraction(0)
    full_shoe_value: Fraction = Fraction(0)


@dataclass
class SeatReport:
    seat: str
    bet: str | None
    wagers: int
    wagered: Fraction
    expected: Fraction
    actual: Fraction
    house: Fraction
    result_z: float | None
    edge_z: float | None
    positive_share: Fraction
    size_edge_correlation: float | None
    shoes: int
    bets: list[SeatReport] = field(default_factory=list)

    @property
    def average_edge(self) -> Fraction:
        return self.expected / self.wagered if self.wagered else Fraction(0)


@dataclass
class AuditReport:
    game: object
    paytable: object
    shoes: int
    rounds: int
    wagers: int
    seats: list[SeatReport]
    priced: list[Wager]

    def seat(self, name: str) -> SeatReport:
        for s in self.seats:
            if s.seat == name:
                return s
        raise KeyError(name)


# -- reading a log ------------------------------------------------------------------------------------


def read_log(text: str, name: str) -> tuple[dict, list[Row]]:
    """``({"game", "paytable", "decks"} as the log names them, rows)``: JSON when the text starts
    with ``{``, else CSV."""
    if text.lstrip().startswith("{"):
        return _read_json(text, name)
    return {}, _read_csv(text, name)


def _read_csv(text: str, name: str) -> list[Row]:
    reader = csv.reader(io.StringIO(text))
    try:
        header = [h.strip().lower() for h in next(reader)]
    except StopIteration:
        raise LogError(f"{name}: the log is empty") from None
    except csv.Error as exc:
        raise LogError(f"{name}: line 1: not CSV ({exc})") from None
    unknown = [h for h in header if h not in CSV_COLUMNS]
    if unknown:
        raise LogError(
            f"{name}: line 1: unknown column {shown(unknown[0], 30)} (the columns: {', '.join(CSV_COLUMNS)})"
        )
    missing = [c for c in ("shoe", "type") if c not in header]
    if missing:
        raise LogError(f"{name}: line 1: no column {missing[0]} (the columns: {', '.join(CSV_COLUMNS)})")
    rows = []
    try:
        for number, values in enumerate(reader, 2):
            if not any(v.strip() for v in values):
                continue
            if len(values) > len(header):
                raise LogError(f"{name}: line {number}: {len(values)} fields, the header has {len(header)}")
            record = dict(zip(header, (v.strip() for v in values)))
            rows.append(_row(record, f"{name}: line {number}"))
    except csv.Error as exc:
        raise LogError(f"{name}: line {reader.line_num}: not CSV ({exc})") from None
    return rows


def _read_json(text: str, name: str) -> tuple[dict, list[Row]]:
    try:
        data = json.loads(text, parse_float=str, parse_int=str)
    except (ValueError, RecursionError) as exc:
        raise LogError(f"{name}: not valid JSON ({str(exc)[:80]})") from None
    if not isinstance(data, dict) or not isinstance(data.get("shoes"), list):
        raise LogError(f'{name}: a JSON log is {{"game", "paytable", "decks", "shoes": [...]}}')
    head = {k: data[k] for k in ("game", "paytable", "decks") if k in data}
    unknown = set(data) - {"game", "paytable", "decks", "shoes"}
    if unknown:
        raise LogError(f"{name}: unknown key {shown(sorted(unknown)[0], 30)} (the keys: game, paytable, decks, shoes)")
    rows = []
    for s, shoe in enumerate(data["shoes"], 1):
        where = f"{name}: shoe {s}"
        if not isinstance(shoe, dict) or not isinstance(shoe.get("rounds"), list):
            raise LogError(f'{where}: a shoe is {{"id", "rounds": [...]}}')
        label = str(shoe.get("id", s))
        for r, item in enumerate(shoe["rounds"], 1):
            at = f"{where} round {r}"
            if not isinstance(item, dict) or set(item) - {"burn", "wagers", "cards"}:
                raise LogError(f'{at}: a round is {{"burn", "wagers", "cards"}}')
            if item.get("burn"):
                rows.append(_row({"shoe": label, "type": "burn", "cards": item["burn"]}, at))
            wagers = item.get("wagers", [])
            if not isinstance(wagers, list):
                raise LogError(f"{at}: wagers are a list")
            for w, wager in enumerate(wagers, 1):
                if not isinstance(wager, dict) or set(wager) - {"seat", "bet", "amount"}:
                    raise LogError(f'{at} wager {w}: a wager is {{"seat", "bet", "amount"}}')
                rows.append(_row({"shoe": label, "type": "wager", **wager}, f"{at} wager {w}"))
            if "cards" in item:
                rows.append(_row({"shoe": label, "type": "round", "cards": item["cards"]}, at))
    return head, rows


def _row(record: dict, where: str) -> Row:
    kind = str(record.get("type", "")).lower()
    if kind not in TYPES:
        raise LogError(f"{where}: type {shown(str(kind), 20)}: one of {', '.join(TYPES)}")
    shoe = str(record.get("shoe", ""))
    if not shoe or len(shoe) > MAX_SEAT:
        raise LogError(f"{where}: name the shoe (up to {MAX_SEAT} characters)")
    if kind == "wager":
        seat, bet, amount = (record.get(k) for k in ("seat", "bet", "amount"))
        if not isinstance(seat, str) or not seat or len(seat) > MAX_SEAT:
            raise LogError(f"{where}: a wager names its seat (up to {MAX_SEAT} characters)")
        if not isinstance(bet, str) or not bet:
            raise LogError(f"{where}: a wager names its bet")
        stake = _amount(amount if not isinstance(amount, str) else amount.strip(), where)
        if stake <= 0:
            raise LogError(f"{where}: amount {shown(str(amount), 20)}: a wager is above 0")
        return Row(where, shoe, kind, seat=seat, bet=bet, amount=stake)
    cards = record.get("cards", "")
    if isinstance(cards, list) and all(isinstance(c, str) for c in cards):
        cards = " ".join(cards)
    if not isinstance(cards, str) or not cards.strip():
        raise LogError(f"{where}: a {kind} lists its cards")
    if len(cards) > 1000:
        raise LogError(f"{where}: {len(cards):,} characters of cards: a {kind} is a few cards")
    return Row(where, shoe, kind, cards=tuple(_card(item, where) for item in cards.replace(",", " ").split()))


@lru_cache(maxsize=256)
def _read_card(item: str) -> tuple[int, str | None] | str:
    """A card of a log as ``(rank, suit)``, or what is wrong with it (cached: a log repeats the
    same 52 cards)."""
    try:
        (spec,) = parse_cards(item)
    except CardError as exc:
        return str(exc)
    if spec.count != 1:
        return f"{shown(item, 20)}: one card at a time"
    return spec.rank, spec.suit


def _card(item: str, where: str) -> tuple[int, str | None]:
    card = _read_card(item) if len(item) <= 8 else f"bad card {shown(item, 20)}"
    if isinstance(card, str):
        raise LogError(f"{where}: {card}")
    return card


@lru_cache(maxsize=1024)
def _read_amount(value) -> Fraction | str:
    try:
        return exact_number(value, "amount")
    except OddsError as exc:
        return str(exc)


def _amount(value, where: str) -> Fraction:
    stake = (
        _read_amount(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else "amount: not a number"
    )
    if isinstance(stake, str):
        raise LogError(f"{where}: {stake}")
    return stake


# -- pricing -------------------------------------------------------------------------------------------


def audit(game, paytable, rows: Sequence[Row], decks: int) -> AuditReport:
    """Price and settle every wager of ``rows`` (module docstring)."""
    from ..shoe import Shoe

    if not game.uses_shoe:
        raise LogError(f"{game.id} deals no cards: the audit follows card games")
    full = Shoe.decks(decks)
    full_row = list(full.card_counts())
    states: list[tuple[int, ...]] = []  # compositions wagers were priced on
    suited: list[bool] = []
    rounds: list[list] = []  # the cards of each round that has wagers
    wagers: list[Wager] = []
    shoes_seen: dict[str, int] = {}
    counts: list[int] = []
    ranks: list[int] = []
    suits_known = True
    shoe_label = None
    shoe_index = -1
    state = -1  # the state the next wager is priced on (-1: not taken yet)
    waiting: list[Wager] = []  # wagers placed, their round not dealt yet
    dealt = 0
    check_rounds(game, [row for row in rows if row.type == "round"])
    for row in rows:
        if row.shoe != shoe_label:
            if waiting:
                raise LogError(f"{waiting[0].where}: the wager's round never came (shoe {shown(shoe_label, 40)} ended)")
            if row.shoe in shoes_seen:
                raise LogError(f"{row.where}: shoe {shown(row.shoe, 40)} again, after another shoe")
            shoe_label = row.shoe
            shoe_index = len(shoes_seen)
            shoes_seen[row.shoe] = shoe_index
            counts = list(full_row)
            ranks = list(full.rank_counts)
            suits_known = True
            state = -1
        if row.type == "wager":
            if row.bet not in paytable.bets:
                raise UnknownName(f"{game.id} bet ({row.where})", row.bet, paytable.bets)
            if state < 0:
                if sum(ranks) < game.min_cards:
                    raise LogError(f"{row.where}: {sum(ranks)} cards left: no round can be dealt")
                states.append(_composition(counts, ranks, suits_known))
                suited.append(suits_known)
                state = len(states) - 1
            if not suited[state] and paytable.rule(row.bet).resolution == "card":
                raise LogError(f"{row.where}: {row.bet} reads suits: the log's cards need their suits (Kh, not K)")
            w = Wager(row.seat, row.bet, row.amount, shoe_index, row.where, state)
            wagers.append(w)
            waiting.append(w)
            continue
        if row.type == "round":
            dealt += 1
            if waiting:
                rounds.append(list(row.cards))
                for w in waiting:
                    w.round = len(rounds) - 1
                waiting = []
        for rank, suit in row.cards:
            r = rank - 1
            if ranks[r] == 0:
                raise LogError(f"{row.where}: the shoe holds no more {'A23456789TJQK'[r]}")
            ranks[r] -= 1
            if suit is None:
                suits_known = False
            elif suits_known:
                k = card_kind_index(rank, suit)
                if counts[k] == 0:
                    raise LogError(f"{row.where}: the shoe holds no more {'A23456789TJQK'[r]}{suit}")
                counts[k] -= 1
        state = -1
    if waiting:
        raise LogError(f"{waiting[0].where}: the wager's round never came (the log ended)")
    _price(game, paytable, wagers, states, full_row)
    _settle(game, paytable, wagers, rounds, full)
    return AuditReport(game, paytable, len(shoes_seen), dealt, len(wagers), _seats(wagers), wagers)


def _composition(counts: list[int], ranks: list[int], suits_known: bool) -> tuple[int, ...]:
    if suits_known:
        return tuple(counts)
    return tuple(c // 4 + (s < c % 4) for c in ranks for s in range(4))


def check_rounds(game, rounds: Sequence[Row]) -> None:
    """Each round's cards are exactly one round of the game, or a LogError names the first that
    is not. All at once through ``game.round_lengths`` (the rounds' card values one after the
    other: the length of the round starting at each round's first card) where the game has it,
    else round by round through ``deal_round``; the message from :func:`round_length`."""
    from ..cards import baccarat_value
    from ..lazy import numpy as np

    sizes = [len(r.cards) for r in rounds]
    values = np.array([baccarat_value(rank) for r in rounds for rank, _ in r.cards], dtype=np.int64)
    lengths = game.round_lengths(values) if len(values) else None
    if lengths is not None:
        starts = np.cumsum([0] + sizes[:-1])
        wrong = np.flatnonzero(np.asarray(lengths, dtype=np.int64)[starts] != np.asarray(sizes))
        candidates = [rounds[i] for i in wrong.tolist()[:1]]
    else:
        candidates = rounds
    for row in candidates:
        used = round_length(game, row.cards)
        if used is None:
            raise LogError(f"{row.where}: the round needs more than its {len(row.cards)} cards")
        if used != len(row.cards):
            raise LogError(f"{row.where}: the round ends after {used} cards, the log gives {len(row.cards)}")


class _Short(Exception):
    """``deal_round`` asked for a card beyond those given."""


def round_length(game, cards) -> int | None:
    """How many of ``cards`` (in dealing order) the round dealt from them uses; None when it
    needs more. The game's own ``deal_round`` decides.

    >>> from odds.games import get_game
    >>> round_length(get_game("baccarat"), [(4, "s"), (13, "h"), (1, "d"), (4, "c")])
    >>> round_length(get_game("dragon-tiger"), [(4, "s"), (13, "h"), (1, "d")])
    2
    """
    given = iter(cards)
    used = 0

    def draw():
        nonlocal used
        used += 1
        try:
            return next(given)
        except StopIteration:
            raise _Short from None

    try:
        game.deal_round(draw)
    except _Short:
        return None
    return used


def _price(game, paytable, wagers: list[Wager], states: list, full_row) -> None:
    """Each wager's exact expectation and second moment on its composition, and its bet's
    full-shoe expectation: one pass per bet over the compositions it was wagered on."""
    by_bet: dict[str, list[Wager]] = defaultdict(list)
    for w in wagers:
        by_bet[w.bet].append(w)
    for bet, group in by_bet.items():
        used = sorted({w.state for w in group})
        rows = [states[i] for i in used]
        values = expectations(game, paytable, [bet], rows)[bet]
        moments = second_moments(game, paytable, [bet], rows)[bet]
        full = expectations(game, paytable, [bet], [tuple(full_row)])[bet][0]
        at = {s: i for i, s in enumerate(used)}
        for w in group:
            w.expected_value = values[at[w.state]]
            w.second_moment = moments[at[w.state]]
            w.full_shoe_value = full


def _settle(game, paytable, wagers: list[Wager], rounds: list, full) -> None:
    """Each wager's net: its bet settled on its round by the rules (as ``odds settle``)."""
    bets = sorted({w.bet for w in wagers}, key=list(paytable.bets).index)
    if not bets:
        return
    wagered = replace(paytable, bets={b: paytable.bets[b] for b in bets})
    options = game.dealing_options(full, paytable) if any(paytable.rule(b).conditions is None for b in bets) else {}
    keys = game.settle_rounds(rounds, wagered, **options)
    for w in wagers:
        w.net = w.amount * paytable.bet(w.bet).pays[keys[w.round][w.bet]]


# -- per seat ------------------------------------------------------------------------------------------


def _seats(wagers: list[Wager]) -> list[SeatReport]:
    seats: dict[str, list[Wager]] = {}
    for w in wagers:
        seats.setdefault(w.seat, []).append(w)
    out = []
    for seat, mine in seats.items():
        report = seat_report(seat, None, mine)
        by_bet: dict[str, list[Wager]] = {}
        for w in mine:
            by_bet.setdefault(w.bet, []).append(w)
        report.bets = [seat_report(seat, bet, group) for bet, group in by_bet.items()]
        out.append(report)
    return out


def seat_report(seat: str, bet: str | None, wagers: list[Wager]) -> SeatReport:
    """The figures of the module docstring for these wagers."""
    wagered = _products((w.amount, 1) for w in wagers)
    expected = _products((w.amount, w.expected_value) for w in wagers)
    actual = _products((w.net, 1) for w in wagers)
    house = _products((w.amount, w.full_shoe_value) for w in wagers)
    amounts = [float(w.amount) for w in wagers]
    values = [float(w.expected_value) for w in wagers]
    variance = math.fsum(a * a * (float(w.second_moment) - v * v) for a, v, w in zip(amounts, values, wagers))
    result_z = (float(actual) - float(expected)) / math.sqrt(variance) if variance > 0 else None
    per_shoe: dict[int, float] = defaultdict(float)
    for a, v, w in zip(amounts, values, wagers):
        per_shoe[w.shoe] += a * (v - float(w.full_shoe_value))
    edge_z = _cluster_z(list(per_shoe.values()))
    positive = sum(1 for w in wagers if w.expected_value > 0)
    return SeatReport(
        seat,
        bet,
        len(wagers),
        wagered,
        expected,
        actual,
        house,
        result_z,
        edge_z,
        Fraction(positive, len(wagers)) if wagers else Fraction(0),
        correlation_float(amounts, values),
        len(per_shoe),
    )


def _products(pairs) -> Fraction:
    """The exact sum of ``a * b`` over pairs of fractions (or ints) whose denominators repeat (one
    per shoe size): numerators of each denominator added as integers first, so the sum does not
    build a fraction per term."""
    by_den: dict[int, int] = defaultdict(int)
    for a, b in pairs:  # (an int or a Fraction: both have .numerator and .denominator)
        by_den[a.denominator * b.denominator] += a.numerator * b.numerator
    return sum((Fraction(n, d) for d, n in by_den.items()), Fraction(0))


def _cluster_z(per_shoe: list[float]) -> float | None:
    """The z of a total of independent per-shoe sums against zero: total / sqrt(n s^2), ``s^2``
    their sample variance; None with fewer than two shoes or no spread."""
    n = len(per_shoe)
    if n < 2:
        return None
    mean = math.fsum(per_shoe) / n
    spread = math.fsum((x - mean) ** 2 for x in per_shoe) / (n - 1)
    if spread <= 0:
        return None
    return math.fsum(per_shoe) / math.sqrt(n * spread)


def correlation_float(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's correlation; None when either side does not vary.

    >>> correlation_float([1, 2, 3], [2, 4, 6.5]) > 0.99, correlation_float([5, 5], [1, 2])
    (True, None)
    """
    n = len(xs)
    if n < 2:
        return None
    mx, my = math.fsum(xs) / n, math.fsum(ys) / n
    sxx = math.fsum((x - mx) ** 2 for x in xs)
    syy = math.fsum((y - my) ** 2 for y in ys)
    if sxx <= 0 or syy <= 0:
        return None
    return math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys)) / math.sqrt(sxx * syy)


def read_limited_log(path: str) -> str:
    """The text of a log file, refused in one line when too big, unreadable or not UTF-8."""
    from ..files import decode_text, read_limited

    data = read_limited(path, MAX_DATA_BYTES, "log")
    return decode_text(data, path, "log")
