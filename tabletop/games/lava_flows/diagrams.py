"""Positions written as diagrams, for tests and notebooks: each cell's stack as text,
bottom to top (``"[b:W] W"``: a black Medium White hid, under a white Large), read into the
piece codes of ``board``, and checked for the pieces a game holds.

>>> read_cells({"a1": "[b:W] W", "b2": "w b"}, {"c3": "white"})[0][:5]
['1W', '', '', '', 'wb']
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop.core.errors import InvalidOption
from tabletop.core.quoting import counted, either

from .board import CELLS, CONE_PIECES, GOAL_CELLS, INDEX, NAMES, PUBLIC, SLOT_CONTENT


def read_cells(cells: Mapping[str, str], cones: Mapping[str, int | str]
               ) -> tuple[list[str], list[int]]:
    """The stacks (piece codes) and cone owners a diagram describes; ``InvalidOption`` for
    a cell, piece or player that does not exist, more pieces than the game has, or pieces
    where the rules can never put them (a cone outside its owner's goal row, a hiding place
    under another Large than its hider's).

    >>> read_cells({}, {"a1": "white"})
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidOption: cones={'a1': 'white'}: a Cinder Cone forms only in its \
owner's goal row, and White's is a3, b3, c3
    """
    stacks = ["" for _ in range(9)]
    written: dict[int, tuple[str, int]] = {}  # cones written in the cells, as '{W w}'
    for name, text in cells.items():
        if not isinstance(text, str):
            raise InvalidOption(f"cells={{{name!r}: {text!r:.40}}}: a cell's stack is a text of "
                                f"pieces bottom to top, like 'W b' or '[b:W]'")
        i = _once(name, cells, "cells")
        cone, text = cone_written(name, text)
        if cone is not None:
            written[i] = (f"cells={{{name!r}: ...}}", cone)
        stacks[i] = "".join(piece_code(t) for t in text.split())
        check_hiding_places(name, text)
    for name, owner in cones.items():
        i, who = _once(name, cones, "cones"), player_of(owner)
        if i in written and written[i][1] != who:
            raise InvalidOption(f"cones={{{name!r}: {owner!r}}} disagrees with the cone written "
                                f"in cells ({written[i][0]} starts with "
                                f"{{{' '.join(CONE_PIECES[written[i][1]])}}}): give it once")
        written[i] = (f"cones={{{name!r}: {owner!r}}}", who)
    cone_list = [-1] * 9
    for i, (given, who) in written.items():
        if i not in GOAL_CELLS[who]:
            goal = ", ".join(CELLS[j] for j in GOAL_CELLS[who])
            raise InvalidOption(f"{given}: a Cinder Cone forms only in its owner's goal row, "
                                f"and {NAMES[who]}'s is {goal}")
        cone_list[i] = who
    check_material(stacks, cone_list)
    return stacks, cone_list


def _once(name: str, given: Mapping[str, object], argument: str) -> int:
    """The cell ``name`` names; ``InvalidOption`` if ``given`` names it twice (``"a1"`` and
    ``"A1"``), which would silently keep only one."""
    i = cell_of(name)
    names = [key for key in given if cell_of(key) == i]
    if len(names) > 1:
        twice = ", ".join(map(repr, names))
        raise InvalidOption(f"{argument} names cell {CELLS[i]} twice ({twice}): give each "
                            f"cell once")
    return i


def cell_of(name: str) -> int:
    try:
        return INDEX[name.strip().lower()]
    except (KeyError, AttributeError):
        raise InvalidOption(f"{name!r} is not a cell; cells are a1 … c3") from None


def player_of(who: int | str) -> int:
    if who in (0, 1) and not isinstance(who, bool):
        return int(who)
    if isinstance(who, str) and who.lower() in ("white", "black"):
        return ("white", "black").index(who.lower())
    raise InvalidOption(f"{who!r} is not a player: use 0 / 'white' or 1 / 'black'")


def lock_cell(lock: str | None, stacks: list[str], cones: list[int]) -> int:
    """The cell the lock names (``-1``: none): the cell of the last Bubble Up, which holds a
    stack, or a Cinder Cone (the Bubble Up that formed it sank every piece of the stack into
    it, and the lock stays on its cell, as in play).

    >>> lock_cell("b2", ["W"] + [""] * 8, [-1] * 9)
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidOption: lock='b2': the lock is on the cell of the last \
Bubble Up, and b2 holds no stack and no Cinder Cone
    >>> lock_cell("a1", [""] * 9, [1] + [-1] * 8)
    0
    """
    if lock is None:
        return -1
    i = cell_of(lock)
    if not stacks[i] and cones[i] < 0:
        raise InvalidOption(f"lock={lock!r}: the lock is on the cell of the last Bubble Up, "
                            f"and {CELLS[i]} holds no stack and no Cinder Cone")
    return i


def first_player(to_move: int, first: int | str | None, plies: int) -> int:
    """Who moved first, given who moves after ``plies`` plies of play: players alternate,
    so ``first`` (if given) must agree.

    >>> first_player(1, None, 3)
    0
    >>> first_player(1, "black", 3)
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidOption: first='black' cannot be: after 3 plies of play with \
black to move, white moved first (players alternate)
    """
    implied = to_move if plies % 2 == 0 else 1 - to_move
    if first is not None and player_of(first) != implied:
        raise InvalidOption(f"first={first!r} cannot be: after "
                            f"{counted(plies, 'ply', 'plies')} of play with "
                            f"{('white', 'black')[to_move]} to move, "
                            f"{('white', 'black')[implied]} moved first (players alternate)")
    return implied


_PIECE_CODES = {
    "W": "W", "B": "B", "w": "w", "b": "b", "(w)": "w", "(b)": "b",
    "[w:W]": "0", "[b:W]": "1", "[-:W]": "2", "[w:B]": "3", "[b:B]": "4", "[-:B]": "5",
}


def cone_written(name: str, text: str) -> tuple[int | None, str]:
    """The owner of the Cinder Cone a cell's text starts with (``{W w}``, as the state's text
    writes it; ``None``: no cone) and the rest of the text.

    >>> cone_written("a3", "{W w} B b")
    (0, ' B b')
    >>> cone_written("a3", "{B w}")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidOption: cells={'a3': '{B w}'}: '{B w}' is no Cinder Cone: a \
