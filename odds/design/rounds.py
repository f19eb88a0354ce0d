"""Settlement vectors: rounds from their cards with their expected settlement, and a verifier
for another program's settlements of them (``odds vectors --rounds``, ``odds verify``).

A game server's bugs are in settling one round - the third-card logic above all - so the rounds
are chosen to exercise:

* every cell of the drawing tables (baccarat, Tiger Baccarat, player-dealer baccarat): Table 1
  (the player's two-card totals 0-7), each of the 80 cells of Table 2 (banker 0-7 against a
  player third card 0-9), the banker after the player stood (0-7), the naturals (either hand 8
  or 9, both), and player-dealer baccarat's ten option hands (a 5 against a dealer 5 or 6);
* every outcome of every bet of every shipped paytable (rounds searched with a fixed seed from
  shoes of a few card kinds, where pairs, identical cards and ties come often; roulette: all 37
  pockets; Sic Bo: the rolls that cover each outcome);
* ``RANDOM_ROUNDS`` seeded rounds dealt from a shuffled shoe (dice rolled) per game.

Each round carries its expected settlement - every bet's outcome key and net result per unit
staked - made by :func:`odds.settle.settle_round`, the code of ``odds settle``. The schema
(``SCHEMA``), every exact number a JSON string::

    {"schema": "odds-settlement-vectors/1", "description": "...", "seed": 20260601,
     "rounds": [
       {"id": "baccarat/seed/table-2/banker-4/third-2",
        "game": "baccarat", "paytable": "seed",
        "cards": ["4s", "Kh", "Ad", "4c", "2h", "9d"],       # dice: [3, 3, 5]; roulette: [17]
        "covers": ["table-1/player-5", "table-2/banker-4/third-2"],
        "hands": [{"hand": "player", "cards": [...], "total": 7, "two_card_total": 5,
                   "draws": true, "rule": "table-1"}, ...],
        "bets": {"banker": {"outcome": "player-wins", "net": "-1"}, ...}}]}

:func:`verify` settles each round of a file (ours, or another program's settlements of our
rounds) and lists every difference by round and bet: a bet may give its ``outcome`` key, its
``net`` result or both; ``net`` is exact (a string or JSON integer) or a float compared within a
tolerance; ``hands`` (their ``total`` and ``draws``) are checked when given. A file may hold a
subset of the rounds and bets; ``bets`` may also be a list of ``{"id", "outcome", "net"}`` as
``odds settle --format json`` writes it.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ..cards import RANKS, SUITS, baccarat_value, card_name
from ..errors import OddsError, UnknownName, shown_repr
from ..render import exact
from ..settle import WHEELS
from .vectors import ROUNDS_SCHEMA as SCHEMA

SEED = 20260601
RANDOM_ROUNDS = 20
"""Seeded random rounds per game (its default paytable)."""
SEARCH_BATCH = 2000
SEARCH_BATCHES = 400
"""Rounds tried per batch, and batches at most, when searching a round for each outcome."""
DESCRIPTION = (
    "Rounds from their cards in dealing order, each with its expected settlement: every bet's outcome "
    "key and net result per unit staked (the pay 'to 1': -1 a loss, 0 a push). Baccarat cards are P1 B1 "
    "P2 B2, then the third cards as drawn; Dragon Tiger Dragon's card then Tiger's; Sic Bo the three "
    "dice; roulette the number. 'covers' names the cells of the drawing tables a round exercises "
    "(table-1/player-T, table-2/banker-B/third-V, player-stood/banker-B, natural/..., option/...). "
    "A round of a paytable with multiplier bets carries its 'multipliers' (target -> multiplier; "
    "a target not named has none), and those bets' outcomes carry the product (win-x6) and their "
    "net the fee paid on top. "
    "Player-dealer baccarat's -best-choice bets settle an option hand as the best choice for a full "
    "8-deck shoe decides it (the hand's 'option' says which). Made by `odds vectors --rounds`; check "
    "another program's settlements with `odds verify`."
)
BACCARAT_FAMILY = ("baccarat", "tiger-baccarat", "player-dealer-baccarat")


# -- the cells of the drawing tables ---------------------------------------------------------------


def drawing_cells(game_id: str, cards) -> list[str]:
    """The cells of the drawing tables a complete baccarat round exercises (module docstring).

    >>> drawing_cells("baccarat", [(4, "s"), (13, "h"), (1, "d"), (4, "c"), (2, "h"), (9, "d")])
    ['table-1/player-5', 'table-2/banker-4/third-2']
    """
    from ..games.player_dealer import hand_label, option_key
    from ..settle import baccarat_hands

    player, banker = baccarat_hands(cards)
    if player.rule == "natural":
        out = [f"natural/{h.hand}-{h.two_card_total}" for h in (player, banker) if h.two_card_total >= 8]
        return out + (["natural/both"] if len(out) == 2 else [])
    out = [f"table-1/player-{player.two_card_total}"]
    if banker.rule == "table-2":
        out.append(f"table-2/banker-{banker.two_card_total}/third-{banker.player_third}")
    else:
        out.append(f"player-stood/banker-{banker.two_card_total}")
    key = option_key([baccarat_value(rank) for rank, _ in cards])
    if game_id == "player-dealer-baccarat" and key is not None:
        out.append(f"option/up-{key[0]}/hand-{hand_label(key[1])}")
    return out


def every_cell(game_id: str) -> list[str]:
    """Every cell a baccarat-family game's rounds must exercise, from the rules' own ranges."""
    from ..games.player_dealer import OPTION_HANDS, OPTION_UP_CARDS, hand_label
    from ..games.punto_banco import BANKER_DRAWS_ON

    cells = [f"table-1/player-{p}" for p in range(8)]
    cells += [f"table-2/banker-{b}/third-{v}" for b in sorted(BANKER_DRAWS_ON) for v in range(10)]
    cells += [f"player-stood/banker-{b}" for b in sorted(BANKER_DRAWS_ON)]
    cells += ["natural/player-8", "natural/player-9", "natural/banker-8", "natural/banker-9", "natural/both"]
    if game_id == "player-dealer-baccarat":
        cells += [f"option/up-{up}/hand-{hand_label(low)}" for up in OPTION_UP_CARDS for low, _ in OPTION_HANDS]
    return cells


def _card(value: int, rng: random.Random) -> tuple[int, str]:
    """A card of this baccarat value: a ten-value card's rank and every suit chosen at random."""
    return (rng.choice((10, 11, 12, 13)) if value == 0 else value), rng.choice(SUITS)


