"""Toy for the repr-size check: a Secret Nim whose state keeps, in a field its repr shows,
the pile drawn out as a row of markers for every ply so far — a board's worth a ply."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from broken_longgames import LongNim
from toygame import NimState


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawnOutState(NimState):
    drawings: tuple[str, ...] = field(default=(), compare=False)

    def _apply(self, action):
        drawn = "|" * min(self.pile, 300)
        return replace(NimState._apply(self, action), drawings=(*self.drawings, drawn))


class DrawnOutNim(LongNim):
    """Each state's repr holds every earlier pile, drawn: it grows by ~300 characters a ply."""

    name = "drawn-out-nim"
    defaults = {"max_take": 3, "pile": 400}
    _state_class = DrawnOutState
