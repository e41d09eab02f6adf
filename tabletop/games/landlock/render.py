"""The picture of a Landlock position: the map, the tile to place, the players, and overlays.

``draw(subject, *, highlight=(), last=None, legal=False, networks=False, best=None,
enclosed=None, checkerboard=False) -> Scene``. Options:

* ``legal`` — highlight where the tile to place may go (or the tiles a bridge may replace);
* ``networks`` — draw ``G_L`` and ``G_W`` as graphs over the vertices;
* ``best`` — mark each role's best network and the sides it reaches;
* ``enclosed`` — mark islands and ponds: one label each, "+4", or struck out where a bridge
  cancels it (the bridge outlined), and a list under the panel saying who scores each;
* ``checkerboard`` — a dot on every vertex in its terrain's colour.

``best`` and ``enclosed`` default to on once the game is over. Targets (made by ``input``'s
helpers): ``("cell", "f6")`` on every cell drawn, ``("rot", k)`` for the turned previews of a
gnome tile, and ``("role", "land")`` / ``("role", "water")`` for the first player's choice.

>>> import tabletop
>>> s = tabletop.load("landlock").new(seed=1)
>>> sorted(s.scene().targets())          # the empty map's middle cell, and the role buttons
[('cell', 'f6'), ('role', 'land'), ('role', 'water')]
>>> ("cell", "f6") in s.apply("land").view(0).scene(legal=True).targets()
True
"""

from __future__ import annotations

from collections.abc import Collection, Hashable
from textwrap import wrap

from ...core.game import Action
from ...render.metrics import text_width
from ...render.scene import Scene
from .actions import Bridge, Place
from .board import (
    CELL_NAMES,
    CELL_X,
    CELL_Y,
    CELLS,
    CENTER,
    LETTERS,
    SIZE,
    SPAN,
    VERTEX_X,
    VERTEX_Y,
    VSIZE,
    box_vertices,
    vertex_name,
)
from .input import cell_target, role_target, turn_target
from .position import LandlockPosition
from .scoring import BOTTOM, LEFT, RIGHT, TOP, Enclosure
from .tiles import BRIDGE, KINDS, LAND, TUSSOCK, TileKind

WIDTH, HEIGHT = 620, 470
CS = 52  # cell size
BOARD_X, BOARD_Y = 40, 62  # top-left of the 7 x 7 board area
BOARD_CELLS = 7
PANEL_X = BOARD_X + BOARD_CELLS * CS + 22
#: How many characters of 11 px text fit on an indented line of the panel (6 px each).
PANEL_CHARS = int((WIDTH - PANEL_X - 20) // 6)
PREVIEW, PREVIEW_COLUMNS = 46, 2  # the turned previews of a gnome tile: size, per row
PREVIEW_STEP = PREVIEW + 18  # from one row of previews to the next (room for "r2")

LAND_FILL, WATER_FILL = "#a5cf6f", "#5aa9e6"
PATH_LINE, STREAM_LINE = "#e3c48d", "#d4ecff"
LAND_DARK, WATER_DARK = "#2e6b1f", "#0b4f8a"
GOLD = "#f2b705"
CANCEL = "#c92a2a"  # a bridge cancelling an island or pond
_CORNER_XY = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))


def draw(subject: LandlockPosition, *, highlight: Collection[Hashable] = (),
         last: Action | None = None, legal: bool = False, networks: bool = False,
         best: bool | None = None, enclosed: bool | None = None,
         checkerboard: bool = False) -> Scene:
    """The scene of a state or view (see the module's docstring for options)."""
    terminal = subject.current_player is None
    game = subject.game
    scene = Scene(WIDTH, HEIGHT, background="#fbf8f1", title=game.title)
    lit = set(highlight)
    if legal:
        lit |= _legal_targets(subject)
    region = _region(subject)
    ox, oy = _origin(region)
    grid = _Grid(region, ox, oy)

    _draw_labels(scene, grid)
    _draw_cells(scene, subject, grid, lit)
    if subject.box is not None:
        x0, y0 = grid.xy(subject.box[0], subject.box[2])
        w = (subject.box[1] - subject.box[0] + 1) * CS
        h = (subject.box[3] - subject.box[2] + 1) * CS
        scene.rect(x0, y0, w, h, fill=None, stroke="#444", stroke_width=2, layer=3)
    enclosed = terminal if enclosed is None else enclosed
    best = terminal if best is None else best
    _draw_facing(scene, subject, grid,
                 {_label_vertex(e) for e in _enclosures(subject)} if enclosed else set())
    if checkerboard:
        _draw_checkerboard(scene, subject, grid)
    if networks:
        _draw_networks(scene, subject, grid)
    if best:
        _draw_best(scene, subject, grid)
    if enclosed:
        _draw_enclosed(scene, subject, grid)
    if isinstance(last, (Place, Bridge)) and 0 <= last.cell < CELLS and grid.shows(last.cell):
        x, y = grid.cell_xy(last.cell)
        scene.rect(x + 2, y + 2, CS - 4, CS - 4, fill=None, stroke="#e4572e", stroke_width=3,
                   layer=6, title=f"last: {last}")
    y = _draw_panel(scene, subject, lit)
    if enclosed:
        _draw_enclosed_list(scene, subject, y + 30)
    return scene


