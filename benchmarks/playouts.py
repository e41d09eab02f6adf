"""Random playouts of every registered game, side by side with OpenSpiel's Python tic-tac-toe.

    python benchmarks/playouts.py [--seconds 2] [--runs 5] [--games lacuna,landlock]

Each run plays seeded random games (``new(seed, setup="random")`` → random legal actions → end,
through the public API) for ``--seconds``; the table shows the median over ``--runs`` runs of
games/s and actions/s, and each game's ratio to OpenSpiel's pure-Python ``python_tic_tac_toe``
measured in the same process (install the ``bench`` extra for it). This machine is noisy:
read medians and ratios, not single figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import tabletop
from tabletop.core.testing import playout

Run = Callable[[float, int], tuple[int, int]]  # (seconds, seed) -> (games, actions)


def tabletop_run(name: str, players: int | None) -> Run:
    game = tabletop.load(name, players=players)

    def run(seconds: float, seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        games = actions = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            state = game.new(seed=rng.randrange(2**31), setup="random")
            actions += len(playout(state, rng).history) - len(state.history)
            games += 1
        return games, actions

    return run


def open_spiel_run() -> Run | None:
    try:
        import pyspiel  # noqa: F401  (registers python games)
        from open_spiel.python.games import tic_tac_toe
    except ImportError:
        return None
    game = tic_tac_toe.TicTacToeGame()

    def run(seconds: float, seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        games = actions = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
            games += 1
        return games, actions

    return run


def measure(run: Run, seconds: float, runs: int) -> tuple[float, float]:
    """Median games/s and actions/s over ``runs`` runs."""
    rates = []
    for k in range(runs):
        start = time.perf_counter()
        games, actions = run(seconds, k)
        elapsed = time.perf_counter() - start
        rates.append((games / elapsed, actions / elapsed))
    return (statistics.median(r[0] for r in rates), statistics.median(r[1] for r in rates))


PLAYER_COUNTS = {"lascaux": (3, 4, 5), "landlock": (2, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", default=",".join(tabletop.games()))
    args = parser.parse_args()

    rows: list[tuple[str, float, float]] = []
    reference = open_spiel_run()
    ref_rate = None
    if reference is not None:
        g, a = measure(reference, args.seconds, args.runs)
        ref_rate = a
        rows.append(("open_spiel python_tic_tac_toe", g, a))
    for name in filter(None, args.games.split(",")):
        for players in PLAYER_COUNTS.get(name, (None,)):
            label = name if players is None else f"{name} ({players}p)"
            g, a = measure(tabletop_run(name, players), args.seconds, args.runs)
            rows.append((label, g, a))

    print(f"random playouts, median of {args.runs} runs of {args.seconds:g} s each")
    print(f"{'game':<32}{'games/s':>10}{'actions/s':>12}{'vs ttt':>9}")
    for label, g, a in rows:
        ratio = f"{a / ref_rate:8.2f}x" if ref_rate else "     n/a"
        print(f"{label:<32}{g:>10.1f}{a:>12.0f}{ratio}")
    if ref_rate is None:
        print("(OpenSpiel not installed: pip install -e '.[bench]' for the reference column)")


if __name__ == "__main__":
    main()
