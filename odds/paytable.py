"""Paytables: what each outcome of each bet pays, read from commented TOML files.

Shipped paytables live in ``odds/paytables/<game>/<name>.toml``; a user passes their own file with
``--paytable FILE.toml``. A file looks like this::

    game = "baccarat"
    description = "Seed 003 as written"
    extends = "seed"            # optional: start from another paytable of the same game (a
                                # shipped name, or a file in this file's folder: "./base.toml")

    [bets.tie]
    window = 65                 # optional: offered only in the first N rounds of a shoe
    pays.tie = 9                # "to 1": a loss is -1, a push 0, "lose half" -0.5
    pays.banker-wins = -1
    pays.player-wins = -1

A game may define price groups (Sic Bo's ``triple`` prices ``triple-1`` ... ``triple-6``): a
group's entry prices all its members, and a member's own entry overrides it.

Pays may be integers, decimals or fractions written as strings (``"19/20"``, ``"0.95"``); they
are read exactly. On load every bet is checked against the game's rules: unknown bets or
outcomes, an outcome with no pay (a gap), a pay below -1, unknown keys - each is an error that
names the file and the key.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from .bets.definition import read_definition
from .errors import PaytableError, UnknownName, check_keys, names_text, shown, shown_repr
from .files import read_limited
from .limits import MAX_PAY, MAX_PAYTABLE_BYTES, LimitError, check_common_denominator, check_pay_digits, exact_number

SHIPPED = Path(__file__).parent / "paytables"
"""The shipped paytables, a folder per game (read beside this file, as the stored tables are:
importlib.resources would import tempfile, shutil, bz2 and lzma into every command)."""

TOP_KEYS = {"game", "description", "extends", "bets"}
BET_KEYS = {"pays", "window", "name", "description", "source", "outcomes", "multipliers", "published_rtp"}
REPRICE_KEYS = {"pays", "window"}


@dataclass(frozen=True)
class BetPays:
    """What one bet pays on each of its outcomes, the rounds it is offered in, and its rule."""

    bet_id: str
    pays: dict[str, Fraction]
    window: int | None = None
    rule: object = None
    """The bet's :class:`~odds.games.base.BetRule` (outcomes and conditions)."""
    overlay: object = None
    """Its multiplier overlay (:class:`odds.overlay.model.Overlay`), if the file gives one."""
    published_rtp: str | None = None
    """The RTP its supplier publishes, as printed (``"98.9%"``): what ``odds solve`` fits."""


@dataclass(frozen=True)
class Paytable:
    """A game's bets as a paytable defines and prices them, by bet id, in the file's order."""

    game: str
    name: str
    description: str
    source: str
    bets: dict[str, BetPays]
    notes: tuple[str, ...] = ()
    """What the file changed beyond pays (a shipped bet it redefines)."""
    extras: dict = field(default_factory=dict)
    """Per bet, its ``multipliers`` and ``published_rtp`` as written (with where), for files that
    extend this one."""

    def bet(self, bet_id: str) -> BetPays:
        if bet_id not in self.bets:
            raise UnknownName(f"bet of paytable {self.name}", bet_id, self.bets)
        return self.bets[bet_id]

    def rule(self, bet_id: str):
        """The rule of a bet (its outcomes, and its conditions when written in a file)."""
        return self.bet(bet_id).rule

    @property
    def rules(self) -> dict:
        return {b: p.rule for b, p in self.bets.items()}


def parse_pay(value, where: str) -> Fraction:
    """An exact pay from a TOML value: int, decimal, or a string such as ``"19/20"``; bounded
    (:mod:`odds.limits`: at most a billion to one, no ``1e999999999``, ``inf`` or ``nan``)."""
    if isinstance(value, bool):
        raise PaytableError(f"{where}: a pay must be a number, not {value!r}")
    try:
        # TOML decimals are read as Decimal: exactly as written
        pay = check_pay_digits(exact_number(value, where, high=MAX_PAY), where)
    except LimitError as exc:
        raise PaytableError(str(exc)) from None
    if pay < -1:
        raise PaytableError(f"{where}: a pay of {value} is below -1 (a bet cannot lose more than its stake)")
    return pay


def shipped_names(game) -> list[str]:
    """Names of the paytables shipped for a game, the default first."""
    folder = SHIPPED / game.id
    names = sorted(p.name[: -len(".toml")] for p in folder.iterdir() if p.name.endswith(".toml"))
    return [game.default_paytable] + [n for n in names if n != game.default_paytable]


