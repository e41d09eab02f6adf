"""The tree inspector from the keyboard alone, in JupyterLab at 1280 × 800.

For every game, a tree longer than its region (opened as deep as it takes to draw more than
20 nodes): the focus comes to the tree's canvas with Tab from **Open in game**; the arrows
walk down the picture (→ into a node, ↓ to the next sibling, ← back up), each press
selecting the node the same keys select in Python (the info line says so), and the cursor over the
selected node stays inside the tree's region, which scrolls to it (measured), with the focus
on the cursor; Home goes back to the root at the top; Enter opens the node in the game
widget; Tab leaves the tree (one Tab stop: the cursor is none). Keys pressed in a quick run,
while the focus passes between the cursor's two canvases, are none of them lost.
Screenshots go to the artifacts folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pages import OPENINGS, SEED, code_notebook, games, open_lab_notebook, start_state, widget_css
from servers import Server

from tabletop.widgets.tree import REGION_HEIGHT, TreeModel
from tabletop.widgets.treekeys import drawn_children, step

pytestmark = pytest.mark.browser

SIZE = {"width": 1280, "height": 800}
#: How far down the picture (scene units) the walk goes: well below the region's 496 px.
LOW = REGION_HEIGHT + 100
MAX_CHILDREN = 40

TREE_CELL = """import tabletop
from tabletop.widgets import TreeWidget

state = tabletop.load({name!r}).new(seed={seed}, setup="random")
for text in {openings!r}:
    state = state.apply(text)
