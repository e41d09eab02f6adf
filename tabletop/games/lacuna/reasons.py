"""Why a Lacuna action may not be played in a position, in words (``None``: it may): the
reasons ``IllegalAction`` gives, worked out exactly in integer units.

>>> import tabletop
>>> s = tabletop.load("lacuna").new(seed=7)
>>> problem(s, Place(0, 0, 0))
"first Silver sets a flower aside: choose a colour (e.g. 'aside red')"
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.game import Action

from .actions import Place, PlaceFree, SetAside, colour_name, fraction_text, place, tick_text
from .board import NAMES, NCOLOURS
from .geometry import SAMPLE, STEPS
from .kernels import set_bits

if TYPE_CHECKING:
    from .position import LacunaPosition

#: Each sample position ``k`` of a pair with its index in ``SAMPLE``.
SAMPLE_AT = {k: i for i, k in enumerate(SAMPLE)}


def problem(pos: LacunaPosition, action: Action) -> str | None:
    """``None`` if ``action`` is legal in this position, else why not."""
    if type(action) is SetAside:
        if pos.colors is not None:
            chosen = colour_name(pos.aside) if pos.aside is not None else "none"
            return f"the set-aside flower was chosen already ({chosen})"
        c = action.colour
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < NCOLOURS:
            return f"there is no colour {c!r} (colours 0..{NCOLOURS - 1}: red … white)"
        return None
    if pos.colors is None:
        who = NAMES[pos.start]
        return f"first {who} sets a flower aside: choose a colour (e.g. 'aside red')"
    if type(action) is Place:
        geo = pos.geometry
        assert geo is not None
        try:
            i = geo.pair_index.get((action.a, action.b))
            s = SAMPLE_AT.get(action.k)
        except TypeError:  # unhashable fields: the slow path says what is wrong
            i = s = None
        if i is not None and s is not None and not geo.is_dead(pos._dead(), i, s):
            return None
        return place_problem(pos, action.a, action.b, action.k)
    if type(action) is PlaceFree:
        return free_problem(pos, action.x, action.y)
    return f"{action!r} is not a Lacuna action"


def place_problem(pos: LacunaPosition, a: Any, b: Any, k: Any) -> str | None:
    """Why a pawn may not go at ``k/STEPS`` along flowers ``a``-``b`` (fields as given)."""
    n = len(pos.points)
    for v in (a, b, k):
        if not isinstance(v, int) or isinstance(v, bool):
            return f"flowers and position must be integers, not {v!r}"
    for f in (a, b):
        if not 0 <= f < n:
            return f"there is no flower {f} (the flowers are 0..{n - 1})"
    if a == b:
        return "a pawn goes between two different flowers"
    if not 0 <= k <= STEPS:
        return f"the position must be k/{STEPS} with k in 0..{STEPS}, not {k}"
    if a > b:
        return f"name the lower-numbered flower first: {place(b, a, STEPS - k)}"
    for f in (a, b):
        owner = pos.owner_of(f)
        if owner is not None:
            return f"flower {f} was collected by {NAMES[owner]}"
    assert pos.colors is not None
    if pos.colors[a] != pos.colors[b]:
        return (f"flowers {a} ({colour_name(pos.colors[a])}) and {b} "
                f"({colour_name(pos.colors[b])}) are not the same colour")
    if not pos.is_open(a, b):
        what = " and ".join(thing_name(pos, t) for t in pos.blockers(a, b))
        return f"the line {a}-{b} is blocked by {what}"
    geo = pos.geometry
    assert geo is not None
    x, y = geo.at(a, b, k)
    rest = pos.on_mat & ~(1 << a) & ~(1 << b)
    hits = overlapping(pos, x, y, rest)
    if hits:
        return (f"a pawn at @{fraction_text(k)} along {a}-{b} would overlap "
                f"{' and '.join(hits)}")
    return None


def free_problem(pos: LacunaPosition, x: Any, y: Any, check_pairs: bool = True) -> str | None:
    """Why a pawn may not go free at ticks ``(x, y)``; with ``check_pairs``, also because a
    pair can still take one (a free placement is legal only when none can)."""
    for v in (x, y):
        if not isinstance(v, int) or isinstance(v, bool):
            return f"a free position is in ticks (integers), not {v!r}"
    if check_pairs:
        places = pos._cached("places", pos._places)
        if places:
            return (f"a pair can still take a pawn (e.g. {places[0]}), so the pawn must "
                    "go on a line")
    p = pos.params
    reach = p.mat - p.pawn
    where = f"({tick_text(x)}, {tick_text(y)})"
    if x * x + y * y > reach * reach:
        return f"{where} is off the mat (a pawn's centre must be within {tick_text(reach)} "\
               "of the centre)"
    hits = overlapping(pos, x * STEPS, y * STEPS, pos.on_mat)
    if hits:
        return f"a pawn at {where} would overlap {' and '.join(hits)}"
    return None


def overlapping(pos: LacunaPosition, x: int, y: int, on_mat: int) -> list[str]:
    """What a pawn centred at fine ``(x, y)`` would overlap (exact, in integers)."""
    p = pos.params
    reach = (p.flower + p.pawn) * STEPS
    out = []
    for f in set_bits(on_mat):
        fx, fy = pos.points[f]
        if (x - fx * STEPS) ** 2 + (y - fy * STEPS) ** 2 < reach * reach:
            out.append(thing_name(pos, ("flower", f)))
    reach = 2 * p.pawn * STEPS
    for i, (px, py, _) in enumerate(pos.pawns):
        if (x - px) ** 2 + (y - py) ** 2 < reach * reach:
            out.append(thing_name(pos, ("pawn", i)))
    return out


def thing_name(pos: LacunaPosition, thing: tuple[str, int]) -> str:
    """``("flower", i)`` or ``("pawn", i)`` named for a reason."""
    kind, i = thing
    if kind == "flower":
        colour = colour_name(pos.colors[i]) if pos.colors is not None else "?"
        return f"flower {i} ({colour})"
    return f"{NAMES[pos.pawns[i][2]]}'s pawn {i}"
