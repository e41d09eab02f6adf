"""``TreeModel``: which nodes of a game tree or search tree are open, and the tree as a ``Scene``.

Pure Python (no widgets): ``TreeWidget`` draws its ``scene()`` on a canvas, its ``svg()`` is
the static picture, and tests click on the scene. Labels are drawn at ``LABEL_FONT`` scene
units, which the widget shows one CSS pixel each.
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable
from html import escape
from typing import Any

import networkx as nx

from ..agents import Analysis
from ..core.game import State, View
from ..core.plain import coordinates, plain, player_of, whole
from ..core.public import PUBLIC, public_name, viewer_of
from ..core.quoting import brief, counted
from ..core.tree import expand, explore
from ..core.warn import warn
from ..render.scene import Scene
from ..render.svg import to_svg
from .panels import PALETTE
from .treegraph import check_tree_graph, own_copy
from .treelabels import LABEL_FONT, short_label, sibling_labels

#: Layout of the tree picture, in scene units (one CSS pixel each in the widget). A node sits
#: on the row of its first child, so opening a node never moves it, and the root, the first
#: line of play and the selection stay near the top left of a region that scrolls.
COLUMN = 160  # from one depth to the next
TRUNK = 20  # from a node to the vertical line its children's edges leave from
ROW = 36  # between sibling leaves: room for a label above the edge and its stats below
MARGIN = 16
RADIUS = 6
#: The smallest text drawn (labels, stats, information sets): readable at 11 px or more.
SMALL_FONT = 11
SELECTED = "#f5b700"
TERMINAL = "#3b3f4a"
UNKNOWN = "#b8bcc8"
#: The depth slider's top value, meaning "no limit".
DEPTH_LIMIT = 20

#: The most nodes ``depth`` opens by default: a picture of more is unreadable, and each
#: click redraws it (10,000 nodes take about a second to open; 100,000 took 20 s).
MAX_NODES = 10_000


def _tree_of(subject: object) -> tuple[nx.DiGraph, str]:
    """The graph a ``TreeModel`` shows for ``subject``, and its kind (``game``/``search``)."""
    if isinstance(subject, Analysis):
        return subject.to_graph(), "search"
    if isinstance(subject, State):
        return explore(subject, depth=0), "game"
    if isinstance(subject, nx.DiGraph):
        check_tree_graph(subject)
        return own_copy(subject), "search" if subject.graph.get("source") == "mcts" else "game"
    if isinstance(subject, View):
        raise TypeError("a View has no tree of its own: pass view.determinize(rng), or "
                        "MCTSAgent().analyse(view) for the search from it")
    raise TypeError(f"TreeWidget shows a State, an explore() graph or an MCTS "
                    f"Analysis, not {type(subject).__name__}")


class TreeModel:
    """Which nodes of a tree graph are open, which is selected, and how it all is drawn.

    ``subject`` is a ``State`` (its game tree, expanded on demand), a graph from
    ``tabletop.explore``, or an ``Analysis`` from ``MCTSAgent`` (its search tree). ``depth``
    is how deep the tree starts open; ``max_children`` how many children an open node shows
    before a "+k more" marker (click it for the rest); ``view`` shows the tree as that
    player sees it: boards as their view, moves as ``game.describe`` tells them, scores only
    where their view shows them. (The shape of a game tree grown from a true state is still
    that state's: for a tree a player may study without peeking, grow it from
    ``state.view(p).determinize(rng)``.) A search tree (an ``Analysis`` or its graph) is its
    searcher's own — it holds what they know — so it is shown as their view only.

    ``max_nodes`` (``MAX_NODES``, 10,000, by default; ``None`` for no limit) bounds what
    ``depth`` computes and shows: opening stops once the graph holds that many nodes, or
    that many are shown (of a graph or search tree given whole), ``complete``
    then says ``False`` and the title says so; stopping at the default also warns.
    """

    def __init__(self, subject: State | nx.DiGraph | Analysis, *, depth: int = 1,
                 max_children: int = 12, view: int | str | None = None,
                 max_nodes: int | None = MAX_NODES) -> None:
        depth = whole(depth, 0, "depth must be an int ≥ 0")
        max_children = whole(max_children, 1, "max_children must be an int ≥ 1")
        if max_nodes is not None:
            max_nodes = whole(max_nodes, 1, "max_nodes must be an int ≥ 1 or None")
        self.analysis: Analysis | None = subject if isinstance(subject, Analysis) else None
        self.graph, self.kind = _tree_of(subject)
        self.view = self._viewer(view)
        self.max_children = max_children
        self.max_nodes = max_nodes
        self.complete = True
        self.max_depth: int | None = None
        self.player: int | None = None
        self.selected = 0
        self.open: set[int] = set()
        self.show_all: set[int] = set()
        self.open_to(depth)
        if not self.complete and max_nodes == MAX_NODES:
            warn(f"the tree stopped at {MAX_NODES:,} nodes before depth {brief(depth)}: "
                 "pass max_nodes=None to open everything, or a smaller depth", RuntimeWarning)

    def _viewer(self, view: object) -> int | str | None:
        """``view`` checked: ``None``, a player or ``"public"`` (an audience's view: no
        one's secrets); a search tree's is its searcher."""
        game = self.game
        players = game.players if game is not None else 0
        if public_name(view) and players:
            view = PUBLIC
        elif view is not None:
            rule = (f"view must be a player 0..{players - 1} or None" if players else
                    "view must be None for a tree that does not know its game")
            view = viewer_of(view, players, rule) if players else player_of(view, players, rule)
        searcher = self.searcher
        if searcher is None:
            return view
        if view is not None and view != searcher:
            raise ValueError(
                f"a search tree is player {searcher}'s own: it holds what they know, so it "
                f"is shown as their view only (view=None or view={searcher}), not as "
                f"{'the public' if view == PUBLIC else f'player {view}'}'s")
        return searcher

    @property
    def searcher(self) -> int | None:
        """The player whose search this tree is (``None`` for a game tree)."""
        if self.analysis is not None:
            return self.analysis.player
        if self.kind == "search":
            return plain(self.graph.graph.get("player"))
        return None

    # --- the tree -------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        """The game of the tree's states (``None`` for a graph given without one)."""
        state = self.graph.nodes[0].get("state")
        return state.game if state is not None else self.graph.graph.get("game")

    def state(self, node: int) -> State | None:
        """The state at ``node`` (for a search tree: one the search sampled there)."""
        node = self.checked_node(node)
        return self.graph.nodes[node].get("state")

    def children(self, node: int) -> list[int]:
        """The children of ``node`` in display order (a search tree's by visits)."""
        kids = list(self.graph.successors(node))
        if self.kind == "search":
            kids.sort(key=lambda k: -self.graph.edges[node, k]["visits"])
        return kids

    def can_expand(self, node: int) -> bool:
        """Whether ``node`` has (or may have) children."""
        if self.graph.succ[node]:
            return True
        data = self.graph.nodes[node]
        return self.kind == "game" and not data.get("terminal") and data.get("state") is not None

    def expand(self, node: int) -> None:
        """Open ``node``, computing its children first in a game tree."""
        node = self.checked_node(node)
        if self.kind == "game" and not self.graph.succ[node] and self.can_expand(node):
            expand(self.graph, node)
        if self.can_expand(node):
            self.open.add(node)

    def collapse(self, node: int) -> None:
        """Close ``node`` (its children stay computed)."""
        node = self.checked_node(node)
        self.open.discard(node)

    def toggle(self, node: int) -> None:
        """Open ``node`` if it is closed, else close it."""
        if node in self.open:
            self.collapse(node)
        else:
            self.expand(node)

    def select(self, node: int) -> None:
        """Make ``node`` the selected node (its board is shown); opens its ancestors."""
        node = self.checked_node(node)
        for ancestor in nx.ancestors(self.graph, node):
            self.open.add(ancestor)
        self.selected = node

    def open_to(self, depth: int) -> None:
        """Open every node above ``depth`` (a game tree is computed that far), breadth first.

        No children are computed once the graph holds ``max_nodes`` nodes, and no node is
        opened once ``max_nodes`` are shown (a graph given whole, such as a big search tree,
        holds more than it may show): opening stops there, whole nodes only, and
        ``complete`` says ``False``.
        """
        frontier = [0]
        # The nodes opening has made visible: a graph given whole (an explored graph, a
        # search tree) computes nothing, yet shows them all.
        shown = 1
        for _ in range(depth):
            nxt = []
            for node in frontier:
                if not self._affords(node, shown):
                    self.complete = False
                    return
                self.expand(node)
                kids = self.children(node)[: self.max_children]
                shown += len(kids)
                nxt.extend(kids)
            if not nxt:
                return
            frontier = nxt

    def _affords(self, node: int, shown: int) -> bool:
        """Whether ``node`` may be opened within the node budget: fewer than ``max_nodes``
        are shown, and its children are computed already or the graph is still under
        ``max_nodes``."""
        if self.max_nodes is None:
            return True
        return shown < self.max_nodes and (bool(self.graph.succ[node])
                                           or self.graph.number_of_nodes() < self.max_nodes)

    def checked_node(self, node: object) -> int:
        """``node`` if it is one of the tree's; else a ``ValueError`` (not an int ≥ 0) or a
        ``KeyError`` (no such node)."""
        node = whole(node, 0, "a tree node is an int ≥ 0")
        if node not in self.graph:
            raise KeyError(f"no node {brief(node)} in the tree ({self.graph.number_of_nodes()} "
                           "nodes)")
        return node

    def path(self, node: int) -> list[str]:
        """The actions from the root to ``node``, in notation (as ``view`` sees them)."""
        names = []
        while node != 0:
            parent = next(iter(self.graph.predecessors(node)))
            names.append(self.label(parent, node))
            node = parent
        return names[::-1]

    def label(self, parent: int, node: int) -> str:
        """The move from ``parent`` to ``node`` as the tree's viewer sees it."""
        edge = self.graph.edges[parent, node]
        action = edge.get("action")
        if self.view is None or self.kind == "search" or action is None or self.game is None:
            return str(edge["notation"])
        return str(self.game.describe(action, edge.get("actor"), self.view))

    def visible(self) -> list[int]:
        """The nodes drawn, depth first from the root."""
        out: list[int] = []
        stack = [0]
        seen = set()
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            out.append(node)
            if node in self.open and (self.max_depth is None or
                                      self.graph.nodes[node]["depth"] < self.max_depth):
                stack.extend(reversed(self._shown_children(node)))
        return out

    def _shown_children(self, node: int) -> list[int]:
        kids = self.children(node)
        return kids if node in self.show_all else kids[: self.max_children]

    # --- the picture ----------------------------------------------------------------------
    def layout(self) -> tuple[dict[int, tuple[float, float]], dict[int, tuple[float, float]]]:
        """Positions of the drawn nodes, and of the "+k more" markers, in scene units."""
        pos: dict[int, tuple[float, float]] = {}
        more: dict[int, tuple[float, float]] = {}
        row = 0
        drawn = set(self.visible())

        def opened(node: int) -> list[Any]:
            """A node about to be placed: it, its x, its drawn children, the next child to
            place, and the y of the first child placed (its own y: ``None`` until known)."""
            x = MARGIN + RADIUS + self.graph.nodes[node]["depth"] * COLUMN
            kids = [k for k in self._shown_children(node) if k in drawn] \
                if node in self.open else []
            return [node, x, kids, 0, None]

        stack = [opened(0)]  # a loop, not recursion: trees are drawn up to 500 deep
        while stack:
            frame = stack[-1]
            node, x, kids, i, y = frame
            while i < len(kids) and kids[i] in pos:
                i += 1
            if i < len(kids):  # place the next child first, then come back
                frame[3] = i + 1
                stack.append(opened(kids[i]))
                continue
            stack.pop()
            if kids and len(self.children(node)) > len(kids):
                more[node] = (x + COLUMN, MARGIN + ROW / 2 + row * ROW)
                row += 1
            if y is None:  # a leaf, as drawn: a row of its own
                y = MARGIN + ROW / 2 + row * ROW
                row += 1
            pos[node] = (x, y)
            if stack and stack[-1][4] is None:
                stack[-1][4] = y  # a parent stands level with its first child
        return pos, more

    def _names(self, pos: dict[int, tuple[float, float]]) -> dict[int, str]:
        """The label drawn beside each placed node but the root: its move, cut to the room
        its column leaves (siblings share a column, and are cut so as to look different)."""
        siblings: dict[int, list[int]] = {}
        for node in pos:
            parent = next(iter(self.graph.predecessors(node)), None) if node else None
            if parent is not None and parent in pos:
                siblings.setdefault(parent, []).append(node)
        names: dict[int, str] = {}
        for parent, kids in siblings.items():
            room = pos[kids[0]][0] - RADIUS - (pos[parent][0] + TRUNK) - 6
            texts = [self.label(parent, k) for k in kids]
            names.update(zip(kids, sibling_labels(texts, room), strict=True))
        return names

    def scene(self) -> Scene:
        """The tree as a ``Scene``: nodes are targets ``("node", id)``, markers ``("more", id)``."""
        pos, more = self.layout()
        bottom = max(y for _, y in [*pos.values(), *more.values()])
        scene = Scene(0, bottom + ROW / 2 + MARGIN, background="white", title=self.title())
        names = self._names(pos)
        for node, (x, y) in pos.items():
            parent = next(iter(self.graph.predecessors(node)), None) if node else None
            if parent is None or parent not in pos:
                continue
            px, py = pos[parent]
            mid = px + TRUNK
            edge = self.graph.edges[parent, node]
            faded = self._faded(node)
            scene.line([(px + RADIUS, py), (mid, py), (mid, y), (x - RADIUS, y)],
                       stroke="#9aa0ae", stroke_width=1.2, opacity=0.4 if faded else 1.0)
            room = x - RADIUS - mid - 6
            scene.text(x - RADIUS - 4, y - 8, names[node], anchor="end",
                       font_size=LABEL_FONT, fill="#1f2430", opacity=0.4 if faded else 1.0,
                       target=("node", node), title=self.label(parent, node))
            if self.kind == "search":
                stats = f"n={edge['visits']} v={edge['value']:.2f}"
                scene.text(x - RADIUS - 4, y + 9, short_label(stats, room, SMALL_FONT),
                           anchor="end", font_size=SMALL_FONT, fill="#6b7080",
                           opacity=0.4 if faded else 1.0)
        for node, (x, y) in pos.items():
            self._draw_node(scene, node, x, y)
        for node, (x, y) in more.items():
            hidden = len(self.children(node)) - len(self._shown_children(node))
            px, py = pos[node]
            scene.line([(px + RADIUS, py), (px + TRUNK, py), (px + TRUNK, y),
                        (x - RADIUS, y)], stroke="#c9ccd6", dash=(3, 3))
            scene.text(x - RADIUS, y, f"+{hidden} more", anchor="start", font_size=LABEL_FONT,
                       fill="#2e86ab", target=("more", node),
                       title=f"show all {hidden + len(self._shown_children(node))} children")
        scene.width = math.ceil(max(shape.bounds()[2] for shape in scene.shapes) + MARGIN)
        return scene

    def _faded(self, node: int) -> bool:
        return self.player is not None and self.graph.nodes[node].get("player") != self.player

    def _draw_node(self, scene: Scene, node: int, x: float, y: float) -> None:
        data = self.graph.nodes[node]
        player = data.get("player")
        opacity = 0.35 if self._faded(node) else 1.0
        title = self.describe(node)
        if node == self.selected:
            scene.circle(x, y, RADIUS + 4, fill=SELECTED, opacity=0.9, layer=1)
        if data.get("chance"):  # a diamond: what follows is not the searcher's to know
            r = RADIUS + 1
            scene.polygon(((x, y - r), (x + r, y), (x, y + r), (x - r, y)), fill=UNKNOWN,
                          stroke=TERMINAL, stroke_width=1.2, opacity=opacity, layer=2,
                          target=("node", node), title=title)
        elif data.get("terminal"):
            scene.rect(x - RADIUS, y - RADIUS, 2 * RADIUS, 2 * RADIUS, fill=TERMINAL,
                       opacity=opacity, layer=2, target=("node", node), title=title)
        else:
            fill = PALETTE[player % len(PALETTE)] if player is not None else UNKNOWN
            scene.circle(x, y, RADIUS, fill=fill, stroke="white", stroke_width=1.5,
                         opacity=opacity, layer=2, target=("node", node), title=title)
        if node not in self.open and self.can_expand(node):
            scene.text(x + RADIUS + 5, y, "+", anchor="start", font_size=LABEL_FONT + 2,
                       font_weight="bold", fill="#6b7080", layer=2, target=("node", node))
        if "infoset" in data:
            scene.text(x, y + RADIUS + 8, f"I{data['infoset']}", font_size=SMALL_FONT,
                       fill="#6b7080", layer=2)

    # --- words and boards -------------------------------------------------------------------
    def name(self, player: int | None) -> str:
        """The name ``player`` is shown by (``"nobody"`` for ``None``)."""
        if player is None:
            return "nobody"
        game = self.game
        return game.player_name(player) if game is not None else f"Player {player}"

    def title(self) -> str:
        """The line above the tree: what it shows, and where it stopped."""
        cut = "" if self.complete else f" (stopped at {self.max_nodes:,} nodes)"
        if self.analysis is not None:
            a = self.analysis
            return (f"{self.name(a.player)} searched {a.iterations} iterations over "
                    f"{a.determinizations} determinizations and plays {a.choice}{cut}")
        return f"game tree, {self.graph.number_of_nodes()} states{cut}"

    def describe(self, node: int) -> str:
        """One line about ``node``: depth, who is to move or the result, visits and values."""
        data = self.graph.nodes[node]
        parts = [f"node {node}", f"depth {data['depth']}"]
        if data.get("chance"):
            met = [f"{self.name(p)} to move" for p in data.get("movers", ())]
            if getattr(data.get("state"), "is_terminal", False):
                met.append("the game over")
            parts.append("chance, decided by what the searcher cannot see: "
                         + " or ".join(met))
        elif data.get("terminal"):
            state = data.get("state")
            winners = getattr(state, "winners", ())
            result = (", ".join(self.name(p) for p in winners) + " won" if winners
                      else "a draw")
            how = state._ending() if hasattr(state, "_ending") else ""
            result = f"{result} ({how})" if how else result
            # a search's state is a sample: who won there may rest on a guess
            parts.append(f"over (in the sampled state: {result})" if self.kind == "search"
                         else f"over: {result}")
        else:
            parts.append(f"{self.name(data.get('player'))} to move")
        scores = self._scores(node)
        if scores is not None:
            parts.append("scores " + " ".join(f"{s:g}" for s in scores))
        if "visits" in data:
            values = " ".join(f"{v:.2f}" for v in data["values"])
            parts.append(f"{counted(data['visits'], 'visit')}, values {values}")
        if "infoset" in data:
            parts.append(f"information set {data['infoset']} of "
                         f"{self.name(self.graph.graph.get('infosets_for'))}")
        return " · ".join(parts)

    def _scores(self, node: int) -> tuple[float, ...] | None:
        """The scores at ``node`` the viewer may see: all at the end or in the full state,
        else what their view's breakdown shows (``None`` if it shows none)."""
        data = self.graph.nodes[node]
        if "scores" not in data:
            return None
        if self.view is None or self.kind == "search" or data.get("terminal"):
            return tuple(data["scores"])
        board = getattr(self.subject(node), "score_breakdown", None)
        return tuple(board().totals) if callable(board) else None

    def subject(self, node: int) -> State | View | None:
        """What the board beside the tree draws for ``node``: its state, or a view of it."""
        state = self.state(node)
        if state is None or self.view is None:
            return state
        return state.view(self.view)

    def board_svg(self, node: int | None = None) -> str:
        """The board of ``node`` (default: the selected node) as SVG, or its text."""
        subject = self.subject(self.selected if node is None else node)
        if subject is None:
            return "<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>"
        try:
            return subject.svg()
        except NotImplementedError:
            return f"<pre>{escape(str(subject))}</pre>"

    def info_html(self, node: int | None = None) -> str:
        """The selected node in words: the line to it and what is known there."""
        node = self.selected if node is None else node
        path = " → ".join(escape(p) for p in self.path(node)) or "(the root)"
        note = ""
        if self.kind == "search" and node:
            note = ("<br><i>the board is one state the search sampled here: hidden parts are "
                    "a guess</i>")
        return (f"<div style='font-size:12px;line-height:1.4'>"
                f"<b>{escape(self.describe(node))}</b><br>"
                f"{path}{note}</div>")

    def svg(self) -> str:
        """The tree and the selected node's board as one standalone SVG (deterministic)."""
        scene = self.scene()
        tree = to_svg(scene)
        board = self.board_svg()
        if not board.startswith("<svg"):
            return tree
        bw, bh = _svg_size(board)
        width, height = scene.width + 16 + bw, max(scene.height, bh)
        head, _, rest = tree.partition(">")
        body = rest.rsplit("</svg>", 1)[0]
        nested = board.replace("<svg ", f'<svg x="{scene.width + 16:g}" y="0" ', 1)
        # one white ground under both (the gap, and below the shorter): no hole on a dark page
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" '
                f'height="{height:g}" viewBox="0 0 {width:g} {height:g}" '
                f'font-family="sans-serif">\n<rect x="0" y="0" width="{width:g}" '
                f'height="{height:g}" fill="white"/>{body}\n{nested}\n</svg>')

    def hit(self, x: float, y: float) -> Hashable | None:
        """The target drawn at scene point ``(x, y)``, if any."""
        return self.scene().hit(x, y)

    def click(self, x: float, y: float) -> int | None:
        """A click at scene point ``(x, y)``: selects and opens/closes a node; returns it.
        A click off the tree (or at a coordinate that is not a finite number) hits nothing."""
        x, y = coordinates(x, y)
        scene = self.scene()
        if not (0 <= x <= scene.width and 0 <= y <= scene.height):  # off the tree, or NaN
            return None
        target = scene.hit(x, y)
        if not isinstance(target, tuple):
            return None
        kind, node = target
        if kind == "more":
            self.show_all.add(node)
            return node
        if node not in self.open and self.can_expand(node):
            self.expand(node)
        elif node == self.selected:
            self.collapse(node)
        self.selected = node
        return node


