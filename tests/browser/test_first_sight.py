"""The game widget as a new user first sees it, measured in JupyterLab at 1280x800.

``test_layout`` measures mid-game widgets. A new user's first cell is ``tabletop.play(name)``
at ply 0, where some games start with their most crowded controls (Lacuna's seven
"set aside" buttons); Lava Flows' claim step brings up its longest buttons. For every game
and player count at ply 0, and at those steps: the board, the turn line, the message line,
the click controls and both bars lie inside the visible area with the file browser open;
nothing in the side panel is wider than its box; and the bars do not move when the buttons
come and go. Screenshots: ``artifacts/first-<game>-<n>p.png``. And Lacuna's listed spots on
a line take a click anywhere in a 16 px disc around them, on the board as it is shown there
(``tests/test_lacuna_spot_hits.py`` checks the same on every listed pair, without a browser).
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import (
    CONFIGS,
    OVERFLOW_JS,
    TO_TOP_JS,
    Step,
    boxes,
    canvas_css,
    click_step,
    code_notebook,
    config_tag,
    open_lab_notebook,
    run_in_kernel,
    session_for,
    widget_css,
)
from servers import Server

import tabletop
from tabletop.games.lacuna.actions import Place
from tabletop.render.scenecanvas import click_point

pytestmark = pytest.mark.browser

WIDE = {"width": 1280, "height": 800}
VISIBLE = ("canvas", "turn", "message", "controls", "timeline", "seats")
BARS = ("timeline", "seats")
TAGS = [config_tag(*c) for c in CONFIGS]

CELL = """import tabletop
from IPython.display import HTML, display

widgets = {{}}
for name, players in {configs!r}:
    tag = f"{{name}}-{{players}}p"
    w = tabletop.play(name, players=players, seed=7, agent_delay=0)
    widgets[tag] = w.add_class("under-test").add_class(f"game-{{tag}}")
    display(w)
display(HTML('<div style="height: 900px"></div>'))  # room to scroll the last widget up
"""

#: Kernel code that brings Lava Flows to its claim buttons: moves played until a click on
#: a cell brings them up (a bubble up there), which is left picked.
TO_CLAIMS = """w = widgets["lava-flows-2p"]
import random
rng = random.Random(3)
def claim_buttons():
    for target in w.session.input.next_targets():
        w.choose(target)
        if len(w.session.buttons()) >= 3:
            return True
        w.cancel()
    return False
for _ in range(60):
    if claim_buttons():
        break
    w.play(rng.choice(list(w.state.legal_actions())))
print(len(w.session.buttons()))
"""


@pytest.fixture(scope="module")
def lab_page(lab: Server, browser: Any) -> Iterator[Any]:
    """JupyterLab at 1280x800 with a fresh widget of every game and player count."""
    page = browser.new_page()
    page.set_viewport_size(WIDE)
    filename = code_notebook(lab.root, "first.ipynb", [CELL.format(configs=CONFIGS)])
    try:
        open_lab_notebook(page, lab, filename, TAGS)
        files = page.locator(".jp-FileBrowser")
        assert files.is_visible() and files.bounding_box()["width"] > 150, \
            "the file browser should be open, as on a laptop"
        yield page
    finally:
        page.close()


def _to_top(page: Any, tag: str) -> dict[str, Any]:
    page.evaluate(TO_TOP_JS, widget_css(tag))
    page.wait_for_timeout(200)
    return boxes(page, tag)


def _check_fits(page: Any, tag: str, found: dict[str, Any]) -> None:
    area = found["area"]
    for part in VISIBLE:
        left, top, right, bottom = found[part]
        assert area[0] - 1 <= left and right <= area[2] + 1, f"{tag}: {part} {found[part]} {area}"
        assert area[1] - 1 <= top and bottom <= area[3] + 1, \
            f"{tag}: {part} is not on screen: {found[part]} outside the visible area {area}"
    wide = page.evaluate(OVERFLOW_JS, widget_css(tag))
    assert not wide, f"{tag}: content wider than its box: {wide}"


def _bars(found: dict[str, Any]) -> dict[str, list[int]]:
    return {bar: [round(v) for v in found[bar]] for bar in BARS}


@pytest.mark.parametrize("name,players", CONFIGS, ids=TAGS)
def test_a_fresh_widget_fits_at_1280x800(name: str, players: int, lab_page: Any,
                                        artifacts: Path) -> None:
    page, tag = lab_page, config_tag(name, players)
    found = _to_top(page, tag)
    buttons = page.locator(f"{widget_css(tag)} .tabletop-choice").count()
    print(f"\n{tag} at ply 0: {buttons} choice buttons; widget "
          f"{found['widget'][3] - found['widget'][1]:.0f} px tall; controls "
          f"{found['controls'][3] - found['controls'][1]:.0f} px tall")
    _check_fits(page, tag, found)
    page.locator(widget_css(tag)).screenshot(path=str(artifacts / f"first-{tag}.png"))


def test_lava_flows_claim_buttons_fit_in_place(lab_page: Any, artifacts: Path) -> None:
    page, tag = lab_page, "lava-flows-2p"
    before = _to_top(page, tag)
    shown = run_in_kernel(page, TO_CLAIMS)
    assert shown.strip().isdigit() and int(shown) >= 3, shown
    page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length >= n",
                           arg=[f"{widget_css(tag)} .tabletop-choice", int(shown)],
                           timeout=15_000)
    page.wait_for_timeout(300)
    found = _to_top(page, tag)
    _check_fits(page, tag, found)
    assert _bars(found) == _bars(before), "the bars moved when the claim buttons appeared"
    page.locator(widget_css(tag)).screenshot(path=str(artifacts / "first-lava-flows-claims.png"))


#: Kernel code that plays Lacuna's set-aside colour and four pawns, then prints the record.
LACUNA_MOVES = """import json
w = widgets["lacuna-2p"]
for k in range(5):
    moves = list(w.state.legal_actions())
    w.play(moves[(5 * k + 2) % len(moves)])
