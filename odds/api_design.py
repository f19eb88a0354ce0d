"""The rest of the commands as library calls (docs/library.md): ``compare``, ``solve``,
``simulate``, ``tags``, ``batch`` and ``check`` (``odds verify``), beside :mod:`odds.api`'s
``sheet``, ``eor``, ``count``, ``settle`` and ``games``. Each takes what its command takes, as
Python values, checks it as the command does, and returns the library's own typed result (exact
Fractions); ``pays=`` tries pays without a file, as ``--pay`` does.

>>> import odds
>>> odds.solve("baccarat", "tie", rtp="97%").pays
Fraction(113875492207423, 12386130897740)
>>> odds.compare("baccarat", bets="tie", decks=[8], paytables=["seed", "tie-9"]).sheet("tie", "tie-9", 8).house_edge
Fraction(63053127805, 1301666217579)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .api import _bet_ids, _game, _paytable, _shoe, _unknown_bets


def compare(game, bets=None, paytables=None, decks: Sequence[int] | None = None, *, pays=None):
    """Bets side by side by deck count and paytable (``odds compare``): a
    :class:`odds.compare.Comparison`, ``.sheet(bet, paytable, decks)`` the cell's
    :class:`odds.sheet.BetSheet`. ``paytables``: names, files or loaded paytables (default the
    game's); with ``pays``, each paytable also with its pays changed, as ``--pay`` shows it."""
    from .compare import compare as compare_lib
    from .paytable import check_distinct

    from . import limits, validate
    from .errors import OddsError

    game = _game(game)
    if paytables is not None and not isinstance(paytables, (str, list, tuple)):
        raise OddsError("paytables must be a paytable name, a file, or a list of them")
    given = [paytables] if isinstance(paytables, str) or paytables is None else list(paytables)
    if decks is not None and not isinstance(decks, (list, tuple)):
        raise OddsError("decks must be a list of deck counts, e.g. [1, 6, 8]")
    decks = [validate.whole(n, "decks", 1, limits.MAX_DECKS, "decks in a shoe") for n in decks or ()]
    loaded = [_paytable(game, p) for p in given]
    check_distinct(loaded)
    tables: dict[str, object] = {}
    for plain in loaded:
        for table in [plain] + ([_paytable(game, plain, pays)] if pays else []):
            tables.setdefault(table.name, table)
    return compare_lib(game, list(tables.values()), list(decks) if decks else None, _bet_ids(bets))


def solve(
    game,
    bet: str,
    paytable=None,
    *,
    outcome: str | None = None,
    edge=None,
    rtp=None,
    decks: int | Sequence[int] | None = None,
    remove: str | None = None,
    shoe=None,
    pays=None,
    lines: dict | None = None,
):
    """The pay of one outcome line of ``bet`` that gives a target ``edge`` or ``rtp`` (``"97%"``,
    ``0.97``, a Fraction; default break-even), the rest of the paytable fixed (``odds solve``):
    a :class:`odds.design.solve.Solution` (``.pays`` exact, ``.nearby`` the practical pays).

    ``lines`` (``{outcome: pay in x}``, e.g. ``{"six-two-cards": "x", "six-three-cards": "2x"}``,
    as ``--line``) moves several lines at once and solves for ``x``; ``decks`` a list (``[1, 6,
    8]``, as ``--decks 1,6,8``) solves at each deck count. Either gives a
    :class:`odds.design.solve.ShoesSolution`: ``.solutions`` one per shoe, ``.at_most`` /
    ``.at_least`` the values meeting the target at every shoe, ``.nearby`` priced at each.

    >>> import odds
    >>> both = odds.solve("baccarat", "tie", rtp="97%", decks=[6, 8])
    >>> [round(float(s.pays), 6) for s in both.solutions], both.at_most == both.solutions[1].pays
    ([9.203147, 9.19379], True)
    """
    from .design import solve as solve_lib
    from .errors import OddsError

    from . import validate

    if edge is not None and rtp is not None:
        raise OddsError("give edge or rtp, not both")
    for name, value in (("edge", edge), ("rtp", rtp)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (str, int, Fraction))):
            raise OddsError(f"{name} must be a text such as '97%' or '0.0106', an int or a Fraction")
    bet = validate.text(bet, "bet", 200)
    outcome = validate.text(outcome, "outcome", 200) or None
    target = Fraction(0)
    if edge is not None:
        target = solve_lib.parse_target(str(edge), "edge")
    elif rtp is not None:
        target = 1 - solve_lib.parse_target(str(rtp), "rtp")
    moved = None
    if lines is not None:
        if not isinstance(lines, dict) or not lines or len(lines) > 100:
            raise OddsError(
                "lines must be a dict {outcome: its pay in x}, e.g. {'six-two-cards': 'x', 'six-three-cards': '2x'}"
            )
        moved = {}
        for key, value in lines.items():
            key = validate.text(key, "an outcome of lines", 200)
            if isinstance(value, bool) or not isinstance(value, (str, int, Fraction)):
                raise OddsError(
                    f"lines[{key!r}] must be a pay in x such as '2x' or 'x+8' (a text), an int or a Fraction"
                )
            name, line = solve_lib.parse_line(f"{key}={validate.text(str(value), 'lines', 200)}")
            moved[name] = line
    several = list(decks) if isinstance(decks, (list, tuple)) else None
    if several is not None and (not several or len(several) > 20):
        raise OddsError("decks must be a deck count or a list of 1 to 20 of them, e.g. [1, 6, 8]")
    game = _game(game)
    table = _paytable(game, paytable, pays)
    _unknown_bets(game, table, [bet])
    if several is not None and shoe is not None:
        raise OddsError("give a shoe, or decks and remove, not both")
    shoes = (
        [_shoe(game, d, remove, None) for d in dict.fromkeys(several)]
        if several is not None
        else [_shoe(game, decks, remove, shoe)]
    )
    if several is None and moved is None:
        return solve_lib.solve_pay(game, bet, table, shoes[0], outcome, target)
    return solve_lib.solve_shoes(game, bet, table, shoes, outcome, target, moved)


