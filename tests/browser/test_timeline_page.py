"""The timeline on the page, for every game: one numbering, stepping, branching, no stale text.

Issue 16 point 4 asks for one numbering everywhere (board, log, timeline, records) and for
every message to be cleared or replaced by the next action, checked in the browser by
measuring the page; issue 7 asks for back, forward, a slider, jumps to the start and end,
and branches that stay reachable. In JupyterLab, for each game, a widget opens mid-game
with its whole line on the timeline. Read from the page: the slider's ply, the number of
the log's current move and the kernel's ply agree at every step; the step buttons move
them; a refused click's message is gone after the next step; a different move clicked on
the canvas from an earlier ply makes a branch, and the branch picker brings the old line
back. Screenshots: ``artifacts/timeline-<game>.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import (
    click_step,
    code_notebook,
    config_tag,
    mid_game,
    open_lab_notebook,
    plan_move,
    run_in_kernel,
    widget_css,
)
from servers import Server

import tabletop

pytestmark = pytest.mark.browser

GAMES = ("lacuna", "lascaux", "lava-flows", "landlock")
TAGS = [config_tag(name, 2 if name != "lascaux" else 3) for name in GAMES]

CELL = """import sys

sys.path.insert(0, {here!r})
import tabletop
from IPython.display import display
from pages import config_tag, mid_game

widgets = {{}}
for name in {games!r}:
    players = 2 if name != "lascaux" else 3
    state = mid_game(name, players)
    record = state.to_record()
    record["actions"] = []
    record.pop("result", None)
    w = tabletop.play(tabletop.replay(record))
    for action in state.history:
        w.play(action)
    tag = config_tag(name, players)
    widgets[tag] = w.add_class("under-test").add_class(f"game-{{tag}}")
    display(w)
"""

#: The page's numbers: the slider's ply and the number of the log's current move (0 when
#: no move is current).
NUMBERS_JS = """sel => {
  const root = document.querySelector(sel);
  const readout = root.querySelector('.tabletop-timeline .widget-readout');
  const items = [...root.querySelectorAll('.tabletop-log li')];
  const now = items.findIndex(li => li.classList.contains('now'));
  return {slider: Number(readout.textContent.trim()), log: now + 1, moves: items.length};
}"""


@pytest.fixture(scope="module")
def lab_page(lab: Server, browser: Any) -> Iterator[Any]:
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    here = str(Path(__file__).resolve().parent)
    filename = code_notebook(lab.root, "timeline.ipynb",
                             [CELL.format(here=here, games=GAMES)])
    try:
        open_lab_notebook(page, lab, filename, TAGS)
        yield page
    finally:
        page.close()


def _numbers(page: Any, tag: str) -> dict[str, int]:
    return dict(page.evaluate(NUMBERS_JS, widget_css(tag)))


def _kernel_ply(page: Any, tag: str) -> int:
    return int(run_in_kernel(page, f"print(widgets[{tag!r}].session.ply())").strip())


def _wait_for_ply(page: Any, tag: str, ply: int) -> dict[str, int]:
    """Wait until the slider shows ``ply``; then the log and the kernel must agree."""
    page.wait_for_function(
        "([sel, ply]) => Number(document.querySelector(sel + ' .tabletop-timeline "
        ".widget-readout')?.textContent.trim()) === ply", arg=[widget_css(tag), ply],
        timeout=15_000)
    page.wait_for_timeout(200)  # the panels follow the board a moment later
    found = _numbers(page, tag)
    assert found["log"] == ply or (ply == 0 and found["log"] == 0), \
        f"{tag}: the slider says ply {ply}, the log's current move is {found['log']}"
    assert _kernel_ply(page, tag) == ply
    return found


def _press(page: Any, tag: str, title: str) -> None:
    page.locator(f"{widget_css(tag)} .tabletop-timeline button[title='{title}']").click()


def _message(page: Any, tag: str) -> str:
    return str(page.locator(f"{widget_css(tag)} .tabletop-message").inner_text())


def _stray_point(scene: Any) -> tuple[float, float]:
    """A point of the board where no target is."""
    for y in range(5, int(scene.height), 10):
        for x in range(5, int(scene.width), 10):
            if scene.hit(x, y) is None:
                return float(x), float(y)
    raise AssertionError("no empty point on the board")


@pytest.mark.parametrize("name", GAMES)
def test_steps_branches_and_numbers_agree_on_the_page(name: str, lab_page: Any,
                                                       artifacts: Path) -> None:
    page, tag = lab_page, TAGS[GAMES.index(name)]
    line = mid_game(name, 2 if name != "lascaux" else 3)
    end = len(line.history)
    found = _wait_for_ply(page, tag, end)
    assert found["moves"] == end

    # a refused click says why; the next step clears it
    board = tabletop.load(name, players=line.game.players).draw(line)
    x, y = _stray_point(board)
    canvas = page.locator(f"{widget_css(tag)} canvas.tabletop-canvas")
    box = canvas.bounding_box()
    k = box["width"] / board.width
    canvas.click(position={"x": x * k, "y": y * k})
    refusal = run_in_kernel(page, f"print(widgets[{tag!r}].message)").strip()
    assert refusal, f"{tag}: a click on an empty part of the board said nothing"
    page.wait_for_function("([sel, text]) => document.querySelector(sel + ' .tabletop-message')"
                           "?.innerText.includes(text)", arg=[widget_css(tag), refusal[:30]],
                           timeout=15_000)
    _press(page, tag, "Step back")
    _wait_for_ply(page, tag, end - 1)
    assert refusal[:30] not in _message(page, tag), "the refusal stayed after a step"
    _press(page, tag, "Step back")
    _wait_for_ply(page, tag, end - 2)

    # a different move from here makes a branch; the old line stays reachable
    earlier = tabletop.replay(_prefix_record(line, end - 2))
    steps, expected = plan_move(earlier, avoid=line.history[end - 2])
    for step in steps:
        click_step(page, tag, step)
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel + ' .tabletop-log li.now')?.innerText"
        " ?? '').includes(text)", arg=[widget_css(tag), expected], timeout=30_000)
    found = _wait_for_ply(page, tag, end - 1)
    assert found["moves"] == end - 1, "the new branch's log should end at its move"
    picker = page.locator(f"{widget_css(tag)} .tabletop-timeline select")
    labels = [t.replace("\xa0", " ") for t in picker.locator("option").all_inner_texts()]
    assert len(labels) == 2 and picker.is_enabled(), labels
    assert any(f"· {end} plies" in label for label in labels), (end, labels)
    old = next(i for i, label in enumerate(labels) if f"· {end} plies" in label)
    picker.select_option(index=old)
    found = _wait_for_ply(page, tag, end)
    assert found["moves"] == end, "the old line's log should be back whole"
    same = run_in_kernel(page, f"print(widgets[{tag!r}].state.history == {_history(line)})")
    assert same.strip() == "True", "the branch picker should bring the old line's end back"

    _press(page, tag, "Jump to the start")
    _wait_for_ply(page, tag, 0)
    _press(page, tag, "Jump to the end of this line")
    _wait_for_ply(page, tag, end)
    page.locator(widget_css(tag)).screenshot(path=str(artifacts / f"timeline-{name}.png"))


def _prefix_record(state: Any, plies: int) -> dict[str, Any]:
    record = state.to_record()
    record["actions"] = record["actions"][:plies]
    record.pop("result", None)
    return dict(record)


def _history(state: Any) -> str:
    """Kernel code for ``state``'s history."""
    return f"tabletop.replay({state.to_record()!r}).history"
