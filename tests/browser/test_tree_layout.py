"""The tree widget on a laptop screen: JupyterLab at 1280 × 800 with its file browser open.

One notebook shows each game's ``TreeWidget``. For each, the tests measure element boxes: the
tree's region and the selected node's board lie inside the visible notebook area, the board
whole inside its box; then they click nodes deep in the tree (scrolling the tree's region to
reach them) and check that each click selects the node clicked, that the tree scrolls inside
its region, and that the widget keeps its size. Screenshots go to the artifacts folder.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import (
    OPENINGS,
    READY_JS,
    SEED,
    code_notebook,
    games,
    run_command,
    start_state,
    wait_for_board,
    widget_css,
)
from servers import Server

from tabletop.render.scenecanvas import click_point
from tabletop.widgets.tree import BOARD_BOX, REGION_HEIGHT, TreeModel
from tabletop.widgets.treemodel import LABEL_FONT, SMALL_FONT

pytestmark = pytest.mark.browser

GAMES = games()
VIEWPORT = {"width": 1280, "height": 800}
DEPTH, MAX_CHILDREN = 2, 8
#: Nodes clicked in each tree: each time the last node drawn at the deepest level, so the
#: tree grows deeper and longer and the clicks need the region scrolled.
CLICKS = 4

TREE_CELL = """import tabletop
from tabletop.widgets import TreeWidget

if "click-nim" in GAMES:  # the toy game of tests/test_widget_toy.py
    from test_widget_toy import ClickNim
    from tabletop.core.registry import register

    register(ClickNim.name, ClickNim)

trees = {}
for name in GAMES:
    state = tabletop.load(name).new(seed=SEED, setup="random")
    for text in OPENINGS.get(name, ()):
        state = state.apply(text)
    trees[name] = TreeWidget(state, depth=DEPTH, max_children=MAX_CHILDREN)
    trees[name].add_class("under-test").add_class(f"game-tree-{name}")
    display(trees[name])
"""

#: Boxes (left, top, right, bottom) of what the tests measure, and the regions' scroll sizes.
MEASURE_JS = """widget => {
  const box = e => {
    const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const region = widget.querySelector('.tabletop-tree-region');
  const canvas = region.querySelector('canvas.tabletop-canvas');
  const notebook = widget.closest('.jp-WindowedPanel-outer') || widget.closest('.jp-Notebook');
  const files = document.querySelector('#filebrowser');
  return {
    widget: box(widget), region: box(region), canvas: box(canvas),
    canvasPixels: [canvas.width, canvas.height],
    board: box(widget.querySelector('.tabletop-tree-board svg')),
    boardBox: box(widget.querySelector('.tabletop-tree-board-box')),
    notebook: box(notebook), viewport: [window.innerWidth, window.innerHeight],
    files: files && files.offsetParent !== null ? box(files) : null,
    scroll: [region.scrollWidth, region.scrollHeight, region.clientWidth, region.clientHeight],
    boardScroll: (b => [b.scrollWidth, b.scrollHeight, b.clientWidth, b.clientHeight])(
      widget.querySelector('.tabletop-tree-board-box')),
    info: widget.querySelector('.tabletop-tree-info').innerText,
  };
}"""


def _notebook(root: Path, filename: str) -> str:
    params = (f"GAMES, SEED, DEPTH, MAX_CHILDREN = {GAMES!r}, {SEED}, {DEPTH}, {MAX_CHILDREN}\n"
              f"OPENINGS = {OPENINGS!r}\n")
    cells = [params, TREE_CELL]
    return code_notebook(root, filename, cells)


@pytest.fixture(scope="module")
def tree_page(lab: Server, browser: Any) -> Iterator[Any]:
    """JupyterLab at 1280 × 800, file browser open, showing every game's tree."""
    page = browser.new_page()
    page.set_viewport_size(VIEWPORT)
    filename = _notebook(lab.root, "trees.ipynb")
    try:
        page.goto(f"{lab.url}/lab/tree/{filename}?token={lab.token}&reset")
        page.wait_for_function(READY_JS, timeout=90_000)
        if not page.locator("#filebrowser").is_visible():
            run_command(page, "filebrowser:activate")
        run_command(page, "notebook:run-all-cells")
        for name in GAMES:
            wait_for_board(page, f"tree-{name}")
        yield page
    finally:
        page.close()


def _inside(inner: list[float], outer: list[float], slack: float = 1.0) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def _measure(page: Any, name: str) -> dict[str, Any]:
    return dict(page.locator(widget_css(f"tree-{name}")).evaluate(MEASURE_JS))


def _show_top(page: Any, name: str) -> dict[str, Any]:
    """Scroll the notebook so the widget's top is at the top of the visible area; measure."""
    page.locator(widget_css(f"tree-{name}")).evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)
    return _measure(page, name)


