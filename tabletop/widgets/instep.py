"""The game widget's panels kept in step with its session: the message line, the turn line,
scores, move log, the agent's thinking, the choice buttons and the timeline bar.

``PanelsInStep`` is a part of ``GameWidget`` (a mixin, as ``AgentTurns`` is): ``GameWidget``
builds the controls and calls ``_show_panels`` after each redraw of the board (at once, or
``panel_delay`` seconds later when an event loop runs: see ``GameWidget._refresh``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable

import ipywidgets as w

from ..core.memos import Bound
from ..core.outcome import outcome
from ..render.scenecanvas import SceneCanvas
from . import layout, panels
from .agentrun import AgentRunner
from .agentturns import close_dropped
from .inputs import MoveBox
from .keyfocus import FocusKeeper, leave, usable
from .observers import StateObservers
from .session import Session

_BUTTONS_HELD = Bound(500)  # choice buttons kept for reuse, by target


class PanelsInStep:
    """The panels' part of ``GameWidget`` (see the module's docstring)."""

    session: Session
    runner: AgentRunner
    turn_html: w.HTML
    message_html: w.HTML
    scores_html: w.HTML
    log_html: w.HTML
    thinking_html: w.HTML
    choices: w.HBox
    move_box: MoveBox
    focus_keeper: FocusKeeper
    cancel_button: w.Button
    confirm_button: w.Button
    agent_button: w.Button
    breakdown_toggle: w.ToggleButton
    agent_toggle: w.ToggleButton
    board: SceneCanvas
    first_button: w.Button
    back_button: w.Button
    forward_button: w.Button
    last_button: w.Button
    slider: w.IntSlider
    branch_picker: w.Dropdown
    _agent_section: w.Box
    _choice_buttons: dict[Hashable, w.Button]
    _panels_due: asyncio.TimerHandle | None
    _panels_full: bool
    _syncing: bool
    observers: StateObservers

    def _press_button(self, target: Hashable) -> None:
        raise NotImplementedError  # GameWidget's

    def _show_panels(self) -> None:
        """Bring the controls and panels in step with the session (see ``_refresh``)."""
        if self._panels_due is not None:
            self._panels_due.cancel()
            self._panels_due = None
        full, self._panels_full = self._panels_full, False
        # (a notebook's observer of a control that raises stops none of them: ``observers``)
        self.observers.guarded(self, lambda: self._update_panels(full))

    def _update_panels(self, full: bool) -> None:
        s = self.session
        self._show_choices()
        said = s.message_line()
        if not said.text:  # nothing to tell: say what a click does now
            self.message_html.value = panels.message_html(s.hint(), "hint")
        else:  # after a move's news, what a click does next
            hint = s.hint() if said.kind in ("done", "info") else ""
            self.message_html.value = panels.message_html(said.text, said.kind, hint)
        covered = s.covered()
        # (at a bot's turn under the cover no one is to take the board: "Bot move" is)
        self.confirm_button.layout.display = "" if covered and s.agent_to_move() is None \
            else "none"
        self.move_box.disabled = s.input is None  # as the board takes no clicks
        if not full:
            self._keep_focus()
            return
        self.move_box.value = ""  # typed for the position left: not for the next eyes
        colours = self._colours()
        self.turn_html.value = self._turn(colours)
        names = [s.name(p) for p in range(s.game.players)]
        scoreboard = s.scoreboard()
        self.scores_html.value = panels.scores_html(names, scoreboard, colours)
        line = s.line()
        actors = [s.name(s.graph.nodes[n]["state"].current_player) for n in line[:-1]]
        self.log_html.value = panels.log_html(s.log(), actors, s.ply())
        self.thinking_html.value = panels.thinking_html(s.thinking(), s.thinking_by())
        self._agent_section.layout.display = "" if self.thinking_html.value else "none"
        self.breakdown_toggle.disabled = scoreboard is None
        self._sync_timeline(line)
        # under the cover at a bot's turn (a step took it there) the bot may move: no one sees
        self.agent_button.disabled = s.state.is_terminal or (covered and
                                                             s.agent_to_move() is None)
        self._keep_focus()

    def _board_key(self, key: str, shift: bool) -> None:
        """A key pressed on the board, which the page keeps for the kernel (``SceneCanvas.
        on_key``): Tab gives the focus to the widget's first open control after the board,
        Shift-Tab and Escape take it off the board (the next Shift-Tab or Tab goes on from
        there), so the board is no trap for the keyboard. Other keys do nothing."""
        if key == "Tab" and not shift:
            following = [self.move_box, self.confirm_button, self.cancel_button,
                         *self.choices.children, self.breakdown_toggle]
            if self._agent_section.layout.display != "none":
                following.append(self.agent_toggle)
            following += [self.first_button, self.back_button, self.forward_button,
                          self.last_button, self.branch_picker, self.agent_button]
            target = next((c for c in following if usable(c)), None)
            if target is not None:
                target.focus()
        elif key in ("Tab", "Escape"):
            leave(self.board)

    def _keep_focus(self) -> None:
        """Send the keyboard's focus on from a control pressed on the page that is now shut
        or hidden (``keyfocus``). A control is given its focus back when it opens again; from
        the move box and **Show my board** (its neighbour) the focus goes on to where play
        goes on: the move box, **Show my board**, **Bot move** under the cover at a bot's
        turn, **Step back** once the game is over. From the other buttons (the steps, the
        choices, **Bot move**) it goes nowhere else: they may have been pressed by a finger
        or a mouse, and a focus sent to a control out of sight scrolls the page under them
        (a tablet's next tap then lands beside its target: ``tests/browser/test_touch.py``)."""
        pressed = self.focus_keeper.pressed
        if pressed is None:
            return
        fallbacks: list[w.DOMWidget] = []
        if pressed is self.move_box or pressed is self.confirm_button:  # the box beside it
            s = self.session
            fallbacks = [self.move_box, self.confirm_button]
            if s.covered():
                fallbacks.append(self.agent_button)
            if s.state.is_terminal:
                fallbacks += [self.back_button, self.first_button]
        self.focus_keeper.settle(fallbacks)

    def _turn(self, colours: tuple[str, ...] | None = None) -> str:
        """The turn line's HTML: whose turn (and whether their agent thinks or waits), or
        the result."""
        s = self.session
        state = s.state
        if state.is_terminal:
            return panels.turn_html(None, "", result=outcome(state, s.name))
        p = state.current_player
        assert p is not None
        status = "thinking" if self.runner.thinking == p else \
            "paused" if self.runner.paused and s.seats[p] is not None else ""
        return panels.turn_html(s.name(p), s.seat_label(p), colour=(colours or self._colours())[p],
                                status=status)

    def _colours(self) -> tuple[str, ...]:
        """Each player's dot colour (the game's own, else the palette's)."""
        game = self.session.game
        return panels.player_colours(game.player_colours, game.players)

    def _show_turn(self) -> None:
        """Send the turn line now (an agent's "thinking…" must reach the page before it
        searches)."""
        self.observers.guarded(self, lambda: setattr(self.turn_html, "value", self._turn()))

    def _show_choices(self) -> None:
        """Show a button for each off-board target on offer, reusing the ones made before."""
        s = self.session
        buttons: list[w.Widget] = []
        dropped: list[w.Widget] = []
        for target, label in s.buttons():
            button = self._choice_buttons.get(target)
            if button is None:
                if len(self._choice_buttons) > _BUTTONS_HELD.size:
                    dropped += self._choice_buttons.values()
                    self._choice_buttons.clear()
                button = layout.button(label, f"pick {label}")
                button.add_class("tabletop-choice")
                button.on_click(lambda _, t=target: self._press_button(t))
                self._choice_buttons[target] = button
            elif button.description != label:
                button.description = label
            buttons.append(button)
        shown = list(self.choices.children)
        if shown != buttons:
            self.choices.children = buttons
        # a button let go (too many kept) is closed once it is neither shown nor kept
        close_dropped([*dropped, *shown], [*buttons, *self._choice_buttons.values()])
        inp = s._input
        picked = bool(inp is not None and inp.selection)
        self.cancel_button.layout.display = "" if picked else "none"

    def _sync_timeline(self, line: list[int]) -> None:
        """Set the ply slider, the step buttons and the branch picker to ``line`` (the line
        on show) and its cursor, without their handlers moving the cursor again."""
        s = self.session
        self._syncing = True
        try:
            index = line.index(s.timeline.cursor)
            if self.slider.max != len(line) - 1:
                self.slider.max = len(line) - 1
            self.slider.value = index
            self.back_button.disabled = self.first_button.disabled = index == 0
            self.forward_button.disabled = self.last_button.disabled = index == len(line) - 1
            # Listing every branch end walks each one's path: done again only when the
            # timeline grew or what the labels may show changed, not at every step or jump.
            key = (s.timeline, s.timeline._next_id, len(s.graph), s.viewer(), s.covered(),
                   s.reviewing())
            if getattr(self, "_branch_key", None) != key:
                self._branch_key, self._branch_list = key, s.branches()
            options = [(label, leaf) for leaf, label in self._branch_list]
            if list(self.branch_picker.options) != options:
                self.branch_picker.options = options
            self.branch_picker.value = line[-1]
            self.branch_picker.disabled = len(options) < 2
        finally:
            self._syncing = False
