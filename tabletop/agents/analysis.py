"""What a search leaves behind: its tree (``Node``, with the steps the search takes on it:
``ucb_choice`` picks a child, ``credit`` adds a reward) and its account of a choice
(``Analysis``, with ``Candidate`` moves), and their presentations — a table of the best
moves, a JSON summary for records, the tree as a networkx graph for ``TreeWidget``.

An analysis is its player's own account — its choice in full notation even when the move is
secret, and numbers that rest on what the player knows — so it is for that player, or for
someone who may see everything; the game widget shows another seat only that the agent
thought (``tabletop.widgets.thinking``).

>>> import tabletop
>>> from tabletop.agents import MCTSAgent
>>> s = tabletop.load("lava-flows").new(seed=1, setup="random")
>>> analysis = MCTSAgent(iterations=30, seed=1).analyse(s)
>>> best = analysis.top(1)[0]
>>> best.action == analysis.choice, sorted(analysis.to_json())[:3]
(True, ['agent', 'candidates', 'choice'])
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import networkx as nx

from ..core.game import Action, State, View
from ..core.plain import player_of, whole


class Node:
    """A node of an MCTS search tree: the move into it, and its statistics.

    ``action`` is the move (``None`` at the root, and for a secret move as another player
    sees it); ``label`` its notation as seen in this tree; ``actor`` who made it; ``visits``
    how often the search passed through; ``avail`` how often the move was legal when its
    actor chose (counted in the actor's own tree, where they chose: a node only in another
    player's tree, as an opponent's secret move ``"bonus ?"`` in yours, keeps ``0`` or
    less than its visits); ``total`` the summed reward per player; ``state`` one state the
    search reached here (a determinization: for a game with hidden parts, a guess).
    ``seen`` is a bit mask of the players in whose tree the node is.
    """

    __slots__ = ("action", "label", "actor", "visits", "avail", "total", "children",
                 "state", "origin", "seen", "stamp", "legal", "slots", "order", "opened",
                 "source", "observed", "untried")

    def __init__(self, action: Action | None, label: str, actor: int | None, players: int,
                 state: State | None = None) -> None:
        self.action = action
        self.label = label
        self.actor = actor
        self.visits = 0
        self.avail = 0
        self.total = [0.0] * players
        self.children: dict[Hashable, Node] = {}
        self.state = state
        self.origin: object = None  # the determinization ``state`` was reached from
        self.seen = 0  # bit mask: the players in whose tree this node is
        self.stamp = -1  # the last iteration that counted a visit here
        # the legal actions last chosen from here, and the child of each (``None``: untried);
        # reused while the same tuple comes back (always, when nothing is hidden)
        self.legal: Sequence[Action] | None = None
        self.slots: list[Node | None] = []
        self.untried: list[int] = []  # the indices of the ``None`` slots, in order (narrow)
        # widening: the slots in the order they open, the first ``opened`` of them drawn (the
        # rest, not yet in any window, are in no order yet)
        self.order: list[int] | None = None
        self.opened = 0
        self.source: State | None = None  # the state ``legal`` was last read from
        # how the players see this move (the search's ``Observed``), once it is known
        self.observed: tuple[Any, ...] | None = None

    def mean(self, player: int) -> float:
        """The mean reward of ``player`` over the visits (0 when unvisited)."""
        return self.total[player] / self.visits if self.visits else 0.0

    @property
    def values(self) -> tuple[float, ...]:
        """The mean reward of every player."""
        return tuple(self.mean(p) for p in range(len(self.total)))

    def __repr__(self) -> str:
        return f"<Node {self.label or 'root'}: {self.visits} visits>"

    def __reduce__(self) -> tuple[Any, tuple[list[tuple[Any, ...]]]]:
        """Pickled and copied as a flat list of its subtree's nodes (``flat_tree``): a tree
        searched down a long game is deeper than pickle or ``deepcopy`` can recurse."""
        return grown_tree, (flat_tree(self),)


def flat_tree(root: Node) -> list[tuple[Any, ...]]:
    """The nodes under ``root`` (itself first; each once, however many parents it has) as
    rows of their fields, each node that a field holds written as its row number.

    >>> a, b = Node(None, "", None, 2), Node("x", "x", 0, 2)
    >>> a.children["x"] = b; a.slots = [b, None]
    >>> [(row[0], row[6], row[12]) for row in flat_tree(a)]
    [(None, (('x', 1),), (1, None)), ('x', (), ())]
    """
    number = {id(root): 0}
    nodes = [root]
    for node in nodes:  # (grows as it goes: breadth first, no recursion)
        for child in (*node.children.values(), *node.slots):
            if child is not None and id(child) not in number:
                number[id(child)] = len(nodes)
                nodes.append(child)
    rows = []
    for node in nodes:
        fields = []
        for name in Node.__slots__:
            value = getattr(node, name)
            if name == "children":
                value = tuple((key, number[id(c)]) for key, c in value.items())
            elif name == "slots":
                value = tuple(None if c is None else number[id(c)] for c in value)
            elif isinstance(value, list):
                value = list(value)
            fields.append(value)
        rows.append(tuple(fields))
    return rows


def grown_tree(rows: list[tuple[Any, ...]]) -> Node:
    """The tree ``flat_tree`` wrote as ``rows``: its root.

    >>> a = Node(None, "", None, 2); a.children["x"] = Node("x", "x", 0, 2)
    >>> grown_tree(flat_tree(a)).children["x"].label
    'x'
    """
    nodes = [Node.__new__(Node) for _ in rows]
    for node, row in zip(nodes, rows, strict=True):
        for name, value in zip(Node.__slots__, row, strict=True):
            if name == "children":
                value = {key: nodes[i] for key, i in value}
            elif name == "slots":
                value = [None if i is None else nodes[i] for i in value]
            elif isinstance(value, list):
                value = list(value)
            setattr(node, name, value)
    return nodes[0]


class NodeView:
    """A read-only view of a search tree's ``Node``: its fields as they are (lists as copies,
    ``total`` as a tuple, ``children`` a read-only mapping of views, one view per node, so
    a node shared by two players' trees is the same object in both); setting one raises.
    ``mean(player)`` takes only a player of the game.
    """

    __slots__ = ("_node", "_views")
    _node: Node
    _views: dict[int, NodeView]
    # The node's fields as ``__getattr__`` hands them out: declared (no class attribute is
    # made), so that a type checker and ``typing.get_type_hints`` know them, not ``Any``.
    action: Action | None
    label: str
    actor: int | None
    visits: int
    avail: int
    total: tuple[float, ...]
    children: Mapping[Hashable, NodeView]
    state: State | None
    origin: object
    seen: int
    stamp: int
    legal: Sequence[Action] | None
    slots: list[NodeView | None]
    order: list[int] | None
    opened: int
    source: State | None
    observed: tuple[Any, ...] | None
    untried: list[int]

    def __init__(self, node: Node, views: dict[int, NodeView] | None = None) -> None:
        object.__setattr__(self, "_node", node)
        object.__setattr__(self, "_views", {} if views is None else views)
        self._views[id(node)] = self

    def _view(self, node: Node | None) -> NodeView | None:
        """The view of ``node`` in this tree (made once)."""
        if node is None:
            return None
        return self._views.get(id(node)) or NodeView(node, self._views)

    if not TYPE_CHECKING:  # (a type checker reads the fields declared above, and no others)
        def __getattr__(self, name: str) -> Any:
            if name not in Node.__slots__:
                raise AttributeError(f"a search tree's node has no attribute {name!r}")
            value = getattr(self._node, name)
            if name == "children":
                return MappingProxyType({k: self._view(c) for k, c in value.items()})
            if name == "slots":
                return [self._view(c) for c in value]
            if name == "total":
                return tuple(value)
            if name == "order" and value is not None:  # the slots opened so far, in order
                return value[:self._node.opened]
            return list(value) if isinstance(value, list) else value

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a search tree's node is read-only: {name!r} cannot be set")

    def __dir__(self) -> list[str]:
        """The node's fields beside the methods, so that ``dir`` and tab completion show
        ``visits``, ``children`` … as they show a ``Node``'s."""
        return sorted({*object.__dir__(self), *Node.__slots__} - {"_node", "_views"})

    def mean(self, player: int) -> float:
        """The mean reward of ``player`` (``0 .. players - 1``) over the visits."""
        players = len(self._node.total)
        return self._node.mean(player_of(player, players, f"player must be 0..{players - 1}"))

    @property
    def values(self) -> tuple[float, ...]:
        """The mean reward of every player."""
        return self._node.values

    def __repr__(self) -> str:
        return repr(self._node)

    def __reduce__(self) -> tuple[Any, tuple[Node]]:
        """Copied and pickled as a view of its node (copied deeply with it, or not)."""
        return NodeView, (self._node,)


