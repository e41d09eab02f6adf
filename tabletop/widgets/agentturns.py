"""The game widget's bots and its end: "Bot move", the bots' replies, Pause, and ``close()``.

``AgentTurns`` is a part of ``GameWidget`` (a mixin): the bots move one at a time in an event loop
(``agentrun``), at once without one. They pause by themselves when the page stops showing the
widget (its cell re-run or cleared: ipywidgets' count of views falls to 0) and go on when a
view shows it again, unless a person resumed them meanwhile. ``close()`` ends the widget: the
bots stop at once (a search already under way finishes in its worker thread and its move is
thrown away), the page forgets its controls, and whatever would change the game afterwards (a
move, a step, a seat, a record, Pause) is refused with a ``ValueError``, the widget unchanged;
reading it (its ``timeline``, ``save()``, ``message``) still works.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar, cast

import ipywidgets as w

from ..agents.base import fresh_view
from ..core.collector import collector_paused
from ..core.errors import TabletopError
from ..core.game import Action
from ..render.canvasclose import close_parts
from ..render.scenecanvas import SceneCanvas, running_loop
from .agentrun import AgentRunner, decide, failure, synchronous
from .messages import Message
from .session import Session

#: Most agent moves played in a row without a pause (an agents-only game with no event loop).
AGENT_RUN_LIMIT = 100_000

F = TypeVar("F", bound=Callable[..., Any])


def while_open(method: F) -> F:
    """Refuse ``method`` on a closed widget (a ``ValueError`` saying so), before it changes
    anything; else run it with Python's cycle collector paused (``collector_paused``), so
    that a full pass over every object in the kernel (tens of milliseconds) waits until the
    redraw is sent instead of landing between a click and its picture."""

    @functools.wraps(method)
    def checked(self: Any, *args: Any, **kwargs: Any) -> Any:
        if self.runner.closed:
            raise ValueError(f"this {type(self).__name__} is closed: {method.__name__} changes "
                             "nothing now; open the game in a new widget (tabletop.play)")
        keeper = getattr(self, "focus_keeper", None)
        if keeper is not None:  # a call from Python: the focus is the notebook's (keyfocus)
            keeper.from_python()
        observers = getattr(self, "observers", None)
        with collector_paused():  # a move makes no cyclic garbage worth a pause
            if observers is None:
                return method(self, *args, **kwargs)
            # what a ``state`` observer raised comes out once the call is done (``observers``)
            return observers.call(lambda: method(self, *args, **kwargs))

    return cast(F, checked)  # (``wraps`` keeps the signature: ``F``)


def held(widgets: Iterable[w.Widget]) -> Iterator[w.Widget]:
    """Every widget of ``widgets`` and every one they hold (children, layouts, styles), at
    any depth."""
    for widget in widgets:
        yield widget
        parts = [*getattr(widget, "children", ()), getattr(widget, "layout", None),
                 getattr(widget, "style", None)]
        yield from held(p for p in parts if isinstance(p, w.Widget) and p is not widget)


def close_all(widget: w.Widget) -> None:
    """Close ``widget`` and every widget it holds, its layout and style too (their comms, and
    so the page's views); a game widget among them stops its bots. Canvases close once the
    page has drawn them (``tabletop.render.canvasclose``)."""
    close_parts(held([widget]))


def close_dropped(before: Iterable[w.Widget], after: Iterable[w.Widget]) -> None:
    """Close every widget ``before`` held that ``after`` no longer holds: controls replaced
    by new ones would otherwise stay open (and in ipywidgets' registry) for the kernel's
    life."""
    kept = {id(widget) for widget in held(after)}
    close_parts(widget for widget in held(before) if id(widget) not in kept)


if TYPE_CHECKING:  # what the mixin is always mixed into: its ``observe``, ``close``, ...
    from ipywidgets import VBox as _Box
else:  # (at run time a plain mixin: ``GameWidget`` names ``VBox`` itself)
    _Box = object


class AgentTurns(_Box):
    """The bots' part of ``GameWidget`` (see the module's docstring)."""

    session: Session
    runner: AgentRunner
    agent_delay: float
    pause_button: w.ToggleButton
    board: SceneCanvas
    layout: w.Layout
    _choice_buttons: dict[Hashable, w.Button]
    _panels_due: asyncio.TimerHandle | None
    _unseen_pause = False  # the bots paused because no view shows the widget
    _view_count: int | None

    def _refresh(self, full: bool = False) -> None:
        raise NotImplementedError  # GameWidget's

    def _pause_when_unseen(self) -> None:
        """Have the page count its views of the widget (``_view_count``: ``None`` turns the
        count off) and pause the bots while none is left."""
        self._view_count = 0
        self.observe(self._on_views, "_view_count")

    def _on_views(self, change: dict[str, Any]) -> None:
        if self.runner.closed:
            return
        before, now = change["old"] or 0, change["new"] or 0
        if now == 0 < before and not self.runner.paused:
            self._unseen_pause = True
            self.pause_button.value = True
        elif now > 0 and self._unseen_pause:
            self.pause_button.value = False

    @property
    def closed(self) -> bool:
        """Whether ``close()`` ended the widget."""
        return self.runner.closed

    def close(self) -> None:
        """End the widget: its bots stop now (a search under way is dropped), its controls
        leave the page, and a move, step or setting afterwards raises ``ValueError``."""
        # Every part is looked up: a widget whose __init__ raised (a bad argument) is closed
        # by the garbage collector with only some of its parts made, and must close quietly.
        runner = getattr(self, "runner", None)
        if runner is not None:
            runner.close()
        due = getattr(self, "_panels_due", None)
        if due is not None:
            due.cancel()
            self._panels_due = None
        board = getattr(self, "board", None)
        if board is not None:
            board.close()
        for child in [*getattr(self, "children", ()),
                      *getattr(self, "_choice_buttons", {}).values()]:
            close_all(child)
        super().close()
        self.layout.close()

    @while_open
    def agent_move(self) -> Action | None:
        """The player to move's agent (a random one for a human seat) makes a move now; if
        it can't (the game is over, the agent fails), the message line says why."""
        self._cancel_pending()
        action = self._agent_step()
        if action is None:
            return None
        self._refresh(full=True)
        self._after_move()
        return action

    def _after_move(self) -> None:
        """If an agent is to move, let it: one move at a time, searched off the event loop, when
        one runs and ``agent_delay > 0`` (see ``agentrun``); else at once, here."""
        self._cancel_pending()
        if self.session.agent_to_move() is None or self.runner.paused or self.runner.closed:
            return
        loop = running_loop()
        if self.agent_delay > 0 and loop is not None:
            self.runner.start(loop)
            return
        for _ in range(AGENT_RUN_LIMIT):
            if self.runner.closed or self.session.agent_to_move() is None \
                    or self._agent_step() is None:
                break
        self._refresh(full=True)

    def _agent_step(self) -> Action | None:
        """One agent move here and now, as ``AgentRunner`` makes one: whatever the agent
        raises, or an illegal move, is told in the message line (then ``None``)."""
        s = self.session
        try:
            agent = s.mover()  # (``IllegalAction`` once the game is over: told, below)
            p = s.state.current_player
            assert p is not None  # ``mover`` raised otherwise
            decision = decide(agent, fresh_view(s.state, p), s.move_time)
        except Exception as err:  # noqa: BLE001 - the agent's own failure is told, not raised
            return self._told(err)
        try:
            return synchronous(lambda: s.agent_move(decision))
        except (TabletopError, ValueError) as err:  # its move is not legal
            return self._told(err)

    def _told(self, err: Exception) -> Action | None:
        self.session.message = Message(failure(err), "error",
                                       agent=self.session.state.current_player)
        self._refresh()
        return None

    def _cancel_pending(self) -> None:
        self.runner.cancel()

    def _label_pause(self) -> None:
        paused = self.pause_button.value
        self.pause_button.description = "Resume bots" if paused else "Pause bots"
        self.pause_button.icon = "play" if paused else "pause"

    def _on_pause(self, change: dict[str, Any]) -> None:
        self._unseen_pause = self._unseen_pause and change["new"]  # a person's resume ends it
        self._label_pause()
        if change["new"]:
            self.runner.pause()
        else:
            self.runner.resume()  # a held move is played now, if still for this position
            self._after_move()
