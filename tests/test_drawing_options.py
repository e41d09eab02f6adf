"""Drawing options are checked before a renderer runs (``core/drawing.py``): every game's
renderer declares its options, a misspelt one is refused with the nearest name instead of
being ignored, and ``highlight`` and ``last`` of the wrong kind are refused plainly."""

from __future__ import annotations

import inspect

import pytest

import tabletop
from tabletop.core.parts import part

#: A picture option of each game, misspelt as a reader might.
MISSPELT = {"lacuna": ("territory", "territories"), "lascaux": ("reveals", "reveal"),
            "landlock": ("network", "networks"), "lava-flows": ("highlights", "highlight")}


@pytest.mark.parametrize("name", tabletop.games())
def test_every_renderer_declares_its_options(name):
    renderer = part(type(tabletop.load(name)), "renderer")
    parameters = list(inspect.signature(renderer).parameters.values())[1:]
    assert {"highlight", "last"} <= {p.name for p in parameters}
    assert all(p.kind is p.KEYWORD_ONLY for p in parameters), \
        f"{name}'s renderer takes options that are not keyword-only ones: {parameters}"


@pytest.mark.parametrize("name", tabletop.games())
def test_a_misspelt_option_is_refused_with_the_nearest_name(name):
    state = tabletop.load(name).new(seed=1, setup="random")
    wrong, right = MISSPELT[name]
    with pytest.raises(TypeError, match=rf"{name} pictures have no option '{wrong}'; did you "
                                        rf"mean '{right}'\? options: highlight, last"):
        state.svg(**{wrong: True})
    with pytest.raises(TypeError, match="have no option 'zz'"):
        state.view(0).scene(zz=1)


@pytest.mark.parametrize("name", tabletop.games())
@pytest.mark.parametrize("highlight", [5, "cell", None, 2.5])
def test_a_highlight_that_is_not_a_collection_of_targets_is_refused(name, highlight):
    state = tabletop.load(name).new(seed=1, setup="random")
    with pytest.raises(TypeError, match="highlight should be a collection of targets"):
        state.svg(highlight=highlight)


@pytest.mark.parametrize("name", tabletop.games())
@pytest.mark.parametrize("last", ["pass", 3, ("a", 1)])
def test_a_last_move_that_is_not_an_action_is_refused(name, last):
    state = tabletop.load(name).new(seed=1, setup="random")
    with pytest.raises(TypeError, match="last should be an action or None"):
        state.svg(last=last)
    assert state.svg(last=None, highlight=[]) == state.svg()
