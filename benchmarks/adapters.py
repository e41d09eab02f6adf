"""Random playouts through the OpenSpiel and PettingZoo adapters, side by side with tabletop.

    python benchmarks/adapters.py [--seconds 1] [--runs 5] [--games lascaux,landlock]
    python benchmarks/adapters.py --quick          # a few seconds: 3 runs of 0.1 s

Every game at its smallest and largest player count, played at random to the end three ways:

* **tabletop**: ``state.apply(rng.choice(state.legal_actions()))`` on ``game.new(seed)``;
* **OpenSpiel**: ``state.apply_action(rng.choice(state.legal_actions()))`` on the adapter's
  game (``tabletop.adapters.openspiel.load_game``), after the chance node draws the seed;
* **PettingZoo**: the AEC loop, ``env.last()`` then ``env.step`` of a random id of the
  observation's action mask, on ``tabletop.adapters.pettingzoo.env`` (wrapped as users get it).
  Each ``last()`` builds the observation, so the tensor of every view is part of its cost.

Each run plays each way for ``--seconds`` (the three alternate within a run, so that a noisy
spell of the machine hits them alike); the table shows the median plies/s and games/s over
``--runs`` runs, and each adapter's **time ratio**: its time per ply over tabletop's own (1.0x
would be no overhead). This machine is noisy: read medians and ratios, not single figures.
Needs the ``openspiel`` and ``pettingzoo`` extras.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np
from arguments import above_zero, game_names

import tabletop
from tabletop.core.registry import game_class

try:
    from tabletop.adapters import openspiel
    from tabletop.adapters.pettingzoo import env
except ImportError as error:  # pragma: no cover - depends on the environment
    raise SystemExit(f"{error}\n(pip install -e '.[openspiel,pettingzoo]')") from None

Run = Callable[[float, int], tuple[int, int]]  # (seconds, seed) -> (games, plies)
WAYS = ("tabletop", "OpenSpiel", "PettingZoo")


def tabletop_run(name: str, players: int) -> Run:
    game = tabletop.load(name, players=players)

    def run(seconds: float, seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        games = plies = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            state = game.new(seed=rng.randrange(2**31))
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_actions()))
                plies += 1
            games += 1
        return games, plies

    return run


def openspiel_run(name: str, players: int) -> Run:
    game = openspiel.load_game(name, players=players)

    def run(seconds: float, seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        games = plies = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            state = game.new_initial_state()
            state.apply_action(rng.randrange(openspiel.SEEDS))  # the chance node: a seed
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                plies += 1
            games += 1
        return games, plies

    return run


def pettingzoo_run(name: str, players: int) -> Run:
    environment = env(name, players=players)

    def run(seconds: float, seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        games = plies = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            environment.reset(seed=rng.randrange(2**31))
            for _ in environment.agent_iter():
                observation, _, terminated, truncated, _ = environment.last()
                if terminated or truncated:
                    environment.step(None)
                    continue
                legal = np.flatnonzero(observation["action_mask"])
                environment.step(int(legal[rng.randrange(len(legal))]))
                plies += 1
            games += 1
        return games, plies

    return run


def measure(runs: dict[str, Run], seconds: float, repeats: int) -> dict[str, tuple[float, float]]:
    """Median games/s and plies/s of each way, over ``repeats`` runs that alternate them."""
    for run in runs.values():  # warm up: caches, tables, compiled kernels
        run(0.0, 0)
    rates: dict[str, list[tuple[float, float]]] = {way: [] for way in runs}
    for k in range(repeats):
        order = list(runs) if k % 2 == 0 else list(reversed(runs))
        for way in order:
            start = time.perf_counter()
            games, plies = runs[way](seconds, k)
            elapsed = time.perf_counter() - start
            rates[way].append((games / elapsed, plies / elapsed))
    return {way: (statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs))
            for way, rs in rates.items()}


def player_counts(name: str) -> tuple[int, ...]:
    """The game's smallest and largest player counts (one when they are the same)."""
    counts = game_class(name).player_counts
    return tuple(dict.fromkeys((min(counts), max(counts))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=above_zero(float), default=1.0, help="per way per run")
    parser.add_argument("--runs", type=above_zero(int), default=5)
    parser.add_argument("--games", default=",".join(tabletop.games()))
    parser.add_argument("--quick", action="store_true", help="3 runs of 0.1 s: a smoke test")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.runs = 0.1, 3

    print(f"random playouts, median of {args.runs} runs of {args.seconds:g} s per way; "
          "time ratio = time per ply through the adapter / through tabletop")
    head = f"{'game':<18}" + "".join(f"{way + ' plies/s':>22}" for way in WAYS)
    print(head + f"{'games/s (t/OS/PZ)':>22}{'OpenSpiel':>11}{'PettingZoo':>12}")
    start = time.perf_counter()
    for name in game_names(parser, args.games):
        for players in player_counts(name):
            runs = {"tabletop": tabletop_run(name, players),
                    "OpenSpiel": openspiel_run(name, players),
                    "PettingZoo": pettingzoo_run(name, players)}
            found = measure(runs, args.seconds, args.runs)
            direct = found["tabletop"][1]
            games = "/".join(f"{found[way][0]:.0f}" for way in WAYS)
            print(f"{f'{name} ({players}p)':<18}"
                  + "".join(f"{found[way][1]:>22.0f}" for way in WAYS)
                  + f"{games:>22}"
                  + f"{direct / found['OpenSpiel'][1]:>10.2f}x"
                  + f"{direct / found['PettingZoo'][1]:>11.2f}x", flush=True)
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
