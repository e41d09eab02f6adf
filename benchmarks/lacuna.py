"""Lacuna figures: the open-pair computation, and random playouts.

Prints medians:

* the open-pair computation for a fresh 48-flower layout, from scratch: the same-colour
  pairs, the flowers blocking each and the sample spots each overlaps (whole-array numpy
  over pairs × flowers, exact tests included), and the open pairs as bits of the dead mask —
  plus, for scale, the scatter of the layout and the first ``legal_actions()``;
* the first Lacuna game in a fresh process (imports included);
* where a random game's time goes (``time_split``): the layout's geometry (the scatter, the
  ``Geometry`` of the set-aside move, each pawn's and each collected pair's first kills)
  against the rest (the core's ``new`` and ``apply``, listing, choosing, the states), and
  the ratio to tic-tac-toe Lacuna would reach if its geometry took no time at all;
* random playouts through the public API (``new(seed, setup="random")`` → random legal
  actions → end): full games/s (issue 20: ≥ 2,500) and actions/s, next to OpenSpiel's pure-Python
  tic-tac-toe measured in the same run, interleaved (this machine is shared and noisy).

Run: ``python benchmarks/lacuna.py [--seconds 1] [--runs 5]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from typing import NamedTuple

from arguments import above_zero
from playouts import open_spiel_run, tabletop_run

import tabletop
from tabletop.core.testing import playout
from tabletop.games.lacuna.board import FLOWERS, SPACING
from tabletop.games.lacuna.draws import Draws
from tabletop.games.lacuna.geometry import Geometry, scatter
from tabletop.games.lacuna.rules import SETUP_OUTPUTS


def fresh_layouts(n: int) -> list:
    game = tabletop.load("lacuna")
    return [game.new(seed=seed, setup="random") for seed in range(n)]


def open_pairs_time(states: list, repeat: int = 5) -> float:
    """Median seconds to compute the open pairs of a fresh layout from scratch."""
    times = []
    for s in states:
        p = s.params
        for _ in range(repeat):
            t0 = time.perf_counter()
            geo = Geometry(s.points, s.colors, flower_r=p.flower, pawn_r=p.pawn,
                           spot_gap=p.spot_gap)
            geo.pair_bits & ~geo.flower_kill(s.on_mat)  # the open pairs: bits of an int
            times.append(time.perf_counter() - t0)
    return statistics.median(times)


def scatter_time(n: int = 200) -> float:
    times = []
    for seed in range(n):
        t0 = time.perf_counter()
        scatter(random.Random(seed), 48, 9690, 775.0)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


class Split(NamedTuple):
    """Median microseconds per random game, by part (``time_split``)."""

    setup: float  # ``new(seed, setup="random")``: draws, scatter, set-aside move, Geometry
    scatter: float  # of which the layout's scatter
    geometry: float  # and the Geometry of the set-aside move
    moves: float  # the placements, played first (each pawn's and pair's kills new)
    replayed: float  # the same placements again: every kill already kept by the layout

    @property
    def total(self) -> float:
        return self.setup + self.moves

    @property
    def layout_work(self) -> float:
        """The geometry's share: the scatter, the Geometry, the kills worked out in play."""
        return self.scatter + self.geometry + self.moves - self.replayed


def time_split(n: int = 300, rounds: int = 5) -> Split:
    """Where a random game's time goes, as ``benchmarks/playouts.py`` plays it (one game at
    a time): for each of ``n`` fresh games, each part timed on its own — the placements
    twice, from the same state with the same draws: first as a playout meets them, then
    with the layout's kills kept, which leaves the move path alone. Medians over
    ``rounds`` rounds of the mean per game."""
    game = tabletop.load("lacuna")
    p = game.params
    totals: list[list[float]] = [[] for _ in Split._fields]
    for k in range(rounds):
        rng = random.Random(k)
        spent = [0.0] * len(Split._fields)
        for i in range(n):
            seed = rng.randrange(2**31)
            t0 = time.perf_counter()
            state = game.new(seed=seed, setup="random")
            t1 = time.perf_counter()
            scatter(Draws(random.Random(seed), SETUP_OUTPUTS), FLOWERS - 1, p.mat - p.flower,
                    SPACING * p.flower)  # as ``Lacuna._initial`` does (timed again here)
            t2 = time.perf_counter()
            Geometry(state.points, state.colors, flower_r=p.flower, pawn_r=p.pawn,
                     spot_gap=p.spot_gap)
            t3 = time.perf_counter()
            played = playout(state, random.Random(i))
            t4 = time.perf_counter()
            again = playout(state, random.Random(i))
            t5 = time.perf_counter()
            assert again.history == played.history
            for j, took in enumerate((t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)):
                spent[j] += took
        for j, took in enumerate(spent):
            totals[j].append(took / n * 1e6)
    return Split(*(statistics.median(part) for part in totals))


