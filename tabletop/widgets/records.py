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

from dataclasses import dataclass, field
from typing import Any

from ..core.branches import FIELDS, check_notes, cursor_ply, read_lines
from ..core.errors import InvalidRecord
from ..core.game import State
from ..core.record import OWN_FIELDS, check_callers_fields, read, replay
from ..core.timeline import Timeline
from .starting import timeline_for
from .thinking import check_thinking

#: The fields of a record the widget writes and reads (any other is the caller's, kept).
WIDGET_FIELDS = ("ply", "thinking", *FIELDS)


@dataclass(frozen=True, slots=True)
class Opened:
    """A record, checked: the state it reaches, the ply to show, the thinking by ply, the
    whole ``timeline`` it holds (its line, branches, notes and thinking; cursor at ``ply``)
    and the caller's own fields (``extra``)."""

    end: State
    ply: int | None
    thinking: dict[int, dict[str, Any]]
    timeline: Timeline
    extra: dict[str, Any] = field(default_factory=dict)


def read_record(record: object, ply: object = None) -> Opened:
    """Check ``record`` (a dict or its JSON text) and ``ply`` (default: the record's own
    ``"ply"``, else the end); ``InvalidRecord`` says what is wrong."""
    data = read(record)
    check_callers_fields(data, checked=WIDGET_FIELDS)  # kept, to write back (its own: below)
    game_part = {key: data[key] for key in OWN_FIELDS if key in data}
    end = replay(game_part)
    n = len(end.history)
    if ply is None:
        ply = cursor_ply(data.get("ply"), n, "record 'ply'")
    else:
        ply = cursor_ply(ply, n, "ply")
    thinking = check_thinking(data.get("thinking"), [str(a) for a in end.history])
    notes = check_notes(data.get("notes"), n, "record 'notes'")
    timeline = timeline_for(replay(game_part, ply=0))
    line, branches = read_lines(data, timeline, end.history)
    _mark(timeline, line, notes, thinking)
    for i, (nodes, branch_notes, raw) in enumerate(branches, start=1):
        history = timeline._graph.nodes[nodes[-1]]["state"].history
        try:
            branch_thinking = check_thinking(raw, [str(a) for a in history])
        except InvalidRecord as err:
            raise InvalidRecord(f"record 'branches' {i}: {err}") from None
        _mark(timeline, nodes, branch_notes, branch_thinking)
    timeline.goto(line[-1])  # "forward" follows the record's own line
    if ply is not None:
        timeline.goto(line[ply])
    extra = {key: value for key, value in data.items()
             if key not in OWN_FIELDS and key not in WIDGET_FIELDS}
    return Opened(end, ply, thinking, timeline, extra)


def _mark(timeline: Timeline, nodes: list[int], notes: dict[int, str],
          thinking: dict[int, dict[str, Any]]) -> None:
    """Put ``notes`` on the line ``nodes`` and ``thinking`` on its moves (by ply)."""
    for ply, text in notes.items():
        timeline.annotate(text, nodes[ply])
    for ply, entry in thinking.items():
        timeline._graph.edges[nodes[ply - 1], nodes[ply]]["thinking"] = entry