def simulate(
    game,
    bets=None,
    paytable=None,
    *,
    rounds: int = 100_000,
    seed: int = 1,
    decks: int | None = None,
    cut_card: int | None = None,
    z_max: float | None = None,
    workers: int = 1,
    pays=None,
):
    """Deal real shuffled shoes and compare each bet's simulated edge with its exact edge
    (``odds simulate``): a :class:`odds.design.simulate.Simulation` (``.bets``, ``.failures``).

    >>> run = simulate("dragon-tiger", bets="tie", rounds=2000)
    >>> run.bets[0].bet_id, run.failures
    ('tie', [])
    """
    from . import limits, validate
    from .design import simulate as sim_lib
    from .errors import OddsError

    game = _game(game)
    rounds = validate.whole(rounds, "rounds", 2, limits.MAX_ROUNDS, "rounds a simulation deals")
    seed = validate.whole(seed, "seed", 0, limits.MAX_SEED)
    workers = validate.whole(workers, "workers", 1, limits.MAX_WORKERS, "worker processes")
    decks = validate.optional_whole(decks, "decks", 1, limits.MAX_DECKS, "decks in a shoe")
    cut_card = validate.optional_whole(cut_card, "cut_card", 0, limits.MAX_CARDS, "cards in the largest shoe")
    if z_max is not None and (isinstance(z_max, bool) or not isinstance(z_max, (int, float)) or not 0 < z_max < 1e6):
        raise OddsError(f"z_max must be a number above 0, not {z_max!r}"[:200])
    table = _paytable(game, paytable, pays)
    bet_ids = _bet_ids(bets) or list(table.bets)
    _unknown_bets(game, table, bet_ids)
    if not game.uses_shoe and (decks is not None or cut_card is not None):
        raise OddsError(f"{game.id} deals no cards: decks and cut_card do not apply")
    return sim_lib.simulate(
        game,
        table,
        bet_ids,
        rounds=rounds,
        seed=seed,
        decks=decks,
        cut_card=sim_lib.CUT_CARD if cut_card is None else cut_card,
        z_max=sim_lib.Z_MAX if z_max is None else z_max,
        workers=workers,
    )


def tags(game, bet: str, paytable=None, *, level: int = 3, decks: int | None = None, remove=None, shoe=None, pays=None):
    """Integer counting tags for ``bet`` from its exact effects of removal (``odds tags``):
    ``{"bet", "cards", "tags", "level", "betting_correlation", "balanced"}``.

    >>> t = tags("baccarat", "big")
    >>> t["cards"], t["tags"], t["balanced"]
    (['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T'], [-1, -1, -1, -1, -1, 0, 0, 3, 3, -1], False)
    """
    from . import limits, validate
    from .depletion.eor import effects_of_removal
    from .depletion.tags import betting_correlation, derive_tags, is_balanced

    from .errors import OddsError

    game = _game(game)
    bet = validate.text(bet, "bet", 200)
    level = validate.whole(level, "level", 1, limits.MAX_LEVEL, "the largest count tag")
    if not game.uses_shoe:
        raise OddsError(f"{game.id} deals no cards: depletion applies to card games only")
    table = _paytable(game, paytable, pays)
    _unknown_bets(game, table, [bet])
    (effects,) = effects_of_removal(game, table, _shoe(game, decks, remove, shoe), [bet])
    values = [e.effect for e in effects.effects]
    counts = [e.count for e in effects.effects]
    chosen = derive_tags(values, level)
    return {
        "bet": bet,
        "cards": [e.card for e in effects.effects],
        "tags": chosen,
        "level": level,
        "betting_correlation": betting_correlation(values, chosen, counts),
        "balanced": is_balanced(chosen, counts),
    }


