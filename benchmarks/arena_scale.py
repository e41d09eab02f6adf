"""The arena at scale: the same tournament in this process, on a ProcessPoolExecutor(2), and
on a Dask LocalCluster with 1 and with 2 worker processes (one thread each).

    python benchmarks/arena_scale.py            # about two minutes
    python benchmarks/arena_scale.py --quick    # about half a minute
    python benchmarks/arena_scale.py --games 200 --runs 5 --game lascaux

Prints games/s for each engine (the median of ``--runs`` timed runs, after one untimed
warm-up run that starts the workers), the speed-up of 2 Dask workers over 1, and the
overhead per game Dask adds: the same number of nearly empty games (``max_plies=1``:
agents built, game dealt, one move played, record made) timed here and on one Dask worker.
Every run also checks that the engines played the same games (same seeds, same records).
Every number printed was measured by this run; on a shared 2-core machine expect noise:
compare medians. The first line says how many CPUs this process may use
(``tabletop.core.cpus.usable_cpus``): where that is one (``taskset -c 0``, a Binder), two
workers share it and cannot be faster than one.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from arguments import above_zero, first_line, game_names

from tabletop.agents.settings import MOST_ITERATIONS
from tabletop.arena import ArenaResult, arena
from tabletop.core.cpus import cpus_text, usable_cpus
from tabletop.core.registry import game_class


def timed(run: Callable[[], ArenaResult], runs: int) -> tuple[float, ArenaResult]:
    """The median seconds of ``runs`` calls of ``run`` (after one untimed warm-up)."""
    result = run()
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        result = run()
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds), result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=first_line(__doc__))
    parser.add_argument("--game", default="landlock")
    parser.add_argument("--iterations", type=above_zero(int), default=20,
                        help="of the MCTS entrant")
    parser.add_argument("--games", type=above_zero(int), default=60)
    parser.add_argument("--runs", type=above_zero(int), default=3)
    parser.add_argument("--empty", type=above_zero(int), default=300, help="games for the overhead")
    parser.add_argument("--quick", action="store_true", help="24 games, 2 runs")
    args = parser.parse_args(argv)
    game_names(parser, [args.game], "--game")
    if args.iterations > MOST_ITERATIONS:
        parser.error(f"--iterations must be at most {MOST_ITERATIONS:,}, not {args.iterations}")
    if args.quick:
        args.games, args.runs, args.empty = 24, 2, 100
    from dask.distributed import Client, LocalCluster

    players = min(game_class(args.game).player_counts)  # MCTS against random in every other seat
    specs = [("mcts", {"iterations": args.iterations})] + ["random"] * (players - 1)

    def tournament(executor: Any = None, games: int = args.games,
                   **kw: Any) -> Callable[[], ArenaResult]:
        return lambda: arena(args.game, specs, games=games, seed=1, progress=False,
                             executor=executor, **kw)

    print(f"{args.game}, {players} players: {args.games} games of MCTS ({args.iterations} "
          f"iterations) against random; median of {args.runs} runs; {cpus_text()}")
    rows: dict[str, float] = {}
    results: dict[str, ArenaResult] = {}
    overhead: dict[str, float] = {}
    rows["in-process"], results["in-process"] = timed(tournament(), args.runs)
    empty_here, _ = timed(tournament(games=args.empty, max_plies=1), args.runs)
    with ProcessPoolExecutor(2) as pool:
        rows["ProcessPoolExecutor(2)"], results["pool"] = timed(tournament(pool), args.runs)
        empty, _ = timed(tournament(pool, games=args.empty, max_plies=1), args.runs)
        overhead["ProcessPoolExecutor(2)"] = empty - empty_here
    for workers in (1, 2):
        name = f"Dask LocalCluster, {workers} worker{'s' * (workers > 1)}"
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=":0") as cluster, Client(cluster) as client:
            rows[name], results[name] = timed(tournament(client), args.runs)
            if workers == 1:
                empty, _ = timed(tournament(client, games=args.empty, max_plies=1),
                                 args.runs)
                overhead[name] = empty - empty_here
    same = len({tuple(str(g.record) for g in r.games) for r in results.values()}) == 1
    print(f"\n{'engine':<30}{'seconds':>9}{'games/s':>9}{'vs here':>9}")
    here = rows["in-process"]
    for name, seconds in rows.items():
        print(f"{name:<30}{seconds:>9.2f}{args.games / seconds:>9.1f}{here / seconds:>8.2f}×")
    one, two = (rows[f"Dask LocalCluster, {n}"] for n in ("1 worker", "2 workers"))
    print(f"\nspeed-up of 2 Dask workers over 1: {one / two:.2f}×"
          + (" (this process may use one CPU: two workers share it)" if usable_cpus() < 2
             else ""))
    for name, extra in overhead.items():
        print(f"overhead per game, {name}: {1000 * extra / args.empty:.2f} ms "
              f"({args.empty} one-move games: {1000 * empty_here / args.empty:.2f} ms/game "
              f"here, {1000 * (empty_here + extra) / args.empty:.2f} ms there)")
    print(f"the same games, record by record, on every engine: {same}")


if __name__ == "__main__":
    main()
