"""The widgets in Jupyter front-ends other than JupyterLab: Notebook 7, Voilà, nbconvert's HTML.

One notebook shows every game's widget, a game against a random bot and a ``TreeWidget``.
Notebook 7 (``jupyter notebook``) runs it like a user (Run All); Voilà serves it as an app
(no code shown). Both at 1366x768: each game plays by a click on its board, the bot replies,
the tree's "Open in game" opens a painted game, each widget fits the visible area, and
nothing the page logs as an error comes from tabletop, ipycanvas or the widget manager.
The same notebook executed by nbclient and exported by nbconvert (the recipe in
docs/widget.md, "Other front-ends") shows each widget's stored picture, offline.
Screenshots: ``artifacts/front-<front end>-<game>.png``, ``-bots``, ``-tree``, ``-top``, and
``front-html.png``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest
from pages import (
    ERROR_OUTPUT,
    OVERFLOW_JS,
    READY_JS,
    TO_TOP_JS,
    boxes,
    canvas_css,
    click_step,
    games,
    painted_share,
    plan_move,
    run_command,
    start_state,
    wait_for_board,
    widget_css,
    write_notebook,
)
from servers import NOTEBOOKS, Server, _environment, need, start_server
from waits import redrawn

pytestmark = pytest.mark.browser

GAMES = games()
BOT_GAME = GAMES[0]
SCREEN = {"width": 1366, "height": 768}
FILENAME = "front.ipynb"
TREE_CELL = """from tabletop.widgets import TreeWidget

tree = TreeWidget(tabletop.load({name!r}).new(seed=1), depth=1, max_children=4)
tree.add_class("under-test").add_class("game-tree")
tree
"""
#: Parts of a game widget that must be on screen without scrolling.
VISIBLE = ("canvas", "turn", "message", "controls", "timeline", "seats")
#: Page errors that are the front end's own (its bundled JupyterLab, fonts from a CDN this
#: machine cannot reach), never tabletop's: whatever names one of these is not ours.
OURS = re.compile(r"tabletop|ipycanvas|jupyter-widgets|widget|canvas", re.I)


def _bot_seats() -> dict[int, str]:
    state = start_state(BOT_GAME)
    return {p: "random" for p in range(state.game.players) if p != state.current_player}


def write_front_notebook(root: Path) -> str:
    """The browser tests' games notebook with a bot game and a tree widget cell added."""
    write_notebook(root, GAMES, FILENAME, bot_game=BOT_GAME, bots=_bot_seats(),
                   agent_delay=0.3)
    notebook = json.loads((root / FILENAME).read_text(encoding="utf-8"))
    notebook["cells"].append({"cell_type": "code", "execution_count": None, "metadata": {},
                              "outputs": [], "source": TREE_CELL.format(name=BOT_GAME)})
    (root / FILENAME).write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return FILENAME


class FrontEnd:
    """A page of one front-end showing the notebook, and what the page logged as errors."""

    def __init__(self, name: str, page: Any, server: Server) -> None:
        self.name, self.page, self.server, self.errors = name, page, server, []
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}\n{e.stack}"))
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))


@pytest.fixture(scope="module", params=["notebook7", "voila"])
def front(request: pytest.FixtureRequest, browser: Any,
          tmp_path_factory: pytest.TempPathFactory) -> Iterator[FrontEnd]:
    """Notebook 7 with the notebook run (Run All), or Voilà serving it, at 1366x768."""
    name = request.param
    if name == "voila":
        need(None if find_spec("voila") else "voila is not installed (pip install voila)")
    else:
        need(None if find_spec("notebook") else "notebook is not installed (pip install notebook)")
    base = tmp_path_factory.mktemp(name)
    root = base / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    filename = write_front_notebook(root)
    if name == "voila":
        server = start_server("voila", base, [str(root / filename)], "/ready-probe")
        url = f"{server.url}/"
    else:
        server = start_server("notebook", base,
                              ["--JupyterNotebookApp.expose_app_in_browser=True"], "/api/status")
        url = f"{server.url}/notebooks/{filename}?token={server.token}"
    page = browser.new_page()
    page.set_viewport_size(SCREEN)
    fe = FrontEnd(name, page, server)
    try:
        page.goto(url, timeout=90_000)
        if name == "notebook7":
            page.wait_for_function(READY_JS, timeout=90_000)
            run_command(page, "notebook:run-all-cells")
        for tag in [*GAMES, "bots"]:
            wait_for_board(page, tag)
        page.locator(f"{widget_css('tree')} canvas").first.wait_for(timeout=60_000)
        page.screenshot(path=str(_artifact(name, "top")))
        yield fe
    finally:
        page.close()
        server.stop()


