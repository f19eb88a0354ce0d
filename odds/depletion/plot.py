"""Charts for ``--plot FILE`` (png or svg). matplotlib is the optional extra ``plot``.

* effects of removal: one panel per bet, a bar per card (effect on the expected value, in % of
  the stake);
* count: one panel per bet, the exact expectation by round number across the shoes dealt - mean,
  the 10-90% and 25-75% bands, the share of shoes whose expectation is positive (right axis) -
  with the bet's window marked.
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


def _save(fig, plt, path: str) -> None:
    """Write the chart whole or not at all (a temporary file in the same folder, then a rename),
    byte for byte the same for the same figures."""
    import matplotlib

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
        ax.set_xticks(range(len(values)), labels, fontsize=7 if len(values) > 13 else 9,
                      rotation=90 if len(values) > 13 else 0)
        ax.axhline(0, color="black", linewidth=0.6)
        ax.set_title(f"{bet.name}: EV {float(bet.expected_value) * 100:+.4f}%", fontsize=10)
        ax.set_ylabel("effect of removal (% of stake)", fontsize=8)
    fig.suptitle(title, fontsize=11)
    _save(fig, plt, path)


def plot_count(spec, tally, path: str, title: str) -> None:
    """For each bet, the spread of the exact expectation by round number, window marked."""
    plt = _pyplot(path)
    fig, axes = _grid(plt, len(spec.bet_ids))
    for ax, bet, window in zip(axes, spec.bet_ids, spec.windows):
        per_shoe = tally.round_values(bet)
        longest = max((len(v) for v in per_shoe), default=0)
        # rounds that at least 5% of shoes reach: beyond that the quantiles are noise
        reach = np.array([sum(len(v) > r for v in per_shoe) for r in range(longest)])
        rounds = int((reach >= max(1, 0.05 * len(per_shoe))).sum())
        if rounds == 0:
            ax.set_visible(False)
            continue
        matrix = np.full((len(per_shoe), rounds), np.nan)
        for i, v in enumerate(per_shoe):
            matrix[i, : min(rounds, len(v))] = v[:rounds] * 100
        x = np.arange(1, rounds + 1)
        q10, q25, q75, q90 = np.nanquantile(matrix, [0.1, 0.25, 0.75, 0.9], axis=0)
        ax.fill_between(x, q10, q90, color="tab:blue", alpha=0.15, label="10-90%")
        ax.fill_between(x, q25, q75, color="tab:blue", alpha=0.3, label="25-75%")
        ax.plot(x, np.nanmean(matrix, axis=0), color="tab:blue", linewidth=1.2, label="mean")
        ax.axhline(0, color="black", linewidth=0.6)
        if window is not None:
            ax.axvline(window + 0.5, color="tab:red", linestyle="--", linewidth=1, label=f"window ({window})")
        share = ax.twinx()
        share.plot(x, np.nanmean(np.where(np.isnan(matrix), np.nan, matrix > 0), axis=0) * 100,
                   color="tab:green", linewidth=0.9)
        share.set_ylabel("% of shoes positive", color="tab:green", fontsize=8)
        share.set_ylim(bottom=0)
        ax.set_title(bet, fontsize=10)
        ax.set_xlabel("round of the shoe", fontsize=8)
        ax.set_ylabel("exact EV (% of stake)", fontsize=8)
        ax.legend(fontsize=7, loc="upper left")
    fig.suptitle(title, fontsize=11)
    _save(fig, plt, path)
