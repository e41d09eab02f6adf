"""Pictures before any cell runs (issue 16, point 6), measured on the page.

The repository's notebooks are opened, and no cell is run, in JupyterLab and Notebook 7 (as
a fresh clone is: untrusted; and once trusted), in nbconvert's HTML (what nbviewer shows) and
in the docs site's HTML (myst-nb with docs/conf.py). Every picture a cell stores (a game or
tree widget's, a state's, an exercise's) must show as an image of real size drawn from the
stored SVG, and no widget cell may show text such as ``<GameWidget lava-flows: ply 0, 1
states>`` instead.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest
from servers import REPO, Server, _environment, need, start_server
from test_notebook_pictures import stored_pictures, widget_cells

pytestmark = pytest.mark.browser

NOTEBOOKS = {path.name: path for path in sorted((REPO / "notebooks").glob("*.ipynb"))}
CELLS = {name: json.loads(path.read_text(encoding="utf-8"))["cells"]
         for name, path in NOTEBOOKS.items()}
#: Notebook name -> indices (among all its cells) of the cells that show a widget.
WIDGET_CELLS = {name: cells for name in NOTEBOOKS
                if (cells := widget_cells({"cells": CELLS[name]}))}
TRUSTED = "06-bots-and-trees-trusted.ipynb"
#: Viewers' texts for a widget output that is not a picture.
NOT_A_PICTURE = re.compile(r"<GameWidget|<TreeWidget|Error displaying widget|Loading widget")
SIZE = re.compile(r'<svg[^>]*?width="([\d.]+)"[^>]*?height="([\d.]+)"')
SMALLEST = 100  # px: a picture shows at least this wide and tall (or whole, if smaller)


def picture_sizes(name: str) -> dict[int, list[tuple[int, int]]]:
    """Cell index -> the size of each picture its outputs store, for notebook ``name``."""
    sizes = {}
    for index, cell in enumerate(CELLS[name]):
        found = []
        for svg in stored_pictures(cell):
            size = SIZE.match(svg)
            assert size, f"no size on a stored SVG of {name} cell {index}"
            found.append((round(float(size.group(1))), round(float(size.group(2)))))
        if found:
            sizes[index] = found
    return sizes


# Per cell (given by index among the page's cells): the text of its outputs and every image
# or top-level SVG in them, with its box and natural size.
MEASURE_JS = """([selector, indices]) => {
  const cells = Array.from(document.querySelectorAll(selector));
  return {count: cells.length, cells: indices.map(i => {
    const cell = cells[i];
    if (!cell) return null;
    const outputs = Array.from(cell.querySelectorAll(
      '.jp-OutputArea-output, .output_area, .cell_output'));
    const pictures = Array.from(cell.querySelectorAll('img, svg'))
      .filter(e => !(e.parentElement && e.parentElement.closest('svg'))
                   && outputs.some(o => o.contains(e)))
      .map(e => {
        const r = e.getBoundingClientRect();
        return {tag: e.tagName.toLowerCase(), width: r.width, height: r.height,
                natural: e.tagName === 'IMG' ? [e.naturalWidth, e.naturalHeight] : null,
                complete: e.tagName === 'IMG' ? e.complete : true};
      });
    return {text: outputs.map(o => o.innerText).join('\\n'), pictures};
  })};
}"""
ALL_OUTPUT_TEXT_JS = """() => Array.from(document.querySelectorAll(
  '.jp-OutputArea-output, .output_area, .cell_output')).map(o => o.innerText).join('\\n')"""


def shows(picture: dict[str, Any], size: tuple[int, int]) -> bool:
    """Whether a measured image is the stored picture of ``size``, whole and of real size."""
    width, height = size
    return (picture["complete"] and picture["natural"] == [width, height]
            and picture["width"] >= min(width, SMALLEST) - 1
            and picture["height"] >= min(height, SMALLEST) - 1
            and abs(picture["width"] / picture["height"] - width / height) < 0.02)


def check_cells(page: Any, name: str, selector: str, where: str,
                on_page: dict[int, int] | None = None) -> list[dict[str, Any]]:
    """Every cell of notebook ``name`` that stores pictures shows each of them, at real size,
    and no widget cell shows text instead. The cells are the page's ``selector`` elements,
    numbered as in the notebook or, when the page leaves some cells out, by ``on_page``."""
    sizes = picture_sizes(name)
    cells = sorted(sizes)
    indices = cells if on_page is None else [on_page[i] for i in cells]
    page.wait_for_function(
        """([selector, indices]) => {
             const cells = document.querySelectorAll(selector);
             return indices.every(i => cells[i]
               && cells[i].querySelector('.jp-OutputArea-output, .output_area, .cell_output')
               && Array.from(cells[i].querySelectorAll('img')).every(e => e.complete));
           }""", arg=[selector, indices], timeout=60_000)
    measured = page.evaluate(MEASURE_JS, [selector, indices])
    rows = []
    for index, cell in zip(cells, measured["cells"], strict=True):
        label = f"{where} {name} cell {index}"
        assert cell is not None, f"{label}: no such cell among {measured['count']}"
        if index in WIDGET_CELLS.get(name, []):
            assert not NOT_A_PICTURE.search(cell["text"]), f"{label} shows {cell['text'][:80]!r}"
        unmatched = list(cell["pictures"])
        for size in sizes[index]:
            match = next((p for p in unmatched if shows(p, size)), None)
            assert match, (f"{label}: the stored {size[0]}×{size[1]} picture is not shown "
                           f"(text {cell['text'][:60]!r}, images {cell['pictures']})")
            unmatched.remove(match)
            rows.append({"where": where, "notebook": name, "cell": index,
                         "widget": index in WIDGET_CELLS.get(name, []), **match})
    text = page.evaluate(ALL_OUTPUT_TEXT_JS)
    assert not re.search(r"<GameWidget|<TreeWidget", text), f"{where} {name}: widget reprs"
    assert all(any(r["cell"] == i for r in rows) for i in WIDGET_CELLS.get(name, [])), name
    return rows


def record(artifacts: Path, rows: list[dict[str, Any]]) -> None:
    path = artifacts / "pictures.json"
    known = json.loads(path.read_text(encoding="utf-8")) if path.exists() else []
    keep = [r for r in known if (r["where"], r["notebook"]) not in
            {(row["where"], row["notebook"]) for row in rows}]
    path.write_text(json.dumps(keep + rows, indent=1), encoding="utf-8")


@pytest.fixture(scope="module")
def unrun(browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with copies of the notebooks (untrusted, as in a fresh clone) and one
    trusted copy of notebook 06 (its content differs, so the signature covers only it)."""
    base = tmp_path_factory.mktemp("unrun")
    root = base / "notebooks"
    root.mkdir()
    for name in NOTEBOOKS:
        shutil.copy(NOTEBOOKS[name], root / name)
    notebook = json.loads(NOTEBOOKS["06-bots-and-trees.ipynb"].read_text(encoding="utf-8"))
    notebook["metadata"]["tabletop_copy"] = "trusted"
    (root / TRUSTED).write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "jupyter", "trust", str(root / TRUSTED)],
                   env=_environment(base), check=True, capture_output=True)
    return base


