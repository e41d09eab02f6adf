"""Legal-action lists and trees as notebook outlines, where users see them: JupyterLab at
1366 × 768, light and dark themes, a saved notebook reopened untrusted and then run.

The notebook's cells end in a Lacuna ``legal_actions()`` (275 actions, folded), a Lava Flows
one (39, open), ``tabletop.explore(lava, depth=2)`` (1,583 nodes, 200 drawn) and a small MCTS
search tree. Its stored outputs open untrusted (JupyterLab sanitises their HTML), then the
cells run (live outputs are trusted). Both times, measured on the page: no output reaches past
the output area, the list's columns survive (round 62: the sanitiser dropped CSS ``columns``
and the list became one long column), every text reaches 4.5:1 against what is behind it, and
a ``<summary>`` click opens and closes its list. Screenshots: ``artifacts/outline-*.png``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from servers import Server
from test_dark_theme import CONTRAST_JS, LEAST, THEMES, set_theme

import tabletop
from tabletop.agents import MCTSAgent

pytestmark = pytest.mark.browser

SETUP = ("import random\nimport tabletop\nfrom tabletop.agents import MCTSAgent\n\n"
         "def played(name, moves):\n    state = tabletop.load(name).new(seed=3)\n"
         "    rng = random.Random(3)\n    for _ in range(moves):\n"
         "        state = state.apply(rng.choice(state.legal_actions()))\n    return state\n\n"
         "lacuna, lava = played('lacuna', 3), played('lava-flows', 2)")
#: The cells whose outputs are the pictures, in order, each with how the test builds the
#: object the cell ends in (for the saved copy's stored outputs).
PICTURES: list[tuple[str, Callable[[Any, Any], object]]] = [
    ("lacuna.legal_actions()", lambda lacuna, lava: lacuna.legal_actions()),
    ("lava.legal_actions()", lambda lacuna, lava: lava.legal_actions()),
    ("tabletop.explore(lava, depth=2)", lambda lacuna, lava: tabletop.explore(lava, depth=2)),
    ("MCTSAgent(iterations=30, seed=1).analyse(lava).to_graph()",
     lambda lacuna, lava: MCTSAgent(iterations=30, seed=1).analyse(lava).to_graph())]


def played(name: str, moves: int) -> Any:
    """The state ``SETUP``'s ``played`` makes: ``moves`` random moves from seed 3."""
    state = tabletop.load(name).new(seed=3)
    rng = random.Random(3)
    for _ in range(moves):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def saved_notebook(root: Path) -> str:
    """The notebook as its user saved it after a run: every output stored (built here, as
    its cells build them), no signature, so JupyterLab opens it untrusted."""
    from IPython.core.formatters import DisplayFormatter

    shape = DisplayFormatter().format  # a notebook's formatters, without a shell left behind
    lacuna, lava = played("lacuna", 3), played("lava-flows", 2)
    cells = [{"id": "setup", "cell_type": "code", "execution_count": 1, "metadata": {},
              "outputs": [], "source": SETUP.splitlines(keepends=True)}]
    for i, (code, build) in enumerate(PICTURES, start=2):
        data, _ = shape(build(lacuna, lava))
        cells.append({"id": f"picture-{i}", "cell_type": "code", "execution_count": i,
                      "metadata": {}, "source": [code],
                      "outputs": [{"output_type": "execute_result", "execution_count": i,
                                   "data": data, "metadata": {}}]})
    notebook = {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                            "language": "python"}}}
    (root / "outlines.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    return "outlines.ipynb"


#: Each HTML output: its width, how far its content reaches past it, each list's display and
#: rows (distinct tops of its items) and whether it shows, and whether its outermost
#: ``<details>`` is open.
MEASURE_JS = """() => Array.from(document.querySelectorAll(
    '.jp-OutputArea-output.jp-RenderedHTMLCommon')).map(o => {
  const box = o.getBoundingClientRect();
  let past = o.scrollWidth - o.clientWidth;
  for (const e of o.querySelectorAll('*')) {
    const b = e.getBoundingClientRect();
    if (b.width) past = Math.max(past, b.right - box.right); }
  const ol = o.querySelector('ol');
  const items = ol ? Array.from(ol.children) : [];
  const tops = new Set(items.map(li => Math.round(li.getBoundingClientRect().top)));
  return {width: box.width, past, display: ol ? getComputedStyle(ol).display : null,
          items: items.length, rows: tops.size, shown: ol ? ol.checkVisibility() : null,
          open: o.querySelector('details')?.open ?? null,
          text: o.innerText.slice(0, 60)}; })"""

TRUSTED_JS = """() => { const m = window.jupyterapp.shell.currentWidget.content.model;
  return Array.from({length: m.cells.length}, (_, i) => m.cells.get(i).trusted); }"""


def measure(page: Any, label: str, artifacts: Path) -> list[dict[str, Any]]:
    """The outputs measured, checked for overflow, columns and contrast; screenshots."""
    page.wait_for_function("() => document.querySelectorAll("
                           "'.jp-OutputArea-output.jp-RenderedHTMLCommon').length === 4")
    page.wait_for_timeout(300)  # (the theme's fonts settle the boxes)
    found = page.evaluate(MEASURE_JS)
    faint = []
    outputs = page.locator(".jp-OutputArea-output.jp-RenderedHTMLCommon")
    for i in range(4):
        outputs.nth(i).evaluate("e => e.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(artifacts / f"outline-{label}-{i}.png"))
        faint += [f"{t['text']!r} rgb{tuple(t['fg'])} on rgb{tuple(t['bg'])}: {t['ratio']:.2f}"
                  for t in outputs.nth(i).evaluate(CONTRAST_JS) if t["ratio"] < LEAST]
    assert not faint, f"{label}: texts under {LEAST}:1:\n" + "\n".join(faint[:20])
    for output in found:
        assert output["past"] <= 1, f"{label}: {output['text']!r} reaches " \
                                    f"{output['past']:.0f} px past the output area"
    lacuna, lava, explored, searched = found
    assert lacuna["items"] == 275 and lacuna["open"] is False and not lacuna["shown"], lacuna
    assert lava["items"] == 39 and lava["open"] is True and lava["shown"], lava
    assert lava["display"] == "grid" and lava["rows"] <= 39 // 3, \
        f"{label}: the open list is not in columns: {lava}"
    assert explored["open"] and "1583 nodes" in explored["text"], explored
    assert searched["open"] and "mcts search tree" in searched["text"], searched
    return found


def toggle(page: Any, label: str, artifacts: Path) -> None:
    """A click on the folded list's summary opens it in columns; a second folds it."""
    summary = page.locator(".jp-OutputArea-output.jp-RenderedHTMLCommon summary").first
    summary.scroll_into_view_if_needed()
    summary.click()
    page.wait_for_function("() => document.querySelector("
                           "'.jp-OutputArea-output.jp-RenderedHTMLCommon details').open")
    lacuna = page.evaluate(MEASURE_JS)[0]
    page.screenshot(path=str(artifacts / f"outline-{label}-opened.png"))
    assert lacuna["shown"] and lacuna["rows"] <= 275 // 3 and lacuna["past"] <= 1, lacuna
    summary.click()
    page.wait_for_function("() => !document.querySelector("
                           "'.jp-OutputArea-output.jp-RenderedHTMLCommon details').open")


@pytest.mark.parametrize("theme", THEMES)
def test_lists_and_trees_read_well_saved_untrusted_and_run(theme: str, lab: Server,
                                                            browser: Any,
                                                            artifacts: Path) -> None:
    set_theme(lab, THEMES[theme])
    filename = saved_notebook(lab.root)
    page = browser.new_page()
    try:
        page.set_viewport_size({"width": 1366, "height": 768})
        page.goto(f"{lab.url}/lab/tree/{filename}?token={lab.token}&reset")
        page.wait_for_function(f"() => document.body.dataset.jpThemeName === {THEMES[theme]!r}"
                               " && window.jupyterapp?.shell?.currentWidget?.content?.model")
        measure(page, f"{theme}-untrusted", artifacts)
        assert not any(page.evaluate(TRUSTED_JS)[1:]), "the saved copy opened trusted"
        toggle(page, f"{theme}-untrusted", artifacts)
        page.wait_for_function("() => window.jupyterapp.shell.currentWidget.sessionContext"
                               ".session?.kernel?.status === 'idle'", timeout=90_000)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function(f"() => {{ const t = ({TRUSTED_JS})(); "
                               "return t.every(Boolean); }", timeout=90_000)
        page.wait_for_function("() => window.jupyterapp.shell.currentWidget.sessionContext"
                               ".session.kernel.status === 'idle' && document.querySelectorAll("
                               "'.jp-OutputArea-output.jp-RenderedHTMLCommon').length === 4",
                               timeout=90_000)
        measure(page, f"{theme}-run", artifacts)
        toggle(page, f"{theme}-run", artifacts)
    finally:
        page.close()
