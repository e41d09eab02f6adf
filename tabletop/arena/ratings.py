"""How strong is each agent, and how sure are we: win rates with Wilson intervals,
head-to-head tables, and Bradley–Terry ratings on the Elo scale with bootstrap intervals.

Every game counts once for every pair of seats held by different agents: the agent with
the larger share of the win takes the point, an equal share (a draw, a shared win) is half
a point each. Bradley–Terry fits one strength per agent to those points (by Hunter's MM
algorithm, with one pseudo-game drawn between every pair that met, so that an agent that
never lost still gets a finite rating); ratings are ``400 log10(strength)``, Elo points,
and a difference ``d`` means an expected score of ``1 / (1 + 10 ** (-d / 400))``.

Each interval is the wider of two: the percentiles of refits on games resampled with
replacement (seeded: the same call gives the same intervals; it respects that one game of
several players scores several pairs at once), and the normal approximation from the
curvature of the fit's likelihood, pseudo-games included (which does not collapse when
every resampled game tells the same story: after a clean sweep or only draws, the bootstrap
alone gives an interval of zero width). An agent that met no other agent has no rating
(``nan``, shown "no games", or "no opponents" if it only played itself), and so
has every agent when the agents fall into groups that never met (their ratings cannot be
compared: "not comparable").

>>> import numpy as np
>>> wins = np.array([[0.0, 30.0], [10.0, 0.0]])     # a beat b 30 times, lost 10
>>> elo = 400 * np.log10(bradley_terry(wins, prior=0.0))
>>> round(float(elo[0] - elo[1]))                    # 3 to 1: 191 Elo points
191
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING

import numpy as np

from ..core.names import SHOWN, fit, html_name, nfc, padded, right, width
from ..core.plain import real, whole
from ..core.quoting import brief
from ..core.readonly import readonly_array
from ..core.record import MAX_SEED
from ..core.textformat import FormatsAsText
from ..teaching.winrate import WinRate, confidence_of
from .given import arena_result

if TYPE_CHECKING:
    from matplotlib.axes import Axes  # (an optional extra)

    from .results import ArenaResult


def win_rates(result: ArenaResult, confidence: float = 0.95) -> dict[str, WinRate]:
    """Each agent's win rate (a shared win counts ``1/k``) with its Wilson interval.

    >>> from tabletop.arena import arena
    >>> r = arena("lascaux", ["mcts-weak", "random", "random"], games=3, progress=False)
    >>> sorted(r.win_rates())
    ['mcts-weak', 'random']
    """
    result = arena_result(result, "win_rates")
    return {s.agent: WinRate(s.wins, s.games, confidence)
            for s in result.summary() if s.games}


def _points(result: ArenaResult) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray,
                                          np.ndarray]:
    """The agents, and one entry per (game, pair of agents): the game, the two agents and
    the first one's points (1, ½ or 0)."""
    agents = list(dict.fromkeys(result.agents))
    number = {a: i for i, a in enumerate(agents)}
    game, first, second, points = [], [], [], []
    for k, g in enumerate(result.games):
        for s in range(len(g.seats)):
            for t in range(s + 1, len(g.seats)):
                a, b = g.seats[s], g.seats[t]
                if a == b:
                    continue
                cs, ct = g.credit(s), g.credit(t)
                game.append(k)
                first.append(number[a])
                second.append(number[b])
                points.append(1.0 if cs > ct else 0.0 if cs < ct else 0.5)
    return (agents, np.array(game, dtype=int), np.array(first, dtype=int),
            np.array(second, dtype=int), np.array(points, dtype=float))


def _wins(n: int, first: np.ndarray, second: np.ndarray, points: np.ndarray,
          weight: np.ndarray | None = None) -> np.ndarray:
    w = np.ones_like(points) if weight is None else weight
    wins = np.zeros((n, n))
    np.add.at(wins, (first, second), w * points)
    np.add.at(wins, (second, first), w * (1 - points))
    return wins