def laptop(page: Any) -> None:
    """The page at the issue's laptop size."""
    page.set_viewport_size({"width": 1280, "height": 800})


def screenshot(page: Any, selector: str, index: int, path: Path) -> None:
    """A screenshot of the page with the ``index``-th ``selector`` element at its top."""
    page.locator(selector).nth(index).evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)
    page.screenshot(path=str(path))


def _stop_kernels(server: Server) -> None:
    """Opening a notebook starts its kernel (running no cell): stop it before the next one."""
    for kernel in server.api("/api/kernels"):
        server.api(f"/api/kernels/{kernel['id']}", method="DELETE")


def _trusted(page: Any, name: str, indices: list[int]) -> list[bool]:
    """Whether JupyterLab trusts the cells ``indices`` of the open notebook ``name``."""
    return page.evaluate("""([name, indices]) => {
      const panel = Array.from(window.jupyterapp.shell.widgets('main'))
        .find(w => w.node.getAttribute('data-tt-open') === name);
      return indices.map(i => panel.content.model.cells.get(i).trusted);
    }""", [name, indices])


def open_in_lab(page: Any, name: str) -> str:
    """Open notebook ``name`` in the JupyterLab page already loaded, in a tab of its own, and
    return a selector for its cells."""
    page.evaluate("""async (path) => {
      const app = window.jupyterapp;
      const old = app.shell.currentWidget;
      const panel = await app.commands.execute('docmanager:open', {path});
      await panel.context.ready;
      panel.node.setAttribute('data-tt-open', path);
      if (old && old !== panel) old.dispose();  // closed, without asking to save
    }""", name)
    return f'.jp-NotebookPanel[data-tt-open="{name}"] .jp-Notebook .jp-Cell'


