"""Lacuna's actions and their notation.

* ``SetAside(colour)`` — ``"aside red"``: the start player's first decision.
* ``Place(a, b, k)`` — ``"place 12-30 @1/2"``: a pawn at ``k/1024`` of the way from flower
  ``a`` to flower ``b`` (``a < b``), collecting both. The position prints as the player
  reads it (``fraction_text``): ``0``, ``1``, a short fraction such as ``3/8``, or the
  shortest decimal that reads back as the same grid step (``0.424``); any number is read,
  including the exact decimals older records hold (``@0.423828125``).
* ``PlaceFree(x, y)`` — ``"place free 0.25,-0.5"``: a pawn at ``(x, y)`` (in ticks of 1e-4),
  collecting nothing; only when no pair can take a pawn.

>>> str(Place(12, 30, 512)), str(Place(0, 1, 3)), str(PlaceFree(2500, -5000))
('place 12-30 @1/2', 'place 0-1 @0.003', 'place free 0.25,-0.5')
>>> parse("place 30-12 @0.25"), parse("place 0-1 @0.423828125"), parse("place 0-1 @0.424")
(Place(a=12, b=30, k=768), Place(a=0, b=1, k=434), Place(a=0, b=1, k=434))
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

from tabletop.core.errors import IllegalAction
from tabletop.core.game import Action
from tabletop.core.ids import ActionSpace
from tabletop.core.memos import Bound
from tabletop.core.notation import check_length, integer, number, quote
from tabletop.core.plain import whole

from .geometry import SAMPLE, STEPS, TICKS

#: Positions ``k / 1024`` whose fraction has at most this denominator print as ``n/d``.
SHORT_DENOMINATOR = 16
#: Other positions print as decimals of at most this many places (always enough: a place of
#: 1e-4 is finer than the grid's 1/1024).
DECIMAL_PLACES = 4

COLOURS = ("red", "orange", "yellow", "green", "blue", "violet", "white")
"""The seven flower colours, in order (colour ``i`` is ``COLOURS[i]``)."""


def colour_name(colour: int) -> str:
    """``COLOURS[colour]``, or the value itself if it is not a colour (a bool is none: it
    would read as red or orange).

    >>> colour_name(1), colour_name(True), colour_name(-1)
    ('orange', 'True', '-1')
    """
    return COLOURS[colour] if isinstance(colour, int) and not isinstance(colour, bool) \
        and 0 <= colour < len(COLOURS) else str(colour)


def fraction_text(k: int) -> str:
    """``k / 1024`` as the player reads it: ``0`` and ``1`` at the ends, an exact fraction
    with a denominator of at most 16 (``"3/8"``), else the shortest decimal of at most four
    places that ``parse`` reads back as the same ``k`` (``"0.424"`` for ``434``).

    >>> fraction_text(0), fraction_text(512), fraction_text(384), fraction_text(1024)
    ('0', '1/2', '3/8', '1')
    >>> fraction_text(434), fraction_text(430), fraction_text(1)
    ('0.424', '0.42', '0.001')

    Every move's notation asks (a search names each new move), so the texts of the
    positions ``0 .. STEPS`` are kept once made. A bool is no position (``True`` would read
    as ``1/1024``): it is shown as itself.

    >>> fraction_text(True)
    'True'
    """
    if isinstance(k, bool):
        return str(k)
    found = _FRACTION_TEXTS.get(k) if type(k) is int else None
    if found is None:
        found = _fraction_text(k)
        if type(k) is int and 0 <= k <= STEPS:
            _FRACTION_TEXTS[k] = found
    return found


_FRACTION_TEXTS: dict[int, str] = {}


def _fraction_text(k: int) -> str:
    if not 0 <= k <= STEPS:
        return f"{k}/{STEPS}"
    exact = Fraction(k, STEPS)
    if exact.denominator == 1:
        return str(exact.numerator)
    if exact.denominator <= SHORT_DENOMINATOR:
        return f"{exact.numerator}/{exact.denominator}"
    for places in range(1, DECIMAL_PLACES + 1):
        whole, rest = divmod(round(exact * 10**places), 10**places)
        text = f"{whole}.{rest:0{places}d}".rstrip("0").rstrip(".")
        if round(Fraction(text) * STEPS) == k:
            return text
    raise AssertionError(f"no {DECIMAL_PLACES}-place decimal names {k}/{STEPS}")


def tick_text(t: int) -> str:
    """Ticks as an exact decimal of mat units (``-5000`` → ``"-0.5"``)."""
    sign = "-" if t < 0 else ""
    whole, rest = divmod(abs(t), TICKS)
    return f"{sign}{whole}" if not rest else f"{sign}{whole}.{rest:04d}".rstrip("0")


@dataclass(frozen=True, slots=True)
class SetAside(Action):
    """The start player takes a flower of ``colour`` into their scoring area."""

    colour: int

    def __str__(self) -> str:
        return f"aside {COLOURS[whole(self.colour, 0, 'no such colour', len(COLOURS) - 1)]}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """A pawn at ``k / 1024`` along the segment from flower ``a`` to flower ``b`` (a < b);
    the player collects both flowers."""

    a: int
    b: int
    k: int

    def __str__(self) -> str:
        a, b, k = self.a, self.b, self.k
        if not (type(a) is int and type(b) is int and type(k) is int):  # (numpy's: read)
            a, b = whole(a, 0, "no such flower"), whole(b, 0, "no such flower")
            k = whole(k, 0, f"a spot is from 0 to {STEPS}", STEPS)
        if not 0 <= a < b or not 0 <= k <= STEPS:  # (b-a would read as another place)
            raise ValueError(f"no place {a}-{b} @{k}: flowers a < b, a spot from 0 to {STEPS}")
        return f"place {a}-{b} @{fraction_text(k)}"

    @property
    def fraction(self) -> Fraction:
        """The position along the segment from ``a``, exactly."""
        return Fraction(self.k, STEPS)


@dataclass(frozen=True, slots=True)
class PlaceFree(Action):
    """A pawn centred at ``(x, y)`` ticks (1 tick = 1e-4 mat units); collects nothing."""

    x: int
    y: int

    def __str__(self) -> str:
        x, y = (whole(t, -math.inf, "a position is a whole number of ticks")
                for t in (self.x, self.y))
        return f"place free {tick_text(x)},{tick_text(y)}"


SET_ASIDE = tuple(SetAside(c) for c in range(len(COLOURS)))
_PLACES: dict[tuple[int, int, int], Place] = {}
#: Places interned before ``_PLACES`` empties itself: every listed place of a 48-flower mat
#: (1,128 lines × 5) fits; parsed and clicked places may take any of 1,025 positions a line,
#: a million places (210 MB) that a long session used to keep for good.
_PLACES_HELD = Bound(16384)


def place(a: int, b: int, k: int) -> Place:
    """``Place(a, b, k)``, interned while the memo holds it (legal-action lists reuse the
    same objects; equal places are equal either way).

    >>> place(0, 1, 512) is place(0, 1, 512), place(0, 1, 512) == Place(0, 1, 512)
    (True, True)
    """
    key = (a, b, k)
    found = _PLACES.get(key)
    if found is None:
        if len(_PLACES) >= _PLACES_HELD.size:
            _PLACES.clear()
        found = _PLACES[key] = Place(a, b, k)
    return found


#: What every action looks like, for a message about text that is none of them.
FORMS = ("actions are 'place 0-1 @1/2' (two flowers 0 … 47 and a position from 0 to 1 "
         "along the line between them), 'place free 0.25,-0.5' and 'aside red' (the "
         f"colours: {', '.join(COLOURS)})")

# Each pattern is linear: no two adjacent parts can match the same characters.
_PLACE_RE = re.compile(r"place ?(\d+) ?- ?(\d+) ?@ ?(\S+)", re.ASCII)
_FREE_RE = re.compile(r"place ?free ?(.*)")
_ASIDE_RE = re.compile(r"aside ?(\w+)", re.ASCII)
#: Flower numbers in notation go up to this (a mat holds 48 flowers; larger is refused later).
MAX_FLOWER = 999
#: How far from the centre a free position may be written, in mat units.
MAX_COORDINATE = 10


def _free_coordinates(rest: str, text: str) -> tuple[str, str]:
    """The two numbers of a free position: ``x,y``, ``x, y``, ``x y`` or ``(x,y)``."""
    if rest.startswith("("):
        rest = rest[1:]
    if rest.endswith(")"):
        rest = rest[:-1]
    parts = rest.split(",") if "," in rest else rest.split(" ")
    if len(parts) != 2:
        raise IllegalAction(f"{quote(text)}: a free position is two numbers, x,y (e.g. "
                            "'place free 0.25,-0.5')")
    x, y = (part.strip() for part in parts)
    return x, y


def parse(text: str) -> Action | None:
    """The action ``text`` denotes (lower-case, single spaces), or ``None`` if none.

    A position along a pair is measured from the flower named first and rounded to the
    nearest 1/1024; free positions are rounded to the nearest tick. Legality is not checked.
    Text longer than ``MAX_NOTATION`` and numbers that are long, huge or out of range raise
    ``IllegalAction`` saying what is allowed.

    >>> parse("place 3-1 @1/3")
    Place(a=1, b=3, k=683)
    >>> parse("place 0-1 @1e-100000000")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.IllegalAction: 'place 0-1 @1e-100000000': the position along the \
