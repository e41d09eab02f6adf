"""The benchmark scripts run as their docstrings say, and issue 20's print their figures
beside their references (a brief run each: the figures themselves are read by a person from
full runs, never asserted here)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from guards import failure

import tabletop

ROOT = Path(__file__).resolve().parent.parent
FLOAT = r"(\d+(?:\.\d+)?)"


def _run(script: str, *args: str, path: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(Path(tabletop.__file__).parent.parent))
    if path is not None:
        env["PATH"] = path
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], env=env,
                          cwd=ROOT, capture_output=True, text=True, timeout=300)


#: The smallest arguments of every script in ``benchmarks/`` (``None``: run by a test below).
SMALLEST = {
    "adapters.py": ["--seconds", "0.05", "--runs", "1"],
    "arguments.py": None,  # the scripts' shared argument checks: test_benchmark_arguments.py
    # lascaux: its docstring's example, a game of 3 to 5 players (MCTS and two random bots)
    "arena_scale.py": ["--games", "2", "--runs", "1", "--empty", "2", "--iterations", "2",
                       "--game", "lascaux"],
    "bot_waits.py": ["--rounds", "1"],
    "bots.py": None,
    "comm_bytes.py": ["lava-flows", "--plies", "5", "--iterations", "5", "--top", "2"],
    "first_click.py": ["--runs", "1"],
    "first_use.py": None,
    "instructions.py": None,  # needs valgrind, and a minute a game under it
    "lacuna.py": ["--seconds", "0.05", "--runs", "1"],
    "landlock.py": [],
    "lascaux.py": ["--seconds", "0.05", "--runs", "1"],
    "lava_flows.py": ["--seconds", "0.05", "--runs", "1"],
    "memory.py": ["--games", "2", "--only", "lava-flows,lacuna", "--top", "3"],
    "playouts.py": None,
    "soak.py": ["--games", "1"],
    # Lacuna: moves of several presses, one at the spot of the press before (seed 7, ply 5)
    "widget.py": ["lacuna", "lascaux", "--states", "100", "--plies", "12"],
}


def test_every_script_is_run_by_a_test():
    scripts = {p.name for p in (ROOT / "benchmarks").glob("*.py")}
    assert sorted(SMALLEST) == sorted(scripts), failure(
        "benchmark scripts SMALLEST in tests/test_benchmark_scripts.py does not list (or "
        "lists but benchmarks/ lacks)", sorted(scripts ^ set(SMALLEST)),
        "give each script in benchmarks/ its smallest arguments in SMALLEST (None for a "
        "helper module that is not run), so that a test runs it")


@pytest.mark.slow
@pytest.mark.parametrize("script", [name for name, args in SMALLEST.items() if args is not None])
def test_each_script_runs_with_its_smallest_arguments(script):
    done = _run(script, *SMALLEST[script])
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip()


def test_playouts_prints_each_game_as_a_ratio_to_tic_tac_toe():
    done = _run("playouts.py", "--seconds", "0.05", "--runs", "1", "--games", "lacuna,landlock")
    assert done.returncode == 0, done.stderr
    rows = {m[1].strip(): (float(m[2]), float(m[3]))
            for m in re.finditer(rf"^(\S.*?)\s+{FLOAT}\s+\d+\s+{FLOAT}x$", done.stdout, re.M)}
    assert set(rows) == {"open_spiel python_tic_tac_toe", "lacuna", "landlock (2p)",
                         "landlock (4p)"}, done.stdout
    assert rows["open_spiel python_tic_tac_toe"][1] == 1.0
    assert all(games > 0 and ratio > 0 for games, ratio in rows.values())


def test_bots_prints_iterations_per_second_beside_openspiels_mctsbot():
    done = _run("bots.py", "--skip-strength", "--speed-iterations", "20", "--only", "lascaux")
    assert done.returncode == 0, done.stderr
    assert re.search(r"MCTSBot on python_tic_tac_toe: \d+ cpu sims/s", done.stdout), done.stdout
    found = re.findall(rf"^lascaux (\d)p\s+(\d+)\s+{FLOAT}×", done.stdout, re.M)
    assert [players for players, _, _ in found] == ["3", "4", "5"], done.stdout
    assert all(int(rate) > 0 and float(ratio) > 0 for _, rate, ratio in found)


def test_first_use_prints_each_figure_as_a_ratio_to_import_numpy():
    done = _run("first_use.py", "--runs", "1", "--games", "lascaux")
    assert done.returncode == 0, done.stderr
    for label in ("import numpy", "import tabletop", "first move: lascaux"):
        assert re.search(rf"^{label}\s+\d+\s+{FLOAT}", done.stdout, re.M), done.stdout


def test_lacuna_splits_a_game_into_its_geometry_and_the_rest():
    done = _run("lacuna.py", "--seconds", "0.05", "--runs", "1")
    assert done.returncode == 0, done.stderr
    figure = {label: float(value) for label, value in re.findall(
        rf"^\s*(a random game|the layout's geometry|the rest)\b.*?:\s+{FLOAT} µs",
        done.stdout, re.M)}
    assert set(figure) == {"a random game", "the layout's geometry", "the rest"}, done.stdout
    assert 0 < figure["the layout's geometry"] < figure["a random game"]
    assert figure["the rest"] == pytest.approx(
        figure["a random game"] - figure["the layout's geometry"], abs=1.0)
    assert re.search(rf"^with no time for the geometry\s+:\s+{FLOAT}× tic-tac-toe",
                     done.stdout, re.M), done.stdout


@pytest.mark.parametrize("script,args", [("instructions.py", ["--games", "1"]),
                                         ("bots.py", ["--instructions", "--skip-speed"])])
def test_counting_instructions_without_valgrind_says_so_before_any_work(script, args, tmp_path):
    done = _run(script, *args, path=str(tmp_path))  # an empty PATH: no valgrind on it
    assert done.returncode == 2
    assert "valgrind, which is not on PATH: apt-get install valgrind" in done.stderr
    assert done.stdout == ""
