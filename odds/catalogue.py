"""The catalogue (``tables/catalogue.md``, ``odds games --format md``): every bet of every shipped
paytable, found by name.

Grouped by game, then by paytable file. A game's default paytable lists all its bets; any other
file lists what it adds or changes over the file it extends: a new bet, a shipped bet it redefines
(its rule changes) or re-prices (its pays or window change). Per bet: its id and name, its rule in
one line (the bet's ``description``), its house edge on the game's full default shoe (every roll or
pocket for dice and wheels), and its ``source`` (the publication it is checked against). An index
by name closes the file.

>>> text = catalogue_md()
>>> "| `dragon-7` |" in text and "## Index by name" in text
True
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from .games import all_games, get_game
from .paytable import SHIPPED, load_paytable, read_game_of, shipped_names
from .render import percent
from .sheet import build_sheet
from .shoe import Shoe

NO_SOURCE = "the paytable file's comments"
"""What the source column says for a bet whose file gives no ``source`` (the seeds' own bets cite
their seed line by line in comments)."""


@dataclass(frozen=True)
class Entry:
    """One bet as one file defines or prices it."""

    game: str
    paytable: str
    file: str
    description: str
    """The paytable's description."""
    bet: str
    name: str
    rule: str
    source: str
    change: str
    """``""`` (a default paytable's bet), ``new``, ``redefined`` or ``re-priced``."""
    house_edge: object
    total: int


def _extends(game_id: str, name: str | None, path: str | None) -> str | None:
    """The paytable a file extends (its ``extends`` key), or None."""
    if path is not None:  # a file load_paytable has read already: the same limit on its size
        from .files import read_limited
        from .limits import MAX_PAYTABLE_BYTES

        text = read_limited(Path(path), MAX_PAYTABLE_BYTES, "paytable file").decode("utf-8")
    else:
        text = (SHIPPED / game_id / f"{name}.toml").read_text(encoding="utf-8")
    parent = tomllib.loads(text, parse_float=Decimal).get("extends")
    return parent if isinstance(parent, str) else None


def _changes(game, table, parent_name: str | None) -> dict[str, str]:
    """Bet id -> how this paytable changes it over its parent (all bets when it has none)."""
    if parent_name is None:
        return dict.fromkeys(table.bets, "")
    parent = game.paytable(parent_name)
    out = {}
    for bet_id, mine in table.bets.items():
        theirs = parent.bets.get(bet_id)
        if theirs is None:
            out[bet_id] = "new"
        elif mine.rule != theirs.rule:
            out[bet_id] = "redefined"
        elif mine.pays != theirs.pays or mine.window != theirs.window:
            out[bet_id] = "re-priced"
    return out


def _entries(game, table, file: str, changes: dict[str, str]) -> list[Entry]:
    shoe = Shoe.decks(game.default_decks) if game.uses_shoe else None
    ids = [b for b in changes if not unknown_weights(table, b)]
    sheet = build_sheet(game, table, shoe, ids) if ids else None
    out = []
    for bet_id in changes:  # multiplier bets whose weights are unknown: no house edge to show
        if unknown_weights(table, bet_id):
            rule = table.rule(bet_id)
            out.append(
                Entry(
                    game.id,
                    table.name,
                    file,
                    table.description,
                    bet_id,
                    rule.name,
                    rule.description or "",
                    rule.source,
                    changes[bet_id],
                    None,
                    0,
                )
            )
    for bet in sheet.bets if sheet else ():
        rule = table.rule(bet.id)
        out.append(
            Entry(
                game.id,
                table.name,
                file,
                table.description,
                bet.id,
                rule.name,
                rule.description or "",
                rule.source,
                changes[bet.id],
                bet.house_edge,
                bet.total,
            )
        )
    return out


@dataclass(frozen=True)
class OtherBet:
    """A bet a shipped paytable adds to its game's default one (``odds games`` lists them)."""

    id: str
    name: str
    rule: str
    paytables: tuple[str, ...]
    """The shipped paytables that offer it."""


def other_bets(game) -> list[OtherBet]:
    """The bets of ``game``'s other shipped paytables that its default paytable lacks, in the
    order the paytables are listed, each with the paytables offering it (no sheet is built)."""
    default = set(game.bets)
    found: dict[str, tuple[str, str, list[str]]] = {}
    for name in shipped_names(game):
        if name == game.default_paytable:
            continue
        table = load_paytable(game, name)
        for bet_id in table.bets:
            if bet_id not in default:
                rule = table.rule(bet_id)
                found.setdefault(bet_id, (rule.name, rule.description or "", []))[2].append(name)
    return [OtherBet(b, n, r, tuple(p)) for b, (n, r, p) in found.items()]


