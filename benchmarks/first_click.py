"""First-click latency in a fresh process, with and without the widget's warm-up.

    python benchmarks/first_click.py                  # Lacuna, 3 runs per case
    python benchmarks/first_click.py --runs 5 --game lacuna

Each run is a new Python process that opens ``tabletop.play(game, seed=1)`` and makes the
first two moves by clicks through the widget (the clicks of each move's first click path:
board clicks at their scene points, buttons through ``choose``), timing each move from its
first click to its redraw sent. Cases:

* ``off``: no warm-up (``tabletop.widgets.warmup.ENABLED = False``), as before;
* ``on, click at once``: the warm-up starts and the first click follows immediately (the worst
  case: the click waits for whatever the warm-up has not compiled yet);
* ``on, click after``: the person clicks once the warm-up is done (its duration is printed:
  the time a person looks at the board before clicking hides it).

Every case runs with ``NUMBA_CACHE_DIR`` empty (``cold``) and filled (``warm``): a distinction
from when Lacuna's kernels were compiled with numba (issue 20 replaced them with numpy), kept
so that figures compare with older runs. Medians over the runs are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from arguments import above_zero, first_line, game_names

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, sys, time
from tabletop.widgets import warmup
warmup.ENABLED = {enabled}
import tabletop
from tabletop.render.scenecanvas import click_point
t = time.perf_counter()
w = tabletop.play({game!r}, seed=1, agent_delay=0, panel_delay=0)
opened = time.perf_counter() - t
warm = None
if {after}:
    t = time.perf_counter(); assert warmup.wait(300); warm = time.perf_counter() - t
times = []
for _ in range(2):
    action = w.state.legal_actions()[0]
    inp = w.session.input
    t = time.perf_counter()
    for target in next(iter(inp.paths(action))):
        scene = w.scene()
        if target in scene.targets():
            w.click(*click_point(scene, target))
        else:
            w.choose(target)
    if w.state.history[-1:] != (action,):
        w.play(action)
    times.append(time.perf_counter() - t)
print(json.dumps({{"moves": times, "warm_up": warm, "opened": opened}}))
"""

CASES = {"off": (False, False), "on, click at once": (True, False),
         "on, click after": (True, True)}


def run(game: str, enabled: bool, after: bool, cache: str) -> dict[str, object]:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache,
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    code = CHILD.format(enabled=enabled, after=after, game=game)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         encoding="utf-8", check=True, timeout=600)
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=first_line(__doc__))
    parser.add_argument("--game", default="lacuna")
    parser.add_argument("--runs", type=above_zero(int), default=3)
    args = parser.parse_args()
    game_names(parser, [args.game], "--game")
    with tempfile.TemporaryDirectory() as filled:
        run(args.game, True, True, filled)  # fills this numba cache
        print(f"{args.game}: first two moves by clicks in a fresh process, medians of "
              f"{args.runs} runs (s)")
        print(f"{'numba cache':12} {'warm-up':20} {'play()':>7} {'1st move':>9} "
              f"{'2nd move':>9} {'warm-up took':>13}")
        for label, cache in (("cold", None), ("warm", filled)):
            for case, (enabled, after) in CASES.items():
                results = []
                for _ in range(args.runs):
                    with tempfile.TemporaryDirectory() as empty:
                        results.append(run(args.game, enabled, after, cache or empty))
                opened = statistics.median(r["opened"] for r in results)  # type: ignore
                first = statistics.median(r["moves"][0] for r in results)  # type: ignore
                second = statistics.median(r["moves"][1] for r in results)  # type: ignore
                warm = [r["warm_up"] for r in results if r["warm_up"] is not None]
                took = f"{statistics.median(warm):13.2f}" if warm else f"{'':13}"  # type: ignore
                print(f"{label:12} {case:20} {opened:7.2f} {first:9.3f} {second:9.3f} {took}")


if __name__ == "__main__":
    main()
