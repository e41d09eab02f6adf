"""No negative zero in what a game shows: a coordinate, score or share that rounds to nothing
reads ``0`` (``0.00000``), never ``-0`` or ``-0.00000``.

A number just below zero printed with a fixed number of places (``f"{-2e-7:.5f}"``) keeps its
sign; a reader takes ``-0.00000`` for a different value from ``0.00000``, and a text that
should read the same for a position and its mirror image does not. The check reads the same
texts as ``check_number_agreement`` (state and view texts, pictures' titles, texts and
tooltips, legal actions, refusals, click hints and labels, logs, the score breakdown) at
every ``every``-th position of seeded random games.

>>> import tabletop
>>> check_signed_zeros(tabletop.load("lascaux"), seeds=[0])
>>> negative_zeros("(-0.00000,0.88948) -0 x-0 3-0 -0.5 -0.0001 −0.0")
['-0.00000', '-0', '−0.0']
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..game import Game
from .agreement import sampled_texts
from .common import fail

# A minus sign (ASCII or U+2212) standing alone (not "3-0", "a1-b1"), then a zero with only
# zeros after its point, then no more digits.
_NEGATIVE_ZERO = re.compile(r"(?<![\w.)\]])[-\u2212]0(?:\.0+)?(?![\d.])")


def negative_zeros(text: str) -> list[str]:
    """Each negative zero written in ``text``."""
    return _NEGATIVE_ZERO.findall(text)


def check_signed_zeros(game: Game, seeds: Iterable[int] = range(2), every: int = 2) -> None:
    """No text of every ``every``-th position of each seeded random game (and each end)
    writes a negative zero."""
    for where, label, text in sampled_texts(game, seeds, every, typed=4):
        found = negative_zeros(text)
        if found:
            at = text.find(found[0])
            fail(where, f"{label} writes a negative zero {found[0]!r}: "
                        f"{text[max(0, at - 40):at + 40]!r} (a value that rounds to zero "
                        f"reads 0)")
