"""Closing a game widget in JupyterLab while its bots play each other: the bots stop at once,
the widget leaves the page, and nothing fails in the kernel or the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pages import (
    canvas_css,
    code_notebook,
    open_lab_notebook,
    run_command,
    run_in_kernel,
    widget_css,
)
from servers import Server
from waits import kernel_until

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


RERUN_CELLS = ["""import tabletop

shown = globals().setdefault("shown", [])
widget = tabletop.play("lascaux", players=3, seed=len(shown), agent_delay=0.15,
                       bots={p: "random" for p in range(3)})
shown.append(widget)
widget.add_class("under-test").add_class("game-rerun")
display(widget)
""", """if len(shown) > 1:
    display(shown[0])  # the first widget, shown again
"""]



def _until(condition: str, show: str) -> str:
    """Kernel code: wait up to 10 s for ``condition``, then print ``show``."""
    return (f"import time\nfor _ in range(100):\n    if {condition}: break\n"
            f"    time.sleep(0.1)\nprint({show})")


def test_a_rerun_cell_pauses_the_old_widgets_bots_and_showing_it_again_resumes_them(
        lab: Server, browser: Any, artifacts: Path) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        filename = code_notebook(lab.root, "rerun.ipynb", RERUN_CELLS)
        open_lab_notebook(page, lab, filename, ["rerun"])
        log = f"{widget_css('rerun')} .tabletop-log li"
        page.wait_for_function("sel => document.querySelectorAll(sel).length >= 3", arg=log,
                               timeout=30_000)
        assert run_in_kernel(page, "print(shown[0]._view_count)").strip() == "1"
        # the cell again: a new widget replaces the old one's view
        run_command(page, "notebook:run-cell", 0)
        seen = run_in_kernel(page, _until("len(shown) == 2 and shown[0].paused",
                                          "len(shown), shown[0]._view_count, shown[0].paused"))
        assert seen.split() == ["2", "0", "True"], seen
        ply = run_in_kernel(page, "print(shown[0].session.ply())").strip()
        plays = "print(shown[0].session.ply(), shown[1].session.ply())"
        kernel_until(page, plays, lambda a: int(a.split()[1]) >= 2,
                     "the new widget's bots to play two moves")
        after = run_in_kernel(page, plays)  # several bot moves' worth of time went by
        assert after.split()[0] == ply, (ply, after)  # the old one stayed still, unseen
        assert int(after.split()[1]) > 0, after  # while the new one plays
        page.screenshot(path=str(artifacts / "rerun.png"))
        run_command(page, "notebook:run-cell", 1)  # display(shown[0]) in the next cell
        again = run_in_kernel(page, _until("not shown[0].paused",
                                           "shown[0]._view_count, shown[0].paused"))
        assert again.split() == ["1", "False"], again
        moved = run_in_kernel(page, _until(f"shown[0].session.ply() > {ply}",
                                           "shown[0].session.ply()"))
        assert int(moved) > int(ply), (ply, moved)
        assert not errors, errors
    finally:
        run_in_kernel(page, "[w.close() for w in shown]")
        page.close()
