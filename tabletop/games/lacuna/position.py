"""What Lacuna's states and views share: the position on the mat and every question about it.

``LacunaPosition`` holds the public fields of ``LacunaState`` (``rules.py``) and
``LacunaView`` (``view.py``) and answers from them alone: open pairs, where a pawn may stand,
what blocks a line, the visibility graph, the nearest-pawn claims and the colour tally.

>>> import tabletop
>>> s = tabletop.load("lacuna").new(seed=7).apply("aside blue")
>>> isinstance(s.view(0), LacunaPosition), s.open_pairs() == s.view(1).open_pairs()
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.core.breakdown import Breakdown, Row
from tabletop.core.derived import derived
from tabletop.core.game import Action, Game, Position
from tabletop.core.legal import from_bits
from tabletop.core.plain import finite_point
from tabletop.core.position import position
from tabletop.core.quoting import brief
from tabletop.core.readonly import ReadOnlyDict, frozen_graph, readonly_array

from . import scoring
from .actions import (
    SET_ASIDE,
    Place,
    PlaceFree,
    colour_name,
    place,
)
from .board import (
    COLOUR_MAJORITY,
    GAME_MAJORITY,
    NAMES,
    NCOLOURS,
    Params,
    mover,
    params_of,
    player_name,
)
from .flowerids import flower_of, index_of, pair_of
from .geometry import GROUP, STEPS, TICKS, Geometry, Tally
from .kernels import set_bits
from .places import geo_actions, spot_places
from .plane import nearest_tick
from .reasons import free_problem, problem
from .text import board_text

if TYPE_CHECKING:  # networkx is imported for ``graph`` alone: a move needs none
    import networkx as nx

_NOWHERE = readonly_array(np.zeros(STEPS + 1, dtype=bool))  # ``positions`` of a closed pair


@position
class LacunaPosition(Position):
    """The public Lacuna position: ``start`` the start player, ``points`` the flower centres
    (ticks of 1e-4, reading order), ``colors`` each flower's colour (``None`` until the
    set-aside choice), ``aside`` the colour set aside, ``pawns`` ``(x, y, owner)`` in fine
    units (1/1024 tick) in placement order, ``collected`` a bitmask of flower ids per player;
    ``_geo`` the layout's static geometry, shared along a game (not compared)."""

    game: Game
    start: int
    points: tuple[tuple[int, int], ...]
    colors: tuple[int, ...] | None
    aside: int | None
    pawns: tuple[tuple[int, int, int], ...]
    collected: tuple[int, int]
    #: Whose decision it is (``mover``): kept as a field, set by every move, because every
    #: search step asks and a property's call costs about a tenth of a move.
    current_player: int | None = derived()
    _geo: Geometry | None = derived(default=None)

    def _derive(self) -> dict[str, Any]:
        return {"current_player": mover(self.start, len(self.pawns))}

    # --- basic facts ------------------------------------------------------------------------
    @property
    def params(self) -> Params:
        """The game's sizes in ticks (from its options)."""
        return params_of(self.game.options)

    @property
    def geometry(self) -> Geometry | None:
        """The layout's static geometry (``None`` before the colours are known)."""
        if self._geo is not None:
            return self._geo
        if self.colors is None:
            return None
        p = self.params
        return self._cached(
            "geo", lambda: Geometry(self.points, self.colors or (), flower_r=p.flower,
                                    pawn_r=p.pawn, spot_gap=p.spot_gap))

    @property
    def on_mat(self) -> int:
        """The bitmask of flower ids still on the mat."""
        c0, c1 = self.collected
        return ((1 << len(self.points)) - 1) & ~(c0 | c1)

    def flowers_on_mat(self) -> tuple[int, ...]:
        """The ids of the flowers still on the mat, in order."""
        return tuple(set_bits(self.on_mat))

    def owner_of(self, flower: int) -> int | None:
        """Who collected ``flower`` with a pawn (``None``: still on the mat)."""
        flower = flower_of("owner_of", flower, len(self.points))
        for p in (0, 1):
            if (self.collected[p] >> flower) & 1:
                return p
        return None

    def flower_xy(self, flower: int) -> tuple[float, float]:
        """A flower's centre in mat units."""
        x, y = self.points[flower_of("flower_xy", flower, len(self.points))]
        return x / TICKS, y / TICKS

    def pawn_xy(self, index: int) -> tuple[float, float]:
        """A pawn's centre in mat units."""
        x, y, _ = self.pawns[index_of("pawn_xy", index, len(self.pawns), "pawns")]
        return x / (TICKS * STEPS), y / (TICKS * STEPS)

    def action_xy(self, action: Place | PlaceFree) -> tuple[float, float]:
        """Where ``action`` puts the pawn, in mat units."""
        if isinstance(action, PlaceFree):
            return action.x / TICKS, action.y / TICKS
        if not isinstance(action, Place):
            raise TypeError(f"action_xy(action) takes a place or a free placement, not "
                            f"{brief(action)}")
        pair_of("action_xy", action.a, action.b, len(self.points))
        (ax, ay), (bx, by) = self.points[action.a], self.points[action.b]
        t = action.k / STEPS
        return (ax + t * (bx - ax)) / TICKS, (ay + t * (by - ay)) / TICKS

    # --- open pairs ---------------------------------------------------------------------------
    def _pawn_kill(self) -> int:
        """The union of the pawns' dead masks (see ``Geometry``); kept up to date by
        ``apply``, one pawn at a time."""
        found = self._cache.get("pawn_kill")
        if found is None:
            geo = self.geometry
            assert geo is not None
            found = 0
            for x, y, _ in self.pawns:
                found |= geo.pawn_kill(x, y)
            self._cache["pawn_kill"] = found
        return found

    def _tally(self) -> Tally:
        """The flowers' part of the dead mask as a ``Geometry.collect`` tally: carried from
        state to state by ``apply``, else the layout's for these collected flowers."""
        cache = self._cache
        found = cache.get("flowers")
        if found is None:
            geo = self.geometry
            assert geo is not None
            c0, c1 = self.collected
            found = cache["flowers"] = geo.tally_of(c0 | c1)
        return found

    def _dead(self) -> int:
        """The position's dead mask: the sample spots where a pawn may not stand and the
        pairs that are not open (see ``Geometry``). Cached."""
        cache = self._cache
        found = cache.get("dead")
        if found is None:
            geo = self.geometry
            assert geo is not None
            found = cache["dead"] = geo.tally_kill(self._tally()) | self._pawn_kill()
        return found

    def open_pairs(self) -> tuple[tuple[int, int], ...]:
        """The same-colour pairs on the mat whose segment no flower or pawn blocks."""
        geo = self.geometry
        if geo is None:
            return ()
        open_bits = geo.pair_bits & ~self._dead()
        return tuple(geo.pairs[bit // GROUP] for bit in set_bits(open_bits))

    def is_open(self, a: int, b: int) -> bool:
        """Whether the pair ``a``-``b`` (either order) is open."""
        a, b = self._pair("is_open", a, b)
        geo = self.geometry
        if geo is None:
            return False
        i = geo.pair_index.get((min(a, b), max(a, b)))
        return i is not None and not geo.is_dead(self._dead(), i)

    def blockers(self, a: int, b: int) -> tuple[tuple[str, int], ...]:
        """What blocks the segment between flowers ``a`` and ``b``: ``("flower", id)`` for
        flowers on the mat, ``("pawn", i)`` for pawns, in order."""
        a, b = self._pair("blockers", a, b)
        geo = self.geometry
        if geo is None:
            return ()
        return geo.blockers(a, b, self.on_mat, self.pawns)

    def blocked_pairs(self) -> tuple[tuple[tuple[int, int], tuple[tuple[str, int], ...]], ...]:
        """Each same-colour pair on the mat that is blocked, with what blocks it."""
        geo = self.geometry
        if geo is None:
            return ()
        m = self.on_mat
        return tuple(((a, b), self.blockers(a, b)) for a, b in geo.pairs
                     if (m >> a) & 1 and (m >> b) & 1 and not self.is_open(a, b))

    # --- where a pawn may stand -------------------------------------------------------------
    def _pair(self, call: str, a: object, b: object) -> tuple[int, int]:
        """``a`` and ``b`` as flower ids if both are flowers here (else ``ValueError``)."""
        return pair_of(call, a, b, len(self.points))

    def positions(self, a: int, b: int) -> np.ndarray:
        """``[k]``, ``k = 0 .. 1024``: a pawn may stand at ``k/1024`` of the way from ``a``
        to ``b`` (either order, measured from ``a`` as ``along`` and the notation measure):
        the pair is open and the pawn overlaps nothing. Exact; read-only. Flowers that do
        not exist are refused with a ``ValueError``.

        >>> from tabletop.games.lacuna import Lacuna
        >>> s = Lacuna().position([(0, 0, "red"), (0.5, 0, "red"), (0.1, 0.05, "blue")])
        >>> s.stretch(0, 1), s.stretch(1, 0)  # the blue flower stands near flower 0
        (((0, 136), (273, 1024)), ((0, 751), (888, 1024)))
        >>> bool(s.positions(0, 1)[205]), bool(s.positions(1, 0)[1024 - 205])
        (False, False)
        """
        a, b = self._pair("positions", a, b)
        geo = self.geometry
        if geo is None or not self.is_open(a, b):
            return _NOWHERE
        return self._cached(f"pos{a}-{b}", lambda: readonly_array(
            geo.positions_ok(a, b, self.on_mat, self.pawns)))

    def stretch(self, a: int, b: int) -> tuple[tuple[int, int], ...]:
        """The legal stretches of the line ``a``-``b`` as ``(k0, k1)`` runs of grid positions
        ``k/1024`` of the way from ``a`` (both ends legal; either order, as ``positions``);
        ``()`` if the pair is blocked or has no room."""
        ok = self.positions(*self._pair("stretch", a, b)).tolist()
        runs: list[tuple[int, int]] = []
        start = None
        for k, good in enumerate(ok + [False]):
            if good and start is None:
                start = k
            elif not good and start is not None:
                runs.append((start, k - 1))
                start = None
        return tuple(runs)

    def along(self, a: int, b: int, x: float, y: float) -> float:
        """Where the point ``(x, y)`` (mat units) projects on the segment from flower ``a`` to
        flower ``b``, in steps of 1/1024 from ``a`` (clamped to ``0 .. 1024``).

        >>> from tabletop.games.lacuna import Lacuna
        >>> s = Lacuna().position([(0, 0, "red"), (0.5, 0, "red")])
        >>> s.along(0, 1, 0.125, 0.3), s.along(1, 0, 0.125, 0.3), s.along(0, 1, -1, 0)
        (256.0, 768.0, 0.0)
        """
        a, b = self._pair("along", a, b)
        x, y = finite_point(x, y, "along")
        (ax, ay), (bx, by) = self.flower_xy(a), self.flower_xy(b)
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else ((x - ax) * dx + (y - ay) * dy) / length2
        return min(max(t, 0.0), 1.0) * STEPS

    def nearest_place(self, a: int, b: int, x: float, y: float) -> Place | None:
        """The legal ``Place`` on the pair ``a``-``b`` (either order) nearest to the point
        ``(x, y)`` (mat units) projected on the segment; ``None`` if the pair takes no pawn.
        The click helper: a click near a chosen line becomes a position on it."""
        x, y = finite_point(x, y, "nearest_place")
        a, b = sorted(pair_of("nearest_place", a, b, len(self.points)))
        ok = self.positions(a, b)
        if not ok.any():
            return None
        target = self.along(a, b, x, y)
        ks = np.flatnonzero(ok)
        k = int(ks[np.argmin(np.abs(ks - target))])
        return place(a, b, k)

    def nearest_free(self, x: float, y: float) -> PlaceFree | None:
        """The legal free placement nearest to ``(x, y)`` (mat units), to the tick; ``None``
        unless a free placement is allowed (no pair can take a pawn). The click helper for
        ``PlaceFree``: a click on a flower or a pawn moves just clear of it (touching it:
        touching is allowed).

        >>> from tabletop.games.lacuna import Lacuna
        >>> s = Lacuna().position([(0, 0, "red"), (0.5, 0, "blue")])
        >>> s.nearest_free(0.01, 0), s.nearest_free(0.3, 0.2)
        (PlaceFree(x=600, y=0), PlaceFree(x=3000, y=2000))
        """
        x, y = finite_point(x, y, "nearest_free")
        if not any(isinstance(a, PlaceFree) for a in self.legal_actions()):
            return None
        p = self.params
        obstacles: list[tuple[float, float, float]] = [
            (*self.points[f], p.flower + p.pawn) for f in self.flowers_on_mat()]
        obstacles += [(px / STEPS, py / STEPS, 2 * p.pawn) for px, py, _ in self.pawns]
        spot = nearest_tick((x * TICKS, y * TICKS), obstacles, p.mat - p.pawn,
                            lambda tx, ty: free_problem(self, tx, ty, check_pairs=False) is None)
        return None if spot is None else PlaceFree(*spot)

    # --- legal actions --------------------------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        """The legal actions of the position (whoever is to move)."""
        if self.current_player is None:
            return ()
        if self.colors is None:
            return SET_ASIDE
        # ``_places``' common case written out (every search ply lists; the memo read: a call less)
        geo = self._geo or self.geometry
        assert geo is not None
        dead = self._cache.get("dead") or self._dead()  # carried by the last move, usually
        spots, pairs, carry, one, every = geo._memo.get("spot_places") or spot_places(geo)
        free = spots & ~dead
        if (free + carry | dead) & pairs == pairs:  # no open pair is cramped
            return from_bits(free, one, every) if free else self._free_sample()
        return self._places() or self._free_sample()

    def _places(self) -> Sequence[Place] | None:
        """The ``Place`` actions, ``None`` if none (a lazy list is not asked if empty)."""
        geo = self._geo or self.geometry
        assert geo is not None
        dead = self._cache.get("dead") or self._dead()  # carried by the last move, usually
        spots, pairs, carry, one, every = spot_places(geo)
        free = spots & ~dead
        # + ``carry`` per group carries into the pair's bit iff a sample spot of it is free:
        # the open pairs it does not reach have every sample spot taken (cramped); for each,
        # the legal position nearest the middle of the segment, if there is one.
        cramped = pairs & ~(dead | free + carry)
        if not cramped:  # every open pair has a sample spot free: the common case (lazy)
            return from_bits(free, one, every) if free else None
        table = geo_actions(geo)
        out: list[Place] = []
        for bit in set_bits(free | cramped):
            i, s = divmod(bit, GROUP)
            if s < GROUP - 1:
                out.append(table[bit])
                continue
            a, b = geo.pairs[i]
            ks = np.flatnonzero(self.positions(a, b))
            if len(ks):
                out.append(place(a, b, int(ks[np.argmin(np.abs(ks - STEPS // 2))])))
        return tuple(out) or None

    def _free_sample(self) -> tuple[PlaceFree, ...]:
        """Free placements on the coarsest lattice (spacing R/4, then halved) with a legal
        point: every legal lattice point, ordered by x then y."""
        p = self.params
        step = max(p.mat // 4, 1)
        reach = p.mat - p.pawn
        while True:
            span = reach // step
            grid = [(i * step, j * step) for i in range(-span, span + 1)
                    for j in range(-span, span + 1)
                    if (i * step) ** 2 + (j * step) ** 2 <= reach * reach]
            found = tuple(PlaceFree(x, y) for x, y in grid
                          if free_problem(self, x, y, check_pairs=False) is None)
            if found or step == 1:
                return found
            step = max(step // 2, 1)

    # --- legality and reasons (``reasons``) --------------------------------------------------
    def _problem(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal in this position, else why not."""
        return problem(self, action)

    # --- the visibility graph -----------------------------------------------------------------
    @property
    def graph(self) -> nx.Graph:
        """The visibility graph: flowers on the mat as nodes (``colour``, ``pos``), open
        same-colour pairs as edges (``colour``, ``length``, ``room``: a pawn fits).

        Frozen, attributes included (``graph.copy()`` is a graph to change)."""
        return self._cached("graph", lambda: frozen_graph(self._build_graph()))

    def _build_graph(self) -> nx.Graph:
        import networkx as nx  # here, not at import: a move needs no graph

        g = nx.Graph()
        for f in self.flowers_on_mat():
            colour = colour_name(self.colors[f]) if self.colors is not None else None
            g.add_node(f, colour=colour, pos=self.flower_xy(f))
        legal = {(a.a, a.b) for a in self._legal_actions() if isinstance(a, Place)} \
            if self.colors is not None and self.current_player is not None else set()
        for a, b in self.open_pairs():
            (ax, ay), (bx, by) = self.flower_xy(a), self.flower_xy(b)
            g.add_edge(a, b, colour=g.nodes[a]["colour"],
                       length=float(np.hypot(bx - ax, by - ay)), room=(a, b) in legal)
        return g

    # --- the end --------------------------------------------------------------------------------
    def _score_rows(self) -> tuple[np.ndarray, scoring.Tables, dict[Any, bytes]]:
        """The flowers' rows, colour count tables and pawn columns for ``scoring`` (per
        layout, or per position if hand-built)."""
        geo = self._geo
        if geo is not None:
            return geo._cached("scoring", scoring.layout_data)
        return self._cached("scoring", lambda: scoring.data(self.points, self.colors or ()))

    def _claimed(self) -> tuple[int, int]:
        """The flowers on the mat whose nearest pawn is each player's (``claims``), as a
        bitmask per player."""
        found = self._cache.get("claimed")
        if found is None:
            rows, _, columns = self._score_rows()
            m0, m1 = scoring.claim_masks(rows, self.pawns, columns)
            on = self.on_mat
            found = self._cache["claimed"] = (m0 & on, m1 & on)
        return found

    def claims(self) -> dict[int, int | None]:
        """Each flower on the mat with the owner of the nearest pawn (``None``: an exact tie
        between the players' nearest pawns, or no pawn yet). At the end these are taken.
        Read-only (``dict(claims)`` is a copy to change)."""
        def compute() -> dict[int, int | None]:
            m0, m1 = self._claimed()
            return ReadOnlyDict((f, 0 if (m0 >> f) & 1 else 1 if (m1 >> f) & 1 else None)
                                for f in self.flowers_on_mat())

        return self._cached("claims", compute)

    def _counts(self) -> tuple[int, int]:
        """``tally`` packed a byte per colour (``scoring.counts``): what the end of every
        search rollout reads."""
        found = self._cache.get("counts")
        if found is None:
            owned = self.collected
            if self.current_player is None and self.colors is not None:  # the end
                m0, m1 = self._claimed()
                owned = (owned[0] | m0, owned[1] | m1)
            found = self._cache["counts"] = scoring.counts(self._score_rows()[1], owned,
                                                           self.start, self.aside)
        return found

    def tally(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Flowers of each colour per player: the set-aside flower, the collected pairs and,
        once the game is over, the flowers claimed by nearest pawn."""
        found = self._cache.get("tally")
        if found is None:
            found = self._cache["tally"] = scoring.tally(self._counts())
        return found

    def colours_won(self) -> tuple[int, int]:
        """How many colours each player holds a majority (4+) of."""
        c0, c1 = self._counts()
        return (scoring.majorities(c0, COLOUR_MAJORITY),
                scoring.majorities(c1, COLOUR_MAJORITY))

    def leaders(self) -> tuple[int, ...]:
        """Who is ahead by the rules' order: more colours won (4+ wins outright), then more
        flowers; ``()`` if level on both. At the end, the winners."""
        c0, c1 = self._counts()  # packed: a search's every rollout ends here
        won0 = scoring.majorities(c0, COLOUR_MAJORITY)
        won1 = scoring.majorities(c1, COLOUR_MAJORITY)
        if won0 != won1:
            return (0,) if won0 > won1 else (1,)
        total0, total1 = scoring.total(c0), scoring.total(c1)
        if total0 != total1:
            return (0,) if total0 > total1 else (1,)
        return ()

    def score_breakdown(self) -> Breakdown:
        """Per colour: who holds the majority (the point), and how many each player has
            (every count in it is public)."""
        t = self.tally()
        claims = self.claims() if self.is_terminal else {}
        rows = []
        for c in range(NCOLOURS):
            n0, n1 = t[0][c], t[1][c]
            parts = [f"Gold {n0}", f"Silver {n1}"]
            if self.colors is not None:
                left = sum(1 for f in self.flowers_on_mat() if self.colors[f] == c)
                if self.is_terminal:
                    tied = sum(1 for f, o in claims.items() if o is None and self.colors[f] == c)
                    if tied:
                        parts.append(f"{tied} tied (nobody's)")
                elif left:
                    parts.append(f"{left} on the mat")
            won = (int(n0 >= COLOUR_MAJORITY), int(n1 >= COLOUR_MAJORITY))
            rows.append(Row(colour_name(c), won, detail=", ".join(parts)))
        total = (sum(t[0]), sum(t[1]))
        notes = [f"flowers in all: Gold {total[0]}, Silver {total[1]} (the tie-break)",
                 f"a colour needs {COLOUR_MAJORITY} of its 7 flowers; the game needs "
                 f"{GAME_MAJORITY} colours"]
        if self.aside is not None:
            notes.append(f"{player_name(self.start)} set a {colour_name(self.aside)} "
                         "flower aside at the start (counted)")
        return Breakdown(players=NAMES, rows=tuple(rows), notes=tuple(notes))

    # --- text -------------------------------------------------------------------------------------
    def _board_text(self, tokens: tuple[int, ...] = ()) -> str:
        return board_text(self, tokens)
