"""How sure is a win rate: confidence intervals, and how many games a comparison needs."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from ..core.names import html_name, nfc
from ..core.plain import real, whole
from ..core.quoting import brief, counted
from ..core.textformat import FormatsAsText
from .arguments import items


@dataclass(frozen=True)
class WinRate(FormatsAsText):
    """A win rate over ``games`` games with its confidence interval (Wilson's score interval).

    >>> r = WinRate(wins=62, games=100)
    >>> print(r)
    62% of 100 games: between 52% and 71% (95% confidence)
    >>> round(r.margin, 3)
    0.093
    >>> print(WinRate(wins=0, games=0))          # no games yet: anything is possible
    no games: between 0% and 100%
    """

    wins: float
    games: int
    confidence: float = 0.95

    def __post_init__(self) -> None:
        games = whole(self.games, 0, f"games should be an int ≥ 0 (at most {MAX_GAMES:.0e})",
                      most=MAX_GAMES)
        wins = real(self.wins, f"wins should be a number from 0 to games={brief(games)}", 0.0,
                    games)
        confidence = confidence_of(self.confidence)
        for name, value in (("wins", wins), ("games", games), ("confidence", confidence)):
            object.__setattr__(self, name, value)

    @property
    def rate(self) -> float:
        """Wins per game (NaN before any game)."""
        return self.wins / self.games if self.games else math.nan

    def _bounds(self) -> tuple[float, float]:
        if not self.games:
            return 0.0, 1.0
        z = _z(self.confidence)
        n, p = self.games, self.rate
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    @property
    def low(self) -> float:
        """The lower end of the Wilson interval of the win rate (at ``confidence``)."""
        return self._bounds()[0]

    @property
    def high(self) -> float:
        """The upper end of the Wilson interval of the win rate (at ``confidence``)."""
        return self._bounds()[1]

    @property
    def margin(self) -> float:
        """Half the width of the interval: the "±" of the win rate."""
        return (self.high - self.low) / 2

    def __str__(self) -> str:
        if not self.games:
            return "no games: between 0% and 100%"
        return (f"{self.rate:.0%} of {counted(self.games, 'game')}: between {self.low:.0%} and "
                f"{self.high:.0%} ({self.confidence:.0%} confidence)")


@dataclass(frozen=True)
class Shrinking(FormatsAsText):
    """Win rates of one agent after the first n games of a tournament, for several n."""

    agent: str
    rows: tuple[WinRate, ...]

    def __str__(self) -> str:
        lines = [f"{'games':>6} {'win rate':>9} {'95% interval':>15} {'±':>6}"]
        lines += [f"{r.games:>6} {r.rate:>9.0%} {f'{r.low:.0%} – {r.high:.0%}':>15} "
                  f"{r.margin:>6.1%}" for r in self.rows]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        body = "".join(f"<tr><td>{r.games}</td><td>{r.rate:.0%}</td><td>{r.low:.0%} – "
                       f"{r.high:.0%}</td><td>± {r.margin:.1%}</td></tr>" for r in self.rows)
        return (f"<p>{html_name(self.agent)}: win rate after the first n games</p><table><tr>"
                "<th>games n</th><th>win rate</th><th>95% interval</th><th>±</th></tr>"
                f"{body}</table>")


def shrinking(result: Any, agent: str, steps: Sequence[int]) -> Shrinking:
    """The win rate of ``agent`` (a label of the ``ArenaResult``) after the first ``n``
    games, for each ``n`` in ``steps``, with its 95 % interval: watch it shrink.

    >>> from tabletop.arena import arena
    >>> result = arena("lascaux", ["random"] * 3, games=40, seed=1, progress=False)
    >>> [(r.games, r.wins) for r in shrinking(result, "random", [10, 40]).rows]
    [(30, 10.0), (120, 40.0)]
    """
    played_games = getattr(result, "games", None)
    if not isinstance(played_games, Sequence):
        raise TypeError(f"shrinking needs an ArenaResult, not {brief(result)}")
    seats = sorted({who for g in played_games for who in g.seats})
    if isinstance(agent, str):  # (labels are NFC: "Zoë" typed with a combining accent too)
        agent = next((s for s in seats if nfc(s) == nfc(agent)), agent)
    if agent not in seats:
        raise ValueError(f"no seat of the tournament is called {brief(agent)}; its seats: "
                         f"{', '.join(map(repr, seats))}")
    rows = []
    for n in items(steps, "steps"):
        n = whole(n, 1, "each step should be a number of games ≥ 1")
        games = played_games[:n]
        wins = sum(g.credit(p) for g in games for p, who in enumerate(g.seats)
                   if who == agent)
        played = sum(who == agent for g in games for who in g.seats)
        rows.append(WinRate(float(wins), played))
    return Shrinking(agent, tuple(rows))


def games_needed(margin: float, rate: float = 0.5, confidence: float = 0.95) -> int:
    """How many games make the interval of a win rate near ``rate`` about ``± margin``.

    The margin shrinks with the square root of the games: half the margin, four times the
    games. A rate of one half is the worst case.

    >>> games_needed(0.05), games_needed(0.10), games_needed(0.05, rate=0.8)
    (385, 97, 246)
    """
    margin = real(margin, "margin should be a number above 0 and at most 1", 0.0, 1.0,
                  above=True)
    rate = real(rate, "rate should be a win rate from 0 to 1", 0.0, 1.0)
    z = _z(confidence)
    spread = z * z * rate * (1 - rate)
    if not spread:  # a sure thing: one game shows it, whatever the margin
        return 1
    games = spread / margin / margin  # (``margin * margin`` may round to 0)
    if games > MAX_GAMES:
        raise ValueError(f"margin {brief(margin)} is too small: it needs more than "
                         f"{MAX_GAMES:.0e} games")
    return max(1, math.ceil(games))


#: The most games ``games_needed`` answers (a smaller margin is refused, not counted).
MAX_GAMES = 1e15


#: The highest confidence level: nearer 1, the interval's edge rounds to 1 and its width
#: to infinity (``1 - 1e-16`` would pass ``< 1`` and fail in every interval).
MOST_CONFIDENCE = 1 - 1e-9


def confidence_of(value: object) -> float:
    """``value`` as a confidence level: a number between 0 and 1, both excluded (at most
    ``1 - 1e-9``); else a ``ValueError``.

    >>> confidence_of(1 - 1e-16)
    Traceback (most recent call last):
    ValueError: confidence should be a number between 0 and 1 (at most 1 - 1e-9), not 0.99...
    """
    rule = "confidence should be a number between 0 and 1 (at most 1 - 1e-9)"
    return real(value, rule, 0.0, MOST_CONFIDENCE, above=True)


def _z(confidence: object) -> float:
    """How many standard deviations a two-sided interval of ``confidence`` spans."""
    return NormalDist().inv_cdf(0.5 + confidence_of(confidence) / 2)
