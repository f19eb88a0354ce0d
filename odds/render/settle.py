"""A settled round (:class:`odds.settle.Settlement`) in each format.

JSON is data: ``{"game", "paytable", "cards", "hands", "bets": [{"id", "outcome", "net"}],
"left_out"}`` with each ``net`` an exact fraction string. The text and Markdown views say in
words who drew and why (the row of the drawing table); CSV is one row per bet.
"""

from __future__ import annotations

import json

from . import exact, records


def settle_json(s) -> dict:
    return {
        "game": s.game.id,
        "paytable": s.paytable.name,
        "cards": list(s.cards),
        "hands": [hand_json(h) for h in s.hands],
        "bets": [{"id": b.id, "outcome": b.outcome, "net": exact(b.net)} for b in s.bets],
        "left_out": list(s.left_out),
        **({"multipliers": {k: exact(v) for k, v in s.multipliers.items()}} if s.multipliers else {}),
    }


def settle_line(line, settled=None, error: str | None = None) -> str:
    """One line of ``odds settle --file``'s output: the input line's number (and ``id``, when it
    gave one), then the settlement as ``--format json`` writes it, or the ``error`` (one line)."""
    head = {"line": line.number, **({"id": line.id} if line.id is not None else {})}
    body = {"error": error} if error is not None else settle_json(settled)
    return json.dumps({**head, **body}, separators=(", ", ": ")) + "\n"


def hand_json(h) -> dict:
    out = {"hand": h.hand, "cards": list(h.cards), "total": h.total}
    if h.rule is not None:
        out.update(two_card_total=h.two_card_total, draws=h.draws, rule=h.rule)
        if h.rule == "table-2":
            out["player_third"] = h.player_third
    if h.option is not None:
        out["option"] = dict(h.option)
    out.update(h.details)
    return out


def render_settle(s, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(settle_json(s), indent=2) + "\n"
    rows = [{"bet": b.id, "outcome": b.outcome, "net": b.net} for b in s.bets]
    if fmt == "csv":
        return records(rows, "csv")
    md = fmt == "md"
    h1, h2 = ("# ", "## ") if md else ("", "")
    bullet = "- " if md else "  "
    out = [f"{h1}{s.game.name}: one round, paytable {s.paytable.name}", ""]
    if s.order is not None:
        out += [f"Cards in dealing order: {' '.join(map(str, s.cards))}{f' ({s.order})' if s.order else ''}", ""]
    for h in s.hands:
        out.append(f"{bullet}{hand_line(h)}")
    drawing = drawing_lines(s)
    if drawing:
        out += (
            ["", f"{h2}Drawing" if md else "Drawing:"] + ([""] if md else []) + [f"{bullet}{line}" for line in drawing]
        )
    result = result_line(s)
    if result:
        out += ["", f"Result: {result}"]
    if s.multipliers:
        out += ["", "Multipliers: " + ", ".join(f"{k} x{exact(v)}" for k, v in s.multipliers.items())]
    out += [
        "",
        records(
            [{**r, "net": exact(r["net"]), "outcome": f"{b.label} ({b.outcome})"} for r, b in zip(rows, s.bets)], fmt
        ).rstrip("\n"),
    ]
    if s.left_out:
        out += ["", f"Not settled ({s.why_left_out}): {', '.join(s.left_out)}"]
    return "\n".join(out) + "\n"


def hand_line(h) -> str:
    cards = " ".join(map(str, h.cards))
    if h.hand == "dice":
        return f"dice {cards}: total {h.total}"
    if h.hand == "wheel":
        return f"the ball lands on {h.details['number']} ({h.details['colour']})"
    if h.rule is None:
        return f"{h.hand} {cards}" + (f": total {h.total}" if h.total is not None else "")
    third = f", then {h.cards[2]}" if h.draws else ""
    return f"{h.hand} {' '.join(map(str, h.cards[:2]))} = {h.two_card_total}{third}: total {h.total}"


def drawing_lines(s) -> list[str]:
    """Who drew and why, one line per hand, naming the row of the drawing table."""
    from ..games.punto_banco import stood_row, table_1_row, table_2_row

    hands = [h for h in s.hands if h.rule is not None]
    if len(hands) != 2:
        return []
    player, banker = hands
    lines = []
    if player.rule == "natural":
        for h, other in ((player, banker), (banker, player)):
            if h.two_card_total >= 8:
                lines.append(f"{h.hand} {h.two_card_total}: a natural, no more cards")
            else:
                lines.append(f"{h.hand} {h.two_card_total} stands: the {other.hand} has a natural")
        return lines
    totals, _ = table_1_row(player.two_card_total)
    lines.append(
        f"player {player.two_card_total} {'draws' if player.draws else 'stands'} "
        f"(Table 1: {ranged(totals)} {'draw' if player.draws else 'stand'})"
    )
    if player.option is not None:
        o = player.option
        lines.append(
            f"player {o['player_hand']} against a dealer {o['dealer_up_card']}: the option on 5; the hit card "
            f"is dealt either way (standing settles on {o['stand_total']}, hitting on {o['hit_total']}; "
            f"the best choice for a full shoe: {o['best_choice']})"
        )
    b = banker.two_card_total
    if banker.rule == "player-stood":
        lines.append(
            f"{banker.hand} {b} {'draws' if banker.draws else 'stands'}: the player stood "
            f"({banker.hand} draws on {ranged(stood_row())}, stands on "
            f"{ranged([t for t in range(8) if t not in stood_row()])})"
        )
    else:
        draw_on, stand_on = table_2_row(b)
        row = (f"{b} draws on {ranged(draw_on)}" if draw_on else f"{b} stands") + (
            f", stands on {ranged(stand_on)}" if draw_on and stand_on else ""
        )
        lines.append(
            f"{banker.hand} {b} {'draws' if banker.draws else 'stands'} on a player third card of "
            f"{banker.player_third} (Table 2: {row})"
        )
    return lines


def result_line(s) -> str:
    hands = {h.hand: h for h in s.hands}
    if "player" in hands and len(hands) == 2:
        ((name, other),) = [(n, h) for n, h in hands.items() if n != "player"]
        p, o = hands["player"].total, other.total
        if p == o:
            return f"a tie, {p} to {o}"
        return f"{'player' if p > o else name} wins, {max(p, o)} to {min(p, o)}"
    if "dragon" in hands:
        d, t = hands["dragon"].details["rank"], hands["tiger"].details["rank"]
        return "a tie" if d == t else f"{'dragon' if d > t else 'tiger'} wins"
    return ""


def ranged(values) -> str:
    """``0-5``; ``2-7``; ``0, 1, 8, 9``: runs of three or more as ranges.

    >>> ranged([0, 1, 2, 3, 4, 5]), ranged([0, 1, 8, 9]), ranged([6, 7]), ranged([3])
    ('0-5', '0, 1, 8, 9', '6-7', '3')
    """
    values = sorted(values)
    runs: list[list[int]] = []
    for v in values:
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    parts = []
    for run in runs:
        if len(run) >= 3 or (len(run) == 2 and len(runs) == 1):
            parts.append(f"{run[0]}-{run[-1]}")
        else:
            parts.extend(str(v) for v in run)
    return ", ".join(parts)
