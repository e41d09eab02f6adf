"""Waiting for bots in JupyterLab: "thinking…" soon after the person's move, the bots' moves
one at a time in the log, and Pause stopping them (``tabletop.widgets.agentrun``).

Lascaux with four players, three of them weak MCTS bots. The page records (with a
MutationObserver, in page time) every change of the turn line and of the log's length, so the
test reads when each thing appeared, not when it polled. Screenshots of the thinking state
and of the paused state go to ``tests/browser/artifacts/``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from pages import click_step, code_notebook, open_lab_notebook, plan_move, widget_css
from servers import Server

import tabletop
from tabletop.core.game import State

pytestmark = pytest.mark.browser

TAG = "waits"
SEED, PLAYERS, BOT, DELAY = 7, 4, "mcts-weak", 0.8
#: Longest a "thinking…" may take to appear after the person's click, in ms.
THINKING_GOAL_MS = 1000.0

CELL = """import tabletop

state = tabletop.load("lascaux", players={players}).new(seed={seed}, setup="random")
bots = {{p: "{bot}" for p in range({players}) if p != state.current_player}}
w = tabletop.play(state, bots=bots, view="full", agent_delay={delay})
w.add_class("under-test").add_class("game-{tag}")
w
"""

# Notes, in page time, every change of the turn line's text and of the log's length.
RECORD_JS = """root => {
  const rec = {turns: [], logs: [], t0: 0};
  window.__ttWaits = rec;
  const turn = root.querySelector('.tabletop-turn');
  const log = root.querySelector('.tabletop-log');
  const note = () => {
    const now = performance.now();
    const text = turn.innerText.trim();
    if (!rec.turns.length || rec.turns[rec.turns.length - 1][1] !== text)
      rec.turns.push([now, text]);
    const n = log.querySelectorAll('li').length;
    if (!rec.logs.length || rec.logs[rec.logs.length - 1][1] !== n) rec.logs.push([now, n]);
  };
  note();
  new MutationObserver(note).observe(root, {subtree: true, childList: true,
                                            characterData: true});
  document.addEventListener('mousedown', () => { rec.t0 = performance.now(); },
                            {once: true, capture: true});
}"""


def _start() -> State:
    return tabletop.load("lascaux", players=PLAYERS).new(seed=SEED, setup="random")


def _headless(state: State) -> Any:
    """The notebook's widget without a browser: the same bots, seeded alike, replying at once
    (pausing or searching in a thread never changes their moves)."""
    bots = {p: BOT for p in range(PLAYERS) if p != state.current_player}
    return tabletop.play(state, bots=bots, view="full", agent_delay=0)


def _notebook(root: Path) -> str:
    source = CELL.format(players=PLAYERS, seed=SEED, bot=BOT, delay=DELAY, tag=TAG)
    return code_notebook(root, "waits.ipynb", [source])


def _record(page: Any) -> dict[str, Any]:
    return page.evaluate("() => JSON.parse(JSON.stringify(window.__ttWaits))")  # type: ignore


def _moves(page: Any) -> list[str]:
    """The moves in the page's log."""
    texts = page.locator(f"{widget_css(TAG)} .tabletop-log .tt-move").all_inner_texts()
    return [t.strip() for t in texts]


def _wait_for_turn(page: Any, name: str, moves: int, timeout: float = 60.0) -> None:
    """Wait until the turn line says ``name`` is to move (not thinking) and the log shows
    ``moves`` moves."""
    page.wait_for_function(
        "([sel, name, log, n]) => { const t = document.querySelector(sel)?.innerText ?? '';"
        " return t.includes(name) && t.includes('to move')"
        " && document.querySelectorAll(log).length === n; }",
        arg=[f"{widget_css(TAG)} .tabletop-turn", name, f"{widget_css(TAG)} .tabletop-log li",
             moves], timeout=timeout * 1000)


