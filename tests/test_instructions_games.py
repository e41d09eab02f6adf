"""``benchmarks/instructions.py`` (issue 20, goal 5): the setup it counts is the setup of the
very games whose whole play it counts, so "whole game" minus "setup" is the play alone.

Before: one generator drew the seeds and the random moves, so the run that played the games
drew other seeds than the run that only set them up; with ``--games 2`` Lacuna's setup (its
scatter of flowers takes as long as the seed makes it) read 7.47 M instructions a game and its
whole game 3.15 M. No valgrind here: the games are recorded, not counted.
"""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _instructions():
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module("instructions")
    finally:
        sys.path.remove(str(BENCHMARKS))


class _Recorder:
    """Stands for a loaded game: records the seed of each ``new``."""

    def __init__(self) -> None:
        self.seeds: list[int] = []

    def new(self, seed: int, setup: str) -> int:
        assert setup == "random"
        self.seeds.append(seed)
        return seed


def test_the_setup_run_and_the_game_run_set_up_the_same_games(monkeypatch):
    instructions = _instructions()
    made: dict[str, _Recorder] = {}
    played: dict[str, list[int]] = {}

    def load(name: str) -> _Recorder:
        return made.setdefault(part, _Recorder())

    def playout(state: int, rng: random.Random) -> None:
        played.setdefault(part, []).append(state)
        for _ in range(1 + state % 7):  # games of different lengths draw different counts
            rng.random()

    monkeypatch.setattr(instructions.tabletop, "load", load)
    monkeypatch.setattr(instructions, "playout", playout)
    for part in ("setup", "game"):
        instructions.play("lacuna", part, 5)
    warm = instructions.WARM_UP
    assert made["setup"].seeds == made["game"].seeds  # the same games, set up alike
    assert len(made["game"].seeds) == warm + 5 and len(set(made["game"].seeds)) == warm + 5
    assert played["setup"] == made["setup"].seeds[:warm]  # the setup run plays the warm-up
    assert played["game"] == made["game"].seeds
