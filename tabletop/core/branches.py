"""A whole timeline in one record: the line on show, the other lines tried, and notes.

A record (``core.record``) holds one line of play. A review grows more: the game, a branch
off it at some ply, a branch off that, and notes on positions. Two fields of the record,
the caller's own as far as ``replay`` is concerned, hold the rest:

``"notes"``
    an object from ply (``"0"`` is the start) to the note on the position after that many of
    the record's actions;
``"branches"``
    a list, one object per branch end that is not on the record's line:
    ``{"actions": [...], "notes": {...}}``, its ``actions`` the whole line from the start
    (in notation, as the record's own), its ``notes`` those of its positions that no line
    before it holds;
``"line_index"``
    with ``"branches"``: how many of the branches were ended before the record's own line
    (``0`` to their number), so that the lines open in the order they were made, as the
    branch picker lists and numbers them (a record without it opens its own line first);
``"ply"``
    where the cursor was on the record's line (``open_timeline`` goes there; else the end).

``save_timeline`` writes them and ``open_timeline`` grows the timeline back, checking every
line as ``replay`` checks a record (``InvalidRecord`` naming the branch and what is wrong).
The game widget's ``save`` and ``load`` use them too (and add each line's bots' thinking).

>>> import tabletop
>>> from tabletop.core.timeline import Timeline
>>> tl = Timeline(tabletop.load("lascaux").new(seed=1))
>>> first, second = tl.state.legal_actions()[:2]
>>> _ = tl.play(first); tl.annotate("the usual"); _ = tl.back(); _ = tl.play(second)
>>> record = save_timeline(tl)
>>> len(record["actions"]), record["branches"][0]["notes"], record["line_index"]
(1, {'1': 'the usual'}, 1)
>>> again = open_timeline(record)   # the lines in the order they were made
>>> len(again), again.line(), again.note(1), again.note(2)
(3, [0, 2], 'the usual', '')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .errors import InvalidRecord, TabletopError
from .game import Action, State
from .plain import plain
from .quoting import brief, quote
from .record import past_the_end, read, refuse_own_fields, replay
from .timeline import MAX_NOTE, Timeline, note_text

#: The most branches a record may hold besides its own line.
MAX_BRANCHES = 1000
#: The fields of a record that say which game a line is of (a branch's are its record's).
_HEAD = ("format", "game", "players", "options", "seed")
#: What a branch of a record holds (``thinking``: the game widget's).
BRANCH_FIELDS = ("actions", "notes", "thinking")
#: The fields ``save_timeline`` writes (the widget adds ``thinking``).
FIELDS = ("notes", "branches", "line_index", "ply")


def other_lines(timeline: Timeline, line: Sequence[int]) -> list[list[int]]:
    """The nodes from the start to every branch end not on ``line``, oldest end first."""
    ends = sorted(set(timeline.leaves()) - set(line))
    return [timeline.path_to(end) for end in ends]


def line_index(timeline: Timeline, line: Sequence[int]) -> int:
    """How many branch ends not on ``line`` are older than ``line``'s end (its place among
    the lines, in the order they were made): a record's ``"line_index"``."""
    return sum(1 for end in timeline.leaves() if end < line[-1] and end not in line)


def notes_of(timeline: Timeline, nodes: Sequence[int], written: set[int]) -> dict[str, str]:
    """The notes on ``nodes`` (a line) not in ``written``, which then holds them, by ply
    (the actions since ``new()``: a timeline may start after some, as from
    ``new(setup="random")``)."""
    notes = {}
    for node in nodes:
        note = timeline.note(node)
        if note and node not in written:
            notes[str(len(timeline._graph.nodes[node]["state"].history))] = note
            written.add(node)
    return notes


def _line(timeline: Timeline, line: object) -> list[int]:
    """``line`` if it is the nodes from the timeline's start to its last one, else a
    ``ValueError`` (a ``KeyError`` for a node it lacks) saying what a line is."""
    if isinstance(line, str | bytes) or not isinstance(line, Sequence) or not line:
        raise TypeError(f"line should be a list of the timeline's nodes from the start to "
                        f"one node (timeline.path_to(node)), not {brief(line)}")
    path = timeline.path_to(line[-1])
    if list(line) != path:  # (its other lines would be lost, or a branch written twice)
        raise ValueError(f"line should run from the start to node {path[-1]} "
                         f"({path}, timeline.path_to({path[-1]})), not {brief(list(line))}")
    return path


