"""numpy's scalars as the Python values they hold, wherever the API takes a number.

A notebook's numbers often come from numpy (``np.argmax`` for a player, ``np.arange`` for
seeds, an RL library's sampled action id), and a ``numpy.int64`` is no ``int``. The core
takes them at every public door (game options and player counts, seeds, players, ids,
depths) and keeps the plain value, so a state, a record or an option holds ``3``, never
``np.int64(3)``.

>>> import numpy as np
>>> plain(np.int64(3)), plain(np.float32(0.5)), plain(np.True_), plain("x")
(3, 0.5, True, 'x')
>>> type(plain(np.uint64(2**63)))
<class 'int'>
>>> whole(np.int64(5), 1, "depth must be a positive int"), real(np.float32(0.5), "a number")
(5, 0.5)
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Place:
...     cell: int
...     turns: tuple[int, ...]
>>> made = plain_fields(Place(np.int64(3), (np.int32(1), 2)))
>>> made, type(made.cell), type(made.turns[0])
(Place(cell=3, turns=(1, 2)), <class 'int'>, <class 'int'>)
>>> plain_inside({"c3": [np.int8(1), (np.float64(0.5), "w")]})
{'c3': [1, (0.5, 'w')]}
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Mapping
from dataclasses import fields, is_dataclass, replace
from typing import Any, TypeVar, cast

import numpy as np

from .quoting import brief

T = TypeVar("T")


def plain(value: Any) -> Any:
    """``value`` as the Python value it holds if it is a numpy scalar; else as it is. A
    float narrower than Python's is the float its shortest text names (``np.float32(1.3)``
    is ``1.3``, not ``1.2999999523162842``: the number it was written as).

    >>> plain(np.float32(1.3)), plain(np.float16(0.1)), plain(np.float64(1.3))
    (1.3, 0.1, 1.3)
    """
    if isinstance(value, np.generic):
        return _narrow_float(value) if isinstance(value, np.floating) else value.item()
    return value


def _narrow_float(value: np.floating[Any]) -> float:
    """A numpy float as a Python float: a narrower one as its shortest text names it."""
    if value.itemsize >= 8:
        return float(value)
    return float(np.format_float_positional(value, unique=True, trim="-"))


#: How deep ``plain_inside`` goes into tuples, lists and dicts: no argument of the API nests
#: deeper, and a list that holds itself is refused here, not by a ``RecursionError``.
MAX_NESTING = 16


def plain_inside(value: Any, depth: int = 0, *, arrays: bool = False) -> Any:
    """``value`` with numpy scalars made plain, inside tuples, lists and dicts too (the
    containers rebuilt only where they are of exactly those types); a ``ValueError`` if they
    nest more than ``MAX_NESTING`` deep (a list that holds itself, say). With ``arrays``,
    a numpy array becomes the tuple of plain values it holds (tuples in tuples for more
    dimensions), at any depth: a builder's ``deck=np.arange(3)`` is ``(0, 1, 2)``.

    >>> loop = []; loop.append(loop)
    >>> plain_inside(loop)
    Traceback (most recent call last):
    ...
    ValueError: nests more than 16 deep (or holds itself): [[...]]
    >>> plain_inside((np.arange(2), [np.array([[0.5]])]), arrays=True)
    ((0, 1), [((0.5,),)])
    """
    if isinstance(value, np.generic):
        return plain(value)
    if arrays and isinstance(value, np.ndarray):
        return _tuples(value.tolist())  # plain values all through (0-d: its one value)
    kind = type(value)
    if kind is tuple or kind is list or kind is dict:
        if depth >= MAX_NESTING:
            raise ValueError(f"nests more than {MAX_NESTING} deep (or holds itself): "
                             f"{brief(value)}")
        if kind is dict:
            return {plain_inside(k, depth + 1, arrays=arrays):
                    plain_inside(v, depth + 1, arrays=arrays) for k, v in value.items()}
        return kind(plain_inside(item, depth + 1, arrays=arrays) for item in value)
    return value


def _tuples(value: Any) -> Any:
    """``value`` (from ``ndarray.tolist``) with its lists made tuples, all through."""
    return tuple(map(_tuples, value)) if type(value) is list else value


def plain_fields(action: T) -> T:
    """``action`` (a dataclass) with every numpy scalar in its fields, or in a tuple there,
    as the Python value it holds: a new action, or ``action`` itself if it holds none."""
    if isinstance(action, type) or not is_dataclass(action):
        return action
    changes = {}
    for f in fields(action):
        value = getattr(action, f.name)
        if isinstance(value, np.generic) or (
                type(value) is tuple and any(isinstance(v, np.generic) for v in value)):
            changes[f.name] = plain_inside(value)
    return cast(T, replace(cast(Any, action), **changes)) if changes else action


def whole(value: object, least: float, rule: str, most: float = math.inf) -> int:
    """``value`` as an ``int`` if it is an integer (any integer type; a bool is none) from
    ``least`` to ``most``; else a ``ValueError`` stating ``rule`` and quoting ``value``.

    >>> whole(np.int64(3), 1, "games should be an int from 1 to 9", most=9)
    3
    """
    if type(value) is int and least <= value <= most:  # the common case, at once
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, bool) \
            and least <= int(value) <= most:
        return int(value)
    raise ValueError(f"{rule}, not {brief(value)}")


def real(value: object, rule: str, low: float = -math.inf, high: float = math.inf,
         above: bool = False) -> float:
    """``value`` as a ``float`` if it is a finite real number from ``low`` (exclusive with
    ``above``) to ``high``; else a ``ValueError`` stating ``rule``."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        number = _far(value)  # an int too large for a float is out of range, not an error
        if math.isfinite(number) and (number > low if above else number >= low) \
                and number <= high:
            return number
    raise ValueError(f"{rule}, not {brief(value)}")


