"""Fields a position keeps for speed but works out from its other fields — whose turn it
is, a count, a memo one ply hands to the next — declared ``derived()``.

The constructor and ``dataclasses.replace`` neither take nor copy such a field: they work
it out (``Derives._derive``), so that a position made either way is what its other fields
say. (``core.position.evolve`` and ``maker``, a game's own fast paths, copy it unless
given.)

>>> import dataclasses, tabletop
>>> from tabletop.core.game import State
>>> @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
... class Counted(State):
...     pile: tuple[int, ...]
...     total: int = derived()
...     def _derive(self) -> dict[str, int]:
...         return {"total": sum(self.pile)}
>>> before = Counted(game=tabletop.load("lascaux"), pile=(1, 2))
>>> before.total, dataclasses.replace(before, pile=(5,)).total
(3, 5)

Each field the constructor and ``replace`` take is checked first (``field_value``): against the
plain types of its annotation (numpy's numbers taken as the plain ones), the ``game`` for
being one of the position's own game, and a view's ``player`` for being one of the game's
players; anything else is refused at once, naming the field and what it may be (never met
later as an ``IndexError`` from a game's insides):

>>> dataclasses.replace(before, pile=None)
Traceback (most recent call last):
...
TypeError: Counted: field 'pile' should be tuple, not None
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import MISSING, field, fields
from typing import Any

from .memos import memo
from .plain import plain_inside, player_of
from .public import building_public
from .quoting import brief
from .ranges import Allowed, check_ranges
from .wellformed import fits, plain_types, type_names


def derived(*, default: Any = MISSING) -> Any:
    """A field worked out from the others: neither an argument of the constructor or of
    ``dataclasses.replace`` (the class's ``_derive`` gives it, or ``default``: a memo starts
    empty), nor compared, nor shown."""
    return field(default=default, init=False, compare=False, repr=False)


class Derives:
    """The base of every position: on construction, its ``derived()`` fields are set from
    ``_derive()``."""

    __slots__ = ()

    def __post_init__(self) -> None:
        kind: Any = type(self)
        checked = _CHECKED.get(kind)
        if checked is None:
            checked = _CHECKED[kind] = _checked_fields(kind)
        for name, kinds, sure in checked:
            value = getattr(self, name)
            if type(value) in sure:  # the common case, settled by the value's type alone
                continue
            made = field_value(self, name, value, kinds)
            if made is not value:
                object.__setattr__(self, name, made)
        ranges = self._ranges()
        if ranges:
            check_ranges(kind, ranges, self)
        self._check_together()
        for name, value in self._derive().items():
            object.__setattr__(self, name, value)

    def _ranges(self) -> Mapping[str, Allowed]:
        """By field, what it may hold beyond its type (``core.ranges``: a span of ints, a
        tuple's length and items), from the game's own sizes; checked after the types and
        before ``_derive`` (none here)."""
        return {}

    def _check_together(self) -> None:
        """Raise a ``ValueError`` naming a field (``field 'deck'``) whose value, each in its
        range, does not fit the others' (a card in two places, a colour list as long as no
        layout): checked after the ranges and before ``_derive`` (nothing here)."""

    def _derive(self) -> dict[str, Any]:
        """The values of this class's ``derived()`` fields without a default (none here),
        worked out from its other fields."""
        return {}


#: By position class, the fields ``__post_init__`` checks (``_checked_fields``).
_CHECKED: dict[type, tuple[tuple[str, tuple[type, ...], frozenset[type]], ...]] = {}


def _checked_fields(cls: type) -> tuple[tuple[str, tuple[type, ...], frozenset[type]], ...]:
    """The fields of ``cls`` its constructor takes, each with the plain types its annotation
    allows (a field whose annotation is too rich to check, or does not resolve, is left out)
    and the types that settle it at once (no float, which must be finite; none for ``game``
    and ``player``, which are checked against the position)."""
    hints: dict[str, Any] = {}
    for base in reversed(cls.__mro__):  # field by field: one bad annotation spoils no other
        for name, hint in vars(base).get("__annotations__", {}).items():
            one = type("One", (), {"__annotations__": {name: hint},
                                   "__module__": base.__module__})
            try:
                hints[name] = typing.get_type_hints(one, localns=dict(vars(base)))[name]
            except Exception:  # noqa: BLE001 - a name only a type checker sees: not checked
                continue
    found = []
    for f in fields(cls):
        kinds = plain_types(hints.get(f.name)) if f.init else None
        if kinds is not None:
            sure = frozenset() if f.name in ("game", "player") else frozenset(kinds) - {float}
            found.append((f.name, kinds, sure))
    return tuple(found)


def field_value(position: Any, name: str, value: Any, kinds: tuple[type, ...]) -> Any:
    """``value`` for ``position``'s field ``name`` (numpy's numbers made plain), if it fits
    the ``kinds`` of its annotation and, for ``game`` and a view's ``player``, the position;
    else a ``TypeError`` or ``ValueError`` naming the field and what it may be."""
    kind: Any = type(position)
    where = kind.__name__
    if not fits(value, kinds):
        made = plain_inside(value)
        if not fits(made, kinds):
            raise TypeError(f"{where}: field {name!r} should be {type_names(kinds)}, not "
                            f"{brief(value)}")
        value = made
    if name == "game" and _foreign(kind, getattr(value, "state_class", None)):
        raise TypeError(f"{where}: field 'game' should be a game of its own kind, not "
                        f"{brief(value)}")
    if name == "player" and hasattr(position, "determinize"):  # a view's player
        players = getattr(position.game, "players", None)
        if isinstance(players, int):
            # ``players`` itself only while ``State.view("public")`` builds the public view
            # (a seat's view relabelled so would carry that seat's secrets: ``core.public``)
            seats = players + 1 if building_public() else players
            value = player_of(value, seats, f"{where}: field 'player' should be a player "
                                            f"0..{players - 1}")
    return value


@memo(256)  # classes are few
def _foreign(cls: type, state_class: type | None) -> bool:
    """Whether a position of class ``cls`` is of another game than one whose states are
    ``state_class``: it is no such state, and the game's own position classes it is built
    on (``core.position.position``) are none of that state's."""
    if not isinstance(state_class, type) or issubclass(cls, state_class):
        return False
    own = {base for base in cls.__mro__  # a position class: no State's or View's methods
           if issubclass(base, Derives) and not hasattr(base, "legal_actions")
           and not base.__module__.startswith("tabletop.core")}
    return bool(own) and own.isdisjoint(state_class.__mro__)