def save_timeline(timeline: Timeline, line: Sequence[int] | None = None,
                  **extra: Any) -> dict[str, Any]:
    """The record of ``line`` (default: the timeline's current line) with the timeline's
    other lines as ``"branches"`` and its notes as ``"notes"`` (each only when there are some);
    ``extra`` as ``State.to_record`` takes it (a key named like a field of the record or one
    of ``FIELDS`` is refused, ``InvalidRecord``). ``line`` is the nodes from the start to one
    node (``timeline.path_to(node)``); anything else is refused, as is a timeline that is
    no ``Timeline`` (a state's own record is ``state.to_record()``)."""
    if not isinstance(timeline, Timeline):
        hint = ": a state's own record is state.to_record()" if isinstance(timeline, State) \
            else ""
        raise TypeError(f"save_timeline takes a Timeline, not {brief(timeline)}{hint}")
    refuse_own_fields(extra, "save_timeline()", FIELDS)  # (its own and the record's)
    line = list(timeline.line() if line is None else _line(timeline, line))
    written: set[int] = set()
    fields: dict[str, Any] = {}
    notes = notes_of(timeline, line, written)
    if notes:
        fields["notes"] = notes
    branches = []
    for nodes in other_lines(timeline, line):
        end: State = timeline._graph.nodes[nodes[-1]]["state"]
        branch: dict[str, Any] = {"actions": [str(a) for a in end.history]}
        notes = notes_of(timeline, nodes, written)
        if notes:
            branch["notes"] = notes
        branches.append(branch)
    if branches:
        fields["branches"] = branches
        fields["line_index"] = line_index(timeline, line)
    if timeline.cursor in line:  # (by ply since ``new()``, as the notes are)
        fields["ply"] = len(timeline._graph.nodes[timeline.cursor]["state"].history)
    end = timeline._graph.nodes[line[-1]]["state"]
    return end.to_record(**{**fields, **extra})


