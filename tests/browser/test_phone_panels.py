"""Two layouts measured on a phone and beyond, in Voilà.

The score on a phone: a game with bots in its seats and the bots' panel open (``clipped``'s
"bot" case, every game and player count) on a 360x640 phone shows its players' scores whole
(the heading and every player's total, inside the score section's visible box), and the
bots' panel keeps its heading and what the bot chose in sight.

The tree inspector's board: its box is as wide and as tall as the picture drawn in it (no
strip of empty box beside or below the board) at 360, 768 and 1280 px wide, for every game.

Screenshots: ``artifacts/phonepanels-<tag>.png`` and ``artifacts/treeboard-<w>-<game>.png``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clipped import all_tags
from pages import TO_TOP_JS, code_notebook, games, wait_for_board, widget_css
from servers import NOTEBOOKS, Server, need, start_server
from test_phone import _phone_page, phone_browser  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser

BOT_CELL = """import sys

sys.path.insert(0, {here!r})
from IPython.display import HTML, display
from clipped import show_all

for widget in show_all(["bot"]).values():
    display(widget)
display(HTML('<div style="height: 900px"></div>'))  # room to scroll the last widget up
"""

TREE_CELL = """import sys

sys.path.insert(0, {here!r})
from IPython.display import HTML, display
from pages import games, start_state
from tabletop.widgets import TreeWidget

for name in games():
    tree = TreeWidget(start_state(name), depth=1, max_children=4)
    display(tree.add_class("under-test").add_class(f"game-tree-{{name}}"))
display(HTML('<div style="height: 900px"></div>'))
"""

# What of a section shows: the section's visible box, and the boxes of its parts
# ([top, bottom], CSS px), each part's text.
SCORE_JS = """sel => {
  const root = document.querySelector(sel);
  const span = e => { const b = e.getBoundingClientRect(); return [b.top, b.bottom]; };
  const part = (html, names) => {
    const section = root.querySelector(html).closest('.tt-section');
    return {section: span(section), parts: names.flatMap(
      n => [...section.querySelectorAll(n)].map(e => [n, span(e), e.innerText.trim()]))};
  };
  return {scores: part('.tabletop-scores', ['.tt-heading', '.tt-total > span']),
          thinking: part('.tabletop-thinking', ['.tt-heading', '.tt-empty'])};
}"""


@pytest.fixture(scope="module")
def apps(browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voilà serving the bots' case of every game and a tree of every game."""
    from importlib.util import find_spec

    need(None if find_spec("voila") else "voila is not installed (pip install voila)")
    base = tmp_path_factory.mktemp("voila-phonepanels")
    root = base / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    here = str(Path(__file__).resolve().parent)
    code_notebook(root, "bots.ipynb", [BOT_CELL.format(here=here)])
    code_notebook(root, "trees.ipynb", [TREE_CELL.format(here=here)])
    server = start_server("voila", base, [], "/ready-probe")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def bots_phone(apps: Server, phone_browser: Any) -> Iterator[Any]:  # noqa: F811
    page = _phone_page(phone_browser, "360")
    try:
        page.goto(f"{apps.url}/voila/render/bots.ipynb", timeout=180_000)
        for tag in all_tags(["bot"]):
            wait_for_board(page, tag, timeout=180)
        yield page
    finally:
        page.context.close()


def _hidden(found: dict[str, Any]) -> list[str]:
    """The parts (with their text) not wholly inside their section's visible box."""
    top, bottom = found["section"]
    return [f"{name} {text!r} at {box[0]:.0f}-{box[1]:.0f} in {top:.0f}-{bottom:.0f}"
            for name, box, text in found["parts"]
            if box[0] < top - 0.5 or box[1] > bottom + 0.5]


# Whether the score's breakdown shows (``[sel, shown]``).
BREAKDOWN_JS = """([sel, shown]) => {
  const table = document.querySelector(sel + ' .tabletop-scores .tt-scores');
  return !!table && (table.offsetParent !== null) === shown;
}"""


