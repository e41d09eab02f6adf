"""What one Lava Flows player sees, and the full states consistent with it.

>>> import random, tabletop
>>> s = tabletop.load("lava-flows").position({"a1": "[b:W] W", "c3": "[w:B] B"})
>>> v = s.view(1)
>>> v.stack_text("a1"), v.stack_text("c3"), v.viewer
('[?:W] W', '[w:B] B', 1)
>>> v.determinize(random.Random(0)).view(1) == v
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from tabletop.core import ranges
from tabletop.core.game import State, View
from tabletop.core.memos import Bound
from tabletop.core.position import maker
from tabletop.core.public import seat_name

from .actions import (
    PATTERN,
)
from .board import (
    CELLS,
    CONE_PIECES,
    CONTENT_INDEX,
    MASK_HIDDEN,
    MASK_SLOT,
    NAMES,
    SLOT,
    top_large,
)
from .findings import Oreo
from .forgetting import ANYTHING, forgetful_fill
from .knowledge import (
    perspective,
    pool_uses,
    visible_oreos,
)
from .position import SEEN, LavaPosition, Stack
from .tensor import observation

#: By state class, ``evolve(view, cls, stacks=…, first=…)`` without keywords (a view holds
#: every field of a state): ``determinize``'s state.
_MAKERS: dict[type[State], Callable[[LavaView, tuple[str, ...], int], State]] = {}


def _state_maker(cls: type[State]) -> Callable[[LavaView, tuple[str, ...], int], State]:
    """``_MAKERS[cls]``, made on first use."""
    made = _MAKERS.get(cls)
    if made is None:
        made = _MAKERS[cls] = maker(cls, "stacks", "first")
    return made


@dataclass(frozen=True, slots=True, kw_only=True)
class LavaView(LavaPosition, View):
    """What one player sees: the opponent's hiding places as ``m``/``n`` ("maybe
    something"), with ``memory=True`` every hidden piece as unknown (``h``, ``m``, ``n``:
    see ``forgetting``); ``first`` is ``-1`` until the centre stack is placed; ``pools``
    what White's and Black's unrevealed hiding places still hold; ``hidden`` how many white
    and black Mediums known to both lie hidden (with ``memory=True``, forgotten: empty and
    zero)."""

    pools: tuple[str, str]
    hidden: tuple[int, int]

    def _ranges(self) -> ranges.Ranges:
        if self.game.options["memory"]:  # nothing hidden remembered: nothing in the pools
            return _forgetful_ranges(self)
        joined = "".join(self.stacks) if type(self.stacks) is tuple else ""
        white, black = (sum(map(joined.count, (mask, *digits)))  # (unrevealed places)
                        for mask, digits in zip(MASK_SLOT, SLOT, strict=True))
        key = (self.game, white, black)
        found = _VIEW_RANGES.get(key)
        if found is None:
            if len(_VIEW_RANGES) >= _VIEW_RANGES_HELD.size:
                _VIEW_RANGES.clear()
            found = _VIEW_RANGES[key] = _view_ranges(LavaPosition._ranges(self), white, black)
        return found

    @property
    def viewer(self) -> int | None:
        return self.player

    def _slot_pools(self) -> tuple[str, str]:
        return self.pools

    def _hidden_pool(self) -> tuple[int, int]:
        return self.hidden

    def _find_oreos(self) -> tuple[Oreo, ...]:
        top_only = self.game.options["oreo"] == "top"
        out = []
        for c in range(9):
            s = self.stacks[c]
            cone = self.cones[c]
            k = top_large(s)
            region = s[k:] if k >= 0 else CONE_PIECES[cone] + s
            region_cone = 0 if k >= 0 else len(CONE_PIECES[cone])
            for depth, m in visible_oreos(region, region_cone, top_only):
                out.append(Oreo(CELLS[c], depth, PATTERN[m], True))
            if k > 0 or (k == 0 and cone >= 0):
                tokens = perspective(s, cone, self.player, self.game.options["memory"])
                possible, certain = self._announceable(tokens, len(CONE_PIECES[cone]),
                                                       len(s) - k, pool_uses(tokens))
                for depth, m in possible:
                    out.append(Oreo(CELLS[c], depth, PATTERN[m], False, (depth, m) in certain))
        return tuple(out)

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this view: the unknown hiding places filled with a
        random arrangement of what they still hold, unknown colours drawn from the hidden
        Mediums, and (during setup) a random first player. With ``memory=True``, any
        filling of the unknowns that the board allows (``forgetting.forgetful_fill``)."""
        found = self._cache.get("unknowns")  # where the unknowns are: the same every time
        if found is None:
            found = self._cache["unknowns"] = self._unknowns()
        first = self.first if self.first >= 0 else rng.randrange(2)
        if self.game.options["memory"]:  # nothing hidden remembered: any filling that fits
            filled = forgetful_fill(self.stacks, self.cones, found, rng)
            return _state_maker(self.game.state_class)(self, filled, first)
        stacks = list(self.stacks)
        for hider, spots in enumerate(found[:2]):
            if spots:
                contents = list(self.pools[hider])
                rng.shuffle(contents)
                codes = SLOT[hider]
                for (c, i), item in zip(spots, contents, strict=True):
                    s = stacks[c]
                    stacks[c] = s[:i] + codes[CONTENT_INDEX[item]] + s[i + 1:]
        spots = found[2]
        if spots:
            colours = ["w"] * self.hidden[0] + ["b"] * self.hidden[1]
            rng.shuffle(colours)
            for (c, i), colour in zip(spots, colours, strict=True):
                s = stacks[c]
                stacks[c] = s[:i] + colour + s[i + 1:]
        return _state_maker(self.game.state_class)(self, tuple(stacks), first)

    def _unknowns(self) -> tuple[list[tuple[int, int]], ...]:
        """The ``(cell, index)`` of White's and of Black's unknown hiding places, then of
        the hidden Mediums of unknown colour (``determinize`` fills them).

        >>> import tabletop
        >>> view = tabletop.load("lava-flows").new(seed=3, setup="random").view(0)
        >>> [len(spots) for spots in view._unknowns()]
        [0, 3, 0]
        """
        stacks = self.stacks
        return tuple([(c, i) for c in range(9) for i, code in enumerate(stacks[c])
                      if code == mask] for mask in (*MASK_SLOT, MASK_HIDDEN))

    def _observation(self) -> np.ndarray:
        return observation(self)

    def _text(self) -> str:
        first = f" · first {NAMES[self.first]}" if self.first >= 0 else ""
        who = seat_name(self.game, self.player)
        header = f"Lava Flows · view of {who} · {self.game_status()}{first}"
        unknown: list[str] = []  # what the unknowns hold: forgotten with ``memory=True``
        for hider in () if self.game.options["memory"] else (0, 1):
            if MASK_SLOT[hider] in "".join(self.stacks):
                held = ", ".join({"w": "white", "b": "black", "-": "nothing"}[x]
                                 for x in self.pools[hider])
                unknown.append(f"  {NAMES[hider]}'s unknown hiding places hold: {held}")
        if MASK_HIDDEN in "".join(self.stacks) and not self.game.options["memory"]:
            unknown.append(f"  unseen hidden Mediums: {self.hidden[0]} white, "
                           f"{self.hidden[1]} black")
        return self._board_text(header, tuple(unknown))


