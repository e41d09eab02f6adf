"""One widget, many views and containers: measured in JupyterLab at 1280x800.

One notebook shows a game widget twice (once at the notebook's width, once in a 320 px box,
as wide as a JupyterLab side panel), one on a ``Tab`` that is hidden at first, one in a
closed ``Accordion``, one in an ``HBox`` beside a text area, one in an ``AppLayout``'s
sidebar, and one that JupyterLab shows again in a panel of its own ("Create New View for
Cell Output"); and a tree widget in a 320 px box, beside another widget, on a tab shown
later and in a sidebar. The tests click in either view of a widget shown twice and check
that both views stay in step; open the tab and the accordion and play there; measure that
nothing sticks out of its widget or lies under its neighbour, at 1280 and at 2560 px;
collapse and expand an output; and run a cell again. Screenshots:
``artifacts/views-<case>.png``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import (
    ALL_RUN_JS,
    READY_JS,
    SIGNATURE_JS,
    Step,
    code_notebook,
    mid_game,
    open_lab_notebook,
    plan_move,
    replay_steps,
    run_command,
    run_in_kernel,
    session_for,
    wait_for_board,
)
from servers import Server

import tabletop
from tabletop.core.game import State
from tabletop.render.scenecanvas import click_point
from tabletop.widgets.layout import SIDE_MAX
from tabletop.widgets.tree import TreeModel

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1280, "height": 800}
#: A JupyterLab side panel's width, and a very wide screen.
PANEL, VERY_WIDE = 320, 2560
#: The games of each case (each with clicks on its board).
TWICE, TAB, ACCORDION, BESIDE = ("landlock", 2), ("lacuna", 2), ("lava-flows", 2), ("lascaux", 3)

SETUP_CELL = """import sys

sys.path.insert(0, {here!r})
import ipywidgets as W
import tabletop
from IPython.display import HTML, display
from pages import mid_game
from tabletop.widgets import TreeWidget


def tag(widget, name):
    return widget.add_class("under-test").add_class(f"game-{{name}}")
"""

CELLS = [
    """twice = tag(tabletop.play(mid_game(*{twice!r}), agent_delay=0), "twice")
display(twice)
display(W.Box([twice], layout=W.Layout(width="{panel}px")))""",
    """in_tab = tag(tabletop.play(mid_game(*{tab!r}), agent_delay=0), "tab")
tabs = W.Tab([W.Label("the first tab"), in_tab])
tabs.titles = ("notes", "game")
display(tabs)""",
    """in_accordion = tag(tabletop.play(mid_game(*{accordion!r}), agent_delay=0), "accordion")
accordion = W.Accordion([in_accordion], titles=("game",))
accordion.selected_index = None
display(accordion)""",
    """beside = tag(tabletop.play(mid_game(*{beside!r}), agent_delay=0), "beside")
display(W.HBox([beside, W.Textarea("notes", layout=W.Layout(width="200px"))]))""",
    """tree = TreeWidget(mid_game(*{beside!r}), depth=1)
display(W.Box([tag(tree, "tree-panel")], layout=W.Layout(width="{panel}px")))
display(tree)  # and again, at the notebook's width
tree_beside = tag(TreeWidget(mid_game(*{twice!r}), depth=1), "tree-beside")
display(W.HBox([tree_beside, W.Textarea("notes", layout=W.Layout(width="300px"))]))
tree_tab = tag(TreeWidget(mid_game(*{tab!r}), depth=1), "tree-tab")
display(W.Tab([W.Label("the first tab"), tree_tab], titles=("notes", "tree")))""",
    """in_sidebar = tag(tabletop.play(mid_game(*{tab!r}), agent_delay=0), "sidebar")
tree_sidebar = tag(TreeWidget(mid_game(*{twice!r}), depth=1), "tree-sidebar")
display(W.AppLayout(center=W.Textarea("notes"), left_sidebar=in_sidebar,
                    right_sidebar=tree_sidebar))""",
    """again = tag(tabletop.play(mid_game(*{accordion!r}), agent_delay=0), "again")
