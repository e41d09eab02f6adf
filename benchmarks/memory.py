"""What a long notebook session's kernel holds: RSS, ``tracemalloc``'s count and the largest
memos of tabletop, step by step.

    python benchmarks/memory.py [--games 1000] [--only lava-flows] [--notebooks] [--top 12]

The steps, each after the one above in one process: ``import tabletop``; one random game of
each game; ``--games`` random games of each game and player count (``new(seed,
setup="random")``, random legal actions to the end; Lava Flows in each of its option sets
that picks other tables); with ``--notebooks``, the code cells of
``notebooks/*.ipynb`` in order (widgets included, no front end). After each step the table
shows the process's RSS, what ``tracemalloc`` counts as allocated, and the memos (module
dicts, ``core.memos.memo`` tables, Lava Flows' ``Memo`` tables) holding the most, with their
entries and an estimate of their bytes. Figures, never asserts: the unit tests check bounds
by entries (``tests/test_lava_flows_stack_memos.py``, ``tests/test_idle_footprint.py``).
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import random
import sys
import time
import tracemalloc
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from arguments import above_zero, first_line, game_names

ROOT = Path(__file__).resolve().parent.parent


def rss_mb() -> float:
    """The process's resident set size in MB (Linux's ``/proc``; 0 elsewhere)."""
    try:
        with open("/proc/self/statm", encoding="utf-8") as statm:
            pages = int(statm.read().split()[1])
    except OSError:
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def deep_bytes(value: Any, seen: set[int], depth: int = 6) -> int:
    """An estimate of the bytes ``value`` holds: ``sys.getsizeof`` over what it holds (each
    object once across ``seen``), ``depth`` levels deep."""
    if id(value) in seen or depth < 0 or isinstance(value, type | types.ModuleType
                                                    | types.FunctionType):
        return 0
    seen.add(id(value))
    size = sys.getsizeof(value, 0)
    if isinstance(value, dict):
        for key, item in value.items():
            size += deep_bytes(key, seen, depth - 1) + deep_bytes(item, seen, depth - 1)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            size += deep_bytes(item, seen, depth - 1)
    elif hasattr(value, "__slots__") and not isinstance(value, str | bytes | int | float):
        for slot in getattr(type(value), "__slots__", ()):
            size += deep_bytes(getattr(value, slot, None), seen, depth - 1)
    return size


def memos() -> Iterator[tuple[str, Any]]:
    """Every container a tabletop module holds at module level, every ``core.memos.memo``'s
    table, and the dicts held one level inside those (Lava Flows' per-options tables)."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("tabletop") or not isinstance(module, types.ModuleType):
            continue
        for attribute, value in list(vars(module).items()):
            if attribute.startswith("__"):
                continue
            if isinstance(value, dict | list | set):
                yield f"{name}.{attribute}", value
            clear = getattr(value, "cache_clear", None)
            table = getattr(clear, "__self__", None)
            if isinstance(table, dict) and getattr(value, "__module__", "") == name:
                yield f"{name}.{attribute}()", table


def report(step: str, top: int, started: float) -> None:
    gc.collect()
    traced, _peak = tracemalloc.get_traced_memory()
    print(f"\n== {step}: RSS {rss_mb():.0f} MB, tracemalloc {traced / 2**20:.1f} MB "
          f"({time.perf_counter() - started:.0f} s)")
    seen: set[int] = set()
    sized = sorted(((deep_bytes(value, seen), name, len(value)) for name, value in memos()),
                   reverse=True)
    for size, name, count in sized[:top]:
        if size >= 2**16:
            print(f"   {size / 2**20:7.1f} MB  {count:>8} entries  {name}")


#: Lava Flows' options that pick other tables of its hot loop (``tables._CELLS``).
LAVA_FLOWS_VARIANTS = [{"slide": slide, "oreo": oreo, "memory": memory}
                       for slide, oreo, memory in itertools.product(
                           ("onto", "empty"), ("anywhere", "top"), (False, True))]


def variants(name: str) -> list[dict[str, Any]]:
    """The option sets of ``name`` played: each player count, or Lava Flows' variants."""
    import tabletop

    if name == "lava-flows":
        return LAVA_FLOWS_VARIANTS
    return [{"players": n} for n in type(tabletop.load(name)).player_counts]


def random_games(name: str, options: dict[str, Any], games: int) -> None:
    import tabletop

    game = tabletop.load(name, **options)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new(seed=seed, setup="random")
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))


def run_notebooks() -> None:
    """The code cells of every notebook, in order, each notebook in its own namespace, in
    the notebooks' folder (as a kernel started there)."""
    os.chdir(ROOT / "notebooks")
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        with open(path, encoding="utf-8") as file:
            cells = json.load(file)["cells"]
        namespace: dict[str, Any] = {"__name__": "__main__"}
        for cell in cells:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            source = "\n".join(line for line in source.splitlines()
                               if not line.lstrip().startswith(("%", "!")))
            try:
                exec(compile(source, str(path), "exec"), namespace)  # noqa: S102
            except Exception as error:  # noqa: BLE001  (a figure script: say, go on)
                print(f"   {path.name}: {type(error).__name__}: {error}"[:200])
                break


def main() -> None:
    parser = argparse.ArgumentParser(description=first_line(__doc__))
    parser.add_argument("--games", type=above_zero(int), default=1000,
                        help="random games of each game and option set (1000)")
    parser.add_argument("--only", default=None, help="the games played, comma-separated")
    parser.add_argument("--notebooks", action="store_true", help="then run the notebooks")
    parser.add_argument("--top", type=above_zero(int), default=12,
                        help="memos shown per step (12)")
    parser.add_argument("--no-trace", action="store_true",
                        help="leave tracemalloc off (it slows play about twofold)")
    arguments = parser.parse_args()
    import tabletop

    names = game_names(parser, arguments.only, "--only") if arguments.only else tabletop.games()
    started = time.perf_counter()
    if not arguments.no_trace:
        tracemalloc.start()
    report("import tabletop", arguments.top, started)
    for name in names:
        random_games(name, {}, 1)
    report("one random game of each game", arguments.top, started)
    for name in names:
        for options in variants(name):
            random_games(name, options, arguments.games)
            shown = ", ".join(f"{key}={value}" for key, value in options.items())
            report(f"{arguments.games} random games of {name}, {shown}", arguments.top, started)
    if arguments.notebooks:
        run_notebooks()
        report("the notebooks' code", arguments.top, started)


if __name__ == "__main__":
    main()
