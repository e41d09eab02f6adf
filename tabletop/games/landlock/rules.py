"""The Legend of Landlock: the game, its states and views, and the rules of a turn.

Two players (Land and Water), or four in two teams with partners opposite (players 0 and 2
against 1 and 3) sharing one score. The first player is drawn at random; they choose their
role; then each player in turn places the tile they drew (or the tile a bridge removed),
until the map is 6 × 6.

>>> import tabletop
>>> game = tabletop.load("landlock")
>>> s = game.new(seed=1).apply("land")
>>> s.legal_actions()[:2]            # the first tile, in the middle: it fixes the checkerboard
(Place(cell=60, rot=0), Place(cell=60, rot=1))
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import networkx as nx

from tabletop.core.breakdown import Breakdown
from tabletop.core.errors import IllegalAction
from tabletop.core.game import Action, Game, State, View
from tabletop.core.readonly import frozen_graph

from .actions import BRIDGES, PLACE, ROLE_ACTIONS, ROLES, Bridge, Place, Role
from .board import (
    CELL_NAMES,
    CELL_PARITY,
    CELL_X,
    CELL_Y,
    CELLS,
    CENTER,
    CORNERS,
    NEIGHBOURS,
    SIZE,
    SPAN,
    cell_index,
)
from .graphs import board_graph
from .positions import parse_tile, tiles_from_rows
from .scoring import Analysis, analyse, gnome_spots, gnomes_at
from .text import board_text
from .tiles import BRIDGE, KINDS, LAND, TILE_SET, TUSSOCK, WATER, kind_index

if TYPE_CHECKING:
    from tabletop.render.scene import Scene

T = TypeVar("T")

FULL = SPAN * SPAN  #: tiles on a finished map
EMPTY_BOARD: tuple[int, ...] = (-1,) * CELLS
NAMES = {2: ("North", "South"), 4: ("North", "East", "South", "West")}
GNOME_OPTIONS = ("end", "placed")

# static per-kind tables (plain tuples for the hot paths)
_NW_LAND = tuple(int(kind.corner0 == LAND) for kind in KINDS)  # NW corner is land at r0
_SYMMETRIC = tuple(kind.symmetric for kind in KINDS)
_GNOME = tuple(kind.gnome for kind in KINDS)


def team_of(player: int) -> int:
    """A player's team: ``player % 2`` (partners sit opposite with four players)."""
    return player % 2


def base_rotation(kind: int, cell: int, lpar: int) -> int:
    """The rotation in ``{0, 1}`` that fits ``kind`` on ``cell`` (the other fit is +2)."""
    return int(CELL_PARITY[cell] == lpar) ^ _NW_LAND[kind]


# --- the parts common to states and views ------------------------------------------------------


