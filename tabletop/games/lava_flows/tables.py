"""The per-options tables Lava Flows' hot loop reads (``PlayTables``), and what a ply reads
of the cones (``cone_context``) from the memos here: static data, filled as stack shapes are
met.

The memos are filled from full states, hidden Mediums included (a stack is keyed as the
state holds it), so nothing a player holds may refer to them: they live in this module
alone, and the game's ``PlayTables`` holds only the key of its options
(``tests/test_view_reach.py``; ``check_view_reach``).

>>> play = play_tables({"oreo": "top", "memory": True, "slide": "onto", "ply_cap": 40})
>>> play.memory, play.onto, play.ply_cap, play.key == play_tables({"oreo": "top",
...     "memory": True, "slide": "onto", "ply_cap": 9}).key
(True, True, 40, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import getitem
from typing import Any

from .actions import (
    MOVES_SLIDE_INTO_EMPTY,
    MOVES_SLIDE_ONTO,
    SLIDE_INTO_EMPTY,
    SLIDE_ONTO,
    Move,
    Slide,
)
from .board import STACKS
from .cells import Cell, Reader, cell_reader
from .knowledge import KEY_HEADS

#: A memo of the hot loop, read as ``memos[c][cone + 1]`` (see ``_legal_actions``): by cell,
#: then by cone owner (+1: the first for no cone); a dict by stack. Never indexed by ``-1``:
#: a tuple read with a negative index misses the interpreter's fast path.
CellMemos = tuple[tuple[dict[str, Any], ...], ...]
#: The memos a listing reads (``cone_context``): each cell's (nine), then each one's
#: ``cells.Reader`` (nine more), which fills it on a miss: ``memos[c + 9](stack, play)``.
Memos = tuple[Any, ...]
#: What a ply reads of the cones (``cone_context``): by mover, then lock (+1), the repetition
#: key's start and the ``Memos``.
ConeContext = tuple[tuple[tuple[str, Memos], ...], ...]


def _lock_tables() -> tuple[tuple[CellMemos, ...], ...]:
    """For each mover, then lock (+1), the ``CellMemos`` of a position with that lock: one
    dict per cell and cone for cells that are not the lock, another for the lock."""
    def cell_memos() -> list[tuple[dict[str, Any], ...]]:
        return [(STACKS.share({}), STACKS.share({}), STACKS.share({})) for _c in range(9)]

    out = []
    for _player in (0, 1):
        free, locked = cell_memos(), cell_memos()
        out.append(tuple(tuple(locked[c] if c == lock else free[c] for c in range(9))
                         for lock in range(-1, 9)))
    return tuple(out)


#: The memo of the hot loop: what a cell adds to the mover's legal actions (``read_cell``), by
#: the options (``oreo="top"``, ``memory``, ``slide="onto"``), then by the mover and the lock
#: (+1), as ``CellMemos``. Static data: it grows with the stack shapes met, within the stack
#: memos' shared budget (``board.STACKS``).
_CELLS: dict[tuple[bool, bool, bool], tuple[tuple[CellMemos, ...], ...]] = {
    (top, memory, onto): _lock_tables()
    for top in (False, True) for memory in (False, True) for onto in (False, True)}
#: ``cone_context`` by the options (as ``_CELLS``), then by the cones' key part. Static
#: data: at most one item per arrangement of cones (on six goal cells).
_CONTEXTS: dict[tuple[bool, bool, bool], dict[str, ConeContext]] = {key: {} for key in _CELLS}
#: What ``read_cell`` reads of a stack wherever it stands (``_shape``), by the options
#: (``oreo="top"``, ``memory``), the player and the cone (+1), then by the stack: a stack met
#: at another cell, or as the lock, costs a lookup. Static data, like ``_CELLS``.
_SHAPES: dict[tuple[bool, bool], list[list[dict[str, Any]]]] = {
    (top, memory): [[STACKS.share({}) for _cone in range(3)] for _player in (0, 1)]
    for top in (False, True) for memory in (False, True)}
#: A ``read_cell`` entry by the ``Shape`` it is made from, by the option ``slide="onto"``, the
#: cell and whether it is the lock: far fewer shapes than stacks, so a new stack mostly
#: reuses an entry. Static data, like ``_CELLS``.
_ENTRIES: dict[bool, tuple[tuple[dict[Any, Any], dict[Any, Any]], ...]] = {
    onto: tuple((STACKS.share({}), STACKS.share({})) for _c in range(9))
    for onto in (False, True)}


def _readers(top: bool, memory: bool, onto: bool) -> tuple[tuple[tuple[tuple[Reader, ...], ...],
                                                                 ...], ...]:
    """The ``cells.Reader`` of each memo of ``_CELLS[top, memory, onto]``, indexed alike."""
    shapes, entries = _SHAPES[top, memory], _ENTRIES[onto]
    made: dict[int, Reader] = {}  # by the memo's id: a memo shared by many locks, one reader

    def reader(memo: dict[str, Any], player: int, lock: int, c: int, cone: int) -> Reader:
        if id(memo) not in made:
            made[id(memo)] = cell_reader(memo, c, cone, player, c == lock,
                                         shapes[player][cone + 1], shapes[1 - player][cone + 1],
                                         entries[c][c == lock])
        return made[id(memo)]

    return tuple(tuple(tuple(tuple(reader(memo, player, lock, c, cone)
                                   for cone, memo in enumerate(by_cone, -1))
                             for c, by_cone in enumerate(by_cell))
                       for lock, by_cell in enumerate(by_lock, -1))
                 for player, by_lock in enumerate(_CELLS[top, memory, onto]))


#: ``_readers`` of each ``_CELLS`` table (static, like the memos they fill).
_READERS = {key: _readers(*key) for key in _CELLS}


class PlayTables:
    """What every ply reads of a game's options, resolved once per game (``LavaFlows``
    keeps it as ``tables``): the hot loop then needs no option lookups. A slotted class,
    not a ``NamedTuple``: a slot is read several times faster than a tuple field. Read-only
    once made. It holds no memo (see the module's docstring): ``key`` finds them here.

    >>> t = play_tables({"oreo": "top", "memory": False, "slide": "empty", "ply_cap": 9})
    >>> t.top_only, t.onto, t.ply_cap, t.slides is SLIDE_INTO_EMPTY, t.key
    (True, False, 9, True, (True, False, False))
    """

    __slots__ = ("key", "slides", "own", "top_only", "memory", "onto", "ply_cap", "_sealed")

    def __init__(self, slides: tuple[tuple[tuple[Slide, ...], ...], ...],
                 own: tuple[tuple[tuple[Move | Slide, ...], ...], ...], top_only: bool,
                 memory: bool, onto: bool, ply_cap: int) -> None:
        #: ``(top_only, memory, onto)``: the memos' key (``_CELLS``, ``_CONTEXTS``, …).
        self.key = (top_only, memory, onto)
        #: ``SLIDE_ONTO`` or ``SLIDE_INTO_EMPTY``: the slides by cell, then occupancy mask.
        self.slides = slides
        #: ``MOVES_SLIDE_ONTO`` or ``MOVES_SLIDE_INTO_EMPTY``: what an own stack allows.
        self.own = own
        self.top_only, self.memory, self.onto, self.ply_cap = top_only, memory, onto, ply_cap
        object.__setattr__(self, "_sealed", True)

    def __setattr__(self, name: str, value: object) -> None:
        if getattr(self, "_sealed", False):
            raise AttributeError(f"a game's play tables are read-only (their {name!r} can't "
                                 "be set): load the game with other options instead")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a game's play tables are read-only (their {name!r} can't be "
                             "deleted)")


def play_tables(options: Mapping[str, Any]) -> PlayTables:
    """The ``PlayTables`` of a game with these (checked) options."""
    top_only, memory = options["oreo"] == "top", bool(options["memory"])
    onto = options["slide"] == "onto"
    return PlayTables(SLIDE_ONTO if onto else SLIDE_INTO_EMPTY,
                      MOVES_SLIDE_ONTO if onto else MOVES_SLIDE_INTO_EMPTY, top_only, memory, onto,
                      int(options["ply_cap"]))



def read_cell(memo: dict[str, Cell], stack: str, c: int, cone: int, player: int,
              locked: bool, play: PlayTables) -> Cell:
    """What cell ``c`` holding ``stack`` (empty: a cone alone) over ``cone`` adds to the legal
    actions of ``player`` (``locked``: ``c`` is the lock) under the options ``play``, memoised in
    ``memo``: ``cell_reader``'s reader, made for one call.

    >>> defaults = {"oreo": "anywhere", "memory": False, "slide": "onto", "ply_cap": 200}
    >>> read_cell({}, "wbW", 0, -1, 0, False, play_tables(defaults))[0][0b11]
    (Move(src='a1', dst='b1'), Move(src='a1', dst='a2'), Slide(src='a1', dst='b1'))
    """
    shapes, entries = _SHAPES[play.key[:2]], _ENTRIES[play.key[2]]
    return cell_reader(memo, c, cone, player, locked, shapes[player][cone + 1],
                       shapes[1 - player][cone + 1], entries[c][locked])(stack, play)



def cone_context(play: PlayTables, cone_part: str, cones: tuple[int, ...]) -> ConeContext:
    """What a ply reads of these cones (``cone_part``: their key part and ``/``, as a ply
    hands it on), by mover, then lock (+1): the repetition key's start, ``KEY_HEADS`` then
    ``cone_part``, and the ``Memos``: the memo a listing reads at each cell,
    ``_CELLS[play.key][mover][lock + 1][c][cones[c] + 1]``, then its reader (``_READERS``,
    indexed alike). Kept by ``cone_part``: a ply that forms no cone hands it on, and reads it
    with two subscripts.

    >>> from tabletop.games.lava_flows.knowledge import cone_key
    >>> play = play_tables({"oreo": "top", "memory": False, "slide": "empty", "ply_cap": 9})
    >>> cones = (-1,) * 6 + (0, 0, -1)
    >>> start, memos = cone_context(play, cone_key(cones) + "/", cones)[1][5]
    >>> cells, readers = _CELLS[play.key][1][5], _READERS[play.key][1][5]
    >>> start, memos[6] is cells[6][1], memos[4] is cells[4][0], memos[9 + 6] is readers[6][1]
    ('14/......ww./', True, True, True)
    """
    contexts = _CONTEXTS[play.key]
    found = contexts.get(cone_part)
    if found is None:
        picks = tuple(cone + 1 for cone in cones)  # each cell's index by cone
        found = contexts[cone_part] = tuple(
            tuple((KEY_HEADS[mover][lock + 1] + cone_part,
                   tuple(map(getitem, by_cell, picks)) + tuple(map(getitem, readers, picks)))
                  for (lock, by_cell), readers in zip(enumerate(_CELLS[play.key][mover], -1),
                                                      _READERS[play.key][mover], strict=True))
            for mover in (0, 1))
    return found
