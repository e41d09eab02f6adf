"""How big a pickle's object is once every shared part is counted where it is used, read
from its opcodes before anything is loaded: ``expanded_size``.

A pickle may use one object many times (its memo), so a few hundred bytes can hold a tuple
of two copies of a tuple of two copies of … forty levels down: 2**40 parts. Loading it is
quick, but hashing it (a dict key, a set, a frozen dataclass), comparing it or printing it
walks every part and never ends. ``deserialize_state`` reads text that may come from
anywhere, so it counts the parts first (one pass over the opcodes, in time and memory
linear in the text) and refuses a pickle whose object is far bigger than the text.

>>> import pickle
>>> expanded_size(pickle.dumps((1, 2, 3)))
4
>>> t = (1,)
>>> for _ in range(40):
...     t = (t, t)
>>> len(pickle.dumps(t)) < 300, expanded_size(pickle.dumps(t)) > 2**40
(True, True)
"""

from __future__ import annotations

import pickletools
from typing import Any

#: What a part may be counted at most, however many ways it is reached.
_CAP = 2**62


class _Part:
    """An object the pickle makes: the parts it holds (each use of a shared one counted)."""

    __slots__ = ("held",)

    def __init__(self, held: list[_Part] | None = None) -> None:
        self.held: list[_Part] = held or []


_MARK = _Part()  # the MARK opcode's place on the stack
#: Opcodes that add to the object below them (``BUILD`` gives an object its state).
_IN_PLACE = frozenset({"APPEND", "APPENDS", "SETITEM", "SETITEMS", "ADDITEMS", "BUILD"})
_GETS = frozenset({"GET", "BINGET", "LONG_BINGET"})
_PUTS = frozenset({"PUT", "BINPUT", "LONG_BINPUT"})


class Unreadable(ValueError):
    """A pickle whose opcodes cannot be followed (damaged, or a memo it never filled)."""


def expanded_size(raw: bytes) -> int:
    """The number of parts of the object ``raw`` pickles, every use of a shared part counted
    (at most ``2**62``); ``Unreadable`` (a ``ValueError``) if its opcodes are damaged, and
    a pickle holding itself (a cycle) counts as ``2**62``."""
    stack: list[_Part] = []
    memo: dict[int, _Part] = {}
    result: _Part | None = None
    try:
        for op, arg, _ in pickletools.genops(raw):
            result = _step(op, arg, stack, memo) or result
    except (ValueError, IndexError, KeyError) as err:
        raise Unreadable(f"{type(err).__name__}: {err}") from None
    if result is None:
        raise Unreadable("no STOP")
    return _count(result)


def _step(op: pickletools.OpcodeInfo, arg: Any, stack: list[_Part],
          memo: dict[int, _Part]) -> _Part | None:
    """Follow one opcode on ``stack``; the object, at ``STOP``."""
    name = op.name
    if name in _GETS:
        stack.append(memo[arg])
    elif name in _PUTS:
        memo[arg] = stack[-1]
    elif name == "MEMOIZE":
        memo[len(memo)] = stack[-1]
    elif name == "MARK":
        stack.append(_MARK)
    elif name == "DUP":
        stack.append(stack[-1])
    elif name == "STOP":
        return stack.pop()
    else:
        taken = _pop(op, stack)
        if op.stack_after:
            if name in _IN_PLACE:
                taken[0].held.extend(taken[1:])
                stack.append(taken[0])
            else:
                stack.append(_Part(taken))
    return None


def _pop(op: pickletools.OpcodeInfo, stack: list[_Part]) -> list[_Part]:
    """The parts ``op`` takes from ``stack``, bottom first (a mark and the slice above it
    taken as the slice's parts)."""
    taken: list[_Part] = []
    for kind in reversed(op.stack_before):
        if kind is pickletools.stackslice:
            at = len(stack) - 1  # the nearest MARK, from the top: what it passes over
            while stack[at] is not _MARK:  # is taken off, so every part is passed once
                at -= 1
                if at < 0:
                    raise ValueError(f"{op.name} without its MARK")
            taken[:0] = stack[at + 1:]
            del stack[at + 1:]
        elif kind is pickletools.markobject:
            if stack.pop() is not _MARK:
                raise ValueError(f"{op.name} without its MARK")
        else:
            part = stack.pop()
            if part is _MARK:
                raise ValueError(f"{op.name} found a MARK")
            taken.insert(0, part)
    return taken


def _count(root: _Part) -> int:
    """The parts under ``root``, each use counted: a walk of the graph (each part once)."""
    sizes: dict[int, int] = {}
    on_path: set[int] = set()
    todo: list[tuple[_Part, bool]] = [(root, False)]
    while todo:
        part, done = todo.pop()
        key = id(part)
        if done:
            on_path.discard(key)
            sizes[key] = min(_CAP, 1 + sum(sizes[id(p)] for p in part.held))
            continue
        if key in sizes:
            continue
        if key in on_path:  # reached again below itself: a cycle, endless when walked
            return _CAP
        on_path.add(key)
        todo.append((part, True))
        todo.extend((p, False) for p in part.held if id(p) not in sizes)
    return sizes[id(root)]