def check_notes(raw: object, plies: int, where: str) -> dict[int, str]:
    """``raw`` (a record's ``"notes"``) as ply → note; ``InvalidRecord`` naming the fault."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise InvalidRecord(f"{where} should be an object from plies to notes, not "
                            f"{brief(raw)}")
    notes = {}
    for key, text in raw.items():
        ply = int(key) if isinstance(key, str) and key.isdigit() and len(key) < 8 else -1
        if not 0 <= ply <= plies or key != str(ply):  # ("01" is no ply as a record writes it)
            raise InvalidRecord(f"{where} has the key {brief(key)}: its keys are plies, "
                                f"'0' to '{plies}'")
        if not isinstance(text, str) or len(text) > MAX_NOTE:
            raise InvalidRecord(f"{where} {brief(key)} should be a note of at most "
                                f"{MAX_NOTE} characters, not {brief(text)}")
        notes[ply] = text
    return notes


def read_lines(data: dict[str, Any], timeline: Timeline, actions: Sequence[Action | str]
               ) -> tuple[list[int], list[tuple[list[int], dict[int, str], Any]]]:
    """Grow a record's (``read`` already) own line, whose ``actions`` are given, and its
    branches into ``timeline`` (rooted at the record's start), in the order they were made
    (``"line_index"``): the nodes of the record's line, and ``read_branches``'s list."""
    raw = data.get("branches")
    count = len(raw) if isinstance(raw, list) else 0
    place = data.get("line_index", 0)
    if "line_index" in data and (raw is None or type(place) is not int
                                 or not 0 <= place <= count):
        raise InvalidRecord(f"record 'line_index' should be a whole number in 0..{count}, "
                            f"the branches made before the record's line, not {brief(place)}"
                            + ("" if raw is not None else " (the record has no 'branches')"))
    before = read_branches(data, timeline, stop=place)
    line = grow(timeline, actions)
    return line, before + read_branches(data, timeline, start=place)


def read_branches(data: dict[str, Any], timeline: Timeline, start: int = 0,
                  stop: int | None = None) -> list[tuple[list[int], dict[int, str], Any]]:
    """Grow each branch of a record (``read`` already; ``start``:``stop`` of its list) into
    ``timeline`` (rooted at the record's start): for each, the nodes of its line, its notes
    and its raw ``"thinking"`` (for the widget to check). ``InvalidRecord`` names the branch
    and what is wrong. A line is read once: what it shares with a line before it is looked
    up, not played again."""
    raw = data.get("branches")
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > MAX_BRANCHES:
        raise InvalidRecord(f"record 'branches' should be a list of at most {MAX_BRANCHES} "
                            f"lines, not {brief(raw)}")
    lines = []
    for i, branch in enumerate(raw[start:stop], start=start + 1):
        where = f"record 'branches' {i}"
        if not isinstance(branch, Mapping) or "actions" not in branch:
            raise InvalidRecord(f"{where} should be an object with the line's 'actions', not "
                                f"{brief(branch)}")
        unknown = [key for key in branch if key not in BRANCH_FIELDS]
        if unknown:
            raise InvalidRecord(f"{where} has the key {brief(unknown[0])}: a branch holds "
                                f"{', '.join(map(repr, BRANCH_FIELDS))} only")
        try:  # its actions are checked as a record's are (notation strings, not too long)
            texts = read({**{k: data[k] for k in _HEAD if k in data},
                          "actions": branch["actions"]})["actions"]
        except InvalidRecord as err:
            raise InvalidRecord(f"{where}: {err}") from None
        nodes = grow(timeline, texts, where)
        notes = check_notes(branch.get("notes"), len(texts), f"{where} 'notes'")
        lines.append((nodes, notes, branch.get("thinking")))
    return lines


def grow(timeline: Timeline, actions: Sequence[Action | str], where: str = "a line"
         ) -> list[int]:
    """Play ``actions`` from the start of ``timeline``, following the moves it already has,
    and go to the line's end, as playing them one by one would; the nodes of that line. An
    illegal one raises ``InvalidRecord`` saying where."""
    graph = timeline._graph
    nodes, node = [0], 0
    for i, action in enumerate(actions):
        child = next((c for c in graph.succ[node]
                      if action in (graph.edges[node, c]["notation"],
                                    graph.edges[node, c]["action"])), None)
        if child is None:
            if timeline.cursor != node:
                timeline.goto(node)
            if timeline.state.is_terminal:
                raise InvalidRecord(f"{where}: "
                                    + past_the_end(timeline.state, action, i, len(actions),
                                                   "line"))
            try:
                timeline.play(action)
            except TabletopError as err:
                raise InvalidRecord(f"{where}: action {i + 1} of the line, "
                                    f"{quote(str(action))}, is illegal: {err}") from None
            child = timeline.cursor
        nodes.append(child)
        node = child
    timeline.goto(node)  # "forward" from each node of the line now leads along it
    return nodes


def open_timeline(record: dict[str, Any] | str) -> Timeline:
    """The timeline ``save_timeline`` saved: the record's line (cursor at its ``"ply"``, else
    its end), every branch (in the order they were made) and every note; anything wrong
    raises ``InvalidRecord`` naming it."""
    data = read(record)
    end = replay(data)
    notes = check_notes(data.get("notes"), len(end.history), "record 'notes'")
    cursor = cursor_ply(data.get("ply"), len(end.history), "record 'ply'")
    timeline = Timeline(replay(data, ply=0))
    line, branches = read_lines(data, timeline, end.history)
    for ply, text in notes.items():
        timeline.annotate(text, line[ply])
    for nodes, branch_notes, _ in branches:
        for ply, text in branch_notes.items():
            timeline.annotate(text, nodes[ply])
    timeline.goto(line[-1])  # "forward" follows the record's own line
    if cursor is not None:
        timeline.goto(line[cursor])
    return timeline


def cursor_ply(ply: object, plies: int, where: str) -> int | None:
    """``ply`` (a record's ``"ply"``, or one asked for) if it is ``None`` or a whole number
    from 0 to ``plies``; else ``InvalidRecord`` naming ``where``."""
    ply = plain(ply)
    if ply is not None and (not isinstance(ply, int) or isinstance(ply, bool)
                            or not 0 <= ply <= plies):
        hint = " (delete 'ply' to open the record at its end)" if where != "ply" else ""
        raise InvalidRecord(f"{where} {brief(ply)} should be a whole number in 0..{plies}, "
                            f"the record's actions{hint}")
    return ply


__all__ = ["MAX_BRANCHES", "MAX_NOTE", "FIELDS", "BRANCH_FIELDS", "save_timeline", "open_timeline",
           "read_branches", "read_lines", "check_notes", "cursor_ply", "other_lines",
           "line_index", "notes_of", "note_text"]