_WIDTH = re.compile(r'(?<![\w-])width="([\d.]+)"')
_HEIGHT = re.compile(r'(?<![\w-])height="([\d.]+)"')


def _root(svg: str) -> str:
    """The opening tag of an SVG document (empty if ``svg`` is not one)."""
    return svg[:svg.find(">")] if svg.startswith("<svg") else ""


def _svg_size(svg: str) -> tuple[float, float]:
    root = _root(svg)
    width, height = _WIDTH.search(root), _HEIGHT.search(root)
    if not (width and height):
        return (0.0, 0.0)
    return (float(width.group(1)), float(height.group(1)))


#: A fitted picture's style: a block, never wider than its box (the height follows).
FIT_STYLE = "display:block;max-width:100%;height:auto"


def fitted_size(svg: str, width: float, height: float) -> tuple[float, float] | None:
    """The size ``fit_svg(svg, width, height)`` draws ``svg`` at, ``None`` where it leaves
    ``svg`` as it was (no size or no ``viewBox``): the board's box takes it, so that no
    strip of empty box shows beside or below the picture.

    >>> fitted_size('<svg width="600" height="300" viewBox="0 0 600 300"></svg>', 400, 400)
    (400.0, 200.0)
    >>> fitted_size("<p>no picture</p>", 400, 400) is None
    True
    """
    w, h = _svg_size(svg)
    if not (w and h) or "viewBox=" not in _root(svg):
        return None
    k = min(1.0, width / w, height / h)
    return (float(f"{w * k:.6g}"), float(f"{h * k:.6g}"))


def fit_svg(svg: str, width: float, height: float) -> str:
    """``svg`` shown no larger than ``width`` × ``height`` (never enlarged), as a block that
    shrinks, keeping its proportions, to fit a narrower box.

    The root's size is scaled and its ``viewBox`` kept, so the whole picture shows in the
    box; anything but an SVG with a size and a ``viewBox`` is returned unchanged.

    >>> fit_svg('<svg width="600" height="300" viewBox="0 0 600 300"></svg>', 400, 400)[:51]
    '<svg width="400" height="200" viewBox="0 0 600 300"'
    >>> FIT_STYLE in fit_svg('<svg width="6" height="3" viewBox="0 0 6 3"></svg>', 4, 4)
    True
    """
    root = _root(svg)
    w, h = _svg_size(svg)
    if not (w and h) or "viewBox=" not in root:
        return svg
    k = min(1.0, width / w, height / h)
    sized = _WIDTH.sub(f'width="{w * k:.6g}"', root, count=1)
    sized = _HEIGHT.sub(f'height="{h * k:.6g}"', sized, count=1)
    return f'{sized} style="{FIT_STYLE}"{svg[len(root):]}'