def _is_path(name_or_path: str) -> bool:
    """A path names a file (it has a folder separator or ends in .toml); a bare name is always a
    shipped paytable, so a file called ``seed`` in the working folder never replaces it."""
    return (
        name_or_path.endswith(".toml")
        or "/" in name_or_path
        or os.sep in name_or_path
        or bool(os.altsep and os.altsep in name_or_path)
    )


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:  # a name too long for the file system is no file
        return False


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:
        return False


def load_paytable(game, name_or_path: str | None = None) -> Paytable:
    """Load a shipped paytable by name (default: the game's default) or a user's TOML file
    (a path: ``./mine``, ``mine.toml``)."""
    name_or_path = name_or_path or game.default_paytable
    if _is_path(name_or_path):
        return _load_file(game, Path(name_or_path), depth=0)
    names = shipped_names(game)
    if name_or_path not in names:
        if _is_file(Path(name_or_path)):
            raise PaytableError(
                f"unknown paytable of {game.id} {name_or_path!r}: a bare name is a shipped "
                f"paytable ({names_text(names)}); to use the file {name_or_path} in this "
                f"folder, pass ./{name_or_path}"
            )
        raise UnknownName(f"paytable of {game.id}", name_or_path, names)
    key = (game.id, name_or_path)
    if key not in _SHIPPED:  # read and compiled once a process: settle and verify load one per round
        _SHIPPED[key] = _load_shipped(game, name_or_path, depth=0)
    return _SHIPPED[key]


_SHIPPED: dict[tuple[str, str], Paytable] = {}
"""Shipped paytables already loaded. A Paytable is never changed once made (a ``--pay`` or an
``--unknowns`` makes a new one with :func:`dataclasses.replace`), so one copy serves every caller."""


FILE_PREFIX = "file:"
"""How every output names a user's paytable file: ``file:`` and the file's name without its
folder and ``.toml`` (``file:seed`` for ``my/seed.toml``). No shipped name has a colon, so a user's
file never takes a shipped paytable's name (in a sheet, the overview, an export, vectors or
verify); two files of one name given together are refused (:func:`check_distinct`)."""


def file_paytable_name(path) -> str:
    """The name outputs give the paytable file ``path`` (:data:`FILE_PREFIX`).

    >>> file_paytable_name("my/tables/seed.toml"), file_paytable_name("./mine")
    ('file:seed', 'file:mine')
    """
    return FILE_PREFIX + Path(path).stem


def check_distinct(tables) -> None:
    """Refuse paytables given together (``compare``, ``export``, ``verify``) that two files of the
    same name would make indistinguishable in the outputs, which name them by file name."""
    seen: dict[str, str] = {}
    for table in tables:
        if table.name in seen and seen[table.name] != table.source:
            raise PaytableError(
                f"{shown(seen[table.name], 80)} and {shown(table.source, 80)} are both paytables named "
                f"{table.name}: the outputs name a paytable file by its name; rename one"
            )
        seen[table.name] = table.source


def read_game_of(path: str) -> str:
    """The id of the game a paytable file is written for (its ``game`` key), e.g. to export a
    user's file."""
    if not _is_file(Path(path)):
        kind = "not a regular file" if _exists(Path(path)) else "no such paytable file"
        raise PaytableError(f"{shown(str(path), 200)}: {kind}")
    raw = read_limited(Path(path), MAX_PAYTABLE_BYTES, "paytable file")
    try:
        data = tomllib.loads(raw.decode("utf-8"), parse_float=Decimal)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError, ValueError) as exc:
        raise PaytableError(f"{path}: cannot read the paytable file ({exc.__class__.__name__})") from None
    if not isinstance(data.get("game"), str):
        raise PaytableError(f"{path}: key 'game' must name the game, e.g. game = \"baccarat\"")
    return data["game"]


