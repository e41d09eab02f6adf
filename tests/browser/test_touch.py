"""The game widget on a tablet's touch screen, in JupyterLab: taps, finger-sized controls.

A Chromium context with a touch screen (``has_touch``) at 1024x768 (landscape, a desktop
page) and 768x1024 (portrait, ``is_mobile``) shows a mid-game widget for each game. A finger's
tap (``page.touchscreen.tap``) on the board's targets and on the choice buttons makes the
move a click makes, once; a tap on the timeline's buttons steps back and forward one ply.
A tap just beside a small target (Lacuna's flowers are 16 px) reaches it. Every control is
at least ``FINGER`` CSS px each way, and the page does not scroll sideways.
Screenshots: ``artifacts/touch-<device>-<game>.png``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import (
    TO_TOP_JS,
    canvas_css,
    config_tag,
    mid_game,
    open_lab_notebook,
    plan_move,
    run_in_kernel,
    widget_css,
    write_layout_notebook,
)
from servers import CHROMIUM, CHROMIUM_ARGS, Server

pytestmark = pytest.mark.browser

CONFIGS = (("lacuna", 2), ("lascaux", 3), ("lascaux", 5), ("lava-flows", 2), ("landlock", 2))
TAGS = [config_tag(*c) for c in CONFIGS]
#: (CSS viewport, is_mobile) of each device.
DEVICES = {"tablet-landscape": ({"width": 1024, "height": 768}, False),
           "tablet-portrait": ({"width": 768, "height": 1024}, True)}
#: The least size (CSS px, each way) of a control a finger taps (WCAG 2.5.8's 24 px).
FINGER = 24

PLY = "print(len(widgets[{tag!r}].state.history))"
# Kernel side: board targets with a point ``off`` scene units beside their click point that
# hits nothing (a finger's near miss), and the board recording its clicks instead of playing.
MISSES = """
import json
from tabletop.render.scenecanvas import click_point
_w = widgets[{tag!r}]
_scene, _misses, _got = _w.board.scene, [], []
for _target in _scene.targets():
    _x, _y = click_point(_scene, _target)
    if _scene.hit(_x + {off}, _y) is None and len(_misses) < 8:
        _misses.append([repr(_target), _x + {off}, _y])
