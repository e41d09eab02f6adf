"""A kernel that stays open all day: what ``close()`` opened it releases, and a long game,
many searches, tournaments and replays leave no more behind than their results.

Every figure here is a count (live objects, widgets, threads, tasks), never a time.
"""

from __future__ import annotations

import asyncio
import gc
import threading
import weakref
from typing import Any

import ipycanvas  # noqa: F401 - its one canvas manager is a widget made at import
import pytest
from awaiting import until
from ipywidgets.widgets.widget import _instances

import tabletop
from tabletop.agents import MCTSAgent
from tabletop.widgets import GameWidget, TreeWidget, warmup

GAMES = [("lascaux", 3), ("lava-flows", 2), ("landlock", 2), ("lacuna", 2)]


def collected(refs: list[weakref.ref[Any]]) -> list[str]:
    """The objects of ``refs`` a full garbage collection leaves alive, by type."""
    warmup.wait(10)  # a warm-up thread still walking holds copies (never a widget)
    gc.collect()
    return [type(r()).__name__ for r in refs if r() is not None]


@pytest.mark.parametrize("name, players", GAMES)
def test_a_closed_widget_is_freed_with_its_game_and_timeline(name, players):
    """ipycanvas' one canvas manager remembers the last canvas it drew on; a closed board it
    still named kept the whole widget (its timeline, bots, thinking) until another drew."""
    widgets = len(_instances)
    refs: list[weakref.ref[Any]] = []
    for bots in (None, {1: "mcts"}):
        widget = tabletop.play(name, players=players, seed=1, bots=bots, panel_delay=0)
        for _ in range(3):
            if not widget.state.is_terminal:
                widget.agent_move()
        refs += [weakref.ref(widget), weakref.ref(widget.session),
                 weakref.ref(widget.board)]
        widget.close()
        del widget
    assert collected(refs) == []
    assert len(_instances) == widgets


@pytest.mark.parametrize("name, players", GAMES)
def test_a_closed_tree_widget_is_freed_with_the_game_it_opened(name, players):
    widgets = len(_instances)
    state = tabletop.load(name, players=players).new(seed=1)
    agent = MCTSAgent(iterations=30, seed=1)
    agent.act(state)
    refs: list[weakref.ref[Any]] = []
    for subject in (state, agent.last_analysis):
        tree = TreeWidget(subject)
        tree.expand(tree.selected)
        game = tree.open_in_game()
        refs += [weakref.ref(tree), weakref.ref(tree.model), weakref.ref(game)]
        tree.close()
        del tree, game
    assert collected(refs) == []
    assert len(_instances) == widgets


def test_bots_playing_each_other_leave_no_task_or_thread_once_closed():
    """Bots-only widgets closed mid-game, in an event loop: no task of theirs is left, the
    widgets are freed, and the only thread is the one bot worker."""
    refs: list[weakref.ref[Any]] = []
    before = set(threading.enumerate())  # (other tests' threads: Dask's, tqdm's monitor)

    async def scenario() -> list[asyncio.Task[Any]]:
        for name, players in GAMES:
            widget = tabletop.play(name, players=players, seed=1,
                                   bots=dict.fromkeys(range(players), "mcts"),
                                   agent_delay=0.01, panel_delay=0.01)
            await asyncio.sleep(0.2)
            refs.append(weakref.ref(widget))
            widget.close()
            del widget
        def others() -> list[asyncio.Task[Any]]:
            return [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]

        try:  # the closed widgets' tasks end (at once, or a bot's move that was under way)
            await until(lambda: not others(), "the closed widgets' tasks to end", seconds=30)
        except AssertionError:
            pass  # (then the list below names them)
        return others()

    assert asyncio.run(scenario()) == []
    assert collected(refs) == []
    names = {t.name for t in set(threading.enumerate()) - before}
    assert all(n.startswith(("tabletop-bot", "tabletop-warm-up")) for n in names), names
    # a closed widget's search finishes in the worker, the cycle collector paused meanwhile
    asyncio.run(until(lambda: all(t.name != "tabletop-bot" for t in threading.enumerate()),
                      "the bot worker's last search to end"))


