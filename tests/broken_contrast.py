"""A toy whose picture writes a label too faint to read (for the text-contrast check),
beside ``TargetNim`` from ``broken_targets``, which is sound.
"""

from __future__ import annotations

from broken_targets import TargetNim


class FaintNim(TargetNim):
    """Writes how many counters are left in light grey on its white picture (1.9:1)."""

    name = "faint-nim"

    def draw(self, subject, highlight=(), last=None, **options):
        scene = super().draw(subject, highlight, last, **options)
        scene.text(340, 20, f"{subject.pile} left", fill="#b0b0b0", font_size=11)
        return scene


class DarkOnDarkNim(TargetNim):
    """Numbers its counters in black, on counters it draws dark brown when not offered
    (3.7:1)."""

    name = "dark-on-dark-nim"

    def draw(self, subject, highlight=(), last=None, **options):
        scene = super().draw(subject, highlight, last, **options)
        for shape in list(scene.shapes):
            if isinstance(shape.target, tuple) and shape.target[0] == "counter":
                scene.text(shape.x, shape.y, str(shape.target[1]), fill="#000000", layer=1)
        return scene
