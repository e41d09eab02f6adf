"""``GameWidget``: play, step, fork and inspect a game in a notebook (ipywidgets + ipycanvas).

>>> import tabletop                                   # doctest: +SKIP
>>> w = tabletop.play("landlock", seed=3, bots={1: "random"})   # doctest: +SKIP

The logic lives in ``Session``; this module lays out the controls (``instep`` keeps the
panels in step, ``agentturns`` runs the agents).
``widget.timeline`` is the networkx ``DiGraph`` of the session (states on nodes, actions on
edges); ``widget.navigator`` reads its cursor, lines and branches.
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import ipywidgets as w
import networkx as nx
import traitlets

from ..agents import agent_names
from ..agents.settings import agent_seats
from ..core.errors import IllegalAction, InvalidRecord
from ..core.game import Action, State
from ..core.graphview import readonly_view
from ..core.plain import flag
from ..core.public import PUBLIC
from ..core.timeline import TimelineReader
from ..render.scenecanvas import SceneCanvas, running_loop
from ..render.svg import to_svg
from . import abandoned, inputs, iopub, layout, panels
from .agentrun import AgentRunner, Seconds
from .agentturns import AgentTurns, close_dropped, while_open
from .instep import PanelsInStep
from .keyfocus import FocusKeeper
from .messages import Message, refusal, typing_help
from .observers import StateObservers, by_observer, show_traceback
from .picture import with_picture
from .presses import Presses, press
from .session import Session
from .starting import hot_seat_flag, option_number, shown_state, view_value
from .warmup import warm_up

#: Least seconds between a move and an agent's reply, so a person sees both (the agent searches
#: meanwhile, off the event loop: see ``agentrun``).
AGENT_DELAY = 0.6
#: Seconds the controls and side panels wait after a board frame is sent, when an event loop
#: runs: the frontend paints the board first instead of laying out the panels before it.
PANEL_DELAY = 0.05
#: The view dropdown's value for the full state: each value of ``view_picker`` is a spelling
#: ``view`` takes ("full", "public" or a player), so that the two agree.
_FULL = "full"


#: The most canvas pixels per scene unit: a 4× display's; past it the board's canvas grows
#: past what a browser draws (resolution 100 asked for 3.3e9 pixels).
MAX_RESOLUTION = 4.0


class GameWidget(AgentTurns, PanelsInStep, w.VBox):
    """A game to play by clicking, with a timeline, seats, views and a hot seat.

    ``state`` is a read-only traitlet: ``widget.observe(f, "state")`` hears every move and
    step (moves are made with ``play``, ``click`` or ``load``, steps with ``goto``).
    ``view="auto"`` (the default) shows the one human's view when bots fill every other
    seat — so an agent's secrets stay secret — and the full state otherwise. In a notebook, agents
    move one at a time, each "thinking…" while it searches off the event loop; ``paused``
    (the Pause toggle) holds them (see ``agentrun``; ``paused=True`` starts the widget
    paused: "Bot move" steps a bot, letting go of the toggle lets them play on).
    ``view="public"`` shows what an audience without a seat may see: no one's secrets
    (``tabletop.core.public``). ``start_bots=False``: a bot to move at
    ``state`` waits for a move, a seat change or "Bot move" (``play`` opens a record so).
    ``close()`` stops the bots at once and ends the widget (see ``agentturns``).
    ``move_time=`` (seconds, ``None``: no limit) stops a bot that thinks longer over a move,
    told in the message line (see ``agentcall``).
    """

    state = traitlets.Instance(State, read_only=True)
    agent_delay = Seconds()
    panel_delay = Seconds()
    children: Sequence[w.Widget]  # (``VBox``'s trait: the controls shown, a tuple once set)

    def __init__(self, state: State, *, bots: Mapping[int, Any] | None = None,
                 view: int | str | None = "auto", hot_seat: bool = False,
                 seed: int | None = None, agent_delay: float = AGENT_DELAY,
                 resolution: float = 2.0, panel_delay: float = PANEL_DELAY,
                 start_bots: bool = True, move_time: float | None = None,
                 paused: bool = False) -> None:
        state = shown_state(state, "GameWidget")
        start_bots = flag(start_bots, "start_bots")
        paused = flag(paused, "paused")
        bots = agent_seats(bots)
        self.observers = StateObservers()  # the notebook's own hooks on ``state``
        self.session = Session(state, bots=bots, view=view_value(view, state.game.players,
                                                                 bots),
                               hot_seat=hot_seat, seed=seed, move_time=move_time)
        self.agent_delay = agent_delay
        self.panel_delay = panel_delay
        resolution = option_number(resolution, "resolution must be a finite number > 0 and "
                                   "at most 4", high=MAX_RESOLUTION, above=True)
        self.runner = AgentRunner(self)
        iopub.hold_messages()  # (a burst of widgets no longer loses messages: ``iopub``)
        self.focus_keeper = FocusKeeper()  # where the focus goes when a control shuts
        self._panels_due: asyncio.TimerHandle | None = None
        self._panels_full = False
        self._syncing = False
        self._choice_buttons: dict[Hashable, w.Button] = {}
        self.board = SceneCanvas(resolution=resolution, fit_height=layout.BOARD_HEIGHT,
                                 fit_css=layout.row_height())
        self.presses = Presses()  # a double click on the board or a button is one click
        self.board.on_click(self._press_board)
        self.board.on_key(self._board_key)  # Tab leaves the board (ipycanvas keeps it)
        self._build()
        super().__init__(children=self._layout())
        self.add_class("tabletop-game")
        self.set_trait("state", self.session.state)
        self._refresh(full=True)
        if self._panels_due is not None:  # at once: the widget's first picture has its panels
            self._show_panels()
        self._pause_when_unseen()
        abandoned.watch(self)  # closed once a re-run cell's output drops it (``abandoned``)
        if paused:  # (a match to watch: it starts when the Pause toggle is let go)
            self.paused = True
        if start_bots:
            self._after_move()
        warm_up(self.session.state, self.session.seats)  # first-use costs, off the click path

    @traitlets.validate("state")
    def _follows_session(self, proposal: Any) -> State:
        """``state`` is the state on show and nothing else: a ``set_trait`` of another state
        would leave the board, timeline and bots on the old one."""
        value = proposal["value"]
        if value is not self.session.state:
            raise traitlets.TraitError(
                "GameWidget.state is the state on show: change it with play(), goto(), "
                "back(), load(record) or a new widget (tabletop.play(state)), not set_trait")
        return value

    # --- the parts --------------------------------------------------------------------------
    def _build(self) -> None:
        button = layout.button
        self.turn_html = w.HTML().add_class("tabletop-turn")
        self.message_html = w.HTML(panels.message_html("")).add_class("tabletop-message")
        self.scores_html = w.HTML().add_class("tabletop-scores")
        self.log_html = w.HTML().add_class("tabletop-log")
        self.thinking_html = w.HTML().add_class("tabletop-thinking")
        self.choices = w.HBox().add_class("tt-choices").add_class("tabletop-choices")
        self.move_box = inputs.move_box(self.play, self._typing_help,  # keyboard's way to moves
                                        self.focus_keeper.from_page)
        self.cancel_button = button("Cancel", "Forget the targets picked so far", icon="times")
        self.cancel_button.on_click(lambda b: self._from_page(b, self.cancel))
        self.confirm_button = button("Show my board", "Lift the cover for the player to move",
                                     icon="eye", style="warning")
        self.confirm_button.add_class("tabletop-confirm")
        self.confirm_button.on_click(lambda b: self._from_page(b, self.confirm))

        step = layout.step_button
        self.first_button = step("Jump to the start", "fast-backward",
                                 lambda: self._from_page(self.first_button, self.start))
        self.back_button = step("Step back", "step-backward",
                                lambda: self._from_page(self.back_button, self.back))
        self.forward_button = step("Step forward", "step-forward",
                                   lambda: self._from_page(self.forward_button, self.forward))
        self.last_button = step("Jump to the end of this line", "fast-forward",
                                lambda: self._from_page(self.last_button, self.end))
        self.slider = w.IntSlider(min=0, max=0, value=0, description="ply",
                                  continuous_update=True,
                                  layout=w.Layout(width="auto", flex="1 1 160px",
                                                  max_width="320px"))
        self.slider.style.description_width = "28px"
        self.slider.observe(self._on_slider, "value")
        self.branch_picker = w.Dropdown(description="branch", layout=w.Layout(width="250px"))
        self.branch_picker.style.description_width = "50px"
        self.branch_picker.observe(self._on_branch, "value")

        names = agent_names()
        self.seat_pickers = []
        for p in range(self.session.game.players):
            label = self.session.seat_label(p)
            picker = w.Dropdown(options=list(dict.fromkeys(["human", *names, label])),
                                value=label, description=self.session.name(p),
                                layout=layout.seat_picker_layout())
            picker.style.description_width = f"{layout.SEAT_LABEL_WIDTH}px"
            layout.set_direction(picker, label)
            picker.observe(lambda change, p=p: self._on_seat(p, change), "value")
            self.seat_pickers.append(picker)
        self.view_picker = w.Dropdown(options=self._view_options(),
                                      value=_picked(self.session.view),
                                      description="view", layout=w.Layout(width="190px"),
                                      disabled=self.session.hot_seat)
        self.view_picker.style.description_width = "36px"
        self.view_picker.observe(self._on_view, "value")
        self.hot_seat_toggle = w.ToggleButton(
            value=self.session.hot_seat, description="Hot seat", icon="user-secret",
            tooltip="Show only the view of the player to move; cover the board between turns",
            layout=w.Layout(width="auto"))
        self.hot_seat_toggle.observe(self._on_hot_seat, "value")
        self.agent_button = button("Bot move", "Let a bot make the move for the player to move",
                                 icon="cogs", style="info")
        self.agent_button.add_class("tabletop-bot-move")
        self.agent_button.on_click(lambda b: self._from_page(b, self.agent_move))
        self.pause_button = w.ToggleButton(
            value=self.runner.paused,
            tooltip="Bots stop after the move they are thinking about; press again to go on",
            layout=w.Layout(width=f"{layout.PAUSE_WIDTH}px"))  # "Resume bots" as wide
        self.pause_button.add_class("tabletop-pause")
        self._label_pause()
        self.pause_button.observe(self._on_pause, "value")

        # The score breakdown and the agent's thinking fold; their toggles keep the choice (a
        # rebuild for another game's record keeps it too).
        old = getattr(self, "breakdown_toggle", None), getattr(self, "agent_toggle", None)
        self.breakdown_toggle = layout.fold_toggle(
            "show breakdown", "Where each player's points come from",
            old[0].value if old[0] is not None else False)
        self.agent_toggle = layout.fold_toggle(
            "hide", "Show or hide what the last bot was thinking",
            old[1].value if old[1] is not None else True)
        self.breakdown_toggle.observe(lambda _: self._show_folds(), "value")
        self.agent_toggle.observe(lambda _: self._show_folds(), "value")

    def _layout(self) -> list[w.Widget]:
        controls = layout.controls([self.confirm_button, self.cancel_button, self.choices])
        self._agent_section = layout.section(self.thinking_html, self.agent_toggle, scrolls=True)
        self._score_section = layout.section(self.scores_html, self.breakdown_toggle,
                                             scrolls=True)
        side = layout.side_panel(
            [self.turn_html, layout.message_region(self.message_html),
             layout.fixed_height(self.move_box, 28), controls],
            [self._score_section, self.log_html, self._agent_section])
        main = layout.main_row(self.board.frame, side)
        timeline = w.HBox([self.first_button, self.back_button, self.slider,
                           self.forward_button, self.last_button, self.branch_picker]
                          ).add_class("tt-bar").add_class("tabletop-timeline")
        seats = w.HBox([*self.seat_pickers, self.view_picker, self.hot_seat_toggle,
                        self.agent_button, self.pause_button]
                       ).add_class("tt-bar").add_class("tabletop-seats")
        style = w.HTML(panels.CSS, layout=w.Layout(display="none"))  # a <style> applies hidden
        self._show_folds()
        return [style, main, timeline, seats]

    def _show_folds(self) -> None:
        """Fold or unfold the breakdown and the agent's panel as their toggles say."""
        shown = self.breakdown_toggle.value
        layout.set_folded(self.scores_html, not shown)
        layout.set_folded(self._score_section, not shown)  # (folded: it keeps its height)
        self.breakdown_toggle.description = "hide breakdown" if shown else "show breakdown"
        shown = self.agent_toggle.value
        layout.set_folded(self.thinking_html, not shown)
        self.agent_toggle.description = "hide" if shown else "show"

    def _view_options(self) -> list[tuple[str, int | str]]:
        s = self.session
        return [("full state", _FULL), ("public (audience)", PUBLIC)] + [
            (f"{s.name(p)}'s view", p) for p in range(s.game.players)]

    # --- the public surface -----------------------------------------------------------------
    @property
    def timeline(self) -> nx.DiGraph:
        """The session's states with actions on the edges: a live, read-only view (the widget
        alone grows it; ``copy()`` gives one to change).

        Nodes are integers (``0`` the start) with ``state``, ``ply`` (actions from the
        start) and, where annotated, ``note``; edges carry ``action``, its ``notation`` and,
        after a bot's move, its ``thinking`` (what the bot panel shows)."""
        return readonly_view(self.session.graph)

    @property
    def navigator(self) -> TimelineReader:
        """The timeline to read, live: its cursor, lines and branches (``play``, ``goto``,
        ``back`` … are the widget's, which keep the picture in step)."""
        return TimelineReader(self.session.timeline)

    @property
    def node(self) -> int:
        """The timeline node on show."""
        return self.session.timeline.cursor

    @property
    def message(self) -> str:
        """The message line (why a click was refused, what was played), as the viewer on
        show reads it."""
        return self.session.message_line().text

    @property
    def hint(self) -> str:
        """What a click on the board does now, in the game's words (shown in the message
        line when it has nothing else to say; under the hot-seat cover, whose turn it is and
        what to press); ``""`` while clicking is blocked."""
        return self.session.hint()

    @property
    def view(self) -> int | str | None:
        """The player whose view is drawn, ``"public"`` for what an audience without a seat
        may see, or ``None`` for the full state (set it as the widget's ``view=`` argument:
        a player, ``"public"``, ``"full"``, ``None`` or ``"auto"``). ``view_picker``'s
        values are these spellings too: ``"full"``, ``"public"`` and the players."""
        return self.session.view

    @view.setter
    @while_open
    def view(self, value: int | str | None) -> None:
        s = self.session
        chosen = view_value(value, s.game.players,
                            [p for p, agent in enumerate(s.seats) if agent is not None])
        self.view_picker.value = _picked(chosen)

    @property
    def paused(self) -> bool:
        """Whether agents wait (the Pause toggle): no agent moves until it is ``False`` again."""
        return self.runner.paused

    @paused.setter
    @while_open
    def paused(self, value: bool) -> None:
        self.pause_button.value = flag(value, "paused")

    @property
    def hot_seat(self) -> bool:
        """Whether a cover hides the board between turns (the "Hot seat" toggle): each
        player sees only their own view, after pressing "Show my board"."""
        return self.session.hot_seat

    @hot_seat.setter
    @while_open
    def hot_seat(self, value: bool) -> None:
        self.hot_seat_toggle.value = hot_seat_flag(value)

    def scene(self) -> Any:
        """The ``Scene`` on the canvas now."""
        return self.board.scene

    @while_open
    def click(self, x: float, y: float) -> Action | None:
        """A click on the board at scene coordinates (what a mouse press on the canvas does)."""
        action = self.session.click(x, y)
        self._after_input(action)
        return action

    def _press_board(self, x: float, y: float) -> None:
        """A press on the canvas from the page: a click, if it counts (``presses.press``)."""
        press(self, ("board", x, y), lambda: self.click(x, y))

    def _press_button(self, target: Hashable) -> None:
        """A choice button pressed on the page: as ``_press_board``."""
        button = self._choice_buttons.get(target)
        if button is None:
            press(self, ("button", target), lambda: self.choose(target))
            return
        with self.focus_keeper.from_page(button):
            press(self, ("button", target), lambda: self.choose(target))

    def _from_page(self, control: w.DOMWidget, method: Any) -> None:
        """Run ``method``, what pressing ``control`` on the page does (``keyfocus``)."""
        with self.focus_keeper.from_page(control):
            method()

    @while_open
    def choose(self, target: Hashable) -> Action | None:
        """Pick a target (what an off-board button does); plays the move it completes."""
        action = self.session.choose(target)
        self._after_input(action)
        return action

    @while_open
    def play(self, action: Action | str) -> Action:
        """Play ``action`` (or its notation) at the state on show.

        An illegal one raises ``IllegalAction`` (what a call from Python expects) and also
        says why in the message line, as a refused click does, with nothing else changed:
        in the words of the view on show (a seat's message never tells what it can't see).
        """
        try:
            played = self.session.play(action)
        except IllegalAction:
            self.session.message = Message(refusal(self.session.subject(), action),
                                           "error")
            self._refresh()
            raise
        self._after_input(played)
        return played

    def _typing_help(self) -> None:
        """Enter on an empty move box: say how to type a move and which may be typed."""
        self.session.message = Message(typing_help(self.session.subject()), "info")
        self._refresh()

    @while_open
    def cancel(self) -> None:
        """Forget the targets picked so far for a move (what "Cancel" does)."""
        self.session.cancel()
        self._refresh()

    @while_open
    def confirm(self) -> None:
        """Lift the hot-seat cover for the player to move."""
        self.session.confirm()
        self._refresh(full=True)

    @while_open
    def back(self) -> None:
        """Step back to the previous state on the timeline (stays at the start)."""
        self._step(self.session.back)

    @while_open
    def forward(self) -> None:
        """Step forward to the state last visited from here (stays at a branch's end)."""
        self._step(self.session.forward)

    @while_open
    def start(self) -> None:
        """Jump to the first state, keeping the way forward."""
        self._step(self.session.start)

    @while_open
    def end(self) -> None:
        """Follow "forward" to the end of the line on show."""
        self._step(self.session.end)

    @while_open
    def goto(self, node: int) -> None:
        """Show timeline node ``node`` (as the branch picker does); "forward" from each of
        its ancestors now leads there."""
        self._step(lambda: self.session.goto(node))

    @while_open
    def set_seat(self, player: int, spec: Any) -> None:
        """Make ``player`` human (``"human"``) or a bot (a name or an agent)."""
        self.session.set_seat(player, spec)
        label = self.session.seat_label(player)
        picker = self.seat_pickers[player]
        self._syncing = True
        try:
            if label not in picker.options:
                picker.options = [*picker.options, label]
            picker.value = label
            layout.set_direction(picker, label)
        finally:
            self._syncing = False
        self._refresh(full=True)
        self._after_move()

    @while_open
    def annotate(self, text: str) -> None:
        """Write ``text`` as the note on the position on show (``""`` removes it); saved."""
        self.session.annotate(text)
        self._refresh()

    def save(self, full: bool = False) -> dict[str, Any]:
        """The record of the line on show (``ply`` says where the cursor is), its other lines
        (``"branches"``) and notes, with the bots' thinking as the viewer on show may see it
        (``full=True``: all of it); see ``Session.save``."""
        return self.session.save(flag(full, "full"))

    @while_open
    def load(self, record: dict[str, Any] | str, ply: int | None = None) -> None:
        """Open a saved record at ``ply`` (default: its own ``ply``, else the end).

        The record is checked before anything changes. A bad one raises ``InvalidRecord``
        (what a call from Python expects) and also says why in the message line, with the
        widget exactly as it was: timeline, branches, cursor, seats and view.
        """
        try:
            game = self.session.game
            self.session.load(record, ply)
        except InvalidRecord as err:
            self.session.message = Message(f"could not open the record: {err}", "error")
            self._refresh()
            raise
        self._cancel_pending()
        if self.session.game != game:
            self._rebuild_controls()
        self._refresh(full=True)

    # --- keeping the controls in step -------------------------------------------------------
    def _rebuild_controls(self) -> None:
        """New controls for another game; the old ones are closed (else a saved notebook and
        the kernel keep them), all but the board."""
        old: list[w.Widget] = [*self.children, *self._choice_buttons.values()]
        self._choice_buttons.clear()
        self._build()
        self.children = self._layout()
        close_dropped(old, self.children)

    def _after_input(self, action: Action | None) -> None:
        self._refresh(full=action is not None)
        if action is not None:
            self._after_move()

    def _step(self, move: Any) -> None:
        self._cancel_pending()
        move()
        self._refresh(full=True)

    def _refresh(self, full: bool = False) -> None:
        """Redraw the board now, then the click controls; with ``full``, the rest as well.

        With an event loop running, the controls follow ``panel_delay`` seconds after the
        board (one update for all the refreshes in between), so the board's frame reaches
        the page alone.
        """
        s = self.session
        self.board.draw(s.scene())
        if s.covered():  # the still under the canvas hides the last player's view at once
            self.board.flush_still()
        self.observers.tell(self)  # (an observer's error: raised once the call is done)
        self._panels_full = self._panels_full or full
        loop = running_loop()
        if self.panel_delay > 0 and loop is not None:
            if self._panels_due is None:
                self._panels_due = loop.call_later(self.panel_delay, self._show_panels)
            return
        self._show_panels()

    # --- control events -----------------------------------------------------------------------
    def _on_slider(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        line = self.session.line()
        self.goto(line[max(0, min(change["new"], len(line) - 1))])

    def _on_branch(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] is None:
            return
        self.goto(change["new"])

    def _on_seat(self, player: int, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        try:
            self.set_seat(player, change["new"])
        except ValueError as err:
            if by_observer(err):  # a notebook's observer's, said in the message line: shown
                show_traceback(err)
                return
            self.session.message = Message(str(err), "error")
            self._refresh()

    def _on_view(self, change: dict[str, Any]) -> None:
        new = change["new"]
        self.session.set_view(view_value(new, self.session.game.players))
        self._refresh(full=True)

    def _on_hot_seat(self, change: dict[str, Any]) -> None:
        self.session.set_hot_seat(change["new"])
        self.view_picker.disabled = change["new"]
        self._refresh(full=True)
        self._after_move()

    # --- static pictures ----------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The widget's view, and its board as a picture for viewers without the kernel."""
        abandoned.displayed(self)
        return with_picture(super()._repr_mimebundle_(**kwargs),
                            to_svg(self.session.svg_scene()), repr(self).strip("<>"))

    def __repr__(self) -> str:
        s = self.session
        states = f"{len(s.graph)} state{'' if len(s.graph) == 1 else 's'}"
        return f"<GameWidget {s.game.name}: ply {s.ply()}, {states}>"


def _picked(view: int | str | None) -> int | str:
    """The view dropdown's value for a session's view: ``"full"`` for the full state (the
    dropdown has no ``None``), else the view itself (``"public"`` or a player)."""
    return _FULL if view is None else view