class _Grid:
    """Pixel positions of the cells and vertices of the region drawn."""

    def __init__(self, region: tuple[int, int, int, int], ox: float, oy: float) -> None:
        self.region = region
        self.ox, self.oy = ox, oy

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return self.ox + (x - self.region[0]) * CS, self.oy + (y - self.region[2]) * CS

    def cell_xy(self, cell: int) -> tuple[float, float]:
        return self.xy(CELL_X[cell], CELL_Y[cell])

    def vertex_xy(self, v: int) -> tuple[float, float]:
        return self.xy(VERTEX_X[v], VERTEX_Y[v])

    def shows(self, cell: int) -> bool:
        x0, x1, y0, y1 = self.region
        return x0 <= CELL_X[cell] <= x1 and y0 <= CELL_Y[cell] <= y1


def _region(subject: LandlockPosition) -> tuple[int, int, int, int]:
    """The cells drawn: the bounding box, one more cell wherever the map may still grow."""
    if subject.box is None:
        return (CELL_X[CENTER], CELL_X[CENTER], CELL_Y[CENTER], CELL_Y[CENTER])
    x0, x1, y0, y1 = subject.box
    return (max(x0 - 1, x1 - SPAN + 1, 0), min(x1 + 1, x0 + SPAN - 1, SIZE - 1),
            max(y0 - 1, y1 - SPAN + 1, 0), min(y1 + 1, y0 + SPAN - 1, SIZE - 1))


def _origin(region: tuple[int, int, int, int]) -> tuple[float, float]:
    w = region[1] - region[0] + 1
    h = region[3] - region[2] + 1
    return (BOARD_X + (BOARD_CELLS - w) * CS / 2, BOARD_Y + (BOARD_CELLS - h) * CS / 2)


def _legal_targets(subject: LandlockPosition) -> set[Hashable]:
    if subject.land_team is None:
        return {role_target("land"), role_target("water")}
    if subject.tile is None:
        return set()
    if subject.tile == BRIDGE and subject.bridge_targets():
        return {cell_target(c) for c in subject.bridge_targets()}
    return {cell_target(c) for c in subject.legal_cells()}


def _draw_labels(scene: Scene, grid: _Grid) -> None:
    x0, x1, y0, y1 = grid.region
    for x in range(x0, x1 + 1):
        px, py = grid.xy(x, y0)
        scene.text(px + CS / 2, py - 24, LETTERS[x], fill="#555", font_size=12)
    for y in range(y0, y1 + 1):
        px, py = grid.xy(x0, y)
        scene.text(px - 26, py + CS / 2, str(y + 1), fill="#555", font_size=12)


