"""Lava Flows positions written by hand, as a teacher copies them from a printed state.

The rules page's text notation (D3) writes a Cinder Cone as ``{W w}``; ``print(state)`` and
``state.stack_text(cell)`` write it so, and ``game.position`` reads it back. A refused Bubble
Up names what no claim mends (an empty cell, a lone piece) before asking for a claim.
"""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop import InvalidOption
from tabletop.games.lava_flows.board import CELLS
from tabletop.teaching import why_not


def _board(state) -> list[str]:
    """The header and the three rows of the state's text (not the announcements)."""
    return str(state).splitlines()[:5]


def _rebuilt(game, state):
    """The state built from its own text, as a teacher copies it from ``print(state)``."""
    cells = {c: state.stack_text(c) for c in CELLS if state.stack_text(c)}
    lock = CELLS[state.lock] if state.lock >= 0 else None
    return game.position(cells, to_move=state.to_move, plies=state.plies, lock=lock,
                         first=state.first)


@pytest.mark.parametrize("seed", range(4))
def test_a_printed_position_builds_the_same_position(seed: int) -> None:
    """Every cell's text, cones included (``{W w}``), builds the position it came from: the
    same board, the same legal moves, the same pictures but for the announcements."""
    game = tabletop.load("lava-flows")
    state, rng = game.new(seed=seed), random.Random(seed)
    while not state.is_terminal and state.plies <= 60:
        state = state.apply(rng.choice(state.legal_actions()))
        if state.phase < 2 or (state.is_terminal and not state.winners):
            continue  # the Mediums are arranged by play; a repetition is history, not a board
        built = _rebuilt(game, state)
        assert _board(built) == _board(state)
        assert built.cones == state.cones
        assert built.legal_actions() == state.legal_actions()
        assert built.is_terminal == state.is_terminal


def test_a_cone_written_in_the_cell_is_a_cone() -> None:
    game = tabletop.load("lava-flows")
    written = game.position({"a3": "{W w} B b", "b3": "{W w}"}, to_move=1, plies=5)
    given = game.position({"a3": "B b"}, cones={"a3": 0, "b3": "white"}, to_move=1, plies=5)
    assert written.cones == given.cones and _board(written) == _board(given)
    assert written.stack_text("a3") == "{W w} B b"
    assert _board(game.position({"a3": "{W w}"}, cones={"a3": 0})) == _board(
        game.position({}, cones={"a3": 0}))  # the same cone given twice is one cone


@pytest.mark.parametrize("cells, cones, words", [
    ({"a3": "{B w}"}, {}, "'{B w}' is no Cinder Cone"),
    ({"a3": "{W w"}, {}, "is no Cinder Cone"),
    ({"a3": "B {W w}"}, {}, "written at the bottom of its cell"),
    ({"a1": "{W w}"}, {}, "forms only in its owner's goal row, and White's is a3, b3, c3"),
    ({"a3": "{W w}"}, {"a3": "black"}, "disagrees with the cone written in cells"),
    ({"a3": "{W w} W w W w W"}, {}, "at most 3 of each piece"),
    ({"a1": "[?:W] W"}, {}, "how a view shows a piece its player cannot tell"),
    ({"a1": "(?) W"}, {}, "how a view shows a piece"),
])
def test_what_no_position_holds_is_refused_saying_why(cells, cones, words) -> None:
    with pytest.raises(InvalidOption, match=words.replace("{", r"\{").replace("?", r"\?")):
        tabletop.load("lava-flows").position(cells, cones=cones)


def test_a_refused_bubble_up_names_what_no_claim_mends() -> None:
    """Before: on an empty cell 'bubble c1 claim black' was told to drop the claim, and on a
    lone Large 'bubble c2' was told to add one; either way the next try was refused again."""
    state = tabletop.load("lava-flows").position(
        {"a3": "W w", "b3": "W", "b2": "w", "a1": "[b:B] B", "c2": "W"}, plies=8)
    assert why_not(state, "bubble c1 claim black").endswith("(c1 is empty)")
    assert why_not(state, "bubble c1").endswith("(c1 is empty)")
    assert "only a cone is on a3" in why_not(state, "bubble a3 claim white")
    for move in ("bubble c2", "bubble c2 claim black", "bubble b2 claim white"):
        assert "needs at least two pieces" in why_not(state, move)
    # a stack that can bubble still hears about its claim
    assert "claim black, white or nothing" in why_not(state, "bubble a1")
