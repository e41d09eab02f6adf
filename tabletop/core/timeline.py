"""The branching history of a session: a tree of states you can step through and fork.

Nodes are integers (``0`` is the start) with a ``state`` attribute; edges carry the ``action``
and its notation. Playing a different action from an earlier state starts a branch; every
branch stays reachable.

>>> from tabletop.core.timeline import Timeline
>>> import tabletop
>>> tl = Timeline(tabletop.load("lava-flows").new(seed=1, setup="random"))
>>> first, second = tl.state.legal_actions()[:2]
>>> _ = tl.play(first); _ = tl.back(); _ = tl.play(second)   # a branch at the start
>>> tl.cursor, tl.line(), sorted(tl.leaves()), tl.parent(2), len(tl)
(2, [0, 2], [1, 2], 0, 3)
>>> _ = tl.goto(1); tl.line(), tl.path_to(2)
([0, 1], [0, 2])
>>> tl.goto(7)
Traceback (most recent call last):
...
KeyError: 'no node 7 in the timeline (nodes 0..2)'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .game import Action, State
from .plain import whole
from .quoting import brief, counted

if TYPE_CHECKING:  # imported by the first Timeline: ``import tabletop`` needs no networkx
    import networkx as nx


class Timeline:
    """A tree of states rooted at ``root``, with a cursor (the node being looked at).

    Setting ``cursor`` checks the node as ``goto`` does (``goto`` also makes "forward" from
    each ancestor lead there).
    """

    __slots__ = ("_graph", "_view", "_cursor", "_next_id", "_preferred", "_on_line")

    def __init__(self, root: State) -> None:
        import networkx as nx

        if not isinstance(root, State):
            raise TypeError(f"a timeline starts from a State, not {brief(root)}")

        from .graphview import readonly_view

        self._graph: nx.DiGraph = nx.DiGraph()  # this timeline's to grow: ``graph`` reads it
        self._graph.add_node(0, state=root, ply=0)
        self._view: nx.DiGraph = readonly_view(self._graph)
        self._cursor = 0
        self._next_id = 1
        self._preferred: dict[int, int] = {}  # node -> the child "forward" goes to
        self._on_line = True  # "forward" from each ancestor of the cursor leads to it

    @property
    def graph(self) -> nx.DiGraph:
        """The tree of states, read-only and live (``copy()`` gives one to change): a change
        through networkx (``remove_node``, a node's ``state``) is refused, so the timeline
        never loses a node its cursor, lines or branches stand on; ``play`` grows it.

        >>> import tabletop
        >>> tl = Timeline(tabletop.load("landlock").new(seed=3))
        >>> tl.graph.remove_node(0)
        Traceback (most recent call last):
        ...
        networkx.exception.NetworkXError: Frozen graph can't be modified
        >>> mine = tl.graph.copy(); mine.add_node(99); len(mine), len(tl.graph)
        (2, 1)
        """
        return self._view

    @property
    def cursor(self) -> int:
        """The node being looked at."""
        return self._cursor

    @cursor.setter
    def cursor(self, node: int) -> None:
        self._cursor = self._node(node)
        self._on_line = False

    @property
    def state(self) -> State:
        """The state at the cursor."""
        state: State = self._graph.nodes[self.cursor]["state"]
        return state

    @property
    def root(self) -> State:
        """The first state: node 0, where every branch starts."""
        root: State = self._graph.nodes[0]["state"]
        return root

    def play(self, action: Action | str) -> State:
        """Apply ``action`` at the cursor and move there; reuses the branch if it exists."""
        state = self.state
        action = state._coerce(action)
        for child in self._graph.successors(self.cursor):
            if self._graph.edges[self.cursor, child]["action"] == action:
                return self._step_to(child)
        # Everything is worked out first, then the tree grows by a node and its edge at once:
        # an interrupt (a notebook's Interrupt, a KeyboardInterrupt) anywhere in between
        # leaves it as it was, never with a node played from nowhere or a number skipped.
        after, notation = state.apply(action), str(action)
        ply, child = self._graph.nodes[self.cursor]["ply"] + 1, self._next_id
        try:
            self._next_id = child + 1
            self._graph.add_node(child, state=after, ply=ply)
            self._graph.add_edge(self.cursor, child, action=action, notation=notation)
        except BaseException:
            if child in self._graph:
                self._graph.remove_node(child)  # (its edge with it, if it got one)
            self._next_id = child
            raise
        return self._step_to(child)

    def _step_to(self, child: int) -> State:
        """``goto(child)`` for a child of the cursor: only the cursor's way forward changes
        when its ancestors already lead to it (so a long record loads in linear time)."""
        if not self._on_line:
            return self.goto(child)
        self._preferred[self._cursor] = child
        self._cursor = child
        return self.state

    def goto(self, node: int) -> State:
        """Move the cursor to ``node``; "forward" from each ancestor now leads this way."""
        path = self.path_to(node)  # (which checks the node)
        self._cursor = path[-1]
        for parent, child in itertools.pairwise(path):
            self._preferred[parent] = child
        self._on_line = True
        return self.state

    def back(self) -> State:
        """Step to the parent (stays at the start)."""
        parent = self.parent(self.cursor)
        if parent is not None:
            self._cursor = parent
        return self.state

    def forward(self) -> State:
        """Step to the child last visited (or the newest one); stays at a leaf."""
        child = self._next(self.cursor)
        if child is not None:
            self._cursor = child
        return self.state

    def start(self) -> State:
        """Jump to the first state (keeping the way forward)."""
        self._cursor = 0
        self._on_line = True
        return self.state

    def end(self) -> State:
        """Follow "forward" to the end of the current line."""
        while True:
            here = self.cursor
            self.forward()
            if self.cursor == here:
                return self.state

    def _next(self, node: int) -> int | None:
        """The child "forward" goes to: the last visited, else the newest, else none."""
        if node in self._preferred:
            return self._preferred[node]
        children = list(self._graph.successors(node))
        return children[-1] if children else None

    def parent(self, node: int) -> int | None:
        """The node ``node`` was played from (``None`` for the start)."""
        preds = list(self._graph.predecessors(self._node(node)))
        return preds[0] if preds else None

    def path_to(self, node: int) -> list[int]:
        """The nodes from the start to ``node``: up its parents, so its depth is all it costs
        (a search of the graph grew with every branch of a large timeline)."""
        node = self._node(node)
        pred, path = self._graph.pred, [node]
        while node:  # (only the start, node 0, has no parent)
            node = next(iter(pred[node]))
            path.append(node)
        path.reverse()
        return path

    def _node(self, node: object) -> int:
        """``node`` if it is one of the timeline's; else a ``ValueError`` (not an int ≥ 0) or
        a ``KeyError`` (no such node)."""
        node = whole(node, 0, "a timeline node is an int ≥ 0")
        if node not in self._graph:
            raise KeyError(f"no node {brief(node)} in the timeline (nodes 0..{self._next_id - 1})")
        return node

    def line(self) -> list[int]:
        """The nodes of the current line: start → cursor → the "forward" continuation."""
        path = self.path_to(self.cursor)
        node = self.cursor
        while True:
            child = self._next(node)
            if child is None:
                return path
            path.append(child)
            node = child

    def line_end(self) -> int:
        """The last node of the current line (``line()[-1]``), found walking forward from the
        cursor only: at the end of a line this costs one look.

        >>> import tabletop
        >>> tl = Timeline(tabletop.load("lascaux").new(seed=0))
        >>> _ = tl.play(tl.state.legal_actions()[0]); _ = tl.back()
        >>> tl.line_end() == tl.line()[-1] == 1
        True
        """
        node = self.cursor
        while (child := self._next(node)) is not None:
            node = child
        return node

    def leaves(self) -> Iterator[int]:
        """The ends of every branch."""
        return (node for node, children in self._graph.adjacency() if not children)

    def annotate(self, text: str, node: int | None = None) -> None:
        """Write ``text`` as the note on ``node`` (default: the cursor); ``""`` removes it.

        A note is plain text of at most ``MAX_NOTE`` characters about the position at that
        node (a reviewer's "this loses the middle"); records keep them (``core.branches``).

        >>> import tabletop
        >>> tl = Timeline(tabletop.load("lascaux").new(seed=1))
        >>> tl.annotate("a quiet start"); tl.note(0)
        'a quiet start'
        """
        text = note_text(text, "a note")
        where = self.cursor if node is None else self._node(node)
        if text:
            self._graph.nodes[where]["note"] = text
        else:
            self._graph.nodes[where].pop("note", None)

    def note(self, node: int | None = None) -> str:
        """The note on ``node`` (default: the cursor), ``""`` if it has none."""
        where = self.cursor if node is None else self._node(node)
        note: str = self._graph.nodes[where].get("note", "")
        return note

    def __len__(self) -> int:
        count: int = self._graph.number_of_nodes()
        return count

    def __repr__(self) -> str:
        ends = sum(1 for _ in self.leaves())
        return (f"<Timeline of {self.root.game.name}: {counted(len(self), 'node')}, "
                f"{counted(ends, 'branch end')}, cursor at node {self.cursor}>")

    def __copy__(self) -> Timeline:
        """A timeline to step on its own: ``copy.copy`` shares no graph, cursor memory or
        node numbering with this one (states are values, so they are shared as they are).

        >>> import copy, tabletop
        >>> tl = Timeline(tabletop.load("lascaux").new(seed=1))
        >>> other = copy.copy(tl)
        >>> _ = other.play(other.state.legal_actions()[0])
        >>> len(tl), len(other)
        (1, 2)
        """
        twin = object.__new__(Timeline)
        from .graphview import readonly_view

        twin._graph = self._graph.copy()
        twin._view = readonly_view(twin._graph)
        twin._cursor, twin._next_id, twin._on_line = self._cursor, self._next_id, self._on_line
        twin._preferred = dict(self._preferred)
        return twin


class TimelineReader:
    """A timeline to read, not to step: its cursor, states, lines and branches, live. Its
    owner (a game widget) alone moves it, so that what is on show stays in step.

    >>> import tabletop
    >>> tl = Timeline(tabletop.load("lascaux").new(seed=1))
    >>> reader = TimelineReader(tl)
    >>> _ = tl.play(tl.state.legal_actions()[0])
    >>> reader.cursor, reader.line(), len(reader)
    (1, [0, 1], 2)
    >>> reader.back()
    Traceback (most recent call last):
    ...
    AttributeError: the timeline is read-only here: step with the widget's own back()
    """

    __slots__ = ("_timeline",)

    def __init__(self, timeline: Timeline) -> None:
        if not isinstance(timeline, Timeline):
            raise TypeError(f"a TimelineReader reads a Timeline, not {brief(timeline)}")
        self._timeline = timeline

    def __repr__(self) -> str:
        return f"<read-only {repr(self._timeline)[1:]}"

    @property
    def graph(self) -> nx.DiGraph:
        """The timeline's graph, read-only (``copy()`` gives one to change)."""
        return self._timeline.graph

    @property
    def cursor(self) -> int:
        """The node being looked at."""
        return self._timeline.cursor

    @property
    def state(self) -> State:
        """The state at the cursor."""
        return self._timeline.state

    @property
    def root(self) -> State:
        """The first state: node 0, where every branch starts."""
        return self._timeline.root

    def parent(self, node: int) -> int | None:
        """The node ``node`` was played from (``None`` for the start)."""
        return self._timeline.parent(node)

    def path_to(self, node: int) -> list[int]:
        """The nodes from the start to ``node``."""
        return self._timeline.path_to(node)

    def line(self) -> list[int]:
        """The nodes of the current line: start → cursor → the "forward" continuation."""
        return self._timeline.line()

    def leaves(self) -> Iterator[int]:
        """The ends of every branch."""
        return self._timeline.leaves()

    def note(self, node: int | None = None) -> str:
        """The note on ``node`` (default: the cursor), ``""`` if it has none."""
        return self._timeline.note(node)

    def __len__(self) -> int:
        return len(self._timeline)

    if not TYPE_CHECKING:  # (only refuses: a type checker knows the reader's own names)
        def __getattr__(self, name: str) -> Any:
            if name in _STEPS:
                raise AttributeError(f"the timeline is read-only here: step with the "
                                     f"widget's own {name}()")
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


#: What moves a timeline: a reader has none of it.
_STEPS = frozenset({"play", "goto", "back", "forward", "start", "end", "annotate"})

#: The longest note on a position, in characters.
MAX_NOTE = 2000


def note_text(text: object, what: str) -> str:
    """``text`` if it is a string of at most ``MAX_NOTE`` characters; else a ``ValueError``
    (a ``TypeError`` if it is no string) saying so."""
    if not isinstance(text, str):
        raise TypeError(f"{what} is a string, not {brief(text)}")
    if len(text) > MAX_NOTE:
        raise ValueError(f"{what} is at most {MAX_NOTE} characters, not {len(text)}")
    return text