def credit(nodes: Sequence[Node], reward: Sequence[float], players: int) -> None:
    """Count a visit to each of ``nodes`` and add ``reward`` to its totals, player by player
    (written out for 3 to 5 players: a loop, or a ``map``, per node costs twice as much).

    >>> a, b = Node("a", "a", 0, 3), Node("b", "b", 0, 3)
    >>> credit([a, b], [0.5, 0.25, 0.25], 3); credit([a], [1.0, 0.0, 0.0], 3)
    >>> a.visits, a.total, b.visits, b.total
    (2, [1.5, 0.25, 0.25], 1, [0.5, 0.25, 0.25])
    """
    if len(reward) != players or not 3 <= players <= 5:  # (``evaluate`` may give fewer)
        for node in nodes:
            node.visits += 1
            total = node.total
            for p, r in enumerate(reward):
                total[p] += r
    elif players == 3:
        r0, r1, r2 = reward
        for node in nodes:
            node.visits += 1
            total = node.total
            total[0] += r0
            total[1] += r1
            total[2] += r2
    elif players == 4:
        r0, r1, r2, r3 = reward
        for node in nodes:
            node.visits += 1
            total = node.total
            total[0] += r0
            total[1] += r1
            total[2] += r2
            total[3] += r3
    else:
        credit_five(nodes, reward)


