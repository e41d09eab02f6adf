"""Rules audit 33, The Legend of Landlock: what ``game.position(...)`` may be told about the
points so far and the tile in hand, checked against the box and the bridge rules."""

import pytest

import tabletop


@pytest.fixture(scope="module")
def game():
    return tabletop.load("landlock")


@pytest.mark.parametrize("points", [(4, 0), (2, 2), (0, 5)])
def test_tussock_points_beyond_the_three_tussocks_are_refused(game, points):
    """``tussocks=(5, 0)`` was taken: 5 points for turning over tussocks, of which the box
    holds 3."""
    with pytest.raises(ValueError, match=r"tussocks .* more than the box allows: 3 points"):
        game.position(["f6 path r0"], tussocks=points)
    assert game.position(["f6 path r0"], tussocks=(2, 1)).scores == (2, 1)


def test_gnome_points_beyond_the_twelve_gnomes_are_refused():
    placed = tabletop.load("landlock", gnomes="placed")
    with pytest.raises(ValueError, match=r"gnome_bonus .* more than the box allows: 12"):
        placed.position(["f6 path r0"], gnome_bonus=(7, 6))
    assert placed.position(["f6 path r0"], gnome_bonus=(6, 6)).scores == (6, 6)


@pytest.mark.parametrize("tile", ["bridge", "tussock"])
def test_a_pending_tile_a_bridge_cannot_remove_is_refused(game, tile):
    """A bridge removes neither a bridge nor a tussock, so neither can be the removed tile
    the next player must place; ``pending=True`` with one in hand was taken (and a pending
    bridge then removed another tile)."""
    with pytest.raises(ValueError, match=f"a {tile} can't be removed by a bridge"):
        game.position(["f6 path r0"], tile=tile, pending=True)
    assert game.position(["f6 path r0"], tile="stream", pending=True).pending


@pytest.mark.parametrize("gnomes", ["end", "placed"])
def test_the_breakdown_adds_up_to_the_scores_with_gnome_points_given(gnomes):
    """Under ``gnomes="end"`` a builder's ``gnome_bonus`` counted in ``scores`` but had no
    row in the breakdown: the breakdown totalled (0, 0) beside scores of (2, 0)."""
    g = tabletop.load("landlock", gnomes=gnomes)
    s = g.position(["f6 path r0"], gnome_bonus=(2, 0), tussocks=(0, 1))
    assert s.scores == (2, 1)
    assert s.score_breakdown().totals == s.scores
    # the end of a random game (seed 1), as board_text() shows it
    rows = ["S\\  T*  S\\  P\\  S\\  S/", "P\\7 S\\  P\\  P/  P\\7 S\\",
            "S\\  S/9 S\\  B\\  P/1 S/9", "T*  P/  S/  T*  B\\  P/3",
            "S\\9 P\\  P/3 P\\  S\\9 S/1", "P\\  P/  S/  S\\9 S/  P/"]
    end = g.position(rows=rows, top_left="c4", gnome_bonus=(0, 1))
    assert end.is_terminal
    assert end.score_breakdown().totals == end.scores
