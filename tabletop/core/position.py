"""The data a game's State and View share, and the one way to derive a new one.

A game keeps the public part of its position — what every player sees — in one class,
decorated with ``@position``, with the queries States and Views both answer. Its State adds
the secrets (a deck's order, hidden choices), its View what one player knows of them:

>>> from tabletop.core.game import State, View
>>> @position
... class Pile:
...     counters: int
...     def empty(self) -> bool:
...         return self.counters == 0
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class PileState(Pile, State):
...     secret: int
>>> [f.name for f in fields(PileState) if not f.name.startswith("_")]
['game', 'counters', 'secret']

``evolve`` derives a new State or View from an old one, changing some fields (the rest are
shared, not copied); a State's history and seed are set by ``apply``, a cache starts empty.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")

#: Fields every derived instance starts afresh: the cache, and a State's seed and history
#: (``State.apply`` sets those two on what ``_apply`` returns).
FRESH: dict[str, Callable[[], Any]] = {
    "_cache": dict, "_seed": lambda: None, "_trail": lambda: None}

#: Per State or View class: the fields ``evolve`` carries over, as a tuple and a set, and the
#: fresh fields it has.
_layouts: dict[type, tuple[tuple[str, ...], frozenset[str], tuple[str, ...]]] = {}


@dataclass_transform(frozen_default=True, kw_only_default=True)
def position(cls: type[T]) -> type[T]:
    """Make ``cls`` a game's shared position: frozen, keyword-only dataclass fields with no
    storage of their own, laid out as slots by the State and View dataclasses built on it
    (so neither declares them again, and both stay slotted)."""
    body = {k: v for k, v in vars(cls).items() if k not in ("__dict__", "__weakref__")}
    body["__slots__"] = ()
    meta: Any = type(cls)
    rebuilt = meta(cls.__name__, cls.__bases__, body)
    rebuilt.__qualname__ = cls.__qualname__
    return dataclass(frozen=True, kw_only=True)(rebuilt)  # type: ignore[no-any-return]


def _layout(cls: type) -> tuple[tuple[str, ...], frozenset[str], tuple[str, ...]]:
    layout = _layouts.get(cls)
    if layout is None:
        every = [f.name for f in fields(cls)]
        kept = tuple(n for n in every if n not in FRESH)
        layout = _layouts[cls] = (kept, frozenset(kept), tuple(n for n in every if n in FRESH))
    return layout


@overload
def evolve(source: T, /, **changes: Any) -> T: ...
@overload
def evolve(source: Any, cls: type[T], /, **changes: Any) -> T: ...
def evolve(source: Any, cls: type[Any] | None = None, /, **changes: Any) -> Any:
    """A new ``cls`` (default: the type of ``source``) holding ``source``'s fields with
    ``changes`` applied, without running ``__init__``; fields ``cls`` has and ``source``
    lacks must be among ``changes``.

    >>> import tabletop
    >>> s = tabletop.load("lascaux").new(seed=1)
    >>> t = evolve(s, pot=5)
    >>> (t.pot, s.pot, t.table is s.table, t.history)
    (5, 0, True, ())
    """
    target = type(source) if cls is None else cls
    kept, known, fresh = _layout(target)
    if not known.issuperset(changes):
        unknown = sorted(set(changes) - known)[0]
        raise TypeError(f"{target.__name__} has no field {unknown!r}")
    obj: Any = object.__new__(target)
    setter = object.__setattr__
    for name in kept:
        setter(obj, name, changes[name] if name in changes else getattr(source, name))
    for name in fresh:
        setter(obj, name, FRESH[name]())
    return obj
