"""What every command's ``--help`` ends with: examples to copy, and the GAME ids it takes.

One place for all of them (a test parses every example against its command's options, so an
example that names a gone option or argument fails), added to each command as it is registered
(:class:`odds.cli.LazyCommands`); the game ids come from the registry without importing a game.
"""

from __future__ import annotations

EXAMPLES: dict[str, list[str]] = {
    "games": ["odds games", "odds games | grep -i dragon", "odds games --format json"],
    "sheet": [
        "odds sheet baccarat --bet tie",
        "odds sheet baccarat --decks 6 --remove 5x3,K,Th --format csv",
        "odds sheet baccarat --bet tie --pay tie.tie=9",
        "odds sheet baccarat --paytable ez-baccarat --bet dragon-7",
        "odds sheet baccarat --summary --format csv > summary.csv",
    ],
    "export": ["odds export", "odds export --check", "odds export --paytable mine.toml --only"],
    "batch": ["odds batch baccarat --file shoes.txt --bet banker --format csv"],
    "eor": ["odds eor baccarat --bet big", "odds eor tiger-baccarat --bet big-tiger --plot eor.png"],
    "tags": ["odds tags baccarat big --level 3", "odds tags tiger-baccarat big-tiger --format json"],
    "count": [
        "odds count baccarat --bet dragon-bonus-player --shoes 2000",
        "odds count tiger-baccarat --bet big-tiger --tags 0,0,-1,-1,-1,-2,1,2,2,0 --trigger 8",
        "odds count tiger-baccarat --bet big-tiger --ramp 4=1,8=2,12=4 --format json",
        "odds count baccarat --bet tie --by-true-count --format csv > by-tc.csv",
        "odds count baccarat --bet tie --replay shoes.txt",
    ],
    "strategy": ["odds strategy player-dealer-baccarat", "odds strategy player-dealer-baccarat --decks 6"],
    "solve": [
        "odds solve baccarat tie --rtp 97%",
        "odds solve baccarat banker --symbolic",
        "odds solve baccarat --paytable lightning --weights",
    ],
    "simulate": ["odds simulate baccarat --rounds 100000", "odds simulate sic-bo --rounds 50000 --format json"],
    "vectors": [
        "odds vectors --game dragon-tiger --out dt.json",
        "odds vectors --rounds --game baccarat --out rounds.json",
    ],
    "check": ["odds check mine.toml", "odds check mine.toml --format json"],
    "verify": ["odds verify dt.json", "odds verify mine.json --format json", "odds verify mine.json --format csv"],
    "features": ["odds features baccarat", "odds features sic-bo --format json"],
    "settle": [
        "odds settle baccarat 4s,Kh,Ad,4c,2h,9d",
        "odds settle roulette 11 --bet split:8-11 --bet straight:17",
        "odds settle sic-bo 4,4,4 --bet total:12 --bet triple:4 --format json",
        "odds settle baccarat --file rounds.jsonl",
    ],
    "compare": [
        "odds compare baccarat --bet tie --decks 1,6,8 --paytable seed,tie-9",
        "odds compare dragon-tiger --format csv",
    ],
    "track": ["odds track baccarat", "odds track baccarat --decks 6 --port 8080"],
    "audit": ["odds audit session.csv", "odds audit session.json --format json"],
}
"""Command name -> example command lines (shell syntax)."""


def epilog(name: str, takes_game: bool) -> str | None:
    """The text after a command's options: its examples, then, for a command taking GAME, the
    game ids (click keeps a paragraph after ``\\b`` as written)."""
    from ..games import game_ids

    parts = []
    if name in EXAMPLES:
        parts.append("\b\nExamples:\n" + "\n".join(f"  {line}" for line in EXAMPLES[name]))
    if takes_game:
        import textwrap

        ids = textwrap.wrap(", ".join(game_ids()) + ".", 76, break_on_hyphens=False)  # an id is never cut
        parts.append("\b\nGAME is one of (odds games lists their bets):\n" + "\n".join(f"  {line}" for line in ids))
    return "\n\n".join(parts) or None