def _deal_values(p_values, b_values, rng, third=None) -> list[tuple[int, str]]:
    """A complete round whose first four cards have these values (P1 P2, B1 B2); the player's
    third card has value ``third`` when it draws (random when None). The banker's third card is
    never a ten-value card and, where one can, changes who wins: a program that gets the
    banker's draw wrong then gets the banker's total and the main bets wrong, not only Big/Small."""
    from ..games.punto_banco import deal_state

    def drawing(values):  # the drawing so far (cards not dealt yet read as 0s: they decide nothing before them)
        return {k: int(v[0]) for k, v in deal_state([values + [0] * (6 - len(values))]).items()}

    values = [p_values[0], b_values[0], p_values[1], b_values[1]]
    state = drawing(values)
    if state["player_third"] >= 0:
        values.append(third if third is not None else rng.randrange(10))
        state = drawing(values)
    if state["banker_third"] >= 0:
        player = (state["player_two"] + max(state["player_third"], 0)) % 10
        values.append(_decisive(player, state["banker_two"], rng))
    return [_card(v, rng) for v in values]


def _decisive(player: int, banker: int, rng: random.Random) -> int:
    """A banker third-card value (1-9) that changes who wins against ``player``, if one does."""

    def winner(b):
        return (b > player) - (b < player)

    values = list(range(1, 10))
    rng.shuffle(values)
    return next((v for v in values if winner((banker + v) % 10) != winner(banker)), values[0])


