"""The game widget at laptop sizes, measured: 1366x768, 1280x720 and 1440x900 in JupyterLab.

One JupyterLab page (file browser open) shows a mid-game widget for every game and player
count, and one against bots. At each size, with a widget's top at the top of the notebook
area: the board, the turn and message lines, the click controls and both bars (every seat,
the view, Hot seat, Bot move, Pause) lie inside the visible area; no control is clipped by a
box around it or cut off inside its button; nothing in the side panel is wider than its box.
At 1280x720 the board's row is shorter than 500 px (``layout.row_height``), so a click on the
board scaled down further still makes the move under the pointer. Screenshots:
``artifacts/laptop-<game>-<n>p-<width>x<height>.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import (
    CLIPPED_JS,
    CONFIGS,
    OVERFLOW_JS,
    TO_TOP_JS,
    boxes,
    click_step,
    config_tag,
    mid_game,
    open_lab_notebook,
    plan_move,
    widget_css,
    write_layout_notebook,
)
from servers import Server

pytestmark = pytest.mark.browser

SIZES = ({"width": 1366, "height": 768}, {"width": 1280, "height": 720},
         {"width": 1440, "height": 900})
SIZE_IDS = [f"{s['width']}x{s['height']}" for s in SIZES]
BOT_CONFIG = ("lascaux", 5)
TAGS = [*(config_tag(*c) for c in CONFIGS), "bots"]
#: Parts that must be on screen without scrolling.
VISIBLE = ("canvas", "turn", "message", "controls", "timeline", "seats")



@pytest.fixture(scope="module")
def lab_page(lab: Server, browser: Any) -> Iterator[Any]:
    """JupyterLab with every game's widget mid-game, and one against bots."""
    page = browser.new_page()
    page.set_viewport_size(SIZES[0])
    filename = write_layout_notebook(lab.root, "laptop.ipynb", bot_config=BOT_CONFIG)
    try:
        open_lab_notebook(page, lab, filename, TAGS)
        assert page.locator(".jp-FileBrowser").is_visible(), "the file browser should be open"
        yield page
    finally:
        page.close()


def _at(page: Any, size: dict[str, int], tag: str) -> dict[str, Any]:
    if page.viewport_size != size:
        page.set_viewport_size(size)
        page.wait_for_timeout(600)
    page.evaluate(TO_TOP_JS, widget_css(tag))
    page.wait_for_timeout(150)
    return boxes(page, tag)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("tag", TAGS)
def test_every_part_is_on_screen_and_nothing_is_clipped(tag: str, size: dict[str, int],
                                                       lab_page: Any, artifacts: Path) -> None:
    page = lab_page
    found = _at(page, size, tag)
    area = found["area"]
    assert abs(found["widget"][1] - area[1]) <= 2, (found["widget"], area)
    for part in VISIBLE:
        left, top, right, bottom = found[part]
        assert area[0] - 1 <= left and right <= area[2] + 1, f"{part} {found[part]} {area}"
        assert area[1] - 1 <= top and bottom <= area[3] + 1, \
            f"{tag} at {size}: {part} {found[part]} is outside the visible area {area}"
    canvas, side = found["canvas"], found["side"]
    assert side[0] >= canvas[2], f"the side panel {side} should be beside the board {canvas}"
    assert canvas[3] <= side[3] + 1, f"the board {canvas} is taller than its row {side}"
    assert not page.evaluate(OVERFLOW_JS, widget_css(tag)), "content wider than its box"
    assert not page.evaluate(CLIPPED_JS, widget_css(tag))
    page.locator(widget_css(tag)).screenshot(
        path=str(artifacts / f"laptop-{tag}-{size['width']}x{size['height']}.png"))


@pytest.mark.parametrize("name,players", [("lava-flows", 2), ("lascaux", 5)],
                         ids=["lava-flows-2p", "lascaux-5p"])
def test_a_click_on_the_board_shrunk_for_a_short_window_makes_the_move(
        name: str, players: int, lab_page: Any) -> None:
    page, tag = lab_page, config_tag(name, players)
    found = _at(page, {"width": 1280, "height": 720}, tag)
    canvas = found["canvas"]
    assert canvas[3] - canvas[1] < 490, f"the board {canvas} should be shorter than 500 px"
    steps, expected = plan_move(mid_game(name, players))
    for step in steps:
        click_step(page, tag, step)
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.innerText ?? '').includes(text)",
        arg=[f"{widget_css(tag)} .tabletop-log li.now", expected], timeout=30_000)


def test_at_1280x720_the_bots_panel_fits_beside_the_shorter_board(lab_page: Any,
                                                                  artifacts: Path) -> None:
    page, tag = lab_page, "bots"
    found = _at(page, {"width": 1280, "height": 720}, tag)
    steps, expected = plan_move(mid_game(*BOT_CONFIG))
    for step in steps:
        click_step(page, tag, step)
    thinking = page.locator(f"{widget_css(tag)} .tabletop-thinking")
    thinking.wait_for(state="visible", timeout=60_000)
    page.wait_for_timeout(300)
    shown = boxes(page, tag)
    for part in (*VISIBLE, "thinking"):
        assert shown["area"][1] - 1 <= shown[part][1] and shown[part][3] <= shown["area"][3] + 1, \
            f"{part} {shown[part]} is outside the visible area {shown['area']}"
    assert shown["thinking"][3] <= shown["side"][3] + 1, "the bot's panel runs out of its column"
    assert [round(v) for v in shown["seats"]] == [round(v) for v in found["seats"]]
    assert not page.evaluate(OVERFLOW_JS, widget_css(tag))
    assert not page.evaluate(CLIPPED_JS, widget_css(tag))
    page.locator(widget_css(tag)).screenshot(path=str(artifacts / "laptop-bots-thinking.png"))
