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
        "spare": ["7c", "2d"],                               # the cards after it (card games)
        "covers": ["table-1/player-5", "table-2/banker-4/third-2"],
        "hands": [{"hand": "player", "cards": [...], "total": 7, "two_card_total": 5,
                   "draws": true, "rule": "table-1"}, ...],
        "bets": {"banker": {"outcome": "player-wins", "net": "-1"}, ...}}]}

:func:`verify` settles each round of a file (ours, or another program's settlements of our
rounds) and lists every difference by round and bet: a bet may give its ``outcome`` key, its
``net`` result or both; ``net`` is exact (a string or JSON integer) or a float compared within a
tolerance; ``hands`` are checked field by field when given (``cards``, ``total``, ``rule``,
``draws`` ...: every field ``odds settle`` writes). A file may hold a subset of the rounds and
bets; ``bets`` may also be a list of ``{"id", "outcome", "net"}`` as ``odds settle --format
json`` writes it. Each mismatch carries its cause (:mod:`.mismatch`), which ``odds verify``
groups them by.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ..dealt import RANDOM_ROUNDS  # noqa: F401 - the rounds' count, read by the tests
from ..errors import OddsError, UnknownName, shown_repr
from ..render import exact
from .vectors import ROUNDS_SCHEMA as SCHEMA
from .mismatch import Mismatch

SEED = 20260601
DESCRIPTION = (
    "Rounds from their cards in dealing order, each with its expected settlement: every bet's outcome "
    "key and net result per unit staked (the pay 'to 1': -1 a loss, 0 a push). Baccarat cards are P1 B1 "
    "P2 B2, then the third cards as drawn; Dragon Tiger Dragon's card then Tiger's; Sic Bo the three "
    "dice; roulette the number. 'spare' lists the cards that follow a card game's round in the shoe: "
    "deal from 'cards' then 'spare', so a program that deals one card too many deals a spare card "
    "(and shows a mismatch) instead of running out. 'covers' names the cells of the drawing tables a round exercises "
    "(table-1/player-T, table-2/banker-B/third-V, player-stood/banker-B, natural/..., option/...). "
    "A round of a paytable with multiplier bets carries its 'multipliers' (target -> multiplier; "
    "a target not named has none), and those bets' outcomes carry the product (win-x6) and their "
    "net the fee paid on top. "
    "Player-dealer baccarat's -best-choice bets settle an option hand as the best choice for a full "
    "8-deck shoe decides it (the hand's 'option' says which). Made by `odds vectors --rounds`; check "
    "another program's settlements with `odds verify`."
)


# -- finding the rounds ------------------------------------------------------------------------------


def _wanted(game, paytable) -> set[tuple[str, str]]:
    """Every (bet, outcome) of the paytable that some round can give: an outcome with no deal in
    a full shoe of the game's decks (8 copies of each card: every six-card order is in it) is
    impossible and left out."""
    from ..shoe import Shoe

    shoe = Shoe.decks(game.default_decks) if game.uses_shoe else None
    counts = game.count(shoe, list(paytable.bets), paytable)
    return {(b, k) for b in paytable.bets for k, n in counts[b].counts.items() if n}


def searched(plan, wanted: set, covered: set) -> list:
    """The candidate rounds of ``plan`` (:class:`odds.dealt.VectorRounds`) that give an outcome of
    ``wanted`` not yet ``covered`` (which grows), and those it keeps whatever they cover; a batch
    is drawn only while an outcome lacks a round (or the plan keeps rounds)."""
    found = []
    batches = iter(plan.batches)
    while plan.kept is not None or not wanted <= covered:
        batch = next(batches, None)
        if batch is None:
            break
        for item, keys in zip(batch, plan.keys(batch)):
            if (plan.kept is not None and plan.kept(item)) or not (set(keys.items()) & wanted) <= covered:
                found.append(item)
                covered |= set(keys.items())
    return found


