"""The cost of doing nothing: a kernel that imported tabletop, played and showed games and then
sits idle (one of thirty on a class's JupyterHub) keeps no timer, task or thread going, and its
per-process memos stay within their bounds however many games it plays.

Every figure here is a count (entries, tasks, handles, threads), never a time.
docs/serving.md, "An idle kernel", has the measured footprint.
"""

from __future__ import annotations

import asyncio
import random
import sys
import threading
from typing import Any

import pytest
from awaiting import until

import tabletop
from tabletop.core.memos import small_memos
from tabletop.games.lacuna import actions as lacuna_actions

#: Memos without a ``Bound`` that may grow under ``small_memos``, because the inputs they are
#: keyed by are few whatever is played, with the most entries they can hold.
FINITE = {
    # Landlock's map boxes: bounding boxes of at most 6 × 6 cells holding f6 (21 × 21)
    **{f"tabletop.games.landlock.{name}": 441
       for name in ("masks.window", "board.box_inner", "board.box_cells", "board.box_vertices",
                    "scoring._rim")},
}
#: How many entries a memo may add under ``small_memos(SMALL)`` before it counts as growing.
SMALL = 4
SLACK = 16


def entries(value: Any, depth: int = 3) -> int:
    """The entries of a container and of the containers it holds (memos of memos), to
    ``depth`` levels."""
    if not isinstance(value, dict | set | list | tuple) or depth == 0:
        return 0
    inner = value.values() if isinstance(value, dict) else value
    held = len(value) if isinstance(value, dict | set | list) else 0
    return held + sum(entries(v, depth - 1) for v in inner
                      if isinstance(v, dict | set | list | tuple))


def memo_sizes() -> dict[str, tuple[int, int | None]]:
    """Every module-level dict, set, list or tuple (with the containers in it) and every
    ``functools`` cache of tabletop's modules: its entries and (for a ``functools`` cache)
    its ``maxsize``."""
    found: dict[str, tuple[int, int | None]] = {}
    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", "")
        if not name.startswith("tabletop."):
            continue
        for attribute, value in list(vars(module).items()):
            if attribute.startswith("__"):
                continue
            if isinstance(value, dict | set | list | tuple):
                found[f"{name}.{attribute}"] = (entries(value), None)
            elif hasattr(value, "cache_info") and getattr(value, "__module__", "") == name:
                info = value.cache_info()
                found[f"{name}.{attribute}"] = (info.currsize, info.maxsize or None)
    return found


def tour(name: str, games: int) -> None:
    """Random games of ``name``: each action read back from its notation, views, tensors."""
    game = tabletop.load(name)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new(seed=seed, setup="random")
        while not state.is_terminal:
            action = rng.choice(state.legal_actions())
            game.parse_action(state, str(action))
            state = state.apply(action)
        state.view(0).observation()


def test_every_memo_a_long_session_fills_is_bounded():
    """Lacuna's table of interned places kept every place ever listed, parsed or clicked (a
    million possible, 210 MB) with no bound: a memo that grows with the games played must read
    its bound from ``core.memos.Bound`` (which ``small_memos`` shrinks, so it shows here), be
    a ``functools`` cache with a ``maxsize``, or be listed in ``FINITE`` with its most."""
    for name in tabletop.games():
        tour(name, 2)  # first-use tables
    before = memo_sizes()
    with small_memos(SMALL):
        for name in tabletop.games():
            tour(name, 25)
    grown = {key: size for key, (size, maxsize) in memo_sizes().items()
             if maxsize is None and size > before.get(key, (0, None))[0] + SLACK
             and size > SMALL + SLACK}
    unbounded = {key: size for key, size in grown.items() if key not in FINITE}
    assert not unbounded, f"memos growing without a Bound: {unbounded}"
    over = {key: size for key, size in grown.items() if size > FINITE[key]}
    assert not over, over


def test_parsed_lacuna_places_do_not_pile_up():
    state = tabletop.load("lacuna").new(seed=1)
    game = state.game
    for k in range(1025):
        for pair in ("0-1", "2-5", "7-40"):
            try:
                game.parse_action(state, f"place {pair} @{k}/1024")
            except tabletop.IllegalAction:
                pass  # not legal here: parsed all the same
    assert len(lacuna_actions._PLACES) <= lacuna_actions._PLACES_HELD.size
    with small_memos(8):
        for k in range(100):
            lacuna_actions.place(10, 30, k)  # none of them held yet
        assert len(lacuna_actions._PLACES) <= 8
    assert lacuna_actions.place(3, 4, 512) == lacuna_actions.Place(3, 4, 512)


@pytest.mark.parametrize("players", [None, "bots"])
def test_an_idle_kernel_schedules_nothing(players):
    """Widgets of every game shown and left alone (and a bots-only game played to its end)
    keep no task, timer or thread: nothing wakes the kernel until the user does something."""
    before = set(threading.enumerate())

    async def scenario() -> list[Any]:
        loop = asyncio.get_running_loop()
        widgets = [tabletop.play(name, seed=1) for name in tabletop.games()]
        if players == "bots":
            bots = tabletop.play("lava-flows", seed=3, bots={0: "random", 1: "random"},
                                 agent_delay=0, panel_delay=0)
            widgets.append(bots)
            await until(lambda: bots.state.is_terminal, "the bots' game to end")

        def busy() -> list[Any]:
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            timers = [h for h in loop._scheduled  # type: ignore[attr-defined]
                      if not h.cancelled()]
            return tasks + timers

        try:
            await until(lambda: not busy(), "the widgets to go idle", seconds=20)
        except AssertionError:
            pass  # (the assertion below names what is still scheduled)
        idle = busy()
        for widget in widgets:
            widget.close()
        return idle

    assert asyncio.run(scenario()) == []
    from tabletop.widgets import warmup
    warmup.wait(10)
    left = {t.name for t in set(threading.enumerate()) - before if t.is_alive()}
    assert not left, left


def tabletop_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("tabletop")]


def test_a_tournament_on_the_clock_leaves_no_thread_once_it_returns():
    """``arena(move_time=)`` runs each game's agents in a helper thread; its clock let the
    thread end after ``arena`` had returned, so a kernel checked right after a tournament
    still ran a ``tabletop-agent`` thread (20 tournaments of 20)."""
    from tabletop.arena import arena
    from tabletop.arena.clock import Clock, limited

    assert not tabletop_threads()
    for seed in range(3):
        arena("landlock", ["random", "random"], games=2, move_time=5.0, seed=seed,
              progress=False)
        assert not tabletop_threads()
    for _ in range(20):
        clock = Clock(5.0)
        clock.call(sum, [1, 2])
        clock.close()
        assert limited(5.0, sum, [1]) == 1
        assert not tabletop_threads()
