"""The tour ``tests/test_pyodide.py`` runs in a fresh process under Pyodide's limits
(``pyodide_limits.impose()`` first): every game played, recorded, replayed and drawn; the
widget built and clicked, its bots thinking without and with an event loop; the tree; the
arena serial, with a progress bar and with ``move_time`` (a bot past it forfeits); the
conformance suite's hang guard. Prints one line per step, ``ok`` or ``FAIL``, then the
``time.sleep`` calls made (each would block the page in Pyodide)."""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
import traceback
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
import pyodide_limits  # noqa: E402

pyodide_limits.impose()
warnings.simplefilter("error")  # a warning (tqdm's monitor thread failing …) fails its step
# but JupyterLite's kernel gives widgets a comm, and this process has none: the warning that
# says so (tabletop.widgets.frontend.NoFrontEnd) is this stand-in's, not Pyodide's
warnings.filterwarnings("ignore", message="No Jupyter front end to show this widget")

import tabletop  # noqa: E402
from tabletop.arena import arena  # noqa: E402


def step(name: str, run: Callable[..., Any], *args: Any) -> None:
    try:
        run(*args)
    except BaseException as err:  # noqa: BLE001 - every step is told
        print(f"FAIL {name}: {type(err).__name__}: {err}")
        traceback.print_exc(limit=-3, file=sys.stdout)
    else:
        print(f"ok   {name}")


def game_played(name: str) -> None:
    s = tabletop.load(name).new(seed=1, setup="random")
    rng = random.Random(0)
    while not s.is_terminal:
        s = s.apply(rng.choice(s.legal_actions()))
    assert tabletop.replay(json.loads(json.dumps(s.to_record()))) == s
    assert s._repr_svg_().startswith("<svg") and s.view(0)._repr_svg_().startswith("<svg")
    s.view(0).observation()


def widget_clicked(name: str) -> None:
    w = tabletop.play(name, seed=2, bots={1: "mcts-weak"}, agent_delay=0)
    for _ in range(3):
        if w.state.is_terminal:
            break
        if w.state.current_player == 1:
            w.agent_move()
        else:
            w.play(w.state.legal_actions()[0])
    w.back()
    w.forward()
    w.close()


def bots_on_a_loop(name: str) -> None:
    """Two bots on an event loop (a kernel's), ``agent_delay`` > 0: they think in turn."""
    async def scenario() -> None:
        n = tabletop.load(name).players
        bots = {p: "mcts-weak" if p % 2 else "random" for p in range(n)}
        w = tabletop.play(name, seed=2, bots=bots, agent_delay=0.01)
        for _ in range(500):
            if len(w.state.history) >= 2 or "failed" in w.message:
                break
            await asyncio.sleep(0.01)
        assert "failed" not in w.message, w.message
        assert len(w.state.history) >= 2, w.message
        w.close()
    asyncio.run(scenario())


def arena_run(name: str) -> None:
    n = tabletop.load(name).players
    result = arena(name, ["random"] * n, games=2, progress=False, move_time=5.0)
    assert all(g.error is None for g in result.games), [g.error for g in result.games]


class Slow:
    """A bot that thinks forever (pure Python)."""

    name = "slow"

    def act(self, view: Any) -> Any:
        while True:
            pass


def overrun() -> None:
    start = time.monotonic()
    result = arena("lascaux", [Slow, "random", "random", "random"], games=1, progress=False,
                   move_time=0.3)
    error = result.games[0].error
    assert error is not None and error["kind"] == "timeout", error
    assert time.monotonic() - start < 10


def progress_bar() -> None:
    arena("lava-flows", ["random", "random"], games=1)


def hang_guarded() -> None:
    from tabletop.core.testing.hangguard import Hung, hang_guard
    try:
        with hang_guard(0.2):
            Slow().act(None)
    except Hung:
        return
    raise AssertionError("not interrupted")


for game in tabletop.games():
    step(f"{game}: played, recorded, replayed, drawn", game_played, game)
    step(f"{game}: widget built and clicked", widget_clicked, game)
    step(f"{game}: bots thinking on an event loop", bots_on_a_loop, game)
    step(f"{game}: arena with move_time", arena_run, game)
step("explore", lambda: tabletop.explore(tabletop.load("lascaux").new(seed=1), depth=1))
step("arena: a bot past move_time forfeits", overrun)
step("arena: progress bar", progress_bar)
step("hang guard", hang_guarded)
print("sleeps", pyodide_limits.SLEEPS)
