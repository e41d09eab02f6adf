"""The clicks part of ``Session``: whether the board may be clicked, its click controller,
the off-board buttons, a click or a pick, and the one-line hint of what a click does.

``SessionClicks`` is mixed into ``Session`` (which holds the timeline, seats, view and hot
seat it reads); it is apart only to keep each file to one job.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ..agents import agent_label
from ..core.errors import IllegalAction
from ..core.game import Action, Game, State, View
from ..core.input import ClickInput, input_for
from ..core.names import SHOWN, fit
from ..core.plain import coordinates, point_of
from ..core.public import PUBLIC
from ..core.quoting import brief
from ..core.timeline import Timeline
from ..render.scene import Scene
from ..render.scenecanvas import shape_center
from .messages import Message


class SessionClicks:
    """Clicks on the board and its buttons (see the module's docstring)."""

    timeline: Timeline
    seats: list[Any | None]
    hot_seat: bool
    message: Message
    _input: ClickInput | None
    _input_key: tuple[Any, ...] | None

    if TYPE_CHECKING:  # ``Session``'s, which this part reads
        @property
        def game(self) -> Game: ...
        @property
        def state(self) -> State: ...
        def name(self, player: int) -> str: ...
        def covered(self) -> bool: ...
        def viewer(self) -> int | str | None: ...
        def reviewing(self) -> bool: ...
        def subject(self) -> State | View: ...
        def scene(self) -> Scene: ...
        def confirm(self) -> None: ...
        def play(self, action: Action | str, *, by: str = "") -> Action: ...

    def blocked(self) -> str | None:
        """Why the board may not be clicked now, or ``None`` if it may."""
        s = self.state
        if s.is_terminal:
            return "The game is over. Step back (◀) to try another line; it becomes a branch."
        p = s.current_player
        assert p is not None  # the game is not over (above)
        agent = self.seats[p]
        if self.covered():
            return f"{self.name(p)}'s bot is to move: press “Bot move”." if agent is not None \
                else f"Pass the board to {self.name(p)}, who presses “Show my board”."
        if agent is not None:
            label = fit(agent_label(agent), SHOWN)  # (a long name cut short)
            return (f"{self.name(p)} is played by the {label} bot: press "
                    "“Bot move”, or make the seat human.")
        v = self.viewer()
        if v == PUBLIC:
            return (f"It is {self.name(p)}'s turn, and you are watching the public view (an "
                    f"audience's, no seat's): switch the view to play.")
        if isinstance(v, int) and v != p:
            return (f"It is {self.name(p)}'s turn, and you are seeing {self.name(v)}'s view: "
                    f"switch the view to play.")
        return None

    @property
    def input(self) -> ClickInput | None:
        """The click controller of the state on show, or ``None`` if clicking is blocked."""
        key = (self.timeline.cursor, self.viewer(), self.hot_seat, tuple(map(id, self.seats)))
        if key != self._input_key:
            self._input_key = key
            self._input = None if self.blocked() else input_for(self.game, self.subject())
        return self._input

    def buttons(self) -> list[tuple[Hashable, str]]:
        """Next targets that are not drawn on the board, with their labels."""
        inp = self.input
        if inp is None:
            return []
        on_board = set(self.scene().targets())
        return [(t, inp.label(t)) for t in inp.next_targets() if t not in on_board]

    def click(self, x: float, y: float) -> Action | None:
        """A click at scene coordinates ``(x, y)``: the action it completes, if any. A click
        off the board (or at a coordinate that is not a finite number) hits nothing."""
        x, y = coordinates(x, y)
        if self.covered():
            self.confirm()
            return None
        scene = self.scene()
        if not (0 <= x <= scene.width and 0 <= y <= scene.height):  # off the board, or NaN
            return self.choose(None)
        return self.choose(scene.hit(x, y), (x, y))

    def choose(self, target: Hashable | None, point: tuple[float, float] | None = None
               ) -> Action | None:
        """Pick ``target`` (a board shape's or a button's); plays the action it completes."""
        if not isinstance(target, Hashable):
            raise TypeError(f"a target is one the input offers (see next_targets()), not "
                            f"{brief(target)}")
        if point is not None:
            point = point_of(point)
        reason = self.blocked()
        if reason is not None:
            self.message = Message(reason, "error")
            return None
        inp = self.input
        assert inp is not None
        if target is None:
            finished = inp.finish(None, point) if point is not None else None
            if finished is None:
                self.message = Message(self._nothing_there(inp), "error")
                return None
            return self.play(finished)
        try:
            action = inp.click(target, point)
        except IllegalAction as err:
            self.message = Message(str(err), "error")
            return None
        if action is None:
            self.message = Message(self._progress(inp), "picked")
            return None
        return self.play(action)

    def cancel(self) -> None:
        """Forget the targets picked so far."""
        if self._input is not None:
            self._input.reset()
        self.message = Message()

    def _nothing_there(self, inp: ClickInput) -> str:
        options = inp.next_targets()
        shown = ", ".join(inp.label(t) for t in options[:8])
        more = f" and {len(options) - 8} more" if len(options) > 8 else ""
        return f"Nothing to play there; try {shown}{more}." if options else \
            "Nothing can be played here."

    def _progress(self, inp: ClickInput) -> str:
        picked = " → ".join(inp.label(t) for t in inp.selection)
        if not picked:
            return ""
        undo = "click it again to undo" if self._picked_again(inp.selection[-1]) else \
            "press “Cancel” to start again"
        return f"Picked {picked}: {inp.hint()} ({undo})."

    def _picked_again(self, target: Hashable) -> bool:
        """Whether a click in the middle of ``target``'s shape hits it again (and so un-picks
        it): not where a shape of the next step covers it (Lacuna's end dots sit on the two
        flowers picked), nor for a button, which is gone once pressed."""
        scene = self.scene()
        shape = scene.targets().get(target)
        return shape is not None and scene.hit(*shape_center(shape)) == target

    def hint(self) -> str:
        """One line saying what a click on the board does now (the game's input says it;
        under the hot-seat cover, whose turn it is and what to press), or ``""`` while
        clicking is blocked."""
        if self.covered():
            return self.blocked() or ""
        inp = self.input
        hint = "" if inp is None else inp.hint()
        if hint and self.reviewing():  # (a finished line, all of it on show to everyone)
            return ("Review: a move here is a new branch, under the hot seat. "
                    f"{hint[:1].upper()}{hint[1:]}")
        return hint
