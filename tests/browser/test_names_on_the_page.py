"""Bots named in any script, in a real browser: a long Japanese name, an Arabic one, an
emoji family with a flag, and markup that would run script if it were read as HTML.

In JupyterLab at 1280x800, every game's widget whose other seats are such bots (after
their moves, so the turn line, the message, the move log and the bot's panel speak of
them) shows each name as typed, as text — no element, no script from it — and no part of
the widget is wider than its box. Screenshots: ``artifacts/names-<game>.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import OVERFLOW_JS, TO_TOP_JS, boxes, code_notebook, open_lab_notebook, widget_css
from servers import Server

pytestmark = pytest.mark.browser

WIDE = {"width": 1280, "height": 800}
GAMES = ("lacuna", "lascaux", "lava-flows", "landlock")
MARKUP = '<img src=x onerror="window.__named=1">&amp;</b></svg>'
NAMES = ("日本語の名前がとても長いボットです" * 2, "بوت عربي ذكي", "👩‍👩‍👧‍👦🇯🇵", MARKUP)

CELL = """import tabletop
from tabletop.agents import MCTSAgent

class Named(MCTSAgent):
    def __init__(self, name, seed=None):
        super().__init__(iterations=30, seed=seed)
        self.name = name

names = {names!r}
widgets = {{}}
for game in {games!r}:
    players = 4 if game == "lascaux" else 2
    w = tabletop.play(game, players=players, seed=5, agent_delay=0,
                      bots={{p: Named(names[p - 1], seed=p) for p in range(1, players)}})
    widgets[game] = w.add_class("under-test").add_class(f"game-{{game}}")
    display(w)
"""

# Every text node of the widget, and whether the page made an element or ran script from
# a name (an <img src=x> anywhere in the widget, or the flag its onerror would set).
TEXTS_JS = """sel => {
  const root = document.querySelector(sel);
  const texts = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) texts.push(t.textContent);
  const rtl = [];
  for (const o of root.querySelectorAll('select option:checked')) {
    texts.push(o.textContent);
    if (getComputedStyle(o.parentElement).direction === 'rtl') rtl.push(o.textContent);
  }
  return {texts, rtl, injected: root.querySelectorAll('img[src="x"]').length,
          ran: window.__named === 1};
}"""


@pytest.fixture(scope="module")
def named_page(lab: Server, browser: Any) -> Iterator[Any]:
    page = browser.new_page()
    page.set_viewport_size(WIDE)
    cell = CELL.format(names=NAMES, games=GAMES)
    filename = code_notebook(lab.root, "names.ipynb", [cell])
    try:
        open_lab_notebook(page, lab, filename, list(GAMES))
        yield page
    finally:
        page.close()


@pytest.mark.parametrize("game", GAMES)
def test_names_in_any_script_show_as_typed_and_fit(game: str, named_page: Any,
                                                   artifacts: Path) -> None:
    page, sel = named_page, widget_css(game)
    page.evaluate(TO_TOP_JS, sel)
    # the bots move until the human's turn: wait for the turn line to name no bot thinking
    page.wait_for_function(
        "sel => !document.querySelector(sel + ' .tt-turn.tt-thinking')", arg=sel,
        timeout=60_000)
    page.wait_for_timeout(300)
    found = page.evaluate(TEXTS_JS, sel)
    assert found["injected"] == 0 and not found["ran"], "a name was read as HTML"
    shown = "\n".join(found["texts"]).replace("\xa0", " ")  # (a picker shows spaces so)
    players = 4 if game == "lascaux" else 2
    for name in NAMES[:players - 1]:
        assert name in shown, f"{name!r} is not shown as typed"
    # a picker cuts a long name at its end: an Arabic one at its left, so its start shows
    assert [t.replace("\xa0", " ") for t in found["rtl"]] == \
        [n for n in NAMES[:players - 1] if n == "بوت عربي ذكي"]
    wide = page.evaluate(OVERFLOW_JS, sel)
    assert not wide, f"{game}: content wider than its box: {wide}"
    parts = boxes(page, game)
    widget = parts["widget"]
    for part in ("seats", "turn", "message", "side"):
        left, _, right, _ = parts[part]
        assert widget[0] - 1 <= left and right <= widget[2] + 1, (part, parts[part], widget)
    page.locator(sel).screenshot(path=str(artifacts / f"names-{game}.png"))


def test_tables_of_long_labels_keep_to_the_page(browser: Any) -> None:
    """The arena's HTML tables of a 300-letter label and a 180-letter Japanese one, in a
    600 px output: they were 2,400 to 4,800 px wide."""
    from tabletop.arena import arena
    from tabletop.teaching import shrinking

    long_label = "y" * 300
    r = arena("landlock", {long_label: "random", "日本語の名前" * 30: "random"}, games=2,
              seed=1, progress=False)
    tables = {"result": r._repr_html_(), "ratings": r.ratings()._repr_html_(),
              "pairwise": r.pairwise()._repr_html_(),
              "shrinking": shrinking(r, long_label, [1, 2])._repr_html_()}
    page = browser.new_page()
    try:
        for kind, html in tables.items():
            page.set_content(f'<div id="out" style="width:600px">{html}</div>')
            wide = page.evaluate("() => document.getElementById('out').scrollWidth")
            assert wide <= 600, f"the {kind} table is {wide} px wide in a 600 px output"
    finally:
        page.close()