def round_json(round_id: str, game, paytable, text, covers=(), spare=()) -> dict:
    """One round (``text``, as ``odds settle`` reads it) and its expected settlement (module
    docstring); ``spare``: the cards that follow it."""
    from ..overlay.settle import round_multipliers
    from ..render.settle import hand_json
    from ..settle import settle_plain, settle_round

    multipliers = {}
    if any(bet.overlay is not None for bet in paytable.bets.values()):  # only multiplier bets draw any
        multipliers = round_multipliers(settle_plain(game, text, paytable), paytable, random.Random(round_id))
    settled = settle_round(game, text, paytable, multipliers=multipliers or None)
    out = {"id": round_id, "game": game.id, "paytable": paytable.name, "cards": list(settled.cards)}
    if spare:
        out["spare"] = list(spare)
    if covers:
        out["covers"] = list(covers)
    if settled.multipliers:
        out["multipliers"] = {name: exact(m) for name, m in settled.multipliers.items()}
    out["hands"] = [hand_json(h) for h in settled.hands]
    out["bets"] = {b.id: {"outcome": b.outcome, "net": exact(b.net)} for b in settled.bets}
    return out


def game_rounds(game, paytable, default: bool) -> tuple[list[dict], list[tuple[str, str]]]:
    """The rounds of one game and paytable, as the game lists them
    (:meth:`odds.games.base.Game.vector_rounds`): the rounds made for the drawing cells (default
    paytable), those found for the outcomes, then the random rounds; and the outcomes no round
    was found for."""
    rng = random.Random(f"{SEED}/{game.id}/{paytable.name}")  # one stream each: adding one changes no other
    prefix = f"{game.id}/{paytable.name}"
    plan = game.vector_rounds(paytable, rng, default)

    def made_round(name, item) -> dict:
        round_id = f"{prefix}/{name}"
        # the spare cards from a stream of the round's own: the rounds themselves stay as they were
        spare = plan.spare(random.Random(f"{round_id}/spare")) if plan.spare is not None else ()
        return round_json(round_id, game, paytable, plan.text(item), plan.covers(item) if plan.covers else (), spare)

    made = [made_round(name, item) for name, item in plan.made]
    covered = {(b, v["outcome"]) for r in made for b, v in r["bets"].items()}
    wanted = _wanted(game, paytable)
    for i, item in enumerate(searched(plan, wanted, covered), start=1):
        made.append(made_round(f"outcomes-{i}", item))
    for i, item in enumerate(plan.always(), start=1):
        made.append(made_round(f"{plan.always_name}-{i}", item))
        covered |= {(b, v["outcome"]) for b, v in made[-1]["bets"].items()}
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


def verify(data: dict, own: dict | None = None, tolerance: Fraction | None = None) -> tuple[list[Mismatch], int, int]:
    """Check every round: ``(problems, rounds, values checked)``; each problem a
    :class:`~odds.design.mismatch.Mismatch` (its line, its cause and round). ``own``: the user's
    paytables by name; ``tolerance``: how far a float ``net`` may be from the exact one (default
    :data:`odds.design.vectors.DEFAULT_TOLERANCE`)."""
    problems: list[Mismatch] = []
    checked = 0
    for index, entry in enumerate(data["rounds"], start=1):
        found, n = verify_round(entry, index, own, tolerance)
        round_id = entry.get("id", "") if isinstance(entry, dict) else ""
        for m in found:
            m.item, m.item_id = index, round_id if isinstance(round_id, str) else shown_repr(round_id)
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


ROUND_KEYS = {"id", "game", "paytable", "cards", "spare", "covers", "multipliers", "hands", "bets"}
"""What a round of a settlement file may hold (``spare`` and ``covers`` are read by no check)."""
BET_FIELDS = ("outcome", "net")


def _cause_of_error(exc: OddsError) -> str:
    """What a round that could not be settled is grouped under: cards that are not one round
    (each names its own cards) under one cause; any other error (an unknown game, paytable or
    multiplier) under its own words."""
    from ..cards import CardError
    from ..dealt import RoundError

    if isinstance(exc, RoundError):
        return "cards: not one round of the game"
    if isinstance(exc, CardError):
        return "cards: a card cannot be read"
    return str(exc)


def _same(theirs, ours) -> bool:
    """Equal, and of the same JSON type (``true`` is not ``1``; ``7.0`` is ``7``; ``"7"`` is not)."""
    if isinstance(theirs, bool) or isinstance(ours, bool):
        return isinstance(theirs, bool) and isinstance(ours, bool) and theirs == ours
    if isinstance(theirs, (list, tuple)) and isinstance(ours, (list, tuple)):
        return len(theirs) == len(ours) and all(_same(a, b) for a, b in zip(theirs, ours))
    if isinstance(theirs, dict) and isinstance(ours, dict):
        return theirs.keys() == ours.keys() and all(_same(theirs[k], ours[k]) for k in theirs)
    if isinstance(theirs, (int, float)) and isinstance(ours, (int, float)):
        return theirs == ours
    return type(theirs) is type(ours) and theirs == ours


