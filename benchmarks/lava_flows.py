"""Lava Flows random playouts, against OpenSpiel's pure-Python tic-tac-toe in the same process.

    python benchmarks/lava_flows.py [--seconds 2] [--runs 5] [--option memory=True ...]

Each run plays seeded random games (``new(seed, setup="random")`` → random legal actions →
end, through the public API) for ``--seconds``, alternating with OpenSpiel's
``python_tic_tac_toe`` when ``open_spiel`` is installed, after one uncounted warm-up run of
each. Prints the median actions/s of both and their ratio (the goal: at least 1). The machine
may be shared: read medians and the paired ratios.
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics
import time

from arguments import above_zero, usage_errors
from playouts import open_spiel_run

import tabletop
from tabletop.core.golden import option_of
from tabletop.core.testing import playout


def lava_run(options: dict[str, object], seconds: float, seed: int
             ) -> tuple[int, int, collections.Counter[str]]:
    """Random playouts for ``seconds``: (games, actions, how the games ended)."""
    game = tabletop.load("lava-flows", **options)
    rng = random.Random(seed)
    games = actions = 0
    ends: collections.Counter[str] = collections.Counter()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        state = game.new(seed=rng.randrange(2**31), setup="random")
        end = playout(state, rng)
        actions += len(end.history) - len(state.history)
        games += 1
        ends[end.outcome] += 1  # type: ignore[attr-defined]
    return games, actions, ends


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=above_zero(float), default=2.0)
    parser.add_argument("--runs", type=above_zero(int), default=5)
    parser.add_argument("--option", action="append", default=[],
                        help="a game option as key=value, e.g. memory=True")
    args = parser.parse_args()
    try:  # (read as the golden command line reads them: true, True, 12, empty)
        options: dict[str, object] = dict(option_of(item) for item in args.option)
    except ValueError as err:
        parser.error(str(err))
    with usage_errors(parser):
        tabletop.load("lava-flows", **options)
    ours: list[float] = []
    theirs: list[float] = []
    ratios: list[float] = []
    ends: collections.Counter[str] = collections.Counter()
    lengths: list[float] = []
    reference = open_spiel_run()
    lava_run(options, min(args.seconds, 1.0), 10**6)  # warm-up: imports, tables, memos
    for run in range(args.runs):
        games, actions, endings = lava_run(options, args.seconds, run)
        ours.append(actions / args.seconds)
        lengths.append(actions / max(games, 1))
        ends.update(endings)
        if reference is not None:
            theirs.append(reference(args.seconds, run)[1] / args.seconds)
            ratios.append(ours[-1] / theirs[-1])
    label = ", ".join(f"{k}={v!r}" for k, v in options.items()) or "default options"
    print(f"lava-flows ({label}): {statistics.median(ours):,.0f} actions/s median over "
          f"{args.runs} runs of {args.seconds:g} s; {statistics.median(lengths):.1f} "
          f"actions per game; endings {dict(ends)}")
    if theirs:
        spiel = statistics.median(theirs)
        print(f"open_spiel python_tic_tac_toe: {spiel:,.0f} actions/s median")
        print(f"ratio lava-flows / tic-tac-toe: {statistics.median(ours) / spiel:.2f} "
              f"(median of the paired runs' ratios {statistics.median(ratios):.2f}, "
              f"range {min(ratios):.2f}-{max(ratios):.2f})")
    else:
        print("open_spiel is not installed: no tic-tac-toe reference")


if __name__ == "__main__":
    main()
