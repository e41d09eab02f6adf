"""``check_repr_sizes`` (in ``check_abuse``): reprs a debugger can read. The four games and a
long sound toy pass; a toy whose state's repr grows by a board's worth a ply fails."""

import pytest
from broken_longgames import LongNim
from broken_reprs import DrawnOutNim

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.reprs import PER_PLY, check_repr_sizes


@pytest.mark.parametrize(("name", "players"), [("lacuna", 2), ("lascaux", 5), ("lava-flows", 2),
                                               ("landlock", 4)])
def test_every_game_keeps_its_reprs_readable(name, players):
    check_repr_sizes(tabletop.load(name, players=players), range(3))


def test_a_long_game_of_lava_flows_grows_by_less_than_the_bound():
    check_repr_sizes(tabletop.load("lava-flows", ply_cap=5000), range(2))


def test_a_sound_long_toy_passes(registered):
    check_repr_sizes(registered(LongNim, pile=600), range(2))


def test_a_repr_growing_by_a_board_a_ply_is_caught(registered):
    with pytest.raises(ConformanceError, match=rf"repr is .* more than at the start "
                                               rf"\(at most {PER_PLY} a ply"):
        check_repr_sizes(registered(DrawnOutNim), range(1))
