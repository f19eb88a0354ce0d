"""``odds solve``: the pay of one outcome line for a target edge, and the practical pays around it."""

from __future__ import annotations

from . import exact, percent, records, shoe_json, table_width, to_json, wrap


def render_solution(s, game, shoe, grid_text: str, symbolic: bool, fmt: str) -> str:
    """``s``: a :class:`odds.design.solve.Solution`; ``shoe``: the shoe it was solved for (None
    for dice and wheels)."""
    if fmt == "json":
        data = {
            "game": s.game_id,
            "id": s.bet_id,
            "outcome": s.outcome,
            "paytable": s.paytable,
            "shoe": shoe_json(shoe),
            "target_house_edge": exact(s.target_edge),
            "pays": exact(s.pays),
            "pays_float": float(s.pays),
            "current_pays": exact(s.current_pays),
            "current_house_edge": exact(s.current_edge),
            "grid": grid_text,
            "nearby": [
                {"pays": exact(n.pays), "house_edge": exact(n.house_edge), "house_edge_float": float(n.house_edge)}
                for n in s.nearby
            ],
        }
        if symbolic:
            data["house_edge_in_pay"] = s.expression
            if s.commission_expression:
                data["house_edge_in_commission"] = s.commission_expression
        if s.commission is not None:
            data["commission"] = exact(s.commission)
        data["notes"] = s.notes
        return to_json(data)
    goal = (
        "break-even (house edge 0)"
        if s.target_edge == 0
        else f"house edge {percent(s.target_edge)} (RTP {percent(1 - s.target_edge)})"
    )
    lines = [
        wrap(f"{game.name}, {s.bet_id}: the pay of {s.outcome_label!r} ({s.outcome}) for {goal}"),
        wrap(
            f"Shoe: {shoe if shoe is not None else 'no shoe'}. Paytable: {s.paytable}; "
            f"the other lines of the bet stay as they are."
        ),
        "",
        f"Exact pay: {exact(s.pays)} to 1 = {float(s.pays):.10g}",
    ]
    if s.commission is not None:
        lines.append(f"As a commission on an even-money win: {exact(s.commission)} = {percent(s.commission)}")
    lines.append(
        wrap(f"Now it pays {exact(s.current_pays)}: house edge {percent(s.current_edge)} ({exact(s.current_edge)})")
    )
    if symbolic:
        # an expression is data: never cut in the middle
        lines += ["", f"House edge in the pay x: {s.expression}"]
        if s.commission_expression:
            lines.append(f"House edge in the commission c (pay = 1 - c): {s.commission_expression}")
    lines += ["", wrap(f"Practical pays around it ({grid_text}):"), ""]
    rows = [
        {
            "pays": exact(n.pays),
            "pays (decimal)": f"{float(n.pays):g}",
            "house edge": percent(n.house_edge),
            "exact house edge": exact(n.house_edge),
            "meets target": "yes" if n.house_edge >= s.target_edge else "no",
        }
        for n in s.nearby
    ]
    lines.append(records(rows, "table", width=table_width()).rstrip("\n"))
    for note in s.notes:
        lines.append(wrap(f"note: {note}"))
    return "\n".join(lines) + "\n"