line '1e-100000000' is not a number of at most 24 characters like 0.25, -1.5 or 1/3 \
(exponents from -9 to 9)
    """
    check_length(text)
    m = _FREE_RE.fullmatch(text)
    if m:
        where = f"{quote(text)}: a free position's"
        x, y = (number(t, f"{where} {axis}", -MAX_COORDINATE, MAX_COORDINATE)
                for t, axis in zip(_free_coordinates(m.group(1), text), "xy", strict=True))
        return PlaceFree(round(x * TICKS), round(y * TICKS))
    m = _PLACE_RE.fullmatch(text)
    if m:
        a, b = (integer(g, f"{quote(text)}: a flower", 0, MAX_FLOWER) for g in m.group(1, 2))
        t = number(m.group(3), f"{quote(text)}: the position along the line", 0, 1)
        k = round(t * STEPS)
        return place(a, b, k) if a < b else place(b, a, STEPS - k)
    m = _ASIDE_RE.fullmatch(text)
    if m and m.group(1) in COLOURS:
        return SET_ASIDE[COLOURS.index(m.group(1))]
    return None


# --- integer ids ------------------------------------------------------------------------------

#: Flowers on the mat of a game from ``new()``: ids ``0 .. 47``, in reading order.
MAT_FLOWERS = 48
#: Id slots per pair: the five sample spots (``geometry.SAMPLE``), then slot 5, "the listed
#: position nearest the middle" (listed only when every sample spot is taken).
SPOTS = len(SAMPLE) + 1
PAIRS = MAT_FLOWERS * (MAT_FLOWERS - 1) // 2
#: Free placements are listed on lattices of spacing ``mat // 4``, ``// 8``, ``// 16``;
#: level ``l`` has ``(2 · 4 · 2**l + 1)**2`` points, from ``-4 · 2**l`` to ``4 · 2**l`` steps.
FREE_LEVELS = 3


def _free_span(level: int) -> int:
    return 4 << level


class LacunaSpace(ActionSpace):
    """Lacuna's numbering (8234 ids with the default options, ``docs/rules/lacuna.md``):

    * ``0 .. 6``: ``aside <colour>`` (``COLOURS`` order);
    * ``7 + 6 · pair + slot``: a placement along ``pair`` (the index of ``a < b < 48`` in
      the order (0,1), (0,2), …, (46,47)) at sample spot ``slot`` (``k`` = 0, 256, 512,
      768, 1024), or slot 5 (the position nearest the middle that the list offers when
      every sample spot is taken: which ``k`` that is depends on the position, so
      ``action_at`` names none, and a state gives slot 5 to the listed one alone);
    * then the free placements on the three listed lattices, coarsest first, each point
      row by row (``x``, then ``y``); a point on two lattices has the coarser one's id (its
      id on the finer lattice names no action).

    Placements at any other position, and free placements off those lattices, stay legal
    through notation but have no id.

    >>> space = LacunaSpace(10_000)
    >>> space.size, space.id_of(SET_ASIDE[3]), space.id_of(place(0, 2, 512))
    (8234, 3, 15)
    >>> space.action_at(15), space.action_at(7 + 5) is None
    (Place(a=0, b=2, k=512), True)
    >>> i = space.id_of(PlaceFree(2500, -5000)); space.action_at(i)
    PlaceFree(x=2500, y=-5000)
    >>> space.id_of(PlaceFree(0, 0)), space.action_at(space.bases[1] + 8 * 17 + 8)  # finer
    (6815, None)
    """

    def __init__(self, mat: int) -> None:
        self.steps = tuple(max(mat // 4 >> level, 1) for level in range(FREE_LEVELS))
        self.free_base = len(COLOURS) + PAIRS * SPOTS
        self.bases: list[int] = []
        base = self.free_base
        for level in range(FREE_LEVELS):
            self.bases.append(base)
            base += (2 * _free_span(level) + 1) ** 2
        self.size = base

    def id_of(self, action: Action) -> int | None:
        if type(action) is SetAside:
            c = action.colour
            return c if type(c) is int and 0 <= c < len(COLOURS) else None
        if type(action) is Place:
            a, b, k = action.a, action.b, action.k
            if not (type(a) is int and type(b) is int and type(k) is int
                    and 0 <= a < b < MAT_FLOWERS and 0 <= k <= STEPS):
                return None
            pair = a * (2 * MAT_FLOWERS - a - 1) // 2 + (b - a - 1)
            slot = SAMPLE.index(k) if k in SAMPLE else SPOTS - 1
            return len(COLOURS) + SPOTS * pair + slot
        if type(action) is PlaceFree:
            x, y = action.x, action.y
            if type(x) is not int or type(y) is not int:
                return None
            for level, step in enumerate(self.steps):
                span = _free_span(level)
                if x % step == 0 and y % step == 0 and max(abs(x), abs(y)) <= span * step:
                    side = 2 * span + 1
                    return self.bases[level] + (x // step + span) * side + y // step + span
        return None

    def action_at(self, i: int) -> Action | None:
        if 0 <= i < len(COLOURS):
            return SET_ASIDE[i]
        if i < self.free_base:
            pair, slot = divmod(i - len(COLOURS), SPOTS)
            if slot == SPOTS - 1:
                return None
            a = 0
            while pair >= MAT_FLOWERS - a - 1:
                pair -= MAT_FLOWERS - a - 1
                a += 1
            return place(a, a + 1 + pair, SAMPLE[slot])
        for level in reversed(range(FREE_LEVELS)):
            if i >= self.bases[level] and i < self.size:
                span = _free_span(level)
                row, col = divmod(i - self.bases[level], 2 * span + 1)
                step = self.steps[level]
                found = PlaceFree((row - span) * step, (col - span) * step)
                return found if self.id_of(found) == i else None  # else a coarser id's point
        return None
