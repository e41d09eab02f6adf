"""Score breakdowns: where each point of a Landlock score comes from, row by row.

``LandlockPosition.score_breakdown`` gathers the position's numbers and hands them here;
this module only words them.

>>> b = breakdown(("North", "South"), (1, 0), None, None, terminal=False)
>>> b.rows[0].label, b.rows[0].points
('tussocks', (1, 0))
"""

from __future__ import annotations

from ...core.breakdown import Breakdown, Row
from .board import CELL_NAMES, vertex_name
from .scoring import Analysis, Enclosure
from .tiles import LAND, WATER

#: One row of the final scoring: label, points per team, detail.
FinalRow = tuple[str, tuple[int, int], str]


def _vertices_text(vertices: tuple[int, ...]) -> str:
    return " ".join(vertex_name(v) for v in vertices)


def breakdown(names: tuple[str, ...], tussocks: tuple[int, int],
              gnome_bonus: tuple[int, int] | None, final: list[FinalRow] | None, *,
              terminal: bool) -> Breakdown:
    """The breakdown for players ``names`` (one per player, teams alternating): tussocks,
    gnomes scored when placed (``None`` unless the game scores them so), and the
    ``final_rows`` — as rows once the game is over (``terminal``), as notes before it
    (``None``: nothing placed yet)."""
    n = len(names)

    def per_team(points: tuple[int, int]) -> tuple[int, ...]:
        return tuple(points[p % 2] for p in range(n))

    rows = [Row("tussocks", per_team(tussocks), detail=f"{sum(tussocks)} turned over")]
    if gnome_bonus is not None:
        rows.append(Row("facing gnomes (when placed)", per_team(gnome_bonus)))
    notes: list[str] = []
    if final is not None and terminal:
        rows.extend(Row(label, per_team(points), detail=detail) for label, points, detail in final)
    elif final is not None:
        notes.append("if the game ended now (scored at the end, not counted yet):")
        notes.extend(f"  {label}: {detail}" for label, _, detail in final if detail)
    return Breakdown(players=names, rows=tuple(rows), notes=tuple(notes))


def final_rows(analysis: Analysis, land: int, at_end: bool) -> list[FinalRow]:
    """The rows of the final scoring of a map: best networks, ponds and islands, facing
    gnomes (worth points here only when scored ``at_end``); ``land`` is Land's team."""

    def to(terrain: str, points: int) -> tuple[int, int]:
        team = land if terrain == LAND else 1 - land
        return (points, 0) if team == 0 else (0, points)

    rows = []
    for terrain, what in ((LAND, "path"), (WATER, "stream")):
        best = analysis.best(terrain)
        if best is None:
            rows.append((f"{what} network", to(terrain, 0), f"no {what} network"))
            continue
        sides = ", ".join(best.side_names) or "no side"
        cells = " ".join(CELL_NAMES[c] for c in best.cells)
        rows.append((f"{what} network: {_count(len(best.side_names), 'side')}",
                     to(terrain, best.points),
                     f"{_count(len(best.cells), 'tile')} ({cells}) reaching {sides}"))
    for terrain, label, found in ((LAND, "ponds", analysis.ponds),
                                  (WATER, "islands", analysis.islands)):
        parts = [f"{len(found)} at " + "; ".join(_vertices_text(e.vertices) for e in found)
                 ] if found else []
        parts.extend(_cancelled_text(e) for e in analysis.cancelled if e.terrain != terrain)
        rows.append((f"{label} enclosed", to(terrain, 4 * len(found)), "; ".join(parts)))
    for terrain, label in ((LAND, "land gnomes facing"), (WATER, "water gnomes facing")):
        groups = [g for g in analysis.gnomes if g.terrain == terrain]
        detail = "; ".join(
            f"{vertex_name(g.vertex)} ({' '.join(CELL_NAMES[c] for c in g.cells)})"
            for g in groups)
        points = sum(len(g.cells) for g in groups) if at_end else 0
        rows.append((label, to(terrain, points), detail))
    return rows


def _cancelled_text(enclosure: Enclosure) -> str:
    """``cancelled by the bridge on e5: E5 F6``.

    >>> print(_cancelled_text(Enclosure("L", (52, 65), (48,), (48,))))
    cancelled by the bridge on e5: E5 F6
    """
    bridges = ", ".join(CELL_NAMES[c] for c in enclosure.bridges)
    which = "the bridges on" if len(enclosure.bridges) > 1 else "the bridge on"
    return f"cancelled by {which} {bridges}: {_vertices_text(enclosure.vertices)}"


def _count(n: int, word: str) -> str:
    """``1 side``, ``2 sides``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