def _draw_cells(scene: Scene, subject: LandlockPosition, grid: _Grid, lit: set[Hashable]) -> None:
    x0, x1, y0, y1 = grid.region
    placing = subject.tile is not None and not (
        subject.tile == BRIDGE and subject.bridge_targets())
    legal = set(subject.legal_cells()) if placing else set()
    box = subject.box
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            cell = y * SIZE + x
            name = CELL_NAMES[cell]
            px, py = grid.xy(x, y)
            code = subject.board[cell]
            target = cell_target(cell)
            if code >= 0:
                draw_tile(scene, px, py, CS, KINDS[code >> 2], code & 3, layer=1)
                scene.rect(px, py, CS, CS, fill="#ffffff", opacity=0.01, stroke="#5d5d5d",
                           stroke_width=0.5, layer=2, target=target,
                           title=f"{name}: {KINDS[code >> 2].name} r{code & 3}")
                if target in lit:
                    scene.rect(px + 3, py + 3, CS - 6, CS - 6, fill=GOLD, opacity=0.35,
                               stroke=GOLD, stroke_width=3, layer=5, target=target,
                               title=f"bridge {name}")
                continue
            inside = box is not None and box[0] <= x <= box[1] and box[2] <= y <= box[3]
            if not (inside or cell in legal or target in lit or box is None):
                continue
            scene.rect(px + 1, py + 1, CS - 2, CS - 2, fill="#ece6d8" if inside else "#f4efe3",
                       stroke="#b9b09b", dash=() if inside else (4, 3), layer=0, target=target,
                       title=name)
            if target in lit:
                scene.rect(px + 3, py + 3, CS - 6, CS - 6, fill=GOLD, opacity=0.45, stroke=GOLD,
                           stroke_width=2, layer=5, target=target, title=name)


def _terrain_at(kind: TileKind, rot: int, pos: int) -> str:
    corner = (pos - rot) % 4
    if corner % 2 == 0:
        return kind.corner0
    return "W" if kind.corner0 == LAND else LAND


def _band_polygon(a: int, px: float, py: float, s: float) -> list[tuple[float, float]]:
    """The hexagon of a band from corner ``a`` to the opposite corner."""
    if a % 2 == 0:  # NW-SE
        pts = [(0, 0), (0.5, 0), (1, 0.5), (1, 1), (0.5, 1), (0, 0.5)]
    else:  # NE-SW
        pts = [(1, 0), (1, 0.5), (0.5, 1), (0, 1), (0, 0.5), (0.5, 0)]
    return [(px + u * s, py + v * s) for u, v in pts]


def _corner_triangle(pos: int, px: float, py: float, s: float, k: float = 0.5
                     ) -> list[tuple[float, float]]:
    cx, cy = _CORNER_XY[pos]
    dx = k if cx == 0 else -k
    dy = k if cy == 0 else -k
    return [(px + cx * s, py + cy * s), (px + (cx + dx) * s, py + cy * s),
            (px + cx * s, py + (cy + dy) * s)]


def _diagonal(a: int, px: float, py: float, s: float) -> list[tuple[float, float]]:
    (u0, v0), (u1, v1) = _CORNER_XY[a], _CORNER_XY[(a + 2) % 4]
    return [(px + u0 * s, py + v0 * s), (px + u1 * s, py + v1 * s)]


def draw_tile(scene: Scene, px: float, py: float, s: float, kind: TileKind, rot: int,
              layer: int = 1, target: Hashable | None = None, title: str | None = None) -> None:
    """One tile at ``(px, py)`` of size ``s``: bands, corners, tussock, bridge, gnome."""
    terrains = [_terrain_at(kind, rot, p) for p in range(4)]
    land_corner = terrains.index(LAND)  # 0 (NW-SE land diagonal) or 1
    water_corner = 1 - land_corner
    fill = {LAND: LAND_FILL, "W": WATER_FILL}
    if kind.band in (LAND, "W"):
        band = land_corner if kind.band == LAND else water_corner
        other = water_corner if kind.band == LAND else land_corner
        scene.rect(px, py, s, s, fill=fill[kind.band], layer=layer, target=target, title=title)
        for pos in (other, other + 2):
            scene.polygon(_corner_triangle(pos, px, py, s), fill=fill[terrains[pos]],
                          layer=layer, target=target, title=title)
        line = PATH_LINE if kind.band == LAND else STREAM_LINE
        scene.line(_diagonal(band, px, py, s), stroke=line, stroke_width=s * 0.1,
                   dash=(s * 0.12, s * 0.08) if kind.band == LAND else (), layer=layer)
    elif kind.band == "LW":  # bridge: the land band over the water band
        scene.rect(px, py, s, s, fill=WATER_FILL, layer=layer, target=target, title=title)
        scene.polygon(_band_polygon(land_corner, px, py, s), fill=LAND_FILL, layer=layer,
                      target=target, title=title)
        scene.line(_diagonal(water_corner, px, py, s), stroke=STREAM_LINE,
                   stroke_width=s * 0.08, layer=layer)
        scene.line(_diagonal(land_corner, px, py, s), stroke="#8d6e63", stroke_width=s * 0.2,
                   layer=layer)
        scene.line(_diagonal(land_corner, px, py, s), stroke="#c8a27a", stroke_width=s * 0.1,
                   dash=(s * 0.05, s * 0.05), layer=layer)
    else:  # tussock: both terrains in the corners, a creature on grass in the middle
        scene.rect(px, py, s, s, fill="#7fb24a", layer=layer, target=target, title=title)
        for pos in range(4):
            scene.polygon(_corner_triangle(pos, px, py, s, 0.3), fill=fill[terrains[pos]],
                          layer=layer, target=target, title=title)
        cx, cy = px + s / 2, py + s / 2
        scene.circle(cx, cy, s * 0.22, fill="#5e8d2a", stroke="#3f6b1a", layer=layer,
                     target=target, title=title or "tussock")
        for ex in (-0.07, 0.07):
            scene.circle(cx + ex * s, cy - 0.03 * s, s * 0.035, fill="white", layer=layer)
            scene.circle(cx + ex * s, cy - 0.03 * s, s * 0.015, fill="black", layer=layer)
    if kind.gnome is not None:
        _draw_gnome(scene, px, py, s, (kind.gnome + rot) % 4, terrains[(kind.gnome + rot) % 4],
                    layer)


