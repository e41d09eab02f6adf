"""The Legend of Landlock: the game, its states, and the rules of a turn.

Two players (Land and Water), or four in two teams with partners opposite (players 0 and 2
against 1 and 3) sharing one score. The first player is drawn at random; they choose their
role; then each player in turn places the tile they drew (or the tile a bridge removed),
until the map is 6 × 6.

What states and views share (the map, legality, graphs, scoring, text) is the position
(``position.py``); a state adds the draw pile's order and the transitions.

>>> import tabletop
>>> game = tabletop.load("landlock")
>>> s = game.new(seed=1).apply("land")
>>> s.legal_actions()[:2]            # the first tile, in the middle: it fixes the checkerboard
(Place(cell=60, rot=0), Place(cell=60, rot=1))
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ...core import ranges
from ...core.builders import own_position
from ...core.game import Action, Game, State, View
from ...core.ids import ActionSpace
from ...core.notation import NotationProblem
from ...core.plain import player_of, whole
from ...core.position import evolve, maker
from ...core.quoting import brief
from . import tensor
from .actions import (
    ACTION_TABLE,
    BRIDGES,
    FORMS,
    PLACE,
    ROLE_ACTIONS,
    ROLES,
    Bridge,
    Place,
    Role,
    notation_problem,
)
from .board import CELL_X, CELL_Y, CORNERS, cell_index
from .maps import placed_board, tiles_from_rows
from .masks import BIT, NEIGHBOUR_MASK
from .position import FULL, LandlockPosition, base_rotation, lpar_of, team_of
from .scoring import gnomes_at
from .tiles import BRIDGE, GNOME_CORNER, KIND_COUNTS, KINDS, TILE_SET, TUSSOCK, kind_index
from .view import LandlockView

NAMES = {2: ("North", "South"), 4: ("North", "East", "South", "West")}
#: The tiles with a gnome: a game's facing gnomes score at most this many points.
GNOME_TILES = sum(kind.count for kind in KINDS if kind.gnome is not None)
_WHAT = {"tussocks": "tussock (the box holds 3)",
         "gnome_bonus": "gnome (12 tiles carry one)"}
GNOME_OPTIONS = ("end", "placed")
#: What a map's rows may mean by too many plain paths or streams: the box's other six of
#: each carry a gnome, written with its corner (``P7``, ``S3``).
_GNOME_HINT = {code: f" without a gnome (and 6 {name}s with one: write the gnome's corner, "
                     f"like {code}7)" for code, name in (("P", "path"), ("S", "stream"))}

__all__ = ["FULL", "GNOME_OPTIONS", "NAMES", "Landlock", "LandlockState", "LandlockView",
           "base_rotation", "team_of"]


# --- the state ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class LandlockState(LandlockPosition, State):
    """A full position: the public one (``LandlockPosition``) plus ``pile``, the hidden draw
    order (kind numbers, next tile first)."""

    pile: tuple[int, ...]

    @ranges.per_game
    def _ranges(self) -> ranges.Ranges:
        tiles = ranges.Row(ranges.Span(0, len(KINDS) - 1), longest=sum(KIND_COUNTS))
        return {**LandlockPosition._ranges(self), "pile": tiles}

    @property
    def pile_count(self) -> int:
        return len(self.pile)

    def _pile_text(self) -> str:
        return "pile " + " ".join(KINDS[k].code for k in self.pile)

    # --- transitions ----------------------------------------------------------------------
    def _apply(self, action: Action) -> LandlockState:
        if type(action) is Place:
            return self._place(action.cell, action.rot)
        if type(action) is Bridge:
            return self._bridge(action.cell)
        assert isinstance(action, Role)
        first = self.first
        land_team = team_of(first) if action.role == "land" else 1 - team_of(first)
        tile, pile, tussocks = _draw(first, self.pile, self.tussocks)
        return evolve(self, land_team=land_team, tile=tile, pending=False, to_move=first,
                      tussocks=tussocks, pile=pile, count=0, box=None, lpar=-1)

    def _place(self, cell: int, rot: int) -> LandlockState:
        kind = self.tile
        assert kind is not None
        board = _with(self.board, cell, kind * 4 + rot)
        x, y = CELL_X[cell], CELL_Y[cell]
        box = self.box
        if box is None:
            box = (x, x, y, y)
            lpar = lpar_of(cell, kind, rot)
        else:
            x0, x1, y0, y1 = box
            if not (x0 <= x <= x1 and y0 <= y <= y1):  # the map grows: a new bounding box
                box = (x if x < x0 else x0, x if x > x1 else x1,
                       y if y < y0 else y0, y if y > y1 else y1)
            lpar = self.lpar
        filled = self.filled | BIT[cell]
        frontier = (self.frontier | NEIGHBOUR_MASK[cell]) & ~filled
        mover = self.to_move
        bonus = self.gnome_bonus
        g = GNOME_CORNER[kind]
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
            tile, pile, tussocks = _draw(nxt, self.pile, self.tussocks)
        return _placed(self, board, tile, False, nxt, tussocks, bonus, pile, count, box, filled,
                       frontier, lpar)

    def _bridge(self, cell: int) -> LandlockState:
        removed = self.board[cell] >> 2
        code = BRIDGE * 4 + base_rotation(BRIDGE, cell, self.lpar)
        board = _with(self.board, cell, code)
        return _bridged(self, board, removed, True, (self.to_move + 1) % self.game.players)

    # --- outcome and views ------------------------------------------------------------------
    def _scores(self) -> tuple[float, ...]:
        points = self.team_points()
        return tuple(points[team_of(p)] for p in range(self.game.players))

    def _view(self, player: int) -> LandlockView:
        return evolve(self, LandlockView, player=player, pile_size=len(self.pile))


#: ``evolve`` without keywords, for the hot path: a placement's and a bridge's next state.
_placed = maker(LandlockState, "board", "tile", "pending", "to_move", "tussocks", "gnome_bonus",
                "pile", "count", "box", "filled", "frontier", "lpar")
_bridged = maker(LandlockState, "board", "tile", "pending", "to_move")


def _with(board: tuple[int, ...], cell: int, code: int) -> tuple[int, ...]:
    """``board`` with ``code`` on ``cell``: through a list, one copy fewer than slices."""
    changed = list(board)
    changed[cell] = code
    return tuple(changed)


def _draw(player: int, pile: tuple[int, ...], tussocks: tuple[int, int]
          ) -> tuple[int | None, tuple[int, ...], tuple[int, int]]:
    """``player`` draws: the tile, the pile left, and a tussock's point at once."""
    if not pile:
        return None, pile, tussocks
    tile = pile[0]
    if tile == TUSSOCK:
        t = team_of(player)
        tussocks = (tussocks[0] + 1, tussocks[1]) if t == 0 else (tussocks[0], tussocks[1] + 1)
    return tile, pile[1:], tussocks


