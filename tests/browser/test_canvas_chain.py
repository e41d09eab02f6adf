"""ipycanvas (0.14.3) draws every canvas of a page through ONE chain of promises: its page
model ``CanvasManagerModel`` does ``currentProcessing = currentProcessing.then(onCommand)``
for each drawing message. A message for canvas A starts with ``switchCanvas(A)``, which
looks A's model up; if A was closed meanwhile (its comm's close is handled at once, not
through the chain), the look-up throws "widget model not found", the chain stays rejected,
and every later drawing of every canvas on the page is dropped: canvas B stays as it was
until the page is reloaded.

Here the chain is made to lag deterministically (``b.sleep(1500)``, a drawing command that
holds the chain) while A draws and is closed. Measured (Chromium, JupyterLab 4):
a bare canvas closed so, 3/3 runs B blank for good; a tabletop ``GameWidget`` redrawn and
``close()``d so, 2/2; 400 or 4,000 draws then ``close()`` with no lag, 0/6. The safe close
(``tabletop.render.canvasclose``: close A once a never-shown 1x1 marker canvas, drawn after
A's last command, has sent its pixels back) passed every run; every close of tabletop's
canvases goes through it now (a game widget's, a tree inspector's, the sweep's: checked here).
Only ipycanvas' own ``close()`` of a bare canvas still blanks the page (upstream's hazard,
kept as a strict xfail to show the lag really bites). ``CHAIN_RUNS=10`` repeats each case.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from pages import code_notebook, open_lab_notebook, run_in_kernel
from servers import Server

# ipycanvas' own close of a bare canvas blanks B (upstream's hazard, not tabletop's close):
# kept to prove the lag set up here really bites, so that the safe variants passing means it.
HAZARD = pytest.mark.xfail(strict=True, reason="ipycanvas' one drawing chain: its own close "
                           "while commands for the canvas are queued stops every canvas drawing")

pytestmark = pytest.mark.browser

SETUP = """from ipycanvas import Canvas, hold_canvas
import ipywidgets
a = Canvas(width=200, height=200)
b = Canvas(width=200, height=200)
a.add_class("chain-a"); b.add_class("chain-b")
display(ipywidgets.HBox([a, b]))

