"""Bots' turns in an event loop: "thinking…" first, the search off the loop, one move at a time,
Pause, and stale searches dropped; the warm-up at widget creation (``agentrun``, ``warmup``)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import awaiting
import pytest

import tabletop
from tabletop.agents import RandomAgent
from tabletop.widgets import GameWidget, warmup

PLAYERS = 4


class Recording:
    """A bot that plays the first legal move and notes, as it starts searching, the turn
    line on show and the thread it runs in; it waits for ``gate`` (if set) before answering."""

    name = "recording"

    def __init__(self, log: list[tuple[str, Any]], widget: list[GameWidget]) -> None:
        self.log = log
        self.widget = widget
        self.gate: threading.Event | None = None
        self.calls = 0

    def act(self, view: Any) -> Any:
        self.calls += 1
        turn = self.widget[0].turn_html.value if self.widget else ""
        self.log.append(("search", (view.player, turn, threading.current_thread().name)))
        if self.gate is not None:
            assert self.gate.wait(10), "the test never opened the gate"
        return view.legal_actions()[0]


def lascaux(bots: dict[int, Any], **options: Any) -> GameWidget:
    options.setdefault("panel_delay", 0)
    return tabletop.play("lascaux", players=PLAYERS, seed=1, setup="random", bots=bots,
                         **options)


def human_seat() -> int:
    state = tabletop.load("lascaux", players=PLAYERS).new(seed=1, setup="random")
    assert state.current_player is not None
    return state.current_player


def recorded(log: list[tuple[str, Any]], shell: list[GameWidget]) -> tuple[Recording, dict]:
    bot = Recording(log, shell)
    return bot, {p: bot for p in range(PLAYERS) if p != human_seat()}


async def until(check: Any, seconds: float = 60.0) -> None:
    """Let the loop run until ``check()`` holds (``awaiting.until``, a hang guard of
    ``seconds`` measured on the clock, not in sleeps a loaded machine stretches)."""
    await awaiting.until(check, "the test's awaited condition (see the traceback)", seconds)


def test_thinking_is_shown_before_each_search_and_moves_come_one_at_a_time():
    log: list[tuple[str, Any]] = []
    shell: list[GameWidget] = []
    bot, bots = recorded(log, shell)

    async def scenario() -> None:
        widget = lascaux(bots, agent_delay=0.02)
        shell.append(widget)
        widget.turn_html.observe(lambda c: log.append(("turn", c["new"])), "value")
        widget.observe(lambda c: log.append(("state", len(c["new"].history))), "state")
        start = len(widget.state.history)
        widget.play(widget.state.legal_actions()[0])
        assert widget.runner.running  # the human's move returned before any bot moved
        assert len(widget.state.history) == start + 1
        await until(lambda: widget.state.current_player == human_seat())
        assert widget.runner.thinking is None and "thinking" not in widget.turn_html.value

    asyncio.run(scenario())
    plies = [n for kind, n in log if kind == "state"]
    assert plies == list(range(plies[0], plies[0] + len(plies)))  # one ply at a time
    assert len(plies) == 1 + PLAYERS - 1  # the human's move, then each bot's
    searches = [i for i, (kind, _) in enumerate(log) if kind == "search"]
    assert len(searches) == PLAYERS - 1
    moves = [i for i, (kind, _) in enumerate(log) if kind == "state"]
    for k, at in enumerate(searches):
        player, turn, thread = log[at][1]
        name = tabletop.load("lascaux", players=PLAYERS).player_name(player)
        assert f"{name}</b> (recording) is thinking…" in turn  # on show as it searched
        assert thread.startswith("tabletop-bot")  # off the loop's thread
        assert moves[k] < at < moves[k + 1]  # between the move before and its own
        shown = [i for i, (kind, v) in enumerate(log[:at]) if kind == "turn"
                 and "is thinking…" in v and f"{name}</b>" in v]
        assert shown and shown[-1] > moves[k]  # the page was told after the last move


def test_the_loop_stays_free_and_pause_holds_the_move_until_resume():
    log: list[tuple[str, Any]] = []
    shell: list[GameWidget] = []
    bot, bots = recorded(log, shell)
    bot.gate = threading.Event()

    async def scenario() -> None:
        widget = lascaux(bots, agent_delay=0.01)
        shell.append(widget)
        widget.play(widget.state.legal_actions()[0])
        ply = len(widget.state.history)
        await until(lambda: bot.calls == 1)
        ticks = 0
        for _ in range(5):  # the loop runs while the bot searches
            await asyncio.sleep(0.01)
            ticks += 1
        assert ticks == 5 and "is thinking…" in widget.turn_html.value
        widget.pause_button.value = True  # the person presses Pause mid-search
        assert widget.paused and widget.pause_button.description == "Resume bots"
        bot.gate.set()
        await until(lambda: not widget.runner.running)
        assert len(widget.state.history) == ply  # the move was held, not played
        assert "paused</i>" in widget.turn_html.value
        assert "thinking" not in widget.turn_html.value
        await asyncio.sleep(0.05)
        assert len(widget.state.history) == ply and bot.calls == 1
        widget.paused = False  # resume: the held move at once, without searching again
        assert len(widget.state.history) == ply + 1 and bot.calls == 1
        assert widget.pause_button.description == "Pause bots"
        await until(lambda: widget.state.current_player == human_seat())
        assert bot.calls == PLAYERS - 1

    asyncio.run(scenario())


def test_pausing_and_resuming_does_not_change_what_the_bots_play():
    def game(pause: bool) -> tuple[Any, ...]:
        async def scenario() -> tuple[Any, ...]:
            bots = {p: RandomAgent(seed=p) for p in range(PLAYERS) if p != human_seat()}
            widget = lascaux(bots, agent_delay=0.01)
            for _ in range(3):
                widget.play(widget.state.legal_actions()[-1])
                if pause:
                    await asyncio.sleep(0)
                    widget.paused = True
                    await until(lambda: not widget.runner.running)
                    widget.paused = False
                await until(lambda: widget.state.current_player in (human_seat(), None))
            return widget.state.history

        return asyncio.run(scenario())

    assert game(pause=True) == game(pause=False)


def test_stepping_back_while_a_bot_thinks_drops_its_move():
    log: list[tuple[str, Any]] = []
    shell: list[GameWidget] = []
    bot, bots = recorded(log, shell)
    bot.gate = threading.Event()

    async def scenario() -> None:
        widget = lascaux(bots, agent_delay=0.01)
        shell.append(widget)
        widget.play(widget.state.legal_actions()[0])
        await until(lambda: bot.calls == 1)
        nodes, moved = len(widget.timeline), widget.state
        widget.back()
        assert "thinking" not in widget.turn_html.value and not widget.runner.running
        bot.gate.set()  # the stale search now finishes in its thread
        await asyncio.sleep(0.1)
        assert len(widget.timeline) == nodes  # nothing was played anywhere
        assert widget.state is widget.session.state and widget.state != moved
        assert widget.state.current_player == human_seat() and bot.calls == 1

    asyncio.run(scenario())


def test_a_new_move_after_stepping_back_gets_the_replies_and_the_old_line_none():
    log: list[tuple[str, Any]] = []
    shell: list[GameWidget] = []
    bot, bots = recorded(log, shell)
    bot.gate = threading.Event()

    async def scenario() -> None:
        widget = lascaux(bots, agent_delay=0.01)
        shell.append(widget)
        first, second = widget.state.legal_actions()[:2]
        ply = len(widget.state.history)
        widget.play(first)
        old_end = widget.node
        await until(lambda: bot.calls == 1)
        widget.back()
        widget.play(second)  # a branch; its bots queue behind the stale search
        bot.gate.set()
        await until(lambda: widget.state.current_player == human_seat())
        assert widget.timeline.out_degree(old_end) == 0  # nothing was played after `first`
        assert widget.state.history[ply] == second != first
        assert len(widget.state.history) > ply + 1 and bot.calls >= 2  # the bots replied

    asyncio.run(scenario())


def test_making_the_thinking_seat_human_drops_its_move():
    log: list[tuple[str, Any]] = []
    shell: list[GameWidget] = []
    bot, bots = recorded(log, shell)
    bot.gate = threading.Event()

    async def scenario() -> None:
        widget = lascaux(bots, agent_delay=0.01)
        shell.append(widget)
        widget.play(widget.state.legal_actions()[0])
        await until(lambda: bot.calls == 1)
        state = widget.state
        widget.set_seat(state.current_player, "human")
        bot.gate.set()
        await asyncio.sleep(0.1)
        assert widget.state is state and widget.session.agent_to_move() is None

    asyncio.run(scenario())


def test_a_failing_bot_is_told_in_the_message_line():
    class Broken:
        name = "broken"

        def act(self, view: Any) -> Any:
            raise RuntimeError("out of ideas")

    async def scenario() -> None:
        widget = lascaux({p: Broken() for p in range(PLAYERS) if p != human_seat()},
                         agent_delay=0.01)
        widget.play(widget.state.legal_actions()[0])
        await until(lambda: not widget.runner.running)
        # the human's seat is told that the bot failed; what it said, in the full-state view
        assert widget.message.startswith("Bot failed") and "full-state view" in widget.message
        assert "thinking" not in widget.turn_html.value
        widget.view = None
        assert "Bot failed: out of ideas" in widget.message

    asyncio.run(scenario())


def test_without_an_event_loop_bots_move_at_once_and_pause_holds_them():
    bots = {p: "random" for p in range(PLAYERS) if p != human_seat()}
    widget = lascaux(bots)
    widget.play(widget.state.legal_actions()[0])
    assert widget.state.current_player == human_seat() and not widget.runner.running
    widget.paused = True
    ply = len(widget.state.history)
    widget.play(widget.state.legal_actions()[0])
    assert len(widget.state.history) == ply + 1  # no bot moved
    assert "paused</i>" in widget.turn_html.value
    widget.paused = False
    assert widget.state.current_player == human_seat()  # the bots moved on release
    assert len(widget.state.history) > ply + 1


def test_bots_pause_while_no_view_shows_the_widget_and_go_on_when_one_does():
    """A re-run or cleared cell leaves the old widget with no view (the page counts them in
    ``_view_count``): its bots must not play on unseen, nor stay paused once it is shown."""
    widget = lascaux({p: "random" for p in range(PLAYERS) if p != human_seat()})
    assert widget._view_count == 0  # the page is asked to count its views
    widget._view_count = 1
    widget._view_count = 0  # the cell's output is gone
    assert widget.paused
    ply = len(widget.state.history)
    widget.play(widget.state.legal_actions()[0])
    assert len(widget.state.history) == ply + 1  # no bot moved unseen
    assert "paused</i>" in widget.turn_html.value
    widget._view_count = 1  # shown again (display(widget))
    assert not widget.paused and len(widget.state.history) > ply + 1


def test_a_pause_a_person_chose_outlives_the_widget_being_hidden_and_shown():
    widget = lascaux({p: "random" for p in range(PLAYERS) if p != human_seat()})
    widget._view_count = 1
    widget.paused = True
    widget._view_count = 0
    widget._view_count = 2
    assert widget.paused  # their pause, not the page's
    widget.paused = False
    widget._view_count = 0
    widget.paused = False  # resumed by hand while unseen: the page's pause is over
    widget._view_count = 1
    assert not widget.paused
    widget.close()
    widget._view_count = 0  # a closed widget's views going away change nothing
    assert widget.closed


def test_a_search_in_the_worker_thread_keeps_the_bots_thinking_for_the_panel():
    async def scenario() -> GameWidget:
        widget = tabletop.play("lascaux", players=3, seed=0, bots={1: "mcts-weak",
                               2: "mcts-weak"}, view="full", agent_delay=0.01, panel_delay=0)
        assert widget.state.current_player == 2 and widget.runner.running  # bots open
        await until(lambda: widget.state.current_player == 0)
        return widget

    widget = asyncio.run(scenario())
    thought = widget.session.thinking()
    assert thought is not None and thought["agent"] == "mcts-weak"  # as its seat says
    assert thought["choice"] == str(widget.state.history[-1]) and thought["candidates"]
    assert "iterations" in widget.thinking_html.value
    assert "(mcts-weak) played" in widget.message


def test_warm_up_runs_once_per_game_on_a_copy():
    state = tabletop.load("landlock").new(seed=11)
    first = warmup.warm_up(state)
    if first is not None:  # this game's first warm-up in this process
        first.join(30)
        assert not first.is_alive()
    assert warmup.warm_up(state) is None
    assert state._cache == {}  # the walk never touched the state it was given


WARM = """
import sys, tabletop
from tabletop.widgets import warmup
w = tabletop.play("lacuna", seed=1, bots={1: "mcts"}, agent_delay=0)
assert warmup.wait(120)
print("numba" not in sys.modules, len(w.state.history))
"""


def test_a_lacuna_widget_warms_up_before_the_first_click(tmp_path: Path):
    """In a fresh process: the warm-up walks what the first moves need with no click made,
    and nothing loads a compiler (Lacuna's geometry is plain numpy)."""
    env = dict(os.environ,
               PYTHONPATH=os.pathsep.join([str(Path(tabletop.__file__).parent.parent),
                                           os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(WARM)], env=env,
                         capture_output=True, text=True, timeout=240)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "0"]


def test_warm_up_can_be_turned_off(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(warmup, "ENABLED", False)
    monkeypatch.setattr(warmup, "_threads", {})
    assert warmup.warm_up(tabletop.load("lava-flows").new(seed=2)) is None
    assert warmup._threads == {}
