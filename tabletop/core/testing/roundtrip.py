"""Copy and pickle round trips of states and views, checked: ``check_round_trips``.

A restored state must be the same value (equal, equal hash, same text, legal actions, history,
seed and record) and carry none of the original's derived data: its cache starts empty, so
nothing keyed by the ``id()`` of an object of another process (or of a dead object) survives.
The copies can be made with little stack to spare (``headroom``), so that a copy that
recurses over something growing with the game (such as its history) fails long before the
game gets long enough to break the default recursion limit.

>>> import tabletop
>>> state = tabletop.load("lascaux", players=3).new(seed=1)
>>> check_round_trips(state.apply(state.legal_actions()[0]), "lascaux seed 1 ply 1")
"""

from __future__ import annotations

import copy
import pickle
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from ..game import State, View
from .common import ConformanceError, fail

#: Each way of copying: its name, the copier, and whether the copy may share derived data
#: with the original (only a shallow copy, in the same process, may).
COPIERS: tuple[tuple[str, Callable[[Any], Any], bool], ...] = (
    ("copy.copy", copy.copy, True),
    ("copy.deepcopy", copy.deepcopy, False),
    ("pickle", lambda obj: pickle.loads(pickle.dumps(obj)), False),
    ("pickle (highest protocol)",
     lambda obj: pickle.loads(pickle.dumps(obj, pickle.HIGHEST_PROTOCOL)), False),
)


def _depth() -> int:
    frame: FrameType | None = sys._getframe()
    depth = 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


@contextmanager
def stack_headroom(frames: int | None) -> Iterator[None]:
    """Run the block with at most ``frames`` frames of stack to spare (``None``: as is).

    The recursion limit is the interpreter's: other threads get the lower limit meanwhile.
    """
    if frames is None:
        yield
        return
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(min(old, _depth() + frames))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def restore(obj: Any, how: str, copier: Callable[[Any], Any], where: str,
            headroom: int | None = None) -> Any:
    """``copier(obj)``, with a ``ConformanceError`` saying ``how`` failed if it raises."""
    try:
        with stack_headroom(headroom):
            return copier(obj)
    except RecursionError:
        room = f" with {headroom} frames of stack to spare" if headroom else ""
        raise ConformanceError(
            f"{where}: {how} recursed too deep{room}: copies and pickles must not recurse "
            "over anything that grows with the game, such as its history") from None
    except Exception as err:
        raise ConformanceError(f"{where}: {how} failed: {type(err).__name__}: {err}") from None


def check_round_trips(obj: State | View, where: str, headroom: int | None = None) -> None:
    """Copy, deep-copy and pickle (default and highest protocol) ``obj``, a state or view,
    and check each restored object is the same value with no derived data carried over."""
    for how, copier, may_share in COPIERS:
        restored = restore(obj, how, copier, where, headroom)
        here = f"{where} {how}"
        if not may_share and restored._cache:
            fail(here, "the restored object carries the original's cache "
                       f"({', '.join(sorted(restored._cache))}): derived data such as the "
                       "ids of its legal action objects is only valid for the original")
        same_value(obj, restored, here)


def same_value(original: State | View, restored: Any, where: str) -> None:
    """Fail unless ``restored`` is the same value as ``original`` by every public measure."""
    if type(restored) is not type(original):
        fail(where, f"restored a {type(restored).__name__}, not a {type(original).__name__}")
    if restored != original or hash(restored) != hash(original):
        fail(where, "the restored object is not equal (or not hash-equal) to the original")
    if str(restored) != str(original):
        fail(where, "the restored object's text differs from the original's")
    if restored.legal_actions() != original.legal_actions():
        fail(where, "the restored object has other legal actions")
    own = frozenset(map(id, restored.legal_actions()))
    if not restored._legal_ids(restored.legal_actions()) <= own:
        fail(where, "the restored object accepts actions by the ids of objects that are not "
                    "its own legal actions (a stale id-keyed cache)")
    if isinstance(original, State):
        if restored.history != original.history or restored.seed != original.seed:
            fail(where, "the restored state has another history or seed")
        if restored.log() != original.log():
            fail(where, "the restored state's log differs")
        if original.seed is not None and restored.to_record() != original.to_record():
            fail(where, "the restored state's record differs")
    elif restored.player != original.player:
        fail(where, "the restored view is another player's")
