"""The Goofspiel picture: the prize on show, the bids of this round (face down), each hand
(the mover's cards clickable), the prizes taken, and the finished rounds. No rule logic.

>>> import tabletop
>>> from tabletop.core.registry import register
>>> register("goofspiel", "goofspiel.rules:Goofspiel")
>>> scene = tabletop.load("goofspiel").new(seed=1).scene()
>>> scene.width, ("card", 3) in scene.targets()
(480, True)
"""

from __future__ import annotations

from collections.abc import Collection, Hashable

from tabletop.core.game import Action
from tabletop.core.public import seat_name
from tabletop.render.scene import Scene

from .cards import NAMES
from .input import card_target
from .position import GoofPosition

WIDTH, HEIGHT = 480, 330
CARD_W, CARD_H, GAP = 34, 48, 6
INK, PAPER, GOLD, BACK, LIT = "#22303c", "#fbf8f1", "#e8b931", "#5b6b7a", "#2f9e44"


def draw(s: GoofPosition, *, highlight: Collection[Hashable] = (),
         last: Action | None = None) -> Scene:
    """The scene of a Goofspiel state or view; ``highlight`` marks the clickable cards."""
    scene = Scene(WIDTH, HEIGHT, background=PAPER, title="Goofspiel")
    lit = set(highlight)
    who = "" if s.viewer is None else f" · view of {seat_name(s.game, s.viewer)}"
    status = (f"prize {s.prize} · {s.pile_count} face down" if s.prize else "game over")
    scene.text(12, 20, f"Goofspiel · {status}{who}", anchor="start", font_size=14,
               font_weight="bold", fill=INK)
    if s.prize:
        _card(scene, WIDTH / 2 - CARD_W / 2, 36, str(s.prize), GOLD, None, False)
        scene.text(WIDTH / 2, 96, "prize", font_size=11, fill=INK)
    for p, bid in enumerate(s.shown_bids()):
        x = WIDTH / 2 - CARD_W * 2.2 + p * CARD_W * 3.4
        if s.laid[p]:
            _card(scene, x, 36, "?" if bid is None else str(bid), BACK if bid is None
                  else PAPER, None, False)
            scene.text(x + CARD_W / 2, 96, f"{NAMES[p]}'s bid", font_size=11, fill=INK)
    for p in range(2):
        _hand(scene, s, p, 104 + p * 84, lit)
    y = 280
    done = " · ".join(f"{prize}: {a}–{b}" for prize, a, b in s.rounds[-6:]) or "none yet"
    scene.text(12, y, f"rounds (prize: North–South): {done}", anchor="start", font_size=11,
               fill=INK)
    if last is not None:
        scene.text(12, y + 22, f"last: {last}", anchor="start", font_size=11, fill=BACK)
    return scene


def _hand(scene: Scene, s: GoofPosition, p: int, top: float, lit: set[Hashable]) -> None:
    points = sum(s.taken[p])
    scene.text(12, top + 12, f"{NAMES[p]} · {points} point{'' if points == 1 else 's'}",
               anchor="start",
               font_size=12, font_weight="bold", fill=INK)
    for i, card in enumerate(s.hands[p]):
        target = card_target(card) if s.current_player == p else None
        _card(scene, 12 + i * (CARD_W + GAP), top + 20, str(card), PAPER, target,
              target in lit)


def _card(scene: Scene, x: float, y: float, text: str, fill: str,
          target: Hashable | None, lit: bool) -> None:
    scene.rect(x, y, CARD_W, CARD_H, rx=4, fill=fill, stroke=LIT if lit else INK,
               stroke_width=3 if lit else 1, target=target)
    scene.text(x + CARD_W / 2, y + CARD_H / 2 + 5, text, font_size=15,
               fill="white" if fill == BACK else INK, target=target)
