"""Pictures of a tournament (matplotlib, imported only when a plot is asked for): ratings
with their intervals, or win rates per agent and seat with Wilson intervals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.names import SHOWN, fit
from ..core.quoting import brief, counted, either
from .given import arena_result
from .optional import require as _require  # the name tests/test_notebook_requirements.py reads

if TYPE_CHECKING:  # matplotlib is an optional extra, imported when a plot is asked for
    from matplotlib.axes import Axes

    from .ratings import Ratings
    from .results import ArenaResult

KINDS = ("ratings", "win rate")


def shown(label: str) -> str:
    """A label as matplotlib should draw it: as typed (a ``$`` is a dollar, not the start of
    mathematics, which would draw ``$x$`` in italics and fail on ``$x^$``), its start only
    when it is long.

    >>> print(shown("$5 bot$"), shown("x" * 50)[-3:])
    \\$5 bot\\$ xx…
    """
    return fit(label, SHOWN).replace("$", "\\$")


def axes_of(ax: Any) -> Any:
    """``ax`` if it is ``None`` (new axes are made) or matplotlib axes; else a
    ``TypeError``, before anything is computed or drawn."""
    if ax is not None:
        axes = _require("matplotlib.axes", "plot")
        if not isinstance(ax, axes.Axes):
            raise TypeError(f"ax should be matplotlib axes or None, not {brief(ax)}")
    return ax


def plot(result: ArenaResult, ax: Axes | None = None, kind: str = "win rate") -> Axes:
    """Win rates per agent and seat with Wilson intervals (``kind="win rate"``), or the
    Bradley–Terry ratings with their intervals (``kind="ratings"``); returns the
    axes."""
    result = arena_result(result, "plot")
    if kind not in KINDS:
        raise ValueError(f"kind should be one of {either(KINDS, repr)}, not {brief(kind)}")
    axes_of(ax)
    if kind == "ratings":
        return plot_ratings(result.ratings(), ax=ax, title=f"{shown(result.game)}: "
                                                          f"{counted(len(result.games), 'game')}")
    return plot_win_rates(result, ax=ax)


def plot_ratings(ratings: Ratings, ax: Axes | None = None,
                 title: str | None = None) -> Axes:
    """Each agent's rating as a point with its interval, strongest at the top."""
    plt = _require("matplotlib.pyplot", "plot")
    axes_of(ax)
    rows = sorted(zip(ratings.rating, ratings.low, ratings.high, ratings.agents,
                      strict=True))
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 0.5 + 0.45 * len(rows)), layout="constrained")
    ys = range(len(rows))
    mid = [r for r, *_ in rows]
    ax.errorbar(mid, ys, xerr=[[r - lo for r, lo, _, _ in rows],
                               [hi - r for r, _, hi, _ in rows]],
                fmt="o", capsize=4)
    ax.set_yticks(list(ys), [shown(a) for *_, a in rows])
    ax.axvline(0, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel(f"Elo (Bradley–Terry), {ratings.confidence:.0%} intervals")
    ax.set_title(title or "ratings")
    return ax


def plot_win_rates(result: ArenaResult, ax: Axes | None = None) -> Axes:
    """Bars of each agent's win rate, overall (with its Wilson interval) and per seat,
    with the fair share marked."""
    plt = _require("matplotlib.pyplot", "plot")
    axes_of(ax)
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.2), layout="constrained")
    summary = result.summary()
    rates = result.win_rates()
    groups = ["all"] + [f"seat {p}" for p in range(result.players)]
    width = 0.8 / max(1, len(summary))
    handles, labels = [], []  # (given to the legend: it leaves out a label starting "_")
    for i, s in enumerate(summary):
        heights = [s.win_rate] + [r if r is not None else 0.0 for r in s.by_seat]
        xs = [g + (i - (len(summary) - 1) / 2) * width for g in range(len(groups))]
        handles.append(ax.bar(xs, heights, width=width))
        labels.append(shown(s.agent))
        if s.agent in rates:
            r = rates[s.agent]
            ax.errorbar([xs[0]], [r.rate], yerr=[[r.rate - r.low], [r.high - r.rate]],
                        color="black", capsize=3, linewidth=1)
    handles.append(ax.axhline(1 / result.players, color="grey", linestyle="--", linewidth=1))
    labels.append("fair share")
    ax.set_xticks(range(len(groups)), groups)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_title(f"{shown(result.game)}: {counted(len(result.games), 'game')}")
    ax.legend(handles, labels, fontsize="small")
    return ax
