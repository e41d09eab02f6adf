"""Landlock figures: final scoring of a full board.

Prints medians:

* final scoring of a full 6 × 6 board (union-find networks, sides, ponds, islands, gnomes,
  and the points of both roles), goal ≤ 1 ms; the networkx version alongside for scale;
* random playouts (2 and 4 players, against OpenSpiel's tic-tac-toe) are in
  ``benchmarks/playouts.py``.

Run: ``python benchmarks/landlock.py``
"""

from __future__ import annotations

import statistics
import time

from arguments import plain_streams

import tabletop
from tabletop.core.testing import playout
from tabletop.games.landlock.graphs import analyse_graphs, board_graph
from tabletop.games.landlock.scoring import analyse
from tabletop.games.landlock.tiles import LAND, WATER


def finished_boards(n: int) -> list:
    game = tabletop.load("landlock")
    boards = []
    for seed in range(n):
        boards.append(playout(game.new(seed=seed), seed))
    return boards


def final_scoring(state) -> tuple[int, int]:
    a = analyse(state.board, state.lpar, state.box)
    return sum(a.points(LAND).values()), sum(a.points(WATER).values())


def final_scoring_nx(state) -> tuple[int, int]:
    g_l = board_graph(state.board, state.lpar, state.box, LAND)
    g_w = board_graph(state.board, state.lpar, state.box, WATER)
    a = analyse_graphs(g_l, g_w, state.board, state.lpar, state.box)
    return sum(a.points(LAND).values()), sum(a.points(WATER).values())


def median_time(fn, items, repeat: int) -> float:
    times = []
    for item in items:
        for _ in range(repeat):
            t0 = time.perf_counter()
            fn(item)
            times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    plain_streams()
    boards = finished_boards(30)
    fast = median_time(final_scoring, boards, repeat=20)
    slow = median_time(final_scoring_nx, boards, repeat=3)
    print(f"final scoring, full board (union-find): median {fast * 1e3:.3f} ms (goal <= 1 ms)")
    print(f"final scoring, full board (networkx):   median {slow * 1e3:.3f} ms")
    print("random playouts of 2 and 4 players, against OpenSpiel's tic-tac-toe: "
          "benchmarks/playouts.py")

if __name__ == "__main__":
    main()
