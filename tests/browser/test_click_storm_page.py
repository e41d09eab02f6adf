"""A fast, impatient clicker in JupyterLab at 1280×800, every game: Playwright's clicks with
no pause between them (each press reaches the kernel before the last one's redraw reached
the page).

Per game, on a hot-seat widget: a double click on the cover (it used to lift the cover and
play or pick on the board its player had not seen: now it only lifts it), then a move's
presses at once (one move; the cover comes back). On a plain widget: a move's presses at
once, "Bot move" pressed five times (five moves: it counts every press), "Step back" 30
times, "Step forward" 3 times, then "Step back"/"Step forward" alternating 30 times (the
kernel ends where the presses say). After each storm: the kernel holds what the presses
should have made, the move log and the canvas show it (the canvas's pixels do not change
when the kernel redraws the position it holds), and no error reached the page. Screenshots:
``storm-<game>.png`` (the plain widget at the end) and ``storm-cover-<game>.png`` (the
hot-seat widget after the double click on its cover).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from pages import (
    OPENINGS,
    SEED,
    SIGNATURE_JS,
    canvas_css,
    code_notebook,
    open_lab_notebook,
    plan_move,
    run_in_kernel,
    start_state,
    widget_css,
)
from servers import Server

import tabletop

pytestmark = pytest.mark.browser

GAMES = list(tabletop.games())

CELL = f"""import json
import tabletop

def opened(name):
    state = tabletop.load(name).new(seed={SEED}, setup="random")
    for text in {OPENINGS!r}.get(name, ()):
        state = state.apply(text)
    return state

plain, hot = {{}}, {{}}
for name in {GAMES!r}:
    plain[name] = tabletop.play(opened(name), agent_delay=0)
    plain[name].add_class("under-test").add_class("game-f-" + name)
    hot[name] = tabletop.play(opened(name), hot_seat=True, agent_delay=0)
    hot[name].add_class("under-test").add_class("game-h-" + name)
    display(plain[name], hot[name])
"""

ERRORS = (".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr'], "
          ".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']")


@pytest.fixture(scope="module")
def storm_page(lab: Server, browser: Any) -> Any:
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    filename = code_notebook(lab.root, "storm.ipynb", [CELL])
    try:
        open_lab_notebook(page, lab, filename,
                          [f"{kind}-{name}" for name in GAMES for kind in "fh"])
        yield page
    finally:
        page.close()


def _errors(page: Any) -> list[str]:
    found = page.locator(ERRORS)
    return [found.nth(i).inner_text() for i in range(found.count())]


def _press(page: Any, tag: str, step: Any, count: int = 1) -> None:
    """A step's press (or ``count`` of them, a double click) with no pause at all."""
    if step.point is None:
        page.locator(f"{widget_css(tag)} .tabletop-choice").nth(step.index).click(
            click_count=count, delay=0)
        return
    canvas = page.locator(canvas_css(tag))
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    k = box["width"] / step.width
    canvas.click(position={"x": step.point[0] * k, "y": step.point[1] * k},
                 click_count=count, delay=0)


def _held(page: Any, widgets: str, name: str) -> dict[str, Any]:
    """What the kernel holds for ``widgets[name]``, once the page's presses reached it."""
    code = (f"w = {widgets}[{name!r}]; s = w.session; inp = s._input\n"
            "print(json.dumps({'history': [str(a) for a in w.state.history], "
            "'ply': s.ply(), 'nodes': len(s.graph), 'covered': s.covered(), "
            "'picked': len(inp.selection) if inp is not None else 0, 'message': w.message}))")
    return dict(json.loads(run_in_kernel(page, code)))


def _settled(page: Any, widgets: str, name: str) -> dict[str, Any]:
    """The kernel's state once it stops changing (the presses are handled in order)."""
    last = _held(page, widgets, name)
    for _ in range(40):
        time.sleep(0.25)
        now = _held(page, widgets, name)
        if now == last:
            return now
        last = now
    return last


