"""Issue 20's benchmark scripts run and print their figures beside their references (a brief
run each: the figures themselves are read by a person from full runs, never asserted here)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop

ROOT = Path(__file__).resolve().parent.parent
FLOAT = r"(\d+(?:\.\d+)?)"


def _run(script: str, *args: str, path: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(Path(tabletop.__file__).parent.parent))
    if path is not None:
        env["PATH"] = path
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], env=env,
                          cwd=ROOT, capture_output=True, text=True, timeout=300)


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


@pytest.mark.parametrize("script,args", [("instructions.py", ["--games", "1"]),
                                         ("bots.py", ["--instructions", "--skip-speed"])])
def test_counting_instructions_without_valgrind_says_so_before_any_work(script, args, tmp_path):
    done = _run(script, *args, path=str(tmp_path))  # an empty PATH: no valgrind on it
    assert done.returncode == 2
    assert "valgrind, which is not on PATH: apt-get install valgrind" in done.stderr
    assert done.stdout == ""
