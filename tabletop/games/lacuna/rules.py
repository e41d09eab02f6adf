"""Lacuna's rules: the state (the public position, and the hidden pour order) and, at the
bottom, the game.

>>> import tabletop
>>> game = tabletop.load("lacuna")
>>> s = game.new(seed=7)
>>> s.legal_actions()[:2]
(SetAside(colour=0), SetAside(colour=1))
>>> s = s.apply("aside blue")
>>> len(s.points), s.tally()[s.start][4]
(48, 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tabletop.core import ranges
from tabletop.core.choices import suggestion
from tabletop.core.errors import InvalidOption, InvalidRecord
from tabletop.core.game import Action, Game, State, View
from tabletop.core.ids import ActionSpace
from tabletop.core.notation import number
from tabletop.core.plain import whole
from tabletop.core.position import constructor, evolve, maker
from tabletop.core.quoting import brief, counted

from . import tensor
from .actions import (
    COLOURS,
    FORMS,
    MAX_COORDINATE,
    LacunaSpace,
    Place,
    PlaceFree,
    SetAside,
    parse,
    tick_text,
)
from .board import (
    FLOWERS,
    NCOLOURS,
    PAWN_FILL,
    PAWNS_EACH,
    SPACING,
    Params,
    mover,
    params_of,
    player_name,
)
from .draws import Draws
from .geometry import MAX_FLOWERS, STEPS, TICKS, Geometry, scatter
from .position import LacunaPosition
from .start import read_start
from .view import LacunaView, check_unpoured, layout_ranges

_NO_IDS: frozenset[int] = frozenset()
_PAWNS = 2 * PAWNS_EACH  # pawns in a game (a global: no product per move)


@dataclass(frozen=True, slots=True, kw_only=True)
class LacunaState(LacunaPosition, State):
    """A Lacuna position: the public one (``LacunaPosition``) and ``tokens``, the hidden pour
    order of the 49 flowers' colours until the start player sets a colour aside, when
    ``colors`` (each flower's colour) becomes known and ``tokens`` is dropped; ``taken``,
    hidden too, says which of the set-aside colour's seven flowers in the pour order the
    start player takes (0 the first .. 6 the last; see ``pour``).
    """

    tokens: tuple[int, ...]
    #: The pour order the game started with, kept (uncompared) for the record's start data.
    pour: tuple[int, ...] = field(default=(), compare=False, repr=False)
    taken: int = 0
    #: ``taken`` as the game started, kept (uncompared) for the record's start data.
    start_taken: int = field(default=0, compare=False, repr=False)

    def _ranges(self) -> ranges.Ranges:
        return layout_ranges(len(self.points), self.colors is not None, self.params.mat,
                             state=True)

    def _check_together(self) -> None:
        check_unpoured(self, self.tokens)

    @classmethod
    def from_coordinates(cls, game: Game, flowers: Sequence[tuple[Any, Any, int | str]],
                         pawns: Sequence[tuple[Any, Any, int]] = (), **kw: Any) -> LacunaState:
        """A position built from flower and pawn coordinates: ``game.position(...)``, which
        documents the arguments.

        >>> s = LacunaState.from_coordinates(Lacuna(), [(-0.5, 0, "red"), (0.5, 0, "red")])
        >>> s.open_pairs()
        ((0, 1),)
        """
        if not isinstance(game, Lacuna):
            raise TypeError(f"from_coordinates takes a Lacuna game, not {brief(game)}")
        return game.position(flowers, pawns, **kw)

    def _is_setup(self) -> bool:
        return self.colors is None

    def _is_legal(self, action: Action) -> bool:
        return self._problem(action) is None

    def _legal_ids(self, legal: Any) -> frozenset[int]:
        # The core's shortcut (the ids of the listed actions) costs a set of a few hundred
        # ids per state; ``_is_legal`` answers a listed action in O(1) already.
        return _NO_IDS

    def _why_illegal(self, action: Action) -> str | None:
        return self._problem(action)

    def _apply(self, action: Action) -> LacunaState:
        if type(action) is SetAside:
            colors = pour(self.tokens, action.colour, self.taken)
            p = self.params
            layout = Geometry(self.points, colors, flower_r=p.flower, pawn_r=p.pawn,
                              spot_gap=p.spot_gap, centres=self._cache.get("centres"))
            return _set_aside(self, colors, (), 0, action.colour, layout)
        geo = self._geo or self.geometry
        assert geo is not None
        player = self.current_player
        assert player is not None
        collected = self.collected
        if type(action) is Place:
            a, b, k = action.a, action.b, action.k
            points = self.points
            (ax, ay), (bx, by) = points[a], points[b]
            x, y = ax * STEPS + k * (bx - ax), ay * STEPS + k * (by - ay)  # ``geo.at``
            got = collected[player] | 1 << a | 1 << b
            collected = (got, collected[1]) if player == 0 else (collected[0], got)
        else:
            assert type(action) is PlaceFree
            x, y = action.x * STEPS, action.y * STEPS
        pawns = self.pawns + ((x, y, player),)
        if len(pawns) >= _PAWNS:  # the last pawn: no next move needs its kills
            return _placed(self, pawns, collected, geo, None)
        nxt = _placed(self, pawns, collected, geo, player ^ 1)
        # The dead mask and its parts go to the next state (a terminal state lists no
        # actions; asked anyway, it computes its own). They came with this one, usually.
        cache = self._cache
        tally = cache.get("flowers") or self._tally()
        if type(action) is Place:
            tally = geo.collect_two(tally, a, b)
        kills = cache.get("pawn_kill")
        kills = (self._pawn_kill() if kills is None else kills) | geo.pawn_kill(x, y)
        cache = nxt._cache
        cache["flowers"], cache["pawn_kill"], cache["dead"] = tally, kills, tally[2] | kills
        return nxt

    def _scores(self) -> tuple[float, ...]:
        return self.colours_won()

    def _winners(self) -> tuple[int, ...]:
        return self.leaders()

    def _start_data(self) -> dict[str, Any] | None:
        """A record keeps the layout (flower centres in ticks) and the pour order of the
        colours, so that replay never samples them again (the start player still comes from
        the seed)."""
        if not self.pour:
            return None  # a hand-built or determinized position: it has no record anyway
        return {"layout": [[x, y] for x, y in self.points], "pour": list(self.pour),
                "taken": self.start_taken}

    def _view(self, player: int) -> LacunaView:
        return evolve(self, LacunaView, player=player)

    def _text(self) -> str:
        text = self._board_text(self.tokens)
        if not self.tokens:
            return text
        return (f"{text} · the start player takes the set-aside colour's flower "
                f"{self.taken + 1} of {FLOWERS // NCOLOURS} in it")


#: ``evolve(state, pawns=..., collected=..., _geo=..., current_player=...)`` for
#: ``_apply``'s hot path.
_placed = maker(LacunaState, "pawns", "collected", "_geo", "current_player")
#: ``evolve(state, colors=..., tokens=..., taken=..., aside=..., _geo=...)`` for the set-aside
#: move (the hidden parts dropped: what they decided is in ``colors``).
_set_aside = maker(LacunaState, "colors", "tokens", "taken", "aside", "_geo")
#: ``LacunaState(...)`` without ``__init__`` (a sixth of ``_initial``'s cost): ``game``,
#: ``start``, ``points``, ``colors``, ``aside``, ``pawns``, ``collected``, the derived
#: ``current_player`` and ``_geo``, ``tokens``, ``pour``, ``taken``, ``start_taken`` (the
#: fields in order).
_first_state = constructor(LacunaState)


def _exact(value: Any, what: str) -> Fraction:
    """A coordinate given as a number or text, exactly (text short and bounded: no
    ``Fraction('1e-100000000')``); ``ValueError`` naming ``what`` otherwise."""
    try:
        if isinstance(value, str):
            return number(value, what, -MAX_COORDINATE, MAX_COORDINATE)
        if isinstance(value, bool):  # no number: True would be 1 mat unit
            raise TypeError
        return Fraction(value)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{what} must be a number, not {brief(value)}") from None


def _triples(items: Any, what: str, form: str) -> list[tuple[Any, Any, Any]]:
    """``items`` (flowers or pawns) as a list of ``(x, y, third)`` triples; a ``ValueError``
    naming ``what`` and its ``form`` otherwise (a text, a number, a pair).

    >>> _triples([(0, 0.5, "red")], "flowers", "(x, y, colour)")
    [(0, 0.5, 'red')]
    >>> _triples([(0, 0.5)], "pawns", "(x, y, owner)")
    Traceback (most recent call last):
    ...
    ValueError: pawns should be a list of (x, y, owner), not (0, 0.5) (pawn 0)
    """
    single = what[:-1]
    if isinstance(items, str | bytes | Mapping) or not isinstance(items, Iterable):
        raise ValueError(f"{what} should be a list of {form}, not {brief(items)}")
    out = []
    for i, item in enumerate(items):
        if isinstance(item, str | bytes | Mapping) or not isinstance(item, Iterable) \
                or len(item := tuple(item)) != 3:
            raise ValueError(f"{what} should be a list of {form}, not {brief(item)} "
                             f"({single} {i})")
        out.append(item)
    return out


def _ticks(value: Any, what: str) -> int:
    return round(_exact(value, what) * TICKS)


def pawn_reach_text(p: Any) -> str:
    """How far from the centre a pawn's centre may stand, and why (``p``: the game's params):
    a free placement lies wholly on the mat, and a pawn on a line may stand at a flower's
    centre, which lies farther out when flowers are the smaller.

    >>> from tabletop.games.lacuna import Lacuna
    >>> pawn_reach_text(Lacuna().params)
    'a pawn lies wholly on it: its centre within 0.971 of the centre'
    >>> pawn_reach_text(Lacuna(flower_radius=0.02, pawn_radius=0.05).params)
    "a pawn's centre lies within 0.98 of the centre, at a flower by the rim at the farthest"
    """
    if p.pawn <= p.flower:
        return f"a pawn lies wholly on it: its centre within {tick_text(p.mat - p.pawn)} of " \
               f"the centre"
    return f"a pawn's centre lies within {tick_text(p.mat - p.flower)} of the centre, at a " \
           f"flower by the rim at the farthest"


def _colour(c: int | str) -> int:
    if isinstance(c, str) and c in COLOURS:
        return COLOURS.index(c)
    if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < NCOLOURS:
        return c
    raise ValueError(f"{brief(c)} is not a colour (0..6 or {', '.join(COLOURS)})"
                     f"{suggestion(c, COLOURS) if isinstance(c, str) else ''}")


def layout_problem(points: tuple[tuple[int, int], ...], tokens: tuple[int, ...],
                   params: Params) -> str | None:
    """What is wrong with a stored layout (flower centres in ticks) and pour order, if any.

    >>> layout_problem(((0, 0),), (0,) * 49, Lacuna().params)
    '1 flower centre instead of 48'
    """
    if len(points) != FLOWERS - 1:
        return f"{counted(len(points), 'flower centre')} instead of {FLOWERS - 1}"
    reach = params.mat - params.flower
    outside = [pt for pt in points if pt[0] ** 2 + pt[1] ** 2 > reach**2]
    if outside:
        return f"flower at {list(outside[0])} is not wholly on the mat"
    gap = (2 * params.flower) ** 2
    for i, (ax, ay) in enumerate(points):
        for bx, by in points[i + 1:]:
            if (ax - bx) ** 2 + (ay - by) ** 2 < gap:
                return f"flowers at {[ax, ay]} and {[bx, by]} overlap"
    if sorted(tokens) != sorted(c for c in range(NCOLOURS) for _ in range(FLOWERS // NCOLOURS)):
        return f"the pour order must hold each colour 0..{NCOLOURS - 1} {FLOWERS // NCOLOURS} times"
    return None


#: The colours of the 49 flowers before they are poured: 7 of each, in colour order.
POUR = tuple(c for c in range(NCOLOURS) for _ in range(FLOWERS // NCOLOURS))
#: The generator's outputs ``_initial`` draws ahead (``Draws``): a batch of candidates for
#: the scatter (two per uniform, ``8 * (FLOWERS - 1)``), and enough for the pour order (72 on
#: average, more than 96 once in 800 shuffles: drawing more costs more than it saves).
SETUP_OUTPUTS = 8 * (FLOWERS - 1) + 96


def pour(tokens: tuple[int, ...], aside: int, taken: int = 0) -> tuple[int, ...]:
    """The colours of the scattered flowers: the pour order without the set-aside colour's
    flower of rank ``taken`` (0 its first .. 6 its last), the one the start player took.

    ``taken`` is drawn with the pour order, uniformly: then every arrangement of the 48
    flowers left is equally likely, whatever colour is set aside. Always taking the first
    (a record without ``taken`` does) leaves an arrangement whose first flower of that
    colour comes ``j`` flowers in about ``j + 1`` times as often: the top of the mat
    (flowers are poured in reading order) kept it one time in 60, not one in 8.

    >>> pour((0, 1, 0, 2), 0), pour((0, 1, 0, 2), 0, taken=1)
    ((1, 0, 2), (0, 1, 2))
    """
    i = -1
    for _ in range(taken + 1):
        i = tokens.index(aside, i + 1)
    return tokens[:i] + tokens[i + 1:]


class Lacuna(Game):
    """Lacuna (Mark Gerrits, CMYK 2023) for 2 players: collect flowers along open lines.

    Options (mat units, multiples of 0.0001): ``mat_radius`` (0.5–2), ``flower_radius`` and
    ``pawn_radius`` (0.0001–0.1, each at most 5% of the mat radius). So with the default
    flower and pawn radii (0.031, 0.029) the mat radius is at least 0.62; a smaller mat, down
    to 0.5, needs smaller flowers and pawns given with it.

    >>> Lacuna(mat_radius=0.62).params.mat, Lacuna(mat_radius=0.5, flower_radius=0.025,
    ...                                            pawn_radius=0.025).params.mat
    (6200, 5000)
    >>> Lacuna(mat_radius=0.6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidOption: option mat_radius=0.6 of lacuna is too small ... 0.62, ...
    """

    __slots__ = ()  # a made game holds only what Game does: nothing to rebind

    name = "lacuna"
    title = "Lacuna"
    notation_forms = FORMS
    player_colours = PAWN_FILL
    player_counts = (2,)
    defaults = {"mat_radius": 1.0, "flower_radius": 0.031, "pawn_radius": 0.029}
    #: A large mat with large flowers and small pawns; the default pieces on the largest
    #: mat, drawn too small to hold their numbers (``check_variants``).
    variants = ({"mat_radius": 2.0, "flower_radius": 0.05, "pawn_radius": 0.02},
                {"mat_radius": 2.0})
    renderer = "render:draw"
    clicks = "input:LacunaInput"
    state_class = LacunaState

    def __init__(self, players: int | None = None, **options: Any) -> None:
        Game.__init__(self, players, **options)
        o = self.options
        params = params_of(o)
        for key, size in (("flower_radius", params.flower), ("pawn_radius", params.pawn)):
            if 20 * size <= params.mat:
                continue
            if key in options:
                raise InvalidOption(f"option {key}={o[key]!r} of lacuna is too large: at most "
                                    f"5% of mat_radius={o['mat_radius']!r}")
            least = 20 * max(size for k, size in (("flower_radius", params.flower),
                                                  ("pawn_radius", params.pawn))
                             if k not in options) / TICKS
            raise InvalidOption(
                f"option mat_radius={o['mat_radius']!r} of lacuna is too small for the default "
                f"{key}={o[key]!r}: flowers and pawns are at most 5% of the mat radius, so "
                f"mat_radius must be at least {least:g}, or flower_radius and pawn_radius of "
                f"at most {params.mat // 20 / TICKS:g} be given with it")

    def _settled_option(self, key: str, value: Any) -> Any:
        """A size is kept as the tick it is read as, so ``mat_radius=0.1 * 7`` (that is
        0.7000000000000001) and ``mat_radius=0.7`` make one game.

        >>> Lacuna(mat_radius=0.1 * 7) == Lacuna(mat_radius=0.7), Lacuna(mat_radius=1).options
        (True, mappingproxy({'mat_radius': 1.0, 'flower_radius': 0.031, 'pawn_radius': 0.029}))
        """
        return round(value * TICKS) / TICKS

    def _check_option(self, key: str, value: Any) -> None:
        low, high = (0.5, 2) if key == "mat_radius" else (1 / TICKS, 0.1)
        try:
            self._option_number(key, value, low, high, step=1 / TICKS)
        except InvalidOption as err:  # (the range alone is not the rule: say the rest)
            sizes = self.defaults
            if key == "mat_radius":
                least = 20 * max(sizes["flower_radius"], sizes["pawn_radius"])
                raise InvalidOption(f"{err}, and at least 20 times flower_radius and "
                                    f"pawn_radius ({least:g} with their defaults)") from None
            raise InvalidOption(f"{err}, and at most 5% of mat_radius "
                                f"({sizes['mat_radius'] / 20:g} with its default)") from None

    @property
    def params(self) -> Params:
        """The sizes in ticks (1e-4 mat units)."""
        return params_of(self.options)

    def _action_space(self) -> ActionSpace:
        return LacunaSpace(self.params.mat)

    #: One row per flower, per pawn and for the game (``tensor``, ``docs/observations.md``).
    observation_shape = tensor.SHAPE

    @property
    def max_game_length(self) -> int:
        """``13`` plies: the set-aside colour, then the 12 pawns, one per ply."""
        return 1 + 2 * PAWNS_EACH

    # --- starting -----------------------------------------------------------------------------
    def _initial(self, rng: random.Random) -> LacunaState:
        """The start player, the layout, the pour order and which flower of the set-aside
        colour the start player takes (``pour``), drawn from ``rng`` as ``rng.randrange(2)``,
        ``scatter``, ``rng.shuffle`` of the colours and ``rng.randrange(7)`` would draw them.
        ``rng`` is thrown away after (``Game.new``, ``_initial_from``), so its outputs are
        drawn ahead, more than are used, in one call (``Draws``)."""
        start = rng.randrange(2)
        draws = Draws(rng, SETUP_OUTPUTS)
        p = self.params
        points, centres = scatter(draws, FLOWERS - 1, p.mat - p.flower, SPACING * p.flower)
        colours = list(POUR)
        draws.shuffle(colours)
        tokens = tuple(colours)
        taken = draws.below(FLOWERS // NCOLOURS)  # after the draws above (they stay the same)
        state = _first_state(self, start, points, None, None, (), (0, 0), mover(start, 0), None,
                             tokens, tokens, taken, taken)
        state._cache["centres"] = centres  # for its layout's ``Geometry`` (the set-aside move)
        return state

    def _initial_from(self, rng: random.Random, start: Mapping[str, Any]) -> LacunaState:
        """The first state from a record's stored layout and pour order."""
        state = self._initial(rng)  # the same draws as ever; the sampled parts are replaced
        points, tokens, taken = read_start(start, reach=self.params.mat)
        problem = layout_problem(points, tokens, self.params)
        if problem:
            raise InvalidRecord(f"record 'start' layout is not a Lacuna layout: {problem}")
        return evolve(state, points=points, tokens=tokens, pour=tokens, taken=taken,
                      start_taken=taken)

    def position(self, flowers: Sequence[tuple[Any, Any, int | str]],
                 pawns: Sequence[tuple[Any, Any, int]] = (), *, start: int = 0,
                 aside: int | str | None = None,
                 collected: Sequence[Sequence[int]] = ((), ())) -> LacunaState:
        """A position built from coordinates, for tests and notebooks.

        ``flowers``: ``(x, y, colour)`` in mat units (rounded to the 0.0001 grid), colour a
        number 0..6 or a name; ids are the list order. ``pawns``: ``(x, y, owner)`` in mat
        units (rounded to the pawn grid, 1/1024 of 0.0001), in placement order; the player to
        move is ``(start + len(pawns)) % 2``. ``collected``: the flower ids each player has
        taken off the mat. ``aside``: the start player's set-aside colour, or ``None``.
        Positions are not checked for overlaps (so that blocked or crowded cases can be
        built); each piece must stand where a game can put it (a flower's centre within
        ``mat_radius - flower_radius`` of the centre, as a record's layout; a pawn's within
        ``mat_radius - pawn_radius``, as a free placement, or within ``mat_radius -
        flower_radius`` when pawns are the larger, as a pawn on a line at a flower by the
        rim). A coordinate is a number (not a bool) or its text. Such a state has no seed;
        its record keeps this call.

        >>> g = Lacuna()
        >>> s = g.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0, 0, "blue")])
        >>> s.open_pairs(), s.blockers(0, 1)
        ((), (('flower', 2),))
        """
        p = self.params
        pts, cols = [], []
        for i, (x, y, c) in enumerate(_triples(flowers, "flowers", "(x, y, colour)")):
            tx, ty = _ticks(x, f"flower {i}'s x"), _ticks(y, f"flower {i}'s y")
            if tx * tx + ty * ty > (p.mat - p.flower) ** 2:
                raise ValueError(f"flower {i} at ({brief(x)}, {brief(y)}) is off the mat (a "
                                 f"flower lies wholly on it: its centre within "
                                 f"{tick_text(p.mat - p.flower)} of the centre)")
            pts.append((tx, ty))
            cols.append(_colour(c))
        if len(pts) > MAX_FLOWERS:
            raise ValueError(f"at most {MAX_FLOWERS} flowers, not {len(pts)}")
        placed = []
        for i, (x, y, owner) in enumerate(_triples(pawns, "pawns", "(x, y, owner)")):
            fx = round(_exact(x, f"pawn {i}'s x") * TICKS * STEPS)
            fy = round(_exact(y, f"pawn {i}'s y") * TICKS * STEPS)
            if fx * fx + fy * fy > ((p.mat - min(p.pawn, p.flower)) * STEPS) ** 2:
                raise ValueError(f"pawn {i} at ({brief(x)}, {brief(y)}) is off the mat "
                                 f"({pawn_reach_text(p)})")
            placed.append((fx, fy, whole(owner, 0, f"pawn {i}'s owner must be 0 or 1", 1)))
        if len(placed) > 2 * PAWNS_EACH:
            raise ValueError(f"at most {2 * PAWNS_EACH} pawns, not {len(placed)}")
        if isinstance(collected, str | Mapping) or len(collected) != 2:
            raise ValueError(f"collected must be two lists of flower ids, one per player, not "
                             f"{brief(collected)}")
        masks = [0, 0]
        for owner in (0, 1):
            if isinstance(collected[owner], str | Mapping) \
                    or not isinstance(collected[owner], Iterable):
                raise ValueError(f"collected must be two lists of flower ids, one per player, "
                                 f"not {brief(collected)}")
            for f in collected[owner]:
                f = whole(f, 0, f"collected flowers are ids 0..{len(pts) - 1}", len(pts) - 1)
                if any((m >> f) & 1 for m in masks):
                    raise ValueError(f"collected flower {f} is listed twice")
                masks[owner] |= 1 << f
        if start not in (0, 1):
            raise ValueError(f"start must be 0 or 1, not {start!r}")
        return LacunaState(game=self, start=start, points=tuple(pts), colors=tuple(cols),
                           tokens=(), aside=None if aside is None else _colour(aside),
                           pawns=tuple(placed), collected=(masks[0], masks[1]))

    # --- notation, names, pictures ----------------------------------------------------------
    def _parse(self, state: State | View, text: str) -> Action | None:
        """Any placement, on a listed position or between them, legal or not (the core
        refuses an illegal one with ``_why_illegal``'s reason); ``None`` for no action."""
        return parse(text)

    def player_name(self, player: int) -> str:
        return player_name(player)
