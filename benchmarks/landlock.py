"""Landlock figures: final scoring of a full board, and random playouts.

Prints medians:

* final scoring of a full 6 × 6 board (union-find networks, sides, ponds, islands, gnomes,
  and the points of both roles), goal ≤ 1 ms; the networkx version alongside for scale;
* random playout actions per second through the public API (``new`` → random legal
  actions → end), next to OpenSpiel's pure-Python tic-tac-toe measured in the same run.

Run: ``python benchmarks/landlock.py``
"""

from __future__ import annotations

import random
import statistics
import time

import tabletop
from tabletop.games.landlock.graphs import analyse_graphs, board_graph
from tabletop.games.landlock.scoring import analyse
from tabletop.games.landlock.tiles import LAND, WATER


def finished_boards(n: int) -> list:
    game = tabletop.load("landlock")
    boards = []
    for seed in range(n):
        rng = random.Random(seed)
        s = game.new(seed=seed)
        while not s.is_terminal:
            s = s.apply(rng.choice(s.legal_actions()))
        boards.append(s)
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


def playout_rate(game, seconds: float = 3.0) -> float:
    rng = random.Random(0)
    actions = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = game.new(seed=seed)
        while not s.is_terminal:
            s = s.apply(rng.choice(s.legal_actions()))
            actions += 1
        _ = s.scores
        seed += 1
    return actions / (time.perf_counter() - start)


def openspiel_rate(seconds: float = 3.0) -> float | None:
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(0)
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        state.returns()
    return actions / (time.perf_counter() - start)


def main() -> None:
    boards = finished_boards(30)
    fast = median_time(final_scoring, boards, repeat=20)
    slow = median_time(final_scoring_nx, boards, repeat=3)
    print(f"final scoring, full board (union-find): median {fast * 1e3:.3f} ms (goal <= 1 ms)")
    print(f"final scoring, full board (networkx):   median {slow * 1e3:.3f} ms")
    for players in (2, 4):
        rates = [playout_rate(tabletop.load("landlock", players=players), 2.0) for _ in range(3)]
        print(f"random playouts, {players} players: median {statistics.median(rates):,.0f} "
              f"actions/s")
    ttt = openspiel_rate(2.0)
    if ttt is None:
        print("OpenSpiel tic-tac-toe: not installed")
    else:
        print(f"OpenSpiel pure-Python tic-tac-toe: {ttt:,.0f} actions/s (same run)")


if __name__ == "__main__":
    main()
