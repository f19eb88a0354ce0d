"""``odds check FILE``: the notes on a paytable, one line each, or as JSON."""

from __future__ import annotations

from ..errors import shown
from . import to_json, wrap


def render_check(path: str, game, notes, failed, bets: int, fmt: str) -> str:
    """``notes``: :class:`odds.check.Note` s; ``failed``: ``(bet, error)`` of bets not counted (in
    JSON; the text view leaves them to the error lines on stderr)."""
    if fmt == "json":
        return to_json(
            {
                "paytable": path,
                "game": game.id,
                "bets": bets,
                "notes": [{"kind": n.kind, "bet": n.bet, "outcome": n.outcome, "text": n.text} for n in notes],
                "failed": [{"bet": bet, "error": error} for bet, error in failed],
            }
        )
    lines = [wrap(f"{n.kind}: {n.text}", hang="  ") for n in notes]
    if not lines and not failed:
        lines = [f"{shown(path, 200)}: no notes on its {bets} bets ({game.id}, full shoe)"]
    return "\n".join(lines) + "\n"


def note_lines(notes) -> list[str]:
    """The notes as ``sheet`` prints them on stderr."""
    return [f"note: {n.text}" for n in notes]