@ranges.per_game
def _forgetful_ranges(view: LavaView) -> ranges.Ranges:
    """``LavaView._ranges`` with ``memory=True``: its pools empty, no Medium's colour known."""
    return {**LavaPosition._ranges(view), "pools": ranges.OneOf((("", ""),)),
            "hidden": ranges.OneOf(((0, 0),))}


#: ``_view_ranges`` by game and counts of unknowns, made once each (up to 256, then afresh).
_VIEW_RANGES: dict[tuple[object, int, int], ranges.Ranges] = {}
_VIEW_RANGES_HELD = Bound(256)


def _view_ranges(shared: ranges.Ranges, white: int, black: int) -> ranges.Ranges:
    """``LavaView._ranges`` (``memory=False``) for a view whose stacks show ``white`` and
    ``black`` unrevealed hiding places (``m``, ``n``, or the viewer's own digits: ``0``-``2``
    White's, ``3``-``5`` Black's): each hider's pool holds one item of
    ``-bw`` per place, none twice; no stack shows a Medium of unknown colour (``h``: only
    a view that forgets has them)."""
    pool = [ranges.Word(ANYTHING, n, shortest=n, distinct=True) for n in (white, black)]
    stacks = ranges.Row(Stack(SEEN), length=len(CELLS))
    return {**shared, "stacks": stacks, "pools": ranges.Items(tuple(pool)),
            "hidden": ranges.Row(ranges.Span(0, 3), length=2)}