def _check_fits(box: dict[str, Any], name: str) -> None:
    """The tree's region and the whole board lie inside the visible notebook area."""
    assert box["viewport"] == [VIEWPORT["width"], VIEWPORT["height"]], box["viewport"]
    assert box["files"] is not None and box["files"][2] - box["files"][0] > 150, \
        f"the file browser is not open: {box['files']}"
    notebook, region, board = box["notebook"], box["region"], box["board"]
    assert _inside(region, notebook), f"{name}: tree region {region} outside {notebook}"
    assert _inside(board, notebook), f"{name}: board {board} outside {notebook}"
    assert _inside(board, box["boardBox"]), f"{name}: board {board} clipped by {box['boardBox']}"
    width, height, shown_width, shown_height = box["boardScroll"]
    assert width <= shown_width and height <= shown_height, f"{name}: the board box scrolls"
    assert board[2] - board[0] >= 0.99 * BOARD_BOX[0] or \
        board[3] - board[1] >= 0.99 * BOARD_BOX[1], f"{name}: board smaller than its box"
    assert region[2] <= box["boardBox"][0], f"{name}: the board is not beside the tree"
    assert _inside(box["widget"], notebook), f"{name}: widget {box['widget']} below the fold"


@pytest.mark.parametrize("name", GAMES)
def test_the_tree_and_its_board_fit_and_clicks_select(name: str, tree_page: Any,
                                                      artifacts: Path) -> None:
    page = tree_page
    before = _show_top(page, name)
    _check_fits(before, name)
    notebook = before["notebook"]
    print(f"\n{name}: visible notebook {notebook[2] - notebook[0]:.0f} × "
          f"{notebook[3] - notebook[1]:.0f} px; widget {_size(before['widget'])}, tree region "
          f"{_size(before['region'])}, board {_size(before['board'])} in box "
          f"{_size(before['boardBox'])}")
    page.screenshot(path=str(artifacts / f"tree-{name}-1280x800.png"))

    model = TreeModel(start_state(name), depth=DEPTH, max_children=MAX_CHILDREN)
    for _ in range(CLICKS):
        deepest = max(model.graph.nodes[n]["depth"] for n in model.visible())
        node = [n for n in model.visible() if model.graph.nodes[n]["depth"] == deepest][-1]
        _click_node(page, name, model, node)
    _click_node(page, name, model, 0)  # back up to the root, on the grown tree's canvas

    after = _show_top(page, name)
    _check_fits(after, name)
    assert after["info"].startswith("node 0 · depth 0"), after["info"]
    for key in ("widget", "region", "boardBox"):  # opening nodes grew nothing
        assert after[key] == pytest.approx(before[key], abs=0.5), (key, before[key], after[key])
    width, height, shown_width, shown_height = after["scroll"]
    assert height > shown_height or width > shown_width, after["scroll"]
    scale = (after["canvas"][2] - after["canvas"][0]) / model.scene().width
    assert min(LABEL_FONT, SMALL_FONT) * scale >= 11 - 0.01, f"labels at {SMALL_FONT * scale} px"
    print(f"{name}: after {CLICKS} clicks, tree {model.scene().width:g} × "
          f"{model.scene().height:g} px scrolls in its region ({width}×{height} in "
          f"{shown_width}×{shown_height}); labels {SMALL_FONT * scale:g}-"
          f"{LABEL_FONT * scale:g} px; canvas {after['canvasPixels'][0] / model.scene().width:.2f} "
          f"px a unit; widget {_size(after['widget'])}")
    page.screenshot(path=str(artifacts / f"tree-{name}-1280x800-opened.png"))
    page.locator(widget_css(f"tree-{name}")).screenshot(
        path=str(artifacts / f"tree-{name}-widget.png"))