def test_jupyterlab_shows_every_picture_unrun(unrun: Path, page: Any,
                                                            artifacts: Path) -> None:
    laptop(page)
    server = start_server("lab", unrun, [], "/api/status")
    rows = []
    try:
        page.goto(f"{server.url}/lab?token={server.token}&reset")
        page.wait_for_function("() => window.jupyterapp?.shell?.currentWidget !== undefined"
                               " && document.querySelector('.jp-DirListing-item')",
                               timeout=90_000)
        for name in [*NOTEBOOKS, TRUSTED]:
            source = name if name != TRUSTED else "06-bots-and-trees.ipynb"
            indices = WIDGET_CELLS.get(source, [])
            cells = open_in_lab(page, name)
            got = check_cells(page, source, cells,
                              "jupyterlab-trusted" if name == TRUSTED else "jupyterlab")
            shown = sorted({row["cell"] for row in got})
            assert set(_trusted(page, name, shown)) == {name == TRUSTED}, name
            rows += got
            for index in indices:
                cell = page.locator(cells).nth(index)
                cell.scroll_into_view_if_needed()
                cell.screenshot(path=str(artifacts / f"unrun-lab-{Path(name).stem}-{index}.png"))
            first = min(row["cell"] for row in got)  # a state's or exercise's picture
            screenshot(page, cells, first, artifacts / f"unrun-lab-{Path(name).stem}-first.png")
            if name == "06-bots-and-trees.ipynb":  # the promise and its picture, as read
                screenshot(page, cells, indices[0] - 1, artifacts / "unrun-lab-06-page.png")
            _stop_kernels(server)
    finally:
        server.stop()
        record(artifacts, rows)
    widgets = {(r["notebook"], r["cell"]) for r in rows if r["widget"]}
    assert widgets == {(n, i) for n, cells in WIDGET_CELLS.items() for i in cells}


def test_notebook_7_shows_the_pictures_unrun(unrun: Path, page: Any,
                                                          artifacts: Path) -> None:
    laptop(page)
    server = start_server("notebook", unrun, [], "/api/status")
    rows = []
    try:
        for name in ("00-start-here.ipynb", "06-bots-and-trees.ipynb"):
            page.goto(f"{server.url}/notebooks/{name}?token={server.token}")
            page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
            rows += check_cells(page, name, ".jp-Notebook .jp-Cell", "notebook7")
            screenshot(page, ".jp-Notebook .jp-Cell", WIDGET_CELLS[name][0],
                       artifacts / f"unrun-nb7-{Path(name).stem}.png")
            _stop_kernels(server)
    finally:
        server.stop()
        record(artifacts, rows)


def test_nbconvert_html_shows_the_pictures(page: Any, artifacts: Path,
                                                        tmp_path: Path) -> None:
    """nbconvert's HTML (nbviewer renders notebooks with it), opened from disk, offline."""
    from nbconvert import HTMLExporter

    laptop(page)
    rows = []
    for name in NOTEBOOKS:
        html, _ = HTMLExporter().from_filename(str(NOTEBOOKS[name]))
        path = tmp_path / f"{Path(name).stem}.html"
        path.write_text(html, encoding="utf-8")
        page.goto(path.as_uri(), wait_until="domcontentloaded")  # its CDN scripts can't load
        rows += check_cells(page, name, ".jp-Notebook .jp-Cell", "nbconvert")
    record(artifacts, rows)


def test_the_docs_site_shows_the_pictures(page: Any, artifacts: Path,
                                                       tmp_path: Path) -> None:
    """The docs' Sphinx configuration (myst-nb, stored outputs) over two notebooks."""
    need(None if find_spec("myst_nb") else "myst-nb is missing (pip install -e '.[docs]')")
    laptop(page)
    names = ["00-start-here.ipynb", "06-bots-and-trees.ipynb"]
    source = tmp_path / "site"
    source.mkdir()
    for name in names:
        shutil.copy(NOTEBOOKS[name], source / name)
    toctree = "\n".join(Path(name).stem for name in names)
    (source / "index.md").write_text(f"# pictures\n\n```{{toctree}}\n{toctree}\n```\n",
                                     encoding="utf-8")
    build = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", "-c",
                            str(REPO / "docs"), str(source), str(tmp_path / "html")],
                           capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr[-2000:]
    rows = []
    for name in names:
        notebook = json.loads(NOTEBOOKS[name].read_text(encoding="utf-8"))
        code = [i for i, c in enumerate(notebook["cells"]) if c["cell_type"] == "code"]
        page.goto((tmp_path / "html" / f"{Path(name).stem}.html").as_uri(),
                  wait_until="domcontentloaded")
        # myst-nb writes one div.cell per code cell: count among those.
        assert page.locator("div.cell").count() == len(code), name
        on_page = {i: code.index(i) for i in code}
        rows += check_cells(page, name, "div.cell", "docs", on_page)
        screenshot(page, "div.cell", on_page[WIDGET_CELLS[name][0]],
                   artifacts / f"docs-{Path(name).stem}.png")
    record(artifacts, rows)
