"""What differs between two states, views, actions, records or action lists: a few short lines.

A state's ``repr`` is exact (evaluated, it rebuilds the state), so it is long: a Lacuna
state's is about 1,300 characters, a Lava Flows state's grows by about 50 a ply. Two of them
side by side do not show where they differ; ``differences`` does, one line per difference,
each naming the field and the item (``board[36]``), at most ``limit`` lines:

>>> import tabletop
>>> s = tabletop.load("landlock").new(seed=1)
>>> differences(s.apply("land"), s.apply("water"))
('land_team: 0 != 1',)
>>> differences(s, s)
()
>>> differences(s.legal_actions(), s.legal_actions()[:1])
("[1]: Role(role='water') (only on the left)",)

Records (JSON objects) are walked key by key:

>>> differences({"actions": ["land", "f6 r1"]}, {"actions": ["land", "f6 r2"]})
("['actions'][1]: 'f6 r1' != 'f6 r2'",)

In pytest, put ``from tabletop.core.diffs import pytest_assertrepr_compare`` in your
``conftest.py``: a failing ``assert state == expected`` then lists these lines.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Mapping, Sequence
from typing import Any

from .quoting import brief, counted, cut

#: How many differences ``differences`` lists before it says how many more there are.
LIMIT = 12
#: How long one line may be.
LINE = 160
#: How deep into nested fields, items and keys the walk goes before it shows both sides.
DEPTH = 40


def differences(left: Any, right: Any, limit: int = LIMIT) -> tuple[str, ...]:
    """One short line per difference between ``left`` and ``right`` (``()`` when equal).

    Dataclasses (states, views, actions) are compared field by field (the fields that take
    part in ``==``), mappings key by key, sequences item by item (lists of different lengths
    say which items only one side has); anything else is shown as ``left != right``, each
    side shortened. At most ``limit`` lines, then one saying how many more differ.
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a whole number of at least 1, not {brief(limit)}")
    found: list[str] = []
    _walk("", left, right, found)
    if len(found) > limit:
        more = len(found) - limit
        found[limit:] = [f"… and {counted(more, 'more difference')}"]
    return tuple(cut(line, LINE) for line in found)


def _walk(path: str, left: Any, right: Any, found: list[str]) -> None:
    if _same(left, right):
        return
    before = len(found)
    _walk_parts(path, left, right, found)
    if len(found) == before:  # equal parts, unequal wholes: a tuple and a list, say
        at = f"{path}: " if path else ""
        found.append(f"{at}{brief(left)} ({type(left).__name__}) != "
                     f"{brief(right)} ({type(right).__name__})")


def _walk_parts(path: str, left: Any, right: Any, found: list[str]) -> None:
    if path.count("[") + path.count(".") >= DEPTH:  # a list holding itself, a hostile file
        found.append(f"{path}: {brief(left)} != {brief(right)}")
        return
    if (dataclasses.is_dataclass(left) and type(left) is type(right)
            and not isinstance(left, type)):
        for field in dataclasses.fields(left):
            if field.compare:
                _walk(f"{path}.{field.name}" if path else field.name,
                      getattr(left, field.name), getattr(right, field.name), found)
        return
    if isinstance(left, Mapping) and isinstance(right, Mapping):
        for key in [*left, *(k for k in right if k not in left)]:
            where = f"{path}[{brief(key)}]"
            if key not in right:
                found.append(f"{where}: {brief(left[key])} (only on the left)")
            elif key not in left:
                found.append(f"{where}: {brief(right[key])} (only on the right)")
            else:
                _walk(where, left[key], right[key], found)
        return
    if _listlike(left) and _listlike(right):
        _walk_items(path, left, right, found)
        return
    at = f"{path}: " if path else ""
    if type(left) is not type(right) and (dataclasses.is_dataclass(left)
                                          or dataclasses.is_dataclass(right)):
        found.append(f"{at}a {type(left).__name__} != a {type(right).__name__}")
    else:
        found.append(f"{at}{brief(left)} != {brief(right)}")


def _walk_items(path: str, left: Sequence[Any], right: Sequence[Any], found: list[str]) -> None:
    if len(left) == len(right):
        for i, (a, b) in enumerate(zip(left, right, strict=True)):
            _walk(f"{path}[{i}]", a, b, found)
        return
    if len(left) + len(right) > 20_000:  # difflib is quadratic: say only what it costs little
        found.append(f"{path or 'length'}: {counted(len(left), 'item')} != "
                     f"{counted(len(right), 'item')}")
        return
    matcher = difflib.SequenceMatcher(None, [_key(x) for x in left], [_key(x) for x in right],
                                      autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if tag == "replace" and i2 - i1 == j2 - j1:
            for i, j in zip(range(i1, i2), range(j1, j2), strict=True):
                _walk(f"{path}[{i}]", left[i], right[j], found)
        elif tag == "replace":
            found.append(f"{path}{_span(i1, i2)}: {_items(left[i1:i2])} != "
                         f"{_items(right[j1:j2])} (right{_span(j1, j2)})")
        elif tag == "delete":
            found.append(f"{path}{_span(i1, i2)}: {_items(left[i1:i2])} (only on the left)")
        else:
            found.append(f"{path}{_span(j1, j2)}: {_items(right[j1:j2])} (only on the right)")


def _span(start: int, stop: int) -> str:
    return f"[{start}]" if stop == start + 1 else f"[{start}:{stop}]"


def _items(part: Sequence[Any]) -> str:
    """A run of items: the item alone, else as many as fit in a line, then how many."""
    if len(part) == 1:
        return brief(part[0])
    shown: list[str] = []
    for item in part:
        text = brief(item, 60)
        if shown and sum(len(t) + 2 for t in shown) + len(text) > 90:
            return f"({', '.join(shown)}, … {len(part)} items)"
        shown.append(text)
    return f"({', '.join(shown)})"


def _same(left: Any, right: Any) -> bool:
    try:
        return bool(left == right)
    except Exception:  # an array's ambiguous truth, a comparison that raises: show both
        return False


def _listlike(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str | bytes | bytearray)


def _key(value: Any) -> object:
    """What two items of a list are matched by: the item when hashable, else its repr."""
    try:
        hash(value)
    except TypeError:
        return brief(value, 400)
    return value


def pytest_assertrepr_compare(op: str, left: Any, right: Any) -> list[str] | None:
    """pytest's hook: ``assert a == b`` on two of tabletop's states, views, actions, legal
    action lists or records explains itself with ``differences``. Import it into your
    ``conftest.py`` to use it; anything else keeps pytest's own explanation."""
    if op != "==" or not (_ours(left) and _ours(right)):
        return None
    lines = differences(left, right)
    return [f"{brief(left, 60)} == {brief(right, 60)}",
            f"{counted(len(lines), 'line')} of differences (tabletop.core.diffs):",
            *(f"  {line}" for line in lines)]


def _ours(value: Any) -> bool:
    from .game import Action, State, View
    from .legal import LegalActions

    if isinstance(value, Mapping):
        return value.get("format") == "tabletop/1"
    return isinstance(value, State | View | Action | LegalActions)
