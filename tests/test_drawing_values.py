"""Drawing option VALUES are checked before a renderer runs (``core/drawing.py``): a bool
option takes True or False only, a ``highlight`` only hashable targets, and Lacuna's
``line``, ``lines`` and ``blocked`` only flowers and colours that exist; Lacuna's
``positions(a, b)`` and ``stretch(a, b)`` refuse what is no flower (probe 26, #15, #17)."""

from __future__ import annotations

import math
from typing import Annotated

import numpy as np
import pytest
from toygame import SecretNim, draw_pile

import tabletop
from tabletop.core.drawing import flag_options
from tabletop.core.parts import part

#: Each game's bool picture options, as its renderer declares them.
FLAGS = {"lacuna": {"labels", "territories"}, "lascaux": {"reveal"},
         "landlock": {"legal", "networks", "best", "enclosed", "checkerboard"},
         "lava-flows": set()}
NOT_FLAGS = ["no", "x", [1], math.nan, 1, None]


def _state(name):
    return tabletop.load(name).new(seed=1, setup="random")


@pytest.mark.parametrize("name", tabletop.games())
def test_the_bool_options_are_found_from_the_signature(name):
    assert set(flag_options(part(type(tabletop.load(name)), "renderer"))) == FLAGS[name]


@pytest.mark.parametrize("name, option", [(n, o) for n in FLAGS for o in sorted(FLAGS[n])])
@pytest.mark.parametrize("value", NOT_FLAGS)
def test_a_bool_option_takes_only_true_or_false(name, option, value):
    state = _state(name)
    if value is None and option in ("territories", "best", "enclosed"):
        state.svg(**{option: value})  # None: the default (on once the game is over)
        return
    with pytest.raises(TypeError, match=rf"{option} should be True or False, not "):
        state.svg(**{option: value})


@pytest.mark.parametrize("name, option", [(n, o) for n in FLAGS for o in sorted(FLAGS[n])])
def test_numpy_bools_are_taken_as_bools(name, option):
    state = _state(name)
    assert state.svg(**{option: np.bool_(True)}) == state.svg(**{option: True})


@pytest.mark.parametrize("name", tabletop.games())
@pytest.mark.parametrize("highlight", [[[1, 2]], [("cell", ["a"])], [{}]])
def test_a_highlight_of_unhashable_targets_is_refused(name, highlight):
    with pytest.raises(TypeError, match=r"highlight should hold targets that are hashable "
                                        r"\(tuples, strings, numbers\), not "):
        _state(name).svg(highlight=highlight)


@pytest.mark.parametrize("name", tabletop.games())
def test_a_highlight_given_once_as_a_generator_is_drawn(name):
    state = _state(name)
    targets = sorted(state.scene().targets(), key=repr)[:3]
    assert state.svg(highlight=(t for t in targets)) == state.svg(highlight=targets)


@pytest.mark.parametrize("line", [(0, 999), (-1, 3), (10**30, 1), (True, 1), (1.5, 2),
                                  ("a", 1), (1, 2, 3), ()])
def test_lacuna_line_is_a_pair_of_flowers_that_exist(line):
    with pytest.raises(ValueError, match=r"line should be a pair \(a, b\) of flowers "
                                         r"0\.\.47, not "):
        _state("lacuna").svg(line=line)


@pytest.mark.parametrize("line", ["x", -1, 2.5, [0, 1]])
def test_lacuna_line_is_a_tuple(line):
    with pytest.raises(TypeError, match=r"line should be tuple or None, not "):
        _state("lacuna").svg(line=line)


def test_lacuna_line_takes_numpy_flowers():
    state = _state("lacuna")
    a, b = state.open_pairs()[0]
    assert state.svg(line=(np.int64(a), np.int32(b))) == state.svg(line=(a, b))
    assert state.svg(line=(b, a)) == state.svg(line=(a, b))


@pytest.mark.parametrize("option", ["lines", "blocked"])
@pytest.mark.parametrize("value, message", [
    ("reed", r"not 'reed'; did you mean 'red'\?"), ("Red", "not 'Red'"), (7, "not 7"),
    (-1, "not -1"), (math.nan, "not nan"), ([1], r"not \[1\]"), (2.0, "not 2.0")])
def test_lacuna_lines_are_colours_that_exist(option, value, message):
    with pytest.raises(ValueError, match=rf"{option} should be True, False, None, a colour "
                                         rf"\(red, orange, .*white\) or its number 0\.\.6, "
                                         rf"{message}"):
        _state("lacuna").svg(**{option: value})


@pytest.mark.parametrize("option", ["lines", "blocked"])
def test_lacuna_lines_take_names_numbers_and_flags(option):
    state = _state("lacuna")
    assert state.svg(**{option: "blue"}) == state.svg(**{option: 4}) \
        == state.svg(**{option: np.int64(4)})
    assert state.svg(**{option: False}) == state.svg(**{option: None}) == state.svg()
    assert state.svg(**{option: True}) != state.svg()


@pytest.mark.parametrize("method", ["positions", "stretch", "is_open", "blockers", "along"])
@pytest.mark.parametrize("a, b", [("a", 1), (0, 999), (True, 1), (1.0, 2), (10**30, 1),
                                  (-1, 2), (None, 0)])
def test_lacuna_flower_pairs_are_flowers_that_exist(method, a, b):
    state = _state("lacuna")
    with pytest.raises(ValueError, match=rf"{method}\(a, b\): a and b should be flowers "
                                         rf"0\.\.47, not "):
        getattr(state, method)(a, b, *((0.0, 0.0) if method == "along" else ()))


def test_lacuna_flower_pairs_take_numpy_ints():
    state = _state("lacuna")
    a, b = state.open_pairs()[0]
    assert state.stretch(np.int64(a), np.int64(b)) == state.stretch(a, b)
    assert np.array_equal(state.positions(np.int8(a), b), state.positions(a, b))
    assert not state.positions(0, 0).any()  # a flower with itself: no line, nowhere to stand


def _sized(name: str, value: object) -> int:
    if value not in (1, 2, 3) or isinstance(value, bool):
        raise ValueError(f"{name} should be 1, 2 or 3, not {value!r}")
    return int(value)


def draw_sized(subject, *, highlight=(), last=None, size: Annotated[int, _sized] = 1,
               gap: float = 1.0, shade=False):
    """A toy renderer: a checked option, a plain-typed one and an unannotated flag."""
    return draw_pile(subject, highlight=highlight, last=last, shade=shade)


class SizedNim(SecretNim):
    name = "sized-nim"
    renderer = "test_drawing_values:draw_sized"


def test_any_renderer_is_checked_from_its_signature(registered):
    state = registered(SizedNim).new(seed=1)
    assert flag_options(draw_sized) == ("shade",)
    with pytest.raises(ValueError, match="size should be 1, 2 or 3, not 4"):
        state.svg(size=4)
    with pytest.raises(TypeError, match="gap should be float, not 'wide'"):
        state.svg(gap="wide")
    with pytest.raises(TypeError, match="gap should be float, not nan"):
        state.svg(gap=math.nan)
    with pytest.raises(TypeError, match="shade should be True or False, not 'no'"):
        state.svg(shade="no")
    assert state.svg(size=np.int64(2), gap=np.float32(2), shade=np.True_) \
        == state.svg(shade=True)