def _click_node(page: Any, name: str, model: TreeModel, node: int) -> None:
    """Click ``node`` in the browser and in ``model``; wait until the page shows it selected
    and the canvas has the size of the tree it opened."""
    scene = model.scene()
    x, y = click_point(scene, ("node", node))
    _click_scene_point(page, name, scene.width, x, y)
    assert model.click(x, y) == node
    css = widget_css(f"tree-{name}")
    page.wait_for_function(
        "([sel, text]) => document.querySelector(sel).innerText.includes(text)",
        arg=[f"{css} .tabletop-tree-info",
             f"node {node} · depth {model.graph.nodes[node]['depth']}"], timeout=30_000)
    page.wait_for_function(
        "([sel, w, h]) => { const r = document.querySelector(sel).getBoundingClientRect();"
        " return Math.abs(r.width - w) < 1 && Math.abs(r.height - h) < 1; }",
        arg=[f"{css} canvas.tabletop-canvas", model.scene().width, model.scene().height],
        timeout=30_000)


def _size(box: list[float]) -> str:
    return f"{box[2] - box[0]:.0f}×{box[3] - box[1]:.0f}"


SCROLL_TO_JS = """([sel, x, y]) => {
  const region = document.querySelector(sel);
  region.scrollLeft = Math.max(0, x - region.clientWidth / 2);
  region.scrollTop = Math.max(0, y - region.clientHeight / 2);
}"""


def _click_scene_point(page: Any, name: str, scene_width: float, x: float, y: float) -> None:
    """Scroll the tree's region to scene point ``(x, y)`` and click it with the mouse."""
    region_css = f"{widget_css(f'tree-{name}')} .tabletop-tree-region"
    page.evaluate(SCROLL_TO_JS, [region_css, x, y])
    box = _measure(page, name)
    canvas, region = box["canvas"], box["region"]
    scale = (canvas[2] - canvas[0]) / scene_width
    px, py = canvas[0] + x * scale, canvas[1] + y * scale
    assert region[0] <= px <= region[2] and region[1] <= py <= region[3], \
        f"scene point ({x:g}, {y:g}) is at ({px:.0f}, {py:.0f}), outside the region {region}"
    assert box["notebook"][1] <= py <= box["notebook"][3], "the point is scrolled off the page"
    page.mouse.click(px, py)


def test_a_narrow_notebook_puts_the_board_below_the_tree(tree_page: Any,
                                                         artifacts: Path) -> None:
    """At 1000 × 800 (the notebook about 670 px wide) the board wraps below the tree,
    whole, and neither spills out of the notebook sideways."""
    page, name = tree_page, GAMES[0]
    page.set_viewport_size({"width": 1000, "height": 800})
    try:
        page.wait_for_function(
            "sel => { const w = document.querySelector(sel);"
            " return w.querySelector('.tabletop-tree-board-box').getBoundingClientRect().top"
            " >= w.querySelector('.tabletop-tree-region').getBoundingClientRect().bottom; }",
            arg=widget_css(f"tree-{name}"), timeout=15_000)
        box = _show_top(page, name)
        notebook, region, board_box = box["notebook"], box["region"], box["boardBox"]
        print(f"\nnarrow: notebook {_size(notebook)}, tree region {_size(region)}, "
              f"board {_size(box['board'])} below it")
        assert _inside(box["board"], board_box), (box["board"], board_box)
        for part in (region, board_box, box["widget"]):
            assert notebook[0] - 1 <= part[0] and part[2] <= notebook[2] + 1, (part, notebook)
        assert region[3] - region[1] == pytest.approx(REGION_HEIGHT, abs=1)  # not squeezed
        page.screenshot(path=str(artifacts / f"tree-{name}-narrow.png"))
    finally:
        page.set_viewport_size(VIEWPORT)