tree = TreeWidget(state, depth={depth}, max_children={most})
tree.max_depth = {depth}
tree.add_class("under-test").add_class("game-{name}")
display(tree)"""


def _model(name: str) -> TreeModel:
    """The tree the notebook shows: opened as deep as it takes to draw more than 20 nodes."""
    for depth in range(1, 5):
        model = TreeModel(start_state(name), depth=depth, max_children=MAX_CHILDREN)
        model.max_depth = depth
        if len(model.visible()) > 20:
            return model
    return model


def _walk(model: TreeModel, low: float) -> list[tuple[str, int]]:
    """Keys walking down the picture (→ into a node, ↓ to the next sibling, ← back up when
    there is none) until a node ``low`` units down is selected, and the node each selects,
    as ``step`` does them."""
    keys: list[tuple[str, int]] = []
    low = min(low, max(y for _, y in model.layout()[0].values()))  # (or the lowest node)
    assert low > REGION_HEIGHT, "the tree fits its region: nothing to scroll"
    while model.layout()[0][model.selected][1] < low:
        assert len(keys) < 200, "the walk never got that low"
        node = model.selected
        up = bool(keys) and keys[-1][0] == "ArrowLeft"  # came back: on to the next sibling
        key = "ArrowRight" if drawn_children(model, node) and not up else "ArrowDown"
        if step(model, key) == node:  # the last sibling: back up
            key = "ArrowLeft"
            step(model, key)
        keys.append((key, model.selected))
    return keys

#: The selected node's cursor, the tree's region and what has the focus.
BOXES_JS = """root => {
  const box = e => { const r = e.getBoundingClientRect();
                     return [r.left, r.top, r.right, r.bottom]; };
  const region = root.querySelector('.tabletop-tree-region');
  const cursor = [...root.querySelectorAll('.tabletop-tree-cursor')]
    .find(c => c.offsetParent !== null) || region;  // the one shown
  const active = document.activeElement;
  return {region: box(region), cursor: box(cursor), scrollTop: region.scrollTop,
          focused: active && active.classList.contains('tabletop-tree-cursor') ? 'cursor'
            : active && active.closest('.tabletop-tree-region')
            ? 'tree' : (active ? (active.title || active.tagName) : 'nothing'),
          info: root.querySelector('.tabletop-tree-info').innerText,
          games: root.querySelectorAll('.tabletop-game').length};
}"""


def _boxes(page: Any, root: str) -> dict[str, Any]:
    return dict(page.locator(root).first.evaluate(BOXES_JS))


def _wait_info(page: Any, root: str, node: int) -> None:
    page.wait_for_function(
        "([sel, text]) => document.querySelector(sel).innerText.startsWith(text)",
        arg=[f"{root} .tabletop-tree-info", f"node {node} ·"], timeout=30_000)


def _inside(inner: list[float], outer: list[float]) -> bool:
    return (inner[0] >= outer[0] - 1 and inner[1] >= outer[1] - 1
            and inner[2] <= outer[2] + 1 and inner[3] <= outer[3] + 1)


@pytest.mark.parametrize("name", games())
def test_the_tree_is_walked_with_the_keyboard(lab: Server, browser: Any, artifacts: Path,
                                              name: str) -> None:
    page = browser.new_page()
    page.set_viewport_size(SIZE)
    try:
        model = _model(name)
        depth = model.graph.nodes[max(model.visible())]["depth"]
        filename = code_notebook(lab.root, f"tree-keys-{name}.ipynb", [TREE_CELL.format(
            name=name, seed=SEED, openings=OPENINGS.get(name, ()), depth=model.max_depth,
            most=MAX_CHILDREN)])
        open_lab_notebook(page, lab, filename, [name])
        root = widget_css(name)
        page.locator(root).evaluate("el => el.scrollIntoView({block: 'start'})")
        walk = _walk(model, LOW)
        first = model.children(0)[0]

        opener = page.locator(f"{root} button[title^='Play on from']")
        opener.focus()
        stops = []  # Tab through the tree: one stop (its canvas), not a trap, no cursor stop
        for _ in range(3):
            page.keyboard.press("Tab")
            page.wait_for_timeout(500)  # Tab on the canvas: the kernel sends the focus on
            stops.append(_boxes(page, root)["focused"])
        assert stops[0] == "tree" and "cursor" not in stops and stops[2] != "tree", stops
        opener.focus()
        page.keyboard.press("Tab")  # into the tree's canvas
        for key, node in walk:
            page.keyboard.press(key)
            _wait_info(page, root, node)
        page.wait_for_timeout(400)  # the focus is sent 0.15 s after the move
        low = _boxes(page, root)
        assert low["focused"] == "cursor", low
        assert low["scrollTop"] > 0, f"{name}: the region did not scroll: {low}"
        assert _inside(low["cursor"], low["region"]), f"{name}: selection out of view {low}"
        print(f"\n{name}: {len(model.visible())} nodes to depth {depth}; after {len(walk)} "
              f"keys the region scrolled {low['scrollTop']:.0f} px; cursor {low['cursor']} "
              f"inside region {low['region']}")
        page.screenshot(path=str(artifacts / f"tree-keys-{name}-down.png"))

        page.keyboard.press("Home")
        _wait_info(page, root, 0)
        page.wait_for_timeout(400)
        top = _boxes(page, root)
        assert top["scrollTop"] == 0 and _inside(top["cursor"], top["region"]), top

        quick = [key for key, _ in walk[:8]]  # pressed at once, no wait between
        for key in quick:
            page.keyboard.press(key)
        _wait_info(page, root, walk[len(quick) - 1][1])
        page.keyboard.press("Home")
        _wait_info(page, root, 0)
        page.keyboard.press("ArrowRight")
        _wait_info(page, root, first)
        page.keyboard.press("Enter")  # Open in game
        page.wait_for_function(f"() => document.querySelector('{root} .tabletop-game')",
                               timeout=30_000)
        page.wait_for_timeout(400)
        page.keyboard.press("Tab")  # off the tree
        page.wait_for_timeout(400)
        assert _boxes(page, root)["focused"] != "cursor"
        page.screenshot(path=str(artifacts / f"tree-keys-{name}-opened.png"))
    finally:
        page.close()