display(again)
display(W.Tab([W.Label("the first tab"), again], titles=("notes", "again")))""",
    """split = tag(tabletop.play(mid_game(*{beside!r}), agent_delay=0), "split")
display(split)
display(HTML('<div style="height: 900px"></div>'))  # room to scroll the last one up""",
]

# Per view of the widget ``sel``: its box, its canvas's box and pixels, the share of the
# canvas painted, the move log's current line, what sticks out of the widget's box sideways
# (or is wider than its own box), and which of its siblings' boxes overlap it.
VIEWS_JS = """sel => Array.from(document.querySelectorAll(sel)).map(root => {
  const box = e => {
    const b = e.getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom];
  };
  const me = box(root);
  const canvas = root.querySelector('canvas.tabletop-canvas');
  let painted = 0;
  if (canvas && canvas.width > 1) {
    const d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 64) { n++; if (d[i] > 0) painted++; }
    painted /= n;
  }
  // the tree's region scrolls by design: what it holds may lie beyond its edges
  const clipped = e => e.parentElement.closest('.tabletop-tree-region') !== null
    && root.contains(e.parentElement.closest('.tabletop-tree-region'));
  const outside = [];
  for (const e of root.querySelectorAll('*')) {
    const b = e.getBoundingClientRect();
    if (b.width <= 0 || b.height <= 0 || clipped(e)) continue;
    const cls = typeof e.className === 'string' ? e.className : e.tagName;
    if (b.left < me[0] - 1 || b.right > me[2] + 1)
      outside.push(`${cls} ${Math.round(b.left)}..${Math.round(b.right)}`);
    const style = getComputedStyle(e);
    // (a slider's knob overhangs its track by design)
    if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && style.overflowX !== 'auto'
        && style.overflowX !== 'scroll' && !e.closest('.widget-slider'))
      outside.push(`${cls} scrolls ${e.scrollWidth}>${e.clientWidth}`);
  }
  const overlaps = [];
  for (const other of root.parentElement.children) {
    if (other === root) continue;
    const b = box(other);
    if (b[2] - b[0] > 0 && b[0] < me[2] - 1 && me[0] < b[2] - 1 && b[1] < me[3] - 1
        && me[1] < b[3] - 1) overlaps.push(other.className);
  }
  const now = root.querySelector('.tabletop-log li.now');
  return {widget: me, canvas: canvas && box(canvas), painted, log: now ? now.innerText : null,
          outside: outside.slice(0, 12), overlaps, container: box(root.parentElement)};
})"""


@pytest.fixture(scope="module")
def views_page(lab: Server, browser: Any) -> Iterator[Any]:
    """JupyterLab at 1280x800 with the notebook of every case run."""
    here = str(Path(__file__).resolve().parent)
    values = {"twice": TWICE, "tab": TAB, "accordion": ACCORDION, "beside": BESIDE,
              "panel": PANEL}
    cells = [SETUP_CELL.format(here=here), *(c.format(**values) for c in CELLS)]
    filename = code_notebook(lab.root, "views.ipynb", cells)
    page = browser.new_page()
    page.set_viewport_size(VIEWPORT)
    try:
        open_lab_notebook(page, lab, filename, ["beside", "tree-beside"])
        page.wait_for_function(ALL_RUN_JS, timeout=180_000)
        yield page
    finally:
        page.close()


def views(page: Any, tag: str) -> list[dict[str, Any]]:
    return list(page.evaluate(VIEWS_JS, f".under-test.game-{tag}"))


def shot(page: Any, tag: str, index: int, artifacts: Path, case: str) -> None:
    """A screenshot of a view, on a window tall enough for the whole widget."""
    size = page.viewport_size
    page.set_viewport_size({**size, "height": 1600})
    try:
        view = page.locator(f".under-test.game-{tag}").nth(index)
        view.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        view.screenshot(path=str(artifacts / f"views-{case}.png"))
    finally:
        page.set_viewport_size(size)
        page.wait_for_timeout(200)


