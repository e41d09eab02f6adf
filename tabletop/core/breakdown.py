"""Score breakdowns: where every point of a score comes from, as a table.

>>> b = Breakdown(players=("Land", "Water"), rows=(
...     Row("network: 3 sides", (7, 0)),
...     Row("islands enclosed", (0, 8), detail="2 islands"),
... ))
>>> b.totals
(7, 8)
>>> print(b)
                   Land  Water
network: 3 sides      7      0
islands enclosed      0      8  (2 islands)
total                 7      8
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from .outcome import number_text
from .textformat import FormatsAsText


@dataclass(frozen=True, slots=True)
class Row:
    """One source of points: a label, the points per player, and a detail for learners."""

    label: str
    points: tuple[float, ...]
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Breakdown(FormatsAsText):
    """Rows of points per player; ``totals`` adds them up (it equals ``state.scores``). It
    formats as its text (``str``) does: a format spec applies to that text."""

    players: tuple[str, ...]
    rows: tuple[Row, ...]
    notes: tuple[str, ...] = field(default=())

    @property
    def totals(self) -> tuple[float, ...]:
        return tuple(sum(r.points[i] for r in self.rows) for i in range(len(self.players)))

    def __str__(self) -> str:
        labels = [r.label for r in self.rows] + ["total"]
        width = max(map(len, labels))
        cols = [max(len(p), 5) for p in self.players]
        head = " " * width + "".join(f"  {p:>{c}}" for p, c in zip(self.players, cols,
                                                                     strict=True))
        lines = [head]
        for label, points, detail in [(r.label, r.points, r.detail) for r in self.rows] + [
            ("total", self.totals, "")
        ]:
            cells = "".join(f"  {number_text(v):>{c}}" for v, c in zip(points, cols, strict=True))
            lines.append(f"{label:<{width}}{cells}" + (f"  ({detail})" if detail else ""))
        lines.extend(self.notes)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{escape(p)}</th>" for p in self.players)
        body = []
        for r in self.rows:
            cells = "".join(f"<td>{number_text(v)}</td>" for v in r.points)
            body.append(f"<tr><td>{escape(r.label)}</td>{cells}"
                        f"<td><i>{escape(r.detail)}</i></td></tr>")
        totals = "".join(f"<td><b>{number_text(v)}</b></td>" for v in self.totals)
        notes = "".join(f"<p>{escape(n)}</p>" for n in self.notes)
        return (f"<table><tr><th></th>{head}<th></th></tr>{''.join(body)}"
                f"<tr><td><b>total</b></td>{totals}<td></td></tr></table>{notes}")
