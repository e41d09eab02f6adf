"""The actions of Lava Flows, their notation, and the tables of every action object.

Legal-action lists are built from the prebuilt objects in these tables, so the hot loop
allocates nothing and the core recognises a listed action by identity.

>>> str(Move("b1", "b2")), str(Bubble("a1", "white")), str(Eject("b2", 2, "c2", "wbw"))
('move b1-b2', 'bubble a1 claim white', 'eject b2@2 c2 claim wbw')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.core.game import Action
from tabletop.core.ids import ActionTable
from tabletop.core.notation import check_length, integer, quote

from .board import CELLS, HOME_CELLS, NEIGHBOURS

#: The claims a Bubble Up of a stack with a Large must make, about its lowest piece.
CLAIMS = ("black", "white", "nothing")
#: An Oreo announcement names its colours outer-middle-outer, by the middle's colour.
PATTERN = {"b": "wbw", "w": "bwb"}
MIDDLE = {"wbw": "b", "bwb": "w"}
MAX_DEPTH = 12
_CELL_NAMES = frozenset(CELLS)


def _named(text: object, names: frozenset[str] | tuple[str, ...], what: str) -> str:
    """``text`` if it is one of ``names``; else a ``ValueError``, and the action's notation
    falls back to its fields (``"A1"`` or ``"WHITE"`` would read back as another action).

    >>> _named("white", CLAIMS, "claim"), str(Move("A1", "b1"))
    ('white', "Move(src='A1', dst='b1')")
    """
    if isinstance(text, str) and text in names:
        return text
    raise ValueError(f"no {what} {text!r}")


def _cell(text: object) -> str:
    return _named(text, _CELL_NAMES, "cell")


@dataclass(frozen=True, slots=True)
class Arrange(Action):
    """Setup: hide the black Medium under the Large on ``black``, the white one under the
    Large on ``white``, nothing under the third (all in the mover's home row)."""

    black: str
    white: str

    def __str__(self) -> str:
        return f"arrange black {_cell(self.black)} white {_cell(self.white)}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Lift the top piece of ``src`` (the mover's colour) onto ``dst``."""

    src: str
    dst: str

    def __str__(self) -> str:
        return f"move {_cell(self.src)}-{_cell(self.dst)}"


@dataclass(frozen=True, slots=True)
class Slide(Action):
    """Slide the whole stack on ``src`` (above any cone) to ``dst``."""

    src: str
    dst: str

    def __str__(self) -> str:
        return f"slide {_cell(self.src)}-{_cell(self.dst)}"


@dataclass(frozen=True, slots=True)
class Bubble(Action):
    """Move the lowest piece of the stack on ``cell`` to its top; ``claim`` (``black``,
    ``white`` or ``nothing``) is required when the stack holds a Large."""

    cell: str
    claim: str = ""

    def __str__(self) -> str:
        text = f"bubble {_cell(self.cell)}"
        return text if self.claim == "" else f"{text} claim {_named(self.claim, CLAIMS, 'claim')}"


@dataclass(frozen=True, slots=True)
class Eject(Action):
    """Lava tube ejection: the middle of an Oreo, ``depth`` pieces below the top of
    ``cell``, moves onto ``dst``. ``claim`` (``wbw`` or ``bwb``) announces an Oreo that is
    not wholly in view."""

    cell: str
    depth: int
    dst: str
    claim: str = ""

    def __str__(self) -> str:
        text = f"eject {_cell(self.cell)}@{self.depth} {_cell(self.dst)}"
        return text if self.claim == "" else \
            f"{text} claim {_named(self.claim, tuple(MIDDLE), 'claim')}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Do nothing."""

    def __str__(self) -> str:
        return "pass"


# --- the prebuilt objects -----------------------------------------------------------------

PASS = Pass()
MOVES: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move(CELLS[c], CELLS[n]) for n in NEIGHBOURS[c]) for c in range(9)
)
#: ``SLIDES[c][k]`` slides from ``c`` to ``NEIGHBOURS[c][k]``.
SLIDES: tuple[tuple[Slide, ...], ...] = tuple(
    tuple(Slide(CELLS[c], CELLS[n]) for n in NEIGHBOURS[c]) for c in range(9)
)
BUBBLES: tuple[Bubble, ...] = tuple(Bubble(CELLS[c]) for c in range(9))
BUBBLE_CLAIMS: tuple[tuple[Bubble, ...], ...] = tuple(
    tuple(Bubble(CELLS[c], claim) for claim in CLAIMS) for c in range(9)
)
#: ``EJECTS[c][depth]``: a visible Oreo's middle to each neighbour.
EJECTS: tuple[tuple[tuple[Eject, ...], ...], ...] = tuple(
    tuple(tuple(Eject(CELLS[c], d, CELLS[n]) for n in NEIGHBOURS[c])
          for d in range(MAX_DEPTH))
    for c in range(9)
)
#: ``ANNOUNCED[c, depth, middle colour]``: an announced Oreo's middle to each neighbour.
ANNOUNCED: dict[tuple[int, int, str], tuple[Eject, ...]] = {
    (c, d, m): tuple(Eject(CELLS[c], d, CELLS[n], PATTERN[m]) for n in NEIGHBOURS[c])
    for c in range(9) for d in range(MAX_DEPTH) for m in "wb"
}
#: The six secret arrangements of each player.
ARRANGEMENTS: tuple[tuple[Arrange, ...], ...] = tuple(
    tuple(Arrange(CELLS[b], CELLS[w]) for b in home for w in home if b != w)
    for home in HOME_CELLS
)


