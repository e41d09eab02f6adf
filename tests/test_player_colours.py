"""The dots beside the players' names in the widget are the colours of their pieces where a
game's pieces have colours (Lacuna's gold and silver pawns, Lava Flows' white and black
pieces: ``Game.player_colours``), and the widget's palette of distinct colours elsewhere."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.core.testing import playout
from tabletop.widgets import panels

GAMES = [("lacuna", 2), ("lava-flows", 2), ("landlock", 4), ("lascaux", 5)]


def _fills(scene) -> set[str]:
    return {shape.style.fill for shape in scene.shapes}


@pytest.mark.parametrize("name,players", GAMES)
def test_the_turn_and_score_dots_are_the_players_colours(name, players):
    game = tabletop.load(name, players=players)
    expected = game.player_colours or panels.PALETTE[:players]
    assert len(expected) >= players
    widget = tabletop.play(game, seed=3)
    try:
        state = playout(widget.state, random.Random(3), plies=4)
        for action in state.history[len(widget.state.history):]:
            widget.play(action)
        p = widget.state.current_player
        assert f"background:{expected[p]}" in widget.turn_html.value
        scores = widget.scores_html.value
        if "tt-total" in scores:
            for colour in expected[:players]:
                assert f"background:{colour}" in scores
    finally:
        widget.close()


@pytest.mark.parametrize("name", ["lacuna", "lava-flows"])
def test_a_games_declared_colours_are_its_pieces_colours(name):
    game = tabletop.load(name)
    state = playout(game.new(seed=5, setup="random"), random.Random(5), plies=8)
    fills = _fills(state.scene())
    assert set(game.player_colours) <= fills, (game.player_colours, sorted(map(str, fills)))


def test_games_without_colours_get_the_palette():
    assert panels.player_colours((), 4) == panels.PALETTE[:4]
    assert panels.player_colours(("#000000",), 2) == panels.PALETTE[:2]  # too few declared
