"""Lava Flows as a picture: the 3×3 grid with each stack drawn as pyramids seen from the side.

Each piece is a band of a pyramid (the top piece shows its apex), bottom to top; a Large is
wider than a Medium. Hidden pieces are dashed and faded; a piece only its hider knows says
"White knows" / "Black knows" (words, never a bare letter, which would read as the piece's
colour); an unknown hiding place ("maybe something") is a grey dashed band with ``?``; an
empty hiding place is a dashed ``∅``.

Each mark colour means one thing (``MEANINGS``, drawn as the legend): White's goal row is
shaded yellow and Black's blue; cone pieces have an orange rim; the last move is violet; the
lock is teal; what may be clicked is framed in pink. Pieces are white and black.
Targets: ``("cell", name)`` for each cell and ``("piece", name, depth)``
for each piece whose depth (pieces above it) the picture's viewer can count.

>>> import tabletop
>>> scene = tabletop.load("lava-flows").new(seed=2, setup="random").scene()
>>> ("cell", "b2") in scene.targets(), ("piece", "b2", 1) in scene.targets()
(True, True)
"""

from __future__ import annotations

from collections.abc import Collection, Hashable

from tabletop.core.game import Action
from tabletop.core.public import seat_name
from tabletop.render.contrast import backdrop, ink_on
from tabletop.render.scene import Scene, min_hit

from .actions import Arrange, Bubble, Eject, Move, Pass, Slide
from .board import (
    CELLS,
    COLOUR,
    CONE_PIECES,
    FILL,
    GHOSTS,
    GOAL_OWNER,
    INDEX,
    NAMES,
    top_large,
)
from .position import PLAY, LavaPosition

WIDTH, HEIGHT = 620, 590
CELL = 140
X0, Y0 = 40, 48
STROKE = ("#4a4a4a", "#000000")
GOAL_FILL = {0: "#fff0b3", 1: "#d6e4fb", -1: "#f4f1e8"}
CONE_RIM = "#e8590c"
LAST = "#7048e8"
LOCK = "#0b7285"
MARK = "#e64980"
RIGHT, WRONG = "#237a34", "#c92a2a"
INK = "#222222"
#: How opaque a hidden piece is drawn: faded, yet its "White knows" reads at 4.5:1 on it.
HIDDEN_OPACITY = 0.7
#: Each mark colour and its one meaning, as the legend shows them.
MEANINGS = ((GOAL_FILL[0], "White's goal row"), (GOAL_FILL[1], "Black's goal row"),
            (CONE_RIM, "Cinder Cone rim"), (LAST, "last move"),
            (LOCK, "lock: no Bubble Up"), (MARK, "may be clicked"))
LARGE_W, MEDIUM_W = 104.0, 66.0
#: A band's height in a plain stack, the room a stack's bands share, and the least height of
#: a band that may be clicked next: 16 px where a laptop shows the picture (``min_hit``).
BAND, STACK_ROOM, CLICK_BAND = 17.0, 118.0, min_hit(WIDTH, HEIGHT)


def draw(subject: LavaPosition, *, highlight: Collection[Hashable] = (),
         last: Action | None = None) -> Scene:
    """The picture of a state (everything, hidden pieces marked) or a view (what its player
    sees). ``highlight``: targets to mark as clickable; ``last``: the last action."""
    viewer = subject.viewer
    who = "" if viewer is None else f" (view of {seat_name(subject.game, viewer)})"
    scene = Scene(WIDTH, HEIGHT, background="white", title=f"Lava Flows{who}")
    marked = set(highlight)
    scene.text(X0 - 24, 24, _headline(subject), anchor="start", font_size=15,
               font_weight="bold", fill=INK)
    for c in range(9):
        _cell(scene, subject, c, viewer, marked)
    for col, letter in enumerate("abc"):
        scene.text(X0 + col * CELL + CELL / 2, Y0 + 3 * CELL + 16, letter, font_size=13,
                   fill=INK)
    for row in range(3):
        scene.text(X0 - 16, Y0 + (2 - row) * CELL + CELL / 2, str(row + 1), font_size=13,
                   fill=INK)
    _panel(scene, subject, viewer)
    _claims(scene, subject)
    if last is not None:
        _last(scene, last)
    return scene