def _slides_by_mask(c: int, into_occupied: bool) -> tuple[tuple[Slide, ...], ...]:
    """For each 9-bit board occupancy mask, the slides from ``c`` into occupied (or into
    empty) neighbours."""
    out = []
    for mask in range(512):
        out.append(tuple(SLIDES[c][j] for j, n in enumerate(NEIGHBOURS[c])
                         if bool(mask >> n & 1) == into_occupied))
    return tuple(out)


#: ``SLIDE_ONTO[c][mask]`` / ``SLIDE_INTO_EMPTY[c][mask]``: the slides from ``c`` onto the
#: occupied / into the empty neighbours, for a board whose occupied cells are the bits of mask.
SLIDE_ONTO = tuple(_slides_by_mask(c, True) for c in range(9))
SLIDE_INTO_EMPTY = tuple(_slides_by_mask(c, False) for c in range(9))
#: ``MOVES_SLIDE_ONTO[c][mask]`` / ``MOVES_SLIDE_INTO_EMPTY[c][mask]``: the moves from ``c``,
#: then its slides (as above): what the mover's own stack on ``c`` allows, in one read.
MOVES_SLIDE_ONTO = tuple(tuple(MOVES[c] + row for row in SLIDE_ONTO[c]) for c in range(9))
MOVES_SLIDE_INTO_EMPTY = tuple(tuple(MOVES[c] + row for row in SLIDE_INTO_EMPTY[c])
                               for c in range(9))

#: Every action's integer id (961 in all), in this order: the 12 arrangements (White's six,
#: then Black's), the 24 moves and 24 slides (by source cell, then neighbour), the 9 plain
#: bubbles, the 27 bubbles with a claim, the 288 visible ejections (cell, depth, neighbour),
#: the 576 announced ones (cell, depth, middle colour, neighbour), and pass.
ACTION_TABLE = ActionTable((
    *(a for row in ARRANGEMENTS for a in row),
    *(a for row in MOVES for a in row),
    *(a for row in SLIDES for a in row),
    *BUBBLES,
    *(a for row in BUBBLE_CLAIMS for a in row),
    *(a for cell in EJECTS for depth in cell for a in depth),
    *(a for row in ANNOUNCED.values() for a in row),
    PASS,
))

#: Rule changes that make an older record replay otherwise (``Game.rule_changes``).
RULE_CHANGES = ("2026-12-01: a Bubble Up needs at least two pieces above any cone, a hiding "
                "place counting as one, so a lone Large with nothing under it cannot bubble up",)
#: What every action looks like, for a message about text that is none of them.
FORMS = ("actions are 'arrange black a1 white c3', 'move a1-b1', 'slide a1-b1', 'bubble a1' "
         "(or 'bubble a1 claim black', 'white', 'nothing'), 'eject b2@1 c2' (or with "
         "'claim wbw', 'claim bwb') and 'pass', on cells a1 … c3")

_CELL = "([abc][123])"
#: A claim in the notation's words, or in the rules' ("hidden black", "nothing hidden").
_SPOKEN = {"hidden black": "black", "hidden white": "white", "nothing hidden": "nothing",
           "w-b-w": "wbw", "b-w-b": "bwb"}
_BUBBLE_WORDS = "black|white|nothing|hidden black|hidden white|nothing hidden"


class WhiteFirst:
    """A marker of ``_SYNTAX``: ``arrange white X black Y``, read as ``Arrange(Y, X)``."""


_SYNTAX: tuple[tuple[re.Pattern[str], type], ...] = (
    (re.compile(rf"arrange black {_CELL} white {_CELL}"), Arrange),
    (re.compile(rf"arrange white {_CELL} black {_CELL}"), WhiteFirst),
    (re.compile(rf"move {_CELL}-{_CELL}"), Move),
    (re.compile(rf"slide {_CELL}-{_CELL}"), Slide),
    (re.compile(rf"bubble {_CELL}(?: claim ({_BUBBLE_WORDS}))?"), Bubble),
    (re.compile(rf"eject {_CELL}@(\d+) {_CELL}(?: claim (wbw|bwb|w-b-w|b-w-b))?", re.ASCII),
     Eject),
)


def parse(text: str) -> Action | None:
    """The action that well-formed notation names, legal or not (``None`` if malformed).

    >>> parse("eject b2@1 c2"), parse("bubble a1 claim nothing"), parse("jump")
    (Eject(cell='b2', depth=1, dst='c2', claim=''), Bubble(cell='a1', claim='nothing'), None)

    A claim may also be said as the rules say it: ``claim hidden black``, ``claim nothing
    hidden``, ``claim w-b-w`` (the action prints as ``claim black``, ``claim wbw``); an
    arrangement may name the white Medium's cell first.

    >>> parse("bubble a1 claim nothing hidden"), str(parse("eject b2@1 c2 claim B-W-B"))
    (Bubble(cell='a1', claim='nothing'), 'eject b2@1 c2 claim bwb')
    >>> str(parse("arrange white c1 black a1"))
    'arrange black a1 white c1'

    Text longer than ``MAX_NOTATION`` characters, and a depth over 99, raise
    ``IllegalAction`` saying what is allowed.
    """
    check_length(text)
    text = " ".join(text.split()).lower()
    if text == "pass":
        return PASS
    for pattern, kind in _SYNTAX:
        match = pattern.fullmatch(text)
        if match:
            parts = [_SPOKEN.get(g, g) if g else "" for g in match.groups()]
            if kind is Eject:
                depth = integer(parts[1], f"{quote(text)}: the depth", 0, 99)
                return Eject(parts[0], depth, parts[2], parts[3])
            if kind is WhiteFirst:  # the white Medium named first: the same arrangement
                return Arrange(parts[1], parts[0])
            return kind(*parts)
    return None
