"""Examples of play: scripted moves with comments, shown as numbered pictures."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..core.game import Action, State
from ..core.plain import flag
from ..core.quoting import brief
from .arguments import drawing_of, items, position_of, text_of, viewer_of
from .pictures import Pictures, svg_of


class Example:
    """An example of play, as in a rulebook's box: a position and scripted moves, each with a
    comment, shown as numbered pictures (as ``viewer`` sees them, or the full state); each
    caption tells the move as the viewer sees it (a secret choice of another seat hidden).

    ``final`` is the position after the last move, to continue from.

    >>> import tabletop
    >>> s = tabletop.load("lava-flows").new(seed=1)
    >>> ex = Example(s, [("arrange black a1 white b1", "White hides two Mediums."),
    ...                  ("arrange black a3 white c3", "So does Black.")])
    >>> [step.split(":")[0] for step in ex.captions]
    ['Start', '1. White', '2. Black']
    >>> ex.final.current_player is not None
    True
    """

    def __init__(self, state: State, steps: Iterable[tuple[Action | str, str]],
                 intro: str = "the position", viewer: int | None = None,
                 draw: Mapping[str, Any] | None = None, start: bool = True) -> None:
        position_of(state, "an example's state", views=False)
        self.viewer = viewer_of(viewer, state)
        self.draw = drawing_of(draw, "draw", state.game)
        self.start = flag(start, "start")
        self.states = [state]
        self.captions = [f"Start: {text_of(intro, 'intro')}"]
        for number, step in enumerate(items(steps, "an example's steps"), 1):
            if not isinstance(step, tuple | list) or len(step) != 2:
                raise TypeError(f"each step should be a (move, comment) pair, not "
                                f"{brief(step)}")
            move, comment = step[0], text_of(step[1], "a step's comment")
            before = self.states[-1]
            mover = before.current_player
            actor = before.game.player_name(mover) if mover is not None else "Nobody"
            after = before.apply(move)
            # as the viewer sees it: another seat's secret choice stays secret in the caption
            played = before.game.describe(after.history[-1], mover, self.viewer)
            self.states.append(after)
            self.captions.append(f"{number}. {actor}: {played}. {comment}".strip())

    @property
    def final(self) -> State:
        """The position after the last scripted move."""
        return self.states[-1]

    def pictures(self) -> Pictures:
        """The numbered pictures (without the start when ``start=False``)."""
        shown = [s if self.viewer is None else s.view(self.viewer) for s in self.states]
        first = 0 if self.start else 1
        return Pictures(tuple(svg_of(s, self.draw) for s in shown[first:]),
                        tuple(self.captions[first:]))

    def __repr__(self) -> str:
        return "\n".join(self.captions)

    def _repr_html_(self) -> str:
        return self.pictures()._repr_html_()
