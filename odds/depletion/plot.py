"""Charts for ``--plot FILE`` (png or svg). matplotlib is the optional extra ``plot``.

* effects of removal: one panel per bet, a bar per card (effect on the expected value, in % of
  the stake);
* count: per bet, what the study found - the mean exact expectation by true count (whole shoe
  and window), the bet frequency each trigger would give, the trigger; and by round of the shoe,
  the mean expectation, that of the rounds bet, the share bet, and the window.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from ..errors import OddsError
from ..files import replacing, target, usable

FORMATS = (".png", ".svg")


def check_plot_file(path: str) -> None:
    """Fail on a bad file name, a missing folder or a missing matplotlib (before any dealing)."""
    _pyplot(path)


def _pyplot(path: str):
    usable(path, "--plot")  # a NUL or a name too long for the file system: one line
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise OddsError(f"--plot {path}: write a .png or .svg file")
    folder = Path(path).parent
    if not folder.is_dir():
        raise OddsError(f"--plot {path}: there is no folder {folder}")
    target(path, "--plot")  # not a folder, a device (/dev/null) or another non-regular file
    try:
        import matplotlib
    except ImportError:
        raise OddsError("--plot needs matplotlib: pip install 'odds[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _pyplot_module():
    """matplotlib's pyplot drawing off screen, or None without matplotlib (for other charts and
    pages than --plot's: the lab sheet's PDF)."""
    try:
        import matplotlib
    except ImportError:
        return None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _grid(plt, panels: int, width: float = 6.0, height: float = 3.0):
    cols = 1 if panels == 1 else 2
    rows = math.ceil(panels / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(width * cols, height * rows), squeeze=False)
    for ax in axes.ravel()[panels:]:
        ax.set_visible(False)
    return fig, axes.ravel()


SVG_SALT = "odds"
"""matplotlib's ``svg.hashsalt``: the ids inside an SVG are hashes salted by it (by default a
random salt), so a fixed salt and no date stamp draw the same bytes for the same run."""


def _save(fig, plt, path: str, tight: bool = True) -> None:
    """Write the chart whole or not at all (a temporary file in the same folder, then a rename),
    byte for byte the same for the same figures."""
    import matplotlib

    if tight:
        fig.tight_layout()
    fmt = Path(path).suffix.lower().lstrip(".")
    try:
        with matplotlib.rc_context({"svg.hashsalt": SVG_SALT}), replacing(path, "--plot") as temp:
            fig.savefig(temp, format=fmt, metadata={"Date": None} if fmt == "svg" else {"Software": None})
    except OSError as exc:
        raise OddsError(f"--plot {path}: cannot write it ({exc.strerror or exc})") from None
    finally:
        plt.close(fig)


def plot_effects(bet_effects, path: str, title: str) -> None:
    """A bar per card for each bet: the exact effect of removing it, in % of the stake."""
    plt = _pyplot(path)
    fig, axes = _grid(plt, len(bet_effects), width=7.0 if any(len(b.effects) > 13 for b in bet_effects) else 6.0)
    for ax, bet in zip(axes, bet_effects):
        labels = [e.card for e in bet.effects]
        values = [float(e.effect) * 100 for e in bet.effects]
        colors = ["tab:green" if v > 0 else "tab:red" for v in values]
        ax.bar(range(len(values)), values, color=colors)
        ax.set_xticks(
            range(len(values)), labels, fontsize=7 if len(values) > 13 else 9, rotation=90 if len(values) > 13 else 0
        )
        ax.axhline(0, color="black", linewidth=0.6)
        ax.set_title(f"{bet.name}: EV {float(bet.expected_value) * 100:+.4f}%", fontsize=10)
        ax.set_ylabel("effect of removal (% of stake)", fontsize=8)
    fig.suptitle(title, fontsize=11)
    _save(fig, plt, path)


def _legend_below(ax, handles) -> None:
    """The panel's legend under its x label, so it covers neither the lines nor another label."""
    ax.legend(handles=handles, fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, frameon=False)