def drawing_rounds(game_id: str, rng: random.Random) -> list[tuple[str, list[tuple[int, str]]]]:
    """``(cell, cards)``: rounds that exercise every cell of :func:`every_cell`, each made for the
    cell it names: one per cell of Table 2 (the player's two-card total cycling through 0-5), one
    per banker total after the player stood (6 or 7 against it), the naturals and, in
    player-dealer baccarat, one per option hand."""
    from ..games.player_dealer import OPTION_HANDS, OPTION_UP_CARDS
    from ..games.punto_banco import BANKER_DRAWS_ON, player_draws

    def pair(total: int) -> list[int]:
        first = rng.randrange(10)
        return [first, (total - first) % 10]

    drawing_totals = [t for t in range(8) if player_draws(t)]
    standing_totals = [t for t in range(8) if not player_draws(t)]
    rounds = []
    for i, (b, v) in enumerate((b, v) for b in sorted(BANKER_DRAWS_ON) for v in range(10)):
        cards = _deal_values(pair(drawing_totals[i % len(drawing_totals)]), pair(b), rng, third=v)
        rounds.append((f"table-2/banker-{b}/third-{v}", cards))
    for i, b in enumerate(sorted(BANKER_DRAWS_ON)):
        cards = _deal_values(pair(standing_totals[i % len(standing_totals)]), pair(b), rng)
        rounds.append((f"player-stood/banker-{b}", cards))
    for cell, p, b in (
        ("natural/player-8", 8, rng.randrange(8)),
        ("natural/player-9", 9, rng.randrange(8)),
        ("natural/banker-8", rng.randrange(8), 8),
        ("natural/banker-9", rng.randrange(8), 9),
        ("natural/both", 8, 9),
    ):
        rounds.append((cell, _deal_values(pair(p), pair(b), rng)))
    if game_id == "player-dealer-baccarat":
        from ..games.player_dealer import hand_label

        for up in OPTION_UP_CARDS:
            for low, high in OPTION_HANDS:
                second = rng.choice([v for v in range(10) if (up + v) % 10 < 8])
                player = [low, high] if rng.random() < 0.5 else [high, low]
                rounds.append((f"option/up-{up}/hand-{hand_label(low)}", _deal_values(player, [up, second], rng)))
    for cell, cards in rounds:  # each round exercises the cell it was made for (a guard on this code)
        if cell not in drawing_cells(game_id, cards):
            raise AssertionError(f"the round made for {cell} exercises {drawing_cells(game_id, cards)}")
    return rounds


# -- rounds that cover every outcome ------------------------------------------------------------------


def _complete(game, cards) -> list[tuple[int, str]]:
    """The cards a round uses, from the front of ``cards``."""
    it = iter(cards)
    return game.deal_round(lambda: next(it))


def _candidates(game, rng: random.Random, batch: int) -> list[list[tuple[int, str]]]:
    """``SEARCH_BATCH`` rounds dealt from a shoe of a few card kinds (batch 0: every kind), so
    pairs, identical cards, equal ranks and ties come often."""
    if batch == 0:
        kinds = [(r, s) for r in RANKS for s in SUITS]
    else:
        ranks = rng.sample(RANKS, rng.choice((1, 2, 2, 3, 3, 4, 5, 7, 13)))
        suits = rng.sample(SUITS, rng.choice((1, 2, 4)))
        kinds = [(r, s) for r in ranks for s in suits]
    width = 6 if game.id in BACCARAT_FAMILY else 2
    return [_complete(game, [rng.choice(kinds) for _ in range(width)]) for _ in range(SEARCH_BATCH)]


