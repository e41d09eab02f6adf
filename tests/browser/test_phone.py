"""The game and tree widgets on a phone, in Voilà: the layout, and play by tapping.

A Chromium context with a phone's screen (``has_touch``, ``is_mobile``: 360x640 at device
scale 3, 390x844 at 2, and that one sideways, 844x390) opens a Voilà app showing a mid-game
widget of each game. The page does not scroll sideways; upright, the board takes the
widget's whole width, with the side panel, the timeline and the seats below it (sideways,
the panel is beside the board, on screen); every control is at least ``FINGER`` CSS px each
way and every text of the panels at least ``LEAST_TEXT`` px. Every game plays a move by tapping, and
a finger that lands ``MISS`` CSS px from a board target's centre (on nothing) still reaches it.
Screenshots (what the phone shows from the widget's top, then from the side panel's):
``artifacts/phone-<device>-<game>-<n>.png``.
"""

from __future__ import annotations

import math
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import (
    TO_TOP_JS,
    Step,
    canvas_css,
    config_tag,
    mid_game,
    plan_move,
    replay_steps,
    wait_for_board,
    widget_css,
    write_layout_notebook,
)
from servers import CHROMIUM, CHROMIUM_ARGS, NOTEBOOKS, Server, need, start_server
from test_touch import FINGER, SMALL_JS

from tabletop.render.scene import Scene

pytestmark = pytest.mark.browser

CONFIGS = (("lacuna", 2), ("lascaux", 3), ("lascaux", 5), ("lava-flows", 2), ("landlock", 2))
TAGS = [config_tag(*c) for c in CONFIGS]
#: CSS viewport and device scale factor of each phone.
PHONES = {"360": ({"width": 360, "height": 640}, 3), "390": ({"width": 390, "height": 844}, 2),
          "844": ({"width": 844, "height": 390}, 2)}  # the 390 turned sideways
#: Phones wide enough for the side panel beside the board (``layout.BOARD_MIN`` and more).
SIDEWAYS = {"844"}
#: The least font size (CSS px) of a text in the widget's panels.
LEAST_TEXT = 11
#: How far (CSS px) from a target's centre a finger may land and still reach it: half of
#: ``FINGER``, the size a target acts as.
MISS = FINGER / 2 - 1

# Boxes ([left, right, top, bottom]) of the widget's parts, and the page's widths.
PARTS_JS = """sel => {
  const root = document.querySelector(sel);
  const box = e => { const b = e.getBoundingClientRect();
                     return [b.left, b.right, b.top, b.bottom]; };
  const out = {page: [document.documentElement.scrollWidth, document.documentElement.clientWidth,
                      window.innerWidth]};
  for (const [k, s] of Object.entries({widget: null, canvas: 'canvas.tabletop-canvas',
      side: '.tt-side', timeline: '.tabletop-timeline', seats: '.tabletop-seats'}))
    out[k] = box(s ? root.querySelector(s) : root);
  return out;
}"""

# Texts of the widget's HTML shown smaller than ``least`` CSS px: "tag.class size text".
TINY_TEXT_JS = """([sel, least]) => {
  const bad = new Set();
  const walk = document.createTreeWalker(document.querySelector(sel), NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    const p = t.parentElement;
    if (!t.textContent.trim() || p.offsetParent === null) continue;
    const size = parseFloat(getComputedStyle(p).fontSize);
    if (size < least - 0.01)
      bad.add(`${p.tagName}.${p.className} ${size} "${t.textContent.trim().slice(0, 20)}"`);
  }
  return [...bad];
}"""

# Controls of the widget that stick out of the window, left or right.
OUTSIDE_JS = """sel => {
  const out = [];
  for (const e of document.querySelector(sel).querySelectorAll('button, select, input, canvas')) {
    const b = e.getBoundingClientRect();
    if (e.offsetParent === null || b.width === 0) continue;
    if (b.left < -0.5 || b.right > window.innerWidth + 0.5)
      out.push(`${e.tagName} ${(e.innerText || e.title || '').trim().slice(0, 20)} `
               + `${b.left}-${b.right}`);
  }
  return out;
}"""

LOG_NOW = "([sel, text]) => (document.querySelector(sel)?.innerText ?? '').includes(text)"
# The ply on show: the place of the move log's current line (0 before the first move).
PLY_JS = """sel => 1 + [...document.querySelectorAll(sel + ' .tabletop-log li')]
  .findIndex(li => li.classList.contains('now'))"""