def _load_file(game, path: Path, depth: int) -> Paytable:
    """A user's paytable file (``extends`` in it may name a shipped paytable or another file,
    relative to this one's folder)."""
    if not _is_file(path):
        kind = "not a regular file" if _exists(path) else "no such paytable file"
        raise PaytableError(f"{shown(str(path), 200)}: {kind}")
    data = read_limited(path, MAX_PAYTABLE_BYTES, "paytable file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PaytableError(f"{path}: cannot read the file as UTF-8 text ({exc.__class__.__name__})") from None
    return _load(game, text, str(path), file_paytable_name(path), depth, folder=path.parent)


def _inside(folder: Path, relative: str) -> bool:
    """Whether ``relative`` names a file in ``folder`` or below it (not an absolute path, not a
    way out with ``..``): a paytable file extends files kept with it, nothing else on the disk."""
    try:
        target = (folder / relative).resolve()
        return not Path(relative).is_absolute() and target.is_relative_to(folder.resolve())
    except (OSError, ValueError, RuntimeError):
        return False


MAX_EXTENDS = 8
"""How many paytables deep ``extends`` may go (a file extending itself, or a loop of files, stops here)."""


def _load_shipped(game, name: str, depth: int) -> Paytable:
    text = (SHIPPED / game.id / f"{name}.toml").read_text(encoding="utf-8")
    return _load(game, text, f"odds/paytables/{game.id}/{name}.toml", name, depth)


def _load(game, text: str, source: str, name: str, depth: int, folder: Path | None = None) -> Paytable:
    """A paytable from its TOML text; ``folder``: a user's file's folder (where an ``extends``
    naming a file is looked for; None for a shipped paytable, which extends only shipped ones)."""
    try:
        # decimals as Decimal, not float: "0.94999999999999999999" must not become 19/20
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise PaytableError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        raise PaytableError(f"{source}: not valid TOML here: nested too deeply") from None
    except ValueError as exc:  # an integer of thousands of digits
        raise PaytableError(f"{source}: not valid TOML here: {str(exc)[:80]}") from None
    for key in data:
        if key not in TOP_KEYS:
            raise PaytableError(f"{source}: unknown key {shown_repr(key)} (allowed: {', '.join(sorted(TOP_KEYS))})")
    if data.get("game") != game.id:
        raise PaytableError(f"{source}: key 'game' must be {game.id!r}, not {shown_repr(data.get('game'))}")
    # every bet the file (or its parent) knows, in order: id -> [rule, pays, window]
    bets: dict[str, list] = {}
    extras: dict[str, dict] = {}  # bet id -> {"multipliers": (raw, where), "published_rtp": (text, where)}
    notes: list[str] = []
    shipped: set[str] = set()
    if "extends" in data:
        parent = data["extends"]
        names = shipped_names(game)
        if depth >= MAX_EXTENDS:
            raise PaytableError(
                f"{source}: key 'extends': more than {MAX_EXTENDS} paytables deep (does a file extend itself?)"
            )
        if folder is not None and isinstance(parent, str) and _is_path(parent) and _inside(folder, parent):
            # a user's file extends another file of theirs, in its folder or below (a shipped
            # paytable never reaches a path: it has no folder)
            base = _load_file(game, folder / parent, depth + 1)
        elif not isinstance(parent, str) or parent not in names:
            yours = " or a ./file.toml in this file's folder" if folder is not None else ""
            raise PaytableError(
                f"{source}: key 'extends' must name a shipped {game.id} paytable "
                f"({names_text(names, 150)}){yours}, not {shown_repr(parent)}"
            )
        else:
            base = _load_shipped(game, parent, depth + 1)
        bets.update({b: [p.rule, dict(p.pays), p.window] for b, p in base.bets.items()})
        extras.update(base.extras)
        shipped = set(bets)
        notes.extend(base.notes)
    raw_bets = data.get("bets", {})
    if not isinstance(raw_bets, dict):
        raise PaytableError(f"{source}: key 'bets' must be a table")
    groups = game.price_groups
    code = game.code_bets
    # definitions first (in file order), then re-pricing: a group's entry prices every member and
    # a member's own entry, read after, overrides it
    for bet_id, raw in raw_bets.items():
        where = f"{source}: bets.{bet_id}"
        if not isinstance(raw, dict):
            raise PaytableError(f"{where}: must be a table")
        check_keys(raw, BET_KEYS, where)
        if "outcomes" in raw:
            if bet_id in groups or bet_id in code:
                raise PaytableError(
                    f"{where}.outcomes: {bet_id!r} is {'a price group' if bet_id in groups else 'a bet defined in code'}; "
                    f"it cannot be redefined (choose another id)"
                )
            rule, inline = read_definition(game, bet_id, raw, where, parse_pay)
            if bet_id in shipped:
                notes.append(f"Bet {bet_id} is defined by this paytable ({source}), replacing the shipped definition.")
            bets[bet_id] = [rule, inline, None]
            extras[bet_id] = {k: (raw[k], f"{where}.{k}") for k in ("multipliers", "published_rtp") if k in raw}
        elif bet_id not in bets and bet_id not in code and bet_id not in groups:
            known = list(bets) + list(code) + list(groups)
            if not bets:
                raise PaytableError(
                    f"{where}: this file defines no bet {bet_id!r} and extends no paytable: "
                    f"give its 'outcomes', or start from the shipped bets with extends = \"seed\""
                )
            raise PaytableError(
                f"{where}: {UnknownName(f'{game.id} bet', bet_id, known)}; to define a new bet, give its 'outcomes'"
            )
        elif set(raw) - REPRICE_KEYS:
            extra = ", ".join(sorted(set(raw) - REPRICE_KEYS))
            raise PaytableError(
                f"{where}: {bet_id!r} is an existing bet: give 'outcomes' to redefine it, or only "
                f"'pays' and 'window' to re-price it (not {extra})"
            )
        elif bet_id in code and bet_id not in bets:
            bets[bet_id] = [code[bet_id], {}, None]
    for bet_id, raw in sorted(raw_bets.items(), key=lambda item: item[0] not in groups):
        members = groups.get(bet_id, (bet_id,))
        for member in members:
            if member not in bets:
                if member in code:
                    bets[member] = [code[member], {}, None]
                else:
                    raise PaytableError(f"{source}: bets.{bet_id}: price group member {member!r} is not defined")
            entry = bets[member]
            _reprice(entry, raw, f"{source}: bets.{bet_id}")
    out = {}
    for bet_id, (rule, pays, window) in bets.items():
        gaps = [k for k in rule.outcome_keys if k not in pays]
        if gaps:
            raise PaytableError(
                f"{source}: bets.{bet_id}.pays: no pay for outcome(s) {', '.join(gaps)}: the outcomes leave a gap"
            )
        final = {k: pays[k] for k in rule.outcome_keys}
        extra = extras.get(bet_id, {})
        overlay = published = None
        if "multipliers" in extra:
            from .overlay.model import read_overlay

            raw, where = extra["multipliers"]
            overlay = read_overlay(raw, where, rule, final, game.overlays, parse_pay)
        if "published_rtp" in extra:
            published = read_published(*extra["published_rtp"])
        out[bet_id] = BetPays(bet_id, final, window, rule, overlay, published)
        check_bet_pays(out[bet_id], f"{source}: bets.{bet_id}.pays")
    _check_names_differ(out, source)
    return Paytable(game.id, name, str(data.get("description", "")), source, out, tuple(notes), extras)


def read_published(text, where: str) -> str:
    """A published RTP as printed: a percentage (``"98.9%"``) or a decimal (``"0.989"``)."""
    if not isinstance(text, str) or not re.fullmatch(
        r"[0-9]{1,3}(\.[0-9]{1,8})?%|0\.[0-9]{1,10}|1(\.0{1,10})?", text.strip()
    ):
        raise PaytableError(f'{where}: the RTP as printed, in quotes: "98.9%" or "0.989", not {shown_repr(text)}')
    return text.strip()


def check_bet_pays(bet: BetPays, where: str) -> None:
    """The limits on one bet's pays together (:func:`odds.limits.check_common_denominator`)."""
    try:
        check_common_denominator(bet.pays.values(), where)
    except LimitError as exc:
        raise PaytableError(str(exc)) from None


def _check_names_differ(bets: dict[str, BetPays], source: str) -> None:
    """Two bets whose names print alike (:func:`odds.text.fold`: the same letters once escaped,
    case and compatibility forms folded) cannot be told apart in a sheet: refused."""
    from .text import escape, fold

    seen: dict[str, str] = {}
    for bet_id, pays in bets.items():
        key = fold(pays.rule.name)
        if key in seen:
            raise PaytableError(
                f"{source}: bets.{bet_id}.name: {shown(escape(pays.rule.name))} prints like the name of bet "
                f"{seen[key]}; give each bet a name of its own"
            )
        seen[key] = bet_id


def _reprice(entry: list, raw: dict, where: str) -> None:
    """Apply an entry's ``pays`` and ``window`` to a bet: every other pay and the window stay."""
    rule = entry[0]
    raw_pays = raw.get("pays", {})
    if not isinstance(raw_pays, dict):
        raise PaytableError(f"{where}.pays: must be a table of outcome = pay, for {', '.join(rule.outcome_keys)}")
    for key, value in raw_pays.items():
        if key not in rule.outcome_keys:
            raise PaytableError(f"{where}.pays.{key}: {UnknownName('outcome', key, rule.outcome_keys)}")
        entry[1][key] = parse_pay(value, f"{where}.pays.{key}")
    if "window" in raw:
        window = raw["window"]
        if not isinstance(window, int) or isinstance(window, bool) or not 1 <= window <= 10_000:
            raise PaytableError(f"{where}.window: must be a whole number of rounds, 1 to 10,000")
        entry[2] = window
