"""Bots and trees benchmark: MCTS speed, bot move time, explore speed, and strength.

    python benchmarks/bots.py                       # everything, default sizes
    python benchmarks/bots.py --games 100 --workers 2            # the strength table
    python benchmarks/bots.py --iterations 300 --only landlock lascaux
    python benchmarks/bots.py --skip-strength       # speed only (about a minute)
    python benchmarks/bots.py --skip-strength --against d2f7eea --rounds 5
                                                    # this search against another commit's
    python benchmarks/bots.py --skip-speed --skip-strength --instructions --against d2f7eea
                                                    # instructions per iteration (valgrind)

Goals (issue 20): MCTS iterations/s ≥ 2× those of the search before it was optimised
(``--against d2f7eea``: that commit's package, exported with ``git archive`` to a temporary
directory, and this one measured in alternating subprocesses, same positions, same seeds), and
≥ 1× the simulations/s of OpenSpiel's Python ``MCTSBot`` on its own tic-tac-toe (uct_c=2,
one random rollout per simulation, as many simulations as ours) measured in the same run.

Goals (issue 9): MCTS ≥ 1,000 iterations/s per game; a bot move in ≤ 1 s at the default
strength; MCTS at the default strength wins ≥ 90 % against random in the 2-player games and at
least twice its fair share against random opponents in Lascaux. Every number printed here was
measured by this run; nothing is assumed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from arguments import above_zero, first_line, game_names, usage_errors

import tabletop
from tabletop.agents import STRENGTHS, MCTSAgent
from tabletop.arena import arena
from tabletop.core.cpus import cpus_text, usable_cpus
from tabletop.core.tree import explore

#: (game, players) pairs benchmarked; Lascaux at every player count for speed.
SETUPS = {
    "lacuna": (2,),
    "landlock": (2,),
    "lascaux": (3, 4, 5),
    "lava-flows": (2,),
}


def loads(name: str) -> bool:
    """Whether the game is installed and loads (games still being built are skipped)."""
    try:
        tabletop.load(name, players=SETUPS[name][0]).new(seed=0, setup="random")
    except Exception:  # noqa: BLE001 - any failure means "not ready"
        return False
    return True


def positions(name: str, players: int, count: int = 4, seed: int = 0) -> list[tabletop.State]:
    """Seeded positions to search from: random games stopped at 0 %, 25 %, 50 %, 75 %."""
    game = tabletop.load(name, players=players)
    out = []
    for k in range(count):
        rng = random.Random(seed * 1000 + k)
        state = game.new(seed=seed + k, setup="random")
        line = [state]
        while not state.is_terminal and len(line) < 400:
            state = state.apply(rng.choice(state.legal_actions()))
            line.append(state)
        pick = line[min(len(line) - 2, len(line) * k // count)]
        out.append(pick)
    return out


def speed(name: str, players: int, iterations: int) -> dict[str, float]:
    """Iterations per second (fixed budget), by CPU time and by the wall clock, and seconds
    (wall clock) per move at the default strength. On a shared machine the wall clock counts
    the time other processes took; CPU time is what the search itself cost."""
    cpu_rates, wall_rates, moves = [], [], []
    for i, state in enumerate(positions(name, players)):
        view = state.view(state.current_player)
        if len(view.legal_actions()) < 2:
            continue
        agent = MCTSAgent(iterations=iterations, seed=i)
        cpu, wall = time.process_time(), time.perf_counter()
        analysis = agent.analyse(view)
        cpu_rates.append(analysis.iterations / (time.process_time() - cpu))
        wall_rates.append(analysis.iterations / (time.perf_counter() - wall))
        default = MCTSAgent(seed=i)
        wall = time.perf_counter()
        default.act(view)
        moves.append(time.perf_counter() - wall)
    return {"cpu it/s": statistics.median(cpu_rates), "wall it/s": statistics.median(wall_rates),
            "move s": statistics.median(moves), "move s max": max(moves)}


def openspiel_speed(simulations: int, runs: int = 4) -> float | None:
    """Simulations per second (CPU time, median of ``runs``) of OpenSpiel's Python
    ``MCTSBot`` choosing the first move of its pure-Python tic-tac-toe, with one random
    rollout per simulation and ``uct_c=2``; ``None`` without OpenSpiel."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python import games  # noqa: F401 - registers python_tic_tac_toe
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rates = []
    for seed in range(runs):
        rng = np.random.RandomState(seed)
        bot = mcts.MCTSBot(game, uct_c=2, max_simulations=simulations, random_state=rng,
                           evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng))
        state = game.new_initial_state()
        cpu = time.process_time()
        bot.step(state)
        rates.append(simulations / (time.process_time() - cpu))
    return statistics.median(rates)