class _Map:
    """Rules and queries that need only the public position (shared by states and views)."""

    __slots__ = ()

    game: Game
    first: int
    land_team: int | None
    board: tuple[int, ...]
    tile: int | None
    pending: bool
    to_move: int
    tussocks: tuple[int, int]
    gnome_bonus: tuple[int, int]
    count: int
    box: tuple[int, int, int, int] | None
    frontier: frozenset[int]
    lpar: int

    if TYPE_CHECKING:
        def _cached(self, key: str, compute: Callable[[], T]) -> T: ...

    @property
    def current_player(self) -> int | None:
        if self.land_team is None:
            return self.first
        if self.tile is None:
            return None
        return self.to_move

    # --- roles --------------------------------------------------------------------------
    def role(self, player: int) -> str | None:
        """``"land"`` or ``"water"`` for a player, ``None`` before the first player chose."""
        if self.land_team is None:
            return None
        return "land" if team_of(player) == self.land_team else "water"

    # --- where the tile may go ----------------------------------------------------------
    def legal_cells(self) -> tuple[int, ...]:
        """The empty cells an ordinary placement may use: next to a tile in play, keeping
        the map within 6 × 6 (the first tile goes in the middle, ``f6``)."""
        return self._cached("cells", self._legal_cells)

    def _legal_cells(self) -> tuple[int, ...]:
        if self.box is None:
            return (CENTER,)
        x0, x1, y0, y1 = self.box
        if x1 - x0 < SPAN - 1 and y1 - y0 < SPAN - 1:  # any neighbour keeps it within 6 x 6
            return tuple(sorted(self.frontier))
        lox, hix, loy, hiy = x1 - SPAN + 1, x0 + SPAN - 1, y1 - SPAN + 1, y0 + SPAN - 1
        return tuple(sorted(
            c for c in self.frontier if lox <= CELL_X[c] <= hix and loy <= CELL_Y[c] <= hiy
        ))

    def facing_cells(self) -> frozenset[int]:
        """The cells whose gnome faces another gnome."""
        return self._cached("facing", lambda: frozenset(
            c for cells in gnome_spots(self.board).values() if len(cells) > 1 for c in cells
        ))

    def bridge_targets(self) -> tuple[int, ...]:
        """The tiles a bridge may replace now: not a tussock, not a bridge, not on the edge
        of the map (its bounding box), not a gnome facing another."""
        return self._cached("targets", self._bridge_targets)

    def _bridge_targets(self) -> tuple[int, ...]:
        if self.box is None:
            return ()
        x0, x1, y0, y1 = self.box
        if x1 - x0 < 2 or y1 - y0 < 2:
            return ()
        facing = self.facing_cells()
        out = []
        for y in range(y0 + 1, y1):
            for cell in range(y * SIZE + x0 + 1, y * SIZE + x1):
                code = self.board[cell]
                if code >= 0 and code >> 2 not in (BRIDGE, TUSSOCK) and cell not in facing:
                    out.append(cell)
        return tuple(out)

    def _legal_for_mover(self) -> tuple[Action, ...]:
        if self.land_team is None:
            return ROLE_ACTIONS
        kind = self.tile
        if kind is None:
            return ()
        if kind == BRIDGE:
            targets = self.bridge_targets()
            if targets:
                return tuple(BRIDGES[c] for c in targets)
        if self.box is None:
            return PLACE[CENTER][:2] if _SYMMETRIC[kind] else PLACE[CENTER]
        nw_land = _NW_LAND[kind]
        lpar = self.lpar
        if _SYMMETRIC[kind]:
            return tuple([PLACE[c][(CELL_PARITY[c] == lpar) ^ nw_land] for c in self.legal_cells()])
        out: list[Action] = []
        for cell in self.legal_cells():
            row = PLACE[cell]
            base = (CELL_PARITY[cell] == lpar) ^ nw_land
            out.append(row[base])
            out.append(row[base + 2])
        return tuple(out)

    def _rule_legal(self, action: Action) -> bool:
        """The rules' verdict on an action without listing them all (the fast path)."""
        kind = self.tile
        if type(action) is Place:
            if self.land_team is None or kind is None:
                return False
            if kind == BRIDGE and self.bridge_targets():
                return False
            cell, rot = action.cell, action.rot
            if self.box is None:
                return cell == CENTER and rot in ((0, 1) if _SYMMETRIC[kind] else (0, 1, 2, 3))
            if cell not in self.frontier or cell not in self.legal_cells():
                return False
            base = (CELL_PARITY[cell] == self.lpar) ^ _NW_LAND[kind]
            return bool(rot == base or (rot == base + 2 and not _SYMMETRIC[kind]))
        if type(action) is Bridge:
            return kind == BRIDGE and self.land_team is not None and \
                action.cell in self.bridge_targets()
        if type(action) is Role:
            return self.land_team is None and action.role in ROLES
        return False

    def _reason(self, action: Action) -> str | None:
        """Why an action is illegal, in the rules' words."""
        kind = self.tile
        if isinstance(action, Role):
            if self.land_team is not None:
                return "the roles are already chosen"
            return f"the roles are {' and '.join(ROLES)}"
        if self.land_team is None:
            return f"player {self.first} must first choose land or water"
        if kind is None:
            return "the game is over"
        name = KINDS[kind].name
        if isinstance(action, Bridge):
            if kind != BRIDGE:
                return f"the tile to place is a {name}, not a bridge"
            return _bridge_reason(self, action.cell)
        if isinstance(action, Place):
            cell = action.cell
            if not 0 <= cell < CELLS or action.rot not in (0, 1, 2, 3):
                return "no such cell or rotation"
            where = CELL_NAMES[cell]
            if kind == BRIDGE and self.bridge_targets():
                first = CELL_NAMES[self.bridge_targets()[0]]
                return f"a bridge must replace a tile (e.g. bridge {first})"
            if self.box is None:
                return f"the first tile goes in the middle, {CELL_NAMES[CENTER]}"
            if self.board[cell] >= 0:
                return f"{where} already holds a {KINDS[self.board[cell] >> 2].name}"
            if cell not in self.frontier:
                return f"{where} is not next to a tile in play"
            if cell not in self.legal_cells():
                return f"a tile at {where} would make the map longer than {SPAN} tiles"
            base = base_rotation(kind, cell, self.lpar)
            if (action.rot - base) % 2:
                terrain = "land" if KINDS[kind].band in ("L", "LW", "") else "water"
                return (f"a {name} on {where} fits only as r{base} or r{base + 2} (its {terrain} "
                        f"corners must meet {where}'s {terrain} corners)")
            if _SYMMETRIC[kind]:
                return f"a {name} turned r{action.rot} is the same as r{base}: play {where} r{base}"
        return None

    # --- the board as graphs, and scoring -------------------------------------------------
    @property
    def G_L(self) -> nx.Graph:
        """The land network: land vertices, an edge per path or bridge band (cached; frozen,
        attributes included: ``G_L.copy()`` is a graph to change)."""
        return self._cached("G_L", lambda: frozen_graph(
            board_graph(self.board, self.lpar, self.box, LAND)))

    @property
    def G_W(self) -> nx.Graph:
        """The water network: water vertices, an edge per stream or bridge band (cached;
        frozen like ``G_L``)."""
        return self._cached("G_W", lambda: frozen_graph(
            board_graph(self.board, self.lpar, self.box, WATER)))

    def analysis(self) -> Analysis:
        """Networks, islands, ponds (those a bridge cancels apart, in ``cancelled``) and facing
        gnomes of the map as it stands (final once the game is over, provisional before: a
        component next to an empty cell is open)."""
        return self._cached("analysis", lambda: analyse(
            self.board, self.lpar, self.box))

    def team_points(self) -> list[int]:
        """Points per team (0: players 0 and 2, 1: players 1 and 3): tussocks (and gnomes
        scored when placed) so far, plus the final scoring once the game is over."""
        points = [self.tussocks[t] + self.gnome_bonus[t] for t in (0, 1)]
        if self.current_player is None and self.land_team is not None:
            analysis = self.analysis()
            at_end = self.game.options["gnomes"] == "end"
            points[self.land_team] += sum(analysis.points(LAND, at_end).values())
            points[1 - self.land_team] += sum(analysis.points(WATER, at_end).values())
        return points

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

    def _pile_text(self) -> str:
        raise NotImplementedError

    def board_text(self) -> str:
        """The map as text rows (``P``/``S``/``B``/``T``, band ``\\`` or ``/``, gnome corner
        7 9 3 1 as on a numeric keypad); ``Landlock.position(rows=…)`` reads it back."""
        return "\n".join(board_text(self.board, self.lpar, self.box))


