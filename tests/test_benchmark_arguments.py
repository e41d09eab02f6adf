"""Every benchmark script refuses arguments it cannot run with in one usage line, before
timing anything (``benchmarks/arguments.py`` holds the checks they share): no traceback from
a division by zero, an empty median, the game registry or a game's options."""

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


@pytest.mark.parametrize("script, args, message", [
    ("lacuna.py", ["--runs", "0"], "argument --runs: must be above 0, not 0"),
    ("lascaux.py", ["--seconds", "inf"], "argument --seconds: must be above 0, not inf"),
    ("lava_flows.py", ["--option", "slide=sideways"],
     "option slide='sideways' of lava-flows must be one of"),
    ("lava_flows.py", ["--option", "colour=1"], "lava-flows has no option 'colour'"),
    ("lava_flows.py", ["--option", "memory"], "--option takes KEY=VALUE"),
    ("lava_flows.py", ["--option", "memory=yes"],
     "option memory='yes' of lava-flows should be of type bool"),
    ("first_use.py", ["--games", "lacuna,chess"], "--games no game 'chess'"),
    ("first_click.py", ["--game", "chess"], "--game no game 'chess'"),
    ("instructions.py", ["--only", "chess"], "--only no game 'chess'"),
    ("instructions.py", ["--games", "0"], "argument --games: must be above 0, not 0"),
    ("bots.py", ["--only", "chess"], "--only no game 'chess'"),
    ("bots.py", ["--lascaux-players", "9"], "lascaux is played by 3, 4 or 5 players, not 9"),
    ("bots.py", ["--workers", "0"], "argument --workers: must be above 0, not 0"),
    ("widget.py", ["chess"], "games no game 'chess'"),
    ("widget.py", ["--seed", "-1"], "argument --seed: must be 0 or more, not -1"),
    ("bot_waits.py", ["--bot", "mtcs"], "no agent called 'mtcs'; did you mean 'mcts'?"),
    ("bot_waits.py", ["--players", "2"], "lascaux is played by 3, 4 or 5 players, not 2"),
    # a soak of no games would report no failures; a run of no games has no median
    ("soak.py", ["--games", "0"], "argument --games: must be above 0, not 0"),
    ("soak.py", ["--processes", "-1"], "argument --processes: must be above 0, not -1"),
    ("soak.py", ["--chunk", "0"], "argument --chunk: must be above 0, not 0"),
    ("soak.py", ["--first-seed", "-1"], "argument --first-seed: must be 0 or more, not -1"),
    ("soak.py", ["--first-seed", str(2**64 - 1), "--games", "2"],
     "--first-seed must be at most 2**64 - games = 18446744073709551614"),
    ("soak.py", ["--only", "chess"], "--only no game 'chess'"),
    ("memory.py", ["--games", "0"], "argument --games: must be above 0, not 0"),
    ("memory.py", ["--only", "chess"], "--only no game 'chess'"),
    ("arena_scale.py", ["--runs", "0"], "argument --runs: must be above 0, not 0"),
    ("arena_scale.py", ["--games", "-3"], "argument --games: must be above 0, not -3"),
    ("arena_scale.py", ["--empty", "x"], "argument --empty: 'x' is not a number"),
    ("arena_scale.py", ["--iterations", "0"], "argument --iterations: must be above 0, not 0"),
    ("arena_scale.py", ["--game", "chess"], "--game no game 'chess'; the games are lacuna"),
])
def test_every_benchmark_refuses_what_it_cannot_run_in_one_usage_line(script, args, message):
    env = dict(os.environ, PYTHONPATH=str(Path(tabletop.__file__).parent.parent))
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], env=env,
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-2000:]
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"{script}: error: ") and message in last, last
    assert done.stdout == ""  # refused before any game or timing


def test_the_shared_argument_types_refuse_nan_and_infinity():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from arguments import above_zero, not_negative
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    import argparse
    for parse in (above_zero(float), not_negative(float)):
        for text in ("nan", "inf", "-inf"):
            with pytest.raises(argparse.ArgumentTypeError, match="must be"):
                parse(text)
    assert not_negative(int)("0") == 0 and above_zero(float)("0.5") == 0.5
    with pytest.raises(argparse.ArgumentTypeError, match="'x' is not a number"):
        above_zero(int)("x")
