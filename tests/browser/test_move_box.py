"""The move box plays a typed move on Enter only: a move typed and left (Tab, or a click on
another control) stays in the box unplayed, Enter on the same refused text says why again,
and Enter on an empty box says what may be typed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pages import code_notebook, open_lab_notebook, widget_css
from servers import Server

LOG_HAS = "([sel, text]) => [...document.querySelectorAll(sel)].some(e => e.textContent === text)"


def test_a_typed_move_is_played_on_enter_and_never_on_leaving_the_box(
        lab: Server, browser: Any, artifacts: Path) -> None:
    page = browser.new_page()
    try:
        filename = code_notebook(lab.root, "movebox.ipynb", [
            "import tabletop\nw = tabletop.play('lacuna', seed=3, agent_delay=0)\n"
            "w.add_class('under-test').add_class('game-lacuna')\ndisplay(w)"])
        open_lab_notebook(page, lab, filename, ["lacuna"])
        root = widget_css("lacuna")
        box = page.locator(f"{root} .tabletop-move-box input")
        message = page.locator(f"{root} .tabletop-message")
        box.focus()
        page.keyboard.type("aside red")
        page.keyboard.press("Tab")  # left, not submitted
        page.wait_for_timeout(1500)
        page.screenshot(path=str(artifacts / "movebox-left.png"))
        assert not page.evaluate(LOG_HAS, [f"{root} .tt-move", "aside red"]), \
            "a move typed and left by Tab was played without Enter"
        assert box.input_value() == "aside red"
        box.focus()
        page.keyboard.press("End")
        page.keyboard.press("Backspace")  # 'aside re': no action
        page.keyboard.press("Enter")
        page.wait_for_function("sel => document.querySelector(sel).textContent.includes("
                               "'nearest legal action')", arg=f"{root} .tabletop-message",
                               timeout=15_000)
        assert box.input_value() == "aside re"
        page.keyboard.type("d")
        page.keyboard.press("Enter")
        page.wait_for_function(LOG_HAS, arg=[f"{root} .tt-move", "aside red"], timeout=15_000)
        assert box.input_value() == ""
        box.focus()
        page.keyboard.press("Enter")  # empty: says what to type
        page.wait_for_function("sel => document.querySelector(sel).textContent.includes("
                               "'may play')", arg=f"{root} .tabletop-message", timeout=15_000)
        page.screenshot(path=str(artifacts / "movebox-empty-enter.png"))
        assert message.count() >= 1
    finally:
        page.close()