def _centre(c: int) -> tuple[float, float]:
    row, col = divmod(c, 3)
    return X0 + col * CELL + CELL / 2, Y0 + (2 - row) * CELL + CELL / 2


def _headline(subject: LavaPosition) -> str:
    if subject.outcome == "win":
        return f"{NAMES[subject.winner]} wins with three Cinder Cones"
    if subject.outcome:
        return f"Draw ({subject.outcome})"
    if subject.phase < PLAY:
        return (f"{NAMES[subject.phase]} hides Mediums: black under…, then white under…")
    return f"{NAMES[subject.to_move]} to move"


def _cell(scene: Scene, subject: LavaPosition, c: int, viewer: int | None,
          marked: set[Hashable]) -> None:
    name = CELLS[c]
    row, col = divmod(c, 3)
    x, y = X0 + col * CELL, Y0 + (2 - row) * CELL
    owner = GOAL_OWNER[c]
    title = f"{name}: {NAMES[owner]}'s goal row" if owner >= 0 else name
    scene.rect(x, y, CELL, CELL, fill=GOAL_FILL[owner], stroke="#8a7f6a", target=("cell", name),
               title=title)
    if ("cell", name) in marked:
        scene.rect(x + 3, y + 3, CELL - 6, CELL - 6, stroke=MARK, stroke_width=4, layer=5)
    if subject.lock == c and subject.phase == PLAY and not subject.outcome:
        tip = "bubbled up last turn: no Bubble Up here this turn"
        scene.rect(x + CELL - 50, y + 4, 46, 15, rx=3, fill="white", stroke=LOCK,
                   stroke_width=1.5, layer=4, title=tip)
        scene.text(x + CELL - 27, y + 12, "locked", font_size=10, font_weight="bold",
                   fill=LOCK, layer=4, title=tip)
    cone = subject.cones[c]
    stack = subject.stacks[c]
    codes = CONE_PIECES[cone] + stack
    if not codes:
        return
    k = top_large(stack)
    cone_len = len(CONE_PIECES[cone])
    # depth of each code (pieces above it), or None when the viewer cannot count it
    depths: list[int | None] = [None] * len(codes)
    depth: int | None = 0
    for i in range(len(codes) - 1, -1, -1):
        code = codes[i]
        if code in "mn":
            depth = None
        elif code not in GHOSTS:
            depths[i] = depth
            if depth is not None:
                depth += 1
    offered = [d is not None and ("piece", name, d) in marked for d in depths]
    bands = _bands(len(codes), offered)
    bottom = float(y + CELL - 8)
    cx = x + CELL / 2
    for i, code in enumerate(codes):
        hidden = i - cone_len < k and code not in "WB"
        in_cone = i < cone_len
        top = i == len(codes) - 1
        _piece(scene, code, cx, bottom, bands[i], hidden, in_cone, top,
               name, depths[i], subject.phase == PLAY, marked)
        bottom -= bands[i]


def _bands(count: int, offered: list[bool]) -> list[float]:
    """The height of each band of a stack of ``count`` pieces, bottom first: ``BAND``, or
    an even share of ``STACK_ROOM`` in a tall stack — except that a piece that may be
    clicked next is ``CLICK_BAND`` high (a tall stack offers at most a few), the others
    sharing what is left.

    >>> _bands(3, [False] * 3), [round(b, 1) for b in _bands(3, [False, True, False])]
    ([17.0, 17.0, 17.0], [17.0, 19.7, 17.0])
    >>> [round(b, 1) for b in _bands(10, [False] * 9 + [True])[-2:]]
    [10.9, 19.7]
    """
    even = min(BAND, STACK_ROOM / count)
    clickable = sum(offered)
    if not clickable:
        return [even] * count
    wide = min(CLICK_BAND, STACK_ROOM / clickable)
    rest = min(BAND, (STACK_ROOM - wide * clickable) / max(1, count - clickable))
    return [wide if wanted else rest for wanted in offered]


