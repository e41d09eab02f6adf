"""Each game's ``position(...)`` builder under wrong arguments (``core/builders.py``): a
``ValueError`` naming the call and the argument, never an ``AttributeError`` or ``TypeError``
from the builder's insides."""

import inspect
import math

import pytest

import tabletop

#: What a notebook user might pass by mistake, for any argument.
JUNK = [None, 5, -1, 2.5, math.nan, True, "", "zz", "x" * 5000, [], {}, [[]], [None],
        (1, 2), {"a1": 5}, {"zz": "W"}, {"c3": "Q"}, [("x", 1, 2)], [(1e300, 0, 0)],
        ["f6 dragon r0"], [{"a": 1}]]


#: A builder's required argument, given so that its other arguments can be tried.
EMPTY = {"lacuna": [], "lava-flows": {}}


def _calls(name):
    """``(argument, wrong value, call)`` for each argument of the game's builder."""
    game = tabletop.load(name)
    parameters = list(inspect.signature(type(game).position).parameters.values())[1:]
    base = [EMPTY[name]] if name in EMPTY else []
    for parameter in parameters:
        for junk in JUNK:
            if parameter.default is inspect.Parameter.empty:  # the first, positional
                yield parameter.name, junk, lambda j=junk: game.position(j)
            else:
                yield parameter.name, junk, lambda p=parameter.name, j=junk: game.position(
                    *base, **{p: j})


@pytest.mark.parametrize("name", tabletop.games())
def test_a_wrong_argument_to_position_gets_a_value_error_naming_it(name):
    refused = 0
    for argument, junk, call in _calls(name):
        try:
            call()
        except ValueError as error:  # (InvalidOption is one)
            refused += 1
            assert str(error), (argument, junk)
        except Exception as error:  # noqa: BLE001 - anything else is the failure
            pytest.fail(f"{name}.position({argument}={junk!r:.40}) raised "
                        f"{type(error).__name__}: {error}")
    assert refused > 2 * len(JUNK)  # (some arguments take some of these)


def test_the_argument_and_its_kinds_are_named():
    with pytest.raises(ValueError, match=r"Landlock\.position: tile should be str or None, "
                                         r"not \{'a1': 5\}"):
        tabletop.load("landlock").position(tile={"a1": 5})
    with pytest.raises(ValueError, match=r"Landlock\.position could not read its arguments: "
                                         r"AttributeError: 'NoneType' object has no attribute"):
        tabletop.load("landlock").position(pile=[None])
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
