"""The game widget under display scaling and browser zoom, measured in JupyterLab.

A laptop scales its display (device pixel ratio 1.25, 1.5, 2) and people zoom the browser,
which multiplies the ratio and shrinks the CSS viewport (1366x768 at 150% is 911x512 CSS px).
One JupyterLab page (file browser open) is emulated at each (ratio, CSS viewport): a click at
each board target's centre reaches Python as a point on that target, the canvas has at least
``min(ratio, resolution)`` pixels per CSS pixel (sharp up to the widget's ``resolution``),
and no control is clipped. Zoomed in to 110% and 125%, whose turn, the message and the
controls stay beside the board and on screen. Screenshots: ``artifacts/zoom-<case>.png``.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import (
    CLIPPED_JS,
    OVERFLOW_JS,
    TO_TOP_JS,
    boxes,
    canvas_css,
    click_step,
    config_tag,
    mid_game,
    open_lab_notebook,
    plan_move,
    run_in_kernel,
    widget_css,
    write_layout_notebook,
)
from servers import Server

pytestmark = pytest.mark.browser

CONFIGS = (("lacuna", 2), ("lava-flows", 2), ("landlock", 2), ("lascaux", 5))
TAGS = [config_tag(*c) for c in CONFIGS]
#: (device pixel ratio, CSS viewport): display scaling times browser zoom.
SCALES = {
    "dpr1.25": (1.25, 1536, 864),        # 1920x1080 at 125%
    "dpr1.5": (1.5, 1280, 720),          # 1920x1080 at 150%
    "dpr2": (2.0, 1440, 900),            # a 2x display
    "dpr2-zoom125": (2.5, 1152, 720),    # a 2x display zoomed to 125%
    "zoom150": (1.5, 911, 512),          # 1366x768 zoomed to 150%
    "zoom80": (0.8, 1707, 960),          # 1366x768 zoomed out to 80%
}
#: Zoomed-in laptops whose output (file browser open) still holds the board and the panel.
ZOOMED = {"1280x800-110": (1.1, 1164, 727), "1366x768-125": (1.25, 1093, 614)}
#: Parts on screen without scrolling: all of them (Lascaux's five seats take two lines), or
#: (614 px tall, where the row keeps its least height of 360 px) the board and the side
#: panel's turn, message and controls.
VISIBLE = {"1280x800-110": ("canvas", "turn", "message", "controls", "timeline", "seats"),
           "1366x768-125": ("canvas", "turn", "message", "controls")}

# Instrumentation (kernel side): each widget's board reports its clicks to a list instead of
# playing them, so every target can be clicked in turn on an unchanged scene.
RECORD = """
_clicks = {}
for _tag, _w in widgets.items():
    _clicks[_tag] = []
    _w.board._click_handlers = [(lambda got: lambda x, y: got.append((x, y)))(_clicks[_tag])]
"""
TARGETS = """
import base64
import json
from tabletop.render.scenecanvas import click_point
_scene = widgets[{tag!r}].board.scene
_points = []
for _target in _scene.targets():
    try:
        _points.append([repr(_target), *click_point(_scene, _target)])
    except ValueError:
        pass
print(json.dumps({{"width": _scene.width, "points": _points,
                  "resolution": widgets[{tag!r}].board.resolution}}))
