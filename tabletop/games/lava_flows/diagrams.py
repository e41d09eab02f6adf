"""Positions written as diagrams, for tests and notebooks: each cell's stack as text,
bottom to top (``"[b:W] W"``: a black Medium White hid, under a white Large), read into the
piece codes of ``board``, and checked for the pieces a game holds.

>>> read_cells({"a1": "[b:W] W", "b2": "w b"}, {"c3": "white"})[0][:5]
['1W', '', '', '', 'wb']
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop.core.errors import InvalidOption

from .board import CONE_PIECES, INDEX, PUBLIC, SLOT_CONTENT


def read_cells(cells: Mapping[str, str], cones: Mapping[str, int | str]
               ) -> tuple[list[str], list[int]]:
    """The stacks (piece codes) and cone owners a diagram describes; ``InvalidOption`` for
    a cell, piece or player that does not exist, or more pieces than the game has."""
    stacks = ["" for _ in range(9)]
    for name, text in cells.items():
        stacks[cell_of(name)] = "".join(piece_code(t) for t in text.split())
    cone_list = [-1] * 9
    for name, owner in cones.items():
        cone_list[cell_of(name)] = player_of(owner)
    check_material(stacks, cone_list)
    return stacks, cone_list


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
        raise InvalidOption(f"first={first!r} cannot be: after {plies} plies of play with "
                            f"{('white', 'black')[to_move]} to move, "
                            f"{('white', 'black')[implied]} moved first (players alternate)")
    return implied


_PIECE_CODES = {
    "W": "W", "B": "B", "w": "w", "b": "b", "(w)": "w", "(b)": "b",
    "[w:W]": "0", "[b:W]": "1", "[-:W]": "2", "[w:B]": "3", "[b:B]": "4", "[-:B]": "5",
}


def piece_code(token: str) -> str:
    try:
        return _PIECE_CODES[token]
    except KeyError:
        known = " ".join(_PIECE_CODES)
        raise InvalidOption(f"{token!r} is not a piece; write one of {known}") from None


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


