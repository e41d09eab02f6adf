"""The playout benchmarks (``benchmarks/playouts.py``, issue 2's, and
``benchmarks/adapters.py``, issue 18's) refuse arguments they cannot run with in one usage
line, before timing anything: no traceback from a division by zero or an empty median."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("script", ["playouts.py", "adapters.py"])
@pytest.mark.parametrize("args, message", [
    (["--games", "nope"], "--games no game 'nope'; the games are lacuna, lascaux"),
    (["--games", ","], "--games names no game; the games are"),
    (["--seconds", "-1"], "argument --seconds: must be above 0, not -1"),
    (["--seconds", "nan"], "argument --seconds: must be above 0, not nan"),
    (["--runs", "0"], "argument --runs: must be above 0, not 0"),
    (["--runs", "x"], "argument --runs: 'x' is not a number"),
])
def test_an_argument_it_cannot_run_with_is_one_usage_line(script, args, message):
    env = dict(os.environ, PYTHONPATH=str(Path(tabletop.__file__).parent.parent))
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], env=env,
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-2000:]
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"{script}: error: {message}"), last