def _wanted(game, paytable) -> set[tuple[str, str]]:
    """Every (bet, outcome) of the paytable that some round can give: an outcome with no deal in
    a full shoe of the game's decks (8 copies of each card: every six-card order is in it) is
    impossible and left out."""
    from ..shoe import Shoe

    shoe = Shoe.decks(game.default_decks) if game.uses_shoe else None
    counts = game.count(shoe, list(paytable.bets), paytable)
    return {(b, k) for b in paytable.bets for k, n in counts[b].counts.items() if n}


def outcome_rounds(game, paytable, rng: random.Random, have: list) -> tuple[list, list[tuple[str, str]]]:
    """Rounds (beyond the settled rounds ``have``: ``(cards, {bet: outcome})``) until every
    outcome of every bet of the paytable has one; and the outcomes no round was found for (none
    for the shipped paytables; a test says so)."""
    wanted = _wanted(game, paytable)
    covered = {(b, k) for _, keys in have for b, k in keys.items()}
    found = []
    if game.id in WHEELS:
        pool = _spins(game, paytable, rng)
    elif game.id == "sic-bo":
        from ..games.sic_bo import ROLLS

        pool = [list(roll) for roll in ROLLS]
        rng.shuffle(pool)
    else:
        pool = None
    if pool is not None:
        for item in pool:
            keys = _keys(game, paytable, item)
            every_pocket = game.id in WHEELS and len(item) == 1  # a wheel's 37 or 38 rounds are all vectors
            if every_pocket or not (set(keys.items()) & wanted) <= covered:
                found.append(item)
                covered |= set(keys.items())
        return found, sorted(wanted - covered)
    options = _options(game, paytable)
    for batch in range(SEARCH_BATCHES):
        if wanted <= covered:
            break
        rounds = _candidates(game, rng, batch)
        for cards, keys in zip(rounds, game.settle_rounds(rounds, paytable, **options)):
            if not (set(keys.items()) & wanted) <= covered:
                found.append(cards)
                covered |= set(keys.items())
    return found, sorted(wanted - covered)


def _options(game, paytable) -> dict:
    """Dealing options as :func:`odds.settle.settle_round` uses them (player-dealer baccarat: the
    best choice for a full shoe of the game's decks)."""
    if game.id != "player-dealer-baccarat":
        return {}
    from ..shoe import Shoe

    return game.dealing_options(Shoe.decks(game.default_decks), paytable)


def _spins(game, paytable, rng: random.Random) -> list[list[int]]:
    """A wheel's candidate rounds: every pocket once (a wheel has only 37 or 38 rounds, all of
    them vectors); with a bet that reads the next spin (en prison), each pocket followed by a
    random next spin, then every pair of spins."""
    from ..games.roulette import spans_two_spins

    pockets = list(range(game.deal.rows))
    if not any(spans_two_spins(paytable.rule(b)) for b in paytable.bets):
        return [[n] for n in pockets]
    pairs = [[n, m] for n in pockets for m in pockets]
    rng.shuffle(pairs)
    return [[n, rng.choice(pockets)] for n in pockets] + pairs


def _keys(game, paytable, item) -> dict[str, str]:
    if game.id in WHEELS:
        return game.settle_spin(item[0], paytable, *item[1:])
    return game.settle_roll(tuple(item), paytable)


def random_rounds(game, rng: random.Random) -> list:
    """``RANDOM_ROUNDS`` rounds dealt one after another from a shuffled shoe of the game's decks
    (Dragon Tiger burns one card before each), or rolled."""
    if game.id == "sic-bo":
        return [[rng.randint(1, 6) for _ in range(3)] for _ in range(RANDOM_ROUNDS)]
    if game.id in WHEELS:
        return []  # every pocket is a round already
    cards = [(r, s) for _ in range(game.default_decks) for r in RANKS for s in SUITS]
    rng.shuffle(cards)
    it = iter(cards)
    out = []
    for _ in range(RANDOM_ROUNDS):
        for _ in range(game.burn_per_round):
            next(it)
        out.append(game.deal_round(lambda: next(it)))
    return out


