"""Round 32's probe of the games' surfaces: a hand-built ``last`` in every picture."""

import numpy as np
import pytest
from broken_gameprobe import MarkingNim
from toygame import SecretNim

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.gameprobe import check_drawn_last
from tabletop.games.lacuna.actions import Place as LacunaPlace
from tabletop.games.lacuna.actions import PlaceFree as LacunaPlaceFree
from tabletop.games.landlock.actions import Bridge, Place
from tabletop.games.lava_flows.actions import Bubble, Eject, Move, Slide


def test_the_check_is_part_of_the_abuse_suite():
    assert check_drawn_last in CHECKS


def test_a_sound_toy_passes(registered):
    check_drawn_last(registered(SecretNim), seeds=range(2))


def test_a_renderer_indexing_a_table_with_last_is_caught(registered):
    with pytest.raises(ConformanceError, match=r"drawing the state with last=Take\(count=\d+\) "
                                               r"raised IndexError"):
        check_drawn_last(registered(MarkingNim), seeds=range(2))


@pytest.mark.parametrize("name, last", [
    ("landlock", Place(cell=1_000_000, rot=0)),
    ("landlock", Place(cell=-1, rot=0)),
    ("landlock", Bridge(cell=2**70)),
    ("lava-flows", Move(src="z1", dst="a1")),
    ("lava-flows", Slide(src="a1", dst="")),
    ("lava-flows", Eject(cell="a9", depth=1, dst="a1", claim="bwb")),
    ("lava-flows", Bubble(cell="c4")),
    ("lacuna", LacunaPlace(-1, 11, 512)),
    ("lacuna", LacunaPlace(0, 99, 512)),
])
def test_a_last_naming_nothing_on_the_board_is_left_unmarked(name, last):
    """It was an IndexError or KeyError from the renderer's tables (Lacuna's negative
    flower a ValueError about ``flower_xy``)."""
    state = tabletop.load(name).new(seed=1)
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    unmarked = LacunaPlaceFree(0, 0) if name == "lacuna" else None  # Lacuna rings the pawn
    for subject in (state, state.view(0), state.view(1)):
        assert subject.svg(last=last) == subject.svg(last=unmarked)


@pytest.mark.parametrize("name, last, field", [
    ("landlock", Place(cell="f6", rot=0), "cell"),
    ("lava-flows", Move(src=3, dst="a1"), "src"),
    ("lacuna", LacunaPlace(0, 1, 0.5), "k"),
])
def test_a_last_with_a_field_of_the_wrong_type_is_refused(name, last, field):
    state = tabletop.load(name).new(seed=1)
    with pytest.raises(TypeError, match=rf"last should be a well-formed action of {name}; "
                                        rf".*field '{field}' should be"):
        state.svg(last=last)


# --- hand-built positions that no game reaches -----------------------------------------------
@pytest.mark.parametrize("options", [
    {"land": None, "pending": True},
    {"tiles": ["f6 path r0"], "pile": [], "pending": True},
])
def test_landlock_refuses_a_pending_bridge_tile_with_no_tile_in_hand(options):
    """It was accepted, and ``pending`` showed in the observation tensor of a start or
    finished position (two positions the rules cannot tell apart, told apart)."""
    with pytest.raises(ValueError, match="no tile is in hand"):
        tabletop.load("landlock").position(**options)
    assert tabletop.load("landlock").position(["f6 path r0"], tile="stream",
                                              pending=True).pending


@pytest.mark.parametrize("round_number", [0, -3])
def test_lascaux_refuses_a_round_before_the_first(round_number):
    with pytest.raises(tabletop.InvalidOption, match="round_number counts the rounds from 1"):
        tabletop.load("lascaux").position(round_number=round_number)


FLOWERS = [(-0.5, 0, "red"), (0.5, 0, "red"), (0, 0, "blue")]


@pytest.mark.parametrize("options, message", [
    ({"pawns": [(0.1, 0.1, 1.0)]}, r"pawn 0's owner must be 0 or 1, not 1.0"),
    ({"pawns": [(0.1, 0.1, True)]}, r"pawn 0's owner must be 0 or 1, not True"),
    ({"collected": [[True], []]}, r"collected flowers are ids 0..2, not True"),
    ({"collected": [[1.5], []]}, r"collected flowers are ids 0..2, not 1.5"),
    ({"collected": [[0], [], [1]]}, r"collected must be two lists of flower ids"),
    ({"collected": [[0], [0]]}, r"collected flower 0 is listed twice"),
])
def test_lacuna_position_reads_each_pawn_owner_and_collected_flower_as_a_whole_number(
        options, message):
    """An owner of 1.0 was kept, and drawing the position raised "tuple indices must be
    integers"; True was kept as a bool; a third list of collected flowers was ignored."""
    with pytest.raises(ValueError, match=message):
        tabletop.load("lacuna").position(FLOWERS, **options)


def test_lacuna_position_takes_numpy_whole_numbers_as_plain_ones():
    state = tabletop.load("lacuna").position(FLOWERS, pawns=[(0.1, 0.1, np.int64(1))],
                                             collected=[[np.int64(2)], []])
    assert type(state.pawns[0][2]) is int and state.collected == (4, 0)
    assert "<svg" in state.svg()


@pytest.mark.parametrize("stones", [[1.0, 2, 3], [True, 2, 3], [-1, 2, 3]])
def test_lascaux_position_reads_stones_as_whole_numbers(stones):
    """1.0 and True were kept: the state's stones and scores were floats and bools."""
    with pytest.raises(tabletop.InvalidOption, match="stones are whole numbers 0..999"):
        tabletop.load("lascaux").position(stones=stones)
    assert tabletop.load("lascaux").position(stones=[np.int64(3), 2, 3]).stones == (3, 2, 3)
