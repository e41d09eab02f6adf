"""A teacher's gallery: eight game widgets (two of each game: one for people, one with bots in
every seat but Lacuna's first, so three matches of bots against bots) and a tree inspector in
one JupyterLab page at 1280×800.

Measured (``artifacts/gallery.json``): the time until every board is painted, the kernel's
and the page's memory, and a person's click → redraw while three matches' bots search.
Checked: the clicks each redraw their own board, and the gallery cell run again closes the
old widgets (``tabletop.widgets.abandoned``): the widget models and the kernel's memory stay
flat over the runs (a gallery of twelve grew by some 1,270 models and 12 MB a run before).
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from pages import (
    OPENINGS,
    click_step,
    code_notebook,
    games,
    open_lab_notebook,
    plan_move,
    replay_steps,
    run_command,
    run_in_kernel,
    start_state,
    wait_for_board,
)
from servers import Server
from waits import kernel_until

from tabletop.widgets.presses import DOUBLE_CLICK

pytestmark = pytest.mark.browser

GALLERY = """import tabletop
from tabletop.widgets.tree import TreeWidget

OPENINGS = {opening}
gallery = []
for name in {games}:
    start = tabletop.load(name).new(seed=7, setup="random")
    for text in OPENINGS.get(name, ()):
        start = start.apply(text)
    last = start.game.players - 1
    match = {{p: "mcts" for p in range(last + 1)}} if name != "lacuna" else {{1: "mcts"}}
    for k, bots in enumerate([None, match]):
        w = tabletop.play(start if k == 0 else tabletop.load(name).new(seed=k), bots=bots,
                          agent_delay=0.3)
        w.add_class("under-test").add_class(f"game-{{name}}-{{k}}")
        gallery.append(w)
tree = TreeWidget(gallery[0].state, depth=1)
display(*gallery, tree)
"""

STATS = """import os, ipywidgets.widgets.widget as _w
_rss = int(open(f"/proc/{os.getpid()}/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
print(_rss // 2**20, len(_w._instances))
"""

FIGURES: dict[str, Any] = {}


def heap_mb(cdp: Any) -> float:
    """The page's JavaScript heap in use after a garbage collection (MB)."""
    cdp.send("HeapProfiler.collectGarbage")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return round(float(metrics["JSHeapUsedSize"]) / 2**20, 1)


def tags() -> list[str]:
    return [f"{name}-{k}" for name in games() for k in range(2)]


@pytest.fixture(scope="module")
def gallery_page(lab: Server, browser: Any, artifacts: Path) -> Any:
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.cdp = page.context.new_cdp_session(page)
    page.cdp.send("Performance.enable")
    page.errors = errors
    console: list[str] = []  # the page's console, for a failure's message
    page.on("console", lambda msg: console.append(f"{msg.type}: {msg.text}"[:300]))
    page.console_lines = console
    cell = GALLERY.format(games=games(), opening=dict(OPENINGS))
    filename = code_notebook(lab.root, "gallery.ipynb", [cell])
    start = time.monotonic()
    open_lab_notebook(page, lab, filename, tags())
    FIGURES["render_s"] = round(time.monotonic() - start, 1)
    FIGURES["heap_mb"] = heap_mb(page.cdp)
    FIGURES["kernel_mb_models"] = run_in_kernel(page, STATS).split()
    page.screenshot(path=str(artifacts / "gallery.png"))
    try:
        yield page
    finally:
        (artifacts / "gallery.json").write_text(json.dumps(FIGURES, indent=1), encoding="utf-8")
        run_in_kernel(page, "[x.close() for x in gallery]; tree.close()")
        page.close()


def test_clicks_redraw_their_own_board_while_three_matches_search(gallery_page: Any) -> None:
    page = gallery_page
    latencies = []
    for name in games():
        tag = f"{name}-0"
        state = start_state(name)
        for _ in range(2):
            steps, _ = plan_move(state)
            for step in steps:
                ms = click_step(page, tag, step)
                if ms is not None:
                    latencies.append(ms)
            state = replay_steps(state, steps).state
            # a press at the spot of one that made a move less than ``DOUBLE_CLICK`` s
            # before is the second half of a double click (Lascaux's "pay" three times)
            page.wait_for_timeout(DOUBLE_CLICK * 1000 + 100)
        shown = run_in_kernel(page, f"print(gallery[{2 * games().index(name)}].session.ply())")
        assert int(shown) == len(state.history), (name, shown)  # each click played once
    FIGURES["clicks"] = len(latencies)
    FIGURES["click_ms_p50_p95_max"] = [round(statistics.median(latencies)),
                                       round(sorted(latencies)[int(0.95 * len(latencies))]),
                                       round(max(latencies))]
    FIGURES["plies"] = run_in_kernel(page, "print([x.session.ply() for x in gallery])")
    assert not page.errors, page.errors


def test_running_the_gallery_cell_again_closes_the_old_widgets(gallery_page: Any,
                                                               artifacts: Path) -> None:
    page = gallery_page
    runs = []
    for _ in range(2):
        old_ids = run_in_kernel(page, "print([x.model_id for x in gallery])")
        run_command(page, "notebook:run-cell", 0)
        try:
            for tag in tags():
                wait_for_board(page, tag)
        except AssertionError as failure:
            # a blank new board: say what the page said (a widget manager's or ipycanvas'
            # error would explain it; none seen in the runs this was added for)
            page.screenshot(path=str(artifacts / "gallery-rerun-failed.png"), full_page=True)
            said = "\n".join(page.console_lines[-30:])
            raise AssertionError(f"{failure}\npage errors: {page.errors}\n"
                                 f"the page's console, last lines:\n{said}") from failure
        # (their canvases close once the page has drawn them: CLOSER.pending empties)
        kernel_until(page, f"import ipywidgets.widgets.widget as _w\n"
                     "from tabletop.render.canvasclose import CLOSER\n"
                     f"print(sum(i in _w._instances for i in {old_ids}) + len(CLOSER.pending))",
                     lambda said: said == "0", "the old gallery's widgets to close")
        runs.append([heap_mb(page.cdp), *map(int, run_in_kernel(page, STATS).split())])
    FIGURES["reruns_heap_rss_models"] = runs
    page.screenshot(path=str(artifacts / "gallery-rerun.png"))
    first, last = runs[0], runs[-1]
    assert last[2] <= first[2] + 20, runs  # no models left over (a run makes some 850)
    # The kernel's memory: 12 MB more a run of twelve before, 24 over two runs; with the fix
    # +4 to +18 MB measured on a busy machine (RSS keeps freed memory; the models say more).
    assert last[1] <= first[1] + 22, runs
    # (the page's heap is measured, not held)
    assert not page.errors, page.errors
