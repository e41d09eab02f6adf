"""The game widget over a slow link: JupyterLab with 300 ms each way between page and kernel.

A remote JupyterHub answers late, so a person clicks again before the board changed: a
double click on the click that makes a move, "Step back" pressed several times in a row, a
click while a bot thinks. The link is slowed in the kernel (``LAG``: every comm message from
the page is handled, and every one to it sent, ``LATENCY_MS`` late, in order): Chromium's
``Network.emulateNetworkConditions`` does not slow a WebSocket that is already open
(measured: a round trip of 69 ms took 89 ms with 300 ms of latency emulated). Promises: each
click makes at most one move (a double click is one click), the board ends on the position
the kernel holds (never a stale one), and so does the still under it; no error.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from pages import (
    SIGNATURE_JS,
    canvas_css,
    open_lab_notebook,
    plan_move,
    run_in_kernel,
    start_state,
    widget_css,
    write_notebook,
)
from servers import Server

import tabletop
from tabletop.render.scenecanvas import STILL_DELAY

pytestmark = pytest.mark.browser

GAMES = list(tabletop.games())
LATENCY_MS = 300
BOT_GAME = "lascaux" if "lascaux" in GAMES else GAMES[0]
AGENT_DELAY = 1.5  # the bots' replies outlast the clicks made while they think


def _bot_seats() -> dict[int, str]:
    """Every seat but the first mover's is a weak MCTS bot (it thinks a while)."""
    state = start_state(BOT_GAME)
    return {p: "mcts-weak" for p in range(state.game.players) if p != state.current_player}


# Every comm message from the page handled, and every one to the page sent, LAG s late, in
# the order they came (one queue each way: asyncio's timers of one due time run in no set
# order).
LAG = """
import asyncio, collections, time
from comm.base_comm import BaseComm

def _lagged(original, lag):
    queue = collections.deque()
    def run_first():
        function, args = queue.popleft()
        function(*args)
    def lagged(*args, **keys):
        queue.append((lambda *a: original(*a, **keys), args))
        asyncio.get_running_loop().call_later(lag, run_first)
    return lagged

if not getattr(BaseComm, "_lagged", False):
    BaseComm._lagged = True
    BaseComm.handle_msg = _lagged(BaseComm.handle_msg, {lag})
    BaseComm.publish_msg = _lagged(BaseComm.publish_msg, {lag})
print("lagged")
"""


def _slow(page: Any) -> None:
    assert run_in_kernel(page, LAG.format(lag=LATENCY_MS / 1000)).strip() == "lagged"


def _moves(page: Any, tag: str) -> int:
    return int(page.locator(f"{widget_css(tag)} .tabletop-log li").count())


def _kernel_moves(page: Any, name: str) -> int:
    return int(run_in_kernel(page, f"print(len(widgets[{name!r}].state.history))").strip())


def _errors(page: Any) -> list[str]:
    found = page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr'], "
                         ".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']")
    return [found.nth(i).inner_text() for i in range(found.count())]


@pytest.fixture(scope="module")
def slow_page(lab: Server, browser: Any) -> Any:
    page = browser.new_page()
    filename = write_notebook(lab.root, GAMES, "slow.ipynb", bot_game=BOT_GAME,
                              bots=_bot_seats(), agent_delay=AGENT_DELAY)
    try:
        open_lab_notebook(page, lab, filename, [*GAMES, "bots"])
        _slow(page)
        yield page
    finally:
        page.close()


def _click(page: Any, tag: str, step: Any, count: int = 1) -> None:
    if step.point is not None:
        canvas = page.locator(canvas_css(tag))
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        k = box["width"] / step.width
        canvas.click(position={"x": step.point[0] * k, "y": step.point[1] * k},
                     click_count=count, delay=0)
    else:
        button = page.locator(f"{widget_css(tag)} .tabletop-choice").nth(step.index)
        button.click(click_count=count)


