"""A player with only a keyboard, in JupyterLab at 1280x800: every game is reached with Tab
from its cell and played by typed moves against a bot, the focus staying in the move box
through each of the bot's replies (the box is shut while the bot thinks, and a browser drops
the focus of a shut control); the timeline's steps and the hot-seat cover are pressed with
Enter and Space, and the focus goes where the next press is (``tabletop.widgets.keyfocus``).
Every control shows its focus: an outline at least 1 px wide, measured.
Screenshots: ``keyboard-<game>.png``, ``keyboard-hot-seat.png``, ``keyboard-steps.png``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from pages import code_notebook, games, open_lab_notebook, run_in_kernel, widget_css
from servers import Server
from waits import kernel_until

SIZE = {"width": 1280, "height": 800}

#: What has the focus: a name for the widget's controls (the move box, a button's tooltip).
ACTIVE_JS = """() => {
  const e = document.activeElement;
  if (!e) return 'nothing';
  if (e.closest('.tabletop-move-box')) return 'move box';
  return e.getAttribute('title') || e.textContent.trim().slice(0, 30) || e.tagName;
}"""

#: How the focused element shows its focus: outline width, or a box shadow.
RING_JS = """() => {
  const s = getComputedStyle(document.activeElement);
  return {outline: s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth),
          shadow: s.boxShadow !== 'none', border: s.borderColor};
}"""

#: The ply on show and who is to move (``0``, the human, once the bot replied).
WHERE = "print(w.session.ply(), w.state.current_player if w.runner.thinking is None else 'bot')"
PLY = "print(w.session.ply())"
NEXT_MOVE = "import random\nprint(random.Random(w.session.ply()).choice(w.state.legal_actions()))"


def active(page: Any) -> str:
    return str(page.evaluate(ACTIVE_JS))


def open_game(page: Any, lab: Server, name: str, options: str) -> str:
    page.set_viewport_size(SIZE)
    filename = code_notebook(lab.root, f"keys-{name}.ipynb", [
        f"import tabletop\nw = tabletop.play({name!r}, seed=3, {options})\n"
        f"w.add_class('under-test').add_class('game-{name}')\ndisplay(w)", "x = 1"])
    open_lab_notebook(page, lab, filename, [name])
    return widget_css(name)


def tab_to(page: Any, target: str, limit: int = 20) -> list[str]:
    """Press Tab until ``target`` has the focus; what had it on the way. A key pressed on
    the board goes to the kernel, which sends the focus on: it is waited for."""
    seen = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        if active(page) == "CANVAS":
            try:
                page.wait_for_function(f"() => ({ACTIVE_JS})() !== 'CANVAS'", timeout=5_000)
            except Exception:  # noqa: BLE001 - told below, with the way
                pass
        seen.append(active(page))
        if seen[-1] == target:
            return seen
    raise AssertionError(f"{target!r} never took the focus in {limit} Tabs: {seen}")


@pytest.mark.parametrize("name", games())
def test_a_game_is_played_against_a_bot_from_the_keyboard_alone(
        lab: Server, browser: Any, artifacts: Path, name: str) -> None:
    page = browser.new_page()
    try:
        root = open_game(page, lab, name, "bots={1: 'random'}, agent_delay=0.3")
        page.locator(f"{root}").scroll_into_view_if_needed()
        # from the widget's cell (command mode), as after running it with Shift-Enter
        page.locator(".jp-Cell").first.click(position={"x": 5, "y": 5})
        page.keyboard.press("Escape")
        way = tab_to(page, "move box")
        assert len(way) <= 12, way
        # the board (ipycanvas gives it the focus and keeps every key) is no trap
        page.locator(f"{root} canvas.tabletop-canvas").focus()
        page.keyboard.press("Shift+Tab")
        page.wait_for_function(f"() => ({ACTIVE_JS})() !== 'CANVAS'", timeout=5_000)
        assert active(page) != "move box"
        tab_to(page, "move box")
        ring = page.evaluate(RING_JS)
        assert ring["outline"] >= 1 or ring["shadow"], ring
        for turn in range(4):
            ply = int(run_in_kernel(page, "print(w.session.ply())"))
            if run_in_kernel(page, "print(w.state.is_terminal)").strip() == "True":
                break
            page.keyboard.type(run_in_kernel(page, NEXT_MOVE).strip())
            page.keyboard.press("Enter")  # no click, no focus() from the test after this
            for _ in range(100):  # until the move and the bot's reply are made
                time.sleep(0.2)
                after, mover = run_in_kernel(page, WHERE).split()
                if int(after) > ply and mover == "0":
                    break
            page.wait_for_function(
                "sel => { const b = document.querySelector(sel);"
                " return b && !b.disabled && document.activeElement === b; }",
                arg=f"{root} .tabletop-move-box input", timeout=10_000)
            assert active(page) == "move box", (turn, active(page))
        page.screenshot(path=str(artifacts / f"keyboard-{name}.png"))
        cells = page.locator(".jp-Cell").count()
        assert cells == 2, "a key typed in the move box reached the notebook's shortcuts"
    finally:
        page.close()


def test_steps_and_the_hot_seat_cover_by_enter_and_space(
        lab: Server, browser: Any, artifacts: Path) -> None:
    page = browser.new_page()
    try:
        root = open_game(page, lab, "lava-flows", "hot_seat=True, agent_delay=0")
        page.locator(f"{root} .tabletop-confirm").focus()  # where Tab from the cell leads
        assert active(page) == "Lift the cover for the player to move"
        rings = {}
        for _ in range(3):
            page.keyboard.press("Space")  # Show my board: it hides, the box takes the focus
            page.wait_for_function("() => !!document.activeElement.closest('.tabletop-move-box')",
                                   timeout=20_000)
            rings["move box"] = page.evaluate(RING_JS)
            page.keyboard.type(run_in_kernel(page, NEXT_MOVE).strip())
            page.keyboard.press("Enter")  # the cover comes down: Show my board has the focus
            page.wait_for_function("() => document.activeElement.classList"
                                   ".contains('tabletop-confirm')", timeout=20_000)
            rings["show my board"] = page.evaluate(RING_JS)
        page.screenshot(path=str(artifacts / "keyboard-hot-seat.png"))
        assert int(run_in_kernel(page, "print(w.session.ply())")) == 3
        page.locator(f"{root} button[title='Jump to the start']").focus()
        page.keyboard.press("Enter")  # shut once at the start: the focus goes nowhere else
        kernel_until(page, PLY, lambda p: p == "0", "Jump to the start to reach the kernel")
        page.wait_for_function(  # a press on a button the page still shows disabled is lost
            "sel => { const b = document.querySelector(sel); return b && !b.disabled; }",
            arg=f"{root} button[title='Step forward']", timeout=20_000)  # (docs/widget.md)
        page.locator(f"{root} button[title='Step forward']").focus()
        page.keyboard.press("Enter")
        kernel_until(page, PLY, lambda p: p == "1", "Step forward to reach the kernel (ply 1)")
        assert active(page) == "Step forward"
        rings["step"] = page.evaluate(RING_JS)
        page.screenshot(path=str(artifacts / "keyboard-steps.png"))
        handle = page.locator(f"{root} .noUi-handle")
        handle.focus()
        page.keyboard.press("ArrowRight")
        kernel_until(page, PLY, lambda p: p != "1", "the slider's arrow key to move the ply")
        assert int(run_in_kernel(page, PLY)) == 2
        rings["slider"] = page.evaluate(RING_JS)
        page.locator(f"{root} select:not([disabled])").first.focus()
        rings["seat"] = page.evaluate(RING_JS)
        page.keyboard.press("Space")  # a closed list takes no arrows in JupyterLab: open it
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        kernel_until(page, "print(w.seat_pickers[0].value)", lambda v: v != "human",
                     "the seat list's Enter to choose a bot")
        for control, ring in rings.items():
            assert ring["outline"] >= 1 or ring["shadow"], (control, ring)
    finally:
        page.close()
