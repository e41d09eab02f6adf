"""Copying and pickling states and views: their fields and history, never their caches.

A state keeps its history as a trail of nested tuples ``(parent_trail, action, actor)``, so
that ``apply`` is O(1) and states of one game share their common past. Python copies and
pickles nested tuples recursively, one level per ply, which overflows the recursion limit on
long games; and a state's per-instance cache holds data valid only for that object in this
process (e.g. the ``id()``s of its legal action objects). So states and views pickle as their
dataclass fields (cache and trail left out) plus their history as a flat tuple of steps, and
are rebuilt from those with a fresh, empty cache (see ``_Positioned.__reduce__``). Copies
(``copy.copy`` and ``copy.deepcopy``) start with an empty cache too; they share the trail,
as tuples of frozen actions that nothing can change, so copying takes the same time and
stack however long the game.

>>> steps = (("a", 0), ("b", 1))
>>> trail = trail_of(steps)
>>> trail
((None, 'a', 0), 'b', 1)
>>> steps_of(trail) == steps
True
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .game import Game

#: A history trail: ``None`` for the start, else ``(parent_trail, action, actor)``.
Trail = tuple[Any, ...] | None

#: A flat history: ``(action, actor)`` pairs, oldest first.
Steps = tuple[tuple[Any, int | None], ...]

#: The instance fields that are never copied: derived data rebuilt (or recomputed) after.
NOT_COPIED = frozenset({"_cache", "_trail"})

T = TypeVar("T")
G = TypeVar("G", bound="Game")

_copied: dict[type, tuple[str, ...]] = {}


def copied_fields(cls: type) -> tuple[str, ...]:
    """The names of the dataclass fields of ``cls`` that a copy or pickle carries."""
    names = _copied.get(cls)
    if names is None:
        names = _copied[cls] = tuple(f.name for f in fields(cls) if f.name not in NOT_COPIED)
    return names


def values_of(obj: Any) -> dict[str, Any]:
    """The carried fields of ``obj`` (and its ``__dict__``, if a subclass gave it one)."""
    values = {name: getattr(obj, name) for name in copied_fields(type(obj))}
    extra = getattr(obj, "__dict__", None)
    if extra:
        values.update(extra)
    return values


def trail_of(steps: Steps) -> Trail:
    """The nested trail of a flat history, built by a loop (no recursion)."""
    trail: Trail = None
    for action, actor in steps:
        trail = (trail, action, actor)
    return trail


def steps_of(trail: Trail) -> Steps:
    """The flat history, oldest first, of a nested trail, walked by a loop."""
    steps = []
    while trail is not None:
        trail, action, actor = trail
        steps.append((action, actor))
    steps.reverse()
    return tuple(steps)


def rebuild(cls: type[T], values: dict[str, Any], steps: Steps | None) -> T:
    """A ``cls`` instance holding ``values``, an empty cache, and (for states, when ``steps``
    is not ``None``) the trail of ``steps``. The target of every state and view pickle."""
    obj: T = object.__new__(cls)
    setter = object.__setattr__
    for name, value in values.items():
        setter(obj, name, value)
    setter(obj, "_cache", {})
    if steps is not None:
        setter(obj, "_trail", trail_of(steps))
    return obj


def rebuild_game(cls: type[G], players: int, options: dict[str, Any]) -> G:
    """The game ``cls`` with ``players`` and ``options``: the target of every game pickle."""
    return cls(players=players, **options)
