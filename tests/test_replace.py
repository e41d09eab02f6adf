"""``dataclasses.replace`` on states and views (``core/testing/replacing.py``, and
``core.derived.derived``): a position made by it answers as its fields say, in every game;
a field kept for speed and carried over by ``replace`` is caught."""

import dataclasses

import pytest
from broken_derived import DerivedNim, StaleNim

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.common import random_playout
from tabletop.core.testing.replacing import check_replace


@pytest.mark.parametrize("name, players", [(name, players) for name in tabletop.games()
                                           for players in tabletop.load(name).player_counts])
def test_every_game_answers_as_its_fields_say_after_replace(name, players):
    check_replace(tabletop.load(name, players=players), seeds=range(3))


def test_a_field_carried_over_by_replace_is_caught(registered):
    with pytest.raises(ConformanceError, match=r"answers legal_actions\(\) with .* "
                                               r"uncompared: takes_open; declare it derived"):
        check_replace(registered(StaleNim), seeds=range(3))


def test_a_derived_field_is_worked_out_again(registered):
    game = registered(DerivedNim)
    check_replace(game, seeds=range(3))
    state = game.new(seed=1)
    assert dataclasses.replace(state, pile=1).takes_open == (1,)
    with pytest.raises(ValueError, match="init=False"):  # not an argument: worked out
        dataclasses.replace(state, takes_open=(2,))


@pytest.mark.parametrize("name", ["lacuna", "lava-flows", "landlock"])
def test_a_what_if_by_replace_takes_the_turn_and_moves_from_its_fields(name):
    # the user's what-if: a late position of one game put into an early one of another
    early = list(random_playout(tabletop.load(name), seed=1))[3]
    late = list(random_playout(tabletop.load(name), seed=2))[-8]
    tuple(early.legal_actions())  # its memos filled
    values = {f.name: getattr(late, f.name) for f in dataclasses.fields(late)
              if f.init and f.compare}
    made = dataclasses.replace(early, **values)
    assert made == late and made.current_player == late.current_player
    assert tuple(made.legal_actions()) == tuple(late.legal_actions())
    assert made.view(0) == late.view(0)
