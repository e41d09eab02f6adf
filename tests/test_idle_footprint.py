"""The cost of doing nothing: a kernel that imported tabletop, played and showed games and then
sits idle (one of thirty on a class's JupyterHub) keeps no timer, task or thread going, and its
per-process memos stay within their bounds however many games it plays.

Every figure here is a count (entries, tasks, handles, threads), never a time.
docs/serving.md, "An idle kernel", has the measured footprint.
"""

from __future__ import annotations

import ast
import asyncio
import functools
import inspect
import math
import random
import sys
import threading
import types
from pathlib import Path
from typing import Any

import pytest
from awaiting import until

import tabletop
from tabletop.core.memos import memo, small_memos
from tabletop.games.lacuna import actions as lacuna_actions
from tabletop.games.lacuna import kernels as lacuna_kernels

#: The only ``functools`` caches allowed in the package: functions of no arguments, which hold
#: one value (all ``small_memos(1)`` allows) and whose identity matters (``board.GRID``).
ONE_VALUE = {"tabletop.games.lava_flows.board.shared_grid"}
#: How many entries a memo may add under ``small_memos(SMALL)`` before it counts as growing.
SMALL = 4
SLACK = 16


def entries(value: Any, depth: int = 8, seen: set[int] | None = None) -> int:
    """The entries of a container and of the containers it holds (memos of memos), to
    ``depth`` levels, each container counted once: containers that share their parts would
    otherwise be walked once per path to them (Lava Flows' table of contexts counted 509,859
    entries for 2,216, and the test took 149 s after a whole test session, 1.8 s alone)."""
    seen = set() if seen is None else seen
    if not isinstance(value, dict | set | list | tuple) or depth == 0 or id(value) in seen:
        return 0
    seen.add(id(value))
    inner = value.values() if isinstance(value, dict) else value
    held = len(value) if isinstance(value, dict | set | list) else 0
    return held + sum(entries(v, depth - 1, seen) for v in inner
                      if isinstance(v, dict | set | list | tuple))


def memo_sizes() -> dict[str, tuple[int, int | None]]:
    """Every module-level dict, set, list or tuple (with the containers in it) and every
    function memo (``core.memos.memo``) of tabletop's modules: its entries and (for a
    function memo) its bound now."""
    found: dict[str, tuple[int, int | None]] = {}
    for name, module in tabletop_modules():
        for attribute, value in list(vars(module).items()):
            if attribute.startswith("__"):
                continue
            if isinstance(value, dict | set | list | tuple):
                found[f"{name}.{attribute}"] = (entries(value), None)
            elif (hasattr(value, "cache_info") and not isinstance(value, type)
                  and getattr(value, "__module__", "") == name):
                info = value.cache_info()
                found[f"{name}.{attribute}"] = (info.currsize, info.maxsize)
    return found


def tabletop_modules() -> list[tuple[str, types.ModuleType]]:
    return [(name, module) for name, module in list(sys.modules.items())
            if name.startswith("tabletop.") and isinstance(module, types.ModuleType)]


def functools_caches() -> list[str]:
    """Every ``functools.cache``/``lru_cache`` among tabletop's loaded modules' attributes
    (its bound is out of ``small_memos``' reach) but those of ``ONE_VALUE``."""
    found = []
    for name, module in tabletop_modules():
        for attribute, value in list(vars(module).items()):
            key = f"{name}.{attribute}"
            if (isinstance(value, functools._lru_cache_wrapper)
                    and getattr(value, "__module__", "") == name and key not in ONE_VALUE):
                found.append(key)
    return found


def functools_cache_uses(root: Path) -> list[str]:
    """Where the source under ``root`` uses ``functools.cache`` or ``lru_cache``, as
    ``path:line``, but on a function of no arguments (one value: ``ONE_VALUE``)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            named = (node.attr if isinstance(node, ast.Attribute)
                     and isinstance(node.value, ast.Name) and node.value.id == "functools"
                     else node.names if isinstance(node, ast.ImportFrom)
                     and node.module == "functools" else None)
            if isinstance(named, list):
                named = next((alias.name for alias in named
                              if alias.name in ("cache", "lru_cache")), None)
            if named not in ("cache", "lru_cache"):
                continue
            found.append(f"{path.relative_to(root.parent)}:{node.lineno}")
        for node in ast.walk(tree):  # a function of no arguments may keep its one value
            if isinstance(node, ast.FunctionDef) and not any(
                    (node.args.posonlyargs, node.args.args, node.args.vararg,
                     node.args.kwonlyargs, node.args.kwarg)):
                for decorator in node.decorator_list:
                    line = f"{path.relative_to(root.parent)}:{decorator.lineno}"
                    if ast.unparse(decorator) == "functools.cache" and line in found:
                        found.remove(line)
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
    its bound from ``core.memos.Bound`` (which ``small_memos`` shrinks, so it shows here), or
    be a function memo (``core.memos.memo``), which holds no more than ``small_memos`` says."""
    for name in tabletop.games():
        tour(name, 2)  # first-use tables
    before = memo_sizes()
    with small_memos(SMALL):
        for name in tabletop.games():
            tour(name, 25)
        during = memo_sizes()
        # (a memo that missed nothing in the block still holds what it held before)
        over = {key: size for key, (size, bound) in during.items()
                if bound is not None and size > max(SMALL, before.get(key, (0, None))[0])}
        assert not over, f"function memos over small_memos({SMALL}): {over}"
    grown = {key: size for key, (size, bound) in during.items()
             if bound is None and size > before.get(key, (0, None))[0] + SLACK
             and size > SMALL + SLACK}
    assert not grown, f"memos growing without a Bound: {grown}"