def _draw_gnome(scene: Scene, px: float, py: float, s: float, pos: int, terrain: str,
                layer: int) -> None:
    """A gnome near corner ``pos``, its red hat pointing out through that corner."""
    cx, cy = _CORNER_XY[pos]
    ux, uy = (1 if cx == 0 else -1), (1 if cy == 0 else -1)  # from the corner inwards
    gx, gy = px + (cx + ux * 0.24) * s, py + (cy + uy * 0.24) * s
    r = s * 0.09
    tip = (gx - ux * r * 2.3, gy - uy * r * 2.3)
    side1 = (gx + uy * r * 1.1 - ux * r * 0.3, gy - ux * r * 1.1 - uy * r * 0.3)
    side2 = (gx - uy * r * 1.1 - ux * r * 0.3, gy + ux * r * 1.1 - uy * r * 0.3)
    ring = LAND_DARK if terrain == LAND else WATER_DARK
    kind = "land" if terrain == LAND else "water"
    scene.circle(gx, gy, r, fill="#f6d7b0", stroke=ring, stroke_width=1.5, layer=layer,
                 title=f"{kind} gnome")
    scene.polygon([tip, side1, side2], fill="#d62828", stroke="#7a1010", stroke_width=0.8,
                  layer=layer, title=f"{kind} gnome")


def _draw_facing(scene: Scene, subject: LandlockPosition, grid: _Grid,
                 labelled: Collection[int]) -> None:
    """A gold ring on each vertex where gnomes face each other; on a vertex that carries an
    island's or pond's label (``labelled``), drawn around the label and above it."""
    for group in subject.analysis().gnomes:
        x, y = grid.vertex_xy(group.vertex)
        kind = "land" if group.terrain == LAND else "water"
        r, layer = (CS * 0.34, 10) if group.vertex in labelled else (CS * 0.2, 4)
        scene.circle(x, y, r, fill=None, stroke=GOLD, stroke_width=3, layer=layer,
                     title=f"{len(group.cells)} {kind} gnomes face each other")


def _draw_checkerboard(scene: Scene, subject: LandlockPosition, grid: _Grid) -> None:
    if subject.box is None:
        return
    for v in box_vertices(subject.box):
        x, y = grid.vertex_xy(v)
        land = (VERTEX_X[v] + VERTEX_Y[v]) % 2 == subject.lpar
        scene.circle(x, y, 3.5, fill=LAND_DARK if land else WATER_DARK, stroke="white",
                     layer=7)


def _node_xy(grid: _Grid, node: tuple[int, int]) -> tuple[float, float]:
    return grid.vertex_xy(node[1] * VSIZE + node[0])


