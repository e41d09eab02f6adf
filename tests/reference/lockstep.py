"""Step a library game and its test oracle together, one common action at a time.

Every twin (``*_twin.py``) compares the two at each ply and then plays an action both list;
``lockstep`` is that stepping, written once. It yields ``(state, legal)`` at each ply — the
library's state and the oracle's legal actions — and the caller compares them; after the
caller's comparisons it stops when ``found`` holds more than ``stop`` disagreements or either
side has ended, otherwise it picks an action common to both and applies it to both::

    for state, legal in lockstep(state, ref, rng, found, stop=5, label=f"seed {seed}"):
        ...  # compare state with ref, appending to found
    # state is now the last state compared

When no action is common, it appends ``"<label> ply N: no common action"`` to ``found`` and
stops.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

Choose = Callable[[list[str], random.Random], str]


def uniform(common: list[str], rng: random.Random) -> str:
    """Any common action, uniformly."""
    return rng.choice(common)


def lockstep(state: Any, ref: Any, rng: random.Random, found: list[str], *, stop: int,
             label: str, key: Callable[[object], str] = str,
             choose: Choose = uniform) -> Iterator[tuple[Any, list[Any]]]:
    """Yield ``(state, ref.legal())`` at each ply until ``found[stop:]`` or either side ends.

    ``key`` names an action the same way in both (the library's action or the oracle's
    listed one); ``choose`` picks one of the sorted common names. The oracle's action with
    that name is applied to both, so the library must accept the oracle's spelling.
    """
    while True:
        legal = ref.legal()
        yield state, legal
        if found[stop:] or state.is_terminal or ref.terminal:
            return
        mine: dict[str, Any] = {}
        for action in legal:  # the first the oracle lists under each name
            mine.setdefault(key(action), action)
        common = sorted({key(a) for a in state.legal_actions()} & mine.keys())
        if not common:
            found.append(f"{label} ply {len(state.history)}: no common action")
            return
        move = mine[choose(common, rng)]
        state = state.apply(move)
        ref.apply(move)


__all__ = ["Choose", "lockstep", "uniform"]