def _artifact(front: str, label: str) -> Path:
    from servers import ARTIFACTS

    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"front-{front}-{label}.png"


def _wait_for_log(page: Any, tag: str, text: str) -> None:
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.innerText ?? '').includes(text)",
        arg=[f"{widget_css(tag)} .tabletop-log li.now", text], timeout=15_000)


@pytest.mark.parametrize("name", GAMES)
def test_a_click_on_the_board_makes_a_move(front: FrontEnd, name: str) -> None:
    page = front.page
    steps, expected = plan_move(start_state(name))
    canvas = page.locator(canvas_css(name))
    canvas.scroll_into_view_if_needed()
    before = canvas.screenshot()
    for step in steps:
        click_step(page, name, step)
    _wait_for_log(page, name, expected)
    message = page.locator(f"{widget_css(name)} .tabletop-message").inner_text()
    assert "played" in message, message
    redrawn(canvas, before, f"{name}'s board to be redrawn after the move")
    page.locator(widget_css(name)).screenshot(path=str(_artifact(front.name, name)))


def test_the_bot_replies_and_the_buttons_work(front: FrontEnd) -> None:
    page, tag = front.page, "bots"
    items = f"{widget_css(tag)} .tabletop-log li"
    before = page.locator(items).count()
    steps, expected = plan_move(start_state(BOT_GAME))
    for step in steps:
        click_step(page, tag, step)
    page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length >= n + 2",
                           arg=[items, before], timeout=20_000)  # the move and the reply
    assert "(random) played" in page.locator(f"{widget_css(tag)} .tabletop-message").inner_text()
    page.locator(widget_css(tag)).screenshot(path=str(_artifact(front.name, "bots")))
    # the timeline's buttons step back to the human's move, and to the start
    page.locator(f"{widget_css(tag)} .tabletop-timeline button[title='Step back']").click()
    _wait_for_log(page, tag, expected)
    page.locator(f"{widget_css(tag)} .tabletop-timeline button").first.click()
    page.wait_for_function("sel => !document.querySelector(sel)", arg=f"{items}.now",
                           timeout=15_000)
    assert painted_share(page, tag) > 0.5


def test_every_widget_fits_the_screen(front: FrontEnd) -> None:
    """With a widget's top at the top of the visible area, its board, turn and message
    lines, controls and both bars are inside it, and no side-panel part overflows."""
    page = front.page
    for tag in [*GAMES, "bots"]:
        page.evaluate(TO_TOP_JS, widget_css(tag))
        page.wait_for_timeout(100)
        found = boxes(page, tag)
        area = found["area"]
        assert area is not None
        for part in VISIBLE:
            box = found[part]
            assert box is not None, f"{front.name} {tag}: no {part}"
            assert box[3] <= area[3] + 1 and box[2] <= area[2] + 1, (
                f"{front.name} {tag}: {part} {box} outside the visible area {area}")
        assert page.evaluate(OVERFLOW_JS, widget_css(tag)) == [], tag


def test_the_tree_opens_a_game(front: FrontEnd) -> None:
    page, tree = front.page, widget_css("tree")
    page.evaluate(TO_TOP_JS, tree)
    box = page.locator(tree).bounding_box()
    assert box is not None and box["height"] <= SCREEN["height"] - 100, box
    assert box["x"] + box["width"] <= SCREEN["width"], box
    page.locator(tree).screenshot(path=str(_artifact(front.name, "tree")))
    page.locator(f"{tree} button", has_text="Open in game").click()
    # The opened game's board, not the tree's own canvas (which also matched, so the wait
    # could end before the game opened, or fail on two matches when it had).
    opened = f"{tree} .tabletop-game canvas.tabletop-canvas"
    page.locator(opened).wait_for(timeout=30_000)
    page.wait_for_function(
        """sel => { const c = document.querySelector(sel);
          const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
          let n = 0; for (let i = 3; i < d.length; i += 64) if (d[i] > 0) n++;
          return n > d.length / 128; }""", arg=opened, timeout=30_000)


