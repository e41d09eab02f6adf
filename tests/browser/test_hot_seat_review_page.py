"""Three friends review a finished hot-seat Lascaux game (seed 1) in JupyterLab (round 55).

Before, the first "Step back" showed only the last mover's view and the next brought the
cover back, at every ply. Now every step back of the finished line is the full state for
everyone (no cover, every bid in the log), and a move tried from the review is a branch
whose game is not over: the cover comes back for whoever moves next.

Screenshots: ``hot-seat-review.png`` (three steps back: the full state, every bid told) and
``hot-seat-review-branch.png`` (a move tried from the review: the cover, the bids hidden).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pages import (
    code_notebook,
    open_lab_notebook,
    run_in_kernel,
    telling_point,
    wait_for_colour,
    widget_css,
)
from servers import Server

import tabletop
from tabletop.widgets import GameWidget

TAG = "lascaux"
PLAY_TO_THE_END = """import random, tabletop
w = tabletop.play('lascaux', players=3, seed=1, hot_seat=True, agent_delay=0, panel_delay=0)
pick = random.Random(1)
while not w.state.is_terminal:  # each friend takes the board in turn
    if w.session.covered():
        w.confirm()
    legal = w.state.legal_actions()
    w.play(legal[pick.randrange(len(legal))])
"""


def finished_here() -> GameWidget:
    """The kernel's widget, made here the same way (for the pictures to expect)."""
    scope: dict[str, Any] = {}
    exec(PLAY_TO_THE_END, scope)  # (the test's own code, as the cell runs it)
    widget: GameWidget = scope["w"]
    assert widget.state.is_terminal
    return widget


def test_a_finished_hot_seat_game_steps_back_in_the_full_state(lab: Server, browser: Any,
                                                               artifacts: Path) -> None:
    here = finished_here()
    for _ in range(3):
        here.back()
    review = here.scene()
    assert here.session.viewer() is None and not here.session.covered()
    cover = GameWidget(tabletop.load("lascaux", players=3).new(seed=1), hot_seat=True,
                       agent_delay=0, panel_delay=0).scene()
    root = widget_css(TAG)
    page = browser.new_page()
    try:
        filename = code_notebook(lab.root, "hotseatreview.ipynb", [
            PLAY_TO_THE_END + f"w.add_class('under-test').add_class('game-{TAG}')\ndisplay(w)"])
        open_lab_notebook(page, lab, filename, [TAG])
        log = page.locator(f"{root} .tabletop-log")
        for _ in range(3):
            page.locator(f"{root} .tabletop-timeline button[title='Step back']").click()
            page.wait_for_timeout(400)
        wait_for_colour(page, TAG, review, telling_point(review, cover))
        page.locator(root).screenshot(path=str(artifacts / "hot-seat-review.png"))
        assert not page.locator(f"{root} .tabletop-confirm").is_visible()
        text = log.inner_text()
        assert "choose ?" not in text and "hidden" not in text, text
        assert "choose " in text  # every bid told, as at the end

        # a move tried from the review, in everyone's sight: the next player's own board
        out = run_in_kernel(page, "s = w.session\n"
                                  "while len(w.state.legal_actions()) < 2: w.back()\n"
                                  "taken = str(s.graph.edges[s.timeline.cursor, "
                                  "s.line()[s.ply() + 1]]['action'])\n"
                                  "w.play(next(a for a in w.state.legal_actions() "
                                  "if str(a) != taken))\n"
                                  "print(s.covered(), s.line_over())")
        assert out.strip() == "True False", out
        page.locator(f"{root} .tabletop-confirm").wait_for(state="visible", timeout=15_000)
        wait_for_colour(page, TAG, cover, telling_point(cover, review))
        page.locator(root).screenshot(path=str(artifacts / "hot-seat-review-branch.png"))
        assert "hidden" in log.inner_text(), log.inner_text()
    finally:
        page.close()

