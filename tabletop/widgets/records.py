"""Reading a saved record for the widget: every check made before anything is changed.

``read_record`` parses, replays (through ``tabletop.replay``) and checks the widget's own
fields (``ply`` and the bots' ``thinking``); any fault is an ``InvalidRecord`` naming it, so
a widget that fails to open a record is left exactly as it was.

>>> read_record("{not json")
Traceback (most recent call last):
...
tabletop.core.errors.InvalidRecord: record is not valid JSON: Expecting property name enclosed in
double quotes: line 1 column 2 (char 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidRecord
from ..core.game import State
from ..core.plain import plain
from ..core.quoting import brief
from ..core.record import read, replay
from .thinking import check_thinking


@dataclass(frozen=True, slots=True)
class Opened:
    """A record, checked: the state it reaches, the ply to show and the thinking by ply."""

    end: State
    ply: int | None
    thinking: dict[int, dict[str, Any]]


def read_record(record: object, ply: object = None) -> Opened:
    """Check ``record`` (a dict or its JSON text) and ``ply`` (default: the record's own
    ``"ply"``, else the end); ``InvalidRecord`` says what is wrong."""
    data = read(record)
    end = replay(data)
    n = len(end.history)
    if ply is None:
        ply = data.get("ply")
        where = "record 'ply'"
    else:
        where = "ply"
    ply = plain(ply)
    if ply is not None and (not isinstance(ply, int) or isinstance(ply, bool)
                            or not 0 <= ply <= n):
        raise InvalidRecord(f"{where} {brief(ply)} should be a whole number in 0..{n}, "
                            f"the record's actions")
    thinking = check_thinking(data.get("thinking"), [str(a) for a in end.history])
    return Opened(end, ply, thinking)


