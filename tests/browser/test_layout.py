"""The game widget fits a laptop screen: measured in JupyterLab and Voilà at 1280x800.

One JupyterLab page (file browser open, one kernel) shows a mid-game widget for every game
and player count, and one against bots. With a widget's top at the top of the notebook area,
the board, the turn line, the message line, the click controls and both bars lie inside the
visible area; nothing in the side panel is wider than its box; the score tables' names and
numbers take one line each; the bars stay put when choice buttons, the score breakdown or the
bot's panel appear; and a click on the scaled canvas makes the move under the pointer. At a
900 px wide window the side panel sits below the board, and nothing overflows sideways.
Screenshots: ``artifacts/layout-<game>-<n>p.png`` (and ``-900``), ``layout-bots.png``,
``voila-layout.png``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import (
    BROKEN_LINES_JS,
    CONFIGS,
    OVERFLOW_JS,
    TO_TOP_JS,
    boxes,
    canvas_css,
    click_step,
    config_tag,
    mid_game,
    open_lab_notebook,
    plan_move,
    steps_to_buttons,
    wait_for_board,
    widget_css,
    write_layout_notebook,
)
from servers import NOTEBOOKS, Server, need, start_server

pytestmark = pytest.mark.browser

WIDE = {"width": 1280, "height": 800}
NARROW = {"width": 900, "height": 800}
#: The game against bots: the most players, so the most seat controls.
BOT_CONFIG = ("lascaux", 5)
#: Parts that must be on screen without scrolling.
VISIBLE = ("canvas", "turn", "message", "controls", "timeline", "seats")
BARS = ("timeline", "seats")
TAGS = [config_tag(*c) for c in CONFIGS]


@pytest.fixture(scope="module")
def lab_page(lab: Server, browser: Any) -> Iterator[Any]:
    """JupyterLab at 1280x800 with every game's widget mid-game, and one against bots."""
    page = browser.new_page()
    page.set_viewport_size(WIDE)
    filename = write_layout_notebook(lab.root, "layout.ipynb", bot_config=BOT_CONFIG)
    try:
        open_lab_notebook(page, lab, filename, [*TAGS, "bots"])
        files = page.locator(".jp-FileBrowser")
        assert files.is_visible() and files.bounding_box()["width"] > 150, \
            "the file browser should be open, as on a laptop"
        yield page
    finally:
        page.close()


def _to_top(page: Any, tag: str) -> dict[str, Any]:
    page.evaluate(TO_TOP_JS, widget_css(tag))
    page.wait_for_timeout(150)
    return boxes(page, tag)


def _check_visible(found: dict[str, Any], parts: tuple[str, ...] = VISIBLE) -> None:
    """``parts`` lie inside the visible area, and the widget starts at its top."""
    area = found["area"]
    assert abs(found["widget"][1] - area[1]) <= 2, (found["widget"], area)
    for part in parts:
        left, top, right, bottom = found[part]
        assert area[0] - 1 <= left and right <= area[2] + 1, f"{part} {found[part]} {area}"
        assert area[1] - 1 <= top and bottom <= area[3] + 1, \
            f"{part} is not on screen: {found[part]} outside the visible area {area}"


def _check_no_overflow(page: Any, tag: str) -> None:
    wide = page.evaluate(OVERFLOW_JS, widget_css(tag))
    assert not wide, f"{tag}: content wider than its box: {wide}"


def _bars(found: dict[str, Any]) -> dict[str, list[float]]:
    return {bar: [round(v) for v in found[bar]] for bar in BARS}


def _fold(page: Any, tag: str, panel: str) -> None:
    page.locator(f"{widget_css(tag)} .tt-section:has({panel}) .tt-fold").click()


def _wait_for_log(page: Any, tag: str, move: str) -> None:
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.innerText ?? '').includes(text)",
        arg=[f"{widget_css(tag)} .tabletop-log li.now", move], timeout=30_000)