def search_rates(setups: list[tuple[str, int]], iterations: int) -> dict[str, float]:
    """CPU iterations/s of a fixed-budget search per ``"game Np"``: the median over the
    seeded positions (only ``MCTSAgent(iterations=, seed=).analyse``, which every version
    of the package has, so another commit's package can be measured the same way)."""
    out = {}
    for name, players in setups:
        rates = []
        for i, state in enumerate(positions(name, players)):
            view = state.view(state.current_player)
            if len(view.legal_actions()) < 2:
                continue
            MCTSAgent(iterations=10, seed=i).analyse(view)  # warm the position's caches
            cpu = time.process_time()
            analysis = MCTSAgent(iterations=iterations, seed=i).analyse(view)
            rates.append(analysis.iterations / (time.process_time() - cpu))
        out[f"{name} {players}p"] = statistics.median(rates)
    return out


def export(ref: str) -> Path:
    """The tree of git ``ref`` of this repository, exported to a temporary directory."""
    root = Path(__file__).resolve().parent.parent
    target = Path(tempfile.mkdtemp(prefix="bots-against-"))
    archive = subprocess.run(["git", "-C", str(root), "archive", ref], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def rates_of(root: Path, setups: list[tuple[str, int]], iterations: int) -> dict[str, float]:
    """``search_rates`` in a fresh process that imports the package under ``root``."""
    spec = json.dumps([setups, iterations])
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, __file__, "--child-rates", spec], env=env,
                          cwd=root, check=True, capture_output=True, encoding="utf-8")
    rates: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return rates


def against(ref: str, setups: list[tuple[str, int]], iterations: int, rounds: int) -> None:
    """This package's search against ``ref``'s, in alternating fresh processes, with
    OpenSpiel's MCTSBot measured between them; medians over ``rounds`` rounds.

    Each round measures each game in a pair of fresh processes, one per package, run one
    right after the other (which goes first alternates), so that the two searches of a pair
    are seconds apart: a noisy spell of a shared machine then slows both sides of a ratio,
    not one."""
    there = export(ref)
    try:
        _against(ref, there, setups, iterations, rounds)
    finally:
        shutil.rmtree(there, ignore_errors=True)


def _against(ref: str, there: Path, setups: list[tuple[str, int]], iterations: int,
             rounds: int) -> None:
    here = Path(__file__).resolve().parent.parent
    print(f"\nMCTS cpu it/s, this tree against {ref} ({there}), {iterations} iterations per "
          f"search, {rounds} alternating rounds; load average {os.getloadavg()[0]:.1f}")
    base: dict[str, list[float]] = {}
    new: dict[str, list[float]] = {}
    spiel: list[float] = []
    for k in range(rounds):
        for j, setup in enumerate(setups):
            pair = [(there, base), (here, new)]
            for root, into in pair if (k + j) % 2 == 0 else pair[::-1]:
                for label, rate in rates_of(root, [setup], iterations).items():
                    into.setdefault(label, []).append(rate)
        reference = openspiel_or_nan(iterations)
        spiel.append(reference)
        print(f"  round {k + 1}: " + ", ".join(
            f"{label} {base[label][-1]:.0f}→{new[label][-1]:.0f}" for label in new)
            + f"; OpenSpiel {reference:.0f}", flush=True)
    os_rate = statistics.median(spiel)
    print(f"{'game':<16}{ref[:10]:>11}{'this':>9}{'this/ref':>10}{'÷ OpenSpiel':>13}"
          f"{'rounds < 2×':>13}")
    for label in new:
        b, n = statistics.median(base[label]), statistics.median(new[label])
        ratios = [x / y for x, y in zip(new[label], base[label], strict=True)]
        below = sum(r < 2 for r in ratios)
        print(f"{label:<16}{b:>11.0f}{n:>9.0f}{statistics.median(ratios):>9.2f}×"
              f"{n / os_rate:>12.2f}×{below:>7} of {len(ratios)}")
    print(f"{'OpenSpiel MCTSBot':<16}{'':>11}{os_rate:>9.0f}  (python_tic_tac_toe sims/s)")


def search_work(name: str, players: int, iterations: int) -> int:
    """The counted work of ``--instructions``: a fixed-budget search from each seeded
    position (after a 10-iteration warm-up there, which the zero-budget run also does);
    returns how many positions were searched."""
    views = [s.view(s.current_player) for s in positions(name, players)]
    views = [v for v in views if len(v.legal_actions()) > 1]
    for i, view in enumerate(views):
        MCTSAgent(iterations=10, seed=i).analyse(view)
        if iterations:
            MCTSAgent(iterations=iterations, seed=i).analyse(view)
    return len(views)