def _draw_networks(scene: Scene, subject: LandlockPosition, grid: _Grid) -> None:
    for graph, colour in ((subject.G_L, LAND_DARK), (subject.G_W, WATER_DARK)):
        for a, b, data in graph.edges(data=True):
            scene.line([_node_xy(grid, a), _node_xy(grid, b)], stroke=colour, stroke_width=2.5,
                       layer=7, title=f"{data['tile']} {data['cell']}")
        for node, data in graph.nodes(data=True):
            x, y = _node_xy(grid, node)
            scene.circle(x, y, 3, fill=colour, layer=7, title=data["name"])


def _draw_best(scene: Scene, subject: LandlockPosition, grid: _Grid) -> None:
    analysis = subject.analysis()
    if analysis.box is None:
        return
    x0, x1, y0, y1 = analysis.box
    (lx, ty), (rx, by) = grid.xy(x0, y0), grid.xy(x1 + 1, y1 + 1)
    for terrain, colour, offset in ((LAND, LAND_DARK, -5), ("W", WATER_DARK, -11)):
        best = analysis.best(terrain)
        if best is None or not best.points:
            continue
        cells = set(best.cells)
        lpar = subject.lpar
        for cell in sorted(cells):
            px, py = grid.cell_xy(cell)
            nw_land = (CELL_X[cell] + CELL_Y[cell]) % 2 == lpar
            a = 0 if nw_land == (terrain == LAND) else 1
            scene.line(_diagonal(a, px, py, CS), stroke=colour, stroke_width=5, opacity=0.8,
                       layer=8, title=f"best {'path' if terrain == LAND else 'stream'} network")
        bars = {TOP: [(lx, ty + offset), (rx, ty + offset)],
                BOTTOM: [(lx, by - offset), (rx, by - offset)],
                LEFT: [(lx + offset, ty), (lx + offset, by)],
                RIGHT: [(rx - offset, ty), (rx - offset, by)]}
        for side, pts in bars.items():
            if best.sides & side:
                scene.line(pts, stroke=colour, stroke_width=4, layer=8,
                           title=f"reached by the best network: +{best.points}")


def _enclosures(subject: LandlockPosition) -> list[Enclosure]:
    """The islands and ponds the analysis found, scoring or cancelled, in vertex order."""
    analysis = subject.analysis()
    found = [*analysis.ponds, *analysis.islands, *analysis.cancelled]
    return sorted(found, key=lambda e: e.vertices[0])


def _label_vertex(enclosure: Enclosure) -> int:
    """The vertex of an island or pond nearest its middle: where its one label goes."""
    mx = sum(VERTEX_X[v] for v in enclosure.vertices) / len(enclosure.vertices)
    my = sum(VERTEX_Y[v] for v in enclosure.vertices) / len(enclosure.vertices)
    return min(enclosure.vertices, key=lambda v: ((VERTEX_X[v] - mx) ** 2
                                                  + (VERTEX_Y[v] - my) ** 2, v))


def _enclosure_name(enclosure: Enclosure) -> str:
    """``pond at H6``: named after the vertex that carries its label."""
    what = "island" if enclosure.terrain == LAND else "pond"
    return f"{what} at {vertex_name(_label_vertex(enclosure))}"


def _bridges_text(enclosure: Enclosure) -> str:
    """``the bridge on e5``, or ``the bridges on e5, f6``."""
    cells = ", ".join(CELL_NAMES[c] for c in enclosure.bridges)
    return f"the bridge{'s' if len(enclosure.bridges) > 1 else ''} on {cells}"


def _enclosure_title(enclosure: Enclosure) -> str:
    what = "island" if enclosure.terrain == LAND else "pond"
    where = " ".join(vertex_name(v) for v in enclosure.vertices)
    if enclosure.cancelled:
        return f"{what} {where}: cancelled by {_bridges_text(enclosure)}, scores nothing"
    return f"{what} {where}: +4 {'Water' if enclosure.terrain == LAND else 'Land'}"


