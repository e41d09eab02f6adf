"""Toys with click input whose pictures put targets where they cannot be clicked
(for the targets-on-board check), beside a sound one.

A take is two clicks: the leftmost counter to take, then the "take" mark, which the sound toy
draws on the board once a counter is picked. A secret bonus is a button (not drawn).
"""

from __future__ import annotations

from dataclasses import replace

from toygame import Bonus, SecretNim

from tabletop.core.game import View
from tabletop.core.input import ClickInput
from tabletop.render.scene import Circle, Scene


class TakeInput(ClickInput):
    """Counter, then the take mark; a bonus is one click."""

    def paths(self, action):
        if isinstance(action, Bonus):
            return ((("bonus", action.value),),)
        return ((("counter", self.subject.pile - action.count), ("take",)),)


class TargetNim(SecretNim):
    """Secret Nim with clicks, everything clickable drawn inside its 380×90 picture."""

    name = "target-nim"
    input_class = TakeInput
    width = 40 * 9 + 20  # room for the largest pile
    take_x = 320  # where the take mark goes (left edge)

    def draw(self, subject, highlight=(), last=None, **options):
        scene = Scene(40 * 9 + 20, 90, background="white")
        lit = set(highlight)
        for i in range(subject.pile):
            x = 20 + 40 * i * (self.width - 40) / (40 * 8)
            scene.circle(x, 30, 15, fill="#ffe08a" if ("counter", i) in lit else "#a0522d",
                         target=("counter", i))
        if ("take",) in lit:
            scene.rect(self.take_x, 60, 50, 24, fill="#f2b705", target=("take",))
            scene.text(self.take_x + 25, 76, "take", target=("take",))
        return scene


class CrampedNim(TargetNim):
    """Counters spaced for a 380-wide picture in a 380-wide scene, but at double spacing:
    the highest counters of a big pile fall off the right edge."""

    name = "cramped-nim"
    width = 2 * (40 * 9 + 20)


class ShiftedNim(TargetNim):
    """The take mark, offered only after a counter is picked, is drawn past the right edge
    (as Landlock once drew its turned tiles)."""

    name = "shifted-nim"
    take_x = 370


class ViewShiftedNim(TargetNim):
    """Right in the full state's picture, but a player's view draws its counters 400 units
    to the right, off its 380-wide picture."""

    name = "view-shifted-nim"

    def draw(self, subject, highlight=(), last=None, **options):
        scene = TargetNim.draw(self, subject, highlight, last, **options)
        if isinstance(subject, View):
            for i, shape in enumerate(scene.shapes):
                if isinstance(shape, Circle):
                    scene.shapes[i] = replace(shape, x=shape.x + 400)
        return scene