def instructions_per_iteration(root: Path, name: str, players: int, iterations: int) -> float:
    """Instructions (valgrind's callgrind, one BLAS thread, a fixed hash seed) per search
    iteration of the package under ``root``: a run with ``iterations`` per search minus one
    with none, over the positions times ``iterations``. A figure that a busy machine does not
    blur."""
    counts = []
    views = 0
    env = {**os.environ, "PYTHONPATH": str(root), "OPENBLAS_NUM_THREADS": "1",
           "OMP_NUM_THREADS": "1", "PYTHONHASHSEED": "0"}  # the same work every run
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    child = [sys.executable, __file__, "--child-work"]
    subprocess.run([*child, json.dumps([name, players, 1])], env=env, cwd=root,
                   capture_output=True, check=True)  # uncounted: writes the bytecode caches
    for budget in (0, iterations):
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *child,
                   json.dumps([name, players, budget])]
        done = subprocess.run(command, env=env, cwd=root, capture_output=True, encoding="utf-8",
                              check=True)
        found = re.search(r"Collected : (\d+)", done.stderr)
        if found is None:
            raise RuntimeError(f"valgrind printed no count:\n{done.stderr[-2000:]}")
        counts.append(int(found.group(1)))
        views = int(done.stdout.split()[-1])
    return (counts[1] - counts[0]) / (views * iterations)


def instruction_table(setups: list[tuple[str, int]], iterations: int, ref: str | None) -> None:
    """Instructions per iteration of this tree (and of ``ref``'s, with their ratio)."""
    here = Path(__file__).resolve().parent.parent
    there = export(ref) if ref is not None else None
    try:
        print(f"\nMCTS instructions per iteration (valgrind; {iterations} iterations per "
              f"search from each seeded position)")
        print(f"{'game':<16}" + (f"{ref[:10]:>12}" if ref else "") + f"{'this':>12}"
              + (f"{'ref/this':>10}" if ref else ""))
        uncounted = False
        for name, players in setups:
            mine = instructions_per_iteration(here, name, players, iterations)
            row = f"{name + f' {players}p':<16}"
            if there is not None:
                theirs = instructions_per_iteration(there, name, players, iterations)
                if theirs > 0:
                    row += f"{theirs / 1e3:>10.0f} k{mine / 1e3:>10.0f} k{theirs / mine:>9.2f}×"
                else:  # the budget-free run did more: work that is not the search's
                    uncounted = True
                    row += f"{'n/a':>12}{mine / 1e3:>10.0f} k{'n/a':>10}"
            else:
                row += f"{mine / 1e3:>10.0f} k"
            print(row, flush=True)
        if uncounted:
            print("n/a: the reference's run without iterations counted more than its run with "
                  "them (work outside the search, such as compiling, differs between runs), "
                  "so the difference measures no iteration")
    finally:
        if there is not None:
            shutil.rmtree(there, ignore_errors=True)


def openspiel_or_nan(simulations: int) -> float:
    """``openspiel_speed``, or NaN without OpenSpiel."""
    rate = openspiel_speed(simulations)
    return float("nan") if rate is None else rate


def explore_speed(name: str, players: int, budget: int = 4000) -> float:
    """Nodes per second (CPU time) of ``explore`` from seeded mid-game positions."""
    nodes, seconds = 0, 0.0
    for state in positions(name, players, count=3, seed=7):
        start = time.process_time()
        graph = explore(state, depth=3, max_nodes=budget)
        seconds += time.process_time() - start
        nodes += graph.number_of_nodes()
    return nodes / seconds


