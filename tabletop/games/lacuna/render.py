"""Lacuna's picture: the round mat, the flowers, the pawns, and the lines a learner asks for.

``draw(subject, *, highlight=(), last=None, lines=None, blocked=None, line=None,
territories=None, labels=True)``:

* ``lines``: ``True`` draws every open same-colour line, a colour (name or number) only that
  colour's, ``False`` or ``None`` none; ``blocked``: the same for the blocked lines, each with
  its blockers ringed (any other value is refused, a misspelt colour with the nearest name);
* ``line=(a, b)``: the legal stretch of one line (where a pawn may stand), or what blocks it;
  ``a`` and ``b`` must be two flowers of one colour still on the mat (``0 .. 47`` in a full
  game): any other pair is no line, and is refused saying why, not drawn as a blocked one;
* ``territories``: the nearest-pawn regions (Voronoi) and who takes each flower — on by
  default once the game is over;
* ``labels``: flower numbers.

Targets: ``("flower", id)``, ``("pawn", i)``; while a line is being chosen ``("spot", a, b,
k)`` dots and the line itself, ``("line", a, b)``; for free placements ``("free", x, y)``
dots and the mat, ``("mat",)``. Flowers and the free dot are hit within ``MARK_HIT / 2`` of
their centre and a line's dots within ``SPOT_HIT / 2``, however small they are drawn (16 px
where a laptop shows the picture) — a flower within ``0.95 ×`` the distance to its nearest
neighbour on the mat where that is less (``flower_radius`` under about 1.6% of
``mat_radius`` packs flowers closer than a click tells apart), so that a click at a flower's
centre always takes that flower, never a neighbour drawn over it. No rule logic here: every
fact comes from the position.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable
from typing import TYPE_CHECKING, Annotated

from tabletop.core.choices import suggestion
from tabletop.core.game import Action
from tabletop.core.plain import plain
from tabletop.core.quoting import brief
from tabletop.render.contrast import ink_on
from tabletop.render.scene import Scene, min_hit

from .actions import COLOURS, Place, PlaceFree, SetAside, colour_name, fraction_text
from .board import PAWN_FILL
from .flowerids import flower_ids, flowers_text
from .geometry import STEPS, TICKS
from .marks import flower, shape_of
from .plane import voronoi_cells

if TYPE_CHECKING:
    from .position import LacunaPosition

WIDTH, HEIGHT = 640, 540
CX, CY, MAT_PX = 270.0, 270.0, 255.0
HEX = {"red": "#e6194b", "orange": "#f58231", "yellow": "#ffe119", "green": "#3cb44b",
       "blue": "#4363d8", "violet": "#a33bd1", "white": "#f2f2f2"}
PAWN_NAME = ("Gold", "Silver")
MAT, WAVES, INK = "#0d1b2a", "#173454", "#e8eef5"
#: A flower before the colours are poured (white numbers on it reach 4.5:1).
UNPOURED = "#707070"


def scale(subject: LacunaPosition) -> float:
    """Pixels per mat unit."""
    return MAT_PX * TICKS / subject.params.mat


#: A flower holds its number when its diameter is at least this many font sizes (at the
#: default sizes it is twice); a smaller flower (``flower_radius`` under about 1.6% of the
#: mat radius) has its number beside it, read on the mat.
LABEL_FITS = 1.4
#: A sample spot's hit area, across, in picture units: 16.6 px where the widget shows the
#: 640-unit-wide picture 506 px wide (JupyterLab at 1280x800 with the file browser open),
#: and narrower than the least gap between listed spots (``board.SPOT_GAPS``: 21.25 units).
SPOT_HIT = 21.0
#: A flower's (and the free dot's) hit area, across, in picture units: 16 px where a laptop
#: shows the picture (``min_hit``), narrowed only where two flowers stand closer
#: (``_hit_radii``).
MARK_HIT = min_hit(WIDTH, HEIGHT)


def _hit_radii(subject: LacunaPosition, s: float) -> dict[int, float]:
    """The hit radius of each flower on the mat whose nearest neighbour is closer than
    ``MARK_HIT / 2`` pixels: ``0.95 ×`` that distance (its centre is then in no other
    flower's hit area). Empty where no two flowers can come that close (flowers are at least
    2.5 radii apart, so at the default sizes and any ``flower_radius`` of 1.6% of the mat
    or more)."""
    if 2.5 * subject.params.flower / TICKS * s >= MARK_HIT / 2:
        return {}
    on = subject.flowers_on_mat()
    px = {f: subject.flower_xy(f) for f in on}
    out = {}
    for f in on:
        (x, y), near = px[f], MARK_HIT / 2 / s
        for g in on:
            if g != f:
                near = min(near, ((px[g][0] - x) ** 2 + (px[g][1] - y) ** 2) ** 0.5)
        if near * s < MARK_HIT / 2:
            out[f] = 0.95 * near * s
    return out


def to_pixels(subject: LacunaPosition, x: float, y: float) -> tuple[float, float]:
    """Mat units (y up, centre 0) → scene pixels."""
    s = scale(subject)
    return CX + x * s, CY - y * s


def from_pixels(subject: LacunaPosition, px: float, py: float) -> tuple[float, float]:
    """Scene pixels → mat units (the inverse of ``to_pixels``)."""
    s = scale(subject)
    return (px - CX) / s, (CY - py) / s


Colours = bool | str | int | None
"""Which lines to draw: all (``True``), none (``False``, ``None``), or one colour's, by name
or number."""


def colours(name: str, value: object) -> Colours:
    """``value`` (numpy's numbers made plain) if it is one of ``Colours`` and names a colour
    that exists; else a ``ValueError`` naming ``name`` and the colours there are."""
    found = plain(value)
    if found is None or type(found) is bool or (isinstance(found, str) and found in COLOURS) \
            or (type(found) is int and 0 <= found < len(COLOURS)):
        return found
    hint = suggestion(found, COLOURS) if isinstance(found, str) else ""
    raise ValueError(f"{name} should be True, False, None, a colour ({', '.join(COLOURS)}) "
                     f"or its number 0..{len(COLOURS) - 1}, not {brief(value)}{hint}")


def _colour_filter(value: Colours) -> set[int] | None:
    """``True`` → all colours; a name or number → that one; ``None``/``False`` → none."""
    if value is None or value is False:
        return None
    if value is True:
        return set(range(len(COLOURS)))
    return {COLOURS.index(value) if isinstance(value, str) else value}


def _line(subject: LacunaPosition, line: tuple[int, int]) -> tuple[int, int]:
    """``line`` as two flowers of one colour on the mat of ``subject``, lower first; else a
    ``ValueError`` saying why it is no line."""
    pair = flower_ids(line, len(subject.points)) if len(line) == 2 else None
    if pair is None:
        raise ValueError(f"line should be a pair (a, b) of {flowers_text(len(subject.points))}"
                         f", not {brief(line)}")
    a, b = min(pair), max(pair)
    why = None
    if a == b:
        why = f"it names flower {a} twice (a line joins two flowers)"
    elif subject.colors is None:
        why = "the colours are not poured yet (the start player sets a colour aside first)"
    elif not (subject.on_mat >> a) & 1 or not (subject.on_mat >> b) & 1:
        gone = a if not (subject.on_mat >> a) & 1 else b
        why = f"flower {gone} is no longer on the mat (a player took it)"
    elif subject.colors[a] != subject.colors[b]:
        why = (f"flower {a} is {colour_name(subject.colors[a])} and flower {b} "
               f"{colour_name(subject.colors[b])} (a line joins two flowers of one colour)")
    if why is not None:
        raise ValueError(f"line=({a}, {b}) is no line: {why}")
    return a, b


def draw(subject: LacunaPosition, *, highlight: Collection[Hashable] = (),
         last: Action | None = None,
         lines: Annotated[Colours, colours] = None,
         blocked: Annotated[Colours, colours] = None, line: tuple[int, int] | None = None,
         territories: bool | None = None, labels: bool = True) -> Scene:
    """The picture of a Lacuna state or view (see the module docstring for the options)."""
    pair = None if line is None else _line(subject, line)
    scene = Scene(WIDTH, HEIGHT, background="#050b14", title="Lacuna")
    s = scale(subject)
    rf = subject.params.flower / TICKS * s
    rp = subject.params.pawn / TICKS * s
    marks = list(highlight)
    wanted = set(marks)
    free_targets = [t for t in marks if isinstance(t, tuple) and t and t[0] == "free"]
    scene.circle(CX, CY, MAT_PX, fill=WAVES, target=("mat",) if free_targets else None)
    scene.circle(CX, CY, MAT_PX * (1 - subject.params.flower / subject.params.mat * 2.2),
                 fill=MAT)

    def xy_f(f: int) -> tuple[float, float]:
        return to_pixels(subject, *subject.flower_xy(f))

    def hexof(f: int) -> str:
        return UNPOURED if subject.colors is None else HEX[colour_name(subject.colors[f])]

    over = subject.is_terminal
    if territories if territories is not None else over:
        _territories(scene, subject)

    if subject.colors is not None:
        show = _colour_filter(lines)
        if show:
            for a, b in subject.open_pairs():
                if subject.colors[a] in show:
                    scene.line([xy_f(a), xy_f(b)], stroke=hexof(a), stroke_width=1.5,
                               opacity=0.8, layer=2)
        show = _colour_filter(blocked)
        if show:
            for (a, b), why in subject.blocked_pairs():
                if subject.colors[a] in show:
                    _blocked_line(scene, subject, a, b, why, hexof(a), rf, rp)
        if pair is not None:
            a, b = pair
            if subject.is_open(a, b):
                _stretch(scene, subject, a, b, target=None)
            else:
                _blocked_line(scene, subject, a, b, subject.blockers(a, b), hexof(a), rf, rp)

    # the chosen line while a position is picked
    spots = [t for t in marks if isinstance(t, tuple) and t and t[0] == "spot"]
    for a, b in dict.fromkeys((t[1], t[2]) for t in spots):
        _stretch(scene, subject, a, b, target=("line", a, b))

    # flowers: on the mat, and faint ghosts where collected ones stood
    on_mat = subject.on_mat
    hit_r = _hit_radii(subject, s)
    for f in range(len(subject.points)):
        x, y = xy_f(f)
        name = "?" if subject.colors is None else colour_name(subject.colors[f])
        if (on_mat >> f) & 1:
            if shape_of(name) == "disc":
                scene.circle(x, y, rf, fill=hexof(f), stroke="#000000", stroke_width=0.8,
                             layer=4, target=("flower", f), title=f"flower {f} ({name})",
                             hit_r=hit_r.get(f, MARK_HIT / 2))
            else:  # its colour's shape, hit as the disc is
                flower(scene, x, y, rf, name, fill=hexof(f), stroke="#000000",
                       stroke_width=0.8, layer=4)
                scene.circle(x, y, rf, layer=4, target=("flower", f),
                             title=f"flower {f} ({name})", hit_r=hit_r.get(f, MARK_HIT / 2))
            if labels:  # dark or light numbers, whichever reads better on the colour
                font = max(6.0, rf * 0.95)
                if 2 * rf >= LABEL_FITS * font:
                    scene.text(x, y, str(f), font_size=font, layer=7, fill=ink_on(hexof(f)))
                else:  # a flower smaller than its number: the number beside it, on the mat
                    scene.text(x + rf + 1, y, str(f), font_size=font, layer=7, anchor="start",
                               fill=ink_on(MAT))
        else:
            owner = subject.owner_of(f)  # a ghost in its colour's outline, as on the mat
            flower(scene, x, y, rf * 0.6, name, fill=None, stroke=hexof(f), stroke_width=1,
                   opacity=0.35, layer=3,
                   title=f"flower {f} ({name}), collected by {PAWN_NAME[owner or 0]}")

    # pawns
    for i, (_, _, owner) in enumerate(subject.pawns):
        x, y = to_pixels(subject, *subject.pawn_xy(i))
        scene.circle(x, y, rp, fill=PAWN_FILL[owner], stroke="#3a2f0b" if owner == 0
                     else "#3b3f44", stroke_width=1.2, layer=5, target=("pawn", i),
                     title=f"{PAWN_NAME[owner]} pawn {i}")

    # end: who takes each remaining flower
    if over and subject.colors is not None:
        for f, owner in subject.claims().items():
            x, y = xy_f(f)
            if owner is None:
                scene.circle(x, y, rf + 2.5, fill=None, stroke="#ffffff", stroke_width=1.2,
                             dash=(2, 2), layer=6, title=f"flower {f}: a tie, nobody's")
            else:
                scene.circle(x, y, rf + 2.5, fill=None, stroke=PAWN_FILL[owner],
                             stroke_width=2, layer=6, title=f"flower {f}: {PAWN_NAME[owner]}'s")

    # the last action
    if isinstance(last, Place | PlaceFree) and subject.pawns:
        x, y = to_pixels(subject, *subject.pawn_xy(len(subject.pawns) - 1))
        scene.circle(x, y, rp + 4, fill=None, stroke="#ff5577", stroke_width=2, layer=6)
        if isinstance(last, Place) and 0 <= min(last.a, last.b) \
                and max(last.a, last.b) < len(subject.points):
            scene.line([xy_f(last.a), xy_f(last.b)], stroke="#ff5577", stroke_width=1,
                       dash=(4, 3), layer=3)

    # clickable marks
    for t in marks:
        if not (isinstance(t, tuple) and t):
            continue
        if t[0] == "flower" and t[1] < len(subject.points):
            x, y = xy_f(t[1])
            scene.circle(x, y, rf + 3, fill=None, stroke="#ffffff", stroke_width=2, layer=6)
        elif t[0] == "spot":
            _, a, b, k = t
            (ax, ay), (bx, by) = subject.flower_xy(a), subject.flower_xy(b)
            x, y = to_pixels(subject, ax + k / STEPS * (bx - ax), ay + k / STEPS * (by - ay))
            scene.circle(x, y, max(3.0, rp * 0.5), fill="#ffffff", stroke="#000000",
                         stroke_width=0.8, layer=8, target=t, title=f"@{fraction_text(k)}",
                         hit_r=SPOT_HIT / 2)
        elif t[0] == "free":
            x, y = to_pixels(subject, t[1] / TICKS, t[2] / TICKS)
            scene.circle(x, y, 3, fill="#ffffff", opacity=0.8, layer=8, target=t,
                         hit_r=MARK_HIT / 2)
    _panel(scene, subject, last, wanted)
    return scene


def _stretch(scene: Scene, subject: LacunaPosition, a: int, b: int,
             target: Hashable | None) -> None:
    """The line a-b: thin in full, thick where a pawn may stand."""
    (ax, ay), (bx, by) = subject.flower_xy(a), subject.flower_xy(b)
    colour = HEX[colour_name(subject.colors[a])] if subject.colors is not None else INK
    # The whole line is clickable too: a click in a gap snaps to the nearest legal spot.
    scene.line([to_pixels(subject, ax, ay), to_pixels(subject, bx, by)], stroke=colour,
               stroke_width=1, opacity=0.9, layer=2, target=target)
    for k0, k1 in subject.stretch(a, b):
        p0 = to_pixels(subject, ax + k0 / STEPS * (bx - ax), ay + k0 / STEPS * (by - ay))
        p1 = to_pixels(subject, ax + k1 / STEPS * (bx - ax), ay + k1 / STEPS * (by - ay))
        if p0 == p1:
            p1 = (p1[0] + 0.5, p1[1])
        scene.line([p0, p1], stroke="#ffffff", stroke_width=7, opacity=0.45, layer=3,
                   target=target, title=f"where a pawn may stand on {a}-{b}")


def _blocked_line(scene: Scene, subject: LacunaPosition, a: int, b: int,
                  why: tuple[tuple[str, int], ...], colour: str, rf: float, rp: float) -> None:
    pa = to_pixels(subject, *subject.flower_xy(a))
    pb = to_pixels(subject, *subject.flower_xy(b))
    scene.line([pa, pb], stroke=colour, stroke_width=1, dash=(3, 3), opacity=0.7, layer=2,
               title=f"{a}-{b} blocked")
    for kind, i in why:
        if kind == "flower":
            x, y = to_pixels(subject, *subject.flower_xy(i))
            r = rf
        else:
            x, y = to_pixels(subject, *subject.pawn_xy(i))
            r = rp
        scene.circle(x, y, r + 2, fill=None, stroke="#ff3030", stroke_width=1.5, layer=6,
                     title=f"blocks {a}-{b}")


def _territories(scene: Scene, subject: LacunaPosition) -> None:
    if not subject.pawns:
        return
    sites = [subject.pawn_xy(i) for i in range(len(subject.pawns))]
    radius = subject.params.mat / TICKS
    for i, cell in enumerate(voronoi_cells(sites, radius)):
        if len(cell) >= 3:
            owner = subject.pawns[i][2]
            scene.polygon([to_pixels(subject, x, y) for x, y in cell], fill=PAWN_FILL[owner],
                          opacity=0.22, layer=1, title=f"{PAWN_NAME[owner]}'s territory")


def _panel(scene: Scene, subject: LacunaPosition, last: Action | None,
           wanted: set[Hashable]) -> None:
    x0 = 545.0
    scene.text(x0, 22, "Lacuna", font_size=16, font_weight="bold", anchor="start", fill=INK)
    mover = subject.current_player
    if mover is None:
        won = subject.colours_won()
        winners = subject.leaders()
        status = ["game over", f"colours {won[0]}–{won[1]}"]
        if len(winners) == 1:
            status.append(f"{PAWN_NAME[winners[0]]} wins")
    elif subject.colors is None:
        status = [f"{PAWN_NAME[mover]} sets", "a flower aside"]
    else:
        status = [f"{PAWN_NAME[mover]} to move"]
    for i, text in enumerate(status):
        scene.text(x0, 42 + 14 * i, text, font_size=11, anchor="start", fill=INK)
    placed = [sum(1 for p in subject.pawns if p[2] == o) for o in (0, 1)]
    for o in (0, 1):
        y = 92 + 18 * o
        scene.circle(x0 + 6, y, 6, fill=PAWN_FILL[o])
        scene.text(x0 + 18, y, f"{PAWN_NAME[o]} {6 - placed[o]} left", font_size=10,
                   anchor="start", fill=INK)
    for o, head in enumerate(("G", "S")):
        scene.text(x0 + 48 + 20 * o, 134, head, font_size=10, fill=INK)
    tally = subject.tally()
    for c, name in enumerate(COLOURS):
        y = 152 + 19 * c
        flower(scene, x0 + 6, y, 6, name, fill=HEX[name], stroke="#000000", stroke_width=0.5)
        for o in (0, 1):
            n = tally[o][c]
            scene.text(x0 + 48 + 20 * o, y, str(n), font_size=11, fill=INK,
                       font_weight="bold" if n >= 4 else "normal")
    if subject.aside is not None:
        scene.text(x0, 292, f"aside: {colour_name(subject.aside)}", font_size=10,
                   anchor="start", fill=INK)
    if isinstance(last, SetAside):
        scene.text(x0, 308, f"set aside {colour_name(last.colour)}", font_size=10,
                   anchor="start", fill="#ff5577")
