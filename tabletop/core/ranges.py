"""The values a position's fields may hold beyond their types: each game declares, in its
position classes' ``_ranges()``, the span of an int (a player, a count, an index into a
table), the length of a tuple and what each of its items may be; ``check_ranges`` refuses
anything else with a ``ValueError`` naming the class, the field and what it may be.

The constructor and ``dataclasses.replace`` run it (``core.derived.Derives``), after the
type checks and before the derived fields are worked out; a game's own fast paths
(``core.position.evolve``, ``maker``) never do.

>>> Span(0, 3).fits(2), Span(0, 3).fits(4), str(Span(0, 3))
(True, False, 'an int 0..3')
>>> pair = Row(Span(0, 9), length=2)
>>> pair.fits((1, 9)), pair.fits((1, 10)), pair.fits((1,)), str(pair)
(True, False, False, 'a tuple of 2, each an int 0..9')
>>> check_ranges(Span, {"x": Span(0, 3)}, {"x": 7})
Traceback (most recent call last):
...
ValueError: Span: field 'x' should be an int 0..3, not 7
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import wraps
from types import MappingProxyType
from typing import Any, Protocol

from .memos import Bound
from .quoting import brief, either
from .textformat import FormatsAsText


class Allowed(Protocol):
    """What a field may hold: ``fits(value)``, and ``str()`` saying it in words."""

    def fits(self, value: Any) -> bool: ...


@dataclass(frozen=True, slots=True)
class Span(FormatsAsText):
    """An int from ``low`` to ``high`` (both included; ``None``: no upper bound); ``None``
    passes (a field whose type allows it: the type check decides)."""

    low: int
    high: int | None = None

    def fits(self, value: Any) -> bool:
        return value is None or (self.low <= value and (self.high is None or value <= self.high))

    def __str__(self) -> str:
        return f"an int {self.low}..{self.high}" if self.high is not None else \
            f"an int >= {self.low}"


@dataclass(frozen=True, slots=True)
class Row(FormatsAsText):
    """A tuple of ``length`` items (``None``: from ``shortest`` to ``longest``), each what
    ``each`` allows (``None``: anything its type allows); ``None`` passes."""

    each: Allowed | None = None
    length: int | None = None
    shortest: int = 0
    longest: int | None = None

    def fits(self, value: Any) -> bool:
        if value is None:
            return True
        if not isinstance(value, tuple) or not self._long_enough(len(value)):
            return False
        each = self.each
        if each is None or not value:
            return True
        if type(each) is Span and None not in value:  # the common case, at C speed
            return each.low <= min(value) and (each.high is None or max(value) <= each.high)
        return all(each.fits(item) for item in value)

    def _long_enough(self, n: int) -> bool:
        if self.length is not None:
            return n == self.length
        return self.shortest <= n and (self.longest is None or n <= self.longest)

    def __str__(self) -> str:
        if self.length is not None:
            size = f"a tuple of {self.length}"
        elif self.longest is None:
            size = f"a tuple of at least {self.shortest}"
        else:
            size = f"a tuple of {self.shortest} to {self.longest}"
        return size if self.each is None else f"{size}, each {self.each}"


@dataclass(frozen=True, slots=True)
class Items(FormatsAsText):
    """A tuple of ``len(parts)`` items, item ``i`` what ``parts[i]`` allows (``None``:
    anything its type allows)."""

    parts: tuple[Allowed | None, ...]

    def fits(self, value: Any) -> bool:
        return isinstance(value, tuple) and len(value) == len(self.parts) and all(
            part is None or part.fits(item) for part, item in zip(self.parts, value, strict=True))

    def __str__(self) -> str:
        return "(" + ", ".join("anything" if part is None else str(part)
                               for part in self.parts) + ")"


@dataclass(frozen=True, slots=True)
class Word(FormatsAsText):
    """A string of at most ``longest`` characters (and at least ``shortest``), each one of
    ``letters``; with ``distinct``, none twice.

    >>> pool = Word("-bw", 2, shortest=2, distinct=True)
    >>> pool.fits("-w"), pool.fits("ww"), pool.fits("w"), str(pool)
    (True, False, False, "a string of 2 of '-bw', none twice")
    """

    letters: str
    longest: int
    shortest: int = 0
    distinct: bool = False

    def fits(self, value: Any) -> bool:
        # (what ``strip`` leaves is a character not among the letters)
        return isinstance(value, str) and self.shortest <= len(value) <= self.longest and \
            not value.strip(self.letters) and \
            (not self.distinct or len(set(value)) == len(value))

    def __str__(self) -> str:
        size = f"{self.longest}" if self.shortest == self.longest else \
            f"at most {self.longest}" if not self.shortest else \
            f"{self.shortest} to {self.longest}"
        return f"a string of {size} of {self.letters!r}" + (", none twice" if self.distinct
                                                            else "")


@dataclass(frozen=True, slots=True)
class OneOf(FormatsAsText):
    """One of a few values."""

    values: tuple[Any, ...]

    def fits(self, value: Any) -> bool:
        return value in self.values

    def __str__(self) -> str:
        return "one of " + either(self.values, repr)


@dataclass(frozen=True, slots=True)
class Fields(FormatsAsText):
    """An object of class ``kind`` (a nested dataclass, as an item of a tuple field) whose
    fields each fit what ``ranges`` allows them (fields not named: anything).

    >>> claim = Fields(Span, {"low": Span(0, 1)})
    >>> claim.fits(Span(1, 5)), claim.fits(Span(7)), claim.fits((1, 5)), str(claim)
    (True, False, False, 'a Span whose low is an int 0..1')
    """

    kind: type
    ranges: Mapping[str, Allowed]

    def fits(self, value: Any) -> bool:
        return isinstance(value, self.kind) and all(
            allowed.fits(getattr(value, name)) for name, allowed in self.ranges.items())

    def __str__(self) -> str:
        return f"a {self.kind.__name__} whose " + ", ".join(
            f"{name} is {allowed}" for name, allowed in self.ranges.items())

    def __hash__(self) -> int:  # (a mapping is not hashable: its class and names are enough)
        return hash((self.kind, tuple(self.ranges)))


Ranges = Mapping[str, Allowed]

#: How many (class, game) declarations ``per_game`` keeps per method before it starts over.
_KEPT = Bound(64)


def per_game(method: Callable[[Any], Ranges]) -> Callable[[Any], Ranges]:
    """``_ranges`` made once per position class and game, then read from a memo: for a
    declaration that depends on the game alone (its player count, its options), so that a
    position made by hand does not build its declaration again.

    >>> class Seat:
    ...     def __init__(self, game): self.game = game
    ...     @per_game
    ...     def _ranges(self): return {"to_move": Span(0, self.game - 1)}
    >>> Seat(3)._ranges() is Seat(3)._ranges(), str(Seat(4)._ranges()["to_move"])
    (True, 'an int 0..3')
    """
    made: dict[tuple[type, Any], Ranges] = {}

    @wraps(method)
    def cached(position: Any) -> Ranges:
        key = (type(position), position.game)
        found = made.get(key)
        if found is None:
            if len(made) >= _KEPT.size:
                made.clear()
            found = made[key] = MappingProxyType(dict(method(position)))
        return found

    return cached


def check_ranges(cls: type, ranges: Mapping[str, Allowed], values: Any) -> None:
    """Refuse, with a ``ValueError`` naming ``cls`` and the field, the first field of
    ``values`` (a position, or a mapping) that ``ranges`` does not allow."""
    mapping = isinstance(values, Mapping)
    for name, allowed in ranges.items():
        value = values[name] if mapping else getattr(values, name)
        if not allowed.fits(value):
            raise ValueError(f"{cls.__name__}: field {name!r} should be {allowed}, not "
                             f"{brief(value)}{_where(allowed, value)}")


def _where(allowed: Allowed, value: Any) -> str:
    """Which item of a tuple is wrong, when the tuple's length is right (and which field of
    it, for a nested object)."""
    if not isinstance(allowed, Row) or not isinstance(value, tuple) or allowed.each is None:
        return ""
    if not allowed._long_enough(len(value)):
        return f" (of {len(value)})"
    for i, item in enumerate(value):
        if not allowed.each.fits(item):
            return f" (item {i} is {brief(item)}{_which_field(allowed.each, item)})"
    return ""


def _which_field(allowed: Allowed, item: Any) -> str:
    """For a nested object, which of its fields is wrong."""
    if not isinstance(allowed, Fields) or not isinstance(item, allowed.kind):
        return ""
    for name, part in allowed.ranges.items():
        if not part.fits(getattr(item, name)):
            return f": its {name} should be {part}, not {brief(getattr(item, name))}"
    return ""
