"""The same pictures and numbers under another hash seed: ``check_hash_seeds(game, seed)``.

Python salts the hash of every string with ``PYTHONHASHSEED``, so a picture built by iterating
a set (or anything ordered by hash) comes out in another order in another process. The check
draws a few positions of one seeded random game here and in one fresh Python process under a
different hash seed, and compares the SVG bytes picture by picture; then what AI libraries
read (``hashnumbers``): the legal actions in order with their ids, every view's observation
tensor and information state; and what a seed promises a researcher (``reproducible``):
the record, the texts, the states the views draw and a seeded bot's search (computed here
by ``check_global_random``, which also checks the game leaves the global generators be).
The game reaches the child process pickled (its class by import path), so a toy game from
the tests works too.

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
from ..threads import skipped_without_threads
from .common import fail
from .pictures import DrawOptions, digests
from .reproducible import check_global_random

_CHILD = """
import json, pickle, sys
path, payload = pickle.loads(sys.stdin.buffer.read())
sys.path[:0] = path
from tabletop.core.testing.reproducible import seeded_digests
from tabletop.core.testing.pictures import digests
args = pickle.loads(payload)
print(json.dumps([digests(*args), seeded_digests(*args[:4])]))
"""


def other_hash_seed() -> str:
    """A ``PYTHONHASHSEED`` unlike this process's (one fixed value when it is random)."""
    mine = os.environ.get("PYTHONHASHSEED", "random")
    return str((int(mine) + 1) % 2**32) if mine.isdigit() else "1"


def check_hash_seeds(game: Game, seed: int = 0, states: int = 4, setup: str = "decide",
                     options: DrawOptions = ({},)) -> int:
    """The SVG of ``states`` positions of seed ``seed`` (every view and the full state, with
    each set of drawing options) is byte-identical here and under another hash seed, and so
    are their legal actions' order and ids, tensors and information states, the game's
    record, texts, the states its views draw and a seeded bot's search (the same whatever
    the global generators hold: ``check_global_random``); returns how many pictures were
    compared."""
    args: tuple[Any, ...] = (game, seed, states, setup, [dict(o) for o in options])
    if skipped_without_threads("check_hash_seeds", "another process"):
        return 0
    here = digests(*args)
    numbers = check_global_random(game, seed, states, setup)
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
    pictures, their_numbers = json.loads(run.stdout)
    seed_text = f"another PYTHONHASHSEED ({env['PYTHONHASHSEED']})"
    # (what the rules give first: legal actions in hash order are the rules' fault, though
    # the pictures that highlight them differ too)
    _same(f"{game.name} seed {seed}", "seeded digests", numbers, their_numbers,
          f"not the same under {seed_text}: it depends on hash order (a set or dict of strings "
          f"iterated?), so what one process makes of a seed (records, draws, a bot's moves, "
          f"ids, tensors) does not hold in another")
    _same(f"{game.name} seed {seed}", "pictures", here, pictures,
          f"the SVG bytes differ under {seed_text}: the picture depends on hash order (a set or "
          f"dict of strings iterated?) or on the process (an id(), an address, the time)")
    return len(here)


def _same(where: str, what: str, here: list[tuple[str, str]], there: list[list[str]],
          differ: str) -> None:
    """Fail at the first ``(place, digest)`` pair that differs, saying ``differ``, or if
    there are not as many ``what`` here as there."""
    for (place, mine), (_, theirs) in zip(here, there, strict=False):
        if mine != theirs:
            fail(place, differ)
    if len(here) != len(there):
        fail(where, f"{len(here)} {what} here, {len(there)} under another PYTHONHASHSEED")
