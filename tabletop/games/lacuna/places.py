"""The ``Place`` actions at the bits of a layout's dead masks: what Lacuna's legal-action
list is read from (``LacunaPosition._places``), one action or all of them.

>>> import tabletop
>>> s = tabletop.load("lacuna").new(seed=7).apply("aside blue")
>>> geo = s.geometry
>>> place_at(geo.pairs, 0) == Place(*geo.pairs[0], 0), geo_actions(geo)[GROUP - 1] is None
(True, True)
>>> _, _, _, one, every = spot_places(geo)
>>> one(GROUP + 2) is place_at(geo.pairs, GROUP + 2), every(0b11) == tuple(geo_actions(geo)[:2])
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .actions import Place, place
from .geometry import GROUP, SAMPLE, Geometry
from .kernels import bit_flags

_GROUP_BITS = np.arange(GROUP)


def place_at(pairs: tuple[tuple[int, int], ...], bit: int) -> Place:
    """The ``Place`` at ``bit`` of a dead mask (a sample spot, not a pair's own bit)."""
    a, b = pairs[bit // GROUP]
    return place(a, b, SAMPLE[bit % GROUP])


SpotPlaces = tuple[int, int, int, Callable[[int], Place], Callable[[int], tuple[Place, ...]]]
"""``spot_places``: a layout's ``spot_bits``, ``pair_bits``, the pairs' ``carry``, and the
``Place`` readers of one bit and of a whole mask."""


def spot_places(geo: Geometry) -> SpotPlaces:
    """What a legal list is read from, built once per layout: the layout's ``spot_bits`` and
    ``pair_bits``; ``carry``, ``0b011111`` in each pair's group (a mask of free spots plus
    it carries into a pair's own bit iff the pair has a free spot); then
    ``place_at(geo.pairs, bit)`` (each ``Place`` looked up once and then kept in a list by
    bit: a random pick's hot path) and the ``Place`` at each set bit of a mask of sample
    spots, in order (the whole list), what ``from_bits`` reads a legal list with. They hold
    the layout's pairs, not the layout, which keeps them in its memo: no reference cycle, so
    a layout is freed with its last state."""
    return geo._cached("spot_places", _spot_places)


def _spot_places(geo: Geometry) -> SpotPlaces:
    at = _PlaceTable(geo.pa.tolist(), geo.pb.tolist()).__getitem__  # a C call once known
    pa, pb, size = geo.pa, geo.pb, GROUP * len(geo.pa)
    actions: list[np.ndarray] = []  # ``_actions_table``, made when first needed

    def every(free: int) -> tuple[Place, ...]:
        if not actions:
            actions.append(_actions_table(pa, pb))
        return tuple(actions[0][bit_flags(free, size)])

    carry = geo.pair_bits - (geo.pair_bits >> (GROUP - 1))
    return geo.spot_bits, geo.pair_bits, carry, at, every


class _PlaceTable(dict[int, Place]):
    """``place_at(pairs, bit)`` by ``bit``, for the pairs ``(pa[i], pb[i])``, each looked up
    once (on a miss) and then kept.

    >>> table = _PlaceTable([0], [3]); table[2] is table[2] is place_at(((0, 3),), 2)
    True
    """

    __slots__ = ("pa", "pb")

    def __init__(self, pa: list[int], pb: list[int]) -> None:
        super().__init__()
        self.pa, self.pb = pa, pb

    def __missing__(self, bit: int) -> Place:
        i = bit // GROUP  # (not ``divmod``: a call and a tuple more, on every random pick)
        found = self[bit] = place(self.pa[i], self.pb[i], SAMPLE[bit - GROUP * i])
        return found


_PLACES = np.full(64 * 64 * GROUP, None, dtype=object)
"""The interned ``Place`` at each sample spot of each pair ``a < b < 64``, filled as needed:
bit ``GROUP * (64 a + b) + s`` (``None`` at the pair's own bit)."""
_SEEN = np.zeros(64 * 64, dtype=bool)


def geo_actions(geo: Geometry) -> np.ndarray:
    """The ``Place`` at each bit of a layout's dead masks (``GROUP * pair + s``; ``None`` at
    the pairs' own bits), as a read-only object array built once per layout."""
    return geo._cached("actions", _build_actions)


def _build_actions(geo: Geometry) -> np.ndarray:
    return _actions_table(geo.pa, geo.pb)


def _actions_table(pa: np.ndarray, pb: np.ndarray) -> np.ndarray:
    """``geo_actions`` of the layout whose pairs are ``(pa[i], pb[i])``."""
    codes = pa * 64 + pb
    for code in codes[~_SEEN[codes]].tolist():
        a, b = divmod(code, 64)
        _PLACES[GROUP * code:GROUP * code + len(SAMPLE)] = [place(a, b, k) for k in SAMPLE]
        _SEEN[code] = True
    table = _PLACES[(GROUP * codes[:, None] + _GROUP_BITS).ravel()]
    table.flags.writeable = False  # kept per layout, never handed out
    return table
