"""Lava Flows: the game — its options, the chance draw, notation, and positions for tests.

States are in ``state.py``, views in ``view.py``, the rules both read in ``common.py``.

Two players, White (0) and Black (1), each own three Large and three Medium pyramids. At
setup each hides a black and a white Medium under two of their three Larges (a secret
*arrangement*); then a chance draw decides who moves first. A turn is one action: move,
slide, bubble up, eject or pass. A Medium of your colour in view directly on a Large of your
colour in your goal row becomes a Cinder Cone; three cones along your goal row win.

>>> import tabletop
>>> game = tabletop.load("lava-flows")
>>> s = game.new(seed=1, setup="random")
>>> s.current_player, str(s.legal_actions()[0])
(0, 'move a1-b1')

Build any position for a test or a notebook with ``game.position``:

>>> s = game.position({"a1": "[b:W] W", "b1": "W", "b2": "w b"}, to_move="white")
>>> print(s.stack_text("a1"), "|", s.view(1).stack_text("a1"))
[b:W] W | [?:W] W
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import networkx as nx

from tabletop.core.errors import IllegalAction, InvalidOption
from tabletop.core.game import Action, Game, State, View
from tabletop.core.readonly import frozen_graph

from .actions import (
    Arrange,
    parse,
)
from .board import (
    CONE_PIECES,
    INDEX,
    NAMES,
    PUBLIC,
    SLOT_CONTENT,
    build_grid,
    normalize,
)
from .common import PLAY
from .input import LavaFlowsInput
from .records import Claim, Oreo
from .state import LavaState
from .view import LavaView

if TYPE_CHECKING:
    from tabletop.render.scene import Scene

#: The longest ``ply_cap`` allowed (a draw after that many plies of play).
MAX_PLY_CAP = 100_000


class LavaFlows(Game):
    """Lava Flows (Andrew Looney, 2017), as specified in ``docs/rules/lava-flows.md``.

    Options: ``slide="onto"`` (the seed text: a slide never enters an empty cell) or
    ``"empty"`` (the printed card: your colour on top, into an empty cell only);
    ``oreo="anywhere"`` or ``"top"`` (only the top three pieces form an ejectable Oreo);
    ``memory=False`` (perfect memory: a view shows the hidden pieces its player knows) or
    ``True`` (no hidden piece is ever shown); ``ply_cap=200`` (plies of play before a draw,
    1 to ``MAX_PLY_CAP``).
    """

    name = "lava-flows"
    title = "Lava Flows"
    player_counts = (2,)
    defaults: ClassVar[Mapping[str, Any]] = {
        "slide": "onto", "oreo": "anywhere", "memory": False, "ply_cap": 200,
    }
    __slots__ = ("_grid", "_onto", "_top_only", "_memory", "_cap", "_hidden_memo", "_shapes")

    def __init__(self, players: int | None = None, **options: Any) -> None:
        Game.__init__(self, players, **options)
        self._grid: nx.Graph | None = None
        self._onto = self.options["slide"] == "onto"
        self._top_only = self.options["oreo"] == "top"
        self._memory: bool = self.options["memory"]
        self._cap: int = self.options["ply_cap"]
        # (stack, cone, player) → the Oreos that player may announce there (see _generate)
        self._hidden_memo: dict[tuple[str, int, int], Any] = {}
        # stack → (top colour, top Large index, depths of Oreos in view): see _generate
        self._shapes: dict[str, tuple[int, int, tuple[int, ...]]] = {}

    def _check_option(self, key: str, value: Any) -> None:
        Game._check_option(self, key, value)
        if key == "slide":
            self._option_choice(key, value, ("onto", "empty"))
        elif key == "oreo":
            self._option_choice(key, value, ("anywhere", "top"))
        elif key == "ply_cap":
            self._option_number(key, value, 1, MAX_PLY_CAP)

    #: The widget's click interpreter: ``game.input_class(state_or_view)``.
    input_class: ClassVar[type[LavaFlowsInput]] = LavaFlowsInput

    @property
    def grid(self) -> nx.Graph:
        """The 3×3 grid as a networkx graph, built once per game and shared by its states
        (see ``board.build_grid``); hot loops use the equivalent ``board.NEIGHBOURS``.

        Frozen, attributes included, since every state shares it (``grid.copy()`` is a
        graph to change)."""
        if self._grid is None:
            self._grid = frozen_graph(build_grid())
        return self._grid

    def _initial(self, rng: random.Random) -> LavaState:
        # The chance event: which of the two remaining Mediums goes to the bottom of the
        # centre stack. Drawn now, kept hidden until both arrangements are made.
        first = rng.randrange(2)
        stacks = tuple("W" if i < 3 else "B" if i >= 6 else "" for i in range(9))
        return LavaState(game=self, stacks=stacks, first=first, phase=0)

    def player_name(self, player: int) -> str:
        return NAMES[player]

    def _parse(self, state: State | View, text: str) -> Action | None:
        """Well-formed notation of an illegal action: raise ``IllegalAction`` saying why."""
        action = parse(text)
        if action is None:
            return None
        if state.is_terminal:
            raise IllegalAction(f"{text!r}: the game is over")
        reason = state._why_illegal(action)
        because = f" ({reason})" if reason else ""
        raise IllegalAction(f"{text!r} is not legal here{because}; {state._legal_summary()}")

    def describe(self, action: Action, actor: int | None, viewer: int | None) -> str:
        if isinstance(action, Arrange) and viewer is not None and viewer != actor:
            return "arrange ?"
        return str(action)

    def draw(self, subject: State | View, **options: Any) -> Scene:
        from .render import draw

        return draw(subject, **options)  # type: ignore[arg-type]

    # --- building positions --------------------------------------------------------------
    def position(
        self,
        cells: Mapping[str, str],
        *,
        to_move: int | str = 0,
        cones: Mapping[str, int | str] | None = None,
        lock: str | None = None,
        first: int | str | None = None,
        plies: int = 0,
    ) -> LavaState:
        """A position in play, for tests and notebooks.

        ``cells`` maps cell names to stacks written bottom to top, pieces separated by
        spaces: ``W B`` (Larges), ``w b`` (Mediums known to both; ``(w)`` also accepted),
        ``[b:W]`` (a black Medium White hid, known only to White), ``[-:B]`` (Black's empty
        hiding place). ``cones`` maps cells to their cone's owner. Pieces in view become
        known to both and cones form at once, as after any action. The state has no seed,
        so no record; everything else works.

        >>> import tabletop
        >>> s = tabletop.load("lava-flows").position({"c3": "W w"}, cones={"a3": 0, "b3": 0})
        >>> s.winners, s.cones[INDEX["c3"]]
        ((0,), 0)
        """
        stacks = ["" for _ in range(9)]
        for name, text in cells.items():
            stacks[_cell(name)] = "".join(_piece_code(t) for t in text.split())
        cone_list = [-1] * 9
        for name, owner in (cones or {}).items():
            cone_list[_cell(name)] = _player(owner)
        _check_material(stacks, cone_list)
        mover = _player(to_move)
        return LavaState(
            game=self, stacks=tuple(normalize(s) for s in stacks), cones=tuple(cone_list),
            first=mover if first is None else _player(first), phase=PLAY, to_move=mover,
            lock=-1 if lock is None else _cell(lock), plies=plies,
        )._settled()


def _cell(name: str) -> int:
    try:
        return INDEX[name.strip().lower()]
    except (KeyError, AttributeError):
        raise InvalidOption(f"{name!r} is not a cell; cells are a1 … c3") from None


def _player(who: int | str) -> int:
    if who in (0, 1) and not isinstance(who, bool):
        return int(who)
    if isinstance(who, str) and who.lower() in ("white", "black"):
        return ("white", "black").index(who.lower())
    raise InvalidOption(f"{who!r} is not a player: use 0 / 'white' or 1 / 'black'")


_PIECE_CODES = {
    "W": "W", "B": "B", "w": "w", "b": "b", "(w)": "w", "(b)": "b",
    "[w:W]": "0", "[b:W]": "1", "[-:W]": "2", "[w:B]": "3", "[b:B]": "4", "[-:B]": "5",
}


def _piece_code(token: str) -> str:
    try:
        return _PIECE_CODES[token]
    except KeyError:
        known = " ".join(_PIECE_CODES)
        raise InvalidOption(f"{token!r} is not a piece; write one of {known}") from None


def _check_material(stacks: list[str], cones: list[int]) -> None:
    pieces = "".join(stacks).translate(PUBLIC) + "".join(CONE_PIECES[c] for c in cones)
    for code, what in (("W", "white Large"), ("B", "black Large"), ("w", "white Medium"),
                       ("b", "black Medium")):
        if pieces.count(code) > 3:
            raise InvalidOption(f"a position holds at most 3 of each piece, not "
                                f"{pieces.count(code)} {what}s")
    joined = "".join(stacks)
    for code in SLOT_CONTENT:
        if joined.count(code) > 1:
            raise InvalidOption("each player hides at most one black Medium, one white Medium "
                                "and one nothing")


__all__ = ["PLAY", "Claim", "LavaFlows", "LavaState", "LavaView", "Oreo"]