def flag(value: object, name: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (numpy's bools too); else a ``TypeError``
    naming ``name``: a flag is never read as the truth of something else (``"no"`` is true).

    >>> flag(np.bool_(False), "full")
    False
    >>> flag("no", "full")
    Traceback (most recent call last):
    ...
    TypeError: full should be True or False, not 'no'
    """
    found = plain(value)
    if type(found) is not bool:
        raise TypeError(f"{name} should be True or False, not {brief(value)}")
    return found


def player_of(value: object, players: int, rule: str) -> int:
    """``value`` as an ``int`` if it is one of ``players`` players ``0 .. players - 1``
    (numpy's ints too, no bool); else a ``ValueError`` stating ``rule``.

    >>> player_of(np.int64(1), 2, "player must be 0..1")
    1
    """
    seat = plain(value)
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"{rule}, not {brief(value)}")
    return seat


def listlike(value: object) -> bool:
    """Whether ``value`` is a collection to go through: iterable, and not a string (whose
    letters are no list).

    >>> listlike(["a"]), listlike("ab"), listlike(5)
    (True, False, False)
    """
    return isinstance(value, Iterable) and not isinstance(value, (str, bytes))


def coordinates(x: object, y: object) -> tuple[float, float]:
    """A click's point as two floats: any real numbers (NaN and infinities included: they
    hit nothing), but no bool; else a ``ValueError``.

    >>> coordinates(3, 2.5)
    (3.0, 2.5)
    """
    if not all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in (x, y)):
        raise ValueError(f"a click is at two numbers x, y, not {brief(x)}, {brief(y)}")
    return _far(x), _far(y)


def point_of(point: object) -> tuple[float, float]:
    """A click's ``point`` as two floats, if it is a pair of numbers; else a ``ValueError``.

    >>> point_of((1, 2.5))
    (1.0, 2.5)
    """
    pair = tuple(cast(Iterable[Any], point)) if listlike(point) else ()
    try:
        if len(pair) == 2:
            return coordinates(*pair)
    except ValueError:
        pass
    raise ValueError(f"point should be a pair of numbers (x, y) or None, not {brief(point)}")


def finite_point(x: object, y: object, call: str) -> tuple[float, float]:
    """``(x, y)`` as two finite floats (no bool; numpy's numbers too); else a ``ValueError``
    naming ``call``.

    >>> finite_point(1, np.float32(0.5), "along")
    (1.0, 0.5)
    """
    fx, fy = (_far(v) if isinstance(v, numbers.Real) and not isinstance(v, bool) else math.nan
              for v in (x, y))
    if not (math.isfinite(fx) and math.isfinite(fy)):
        raise ValueError(f"{call} takes a point x, y of two finite numbers, not "
                         f"{brief(x)}, {brief(y)}")
    return fx, fy


def _far(number: Any) -> float:
    """``float(number)``, or an infinity for an int too large for a float."""
    try:
        return float(number)
    except OverflowError:
        return math.inf if number > 0 else -math.inf


class NotJSON(ValueError):
    """Why ``json_data`` refused a value: ``problem`` is ``"values"`` (more than the budget),
    ``"depth"`` (nested too deep, or holding itself), ``"key"`` (``found``, a key that is no
    string), ``"text"`` (``found``, a string or key holding a lone surrogate), ``"value"``
    (``found``, no finite JSON value) or ``"twice"`` (``found``, a key JSON text gives twice
    in one object: ``json_object``); ``field`` is the key of the outermost mapping it was
    found under, if any. Callers say it in their own words."""

    def __init__(self, problem: str, found: object = None, field: str | None = None) -> None:
        super().__init__(f"{problem}: {brief(found)}" + (f" in {field!r}" if field else ""))
        self.problem, self.found, self.field = problem, found, field

    def __reduce__(self) -> tuple[Any, ...]:
        """Made again from its three parts (a pickle or copy of an exception calls its class
        with its ``args``, here the message, which would be read as the ``problem``)."""
        return type(self), (self.problem, self.found, self.field), self.__dict__


def json_data(value: Any, budget: list[int], depth_limit: int = MAX_NESTING,
              largest: int = 10**400, loose: bool = False) -> Any:
    """A copy of ``value`` if it is finite JSON data — ``dict`` with string keys, ``list``,
    ``str`` (Unicode text: no lone surrogate), ``bool``, ``None``, an ``int`` of magnitude
    ``largest`` at most and a finite ``float`` — with no value deeper than ``depth_limit``
    and at most ``budget[0]`` values (the budget is shared and spent); else ``NotJSON``.
    ``loose`` also takes any mapping, a tuple (copied as a list) and numpy's numbers (as the
    plain ones they hold).

    The one walker of JSON-like data: records check their caller's fields with it, the
    thinking panel copies a bot's thinking with it.

    >>> json_data({"values": (0.5, np.int64(1))}, [100], loose=True)
    {'values': [0.5, 1]}
    >>> json_data({"values": (0.5, 1)}, [100])
    Traceback (most recent call last):
    ...
    tabletop.core.plain.NotJSON: value: (0.5, 1) in 'values'
    >>> loop: list[Any] = []; loop.append(loop)
    >>> json_data(loop, [100])
    Traceback (most recent call last):
    ...
    tabletop.core.plain.NotJSON: depth: [[...]]
    """
    return _json_copy(value, budget, depth_limit, largest, loose, 0, None)


def _json_copy(value: Any, budget: list[int], limit: int, largest: int, loose: bool,
               depth: int, field: str | None) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise NotJSON("values", None, field)
    if depth > limit:
        raise NotJSON("depth", value, field)
    if loose:
        value = plain(value)
    if isinstance(value, dict) or loose and isinstance(value, Mapping):
        copied = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise NotJSON("key", key, field)
            if not encodable(key):
                raise NotJSON("text", key, field)
            copied[key] = _json_copy(item, budget, limit, largest, loose, depth + 1,
                                     key if depth == 0 else field)
        return copied
    if isinstance(value, list) or loose and isinstance(value, tuple):
        return [_json_copy(item, budget, limit, largest, loose, depth + 1, field)
                for item in value]
    if isinstance(value, str) and not encodable(value):
        raise NotJSON("text", value, field)
    if value is None or isinstance(value, bool | str) \
            or isinstance(value, int) and -largest <= value <= largest \
            or isinstance(value, float) and math.isfinite(value):
        return value
    raise NotJSON("value", value, field)


def encodable(text: str) -> bool:
    """Whether ``text`` is Unicode text: no lone surrogate (``"\\ud800"``), which JSON
    readers disagree on and no UTF-8 file can hold.

    >>> encodable("日本語 👩\\u200d👧"), encodable("\\ud800")
    (True, False)
    """
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The object JSON text holds, given to ``json.loads(object_pairs_hook=...)``: a key given
    twice in one object raises ``NotJSON("twice", key)``, as readers disagree on which counts
    (Python's ``json`` keeps the last, others the first).

    >>> import json
    >>> json.loads('{"seed": 1, "seed": 2}', object_pairs_hook=json_object)
    Traceback (most recent call last):
    ...
    tabletop.core.plain.NotJSON: twice: 'seed'
    """
    found = dict(pairs)
    if len(found) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise NotJSON("twice", key)
            seen.add(key)
    return found


def like_default(value: Any, default: Any) -> Any:
    """An option's checked ``value`` in the kind of its ``default``: a whole number given for
    a float option as that float, so that ``mat_radius=1`` (how JavaScript writes ``1.0``,
    and how a user may type it) makes the game, repr and record ``mat_radius=1.0`` does.

    >>> like_default(1, 0.5), like_default(2, 3), like_default(True, 0.5)
    (1.0, 2, True)
    """
    if isinstance(default, float) and type(value) is int and float(value) == value:
        return float(value)
    return value