def credit_five(nodes: Sequence[Node], reward: Sequence[float]) -> None:
    """``credit`` for 5 players."""
    r0, r1, r2, r3, r4 = reward
    for node in nodes:
        node.visits += 1
        total = node.total
        total[0] += r0
        total[1] += r1
        total[2] += r2
        total[3] += r3
        total[4] += r4


def ucb_choice(children: Sequence[Node], player: int, c: float, logs: Sequence[float]
               ) -> Node | None:
    """The child of highest UCB value for ``player`` (the first of equals; ``None`` if none
    beats ``-inf``), each counted as legal once more (``avail``). ``logs[a] == log(a)``;
    every child was visited (each node made is on its iteration's path, and counted).

    >>> a, b, logs = Node("a", "a", 0, 1), Node("b", "b", 0, 1), [0.0, 0.0, math.log(2)]
    >>> a.visits, a.total, b.visits, b.total = 4, [3.0], 1, [0.0]
    >>> ucb_choice([a, b], 0, 0.7, logs).label, ucb_choice([a, b], 0, 5.0, logs).label
    ('a', 'b')
    """
    sqrt = math.sqrt
    best = None
    best_u = -math.inf
    for child in children:
        v = child.visits
        a = child.avail + 1
        child.avail = a
        u = child.total[player] / v + c * sqrt(logs[a] / v)
        if u > best_u:
            best_u, best = u, child
    return best


