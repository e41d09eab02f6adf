"""Saving a game widget's whole timeline as one record (``Session.save``).

The record is that of the line on show (``ply`` says where the cursor is); every other line
tried is in its ``"branches"`` and every note in ``"notes"`` (``tabletop.core.branches``),
and each line's bots' thinking is in its ``"thinking"``, as the viewer on show may see it
(``tabletop.widgets.thinking``). The caller's own fields of the record last opened are
written back as they were.

>>> import tabletop
>>> w = tabletop.play("lascaux", seed=1)
>>> first, second = w.state.legal_actions()[:2]
>>> _ = w.play(first); w.annotate("too early"); w.back(); _ = w.play(second)
>>> record = w.save()
>>> record["actions"] == [str(second)], record["branches"], record["line_index"]
(True, [{'actions': ['choose brown'], 'notes': {'1': 'too early'}}], 1)
>>> w.load(record); w.session.branches()   # the branches in the order they were made
[(1, 'ply 1: choose brown · 1 ply'), (2, 'ply 1: choose yellow · 1 ply')]
"""

from __future__ import annotations

import itertools
from copy import deepcopy
from typing import TYPE_CHECKING, Any

from ..core.branches import line_index, notes_of, other_lines
from .thinking import hidden

if TYPE_CHECKING:
    from .session import Session


def save_record(session: Session, full: bool) -> dict[str, Any]:
    """The record ``session.save(full)`` returns (see ``Session.save``)."""
    line: list[int] = session.line()
    written: set[tuple[int, int]] = set()
    nodes: set[int] = set()
    fields = _line_fields(session, line, full, written, nodes)
    branches = []
    for other in other_lines(session.timeline, line):
        end = session.graph.nodes[other[-1]]["state"]
        branches.append({"actions": [str(a) for a in end.history],
                         **_line_fields(session, other, full, written, nodes)})
    if branches:
        fields["branches"] = branches
        fields["line_index"] = line_index(session.timeline, line)
    end = session.graph.nodes[line[-1]]["state"]
    return end.to_record(ply=session.ply(), **fields, **deepcopy(session.extra))


def _line_fields(session: Session, line: list[int], full: bool,
                 written: set[tuple[int, int]], nodes: set[int]) -> dict[str, Any]:
    """The ``"thinking"`` and ``"notes"`` of ``line`` not yet ``written`` (edges) or in
    ``nodes``, as ``save_record`` writes them; both sets then hold them."""
    graph = session.graph
    end = graph.nodes[line[-1]]["state"]
    viewer = None if full else session.viewer()
    over = full or end.is_terminal
    # under the cover, and in a review of a finished line, an unfinished line's is untold
    untold = not over and (session.covered() or session.reviewing())
    thinking = {}
    for ply, (a, b) in enumerate(itertools.pairwise(line), start=1):
        if "thinking" in graph.edges[a, b] and (a, b) not in written:
            written.add((a, b))
            if untold:
                thinking[str(ply)] = hidden(graph.edges[a, b]["thinking"].get("agent", "bot"))
            else:
                thinking[str(ply)] = session._thinking_for(a, b, viewer, over)
    notes = notes_of(session.timeline, line, nodes)
    return {**({"thinking": thinking} if thinking else {}),
            **({"notes": notes} if notes else {})}
