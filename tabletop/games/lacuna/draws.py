"""Lacuna's random draws: the numbers a ``random.Random`` gives, in few calls.

A layout's candidates take ``random()`` again and again, and the pour order is a
``shuffle``. Both are made of the generator's 32-bit outputs: ``random()`` takes two, ``a``
and ``b``, and makes ``((a >> 5) · 2**26 + (b >> 6)) / 2**53``; ``shuffle`` makes, for each
index ``i`` from the last down, a draw below ``i + 1``: the top ``k`` bits of an output (``k``
the bit length of ``i + 1``), again while that is above ``i``. ``getrandbits(32 · m)`` gives
``m`` outputs in one call, the first in the lowest 32 bits. So ``Draws`` takes a plain
generator's outputs in one call and works the numbers out itself: the same numbers, in the
same order (checked against the standard library at import).

>>> a, b = Draws(random.Random(4), ahead=100), random.Random(4)
>>> a.uniforms(3).tolist() == [b.random() for _ in range(3)]
True
>>> mine, theirs = list(range(9)), list(range(9))
>>> a.shuffle(mine); b.shuffle(theirs); mine == theirs
True
"""

from __future__ import annotations

import random
from operator import length_hint
from typing import Any

import numpy as np

_WORD_SHIFTS = np.array([5, 6], dtype=np.uint32)
_WORD_SCALES = np.array([2.0 ** -27, 2.0 ** -53])
_SHIFTS: dict[int, np.ndarray] = {}  # ``_WORD_SHIFTS`` tiled: one shift of all the outputs
_NONE = np.zeros(0, dtype=np.uint32)
#: How many more outputs a shuffle draws when it ran out of those drawn ahead (a shuffle of
#: 49 uses 72 on average, more than 128 never in a million).
MORE = 128
#: Whether ``Draws`` works a plain generator's numbers out itself: true until the check at
#: the bottom (which runs it so) says whether this Python's generator does the same.
_FAST = True


def _outputs(rng: random.Random, count: int) -> np.ndarray:
    """The next ``count`` 32-bit outputs of ``rng``, in order, from one ``getrandbits``."""
    raw = rng.getrandbits(32 * count).to_bytes(4 * count, "little")
    return np.frombuffer(raw, dtype="<u4")


def _fisher_yates(words: list[int], items: list[Any]) -> int | None:
    """``random.shuffle``'s loop on ``items`` with its draws from ``words`` (outputs): for
    ``i`` from the last index down, ``j`` is the top ``k`` bits of the next output (``k`` the
    bit length of ``i + 1``), again while above ``i``, and ``items[i]`` and ``items[j]``
    swap. How many outputs it used; ``None`` if ``words`` ran out first (``items`` is then
    partly shuffled)."""
    i = len(items) - 1
    if i < 1:
        return 0
    k = (i + 1).bit_length()
    shift, low = 32 - k, (1 << (k - 1)) - 1  # the least ``i`` of ``k`` bits
    outputs = iter(words)
    for word in outputs:  # a single loop over the outputs: the cheapest walk in Python
        j = word >> shift
        if j <= i:
            items[i], items[j] = items[j], items[i]
            i -= 1
            if i < low:
                if not i:
                    return len(words) - length_hint(outputs)
                shift += 1
                low >>= 1
    return None


class Draws:
    """What ``rng`` draws next, as ``random()`` (``uniforms``) and ``shuffle``: the same
    numbers, in the same order.

    For a plain ``random.Random`` they come from its 32-bit outputs, ``ahead`` of them drawn
    here in one call, more whenever those run out (those missing, or ``MORE`` for a shuffle).
    So it may leave ``rng`` further on than its own calls would: fit for a generator that is
    thrown away after. With ``ahead=0``, ``uniforms`` leaves it just where its own calls
    would. Any other generator (a subclass may draw differently) is asked, one call a
    number.
    """

    __slots__ = ("rng", "_fast", "_words", "_at")

    def __init__(self, rng: random.Random, ahead: int = 0) -> None:
        self.rng = rng
        self._fast = _FAST and type(rng) is random.Random
        self._words = _outputs(rng, ahead) if self._fast and ahead else _NONE
        self._at = 0  # the next output to use

    def _take(self, count: int) -> np.ndarray:
        """The next ``count`` outputs (drawing those missing)."""
        at, end = self._at, self._at + count
        if end > len(self._words):
            self._words = np.concatenate((self._words[at:],
                                          _outputs(self.rng, end - len(self._words))))
            at, end = 0, count
        self._at = end
        return self._words[at:end]

    def uniforms(self, count: int) -> np.ndarray:
        """``[rng.random() for _ in range(count)]`` as an array (each product and the sum
        of ``random()``'s formula is exact: so is the matrix product)."""
        if not self._fast:
            draw = self.rng.random
            return np.array([draw() for _ in range(count)], dtype=np.float64)
        shifts = _SHIFTS.get(count)
        if shifts is None:
            shifts = _SHIFTS[count] = np.tile(_WORD_SHIFTS, count)
        return (self._take(2 * count) >> shifts).reshape(count, 2) @ _WORD_SCALES

    def below(self, n: int) -> int:
        """``rng.randrange(n)`` (``n`` from 1 to 2**31): the top bits of the next output,
        again while ``n`` or more.

        >>> d, b = Draws(random.Random(8), ahead=5), random.Random(8)
        >>> [d.below(7) for _ in range(9)] == [b.randrange(7) for _ in range(9)]
        True
        """
        if not self._fast:
            return self.rng.randrange(n)
        shift = 32 - n.bit_length()
        while True:
            j = int(self._take(1)[0]) >> shift
            if j < n:
                return j

    def shuffle(self, items: list[Any]) -> None:
        """``rng.shuffle(items)``."""
        if not self._fast:
            self.rng.shuffle(items)
            return
        first = items[:]
        while (used := _fisher_yates(self._words[self._at:].tolist(), items)) is None:
            items[:] = first  # it ran out of the outputs drawn ahead: more, and again
            self._words = np.concatenate((self._words, _outputs(self.rng, MORE)))
        self._at += used


def _same_as_stdlib() -> bool:
    """Whether ``Draws`` of a plain generator draws what its own methods do in this Python:
    the same numbers (and, with nothing drawn ahead, ``uniforms`` leaves the generator in
    the same state)."""
    for seed in range(3):
        a, b = Draws(random.Random(seed)), random.Random(seed)
        if a.uniforms(9).tolist() != [b.random() for _ in range(9)] or \
                a.rng.getstate() != b.getstate():
            return False
        for n in (1, 2, 49, 300):
            mine, theirs = list(range(n)), list(range(n))
            a.shuffle(mine)
            b.shuffle(theirs)
            if mine != theirs:
                return False
        sizes = (1, 7, 8, 9, 1000)
        if [a.below(n) for n in sizes] != [b.randrange(n) for n in sizes]:
            return False
    return True


_FAST = _same_as_stdlib()
