"""Hot seat in JupyterLab with three people at one laptop: the first picks a secret colour by
clicking, the cover comes down, and the next person, instead of taking the board, hands their
seat to a bot (the seat picker). The cover must stay up — the page showed the first
player's view, their secret colour in the move log, until the cover was kept.

Screenshots: ``hot-seat-covered.png`` (after the move) and ``hot-seat-seat-to-bot.png``
(after the seat change: still the cover, the log hidden) and ``hot-seat-reloaded.png`` (the
page reloaded: the cover again).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pages import (
    click_step,
    code_notebook,
    open_lab_notebook,
    plan_move,
    replay_steps,
    run_command,
    run_in_kernel,
    session_for,
    telling_point,
    wait_for_board,
    wait_for_colour,
    widget_css,
)
from servers import Server

import tabletop
from tabletop.widgets.session import Session

SEED = 7
TAG = "lascaux"


def test_handing_a_covered_seat_to_a_bot_keeps_the_cover(lab: Server, browser: Any,
                                                         artifacts: Path) -> None:
    state = tabletop.load("lascaux", players=3).new(seed=SEED)
    steps, secret = plan_move(state, hot_seat=True)
    board = session_for(state, hot_seat=True).scene()
    cover = Session(state, hot_seat=True).scene()
    nxt = replay_steps(state, steps, hot_seat=True).state.current_player
    assert nxt is not None and nxt != state.current_player
    root = widget_css(TAG)
    page = browser.new_page()
    try:
        filename = code_notebook(lab.root, "hotseat3.ipynb", [
            f"import tabletop\nw = tabletop.play('lascaux', players=3, seed={SEED}, "
            "hot_seat=True, agent_delay=0.3)\nw.paused = True  # bots wait: the page holds still\n"
            f"w.add_class('under-test').add_class('game-{TAG}')\ndisplay(w)"])
        open_lab_notebook(page, lab, filename, [TAG])
        page.locator(f"{root} .tabletop-confirm").click()
        page.locator(f"{root} .tabletop-confirm").wait_for(state="hidden", timeout=15_000)
        wait_for_colour(page, TAG, board, telling_point(board, cover))
        for step in steps:
            click_step(page, TAG, step)
        page.locator(f"{root} .tabletop-confirm").wait_for(state="visible", timeout=15_000)
        wait_for_colour(page, TAG, cover, telling_point(cover, board))
        page.locator(root).screenshot(path=str(artifacts / "hot-seat-covered.png"))
        log = page.locator(f"{root} .tabletop-log")
        assert secret not in log.inner_text()

        page.locator(f"{root} .tabletop-seats select").nth(nxt).select_option("random")
        page.wait_for_timeout(1500)  # the change reaches the kernel; the page is redrawn
        page.locator(root).screenshot(path=str(artifacts / "hot-seat-seat-to-bot.png"))
        wait_for_colour(page, TAG, cover, telling_point(cover, board))
        assert secret not in log.inner_text(), log.inner_text()
        assert "hidden" in log.inner_text(), log.inner_text()
        # the cover now says the bot is to move: Bot move, not Show my board
        assert not page.locator(f"{root} .tabletop-confirm").is_visible()
        assert page.locator(f"{root} .tabletop-bot-move").is_enabled()
        assert "bot is to move" in page.locator(f"{root} .tabletop-message").inner_text()

        # a page reload (the notebook saved with its widgets) brings back the cover, not a view
        run_command(page, "docmanager:save")
        page.wait_for_selector(".jp-mod-dirty", state="detached", timeout=15_000)
        page.reload()
        wait_for_board(page, TAG, timeout=60)
        wait_for_colour(page, TAG, cover, telling_point(cover, board))
        page.locator(root).screenshot(path=str(artifacts / "hot-seat-reloaded.png"))
        assert secret not in page.locator(root).inner_text()
        still = run_in_kernel(page, "print(b'hidden: pass the board' in "
                                    "bytes(w.board.still.value))")
        assert still.strip() == "True", still  # the still under the canvas is the cover too
    finally:
        page.close()