def _bridge_reason(state: _Map, cell: int) -> str:
    if not 0 <= cell < CELLS:
        return "no such cell"
    where = CELL_NAMES[cell]
    code = state.board[cell]
    if code < 0:
        return f"{where} is empty: a bridge replaces a tile"
    kind = code >> 2
    if kind == TUSSOCK:
        return f"the tussock at {where} can't be removed"
    if kind == BRIDGE:
        return f"the bridge at {where} can't be removed"
    if cell in state.facing_cells():
        return f"the gnome at {where} faces another gnome: they can't be separated"
    return f"{where} is on the edge of the map"


# --- the game ----------------------------------------------------------------------------------


class Landlock(Game):
    """The Legend of Landlock, for 2 players (Land, Water) or 4 (two teams).

    Option ``gnomes``: ``"end"`` (facing gnomes score at the end, for Land or Water by their
    type) or ``"placed"`` (the player whose tile makes gnomes face scores them at once).
    """

    name = "landlock"
    title = "The Legend of Landlock"
    player_counts = (2, 4)
    defaults = {"gnomes": "end"}
    input_class: ClassVar[type] = object  # set in __init__.py (input imports nothing of ours)

    def _check_option(self, key: str, value: Any) -> None:
        Game._check_option(self, key, value)
        self._option_choice(key, value, GNOME_OPTIONS)

    def player_name(self, player: int) -> str:
        return NAMES[self.players][player]

    def _initial(self, rng: random.Random) -> LandlockState:
        first = rng.randrange(self.players)
        pile = list(TILE_SET)
        rng.shuffle(pile)
        return LandlockState(
            game=self, first=first, land_team=None, board=EMPTY_BOARD, tile=None,
            pending=False, to_move=first, tussocks=(0, 0), gnome_bonus=(0, 0),
            pile=tuple(pile), count=0, box=None, frontier=frozenset(), lpar=-1,
        )

    def draw(self, subject: State | View, **options: Any) -> Scene:
        from .render import draw

        return draw(subject, **options)  # type: ignore[arg-type]

    def _parse(self, state: State | View, text: str) -> Action | None:
        """Also accept ``f6`` alone when one placement uses f6, and ``f6 r2`` for a tile
        without a gnome that fits as ``f6 r0`` (both rotations give the same tile). Well-formed
        notation of an illegal move is returned for ``apply`` to refuse with its reason."""
        if text in ROLES:
            return ROLE_ACTIONS[ROLES.index(text)]
        parts = text.split()
        wanted: Action | None = None
        if len(parts) == 2 and parts[0] == "bridge":
            parts = parts[1:]
            bridge = True
        else:
            bridge = False
        try:
            cell = cell_index(parts[0]) if parts else -1
        except ValueError:
            return None
        if bridge:
            wanted = BRIDGES[cell]
        else:
            here = [a for a in state.legal_actions() if isinstance(a, Place) and a.cell == cell]
            rot = parts[1] if len(parts) == 2 else None
            if rot is not None and rot not in ("r0", "r1", "r2", "r3"):
                return None
            if len(parts) == 1 and len(here) == 1:
                return here[0]
            if rot is not None and len(here) == 1 and (int(rot[1]) - here[0].rot) % 2 == 0:
                return here[0]
            if len(parts) == 1:
                wanted = PLACE[cell][0] if not here else None
                if here:
                    ways = " or ".join(str(a) for a in here)
                    raise IllegalAction(f"{text!r} is ambiguous: the tile goes {ways}")
            elif rot is not None:
                wanted = PLACE[cell][int(rot[1])]
        if wanted is None or len(parts) > 2:
            return None
        return wanted

    def position(self, tiles: Iterable[str | tuple[Any, ...]] = (), *,
                 rows: list[str] | str | None = None, top_left: str = "c3",
                 **kwargs: Any) -> LandlockState:
        """A constructed position, for tests and notebooks (no seed, so no record).

        Give the placed tiles (``["f6 path r0", …]``, see ``LandlockState.from_tiles`` for
        every keyword) or the map as ``rows`` of cells starting at cell ``top_left``, written
        as the state's text shows them (see ``positions.tiles_from_rows``).

        >>> import tabletop
        >>> game = tabletop.load("landlock")
        >>> s = game.position(["f6 path r0", "g6 stream r0"], tile="tussock")
        >>> print(s.legal_actions()[0])
        f5 r1
        >>> s = game.position(rows=["P S", "S P7"], top_left="f6", tile="stream")
        >>> print(s.board_text())
             f   g
          6 P\\  S\\
          7 S\\  P\\7
        """
        placed: list[str | tuple[Any, ...]] = list(tiles)
        if rows is not None:
            placed.extend(tiles_from_rows(rows, top_left))
        return LandlockState.from_tiles(self, placed, **kwargs)