_w.board._click_handlers = [lambda x, y: _got.append(repr(_scene.hit(x, y)))]
print(json.dumps({{"width": _scene.width, "misses": _misses}}))
"""
GOT = "print(json.dumps(_got)); _w.board._click_handlers = [_w.click]"

# Shown controls of the widget smaller than a finger each way: "what WxH".
SMALL_JS = """([sel, least]) => {
  const bad = [];
  for (const e of document.querySelector(sel).querySelectorAll('button, select, input')) {
    const b = e.getBoundingClientRect();
    if (e.offsetParent === null || b.width === 0) continue;
    if (b.width < least - 0.5 || b.height < least - 0.5)
      bad.push(`${e.tagName} ${(e.innerText || e.title || '').trim().slice(0, 30)} `
               + `${b.width.toFixed(1)}x${b.height.toFixed(1)}`);
  }
  return bad;
}"""

# Elements of the page wider than their box that would scroll sideways: "class a>b".
SIDEWAYS_JS = """() => {
  const out = [];
  const all = [document.documentElement, document.body,
               ...document.querySelectorAll('.jp-NotebookPanel, .jp-Notebook, .jp-Cell')];
  for (const e of all) {
    const s = getComputedStyle(e);
    const scrolls = e === document.documentElement || ['auto', 'scroll'].includes(s.overflowX);
    if (scrolls && e.scrollWidth > e.clientWidth + 1)
      out.push(`${String(e.className).slice(0, 40)} ${e.scrollWidth}>${e.clientWidth}`);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def touch_browser(browser_ready: None) -> Iterator[Any]:
    """Chromium (Playwright), for contexts with a touch screen."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                      args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module", params=list(DEVICES))
def tablet(request: pytest.FixtureRequest, lab: Server, touch_browser: Any) -> Iterator[Any]:
    """JupyterLab on a tablet's touch screen, with every game's widget mid-game."""
    viewport, mobile = DEVICES[request.param]
    context = touch_browser.new_context(viewport=viewport, has_touch=True, is_mobile=mobile)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.device = request.param
    filename = write_layout_notebook(lab.root, f"touch-{request.param}.ipynb",
                                     bot_config=None, configs=CONFIGS)
    try:
        open_lab_notebook(page, lab, filename, TAGS)
        yield page
    finally:
        context.close()


def _tap(page: Any, box: dict[str, float], x: float | None = None,
         y: float | None = None) -> None:
    """A finger's tap at (x, y) in ``box`` (its middle by default)."""
    page.touchscreen.tap(box["x"] + (box["width"] / 2 if x is None else x),
                         box["y"] + (box["height"] / 2 if y is None else y))


def _ply(page: Any, tag: str) -> int:
    return int(run_in_kernel(page, PLY.format(tag=tag)).strip())


def _wait_ply(page: Any, tag: str, ply: int) -> None:
    for _ in range(50):
        if _ply(page, tag) == ply:
            return
        page.wait_for_timeout(100)
    assert _ply(page, tag) == ply, f"{tag} on {page.device}: ply {_ply(page, tag)}, not {ply}"


@pytest.mark.parametrize("tag", TAGS)
def test_a_tap_does_what_a_click_does_once(tag: str, tablet: Any, artifacts: Path) -> None:
    page = tablet
    name, players = CONFIGS[TAGS.index(tag)]
    page.evaluate(TO_TOP_JS, widget_css(tag))
    start = _ply(page, tag)
    steps, expected = plan_move(mid_game(name, players))
    for step in steps:
        if step.point is not None:
            canvas = page.locator(canvas_css(tag))
            canvas.scroll_into_view_if_needed()
            box = canvas.bounding_box()
            k = box["width"] / step.width
            _tap(page, box, step.point[0] * k, step.point[1] * k)
        else:
            button = page.locator(f"{widget_css(tag)} .tabletop-choice").nth(step.index)
            button.scroll_into_view_if_needed()
            assert button.inner_text().strip() == step.label
            _tap(page, button.bounding_box())
        page.wait_for_timeout(400)  # a tap that played twice would show in the ply below
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.innerText ?? '').includes(text)",
        arg=[f"{widget_css(tag)} .tabletop-log li.now", expected], timeout=30_000)
    page.wait_for_timeout(500)
    made = _ply(page, tag) - start
    assert made == 1, f"{tag} on {page.device}: {len(steps)} taps made {made} moves"
    page.screenshot(path=str(artifacts / f"touch-{page.device}-{tag}.png"))
    back, forward = (page.locator(f"{widget_css(tag)} .tabletop-timeline button").nth(i)
                     for i in (1, 2))
    back.scroll_into_view_if_needed()
    _tap(page, back.bounding_box())
    _wait_ply(page, tag, start)
    page.wait_for_function("el => !el.disabled", arg=forward.element_handle())  # as a person
    _tap(page, forward.bounding_box())                                          # sees it
    _wait_ply(page, tag, start + 1)


@pytest.mark.parametrize("tag", ["lacuna-2p"])
def test_a_tap_just_beside_a_small_target_reaches_it(tag: str, tablet: Any) -> None:
    page = tablet
    canvas = page.locator(canvas_css(tag))
    canvas.scroll_into_view_if_needed()
    plan = json.loads(run_in_kernel(page, MISSES.format(tag=tag, off=10)))
    assert plan["misses"], f"{tag}: no target with a near miss beside it"
    box = canvas.bounding_box()
    k = box["width"] / plan["width"]
    for _, x, y in plan["misses"]:
        _tap(page, box, x * k, y * k)
    page.wait_for_timeout(500)
    got = json.loads(run_in_kernel(page, GOT))
    assert got == [t for t, _, _ in plan["misses"]], f"{tag} on {page.device}: {got}"


@pytest.mark.parametrize("tag", TAGS)
def test_every_control_is_big_enough_for_a_finger(tag: str, tablet: Any) -> None:
    page = tablet
    page.evaluate(TO_TOP_JS, widget_css(tag))
    small = page.evaluate(SMALL_JS, [widget_css(tag), FINGER])
    assert not small, f"{tag} on {page.device}: controls under {FINGER} px: {small}"


def test_the_page_does_not_scroll_sideways(tablet: Any) -> None:
    page = tablet
    assert not page.evaluate(SIDEWAYS_JS), json.dumps(page.evaluate(SIDEWAYS_JS))
    width = page.evaluate("innerWidth")
    for tag in TAGS:
        box = page.locator(widget_css(tag)).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, f"{tag}: {box}"
