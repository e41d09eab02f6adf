"""Lava Flows' shortcuts for speed give what the plain rules give: a stored
``current_player``, and the per-cell memo of the legal actions."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.core.position import evolve
from tabletop.core.testing import random_states
from tabletop.games.lava_flows.position import whose_turn

OPTIONS = [{}, {"memory": True}, {"slide": "empty", "oreo": "top"}, {"ply_cap": 12}]


def _plain_turn(position):
    return whose_turn(position.phase, position.to_move, position.outcome)


@pytest.mark.parametrize("options", OPTIONS)
def test_stored_current_player_is_whose_turn(options):
    """In states, views and determinizations, along random games and the search's raw
    rollouts (``_apply`` without ``apply``), from setup to the end."""
    game = tabletop.load("lava-flows", **options)
    rng = random.Random(5)
    for _, state in random_states(game, range(4), setup="decide"):
        assert state.current_player == _plain_turn(state)
        assert state.is_terminal == (state.current_player is None)
        for player in (0, 1):
            view = state.view(player)
            assert view.current_player == _plain_turn(view)
            if not state.is_terminal:
                sample = view.determinize(rng)
                assert sample.current_player == _plain_turn(sample)
                for _ in range(6):
                    if sample.current_player is None:
                        break
                    legal = sample._legal_actions()
                    sample = sample._apply(legal[int(rng.random() * len(legal))])
                    assert sample.current_player == _plain_turn(sample)


def test_positions_for_tests_store_current_player():
    game = tabletop.load("lava-flows")
    won = game.position({"c3": "W w"}, cones={"a3": 0, "b3": 0}, to_move="black")
    assert won.outcome == "win" and won.current_player is None
    going = game.position({"a1": "W"}, to_move="black")
    assert going.current_player == 1 == _plain_turn(going)
    assert evolve(going) == going and evolve(going).current_player == 1
