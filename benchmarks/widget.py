"""Game widget benchmarks: click → redraw sent, per game, and the memory of a big timeline.

    python benchmarks/widget.py                 # every registered game
    python benchmarks/widget.py landlock --states 2000

For each game, one seeded game is played to the end by clicks, as a person would: each move
is the first click path of a random legal action, clicks on the board go through the
canvas's own mouse handler (canvas pixels → scene → target → action → redraw), clicks on
buttons through the button. The time of each click until its redraw has been sent (the
whole frame flushed as one message) is collected; p50 and p95 are printed beside the goal.

The timeline benchmark grows a ``Timeline`` of 10,000 states (playing random moves, and
branching from a random earlier state at each game end) under ``tracemalloc``.
The browser's click → changed pixels is measured by ``tests/browser`` (printed with ``-s``
and written to ``tests/browser/artifacts/latency.json``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from arguments import above_zero, first_line, game_names, not_negative  # noqa: E402

import tabletop  # noqa: E402
from tabletop.core.timeline import Timeline  # noqa: E402
from tabletop.render.scenecanvas import click_point  # noqa: E402

CLICK_GOAL_MS = 16.0
MEMORY_GOAL_MB = 50.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def click_times(name: str, seed: int, max_plies: int
                ) -> tuple[list[float], list[float], int]:
    """Milliseconds from each click to its redraw sent, over one game played by clicks:
    wall-clock times, and this process's CPU times (steadier on a busy machine)."""
    widget = tabletop.play(name, seed=seed, setup="random", agent_delay=0)
    # These presses come back to back; two at one spot (Lacuna's pawn at the end of its line,
    # on the flower just picked) would count as one double click (``widgets.presses``).
    widget.presses.window = 0.0
    board = widget.board
    rng = random.Random(seed)
    times: list[float] = []
    cpu: list[float] = []
    plies = 0
    while not widget.state.is_terminal and plies < max_plies:
        inp = widget.session.input
        assert inp is not None, widget.session.blocked()
        action = rng.choice(widget.state.legal_actions())
        for target in next(iter(inp.paths(action))):
            scene = widget.scene()
            if target in scene.targets():
                x, y = board.to_canvas(*click_point(scene, target))
                event = {"event": "mouse_down", "x": x, "y": y}
                start, start_cpu = time.perf_counter(), time.process_time()
                board.canvases[-1]._handle_frontend_event(None, event, [])
            else:
                button = widget._choice_buttons[target]
                start, start_cpu = time.perf_counter(), time.process_time()
                button.click()
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
        plies += 1
    return times, cpu, plies


def timeline_memory(name: str, states: int, seed: int) -> tuple[float, float]:
    """MB held by a timeline of ``states`` states (tracemalloc), and seconds to build it."""
    game = tabletop.load(name)
    root = game.new(seed=seed, setup="random")
    rng = random.Random(seed)
    tracemalloc.start()
    start = time.perf_counter()
    timeline = Timeline(root)
    while len(timeline) < states:
        state = timeline.state
        if state.is_terminal:
            timeline.goto(rng.randrange(len(timeline)))
            continue
        timeline.play(rng.choice(state.legal_actions()))
    seconds = time.perf_counter() - start
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return current / 2**20, seconds


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=first_line(__doc__))
    parser.add_argument("games", nargs="*", help="games to run (default: all registered)")
    parser.add_argument("--seed", type=not_negative(int), default=7)
    parser.add_argument("--plies", type=above_zero(int), default=400,
                        help="most plies per played game")
    parser.add_argument("--states", type=above_zero(int), default=10_000,
                        help="states in the timeline")
    args = parser.parse_args(argv)
    names = game_names(parser, args.games, "games") if args.games else list(tabletop.games())
    if not names:
        from test_widget_toy import ClickNim

        from tabletop.core.registry import register

        register(ClickNim.name, ClickNim)
        names = [ClickNim.name]

    print(f"click → redraw sent (Python side), goal p95 ≤ {CLICK_GOAL_MS:g} ms")
    print(f"{'game':<12}{'plies':>6}{'clicks':>7}{'p50 ms':>8}{'p95 ms':>8}{'max ms':>8}"
          f"{'cpu p50':>9}{'cpu p95':>9}  goal (p95)")
    for name in names:
        times, cpu, plies = click_times(name, args.seed, args.plies)
        p50, p95 = statistics.median(times), percentile(times, 0.95)
        c50, c95 = statistics.median(cpu), percentile(cpu, 0.95)
        verdict = "ok" if p95 <= CLICK_GOAL_MS else "MISSED"
        print(f"{name:<12}{plies:>6}{len(times):>7}{p50:>8.1f}{p95:>8.1f}{max(times):>8.1f}"
              f"{c50:>9.1f}{c95:>9.1f}  {verdict}{'' if c95 > CLICK_GOAL_MS else ' (cpu ok)'}")

    print(f"\ntimeline of {args.states:,} states (tracemalloc), goal ≤ {MEMORY_GOAL_MB:g} MB")
    print(f"{'game':<12}{'MB':>8}{'build s':>9}{'KB/state':>10}  goal")
    for name in names:
        mb, seconds = timeline_memory(name, args.states, args.seed)
        verdict = "ok" if mb <= MEMORY_GOAL_MB else "MISSED"
        print(f"{name:<12}{mb:>8.1f}{seconds:>9.1f}{mb * 1024 / args.states:>10.2f}  {verdict}")


if __name__ == "__main__":
    main()
