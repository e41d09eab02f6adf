"""The same pictures under another hash seed: ``check_hash_seeds(game, seed)``.

Python salts the hash of every string with ``PYTHONHASHSEED``, so a picture built by iterating
a set (or anything ordered by hash) comes out in another order in another process. The check
draws a few positions of one seeded random game here and in one fresh Python process under a
different hash seed, and compares the SVG bytes picture by picture. The game reaches the child
process pickled (its class by import path), so a toy game from the tests works too.

>>> import tabletop
>>> check_hash_seeds(tabletop.load("lava-flows"), seed=0, states=2)  # the start and the end
6
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from typing import Any

from ..game import Game
from .common import fail
from .pictures import DrawOptions, digests

_CHILD = """
import json, pickle, sys
path, payload = pickle.loads(sys.stdin.buffer.read())
sys.path[:0] = path
from tabletop.core.testing.pictures import digests
print(json.dumps(digests(*pickle.loads(payload))))
"""


def other_hash_seed() -> str:
    """A ``PYTHONHASHSEED`` unlike this process's (one fixed value when it is random)."""
    mine = os.environ.get("PYTHONHASHSEED", "random")
    return str((int(mine) + 1) % 2**32) if mine.isdigit() else "1"


def check_hash_seeds(game: Game, seed: int = 0, states: int = 4, setup: str = "decide",
                     options: DrawOptions = ({},)) -> int:
    """The SVG of ``states`` positions of seed ``seed`` (every view and the full state, with
    each set of drawing options) is byte-identical here and under another hash seed; returns
    how many pictures were compared."""
    args: tuple[Any, ...] = (game, seed, states, setup, [dict(o) for o in options])
    here = digests(*args)
    try:
        stdin = pickle.dumps((list(sys.path), pickle.dumps(args)))
    except (pickle.PicklingError, AttributeError, TypeError) as err:
        fail(game.name, f"the game cannot be sent to another process to draw it there "
                        f"(its class must be importable by name): {err}")
    env = {**os.environ, "PYTHONHASHSEED": other_hash_seed()}
    run = subprocess.run([sys.executable, "-c", _CHILD], input=stdin, env=env,
                         capture_output=True, check=False)
    if run.returncode:
        fail(f"{game.name} seed {seed}", f"drawing under PYTHONHASHSEED={env['PYTHONHASHSEED']} "
                                         f"failed:\n{run.stderr.decode(errors='replace')}")
    there = [tuple(pair) for pair in json.loads(run.stdout)]
    for (where, mine), (_, theirs) in zip(here, there, strict=False):
        if mine != theirs:
            fail(where, f"the SVG bytes differ under another PYTHONHASHSEED "
                        f"({env['PYTHONHASHSEED']}): the picture depends on hash order "
                        f"(a set or dict of strings iterated?)")
    if len(here) != len(there):
        fail(f"{game.name} seed {seed}", f"{len(here)} pictures here, {len(there)} under "
                                         f"another PYTHONHASHSEED")
    return len(here)
