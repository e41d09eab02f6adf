"""How strong is each agent, and how sure are we: win rates with Wilson intervals,
head-to-head tables, and Bradley–Terry ratings on the Elo scale with bootstrap intervals.

Every game counts once for every pair of seats held by different agents: the agent with
the larger share of the win takes the point, an equal share (a draw, a shared win) is half
a point each. Bradley–Terry fits one strength per agent to those points (by Hunter's MM
algorithm, with one pseudo-game drawn between every pair that met, so that an agent that
never lost still gets a finite rating); ratings are ``400 log10(strength)``, Elo points,
and a difference ``d`` means an expected score of ``1 / (1 + 10 ** (-d / 400))``. The
intervals come from refitting on games resampled with replacement (seeded: the same call
gives the same intervals).

>>> import numpy as np
>>> wins = np.array([[0.0, 30.0], [10.0, 0.0]])     # a beat b 30 times, lost 10
>>> elo = 400 * np.log10(bradley_terry(wins, prior=0.0))
>>> round(float(elo[0] - elo[1]))                    # 3 to 1: 191 Elo points
191
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.plain import real, whole
from ..core.quoting import brief
from ..core.record import MAX_SEED
from ..teaching.winrate import WinRate, confidence_of

if TYPE_CHECKING:
    from .results import ArenaResult


def win_rates(result: ArenaResult, confidence: float = 0.95) -> dict[str, WinRate]:
    """Each agent's win rate (a shared win counts ``1/k``) with its Wilson interval.

    >>> from tabletop.arena import arena
    >>> r = arena("lascaux", ["mcts-weak", "random", "random"], games=3, progress=False)
    >>> sorted(r.win_rates())
    ['mcts-weak', 'random']
    """
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
class Pairwise:
    """Head to head: ``points[i, j]`` scored by ``agents[i]`` against ``agents[j]`` over
    ``games[i, j]`` meetings."""

    agents: tuple[str, ...]
    points: np.ndarray
    games: np.ndarray

    def rate(self, a: str, b: str, confidence: float = 0.95) -> WinRate:
        """How often ``a`` beat ``b`` (draws count half), with its Wilson interval."""
        i, j = known_agent(self.agents, a), known_agent(self.agents, b)
        return WinRate(float(self.points[i, j]), int(self.games[i, j]), confidence)

    def _cell(self, i: int, j: int) -> str:
        return "–" if not self.games[i, j] else f"{self.points[i, j] / self.games[i, j]:.0%}"

    def __str__(self) -> str:
        w = max([10, *(len(a) + 2 for a in self.agents)])
        lines = [f"{'':<{w}}" + "".join(f"{a:>{w}}" for a in self.agents)]
        lines += [f"{a:<{w}}" + "".join(f"{self._cell(i, j):>{w}}"
                                        for j in range(len(self.agents)))
                  for i, a in enumerate(self.agents)]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{escape(a)}</th>" for a in self.agents)
        body = "".join(f"<tr><th>{escape(a)}</th>" + "".join(
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
    agents, _, first, second, points = _points(result)
    meetings = np.zeros((len(agents), len(agents)), dtype=int)
    np.add.at(meetings, (first, second), 1)
    meetings += meetings.T
    return Pairwise(tuple(agents), _wins(len(agents), first, second, points), meetings)


def bradley_terry(wins: np.ndarray, prior: float = 1.0, tol: float = 1e-10,
                  steps: int = 10_000) -> np.ndarray:
    """Bradley–Terry strengths (geometric mean 1) from ``wins[i, j]``, the points ``i``
    scored against ``j``; ``prior`` pseudo-games drawn between every pair that met."""
    wins = np.asarray(wins, dtype=float)
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


@dataclass(frozen=True, repr=False)
class Ratings:
    """Elo-scale ratings (``rating``) with their bootstrap intervals (``low``, ``high``)."""

    agents: tuple[str, ...]
    rating: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    games: tuple[int, ...]
    confidence: float
    samples: int

    def __getitem__(self, agent: str) -> tuple[float, float, float]:
        """``(rating, low, high)`` of ``agent``."""
        i = known_agent(self.agents, agent)
        return self.rating[i], self.low[i], self.high[i]

    def ranked(self) -> list[str]:
        """The agents, strongest first."""
        return [a for _, a in sorted(zip(self.rating, self.agents, strict=True),
                                     key=lambda ra: -ra[0])]

    def _rows(self) -> list[tuple[str, float, float, float, int]]:
        rows = zip(self.agents, self.rating, self.low, self.high, self.games, strict=True)
        return sorted(rows, key=lambda r: -r[1])

    def __str__(self) -> str:
        w = max([10, *(len(a) + 2 for a in self.agents)])
        lines = [f"{'agent':<{w}}{'Elo':>7}{f'{self.confidence:.0%} interval':>18}"
                 f"{'games':>7}"]
        lines += [f"{a:<{w}}{r:>7.0f}{f'{lo:.0f} … {hi:.0f}':>18}{n:>7}"
                  for a, r, lo, hi, n in self._rows()]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        body = "".join(f"<tr><td>{escape(a)}</td><td>{r:.0f}</td><td>{lo:.0f} … {hi:.0f}"
                       f"</td><td>{n}</td></tr>" for a, r, lo, hi, n in self._rows())
        return (f"<p>Bradley–Terry ratings (Elo points), {self.confidence:.0%} bootstrap "
                f"intervals over {self.samples} resamplings</p><table><tr><th>agent</th>"
                f"<th>Elo</th><th>interval</th><th>games</th></tr>{body}</table>")

    def plot(self, ax: Any = None) -> Any:
        """The ratings as points with their intervals (matplotlib); returns the axes."""
        from .plots import plot_ratings

        return plot_ratings(self, ax=ax)


def ratings(result: ArenaResult, samples: int = 200, seed: int = 0,
            confidence: float = 0.95, anchor: str | None = None,
            prior: float = 1.0) -> Ratings:
    """Bradley–Terry ratings of ``result``'s agents on the Elo scale, centred on 0 (or with
    ``anchor``'s rating 0), with ``confidence`` intervals from ``samples`` bootstrap
    resamplings of the games (drawn from ``numpy.random.default_rng(seed)``).

    >>> from tabletop.arena import arena
    >>> r = arena("lascaux", ["mcts-weak", "random", "random"], games=4, progress=False)
    >>> elo = r.ratings(samples=50, anchor="random")
    >>> elo["random"]
    (0.0, 0.0, 0.0)
    """
    samples, seed, confidence, prior = _settings(samples, seed, confidence, prior)
    agents, game, first, second, points = _points(result)
    n = len(agents)

    def fit(weight: np.ndarray | None) -> np.ndarray:
        elo = 400 * np.log10(bradley_terry(_wins(n, first, second, points, weight), prior))
        return elo - (elo[agents.index(anchor)] if anchor is not None else elo.mean())

    if anchor is not None:
        known_agent(tuple(agents), anchor)
    best = fit(None)
    rng = np.random.default_rng(seed)
    draws = np.empty((samples, n))
    for k in range(samples):
        counts = np.bincount(rng.integers(0, len(result.games), len(result.games)),
                             minlength=len(result.games))
        draws[k] = fit(counts[game].astype(float))
    tail = (1 - confidence) / 2
    low, high = (np.quantile(draws, [tail, 1 - tail], axis=0) if samples
                 else (best, best))
    played = {s.agent: s.games for s in result.summary()}
    return Ratings(tuple(agents), _floats(best), _floats(np.minimum(low, best)),
                   _floats(np.maximum(high, best)), tuple(played[a] for a in agents),
                   confidence, samples)


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
    """The index of ``agent`` in ``agents``; else a ``KeyError`` naming it and the agents."""
    for i, known in enumerate(agents):
        if isinstance(agent, str) and known == agent:
            return i
    raise KeyError(f"no agent {brief(agent)} in this tournament; agents: "
                   f"{', '.join(map(brief, agents))}")


def _floats(values: Sequence[float] | np.ndarray) -> tuple[float, ...]:
    return tuple(round(float(v), 1) for v in values)