def wait_painted(page: Any, tag: str) -> None:
    """Wait until every view of ``tag`` has its board painted."""
    deadline = time.monotonic() + 30
    while min(v["painted"] for v in views(page, tag)) < 0.5:
        assert time.monotonic() < deadline, f"a view of {tag} stayed blank"
        time.sleep(0.2)


def check_fits(view: dict[str, Any], what: str, *, board: bool = True) -> None:
    """Nothing sticks out of the view's box or lies under a neighbour; its board is painted,
    fills the view's width or is shown 1:1, and lies inside the view."""
    assert not view["outside"], f"{what}: parts stick out of the widget: {view['outside']}"
    assert not view["overlaps"], f"{what}: overlaps {view['overlaps']}"
    widget, container = view["widget"], view["container"]
    assert widget[2] <= container[2] + 1, f"{what}: widget {widget} wider than {container}"
    if not board:
        return
    canvas = view["canvas"]
    assert canvas[2] - canvas[0] > 100, f"{what}: the board is {canvas} wide"
    assert widget[0] - 1 <= canvas[0] and canvas[2] <= widget[2] + 1, (what, canvas, widget)
    assert view["painted"] > 0.5, f"{what}: the board is blank ({view['painted']:.0%})"


def click_in(page: Any, tag: str, index: int, steps: list[Step]) -> None:
    """Make the clicks ``steps`` in the ``index``-th view of the widget ``tag``."""
    root = page.locator(f".under-test.game-{tag}").nth(index)
    canvas = root.locator("canvas.tabletop-canvas")
    for step in steps:
        canvas.scroll_into_view_if_needed()
        if step.point is not None:  # scene units -> this view's CSS pixels
            box = canvas.bounding_box()
            k = box["width"] / step.width
            canvas.click(position={"x": step.point[0] * k, "y": step.point[1] * k})
        else:
            from playwright.sync_api import expect

            button = root.locator(".tabletop-choice").nth(step.index)
            expect(button).to_have_text(step.label, timeout=5_000)
            button.click()


def wait_for_logs(page: Any, tag: str, move: str) -> None:
    """Every view of ``tag`` shows ``move`` as its log's current line."""
    page.wait_for_function(
        """([sel, text]) => { const all = document.querySelectorAll(sel);
          return all.length > 0 && Array.from(all).every(e => e.innerText.includes(text)); }""",
        arg=[f".under-test.game-{tag} .tabletop-log li.now", move], timeout=30_000)


def play_one(page: Any, tag: str, index: int, state: State) -> State:
    """Click a move of ``state`` in view ``index``; every view logs it. The state after."""
    steps, line = plan_move(state)
    click_in(page, tag, index, steps)
    wait_for_logs(page, tag, line)
    return replay_steps(state, steps).state


def test_two_views_of_one_widget_stay_in_step(views_page: Any, artifacts: Path) -> None:
    page, tag = views_page, "twice"
    wide, narrow = views(page, tag)
    check_fits(wide, "the first view")
    check_fits(narrow, f"the view {PANEL} px wide")
    assert narrow["widget"][2] - narrow["widget"][0] <= PANEL + 1
    assert narrow["canvas"][2] - narrow["canvas"][0] < wide["canvas"][2] - wide["canvas"][0]
    state = mid_game(*TWICE)
    for index in (1, 0):  # a move in the narrow view, then one in the wide one
        state = play_one(page, tag, index, state)
        _same_boards(page, tag)
    fold = page.locator(f".under-test.game-{tag} .tt-section:has(.tabletop-scores) .tt-fold")
    fold.nth(1).click()  # the score's breakdown, unfolded in the narrow view: in both
    page.wait_for_function("sel => Array.from(document.querySelectorAll(sel)).every("
                           "e => !e.classList.contains('tt-folded'))",
                           arg=f".under-test.game-{tag} .tabletop-scores")
    for index, view in enumerate(views(page, tag)):
        check_fits(view, f"view {index} with the breakdown unfolded")
    shot(page, tag, 1, artifacts, "side-panel")
    fold.nth(0).click()
    shot(page, tag, 0, artifacts, "twice")