def _unfold(page: Any, sel: str, shown: bool) -> None:
    """Show (or hide) the score's breakdown by a tap on its toggle, as the phone's user does."""
    toggle = page.locator(f"{sel} .tt-section:has(.tabletop-scores) .tt-fold")
    if not page.evaluate(BREAKDOWN_JS, [sel, shown]):
        toggle.tap()
        page.wait_for_function(BREAKDOWN_JS, arg=[sel, shown], timeout=30_000)


@pytest.mark.parametrize("breakdown", [False, True], ids=["folded", "unfolded"])
@pytest.mark.parametrize("tag", all_tags(["bot"]))
def test_scores_stay_readable_beside_the_bots_panel(tag: str, breakdown: bool,
                                                    bots_phone: Any, artifacts: Path) -> None:
    """The totals stay in sight, the breakdown folded or not (unfolded, it scrolls)."""
    page = bots_phone
    sel = widget_css(tag)
    page.evaluate(TO_TOP_JS, f"{sel} .tt-side")
    _unfold(page, sel, breakdown)
    page.wait_for_timeout(100)
    page.screenshot(path=str(artifacts / f"phonepanels-{tag}-{'un' if breakdown else ''}"
                                         "folded.png"))
    found = page.evaluate(SCORE_JS, sel)
    _unfold(page, sel, False)
    scores, thinking = found["scores"], found["thinking"]
    assert len(scores["parts"]) >= 3, f"{tag}: no scores shown: {scores}"
    assert not _hidden(scores), f"{tag} on a 360 px phone: scores cut: {_hidden(scores)}"
    # The bots' panel: its heading and what the bot chose; with the breakdown open too, its
    # heading (the rest scrolls).
    shown = thinking["parts"][:1 if breakdown else 2]
    assert not _hidden({**thinking, "parts": shown}), \
        f"{tag} on a 360 px phone: the bots' panel cut: {_hidden({**thinking, 'parts': shown})}"


# The tree's board box and the picture in it ([left, top, right, bottom], CSS px).
BOARD_JS = """sel => {
  const root = document.querySelector(sel);
  const box = e => { const b = e.getBoundingClientRect();
                     return [b.left, b.top, b.right, b.bottom]; };
  return {box: box(root.querySelector('.tabletop-tree-board-box')),
          svg: box(root.querySelector('.tabletop-tree-board svg')),
          page: [document.documentElement.scrollWidth, document.documentElement.clientWidth]};
}"""


@pytest.fixture(scope="module", params=[360, 768, 1280])
def tree_page(request: pytest.FixtureRequest, apps: Server,
              phone_browser: Any) -> Iterator[Any]:  # noqa: F811
    width = request.param
    if width == 360:
        page = _phone_page(phone_browser, "360")
    else:
        context = phone_browser.new_context(viewport={"width": width, "height": 800})
        context.set_default_timeout(30_000)
        page = context.new_page()
        page.device = str(width)
    try:
        page.goto(f"{apps.url}/voila/render/trees.ipynb", timeout=180_000)
        for name in games():
            wait_for_board(page, f"tree-{name}", timeout=180)
        yield page
    finally:
        page.context.close()


@pytest.mark.parametrize("name", games())
def test_the_tree_board_box_fits_its_board(name: str, tree_page: Any, artifacts: Path) -> None:
    page = tree_page
    sel = widget_css(f"tree-{name}")
    page.evaluate(TO_TOP_JS, sel)
    page.wait_for_timeout(100)
    page.screenshot(path=str(artifacts / f"treeboard-{page.device}-{name}.png"))
    found = page.evaluate(BOARD_JS, sel)
    box, svg = found["box"], found["svg"]
    assert found["page"][0] <= found["page"][1] + 1, f"the page scrolls sideways: {found}"
    gaps = [round(svg[0] - box[0], 1), round(svg[1] - box[1], 1), round(box[2] - svg[2], 1),
            round(box[3] - svg[3], 1)]
    assert max(map(abs, gaps)) <= 1, \
        f"{name} at {page.device} px: the board box {box} is not its board {svg} " \
        f"(left, top, right, bottom gaps {gaps})"