# tabletop's safe close (tabletop.render.canvasclose): a canvas is closed once a 1x1
# marker canvas, never shown, painted after the canvas's last command, has sent its pixels back.
from tabletop.render.canvasclose import CLOSER, close_when_drawn
"""

GAME = """import tabletop
from tabletop.widgets.tree import TreeWidget
g = tabletop.play("lascaux", players=3, seed=1)
g.add_class("chain-game")
t = TreeWidget(g.state, depth=1)
display(g, t)
"""

PAINTED_JS = """sel => {
  const el = document.querySelector(sel);
  if (!el) return -1;
  const c = el.tagName === 'CANVAS' ? el : el.querySelector('canvas');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let p = 0;
  for (let i = 3; i < d.length; i += 4) if (d[i] > 0) p++;
  return p / (d.length / 4);
}"""

REDRAW = "b.sleep(1500); g.board.renderer.forget(); g._refresh(True)"  # a full board's draw
GAME_CANVASES = "closing = [*g.board.canvases, g.board.widget]"
TREE_REDRAW = "b.sleep(1500); t.canvas.renderer.forget(); t.refresh()"
VARIANTS = {
    # A's switchCanvas waits in the chain behind B's sleep while ipycanvas' own close (not
    # tabletop's) takes A's model: the hazard itself, upstream's, kept to show it is real.
    "behind-sleep": "closing = [a]; b.sleep(1500); a.fill_rect(0, 0, 50, 50); a.close()",
    # The same with tabletop's safe close.
    "safe-behind-sleep": ("closing = [a]; b.sleep(1500); a.fill_rect(0, 0, 50, 50); "
                          "close_when_drawn([a, a.layout])"),
    # A tabletop game widget redrawn behind B's sleep, then its own close().
    "safe-game-behind-sleep": f"{GAME_CANVASES}; {REDRAW}; g.close()",
    # A tree inspector redrawn behind B's sleep, then its own close().
    "safe-tree-behind-sleep": ("closing = [*t.canvas.canvases, t.canvas.widget, *t.cursor.parts]; "
                               f"{TREE_REDRAW}; t.close()"),
    # A game widget redrawn behind B's sleep, then the sweep's close (its cell ran again).
    "safe-sweep-behind-sleep": (f"{GAME_CANVASES}; {REDRAW}; "
                                "from tabletop.widgets import abandoned; "
                                "abandoned._candidates.add(g); g._view_count = 0; "
                                "abandoned._homes[g] = ('gone', -1); abandoned._runs['gone'] = 1; "
                                "del g; abandoned.sweep(globals()); g = None"),
    # A burst of A's draws, closed in the same turn.
    "burst": ("closing = [a]\nfor i in range(400):\n    a.fill_style = f'#{i % 256:02x}0000'\n"
              "    a.fill_rect(i % 100, 0, 100, 100)\na.close()"),
}


def _startup_noise(text: str) -> bool:
    """A console line that says nothing about the canvases: Chromium's advice on reading
    pixels, or JupyterLab's plugins slow to start on a busy machine ("... took 5029.90ms to
    activate", "... is taking too long to activate": seen 2 of 30 runs with other tests
    running)."""
    return "willReadFrequently" in text or "to activate" in text


def _painted(page: Any, name: str) -> float:
    return float(page.evaluate(PAINTED_JS, f".chain-{name}"))


@pytest.mark.parametrize("variant", [
    pytest.param(v, marks=HAZARD) if v.endswith("behind-sleep") and not v.startswith("safe")
    else v for v in VARIANTS])
@pytest.mark.parametrize("run", range(int(os.environ.get("CHAIN_RUNS", "1"))))
def test_closing_a_canvas_with_queued_commands_leaves_other_canvases_drawing(
        lab: Server, browser: Any, variant: str, run: int) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on("console", lambda m: errors.append(f"{m.type}: {m.text}")
            if m.type in ("error", "warning") and not _startup_noise(m.text) else None)
    try:
        filename = code_notebook(lab.root, f"chain-{variant}-{run}.ipynb", [SETUP, GAME])
        open_lab_notebook(page, lab, filename, [])
        page.wait_for_selector(".chain-b", timeout=60_000)
        run_in_kernel(page, "b.fill_style = 'red'; b.fill_rect(0, 0, 200, 100)")
        page.wait_for_function(f"() => ({PAINTED_JS})('.chain-b') > 0.4", timeout=10_000)
        run_in_kernel(page, VARIANTS[variant] + "\ndeferred = len(CLOSER.pending)\n"
                      "b.fill_style = 'blue'\n"
                      "b.fill_rect(0, 100, 200, 100)")
        try:
            page.wait_for_function(f"() => ({PAINTED_JS})('.chain-b') > 0.9", timeout=8_000)
        except Exception:  # noqa: BLE001
            pass
        share = _painted(page, "b")
        # Later still (4 s on), does B take a drawing at all?
        page.wait_for_timeout(4000)
        run_in_kernel(page, "b.clear()")
        page.wait_for_timeout(1500)
        cleared = _painted(page, "b")
        closed = run_in_kernel(page, "print(len(CLOSER.pending), "
                               "all(x.comm is None for x in closing), deferred)")
        print(f"\nRESULT {variant} run {run}: b painted {share:.0%}, after a later clear "
              f"{cleared:.0%}; closes waiting, all closed, waited at first: "
              f"{closed.strip()}; errors {errors}")
        assert share > 0.9, (share, errors)
        assert cleared == 0.0, (cleared, errors)  # and B still takes drawings later
        assert not errors, errors
        if variant.startswith("safe"):  # the safe close did close the canvases, soon
            assert closed.split()[:2] == ["0", "True"], closed
            assert int(closed.split()[2]) > 0, closed  # (it did wait for the page)
    finally:
        page.close()