def plot_count(spec, tally, rows, path: str, title: str) -> None:
    """Per bet, by name, two panels. Left, what the count found: the mean exact expectation of the
    rounds at each true count (whole shoe and inside the window), the share of rounds at or above
    each true count (the bet frequency that trigger would give, right axis, log scale) and the
    trigger. Right, by round of the shoe: the mean expectation of every round and of the rounds
    the count bets, the share of rounds bet (right axis), and the window."""
    from .count import FIX, by_true_count

    plt = _pyplot(path)
    bets = list(spec.bet_ids)
    fig, axes = plt.subplots(len(bets), 2, figsize=(13.0, 4.6 * len(bets)), squeeze=False, layout="constrained")
    for (left, right), bet, row, window in zip(axes, bets, rows, spec.windows):
        t = tally.bets[bet]
        name = row.get("name") or bet
        least = max(20, t.rounds // 20000)  # true counts with too few rounds are noise
        # -- left: edge by true count ---------------------------------------------------------
        if row.get("tags_source") is None or not t.tc_rounds:
            left.text(
                0.5,
                0.5,
                "no linear count\n(every tag is zero)",
                ha="center",
                va="center",
                transform=left.transAxes,
                fontsize=10,
            )
            left.set_xticks([])
            left.set_yticks([])
            left.set_title(f"{name}: edge by true count", fontsize=9)
        else:
            lines = []
            table = by_true_count(t, tally.shoes, None)  # the table count --by-true-count prints

            def edge_where(rounds_key: str, ev_key: str, table=table, least=least):
                kept = [r for r in table if r[rounds_key] >= least]
                return np.array([r["true_count_floor"] for r in kept]), np.array([r[ev_key] * 100 for r in kept])

            x, edge = edge_where("rounds", "mean_expected_value")
            lines += left.plot(
                x, edge, color="tab:blue", marker=".", linewidth=1.2, label="mean EV at that true count, whole shoe"
            )
            if window is not None and t.tc_rounds_in_window:
                xw, edge_w = edge_where("rounds_in_window", "mean_expected_value_in_window")
                lines += left.plot(
                    xw,
                    edge_w,
                    color="tab:purple",
                    linestyle="--",
                    linewidth=1.0,
                    label=f"mean EV, first {window} rounds (window)",
                )
            lines.append(left.axhline(0, color="black", linewidth=0.6, label="break-even"))
            if row.get("count_trigger") is not None:
                how = "given" if row.get("trigger_source") == "given" else "best of the run"
                lines.append(
                    left.axvline(
                        row["count_trigger"],
                        color="tab:red",
                        linestyle="--",
                        linewidth=1.2,
                        label=f"trigger {row['count_trigger']:+.1f} ({how})",
                    )
                )
            share = left.twinx()
            xs = np.array([r["true_count_floor"] for r in table])
            shares = np.array([r["bet_frequency"] * 100 for r in table])
            keep = shares > 0
            lines += share.step(
                xs[keep],
                shares[keep],
                where="post",
                color="tab:green",
                linewidth=1.0,
                label="% of rounds at or above (bet frequency at that trigger)",
            )
            share.set_yscale("log")
            share.set_ylabel("% of rounds at or above", color="tab:green", fontsize=8)
            left.set_xlim(
                min(x[0], 0) - 1 if len(x) else -1, (max(x[-1], row.get("count_trigger") or 0) + 1) if len(x) else 1
            )
            left.set_xlabel("true count", fontsize=8)
            left.set_ylabel("exact EV (% of stake)", fontsize=8)
            freq = row.get("bet_frequency")
            found = (
                f"bets {freq * 100:.2f}% of rounds, edge {row['average_edge'] * 100:+.2f}%"
                if freq and row.get("average_edge") is not None
                else "never bets"
            )
            left.set_title(f"{name}: edge by true count ({found})", fontsize=9)
            _legend_below(left, lines)
        # -- right: by round of the shoe ----------------------------------------------------------
        per_round = np.array(t.by_round, dtype=object) if t.by_round else np.zeros((0, 4), dtype=object)
        reached = np.array([int(n) for n in per_round[:, 0]]) if len(per_round) else np.array([], dtype=int)
        rounds = int((reached >= max(1, 0.05 * tally.shoes)).sum())  # rounds that 5% of shoes reach
        if rounds == 0:
            right.set_visible(False)
            continue
        r = np.arange(1, rounds + 1)
        n = reached[:rounds].astype(float)
        mean = np.array([int(v) for v in per_round[:rounds, 1]]) / FIX / n * 100
        lines = right.plot(r, mean, color="tab:blue", linewidth=1.2, label="mean EV, every round")
        bets_n = np.array([int(v) for v in per_round[:rounds, 2]], dtype=float)
        if bets_n.any():
            won = np.array([int(v) for v in per_round[:rounds, 3]]) / FIX
            with np.errstate(invalid="ignore", divide="ignore"):
                lines += right.plot(
                    r,
                    np.where(bets_n > 0, won / bets_n * 100, np.nan),
                    color="tab:orange",
                    linewidth=1.0,
                    label="mean EV of the rounds the count bets",
                )
        lines.append(right.axhline(0, color="black", linewidth=0.6, label="break-even"))
        if window is not None:
            lines.append(
                right.axvline(
                    window + 0.5, color="tab:red", linestyle=":", linewidth=1.2, label=f"window: first {window} rounds"
                )
            )
        if bets_n.any():
            share = right.twinx()
            lines += share.plot(
                r, bets_n / n * 100, color="tab:green", linewidth=0.9, label="% of rounds the count bets"
            )
            share.set_ylabel("% of rounds bet", color="tab:green", fontsize=8)
            share.set_ylim(bottom=0)
        right.set_xlabel("round of the shoe", fontsize=8)
        right.set_ylabel("exact EV (% of stake)", fontsize=8)
        right.set_title(
            f"{name}: by round of the shoe"
            + ("" if bets_n.any() or row.get("trigger_source") != "best" else " (rounds bet: with --trigger)"),
            fontsize=9,
        )
        _legend_below(right, lines)
    fig.suptitle(title, fontsize=11)
    _save(fig, plt, path, tight=False)
