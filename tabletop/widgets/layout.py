"""How the game widget's parts are arranged, and the sizes that keep it on a laptop screen.

JupyterLab at 1280x800 with the file browser open shows about 680 px of notebook, 848 px
wide. The widget is a row of the board (scaled to the width it gets, at most
``BOARD_HEIGHT`` tall) and a side panel of fixed height, then the timeline and seats bars:
nothing below the row moves when buttons, messages or the agent's panel change (in the
panel, a long message grows its region and the move log below gives up the room). Below
``BOARD_MIN + GAP + SIDE_WIDTH`` px (642) the side panel wraps under the board: a laptop
zoomed in (1280x800 at 110%, 1366x768 at 125%: about 730 and 660 px of output with the file
browser open) keeps whose turn, the message and the controls beside the board. On a short
window (1280x720: about 600 px of notebook) the row is ``row_height()`` tall, so that the bars
below it stay on screen too. Wrapped below the board (a phone held upright), the side panel
is ``BOARD_HEIGHT`` tall whatever the window (``panels.wrapped_css``), and a folded panel
(the score's breakdown) keeps its height, so the bots' panel never squeezes the scores.

Sizes are ipywidgets layouts (inline styles, checked without a browser); looks are the CSS
in ``panels``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as w

from ..core.names import right_to_left

#: Tallest the board is drawn (CSS px), and the side panel's height beside it.
BOARD_HEIGHT = 500
#: Least height of the row on a short window, and the window's height the row leaves for the
#: rest: JupyterLab's menus, toolbar and status bar (about 121 px) and the two bars below the
#: row (116 px when the seats bar takes two lines).
BOARD_HEIGHT_LEAST = 360
WINDOW_ROOM = 245
#: The side panel's width when beside the board (it takes the whole row below it).
SIDE_WIDTH = 330
#: The side panel's widest: on a very wide screen (2560 px) the board stops at
#: ``BOARD_HEIGHT`` and the panel beside it took all the rest (1,500 px: the score's fold
#: toggle 1,000 px from the scores, a move box 1,100 px wide); the rest of the row stays empty.
SIDE_MAX = 600
#: Narrowest board kept beside the side panel; below it the panel wraps under the board (and
#: the turn, message and controls go below a board as tall as the window).
BOARD_MIN = 300
#: Gap between the board and the side panel (``panels.CSS``: ``.tt-main``).
GAP = 12
#: The message line's least height: three lines of text. It grows with a longer message,
#: up to the side panel's height less ``MESSAGE_ROOM_LEFT`` (what the turn line, the move
#: box, two rows of buttons, the score's total and the move log's least height take), and
#: scrolls only past that: 12 lines beside a 500 px board, 4 on a short window.
MESSAGE_HEIGHT = 58
MESSAGE_ROOM_LEFT = 280
#: The click controls' region keeps room for two rows of buttons, and grows to show every
#: button (the score, moves and thinking below it in the side panel share what is left).
CONTROLS_MIN = 60
#: The seats bar's parts: a seat's picker (a name as long as "Georges", then "mcts-strong" in
#: full, measured in Chromium) and the Pause button (as wide for "Resume bots"). Five seats,
#: the view, Hot seat, Bot move and Pause take two lines in 710 px (Lascaux at 1280x800
#: zoomed to 110%, file browser open: 732 px).
SEAT_WIDTH = 164
SEAT_LABEL_WIDTH = 56
PAUSE_WIDTH = 126
#: The least height of a control a finger taps (the folds' toggles; buttons are 28 px).
FINGER = 24


def row_height() -> str:
    """The CSS height of the board's row: ``BOARD_HEIGHT``, less on a short window.

    >>> row_height()
    'min(500px, max(360px, calc(100vh - 245px)))'
    """
    return (f"min({BOARD_HEIGHT}px, max({BOARD_HEIGHT_LEAST}px, "
            f"calc(100vh - {WINDOW_ROOM}px)))")


def main_row(board: w.Widget, side: w.Widget) -> w.HBox:
    """The board and the side panel: side by side, or the panel below when narrow.

    The board grows first (up to its own ``max_width``) and shrinks down to ``BOARD_MIN``
    before the row wraps; the side panel takes what is left, at least ``SIDE_WIDTH`` and at
    most ``SIDE_MAX``.
    """
    board.layout.flex = f"1000 1 {BOARD_MIN}px"
    side.layout.flex = f"1 1 {SIDE_WIDTH}px"
    side.layout.height = row_height()
    side.layout.max_width = f"min(100%, {SIDE_MAX}px)"
    return w.HBox([board, side]).add_class("tt-main")


def side_panel(top: Sequence[w.Widget], details: Sequence[w.Widget]) -> w.VBox:
    """Fixed parts at the top (turn, message, controls), then ``details`` sharing the rest."""
    rest = w.VBox(list(details)).add_class("tt-details")
    return w.VBox([*top, rest]).add_class("tt-side")


def controls(parts: Sequence[w.Widget]) -> w.HBox:
    """The click controls (confirm, cancel, choice buttons): two rows' room at least, and
    every button shown (Lava Flows' four claim buttons take four rows beside the board)."""
    box = w.HBox(list(parts)).add_class("tt-controls")
    box.layout.min_height = f"{CONTROLS_MIN}px"
    return box


def message_region(widget: w.Widget) -> w.Widget:
    """The message line's region: at least ``MESSAGE_HEIGHT`` tall, as tall as its text up
    to what the side panel can spare (``MESSAGE_ROOM_LEFT`` kept for the rest), so that a
    message is read whole, not cut mid-sentence by a fixed height.

    >>> message_region(w.HTML()).layout.max_height
    'max(58px, calc(100% - 280px))'
    """
    widget.layout.min_height = f"{MESSAGE_HEIGHT}px"
    widget.layout.max_height = f"max({MESSAGE_HEIGHT}px, calc(100% - {MESSAGE_ROOM_LEFT}px))"
    widget.layout.flex = "none"
    return widget


def fixed_height(widget: w.Widget, height: int) -> w.Widget:
    widget.layout.height = f"{height}px"
    widget.layout.flex = "none"
    return widget


def section(html: w.HTML, toggle: w.ToggleButton, *, scrolls: bool = False) -> w.Box:
    """A panel with its fold toggle at its top right; ``scrolls``: it scrolls when tall."""
    toggle.add_class("tt-fold")
    toggle.layout.height = f"{FINGER}px"  # a finger's target, over the panel's first line
    box = w.Box([html, toggle]).add_class("tt-section")
    if scrolls:
        box.add_class("tt-scrolls")
    return box


def fold_toggle(description: str, tooltip: str, value: bool) -> w.ToggleButton:
    """A small toggle that unfolds a panel; its value is the panel's state, kept in Python."""
    return w.ToggleButton(value=value, description=description, tooltip=tooltip)


def set_folded(widget: w.Widget, folded: bool) -> None:
    """Fold (or unfold) a panel: the ``tt-folded`` class, which ``panels.CSS`` styles."""
    if folded:
        widget.add_class("tt-folded")
    else:
        widget.remove_class("tt-folded")


def seat_picker_layout() -> w.Layout:
    """A seat's picker: ``SEAT_WIDTH`` wide, wider for a bot's name that needs it (a
    ``<select>`` with a description shows no tooltip, so the name must fit), never wider
    than the widget.
    """
    return w.Layout(width="auto", min_width=f"{SEAT_WIDTH}px", max_width="100%")


def set_direction(widget: w.Widget, text: str) -> None:
    """Mark ``widget`` (a picker showing ``text``) right-to-left when ``text`` is, so that a
    name in Arabic or Hebrew too shows its start, not its end, when it is cut
    (``panels.CSS``: ``.tt-rtl``; a ``<select>`` takes no ``dir="auto"`` from Python)."""
    if right_to_left(text):
        widget.add_class("tt-rtl")
    else:
        widget.remove_class("tt-rtl")


def button(description: str, tooltip: str, *, icon: str = "", width: str = "auto",
           style: str = "") -> w.Button:
    """A button of the widget's (``style``: ipywidgets' ``button_style``)."""
    return w.Button(description=description, tooltip=tooltip, icon=icon, button_style=style,
                    layout=w.Layout(width=width))


def step_button(tooltip: str, icon: str, step: Callable[[], object]) -> w.Button:
    """A narrow icon button of the step bar that calls ``step`` when pressed."""
    found = button("", tooltip, icon=icon, width="38px")
    found.on_click(lambda _: step())
    return found