@pytest.mark.parametrize("name,players", CONFIGS, ids=TAGS)
def test_the_widget_fits_at_1280x800(name: str, players: int, lab_page: Any,
                                    artifacts: Path) -> None:
    page, tag = lab_page, config_tag(name, players)
    state = mid_game(name, players)
    found = _to_top(page, tag)
    _check_visible(found)
    canvas, side = found["canvas"], found["side"]
    assert side[0] >= canvas[2], f"the side panel {side} should be beside the board {canvas}"
    scene_width = plan_move(state)[0][0].width or canvas[2] - canvas[0]
    print(f"\n{tag}: widget {found['widget'][3] - found['widget'][1]:.0f} px tall in a "
          f"{found['area'][3] - found['area'][1]:.0f} px area; board "
          f"{canvas[2] - canvas[0]:.0f}x{canvas[3] - canvas[1]:.0f} (scene width "
          f"{scene_width:g}); side panel {side[2] - side[0]:.0f} px wide")
    _check_no_overflow(page, tag)
    bars = _bars(found)

    _fold(page, tag, ".tabletop-scores")  # unfold the score breakdown
    page.locator(f"{widget_css(tag)} .tt-scores table").wait_for(state="visible")
    assert not page.evaluate(BROKEN_LINES_JS, widget_css(tag)), "a name or number wrapped"
    _check_no_overflow(page, tag)
    assert _bars(boxes(page, tag)) == bars, "the bars moved when the breakdown opened"

    buttons = steps_to_buttons(state)
    if buttons is not None:  # the first clicks of a move that bring up choice buttons
        choices = f"{widget_css(tag)} .tabletop-choice"
        before = page.locator(choices).count()
        for step in buttons:
            click_step(page, tag, step)
        page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length > n",
                               arg=[choices, before], timeout=15_000)
        shown = boxes(page, tag)
        _check_visible(shown)
        _check_no_overflow(page, tag)
        assert _bars(shown) == bars, "the bars moved when choice buttons appeared"
        # the message stays in place, growing down only to show its whole text (round 56:
        # its fixed three lines had cut Lacuna's picked-flower line at "…then a")
        assert [round(v) for v in shown["message"][:3]] == \
            [round(v) for v in found["message"][:3]]
        assert shown["message"][3] >= found["message"][3] - 1
        assert page.evaluate("sel => { const m = document.querySelector(sel); "
                             "return m.scrollHeight <= m.clientHeight + 1; }",
                             f"{widget_css(tag)} .tabletop-message"), "the message is cut"
        page.locator(f"{widget_css(tag)} button[title='Forget the targets picked so far']"
                     ).click()
        page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length === n",
                               arg=[choices, before], timeout=15_000)

    steps, expected = plan_move(state)  # clicks on the scaled canvas make the move
    assert canvas[2] - canvas[0] < scene_width, "the board should be scaled down here"
    for step in steps:
        click_step(page, tag, step)
    _wait_for_log(page, tag, expected)
    after = boxes(page, tag)
    assert _bars(after) == bars, "the bars moved after a move"
    _check_no_overflow(page, tag)
    page.locator(widget_css(tag)).screenshot(path=str(artifacts / f"layout-{tag}.png"))


