"""The game widget in a real browser: JupyterLab (each game, a bot, a page reload) and Voilà.

One JupyterLab page shows every game's widget (one kernel); the tests click a legal move on
each, then a move against a bot, then reload the page. Voilà serves one game as an app.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import (
    canvas_css,
    changed_pixels,
    click_step,
    games,
    open_lab_notebook,
    painted_share,
    plan_move,
    start_state,
    wait_for_board,
    widget_css,
    write_notebook,
)
from servers import NOTEBOOKS, Server, need, start_server

pytestmark = pytest.mark.browser

GAMES = games()
BOT_GAME = GAMES[0]
BOT_DELAY = 0.6


def _bot_seats() -> dict[int, str]:
    """Every seat but the first mover's is a random bot."""
    state = start_state(BOT_GAME)
    return {p: "random" for p in range(state.game.players) if p != state.current_player}


@pytest.fixture(scope="module")
def lab_page(lab: Server, browser: Any) -> Iterator[Any]:
    """One JupyterLab page with every game's widget and a game against bots, all run."""
    page = browser.new_page()
    filename = write_notebook(lab.root, GAMES, "games.ipynb", bot_game=BOT_GAME,
                              bots=_bot_seats(), bot_delay=BOT_DELAY)
    try:
        open_lab_notebook(page, lab, filename, [*GAMES, "bots"])
        yield page
    finally:
        page.close()


def _record(artifacts: Path, key: str, value: Any) -> None:
    path = artifacts / "latency.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data[key] = value
    path.write_text(json.dumps(data, indent=1, sort_keys=True))


def _log_items(page: Any, tag: str) -> int:
    return int(page.locator(f"{widget_css(tag)} .tabletop-log li").count())


def _play(page: Any, name: str, tag: str, artifacts: Path, label: str) -> str:
    """Make one legal move by clicking; check the log and the pixels say it happened."""
    steps, expected = plan_move(start_state(name))
    canvas = page.locator(canvas_css(tag))
    canvas.scroll_into_view_if_needed()
    before = canvas.screenshot()
    moves = _log_items(page, tag)
    latencies = [click_step(page, tag, step) for step in steps]
    page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length > n",
        arg=[f"{widget_css(tag)} .tabletop-log li", moves], timeout=15_000)
    first_new = page.locator(f"{widget_css(tag)} .tabletop-log li").nth(moves)
    assert expected in first_new.inner_text()
    message = page.locator(f"{widget_css(tag)} .tabletop-message").inner_text()
    assert "played" in message, message
    after = canvas.screenshot()
    changed = changed_pixels(before, after)
    assert changed > 20, f"the board was not redrawn after {expected!r} ({changed} px changed)"
    page.locator(widget_css(tag)).screenshot(path=str(artifacts / f"{label}.png"))
    final = latencies[-1]
    print(f"\n{label}: move {expected!r} by {len(steps)} click(s); click→pixels "
          f"{'n/a' if final is None else f'{final:.0f} ms'} (goal ≤ 100 ms), "
          f"each click {['-' if t is None else round(t) for t in latencies]}")
    _record(artifacts, label, {"move": expected, "clicks": len(steps),
                               "click_to_pixels_ms": latencies})
    return expected


@pytest.mark.parametrize("name", GAMES)
def test_click_a_move_in_jupyterlab(name: str, lab_page: Any, artifacts: Path) -> None:
    _play(lab_page, name, name, artifacts, f"lab-{name}")


def test_a_bot_replies_after_a_visible_pause(lab_page: Any, artifacts: Path) -> None:
    steps, expected = plan_move(start_state(BOT_GAME))
    items = f"{widget_css('bots')} .tabletop-log li"
    before = _log_items(lab_page, "bots")
    for step in steps:
        click_step(lab_page, "bots", step)
    grown = "([sel, n]) => document.querySelectorAll(sel).length > n"
    lab_page.wait_for_function(grown, arg=[items, before], timeout=15_000, polling=20)
    seen_move = time.monotonic()
    shown = _log_items(lab_page, "bots")
    assert expected in lab_page.locator(items).nth(before).inner_text()
    assert shown == before + 1, "the bot's reply came with the move, without a pause"
    lab_page.wait_for_function(grown, arg=[items, before + 1], timeout=15_000, polling=20)
    pause = time.monotonic() - seen_move
    message = lab_page.locator(f"{widget_css('bots')} .tabletop-message").inner_text()
    assert "(random) played" in message, message
    assert pause > BOT_DELAY / 3, f"the bot replied {pause:.2f} s after the move: no pause"
    lab_page.locator(widget_css("bots")).screenshot(path=str(artifacts / "lab-bots.png"))
    print(f"\nbot replied {pause:.2f} s after the move was shown (bot_delay={BOT_DELAY} s)")


def test_reload_redraws_every_canvas(lab_page: Any, artifacts: Path) -> None:
    lab_page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    lab_page.wait_for_selector(".jp-mod-dirty", state="detached", timeout=15_000)
    lab_page.reload()
    for tag in [*GAMES, "bots"]:
        wait_for_board(lab_page, tag, timeout=60)
        assert painted_share(lab_page, tag) > 0.5
    lab_page.locator(widget_css(GAMES[0])).screenshot(path=str(artifacts / "lab-reload.png"))


def test_play_a_move_in_voila(browser_ready: None, page: Any, artifacts: Path,
                              tmp_path_factory: pytest.TempPathFactory) -> None:
    need(None if _has_voila() else "voila is not installed (pip install voila)")
    name = GAMES[0]
    base = tmp_path_factory.mktemp("voila")
    root = base / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    filename = write_notebook(root, [name], "app.ipynb")
    server = start_server("voila", base, [str(root / filename)], "/ready-probe")
    try:
        page.goto(f"{server.url}/", timeout=90_000)
        wait_for_board(page, name, timeout=90)
        _play(page, name, name, artifacts, f"voila-{name}")
    finally:
        server.stop()


def _has_voila() -> bool:
    from importlib.util import find_spec

    return find_spec("voila") is not None
