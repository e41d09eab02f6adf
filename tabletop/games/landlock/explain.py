"""Score breakdowns: where each point of a Landlock score comes from, row by row."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.breakdown import Breakdown, Row

from .board import CELL_NAMES, vertex_name
from .scoring import Enclosure
from .tiles import LAND, WATER

if TYPE_CHECKING:
    from .rules import LandlockState


def _team(player: int) -> int:
    return player % 2


def _vertices_text(vertices: tuple[int, ...]) -> str:
    return " ".join(vertex_name(v) for v in vertices)


def breakdown(state: LandlockState) -> Breakdown:
    """The score breakdown of a state (see ``LandlockState.score_breakdown``)."""
    game = state.game
    n = game.players
    names = tuple(
        game.player_name(p) + (f" ({role.title()})" if (role := state.role(p)) else "")
        for p in range(n)
    )

    def per_team(points: tuple[int, int]) -> tuple[int, ...]:
        return tuple(points[_team(p)] for p in range(n))

    rows = [Row("tussocks", per_team(state.tussocks),
                detail=f"{sum(state.tussocks)} turned over")]
    if game.options["gnomes"] == "placed":
        rows.append(Row("facing gnomes (when placed)", per_team(state.gnome_bonus)))
    notes: list[str] = []
    if state.land_team is not None:
        final = _final_rows(state)
        if state.is_terminal:
            for label, team_points, detail in final:
                rows.append(Row(label, per_team(team_points), detail=detail))
        elif state.box is not None:
            notes.append("if the game ended now (scored at the end, not counted yet):")
            notes.extend(f"  {label}: {detail}" for label, _, detail in final if detail)
    return Breakdown(players=names, rows=tuple(rows), notes=tuple(notes))


def _final_rows(state: LandlockState) -> list[tuple[str, tuple[int, int], str]]:
    analysis = state.analysis()
    land = state.land_team
    assert land is not None
    at_end = state.game.options["gnomes"] == "end"

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