def _piece(scene: Scene, code: str, cx: float, bottom: float, band: float, hidden: bool,
           in_cone: bool, top: bool, cell: str, depth: int | None, play: bool,
           marked: set[Hashable]) -> None:
    large = code in "WB"
    width = LARGE_W if large else MEDIUM_W
    slant = band * 0.55
    height = band * 1.9 if top else band
    if top:
        points = [(cx - width / 2, bottom), (cx + width / 2, bottom), (cx, bottom - height)]
    else:
        points = [(cx - width / 2, bottom), (cx + width / 2, bottom),
                  (cx + width / 2 - slant, bottom - band), (cx - width / 2 + slant, bottom - band)]
    target = ("piece", cell, depth) if play and depth is not None else None
    colour = COLOUR.get(code)
    what, mark = _describe(code, hidden, in_cone, large)
    if colour is None:  # an empty or unknown hiding place
        unknown = code in "mnh"
        scene.polygon(points, fill="#c9c9c9" if unknown else None, stroke="#666",
                      dash=(3.0, 2.0), opacity=0.8, layer=2, target=target, title=what)
    else:
        scene.polygon(points, fill=FILL[colour], stroke=CONE_RIM if in_cone else STROKE[colour],
                      stroke_width=3.0 if in_cone else 1.2, dash=(4.0, 2.0) if hidden else (),
                      opacity=HIDDEN_OPACITY if hidden else 1.0, layer=2, target=target,
                      title=what)
    text_y = bottom - min(height, band) / 2
    if mark in NAMES:  # known only to its hider: words in the band, not a colour letter
        ink = ink_on(backdrop(scene, cx, text_y), dark=INK)  # on the faded piece as drawn
        scene.text(cx, text_y, f"{mark} knows", font_size=max(7.0, min(9.0, band - 5)),
                   font_weight="bold", fill=ink, layer=3, title=what)
    elif mark:
        ink = "#ffffff" if colour == 1 and not hidden else "#222222"
        scene.text(cx, text_y, mark, font_size=max(8.0, min(11.0, band - 3)), fill=ink,
                   layer=3)
    if target is not None and target in marked:
        scene.polygon(points, stroke=MARK, stroke_width=3.0, layer=5)


def _describe(code: str, hidden: bool, in_cone: bool, large: bool) -> tuple[str, str]:
    """A tooltip and a short mark for a piece code."""
    if code in "mn":
        hider = NAMES[0 if code == "m" else 1]
        return f"{hider}'s hiding place: maybe something", "?"
    if code == "h":
        return "a hidden Medium (not shown: this game is played from memory)", "?"
    if code in GHOSTS:
        hider = NAMES[0 if code == "2" else 1]
        return f"nothing hidden here (only {hider} knows)", "∅"
    colour = ("white", "black")[COLOUR[code]]
    size = "Large" if large else "Medium"
    if in_cone:
        return f"{colour} {size}, part of a Cinder Cone", ""
    if code in "0134":
        hider = NAMES[0 if code in "01" else 1]
        return f"hidden {colour} {size}, known only to {hider}", hider
    if hidden:
        return f"hidden {colour} {size}, known to both", ""
    return f"{colour} {size}", ""


