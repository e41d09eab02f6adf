"""Random playouts of every registered game, side by side with OpenSpiel's Python tic-tac-toe.

    python benchmarks/playouts.py [--seconds 2] [--runs 5] [--games lacuna,landlock]

Each run plays seeded random games (``new(seed, setup="random")`` → random legal actions → end,
through the public API) for ``--seconds``; every game and OpenSpiel's pure-Python
``python_tic_tac_toe`` (install the ``bench`` extra for it) run once per round, in an order
that alternates from round to round. The table shows the median over ``--runs`` rounds of
games/s and actions/s, and of each game's ratio to tic-tac-toe's actions/s in the same round.
This machine is noisy: read medians and ratios, not single figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from arguments import above_zero, game_names

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


def measure(runs: dict[str, Run], seconds: float, repeats: int
            ) -> dict[str, list[tuple[float, float]]]:
    """Games/s and actions/s of each run, ``repeats`` times, in rounds that alternate the
    runs' order (so that a noisy spell of the machine hits the reference and the games
    alike), after a short warm-up of each (imports, tables, memos)."""
    for run in runs.values():
        run(min(seconds, 0.2), -1)
    rates: dict[str, list[tuple[float, float]]] = {label: [] for label in runs}
    for k in range(repeats):
        for label in (list(runs) if k % 2 == 0 else list(reversed(runs))):
            start = time.perf_counter()
            games, actions = runs[label](seconds, k)
            elapsed = time.perf_counter() - start
            rates[label].append((games / elapsed, actions / elapsed))
    return rates


PLAYER_COUNTS = {"lascaux": (3, 4, 5), "landlock": (2, 4)}
REFERENCE = "open_spiel python_tic_tac_toe"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=above_zero(float), default=2.0)
    parser.add_argument("--runs", type=above_zero(int), default=5)
    parser.add_argument("--games", default=",".join(tabletop.games()))
    args = parser.parse_args()

    runs: dict[str, Run] = {}
    reference = open_spiel_run()
    if reference is not None:
        runs[REFERENCE] = reference
    for name in game_names(parser, args.games):
        for players in PLAYER_COUNTS.get(name, (None,)):
            label = name if players is None else f"{name} ({players}p)"
            runs[label] = tabletop_run(name, players)
    rates = measure(runs, args.seconds, args.runs)

    print(f"random playouts, median of {args.runs} alternating rounds of {args.seconds:g} s "
          "each\n(vs ttt: median over rounds of actions/s / tic-tac-toe's in the same round)")
    print(f"{'game':<32}{'games/s':>10}{'actions/s':>12}{'vs ttt':>9}")
    ref = rates.get(REFERENCE)
    for label, rs in rates.items():
        g = statistics.median(r[0] for r in rs)
        a = statistics.median(r[1] for r in rs)
        if ref is None:
            ratio = "     n/a"
        else:
            ratio = f"{statistics.median(r[1] / q[1] for r, q in zip(rs, ref, strict=True)):8.2f}x"
        print(f"{label:<32}{g:>10.1f}{a:>12.0f}{ratio}")
    if ref is None:
        print("(OpenSpiel not installed: pip install -e '.[bench]' for the reference column)")


if __name__ == "__main__":
    main()