# -- the file ----------------------------------------------------------------------------------------


def _cards_text(game, cards) -> str:
    if game.uses_shoe:
        return ",".join(card_name(r, s) for r, s in cards)
    if game.id in WHEELS:  # pockets by their names on the wheel (00, not 37)
        return ",".join(str(game.wheel.pocket_label(n)) for n in cards)
    return ",".join(str(n) for n in cards)


def round_json(round_id: str, game, paytable, cards, covers=()) -> dict:
    """One round and its expected settlement (module docstring)."""
    from ..render.settle import hand_json
    from ..settle import settle_round

    from ..overlay.settle import round_multipliers
    from ..settle import settle_plain

    text = _cards_text(game, cards)
    multipliers = round_multipliers(settle_plain(game, text, paytable), paytable, random.Random(round_id))
    settled = settle_round(game, text, paytable, multipliers=multipliers or None)
    out = {"id": round_id, "game": game.id, "paytable": paytable.name, "cards": list(settled.cards)}
    if covers:
        out["covers"] = list(covers)
    if settled.multipliers:
        out["multipliers"] = {name: exact(m) for name, m in settled.multipliers.items()}
    out["hands"] = [hand_json(h) for h in settled.hands]
    out["bets"] = {b.id: {"outcome": b.outcome, "net": exact(b.net)} for b in settled.bets}
    return out


def game_rounds(game, paytable, default: bool) -> tuple[list[dict], list[tuple[str, str]]]:
    """The rounds of one game and paytable: for the game's default paytable the drawing cells,
    the outcomes and the random rounds; for another, the rounds that cover its outcomes."""
    rng = random.Random(f"{SEED}/{game.id}/{paytable.name}")  # one stream each: adding one changes no other
    prefix = f"{game.id}/{paytable.name}"
    listed = game.vector_rounds(paytable, rng)
    if listed is not None:
        return listed_rounds(game, paytable, prefix, *listed)
    made: list[dict] = []
    settled = []
    if default and game.id in BACCARAT_FAMILY:
        for cell, cards in drawing_rounds(game.id, rng):
            made.append(round_json(f"{prefix}/{cell}", game, paytable, cards, drawing_cells(game.id, cards)))
            settled.append((cards, {b: v["outcome"] for b, v in made[-1]["bets"].items()}))
    found, missing = outcome_rounds(game, paytable, rng, settled)
    for i, cards in enumerate(found, start=1):
        cells = drawing_cells(game.id, cards) if game.id in BACCARAT_FAMILY else ()
        made.append(round_json(f"{prefix}/outcomes-{i}", game, paytable, cards, cells))
    if default:
        for i, cards in enumerate(random_rounds(game, rng), start=1):
            cells = drawing_cells(game.id, cards) if game.id in BACCARAT_FAMILY else ()
            made.append(round_json(f"{prefix}/random-{i}", game, paytable, cards, cells))
    return made, missing


def listed_rounds(game, paytable, prefix: str, candidates, always) -> tuple[list[dict], list[tuple[str, str]]]:
    """The rounds of a game that lists its own (:meth:`odds.games.base.Game.vector_rounds`): the
    candidates that cover an outcome not covered yet, then the rounds always included."""
    from ..settle import settle_round

    wanted = _wanted(game, paytable)
    covered: set = set()
    made = []
    found = []
    for item in candidates:
        if wanted <= covered:
            break
        keys = {b.id: b.outcome for b in settle_round(game, _cards_text(game, item), paytable).bets}
        if not (set(keys.items()) & wanted) <= covered:
            found.append(item)
            covered |= set(keys.items())
    for i, item in enumerate(found, start=1):
        made.append(round_json(f"{prefix}/outcomes-{i}", game, paytable, item))
    for i, item in enumerate(always, start=1):
        settled = round_json(f"{prefix}/round-{i}", game, paytable, item)
        covered |= {(b, v["outcome"]) for b, v in settled["bets"].items()}
        made.append(settled)
    return made, sorted(wanted - covered)


