"""The kernel side of ``tests/browser/test_phone_panels.py``: what the browser test measures
comes from these classes, layouts and CSS (checked here without a browser)."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.widgets import layout, panels
from tabletop.widgets.tree import BOARD_BOX, TreeWidget
from tabletop.widgets.treemodel import fit_svg, fitted_size


def test_a_folded_score_section_keeps_its_height() -> None:
    """The score's section carries ``tt-folded`` with its breakdown, and the CSS keeps a
    folded section from shrinking (the bots' panel squeezed it to its heading on a phone)."""
    widget = tabletop.play("lascaux", players=5, seed=1, setup="random", agent_delay=0)
    section = widget._score_section
    assert widget.scores_html in section.children
    assert "tt-folded" in section._dom_classes
    widget.breakdown_toggle.value = True
    assert "tt-folded" not in section._dom_classes
    widget.breakdown_toggle.value = False
    assert "tt-folded" in section._dom_classes
    assert ".tt-section.tt-scrolls.tt-folded { flex-shrink: 0; }" in panels.CSS


def test_the_wrapped_side_panel_is_a_full_row_tall() -> None:
    """Below the board (a row too narrow for both), the side panel is ``BOARD_HEIGHT`` tall."""
    css = panels.wrapped_css()
    assert css in panels.CSS
    wraps = layout.BOARD_MIN + layout.GAP + layout.SIDE_WIDTH
    assert f"@container (max-width: {wraps - 1}px)" in css
    assert f".tt-side {{ height: {layout.BOARD_HEIGHT}px !important; }}" in css


@pytest.mark.parametrize("name", list(tabletop.games()))
def test_the_tree_board_box_is_its_picture(name: str) -> None:
    state = tabletop.load(name).new(seed=3, setup="random")
    tree = TreeWidget(state, depth=1, max_children=3)
    svg = tree.model.board_svg()
    size = fitted_size(svg, *BOARD_BOX)
    assert size is not None and size[0] <= BOARD_BOX[0] and size[1] <= BOARD_BOX[1]
    assert max(size[0] / BOARD_BOX[0], size[1] / BOARD_BOX[1]) == pytest.approx(1, abs=1e-5)
    assert f'width="{size[0]:.6g}"' in fit_svg(svg, *BOARD_BOX)
    assert tree._board_box.layout.width == tree._side.layout.width == f"{size[0]:.6g}px"
    assert tree._board_box.layout.height == "auto"  # the picture's, as it shrinks too


def test_a_board_that_is_no_picture_keeps_the_box() -> None:
    state = tabletop.load("lacuna").new(seed=3, setup="random")
    tree = TreeWidget(state, depth=1, max_children=3)
    tree._fit_board_box(fitted_size("<p>no picture</p>", *BOARD_BOX))
    assert (tree._board_box.layout.width, tree._board_box.layout.height) == (
        f"{BOARD_BOX[0]}px", f"{BOARD_BOX[1]}px")