def test_the_bot_panel_appears_in_place(lab_page: Any, artifacts: Path) -> None:
    page, tag = lab_page, "bots"
    state = mid_game(*BOT_CONFIG)
    found = _to_top(page, tag)
    _check_visible(found)
    assert found["thinking"] is None or found["thinking"][3] <= found["thinking"][1] + 1
    bars = _bars(found)
    steps, expected = plan_move(state)
    for step in steps:
        click_step(page, tag, step)
    _wait_for_log(page, tag, expected)
    thinking = page.locator(f"{widget_css(tag)} .tabletop-thinking")
    thinking.wait_for(state="visible", timeout=60_000)
    page.wait_for_timeout(300)
    shown = boxes(page, tag)
    _check_visible(shown, (*VISIBLE, "thinking"))
    assert _bars(shown) == bars, "the bars moved when the bot's panel appeared"
    _check_no_overflow(page, tag)
    page.locator(widget_css(tag)).screenshot(path=str(artifacts / "layout-bots.png"))
    open_height = shown["thinking"][3] - shown["thinking"][1]
    _fold(page, tag, ".tabletop-thinking")
    page.wait_for_function(
        "sel => document.querySelector(sel).getBoundingClientRect().height < 40",
        arg=f"{widget_css(tag)} .tabletop-thinking", timeout=15_000)
    folded = boxes(page, tag)
    assert _bars(folded) == bars, "the bars moved when the bot's panel folded"
    print(f"\nbot panel: {open_height:.0f} px open, "
          f"{folded['thinking'][3] - folded['thinking'][1]:.0f} px folded")
    _fold(page, tag, ".tabletop-thinking")


@pytest.mark.parametrize("name,players", CONFIGS, ids=TAGS)
def test_at_900px_the_side_panel_goes_below(name: str, players: int, lab_page: Any,
                                            artifacts: Path) -> None:
    page, tag = lab_page, config_tag(name, players)
    if page.viewport_size != NARROW:
        page.set_viewport_size(NARROW)
        page.wait_for_timeout(500)
        files = page.locator(".jp-FileBrowser")
        assert files.is_visible(), "the file browser should still be open at 900 px"
    found = _to_top(page, tag)
    widget, canvas, side = found["widget"], found["canvas"], found["side"]
    assert side[1] >= canvas[3] - 1, f"the side panel {side} should be below the board {canvas}"
    for part in ("canvas", "side", "timeline", "seats"):
        assert widget[0] - 1 <= found[part][0] and found[part][2] <= widget[2] + 1, part
    assert widget[2] <= found["area"][2] + 1, "the widget is wider than the notebook"
    _check_no_overflow(page, tag)
    print(f"\n{tag} at 900 px: widget {widget[2] - widget[0]:.0f} px wide, board "
          f"{canvas[2] - canvas[0]:.0f} px, side panel {side[2] - side[0]:.0f} px below")
    page.set_viewport_size({**NARROW, "height": 1400})  # the whole widget in the picture
    page.wait_for_timeout(300)
    page.evaluate(TO_TOP_JS, widget_css(tag))
    page.locator(widget_css(tag)).screenshot(path=str(artifacts / f"layout-{tag}-900.png"))
    page.set_viewport_size(NARROW)
    page.wait_for_timeout(300)


def test_the_widget_fits_in_voila(browser_ready: None, browser: Any, artifacts: Path,
                                  tmp_path_factory: pytest.TempPathFactory) -> None:
    from importlib.util import find_spec

    need(None if find_spec("voila") else "voila is not installed (pip install voila)")
    name, players = BOT_CONFIG
    tag = config_tag(name, players)
    base = tmp_path_factory.mktemp("voila-layout")
    root = base / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    filename = write_layout_notebook(root, "app.ipynb", bot_config=None,
                                     configs=(BOT_CONFIG,))
    server = start_server("voila", base, [str(root / filename)], "/ready-probe")
    page = browser.new_page()
    try:
        page.set_viewport_size(WIDE)
        page.goto(f"{server.url}/", timeout=90_000)
        wait_for_board(page, tag, timeout=90)
        found = _to_top(page, tag)
        for part in VISIBLE:
            assert found[part][3] <= WIDE["height"] + 1, f"{part} {found[part]} below the fold"
            assert found[part][2] <= WIDE["width"] + 1, f"{part} {found[part]} off the right"
        _check_no_overflow(page, tag)
        steps, expected = plan_move(mid_game(name, players))
        for step in steps:
            click_step(page, tag, step)
        _wait_for_log(page, tag, expected)
        page.screenshot(path=str(artifacts / "voila-layout.png"))
        assert page.locator(canvas_css(tag)).count() == 1
    finally:
        page.close()
        server.stop()
