"""Instructions per random game, counted by valgrind: a figure a noisy machine cannot blur.

    python benchmarks/instructions.py [--games 40] [--only lacuna landlock]

Wall-clock rates on this shared 2-core machine swing by 2x from one minute to the next;
instruction counts (valgrind's callgrind, with one BLAS thread and a fixed hash seed) repeat
closely, so they show whether a change made the work smaller. For each game it prints, per
game played, the instructions of ``new(seed, setup="random")`` (the setup: layouts, decks,
secret choices) and of a whole seeded random game through the public API — each the count of
a run with ``--games`` games minus that of the same run with none. Needs valgrind
(``apt-get install valgrind``); about a minute per game at the default ``--games``.

Reading the counts: valgrind counts each repetition of a ``rep``-prefixed instruction, and
glibc clears and copies large blocks with ``rep stosb``/``movsb``, so a zeroed array (``np.zeros``,
and BLAS clearing a ``@`` product's output) costs about one counted instruction a byte, far
more than its share of the time. ``callgrind_annotate`` of a run's output file (give
``--callgrind-out-file``) shows such costs by C function.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys

from arguments import above_zero, game_names

import tabletop
from tabletop.core.testing import playout

WARM_UP = 20  # whole games played before the counted ones in every run (imports, caches)


def play(name: str, part: str, games: int) -> None:
    """The counted work, after the warm-up: ``games`` seeded setups (``part="setup"``) or
    whole random games (``part="game"``) of ``name``. The seeds come from a generator of
    their own and each game's moves from one seeded by the game's seed, so both parts set up
    the same games and "whole game" minus "setup" is their play alone."""
    game = tabletop.load(name)
    seeds = random.Random(0)
    for whole, count in ((True, WARM_UP), (part == "game", games)):
        for _ in range(count):
            seed = seeds.randrange(2**31)
            state = game.new(seed=seed, setup="random")
            if whole:
                playout(state, random.Random(seed))


#: One BLAS thread, and one string hash seed: set and dict orders (so the work) repeat.
STEADY = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "PYTHONHASHSEED": "0"}


def instructions(name: str, part: str, games: int) -> int:
    """Instructions valgrind counts for ``play(name, part, games)`` in a fresh process."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, __file__, "--child", name, part, str(games)]
    env = {**os.environ, **STEADY}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the first run writes the bytecode caches
    done = subprocess.run(command, capture_output=True, encoding="utf-8", env=env, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=above_zero(int), default=40)
    parser.add_argument("--only", nargs="*", default=list(tabletop.games()))
    parser.add_argument("--child", nargs=3, metavar=("NAME", "PART", "GAMES"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        name, part, games = args.child
        play(name, part, int(games))
        return

    if shutil.which("valgrind") is None:  # before any game is played
        parser.exit(2, "instructions.py counts with valgrind, which is not on PATH: "
                       "apt-get install valgrind\n")
    names = game_names(parser, args.only, "--only")
    print(f"instructions per game (valgrind; {args.games} counted after {WARM_UP} unseen)")
    print(f"{'game':<14}{'setup':>12}{'whole game':>14}")
    for name in names:
        instructions(name, "game", 0)  # writes the bytecode caches before anything counts
        base = instructions(name, "game", 0)
        setup = (instructions(name, "setup", args.games) - base) / args.games
        whole = (instructions(name, "game", args.games) - base) / args.games
        print(f"{name:<14}{setup / 1e6:>10.2f} M{whole / 1e6:>12.2f} M")


if __name__ == "__main__":
    main()