@pytest.mark.parametrize("name", GAMES)
def test_a_double_click_makes_one_move(slow_page: Any, name: str) -> None:
    page = slow_page
    state = start_state(name)
    steps, expected = plan_move(state)
    before = _moves(page, name)
    for step in steps[:-1]:
        _click(page, name, step)
        time.sleep(LATENCY_MS * 3 / 1000)  # a person waits for the picked mark
    _click(page, name, steps[-1], count=2)
    time.sleep(LATENCY_MS * 6 / 1000)
    made = _kernel_moves(page, name) - len(state.history)
    shown = _moves(page, name) - before
    print(f"\n{name}: {expected!r} by {len(steps)} click(s), the last doubled: {made} move(s) "
          f"made, {shown} shown; errors {_errors(page)}")
    assert not _errors(page)
    assert made == 1 and shown == 1, (made, shown)


@pytest.mark.parametrize("name", GAMES)
def test_steps_pressed_in_a_row_end_on_the_position_held(slow_page: Any, name: str,
                                                         artifacts: Any) -> None:
    """After the double click's move: "Step back" three times and "Step forward" once, each
    pressed before the page heard of the one before."""
    page = slow_page
    headless = tabletop.play(start_state(name), agent_delay=0)
    headless.play(plan_move(start_state(name))[1])
    for _ in range(3):
        headless.back()
    headless.forward()
    bar = f"{widget_css(name)} .tabletop-timeline"
    for title in ["Step back"] * 3 + ["Step forward"]:
        page.locator(f"{bar} button[title='{title}']").click()
    time.sleep(LATENCY_MS * 6 / 1000 + STILL_DELAY + 0.5)  # the still follows the pause
    canvas = page.locator(canvas_css(name))
    shown_pixels = canvas.evaluate(SIGNATURE_JS)
    run_in_kernel(page, f"widgets[{name!r}].board.renderer.redraw()")  # the held position
    time.sleep(LATENCY_MS * 4 / 1000 + 0.5)
    assert canvas.evaluate(SIGNATURE_JS) == shown_pixels, "the board showed a stale position"
    held = run_in_kernel(page, f"w = widgets[{name!r}]; print(len(w.state.history), "
                               "bytes(w.board.still.value).decode() == "
                               "__import__('tabletop.render.svg').render.svg.to_svg(w.scene()))")
    shown = page.locator(f"{widget_css(name)} .tabletop-log li.now").count()
    print(f"\n{name}: kernel holds ply {held.split()[0]}, still current: {held.split()[1]}")
    assert held.split() == [str(len(headless.state.history)), "True"], held
    assert shown == 1
    page.locator(widget_css(name)).screenshot(path=str(artifacts / f"slow-steps-{name}.png"))
    assert not _errors(page)


def test_clicks_while_bots_think_make_no_move(slow_page: Any, artifacts: Any) -> None:
    """The person's move, then the same click three times more (each its own click) while
    the bots think: refused, the bots' replies follow, and every move but the first is a
    bot's (a stray click never moves for a bot's seat)."""
    page = slow_page
    state = start_state(BOT_GAME)
    human = state.current_player
    steps, _ = plan_move(state)
    for step in steps:
        _click(page, "bots", step)
    for _ in range(3):
        time.sleep(0.7)  # apart: not a double click; all before the bots' replies
        _click(page, "bots", steps[-1])
    page.wait_for_function(
        "sel => (document.querySelector(sel)?.innerText ?? '').includes('to move')"
        " && !(document.querySelector(sel)?.innerText ?? '').includes('thinking')",
        arg=f"{widget_css('bots')} .tabletop-turn", timeout=60_000)
    time.sleep(LATENCY_MS * 4 / 1000)
    movers = json.loads(run_in_kernel(page, (
        "import json; s = bot_widget.session; "
        "print(json.dumps([s.graph.nodes[n]['state'].current_player for n in s.line()[:-1]]))")))
    movers = movers[len(state.history):]
    page.locator(widget_css("bots")).screenshot(path=str(artifacts / "slow-bots.png"))
    print(f"\nbots: the players who moved after the person's click: {movers} (the person: "
          f"{human}); errors {_errors(page)}")
    assert not _errors(page)
    assert movers[0] == human and human not in movers[1:] and len(movers) >= 2, movers
    assert page.locator(f"{widget_css('bots')} .tabletop-log li").count() == \
        len(state.history) + len(movers)