def _shows_what_it_holds(page: Any, widgets: str, name: str, tag: str) -> None:
    """The canvas shows the kernel's position: a redraw of it changes no pixel."""
    canvas = page.locator(canvas_css(tag))
    time.sleep(0.5)
    shown = canvas.evaluate(SIGNATURE_JS)
    run_in_kernel(page, f"{widgets}[{name!r}].board.renderer.redraw()")
    time.sleep(0.8)
    assert canvas.evaluate(SIGNATURE_JS) == shown, f"{tag}: the board showed a stale position"


@pytest.mark.parametrize("name", GAMES)
def test_a_double_click_on_the_cover_only_lifts_it(storm_page: Any, name: str,
                                                   artifacts: Path) -> None:
    page, tag = storm_page, f"h-{name}"
    state = start_state(name)
    steps, line = plan_move(state, hot_seat=True)
    first = steps[0]
    if first.point is None:  # a button's target: the cover's double click is on the board
        scene = tabletop.widgets.session.Session(state).scene()
        first = type(first)(first.target, point=(scene.width / 2, scene.height / 2),
                            width=scene.width)
    assert _held(page, "hot", name)["covered"]
    _press(page, tag, first, count=2)
    held = _settled(page, "hot", name)
    page.locator(widget_css(tag)).screenshot(path=str(artifacts / f"storm-cover-{name}.png"))
    print(f"\n{name}: after a double click on the cover: {held}")
    assert not held["covered"], held
    assert len(held["history"]) == len(state.history) and held["picked"] == 0, held
    assert "your turn" in held["message"], held
    for step in steps:  # the move's presses, at once
        _press(page, tag, step)
    held = _settled(page, "hot", name)
    assert len(held["history"]) == len(state.history) + 1, held
    _shows_what_it_holds(page, "hot", name, tag)
    assert not _errors(page), _errors(page)


@pytest.mark.parametrize("name", GAMES)
def test_presses_as_fast_as_they_come_make_what_they_say(storm_page: Any, name: str,
                                                         artifacts: Path) -> None:
    page, tag = storm_page, f"f-{name}"
    root = widget_css(tag)
    state = start_state(name)
    steps, line = plan_move(state)
    for step in steps:  # a move's presses with no pause
        _press(page, tag, step)
    held = _settled(page, "plain", name)
    assert len(held["history"]) == len(state.history) + 1 and held["picked"] == 0, held

    bot_move = page.locator(f"{root} .tabletop-bot-move")
    for _ in range(5):  # "Bot move" five times, at once: every press counts
        bot_move.click(delay=0)
    held = _settled(page, "plain", name)
    plies = len(state.history) + 6
    assert len(held["history"]) == plies and held["nodes"] == plies + 1, held

    bar = f"{root} .tabletop-timeline"
    back = page.locator(f"{bar} button[title='Step back']")
    forward = page.locator(f"{bar} button[title='Step forward']")
    for _ in range(30):  # past the start: the presses there change nothing
        back.click(delay=0, force=True)
    assert _settled(page, "plain", name)["ply"] == 0
    for _ in range(3):
        forward.click(delay=0, force=True)
    # The page must hear that "Step back" is open again: a press on a button the page still
    # shows disabled never reaches the kernel (left alone this round: see the report).
    assert _settled(page, "plain", name)["ply"] == 3
    page.wait_for_function("sel => !document.querySelector(sel).disabled",
                           arg=f"{bar} button[title='Step back']", timeout=10_000)
    for i in range(30):  # inside the line, where neither button is disabled
        (forward if i % 2 else back).click(delay=0, force=True)
    held = _settled(page, "plain", name)
    assert held["ply"] == 3 and held["nodes"] == plies + 1, held
    log = page.locator(f"{root} .tabletop-log li")
    page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length === n",
        arg=[f"{root} .tabletop-log li", plies], timeout=10_000)
    assert log.count() == plies
    _shows_what_it_holds(page, "plain", name, tag)
    page.locator(root).screenshot(path=str(artifacts / f"storm-{name}.png"))
    print(f"\n{name}: {plies - len(state.history)} plies made by presses, stepped to "
          f"ply {held['ply']}; "
          f"errors {_errors(page)}")
    assert not _errors(page), _errors(page)