def test_no_errors_and_no_code_in_voila(front: FrontEnd) -> None:
    """No cell output is an error or a traceback; nothing the page logged as an error names
    tabletop or the widgets; Voilà shows no code."""
    page = front.page
    errors = page.locator(ERROR_OUTPUT)
    assert errors.count() == 0, errors.first.inner_text()[-2000:]
    outputs = page.evaluate("""() => Array.from(document.querySelectorAll(
      '.jp-OutputArea-output')).map(o => o.innerText).join('\\n')""")
    assert "Traceback" not in outputs and "could not open the widget" not in outputs, outputs
    ours = [e for e in front.errors if OURS.search(e)]
    assert ours == [], ours
    if front.name == "voila":
        text = page.locator("body").inner_text()
        assert "def show(" not in text and "tabletop.play(" not in text


# Each still picture under a board's canvas: its box and the canvas's, its natural size,
# whether it is shown, and the share of the canvas's pixels that are painted.
STILLS_JS = """() => Array.from(document.querySelectorAll('.tabletop-board')).map(frame => {
  const still = frame.querySelector('img.tabletop-still');
  const canvas = frame.querySelector('canvas');
  const box = e => { const b = e.getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom].map(Math.round); };
  let painted = 0;
  if (canvas && canvas.width > 1) {
    const d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0; for (let i = 3; i < d.length; i += 64) { n++; if (d[i] > 0) painted++; }
    painted /= n;
  }
  return {still: still && {box: box(still), natural: [still.naturalWidth, still.naturalHeight],
                           shown: getComputedStyle(still).display !== 'none' && still.complete},
          canvas: canvas && box(canvas), painted};
})"""


RESTORED_JS = """n => {
  if (document.body.innerText.includes('model not found')) return 'dropped';
  const s = document.querySelectorAll('img.tabletop-still');
  return s.length >= n && Array.from(s).every(i => i.complete) ? 'restored' : false;
}"""


