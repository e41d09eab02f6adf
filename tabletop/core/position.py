"""The data a game's State and View share, and the one way to derive a new one.

A game keeps the public part of its position — what every player sees — in one class,
decorated with ``@position``, with the queries States and Views both answer. Its State adds
the secrets (a deck's order, hidden choices), its View what one player knows of them:

>>> from tabletop.core.game import Position, State, View
>>> @position
... class Pile(Position):
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

from .game import Position

T = TypeVar("T")

#: Fields every derived instance starts afresh: the cache, and a State's seed and history
#: (``State.apply`` sets those two on what ``_apply`` returns).
FRESH = {"_cache": "{}", "_seed": "None", "_trail": "None", "_seen": "None", "_log": "()"}

#: Per State or View class: the function that builds one from a source and its changes.
_builders: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


@dataclass_transform(frozen_default=True, kw_only_default=True)
def position(cls: type[T]) -> type[T]:
    """Make ``cls`` (a ``Position``) a game's shared position: frozen, keyword-only
    dataclass fields with no storage of their own, laid out as slots by the State and View
    dataclasses built on it (so neither declares them again, and both stay slotted)."""
    if not issubclass(cls, Position):
        raise TypeError(f"{cls.__name__} should subclass tabletop.core.game.Position")
    body = {k: v for k, v in vars(cls).items() if k not in ("__dict__", "__weakref__")}
    body["__slots__"] = ()
    meta: Any = type(cls)
    rebuilt = meta(cls.__name__, cls.__bases__, body)
    rebuilt.__qualname__ = cls.__qualname__
    return dataclass(frozen=True, kw_only=True)(rebuilt)


def _builder(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    """A function ``(source, changes) -> cls instance``, written for ``cls``'s fields the way
    ``dataclasses`` writes ``__init__``: each field's slot is set through its descriptor,
    from ``changes`` or else from ``source`` (the hot path of every game's ``apply``)."""
    names = [f.name for f in fields(cls)]
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls, "known": frozenset(names)}
    lines = ["def build(source, changes):",
             "    if not known.issuperset(changes):",
             "        raise TypeError(f'{cls.__name__} has no field '",
             "                        f'{sorted(set(changes) - known)[0]!r}')",
             "    obj = new(cls)"]
    for i, name in enumerate(names):
        scope[f"set{i}"] = _slot(cls, name).__set__
        value = FRESH.get(name) or (f"changes[{name!r}] if {name!r} in changes "
                                    f"else source.{name}")
        lines.append(f"    set{i}(obj, {value})")
    lines.append("    return obj")
    exec("\n".join(lines), scope)  # code written here from field names, never from input
    build: Callable[[Any, dict[str, Any]], Any] = scope["build"]
    return build


def _slot(cls: type, name: str) -> Any:
    """The slot descriptor of field ``name`` (the class's own, or a base's)."""
    for klass in cls.__mro__:
        if name in vars(klass):
            return vars(klass)[name]
    raise TypeError(f"{cls.__name__} has no slot {name!r}")


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
    >>> evolve(s, pots=5)
    Traceback (most recent call last):
    ...
    TypeError: LascauxState has no field 'pots'
    """
    target = type(source) if cls is None else cls
    build = _builders.get(target)
    if build is None:
        build = _builders[target] = _builder(target)
    return build(source, changes)
