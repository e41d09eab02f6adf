"""A toy whose picture marks the last take by indexing a table with the action's count
(for ``check_drawn_last``), beside ``SecretNim``, which ignores ``last`` and is sound."""

from __future__ import annotations

from toygame import SecretNim, Take, draw_pile

from tabletop.render.scene import Scene

#: A word per count a rule allows (1 or 2); a hand-built ``Take(7)`` has none.
WORDS = ("", "one", "two")


def draw_marked(subject, *, highlight=(), last=None):
    """The pile, and the last take's count in words (from ``WORDS``, unguarded)."""
    scene: Scene = draw_pile(subject, highlight=highlight)
    if isinstance(last, Take):
        scene.text(20, 55, f"took {WORDS[last.count]}")
    return scene


class MarkingNim(SecretNim):
    """Secret Nim whose picture names the last take: ``last=Take(999)`` is an IndexError."""

    name = "marking-nim"
    renderer = "broken_gameprobe:draw_marked"
