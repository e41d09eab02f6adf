"""Closing a game widget in JupyterLab while its bots play each other: the bots stop at once,
the widget leaves the page, and nothing fails in the kernel or the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pages import canvas_css, code_notebook, open_lab_notebook, run_in_kernel, widget_css
from servers import Server

pytestmark = pytest.mark.browser

CELL = """import tabletop

widget = tabletop.play("lascaux", players=3, seed=1, agent_delay=0.15,
                       bots={p: "random" for p in range(3)})
widget.add_class("under-test").add_class("game-closing")
display(widget)
"""


def test_closing_a_widget_whose_bots_play_stops_them_and_removes_it(lab: Server, browser: Any,
                                                                   artifacts: Path) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        filename = code_notebook(lab.root, "closing.ipynb", [CELL])
        open_lab_notebook(page, lab, filename, ["closing"])
        log = f"{widget_css('closing')} .tabletop-log li"
        page.wait_for_function("sel => document.querySelectorAll(sel).length >= 3", arg=log,
                               timeout=30_000)
        said = run_in_kernel(page, "widget.close(); plies = widget.session.ply(); print(plies)")
        page.locator(canvas_css("closing")).wait_for(state="detached", timeout=15_000)
        page.wait_for_timeout(1500)
        after = run_in_kernel(page, "print(widget.session.ply(), widget.runner.running)")
        assert after.split() == [said.strip(), "False"], (said, after)
        assert page.locator(widget_css("closing")).count() == 0
        assert not errors, errors
        page.screenshot(path=str(artifacts / "closed.png"))
    finally:
        page.close()
