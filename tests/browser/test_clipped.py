"""No text of the widget is cut by its box, for every game and player count, at the widget's
longest texts (``clipped``: start, end with the breakdown unfolded, typed and clicked
refusals, the typing help, the hot-seat cover, a bot's turn line), in JupyterLab at 1280x800
and 1366x768 (``test_phone_clipped.py``: every case on phones, through ``texts_cut``).

Every shown text of the widget is measured: none may reach past a box that hides its
overflow, none may end in an ellipsis, a picker whose choice is wider than it shows the
choice whole in its tooltip, and the message line shows its whole text without
scrolling as long as it fits the room the side panel can spare it (``layout.message_region``:
12 lines at 1280x800; past that, it scrolls there and shows whole in its tooltip). Regions made
to scroll (the move log, a long breakdown, the thinking panel) may scroll. Screenshots:
``artifacts/clipped-<case>-<game>-<w>x<h>.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clipped import CASES, all_tags
from pages import TO_TOP_JS, code_notebook, open_lab_notebook, widget_css
from servers import Server

from tabletop.widgets import layout

pytestmark = pytest.mark.browser

SIZES = ({"width": 1280, "height": 800}, {"width": 1366, "height": 768})
#: The cases measured here: a page of all ten (60 widgets) stalled JupyterLab before the
#: bots' panels and trees drew; those two are measured on phones (``test_phone_clipped``).
LAB_CASES = [case for case in CASES if case not in ("bot", "tree")]

CELL = """import sys

sys.path.insert(0, {here!r})
from IPython.display import HTML, display
from clipped import show_all

shown = show_all({cases!r})
for widget in shown.values():
    display(widget)
display(HTML('<div style="height: 900px"></div>'))  # room to scroll the last widget up
"""

# Every shown text of the widget cut by a box: "where: how ('text')". A text is cut when an
# ancestor that hides its overflow (or scrolls it: reported as "scrolls") does not hold the
# text's lines, or when the text's own box ends it with an ellipsis.
CUT_JS = """sel => {
  const root = document.querySelector(sel);
  const out = [];
  const name = a => [...a.classList].filter(c => /^(tt|tabletop|widget)-/.test(c)).join('.')
    || a.tagName;
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    const p = t.parentElement;
    if (!t.textContent.trim() || p.offsetParent === null || p.closest('style')) continue;
    const range = document.createRange();
    range.selectNodeContents(t);
    const rects = [...range.getClientRects()].filter(r => r.width > 0);
    if (!rects.length) continue;
    const say = t.textContent.trim().slice(0, 40);
    for (let a = p; a && a !== root.parentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.textOverflow === 'ellipsis' && a.scrollWidth > a.clientWidth + 1) {
        out.push(`${name(a)}: ellipsis ('${say}')`); break; }
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      const cut = rects.some(r => r.left < b.left - 1 || r.right > b.right + 1
                                  || r.top < b.top - 1 || r.bottom > b.bottom + 1);
      if (cut) {
        const how = [s.overflowX, s.overflowY].some(v => v === 'auto' || v === 'scroll')
          ? 'scrolls' : 'hidden';
        out.push(`${name(a)}: ${how} ('${say}')`);
        break;
      }
    }
  }
  // A picker (<select>) cuts its choice's text at its width: then its tooltip must show it.
  const ruler = document.createElement('canvas').getContext('2d');
  for (const e of root.querySelectorAll('select')) {
    if (e.offsetParent === null || e.selectedIndex < 0) continue;
    const s = getComputedStyle(e);
    ruler.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const text = e.options[e.selectedIndex].text;
    const room = e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    const box = e.closest('.widget-dropdown') || e;  // (the tooltip may be on its label)
    const titled = [box, ...box.querySelectorAll('[title]')].some(
      t => (t.title || '').includes(text));
    if (ruler.measureText(text).width > room + 1 && !titled)
      out.push(
        `select: cut without a tooltip ('${text.slice(0, 40)}')`);
  }
  return [...new Set(out)];
}"""

# The message region's height, the most it may grow to (``layout.message_region``), and
# whether its whole text is in a tooltip.
MESSAGE_JS = f"""sel => {{
  const root = document.querySelector(sel);
  const m = root.querySelector('.tabletop-message');
  const side = root.querySelector('.tt-side').clientHeight;
  return [m.offsetHeight, Math.max({layout.MESSAGE_HEIGHT}, side - {layout.MESSAGE_ROOM_LEFT}),
          !!m.querySelector('.tt-msg[title]')];
}}"""
MESSAGE = "widget-inline-hbox.widget-html.tabletop-message: scrolls"

#: Regions made to scroll when their text is long: the score's section, the move log, the
#: thinking panel (their scrolling is the design, not a cut).
SCROLLING = ("tt-section", "tt-log")


@pytest.fixture(scope="module")
def clipped_page(lab: Server, browser: Any) -> Iterator[Any]:
    page = browser.new_page()
    page.set_viewport_size(SIZES[0])
    here = str(Path(__file__).resolve().parent)
    filename = code_notebook(lab.root, "clipped.ipynb", [CELL.format(here=here, cases=LAB_CASES)])
    try:
        open_lab_notebook(page, lab, filename, all_tags(LAB_CASES))
        yield page
    finally:
        page.close()


@pytest.mark.parametrize("size", SIZES, ids=[f"{s['width']}x{s['height']}" for s in SIZES])
@pytest.mark.parametrize("tag", all_tags(LAB_CASES))
def test_no_text_is_cut_by_its_box(tag: str, size: dict[str, int], clipped_page: Any,
                                   artifacts: Path) -> None:
    page = clipped_page
    if page.viewport_size != size:
        page.set_viewport_size(size)
        page.wait_for_timeout(500)
    page.evaluate(TO_TOP_JS, widget_css(tag))
    page.wait_for_timeout(100)
    bad = texts_cut(page, tag)
    page.locator(widget_css(tag)).screenshot(
        path=str(artifacts / f"clipped-{tag}-{size['width']}x{size['height']}.png"))
    assert not bad, f"{tag}: text cut by its box: {bad}"


def texts_cut(page: Any, tag: str) -> list[str]:
    """The widget's texts cut by their boxes ("where: how ('text')"), less the regions made
    to scroll (``SCROLLING``) and the message line once it is as tall as it may grow."""
    cut = page.evaluate(CUT_JS, widget_css(tag))
    bad = [c for c in cut if not (": scrolls" in c and any(
        region in c.split(":")[0].split(".") for region in SCROLLING))]
    if page.locator(f"{widget_css(tag)} .tabletop-message").count():  # (a game widget)
        grown, most, titled = page.evaluate(MESSAGE_JS, widget_css(tag))
        if grown >= most - 1 and titled:  # as tall as it may be: the rest scrolls (+ tooltip)
            bad = [c for c in bad if not c.startswith(MESSAGE)]
    return bad