def first_legal_time(n: int = 200) -> float:
    """Median seconds for ``legal_actions()`` right after the set-aside choice (fresh state,
    geometry and caches built from scratch)."""
    game = tabletop.load("lacuna")
    times = []
    for seed in range(n):
        s = game.new(seed=seed)
        t0 = time.perf_counter()
        s.apply(s.legal_actions()[seed % 7]).legal_actions()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


_FIRST_GAME = """
import time
t0 = time.perf_counter()
import tabletop
s = tabletop.load("lacuna").new(seed=0, setup="random")
s.apply(s.legal_actions()[0]).blocked_pairs()
print(time.perf_counter() - t0)
"""


def first_game_time(runs: int = 3) -> float:
    """Median seconds from ``import tabletop`` to a first Lacuna move in a fresh process
    (every kernel run once), after one untimed process (disk and bytecode caches)."""
    def once() -> float:
        done = subprocess.run([sys.executable, "-c", _FIRST_GAME], capture_output=True,
                              encoding="utf-8", check=True)  # (a number)
        return float(done.stdout)
    once()
    return statistics.median(once() for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=above_zero(float), default=1.0)
    parser.add_argument("--runs", type=above_zero(int), default=5)
    args = parser.parse_args()

    layouts = fresh_layouts(60)
    print(f"open pairs, fresh 48-flower layout : median {open_pairs_time(layouts) * 1e6:8.0f} µs")
    print(f"  scatter of the layout            : median {scatter_time() * 1e6:8.0f} µs")
    print(f"  first legal_actions() (+ spots)  : median {first_legal_time() * 1e6:8.0f} µs")
    print(f"first game in a fresh process      : median {first_game_time():8.2f} s")

    lacuna_run, ttt_run = tabletop_run("lacuna", None), open_spiel_run()
    lacuna_run(0.3, 99)  # warm up (interned actions, imports)
    lac, ttt = [], []
    for k in range(args.runs):  # interleaved, so both see the same machine load
        t0 = time.perf_counter()
        games, actions = lacuna_run(args.seconds, k)
        dt = time.perf_counter() - t0
        lac.append((games / dt, actions / dt))
        if ttt_run is not None:
            t0 = time.perf_counter()
            got = ttt_run(args.seconds, k)
            ttt.append(got[1] / (time.perf_counter() - t0))
    games_s = statistics.median(r[0] for r in lac)
    actions_s = statistics.median(r[1] for r in lac)
    print(f"random playouts                     : median {games_s:8.0f} games/s "
          f"({actions_s:,.0f} actions/s; goal 2,500 games/s)")
    ref = statistics.median(ttt) if ttt else None
    if ref is not None:
        print(f"OpenSpiel python tic-tac-toe        : median {ref:8,.0f} actions/s "
              f"(Lacuna {actions_s / ref:.2f}×)")
    else:
        print("OpenSpiel not installed (pip install -e '.[bench]') — no reference figure")
    print_split(time_split(rounds=args.runs), actions_s / games_s, ref)


def print_split(split: Split, actions: float, ref: float | None) -> None:
    """The parts of a random game, and what they mean for issue 20's goal of 1.5×
    tic-tac-toe's actions/s (``ref``; ``actions`` per game)."""
    rest = split.total - split.layout_work
    print(f"a random game, by part (medians)    : {split.total:8.0f} µs")
    print(f"  new(seed, setup='random')        : {split.setup:8.0f} µs, of which the "
          f"scatter {split.scatter:.0f} and the Geometry {split.geometry:.0f}")
    print(f"  the placements                   : {split.moves:8.0f} µs, "
          f"{split.replayed:.0f} with every kill kept")
    print(f"  the layout's geometry, in all    : {split.layout_work:8.0f} µs")
    print(f"  the rest (core, lists, states)   : {rest:8.0f} µs")
    if ref is None:
        return
    budget = actions * 1e6 / (1.5 * ref)
    print(f"with no time for the geometry       : {actions * 1e6 / rest / ref:8.2f}× "
          f"tic-tac-toe; 1.5× leaves it {budget - rest:.0f} µs a game "
          f"(it takes {split.layout_work:.0f})")


if __name__ == "__main__":
    main()
