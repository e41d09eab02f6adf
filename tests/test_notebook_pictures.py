"""Every picture a committed notebook stores is one a viewer shows without a kernel.

A stored widget view draws nothing without its kernel (measured in JupyterLab 4, Notebook 7,
nbconvert and myst-nb), and an untrusted notebook shows neither views nor SVG (not as
``image/svg+xml``, not inline in HTML): so a widget cell's output holds its picture as
``image/svg+xml`` and as an ``<img>`` of the same SVG in ``text/html``, and no widget view or
saved widget state (``notebooks/refresh.py`` stores them so); states and exercises show
themselves through the same ``<img>``.
"""

from __future__ import annotations

import ast
import json
import re
from base64 import b64decode
from pathlib import Path
from typing import Any

import pytest
from guards import failure
from test_widget_toy import ClickNim

import tabletop
from tabletop.render.svg import img_html, to_svg
from tabletop.widgets.picture import HTML, SVG, WIDGET_VIEW
from tabletop.widgets.tree import TreeWidget

ROOT = Path(__file__).parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: Calls whose value, left as a cell's last expression, shows a widget.
WIDGET_CALLS = {"play", "TreeWidget", "open_in_game"}
WIDGET_REPR = re.compile(r"<(GameWidget|TreeWidget) ")
IMG = re.compile(r'<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)" alt="[^"<>]*">')
IMG_ANYWHERE = re.compile(IMG.pattern[:-1] + ".*?>")


def text(value: str | list[str]) -> str:
    return "".join(value) if isinstance(value, list) else value


