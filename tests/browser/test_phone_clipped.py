"""No text of the widget is cut by its box on a phone: ``test_clipped.py``'s cases (every
game and player count: start, end, refusals, typing help, hot-seat cover, a bot's turn line,
the bots' panel, the tree inspector on a search with its node's details and "Open in game")
in Voilà on ``test_phone.py``'s narrowest phone (360x640, where text runs out of room first;
the 390x844 and 844x390 phones passed the start, bots' panel and tree cases, 36 of 36, when
this test was written, and are left out to keep the suite's time), measured with
``test_clipped.texts_cut``. Screenshots: ``artifacts/phoneclip-<device>-<tag>.png``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clipped import CASES, all_tags
from pages import TO_TOP_JS, code_notebook, wait_for_board, widget_css
from servers import NOTEBOOKS, Server, need, start_server
from test_clipped import texts_cut
from test_phone import _phone_page, phone_browser  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser

# One notebook a case (Voilà stalls with "widget model not found" on a page of all 60).
CASE_CELL = """import sys

sys.path.insert(0, {here!r})
from IPython.display import HTML, display
from clipped import show_all

for widget in show_all([{case!r}]).values():
    display(widget)
display(HTML('<div style="height: 900px"></div>'))  # room to scroll the last widget up
"""


@pytest.fixture(scope="module")
def clip_app(browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voilà serving a notebook of each case of ``clipped``, every game in it."""
    from importlib.util import find_spec

    need(None if find_spec("voila") else "voila is not installed (pip install voila)")
    base = tmp_path_factory.mktemp("voila-phoneclip")
    root = base / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    here = str(Path(__file__).resolve().parent)
    for case in CASES:
        code_notebook(root, f"clip-{case}.ipynb", [CASE_CELL.format(here=here, case=case)])
    server = start_server("voila", base, [], "/ready-probe")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module", params=["360"])
def clip_phone(request: pytest.FixtureRequest, phone_browser: Any) -> Iterator[Any]:  # noqa: F811
    page = _phone_page(phone_browser, request.param)
    page.case = None
    try:
        yield page
    finally:
        page.context.close()


def _open_case(page: Any, app: Server, case: str) -> None:
    """Show ``case``'s notebook on the phone (once for its games)."""
    if page.case == case:
        return
    page.goto(f"{app.url}/voila/render/clip-{case}.ipynb", timeout=180_000)
    for tag in all_tags([case]):
        wait_for_board(page, tag, timeout=180)
    page.case = case


@pytest.mark.parametrize("tag", all_tags())
def test_no_text_is_cut_on_a_phone(tag: str, clip_phone: Any, clip_app: Server,
                                   artifacts: Path) -> None:
    page = clip_phone
    _open_case(page, clip_app, tag.split("-")[0])
    page.evaluate(TO_TOP_JS, widget_css(tag))
    page.wait_for_timeout(100)
    bad = texts_cut(page, tag)
    page.screenshot(path=str(artifacts / f"phoneclip-{page.device}-{tag}.png"))
    info = page.locator(f"{widget_css(tag)} .tabletop-tree-info").first
    if info.count():  # (a tree: its node's words, below its board on a phone)
        info.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"phoneclip-{page.device}-{tag}-info.png"))
    assert not bad, f"{tag} on {page.device}: text cut by its box: {bad}"
