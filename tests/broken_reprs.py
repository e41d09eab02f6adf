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


@dataclass(frozen=True, slots=True, kw_only=True)
class UnformattableState(NimState):
    def __format__(self, spec):
        return object.__format__(self, spec)  # Python's default: any spec is a TypeError


class UnformattableNim(LongNim):
    """A Nim whose states refuse every format spec, as Python's default ``__format__`` does."""

    name = "unformattable-nim"
    _state_class = UnformattableState


class Note:
    """A remark with a text of its own (``__str__``) and Python's default ``__format__``."""

    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text


@dataclass(frozen=True, slots=True, kw_only=True)
class NotedState(NimState):
    def notes(self):
        """What is left, as notes a learner reads (``f"{note:<20}"`` raises ``TypeError``)."""
        return (Note(f"{self.pile} left"),)


class NotedNim(LongNim):
    """A Nim whose states hand out notes that refuse every format spec."""

    name = "noted-nim"
    _state_class = NotedState
