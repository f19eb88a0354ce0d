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
        # an expression is data: wrapped only between its terms (at spaces), never inside a number
        lines += ["", wrap(f"House edge in the pay x: {s.expression}", hang="    ")]
        if s.commission_expression:
            lines.append(wrap(f"House edge in the commission c (pay = 1 - c): {s.commission_expression}", hang="    "))
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


def render_weights(fit, fmt: str) -> str:
    """``odds solve --weights``: ``fit`` is a :class:`odds.design.weights.WeightFit`."""
    from ..design.weights import interval_text

    if fmt == "json":
        return to_json(weights_json(fit))
    names = ", ".join(fit.unknowns) or "none"
    out = [
        wrap(
            f"{fit.game_id}, paytable {fit.paytable}: the unknown multiplier weights ({names}) that reproduce "
            f"the published RTPs at their printed precision. Shoe: {fit.shoe}."
        ),
        "",
    ]
    rows = [
        {
            "bet": b.bet_id,
            "published": b.target.text,
            "stands for": f"{percent(b.target.low, 4)} to {percent(b.target.high, 4)}",
            "RTP at the weights found": percent(fit.rtps_at_point[b.bet_id], 4)
            if b.bet_id in fit.rtps_at_point
            else "-",
        }
        for b in fit.bets
    ]
    out.append(records(rows, "table", width=table_width()).rstrip("\n"))
    out.append("")
    for b in fit.bets:
        out.append(wrap(f"{b.bet_id}: {b.constraint}", indent="", hang="  "))
        if len(fit.unknowns) == 1:
            out.append(f"  {fit.unknowns[0]} meeting it: {interval_text(b.feasible)}")
    out.append("")
    if len(fit.unknowns) == 1:
        (name,) = fit.unknowns
        out.append(wrap(f"Every figure at once: {name} in {interval_text(fit.feasible, exact=True)}", hang="  "))
    if fit.point is not None:
        point = ", ".join(f"{k} = {exact(v)} ({float(v):.6g})" for k, v in fit.point.items())
        out.append(wrap(f"Weights reproducing every published figure: {point}", hang="  "))
    for note in fit.notes:
        out.append(wrap(f"Note: {note}", hang="  "))
    return "\n".join(out) + "\n"


def weights_json(fit) -> dict:
    from ..design.weights import interval_json

    return {
        "game": fit.game_id,
        "paytable": fit.paytable,
        "shoe": fit.shoe,
        "unknowns": list(fit.unknowns),
        "bets": [
            {
                "id": b.bet_id,
                "published_rtp": b.target.text,
                "low": exact(b.target.low),
                "high": exact(b.target.high),
                "rtp": b.rtp.text,
                "constraint": b.constraint,
                "feasible": interval_json(b.feasible),
            }
            for b in fit.bets
        ],
        "feasible": interval_json(fit.feasible),
        "weights": {k: exact(v) for k, v in fit.point.items()} if fit.point is not None else None,
        "rtps_at_weights": {k: exact(v) for k, v in fit.rtps_at_point.items()},
        "found": fit.point is not None,
        "notes": list(fit.notes),
    }


