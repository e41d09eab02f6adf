"""Toys whose clickable counters are too small to hit, or drawn over each other (for the
hit-area check), beside ``TargetNim`` from ``broken_targets``, which is sound.
"""

from __future__ import annotations

from broken_targets import TargetNim

from tabletop.render.scene import Scene


class TinyNim(TargetNim):
    """Counters drawn as 5-unit dots and hit only there: 10 units across."""

    name = "tiny-nim"
    radius, hit_r, spacing = 5.0, 0.0, 40.0

    def draw(self, subject, highlight=(), last=None, **options):
        scene = Scene(40 * 9 + 20, 90, background="white")
        lit = set(highlight)
        for i in range(subject.pile):
            scene.circle(20 + self.spacing * i, 30, self.radius,
                         fill="#ffe08a" if ("counter", i) in lit else "#a0522d",
                         target=("counter", i), hit_r=self.hit_r)
        if ("take",) in lit:
            scene.rect(self.take_x, 60, 50, 24, fill="#f2b705", target=("take",))
        return scene


class PaddedNim(TinyNim):
    """The same small dots, hit 16 units across (``hit_r``): sound."""

    name = "padded-nim"
    hit_r = 8.0


class WideNim(PaddedNim):
    """The sound dots, hit 16 units across, in a picture 1,008 units wide: a laptop shows it
    at half size, so its dots are hit 8 px across (32 units are needed)."""

    name = "wide-nim"

    def draw(self, subject, highlight=(), last=None, **options):
        narrow = super().draw(subject, highlight, last, **options)
        scene = Scene(1008, 90, background="white")
        for shape in narrow.shapes:
            scene.add(shape)
        return scene


class CrowdedNim(TinyNim):
    """Dots hit 16 units across but only 6 apart: a click at a counter's centre lands on
    the next one, drawn over it."""

    name = "crowded-nim"
    hit_r, spacing = 8.0, 6.0
