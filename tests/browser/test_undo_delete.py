"""An unassigned widget (a cell's last expression) whose cell is deleted by mistake (`d d`),
then a cell run, then the deletion undone (`z`): the widget is alive and plays."""

from __future__ import annotations

from typing import Any

import pytest
from pages import (
    OPENINGS,
    click_step,
    code_notebook,
    open_lab_notebook,
    plan_move,
    replay_steps,
    run_in_kernel,
    start_state,
    wait_for_board,
)
from servers import Server
from waits import kernel_until

pytestmark = pytest.mark.browser

FIRST = """import tabletop
OPENINGS = {opening}
start = tabletop.load("lacuna").new(seed=7, setup="random")
for text in OPENINGS.get("lacuna", ()):
    start = start.apply(text)
tabletop.play(start).add_class("under-test").add_class("game-lacuna-0")
"""
PLIES = """import ipywidgets.widgets.widget as _w
from tabletop.widgets.game import GameWidget
print([x.session.ply() if x.comm else 'closed' for x in list(_w._instances.values())
       if isinstance(x, GameWidget)] + [x._view_count for x in list(_w._instances.values())
       if isinstance(x, GameWidget)])
"""
COMMAND_JS = """([command, index]) => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  notebook.activeCellIndex = index;
  notebook.mode = 'command';
  window.jupyterapp.commands.execute(command);
}"""


def test_an_undone_cell_deletion_brings_back_a_live_widget(lab: Server, browser: Any) -> None:
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    cells = [FIRST.format(opening=dict(OPENINGS)), "print('another cell')"]
    open_lab_notebook(page, lab, code_notebook(lab.root, "undo.ipynb", cells), ["lacuna-0"])
    start_ply = len(start_state("lacuna").history)
    kernel_until(page, PLIES, lambda said: said == f"[{start_ply}, 1]", "the widget's view")
    page.evaluate(COMMAND_JS, ["notebook:delete-cell", 0])
    kernel_until(page, PLIES, lambda said: said.endswith("0]"), "the view to go")
    page.evaluate(COMMAND_JS, ["notebook:run-cell", 0])  # the other cell, now the first
    kernel_until(page, "print(len(In))", lambda said: said == str(len(cells) + 2),
                 "the other cell to run")  # (its sweep closed the widget before the fix)
    assert run_in_kernel(page, PLIES).strip() == f"[{start_ply}, 0]"
    page.evaluate(COMMAND_JS, ["notebook:undo-cell-action", 0])
    wait_for_board(page, "lacuna-0", timeout=30)
    steps, _ = plan_move(start_state("lacuna"))
    for step in steps:
        click_step(page, "lacuna-0", step)
    page.screenshot(path="tests/browser/artifacts/undo-delete.png")
    played = len(replay_steps(start_state("lacuna"), steps).state.history)
    kernel_until(page, PLIES, lambda said: said == f"[{played}, 1]",
                 "the click's move to be played")
    page.close()