@dataclass(frozen=True, eq=False, repr=False)
class Pairwise(FormatsAsText):
    """Head to head: ``points[i, j]`` scored by ``agents[i]`` against ``agents[j]`` over
    ``games[i, j]`` meetings, which came from ``played[i, j]`` independent games.

    A game where an agent holds several seats is several meetings of one pair, and they go
    together (when the other agent wins, it beats every one of those seats), so they are
    not independent trials: ``played`` counts each game once — (Σm)² / Σm² of the
    meetings ``m`` the pair had in each game, rounded down, which is the number of games
    in which they met when every game seats them alike. Without ``played`` every meeting
    is taken for a game of its own.
    """

    agents: tuple[str, ...]
    points: np.ndarray
    games: np.ndarray
    played: np.ndarray | None = None

    def __post_init__(self) -> None:  # read-only copies: nothing changes the table after
        object.__setattr__(self, "points", readonly_array(np.asarray(self.points, float)))
        object.__setattr__(self, "games", readonly_array(np.asarray(self.games, int)))
        played = self.games if self.played is None else self.played
        object.__setattr__(self, "played", readonly_array(np.asarray(played, int)))

    def rate(self, a: str, b: str, confidence: float = 0.95) -> WinRate:
        """How often ``a`` beat ``b`` (draws count half), with its Wilson interval over the
        ``played`` games they met in (not their meetings, which one game ties together).

        >>> from tabletop.arena import arena
        >>> r = arena("lascaux", ["mcts-weak", "random", "random"], games=3, progress=False)
        >>> r.pairwise().rate("mcts-weak", "random").games   # 6 meetings in 3 games
        3
        """
        i, j = known_agent(self.agents, a), known_agent(self.agents, b)
        played = self.played
        assert played is not None  # (``__post_init__`` fills it in)
        meetings, games = int(self.games[i, j]), int(played[i, j])
        share = float(self.points[i, j]) / meetings if meetings else 0.0
        return WinRate(min(share * games, games), games, confidence)

    def _cell(self, i: int, j: int) -> str:
        return "–" if not self.games[i, j] else f"{self.points[i, j] / self.games[i, j]:.0%}"

    def __str__(self) -> str:
        shown = [fit(a, SHOWN) for a in self.agents]
        w = max([10, *(width(a) + 2 for a in shown)])  # (a wide letter takes 2 columns)
        lines = [" " * w + "".join(right(a, w) for a in shown)]
        lines += [padded(a, w) + "".join(f"{self._cell(i, j):>{w}}"
                                        for j in range(len(self.agents)))
                  for i, a in enumerate(shown)]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html_name(a)}</th>" for a in self.agents)
        body = "".join(f"<tr><th>{html_name(a)}</th>" + "".join(
            f"<td>{self._cell(i, j)}</td>" for j in range(len(self.agents))) + "</tr>"
            for i, a in enumerate(self.agents))
        return (f"<p>row's score against column (draws count half)</p>"
                f"<table><tr><th></th>{head}</tr>{body}</table>")


def pairwise(result: ArenaResult) -> Pairwise:
    """The head-to-head table of ``result``.

    >>> from tabletop.arena import arena
    >>> r = arena("lascaux", ["mcts-weak", "random", "random"], games=3, progress=False)
    >>> table = r.pairwise()
    >>> int(table.games[0, 1]), table.rate("random", "random").games
    (6, 0)
    """
    agents, game, first, second, points = _points(arena_result(result, "pairwise"))
    meetings = np.zeros((len(agents), len(agents)), dtype=int)
    np.add.at(meetings, (first, second), 1)
    meetings += meetings.T
    return Pairwise(tuple(agents), _wins(len(agents), first, second, points), meetings,
                    _independent(len(agents), game, first, second))


def _independent(n: int, game: np.ndarray, first: np.ndarray, second: np.ndarray
                 ) -> np.ndarray:
    """For each pair of agents, the games their meetings are worth: (Σm)² / Σm² over the
    meetings ``m`` they had in each game (rounded down; the games they met in when every
    game gave them as many meetings)."""
    low, high = np.minimum(first, second), np.maximum(first, second)
    per_game: dict[tuple[int, int, int], int] = {}
    for key in zip(game.tolist(), low.tolist(), high.tolist(), strict=True):
        per_game[key] = per_game.get(key, 0) + 1
    total, squares = np.zeros((n, n)), np.zeros((n, n))
    for (_, i, j), m in per_game.items():
        total[i, j] += m
        squares[i, j] += m * m
    worth = np.floor(np.divide(total ** 2, squares, out=np.zeros((n, n)),
                               where=squares > 0) + 1e-9)
    return (worth + worth.T).astype(int)