def _derived(board: tuple[int, ...]) -> tuple[int, tuple[int, int, int, int] | None,
                                             frozenset[int]]:
    cells = [c for c, code in enumerate(board) if code >= 0]
    if not cells:
        return 0, None, frozenset()
    xs = [CELL_X[c] for c in cells]
    ys = [CELL_Y[c] for c in cells]
    box = (min(xs), max(xs), min(ys), max(ys))
    frontier = frozenset(n for c in cells for n in NEIGHBOURS[c] if board[n] < 0)
    return len(cells), box, frontier


def _lpar_of(cell: int, kind: int, rot: int) -> int:
    nw_land = (rot % 2 == 0) == bool(_NW_LAND[kind])
    return CELL_PARITY[cell] if nw_land else 1 - CELL_PARITY[cell]


@dataclass(frozen=True, slots=True, kw_only=True)
class LandlockState(_Map, State):
    """A full position. ``board`` holds ``kind * 4 + rotation`` per cell (-1 empty);
    ``pile`` is the hidden draw order; ``tile`` the public tile to place now.

    Derived fields (``count``, ``box``, ``frontier``, ``lpar``) are kept for speed and are
    not compared.
    """

    first: int
    land_team: int | None
    board: tuple[int, ...]
    tile: int | None
    pending: bool
    to_move: int
    tussocks: tuple[int, int]
    gnome_bonus: tuple[int, int]
    pile: tuple[int, ...] = field(repr=False)
    count: int = field(compare=False, repr=False)
    box: tuple[int, int, int, int] | None = field(compare=False, repr=False)
    frontier: frozenset[int] = field(compare=False, repr=False)
    lpar: int = field(compare=False, repr=False)

    # --- building positions ----------------------------------------------------------------
    @classmethod
    def from_tiles(
        cls, game: Game, tiles: Iterable[str | tuple[Any, ...]], *, tile: str | None = None,
        pile: Iterable[str] | None = None, land: str = "land", first: int = 0,
        to_move: int | None = None, pending: bool = False, tussocks: tuple[int, int] = (0, 0),
        gnome_bonus: tuple[int, int] = (0, 0),
    ) -> LandlockState:
        """A position built from placed tiles, for tests and notebooks (no seed, no record).

        ``tiles``: ``"cell kind rotation"`` strings (``"f6 path r0"``, kinds by name or code,
        see ``tiles.KINDS``) or ``(cell, kind, rot)`` tuples; they must include ``f6``, fit
        one checkerboard and stay within 6 × 6. ``tile``: the tile to place now (``None``: the
        first of ``pile``, or the game is over if the map is full). ``pile``: the draw order
        (default: the tiles not used, in the box's order). ``land``: the role of the first
        player's team. ``first``, ``to_move`` (default ``first``), ``pending`` (the tile in
        hand was removed by a bridge), ``tussocks``/``gnome_bonus``: points per team so far.
        """
        board = list(EMPTY_BOARD)
        lpar = -1
        for item in tiles:
            cell, kind, rot = parse_tile(item)
            if board[cell] >= 0:
                raise ValueError(f"two tiles on {CELL_NAMES[cell]}")
            board[cell] = kind * 4 + rot
            par = _lpar_of(cell, kind, rot)
            if lpar < 0:
                lpar = par
            elif par != lpar:
                raise ValueError(
                    f"the {KINDS[kind].name} on {CELL_NAMES[cell]} turned r{rot} doesn't match "
                    f"its neighbours' land and water (turn it by a quarter)")
        frozen = tuple(board)
        count, box, frontier = _derived(frozen)
        if box is not None:
            if frozen[CENTER] < 0:
                raise ValueError("the map must hold the first tile on f6")
            if box[1] - box[0] >= SPAN or box[3] - box[2] >= SPAN:
                raise ValueError(f"the map is longer than {SPAN} tiles")
            if not _connected(frozen):
                raise ValueError("every tile must be joined to the others side by side")
        hand = None if tile is None else kind_index(tile)
        used = Counter(code >> 2 for code in frozen if code >= 0)
        if hand is not None:
            used[hand] += 1
        for k, n in used.items():
            if n > KINDS[k].count:
                raise ValueError(f"{n} {KINDS[k].name} tiles, but the box has {KINDS[k].count}")
        rest = Counter(TILE_SET) - used
        if pile is None:
            order = tuple(sorted(rest.elements()))
        else:
            order = tuple(kind_index(k) for k in pile)
            if Counter(order) - rest:
                raise ValueError("the pile holds tiles that are already in play or not in the box")
        if hand is None and count < FULL and order:
            hand, order = order[0], order[1:]
        if land not in ROLES:
            raise ValueError(f"land must be 'land' or 'water', not {land!r}")
        land_team = team_of(first) if land == "land" else 1 - team_of(first)
        return cls(
            game=game, first=first, land_team=land_team, board=frozen,
            tile=None if count >= FULL else hand, pending=pending,
            to_move=first if to_move is None else to_move, tussocks=tussocks,
            gnome_bonus=gnome_bonus, pile=order, count=count, box=box, frontier=frontier,
            lpar=lpar,
        )

    # --- the hooks ------------------------------------------------------------------------
    def _legal_actions(self) -> tuple[Action, ...]:
        return self._legal_for_mover()

    def _is_legal(self, action: Action) -> bool:
        return self._rule_legal(action)

    def _why_illegal(self, action: Action) -> str | None:
        return self._reason(action)

    def _apply(self, action: Action) -> LandlockState:
        if type(action) is Place:
            return self._place(action.cell, action.rot)
        if type(action) is Bridge:
            return self._bridge(action.cell)
        assert isinstance(action, Role)
        first = self.first
        land_team = team_of(first) if action.role == "land" else 1 - team_of(first)
        tile, pile, tussocks = self._draw(first, self.pile, self.tussocks)
        return LandlockState(
            game=self.game, first=first, land_team=land_team, board=self.board, tile=tile,
            pending=False, to_move=first, tussocks=tussocks, gnome_bonus=self.gnome_bonus,
            pile=pile, count=0, box=None, frontier=self.frontier, lpar=-1,
        )

    @staticmethod
    def _draw(player: int, pile: tuple[int, ...], tussocks: tuple[int, int]
              ) -> tuple[int | None, tuple[int, ...], tuple[int, int]]:
        """``player`` draws: the tile, the pile left, and a tussock's point at once."""
        if not pile:
            return None, pile, tussocks
        tile = pile[0]
        if tile == TUSSOCK:
            t = team_of(player)
            tussocks = (tussocks[0] + 1, tussocks[1]) if t == 0 else \
                (tussocks[0], tussocks[1] + 1)
        return tile, pile[1:], tussocks

    def _place(self, cell: int, rot: int) -> LandlockState:
        kind = self.tile
        assert kind is not None
        code = kind * 4 + rot
        board = self.board[:cell] + (code,) + self.board[cell + 1:]
        x, y = CELL_X[cell], CELL_Y[cell]
        if self.box is None:
            box = (x, x, y, y)
            lpar = _lpar_of(cell, kind, rot)
        else:
            x0, x1, y0, y1 = self.box
            box = (min(x0, x), max(x1, x), min(y0, y), max(y1, y))
            lpar = self.lpar
        frontier = set(self.frontier)
        frontier.discard(cell)
        for n in NEIGHBOURS[cell]:
            if board[n] < 0:
                frontier.add(n)
        mover = self.to_move
        bonus = self.gnome_bonus
        g = _GNOME[kind]
        if g is not None and self.game.options["gnomes"] == "placed":
            others = gnomes_at(board, CORNERS[cell][(g + rot) & 3]) - 1
            gained = 0 if others == 0 else 2 if others == 1 else 1
            if gained:
                t = team_of(mover)
                bonus = (bonus[0] + gained, bonus[1]) if t == 0 else (bonus[0], bonus[1] + gained)
        count = self.count + 1
        nxt = (mover + 1) % self.game.players
        if count >= FULL:
            tile, pile, tussocks = None, self.pile, self.tussocks
        else:
            tile, pile, tussocks = self._draw(nxt, self.pile, self.tussocks)
        return LandlockState(
            game=self.game, first=self.first, land_team=self.land_team, board=board, tile=tile,
            pending=False, to_move=nxt, tussocks=tussocks, gnome_bonus=bonus, pile=pile,
            count=count, box=box, frontier=frozenset(frontier), lpar=lpar,
        )

    def _bridge(self, cell: int) -> LandlockState:
        removed = self.board[cell] >> 2
        code = BRIDGE * 4 + base_rotation(BRIDGE, cell, self.lpar)
        board = self.board[:cell] + (code,) + self.board[cell + 1:]
        return LandlockState(
            game=self.game, first=self.first, land_team=self.land_team, board=board,
            tile=removed, pending=True, to_move=(self.to_move + 1) % self.game.players,
            tussocks=self.tussocks, gnome_bonus=self.gnome_bonus, pile=self.pile,
            count=self.count, box=self.box, frontier=self.frontier, lpar=self.lpar,
        )

    # --- outcome --------------------------------------------------------------------------
    def _scores(self) -> tuple[float, ...]:
        points = self.team_points()
        return tuple(points[team_of(p)] for p in range(self.game.players))

    def score_breakdown(self) -> Breakdown:
        """Where each point comes from: tussocks, then (at the end) the best networks and
        their sides, ponds and islands, and facing gnome pairs. Before the end, the notes
        show what the map would score if it ended now."""
        from .explain import breakdown

        return breakdown(self)

    # --- views ----------------------------------------------------------------------------
    def _view(self, player: int) -> LandlockView:
        return LandlockView(
            game=self.game, player=player, first=self.first, land_team=self.land_team,
            board=self.board, tile=self.tile, pending=self.pending, to_move=self.to_move,
            tussocks=self.tussocks, gnome_bonus=self.gnome_bonus, pile_size=len(self.pile),
            count=self.count, box=self.box, frontier=self.frontier, lpar=self.lpar,
        )

    def _pile_text(self) -> str:
        return "pile " + " ".join(KINDS[k].code for k in self.pile)


