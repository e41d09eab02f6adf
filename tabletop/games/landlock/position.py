"""What Landlock's states and views share: the public map and the queries both answer.

Everything here is public — the map, the roles, the tile to place, the points so far. A
``LandlockState`` adds the draw pile's order (``rules.py``), a ``LandlockView`` only its size
(``view.py``).

>>> import tabletop
>>> s = tabletop.load("landlock").new(seed=1).apply("land")
>>> isinstance(s, LandlockPosition), isinstance(s.view(1), LandlockPosition)
(True, True)
>>> s.pile_count, s.view(1).pile_count, s.role(1)
(39, 39, 'water')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import ranges
from ...core.breakdown import Breakdown
from ...core.derived import derived
from ...core.game import Action, Game, Position
from ...core.plain import player_of
from ...core.position import position
from ...core.quoting import brief
from ...core.readonly import frozen_graph
from .actions import BRIDGES, PLACE, ROLE_ACTIONS, ROLES, Bridge, Place, Role
from .board import CELL_NAMES, CELL_PARITY, CELLS, CENTER, CORNERS, SPAN, box_inner
from .explain import breakdown, final_rows
from .graphs import board_graph
from .masks import cells_of, extent, placement_at, placements, window
from .scoring import GNOME_SPOT, Analysis, analyse, final_points, gnome_spots, gnomes_at
from .text import board_text
from .tiles import BRIDGE, KINDS, LAND, NW_LAND, SYMMETRIC, TUSSOCK, WATER

if TYPE_CHECKING:  # networkx is imported for the graphs alone: a move needs none
    import networkx as nx

FULL = SPAN * SPAN  #: tiles on a finished map
#: ``REPLACEABLE[code]``: whether a bridge may replace a tile of this code (``kind * 4 +
#: rotation``): any kind but a bridge or a tussock.
REPLACEABLE: tuple[bool, ...] = tuple(code >> 2 not in (BRIDGE, TUSSOCK)
                                      for code in range(4 * len(KINDS)))


def team_of(player: int) -> int:
    """A player's team: ``player % 2`` (partners sit opposite with four players)."""
    return player % 2


def base_rotation(kind: int, cell: int, lpar: int) -> int:
    """The rotation in ``{0, 1}`` that fits ``kind`` on ``cell`` (the other fit is +2).

    >>> base_rotation(0, CENTER, CELL_PARITY[CENTER])   # a path where the NW corner is land
    0
    """
    return int(CELL_PARITY[cell] == lpar) ^ NW_LAND[kind]


def lpar_of(cell: int, kind: int, rot: int) -> int:
    """The parity of the cells whose NW corner is land, once ``kind`` lies on ``cell``
    turned ``rot`` (the first tile fixes the checkerboard for the game).

    >>> lpar_of(CENTER, 0, 0) == CELL_PARITY[CENTER], lpar_of(CENTER, 0, 1) == CELL_PARITY[CENTER]
    (True, False)
    """
    nw_land = (rot % 2 == 0) == bool(NW_LAND[kind])
    return CELL_PARITY[cell] if nw_land else 1 - CELL_PARITY[cell]


