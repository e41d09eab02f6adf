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

A field worked out from the others and kept for speed is declared ``core.derived.derived()``:
``evolve`` and ``maker`` copy it unless given, like any field, for a game's own code, which
passes it whenever a change touches what the field is worked out from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, TypeVar, overload

from .compat import dataclass_transform
from .game import Position

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T")
#: A dataclass (what ``maker`` and ``constructor`` read the fields of).
D = TypeVar("D", bound="DataclassInstance")

#: Fields every derived instance starts afresh: the cache, and a State's origin and history
#: (``State.apply`` sets those two on what ``_apply`` returns).
FRESH = {"_cache": "{}", "_origin": "None", "_trail": "None", "_seen": "None", "_log": "()"}

#: Per State or View class: the function that builds one from a source and its changes.
_builders: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}
#: Per State or View class: its twin that builders build (see ``_twin``).
_twins: dict[type, type] = {}


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


def _twin(cls: type) -> type:
    """A subclass of ``cls`` with no slots of its own and plain ``object`` attribute setting:
    the same memory layout, so an instance built as a twin (each field a plain attribute
    store, the interpreter's fastest) can then be given its class, ``cls`` (frozen)."""
    twin = _twins.get(cls)
    if twin is None:
        body = {"__slots__": (), "__setattr__": object.__setattr__,
                "__delattr__": object.__delattr__, "__module__": cls.__module__}
        twin = _twins[cls] = type(f"_Building{cls.__name__}", (cls,), body)
    return twin


def _write(cls: type, head: str, checks: list[str], value: Callable[[str], str],
           **scope: Any) -> Any:
    """Compile a function ``head`` that builds a ``cls``: its twin (``_twin``) with each
    field set to ``value(name)`` (or its fresh value), then given its class — the way
    ``dataclasses`` writes ``__init__``, from field names, never from input."""
    scope.update(new=object.__new__, cls=cls, twin=_twin(cls))
    lines = [f"def {head}:", *checks, "    obj = new(twin)"]
    for f in fields(cls):
        lines.append(f"    obj.{f.name} = {FRESH.get(f.name) or value(f.name)}")
    lines += ["    obj.__class__ = cls", "    return obj"]
    exec("\n".join(lines), scope)
    return scope[head.partition("(")[0]]


def _builder(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    """A function ``(source, changes) -> cls instance``: each field from ``changes`` or
    else from ``source`` (the hot path of every game's ``apply``)."""
    scope_checks = ["    if not known.issuperset(changes):",
                    "        raise TypeError(f'{cls.__name__} has no field '",
                    "                        f'{sorted(set(changes) - known)[0]!r}')"]
    known = frozenset(f.name for f in fields(cls))
    build: Callable[[Any, dict[str, Any]], Any] = _write(
        cls, "build(source, changes)", scope_checks,
        lambda name: f"changes[{name!r}] if {name!r} in changes else source.{name}",
        known=known)
    return build


def maker(cls: type[D], *names: str) -> Callable[..., D]:
    """A function ``make(source, *values)``: a new ``cls`` holding ``values`` in the fields
    ``names`` (in that order) and ``source``'s other fields — ``evolve`` without keywords,
    for a game's hot path (its ``_apply``).

    >>> import tabletop
    >>> from tabletop.games.lascaux.rules import LascauxState
    >>> s = tabletop.load("lascaux").new(seed=1)
    >>> t = maker(LascauxState, "pot", "turn")(s, 5, 2)
    >>> (t.pot, t.turn, s.pot, t.table is s.table, type(t).__name__, t == evolve(s, pot=5, turn=2))
    (5, 2, 0, True, 'LascauxState', True)
    """
    known = [f.name for f in fields(cls)]
    for name in names:
        if name not in known or name in FRESH:
            raise TypeError(f"{cls.__name__} has no field {name!r} to set")
    values = {name: f"v{i}" for i, name in enumerate(names)}
    head = f"make(source, {', '.join(values.values())})" if names else "make(source)"
    make: Callable[..., D] = _write(cls, head, [],
                                    lambda name: values.get(name, f"source.{name}"))
    return make


def constructor(cls: type[D]) -> Callable[..., D]:
    """A function building a slotted dataclass ``cls`` from its fields' values, positionally
    in field order: ``cls(...)`` without ``__init__`` (whose frozen field stores each cost an
    ``object.__setattr__`` call), for a value a game's hot path makes at every step.

    >>> from tabletop.games.lava_flows.findings import Claim
    >>> made = constructor(Claim)(3, 1, "bubble a3 claim white", "guess", False, "black")
    >>> made == Claim(3, 1, "bubble a3 claim white", "guess", False, "black"), type(made).__name__
    (True, 'Claim')
    """
    names = [f.name for f in fields(cls) if f.name not in FRESH]
    values = {name: f"v{i}" for i, name in enumerate(names)}
    make: Callable[..., D] = _write(cls, f"make({', '.join(values.values())})", [],
                                    values.__getitem__)
    return make


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
