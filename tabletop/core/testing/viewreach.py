"""What a view reaches is the same whatever it hides (``check_view_reach``).

``check_handed_objects`` makes sure nothing a player holds refers to a full state. A cache
shared by the whole process can still hold what full states are made of: a memo of the
rules keyed by a stack as the full state holds it tells a hidden piece as well as the state
would, and if the game object refers to it, so does every view (``view.game``). So, at
seeded positions where a player's view hides something, the position and another deal of
that same view (``view.determinize``, until one differs) are each played in a fresh Python
process — every legal action applied, the next actions listed — and every value the
player's view then reaches (strings and numbers, followed as ``check_handed_objects``
follows references: into closures, not into modules or classes) is gathered. The two
collections must be the same: a value found with one deal and not the other is hidden
information the view hands out.

>>> import tabletop
>>> check_view_reach(tabletop.load("lava-flows"), seeds=[0])
"""

from __future__ import annotations

import json
import os
import pickle
import random
import subprocess
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from ..game import Game, State
from .common import fail, random_states
from .handed import SKIPPED, referents

#: Positions tried per seed (each one whose view hides something, for one player).
PAIRS = 2
#: Deals of a view drawn to find one that differs from the position.
DRAWS = 8
#: Legal actions applied in each process (the first ones), and how many values are shown.
APPLIED = 40
SHOWN = 6
#: The values one walk may gather before it says so.
MAX_VALUES = 200_000
_ATOMS = (str, bytes, int, float, complex)


def check_view_reach(game: Game, seeds: Iterable[int] = range(1), every: int = 3) -> None:
    """Fail if a value a view reaches depends on what the view hides (``ConformanceError``
    names the player, the position and values found with one deal only)."""
    for where, state, viewer, other in _pairs(game, seeds, every):
        mine, theirs = _reached(state, viewer), _reached(other, viewer)
        if mine != theirs:
            only_mine = sorted(mine - theirs)[:SHOWN]
            only_theirs = sorted(theirs - mine)[:SHOWN]
            fail(where, f"player {viewer}'s view reaches values that depend on what it hides: "
                        f"{only_mine} with this deal only, {only_theirs} with another deal of "
                        f"the same view only (a cache filled from full states that the view "
                        f"can follow references to, through the game object, say)")


def _pairs(game: Game, seeds: Iterable[int], every: int
           ) -> Iterator[tuple[str, State, int, State]]:
    """``(where, state, viewer, other)``: ``other`` a full state whose text differs from
    ``state``'s but whose view for ``viewer`` is the same; ``PAIRS`` a seed, at positions
    spread over the game (past its first moves, where little is hidden yet)."""
    for seed in seeds:
        found = []
        for where, state in random_states(game, [seed], every):
            if state.is_terminal:
                continue
            for viewer in range(game.players):
                view = state.view(viewer)
                rng = random.Random(f"{where}/{viewer}")
                other = next((d for d in (view.determinize(rng) for _ in range(DRAWS))
                              if str(d) != str(state)), None)
                if other is not None and other.view(viewer) == view:
                    found.append((where, state, viewer, other))
                    break
        for at in sorted({k * len(found) // (PAIRS + 1) for k in range(1, PAIRS + 1)}):
            if found:
                yield found[at]


def _reached(state: State, viewer: int) -> set[str]:
    """The values ``viewer``'s view of ``state`` reaches once ``state`` is played, in a
    process of their own (the rules' caches are the process's); the state goes to it as a
    pickle, made here, on its standard input."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=os.pathsep.join(sys.path))
    done = subprocess.run([sys.executable, "-c", _CHILD, str(viewer)], input=pickle.dumps(state),
                          capture_output=True, env=env, timeout=300)
    if done.returncode:
        raise RuntimeError(f"the process reading a view failed:\n"
                           f"{done.stderr.decode('utf-8', 'replace')[-2000:]}")
    return set(json.loads(done.stdout.decode("utf-8")))


_CHILD = """
import pickle, sys
from tabletop.core.testing.viewreach import played_view_values
state = pickle.loads(sys.stdin.buffer.read())  # made by the parent process, just now
sys.stdout.write(played_view_values(state, int(sys.argv[1])))
"""


def played_view_values(state: State, viewer: int) -> str:
    """``state`` played (its first ``APPLIED`` legal actions applied, the next ones listed),
    then what ``viewer``'s view reaches, as a JSON list (``_values``)."""
    view = state.view(viewer)
    for action in state.legal_actions()[:APPLIED]:
        after = state.apply(action)
        if not after.is_terminal:
            after.legal_actions()
        str(after)
    str(view)
    view.legal_actions()
    return json.dumps(sorted(_values(view)))


def _values(root: object) -> set[str]:
    """Every string and number ``root`` reaches, as ``type: repr``."""
    seen = {id(root)}
    stack: list[Any] = [root]
    values: set[str] = set()
    while stack:
        obj = stack.pop()
        for ref in referents(obj):
            if id(ref) in seen or isinstance(ref, SKIPPED):
                continue
            seen.add(id(ref))
            if isinstance(ref, _ATOMS):
                values.add(f"{type(ref).__name__}: {ref!r}"[:200])
                continue
            if len(seen) > MAX_VALUES:
                raise RuntimeError(f"a view reaches more than {MAX_VALUES:,} objects")
            stack.append(ref)
    return values