def _saved_notebook(root: Path, environment: dict[str, str]) -> tuple[Any, list[tuple[int, int]]]:
    """The front-ends notebook executed by nbclient (which saves the widget state, as
    ``jupyter nbconvert --execute`` does), and the size of each widget's stored picture."""
    import nbformat
    from nbclient import NotebookClient

    filename = write_front_notebook(root)
    notebook = nbformat.read(root / filename, as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(root)}}).execute(env=environment)
    sizes = [_svg_size(o["data"]["image/svg+xml"]) for c in notebook.cells
             if c.cell_type == "code" for o in c.outputs
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    return notebook, sizes


def test_the_still_picture_under_each_board(front: FrontEnd, tmp_path: Path) -> None:
    """Live, the still picture lies exactly under its painted canvas. In Notebook 7, a
    notebook saved with its widget state (nbclient's default) reopens, unrun, with each
    board's picture, where the restored canvas stays blank."""
    live = front.page.evaluate(STILLS_JS)
    assert len(live) >= len(GAMES) + 2, live  # the games, the bot game, the tree (and more)
    for board in live:
        assert board["still"] and board["still"]["shown"], board
        off = max(abs(a - b) for a, b in zip(board["still"]["box"], board["canvas"], strict=True))
        assert off <= 1 and board["painted"] > 0.5, board
    if front.name != "notebook7":
        return
    import nbformat

    notebook, sizes = _saved_notebook(tmp_path, _environment(tmp_path))
    assert "application/vnd.jupyter.widget-state+json" in notebook.metadata["widgets"]
    saved_path = front.server.root / "saved.ipynb"
    nbformat.write(notebook, saved_path)
    # trusted, as a notebook its user ran and saved is: an untrusted one shows the stored
    # picture instead (the widget view is not a safe output), and restores no widgets
    subprocess.run([sys.executable, "-m", "jupyter", "trust", str(saved_path)], check=True,
                   env=_environment(front.server.root.parent), capture_output=True)
    page = front.page.context.new_page()
    try:
        page.set_viewport_size(SCREEN)
        page.goto(f"{front.server.url}/notebooks/saved.ipynb?token={front.server.token}")
        for attempt in range(2):
            page.wait_for_function(RESTORED_JS, arg=len(sizes), timeout=60_000)
            if page.evaluate(RESTORED_JS, len(sizes)) == "restored":
                break
            # Jupyter's own race: a kernel that starts after the widgets were restored from
            # the notebook makes the widget manager drop them ("model not found"); the page
            # opened again, with the kernel already running, restores them
            assert attempt == 0, "the saved widgets were not restored twice running"
            page.reload()
        saved = page.evaluate(STILLS_JS)
        page.locator(".tabletop-board").first.scroll_into_view_if_needed()
        page.screenshot(path=str(_artifact("notebook7", "saved-state")))
    finally:
        page.close()
    # the widgets' boards in the order of their cells (a tree's canvas shows its tree)
    games = [b for b in saved if b["still"]["natural"] != [0, 0]]
    assert len(games) == len(sizes), saved
    for board in games:
        assert board["still"]["shown"] and board["painted"] == 0, board  # restored: blank
        x0, y0, x1, y1 = board["still"]["box"]
        natural = board["still"]["natural"]
        assert x1 - x0 >= min(natural[0], 300) - 1 and y1 - y0 >= min(natural[1], 200) - 1, board
    boards = [b["still"]["natural"] for b in games[:len(GAMES) + 1]]
    assert boards == [list(s) for s in sizes[:len(GAMES) + 1]], (boards, sizes)


def test_exported_html_shows_each_widgets_picture(browser: Any, tmp_path: Path) -> None:
    """The recipe of docs/widget.md: execute without storing widget state, export to HTML.
    Each widget cell shows its stored picture (an image of the SVG's size), offline."""
    import nbformat
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter

    root = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    filename = write_front_notebook(root)
    notebook = nbformat.read(root / filename, as_version=4)
    environment = _environment(tmp_path)
    client = NotebookClient(notebook, timeout=300, kernel_name="python3",
                            store_widget_state=False,
                            resources={"metadata": {"path": str(root)}})
    client.execute(env=environment)  # the kernel imports this checkout's tabletop
    assert "widgets" not in notebook.metadata
    sizes = [_svg_size(o["data"]["image/svg+xml"]) for c in notebook.cells
             if c.cell_type == "code" for o in c.outputs
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(sizes) == len(GAMES) + 2, sizes  # every game, the bot game, the tree
    html, _ = HTMLExporter().from_notebook_node(notebook)
    path = tmp_path / "front.html"
    path.write_text(html, encoding="utf-8")
    page = browser.new_page()
    try:
        page.set_viewport_size(SCREEN)
        page.goto(path.as_uri(), wait_until="domcontentloaded")
        page.wait_for_function("() => Array.from(document.images).every(i => i.complete)")
        shown = page.evaluate("""() => Array.from(document.querySelectorAll(
            '.jp-OutputArea-output img')).map(i => [i.naturalWidth, i.naturalHeight,
            i.getBoundingClientRect().width])""")
        text = page.locator("body").inner_text()
        page.locator(".jp-OutputArea-output img").nth(0).scroll_into_view_if_needed()
        page.screenshot(path=str(_artifact("html", "first")))
    finally:
        page.close()
    assert [s[:2] for s in shown] == [list(s) for s in sizes], (shown, sizes)
    assert all(s[2] >= 100 for s in shown), shown
    assert not re.search(r"<GameWidget|<TreeWidget|Loading widget", text)


def _svg_size(svg: str) -> tuple[int, int]:
    found = re.match(r'<svg[^>]*?width="([\d.]+)"[^>]*?height="([\d.]+)"', svg)
    assert found, svg[:200]
    return round(float(found.group(1))), round(float(found.group(2)))
