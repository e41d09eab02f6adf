"""What one Lacuna player sees: the whole mat, but not the pour order of the colours before
the start player sets one aside.

>>> import random, tabletop
>>> s = tabletop.load("lacuna").new(seed=7)
>>> v = s.view(1 - s.start)
>>> v.colors is None, v.determinize(random.Random(0)).view(v.player) == v
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np

from tabletop.core import ranges
from tabletop.core.game import Action, State, View
from tabletop.core.memos import memo
from tabletop.core.position import evolve
from tabletop.core.public import seat_name

from .board import FLOWERS, NCOLOURS, PAWNS_EACH
from .geometry import MAX_FLOWERS, STEPS
from .position import LacunaPosition
from .tensor import observation


def position_ranges(position: LacunaPosition) -> ranges.Ranges:
    """What ``LacunaPosition``'s fields may hold beyond their types (``core.ranges``): its
    ``_ranges``, kept here (``position.py`` is full)."""
    return layout_ranges(len(position.points), position.colors is not None,
                         position.params.mat)


def check_unpoured(position: LacunaPosition, tokens: tuple[int, ...] | None = None) -> None:
    """Before the set-aside (``colors`` unknown) the mat holds all flowers but the start
    player's, and a state's ``tokens`` is the pour order of all of them, every colour
    ``FLOWERS // NCOLOURS`` times; else a ``ValueError`` naming the field (the set-aside
    would break on it). After the set-aside ``colors`` fits ``points`` (``_ranges``).

    >>> import dataclasses, tabletop
    >>> s = tabletop.load("lacuna").new(seed=0)
    >>> dataclasses.replace(s, tokens=(0,) * FLOWERS)
    Traceback (most recent call last):
    ...
    ValueError: LacunaState: field 'tokens' should hold the pour order, each colour 7 times, ...
    """
    if position.colors is not None:
        return
    kind, on_mat = type(position).__name__, FLOWERS - 1
    if len(position.points) != on_mat:
        raise ValueError(f"{kind}: field 'points' should hold {on_mat} flowers before the "
                         f"set-aside (the start player holds the {FLOWERS}th), not "
                         f"{len(position.points)}")
    if tokens is None:  # (a view: the pour order is hidden)
        return
    each = FLOWERS // NCOLOURS
    if len(tokens) != FLOWERS:
        raise ValueError(f"{kind}: field 'tokens' should hold the pour order of all "
                         f"{FLOWERS} flowers before the set-aside, not {len(tokens)}")
    for colour in range(NCOLOURS):
        if tokens.count(colour) != each:
            raise ValueError(f"{kind}: field 'tokens' should hold the pour order, each colour "
                             f"{each} times, before the set-aside; it holds colour {colour} "
                             f"{tokens.count(colour)} times")


@memo(256)
def layout_ranges(flowers: int, coloured: bool, mat: int,
                  state: bool = False) -> ranges.Ranges:
    """``position_ranges`` for a layout of ``flowers`` flowers, ``coloured`` once the colours
    are known, on a mat of radius ``mat`` ticks (flower centres within it, pawn centres, in
    fine units, too); with ``state``, a state's too (its hidden pour order). Made once each.

    >>> str(layout_ranges(2, False, 10_000)["points"])
    'a tuple of 0 to 64, each (an int -10000..10000, an int -10000..10000)'
    """
    colour, player = ranges.Span(0, NCOLOURS - 1), ranges.Span(0, 1)
    tick, fine = ranges.Span(-mat, mat), ranges.Span(-mat * STEPS, mat * STEPS)
    found: dict[str, ranges.Allowed] = {
        "start": player, "points": ranges.Row(ranges.Items((tick, tick)), longest=MAX_FLOWERS),
        "colors": ranges.Row(colour, length=flowers), "aside": colour,
        "pawns": ranges.Row(ranges.Items((fine, fine, player)), longest=2 * PAWNS_EACH),
        "collected": ranges.Row(ranges.Span(0, (1 << flowers * coloured) - 1), length=2)}
    if state:
        colours = ranges.Row(colour, longest=MAX_FLOWERS)
        rank = ranges.Span(0, FLOWERS // NCOLOURS - 1)
        found.update(tokens=colours, pour=colours, taken=rank, start_taken=rank)
    return MappingProxyType(found)


#: The cached parts of the dead mask (``LacunaPosition._dead``) a determinized state shares.
_CARRIED = ("flowers", "pawn_kill", "dead")


@dataclass(frozen=True, slots=True, kw_only=True)
class LacunaView(LacunaPosition, View):
    """What a player sees: everything but the pour order before the set-aside choice."""

    _ranges = position_ranges
    _check_together = check_unpoured

    def determinize(self, rng: random.Random) -> State:
        if self.colors is None:  # the pour order is hidden: sample it, as ``new`` does
            order = [c for c in range(NCOLOURS) for _ in range(FLOWERS // NCOLOURS)]
            rng.shuffle(order)
            return self._state(tuple(order), rng.randrange(FLOWERS // NCOLOURS))
        # Nothing is hidden: the one state this view stands for, made once (a search asks
        # at every iteration, and knows it again by identity).
        found = self._cache.get("determinized")
        if found is None:
            found = self._cache["determinized"] = self._state(())
        return found

    def _state(self, tokens: tuple[int, ...], taken: int = 0) -> State:
        """The full state of this position with the pour order ``tokens`` (and ``taken``,
        the rank of the set-aside flower in it: ``rules.pour``)."""
        state = evolve(self, self.game.state_class, tokens=tokens, pour=(), taken=taken,
                       start_taken=0)
        # The same public position: the parts of the dead mask the view worked out carry over.
        mine, theirs = self._cache, state._cache
        for key in _CARRIED:
            found = mine.get(key)
            if found is not None:
                theirs[key] = found
        return state

    def _is_legal(self, action: Action) -> bool:
        # As the state's: a position between the listed ones is legal too, so that the
        # mover's view reads and judges typed notation as the state does.
        return self._problem(action) is None

    def _why_illegal(self, action: Action) -> str | None:
        return self._problem(action)

    def _observation(self) -> np.ndarray:
        return observation(self)

    def _text(self) -> str:
        return f"(view of {seat_name(self.game, self.player)})\n" + self._board_text()