def render_shoes_solution(result, game, shoes: list, grid_text: str, symbolic: bool, fmt: str) -> str:
    """``odds solve`` at several shoes (``--decks 1,6,8``) or moving several lines (``--line``):
    ``result`` a :class:`odds.design.solve.ShoesSolution`; ``shoes`` the shoes solved at, in
    order (None for dice and wheels)."""
    first = result.solutions[0]
    lines = first.lines
    unknown = "x" if lines is not None else "pays"

    def line_pays(x):
        return [{"outcome": k, "pays": exact(p), "pays_float": float(p)} for k, p in first.line_pays(x).items()]

    if fmt == "json":
        data = {
            "game": first.game_id,
            "id": first.bet_id,
            "paytable": first.paytable,
            "target_house_edge": exact(first.target_edge),
            "lines": [
                {"outcome": k, "pays_in_x": text, "current_pays": exact(first.current_line_pays[k])}
                for k, text in first.line_texts().items()
            ],
            "solutions": [
                {
                    "shoe": shoe_json(shoe),
                    "x": exact(s.pays),
                    "x_float": float(s.pays),
                    "pays": line_pays(s.pays),
                    "current_house_edge": exact(s.current_edge),
                    "current_house_edge_float": float(s.current_edge),
                    **({"house_edge_in_x": s.expression} if symbolic else {}),
                    **({"commission": exact(s.commission)} if s.commission is not None else {}),
                    "notes": s.notes,
                }
                for s, shoe in zip(result.solutions, shoes)
            ],
            "meets_target_at_every_shoe": result.met,
            "x_at_most": exact(result.at_most) if result.at_most is not None else None,
            "x_at_most_float": float(result.at_most) if result.at_most is not None else None,
            "x_at_least": exact(result.at_least) if result.at_least is not None else None,
            "x_at_least_float": float(result.at_least) if result.at_least is not None else None,
            "grid": grid_text,
            "nearby": [
                {
                    "x": exact(n.pays),
                    "x_float": float(n.pays),
                    "pays": line_pays(n.pays),
                    "house_edge": [exact(e) for e in n.house_edges],
                    "house_edge_float": [float(e) for e in n.house_edges],
                    "meets_target": n.meets_target,
                }
                for n in result.nearby
            ],
        }
        return to_json(data)
    goal = (
        "break-even (house edge 0)"
        if first.target_edge == 0
        else f"house edge {percent(first.target_edge)} (RTP {percent(1 - first.target_edge)})"
    )
    names = [str(shoe) if shoe is not None else "no shoe" for shoe in shoes]
    where = f" at {_listed(names)}" if len(shoes) > 1 else f". Shoe: {names[0]}"
    if lines is None:
        what = f"the pay of {first.outcome_label!r} ({first.outcome})"
    else:
        what = "the pays of " + ", ".join(f"{k} = {text}" for k, text in first.line_texts().items()) + " (x unknown)"
    out = [
        wrap(f"{game.name}, {first.bet_id}: {what} for {goal}{where}."),
        wrap(f"Paytable: {first.paytable}; the other lines of the bet stay as they are."),
        "",
    ]
    rows = []
    for s, name in zip(result.solutions, names):
        row = {"shoe": name, f"exact {unknown}": exact(s.pays), "decimal": f"{float(s.pays):.10g}"}
        if lines is not None:
            row["pays"] = ", ".join(f"{float(p):g}" for p in s.line_pays().values())
        row["house edge now"] = percent(s.current_edge)
        rows.append(row)
    out.append(records(rows, "table", width=table_width()).rstrip("\n"))
    now = (
        f"Now it pays {exact(first.current_pays)}."
        if lines is None
        else "Now: " + ", ".join(f"{k} pays {exact(p)}" for k, p in first.current_line_pays.items()) + "."
    )
    out += ["", wrap(now)]
    if symbolic:
        for s, name in zip(result.solutions, names):
            out.append(wrap(f"House edge in x, {name}: {s.expression}", hang="    "))
    out.append("")
    if not result.met:
        out.append(
            wrap(
                f"No {unknown} meets the target at every shoe: it takes at least {exact(result.at_least)} at one "
                f"and at most {exact(result.at_most)} at another."
            )
        )
    else:
        bounds = []
        if result.at_most is not None:
            bounds.append(f"at most {exact(result.at_most)} = {float(result.at_most):.10g}")
        if result.at_least is not None:
            bounds.append(f"at least {exact(result.at_least)} = {float(result.at_least):.10g}")
        every = " at every shoe" if len(shoes) > 1 else ""
        out.append(wrap(f"Meets the target{every}: {'x' if lines is not None else 'any pay'} {' and '.join(bounds)}."))
    out += ["", wrap(f"Practical {'values of x' if lines is not None else 'pays'} around it ({grid_text}):"), ""]
    table = []
    for n in result.nearby:
        row = {unknown: exact(n.pays)}
        if lines is not None:
            row["pays"] = ", ".join(exact(p) for p in first.line_pays(n.pays).values())
        else:
            row["pays (decimal)"] = f"{float(n.pays):g}"
        for name, e in zip(names, n.house_edges):
            row[name.split(" (")[0]] = percent(e)
        row["meets target"] = "yes" if n.meets_target else "no"
        table.append(row)
    out.append(records(table, "table", width=table_width()).rstrip("\n"))
    for s, name in zip(result.solutions, names):
        for note in s.notes:
            out.append(wrap(f"note ({name}): {note}"))
    return "\n".join(out) + "\n"


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