"""
HITS = """
_scene = widgets[{tag!r}].board.scene
print(json.dumps([repr(_scene.hit(x, y)) for x, y in _clicks[{tag!r}]]))
_clicks[{tag!r}].clear()
"""
CANVAS_JS = """el => { const b = el.getBoundingClientRect();
  return [el.width, b.width, window.devicePixelRatio]; }"""


@pytest.fixture(scope="module")
def lab_page(lab: Server, browser: Any) -> Iterator[Any]:
    page = browser.new_page()
    page.set_viewport_size({"width": 1366, "height": 768})
    filename = write_layout_notebook(lab.root, "zoom.ipynb", bot_config=None, configs=CONFIGS)
    try:
        open_lab_notebook(page, lab, filename, TAGS)
        assert page.locator(".jp-FileBrowser").is_visible(), "the file browser should be open"
        yield page
    finally:
        page.close()


def _emulate(page: Any, ratio: float, width: int, height: int) -> Any:
    """What the browser does for a display scale and zoom: the device pixel ratio and the
    CSS viewport (the same DevTools call as a Playwright context's ``device_scale_factor``)."""
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": ratio, "mobile": False})
    page.wait_for_timeout(500)
    assert page.evaluate("[innerWidth, innerHeight, devicePixelRatio]") == \
        [width, height, pytest.approx(ratio)]
    return session


def _screenshot(session: Any, path: Path) -> None:
    """The page as emulated (Playwright's own screenshot puts its viewport back first)."""
    path.write_bytes(base64.b64decode(session.send("Page.captureScreenshot")["data"]))


@pytest.mark.parametrize("case", list(SCALES))
@pytest.mark.parametrize("tag", TAGS)
def test_every_target_is_hit_and_the_board_is_sharp_at_each_scale(
        tag: str, case: str, lab_page: Any, artifacts: Path) -> None:
    page = lab_page
    session = _emulate(page, *SCALES[case])
    page.evaluate(TO_TOP_JS, widget_css(tag))
    page.wait_for_timeout(150)
    canvas = page.locator(canvas_css(tag))
    pixels, css_width, ratio = canvas.evaluate(CANVAS_JS)
    plan = json.loads(run_in_kernel(page, TARGETS.format(tag=tag)))
    assert pixels >= css_width * min(ratio, plan["resolution"]) - 1, \
        f"{tag} at {case}: {pixels} canvas pixels for {css_width:.1f} CSS px at ratio {ratio}"
    run_in_kernel(page, RECORD)
    k = css_width / plan["width"]
    for _, x, y in plan["points"]:
        canvas.click(position={"x": x * k, "y": y * k})
    page.wait_for_timeout(300)
    hits = json.loads(run_in_kernel(page, HITS.format(tag=tag)))
    wanted = [t for t, _, _ in plan["points"]]
    assert len(hits) == len(wanted) and hits == wanted, \
        [(w, h) for w, h in zip(wanted, hits, strict=False) if w != h]
    assert not page.evaluate(OVERFLOW_JS, widget_css(tag)), "content wider than its box"
    assert not page.evaluate(CLIPPED_JS, widget_css(tag))
    if tag == TAGS[0]:
        _screenshot(session, artifacts / f"zoom-{case}.png")


@pytest.mark.parametrize("case", list(ZOOMED))
@pytest.mark.parametrize("tag", TAGS)
def test_zoomed_in_the_side_panel_stays_beside_the_board_and_on_screen(
        tag: str, case: str, lab_page: Any, artifacts: Path) -> None:
    page = lab_page
    session = _emulate(page, *ZOOMED[case])
    page.evaluate(TO_TOP_JS, widget_css(tag))
    page.wait_for_timeout(150)
    found = boxes(page, tag)
    area, canvas, side = found["area"], found["canvas"], found["side"]
    assert side[0] >= canvas[2], f"{tag} at {case}: the side panel {side} is not beside {canvas}"
    for part in VISIBLE[case]:
        left, top, right, bottom = found[part]
        assert area[0] - 1 <= left and right <= area[2] + 1 and area[1] - 1 <= top \
            and bottom <= area[3] + 1, f"{tag} at {case}: {part} {found[part]} is off {area}"
    assert not page.evaluate(OVERFLOW_JS, widget_css(tag)), "content wider than its box"
    assert not page.evaluate(CLIPPED_JS, widget_css(tag))
    _screenshot(session, artifacts / f"zoom-{tag}-{case}.png")


def test_a_click_at_a_zoomed_2x_display_makes_the_move(lab_page: Any) -> None:
    page, tag = lab_page, config_tag("lava-flows", 2)
    _emulate(page, *SCALES["dpr2-zoom125"])
    run_in_kernel(page, "for _w in widgets.values(): _w.board._click_handlers = [_w.click]")
    steps, expected = plan_move(mid_game("lava-flows", 2))
    for step in steps:
        click_step(page, tag, step)
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.innerText ?? '').includes(text)",
        arg=[f"{widget_css(tag)} .tabletop-log li.now", expected], timeout=30_000)