@pytest.mark.parametrize("case", ["tab", "accordion"])
def test_a_widget_shown_when_its_container_opens(views_page: Any, artifacts: Path,
                                                 case: str) -> None:
    page = views_page
    (hidden,) = views(page, case)
    assert hidden["widget"][2] - hidden["widget"][0] == 0, "the widget should start hidden"
    if case == "tab":
        page.locator(".lm-TabBar-tab").filter(has_text="game").first.click()
    else:
        page.locator(".jupyter-widget-Collapse-header").filter(has_text="game").first.click()
    wait_for_board(page, case)
    (shown,) = views(page, case)
    check_fits(shown, f"the widget in the {case}")
    play_one(page, case, 0, mid_game(*(TAB if case == "tab" else ACCORDION)))
    shot(page, case, 0, artifacts, case)


def test_a_widget_beside_another(views_page: Any, artifacts: Path) -> None:
    (view,) = views(views_page, "beside")
    check_fits(view, "the widget in an HBox")
    play_one(views_page, "beside", 0, mid_game(*BESIDE))
    shot(views_page, "beside", 0, artifacts, "beside")


def test_a_tree_widget_on_a_tab_shown_later(views_page: Any, artifacts: Path) -> None:
    page = views_page
    page.locator(".lm-TabBar-tab").filter(has_text="tree").first.click()
    wait_for_board(page, "tree-tab")
    (view,) = views(page, "tree-tab")
    check_fits(view, "the tree on a tab shown later", board=False)
    shot(page, "tree-tab", 0, artifacts, "tree-tab")


def test_in_an_app_layouts_sidebars(views_page: Any, artifacts: Path) -> None:
    """``AppLayout``'s sidebars, about a quarter of the width each (200 to 250 px here)."""
    page = views_page
    (game,) = views(page, "sidebar")
    check_fits(game, "the game in a sidebar")
    play_one(page, "sidebar", 0, mid_game(*TAB))
    (tree,) = views(page, "tree-sidebar")
    check_fits(tree, "the tree in a sidebar", board=False)
    print(f"\nsidebars: game {game['widget'][2] - game['widget'][0]:.0f} px (board "
          f"{game['canvas'][2] - game['canvas'][0]:.0f}), tree "
          f"{tree['widget'][2] - tree['widget'][0]:.0f} px")
    shot(page, "sidebar", 0, artifacts, "sidebar")
    shot(page, "tree-sidebar", 0, artifacts, "tree-sidebar")


def test_a_new_view_for_the_output(views_page: Any, artifacts: Path) -> None:
    """JupyterLab's "Create New View for Cell Output" shows the widget again in a panel of
    its own: a move clicked there shows in the notebook too, and both boards agree."""
    page, tag = views_page, "split"
    _cell_of(page, tag).locator(".jp-InputArea-editor").click()
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:create-output-view')")
    page.wait_for_function("sel => document.querySelectorAll(sel).length === 2",
                           arg=f".under-test.game-{tag}")
    wait_painted(page, tag)
    for index, view in enumerate(views(page, tag)):
        check_fits(view, f"view {index} of the split")
    state = mid_game(*BESIDE)
    for index in (1, 0):
        state = play_one(page, tag, index, state)
        _same_boards(page, tag)
    page.screenshot(path=str(artifacts / "views-output-view.png"))
    page.locator(".lm-TabBar-tab:has-text('Output View') .lm-TabBar-tabCloseIcon").click()


@pytest.mark.parametrize("tag", ["tree-panel", "tree-beside"])
def test_a_tree_widget_in_a_narrow_box(views_page: Any, artifacts: Path, tag: str) -> None:
    """The tree's region and the selected node's board shrink to the box (the board's
    picture was cut at 320 px, 140 px of it hidden; beside a text area it ran under it)."""
    view = views(views_page, tag)[0]  # (the tree in the panel is shown again: below)
    check_fits(view, tag, board=False)
    svg = views_page.locator(f".under-test.game-{tag} .tabletop-tree-board svg").first \
        .bounding_box()
    assert svg["x"] + svg["width"] <= view["widget"][2] + 1, f"{tag}: the board is cut: {svg}"
    assert svg["width"] > 0.8 * min(view["widget"][2] - view["widget"][0], 460), svg
    shot(views_page, tag, 0, artifacts, tag)