@dataclass(frozen=True, slots=True)
class Candidate:
    """One move the search considered at the root, with what it found.

    ``value`` is the mean reward of the deciding player, ``values`` that of every player,
    ``share`` the fraction of the root's visits spent on it.
    """

    action: Action
    notation: str
    visits: int
    value: float
    values: tuple[float, ...]
    share: float

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict (values to 4 decimals, shown to 2 as the candidate's: ``places``)."""
        return {"action": self.notation, "visits": self.visits, "value": places(self.value),
                "values": [places(v) for v in self.values], "share": places(self.share)}


@dataclass(frozen=True, slots=True)
class Analysis:
    """What an ``MCTSAgent`` was thinking when it chose ``choice`` for ``player``.

    ``root`` is the search tree, read-only (``NodeView``); ``iterations`` and ``seconds``
    what was spent; ``determinizations`` how many distinct full states were sampled from the
    view, and ``samples`` the first few of them (guesses at the hidden parts, never the
    truth).

    >>> analysis.top(3)            # doctest: +SKIP
    (Candidate(notation='take 2', visits=812, value=0.93, ...), ...)
    >>> json.dumps(analysis.to_json())   # doctest: +SKIP
    """

    view: View
    player: int
    choice: Action
    _tree: Node = field(repr=False)  # the search's own tree: ``root`` is its read-only view
    iterations: int
    seconds: float
    determinizations: int
    samples: tuple[State, ...]
    agent: str = "mcts"

    @property
    def root(self) -> NodeView:
        """The search tree's root, read-only."""
        return NodeView(self._tree)

    @property
    def shallow(self) -> bool:
        """Whether the search was too shallow to rank the moves: there was a choice, and the
        most visited candidate was searched fewer than ``SHALLOW_VISITS`` times (its value
        is a handful of random games)."""
        best = self.top(2)
        return len(best) > 1 and best[0].visits < SHALLOW_VISITS

    def top(self, k: int = 5) -> tuple[Candidate, ...]:
        """The ``k`` most visited moves at the root, best first (ties: higher value first)."""
        k = whole(k, 0, "k must be an int ≥ 0")
        p = self.player
        nodes = [c for c in self._tree.children.values() if c.action is not None
                 and c.actor == p]
        nodes.sort(key=lambda c: (-c.visits, -c.mean(p)))
        total = sum(c.visits for c in nodes) or 1
        return tuple(
            Candidate(c.action, c.label, c.visits, c.mean(p), c.values, c.visits / total)
            for c in nodes[:k] if c.action is not None
        )

    @property
    def candidates(self) -> tuple[Candidate, ...]:
        """Every move searched at the root, best first."""
        return self.top(len(self._tree.children))

    def to_json(self, k: int = 5) -> dict[str, Any]:
        """A JSON-safe summary: the choice, the effort, and the top ``k`` candidates.

        Like the analysis, it tells the searcher's secrets (a secret choice in full), so it
        belongs with the full game, as in a record; not in front of another player.
        ``"shallow": True`` is added when the search was too shallow to rank the moves.
        """
        out: dict[str, Any] = {
            "agent": self.agent,
            "player": self.player,
            "choice": str(self.choice),
            "iterations": self.iterations,
            "determinizations": self.determinizations,
            "seconds": round(self.seconds, 3),
            "candidates": [c.to_json() for c in self.top(k)],
        }
        if self.shallow:
            out["shallow"] = True
        return out

    def to_graph(self, max_depth: int | None = None, min_visits: int = 1) -> nx.DiGraph:
        """The search tree as the deciding player sees it, as a networkx ``DiGraph`` (a
        ``core.treegraph.TreeGraph``: ``<mcts search tree of lascaux for player 0: …>``).

        Nodes are integers (``0`` is the root) with ``visits``, ``values`` (mean reward per
        player, each from 0 to 1), ``player`` (to move), ``terminal``, ``chance``, ``movers``,
        ``depth`` and ``state`` (a sampled state); edges carry ``notation``, ``action``
        (``None`` for a hidden move), ``actor``, ``visits`` and ``value`` (the actor's mean
        reward). The graph's own attributes: ``root`` (``0``), ``source`` (``"mcts"``),
        ``player`` (the searcher) and ``game``. Children are in the order ``top`` ranks
        moves: most visited first, ties by the higher value to their actor. ``min_visits``
        never drops the choice.

        ``player`` and ``terminal`` are what the search met at the node, not one sample's
        word: where the states it sampled there disagree on who moves, or on whether the
        game is over (a chance draw or a hidden part the searcher cannot see decides it),
        the node is a chance node: ``chance`` is true, ``player`` is ``None``, and
        ``movers`` lists the players seen to move there (``terminal`` is then ``False``).
        """
        if max_depth is not None:
            max_depth = whole(max_depth, 0, "max_depth must be an int ≥ 0 or None")
        min_visits = whole(min_visits, 0, "min_visits must be an int ≥ 0")
        from ..core.treegraph import TreeGraph  # (a DiGraph whose repr says what it holds)

        graph = TreeGraph(root=0, source="mcts", player=self.player, game=self.view.game)
        bit = 1 << self.player

        def add(node: Node, kids: list[Node], depth: int) -> int:
            ident: int = graph.number_of_nodes()
            player, terminal, chance, movers = met_at(node, kids)
            graph.add_node(ident, visits=node.visits, values=node.values, depth=depth,
                           player=player, terminal=terminal, chance=chance, movers=movers,
                           state=node.state)
            return ident

        def kids_of(node: Node) -> list[Node]:
            """The node's children in the searcher's tree, in the order ``top`` ranks."""
            kids = [c for c in node.children.values() if c.seen & bit]
            kids.sort(key=lambda c: (-c.visits, -c.mean(c.actor) if c.actor is not None
                                     else 0.0))
            return kids

        root_kids = kids_of(self._tree)
        stack = [(self._tree, add(self._tree, root_kids, 0), 0, root_kids)]
        while stack:
            node, ident, depth, every = stack.pop()
            if max_depth is not None and depth >= max_depth:
                continue
            for child in every:
                if child.visits < min_visits and not (depth == 0 and child.action is not None
                                                      and child.action == self.choice
                                                      and child.actor == self.player):
                    continue
                grandchildren = kids_of(child)
                cid = add(child, grandchildren, depth + 1)
                actor = child.actor
                graph.add_edge(ident, cid, notation=child.label, action=child.action,
                               actor=actor, visits=child.visits,
                               value=child.mean(actor) if actor is not None else 0.0)
                stack.append((child, cid, depth + 1, grandchildren))
        return graph

    def _repr_html_(self) -> str:
        names = [self.view.game.player_name(q) for q in range(len(self._tree.total))]
        head = "".join(f"<th>{escape(n)}</th>" for n in names)
        top = self.top(10)
        rows = "".join(
            f"<tr><td>{escape(c.notation)}</td><td>{c.visits}</td>"
            + "".join(f"<td>{v:.3f}</td>" for v in c.values) + "</tr>"
            for c in top
        )
        same = same_value([c.value for c in top])
        warning = f"<p>{escape(shallow_text(top[0].visits))}</p>" if self.shallow else \
            f"<p>{escape(untold_text(same))}</p>" if same is not None else ""
        return (f"<p>{escape(self.view.game.player_name(self.player))} plays "
                f"<b>{escape(str(self.choice))}</b> after {self.iterations} iterations over "
                f"{self.determinizations} determinizations</p>{warning}"
                f"<table><tr><th>move</th><th>visits</th>{head}</tr>{rows}</table>")

    def __repr__(self) -> str:
        best = ", ".join(f"{c.notation} {c.visits}/{c.value:.2f}" for c in self.top(3))
        return (f"<Analysis player {self.player} plays {str(self.choice)!r}: "
                f"{self.iterations} iterations; {best}>")


def places(value: float) -> float:
    """``value`` to 4 decimals, on the side of its rounding to 2: a panel that shows the
    JSON's value to 2 decimals shows the search's (rounding twice, 0.254995 would be 0.255,
    shown "0.26", where the tree and ``top`` show "0.25").

    >>> places(0.123456), places(0.254995), places(0.745005), f"{places(0.254995):.2f}"
    (0.1235, 0.2549, 0.7451, '0.25')
    """
    kept = round(value, 4)
    if f"{kept:.2f}" != f"{value:.2f}":  # rounded across a half of the second decimal
        kept = (math.floor if kept > value else math.ceil)(value * 10_000) / 10_000
    return kept


#: A search whose most visited candidate has fewer visits than this is too shallow to rank.
SHALLOW_VISITS = 10


def shallow_text(visits: int) -> str:
    """The sentence that says a search was too shallow (``visits``: its best candidate's).

    >>> shallow_text(2)
    'The search was too shallow to rank these moves: the most-tried one was searched only 2 \
times. Give the bot more thinking (strength "strong", or more iterations).'
    """
    return (f"The search was too shallow to rank these moves: the most-tried one was searched "
            f"only {visits} time{'' if visits == 1 else 's'}. Give the bot more thinking "
            '(strength "strong", or more iterations).')


def same_value(values: Sequence[float]) -> float | None:
    """The value each of two or more candidates scored (to two places), else ``None``.

    >>> same_value([1.0, 0.999]), same_value([1.0]), same_value([1.0, 0.5])
    (1.0, None, None)
    """
    rounded = {round(v, 2) for v in values}
    return rounded.pop() if len(values) > 1 and len(rounded) == 1 else None


def untold_text(value: float) -> str:
    """The sentence for a search whose candidates all scored ``value`` (``same_value``).

    >>> untold_text(1.0)
    'The search could not tell these moves apart: each scored 1.00 in its games, so every \
move looks like a win.'
    """
    ending = {1.0: ", so every move looks like a win", 0.0: ", so every move looks like a loss"}
    return (f"The search could not tell these moves apart: each scored {value:.2f} in its "
            f"games{ending.get(value, '')}.")


def met_at(node: Node, kids: Sequence[Node]) -> tuple[int | None, bool, bool, tuple[int, ...]]:
    """What the search met at ``node`` of a player's tree (``kids``: its children there):
    who is to move, whether the game is over, whether that differed between the states it
    sampled there (a chance node), and the players seen to move there, in order.

    >>> a, b = Node("a", "a", 0, 2), Node("b", "b", 1, 2)
    >>> met_at(Node(None, "", None, 2), [a, b])
    (None, False, True, (0, 1))
    >>> met_at(Node(None, "", None, 2), [a])
    (0, False, False, (0,))
    """
    state = node.state
    over = state is not None and state.is_terminal
    movers = {c.actor for c in kids if c.actor is not None}
    if state is not None and not over and state.current_player is not None:
        movers.add(state.current_player)
    seen = tuple(sorted(movers))
    if len(seen) > 1 or (over and kids):
        return None, False, True, seen
    return (seen[0] if seen else None), over and not kids, False, seen
