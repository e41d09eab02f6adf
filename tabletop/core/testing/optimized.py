"""The same game under ``python -OO``: ``check_optimized(game, seeds)`` (in ``check_abuse``).

``python -O`` skips every ``assert`` and ``-OO`` drops every docstring too (``__doc__`` is
``None``), as some deployments run Python. A game that checks what a caller sent with
``assert`` accepts it there and breaks later; one that reads a docstring fails outright. So
the check plays the first seed here and in one fresh Python process under ``-OO``, and
compares what each made of it: the pictures, the record, texts and a seeded bot's search
(``check_hash_seeds``' digests), and every refusal — each malformed copy of a legal action
(``check_malformed_actions``' variants), text that is no action, a record with one field
spoilt, an option with a strange value — as the exception's type and message, or what was
accepted. The game reaches the child pickled (its class by import path).

>>> import tabletop
>>> check_optimized(tabletop.load("lava-flows"), seeds=[0]) > 100
True
"""

from __future__ import annotations

import hashlib
import json
import pickle
import re
import subprocess
import sys
from collections.abc import Iterable
from typing import Any

from ..errors import UnknownGame
from ..game import Game, State
from ..record import replay
from ..registry import game_class
from ..threads import skipped_without_threads
from .common import fail, random_states
from .entry import suite_seeds
from .malformed import described, malformed_variants
from .pictures import digests
from .reproducible import seeded_digests

_CHILD = """
import json, pickle, sys
path, payload, known = pickle.loads(sys.stdin.buffer.read())
sys.path[:0] = path
from tabletop.core.registry import game_class, register
from tabletop.core.testing.optimized import everything
args = pickle.loads(payload)
try:  # a toy a test registered there is not known here: its records name it
    game_class(args[0].name)
except Exception:
    if known:
        register(args[0].name, type(args[0]))
print(json.dumps(everything(*args)))
"""

#: Text that is no action, spoilt records' fields and strange option values tried.
BAD_TEXTS = ("", "zz", "take", "9" * 30, "move ☃", "-1", "pass pass")
BAD_FIELDS: tuple[tuple[str, Any], ...] = (
    ("seed", -1), ("seed", "1"), ("players", 99), ("actions", ["zz"]), ("actions", "pass"),
    ("options", {"nope": 1}), ("format", "tabletop/0"))  # (an unknown game: the registry's)
BAD_OPTIONS: tuple[Any, ...] = (None, -1, 10**6, 0.5, "x", True, [1])


#: An object's address in its repr (``<object object at 0x7f…>``): another in each process.
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def _outcome(call: Any) -> str:
    try:
        made = call()
    except Exception as err:  # what is raised is the answer compared
        return f"{type(err).__name__}: {err}"
    try:
        return f"accepted: {made!r}"[:2000]
    except ValueError:  # a number past Python's 4,300 digits in what was made
        return f"accepted: a {type(made).__name__}"


def refusals(game: Game, seed: int, states: int = 3,
             setup: str = "decide") -> list[tuple[str, str]]:
    """``(where, what happened)`` for every strange input at ``states`` positions of the
    seeded random game, to records of it and to options of ``game``'s class."""
    found: list[tuple[str, str]] = []
    picked = list(random_states(game, [seed], setup=setup))
    step = max(1, len(picked) // max(1, states - 1))
    for where, state in picked[::step] + picked[-1:]:
        found += _tried(where, state)
    record = picked[-1][1].to_record()
    for key, value in BAD_FIELDS:
        spoilt = {**record, key: value}
        found.append((f"{game.name} record with {key}={value!r}",
                      _outcome(lambda spoilt=spoilt: replay(spoilt))))
    for key in game.options:
        for value in BAD_OPTIONS:
            found.append((f"{game.name} option {key}={value!r}", _outcome(
                lambda key=key, value=value: type(game)(game.players,
                                                        **{**game.options, key: value}).options)))
    return found


def _tried(where: str, state: State) -> list[tuple[str, str]]:
    found = []
    for text in BAD_TEXTS:
        found.append((f"{where}: apply({text!r})", _outcome(lambda t=text: state.apply(t))))
    if state.is_terminal:
        return found
    for bad, _ in malformed_variants(state.legal_actions()[0]):
        shown = described(bad)
        found.append((f"{where}: is_legal({shown})", _outcome(lambda b=bad: state.is_legal(b))))
        found.append((f"{where}: apply({shown})", _outcome(lambda b=bad: state.apply(b))))
    return found


def everything(game: Game, seed: int, states: int, setup: str) -> list[tuple[str, str]]:
    """What ``check_optimized`` compares: pictures, seeded digests and refusals (digested)."""
    told = []
    for where, text in refusals(game, seed, states, setup):
        where, text = _ADDRESS.sub(" at 0x", where), _ADDRESS.sub(" at 0x", text)
        digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        told.append((where, f"{digest} {text[:300]}"))
    return digests(game, seed, states, setup) + seeded_digests(game, seed, states, setup) + told


def _registered(game: Game) -> bool:
    try:
        return game_class(game.name) is type(game)
    except UnknownGame:
        return False


def check_optimized(game: Game, seeds: Iterable[int] = range(2), states: int = 3,
                    setup: str = "decide") -> int:
    """Everything ``everything`` lists is the same here as under ``python -OO`` (or, when
    this process runs optimized, as in one that is not); returns how many answers were
    compared. Fails at the first that differs, naming the input."""
    seed = suite_seeds(seeds, "check_optimized")[0]
    if skipped_without_threads("check_optimized", "another process"):
        return 0
    args = (game, seed, states, setup)
    here = everything(*args)
    flags, there_name = (["-OO"], "-OO") if not sys.flags.optimize else ([], "plain python")
    other = "under python -OO" if flags else "in a process without -O"
    try:
        stdin = pickle.dumps((list(sys.path), pickle.dumps(args), _registered(game)))
    except (pickle.PicklingError, AttributeError, TypeError) as err:
        fail(game.name, f"the game cannot be sent to another process to play it {other} "
                        f"(its class must be importable by name): {err}")
    run = subprocess.run([sys.executable, *flags, "-c", _CHILD], input=stdin,
                         capture_output=True, check=False)
    if run.returncode:
        fail(f"{game.name} seed {seed}", f"playing {other} failed (a docstring read? -OO "
                                         f"makes every __doc__ None):\n"
                                         f"{run.stderr.decode(errors='replace')[-3000:]}")
    there = json.loads(run.stdout)
    for (where, mine), (_, theirs) in zip(here, there, strict=False):
        if mine != theirs:
            fail(where, f"not the same {other} (an assert checking input? -O skips it): "
                        f"here {mine[17:]!r}, under {there_name} {theirs[17:]!r}"
                        if " " in mine else f"not the same {other} (an assert checking "
                        f"input, or a docstring read?)")
    if len(here) != len(there):
        fail(game.name, f"{len(here)} answers here, {len(there)} {other}")
    return len(here)
