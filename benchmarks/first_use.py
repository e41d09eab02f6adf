"""First use from a fresh process: ``import tabletop`` and each game's first move, as ratios
to ``import numpy`` timed in the same run.

    python benchmarks/first_use.py [--runs 5] [--games lacuna,landlock]

Every figure is timed inside a fresh Python process (interpreter start-up left out), in
alternating rounds so that a busy minute on this shared machine hits every figure alike; the
table shows the median over ``--runs`` rounds. A game's *first move* is everything a new
process does to make one: ``import tabletop``, ``tabletop.load(name)``,
``new(seed=0, setup="random")`` and one ``apply`` of a legal action (the first one listed).
The untimed first round writes the bytecode caches, as any Python does on a first import
(``PYTHONDONTWRITEBYTECODE`` is cleared for the timed processes: with it set, every process
would compile tabletop's modules again and the figures would time the compiler).
Issue 20's targets: every first move within 5× ``import numpy``, ``import tabletop`` within
2.5×.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

from arguments import above_zero, game_names

NUMPY = """
import time
start = time.perf_counter()
import numpy
print(time.perf_counter() - start)
"""

TABLETOP = """
import time
start = time.perf_counter()
import tabletop
print(time.perf_counter() - start)
"""

FIRST_MOVE = """
import time
start = time.perf_counter()
import tabletop
state = tabletop.load({name!r}).new(seed=0, setup="random")
after = state.apply(state.legal_actions()[0])
print(time.perf_counter() - start)
"""

TARGETS = {"import tabletop": 2.5}
MOVE_TARGET = 5.0


def timed(code: str) -> float:
    """Seconds that ``code`` reports for itself, run in a fresh interpreter."""
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a first import writes its bytecode caches
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, encoding="utf-8",
                          env=env, check=True)  # (a number: the same in every encoding)
    return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=above_zero(int), default=5)
    parser.add_argument("--games", default=None, help="comma-separated (default: all)")
    parser.add_argument("--json", action="store_true", help="print the medians as JSON too")
    args = parser.parse_args()
    import tabletop  # the names only; every timing is in a fresh process

    names = game_names(parser, args.games) if args.games else list(tabletop.games())
    codes = {"import numpy": NUMPY, "import tabletop": TABLETOP}
    codes.update({f"first move: {name}": FIRST_MOVE.format(name=name) for name in names})
    for code in codes.values():  # one untimed round: warms the disk cache and any caches
        timed(code)
    seen: dict[str, list[float]] = {label: [] for label in codes}
    for _ in range(args.runs):
        for label, code in codes.items():
            seen[label].append(timed(code))
    median = {label: statistics.median(times) for label, times in seen.items()}
    base = median["import numpy"]
    print(f"fresh processes, medians of {args.runs} (alternating rounds)")
    print(f"{'':<22}{'ms':>8}{'× numpy':>10}{'target':>9}")
    for label, value in median.items():
        target = TARGETS.get(label, MOVE_TARGET if label.startswith("first") else None)
        ratio = value / base
        mark = "" if target is None else f"≤ {target:g}" + (" ok" if ratio <= target else " NO")
        print(f"{label:<22}{value * 1e3:>8.0f}{ratio:>10.2f}{mark:>9}")
    if args.json:
        print(json.dumps(median))


if __name__ == "__main__":
    main()
