"""The hot-seat cover: the picture shown instead of the board between two players' turns.

>>> scene = cover_scene(400, 300, "Bob")
>>> scene.title, [t.text for t in scene.shapes if hasattr(t, "text")][0]
('hidden: pass the board', 'Pass the board to Bob')
"""

from __future__ import annotations

from ..render.scene import Scene


def cover_scene(w: float, h: float, name: str) -> Scene:
    """A ``w`` × ``h`` cover asking to pass the board to ``name``; a click on it lifts it."""
    scene = Scene(w, h, background="#1f2430", title="hidden: pass the board")
    scene.rect(w * 0.1, h * 0.3, w * 0.8, h * 0.4, rx=14, fill="#2d3446", stroke="#f5b700",
               stroke_width=2, target=("cover",))
    scene.text(w / 2, h * 0.45, f"Pass the board to {name}", fill="#ffffff", font_size=22,
               font_weight="bold", layer=1)
    scene.text(w / 2, h * 0.56, "click here or press “Show my board” when ready",
               fill="#c9cfdd", font_size=14, layer=1)
    return scene