cone is a Large with a Medium of its colour, written first, '{W w}' (White's) or '{B b}' (Black's)
    """
    body = text.lstrip()
    if not body.startswith("{"):
        return None, text
    end = body.find("}")
    group = body[:end + 1] if end >= 0 else body
    inside = " ".join(group.strip("{}").split())
    owner = next((p for p, pieces in CONE_PIECES.items() if p >= 0 and inside == " ".join(pieces)),
                 None)
    if owner is None or end < 0:
        raise InvalidOption(f"cells={{{name!r}: {text!r:.40}}}: {group!r:.20} is no Cinder Cone: "
                            "a cone is a Large with a Medium of its colour, written first, "
                            "'{W w}' (White's) or '{B b}' (Black's)")
    return owner, body[end + 1:]


#: Marks a view writes for what its player cannot tell; a position states every piece.
_VIEW_ONLY = ("(?)", "[?:W]", "[?:B]")


def piece_code(token: str) -> str:
    try:
        return _PIECE_CODES[token]
    except KeyError:
        if token in _VIEW_ONLY:
            raise InvalidOption(f"{token!r} is how a view shows a piece its player cannot tell; "
                                f"a position says what every piece is: write one of "
                                f"{either(_PIECE_CODES, repr)}") from None
        if "{" in token or "}" in token:
            raise InvalidOption(f"{token!r}: a Cinder Cone is written at the bottom of its "
                                "cell, '{W w}' (White's) or '{B b}' (Black's)") from None
        raise InvalidOption(f"{token!r} is not a piece; write one of "
                            f"{either(_PIECE_CODES, repr)}") from None


def check_hiding_places(name: str, text: str) -> None:
    """``InvalidOption`` if a hiding place (``[b:W]``) in ``text`` has a Large above it but
    not its hider's Large directly above: a player hides a Medium under one of their own
    Larges, and it stays right under it until it is revealed. (With no Large above, the
    piece is in view, and read as known to both.)

    >>> check_hiding_places("a1", "[b:B] W")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidOption: a1 '[b:B] W': a hiding place sits directly under its \
hider's Large ('[b:B] B'), never under another piece
    """
    tokens = text.split()
    for k, token in enumerate(tokens):
        if token.startswith("[") and any(t in ("W", "B") for t in tokens[k + 1:]):
            large = token[-2]
            if tokens[k + 1] != large:
                raise InvalidOption(f"{name} {text!r}: a hiding place sits directly under "
                                    f"its hider's Large ('{token} {large}'), never under "
                                    f"another piece")


def check_material(stacks: list[str], cones: list[int]) -> None:
    pieces = "".join(stacks).translate(PUBLIC) + "".join(CONE_PIECES[c] for c in cones)
    for code, what in (("W", "white Large"), ("B", "black Large"), ("w", "white Medium"),
                       ("b", "black Medium")):
        if pieces.count(code) > 3:
            raise InvalidOption(f"a position holds at most 3 of each piece, not "
                                f"{pieces.count(code)} {what}s")
    joined = "".join(stacks)
    for code in SLOT_CONTENT:
        if joined.count(code) > 1:
            raise InvalidOption("each player hides at most one black Medium, one white Medium "
                                "and one nothing")


