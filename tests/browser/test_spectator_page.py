"""An audience watching a Lava Flows match in JupyterLab: the widget opened with
``view="public"`` shows neither player's hidden Mediums (the board's picture, kept for
viewers without the kernel too, is the public one: "?" where White's view says "White
knows"), the move log reads both arrangements as ``arrange ?``, the view dropdown says
**public (audience)**; picking White's view in the dropdown repaints the canvas and shows
White's arrangement in the log, and picking the public view again paints the public board.

Screenshots: ``spectator-public.png`` (the audience's widget) and ``spectator-white.png``
(White's view picked from the dropdown).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from pages import (
    canvas_css,
    changed_pixels,
    code_notebook,
    open_lab_notebook,
    run_in_kernel,
    widget_css,
)
from servers import Server

import tabletop

SEED = 3
TAG = "lava-flows"


def test_an_audience_sees_the_public_board_and_no_hidden_medium(lab: Server, browser: Any,
                                                                 artifacts: Path) -> None:
    state = tabletop.load("lava-flows").new(seed=SEED, setup="random")
    secret = state.log(0)[0]  # White's own arrangement, as White reads it
    assert secret.startswith("arrange ") and secret != "arrange ?"
    root = widget_css(TAG)
    page = browser.new_page()
    try:
        filename = code_notebook(lab.root, "spectator.ipynb", [
            f"import tabletop\nw = tabletop.play('lava-flows', seed={SEED}, setup='random', "
            "view='public', paused=True)\n"
            f"w.add_class('under-test').add_class('game-{TAG}')\ndisplay(w)"])
        open_lab_notebook(page, lab, filename, [TAG])
        canvas = page.locator(canvas_css(TAG))
        still = run_in_kernel(page, "b = bytes(w.board.still.value)\n"
                                    "print(b'the audience' in b, b'>White knows<' in b)")
        assert still.split() == ["True", "False"], still
        page.wait_for_timeout(500)
        first = canvas.screenshot()
        picker = page.locator(f"{root} select").filter(has_text="audience").first
        shown = picker.evaluate("el => el.options[el.selectedIndex].text")
        assert shown.replace("\xa0", " ") == "public (audience)", shown  # (ipywidgets: nbsp)
        log = page.locator(f"{root} .tabletop-log").inner_text()
        assert log.count("arrange ?") == 2 and secret not in log, log
        page.locator(root).screenshot(path=str(artifacts / "spectator-public.png"))

        picker.select_option(index=2)  # full state, public (audience), White's view, ...
        _wait_for(lambda: secret in page.locator(f"{root} .tabletop-log").inner_text(),
                  "White's arrangement in the log after picking White's view")
        _wait_for(lambda: changed_pixels(first, canvas.screenshot()) > 50,
                  "the canvas repainted as White's view")
        page.locator(root).screenshot(path=str(artifacts / "spectator-white.png"))

        picker.select_option(index=1)
        _wait_for(lambda: secret not in page.locator(f"{root} .tabletop-log").inner_text(),
                  "the log as the audience reads it again")
        _wait_for(lambda: changed_pixels(first, canvas.screenshot()) <= 50,
                  "the canvas repainted as the public view again")
    finally:
        page.close()


def _wait_for(done: Any, what: str, timeout: float = 20.0) -> None:
    """Wait until ``done()``; a hang guard naming ``what`` was awaited."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:g} s for {what}")
        time.sleep(0.2)
