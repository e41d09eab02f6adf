"""What a learner reads about a game: its announcements (``Claim``) and its Oreos (``Oreo``).

>>> print(Claim(3, 1, "bubble a3 claim white", "guess", False, "black"))
3. Black bubble a3 claim white: wrong (guess, found black)
>>> print(Oreo("b2", 1, "wbw", visible=True))
b2@1 wbw (visible)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import ranges
from ...core.memos import memo
from ...core.textformat import FormatsAsText
from .board import (
    NAMES,
)


@dataclass(frozen=True, slots=True)
class Claim(FormatsAsText):
    """An announcement — a Bubble Up claim or an Oreo announcement — and how it went.

    ``kind`` says what its maker knew: ``"sure"`` (knew it right), ``"guess"`` (could not
    know) or ``"bluff"`` (knew it wrong); ``found`` is what the reveal showed. A
    ``memory=True`` view keeps only the verdict (``right``): ``kind`` and ``found`` are
    empty there. ``ply`` numbers the action as the move log, the timeline and records do:
    actions since ``new()``, the two secret arrangements counted.

    >>> print(Claim(4, 0, "bubble c1 claim black", "", True, ""))
    4. White bubble c1 claim black: right

    A claim formats as its text does, so claims line up in a table:

    >>> f"{Claim(3, 1, 'bubble a3 claim white', 'guess', False, 'black'):.16}|"
    '3. Black bubble |'
    """

    ply: int
    player: int
    action: str
    kind: str
    right: bool
    found: str

    def __str__(self) -> str:
        why = ", ".join(x for x in (self.kind, self.found and f"found {self.found}") if x)
        verdict = "right" if self.right else "wrong"
        return f"{self.ply}. {NAMES[self.player]} {self.action}: {verdict}" + (
            f" ({why})" if why else "")


@dataclass(frozen=True, slots=True)
class Oreo(FormatsAsText):
    """Three consecutive pieces coloured W-B-W or B-W-B in ``cell``: the middle one lies
    ``depth`` pieces below the top. ``visible``: wholly in view (eject it without a claim);
    ``certain``: present for sure (a view may only know an Oreo is possible). It formats as its
    text does: ``f"{Oreo('b2', 1, 'wbw', True):>22}"`` pads ``b2@1 wbw (visible)``."""

    cell: str
    depth: int
    colours: str
    visible: bool
    certain: bool = True

    def __str__(self) -> str:
        how = "visible" if self.visible else ("hidden" if self.certain else "possible")
        return f"{self.cell}@{self.depth} {self.colours} ({how})"


#: What a claim's maker knew (``Claim.kind``); empty where a ``memory=True`` view forgot it.
KINDS = ("sure", "guess", "bluff", "")


@memo(16)
def claim_ranges(ply_cap: int) -> ranges.Fields:
    """What a ``Claim`` in a position's ``claims`` may hold (``core.ranges``): a ply of a
    game capped at ``ply_cap`` plies of play (the two arrangements and the claim's own ply
    on top), a player, a kind of ``KINDS``.

    >>> claim_ranges(200).fits(Claim(4, 0, "bubble c1 claim black", "", True, ""))
    True
    >>> claim_ranges(200).fits(Claim(4, 7, "bubble c1 claim black", "", True, ""))
    False
    """
    return ranges.Fields(Claim, {"ply": ranges.Span(0, ply_cap + 3),
                                 "player": ranges.Span(0, 1), "kind": ranges.OneOf(KINDS)})
