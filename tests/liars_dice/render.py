"""The Liar's Dice picture: each player's dice (hidden ones as blanks), the bids so far,
the bidding strip (quantities, faces) and the liar button. No rule logic.

>>> import tabletop
>>> from tabletop.core.registry import register
>>> register("liars-dice", "liars_dice.rules:LiarsDice")
>>> scene = tabletop.load("liars-dice").new(seed=1).scene()
>>> scene.width, ("face", 6) in scene.targets()
(520, True)
"""

from __future__ import annotations

from collections.abc import Collection, Hashable

from tabletop.core.game import Action
from tabletop.core.public import seat_name
from tabletop.render.scene import Scene

from .dice import NAMES, total_dice
from .input import CALL, face_target, quantity_target
from .position import LiarPosition

WIDTH, HEIGHT = 520, 360
DIE, GAP = 30, 6
INK, PAPER, BACK, LIT = "#22303c", "#fbf8f1", "#5b6b7a", "#2f9e44"


def draw(s: LiarPosition, *, highlight: Collection[Hashable] = (),
         last: Action | None = None) -> Scene:
    """The scene of a Liar's Dice state or view; ``highlight`` marks what may be clicked."""
    scene = Scene(WIDTH, HEIGHT, background=PAPER, title="Liar's Dice")
    lit = set(highlight)
    n = s.game.players
    who = "" if s.viewer is None else f" · view of {seat_name(s.game, s.viewer)}"
    mover = s.current_player
    status = "game over" if mover is None else f"{NAMES[mover]} to move"
    scene.text(12, 20, f"Liar's Dice · {status}{who}", anchor="start", font_size=14,
               font_weight="bold", fill=INK)
    for p, hand in enumerate(s.known_dice()):
        y = 40 + p * (DIE + 14)
        scene.text(12, y + DIE / 2 + 4, NAMES[p], anchor="start", font_size=12, fill=INK)
        for i in range(s.game.options["dice"]):
            x = 60 + i * (DIE + GAP)
            face = None if hand is None else hand[i]
            scene.rect(x, y, DIE, DIE, rx=4, fill=BACK if face is None else PAPER, stroke=INK)
            if face is not None:
                scene.text(x + DIE / 2, y + DIE / 2 + 5, str(face), font_size=14, fill=INK)
    bids = " ".join(f"{q}x{f}" for q, f in s.bids[-8:]) or "none yet"
    y = 50 + n * (DIE + 14)
    scene.text(12, y, f"bids: {bids}", anchor="start", font_size=12, fill=INK)
    total = total_dice(n, s.game.options["dice"])
    step = min(DIE + GAP, (WIDTH - 24) / total)
    for q in range(1, total + 1):
        _button(scene, 12 + (q - 1) * step, y + 14, step - 4, str(q), quantity_target(q), lit)
    for f in range(1, s.game.options["faces"] + 1):
        _button(scene, 12 + (f - 1) * (DIE + GAP), y + 58, DIE, str(f), face_target(f), lit)
    _button(scene, WIDTH - 92, y + 58, 80, "liar!", CALL, lit)
    if last is not None:
        scene.text(12, HEIGHT - 12, f"last: {last}", anchor="start", font_size=11, fill=BACK)
    return scene


def _button(scene: Scene, x: float, y: float, w: float, text: str, target: Hashable,
            lit: set[Hashable]) -> None:
    on = target in lit
    scene.rect(x, y, w, DIE, rx=4, fill=PAPER, stroke=LIT if on else INK,
               stroke_width=3 if on else 1, target=target)
    scene.text(x + w / 2, y + DIE / 2 + 5, text, font_size=13, fill=INK, target=target)