def batch(game, shoes: Sequence[str], bets=None, paytable=None, *, decks: int | None = None, pays=None) -> list[dict]:
    """Exact house edges for many shoes at once (``odds batch``): ``shoes`` are ``--remove``
    texts (``""`` the full shoe): one record per shoe and bet, ``{"line", "id", "house_edge",
    "house_edge_float"}``, as ``odds batch --format json`` writes them.

    >>> [(r["line"], r["id"], r["house_edge"]) for r in batch("baccarat", ["", "5x8"], bets="banker")]
    [(1, 'banker', '114753351728/10847218479825'), (2, 'banker', '778978859864/69461165538765')]
    """
    import json

    from . import limits, validate
    from .batch import run_batch
    from .errors import OddsError

    game = _game(game)
    if isinstance(shoes, str) or not isinstance(shoes, (list, tuple)):
        raise OddsError("shoes must be a list of --remove texts, e.g. ['', '5x3,K']")
    shoes = [validate.text(line, "shoes", 1_000_000) for line in shoes]
    decks = validate.optional_whole(decks, "decks", 1, limits.MAX_DECKS, "decks in a shoe")
    table = _paytable(game, paytable, pays)
    bet_ids = _bet_ids(bets) or list(table.bets)
    _unknown_bets(game, table, bet_ids)
    text = run_batch(game, table, list(shoes), bet_ids, decks, "json")
    return json.loads(text)


def verify(path, paytables=(), tolerance=None):
    """Check a vectors file - counts or settlements, ours or another program's - against exact
    values (``odds verify``): an :class:`odds.design.mismatch.VerifyReport` (``.passed``,
    ``.causes()`` grouped by cause, ``.mismatches`` every one). ``paytables``: your own files
    the vectors name; ``tolerance``: for values written as floats (default 1e-9)."""
    from .design.verify import verify_file
    from .games import get_game
    from .paytable import check_distinct, load_paytable, read_game_of

    from os import PathLike

    from .errors import OddsError

    if not isinstance(path, (str, PathLike)):
        raise OddsError("path must be the vectors file's path")
    files = [paytables] if isinstance(paytables, str) else paytables
    if not isinstance(files, (list, tuple)) or not all(isinstance(f, str) for f in files):
        raise OddsError("paytables must be paytable files, as a list of paths")
    loaded = [load_paytable(get_game(read_game_of(f)), f) for f in files]
    check_distinct(loaded)
    if tolerance is not None and (isinstance(tolerance, bool) or not isinstance(tolerance, (int, float, Fraction))):
        raise OddsError("tolerance must be a number, e.g. 1e-9")
    tol = None if tolerance is None else Fraction(str(tolerance))
    if tol is not None and not 0 <= tol < 1:
        raise OddsError("tolerance must be at least 0 and below 1")
    return verify_file(path, {t.name: t for t in loaded}, tol)


def check(path):
    """The notes of ``odds check`` on a paytable file (:mod:`odds.check`): outcomes no round
    reaches or that earlier outcomes shadow, bets giving the player the edge, pays that look
    swapped, windows longer than a shoe - a list of :class:`odds.check.Note` (``.kind``,
    ``.bet``, ``.outcome``, ``.text``), from the exact figures on the game's full shoe. A bet that
    cannot be counted raises :class:`odds.OddsError` naming the file and the bet."""
    from os import PathLike

    from .check import check_paytable
    from .errors import OddsError
    from .games import get_game
    from .paytable import load_paytable, read_game_of
    from .sheet import build_sheet
    from .shoe import Shoe

    if not isinstance(path, (str, PathLike)):
        raise OddsError("path must be a paytable file's path")
    game = get_game(read_game_of(str(path)))
    paytable = load_paytable(game, str(path))
    shoe = Shoe.decks(game.default_decks) if game.uses_shoe else None
    sheet = build_sheet(game, paytable, shoe, keep_going=True)
    if sheet.failed:
        raise OddsError(sheet.failed[0][1])
    return check_paytable(game, paytable, sheet)
