"""A tour of the whole library as a guest in someone else's process, run as a script by
``tests/test_guest_process.py``: ``python guest_tour.py PART OUT`` prints nothing of its
own and writes to ``OUT`` (JSON) every change it finds in the process
(``tabletop.core.testing.guest.state_changes``) and everything printed.

The parts: ``import`` (``import tabletop`` and every subpackage but the widgets, in a fresh
process),
``library`` (every game played, replayed, saved, drawn, its widget built and its bot
moved, the tree inspector, the arena here and on threads with its progress bar and a
saved dataset, both adapters, the teaching helpers), ``dask`` (the arena on a two-worker
``LocalCluster`` the user started beforehand). The packages the user has imported anyway
(pandas, matplotlib, ipywidgets …) are imported before the first record: their own
changes at import are theirs, not tabletop's."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import sys
import tempfile
import warnings
from pathlib import Path

import numpy as np

#: What a big notebook has imported before it imports tabletop.
NEIGHBOURS = ("ipywidgets", "ipycanvas", "IPython", "networkx", "pandas", "matplotlib",
              "matplotlib.pyplot", "tqdm", "tqdm.auto", "pyarrow", "pyarrow.parquet",
              "pyspiel", "pettingzoo", "gymnasium", "PIL.Image", "dask", "distributed")

#: An MCTS entrant quick enough for a test.
FAST_MCTS = ("mcts", {"iterations": 10})


def neighbours() -> None:
    for name in NEIGHBOURS:
        with contextlib.suppress(ImportError):
            __import__(name)
    from IPython.core.interactiveshell import InteractiveShell

    InteractiveShell.instance()  # a shell, as in a notebook: its display formatters


def library(save: Path) -> None:
    """Everything a notebook does with tabletop, every game, nothing asked to print."""
    from concurrent.futures import ThreadPoolExecutor

    import matplotlib.pyplot as plt

    import tabletop
    from tabletop.agents import MCTSAgent
    from tabletop.core.recordfile import write_record
    from tabletop.render.export import save_picture
    from tabletop.widgets.frontend import NoFrontEnd
    from tabletop.widgets.tree import TreeWidget

    for name in tabletop.games():
        game = tabletop.load(name)
        state = game.new(seed=3, setup="random")
        rng = random.Random(5)
        for _ in range(30):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        record = state.to_record()
        tabletop.replay(json.loads(json.dumps(record)))
        write_record(save / f"{name}.json", record)
        save_picture(state.view(0), save / f"{name}.svg")
        for player in range(game.players):
            view = state.view(player)
            str(view), view.svg(), view.observation(), view.determinize(random.Random(1))
        if not state.is_terminal and state.current_player is not None:
            MCTSAgent(iterations=10, seed=1).act(state.view(state.current_player))
        with warnings.catch_warnings():
            # a notebook's widget has the kernel's comm and nothing is said; this process
            # has no kernel, and the warning that says so (NoFrontEnd) is no guest's noise
            warnings.simplefilter("ignore", NoFrontEnd)
            widget = tabletop.play(name, seed=2, agent_delay=0,
                                   bots=dict.fromkeys(range(game.players), "random"))
        for _ in range(3):
            widget.agent_move()
        widget.back()
        widget.save()
        widget.close()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", NoFrontEnd)  # (as for the game widget above)
            tree = TreeWidget(game.new(seed=1, setup="random"))
        tree.close()
        tabletop.explore(game.new(seed=1, setup="random"), depth=1)
        from tabletop.adapters import openspiel, pettingzoo
        spiel = openspiel.load_game(name).new_initial_state()
        spiel.legal_actions()
        env = pettingzoo.env(name, render_mode="rgb_array")
        env.reset(seed=1)
        env.reset()  # a seed drawn from the operating system
        env.render()
        env.close()
    result = tabletop.arena.arena("lava-flows", ["random", FAST_MCTS], games=2)
    result.plot()
    plt.close("all")
    result.win_rates(), result.ratings(), result.pairwise()
    with ThreadPoolExecutor(2) as pool:
        tabletop.arena.arena("landlock", ["random", "random"], games=2, executor=pool,
                             save=save / "landlock-games")
    tabletop.arena.load(save / "landlock-games")


def on_dask() -> None:
    from distributed import Client, LocalCluster

    import tabletop

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as cluster, Client(cluster) as client:
        tabletop.arena.arena("lacuna", ["random", "random"], games=2, progress=False,
                             executor=client)  # the first: Dask warms up, not tabletop
        record("dask", lambda: tabletop.arena.arena(
            "lascaux", ["random", "random", FAST_MCTS], games=3, executor=client),
               ignore=("the random module's generator",))


def files(*folders: Path) -> list[str]:
    return sorted(str(p) for folder in folders for p in folder.rglob("*"))


def process_module():
    """``tabletop/core/testing/process.py`` loaded from its file, not through tabletop's
    package (which would import tabletop before the first record)."""
    import importlib.util

    path = Path(__file__).parents[1] / "tabletop" / "core" / "testing" / "process.py"
    spec = importlib.util.spec_from_file_location("guest_process", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def record(part: str, tour, ignore: tuple[str, ...] = ()) -> None:
    process = process_module()
    process_state, settled, state_changes = (process.process_state, process.settled,
                                             process.state_changes)

    random.seed(1)
    np.random.seed(1)
    home, temp = Path(os.environ.get("HOME", "/nonexistent")), Path(tempfile.gettempdir())
    seen = files(home, temp, Path.cwd())
    before = process_state()
    printed, errors = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(errors):
        tour()
    changes = [c for c in state_changes(before, settled(before, process_state))
               if not c.startswith(ignore)]
    made = sorted(set(files(home, temp, Path.cwd())) - set(seen))
    if made:
        changes.append(f"files made outside the folders given: {made[:5]}")
    wrote = {"stdout": printed.getvalue(), "stderr": errors.getvalue()}
    found = {"changes": changes, "stdout": wrote["stdout"], "stderr": wrote["stderr"]}
    Path(sys.argv[2]).write_text(json.dumps(found), encoding="utf-8")


def main() -> None:
    part = sys.argv[1]
    if part == "import":
        import logging  # noqa: F401  (the standard library's own atexit handlers, made as
        import multiprocessing.connection  # noqa: F401  a big notebook has already made them)

        def everything() -> None:
            import tabletop
            # (not ``widgets``: it imports ipywidgets, whose own changes are ipywidgets')
            for sub in ("agents", "arena", "teaching", "adapters"):
                getattr(tabletop, sub)
            for name in tabletop.games():
                tabletop.load(name).new(seed=1).svg()
        record(part, everything)
        return
    neighbours()
    if part == "library":
        save = Path(sys.argv[3])
        import tabletop  # (what importing does is the "import" part's)
        tabletop.arena.arena("landlock", ["random", "random"], games=1, progress=False)
        record(part, lambda: library(save))
    elif part == "dask":
        on_dask()


if __name__ == "__main__":
    main()