def strength(name: str, players: int, games: int, budget: dict[str, object],
             workers: int) -> tuple[float, object]:
    """MCTS against random opponents: MCTS's win rate over ``games`` seat-rotated games."""
    entrants = {"mcts": ("mcts", budget), **{f"random{j}": "random" for j in range(1, players)}}
    with ProcessPoolExecutor(workers) as pool:
        result = arena(name, entrants, games=games, seed=2026, players=players,
                       executor=pool, progress=sys.stderr.isatty())
    return result.win_rate("mcts"), result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=first_line(__doc__))
    parser.add_argument("--games", type=above_zero(int), default=100,
                        help="games per strength match")
    parser.add_argument("--iterations", type=above_zero(int), default=None,
                        help="MCTS iterations per move in the strength matches")
    parser.add_argument("--seconds", type=above_zero(float), default=None,
                        help="MCTS seconds per move in the strength matches")
    parser.add_argument("--speed-iterations", type=above_zero(int), default=500,
                        help="iterations per search when measuring iterations/s")
    parser.add_argument("--workers", type=above_zero(int), default=min(2, usable_cpus()),
                        help="worker processes (default: 2, or 1 on one usable CPU)")
    parser.add_argument("--only", nargs="*", default=None, help="game names")
    parser.add_argument("--lascaux-players", type=int, nargs="*", default=[4],
                        help="player counts for the Lascaux strength match")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-strength", action="store_true")
    parser.add_argument("--against", metavar="REF", default=None,
                        help="also measure the search of git REF, alternating with this one")
    parser.add_argument("--rounds", type=above_zero(int), default=5,
                        help="alternating rounds (--against)")
    parser.add_argument("--instructions", action="store_true",
                        help="instructions per iteration by valgrind (with --against: both)")
    parser.add_argument("--child-rates", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--child-work", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child_work is not None:  # a subprocess of --instructions, counted by valgrind
        name, players, iterations = json.loads(args.child_work)
        print(search_work(name, players, iterations))
        return
    if args.child_rates is not None:  # a subprocess of --against: rates as one JSON line
        setups, iterations = json.loads(args.child_rates)
        print(json.dumps(search_rates([tuple(s) for s in setups], iterations)))
        return

    if args.instructions and shutil.which("valgrind") is None:  # before any work
        parser.exit(2, "bots.py --instructions counts with valgrind, which is not on PATH: "
                       "apt-get install valgrind\n")
    only = game_names(parser, args.only, "--only") if args.only else None
    with usage_errors(parser):
        for players in args.lascaux_players:
            tabletop.load("lascaux", players=players)
    ready = [n for n in SETUPS if loads(n)]
    names = [n for n in ready if not only or n in only]
    missing = [n for n in SETUPS if n not in ready]
    if missing:
        print(f"not installed yet, skipped: {', '.join(missing)}")

    if not args.skip_speed:
        reference = openspiel_or_nan(args.speed_iterations)
        print(f"\nMCTS speed ({args.speed_iterations} iterations per search, median of 4 "
              f"positions; default strength = {STRENGTHS['default']}; load average "
              f"{os.getloadavg()[0]:.1f} on {cpus_text()}); OpenSpiel's Python "
              f"MCTSBot on python_tic_tac_toe: {reference:.0f} cpu sims/s (× OS: ours over it)")
        print(f"{'game':<16}{'cpu it/s':>9}{'× OS':>7}{'wall it/s':>10}{'move s':>8}{'max':>7}"
              f"{'explore n/s':>13}")
        for name in names:
            for players in SETUPS[name]:
                s = speed(name, players, args.speed_iterations)
                e = explore_speed(name, players)
                label = f"{name} {players}p"
                print(f"{label:<16}{s['cpu it/s']:>9.0f}{s['cpu it/s'] / reference:>6.2f}×"
                      f"{s['wall it/s']:>10.0f}{s['move s']:>8.2f}{s['move s max']:>7.2f}"
                      f"{e:>13.0f}", flush=True)

    setups = [(name, players) for name in names for players in SETUPS[name]]
    if args.against is not None and not args.skip_speed:
        against(args.against, setups, args.speed_iterations, args.rounds)
    if args.instructions:
        instruction_table(setups, 200, args.against)

    if not args.skip_strength:
        budget: dict[str, object] = {}
        if args.iterations is not None:
            budget["iterations"] = args.iterations
        if args.seconds is not None:
            budget["seconds"] = args.seconds
        shown = budget or {"strength": "default"}
        print(f"\nStrength: MCTS {shown} against random, {args.games} games each, seats "
              f"rotated, {args.workers} worker processes")
        print(f"{'game':<16}{'games':>7}{'MCTS wins':>11}{'fair':>7}{'goal':>8}{'met':>5}"
              f"{'minutes':>9}")
        for name in names:
            counts = args.lascaux_players if name == "lascaux" else SETUPS[name]
            for players in counts:
                start = time.perf_counter()
                rate, result = strength(name, players, args.games, budget, args.workers)
                fair = 1 / players
                goal = 0.9 if players == 2 else 2 * fair
                label = f"{name} {players}p"
                print(f"{label:<16}{len(result):>7}{rate:>11.1%}{fair:>7.0%}{goal:>8.0%}"
                      f"{'yes' if rate >= goal else 'NO':>5}"
                      f"{(time.perf_counter() - start) / 60:>9.1f}", flush=True)
                print("  " + str(result).replace("\n", "\n  "), flush=True)


if __name__ == "__main__":
    main()