def _panel(scene: Scene, subject: LavaPosition, viewer: int | None) -> None:
    x = X0 + 3 * CELL + 16
    y = Y0 + 10
    for p in (0, 1):
        mover = subject.current_player == p
        scene.rect(x, y + p * 24 - 8, 14, 14, fill=FILL[p], stroke=STROKE[p])
        cones = subject.cones.count(p)
        label = f"{NAMES[p]} {cones}/3" + (" ◀" if mover else "")
        scene.text(x + 20, y + p * 24, label, anchor="start", font_size=12, fill=INK,
                   font_weight="bold" if mover else "normal")
    y += 56
    lines = []
    if subject.phase == PLAY:
        lines.append(f"first: {NAMES[subject.first]}")
        left = subject.game.options["ply_cap"] - subject.plies
        lines.append(f"ply {subject.game_ply}")
        lines.append("game over" if subject.current_player is None
                     else f"draw in {left} {'ply' if left == 1 else 'plies'}")
        lines.append("lock: " + (CELLS[subject.lock] if subject.lock >= 0 else "none"))
    else:
        lines.append("setup: secret choices")
    lines.append("view: " + ("everything" if viewer is None else seat_name(subject.game, viewer)))
    oreos = [str(o) for o in subject.oreos()] if subject.phase == PLAY else []
    lines.append("Oreos: none" if not oreos else "Oreos:")
    lines.extend(f"  {o}" for o in oreos[:5])
    if len(oreos) > 5:
        lines.append(f"  … {len(oreos) - 5} more")
    for i, line in enumerate(lines):
        scene.text(x, y + i * 17, line, anchor="start", font_size=11, fill=INK)
    y += len(lines) * 17 + 14
    legend = (("n/3", "Cinder Cones"), ("dashed", "hidden"), ("?", "maybe something"),
              ("∅", "nothing hidden"), ('"White knows"', "hider only"))
    for i, (sign, meaning) in enumerate(legend):
        scene.text(x, y + i * 15, f"{sign}: {meaning}", anchor="start", font_size=9,
                   fill="#555555")
    y += len(legend) * 15
    for i, (colour, meaning) in enumerate(MEANINGS):
        row_y = y + i * 15
        scene.rect(x, row_y - 5, 18, 10, fill=colour, stroke="#8a7f6a", stroke_width=0.5,
                   title=f"legend: {meaning}")
        scene.text(x + 24, row_y, meaning, anchor="start", font_size=9, fill="#555555")


#: How many announcements fit under the board; earlier ones are counted, not drawn.
SHOWN_CLAIMS = 4


def _claims(scene: Scene, subject: LavaPosition) -> None:
    """The last announcements under the board, and how many earlier ones are not shown (all
    of them are in ``.claims`` and in the position's text)."""
    y = Y0 + 3 * CELL + 38
    claims = subject.claims[-SHOWN_CLAIMS:]
    earlier = len(subject.claims) - len(claims)
    if not subject.claims:
        title = "No announcements yet"
    elif earlier:
        title = (f"Announcements ({len(subject.claims)}): the last {len(claims)}; "
                 f"{earlier} earlier in the position's text")
    else:
        title = f"Announcements ({len(subject.claims)})"
    scene.text(X0 - 24, y, title, anchor="start", font_size=12, font_weight="bold", fill=INK)
    for i, claim in enumerate(claims):
        scene.text(X0 - 24, y + 18 * (i + 1), str(claim), anchor="start", font_size=11,
                   fill=RIGHT if claim.right else WRONG)


def _last(scene: Scene, action: Action) -> None:
    """The last action marked: an arrow, a ring, or a word; a cell that is no cell of the
    board (a hand-built action) leaves it unmarked."""
    if isinstance(action, Move | Slide | Eject):
        src = action.cell if isinstance(action, Eject) else action.src
        if src not in INDEX or action.dst not in INDEX:
            return
        (x0, y0), (x1, y1) = _centre(INDEX[src]), _centre(INDEX[action.dst])
        scene.line([(x0, y0), (x1, y1)], stroke=LAST, stroke_width=4, opacity=0.6, layer=6)
        dx, dy = (x1 - x0) / CELL, (y1 - y0) / CELL
        tip = (x1 - dx * 20, y1 - dy * 20)
        side = (-dy * 9, dx * 9)
        back = (tip[0] - dx * 16, tip[1] - dy * 16)
        scene.polygon([tip, (back[0] + side[0], back[1] + side[1]),
                       (back[0] - side[0], back[1] - side[1])], fill=LAST, opacity=0.8,
                      layer=6)
    elif isinstance(action, Bubble) and action.cell in INDEX:
        x, y = _centre(INDEX[action.cell])
        scene.circle(x, y, CELL / 2 - 6, stroke=LAST, stroke_width=3, opacity=0.6, layer=6)
    elif isinstance(action, Pass | Arrange):
        word = "pass" if isinstance(action, Pass) else "arrange"
        scene.text(WIDTH - 12, 24, f"last: {word}", anchor="end", font_size=11, fill=LAST)