def build_rounds(games=None, paytable_name: str | None = None) -> dict:
    """The settlement vectors of every game (or of ``games``) and every shipped paytable (or only
    ``paytable_name``: a shipped name or your own file, whose bets are covered like the shipped
    ones). Outcomes no round was found for are listed under ``uncovered``."""
    from ..games import all_games
    from ..paytable import load_paytable, shipped_names

    rounds, uncovered = [], []
    for game in games or all_games():
        names = [paytable_name] if paytable_name else shipped_names(game)
        for name in names:
            table = load_paytable(game, name)
            made, missing = game_rounds(
                game, table, default=(table.name == game.default_paytable or paytable_name is not None)
            )
            rounds += made
            uncovered += [{"game": game.id, "paytable": table.name, "bet": b, "outcome": k} for b, k in missing]
    data = {"schema": SCHEMA, "description": DESCRIPTION, "seed": SEED, "rounds": rounds}
    if uncovered:
        data["uncovered"] = uncovered
    return data


def dumps(data) -> str:
    """Indented JSON with every object or list of plain values on one line (a round's cards, a
    hand, a bet's settlement), so a file of hundreds of rounds stays readable and diffs cleanly."""
    import json

    def write(value, indent: str) -> str:
        if isinstance(value, dict):
            items = list(value.items())
            if (
                all(not isinstance(v, (dict, list)) or _flat(v) for _, v in items)
                and len(items) <= 12
                and not any(isinstance(v, list) and len(v) > 12 for _, v in items)
            ):
                return json.dumps(value, separators=(", ", ": "))
            inner = indent + " "
            body = ",\n".join(f"{inner}{json.dumps(k)}: {write(v, inner)}" for k, v in items)
            return "{\n" + body + "\n" + indent + "}"
        if isinstance(value, list):
            if _flat(value):
                return json.dumps(value, separators=(", ", ": "))
            inner = indent + " "
            return "[\n" + ",\n".join(inner + write(v, inner) for v in value) + "\n" + indent + "]"
        return json.dumps(value)

    return write(data, "") + "\n"


def _flat(value) -> bool:
    """A list of plain values, or a list or object of plain values and one-level lists."""
    if isinstance(value, list):
        return all(not isinstance(v, (dict, list)) for v in value)
    return all(not isinstance(v, (dict, list)) or (isinstance(v, list) and _flat(v)) for v in value.values())


# -- verification ------------------------------------------------------------------------------------


def verify(data: dict, own: dict | None = None, tolerance: Fraction | None = None) -> tuple[list[str], int, int]:
    """Check every round: ``(problems, rounds, values checked)``. ``own``: the user's paytables by
    name; ``tolerance``: how far a float ``net`` may be from the exact one (default
    :data:`odds.design.vectors.DEFAULT_TOLERANCE`)."""
    problems: list[str] = []
    checked = 0
    for index, entry in enumerate(data["rounds"], start=1):
        found, n = verify_round(entry, index, own, tolerance)
        problems.extend(found)
        checked += n
    return problems, len(data["rounds"]), checked


def _their_bets(bets, where: str) -> dict:
    """A round's bets as ``{id: entry}``: an object, or a list of ``{"id", ...}``."""
    if isinstance(bets, list):
        out = {}
        for i, entry in enumerate(bets):
            if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
                raise OddsError(f"{where}: bets[{i}] must be an object with an 'id'")
            out[entry["id"]] = entry
        return out
    if not isinstance(bets, dict):
        raise OddsError(f"{where}: 'bets' must be an object (bet id -> outcome and net) or a list")
    return bets


