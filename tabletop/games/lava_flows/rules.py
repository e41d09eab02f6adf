"""Lava Flows: the game — its options, the chance draw, notation, and positions for tests.

The full state is here (``LavaState``), what a player sees in ``view.py``, and the rules
both read in ``position.py``.

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
from dataclasses import dataclass, replace
from numbers import Integral
from typing import TYPE_CHECKING, Any, ClassVar

from tabletop.core.action import notation
from tabletop.core.errors import InvalidOption
from tabletop.core.game import Action, Game, State, View
from tabletop.core.ids import ActionSpace
from tabletop.core.position import constructor, evolve, maker
from tabletop.core.quoting import brief

from . import actions, tensor
from .actions import (
    ACTION_TABLE,
    FORMS,
    MIDDLE,
    PATTERN,
    Arrange,
    Bubble,
    Eject,
    Move,
    Slide,
    parse,
)
from .board import (
    CELLS,
    CENTRE,
    COLOUR,
    CONE_PIECES,
    FILL,
    GOAL_CELLS,
    GOAL_OWNER,
    HOME_CELLS,
    INDEX,
    KNOWS,
    LIFTED,
    MEDIUM,
    NAMES,
    REAL,
    SLOT,
    VIEW_MASK,
    cone_colour,
    hide_all,
    normalize,
    reveal_top,
    shared_grid,
    solidified,
    top_large,
)
from .bubbles import BUBBLE_TEXTS as _BUBBLE_TEXTS
from .bubbles import BUBBLED as _BUBBLED
from .bubbles import LOW_KINDS as _LOW_KINDS
from .bubbles import bubbled as _bubbled
from .diagrams import first_player, lock_cell, player_of, read_cells
from .findings import Claim, Oreo
from .knowledge import (
    COLOURS,
    SLOT_POOLS,
    SLOTS_ONLY,
    STACK_FACTS,
    claim_kind,
    key_parts,
    oreos_in,
    position_key,
)
from .position import PLAY, LavaPosition, occupied, whose_turn
from .tables import cone_context, play_tables
from .view import LavaView

if TYPE_CHECKING:  # networkx is imported for the graph alone: a move needs none
    import networkx as nx


@dataclass(frozen=True, slots=True, kw_only=True)
class LavaState(LavaPosition, State):
    """A full Lava Flows position (``LavaPosition``) with every hidden piece and who knows
    it; ``first``, the first player, is drawn at ``new`` and hidden until the centre stack is
    placed."""

    def __hash__(self) -> int:
        # Equal states agree on these fields, and they tell positions apart well enough:
        # hashing the game's options, every claim and every repetition key as well cost
        # more than a whole ply (MCTS pools each determinized state).
        return hash((self.stacks, self.cones, self.lock, self.plies, self.first))

    def _is_setup(self) -> bool:
        return self.phase < PLAY and not self.outcome

    def _slot_pools(self) -> tuple[str, str]:
        """What White's and Black's unrevealed hiding places hold: sorted, ``-`` for
        nothing, ``b``/``w`` for a black/white Medium."""
        # Not cached: a search's state mostly asks once; a first cache entry costs more.
        return SLOT_POOLS["".join(self.stacks).translate(SLOTS_ONLY)]

    def _hidden_pool(self) -> tuple[int, int]:
        """How many white and black Mediums known to both lie hidden under Larges."""
        counts: tuple[int, int] | None = self._cache.get("hidden")  # once per state
        if counts is None:
            hw = hb = 0
            for s in self.stacks:
                k = top_large(s)
                if k > 0:
                    hw += s.count("w", 0, k)
                    hb += s.count("b", 0, k)
            counts = self._cache["hidden"] = (hw, hb)
        return counts

    def _find_oreos(self) -> tuple[Oreo, ...]:
        top_only = self.game.options["oreo"] == "top"
        out = []
        for c in range(9):
            s = self.stacks[c]
            cone = self.cones[c]
            pile = CONE_PIECES[cone] + s.translate(REAL)
            k = top_large(s)
            visible = len(s) - k if k >= 0 else len(pile)
            for depth, m in oreos_in(pile, len(CONE_PIECES[cone]), top_only):
                out.append(Oreo(CELLS[c], depth, PATTERN[m], depth + 1 < visible))
        return tuple(out)

    # --- applying actions ---------------------------------------------------------------
    def _apply(self, action: Action) -> LavaState:
        # Each kind sets its touched cells, the occupancy mask, the lock and the claims, then
        # solidification, the win and the draws follow, in this one call (a ply's second call
        # cost more than its steps). What lands on a stack never brings a hidden piece into
        # view, and what leaves it does so only when it is the top Large: only then is
        # ``normalize`` needed. A cone that forms leaves its cell occupied: the mask is set
        # by the kind alone.
        hand = self._hand  # what the last ply handed on (``position.Hand``)
        if hand is None:
            if type(action) is Arrange:  # the setup's only actions: rare
                return self._arrange(action)
            hand = self._handed()
        context, looks, mask, _ = hand
        looks = looks.copy()  # (of which only the touched cells change unless a cone forms)
        stacks = list(self.stacks)
        cones = self.cones
        claims = self.claims
        lock = -1
        # by exact class (the game's actions have no subclasses): no subclass walk per test
        if type(action) is Bubble:  # the commonest first; its stack keeps its pieces: same mask
            c = INDEX[action.cell]
            s = stacks[c]
            if action.claim:  # (the commonest claim: worked out here, not in a call of its own)
                found, up, down = _BUBBLED.get(s) or _bubbled(s)
                right = action.claim == found  # (both interned: most often the same string)
                stacks[c] = up if right else down
                p = self.to_move
                if s[0] in _THEIR_SLOTS[p]:  # the lowest place is one the mover cannot see into
                    # it may hold anything the other's unrevealed hiding places hold
                    kind = _LOW_KINDS[self._slot_pools()[1 - p]][action.claim]
                else:
                    kind = "sure" if right else "bluff"
                # ``game_ply + 1`` in play without the property's call, the text without ``str``'s
                claims += (_claim(_NEXT_PLY + self.plies, p, _BUBBLE_TEXTS[c][action.claim],
                                  kind, right, found),)
                if right:
                    lock = c
            else:  # no Large in the stack: everything is in view
                stacks[c] = s[1:] + s[0]
                lock = c
            looks[c], colour = STACK_FACTS[stacks[c]]  # (as ``touched`` cells below: one here)
            if colour >= 0 and colour == GOAL_OWNER[c] and cones[c] < 0:
                return self._formed(stacks, (c,), lock, claims, mask)
        else:
            touched: tuple[int, ...]
            if type(action) is Move:
                a, b = touched = INDEX[action.src], INDEX[action.dst]
                s = stacks[a]
                stacks[a] = left = LIFTED[s]
                stacks[b] += s[-1]
                mask |= 1 << b
                if not left and cones[a] < 0:
                    mask ^= 1 << a
            elif type(action) is Slide:  # its source empties: no lookup, no cone to form there
                a, b = INDEX[action.src], INDEX[action.dst]
                touched = (b,)
                stacks[b] += stacks[a]
                stacks[a] = looks[a] = ""
                mask |= 1 << b
                if cones[a] < 0:
                    mask ^= 1 << a
            elif type(action) is Eject:  # the cell keeps at least two pieces
                c, b = touched = INDEX[action.cell], INDEX[action.dst]
                if action.claim:
                    stacks[c], piece, claim = self._announcement(action, c)
                    claims += (claim,)
                    if piece:  # (none when the announcement was wrong)
                        stacks[b] += piece
                        mask |= 1 << b
                else:  # the middle of an Oreo in view is a Medium above the top Large
                    s = stacks[c]
                    j = len(s) - 1 - action.depth
                    stacks[c] = s[:j] + s[j + 1:]
                    stacks[b] += s[j]
                    mask |= 1 << b
            elif type(action) is _Placed:  # ``_after``'s: the stacks an action left, as they are
                stacks, touched = list(action.stacks), action.touched
                lock, claims = action.lock, action.claims
                mask = occupied(stacks, cones)
            else:  # a pass
                touched = ()
            for c in touched:  # one lookup per touched cell tells both what changed and a cone
                looks[c], colour = STACK_FACTS[stacks[c]]  # (``_formed`` reads them all afresh)
                # ``colour`` is -1 for most stacks: tested first, it settles the common case
                if colour >= 0 and colour == GOAL_OWNER[c] and cones[c] < 0:
                    return self._formed(stacks, touched, lock, claims, mask)
        # No cone formed, so no win: only a repetition or the ply cap may end the game.
        q = 1 - self.to_move  # the next mover
        start, memos = context[q][lock + 1]
        key = start + "|".join(looks)  # ``joined_key``
        positions = self.positions + (key,)
        plies = self.plies + 1
        # a pass (or a bubble that turns a stack into itself) moves nothing: the new state
        # shares the old stacks, as it shares the cones (items compared by identity first)
        after = tuple(stacks)
        if after == self.stacks:
            after = self.stacks
        # each key starts with its mover and the movers alternate, so only every other key,
        # counting back from this one, can equal it
        if positions[_EVERY_OTHER].count(key) < 3 and plies < self.game.tables.ply_cap:
            return _played(self, after, cones, PLAY, q, lock, plies, positions, -1, "",
                           claims, q, (context, looks, mask, memos))
        outcome = "repetition" if positions[_EVERY_OTHER].count(key) >= 3 else "ply cap"
        return _played(self, after, cones, PLAY, q, lock, plies, positions, -1, outcome,
                       claims, None, (context, looks, mask, memos))

    def _after(self, stacks: list[str], touched: tuple[int, ...], lock: int,
               claims: tuple[Claim, ...]) -> LavaState:
        """What follows an action that left ``stacks`` (``touched``: the cells it changed),
        ``lock`` and ``claims``: solidification, the win, the draws (``_apply``'s end)."""
        return self._apply(_Placed(tuple(stacks), touched, lock, claims))

    def _formed(self, stacks: list[str], touched: tuple[int, ...], lock: int,
                claims: tuple[Claim, ...], mask: int) -> LavaState:
        """``_apply``'s end once a cone forms on a ``touched`` cell: the cones (``stacks``
        solidified), the win, the repetition keys afresh (no earlier position can recur), the
        ply cap."""
        cones = self.cones
        for c in touched:
            colour = STACK_FACTS[stacks[c]][1]
            if colour >= 0 and colour == GOAL_OWNER[c] and cones[c] < 0:
                cones = cones[:c] + (colour,) + cones[c + 1:]
                stacks[c] = solidified(stacks[c])
        p = self.to_move
        winner, outcome = -1, ""
        for player in (p, 1 - p):
            if all(cones[c] == player for c in GOAL_CELLS[player]):
                winner, outcome = player, "win"
                break
        cone_key, looks = key_parts(stacks, cones)
        play = self.game.tables
        context = cone_context(play, cone_key + "/", cones)
        start, memos = context[1 - p][lock + 1]
        key = start + "|".join(looks)  # ``joined_key``
        plies = self.plies + 1
        if not outcome and plies >= play.ply_cap:
            outcome = "ply cap"
        return _played(self, tuple(stacks), cones, PLAY, 1 - p, lock, plies, (key,), winner,
                       outcome, claims, None if outcome else 1 - p, (context, looks, mask, memos))

    def _arrange(self, action: Arrange) -> LavaState:
        p = self.phase
        stacks = list(self.stacks)
        for c in HOME_CELLS[p]:
            name = CELLS[c]
            content = 1 if name == action.black else 0 if name == action.white else 2
            stacks[c] = SLOT[p][content] + stacks[c]
        first = self.first
        if p == 0:
            return evolve(self, stacks=tuple(stacks), phase=1, current_player=1)
        # Both arrangements made: the centre stack shows the chance draw (first player's
        # Medium at the bottom), and play begins.
        stacks[CENTRE] = MEDIUM[first] + MEDIUM[1 - first]
        key = position_key(stacks, self.cones, -1, first)
        return evolve(self, stacks=tuple(stacks), phase=PLAY, to_move=first, positions=(key,),
                      current_player=first)

    def _settled(self) -> LavaState:
        """This position after solidification and the win check (for ``position``)."""
        stacks = list(self.stacks)
        cones = list(self.cones)
        for c in range(9):
            owner = GOAL_OWNER[c]
            if owner >= 0 and cones[c] < 0 and cone_colour(stacks[c]) == owner:
                cones[c] = owner
                stacks[c] = solidified(stacks[c])
        winner, outcome = -1, ""
        for q in (self.to_move, 1 - self.to_move):
            if all(cones[c] == q for c in GOAL_CELLS[q]):
                winner, outcome = q, "win"
                break
        if not outcome and self.plies >= self.game.tables.ply_cap:
            outcome = "ply cap"  # as ``_apply`` ends a game that reaches the cap
        key = position_key(stacks, tuple(cones), self.lock, self.to_move)
        return evolve(self, stacks=tuple(stacks), cones=tuple(cones), winner=winner,
                      outcome=outcome, positions=(key,),
                      current_player=whose_turn(self.phase, self.to_move, outcome))

    def _knowledge(self, cell: int) -> tuple[str, str, str, tuple[int, int]]:
        """Cell ``cell`` as the mover truly knows it (perfect memory), whatever the option."""
        tokens = self.stacks[cell].translate(KNOWS[self.to_move])
        if "m" not in tokens and "n" not in tokens:
            return tokens, "", "", (0, 0)
        pool_w, pool_b = self._slot_pools()
        return (tokens, pool_w if "m" in tokens else "", pool_b if "n" in tokens else "",
                (0, 0))

    def _announcement(self, action: Eject, c: int) -> tuple[str, str, Claim]:
        """Reveal down to the announced Oreo; return the cell after it, the ejected piece
        (empty if the announcement was wrong) and the record of the claim."""
        depth, middle = action.depth, MIDDLE[action.claim]
        cone = CONE_PIECES[self.cones[c]]
        s = self.stacks[c]
        tokens, pool_w, pool_b, hidden = self._knowledge(c)
        k = top_large(s)
        kind = claim_kind((depth, middle), (cone + tokens).translate(COLOURS), len(cone),
                          len(s) - k, pool_w, pool_b, hidden,
                          self.game.tables.top_only)
        revealed = reveal_top(s, depth + 2)
        pile = cone + revealed.translate(REAL)
        n = len(pile)
        i = n - 1 - depth
        right = (max(1, len(cone)) <= i < n - 1
                 and COLOUR[pile[i - 1]] == COLOUR[pile[i + 1]] != COLOUR[pile[i]]
                 and "wb"[COLOUR[pile[i]]] == middle)
        found = " ".join(pile[max(0, i - 1):i + 2]) or "nothing"
        claim = _claim(PLAY + 1 + self.plies, self.to_move, str(action), kind, right, found)
        if not right:
            return normalize(revealed), "", claim
        j = len(revealed) - 1 - depth
        return normalize(revealed[:j] + revealed[j + 1:]), revealed[j], claim

    # --- outcome, views, text -------------------------------------------------------------
    def _scores(self) -> tuple[float, ...]:
        cones = self.cones
        return float(cones.count(0)), float(cones.count(1))

    def _winners(self) -> tuple[int, ...]:
        return (self.winner,) if self.winner >= 0 else ()

    def _view(self, player: int) -> LavaView:
        first = self.first if self.phase == PLAY else -1
        if self.game.options["memory"]:  # the shapes, no content, no verdict's why (``forgetting``)
            return evolve(self, LavaView, player=player, stacks=tuple(map(hide_all, self.stacks)),
                          claims=tuple(replace(c, found="", kind="") for c in self.claims),
                          _hand=None, first=first, pools=("", ""), hidden=(0, 0))
        table = VIEW_MASK[player]
        return evolve(self, LavaView, player=player, _hand=None, first=first,
                      stacks=tuple(s.translate(table) for s in self.stacks),
                      pools=self._slot_pools(), hidden=self._hidden_pool())

    def _text(self) -> str:
        first = f" · first {NAMES[self.first]}" if self.phase == PLAY else ""
        return self._board_text(f"Lava Flows · {self.game_status()}{first}", ())


#: ``evolve(state, stacks=…, …, current_player=…)`` without keywords: every ply's new state.
_played = maker(LavaState, "stacks", "cones", "phase", "to_move", "lock", "plies", "positions",
                "winner", "outcome", "claims", "current_player", "_hand")

_THEIR_SLOTS = ("345", "012")  # the hiding places each player cannot see into
_NEXT_PLY = PLAY + 1  # ``game_ply`` of the next position in play, less ``plies``
#: ``[::-2]`` as a constant: every other key, counting back from the last.
_EVERY_OTHER = slice(None, None, -2)


@dataclass(frozen=True, slots=True)
class _Placed(Action):
    """Not a move: what ``_after`` hands ``_apply`` (the stacks an action left)."""

    stacks: tuple[str, ...]
    touched: tuple[int, ...]
    lock: int
    claims: tuple[Claim, ...]


#: ``Claim(...)`` without its ``__init__``: one per announcement.
_claim = constructor(Claim)


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

    __slots__ = ("tables",)

    name = "lava-flows"
    title = "Lava Flows"
    notation_forms = FORMS
    player_colours = FILL
    rule_changes = actions.RULE_CHANGES
    player_counts = (2,)
    defaults: ClassVar[Mapping[str, Any]] = {"slide": "onto", "oreo": "anywhere",
                                              "memory": False, "ply_cap": 200}
    #: Every option off its default at once; the short cap ends games early, so the suite
    #: meets setup positions too (``check_variants``).
    variants = ({"slide": "empty", "oreo": "top", "memory": True, "ply_cap": 12},)
    renderer = "render:draw"
    clicks = "input:LavaFlowsInput"
    state_class = LavaState

    def __init__(self, players: int | None = None, **options: Any) -> None:
        Game.__init__(self, players, **options)
        #: What every ply reads of the options, resolved once (``tables.PlayTables``): public,
        #: as the position reads it (``position.py``), and read-only like the rest of the Game.
        self.tables = play_tables(self.options)

    def _check_option(self, key: str, value: Any) -> None:
        Game._check_option(self, key, value)
        if key == "slide":
            self._option_choice(key, value, ("onto", "empty"))
        elif key == "oreo":
            self._option_choice(key, value, ("anywhere", "top"))
        elif key == "ply_cap":
            self._option_number(key, value, 1, MAX_PLY_CAP)

    def _action_space(self) -> ActionSpace:
        return ACTION_TABLE

    #: 202 planes over the 3 × 3 grid (``tensor.PLANES``, ``docs/observations.md``).
    observation_shape = tensor.SHAPE

    @property
    def max_game_length(self) -> int:
        """``ply_cap + 2``: the two secret arrangements, then at most ``ply_cap`` plies of
        play (the game is drawn at the cap, if not won or repeated before).

        >>> LavaFlows().max_game_length, LavaFlows(ply_cap=10).max_game_length
        (202, 12)
        """
        return int(self.options["ply_cap"]) + 2

    @property
    def grid(self) -> nx.Graph:
        """The 3×3 grid as a networkx graph (built once, frozen, shared by every state): the
        cells ``"a1"`` … ``"c3"`` with ``index``, ``row``, ``col``, ``home``, ``goal`` and
        ``pos``, as ``state.graph`` describes them."""
        return shared_grid()

    def _initial(self, rng: random.Random) -> LavaState:
        # The chance event: which of the two remaining Mediums goes to the bottom of the
        # centre stack. Drawn now, kept hidden until both arrangements are made.
        first = rng.randrange(2)
        stacks = tuple("W" if i < 3 else "B" if i >= 6 else "" for i in range(9))
        return LavaState(game=self, stacks=stacks, cones=(-1,) * 9, first=first, phase=0,
                         to_move=0, lock=-1, plies=0, positions=(), winner=-1, outcome="",
                         claims=())

    def player_name(self, player: int) -> str:
        return NAMES[player]

    def _parse(self, state: State | View, text: str) -> Action | None:
        """A legal action said another way (``claim nothing hidden``), or the action an
        illegal text names (the core refuses it with ``_why_illegal``'s reason); ``None``
        for no action at all (the core says what actions look like)."""
        if (action := parse(text)) is None:
            return None
        return state._notation_index().get(str(action), action)

    def describe(self, action: Action, actor: int | None, viewer: int | None) -> str:
        hidden = isinstance(action, Arrange) and viewer is not None and (
            viewer != actor or self.options["memory"])  # memory=True: forgotten too
        return "arrange ?" if hidden else notation(action)

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
        known to both and cones form at once, as after any action. The state has no seed:
        its record keeps this call (``"position"``), and everything else works.

        >>> import tabletop
        >>> s = tabletop.load("lava-flows").position({"c3": "W w"}, cones={"a3": 0, "b3": 0})
        >>> s.winners, s.cones[INDEX["c3"]]
        ((0,), 0)

        ``plies`` counts the plies of play made so far (``0`` to ``ply_cap``): at the cap the
        position is a finished draw, as a game that plays up to it is. ``first`` follows from
        ``to_move`` and ``plies``; given, it must agree.

        >>> g = tabletop.load("lava-flows", ply_cap=10)
        >>> done = g.position({"a1": "W"}, plies=10)
        >>> done.is_terminal, done.outcome, done.winners
        (True, 'ply cap', ())
        """
        cap = self.tables.ply_cap
        if isinstance(plies, bool) or not isinstance(plies, Integral) or not 0 <= plies <= cap:
            raise InvalidOption(f"plies is the number of plies of play made, a whole number "
                                f"from 0 to ply_cap ({cap}); not {brief(plies)}")
        stacks, cone_list = read_cells(cells, cones or {})
        mover = player_of(to_move)
        return LavaState(
            game=self, stacks=tuple(normalize(s) for s in stacks), cones=tuple(cone_list),
            first=first_player(mover, first, plies), phase=PLAY, to_move=mover,
            lock=lock_cell(lock, stacks, cone_list), plies=int(plies), positions=(), winner=-1,
            outcome="", claims=(),
        )._settled()


__all__ = ["PLAY", "Claim", "LavaFlows", "LavaState", "LavaView", "Oreo"]
