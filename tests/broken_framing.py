"""Toys whose pictures draw past their own edges (for the framing check that
``check_pictures`` makes), beside ``SecretNim`` of ``toygame``, which is sound.

A picture taken out of the notebook (a paper, a slide, a web page) is cut at its edges as
the notebook cuts it: whatever lies past them is lost in every copy.
"""

from __future__ import annotations

from toygame import SecretNim, draw_pile


def draw_with_caption(subject, *, highlight=(), last=None, shade=False):
    """The pile with a caption too long for its 380-wide picture (at 14 px, left-aligned)."""
    scene = draw_pile(subject, highlight=highlight, last=last, shade=shade)
    scene.text(10, 10, f"{subject.pile} counters are left on the pile: take one or two, "
                       "or play a secret bonus", anchor="start", font_size=14)
    return scene


def draw_with_offside_mark(subject, *, highlight=(), last=None, shade=False):
    """The pile with a last-move mark hanging off the bottom edge (a shape, not text)."""
    scene = draw_pile(subject, highlight=highlight, last=last, shade=shade)
    scene.rect(0, 50, 40, 20, fill="#d4380d", title="last move")
    return scene


def draw_growing(subject, *, highlight=(), last=None, shade=False):
    """The pile, in a picture a row taller for each counter it lacks of nine (a log of the
    takes below it, say)."""
    scene = draw_pile(subject, highlight=highlight, last=last, shade=shade)
    scene.height += 10 * (9 - min(subject.pile, 9))
    return scene


class CaptionNim(SecretNim):
    """Its caption runs past the right edge of the picture."""

    name = "caption-nim"
    renderer = "broken_framing:draw_with_caption"


class OffsideNim(SecretNim):
    """A mark of its picture hangs past the bottom edge."""

    name = "offside-nim"
    renderer = "broken_framing:draw_with_offside_mark"


class GrowingNim(SecretNim):
    """Its picture grows as the game goes on (the widget's side panel would move)."""

    name = "growing-nim"
    renderer = "broken_framing:draw_growing"