def test_bots_think_visibly_move_one_at_a_time_and_pause(lab: Server, browser: Any,
                                                         artifacts: Path) -> None:
    state = _start()
    human = state.current_player
    assert human is not None
    name = state.game.player_name(human)
    steps, expected = plan_move(state)
    page = browser.new_page()
    try:
        open_lab_notebook(page, lab, _notebook(lab.root), [TAG])
        root = page.locator(widget_css(TAG))
        root.evaluate(RECORD_JS)
        before = page.locator(f"{widget_css(TAG)} .tabletop-log li").count()
        for step in steps:
            click_step(page, TAG, step)
        page.wait_for_function(
            "() => window.__ttWaits.turns.some(([, t]) => t.includes('is thinking…'))",
            timeout=15_000, polling=10)
        root.screenshot(path=str(artifacts / "lab-waits-thinking.png"))
        headless = _headless(state)
        headless.play(expected)
        after = headless.state
        assert after.current_player == human
        _wait_for_turn(page, name, len(after.history))
        rec = _record(page)
        replies = len(after.history) - len(state.history) - 1
        thinking = [t for t, text in rec["turns"] if "is thinking…" in text]
        first_ms = thinking[0] - rec["t0"]
        counts = [n for _, n in rec["logs"]]
        grew = [t for (t, n), (_, m) in zip(rec["logs"][1:], rec["logs"], strict=False)
                if n > m]
        gaps = [round(b - a) for a, b in zip(grew, grew[1:], strict=False)]
        print(f"\nthinking… shown {first_ms:.0f} ms after the click; {replies} bot moves; "
              f"log lengths {counts}; ms between moves {gaps}")
        (artifacts / "waits.json").write_text(json.dumps(
            {"thinking_after_click_ms": first_ms, "log": rec["logs"], "turns": rec["turns"],
             "click_ms": rec["t0"]}, indent=1), encoding="utf-8")
        assert first_ms < THINKING_GOAL_MS, f"thinking… appeared {first_ms:.0f} ms after the click"
        assert replies >= 2
        assert counts == list(range(before, before + replies + 2)), counts  # one at a time
        assert all(g > DELAY * 1000 * 0.5 for g in gaps), gaps  # each move shown on its own
        said = [text for _, text in rec["turns"]]
        for player in {p for p in range(PLAYERS) if p != human}:
            bot = state.game.player_name(player)
            assert any(t.startswith(bot) and "is thinking…" in t for t in said), said
        assert _moves(page) == list(after.log(None))  # the very moves the bots make headless

        # Pause during the next round of bots: they stop; resuming lets them go on.
        steps, expected = plan_move(after)
        for step in steps:
            click_step(page, TAG, step)
        page.wait_for_function(  # the person's move is in the log and a bot thinks
            "([sel, log, n]) => (document.querySelector(sel)?.innerText ?? '')"
            ".includes('is thinking…') && document.querySelectorAll(log).length === n",
            arg=[f"{widget_css(TAG)} .tabletop-turn", f"{widget_css(TAG)} .tabletop-log li",
                 len(after.history) + 1], timeout=15_000, polling=10)
        paused_at = page.locator(f"{widget_css(TAG)} .tabletop-log li").count()
        page.locator(f"{widget_css(TAG)} .tabletop-pause").click()
        page.wait_for_function(
            "sel => (document.querySelector(sel)?.innerText ?? '').includes('· paused')",
            arg=f"{widget_css(TAG)} .tabletop-turn", timeout=15_000)
        held = page.locator(f"{widget_css(TAG)} .tabletop-log li").count()
        assert "Resume bots" in page.locator(f"{widget_css(TAG)} .tabletop-pause").inner_text()
        time.sleep(3 * DELAY + 1)
        still = page.locator(f"{widget_css(TAG)} .tabletop-log li").count()
        root.screenshot(path=str(artifacts / "lab-waits-paused.png"))
        print(f"paused with {paused_at} moves in the log; {held} once paused; {still} later")
        assert still == held == paused_at, (paused_at, held, still)  # the move was held
        page.locator(f"{widget_css(TAG)} .tabletop-pause").click()  # resume
        headless.play(expected)
        final = headless.state
        _wait_for_turn(page, name, len(final.history))
        assert _moves(page) == list(final.log(None))  # pausing changed no bot's move
    finally:
        page.close()