print(json.dumps(w.state.to_record()))
"""


def _crowded_spot(state: tabletop.State) -> tuple[int, int, int, int]:
    """``(a, b, k, j)``: listed spots ``k`` and ``j`` of the pair a-b nearest each other."""
    listed: dict[tuple[int, int], list[int]] = defaultdict(list)
    for action in state.legal_actions():
        if isinstance(action, Place):
            listed[action.a, action.b].append(action.k)
    best = None
    for (a, b), ks in listed.items():
        (ax, ay), (bx, by) = state.flower_xy(a), state.flower_xy(b)
        ks.sort()
        for k, j in zip(ks, ks[1:], strict=False):
            apart = math.hypot(bx - ax, by - ay) * (j - k)
            if best is None or apart < best[0]:
                best = (apart, a, b, k, j)
    assert best is not None, "no pair lists two spots here"
    return best[1:]


def test_lacuna_spots_take_a_click_anywhere_in_16px(lab_page: Any, artifacts: Path) -> None:
    """A click 7.7 px from a listed spot, towards its nearest neighbour, plays that spot."""
    page, tag = lab_page, "lacuna-2p"
    _to_top(page, tag)
    state = tabletop.replay(json.loads(run_in_kernel(page, LACUNA_MOVES)))
    a, b, k, j = _crowded_spot(state)
    session = session_for(state)
    for flower in (a, b):
        scene = session.scene()
        point = click_point(scene, ("flower", flower))
        click_step(page, tag, Step(("flower", flower), point=point, width=scene.width))
        session.click(*point)
    scene = session.scene()
    box = page.locator(canvas_css(tag)).bounding_box()
    scale = box["width"] / scene.width
    (x, y), (nx, ny) = (click_point(scene, ("spot", a, b, s)) for s in (k, j))
    apart = math.hypot(nx - x, ny - y)
    print(f"\nLacuna's board shown {box['width']:.0f} px wide (x{scale:.3f}); spots "
          f"@{k}/1024 and @{j}/1024 of {a}-{b} are {apart * scale:.1f} px apart")
    assert scale < 0.85, "the board should be shown smaller than its picture here"
    assert apart * scale >= 16, f"neighbouring spots only {apart * scale:.1f} px apart"
    step = 7.7 / scale / apart
    point = (x + (nx - x) * step, y + (ny - y) * step)
    click_step(page, tag, Step(("spot", a, b, k), point=point, width=scene.width))
    session.click(*point)
    expected = session.log()[-1]
    assert str(Place(a, b, k)) in expected, (expected, Place(a, b, k))
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.innerText ?? '').includes(text)",
        arg=[f"{widget_css(tag)} .tabletop-log li.now", expected], timeout=30_000)
    page.locator(widget_css(tag)).screenshot(path=str(artifacts / "first-lacuna-spot.png"))


#: Kernel code that opens Lava Flows at seed 1's ply 23, where b2 holds ten pieces and the
#: one that may be clicked is fifth below the top; prints the record.
LAVA_TALL_STACK = """import json, random
w = widgets["lava-flows-2p"]
s = w.state.game.new(seed=1, setup="decide")
rng = random.Random(1)
for _ in range(23):
    s = s.apply(rng.choice(s.legal_actions()))
w.load(s.to_record())
print(json.dumps(s.to_record()))
"""


def test_lava_flows_piece_in_a_tall_stack_takes_a_click_anywhere_in_16px(
        lab_page: Any, artifacts: Path) -> None:
    """The clickable piece of a ten-high stack is a band at least 16 px high on the page, and
    a click 7 px above its middle picks it (it was a 16-unit band: 13 px at ×0.82, and that
    click fell on the cell)."""
    page, tag = lab_page, "lava-flows-2p"
    _to_top(page, tag)
    state = tabletop.replay(json.loads(run_in_kernel(page, LAVA_TALL_STACK)))
    target = ("piece", "b2", 5)
    scene = session_for(state).scene()
    x0, y0, x1, y1 = next(sh for sh in scene.shapes if sh.target == target).bounds()
    scale = page.locator(canvas_css(tag)).bounding_box()["width"] / scene.width
    print(f"\nLava Flows' board shown at x{scale:.3f}; the clickable band of b2 is "
          f"{(y1 - y0) * scale:.1f} px high")
    assert scale < 0.85, "the board should be shown smaller than its picture here"
    assert (y1 - y0) * scale >= 16 - 1e-6
    click_step(page, tag, Step(target, point=((x0 + x1) / 2, (y0 + y1) / 2 - 7 / scale),
                               width=scene.width))
    picked = run_in_kernel(page, f"print({target!r} in w.session.input.selection, w.message)")
    assert picked.startswith("True"), picked
    page.locator(widget_css(tag)).screenshot(path=str(artifacts / "first-lava-tall-stack.png"))
