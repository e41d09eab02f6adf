"""Soak every game: many seeded random games per configuration, every invariant checked.

    python benchmarks/soak.py [--games 200] [--only lascaux] [--processes 2] [--first-seed 0]

Plays ``--games`` random games (seeds ``--first-seed ...``) of every registered game and player
count, plus a few non-default options, with ``tabletop.core.testing.soak`` checking each one
(terminal ⇔ no legal action, records replay, views agree with determinize, copies and pickles
round-trip). Games run in chunks on ``--processes`` worker processes; a progress line goes to
stderr as each chunk ends, then a table of games/s (per process) and failures per
configuration, with the first failure messages. Exits 1 if any game failed. Stopped early
(Ctrl-C, or ``kill``), it prints the table of the chunks that finished.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Iterable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any

from arguments import above_zero, game_names, not_negative

import tabletop
from tabletop.core.record import MAX_SEED
from tabletop.core.registry import game_class
from tabletop.core.testing.soak import SoakResult, soak

#: Non-default options soaked besides the defaults: (game, players, options).
VARIANTS: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("lascaux", 4, {"strict_colour": True}),
    ("lava-flows", 2, {"slide": "empty", "oreo": "top", "memory": True}),
    ("landlock", 2, {"gnomes": "placed"}),
)

Config = tuple[str, int, dict[str, Any]]


def configurations(only: str | None = None) -> list[Config]:
    """Every registered game and player count with default options, then ``VARIANTS``."""
    configs: list[Config] = [(name, players, {}) for name in tabletop.games()
                             for players in game_class(name).player_counts]
    configs += [(name, players, dict(options)) for name, players, options in VARIANTS
                if name in tabletop.games()]
    return [c for c in configs if only is None or c[0] == only]


def label(config: Config) -> str:
    name, players, options = config
    extra = "".join(f" {k}={v}" for k, v in options.items())
    return f"{name} {players}p{extra}"


def run_chunk(config: Config, first_seed: int, games: int) -> SoakResult:
    """Soak ``games`` games of one configuration (the unit of work of a worker process)."""
    name, players, options = config
    return soak(tabletop.load(name, players=players, **options), games, first_seed)


def chunks(configs: list[Config], games: int, first_seed: int, size: int
           ) -> Iterable[tuple[int, int, int]]:
    """``(config index, first seed, games)`` in round-robin order over the configurations,
    so that a run stopped early has soaked every configuration about equally."""
    for start in range(0, games, size):
        for i in range(len(configs)):
            yield i, first_seed + start, min(size, games - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=above_zero(int), default=200,
                        help="games per configuration")
    parser.add_argument("--only", help="soak only this game (its registered name)")
    parser.add_argument("--processes", type=above_zero(int), default=1)
    parser.add_argument("--first-seed", type=not_negative(int), default=0)
    parser.add_argument("--chunk", type=above_zero(int), default=500, help="games per unit of work")
    args = parser.parse_args(argv)
    if args.first_seed + args.games - 1 > MAX_SEED:
        parser.error(f"--first-seed must be at most 2**64 - games = "
                     f"{MAX_SEED - args.games + 1}: every game's seed is at most 2**64 - 1")
    if args.only is not None:
        game_names(parser, [args.only], "--only")

    configs = configurations(args.only)
    totals = [SoakResult() for _ in configs]
    work = list(chunks(configs, args.games, args.first_seed, args.chunk))
    start = time.perf_counter()
    executor: Executor | None = None
    signal.signal(signal.SIGTERM, _stop)  # ``kill`` stops it as Ctrl-C does: with a table
    try:
        if args.processes > 1:
            executor = ProcessPoolExecutor(max_workers=args.processes)
            futures: dict[Future[SoakResult], int] = {
                executor.submit(run_chunk, configs[i], seed, n): i for i, seed, n in work}
            for future in as_completed(futures):
                _record(totals, futures[future], future.result(), configs, start)
        else:
            for i, seed, n in work:
                _record(totals, i, run_chunk(configs[i], seed, n), configs, start)
    except KeyboardInterrupt:
        print("interrupted: the table counts the chunks that finished", file=sys.stderr)
    _print_table(configs, totals, time.perf_counter() - start, args.processes)
    if executor is not None:
        executor.shutdown(cancel_futures=True)  # (running chunks finish first)
    return 1 if any(t.failed for t in totals) else 0


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _record(totals: list[SoakResult], i: int, result: SoakResult, configs: list[Config],
            start: float) -> None:
    totals[i].add(result)
    games = sum(t.games for t in totals)
    failed = sum(t.failed for t in totals)
    print(f"[{time.perf_counter() - start:8.1f} s] {label(configs[i])}: {totals[i].games} games,"
          f" {totals[i].failed} failed; all: {games} games, {failed} failed",
          file=sys.stderr, flush=True)


def _print_table(configs: list[Config], totals: list[SoakResult], wall: float,
                 processes: int) -> None:
    print(f"soak: {sum(t.games for t in totals)} games in {wall:.1f} s wall on "
          f"{processes} process(es); games/s and plies/s per process")
    print(f"{'configuration':<52}{'games':>8}{'plies':>10}{'games/s':>9}{'plies/s':>9}"
          f"{'failed':>8}")
    for config, t in zip(configs, totals, strict=True):
        rate = t.games / t.seconds if t.seconds else 0.0
        prate = t.plies / t.seconds if t.seconds else 0.0
        print(f"{label(config):<52}{t.games:>8}{t.plies:>10}{rate:>9.1f}{prate:>9.0f}"
              f"{t.failed:>8}")
    for config, t in zip(configs, totals, strict=True):
        for message in t.failures:
            print(f"FAILED {label(config)}: {message}")


if __name__ == "__main__":
    sys.exit(main())
