"""The static board of Lava Flows: the 3×3 grid, the piece codes, and lookup tables.

Cells are numbered ``row * 3 + col`` and named like chess squares: columns ``a b c``, rows
``1 2 3``. White (player 0) starts on row 1 and aims for row 3; Black (player 1) the reverse.

A stack is a ``str`` of one-character piece codes, bottom to top:

====  ==================================================================
code  piece
====  ==================================================================
W B   a Large pyramid (white, black); a Large is never hidden
w b   a Medium known to both players (in view, or covered in full view)
0 1   a white / black Medium White hid at setup, known only to White
2     White's empty hiding place ("nothing under this Large")
3 4   a white / black Medium Black hid at setup, known only to Black
5     Black's empty hiding place
====  ==================================================================

Views use three more codes for what their player does not know: ``m`` (one of White's hiding
places: a white Medium, a black Medium or nothing), ``n`` (one of Black's) and ``h`` (a hidden
piece shown as unknown with ``memory=True``).

>>> CELLS[4], INDEX["c3"], NEIGHBOURS[INDEX["a1"]]
('b2', 8, (1, 3))
>>> normalize("1W"), normalize("1"), normalize("2Wb")
('1W', 'b', '2Wb')
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from tabletop.core.memos import Bound
from tabletop.core.readonly import frozen_graph

if TYPE_CHECKING:  # networkx is imported for the graph alone: a move needs none
    import networkx as nx

K = TypeVar("K")
V = TypeVar("V")
D = TypeVar("D", bound=dict[Any, Any])

WHITE, BLACK = 0, 1
NAMES = ("White", "Black")
FILL = ("#fbf8ef", "#262626")
"""The players' pieces' colours, white and black (in the picture and beside their names)."""
COLOUR_NAMES = ("white", "black")

COLS = "abc"
CELLS: tuple[str, ...] = tuple(f"{col}{row + 1}" for row in range(3) for col in COLS)
INDEX: dict[str, int] = {name: i for i, name in enumerate(CELLS)}
CENTRE = INDEX["b2"]

#: The home row of each player (where their Larges start) and their goal row (the other).
HOME_CELLS: tuple[tuple[int, ...], tuple[int, ...]] = ((0, 1, 2), (6, 7, 8))
GOAL_CELLS: tuple[tuple[int, ...], tuple[int, ...]] = ((6, 7, 8), (0, 1, 2))
#: For each cell, whose goal row it is in (``-1``: nobody's).
GOAL_OWNER: tuple[int, ...] = tuple(
    WHITE if i in GOAL_CELLS[WHITE] else BLACK if i in GOAL_CELLS[BLACK] else -1
    for i in range(9)
)


def _neighbours(i: int) -> tuple[int, ...]:
    row, col = divmod(i, 3)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        r, c = row + dr, col + dc
        if 0 <= r < 3 and 0 <= c < 3:
            out.append(r * 3 + c)
    return tuple(sorted(out))


#: Orthogonal neighbours of each cell, ascending: the hot-loop twin of ``build_grid()``.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(9))
ADJACENT: frozenset[tuple[int, int]] = frozenset(
    (i, j) for i in range(9) for j in NEIGHBOURS[i]
)


def build_grid() -> nx.Graph:
    """The 3×3 grid as a networkx graph: nodes are cell names with ``index``, ``row``,
    ``col``, ``home`` and ``goal`` (a player, or ``None``) and ``pos`` (``(col, row)``, row 1
    at the bottom as drawn, for ``nx.draw``); edges join orthogonal neighbours.

    >>> g = build_grid()
    >>> sorted(g["b2"]), g.nodes["a3"]["goal"]
    (['a2', 'b1', 'b3', 'c2'], 0)
    """
    import networkx as nx

    graph = nx.Graph(name="Lava Flows grid")
    for i, name in enumerate(CELLS):
        row, col = divmod(i, 3)
        home = next((p for p in (WHITE, BLACK) if i in HOME_CELLS[p]), None)
        goal = GOAL_OWNER[i] if GOAL_OWNER[i] >= 0 else None
        graph.add_node(name, index=i, row=row, col=col, home=home, goal=goal, pos=(col, row))
    for r in range(3):
        for c in range(3):
            if c < 2:
                graph.add_edge(CELLS[r * 3 + c], CELLS[r * 3 + c + 1])
            if r < 2:
                graph.add_edge(CELLS[r * 3 + c], CELLS[(r + 1) * 3 + c])
    return graph


@functools.cache
def shared_grid() -> nx.Graph:
    """The grid every state of every game shares, built on first use (frozen, attributes
    included: ``shared_grid().copy()`` is a graph to change); also ``board.GRID``.

    >>> from tabletop.games.lava_flows import board
    >>> shared_grid() is board.GRID, board.GRID.number_of_edges()
    (True, 12)
    """
    return frozen_graph(build_grid())


def __getattr__(name: str) -> object:
    if name == "GRID":  # built on first use, so that importing the game needs no networkx
        return shared_grid()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- piece codes ----------------------------------------------------------------------------

LARGE = "WB"  # by colour
MEDIUM = "wb"  # by colour
#: ``SLOT[hider][k]``: what ``hider`` put under a Large: k = 0 white, 1 black, 2 nothing.
SLOT = (("0", "1", "2"), ("3", "4", "5"))
#: The pool letter of each slot code (``-`` for nothing), and back.
SLOT_CONTENT = {"0": "w", "1": "b", "2": "-", "3": "w", "4": "b", "5": "-"}
CONTENT_INDEX = {"w": 0, "b": 1, "-": 2}
GHOSTS = frozenset("25")
#: The most letters a stack holds: all 12 pieces and the two empty hiding places.
STACK_MOST = 12 + 2
MASK_SLOT = ("m", "n")  # an unknown hiding place of White / of Black
MASK_HIDDEN = "h"  # a hidden piece shown without its colour (memory=True)

#: The colour of each real piece code (0 white, 1 black); ghosts and masks have none.
COLOUR: dict[str, int] = {"W": 0, "w": 0, "0": 0, "3": 0, "B": 1, "b": 1, "1": 1, "4": 1}

#: Every code a stack or a view of one may hold (see the module docs).
CODES = "WBwb012345mnh"


def code_table(changes: dict[str, str | None]) -> dict[int, str | None]:
    """``str.maketrans(changes)`` with every other code mapped to itself: ``translate``
    then finds each code in the table (a code missing there costs it a ``KeyError``,
    raised and caught). The same translations, faster.

    >>> "1Wb2W".translate(code_table({"1": "b", "2": None}))
    'bWbW'
    """
    return str.maketrans({**dict(zip(CODES, CODES, strict=True)), **changes})


#: Secret Mediums become public, empty hiding places vanish (used on what is in view).
PUBLIC = code_table({"0": "w", "1": "b", "3": "w", "4": "b", "2": None, "5": None})
#: Every real piece as its public code; hiding places of nothing vanish (the true pile).
REAL = PUBLIC
#: Keep only the Larges (what anyone sees of the part of a stack under its top Large).
LARGES_ONLY = code_table({c: None for c in "wb012345mnh"})
#: memory=True: the hidden part of a stack as a viewer sees it.
HIDE_ALL = code_table({"w": "h", "b": "h", "0": "m", "1": "m", "2": "m",
                       "3": "n", "4": "n", "5": "n"})
#: memory=False: what player p's view shows (the other's hiding places masked); the third,
#: the public view's (``view("public")``, seat 2): both players' hiding places masked.
VIEW_MASK = (code_table({"3": "n", "4": "n", "5": "n"}),
             code_table({"0": "m", "1": "m", "2": "m"}),
             code_table({"0": "m", "1": "m", "2": "m", "3": "n", "4": "n", "5": "n"}))
#: What player p knows of a full stack, or of p's view of it: p's own hiding places
#: resolved (an empty one vanishes), the other's masked (the third: the public view's).
KNOWS = (code_table({"0": "w", "1": "b", "2": None, "3": "n", "4": "n", "5": "n"}),
         code_table({"0": "m", "1": "m", "2": "m", "3": "w", "4": "b", "5": None}),
         VIEW_MASK[2])  # the public view (seat 2) knows neither player's hiding places

#: A cone's two pieces, bottom to top, by owner (``-1``: no cone).
CONE_PIECES = {-1: "", 0: "Ww", 1: "Bb"}


def top_large(stack: str) -> int:
    """Index of the topmost Large in ``stack`` (``-1`` if none): everything under it that is
    not a Large is hidden. One ``rstrip`` of every other code, not two ``rfind`` calls: less
    than half the work (``rfind`` parses its arguments the slow way).

    >>> top_large("1WbBw"), top_large("wb"), top_large("W")
    (3, -1, 0)
    """
    return len(stack.rstrip(NOT_LARGE)) - 1


#: Every code but the Larges' (``top_large`` strips them off the top; the functions that run
#: once per new stack a search meets do so inline, without the call).
NOT_LARGE = "wb012345mnh"


def normalize(stack: str) -> str:
    """``stack`` with every piece in view made public, and every empty hiding place in view
    removed (a piece in view is known to both players)."""
    k = top_large(stack)
    if k < 0:
        return stack.translate(PUBLIC)
    return stack[:k] + stack[k:].translate(PUBLIC)


# --- per-stack memos: what a ply reads of a stack, computed once per stack text ------------

#: The entries Lava Flows' stack memos hold together (about 115 bytes each, so ~17 MB): every
#: ``Memo``, the hot loop's tables (``tables``), ``bubbles.BUBBLED`` and ``knowledge._WINDOWS``.
#: One budget, not a bound a table: the hot loop keeps about nine hundred tables (by options,
#: mover, lock, cell and cone), and 15,000 random games filled them with 564,000 entries
#: (72 MB) when each had a bound of its own (``benchmarks/memory.py``).
STACK_MEMOS = Bound(150_000)


class Budget:
    """The entries ``tables`` (the stack memos) have added since they were last emptied
    (``added``): whoever adds one calls ``spend`` first, which empties every table at once
    when they hold ``STACK_MEMOS.size`` entries.

    >>> budget, table = Budget(), {}
    >>> budget.share(table) is table
    True
    >>> from tabletop.core.memos import small_memos
    >>> with small_memos(2):
    ...     for key in "abc":
    ...         budget.spend()
    ...         table[key] = 1
    >>> table, budget.added
    ({'c': 1}, 1)
    """

    __slots__ = ("added", "tables")

    def __init__(self) -> None:
        self.added = 0
        self.tables: list[dict[Any, Any]] = []

    def share(self, table: D) -> D:
        """``table``, now among those this budget empties."""
        self.tables.append(table)
        return table

    def spend(self) -> None:
        """Count an entry about to be added, emptying every table first if they are full."""
        if self.added >= STACK_MEMOS.size:
            for table in self.tables:
                table.clear()
            self.added = 0
        self.added += 1


#: The budget of every stack memo of the game (static data, so emptying one costs only the
#: time to work its entries out again).
STACKS = Budget()


class Memo(dict[K, V]):
    """``compute(key)`` for each key, computed when first read (``memo[key]``) and kept: a
    hot loop's lookup costs one dict read. Static data (pure functions of the key), within
    the stack memos' shared budget (``STACKS``).

    >>> lengths = Memo(len)
    >>> lengths["wbW"], dict(lengths)
    (3, {'wbW': 3})
    """

    __slots__ = ("compute",)

    def __init__(self, compute: Callable[[K], V]) -> None:
        super().__init__()
        self.compute = compute
        STACKS.share(self)

    def __missing__(self, key: K) -> V:
        value = self.compute(key)  # worked out whole before the budget may empty the tables
        STACKS.spend()
        self[key] = value
        return value


def lifted(stack: str) -> str:
    """What stays of ``stack`` when its top piece is lifted off: made public where the
    piece was a Large that hid what lies under it.

    >>> lifted("1Ww"), lifted("1W"), lifted("wb")
    ('1W', 'b', 'w')
    """
    rest = stack[:-1]
    return normalize(rest) if stack[-1] in LARGE else rest


def cone_colour(stack: str) -> int:
    """The colour of the Cinder Cone that ``stack``'s top Large and the Medium directly on
    it make (both of one colour), ``-1`` if they make none; where it is the goal of that
    colour, the cone forms (``solidified``).

    >>> cone_colour("1WwB"), cone_colour("2Wwb"), cone_colour("Wb"), cone_colour("w")
    (-1, 0, -1, -1)
    """
    k = top_large(stack)
    return COLOUR[stack[k]] if k >= 0 and stack[k:k + 2] in ("Ww", "Bb") else -1


def solidified(stack: str) -> str:
    """What stays on a cell above the cone its stack forms (``cone_colour``): the top Large
    and its Medium become the cone, and what they hid is in view.

    >>> solidified("1Wwb"), solidified("Bb")
    ('bb', '')
    """
    k = top_large(stack)
    return normalize(stack[:k] + stack[k + 2:])


def reveal_top(stack: str, count: int) -> str:
    """``stack`` with its top ``count`` real pieces (and any empty hiding place among them)
    revealed: what an announcer sees lifting the pile apart down to the announced Oreo.

    >>> reveal_top("1W5Bw", 2), reveal_top("1W5Bw", 3), reveal_top("1W", 5)
    ('1W5Bw', '1WBw', 'bW')
    """
    i = len(stack)
    while i > 0 and count > 0:
        i -= 1
        if stack[i] not in GHOSTS:
            count -= 1
    return stack[:i] + stack[i:].translate(PUBLIC)  # an empty hiding place vanishes


def hide_all(stack: str) -> str:
    """``stack`` as a ``memory=True`` view shows it: what lies under its top Large unknown.

    >>> hide_all("1Wb2Bw"), hide_all("wb")
    ('mWhmBw', 'wb')
    """
    k = top_large(stack)
    return stack[:k].translate(HIDE_ALL) + stack[k:] if k > 0 else stack


#: ``lifted`` by stack: the hot loop's read (``cone_colour`` is read through
#: ``knowledge.STACK_FACTS``).
LIFTED: Memo[str, str] = Memo(lifted)