def test_widgets_opened_and_closed_by_the_hundred_keep_the_kernel_flat():
    """Live objects after 40 more widgets (closed) are within a few hundred of after 20."""
    def churn(count: int) -> int:
        for i in range(count):
            name, players = GAMES[i % len(GAMES)]
            GameWidget(tabletop.load(name, players=players).new(seed=i % 3),
                       bots={1: "random"}, panel_delay=0).close()
        warmup.wait(10)
        gc.collect()
        return len(gc.get_objects())

    churn(8)  # first-use tables and caches
    first = churn(20)
    second = churn(40)
    assert second - first < 2000, (first, second)



def test_opening_the_tree_in_game_again_closes_the_game_it_opened_before():
    """Each "Open in game" made a game widget and left the one before it open: 20 clicks
    left 2,000 widgets (20 game widgets) in ipywidgets' registry after the tree closed."""
    widgets = len(_instances)
    tree = TreeWidget(tabletop.load("lascaux", players=3).new(seed=1))
    first = tree.open_in_game()
    one = len(_instances)
    for _ in range(20):
        tree.open_in_game()
    assert first.closed and not tree.game_widget.closed
    assert len(_instances) == one
    tree.close()
    assert len(_instances) == widgets


def test_loading_another_games_record_closes_the_controls_it_replaces():
    """A record of another game rebuilds the seats, view and choice controls; the old ones
    were dropped open (88 widgets a switch), and stayed after ``close()``."""
    widgets = len(_instances)
    widget = tabletop.play("lascaux", players=3, seed=1)
    one = len(_instances)
    records = [tabletop.load("lava-flows").new(seed=2).to_record(),
               tabletop.load("lascaux", players=3).new(seed=3).to_record()]
    for _ in range(5):
        for record in records:
            widget.load(record)
    assert len(_instances) == one
    widget.close()
    assert len(_instances) == widgets


def test_choice_buttons_let_go_when_full_are_closed():
    """The choice buttons kept for reuse are let go when too many; they were left open."""
    from tabletop.core.memos import small_memos

    widgets = len(_instances)
    with small_memos(1):
        widget = tabletop.play("lacuna", seed=1)
        seen = set()
        for _ in range(30):
            if widget.state.is_terminal:
                break
            seen.update(id(b) for b in widget.choices.children)
            widget.agent_move()
        open_buttons = [b for b in widget._choice_buttons.values()]
        assert len(open_buttons) <= 3
        shown = len(_instances)
        widget.close()
    assert len(_instances) == widgets
    assert len(seen) > 3 and shown < widgets + 200


def test_a_closed_board_draws_nothing_and_frees_its_handlers():
    """A bot closing its widget mid-move left a redraw to come: a closed canvas has no comm,
    and once the canvas manager forgot it the switch to it would raise."""
    from tabletop.render.scene import Scene
    from tabletop.render.scenecanvas import SceneCanvas

    board = SceneCanvas()
    scene = Scene(100, 50, background="white")
    board.on_click(lambda x, y: None)
    board.draw(scene)
    board.close()
    board.draw(scene)
    board._client_ready()
    assert (board.frames, board.closed, board._click_handlers) == (1, True, [])


def test_stepping_through_a_long_session_lists_its_branches_only_when_they_change():
    """Each step or jump listed every branch end again, walking each one's path: in a session
    of 2,349 nodes and 46 branches that was most of a move's time. Steps now reuse the list;
    a move that grows the timeline lists them again."""
    import random

    widget = GameWidget(tabletop.load("lava-flows").new(seed=1), panel_delay=0)
    rng = random.Random(0)
    for _ in range(60):
        if widget.state.is_terminal:
            widget.start()
        widget.play(rng.choice(widget.state.legal_actions()))
    listed = []
    real = widget.session.branches
    widget.session.branches = lambda: listed.append(1) or real()  # type: ignore[method-assign]
    for step in [widget.back, widget.back, widget.forward, widget.start, widget.end]:
        step()
    assert listed == []
    widget.goto(0)
    widget.play(widget.state.legal_actions()[-1])
    assert listed == [1]
    assert widget.branch_picker.options == tuple((label, leaf) for leaf, label in real())
    widget.close()