def _draw_enclosed(scene: Scene, subject: LandlockPosition, grid: _Grid) -> None:
    """Each island and pond: a ring on each of its vertices and one label: "+4" with its bands
    traced, or (cancelled by a bridge) a struck-out "4" with dashed rings and the bridge
    outlined."""
    for enclosure in _enclosures(subject):
        colour = LAND_DARK if enclosure.terrain == LAND else WATER_DARK
        title = _enclosure_title(enclosure)
        dash = (3.0, 2.0) if enclosure.cancelled else ()
        for cell in () if enclosure.cancelled else enclosure.cells:
            px, py = grid.cell_xy(cell)
            nw_land = (CELL_X[cell] + CELL_Y[cell]) % 2 == subject.lpar
            a = 0 if nw_land == (enclosure.terrain == LAND) else 1
            scene.line(_diagonal(a, px, py, CS), stroke=colour, stroke_width=3, opacity=0.8,
                       layer=8, title=title)
        for v in enclosure.vertices:
            x, y = grid.vertex_xy(v)
            scene.circle(x, y, CS * 0.11, fill="white", opacity=0.9, stroke=colour,
                         stroke_width=2, dash=dash, layer=8, title=title)
        x, y = grid.vertex_xy(_label_vertex(enclosure))
        r = CS * 0.24
        scene.circle(x, y, r, fill="white", stroke=CANCEL if enclosure.cancelled else colour,
                     stroke_width=2.5, layer=9, title=title)
        if not enclosure.cancelled:
            scene.text(x, y, "+4", fill=colour, font_size=12, font_weight="bold", layer=9,
                       title=title)
            continue
        scene.text(x, y, "4", fill=colour, font_size=13, font_weight="bold", layer=9,
                   title=title)
        scene.line([(x - r * 0.7, y - r * 0.7), (x + r * 0.7, y + r * 0.7)], stroke=CANCEL,
                   stroke_width=2.5, layer=9, title=title)
        for cell in enclosure.bridges:
            px, py = grid.cell_xy(cell)
            scene.rect(px + 2, py + 2, CS - 4, CS - 4, fill=None, stroke=CANCEL,
                       stroke_width=2.5, dash=(5.0, 3.0), layer=8, title=title)