@pytest.fixture(scope="module")
def voila(browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voilà serving an app of every game's widget, mid-game."""
    from importlib.util import find_spec

    need(None if find_spec("voila") else "voila is not installed (pip install voila)")
    base = tmp_path_factory.mktemp("voila-phone")
    root = base / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    filename = write_layout_notebook(root, "app.ipynb", bot_config=None, configs=CONFIGS)
    server = start_server("voila", base, [str(root / filename)], "/ready-probe")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def phone_browser(browser_ready: None) -> Iterator[Any]:
    """Chromium (Playwright, one for the module), for contexts with a phone's screen."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                      args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def _phone_page(chromium: Any, device: str) -> Any:
    """A page on a new context with ``device``'s screen and a touch screen."""
    viewport, scale = PHONES[device]
    context = chromium.new_context(viewport=viewport, device_scale_factor=scale,
                                   has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.device = device
    return page


@pytest.fixture(scope="module", params=list(PHONES))
def phone(request: pytest.FixtureRequest, voila: Server, phone_browser: Any) -> Iterator[Any]:
    """The app on a phone (a new page: a new kernel, every widget at its start)."""
    page = _phone_page(phone_browser, request.param)
    try:
        page.goto(f"{voila.url}/", timeout=90_000)
        for tag in TAGS:
            wait_for_board(page, tag, timeout=120)
        yield page
    finally:
        page.context.close()


def _tap(page: Any, box: dict[str, float], x: float, y: float) -> None:
    page.touchscreen.tap(box["x"] + x, box["y"] + y)


def _screens(page: Any, tag: str, artifacts: Path) -> None:
    """What the phone shows from the widget's top, then from its side panel's top."""
    for n, part in enumerate(("", " .tt-side", " .tabletop-seats")):
        page.evaluate(TO_TOP_JS, widget_css(tag) + part)
        page.wait_for_timeout(150)
        page.screenshot(path=str(artifacts / f"phone-{page.device}-{tag}-{n}.png"))


@pytest.mark.parametrize("tag", TAGS)
def test_the_widget_fits_the_phone_board_first(tag: str, phone: Any,
                                                artifacts: Path) -> None:
    page = phone
    found = page.evaluate(PARTS_JS, widget_css(tag))
    scroll_width, client_width, inner = found["page"]
    assert scroll_width <= client_width + 1, f"{tag} on {page.device}: the page scrolls " \
                                             f"sideways ({scroll_width} > {client_width} px)"
    widget, canvas, side = found["widget"], found["canvas"], found["side"]
    assert widget[0] >= -0.5 and widget[1] <= inner + 0.5, f"{tag}: widget {widget}"
    if page.device in SIDEWAYS:  # the panel beside the board, the row on screen
        assert side[0] >= canvas[1] and abs(side[2] - canvas[2]) < 1, f"{tag}: {side} {canvas}"
        assert side[3] - side[2] <= PHONES[page.device][0]["height"], f"{tag}: side {side}"
    else:
        assert canvas[1] - canvas[0] >= widget[1] - widget[0] - 1, \
            f"{tag} on {page.device}: the board {canvas} is narrower than the widget {widget}"
        assert side[2] >= canvas[3] - 0.5, f"{tag}: the side panel {side} is not below the board"
    for part in ("side", "timeline", "seats"):
        box = found[part]
        assert widget[0] - 0.5 <= box[0] and box[1] <= widget[1] + 0.5, f"{tag}: {part} {box}"
    outside = page.evaluate(OUTSIDE_JS, widget_css(tag))
    assert not outside, f"{tag} on {page.device}: controls off the screen: {outside}"
    _screens(page, tag, artifacts)


@pytest.mark.parametrize("tag", TAGS)
def test_controls_take_a_finger_and_texts_are_readable(tag: str, phone: Any) -> None:
    page = phone
    page.evaluate(TO_TOP_JS, widget_css(tag))
    small = page.evaluate(SMALL_JS, [widget_css(tag), FINGER])
    assert not small, f"{tag} on {page.device}: controls under {FINGER} px: {small}"
    tiny = page.evaluate(TINY_TEXT_JS, [widget_css(tag), LEAST_TEXT])
    assert not tiny, f"{tag} on {page.device}: texts under {LEAST_TEXT} px: {tiny}"


def _near_miss(scene: Scene, step: Step, k: float) -> tuple[float, float]:
    """A point ``MISS`` CSS px (``k`` CSS px a unit) from the step's target's click point that
    hits nothing, no nearer to another target's shape than to its own; else the point."""
    assert step.point is not None
    x, y = step.point
    shapes = scene.targets()
    own = shapes[step.target]
    for n in range(16):
        angle = math.pi * n / 8
        px, py = x + MISS / k * math.cos(angle), y + MISS / k * math.sin(angle)
        if not (0 <= px <= scene.width and 0 <= py <= scene.height):
            continue
        if scene.hit(px, py) is not None:
            continue
        mine = _gap(own.bounds(), px, py)
        if all(_gap(s.bounds(), px, py) > mine + 2 for t, s in shapes.items()
               if t != step.target):
            return (px, py)
    return (x, y)


def _gap(bounds: tuple[float, float, float, float], x: float, y: float) -> float:
    x0, y0, x1, y1 = bounds
    return math.hypot(max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1))


@pytest.mark.parametrize("miss", [False, True], ids=["on-target", "near-miss"])
@pytest.mark.parametrize("tag", TAGS)
def test_every_game_plays_by_tapping(tag: str, miss: bool, phone: Any,
                                     artifacts: Path) -> None:
    """A move by taps on the board and the choice buttons; ``miss``: each board tap lands
    ``MISS`` CSS px from its target's centre, on nothing."""
    page = phone
    name, players = CONFIGS[TAGS.index(tag)]
    state = mid_game(name, players)
    steps, expected = plan_move(state)
    sel = widget_css(tag)
    # The move before this test's: the "on-target" run already made one, so undo it first.
    back = page.locator(f"{sel} .tabletop-timeline button").nth(1)
    while page.evaluate(PLY_JS, sel) > len(state.history):
        back.scroll_into_view_if_needed()
        page.touchscreen.tap(*_middle(back.bounding_box()))
        page.wait_for_timeout(400)
    missed = 0
    for i, step in enumerate(steps):
        if step.point is not None:
            canvas = page.locator(canvas_css(tag))
            canvas.scroll_into_view_if_needed()
            box = canvas.bounding_box()
            k = box["width"] / step.width
            x, y = step.point
            if miss:
                x, y = _near_miss(replay_steps(state, steps[:i]).scene(), step, k)
                missed += (x, y) != step.point
            _tap(page, box, x * k, y * k)
        else:
            button = page.locator(f"{sel} .tabletop-choice").nth(step.index)
            button.scroll_into_view_if_needed()
            assert button.inner_text().strip() == step.label
            page.touchscreen.tap(*_middle(button.bounding_box()))
        page.wait_for_timeout(400)
    page.wait_for_function(LOG_NOW, arg=[f"{sel} .tabletop-log li.now", expected],
                           timeout=30_000)
    page.wait_for_timeout(400)
    made = page.evaluate(PLY_JS, sel) - len(state.history)
    assert made == 1, f"{tag} on {page.device}: {len(steps)} taps made {made} moves"
    if miss:
        print(f"\n{tag} on {page.device}: {missed} of {len(steps)} taps beside their target")
    page.evaluate(TO_TOP_JS, sel)
    page.screenshot(path=str(artifacts / f"phone-{page.device}-{tag}-tapped.png"))


def _middle(box: dict[str, float]) -> tuple[float, float]:
    return (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


# --- the tree widget on a phone -----------------------------------------------------------
TREE_GAME = "lacuna"
TREE_CELL = """import sys
sys.path.insert(0, {here!r})
import tabletop
from pages import start_state
from tabletop.widgets import TreeWidget

tree = TreeWidget(start_state({name!r}), depth=2, max_children=8)
tree.add_class("under-test").add_class("game-tree")
display(tree)
"""
TREE_PARTS_JS = """sel => {
  const box = e => { const b = e.getBoundingClientRect();
                     return [b.left, b.top, b.right, b.bottom]; };
  const root = document.querySelector(sel);
  const region = root.querySelector('.tabletop-tree-region');
  const strip = region.querySelector('.tabletop-swipe');
  return {region: box(region), strip: box(strip), canvas: box(region.querySelector('canvas')),
          scroll: [region.scrollLeft, region.scrollTop, region.scrollWidth, region.scrollHeight,
                   region.clientWidth, region.clientHeight],
          page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
          info: root.querySelector('.tabletop-tree-info').innerText};
}"""


@pytest.fixture(scope="module")
def tree_phone(phone_browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A Voilà app of one tree widget, on a 360 px phone."""
    from importlib.util import find_spec

    from pages import code_notebook

    need(None if find_spec("voila") else "voila is not installed (pip install voila)")
    base = tmp_path_factory.mktemp("voila-tree-phone")
    root = base / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    here = str(Path(__file__).resolve().parent)
    filename = code_notebook(root, "tree.ipynb", [TREE_CELL.format(here=here, name=TREE_GAME)])
    server = start_server("voila", base, [str(root / filename)], "/ready-probe")
    page = _phone_page(phone_browser, "360")
    try:
        page.goto(f"{server.url}/", timeout=90_000)
        wait_for_board(page, "tree", timeout=120)
        yield page
    finally:
        page.context.close()
        server.stop()


def test_the_tree_scrolls_by_its_strip_and_a_tap_selects_a_node(tree_phone: Any,
                                                                artifacts: Path) -> None:
    """ipycanvas refuses to scroll for a touch or a wheel on the tree's canvas; the strip at
    the region's right edge scrolls it to a node out of sight, which a tap then selects."""
    from tabletop.render.scenecanvas import click_point
    from tabletop.widgets.tree import TreeModel

    page, sel = tree_phone, widget_css("tree")
    page.evaluate(TO_TOP_JS, sel)
    found = page.evaluate(TREE_PARTS_JS, sel)
    region, strip, canvas = found["region"], found["strip"], found["canvas"]
    assert found["page"][0] <= found["page"][1] + 1, f"the page scrolls sideways: {found}"
    assert region[2] <= PHONES["360"][0]["width"], f"the tree's region {region} is cut off"
    _, _, width, height, shown_w, shown_h = found["scroll"]
    assert width > shown_w and height > shown_h, f"the tree fits its region: {found['scroll']}"
    assert strip[2] - strip[0] >= FINGER and strip[2] == pytest.approx(region[2] - 1, abs=1.5)
    assert strip[3] - strip[1] >= region[3] - region[1] - 3, f"strip {strip}, region {region}"
    # The last node of the deepest level: off the region's first screen, right and below.
    model = TreeModel(_tree_state(), depth=2, max_children=8)
    scene = model.scene()
    deepest = max(model.graph.nodes[n]["depth"] for n in model.visible())
    node = [n for n in model.visible() if model.graph.nodes[n]["depth"] == deepest][-1]
    x, y = click_point(scene, ("node", node))
    k = (canvas[2] - canvas[0]) / scene.width
    assert x * k > shown_w or y * k > shown_h, "the node is in sight without scrolling"
    page.mouse.move(canvas[0] + 60, region[1] + 100)  # over the canvas: nothing moves
    page.mouse.wheel(0, 200)
    page.wait_for_timeout(300)
    assert page.evaluate(TREE_PARTS_JS, sel)["scroll"][:2] == [0, 0]
    page.mouse.move(strip[0] + 14, region[1] + 100)
    page.mouse.wheel(x * k - shown_w / 2, y * k - shown_h / 2)
    least = min(y * k - shown_h / 2, height - shown_h) - 2
    page.wait_for_function(f"sel => document.querySelector(sel).scrollTop >= {least}",
                           arg=f"{sel} .tabletop-tree-region", timeout=10_000)
    after = page.evaluate(TREE_PARTS_JS, sel)
    canvas = after["canvas"]
    px, py = canvas[0] + x * k, canvas[1] + y * k
    assert region[0] <= px <= strip[0] and region[1] <= py <= region[3], (px, py, after)
    page.touchscreen.tap(px, py)
    page.wait_for_function(
        "([sel, text]) => document.querySelector(sel).innerText.includes(text)",
        arg=[f"{sel} .tabletop-tree-info", f"node {node} · depth {deepest}"], timeout=30_000)
    page.screenshot(path=str(artifacts / "phone-360-tree.png"))


def _tree_state() -> Any:
    from pages import start_state

    return start_state(TREE_GAME)