def test_no_function_memo_is_out_of_reach_of_small_memos():
    """Lava Flows' knowledge tables, Lacuna's layout ranges and the canvas's colours were
    ``functools`` caches, whose bounds ``small_memos`` cannot shrink (so the conformance
    suite never saw them fill): every function memo is ``core.memos.memo``, in the source
    and among the loaded modules."""
    import tabletop.render.canvas  # noqa: F401 - the canvas's memos, loaded too
    import tabletop.render.contrast  # noqa: F401

    for name in tabletop.games():
        tour(name, 1)
    root = Path(tabletop.__file__).parent
    assert not functools_cache_uses(root), functools_cache_uses(root)
    assert not functools_caches(), functools_caches()
    for key in ONE_VALUE:
        module, _, attribute = key.rpartition(".")
        assert not inspect.signature(getattr(sys.modules[module], attribute)).parameters


def test_a_functools_cache_fails_the_memo_guards(tmp_path, monkeypatch):
    """The guards above find a memo that ignores ``small_memos``, in the source and loaded."""
    package = tmp_path / "tabletop"
    package.mkdir()
    (package / "fresh.py").write_text(
        "import functools\nfrom functools import lru_cache as keep\n\n\n@functools.cache\n"
        "def grid():\n    return 1\n\n\n@functools.cache\ndef square(n):\n"
        "    return n * n\n", encoding="utf-8")
    assert functools_cache_uses(package) == ["tabletop/fresh.py:2", "tabletop/fresh.py:10"]
    fresh = types.ModuleType("tabletop.fresh_memo")
    exec("import functools\n@functools.lru_cache(maxsize=8)\ndef square(n):\n"
         "    return n * n\n", vars(fresh))
    fresh.square.__module__ = "tabletop.fresh_memo"
    monkeypatch.setitem(sys.modules, "tabletop.fresh_memo", fresh)
    assert functools_caches() == ["tabletop.fresh_memo.square"]
    fresh.square = memo(8)(fresh.square.__wrapped__)
    assert functools_caches() == []


def test_a_function_memo_holds_what_small_memos_allows():
    @memo(64)
    def square(n: int) -> int:
        return n * n

    with small_memos(3):
        assert [square(n) for n in range(10)] == [n * n for n in range(10)]
        assert square.cache_info().currsize <= 3 and square.cache_info().maxsize == 3
    assert square.cache_info().maxsize == 64
    assert [square(n) for n in range(100)] == [n * n for n in range(100)]
    assert square.cache_info().currsize <= 64
    assert square(n=5) == 25 and square(5) == 25  # keyword arguments are keys of their own
    square.cache_clear()
    assert square.cache_info().currsize == 0
    with pytest.raises(TypeError, match="bound should be a Bound or an int"):
        memo(1.5)  # type: ignore[arg-type]


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


def test_built_lacuna_positions_do_not_pile_up_pair_constants():
    """Lacuna's kernels kept the constants of every count of flowers and pairs a position
    had: a session building positions of 2, 3, ... flowers kept one entry per count, with
    no bound (``Lacuna.position``; a game's own layout needs one)."""
    game = tabletop.load("lacuna")

    def ring(n: int) -> list[tuple[float, float, str]]:  # n red flowers on a circle
        return [(round(0.8 * math.cos(2 * math.pi * i / n), 3),
                 round(0.8 * math.sin(2 * math.pi * i / n), 3), "red") for i in range(n)]

    lacuna_kernels._CONSTS.clear()  # (earlier tests' entries stay until the next miss)
    with small_memos(SMALL):
        for n in range(2, 30):
            assert game.position(ring(n)).legal_actions()
            assert len(lacuna_kernels._CONSTS) <= SMALL
    for n in range(2, 30):
        game.position(ring(n)).legal_actions()
    assert len(lacuna_kernels._CONSTS) <= lacuna_kernels._CONSTS_HELD.size


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
