"""TEST ORACLE: an independent reference implementation of The Legend of Landlock.

Written from ``rules/landlock.md`` (docs/rules/landlock.md's source) and the seed rules text
only, without reading ``tabletop/games/landlock``: it exists so that tests can play the same
game in both and compare every legal-action list, map, hand, score and outcome. It is plain,
slow on purpose (no caches, no networkx) and imports nothing from tabletop. It speaks the
library's action notation (``land``, ``f6 r1``, ``bridge e6``) because that is the interface
the two share; its board is its own.

Geometry. Cell ``(c, r)``: column ``c`` (``a`` = 0) and row ``r`` (``1`` = 0) of an 11 x 11
lattice; the first tile goes on ``f6`` = ``(5, 5)``. Its corners, clockwise from top-left,
are 0 = NW at vertex ``(c, r)``, 1 = NE ``(c + 1, r)``, 2 = SE ``(c + 1, r + 1)`` and
3 = SW ``(c, r + 1)``. Turning a tile by ``k`` quarter turns clockwise moves corner ``i`` to
``(i + k) % 4``.

>>> ref = Reference(players=2, first=0, pile=["P"] * 17 + ["S"] * 17 + ["B"] * 3 + ["T"] * 3)
>>> ref.legal()
['land', 'water']
>>> ref.apply("land"); ref.legal()
['f6 r0', 'f6 r1']
>>> ref.apply("f6 r0"); ref.hand, ref.to_move, len(ref.legal())
('P', 1, 4)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

SIZE = 11  # cells per side of the lattice
MAX_SPAN = 6  # the map stays within 6 x 6 [S]
FIRST = (5, 5)  # f6
COLUMNS = "abcdefghijk"
Vertex = tuple[int, int]

# Each kind: which corners carry land at rotation 0 ("L" band kinds: corners 0 and 2; "W"
# band kinds: corners 1 and 3 are the land corners), and the gnome's corner at rotation 0.
#   P: path, land band top-left to bottom-right.   S: stream, water band likewise.
#   PL: land gnome at the band's top-left end.     PW: water gnome in the top-right water corner.
#   SW: water gnome at the band's top-left end.    SL: land gnome in the top-right land corner.
#   B: bridge, land band top-left to bottom-right over the water band.   T: tussock.
BAND = {"P": "L", "PL": "L", "PW": "L", "S": "W", "SW": "W", "SL": "W", "B": "LW", "T": ""}
GNOME = {"PL": 0, "PW": 1, "SW": 0, "SL": 1}
COUNTS = {"P": 11, "PL": 3, "PW": 3, "S": 11, "SW": 3, "SL": 3, "B": 3, "T": 3}


def cell_name(cell: tuple[int, int]) -> str:
    """``(5, 5)`` -> ``'f6'``."""
    return f"{COLUMNS[cell[0]]}{cell[1] + 1}"


def parse_cell(text: str) -> tuple[int, int]:
    """``'f6'`` -> ``(5, 5)``."""
    return COLUMNS.index(text[0]), int(text[1:]) - 1


def corner_vertex(cell: tuple[int, int], corner: int) -> tuple[int, int]:
    c, r = cell
    return ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))[corner % 4]


def land_corners(kind: str, rot: int) -> frozenset[int]:
    """The corners showing land for a tile of ``kind`` turned ``rot``.

    A tussock's corners are wild; only as the first tile does its rotation count, fixing the
    checkerboard as a path's would ("its rotation fixes the checkerboard", rules: Setup).
    """
    first = 0 if BAND[kind] in ("L", "LW", "") else 1
    return frozenset({(first + rot) % 4, (first + rot + 2) % 4})


@dataclass
class Reference:
    """One game, mutated in place by :meth:`apply` (an oracle, not a library state)."""

    players: int
    first: int
    pile: list[str]  # draw order, top first (the chance outcome, taken from the library)
    board: dict[tuple[int, int], tuple[str, int]] = field(default_factory=dict)
    land_team: int | None = None  # team (player % 2) playing Land
    to_move: int | None = None
    hand: str | None = None
    pending: bool = False  # the hand is a tile a bridge removed
    lpar: int | None = None  # vertex (x, y) is land iff (x + y) % 2 == lpar
    team_points: list[int] = field(default_factory=lambda: [0, 0])
    gnomes_when: str = "end"  # the library's option ``gnomes`` (docs/rules/landlock.md, I11)

    def __post_init__(self) -> None:
        self.pile = list(self.pile)
        self.to_move = self.first

    # ----------------------------------------------------------------- who is who
    def team(self, player: int) -> int:
        return player % 2 if self.players == 4 else player

    def role(self, player: int) -> str | None:
        if self.land_team is None:
            return None
        return "land" if self.team(player) == self.land_team else "water"

    @property
    def terminal(self) -> bool:
        return len(self.board) == MAX_SPAN * MAX_SPAN

    # ----------------------------------------------------------------- geometry
    def box(self) -> tuple[int, int, int, int]:
        cols = [c for c, _ in self.board]
        rows = [r for _, r in self.board]
        return min(cols), max(cols), min(rows), max(rows)

    def fits(self, kind: str, rot: int, cell: tuple[int, int]) -> bool:
        if self.lpar is None:
            return True
        if kind == "T":
            return True
        land = land_corners(kind, rot)
        for corner in range(4):
            x, y = corner_vertex(cell, corner)
            if ((x + y) % 2 == self.lpar) != (corner in land):
                return False
        return True

    def open_cells(self) -> list[tuple[int, int]]:
        if not self.board:
            return [FIRST]
        c0, c1, r0, r1 = self.box()
        cells = set()
        for c, r in self.board:  # empty orthogonal neighbours of tiles in play
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                cell = (c + dc, r + dr)
                if cell in self.board or not (0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE):
                    continue
                width = max(c1, cell[0]) - min(c0, cell[0]) + 1
                height = max(r1, cell[1]) - min(r0, cell[1]) + 1
                if width <= MAX_SPAN and height <= MAX_SPAN:
                    cells.add(cell)
        return sorted(cells)

    def shown_rotations(self, kind: str, cell: tuple[int, int]) -> list[int]:
        """Rotations that fit, one per distinct look (r0/r1 for gnomeless tiles, r0 for T)."""
        if kind == "T" and self.board:
            return [0]
        rots = [k for k in range(4) if self.fits(kind, k, cell)]
        if kind not in GNOME:
            rots = sorted({k % 2 for k in rots})
        return rots

    def gnomes(self) -> dict[tuple[int, int], list[tuple[int, int]]]:
        """Vertex -> the cells whose gnome sits there."""
        at: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for cell, (kind, rot) in self.board.items():
            if kind in GNOME:
                at.setdefault(corner_vertex(cell, GNOME[kind] + rot), []).append(cell)
        return at

    def facing_cells(self) -> set[tuple[int, int]]:
        return {cell for cells in self.gnomes().values() if len(cells) >= 2 for cell in cells}

    def bridge_targets(self) -> list[tuple[int, int]]:
        if not self.board:
            return []
        c0, c1, r0, r1 = self.box()
        facing = self.facing_cells()
        return [
            cell for cell, (kind, _) in self.board.items()
            if kind not in ("T", "B") and cell not in facing
            and c0 < cell[0] < c1 and r0 < cell[1] < r1
        ]

    # ----------------------------------------------------------------- moves
    def legal(self) -> list[str]:
        if self.terminal:
            return []
        if self.land_team is None:
            return ["land", "water"]
        assert self.hand is not None
        if self.hand == "B" and not self.pending:
            targets = self.bridge_targets()
            if targets:
                return [f"bridge {cell_name(cell)}" for cell in targets]
        return [
            f"{cell_name(cell)} r{rot}"
            for cell in self.open_cells() for rot in self.shown_rotations(self.hand, cell)
        ]

    def accepts(self, text: str) -> bool:
        """Whether ``text`` names a legal action: the listed spelling, or a synonym the
        notation allows (``r2``/``r3`` for ``r0``/``r1`` of a gnomeless tile, any rotation of
        a tussock after the first tile, a cell alone where one placement uses it)."""
        legal = self.legal()
        if text in legal:
            return True
        parts = text.split()
        if len(parts) == 1 and parts[0] not in ("land", "water"):
            return sum(1 for m in legal if m.split()[0] == parts[0]) == 1
        if len(parts) != 2 or not parts[1].startswith("r") or parts[0] == "bridge":
            return False
        rot = int(parts[1][1:])
        if self.hand == "T" and self.board:
            return any(m.split()[0] == parts[0] for m in legal)
        if self.hand not in GNOME:
            return f"{parts[0]} r{rot % 2}" in legal
        return False

    def draw(self) -> None:
        assert self.to_move is not None
        self.hand = self.pile.pop(0)
        self.pending = False
        if self.hand == "T":  # +1 at once to who turned it over [S]
            self.team_points[self.team(self.to_move)] += 1

    def apply(self, text: str) -> None:
        assert text in self.legal(), (text, self.legal())
        assert self.to_move is not None
        if text in ("land", "water"):
            mine = self.team(self.to_move)
            self.land_team = mine if text == "land" else 1 - mine
            self.draw()  # the first player draws and places the first tile
            return
        assert self.hand is not None
        if text.startswith("bridge "):
            cell = parse_cell(text.split()[1])
            removed = self.board[cell][0]
            rot = next(k for k in range(2) if self.fits("B", k, cell))
            self.board[cell] = ("B", rot)
            self.to_move = (self.to_move + 1) % self.players
            self.hand, self.pending = removed, True  # the next player plays it, no draw [S]
            return
        where, turn = text.split()
        cell, rot = parse_cell(where), int(turn[1:])
        self.board[cell] = (self.hand, rot)
        if self.gnomes_when == "placed" and self.hand in GNOME:
            # I11 (the library's option, not the spec's): the placer scores at once, 2 for a
            # new pair, 1 for each further gnome joining one
            meeting = len(self.gnomes()[corner_vertex(cell, GNOME[self.hand] + rot)])
            self.team_points[self.team(self.to_move)] += 2 if meeting == 2 else int(meeting > 2)
        if self.lpar is None:  # the first tile's rotation fixes the checkerboard
            land = land_corners(self.hand, rot)
            x, y = corner_vertex(cell, min(land))
            self.lpar = (x + y) % 2
        self.hand, self.pending = None, False
        if self.terminal:
            self.to_move = None
            return
        self.to_move = (self.to_move + 1) % self.players
        self.draw()

    # ----------------------------------------------------------------- the map as tokens
    def tokens(self) -> dict[str, str]:
        """Cell name -> ``P\\``, ``S/9``, ``T*``, ``B\\`` ... as ``board_text`` writes cells:
        kind letter, the (land, for a bridge) band's direction, the gnome's keypad corner."""
        out = {}
        keypad = {0: "7", 1: "9", 2: "3", 3: "1"}
        for cell, (kind, rot) in self.board.items():
            if kind == "T":
                out[cell_name(cell)] = "T*"
                continue
            band = land_corners(kind, rot) if BAND[kind] in ("L", "LW") else (
                frozenset(range(4)) - land_corners(kind, rot))
            direction = "\\" if 0 in band else "/"
            gnome = keypad[(GNOME[kind] + rot) % 4] if kind in GNOME else ""
            out[cell_name(cell)] = kind[0] + direction + gnome
        return out

    # ----------------------------------------------------------------- final scoring
    def graph(self, terrain: str) -> tuple[set[Vertex], list[tuple[Vertex, Vertex, bool]]]:
        """Nodes (vertices of the map of that terrain) and edges (u, v, is_bridge)."""
        assert self.lpar is not None
        want = self.lpar if terrain == "L" else 1 - self.lpar
        nodes = {
            corner_vertex(cell, k) for cell in self.board for k in range(4)
            if sum(corner_vertex(cell, k)) % 2 == want
        }
        edges = []
        for cell, (kind, rot) in self.board.items():
            if terrain not in BAND[kind]:
                continue
            corners = land_corners(kind, rot)
            if terrain == "W":
                corners = frozenset(range(4)) - corners
            a, b = sorted(corners)
            edges.append((corner_vertex(cell, a), corner_vertex(cell, b), kind == "B"))
        return nodes, edges

    @staticmethod
    def components(nodes: set, edges: list) -> list[tuple[set, bool]]:
        """Connected components, each with whether it holds a bridge edge."""
        parent = {n: n for n in nodes}

        def find(n):  # type: ignore[no-untyped-def]
            while parent[n] != n:
                n = parent[n]
            return n

        for u, v, _ in edges:
            parent[find(u)] = find(v)
        groups: dict = {}
        for n in nodes:
            groups.setdefault(find(n), set()).add(n)
        bridged = {find(u) for u, _, is_bridge in edges if is_bridge}
        return [(members, root in bridged) for root, members in groups.items()]

    def sides(self, members: set) -> int:
        c0, c1, r0, r1 = self.box()
        x0, x1, y0, y1 = c0, c1 + 1, r0, r1 + 1
        plain: set[str] = set()
        corners: list[tuple[str, str]] = []
        for x, y in members:
            hits = (("N", y == y0), ("S", y == y1), ("W", x == x0), ("E", x == x1))
            touched = [side for side, hit in hits if hit]
            if len(touched) == 1:
                plain.add(touched[0])
            elif len(touched) == 2:
                corners.append((touched[0], touched[1]))
        best = len(plain)
        for choice in product(*corners):
            best = max(best, len(plain | set(choice)))
        return best

    def final_points(self) -> list[int]:
        """Team points at the end (tussocks included)."""
        assert self.terminal and self.land_team is not None
        points = list(self.team_points)
        land, water = self.land_team, 1 - self.land_team
        value = {4: 10, 3: 7, 2: 5}
        c0, c1, r0, r1 = self.box()
        for terrain, owner, encloser in (("L", land, water), ("W", water, land)):
            nodes, edges = self.graph(terrain)
            comps = self.components(nodes, edges)
            points[owner] += max((value.get(self.sides(m), 0) for m, _ in comps), default=0)
            for members, bridged in comps:
                inside = all(c0 < x < c1 + 1 and r0 < y < r1 + 1 for x, y in members)
                if inside and not bridged:
                    points[encloser] += 4
        for vertex, cells in self.gnomes().items():
            if len(cells) >= 2 and self.gnomes_when == "end":
                is_land = sum(vertex) % 2 == self.lpar
                points[land if is_land else water] += len(cells)
        return points

    def scores(self) -> list[int]:
        points = self.final_points() if self.terminal else self.team_points
        return [points[self.team(p)] for p in range(self.players)]

    def winners(self) -> list[int]:
        if not self.terminal:
            return []
        scores = self.scores()
        top = max(scores)
        if min(scores) == top:
            return []  # equal totals draw [I]; a draw has no winners
        return [p for p in range(self.players) if scores[p] == top]
