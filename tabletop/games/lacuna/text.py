"""The text of a Lacuna position (``str(state)``, a view's text): the layout, then each
colour's flowers on the mat, the pawns, what each player collected and the tally."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import colour_name, tick_text
from .board import NAMES, NCOLOURS, PAWNS_EACH
from .geometry import STEPS, TICKS
from .kernels import set_bits

if TYPE_CHECKING:
    from .position import LacunaPosition


def fine_text(v: int) -> str:
    """A pawn coordinate (fine units) in mat units to five places; one that rounds to
    nothing reads ``0.00000`` whichever side of the centre it is on.

    >>> fine_text(-28), fine_text(28), fine_text(-5120000)
    ('0.00000', '0.00000', '-0.50000')
    """
    return f"{round(v / (TICKS * STEPS), 5) + 0.0:.5f}"  # -0.0 + 0.0 is 0.0


def board_text(pos: LacunaPosition, tokens: tuple[int, ...] = ()) -> str:
    """The text of ``pos``; ``tokens``: the pour order, shown before the colours are poured."""
    mover = pos.current_player
    turn = "game over" if mover is None else f"to move {NAMES[mover]}"
    aside = colour_name(pos.aside) if pos.aside is not None else "not yet"
    lines = [f"Lacuna · start {NAMES[pos.start]} · aside {aside} · {turn} · "
             f"pawns {len(pos.pawns)}/{2 * PAWNS_EACH}"]
    if pos.colors is None:
        where = " ".join(f"{f}({tick_text(x)},{tick_text(y)})"
                         for f, (x, y) in enumerate(pos.points))
        lines.append(f"layout (colours come with the pour): {where}")
        if tokens:
            lines.append("pour order: " + " ".join(colour_name(c)[:2] for c in tokens))
        return "\n".join(lines)
    on_mat = pos.on_mat
    for c in range(NCOLOURS):
        here = [f"{f}({tick_text(x)},{tick_text(y)})"
                for f, (x, y) in enumerate(pos.points)
                if pos.colors[f] == c and (on_mat >> f) & 1]
        lines.append(f"{colour_name(c):>6}: " + (" ".join(here) or "-"))
    for p in (0, 1):
        pawns = " ".join(f"({fine_text(x)},{fine_text(y)})"
                         for x, y, o in pos.pawns if o == p) or "-"
        taken = " ".join(map(str, set_bits(pos.collected[p]))) or "-"
        lines.append(f"{NAMES[p]}: pawns {pawns}; collected {taken}")
    t = pos.tally()
    lines.append("tally " + " ".join(f"{colour_name(c)} {t[0][c]}-{t[1][c]}"
                                     for c in range(NCOLOURS)))
    lines.append(f"open pairs {len(pos.open_pairs())}")
    return "\n".join(lines)