def _their_multipliers(given, where: str):
    """A round's ``multipliers`` (target -> multiplier, exact strings or numbers), or None."""
    if given is None:
        return None
    if not isinstance(given, dict):
        raise OddsError(f"{where}: 'multipliers' must be an object (target -> multiplier)")
    return {
        str(k): (v if isinstance(v, (str, int)) and not isinstance(v, bool) else shown_repr(v))
        for k, v in given.items()
    }


def verify_round(entry, index: int, own: dict | None = None, tolerance=None) -> tuple[list[str], int]:
    """Every difference between one round of a file and this library's settlement of its cards;
    and how many values were checked."""
    from ..games import get_game
    from ..settle import settle_round
    from .vectors import close, paytable_of, read_value  # (the values of a vectors file, read one way)

    where = f"round {index}"
    if not isinstance(entry, dict):
        return [f"{where}: must be an object"], 0
    round_id = entry.get("id", "?")
    where = f"round {index} ({round_id if isinstance(round_id, str) and len(round_id) <= 80 else shown_repr(round_id)})"
    try:
        game_id = entry.get("game")
        if not isinstance(game_id, str) or not game_id:
            raise OddsError(f"game must be a name (a string), not {shown_repr(game_id)}")
        game = get_game(game_id)
        paytable = paytable_of(game, entry, where, own)
        cards = entry.get("cards")
        if isinstance(cards, list) and game.uses_shoe:
            cards = [c if isinstance(c, str) else shown_repr(c) for c in cards]
        if cards is None:
            raise OddsError("'cards' is missing: the round's cards in dealing order")
        theirs = _their_bets(entry.get("bets"), where)
        if not theirs:
            raise OddsError("'bets' must name at least one bet")
        ours = settle_round(game, cards, paytable, multipliers=_their_multipliers(entry.get("multipliers"), where))
    except OddsError as exc:
        message = str(exc)
        return [message if message.startswith(where) else f"{where}: {message}"], 0

    problems: list[str] = []
    checked = 0
    results = {b.id: b for b in ours.bets}
    for bet_id, their in theirs.items():
        at = f"{where} {bet_id}"
        if bet_id not in paytable.bets:
            problems.append(f"{at}: {UnknownName(f'{game.id} bet', bet_id, paytable.bets)}")
            continue
        if bet_id in ours.left_out:
            problems.append(f"{at}: this bet reads suits, and the round's cards have none")
            continue
        if not isinstance(their, dict) or ("outcome" not in their and "net" not in their):
            problems.append(f"{at}: give its 'outcome', its 'net' or both")
            continue
        result = results[bet_id]
        if "outcome" in their:
            checked += 1
            if their["outcome"] != result.outcome:
                problems.append(f"{at}: outcome: file {shown_repr(their['outcome'])}, odds {result.outcome!r}")
        if "net" in their:
            value = read_value(their["net"], f"{at} net", problems)
            if value is not None:
                checked += 1
                if not close(value, result.net, tolerance):
                    problems.append(f"{at}: net: file {shown_repr(their['net'])}, odds {exact(result.net)}")
    hands = entry.get("hands")
    if isinstance(hands, list):
        ours_by_name = {h.hand: h for h in ours.hands}
        for i, hand in enumerate(hands):
            if not isinstance(hand, dict) or hand.get("hand") not in ours_by_name:
                problems.append(
                    f"{where} hands[{i}]: must be an object naming one of the hands ({', '.join(ours_by_name)})"
                )
                continue
            mine = ours_by_name[hand["hand"]]
            for key in ("total", "draws"):
                if key in hand:
                    checked += 1
                    if hand[key] != getattr(mine, key):
                        problems.append(
                            f"{where} hand {mine.hand}: {key}: file {shown_repr(hand[key])}, "
                            f"odds {getattr(mine, key)!r}"
                        )
    elif hands is not None:
        problems.append(f"{where}: 'hands' must be a list")
    return problems, checked
