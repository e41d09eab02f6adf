"""The hot-seat cover: the picture shown instead of the board while it passes to the next
player, naming them — in a box the name fits, however long it is and whatever its script."""

from __future__ import annotations

from ..render.metrics import fit_lines
from ..render.scene import Scene

#: The cover's box takes this share of the picture's width, and its text this much less.
BOX = 0.8
PADDING = 24


def cover_scene(width: float, height: float, name: str, agent: str = "") -> Scene:
    """The cover of a ``width`` × ``height`` board, passing it to the player ``name``; if
    ``name``'s seat is a bot (``agent``, its label), saying that bot is to move instead: no one
    is to take the board, and the board stays covered while it moves.

    >>> [s.text for s in cover_scene(400, 300, "Ann").shapes if s.kind == "text"][0]
    'Pass the board to Ann'
    >>> long = cover_scene(400, 300, "Marie-Thérèse de la Tour d'Auvergne")
    >>> [s.text for s in long.shapes if s.kind == "text"][:2]
    ['Pass the board to Marie-Thérèse', "de la Tour d'Auvergne"]
    >>> [s.text for s in cover_scene(400, 300, "Bo", "random").shapes if s.kind == "text"]
    ["Bo's random bot is to move", 'press “Bot move”: the board stays covered']
    """
    scene = Scene(width, height, background="#1f2430", title="hidden: pass the board")
    scene.rect(width * (1 - BOX) / 2, height * 0.3, width * BOX, height * 0.4, rx=14,
               fill="#2d3446", stroke="#f5b700", stroke_width=2, target=("cover",))
    headline = f"{name}'s {agent} bot is to move" if agent else f"Pass the board to {name}"
    lines, size = fit_lines(headline, width * BOX - PADDING, 22,
                            bold=True, height=height * 0.15 - 4)  # (the box's top half)
    for i, line in enumerate(lines):  # the last line where one line would be
        scene.text(width / 2, height * 0.45 - (len(lines) - 1 - i) * size * 1.2, line,
                   fill="#ffffff", font_size=size, font_weight="bold", layer=1)
    hint = "press “Bot move”: the board stays covered" if agent else \
        "click here or press “Show my board” when ready"
    (hint,), size = fit_lines(hint, width * BOX - PADDING, 14, lines=1, least=10)
    scene.text(width / 2, height * 0.56, hint, fill="#c9cfdd", font_size=size, layer=1)
    return scene
