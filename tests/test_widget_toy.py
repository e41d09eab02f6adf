"""Click Nim: Secret Nim with a click controller and highlights, to test the game widget.

A take is two clicks (the leftmost counter to take, then the "take" button); a secret bonus
is one button. Also used by the browser tests and the benchmark when no real game exists.
"""

from __future__ import annotations

import pytest
from toygame import Bonus, SecretNim, Take

from tabletop.core.errors import IllegalAction
from tabletop.core.input import ClickInput
from tabletop.core.registry import register, unregister
from tabletop.render.scene import Scene


class NimInput(ClickInput):
    def paths(self, action):
        if isinstance(action, Bonus):
            return ((("bonus", action.value),),)
        return ((("counter", self.subject.pile - action.count), ("take",)),)

    def label(self, target):
        if target[0] == "bonus":
            return f"bonus {target[1]}"
        return "take" if target == ("take",) else ClickInput.label(self, target)


class ClickNim(SecretNim):
    name = "click-nim"
    title = "Click Nim"
    input_class = NimInput

    def draw(self, subject, highlight=(), last=None, **options):
        scene = Scene(40 * 9 + 20, 80, background="#fbf7ef", title="Click Nim")
        marked = set(highlight)
        for i in range(subject.pile):
            target = ("counter", i)
            if target in marked:
                scene.circle(20 + 40 * i, 30, 18, fill="#ffe08a", layer=0)
            scene.circle(20 + 40 * i, 30, 15, fill="#a0522d", stroke="#5a2d0c",
                         target=target, layer=1)
        if last is not None:
            scene.text(190, 66, f"last: {last}", fill="#333", font_size=12, layer=2)
        bonus = getattr(subject, "bonus", ())
        scene.text(10, 66, f"bonus {bonus}", fill="#333", font_size=12, anchor="start",
                   layer=2)
        return scene


@pytest.fixture
def click_nim():
    register(ClickNim.name, ClickNim)
    yield ClickNim()
    unregister(ClickNim.name)


def test_click_nim_paths_reach_every_action(click_nim):
    s = click_nim.new(seed=3, setup="random")
    inp = NimInput(s)
    assert set(inp.next_targets()) == {("counter", s.pile - 1), ("counter", s.pile - 2)}
    assert inp.click(("counter", s.pile - 2)) is None
    assert inp.click(("take",)) == Take(2)
    with pytest.raises(IllegalAction, match="makes no legal action"):
        inp.click(("counter", 0))
