"""``TreeWidget``: walk a game tree or a bot's search tree by clicking, the board beside it.

In a notebook::

    TreeWidget(state)                  # the game tree from a state, grown as you click
    TreeWidget(tabletop.explore(state, depth=2, infosets_for=0))       # an explored graph
    TreeWidget(agent.last_analysis)    # what an MCTSAgent searched: visits and values

Clicking a node selects it (its board is drawn beside the tree) and opens it (its children
appear); clicking the selected open node closes it. Edges are labelled with the action, and
for a search tree with visits ``n`` and the mover's mean value ``v``. "depth ≤" hides deeper
nodes, "player" fades the nodes where another player is to move, and "Open in game" opens
the selected state in the game widget.

From the keyboard (``treekeys``), on the tree's canvas: → the first child (opening the
node), ← the parent, ↓/↑ the next/previous sibling, Home the root, Space opens or closes,
Enter is "Open in game"; a ring over the selected node takes the focus, so the tree's
region scrolls to it.

The logic is in ``TreeModel`` (``treemodel.py``: pure Python, drawn as a ``Scene``), so the
same picture is the widget's canvas, its static SVG when no frontend is present, and what
tests click on.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any, TypeVar, cast

import ipywidgets as w
import networkx as nx

from ..agents import Analysis
from ..core.game import State
from ..core.graphview import readonly_view
from ..core.plain import player_of, whole
from ..core.quoting import brief, counted
from ..render.scene import Scene
from . import abandoned, iopub
from .agentturns import close_all
from .frontend import TREE_INSTEAD, warn_if_shown_nowhere
from .keyfocus import leave
from .picture import with_picture
from .starting import option_number
from .swipe import swipe_strip
from .treecursor import TreeCursor
from .treekeys import step
from .treemodel import DEPTH_LIMIT, MAX_NODES, TreeModel, fit_svg, fitted_size

__all__ = ["TreeModel", "TreeWidget"]

#: The regions, in CSS pixels. The tree's is as tall as the board's column and at least
#: ``TREE_MIN_WIDTH`` wide (it takes the width the board leaves); the board is scaled down
#: to fit ``BOARD_BOX``, and its column is as wide as the picture (``_fit_board_box``).
#: With the controls above (536 px in all) they fit the 848 px wide output and 679 px tall
#: notebook that JupyterLab shows at 1280 × 800 with its file browser open;
#: narrower, the board wraps below the tree. A tree larger than its region scrolls in it.
#: The selected node's words (``INFO_HEIGHT`` at least) grow their box to show them whole.
#: In a box narrower than either region (a side panel, a column of an ``HBox``), each takes
#: the box's width and the board's picture shrinks with it: nothing is cut off at the right.
TREE_MIN_WIDTH = 340
BOARD_BOX = (460, 420)
INFO_HEIGHT = 76
REGION_HEIGHT = BOARD_BOX[1] + INFO_HEIGHT
#: The most pixels the tree's canvas may have (and per side): a long tree is drawn at a
#: lower resolution rather than on a canvas the browser refuses or that eats its memory.
MAX_CANVAS_PIXELS = 8_000_000
MAX_CANVAS_SIDE = 16_000

F = TypeVar("F", bound=Callable[..., Any])


def while_open(method: F) -> F:
    """Refuse ``method`` on a closed tree, with a ``ValueError`` saying so, before it changes
    anything (as a closed ``GameWidget`` refuses moves): a closed tree's "Open in game"
    would make a game widget no page shows and nothing closes, its bots playing on."""

    @functools.wraps(method)
    def checked(self: Any, *args: Any, **kwargs: Any) -> Any:
        if self.closed:
            raise ValueError(f"this TreeWidget is closed: {method.__name__} changes nothing "
                             "now; open the tree in a new widget (TreeWidget(...))")
        return method(self, *args, **kwargs)

    return cast(F, checked)  # (``wraps`` keeps the signature: ``F``)


def canvas_resolution(width: float, height: float, wanted: float) -> float:
    """Canvas pixels per scene unit for a ``width`` × ``height`` scene: ``wanted``, or less
    so that the canvas stays within ``MAX_CANVAS_PIXELS`` and ``MAX_CANVAS_SIDE``.

    >>> canvas_resolution(400, 300, 2.0), round(canvas_resolution(600, 16_000, 2.0), 2)
    (2.0, 0.91)
    """
    width, height = width + 1, height + 1  # room for the canvas's rounding up
    return min(wanted, math.sqrt(MAX_CANVAS_PIXELS / (width * height)),
               MAX_CANVAS_SIDE / max(width, height))


class TreeWidget(w.VBox):
    """A game tree or a search tree to walk by clicking, with the selected node's board.

    ``subject``: a ``State``, a graph from ``tabletop.explore``, or an ``MCTSAgent``
    ``Analysis``; ``depth``, ``max_children``, ``view`` and ``max_nodes`` as ``TreeModel``.
    ``opener(state)`` makes the game widget for "Open in game" (default ``tabletop.play``);
    a tree with a viewer calls ``opener(state, view=p)``, so the game opens as ``p`` sees
    it. The Python API mirrors the clicks: ``select``, ``expand``, ``collapse``,
    ``click(x, y)``, ``click_node(n)``, ``press(key)``, ``max_depth``, ``player``,
    ``open_in_game()``.
    """

    def __init__(self, subject: State | nx.DiGraph | Analysis, *, depth: int = 1,
                 max_children: int = 12, view: int | str | None = None,
                 opener: Callable[..., Any] | None = None,
                 resolution: float = 2.0, max_nodes: int | None = MAX_NODES) -> None:
        self.model = TreeModel(subject, depth=depth, max_children=max_children, view=view,
                               max_nodes=max_nodes)
        self._syncing = False
        if opener is not None and not callable(opener):
            raise TypeError(f"opener must be a function of a state that makes its game widget, "
                            f"or None, not {brief(opener)}")
        self.opener = opener
        self.game_widget: Any = None
        iopub.hold_messages()  # (a burst of widgets no longer loses messages: ``iopub``)
        from ..render.scenecanvas import SceneCanvas

        self.resolution = option_number(resolution, "resolution must be a finite number > 0",
                                        above=True)
        self.canvas = SceneCanvas(resolution=self.resolution)
        self.canvas.on_click(self.click)
        self.canvas.on_key(self._canvas_key)  # Tab leaves the tree (ipycanvas keeps it)
        self.cursor = TreeCursor(on_key=self._canvas_key, on_click=self._cursor_click)
        self.canvas.frame.children = (*self.canvas.frame.children, *self.cursor.parts)
        self.board_html = w.HTML(layout=w.Layout(margin="0"))
        self.board_html.add_class("tabletop-tree-board")
        # The node's words grow their box (at least INFO_HEIGHT): in a fixed box that scrolls,
        # a phone's narrow column hid the line to the node and the note under it.
        self.info = w.HTML(layout=w.Layout(min_height=f"{INFO_HEIGHT}px", margin="0",
                                           width="100%", flex="none"))
        self.info.add_class("tabletop-tree-info")
        self.depth_slider = w.IntSlider(value=DEPTH_LIMIT, min=0, max=DEPTH_LIMIT,
                                        description="depth ≤", layout=w.Layout(width="260px"),
                                        tooltip=f"{DEPTH_LIMIT}: no limit")
        self.depth_slider.observe(self._on_depth, "value")
        game = self.model.game
        players = game.players if game is not None else 0
        self.player_picker = w.Dropdown(
            options=[("all players", -1)] + [(self.model.name(p), p) for p in range(players)],
            value=-1, description="player", layout=w.Layout(width="220px"))
        self.player_picker.observe(self._on_player, "value")
        self.collapse_button = w.Button(description="Collapse", icon="compress",
                                        tooltip="Close every node but the root")
        self.collapse_button.on_click(lambda _: self.collapse_all())
        self.open_button = w.Button(description="Open in game", icon="gamepad",
                                    tooltip="Play on from the selected node in the game widget")
        self.open_button.on_click(lambda _: self.open_in_game())
        self.game_box = w.VBox()
        controls = w.HBox([self.depth_slider, self.player_picker, self.collapse_button,
                           self.open_button], layout=w.Layout(flex_flow="row wrap"))
        # Fixed boxes: opening nodes scrolls the tree's region, never grows the widget.
        # On a touch screen a strip at its right edge takes the swipes the canvas refuses.
        self.tree_box = w.Box([self.canvas.frame, swipe_strip(REGION_HEIGHT - 2)],
                              layout=w.Layout(
            overflow="auto", height=f"{REGION_HEIGHT}px",
            min_width=f"min({TREE_MIN_WIDTH}px, calc(100% - 8px))",  # less its right margin
            flex=f"1 1 {TREE_MIN_WIDTH}px", align_items="flex-start",
            border="1px solid #d9dce3", margin="0 8px 8px 0"))
        self.tree_box.add_class("tabletop-tree-region")
        self._board_box = board_box = w.Box([self.board_html], layout=w.Layout(
            width=f"{BOARD_BOX[0]}px", max_width="100%", height=f"{BOARD_BOX[1]}px",
            overflow="auto", justify_content="center", align_items="flex-start"))
        board_box.add_class("tabletop-tree-board-box")
        self._side = side = w.VBox([board_box, self.info], layout=w.Layout(
            width=f"{BOARD_BOX[0]}px", max_width="100%", min_height=f"{REGION_HEIGHT}px",
            flex="none"))
        main = w.HBox([self.tree_box, side], layout=w.Layout(flex_flow="row wrap",
                                                             align_items="flex-start"))
        super().__init__(children=[controls, main, self.game_box])
        self.add_class("tabletop-tree")
        self.refresh()
        warn_if_shown_nowhere(self, TREE_INSTEAD)
        abandoned.watch(self)  # closed once a re-run cell's output drops it (``abandoned``)

    def _canvas_key(self, key: str, shift: bool) -> None:
        """A key pressed on the tree's canvas or its cursor (``treekeys``): the arrows, Home
        and Space move through the tree, Enter opens the selected node in the game widget;
        Shift-Tab goes back to the controls above the tree, Tab and Escape take the focus
        off it, so the tree is no trap for the keyboard."""
        if key == "Tab" and shift:
            self.open_button.focus()
        elif key in ("Tab", "Escape"):
            leave(self.canvas)
            self.cursor.leave()  # past the cursor: the next Tab goes on after the tree
        elif key == "Enter":
            if self.state() is not None:
                self.open_in_game()
        elif self.press(key) is not None:
            self.cursor.take_focus()

    @while_open
    def press(self, key: str) -> int | None:
        """What ``key`` (a browser's name for it: ``"ArrowRight"``, ``"Home"``, ``" "``...)
        pressed on the tree does (see ``tabletop.widgets.treekeys``): the node selected
        after it, or ``None`` for a key the tree does not use."""
        node = step(self.model, key)
        if node is not None:
            self.refresh()
        return node

    def _cursor_click(self) -> None:
        """A press on the cursor: a click on the selected node it covers."""
        node = self.model.selected
        if node in self.model.visible():
            self.click_node(node)

    @property
    def closed(self) -> bool:
        """Whether ``close()`` ended the tree: it can still be read (``graph``, ``state``,
        ``svg``), and whatever would change it raises ``ValueError``."""
        return getattr(self, "_closed", False)

    def close(self) -> None:
        """Close the widget and every part of it, the game widget it opened too (whose bots
        stop at once); a selection, a click or "Open in game" afterwards raises
        ``ValueError``."""
        self._closed = True
        canvas = getattr(self, "canvas", None)  # None: __init__ raised before making it
        if canvas is not None:
            canvas.close()
        cursor = getattr(self, "cursor", None)
        if cursor is not None:
            cursor.close()
        for child in self.children:
            close_all(child)
        super().close()
        self.layout.close()

    # --- the API the clicks use ---------------------------------------------------------------
    @property
    def graph(self) -> nx.DiGraph:
        """The tree as a networkx ``DiGraph`` (it grows as nodes of a game tree are opened): a
        live, read-only view (``copy()`` gives one to change)."""
        return readonly_view(self.model.graph)

    @property
    def selected(self) -> int:
        """The node selected (highlighted; its state is what ``state()`` gives)."""
        return self.model.selected

    def state(self, node: int | None = None) -> State | None:
        """The state at ``node`` (default: the selected one)."""
        return self.model.state(self.selected if node is None else node)

    def visible_nodes(self) -> list[int]:
        """The nodes drawn now, depth first."""
        return self.model.visible()

    @while_open
    def select(self, node: int) -> None:
        """Select ``node`` (what a click on it does)."""
        self.model.select(node)
        self.refresh()

    @while_open
    def expand(self, node: int) -> None:
        """Show ``node``'s children (a game tree computes them on first use)."""
        self.model.expand(node)
        self.refresh()

    @while_open
    def collapse(self, node: int) -> None:
        """Hide the nodes below ``node``."""
        self.model.collapse(node)
        self.refresh()

    @while_open
    def collapse_all(self) -> None:
        """Hide every node below the root's children and select the root."""
        self.model.open = {0} if self.model.can_expand(0) else set()
        self.model.selected = 0
        self.refresh()

    @while_open
    def click(self, x: float, y: float) -> int | None:
        """A click at scene point ``(x, y)`` (what the canvas reports, in scene units)."""
        node = self.model.click(x, y)
        if node is not None:
            self.refresh()
        return node

    @while_open
    def click_node(self, node: int) -> int | None:
        """Click on ``node`` where it is drawn; a ``ValueError`` if it is not drawn (under a
        closed node, or deeper than ``max_depth``), saying so."""
        from ..render.scenecanvas import click_point

        node = self.model.checked_node(node)
        if node not in self.model.visible():
            deeper = "" if self.max_depth is None else \
                f", or deeper than max_depth {self.max_depth}"
            raise ValueError(f"node {node} is in the tree but not drawn (under a closed "
                             f"node{deeper}): select(node) opens every node above it")
        return self.click(*click_point(self.model.scene(), ("node", node)))

    @property
    def max_depth(self) -> int | None:
        """How many levels below the root are drawn (``None``: all); the depth slider."""
        return self.model.max_depth

    @max_depth.setter
    @while_open
    def max_depth(self, value: int | None) -> None:
        if value is not None:
            value = whole(value, 0, "max_depth must be an int ≥ 0 or None")
        self.model.max_depth = value
        self._show_setting(self.depth_slider,
                           DEPTH_LIMIT if value is None else min(value, DEPTH_LIMIT))

    @property
    def player(self) -> int | None:
        """The player whose turns the tree picks out: nodes where another player is to move
        are faded (``None``: none are); the player picker. It hides nothing: the board
        beside the tree shows the view the widget was given (``view=``)."""
        return self.model.player

    @player.setter
    @while_open
    def player(self, value: int | None) -> None:
        game = self.model.game
        players = game.players if game is not None else 0
        if value is not None:
            value = player_of(value, players, f"player must be 0..{players - 1} or None")
        self.model.player = value
        self._show_setting(self.player_picker, -1 if value is None else value)

    def _show_setting(self, control: w.ValueWidget, value: int) -> None:
        """Show ``value`` in ``control`` without its handler acting on it, then redraw."""
        self._syncing = True
        try:
            control.value = value
        finally:
            self._syncing = False
        self.refresh()

    @while_open
    def open_in_game(self, node: int | None = None) -> Any:
        """Open the state at ``node`` (default: selected) in the game widget, shown below, as
        the tree's viewer sees it (a search tree's: its searcher). The game widget opened
        before it is closed (its bots stop), as the tree's ``close()`` closes the last one."""
        state = self.state(node)
        if state is None:
            raise ValueError("this node has no state to open")
        before = self.game_widget
        seen: dict[str, Any] = {} if self.model.view is None else {"view": self.model.view}
        if self.opener is not None:
            self.game_widget = self.opener(state, **seen)
        else:
            from .play import play

            self.game_widget = play(state, **seen)
        self.game_box.children = (self.game_widget,) if isinstance(self.game_widget,
                                                                   w.Widget) else ()
        if isinstance(before, w.Widget) and before is not self.game_widget:
            close_all(before)
        return self.game_widget

    # --- drawing --------------------------------------------------------------------------------
    def scene(self) -> Scene:
        """The tree's picture now, as a ``Scene``."""
        return self.model.scene()

    def svg(self) -> str:
        """The tree's picture now, as SVG text."""
        return self.model.svg()

    @while_open
    def refresh(self) -> None:
        """Draw the tree again on the canvas."""
        scene = self.model.scene()
        self.canvas.set_resolution(canvas_resolution(scene.width, scene.height,
                                                     self.resolution))
        self.canvas.draw(scene)
        self._pin(scene)
        self._place_cursor(scene)
        svg = self.model.board_svg()
        self.board_html.value = fit_svg(svg, *BOARD_BOX)
        self._fit_board_box(fitted_size(svg, *BOARD_BOX))
        self.info.value = self.model.info_html()

    def _fit_board_box(self, size: tuple[float, float] | None) -> None:
        """The board's box (and its column) as wide as the picture drawn in it, and as tall
        as the picture as it shrinks with a narrower box (its height follows its width):
        ``BOARD_BOX`` left an empty strip beside or below every game's board, 32–170 px.
        A board that is no sized picture keeps ``BOARD_BOX``, scrolling in it."""
        width, height = (f"{size[0]:.6g}px", "auto") if size else (f"{BOARD_BOX[0]}px",
                                                                     f"{BOARD_BOX[1]}px")
        self._board_box.layout.width = self._side.layout.width = width
        self._board_box.layout.height = height

    def _pin(self, scene: Scene) -> None:
        """Show the canvas one CSS pixel per scene unit, so labels keep their drawn size
        (the tree's region scrolls instead of the canvas shrinking to fit it)."""
        layout = self.canvas.widget.layout
        width, height = f"{scene.width:g}px", f"{scene.height:g}px"
        layout.width = layout.min_width = layout.max_width = width
        layout.height = layout.min_height = layout.max_height = height
        layout.flex = self.canvas.frame.layout.flex = "none"  # the frame: canvas and still

    def _place_cursor(self, scene: Scene) -> None:
        """Lay the cursor over the selected node (hidden when the node is not drawn)."""
        mark = ("node", self.model.selected)
        box = next((shape.bounds() for shape in scene.shapes
                    if getattr(shape, "target", None) == mark and not hasattr(shape, "text")),
                   None)
        self.cursor.show(box is not None)
        if box is not None:
            self.cursor.place((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)

    def displayed_scale(self) -> float:
        """CSS pixels per scene unit of the tree's canvas (1: labels at their drawn size)."""
        scene = self.canvas.scene
        width = self.canvas.widget.layout.width
        if scene is None or not width or not width.endswith("px"):
            return 1.0
        return float(width[:-2]) / scene.width

    def _on_depth(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.model.max_depth = None if change["new"] >= DEPTH_LIMIT else change["new"]
            self.refresh()

    def _on_player(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        self.model.player = None if change["new"] == -1 else change["new"]
        self.refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The widget's view, and the tree with its board as a picture for viewers without
        the kernel."""
        abandoned.displayed(self)
        return with_picture(super()._repr_mimebundle_(**kwargs), self.svg(),
                            repr(self).strip("<>"))

    def __repr__(self) -> str:
        m = self.model
        return (f"<TreeWidget {m.kind} tree: {counted(m.graph.number_of_nodes(), 'node')}, "
                f"{len(m.visible())} shown, node {m.selected} selected>")