def catalogue_entries(paytables=()) -> list[Entry]:
    """Every shipped paytable's bets (as :func:`_changes` selects them), then each paytable file
    given (a user's own), in the order ``odds games`` lists games and paytables."""
    out = []
    for game in all_games():
        for name in shipped_names(game):
            table = load_paytable(game, name)
            parent = None if name == game.default_paytable else _extends(game.id, name, None)
            out += _entries(game, table, table.source, _changes(game, table, parent))
    for path in paytables:
        game = get_game(read_game_of(path))
        table = load_paytable(game, path)
        out += _entries(game, table, path, _changes(game, table, _extends(game.id, None, path)))
    return out


def _cell(text: str) -> str:
    """Text for a Markdown table cell: one line, pipes escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _shoe_text(game) -> str:
    if game.uses_shoe:
        return f"{game.default_decks} decks, {game.counting}"
    return game.counting


def catalogue_md(paytables=(), entries=None) -> str:
    """The catalogue as Markdown (deterministic: no dates); ``entries``: :func:`catalogue_entries`
    when already computed."""
    entries = catalogue_entries(paytables) if entries is None else entries
    games = {g.id: g for g in all_games()}
    out = [
        "# Catalogue: every bet of every shipped paytable",
        "",
        "Grouped by game and paytable file. A game's default paytable lists all its bets; every other file "
        "lists only what it adds (*new*), a shipped bet it changes the rule of (*redefined*) or re-prices "
        "(*re-priced*); everything else in it is its parent's. Rule: the bet's description. House edge: "
        "exact, on the game's full default shoe (dice and wheels: every roll or pocket), pushes counted as "
        "pushes; a bet's full sheet is `<game>/<paytable>.md` beside this file. Source: the publication "
        "each catalogue bet is checked against (tests/test_catalogue.py reproduces every figure it prints).",
        "",
    ]
    by_file: dict[tuple[str, str, str], list[Entry]] = {}
    for e in entries:
        by_file.setdefault((e.game, e.paytable, e.file), []).append(e)
    current = None
    for (game_id, name, file), items in by_file.items():
        game = games[game_id]
        if game_id != current:
            out += [f"## {game.name} (`{game_id}`)", "", f"House edge on: {_shoe_text(game)}.", ""]
            current = game_id
        description = items[0].description.rstrip(".")
        out += [f"### {game_id} / `{name}`", "", f"{description}. File: `{file}`.", ""]
        rows = []
        for e in items:
            tag = f" ({e.change})" if e.change else ""
            if e.house_edge is None:
                rows.append(f"| `{e.bet}`{tag} | {_cell(e.name)} | {_cell(e.rule)} | {_unknown_text(e, name, game)} |")
                continue
            edge = percent(e.house_edge, 4)
            if not game.uses_shoe and e.total != game.deal.rows:
                edge += f" (counted over {e.total:,})"
            rows.append(f"| `{e.bet}`{tag} | {_cell(e.name)} | {_cell(e.rule)} | {edge} |")
        out += ["| bet | name | rule | house edge |", "|---|---|---|---:|", *rows, ""]
        sources: dict[str, list[str]] = {}
        for e in items:
            if e.source:
                sources.setdefault(" ".join(e.source.split()), []).append(f"`{e.bet}`")
        if sources:
            out += ["Sources:", ""]
            out += [f"- {', '.join(bets)}: {source}" for source, bets in sources.items()]
            out.append("")
        elif items:
            out += [f"Source: {NO_SOURCE}.", ""]
    out += ["## Index by name", "", "| name | bet | game | paytable |", "|---|---|---|---|"]
    for e in sorted(entries, key=lambda e: (e.name.lower(), e.game, e.paytable, e.bet)):
        out.append(f"| {_cell(e.name)} | `{e.bet}` | {e.game} | {e.paytable} |")
    return "\n".join(out) + "\n"


def unknown_weights(table, bet_id: str) -> bool:
    """A multiplier bet whose weights are left unknown: no figure until they are solved."""
    overlay = table.bet(bet_id).overlay
    return overlay is not None and not overlay.known


def _unknown_text(e: Entry, name: str, game) -> str:
    from .paytable import load_paytable

    published = load_paytable(game, name if e.file.startswith("odds/paytables/") else e.file).bet(e.bet).published_rtp
    return "weights unknown" + (f" (published RTP {published})" if published else "")


def catalogue_files(paytables=()) -> dict[str, str]:
    """The export producer: ``catalogue.md``."""
    return {"catalogue.md": catalogue_md(paytables)}
