"""Small, dependency-free significance tests for the chance checks (``chance.py``) and for
tests of a game's draws: each returns a two-sided or upper-tail p-value, to compare with a
strict threshold (``STRICT``) so that seeded tests are deterministic and never flaky.

>>> round(binomial_p(50, 100), 3), binomial_p(0, 40) < STRICT
(1.0, True)
>>> chi_square_p([25, 25, 25, 25]) > 0.99, chi_square_p([100, 0, 0, 0]) < STRICT
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

STRICT = 1e-6
"""The p-value below which a seeded chance test fails: a fair draw fails about once in a
million seeds' worth of tests, while a bias of a few per cent on thousands of samples fails."""


def binomial_p(k: int, n: int) -> float:
    """Two-sided p-value of ``k`` successes in ``n`` fair coin tosses (exact): the chance of
    a count at least as far from ``n / 2``.

    >>> binomial_p(3, 3), round(binomial_p(10, 10), 6)
    (0.25, 0.001953)
    """
    if n == 0:
        return 1.0
    low = min(k, n - k)
    tail = sum(math.comb(n, i) for i in range(low + 1))
    return min(1.0, 2 * tail / (1 << n))


def chi_square_p(observed: Sequence[float], expected: Sequence[float] | None = None) -> float:
    """Upper-tail p-value of Pearson's chi-square of ``observed`` counts against
    ``expected`` (equal counts when ``None``), with one degree of freedom per cell less one.
    The tail is the Wilson–Hilferty normal approximation (within some 20 % of the exact
    tail down to 1e-8, close enough for a strict threshold; the exact value below is
    0.068). Use cells that expect five or more.

    >>> round(chi_square_p([10, 20], [15, 15]), 3)
    0.064
    """
    total = float(sum(observed))
    if expected is None:
        expected = [total / len(observed)] * len(observed)
    stat = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True) if e > 0)
    return chi_square_tail(stat, len(observed) - 1)


def table_p(rows: Sequence[Sequence[float]]) -> float:
    """Upper-tail p-value of the chi-square test of independence of a contingency table
    (rows × columns of counts; empty rows and columns are left out).

    >>> table_p([[50, 50], [50, 50]]) > 0.99, table_p([[90, 10], [10, 90]]) < STRICT
    (True, True)
    """
    rows = [list(r) for r in rows if sum(r) > 0]
    keep = [j for j in range(len(rows[0])) if sum(r[j] for r in rows) > 0] if rows else []
    rows = [[r[j] for j in keep] for r in rows]
    if len(rows) < 2 or len(keep) < 2:
        return 1.0
    total = sum(map(sum, rows))
    col = [sum(r[j] for r in rows) for j in range(len(keep))]
    stat = 0.0
    for r in rows:
        row = sum(r)
        for j, o in enumerate(r):
            e = row * col[j] / total
            stat += (o - e) ** 2 / e
    return chi_square_tail(stat, (len(rows) - 1) * (len(keep) - 1))


def chi_square_tail(stat: float, df: int) -> float:
    """P(χ²(``df``) ≥ ``stat``), by the Wilson–Hilferty cube-root normal approximation.

    >>> round(chi_square_tail(3.841, 1), 2), round(chi_square_tail(124.3, 100), 2)
    (0.05, 0.05)
    """
    if df <= 0:
        return 1.0
    if stat <= 0:
        return 1.0
    h = 2 / (9 * df)
    z = ((stat / df) ** (1 / 3) - (1 - h)) / math.sqrt(h)
    return 0.5 * math.erfc(z / math.sqrt(2))