def verify_round(entry, index: int, own: dict | None = None, tolerance=None) -> tuple[list[Mismatch], int]:
    """Every difference between one round of a file and this library's settlement of its cards;
    and how many values were checked. Every field the file gives is compared: each bet's
    ``outcome`` and ``net``, and each hand's fields as ``odds settle`` writes them (``cards``,
    ``total``, ``rule``, ``draws``, ``player_third``, ``option``, a pocket's ``number`` ...); a
    field odds does not write is a mismatch too (nothing is skipped unseen)."""
    from ..games import get_game
    from ..render.settle import hand_json
    from ..settle import settle_round
    from .mismatch import cause_of
    from .vectors import close, paytable_of, read_value  # (the values of a vectors file, read one way)

    where = f"round {index}"
    if not isinstance(entry, dict):
        return [Mismatch(f"{where}: must be an object", "a round is not an object")], 0
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
        line = message if message.startswith(where) else f"{where}: {message}"
        return [Mismatch(line, cause_of(line, where) if message.startswith(where) else _cause_of_error(exc))], 0

    problems: list[Mismatch] = []
    checked = 0

    def found(subject: str, cause: str, detail: str) -> None:
        problems.append(Mismatch(f"{where} {subject}: {detail}", f"{subject}: {cause}"))

    for key in entry:
        if key not in ROUND_KEYS:
            problems.append(
                Mismatch(
                    f"{where}: {shown_repr(key)} is not a field of a round ({', '.join(sorted(ROUND_KEYS))})",
                    f"a round's field {shown_repr(key)} is not one odds writes",
                )
            )
    results = {b.id: b for b in ours.bets}
    for bet_id, their in theirs.items():
        if bet_id not in paytable.bets:
            text = str(UnknownName(f"{game.id} bet", bet_id, paytable.bets))
            problems.append(Mismatch(f"{where} {bet_id}: {text}", text.split(";")[0]))
            continue
        if bet_id in ours.left_out:
            found(bet_id, "reads suits; the cards have none", "this bet reads suits, and the round's cards have none")
            continue
        if not isinstance(their, dict) or ("outcome" not in their and "net" not in their):
            found(bet_id, "neither outcome nor net", "give its 'outcome', its 'net' or both")
            continue
        for key in their:
            if key not in BET_FIELDS and key != "id":
                found(
                    bet_id,
                    f"field {shown_repr(key)}",
                    f"{shown_repr(key)} is not a field of a bet's settlement (outcome, net)",
                )
        result = results[bet_id]
        if "outcome" in their:
            checked += 1
            if their["outcome"] != result.outcome:
                found(bet_id, "outcome", f"outcome: file {shown_repr(their['outcome'])}, odds {result.outcome!r}")
        if "net" in their:
            bad: list[str] = []
            value = read_value(their["net"], f"{where} {bet_id} net", bad)
            problems.extend(Mismatch(b, f"{bet_id}: net is not a number") for b in bad)
            if value is not None:
                checked += 1
                if not close(value, result.net, tolerance):
                    found(bet_id, "net", f"net: file {shown_repr(their['net'])}, odds {exact(result.net)}")
    hands = entry.get("hands")
    if isinstance(hands, list):
        ours_by_name = {h.hand: hand_json(h) for h in ours.hands}
        for i, hand in enumerate(hands):
            if not isinstance(hand, dict) or hand.get("hand") not in ours_by_name:
                problems.append(
                    Mismatch(
                        f"{where} hands[{i}]: must be an object naming one of the hands ({', '.join(ours_by_name)})",
                        "hands: not a hand of the round",
                    )
                )
                continue
            mine = ours_by_name[hand["hand"]]
            subject = f"hand {hand['hand']}"
            for key, value in hand.items():
                if key == "hand":
                    continue
                checked += 1
                if key not in mine and value is not None:
                    found(subject, key, f"{key}: file {shown_repr(value)}, odds writes no {key} for this hand")
                elif not _same(value, mine.get(key)):
                    found(subject, key, f"{key}: file {shown_repr(value)}, odds {mine[key]!r}")
    elif hands is not None:
        problems.append(Mismatch(f"{where}: 'hands' must be a list", "hands: not a list"))
    return problems, checked