def bradley_terry(wins: np.ndarray, prior: float = 1.0, tol: float = 1e-10,
                  steps: int = 10_000) -> np.ndarray:
    """Bradley–Terry strengths (geometric mean 1) from ``wins[i, j]``, the points ``i``
    scored against ``j``; ``prior`` pseudo-games drawn between every pair that met.

    ``wins`` is a square table of finite points ≥ 0 (at most ``MOST_POINTS`` each),
    ``prior`` a finite number ≥ 0, ``tol`` one > 0 and ``steps`` an int ≥ 1; anything else
    is a ``ValueError`` saying which (a negative or NaN count gave strengths of 1 as if
    nothing were known).

    >>> bradley_terry([[0, -1], [1, 0]])
    Traceback (most recent call last):
    ValueError: wins should be a square table of finite points ≥ 0 (at most 1e+12 each), ...
    """
    wins = _table(wins)
    prior = real(prior, "prior should be a finite number ≥ 0 (pseudo-games per pair)", 0.0)
    tol = real(tol, "tol should be a finite number > 0", 0.0, above=True)
    steps = whole(steps, 1, "steps should be an int ≥ 1 (at most 10**7)", most=10**7)
    met = (wins + wins.T) > 0
    wins = wins + met * prior / 2
    games = wins + wins.T
    total = wins.sum(axis=1)
    p = np.ones(len(wins))
    for _ in range(steps):
        denominator = (games / (p[:, None] + p[None, :])).sum(axis=1)
        new = np.where(denominator > 0, total / np.where(denominator > 0, denominator, 1),
                       1.0)
        new = np.maximum(new, 1e-12)
        new /= np.exp(np.log(new).mean())
        if np.max(np.abs(new - p)) < tol:
            return new
        p = new
    return p


#: The most points one agent may have scored against another in ``bradley_terry``'s table.
MOST_POINTS = 1e12


