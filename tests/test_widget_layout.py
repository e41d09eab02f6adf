"""The game widget's layout from Python: a board that scales, fixed regions, folding panels.

What the page makes of it (boxes on screen at 1280x800 and 900 px) is measured by
``tests/browser/test_layout.py``.
"""

from __future__ import annotations

import math

import ipywidgets as w
import pytest

import tabletop
from tabletop.core.breakdown import Breakdown, Row
from tabletop.render.scene import Scene
from tabletop.render.scenecanvas import SceneCanvas
from tabletop.widgets import layout
from tabletop.widgets.panels import breakdown_table


def _scene(width: float, height: float) -> Scene:
    scene = Scene(width, height, background="white")
    scene.circle(width / 2, height / 2, 10, fill="red", target=("spot",))
    return scene


@pytest.mark.parametrize("size,widest", [((640, 604), math.floor(500 * 640 / 604)),
                                         ((620, 470), 620), ((640, 668), 479)])
def test_a_fitted_board_fills_its_width_up_to_its_tallest(size: tuple[int, int],
                                                          widest: int) -> None:
    board = SceneCanvas(resolution=2, fit_height=500)
    board.draw(_scene(*size))
    assert (board.widget.width, board.widget.height) == (size[0] * 2, size[1] * 2)
    assert (board.widget.layout.width, board.widget.layout.height) == ("100%", "auto")
    assert board.frame.layout.max_width == f"{widest}px"
    assert board.frame.children == (board.still, board.widget)  # the still under the canvas
    assert (board.still.layout.width, board.still.layout.height) == ("100%", "auto")
    # clicks arrive in canvas pixels whatever the CSS scale: the scene point is the same
    assert board.to_scene(size[0], size[1]) == (size[0] / 2, size[1] / 2)


def test_a_fitted_board_also_keeps_to_a_css_height_the_browser_works_out() -> None:
    board = SceneCanvas(resolution=2, fit_height=500, fit_css=layout.row_height())
    board.draw(_scene(640, 516))
    assert board.frame.layout.max_width == (
        f"min(620px, calc({layout.row_height()} * {640 / 516:.4f}))")  # 500 px tall at most


def test_a_board_without_fit_keeps_one_css_pixel_per_unit() -> None:
    board = SceneCanvas(resolution=2)
    board.draw(_scene(300, 200))
    assert (board.widget.layout.width, board.widget.layout.height) == ("300px", "200px")
    assert board.frame.layout.max_width is None


def _all(widget: w.Widget) -> list[w.Widget]:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found.extend(_all(child))
    return found


def _side(widget: w.Widget) -> w.Widget:
    return next(x for x in _all(widget) if "tt-side" in x._dom_classes)


def test_the_regions_have_fixed_sizes() -> None:
    widget = tabletop.play("lascaux", players=5, seed=1, setup="random", agent_delay=0)
    assert widget.board.fit_height == layout.BOARD_HEIGHT
    side = _side(widget)
    assert side.layout.height == layout.row_height()
    message = widget.message_html.layout  # three lines at least; grows with its text
    assert (message.min_height, message.flex) == (f"{layout.MESSAGE_HEIGHT}px", "none")
    assert message.height is None and message.max_height.startswith(
        f"max({layout.MESSAGE_HEIGHT}px, calc(100% - ")
    controls = next(x for x in _all(widget) if "tt-controls" in x._dom_classes)
    assert (controls.layout.min_height, controls.layout.max_height) == (
        f"{layout.CONTROLS_MIN}px", None)  # every button shown: no scrolling region
    assert widget.cancel_button in controls.children and widget.choices in controls.children
    main = next(x for x in _all(widget) if "tt-main" in x._dom_classes)
    assert main.children == (widget.board.frame, side)
    assert main.children[0].layout.flex.endswith(f"{layout.BOARD_MIN}px")


def test_buttons_and_the_bot_panel_change_no_region() -> None:
    state = tabletop.load("lava-flows").new(seed=7, setup="random")
    widget = tabletop.play(state, bots={1 - state.current_player: "mcts-weak"}, agent_delay=0)
    before = [id(x) for x in _all(widget) if x not in widget.choices.children]
    bot = widget._agent_section
    assert bot.layout.display == "none" and not widget.thinking_html.value
    widget.play(widget.state.legal_actions()[0])  # the bot replies: its panel appears
    assert widget.thinking_html.value and bot.layout.display == ""
    after = [id(x) for x in _all(widget) if x not in widget.choices.children]
    assert after == before  # the same parts in the same places: only contents changed
    shown = widget.choices.children
    for action in widget.state.legal_actions():  # a first click that brings up buttons
        path = next(iter(widget.session.input.paths(action)))
        widget.choose(path[0])
        if widget.choices.children != shown:
            break
        widget.cancel()
    assert widget.choices.children != shown
    assert [id(x) for x in _all(widget) if x not in widget.choices.children] == before


def test_the_folds_keep_their_state() -> None:
    widget = tabletop.play("landlock", players=4, seed=2, setup="random", agent_delay=0)
    assert "tt-folded" in widget.scores_html._dom_classes  # the breakdown starts folded
    assert "tt-folded" not in widget.thinking_html._dom_classes  # the bot's panel shows
    widget.breakdown_toggle.value = True
    widget.agent_toggle.value = False
    assert "tt-folded" not in widget.scores_html._dom_classes
    assert "tt-folded" in widget.thinking_html._dom_classes
    assert widget.breakdown_toggle.description == "hide breakdown"
    widget.play(widget.state.legal_actions()[0])
    widget.back()
    assert "tt-folded" not in widget.scores_html._dom_classes
    assert "tt-folded" in widget.thinking_html._dom_classes
    other = tabletop.load("lava-flows").new(seed=1, setup="random")
    widget.load(other.apply(other.legal_actions()[0]).to_record())  # rebuilds the controls
    assert widget.breakdown_toggle.value and not widget.agent_toggle.value
    assert "tt-folded" not in widget.scores_html._dom_classes


def test_the_side_panels_breakdown_puts_roles_and_details_on_lines_of_their_own() -> None:
    table = breakdown_table(Breakdown(
        players=("North (Water)", "East"),
        rows=(Row("stream network: 3 sides", (7, 0), "15 tiles reaching top"),
              Row("tussocks", (0, 3))),
        notes=("ties are shared",)))
    assert "<th>North<small>(Water)</small></th><th>East</th>" in table
    assert ('<tr><td>stream network: 3 sides</td><td>7</td><td>0</td></tr>'
            '<tr class="tt-detail"><td colspan="3">15 tiles reaching top</td></tr>') in table
    assert "<tr><td>tussocks</td><td>0</td><td>3</td></tr><tr><td><b>total" in table
    assert table.endswith("</table><p>ties are shared</p>")


def test_a_zoomed_laptop_keeps_the_side_panel_beside_the_board() -> None:
    # 1366x768 at 125% browser zoom, file browser open: about 660 CSS px of output. Wrapped,
    # the turn, message and controls would sit below a board as tall as the window
    # (measured in tests/browser/test_zoom.py).
    assert layout.BOARD_MIN + layout.GAP + layout.SIDE_WIDTH <= 650
