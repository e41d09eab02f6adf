"""Lascaux figures: determinize and drawing speed (what bots and the widget lean on).

    python benchmarks/lascaux.py [--seconds 1.5] [--runs 5]

Prints medians over ``--runs`` runs. Random playouts per player count, against OpenSpiel's
Python tic-tac-toe, are in ``benchmarks/playouts.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from arguments import above_zero

import tabletop
from tabletop.core.testing import playout


def sample_views(count: int = 60) -> list[tabletop.View]:
    game = tabletop.load("lascaux", players=4)
    rng = random.Random(7)
    views = []
    while len(views) < count:
        state = game.new(seed=rng.randrange(10**6))
        state = playout(state, rng, plies=rng.randrange(1, 80))
        views.append(state.view(rng.randrange(4)))
    return views


def per_second(work: Callable[[], None], seconds: float) -> float:
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        work()
        done += 1
    return done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=above_zero(float), default=1.5)
    parser.add_argument("--runs", type=above_zero(int), default=5)
    args = parser.parse_args()

    print(f"medians of {args.runs} runs of {args.seconds:g} s "
          "(random playouts: see benchmarks/playouts.py)")

    views = sample_views()
    rng = random.Random(1)
    cycle = iter(range(10**9))

    def determinize() -> None:
        views[next(cycle) % len(views)].determinize(rng)

    def draw() -> None:
        views[next(cycle) % len(views)].svg()

    det = statistics.median(per_second(determinize, args.seconds / 3) for _ in range(args.runs))
    svg = statistics.median(per_second(draw, args.seconds / 3) for _ in range(args.runs))
    print(f"{'lascaux view.determinize':<34}{det:>10.0f} per s")
    print(f"{'lascaux view.svg()':<34}{svg:>10.0f} per s ({1000 / svg:.1f} ms each)")


if __name__ == "__main__":
    main()