@position
class LandlockPosition(Position):
    """The public part of a Landlock position.

    ``board`` holds ``kind * 4 + rotation`` per cell (-1 empty); ``tile`` is the tile to
    place now (``None`` before the roles are chosen and once the map is full), ``pending``
    whether a bridge removed it; ``land_team`` is the team playing Land (``None`` until the
    first player chooses). ``tussocks`` and ``gnome_bonus`` are points per team so far.

    Derived fields (``count``, ``box``, ``filled``, ``frontier``, ``lpar``: tiles placed,
    their bounding box ``(x0, x1, y0, y1)``, the cells holding them and the empty cells beside
    them as bitmasks (``masks.py``), the parity of the cells whose NW corner is land) are kept
    for speed and are not compared.
    """

    game: Game
    first: int
    land_team: int | None
    board: tuple[int, ...]
    tile: int | None
    pending: bool
    to_move: int
    tussocks: tuple[int, int]
    gnome_bonus: tuple[int, int]
    count: int = derived()
    box: tuple[int, int, int, int] | None = derived()
    filled: int = derived()
    frontier: int = derived()
    lpar: int = derived()

    def _derive(self) -> dict[str, Any]:
        count, box, filled, frontier = extent(self.board)
        placed = next((c for c, code in enumerate(self.board) if code >= 0), None)
        lpar = -1 if placed is None else lpar_of(placed, self.board[placed] >> 2,
                                                  self.board[placed] & 3)
        return {"count": count, "box": box, "filled": filled, "frontier": frontier,
                "lpar": lpar}

    @ranges.per_game
    def _ranges(self) -> ranges.Ranges:
        player = ranges.Span(0, self.game.players - 1)
        tussocks = ranges.Span(0, KINDS[TUSSOCK].count)  # (one point per tussock in the box)
        gnomes = ranges.Span(0, sum(kind.count for kind in KINDS if kind.gnome is not None))
        return {"first": player, "land_team": ranges.Span(0, 1),
                "board": ranges.Row(ranges.Span(-1, 4 * len(KINDS) - 1), length=CELLS),
                "tile": ranges.Span(0, len(KINDS) - 1), "to_move": player,
                "tussocks": ranges.Row(tussocks, length=2),
                "gnome_bonus": ranges.Row(gnomes, length=2)}

    # --- what states and views each know their own way -----------------------------------
    @property
    def pile_count(self) -> int:
        """How many tiles are left in the draw pile."""
        raise NotImplementedError

    def _pile_text(self) -> str:
        n = self.pile_count
        return f"pile {n} {'tile' if n == 1 else 'tiles'} (order hidden)"

    # --- whose turn, and roles --------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """Whose decision it is (the first player's role choice, then each tile's placer),
        or ``None`` once the game is over."""
        if self.land_team is None:
            return self.first
        if self.tile is None:
            return None
        return self.to_move

    def role(self, player: int) -> str | None:
        """``"land"`` or ``"water"`` for a player, ``None`` before the first player chose."""
        player = player_of(player, self.game.players,
                           f"role(player) takes a player 0..{self.game.players - 1}")
        if self.land_team is None:
            return None
        return "land" if team_of(player) == self.land_team else "water"

    # --- where the tile may go ------------------------------------------------------------
    def legal_cells(self) -> tuple[int, ...]:
        """The empty cells an ordinary placement may use: next to a tile in play, keeping
        the map within 6 × 6 (the first tile goes in the middle, ``f6``)."""
        return self._cached("cells", self._legal_cells)

    def _legal_cells(self) -> tuple[int, ...]:
        if self.box is None:
            return (CENTER,)
        return cells_of(self.frontier & window(self.box)[0])

    def facing_cells(self) -> frozenset[int]:
        """The cells whose gnome faces another gnome."""
        return self._cached("facing", lambda: frozenset(
            c for cells in gnome_spots(self.board, self.box).values() if len(cells) > 1
            for c in cells
        ))

    def bridge_targets(self) -> tuple[int, ...]:
        """The tiles a bridge may replace now: not a tussock, not a bridge, not on the edge
        of the map (its bounding box), not a gnome facing another."""
        return self._cached("targets", self._bridge_targets)

    def _bridge_targets(self) -> tuple[int, ...]:
        if self.box is None:
            return ()
        board = self.board
        out = []
        for cell in box_inner(self.box):
            code = board[cell]
            if code >= 0 and REPLACEABLE[code]:
                g = GNOME_SPOT[code]  # a gnome stays if another gnome is at its vertex
                if g is None or gnomes_at(board, CORNERS[cell][g]) == 1:
                    out.append(cell)
        return tuple(out)

    # --- the rules' verdicts --------------------------------------------------------------
    def _legal_actions(self) -> tuple[Action, ...]:
        if self.land_team is None:
            return ROLE_ACTIONS
        kind = self.tile
        if kind is None:
            return ()
        cache = self._cache  # read, not filled: a rollout's states are thrown away at once
        if kind == BRIDGE:
            targets = cache.get("targets")
            if targets is None:
                targets = self._bridge_targets()
            if targets:
                return tuple(map(BRIDGES.__getitem__, targets))
        if self.box is None:
            return PLACE[CENTER][:2] if SYMMETRIC[kind] else PLACE[CENTER]
        # the frontier's cells that keep the map within 6 x 6, by cell then rotation
        return placements(self.frontier, self.box, self.lpar, kind)

    def _pick(self, u: float) -> Action:
        """``_legal_actions()[int(u * n)]`` (a rollout's move) without the tuple, for a tile
        placed beside the map; else read from the list."""
        kind = self.tile
        box = self.box
        if box is None or kind is None or kind == BRIDGE or self.land_team is None:
            legal = self._legal_actions()
            return legal[int(u * len(legal))]
        return placement_at(self.frontier, box, self.lpar, kind, u)

    def _is_legal(self, action: Action) -> bool:
        """The rules' verdict on an action without listing them all (the fast path)."""
        kind = self.tile
        if type(action) is Place:
            if self.land_team is None or kind is None:
                return False
            if kind == BRIDGE and self.bridge_targets():
                return False
            cell, rot = action.cell, action.rot
            if not 0 <= cell < CELLS:  # (a negative cell would shift the wrong way)
                return False
            if self.box is None:
                return cell == CENTER and rot in ((0, 1) if SYMMETRIC[kind] else (0, 1, 2, 3))
            if not (self.frontier & window(self.box)[0]) >> cell & 1:
                return False
            base = (CELL_PARITY[cell] == self.lpar) ^ NW_LAND[kind]
            return bool(rot == base or (rot == base + 2 and not SYMMETRIC[kind]))
        if type(action) is Bridge:
            return kind == BRIDGE and self.land_team is not None and \
                action.cell in self.bridge_targets()
        if type(action) is Role:
            return self.land_team is None and action.role in ROLES
        return False

    def _why_illegal(self, action: Action) -> str | None:
        """Why an action is illegal, in the rules' words."""
        kind = self.tile
        if isinstance(action, Role):
            if self.land_team is not None:
                return "the roles are already chosen"
            return f"the roles are {' and '.join(ROLES)}"
        if self.land_team is None:
            return f"{self.game.player_name(self.first)} must first choose land or water"
        if kind is None:
            return "the game is over"
        name = KINDS[kind].name
        if isinstance(action, Bridge):
            if kind != BRIDGE:
                return f"the tile to place is a {name}, not a bridge"
            return self._bridge_reason(action.cell)
        if isinstance(action, Place):
            cell = action.cell
            if not 0 <= cell < CELLS:
                return f"there is no cell {brief(cell)}: cells are 0 .. {CELLS - 1} (a1 … k11)"
            if action.rot not in (0, 1, 2, 3):
                return (f"there is no rotation {brief(action.rot)}: rotations are 0 .. 3 (quarter "
                        f"turns clockwise)")
            where = CELL_NAMES[cell]
            if kind == BRIDGE and self.bridge_targets():
                first = CELL_NAMES[self.bridge_targets()[0]]
                return f"a bridge must replace a tile (e.g. bridge {first})"
            if self.box is None and cell != CENTER:
                return f"the first tile goes in the middle, {CELL_NAMES[CENTER]}"
            if self.box is None:  # a rotation a tile without a gnome lists 180° apart
                return (f"a {name} turned r{action.rot} is the same as r{action.rot % 2}: "
                        f"play {where} r{action.rot % 2}")
            if self.board[cell] >= 0:
                return f"{where} already holds a {KINDS[self.board[cell] >> 2].name}"
            if not self.frontier >> cell & 1:
                return f"{where} is not next to a tile in play"
            if cell not in self.legal_cells():
                return f"a tile at {where} would make the map longer than {SPAN} tiles"
            base = base_rotation(kind, cell, self.lpar)
            if (action.rot - base) % 2 and kind != TUSSOCK:
                terrain = "land" if KINDS[kind].band in ("L", "LW", "") else "water"
                return (f"a {name} on {where} fits only as r{base} or r{base + 2} (its {terrain} "
                        f"corners must meet {where}'s {terrain} corners)")
            if SYMMETRIC[kind]:
                return f"a {name} turned r{action.rot} is the same as r{base}: play {where} r{base}"
        return None

    def _bridge_reason(self, cell: int) -> str:
        if not 0 <= cell < CELLS:
            return f"there is no cell {brief(cell)}: cells are 0 .. {CELLS - 1} (a1 … k11)"
        where = CELL_NAMES[cell]
        code = self.board[cell]
        if code < 0:
            return f"{where} is empty: a bridge replaces a tile"
        kind = code >> 2
        if kind == TUSSOCK:
            return f"the tussock at {where} can't be removed"
        if kind == BRIDGE:
            return f"the bridge at {where} can't be removed"
        if cell in self.facing_cells():
            return f"the gnome at {where} faces another gnome: they can't be separated"
        return f"{where} is on the edge of the map"

    # --- the board as graphs, and scoring -------------------------------------------------
    @property
    def G_L(self) -> nx.Graph:
        """The land network: land vertices, an edge per path or bridge band (cached; frozen,
        attributes included: ``G_L.copy()`` is a graph to change).

        Nodes are grid vertices ``(x, y)`` (0–11 each, y down), the corners of placed tiles;
        vertex ``(x, y)`` is the north-west corner of cell ``(x, y)``, so its ``name``
        (``"F6"``) is that cell's name in capitals. Node attributes: ``name``, ``edge`` (on
        the map's bounding box), ``covered`` (all four tiles around it placed) and ``pos``
        (``(x, -y)``, for ``nx.draw``, north up). Edge attributes: ``cell`` (``"f6"``, as
        actions write it) and ``tile`` (the kind's name). The graph's ``terrain`` is
        ``"L"``."""
        return self._cached("G_L", lambda: frozen_graph(
            board_graph(self.board, self.lpar, self.box, LAND)))

    @property
    def G_W(self) -> nx.Graph:
        """The water network: water vertices, an edge per stream or bridge band (cached;
        frozen like ``G_L``). Nodes and edges carry what ``G_L``'s do: ``name``, ``edge``,
        ``covered`` and ``pos``; ``cell`` and ``tile``. The graph's ``terrain`` is ``"W"``."""
        return self._cached("G_W", lambda: frozen_graph(
            board_graph(self.board, self.lpar, self.box, WATER)))

    def analysis(self) -> Analysis:
        """Networks, islands, ponds (those a bridge cancels apart, in ``cancelled``) and facing
        gnomes of the map as it stands (final once the game is over, provisional before: a
        component next to an empty cell is open)."""
        return self._cached("analysis", lambda: analyse(self.board, self.lpar, self.box))

    def team_points(self) -> list[int]:
        """Points per team (0: players 0 and 2, 1: players 1 and 3): tussocks (and gnomes
        scored when placed) so far, plus the final scoring once the game is over."""
        points = [self.tussocks[t] + self.gnome_bonus[t] for t in (0, 1)]
        if self.current_player is None and self.land_team is not None:
            land, water = final_points(self.board, self.lpar, self.box,
                                       self.game.options["gnomes"] == "end")
            points[self.land_team] += land
            points[1 - self.land_team] += water
        return points

    def score_breakdown(self) -> Breakdown:
        """Where each point comes from: tussocks, then (at the end) the best networks and
        their sides, ponds and islands, and facing gnome pairs. Before the end, the notes
        show what the map would score if it ended now."""
        game = self.game
        roles = [self.role(p) for p in range(game.players)]
        names = tuple(game.player_name(p) + (f" ({role.title()})" if role else "")
                      for p, role in enumerate(roles))
        final = None
        if self.land_team is not None and self.box is not None:
            final = final_rows(self.analysis(), self.land_team, game.options["gnomes"] == "end")
        # gnome points scored when placed; also a builder's (``position(gnome_bonus=...)``)
        # under ``gnomes="end"``, which ``team_points`` counts: the rows add up to the scores
        placed = game.options["gnomes"] == "placed" or any(self.gnome_bonus)
        return breakdown(names, self.tussocks, self.gnome_bonus if placed else None, final,
                         terminal=self.current_player is None)

    # --- text -----------------------------------------------------------------------------
    def _text(self) -> str:
        game = self.game
        names = [game.player_name(p) for p in range(game.players)]
        if self.land_team is None:
            roles = f"{names[self.first]} to choose land or water"
        else:
            roles = ", ".join(f"{n} {self.role(p)}" for p, n in enumerate(names))
        lines = [f"first {names[self.first]} · {roles}"]
        if self.tile is not None and self.land_team is not None:
            how = "removed by a bridge" if self.pending else "drawn"
            lines.append(f"{names[self.to_move]} to place: {KINDS[self.tile].name} ({how})")
        elif self.land_team is not None:
            lines.append("game over")
        lines.append(f"tiles on the map {self.count} · {self._pile_text()}")
        points = self.team_points()
        label = "final points " if self.current_player is None else "points so far "
        lines.append(label + ", ".join(
            f"{names[p]} {points[team_of(p)]}" for p in range(game.players)))
        lines.extend(board_text(self.board, self.lpar, self.box))
        return "\n".join(lines)

    def board_text(self) -> str:
        """The map as text rows (``P``/``S``/``B``/``T``, band ``\\`` or ``/``, gnome corner
        7 9 3 1 as on a numeric keypad); ``Landlock.position(rows=…)`` reads it back."""
        return "\n".join(board_text(self.board, self.lpar, self.box))
