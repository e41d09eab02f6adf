"""A reference model of a branching game history, for the stateful tests of the timeline,
the session and the game widget (``tests/test_stateful_*.py``).

It knows nothing of networkx or of the widget: nodes are numbered as they are made, each
remembers its parent and the notation of the move that made it, and "forward" goes to the
child last stepped into along a ``goto``/``play`` (else the newest child).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class HistoryModel:
    """Nodes ``0..n-1``: ``parent[node]`` and ``move[node]`` (``None`` for the start)."""

    parent: list[int | None] = field(default_factory=lambda: [None])
    move: list[str | None] = field(default_factory=lambda: [None])
    cursor: int = 0
    preferred: dict[int, int] = field(default_factory=dict)

    @classmethod
    def from_line(cls, moves: list[str], at: int) -> HistoryModel:
        """One line of ``moves`` with the cursor at ply ``at`` (what a loaded record is)."""
        model = cls()
        for notation in moves:
            model.play(notation)
        model.goto(at)
        return model

    @classmethod
    def from_record(cls, record: dict, at: int) -> HistoryModel:
        """What a saved record opens as: its line and each of its ``"branches"`` played from
        the start in the order they were made (its line after the first ``"line_index"``
        branches), with the cursor at ply ``at`` of its line ("forward" along it)."""
        model = cls()
        branches = [branch["actions"] for branch in record.get("branches", [])]
        k = record.get("line_index", 0)
        end = 0
        for moves in [*branches[:k], record["actions"], *branches[k:]]:
            model.goto(0)
            for notation in moves:
                model.play(notation)
            if moves is record["actions"]:
                end = model.cursor
        model.goto(end)
        model.goto(model.path_to(end)[at])
        return model

    # --- moving ----------------------------------------------------------------------------
    def children(self, node: int) -> list[int]:
        return [n for n, p in enumerate(self.parent) if p == node]

    def play(self, notation: str) -> int:
        for child in self.children(self.cursor):
            if self.move[child] == notation:
                break
        else:
            child = len(self.parent)
            self.parent.append(self.cursor)
            self.move.append(notation)
        self.goto(child)
        return child

    def goto(self, node: int) -> None:
        path = self.path_to(node)
        for a, b in zip(path, path[1:], strict=False):
            self.preferred[a] = b
        self.cursor = node

    def back(self) -> None:
        parent = self.parent[self.cursor]
        if parent is not None:
            self.cursor = parent

    def next(self, node: int) -> int | None:
        if node in self.preferred:
            return self.preferred[node]
        children = self.children(node)
        return children[-1] if children else None

    def forward(self) -> None:
        child = self.next(self.cursor)
        if child is not None:
            self.cursor = child

    def start(self) -> None:
        self.cursor = 0

    def end(self) -> None:
        self.cursor = self.line()[-1]

    # --- reading ----------------------------------------------------------------------------
    def path_to(self, node: int) -> list[int]:
        path = [node]
        while (parent := self.parent[path[-1]]) is not None:
            path.append(parent)
        return path[::-1]

    def moves_to(self, node: int) -> list[str]:
        return [m for m in (self.move[n] for n in self.path_to(node)) if m is not None]

    def line(self) -> list[int]:
        path = self.path_to(self.cursor)
        while (child := self.next(path[-1])) is not None:
            path.append(child)
        return path

    def leaves(self) -> list[int]:
        return [n for n in range(len(self.parent)) if not self.children(n)]

    def depth(self, node: int) -> int:
        return len(self.path_to(node)) - 1

    def fork(self, leaf: int) -> int | None:
        """The ply (1-based) of the last move on ``leaf``'s path taken where others were
        taken too, or ``None`` on the main line (a path with no fork)."""
        path = self.path_to(leaf)
        forks = [i for i, n in enumerate(path[:-1]) if len(self.children(n)) > 1]
        return forks[-1] + 1 if forks else None

    def __len__(self) -> int:
        return len(self.parent)