def _table(wins: object) -> np.ndarray:
    """``wins`` as a square float array of finite points from 0 to ``MOST_POINTS``."""
    rule = (f"wins should be a square table of finite points ≥ 0 (at most {MOST_POINTS:g} "
            f"each), not {brief(wins)}")
    try:
        table = np.array(wins, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(rule) from None
    if table.ndim != 2 or table.shape[0] != table.shape[1] or not table.size \
            or not np.all((table >= 0) & (table <= MOST_POINTS)):
        raise ValueError(rule)
    return table


def _elo_text(points: float) -> str:
    """Elo points as a whole number; one that rounds to nothing reads ``0``, not ``-0``.

    >>> _elo_text(-0.4), _elo_text(12.5), _elo_text(-13.6)
    ('0', '12', '-14')
    """
    return f"{round(points, 0) + 0.0:.0f}"  # -0.0 + 0.0 is 0.0


@dataclass(frozen=True, repr=False)
class Ratings(FormatsAsText):
    """Elo-scale ratings (``rating``) with their intervals (``low``, ``high``): the wider of
    the bootstrap's and the normal approximation's (see the module). All three are ``nan``
    for an agent that has no rating (no game against another agent, or groups of agents
    that never met). ``met`` is each agent's meetings with other agents (``()``: not
    known), which tells an agent that only played itself from one that is not comparable."""

    agents: tuple[str, ...]
    rating: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    games: tuple[int, ...]
    confidence: float
    samples: int
    met: tuple[int, ...] = ()

    def __getitem__(self, agent: str) -> tuple[float, float, float]:
        """``(rating, low, high)`` of ``agent``."""
        i = known_agent(self.agents, agent)
        return self.rating[i], self.low[i], self.high[i]

    def ranked(self) -> list[str]:
        """The agents, strongest first (those without a rating last)."""
        return [a for a, *_ in self._rows()]

    def _rows(self) -> list[tuple[str, float, float, float, int]]:
        rows = zip(self.agents, self.rating, self.low, self.high, self.games, strict=True)
        return sorted(rows, key=lambda r: (math.isnan(r[1]), -r[1] if r[1] == r[1] else 0))

    def _cells(self) -> list[tuple[str, str, str, int]]:
        """Each row as text: agent, Elo, interval, games."""
        met = dict(zip(self.agents, self.met, strict=True)) if self.met else {}
        return [(a, "–" if math.isnan(r) else _elo_text(r),
                 ("no games" if not n else "no opponents" if met.get(a) == 0
                  else "not comparable") if math.isnan(r)
                 else f"{_elo_text(lo)} … {_elo_text(hi)}", n)
                for a, r, lo, hi, n in self._rows()]

    def __str__(self) -> str:
        w = max([10, *(width(fit(a, SHOWN)) + 2 for a in self.agents)])  # (wide letters: 2)
        lines = [f"{'agent':<{w}}{'Elo':>7}{f'{self.confidence:.0%} interval':>18}"
                 f"{'games':>7}"]
        lines += [f"{padded(fit(a, SHOWN), w)}{r:>7}{span:>18}{n:>7}"
                  for a, r, span, n in self._cells()]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        body = "".join(f"<tr><td>{html_name(a)}</td><td>{r}</td><td>{span}</td><td>{n}</td></tr>"
                       for a, r, span, n in self._cells())
        return (f"<p>Bradley–Terry ratings (Elo points), {self.confidence:.0%} intervals: "
                f"the wider of {self.samples} bootstrap resamplings' and the normal "
                f"approximation's</p><table><tr><th>agent</th>"
                f"<th>Elo</th><th>interval</th><th>games</th></tr>{body}</table>")

    def plot(self, ax: Axes | None = None) -> Axes:
        """The ratings as points with their intervals (matplotlib); returns the axes."""
        from .plots import plot_ratings

        return plot_ratings(self, ax=ax)


def ratings(result: ArenaResult, samples: int = 200, seed: int = 0,
            confidence: float = 0.95, anchor: str | None = None,
            prior: float = 1.0) -> Ratings:
    """Bradley–Terry ratings of ``result``'s agents on the Elo scale, centred on 0 (or with
    ``anchor``'s rating 0), with ``confidence`` intervals: the wider of the percentiles of
    ``samples`` bootstrap resamplings of the games (drawn from
    ``numpy.random.default_rng(seed)``) and the normal approximation from the fit's
    curvature (``prior`` pseudo-games drawn per pair included), so that a clean sweep or
    a run of draws still gets an interval of some width. Agents without a rating get
    ``nan`` (see the module).

    >>> from tabletop.arena import arena
    >>> r = arena("lascaux", ["mcts-weak", "random", "random"], games=4, progress=False)
    >>> elo = r.ratings(samples=50, anchor="random")
    >>> elo["random"]
    (0.0, 0.0, 0.0)
    """
    result = arena_result(result, "ratings")
    samples, seed, confidence, prior = _settings(samples, seed, confidence, prior)
    agents, game, first, second, points = _points(result)
    if anchor is not None:
        known_agent(tuple(agents), anchor)
    n = len(agents)
    wins = _wins(n, first, second, points)
    centre = _centre(agents, wins, anchor)
    best = _elo(wins, prior, centre)
    tail = (1 - confidence) / 2
    spread = NormalDist().inv_cdf(1 - tail) * _standard_errors(wins, prior, centre)
    low, high = best - spread, best + spread
    if samples:
        draws = _bootstrap(n, result, game, first, second, points, prior, centre, samples,
                           seed)
        low = np.minimum(low, np.quantile(draws, tail, axis=0))
        high = np.maximum(high, np.quantile(draws, 1 - tail, axis=0))
    unrated = np.isnan(best) | np.isinf(spread)
    low, high = np.where(unrated, np.nan, low), np.where(unrated, np.nan, high)
    played = {s.agent: s.games for s in result.summary()}
    return Ratings(tuple(agents), _floats(np.where(unrated, np.nan, best)),
                   _floats(np.minimum(low, best)), _floats(np.maximum(high, best)),
                   tuple(played.get(a, 0) for a in agents), confidence, samples,
                   tuple(np.bincount(np.concatenate([first, second]), minlength=n).tolist()))


def _centre(agents: list[str], wins: np.ndarray, anchor: str | None) -> np.ndarray:
    """The weights whose sum over the Elo of the agents is 0: the anchor's alone, or the
    mean of those that met another agent (all zero if none did)."""
    weights = np.zeros(len(agents))
    if anchor is not None:
        weights[agents.index(anchor)] = 1.0
        return weights
    rated = ((wins + wins.T) > 0).any(axis=1)
    if rated.any():
        weights[rated] = 1.0 / rated.sum()
    return weights


def _elo(wins: np.ndarray, prior: float, centre: np.ndarray) -> np.ndarray:
    """Elo from the fit of ``wins``, with ``centre``'s weighted sum 0; ``nan`` for an agent
    that met no other."""
    elo = 400 * np.log10(bradley_terry(wins, prior))
    elo = elo - centre @ elo
    return np.where(((wins + wins.T) > 0).any(axis=1), elo, np.nan)


def _standard_errors(wins: np.ndarray, prior: float, centre: np.ndarray) -> np.ndarray:
    """Each centred Elo's standard error from the curvature of the log-likelihood at the
    fit (``prior`` pseudo-games drawn per pair that met included); ``inf`` where the games
    do not tie it to the centre (groups of agents that never met)."""
    met = (wins + wins.T) > 0
    games = (wins + wins.T) + met * prior
    p = bradley_terry(wins, prior)
    share = p[:, None] / (p[:, None] + p[None, :])
    weight = games * share * share.T  # each pair's information: n p (1 - p)
    information = np.diag(weight.sum(axis=1)) - weight
    covariance = np.linalg.pinv(information)
    group = _groups(met)
    errors = np.empty(len(wins))
    for i in range(len(wins)):
        contrast = -centre.copy()
        contrast[i] += 1.0
        sums = np.bincount(group, weights=contrast)
        if np.any(np.abs(sums) > 1e-9) or not met[i].any():
            errors[i] = 0.0 if not contrast.any() else np.inf
        else:
            errors[i] = math.sqrt(max(contrast @ covariance @ contrast, 0.0))
    return errors * 400 / math.log(10)


def _groups(met: np.ndarray) -> np.ndarray:
    """Each agent's group: agents linked by a chain of meetings share one."""
    group = np.full(len(met), -1)
    for start in range(len(met)):
        if group[start] < 0:
            group[start], stack = start, [start]
            while stack:
                for j in np.flatnonzero(met[stack.pop()]):
                    if group[j] < 0:
                        group[j] = start
                        stack.append(int(j))
    return group


def _bootstrap(n: int, result: ArenaResult, game: np.ndarray, first: np.ndarray,
               second: np.ndarray, points: np.ndarray, prior: float, centre: np.ndarray,
               samples: int, seed: int) -> np.ndarray:
    """The Elo of ``samples`` refits, each on the games resampled with replacement."""
    rng = np.random.default_rng(seed)
    draws = np.empty((samples, n))
    games = len(result.games)
    for k in range(samples):
        counts = np.bincount(rng.integers(0, games, games), minlength=games)
        wins = _wins(n, first, second, points, counts[game].astype(float))
        draws[k] = 400 * np.log10(bradley_terry(wins, prior))
        draws[k] -= centre @ draws[k]
    return draws


#: The most bootstrap resamplings ``ratings`` makes (each one a refit: about 0.05 ms a game).
MAX_SAMPLES = 1_000_000


def _settings(samples: object, seed: object, confidence: object, prior: object
              ) -> tuple[int, int, float, float]:
    """``ratings``' settings, checked: a ``ValueError`` naming a wrong one."""
    samples = whole(samples, 0, f"samples should be an int from 0 to {MAX_SAMPLES:,}",
                    most=MAX_SAMPLES)
    seed = whole(seed, 0, "seed should be an int from 0 to 2**64 - 1", most=MAX_SEED)
    level = confidence_of(confidence)
    strength = real(prior, "prior should be a finite number > 0 (pseudo-games per pair)",
                    0.0, above=True)
    return samples, seed, level, strength


def known_agent(agents: tuple[str, ...], agent: object) -> int:
    """The index of ``agent`` in ``agents`` (however its accents were typed: labels are
    NFC); else a ``KeyError`` naming it and the agents."""
    typed = nfc(agent) if isinstance(agent, str) else None
    for i, known in enumerate(agents):
        if typed is not None and nfc(known) == typed:
            return i
    raise KeyError(f"no agent {brief(agent)} in this tournament; agents: "
                   f"{', '.join(map(brief, agents))}")


def _floats(values: Sequence[float] | np.ndarray) -> tuple[float, ...]:
    """Rounded to 0.1; every ``nan`` the one ``math.nan`` (so equal ratings compare equal)."""
    return tuple(math.nan if math.isnan(v) else round(float(v), 1) for v in values)
