"""What one cell adds to the mover's legal actions: the hot loop's memo entries, worked out
on a miss (``tables.read_cell``) from the stack's ``Shape`` — what the player may do with the stack
wherever it stands — and the ``Cell`` made from it on that cell.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.core.game import Action

from .actions import ANNOUNCED, BUBBLE_CLAIMS, BUBBLES, EJECTS
from .board import COLOUR, CONE_PIECES, NOT_LARGE, STACKS
from .knowledge import (
    COLOURS,
    DIGITS,
    digit_oreos,
    hidden_oreos,
    perspective,
    pool_uses,
    visible_depths,
)

if TYPE_CHECKING:  # (built in ``position``, from ``tables.read_cell`` among others)
    from .tables import PlayTables

#: What one cell adds to the mover's legal actions: its moves and slides by occupancy mask
#: (``PlayTables.own[c]`` or ``.slides[c]``; ``_NO_MOVES`` for neither), the actions after them,
#: and ``(tokens, cone length, pieces in view, pool_uses(tokens))`` when the Oreos the mover
#: may announce there depend on unknowns (the pools), else ``None``.
Cell = tuple[tuple[tuple[Action, ...], ...], tuple[Action, ...],
             tuple[str, int, int, int] | None]

#: No moves and no slides, whatever the occupancy mask (a ``Cell``'s moves for neither).
_NO_MOVES: tuple[tuple[Action, ...], ...] = ((),) * 512
#: The ``Cell`` of a cone alone: nothing to do there.
_CONE_ALONE: Cell = (_NO_MOVES, (), None)


#: ``tables.read_cell`` for one memo, its arguments but the stack and the options bound:
#: ``reader(stack, play)``.
Reader = Callable[[str, "PlayTables"], Cell]


def cell_reader(memo: dict[str, Cell], c: int, cone: int, player: int, locked: bool,
                shapes: dict[str, Shape], theirs: dict[str, Shape],
                entries: dict[Shape, Cell]) -> Reader:
    """The reader that fills ``memo`` (cell ``c`` over ``cone``, ``player`` to move, ``locked``
    if the lock) on a miss: ``shapes`` and ``theirs`` are ``player``'s and the other's
    ``_shape`` memos for that cone, ``entries`` the ``Cell`` memo of that cell and lock-ness.
    A search meets new stacks all the time, so a miss is kept cheap: bound once per memo
    (``position``'s tables), the reader looks none of those tables up, and the stack's
    ``Shape`` and the entry made from it are memoised as well."""
    def read(stack: str, play: PlayTables) -> Cell:
        spend = STACKS.spend  # (each entry counted before it is added: ``spend`` may empty
        if not stack:  # every table, this reader's own included)
            spend()
            memo[stack] = _CONE_ALONE
            return _CONE_ALONE
        shape = shapes.get(stack)
        if shape is None:
            shape = _shape(stack, cone, player, play.top_only, play.memory)
            spend()
            shapes[stack] = shape
            if not stack.strip("WBwb"):  # public pieces only: the other reads it alike
                spend()
                theirs[stack] = (not shape[0], *shape[1:])
        entry = entries.get(shape)
        if entry is None:
            entry = _entry(shape, c, locked, play)
            spend()
            entries[shape] = entry
        spend()
        memo[stack] = entry
        return entry

    return read


def _entry(shape: Shape, c: int, locked: bool, play: PlayTables) -> Cell:
    """The ``Cell`` of a stack with this ``shape`` on cell ``c`` (``locked``: the lock)."""
    mine, bubble, depths, hidden, unknowns = shape
    after: list[Action] = []
    if bubble and not locked:
        after.extend(BUBBLE_CLAIMS[c] if bubble == 2 else (BUBBLES[c],))
    ejects = EJECTS[c]
    for depth in depths:
        after.extend(ejects[depth])
    for depth, middle in hidden:
        after.extend(ANNOUNCED[c, depth, middle])
    moves = play.own[c] if mine else play.slides[c] if play.onto else _NO_MOVES
    return moves, tuple(after), unknowns


#: ``DIGITS`` as player 0 / player 1 reads a stack: the codes they cannot see into
#: (the other's hiding places, ``m n h``) become ``?``, so that one ``translate`` both
#: finds whether the player knows every piece and gives the true pile's colours.
_KNOWN_DIGITS = tuple({**DIGITS, **{ord(code): "?" for code in unseen}}
                      for unseen in ("345mnh", "012mnh"))

#: What ``_shape`` finds: whether the top piece is the player's; the bubble the stack takes
#: (0 none, 1 plain, 2 with a claim); the depths of the Oreos in view; the Oreos below the
#: top Large the player knows of; the unknowns, as ``Cell`` has them.
Shape = tuple[bool, int, tuple[int, ...], tuple[tuple[int, str], ...],
              tuple[str, int, int, int] | None]


def _shape(stack: str, cone: int, player: int, top_only: bool, memory: bool) -> Shape:
    """What ``player`` may do with ``stack`` (non-empty) over ``cone``, wherever it stands
    (``tables.read_cell`` turns it into the actions of one cell). For a stack of public pieces only
    (``W B w b``) both players' answers differ only in whether the top piece is theirs.

    >>> _shape("1WwbW", -1, 0, False, False), _shape("4WwbW", -1, 0, False, False)
    ((True, 2, (), ((1, 'b'),), None), (True, 2, (), (), ('n0010', 0, 1, 2)))
    """
    n = len(stack)
    k = len(stack.rstrip(NOT_LARGE)) - 1  # ``top_large``
    mine = COLOUR[stack[-1]] == player
    if k < 0:  # no Large: everything is in view, the cone's pieces too
        depths = (visible_depths(CONE_PIECES[cone] + stack, 2, top_only) if cone >= 0
                  else visible_depths(stack, 0, top_only) if n > 2 else ())
        return mine, 1 if n > 1 else 0, depths, (), None  # a lone piece bubbles onto itself [I]
    bubble = 2 if n > 1 else 0
    visible = n - k
    depths = visible_depths(stack[k:], 0, top_only) if visible > 2 else ()
    if cone < 0 and (k == 0 or n < 3):
        return mine, bubble, depths, (), None
    # Oreos reaching below the top Large: announced, as far as the player can know
    under = CONE_PIECES[cone]
    if not memory:
        digits = (under + stack).translate(_KNOWN_DIGITS[player])
        if "?" not in digits:  # the player knows every piece (their own hiding places)
            hidden = digit_oreos(digits, len(under), visible, top_only)
            return mine, bubble, depths, hidden, None
    tokens = perspective(stack, cone, player, memory)
    uses = pool_uses(tokens)
    if uses:  # by colours, for ``oreo_claims``' cache (and fewer distinct shapes)
        return mine, bubble, depths, (), (tokens.translate(COLOURS), len(under), visible, uses)
    return mine, bubble, depths, hidden_oreos(tokens, len(under), visible, top_only), None