def test_a_click_in_a_narrow_tree_selects_the_node_under_it(views_page: Any) -> None:
    """In the 320 px tree (its region narrower than the tree), a click on the last node, its
    region scrolled to it, selects that node: in that view and in the tree's other view."""
    page, tag = views_page, "tree-panel"
    model = TreeModel(mid_game(*BESIDE), depth=1)
    scene = model.scene()
    node = [n for n in model.visible() if model.graph.nodes[n]["depth"] == 1][-1]
    x, y = click_point(scene, ("node", node))
    region = page.locator(f".under-test.game-{tag} .tabletop-tree-region").first
    region.evaluate("""(r, [x, y]) => { r.scrollIntoView({block: 'center'});
      r.scrollLeft = Math.max(0, x - r.clientWidth / 2);
      r.scrollTop = Math.max(0, y - r.clientHeight / 2); }""", [x, y])
    canvas = region.locator("canvas.tabletop-canvas").bounding_box()
    k = canvas["width"] / scene.width
    page.mouse.click(canvas["x"] + x * k, canvas["y"] + y * k)
    page.wait_for_function(
        "([sel, text]) => { const all = document.querySelectorAll(sel); return all.length === 2"
        " && Array.from(all).every(e => e.innerText.includes(text)); }",
        arg=[f".under-test.game-{tag} .tabletop-tree-info", f"node {node} · depth 1"],
        timeout=30_000)
    _same_boards(page, tag)
    for index, view in enumerate(views(page, tag)):
        check_fits(view, f"tree view {index}", board=False)


def test_a_game_opened_from_a_narrow_tree(views_page: Any, artifacts: Path) -> None:
    """"Open in game" in the 320 px tree: the game widget below the tree fits the box, and a
    click on its board plays."""
    page = views_page
    page.locator(".under-test.game-tree-panel .jupyter-button").filter(
        has_text="Open in game").first.click()
    css = ".under-test.game-tree-panel .tabletop-game"
    page.wait_for_selector(f"{css} canvas.tabletop-canvas")
    run_in_kernel(page, 'tag(tree.game_widget, "from-tree")')
    page.wait_for_selector(".under-test.game-from-tree")
    wait_painted(page, "from-tree")
    game = views(page, "from-tree")[0]
    check_fits(game, "the game opened from the narrow tree")
    assert game["widget"][2] - game["widget"][0] <= PANEL + 1, game["widget"]
    record = run_in_kernel(page, "import json; print(json.dumps(tree.game_widget.state"
                                 ".to_record()))")
    play_one(page, "from-tree", 0, tabletop.replay(json.loads(record)))
    shot(page, "from-tree", 0, artifacts, "game-from-tree")


def test_very_wide(views_page: Any, artifacts: Path) -> None:
    page = views_page
    page.set_viewport_size({"width": VERY_WIDE, "height": 1200})
    try:
        page.wait_for_timeout(600)
        for tag in ("twice", "beside", "tab", "accordion", "sidebar", "tree-panel",
                    "tree-beside", "tree-tab", "tree-sidebar"):
            for index, view in enumerate(views(page, tag)):
                if view["widget"][2] > view["widget"][0]:  # (not on a closed tab)
                    check_fits(view, f"{tag} {index} at {VERY_WIDE} px",
                               board="tree" not in tag)
        (wide, _) = views(page, "twice")
        side = page.locator(".under-test.game-twice .tt-side").first.bounding_box()
        assert side["width"] <= SIDE_MAX + 1, f"the side panel sprawls over {side['width']} px"
        assert side["x"] - wide["canvas"][2] < 20, "the side panel is not beside the board"
        shot(page, "twice", 0, artifacts, "very-wide")
    finally:
        page.set_viewport_size(VIEWPORT)
        page.wait_for_timeout(300)


