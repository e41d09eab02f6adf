"""The side panel at its most crowded keeps every part in its own region, at laptop sizes.

One JupyterLab page (file browser open) shows the cases of ``crowded``: Lacuna's longest
refusal (six lines: the message region grows to show them), Lava Flows' four rows of claim
buttons, and a finished four-player Landlock's result. At 1366x768, 1280x800 and 1280x720:
the turn line, the message line and the controls do not overlap; what a region holds is
drawn inside it (a long message grows its region, then scrolls there, instead of running
over the buttons); every button lies inside the controls and the visible area; the result
is not cut off. Screenshots: ``artifacts/crowded-<case>-<width>x<height>.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from crowded import CASES
from pages import TO_TOP_JS, boxes, code_notebook, open_lab_notebook, widget_css
from servers import Server

pytestmark = pytest.mark.browser

SIZES = ({"width": 1366, "height": 768}, {"width": 1280, "height": 800},
         {"width": 1280, "height": 720})

CELL = """import sys

sys.path.insert(0, {here!r})
from IPython.display import HTML, display
from crowded import CASES

for tag, make in CASES.items():
    display(make().add_class("under-test").add_class(f"game-{{tag}}"))
display(HTML('<div style="height: 900px"></div>'))  # room to scroll the last widget up
"""

# Each fixed region's box, whether its content is drawn outside it (taller or wider than the
# box while the box lets it show), and every button's box in the controls.
REGIONS_JS = """sel => {
  const root = document.querySelector(sel);
  const box = e => { const b = e.getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom]; };
  const out = {buttons: [], spill: []};
  for (const [name, css] of [['turn', '.tt-turn'], ['message', '.tabletop-message'],
                             ['controls', '.tt-controls']]) {
    const e = root.querySelector(css);
    out[name] = box(e);
    const style = getComputedStyle(e);
    if (style.overflowY === 'visible' && e.scrollHeight > e.clientHeight + 1) out.spill.push(name);
    if (style.overflowX === 'visible' && e.scrollWidth > e.clientWidth + 1) out.spill.push(name);
    if (name === 'turn' && e.scrollWidth > e.clientWidth + 1) out.spill.push('turn cut off');
  }
  for (const b of root.querySelectorAll('.tt-controls button'))
    if (b.offsetWidth > 0) out.buttons.push([b.innerText, box(b)]);  // (hidden ones have none)
  return out;
}"""


@pytest.fixture(scope="module")
def crowded_page(lab: Server, browser: Any) -> Iterator[Any]:
    page = browser.new_page()
    page.set_viewport_size(SIZES[0])
    here = str(Path(__file__).resolve().parent)
    filename = code_notebook(lab.root, "crowded.ipynb", [CELL.format(here=here)])
    try:
        open_lab_notebook(page, lab, filename, list(CASES))
        yield page
    finally:
        page.close()


@pytest.mark.parametrize("size", SIZES, ids=[f"{s['width']}x{s['height']}" for s in SIZES])
@pytest.mark.parametrize("tag", list(CASES))
def test_a_crowded_side_panel_keeps_each_part_in_its_region(tag: str, size: dict[str, int],
                                                             crowded_page: Any,
                                                             artifacts: Path) -> None:
    page = crowded_page
    if page.viewport_size != size:
        page.set_viewport_size(size)
        page.wait_for_timeout(500)
    page.evaluate(TO_TOP_JS, widget_css(tag))
    page.wait_for_timeout(150)
    found = page.evaluate(REGIONS_JS, widget_css(tag))
    page.locator(widget_css(tag)).screenshot(
        path=str(artifacts / f"crowded-{tag}-{size['width']}x{size['height']}.png"))
    area = boxes(page, tag)["area"]
    assert not found["spill"], f"{tag}: drawn outside its region: {found['spill']}"
    turn, message, controls = found["turn"], found["message"], found["controls"]
    assert turn[3] <= message[1] + 1 and message[3] <= controls[1] + 1, \
        f"{tag}: the regions overlap: turn {turn}, message {message}, controls {controls}"
    for text, button in found["buttons"]:
        assert controls[1] - 1 <= button[1] and button[3] <= controls[3] + 1, \
            f"{tag}: the button {text!r} {button} is outside the controls {controls}"
        assert area[1] - 1 <= button[1] and button[3] <= area[3] + 1, \
            f"{tag}: the button {text!r} {button} is off screen {area}"
    if tag == "buttons":
        assert len(found["buttons"]) >= 4, found["buttons"]
    if tag == "refusal":  # longer than the region: it scrolls there, and shows in its tooltip
        assert page.locator(f"{widget_css(tag)} .tt-msg[title]").count() == 1
