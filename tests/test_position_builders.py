"""Each game's ``position(...)`` builder under wrong arguments (``core/builders.py``): a
``ValueError`` naming the call and the argument, never an ``AttributeError`` or ``TypeError``
from the builder's insides."""

import gc

import numpy as np
import pytest
from broken_builders import DividingTakeAway
from toygame import TakeAway

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.builders import check_position_builder


@pytest.mark.parametrize("name", tabletop.games())
def test_a_wrong_argument_to_position_gets_a_value_error_naming_it(name):
    check_position_builder(tabletop.load(name))


def test_the_check_passes_a_sound_toy_and_catches_a_builder_that_divides_by_its_pile(
        registered):
    check_position_builder(registered(TakeAway))
    with pytest.raises(ConformanceError, match=r"position\(pile=0\)\: raised ZeroDivisionError"):
        check_position_builder(registered(DividingTakeAway))


def test_the_argument_and_its_kinds_are_named(registered):
    from broken_games35b_builders import LiteralTakeAway

    with pytest.raises(ValueError, match=r"Landlock\.position: tile should be str or None, "
                                         r"not \{'a1': 5\}"):
        tabletop.load("landlock").position(tile={"a1": 5})
    with pytest.raises(ValueError, match=r"^a tile kind is a name, a code or a number 0 \.\. 7 "
                                         r"\(like 'path', 'SL' or 3\), not None$"):
        tabletop.load("landlock").position(pile=[None])  # (was the fallback below)
    with pytest.raises(ValueError, match=r"LiteralTakeAway\.position could not read its "
                                         r"arguments: TypeError: int\(\) argument must be"):
        registered(LiteralTakeAway).position([])
    with pytest.raises(TypeError, match=r"LavaFlows\.position\(\) missing a required argument"):
        tabletop.load("lava-flows").position(plies=3)


def test_a_sequence_is_taken_where_the_builder_reads_one():
    landlock = tabletop.load("landlock")
    rows = landlock.position(rows=("P S", "S P7"), top_left="f6", tile="stream")
    assert rows == landlock.position(rows=["P S", "S P7"], top_left="f6", tile="stream")
    lacuna = tabletop.load("lacuna")
    flowers = [(-0.5, 0, "red"), (0.5, 0, "red"), (0, 0.5, "blue")]
    assert lacuna.position(flowers, collected=[[2], []]) == lacuna.position(
        flowers, collected=((2,), ()))


def test_a_list_that_holds_itself_is_refused_everywhere_the_api_takes_lists(registered,
                                                                            monkeypatch):
    """``position(tiles=x)``, ``to_record(note=x)`` and ``click(x)`` with ``x`` holding itself
    (or nested 100,000 deep) said ``RecursionError``; now each is refused in words. With the
    core's nesting limit lifted, as it was, the builder check and the click check fail."""
    from tabletop.core import plain
    from tabletop.core.errors import IllegalAction, InvalidRecord
    from tabletop.core.testing.builders import DEEP, LOOP
    from tabletop.core.testing.words import check_click_words

    game = tabletop.load("landlock")
    state = game.new(seed=1)
    for junk in (LOOP, DEEP):
        with pytest.raises(ValueError, match=r"Landlock\.position: an argument nests more "
                                             r"than 16 deep \(or holds itself\)"):
            game.position(tiles=junk)
        with pytest.raises(InvalidRecord, match="nests more than 16 deep"):
            state.to_record(note=junk)
        with pytest.raises(IllegalAction, match="makes no legal action; try Land, Water"):
            game.input_class(state).click(junk)
    monkeypatch.setattr(plain, "MAX_NESTING", 10**9)
    # (the collector paused while the toy recurses to the limit: a finalizer it ran there, an
    # earlier test's widget's ``__del__``, failed too, and pytest could not even report it)
    gc.collect()
    gc.disable()
    try:
        with pytest.raises(ConformanceError, match="raised RecursionError"):
            check_position_builder(registered(TakeAway))
        with pytest.raises(ConformanceError, match="a click on a list that holds itself "
                                                   "raised RecursionError"):
            check_click_words(game, seeds=[0])
    finally:
        gc.enable()


def test_a_numpy_array_builds_what_the_list_it_holds_builds(registered):
    """``lascaux.position(deck=np.arange(5))`` was refused: "no card np.int64(0) in the deck
    ... or a number 0..53"; Landlock's ``pile=np.array([3, 0, 7])`` likewise ("a tile kind is
    ... a number 0 .. 7, not np.int64(3)"). The builders now take an array as the tuple of
    plain numbers it holds, and the builder check compares every list of numbers it tries
    with its array; a builder the core does not wrap fails it."""
    from broken_builders import UnwrappedTakeAway

    lascaux = tabletop.load("lascaux", players=3)
    assert lascaux.position(deck=np.arange(5), stones=np.array([3, 4, 5]), start=np.int64(1)) \
        == lascaux.position(deck=[0, 1, 2, 3, 4], stones=(3, 4, 5), start=1)
    assert lascaux.position(table=[1], deck=(2, 3), collections=((), np.array([7]), [])) \
        == lascaux.position(table=[1], deck=(2, 3), collections=((), (7,), ()))
    landlock = tabletop.load("landlock")
    assert landlock.position(["f6 path r0"], pile=np.array([3, 0, 7])) \
        == landlock.position(["f6 path r0"], pile=[3, 0, 7])
    lacuna = tabletop.load("lacuna")
    flowers = [(-0.5, 0, 0), (0.5, 0, 0), (0, 0.5, 1)]
    assert lacuna.position(flowers, collected=(np.array([2]), ())) \
        == lacuna.position(flowers, collected=((2,), ()))
    with pytest.raises(ValueError, match=r"^pawn 0's owner must be 0 or 1, not 1\.0$"):
        lacuna.position(flowers, np.array([[0.2, -0.5, 1]]))  # a float array holds floats
    with pytest.raises(ConformanceError, match=r"position\(taken=array\(\[1, 2\]\)\): refused "
                                               r"ValueError: taken holds takes 1\.\.3, "
                                               r"not \S*1\)?, where the list \(1, 2\) it "
                                               r"holds builds"):
        check_position_builder(registered(UnwrappedTakeAway))