def _connected(board: tuple[int, ...]) -> bool:
    cells = {c for c, code in enumerate(board) if code >= 0}
    seen = {CENTER}
    todo = [CENTER]
    while todo:
        c = todo.pop()
        for n in NEIGHBOURS[c]:
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


@dataclass(frozen=True, slots=True, kw_only=True)
class LandlockView(_Map, View):
    """What one player sees: everything but the pile's order (only its size)."""

    first: int
    land_team: int | None
    board: tuple[int, ...]
    tile: int | None
    pending: bool
    to_move: int
    tussocks: tuple[int, int]
    gnome_bonus: tuple[int, int]
    pile_size: int
    count: int = field(compare=False, repr=False)
    box: tuple[int, int, int, int] | None = field(compare=False, repr=False)
    frontier: frozenset[int] = field(compare=False, repr=False)
    lpar: int = field(compare=False, repr=False)

    def _legal_actions(self) -> tuple[Action, ...]:
        if self.current_player != self.player:
            return ()
        return self._legal_for_mover()

    def _is_legal(self, action: Action) -> bool:
        return self.current_player == self.player and self._rule_legal(action)

    def _why_illegal(self, action: Action) -> str | None:
        if self.current_player != self.player:
            return f"it is not player {self.player}'s turn"
        return self._reason(action)

    def determinize(self, rng: random.Random) -> LandlockState:
        """A state with the unseen tiles shuffled into a pile of the same size."""
        unseen = Counter(TILE_SET) - Counter(code >> 2 for code in self.board if code >= 0)
        if self.tile is not None:
            unseen[self.tile] -= 1
        rest = sorted(unseen.elements())
        rng.shuffle(rest)
        return LandlockState(
            game=self.game, first=self.first, land_team=self.land_team, board=self.board,
            tile=self.tile, pending=self.pending, to_move=self.to_move, tussocks=self.tussocks,
            gnome_bonus=self.gnome_bonus, pile=tuple(rest[:self.pile_size]), count=self.count,
            box=self.box, frontier=self.frontier, lpar=self.lpar,
        )

    def _pile_text(self) -> str:
        return f"pile {self.pile_size} tiles (order hidden)"