def _draw_enclosed_list(scene: Scene, subject: LandlockPosition, y: float) -> None:
    """Under the panel: each island and pond, who scores it or which bridge cancels it."""
    found = _enclosures(subject)
    if not found:
        return
    x = PANEL_X
    scene.text(x, y, "Islands and ponds", fill="#333", font_size=12, font_weight="bold",
               anchor="start")
    lines: list[tuple[str, str]] = []
    for enclosure in found:
        name = _enclosure_name(enclosure)
        if enclosure.cancelled:
            lines.append((f"{name}: 0", CANCEL))
            reason = f"cancelled by {_bridges_text(enclosure)}"
            lines += [(part, CANCEL) for part in wrap(reason, PANEL_CHARS, subsequent_indent="  ")]
        else:
            scorer = "Water" if enclosure.terrain == LAND else "Land"
            colour = LAND_DARK if enclosure.terrain == LAND else WATER_DARK
            lines.append((f"{name}: +4 {scorer}", colour))
    room = int((HEIGHT - 10 - (y + 18)) // 16) + 1
    if len(lines) > room:
        hidden = sum(1 for text, _ in lines[room - 1:] if not text.startswith(("cancelled", " ")))
        lines = lines[:room - 1] + [(f"… {hidden} more: see score_breakdown()", "#555")]
    for i, (text, colour) in enumerate(lines):
        indent = 10 if text.startswith(("cancelled", "  ")) else 0
        scene.text(x + indent, y + 18 + 16 * i, text, fill=colour, font_size=11,
                   anchor="start")


def _draw_panel(scene: Scene, subject: LandlockPosition, lit: set[Hashable]) -> float:
    """The panel right of the map; returns how far down it reaches."""
    game = subject.game
    x = PANEL_X
    mover = subject.current_player
    scene.text(WIDTH / 2, 20, game.title, fill="#333", font_size=16, font_weight="bold")
    y = 56
    if subject.land_team is None:
        scene.text(x, y, f"{game.player_name(subject.first)} goes first:", fill="#333",
                   font_size=13, anchor="start")
        scene.text(x, y + 18, "choose Land or Water", fill="#333", font_size=13, anchor="start")
        for i, role in enumerate(("land", "water")):
            target = role_target(role)
            bx, by = x + i * 88, y + 34
            fill = LAND_FILL if role == "land" else WATER_FILL
            scene.rect(bx, by, 80, 30, rx=6, fill=fill, stroke=GOLD if target in lit else "#666",
                       stroke_width=3 if target in lit else 1, layer=1, target=target,
                       title=role.title())
            scene.text(bx + 40, by + 15, role.title(), fill="#123", font_size=13, layer=2,
                       target=target)
        y += 84
    elif subject.tile is not None:
        kind = KINDS[subject.tile]
        how = "removed by a bridge" if subject.pending else "drawn"
        scene.text(x, y, f"{game.player_name(subject.to_move)} places", fill="#333",
                   font_size=13, anchor="start")
        caption = [f"a {kind.name} ({how})"]
        if text_width(caption[0], 12) > WIDTH - 1 - x:  # past the edge: two lines
            caption = [f"a {kind.name}", f"({how})"]
        for i, line in enumerate(caption):
            scene.text(x, y + 17 + 14 * i, line, fill="#333", font_size=12, anchor="start")
        y += 14 * (len(caption) - 1)  # a caption too long for the panel takes two lines
        draw_tile(scene, x, y + 30, 60, kind, 0, title=kind.name)
        scene.rect(x, y + 30, 60, 60, fill=None, stroke="#444", layer=1)
        rots = [rot for rot in range(4) if turn_target(rot) in lit]
        extra = PREVIEW_STEP * (max(len(rots) - 1, 0) // PREVIEW_COLUMNS)  # more rows
        for i, rot in enumerate(rots):
            rx, ry = _preview_xy(x, y, i)
            turn = turn_target(rot)
            draw_tile(scene, rx, ry, PREVIEW, kind, rot, layer=1, target=turn, title=f"r{rot}")
            scene.rect(rx, ry, PREVIEW, PREVIEW, fill=None, stroke=GOLD, stroke_width=3,
                       layer=2, target=turn, title=f"r{rot}")
            scene.text(rx + PREVIEW / 2, ry + PREVIEW + 10, f"r{rot}", fill="#333",
                       font_size=11, layer=2)
        if subject.tile == BRIDGE and subject.bridge_targets():
            scene.text(x, y + 104 + extra, "replace a tile inside the map", fill="#333",
                       font_size=11, anchor="start")
        elif subject.tile == TUSSOCK:
            scene.text(x, y + 104 + extra, "tussock: +1 at once", fill="#333", font_size=11,
                       anchor="start")
        y += 122 + extra
    else:
        scene.text(x, y, "Game over", fill="#333", font_size=14, font_weight="bold",
                   anchor="start")
        scene.text(x, y + 20, _result(subject), fill="#333", font_size=12, anchor="start")
        y += 46
    points = subject.team_points()
    for p in range(game.players):
        plays = subject.role(p)
        name = game.player_name(p) + (f" · {plays.title()}" if plays is not None else "")
        score = points[p % 2]
        marker = "▶ " if p == mover else ""
        scene.text(x, y, f"{marker}{name}: {score:g}", fill="#222", font_size=13,
                   font_weight="bold" if p == mover else "normal", anchor="start")
        y += 20
    if subject.land_team is not None:
        scene.text(x, y + 6, f"tiles on the map: {subject.count}", fill="#555", font_size=12,
                   anchor="start")
        scene.text(x, y + 24, f"draw pile: {subject.pile_count} "
                   f"{'tile' if subject.pile_count == 1 else 'tiles'}", fill="#555",
                   font_size=12, anchor="start")
        y += 24
    return y


def _preview_xy(x: float, y: float, i: int) -> tuple[float, float]:
    """Where the ``i``-th turned preview of the tile to place goes: right of the tile, in
    rows of ``PREVIEW_COLUMNS``, so that all four turns of a first tile fit in the panel.

    >>> [_preview_xy(PANEL_X, 56, i) for i in range(4)]
    [(498, 92), (554, 92), (498, 156), (554, 156)]
    >>> _preview_xy(PANEL_X, 56, 3)[0] + PREVIEW <= WIDTH
    True
    """
    row, column = divmod(i, PREVIEW_COLUMNS)
    return x + 72 + column * (PREVIEW + 10), y + 36 + row * PREVIEW_STEP


def _result(subject: LandlockPosition) -> str:
    points = subject.team_points()
    if points[0] == points[1]:
        return "a draw"
    team = 0 if points[0] > points[1] else 1
    names = [subject.game.player_name(p) for p in range(subject.game.players) if p % 2 == team]
    return " and ".join(names) + (" wins" if len(names) == 1 else " win")