def _called(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        func = node.func
        return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    return None


def shows_a_widget(source: str) -> bool:
    """Whether a cell's last statement is an expression that makes or names a widget."""
    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    body = ast.parse("\n".join(lines)).body
    if not body or not isinstance(body[-1], ast.Expr):
        return False
    last = body[-1].value
    if _called(last) in WIDGET_CALLS:
        return True
    return isinstance(last, ast.Name) and any(
        isinstance(stmt, ast.Assign) and _called(stmt.value) in WIDGET_CALLS
        and any(isinstance(t, ast.Name) and t.id == last.id for t in stmt.targets)
        for stmt in body[:-1])


@pytest.mark.parametrize(("source", "shows"), [
    ('tabletop.play("lacuna")', True), ("TreeWidget(s, depth=1)", True),
    ('w = tabletop.play("lacuna", seed=1)\nw', True), ("tree.open_in_game()", True),
    ('w = tabletop.play("lacuna")', False), ("t = TreeWidget(s)\nprint(t)", False),
    ("w = 1\nw", False), ("%time x = 1", False)])
def test_widget_cells_are_found_by_their_code(source: str, shows: bool) -> None:
    assert shows_a_widget(source) is shows


def widget_cells(notebook: dict[str, Any]) -> list[int]:
    return [i for i, cell in enumerate(notebook["cells"]) if cell["cell_type"] == "code"
            and shows_a_widget(text(cell["source"]))]


#: How to fix a notebook whose stored pictures are wrong.
REFRESH = ("run `PYTHONPATH=$PWD python notebooks/refresh.py notebooks/<name>.ipynb`: it "
           "stores every picture as SVG and as an <img> of it, and no widget state")


def picture_problem(data: dict[str, Any], where: str) -> str | None:
    """What is wrong with ``data`` (an output bundle), which should hold one SVG, as itself
    and as an ``<img>`` in HTML; ``None`` if nothing."""
    if SVG not in data or HTML not in data:
        return f"{where}: no stored picture, only {sorted(data)}"
    svg = text(data[SVG])
    if not (svg.startswith("<svg") and svg.rstrip().endswith("</svg>")):
        return f"{where}: its image/svg+xml is no whole <svg>"
    match = IMG.fullmatch(text(data[HTML]).strip())
    if not match:
        return f"{where}: text/html is not an <img> of the SVG: {text(data[HTML])[:80]}"
    if b64decode(match.group(1)).decode("utf-8") != svg:
        return f"{where}: the two pictures differ"
    return None


def assert_picture(data: dict[str, Any], where: str) -> None:
    """``data`` (an output bundle) holds one SVG, as itself and as an ``<img>`` in HTML."""
    problem = picture_problem(data, where)
    assert problem is None, failure("a stored picture is not an SVG with its <img>",
                                    [problem], REFRESH)


def stored_pictures(cell: dict[str, Any]) -> list[str]:
    """The SVG of every picture a cell's outputs hold (as ``<img>`` elements in HTML)."""
    found = []
    for output in cell.get("outputs", []):
        html = text(output.get("data", {}).get(HTML, ""))
        found += [b64decode(m.group(1)).decode("utf-8") for m in IMG_ANYWHERE.finditer(html)]
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_stored_svg_has_its_img(path: Path) -> None:
    """Untrusted viewers show the ``<img>``: every SVG has one, and no HTML inlines an SVG."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    pictures, problems = 0, []
    for index, cell in enumerate(notebook["cells"]):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            where = f"{path.name} cell {index}"
            if "<svg" in text(data.get(HTML, "")):
                problems.append(f"{where}: inline SVG in text/html (untrusted viewers strip it)")
            if SVG in data:
                problems.append(picture_problem(data, where))
        pictures += len(stored_pictures(cell))
    problems = [p for p in problems if p]
    assert not problems, failure("stored pictures an untrusted viewer cannot show", problems,
                                 REFRESH)
    assert pictures > 0, failure("a notebook shows no pictures in its stored outputs",
                                 [path.name], REFRESH)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_widget_cell_stores_its_picture(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in notebook["metadata"], failure(
        "a notebook stores widget state (it restores blank canvases)", [path.name], REFRESH)
    cells = widget_cells(notebook)
    problems: list[str | None] = []
    for index, cell in enumerate(notebook["cells"]):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            where = f"{path.name} cell {index}"
            if WIDGET_VIEW in data:
                problems.append(f"{where}: a stored widget view (it draws nothing)")
            if WIDGET_REPR.match(text(data.get("text/plain", ""))) and index not in cells:
                problems.append(f"{where}: a widget shown by code the test can't see (end "
                                f"the cell with the widget's name or its tabletop.play call)")
    for index in cells:
        results = [o for o in notebook["cells"][index]["outputs"]
                   if o["output_type"] == "execute_result"]
        where = f"{path.name} cell {index}"
        if len(results) != 1:
            problems.append(f"{where}: the widget cell has no stored output")
        elif not WIDGET_REPR.match(text(results[0]["data"]["text/plain"])):
            problems.append(f"{where}: its text/plain is not the widget's repr")
        else:
            problems.append(picture_problem(results[0]["data"], where))
    found = [p for p in problems if p]
    assert not found, failure("widget cells that keep no picture for a reader", found, REFRESH)


def test_the_notebooks_show_widgets() -> None:
    """The test above has something to check: the teaching notebooks play and show trees."""
    found = {p.stem: len(widget_cells(json.loads(p.read_text(encoding="utf-8"))))
             for p in NOTEBOOKS}
    few = [f"{name}: {count} widget cells" for name, count in found.items()
           if count < (3 if name == "06-bots-and-trees" else 1)
           and name[:2] in {"00", "01", "02", "03", "04", "06"}]
    few += [] if "06-bots-and-trees" in found else ["06-bots-and-trees: no such notebook"]
    assert not few, failure(
        "teaching notebooks that show too few widgets (00-04 one each, 06 three)", few,
        "keep the cells that end in a widget (tabletop.play(...), a TreeWidget) and refresh "
        "the notebook so their pictures are stored")


def test_a_game_widgets_bundle_carries_its_board(registered: Any) -> None:
    registered(ClickNim)
    widget = tabletop.play("click-nim", seed=3, setup="random", agent_delay=0)
    bundle = widget._repr_mimebundle_()
    assert WIDGET_VIEW in bundle
    assert text(bundle[SVG]) == to_svg(widget.session.svg_scene())
    assert_picture(bundle, "GameWidget")
    assert bundle[HTML].endswith(f' alt="{repr(widget)[1:-1]}">')
    assert repr(widget).startswith("<GameWidget click-nim: ply ")


def test_a_tree_widgets_bundle_carries_the_tree_and_board(nim: Any) -> None:
    tree = TreeWidget(nim.new(seed=3), depth=1)
    bundle = tree._repr_mimebundle_()
    assert WIDGET_VIEW in bundle
    assert bundle[SVG] == tree.svg() and tree.model.board_svg() not in ("", None)
    assert_picture(bundle, "TreeWidget")


def test_a_state_shows_its_picture_as_an_img_too() -> None:
    from IPython.core.formatters import DisplayFormatter

    state = tabletop.load("landlock").new(seed=3)
    data, _ = DisplayFormatter().format(state)
    assert_picture(data, "a state")
    assert data[HTML] == img_html(state.svg(), "landlock board")
    assert state.view(0)._repr_html_() == img_html(state.view(0).svg(), "landlock board")