# --- the game --------------------------------------------------------------------------------

class Landlock(Game):
    """The Legend of Landlock, for 2 players (Land, Water) or 4 (two teams).

    Option ``gnomes``: ``"end"`` (facing gnomes score at the end, for Land or Water by their
    type) or ``"placed"`` (the player whose tile makes gnomes face scores them at once).
    """

    __slots__ = ()  # a made game holds only what Game does: nothing to rebind

    name = "landlock"
    title = "The Legend of Landlock"
    notation_forms = FORMS
    #: Rule changes that make an older record replay otherwise (``Game.rule_changes``).
    rule_changes = ("2026-12-01, scores: a bridge cancels the island or pond it belongs to, "
                    "which then scores nothing",)
    player_counts = (2, 4)
    defaults = {"gnomes": "end"}
    #: Gnomes scored when placed, by two teams (``check_variants``).
    variants = ({"players": 4, "gnomes": "placed"},)
    renderer = "render:draw"
    clicks = "input:LandlockInput"
    state_class = LandlockState

    def _check_option(self, key: str, value: Any) -> None:
        Game._check_option(self, key, value)
        self._option_choice(key, value, GNOME_OPTIONS)

    def player_name(self, player: int) -> str:
        return NAMES[self.players][player]

    def _action_space(self) -> ActionSpace:
        return ACTION_TABLE

    #: 58 planes over the 11 × 11 cells (``tensor.PLANES``, ``docs/observations.md``).
    observation_shape = tensor.SHAPE

    @property
    def max_game_length(self) -> int:
        """``1 + 36 + 3 = 40`` plies: the role, one placement per cell of the full 6 × 6
        map, and a bridge action for each of the 3 bridges (a bridge replaces a tile
        without filling a cell, and bridges are never removed, so each is played once).

        >>> Landlock().max_game_length
        40
        """
        return 1 + FULL + KINDS[BRIDGE].count

    @property
    def utility_sum(self) -> float | None:
        """``0.0``: two sides, with two players or two teams of two."""
        return 0.0

    def _initial(self, rng: random.Random) -> LandlockState:
        first = rng.randrange(self.players)
        pile = list(TILE_SET)
        rng.shuffle(pile)
        return own_position(self, pile=pile, land=None, first=first)

    def _parse(self, state: State | View, text: str) -> Action | None:
        """Also accept ``f6`` alone when one placement uses f6, ``f6 r2`` for a tile without a
        gnome that fits as ``f6 r0`` (both rotations give the same tile; on the first tile
        too), and any rotation of a tussock placed after the first tile (I3). Well-formed
        notation of an illegal move is returned for ``apply`` to refuse with its reason."""
        if text in ROLES:
            return ROLE_ACTIONS[ROLES.index(text)]
        problem = notation_problem(text)
        if problem is not None:
            raise NotationProblem(problem)
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
            if rot is not None:
                same = _same_tile(here, int(rot[1]), getattr(state, "tile", None) == TUSSOCK)
                if same is not None:
                    return same
            if len(parts) == 1:
                wanted = PLACE[cell][0] if not here else None
                if here:
                    ways = " or ".join(str(a) for a in here)
                    raise state._refusal(f"{text!r} is ambiguous: the tile goes {ways}")
            elif rot is not None:
                wanted = PLACE[cell][int(rot[1])]
        if wanted is None or len(parts) > 2:
            return None
        return wanted

    def position(
        self, tiles: Iterable[str | tuple[Any, ...]] = (), *,
        rows: Sequence[str] | str | None = None, top_left: str = "c3", tile: str | None = None,
        pile: Iterable[str | int] | None = None,
        land: str | None = "land", first: int = 0, to_move: int | None = None,
        pending: bool = False, tussocks: tuple[int, int] = (0, 0),
        gnome_bonus: tuple[int, int] = (0, 0),
    ) -> LandlockState:
        """A constructed position, for tests and notebooks (no seed; its record keeps this call).

        ``tiles``: the placed tiles, ``"cell kind rotation"`` strings (``"f6 path r0"``,
        kinds by name or code, see ``tiles.KINDS``) or ``(cell, kind, rot)`` tuples; they
        must include ``f6``, fit one checkerboard and stay within 6 × 6. Or the map as
        ``rows`` of cells starting at cell ``top_left``, written as the state's text shows
        them (see ``maps.tiles_from_rows``). ``tile``: the tile to place now (``None``:
        the first of ``pile``; with a full map the game is over, and a tile is refused).
        ``pile``: the draw order, kinds by name (or number) (default: the tiles not used, in
        the box's order).
        ``land``: the role of the first player's team (``None``: not chosen yet, nothing
        placed or drawn, as at the start). ``first``, ``to_move`` (default ``first``),
        ``pending`` (the tile in hand was removed by a bridge), ``tussocks``/``gnome_bonus``:
        points per team so far.

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
        last = self.players - 1
        first = player_of(first, self.players, f"first must be a player 0..{last}")
        if to_move is not None:
            to_move = player_of(to_move, self.players, f"to_move must be a player 0..{last}")
        tussocks, gnome_bonus = team_points("tussocks", tussocks), \
            team_points("gnome_bonus", gnome_bonus)
        for name, points, most in (("tussocks", tussocks, KINDS[TUSSOCK].count),
                                   ("gnome_bonus", gnome_bonus, GNOME_TILES)):
            if sum(points) > most:
                raise ValueError(f"{name} {points} is more than the box allows: {most} "
                                 f"points in all, one per {_WHAT[name]}")
        if isinstance(tiles, str):  # (its letters would each be read as a tile)
            raise ValueError(f"tiles should be a list of placed tiles like ['f6 path r0', "
                             f"'g6 stream r0'], not the text {brief(tiles)}")
        placed: list[str | tuple[Any, ...]] = list(tiles)
        if rows is not None:
            placed.extend(tiles_from_rows(rows, top_left))
        board, _ = placed_board(placed)
        count = sum(code >= 0 for code in board)
        hand = None if tile is None else kind_index(tile)
        used = Counter(code >> 2 for code in board if code >= 0)
        if hand is not None:
            used[hand] += 1
        for k, n in used.items():
            if n > KINDS[k].count:
                raise ValueError(f"{n} {KINDS[k].name} tiles, but the box has "
                                 f"{KINDS[k].count}{_GNOME_HINT.get(KINDS[k].code, '')}")
        rest = Counter(TILE_SET) - used
        if pile is None:
            order = tuple(sorted(rest.elements()))
        else:
            order = tuple(kind_index(k) for k in pile)
            if Counter(order) - rest:
                raise ValueError("the pile holds tiles that are already in play or not in the box")
        if land is None and used:
            raise ValueError("land=None is the start, before any tile is placed or drawn")
        if land is not None and hand is None and count < FULL and order:
            hand, order = order[0], order[1:]
        if land not in (*ROLES, None):
            raise ValueError(f"land must be 'land' or 'water', not {land!r}")
        if tile is not None and count >= FULL:  # not dropped without a word
            raise ValueError(f"tile={tile!r} would be in hand, but the map is full ({FULL} "
                             f"tiles): the game is over and no tile is placed (leave tile out)")
        in_hand = None if count >= FULL else hand
        if pending and in_hand is None:
            raise ValueError("pending=True says the tile in hand was removed by a bridge, but "
                             "no tile is in hand (before the roles are chosen, or the map is "
                             "full or the pile empty)")
        if pending and in_hand in (BRIDGE, TUSSOCK):
            raise ValueError(f"pending=True says a bridge removed the tile in hand, but a "
                             f"{KINDS[in_hand].name} can't be removed by a bridge")
        land_team = None if land is None else \
            team_of(first) if land == "land" else 1 - team_of(first)
        return LandlockState(
            game=self, first=first, land_team=land_team, board=board,
            tile=in_hand, pending=pending,
            to_move=first if to_move is None else to_move, tussocks=tussocks,
            gnome_bonus=gnome_bonus, pile=order,
        )


def team_points(name: str, value: object) -> tuple[int, int]:
    """``value`` as points per team: a pair of ints ≥ 0; else a ``ValueError`` naming
    ``name``.

    >>> team_points("tussocks", (1, -2))
    Traceback (most recent call last):
    ...
    ValueError: tussocks must be two ints ≥ 0 (points per team), not (1, -2)
    """
    try:
        pair = tuple(whole(v, 0, name) for v in cast("Iterable[object]", value))
    except (TypeError, ValueError):
        pair = ()
    if len(pair) != 2:
        raise ValueError(f"{name} must be two ints ≥ 0 (points per team), not {brief(value)}")
    return pair[0], pair[1]


def _same_tile(here: list[Place], rot: int, tussock: bool) -> Place | None:
    """The listed placement on a cell (``here``) that puts down the same tile as ``rot``:
    that rotation itself, else the one listed 180° apart when just one is (a tile without a
    gnome), else a tussock's one listed rotation (its corners are wild)."""
    for placement in here:
        if placement.rot == rot:
            return placement
    same = [placement for placement in here if (placement.rot - rot) % 2 == 0]
    if len(same) == 1:
        return same[0]
    return here[0] if tussock and len(here) == 1 else None