def _cell_of(page: Any, tag: str) -> Any:
    return page.locator(f".jp-Cell:has(.under-test.game-{tag})").first


def _same_boards(page: Any, tag: str, count: int = 2) -> None:
    """Every view of ``tag`` (``count`` of them) shows the same pixels, soon."""
    canvases = page.locator(f".under-test.game-{tag} canvas.tabletop-canvas")
    deadline = time.monotonic() + 10
    while True:
        seen = [canvases.nth(i).evaluate(SIGNATURE_JS) for i in range(canvases.count())]
        if len(seen) == count and all(s == seen[0] for s in seen):
            return
        assert time.monotonic() < deadline, f"the views of {tag} show different boards: {seen}"
        time.sleep(0.2)


def test_moves_made_while_a_view_is_on_a_hidden_tab(views_page: Any) -> None:
    """Moves made (from Python) while one view is on a hidden tab show there when the tab
    is opened: both views agree."""
    page, tag = views_page, "again"
    run_in_kernel(page, "again.agent_move(); again.agent_move()")
    page.locator(".lm-TabBar-tab").filter(has_text="again").first.click()
    page.wait_for_function(
        "sel => Array.from(document.querySelectorAll(sel)).every(e => e.offsetParent)",
        arg=f".under-test.game-{tag}")
    _same_boards(page, tag)
    for index, view in enumerate(views(page, tag)):
        check_fits(view, f"view {index} of {tag}")


def test_an_output_collapsed_and_expanded(views_page: Any) -> None:
    """Moves made while the output is collapsed show when it is expanded: the board is the
    one a new view of the widget shows, at the size it had."""
    page, tag = views_page, "beside"
    before = views(page, tag)[0]
    collapser = _cell_of(page, tag).locator(".jp-OutputCollapser")
    collapser.click()
    page.wait_for_function("sel => !document.querySelector(sel)?.offsetParent",
                           arg=f".under-test.game-{tag}")
    run_in_kernel(page, "beside.agent_move(); beside.agent_move()")
    collapser = page.locator(".jp-Cell").filter(
        has=page.locator(".jp-OutputPlaceholder")).locator(".jp-OutputCollapser").first
    collapser.click()
    wait_for_board(page, tag)
    after = views(page, tag)[0]
    check_fits(after, "the widget after its output came back")
    width = [v["canvas"][2] - v["canvas"][0] for v in (before, after)]
    assert abs(width[0] - width[1]) <= 1, f"the board changed size: {width}"
    _cell_of(page, tag).locator(".jp-InputArea-editor").click()
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:create-output-view')")
    try:
        _same_boards(page, tag)
    finally:
        page.locator(".lm-TabBar-tab:has-text('Output View') .lm-TabBar-tabCloseIcon").click()


def test_a_cell_run_again(views_page: Any) -> None:
    page, tag = views_page, "twice"
    cell = _cell_of(page, tag)
    cell.locator(".jp-InputArea-editor").click()
    run_command(page, "notebook:run-cell")
    page.wait_for_function(
        "sel => document.querySelectorAll(sel).length === 2 && Array.from("
        "document.querySelectorAll(sel)).every(e => e.querySelector('.tabletop-log li.now'))",
        arg=f".under-test.game-{tag}", timeout=60_000)
    page.wait_for_function(READY_JS, timeout=60_000)
    start = session_for(mid_game(*TWICE)).log()
    assert start
    for index, view in enumerate(views(page, tag)):  # the old widget had moved on
        assert view["log"] and view["log"].endswith(start[-1]), \
            f"view {index} after the rerun shows {view['log']!r}, not the new widget's start"
    page.wait_for_timeout(500)
    for index, view in enumerate(views(page, tag)):
        check_fits(view, f"view {index} after the rerun")
    play_one(page, tag, 1, mid_game(*TWICE))
