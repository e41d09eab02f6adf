"""What Lava Flows states and views share: the public position, and the rules that read
only what a view also holds.

Whose turn it is, the legal actions (the hot loop), Oreos for learners, the reasons a refused
action gives, and the position as text. ``LavaState`` (``rules.py``) and ``LavaView``
(``view.py``) are both built on ``LavaPosition``, so a state and its mover's view compute the
same legal actions by construction.

>>> import tabletop
>>> s = tabletop.load("lava-flows").new(seed=3, setup="random")
>>> isinstance(s, LavaPosition), isinstance(s.view(1), LavaPosition), s.viewer
(True, True, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from tabletop.core import ranges
from tabletop.core.breakdown import Breakdown, Row
from tabletop.core.derived import derived
from tabletop.core.game import Action, Game, Position
from tabletop.core.position import position
from tabletop.core.quoting import brief, counted, either
from tabletop.core.textformat import FormatsAsText

from .actions import (
    ANNOUNCED,
    ARRANGEMENTS,
    CLAIMS,
    MIDDLE,
    PASS,
    Arrange,
    Bubble,
    Eject,
    Move,
    Slide,
)
from .board import (
    ADJACENT,
    CELLS,
    CODES,
    COLOUR,
    COLOUR_NAMES,
    CONE_PIECES,
    GOAL_CELLS,
    HOME_CELLS,
    INDEX,
    NAMES,
    STACK_MOST,
    shared_grid,
    top_large,
)
from .findings import Claim, Oreo, claim_ranges
from .forgetting import forgetful_claims, forgetful_pools, unknown_counts
from .knowledge import (
    cone_key,
    key_parts,
    oreo_claims,
)
from .tables import ConeContext, Memos, PlayTables, cone_context

if TYPE_CHECKING:  # networkx is imported for the graph alone: a move needs none
    import networkx as nx

    from .rules import LavaFlows

_P = TypeVar("_P", bound="LavaPosition")
PLAY = 2  # the phase once both arrangements are made (0: White arranges, 1: Black arranges)
OUTCOMES = ("", "win", "repetition", "ply cap")  # how a game ended (``outcome``); "": not yet
#: A stack's letters (``board.CODES``): a state's, a view's that remembers (``m``, ``n``:
#: unknown hiding places) and one's that forgets (``h``, too).
KNOWN, SEEN, FORGOTTEN = CODES[:-3], CODES[:-1], CODES


@dataclass(frozen=True, slots=True)
class Stack(FormatsAsText):
    """A stack's codes (``board``): at most ``STACK_MOST`` of ``letters``, and nothing hidden
    in view — every hiding place and hidden piece lies under a Large (``top_large``), where
    play keeps them (a piece uncovered is made public at once, ``normalize``).

    >>> Stack(KNOWN).fits("1W"), Stack(KNOWN).fits("W1"), Stack(SEEN).fits("nBw")
    (True, False, True)
    """

    letters: str

    def fits(self, value: Any) -> bool:
        return isinstance(value, str) and len(value) <= STACK_MOST \
            and not value.strip(self.letters) \
            and not value[top_large(value) + 1:].strip("wb")

    def __str__(self) -> str:
        return (f"a string of at most {STACK_MOST} of {self.letters!r}, with every hidden "
                "code under a Large (W or B)")


#: What a repetition key may hold: the mover and the lock, the cones (``.wb``) and the nine
#: stacks' appearances, with the ``/`` and ``|`` between them.
KEY_LETTERS, KEY_LONGEST = "0123456789-./|WBwb", 4 + 9 + 1 + 9 * STACK_MOST + 8

#: What a ply hands on to the next (``LavaState._apply``, kept in the ``_hand`` field): what
#: it read of the cones (``cone_context``), every cell's appearance, the occupancy mask
#: (``occupied``) and the next mover's ``Memos`` for its lock and cones, which
#: ``_legal_actions`` reads too. A field, not a ``_cache`` entry: no dict to fill per ply.
Hand = tuple[ConeContext, list[str], int, Memos]


def whose_turn(phase: int, to_move: int, outcome: str) -> int | None:
    """The ``current_player`` of a position with these fields: the arranger during setup,
    then the player to move, ``None`` once the game is over.

    >>> whose_turn(1, 0, ""), whose_turn(PLAY, 1, ""), whose_turn(PLAY, 1, "win")
    (1, 1, None)
    """
    if outcome:
        return None
    return phase if phase < PLAY else to_move


@position
class LavaPosition(Position):
    """The public part of a Lava Flows position, and the rules that read only it.

    ``stacks`` are strings of piece codes bottom to top (see ``board``), cones excluded —
    a view's stacks mask what its player cannot see; ``cones[i]`` is the owner of the cone
    at the bottom of cell ``i`` (``-1``: none); ``first`` the first player (``-1`` in a view
    until the centre stack is placed); ``lock`` the cell of the last successful Bubble Up
    (``-1``: none); ``positions`` the repetition keys since the last cone formed; ``claims``
    every announcement so far.
    """

    if TYPE_CHECKING:  # what the field holds: the game's own tables (``LavaFlows.tables``)
        game: LavaFlows
    else:  # (the annotation read at run time, to check the field: ``Game`` as every game's)
        game: Game
    stacks: tuple[str, ...]
    cones: tuple[int, ...]
    first: int
    phase: int
    to_move: int
    lock: int
    plies: int
    positions: tuple[str, ...]
    winner: int
    outcome: str
    claims: tuple[Claim, ...]
    #: ``whose_turn`` of the fields above, kept: every search step asks.
    current_player: int | None = derived()
    #: What the last ply handed on (``Hand``), ``None`` where no ply made this position.
    _hand: Hand | None = derived(default=None)

    def _derive(self) -> dict[str, Any]:
        return {"current_player": whose_turn(self.phase, self.to_move, self.outcome)}

    @ranges.per_game
    def _ranges(self) -> ranges.Ranges:
        player, cell = ranges.Span(0, 1), ranges.Span(-1, len(CELLS) - 1)
        letters = KNOWN if self.viewer is None else FORGOTTEN
        cap = int(self.game.options["ply_cap"])
        return {"stacks": ranges.Row(Stack(letters), length=len(CELLS)),
                "cones": ranges.Row(ranges.Span(-1, 1), length=len(CELLS)),
                "first": ranges.Span(-1, 1), "phase": ranges.Span(0, PLAY), "to_move": player,
                "lock": cell, "plies": ranges.Span(0, cap),
                "positions": ranges.Row(ranges.Word(KEY_LETTERS, KEY_LONGEST), longest=cap + 1),
                "winner": ranges.Span(-1, 1), "outcome": ranges.OneOf(OUTCOMES),
                "claims": ranges.Row(claim_ranges(cap))}

    # --- copies and pickles: without what the last ply handed on --------------------------
    # (``_hand`` holds the game's memos: a pickle or deep copy would carry them all. A copy
    # starts without it, as a position made any other way; ``copy.copy`` shares it.)
    # (``super`` is named in full: ``@position`` rebuilds the class, so the bare form's
    # class cell would name the class before that.)
    def __reduce__(self) -> tuple[Any, ...]:
        made = super(LavaPosition, self).__reduce__()  # noqa: UP008
        assert isinstance(made, tuple)  # (``State``'s and ``View``'s: never a string)
        rebuild, (cls, values, steps) = made
        values["_hand"] = None
        return rebuild, (cls, values, steps)

    def __deepcopy__(self: _P, memo: dict[int, Any]) -> _P:
        if self._hand is not None:
            memo[id(self._hand)] = None  # what ``deepcopy`` finds there is the copy: none
        copied: _P = super(LavaPosition, self).__deepcopy__(memo)  # noqa: UP008
        return copied

    # --- what states and views each know their own way -----------------------------------
    @property
    def viewer(self) -> int | None:
        """The player whose view this is; ``None`` for a full state."""
        return None

    def _slot_pools(self) -> tuple[str, str]:
        """What White's and Black's unrevealed hiding places hold: sorted, ``-`` for
        nothing, ``b``/``w`` for a black/white Medium."""
        raise NotImplementedError

    def _hidden_pool(self) -> tuple[int, int]:
        """How many white and black Mediums known to both lie hidden under Larges."""
        raise NotImplementedError

    def _find_oreos(self) -> tuple[Oreo, ...]:
        raise NotImplementedError

    # --- the queries both answer ------------------------------------------------------------
    @property
    def game_ply(self) -> int:
        """The ply of the game: actions since ``new()``, the two secret arrangements counted
        (``plies`` counts only plies of play, for ``ply_cap``). The widget's timeline, its
        move log and records number plies this way, and so do the picture and the score
        notes.

        >>> import tabletop
        >>> s = tabletop.load("lava-flows").new(seed=3, setup="random")
        >>> s.plies, s.game_ply, len(s.history)
        (0, 2, 2)
        """
        return self.phase if self.phase < PLAY else PLAY + self.plies

    def _ending(self) -> str:
        """How the game ended: ``"three Cinder Cones"``, ``"repetition"``, ``"ply cap"``."""
        return "three Cinder Cones" if self.outcome == "win" else self.outcome

    def game_status(self) -> str:
        """Whose turn, the ply (``game_ply``) and the draw it comes to, the lock; or the end.
        The picture, the score notes and the position's text all say this.

        >>> import tabletop
        >>> tabletop.load("lava-flows").new(seed=3, setup="random").game_status()
        'White to move · ply 2 · 200 plies to a draw · lock -'
        """
        if self.outcome == "win":
            return f"{NAMES[self.winner]} wins: three Cinder Cones"
        if self.outcome:
            return f"draw ({self.outcome})"
        if self.phase < PLAY:
            return f"{NAMES[self.phase]} arranges their hidden Mediums"
        lock = CELLS[self.lock] if self.lock >= 0 else "-"
        left = self.game.options["ply_cap"] - self.plies
        return (f"{NAMES[self.to_move]} to move · ply {self.game_ply} · {left} "
                f"{'ply' if left == 1 else 'plies'} to a draw · lock {lock}")

    @property
    def graph(self) -> nx.Graph:
        """The 3×3 board as a networkx graph (``board.GRID``: built once, shared, frozen).

        Nodes are the cells' names, ``"a1"`` … ``"c3"`` (as actions write them); each has
        ``index`` (0–8, the cell's place in the state's ``stacks``), ``row`` and ``col``
        (0–2, from ``a1``: ``"b3"`` is row 2, col 1), ``home`` and ``goal`` (the player whose
        home or goal row it is, or ``None``) and ``pos`` (``(col, row)``, row 1 at the
        bottom, as drawn). Edges join orthogonal neighbours and carry no attributes. The
        graph is named ``"Lava Flows grid"``; it is the board, not what stands on it."""
        return shared_grid()

    def stack_text(self, cell: str) -> str:
        """One cell as text, bottom to top (see the module docs for the symbols)."""
        i = INDEX.get(cell) if isinstance(cell, str) else None
        if i is None:
            raise ValueError(f"stack_text(cell) takes a cell name, one of {either(INDEX)}; "
                             f"not {brief(cell)}")
        return _stack_text(self.stacks[i], self.cones[i])

    def _legal_actions(self) -> tuple[Action, ...]:
        """The mover's legal actions, read only from what the mover's view also holds — the
        structure in view (moves, slides, bubble-ups, Oreos in view) and what the mover
        knows (announcements) — so that a state and its mover's view always agree. The hot
        loop: plain tables, string operations and per-game memos of stack shapes."""
        hand = self._hand  # handed on by the last ply, if it was one
        if hand is not None:  # (so in play)
            _, _, mask, memos = hand
        else:
            if self.phase < PLAY:
                return ARRANGEMENTS[self.phase]
            play: PlayTables = self.game.tables
            cones = self.cones
            context = cone_context(play, cone_key(cones) + "/", cones)
            memos = context[self.to_move][self.lock + 1][1]
            known: int | None = self._cache.get("occupied")
            if known is None:
                known = self._cache["occupied"] = occupied(self.stacks, cones)
            mask = known
        stacks = self.stacks
        out: list[Action] = []
        extend = out.extend
        for c in MASK_CELLS[mask]:  # fewer steps than all nine cells, and cheaper ones
            # the lock's own memo if ``c`` is the lock; a cone alone's entry adds nothing
            entry = memos[c].get(stacks[c])
            if entry is None:  # a stack met for the first time here (the mover, the lock)
                entry = memos[c + 9](stacks[c], self.game.tables)
            moves, after, unknowns = entry
            extend(moves[mask])
            extend(after)  # (untested: almost every stack has actions after its moves)
            if unknowns is not None:  # Oreos the mover may announce depend on the pools
                tokens, cone_len, visible, uses = unknowns  # (``uses`` is never 0 here)
                for depth, middle in self._announceable(tokens, cone_len, visible, uses)[0]:
                    extend(ANNOUNCED[c, depth, middle])
        out.append(PASS)
        return tuple(out)

    def _handed(self) -> Hand:
        """What a ply would have handed on (``Hand``) had one made this state (in play): for
        a state made otherwise (``new``, ``position``, a copy)."""
        play = self.game.tables
        cones = self.cones
        cone_part, looks = key_parts(self.stacks, cones)
        context = cone_context(play, cone_part + "/", cones)
        mask: int | None = self._cache.get("occupied")
        if mask is None:
            mask = occupied(self.stacks, cones)
        return context, looks, mask, context[self.to_move][self.lock + 1][1]

    def _announceable(self, tokens: str, cone_len: int, visible: int, uses: int
                      ) -> tuple[tuple[tuple[int, str], ...], frozenset[tuple[int, str]]]:
        """``(possible, certain)`` Oreos below the top Large of a cell the mover (or the
        view's player) sees as ``tokens``, whose unknowns draw on ``uses`` (``pool_uses``):
        with perfect memory from the pools of what they know; with ``memory=True`` from any
        filling of the whole board that the board allows (``forgetting.forgetful_claims``:
        the Mediums out of view are counted across every cell, I23)."""
        play = self.game.tables
        if play.memory:
            return forgetful_claims(tokens, cone_len, visible, self._forgetful_pools()[2],
                                    self._unknown_counts(), play.top_only)
        return oreo_claims(tokens, cone_len, visible, *self._pool_args(uses), play.top_only)

    def _pool_args(self, uses: int) -> tuple[str, str, tuple[int, int]]:
        """The pools that unknowns drawing on ``uses`` (``pool_uses`` of their tokens) draw
        from with perfect memory (empty where unused, so that the caches hit more often)."""
        if not uses:
            return "", "", (0, 0)
        pool_w, pool_b = self._slot_pools()
        hidden = self._hidden_pool() if uses & 4 else (0, 0)
        return (pool_w if uses & 1 else "", pool_b if uses & 2 else "",
                hidden if uses & 4 else (0, 0))

    def _unknown_counts(self) -> tuple[int, int, int]:
        """With ``memory=True``: White's and Black's unrevealed hiding places and the covered
        Mediums on the whole board (``forgetting.unknown_counts``)."""
        found: tuple[int, int, int] | None = self._cache.get("unknown_counts")
        if found is None:
            found = self._cache["unknown_counts"] = unknown_counts(self.stacks)
        return found

    def _forgetful_pools(self) -> tuple[str, str, tuple[int, int]]:
        """With ``memory=True``, the pools the unknowns draw on for every player (state and
        view alike): ``forgetting.forgetful_pools``, from what is in view."""
        found: tuple[str, str, tuple[int, int]] | None = self._cache.get("forgetful")
        if found is None:
            found = self._cache["forgetful"] = forgetful_pools(self.stacks, self.cones)
        return found

    def oreos(self) -> tuple[Oreo, ...]:
        """The Oreos a learner may point at: for a state, every Oreo (hidden or not); for a
        view, the Oreos in view and those its player knows of or thinks possible."""
        return self._cached("oreos", self._find_oreos)

    def _why_illegal(self, action: Action) -> str | None:
        if self.phase < PLAY:
            if not isinstance(action, Arrange):
                return (f"{NAMES[self.phase]} must first arrange their hidden Mediums, e.g. "
                        f"{ARRANGEMENTS[self.phase][0]}")
            home = " ".join(CELLS[c] for c in HOME_CELLS[self.phase])
            return (f"{NAMES[self.phase]} hides the black and the white Medium under two "
                    f"different Larges of their home row ({home})")
        if isinstance(action, Arrange):
            return "the hidden Mediums were arranged at setup"
        p = self.to_move
        if isinstance(action, Move | Slide):
            a, b = INDEX.get(action.src, -1), INDEX.get(action.dst, -1)
            if (a, b) not in ADJACENT:
                return f"{action.src} and {action.dst} are not orthogonal neighbours"
            s = self.stacks[a]
            if not s:
                return (f"only a cone is on {action.src}, and a cone never moves"
                        if self.cones[a] >= 0 else f"{action.src} is empty")
            top = COLOUR_NAMES[COLOUR[s[-1]]]
            occupied = bool(self.stacks[b]) or self.cones[b] >= 0
            if isinstance(action, Move):
                return (f"the top piece on {action.src} is {top}; {NAMES[p]} moves only "
                        f"{COLOUR_NAMES[p]} pieces")
            if self.game.options["slide"] == "onto":
                return f"a stack may not slide into an empty cell, and {action.dst} is empty"
            if COLOUR[s[-1]] != p:
                return (f"with slide='empty' the stack's top piece must be {COLOUR_NAMES[p]}; "
                        f"on {action.src} it is {top}")
            if occupied:
                return (f"with slide='empty' a stack slides into an empty cell only; "
                        f"{action.dst} is occupied")
            return None
        if isinstance(action, Bubble):
            c = INDEX.get(action.cell, -1)
            if c < 0:
                return f"{action.cell!r} is not a cell"
            s = self.stacks[c]
            if c == self.lock:
                return (f"{NAMES[1 - p]} bubbled up on {action.cell} last turn, so "
                        f"{NAMES[p]} may not bubble up there now")
            if not s:  # what no claim mends comes first, then: claim or no claim
                return (f"only a cone is on {action.cell}, and a Bubble Up moves the pieces "
                        "above a cone" if self.cones[c] >= 0 else f"{action.cell} is empty")
            if len(s) < 2:
                return (f"a Bubble Up needs at least two pieces above any cone on {action.cell}, "
                        "a hiding place under a Large counting as one: a lone piece would "
                        "move onto itself")
            if top_large(s) >= 0 and action.claim not in CLAIMS:
                return ("the lowest piece there cannot be seen: claim black, white or "
                        f"nothing, e.g. 'bubble {action.cell} claim black'")
            if top_large(s) < 0 and action.claim:
                return "the lowest piece there is in view: bubble up without a claim"
            return None
        if isinstance(action, Eject):
            c = INDEX.get(action.cell, -1)
            if (c, INDEX.get(action.dst, -1)) not in ADJACENT:
                return f"{action.cell} and {action.dst} are not orthogonal neighbours"
            if self.game.options["oreo"] == "top" and action.depth != 1:
                return "with oreo='top' only the top three pieces form an Oreo (depth 1)"
            s = self.stacks[c]
            if not s and self.cones[c] < 0:
                return f"{action.cell} is empty"
            k = top_large(s)
            in_view = len(s) - k if k >= 0 else len(CONE_PIECES[self.cones[c]] + s)
            where = f"depth {action.depth} of {action.cell}"
            if action.depth < 1:  # the middle has a piece above it: claimed or not, none
                return f"the pieces around {where} do not form an Oreo"
            if action.depth + 1 < in_view:
                bare = Eject(action.cell, action.depth, action.dst)
                if action.claim and bare in self.legal_actions():
                    return f"the pieces around {where} are in view: eject without a claim"
                return f"the pieces around {where} do not form an Oreo"
            if k < 0:
                return f"{action.cell} holds only {counted(in_view, 'piece')}, all in view"
            places = len(CONE_PIECES[self.cones[c]] + s)  # hiding places counted as pieces
            if action.depth + 2 > places:
                return (f"{action.cell} holds at most {counted(places, 'piece')}: too few "
                        f"for an Oreo around {where}")
            if action.claim and action.claim not in MIDDLE:
                return "an Oreo is announced as 'claim wbw' or 'claim bwb'"
            if not action.claim:
                offered = self._announcements(action)
                if offered:  # the example is one the mover may make
                    return (f"the pieces around {where} are not all in view: announce the "
                            f"Oreo, e.g. '{offered[0]}'")
                return (f"the pieces around {where} are not all in view, and {NAMES[p]} "
                        f"cannot believe there is an Oreo there: an announcement must fit "
                        f"what its maker knows")
            return (f"{NAMES[p]} cannot believe there is a {action.claim} Oreo around {where}: "
                    f"an announcement must fit what its maker knows")
        return None

    def _announcements(self, action: Eject) -> list[Eject]:
        """The legal announced forms of the bare ``action`` (same cell, depth and
        destination): what a refusal of it may offer as an example."""
        return [a for a in self.legal_actions() if type(a) is Eject and a.claim
                and (a.cell, a.depth, a.dst) == (action.cell, action.depth, action.dst)]

    # --- score ------------------------------------------------------------------------------
    def score_breakdown(self) -> Breakdown:
        """Each player's Cinder Cones (public, so views have it too)."""
        rows = []
        for p in (0, 1):
            cells = " ".join(CELLS[c] for c in GOAL_CELLS[p] if self.cones[c] == p)
            points = tuple(float(q == p and self.cones.count(p)) for q in (0, 1))
            rows.append(Row(f"{NAMES[p]}'s Cinder Cones", points, detail=cells or "none"))
        return Breakdown(players=NAMES, rows=tuple(rows), notes=(self.game_status(),))

    # --- text ------------------------------------------------------------------------------
    def _board_text(self, header: str, footer: tuple[str, ...]) -> str:
        texts = [_stack_text(s, c) for s, c in zip(self.stacks, self.cones, strict=True)]
        width = max(5, *map(len, texts))
        lines = [header]
        notes = {2: "  White's goal · Black's home", 0: "  Black's goal · White's home"}
        for row in (2, 1, 0):
            cells = " | ".join(f"{texts[row * 3 + col]:<{width}}" for col in range(3))
            lines.append(f"{row + 1} | {cells} |{notes.get(row, '')}")
        lines.append("    " + "   ".join(f"{col:<{width}}" for col in "abc").rstrip())
        lines.extend(footer)
        lines.extend(f"  {claim}" for claim in self.claims)
        return "\n".join(lines)


_TOKEN_TEXT = {
    "0": "[w:W]", "1": "[b:W]", "2": "[-:W]", "3": "[w:B]", "4": "[b:B]", "5": "[-:B]",
    "m": "[?:W]", "n": "[?:B]", "h": "(?)",
}


def _stack_text(stack: str, cone: int) -> str:
    k = top_large(stack)
    parts = [f"{{{' '.join(CONE_PIECES[cone])}}}"] if cone >= 0 else []
    for i, code in enumerate(stack):
        if code in _TOKEN_TEXT:
            parts.append(_TOKEN_TEXT[code])
        elif i < k and code in "wb":
            parts.append(f"({code})")
        else:
            parts.append(code)
    return " ".join(parts)


#: The cells of each 9-bit occupancy mask, ascending.
MASK_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(9) if mask >> c & 1) for mask in range(512))


def occupied(stacks: tuple[str, ...] | list[str], cones: tuple[int, ...]) -> int:
    """The 9-bit mask of the cells holding a piece or a cone.

    >>> bin(occupied(("W", "") + ("",) * 6 + ("B",), (-1, 1) + (-1,) * 7))
    '0b100000011'
    """
    mask = 0
    for c in range(9):
        if stacks[c] or cones[c] >= 0:
            mask |= 1 << c
    return mask
