"""The full Lava Flows state: every stack with every hidden piece and who knows it."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from tabletop.core.game import Action, Game, State

from .actions import (
    MIDDLE,
    PATTERN,
    Arrange,
    Bubble,
    Eject,
    Move,
    Slide,
)
from .board import (
    CELLS,
    CENTRE,
    COLOUR,
    CONE_PIECES,
    GHOSTS,
    GOAL_CELLS,
    GOAL_OWNER,
    HIDE_ALL,
    HOME_CELLS,
    INDEX,
    KNOWS,
    LARGE,
    MEDIUM,
    NAMES,
    PUBLIC,
    REAL,
    SLOT,
    VIEW_MASK,
    normalize,
    top_large,
)
from .common import PLAY, _Board
from .knowledge import (
    kind_of,
    lowest_outcomes,
    oreo_claims,
    oreos_in,
    position_key,
)
from .records import Claim, Oreo

if TYPE_CHECKING:
    from .view import LavaView


@dataclass(frozen=True, slots=True, kw_only=True)
class LavaState(_Board, State):
    """A full Lava Flows position: every stack with every hidden piece and who knows it.

    ``stacks`` are strings of piece codes bottom to top (see ``board``), cones excluded;
    ``cones[i]`` is the owner of the cone at the bottom of cell ``i`` (``-1``: none);
    ``first`` is the first player, drawn at ``new`` and hidden until the centre stack is
    placed; ``lock`` the cell of the last successful Bubble Up (``-1``: none); ``positions``
    the repetition keys since the last cone formed; ``claims`` every announcement so far.
    """

    stacks: tuple[str, ...]
    cones: tuple[int, ...] = (-1,) * 9
    first: int
    phase: int = PLAY
    to_move: int = 0
    lock: int = -1
    plies: int = 0
    positions: tuple[str, ...] = ()
    winner: int = -1
    outcome: str = ""
    claims: tuple[Claim, ...] = ()

    def _is_setup(self) -> bool:
        return self.phase < PLAY and not self.outcome

    def _legal_actions(self) -> tuple[Action, ...]:
        return self._generate()

    def _slot_pools(self) -> tuple[str, str]:
        """What White's and Black's unrevealed hiding places hold: sorted, ``-`` for
        nothing, ``b``/``w`` for a black/white Medium."""
        def compute() -> tuple[str, str]:
            joined = "".join(self.stacks)
            return _pool(joined, "2", "1", "0"), _pool(joined, "5", "4", "3")

        return self._cached("pools", compute)

    def _hidden_pool(self) -> tuple[int, int]:
        """How many white and black Mediums known to both lie hidden under Larges."""
        def compute() -> tuple[int, int]:
            hw = hb = 0
            for s in self.stacks:
                k = top_large(s)
                if k > 0:
                    hw += s.count("w", 0, k)
                    hb += s.count("b", 0, k)
            return hw, hb

        return self._cached("hidden", compute)

    def _find_oreos(self) -> tuple[Oreo, ...]:
        top_only = self.rules._top_only
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
        if self.phase < PLAY:
            assert isinstance(action, Arrange)
            return self._arrange(action)
        stacks = list(self.stacks)
        lock = -1
        claims = self.claims
        touched: tuple[int, ...] = ()
        # What lands on a stack never brings a hidden piece into view, and what leaves it
        # does so only when it is the top Large: only then is ``normalize`` needed.
        if isinstance(action, Bubble):
            c = INDEX[action.cell]
            touched = (c,)
            s = stacks[c]
            if not action.claim:  # no Large in the stack: everything is in view
                stacks[c] = s[1:] + s[0]
                lock = c
            else:
                right, stacks[c], claim = self._bubble_claim(action, c)
                claims += (claim,)
                lock = c if right else -1
        elif isinstance(action, Move):
            a, b = INDEX[action.src], INDEX[action.dst]
            s = stacks[a]
            piece = s[-1]
            stacks[a] = normalize(s[:-1]) if piece in "WB" else s[:-1]
            stacks[b] += piece
            touched = (a, b)
        elif isinstance(action, Slide):
            a, b = INDEX[action.src], INDEX[action.dst]
            stacks[b] += stacks[a]
            stacks[a] = ""
            touched = (a, b)
        elif isinstance(action, Eject):
            c, b = INDEX[action.cell], INDEX[action.dst]
            touched = (c, b)
            s = stacks[c]
            if not action.claim:
                # the middle of an Oreo in view is a Medium above the top Large
                j = len(s) - 1 - action.depth
                stacks[c] = s[:j] + s[j + 1:]
                stacks[b] += s[j]
            else:
                revealed, piece, claim = self._announcement(action, c)
                claims += (claim,)
                stacks[c] = revealed
                stacks[b] += piece
        return self._after(stacks, touched, lock, claims)

    def _after(self, stacks: list[str], touched: tuple[int, ...], lock: int,
               claims: tuple[Claim, ...]) -> LavaState:
        """Solidification, the win, the draws: everything that follows any action."""
        p = self.to_move
        cones = self.cones
        formed = False
        for c in touched:
            owner = GOAL_OWNER[c]
            if owner >= 0 and cones[c] < 0:
                s = stacks[c]
                k = top_large(s)
                # the Medium directly on the top Large is the only one in view on a Large
                if k >= 0 and s[k:k + 2] == CONE_PIECES[owner]:
                    cones = cones[:c] + (owner,) + cones[c + 1:]
                    stacks[c] = normalize(s[:k] + s[k + 2:])
                    formed = True
        winner, outcome = -1, ""
        if formed:
            for q in (p, 1 - p):
                if all(cones[c] == q for c in GOAL_CELLS[q]):
                    winner, outcome = q, "win"
                    break
        plies = self.plies + 1
        key = position_key(stacks, cones, lock, 1 - p)
        positions = (key,) if formed else self.positions + (key,)
        if not outcome:
            if positions.count(key) >= 3:
                outcome = "repetition"
            elif plies >= self.rules._cap:
                outcome = "ply cap"
        return _make_state(self.game, tuple(stacks), cones, self.first, PLAY, 1 - p, lock,
                           plies, positions, winner, outcome, claims)

    def _arrange(self, action: Arrange) -> LavaState:
        p = self.phase
        stacks = list(self.stacks)
        for c in HOME_CELLS[p]:
            name = CELLS[c]
            content = 1 if name == action.black else 0 if name == action.white else 2
            stacks[c] = SLOT[p][content] + stacks[c]
        first = self.first
        if p == 0:
            return LavaState(game=self.game, stacks=tuple(stacks), cones=self.cones,
                             first=first, phase=1)
        # Both arrangements made: the centre stack shows the chance draw (first player's
        # Medium at the bottom), and play begins.
        stacks[CENTRE] = MEDIUM[first] + MEDIUM[1 - first]
        key = position_key(stacks, self.cones, -1, first)
        return LavaState(game=self.game, stacks=tuple(stacks), cones=self.cones, first=first,
                         phase=PLAY, to_move=first, positions=(key,))

    def _settled(self) -> LavaState:
        """This position after solidification and the win check (for ``position``)."""
        stacks = list(self.stacks)
        cones = list(self.cones)
        for c in range(9):
            owner = GOAL_OWNER[c]
            s = stacks[c]
            k = top_large(s)
            if (owner >= 0 and cones[c] < 0 and k >= 0 and s[k] == LARGE[owner]
                    and k + 1 < len(s) and s[k + 1] == MEDIUM[owner]):
                cones[c] = owner
                stacks[c] = normalize(s[:k] + s[k + 2:])
        winner, outcome = -1, ""
        for q in (self.to_move, 1 - self.to_move):
            if all(cones[c] == q for c in GOAL_CELLS[q]):
                winner, outcome = q, "win"
                break
        key = position_key(stacks, tuple(cones), self.lock, self.to_move)
        return replace(self, stacks=tuple(stacks), cones=tuple(cones), winner=winner,
                       outcome=outcome, positions=(key,))

    def _knowledge(self, cell: int) -> tuple[str, str, str, tuple[int, int]]:
        """Cell ``cell`` as the mover truly knows it (perfect memory), whatever the option."""
        tokens = self.stacks[cell].translate(KNOWS[self.to_move])
        if "m" not in tokens and "n" not in tokens:
            return tokens, "", "", (0, 0)
        pool_w, pool_b = self._slot_pools()
        return (tokens, pool_w if "m" in tokens else "", pool_b if "n" in tokens else "",
                (0, 0))

    def _bubble_claim(self, action: Bubble, c: int) -> tuple[bool, str, Claim]:
        s = self.stacks[c]
        i = 0
        while s[i] in GHOSTS:
            i += 1
        low = s[i]
        found = _FOUND[low]
        right = found == action.claim
        p = self.to_move
        if s[0] in _THEIR_SLOTS[p]:  # the lowest place is one the mover cannot see into
            tokens, pool_w, pool_b, hidden = self._knowledge(c)
            could_be = lowest_outcomes(tokens, pool_w, pool_b, hidden)
            kind = kind_of(action.claim in could_be, could_be == {action.claim})
        else:
            kind = "sure" if right else "bluff"
        shown = _SHOWN[low]
        after = s[i + 1:] + shown if right else shown + s[i + 1:]
        return right, normalize(after), Claim(self.game_ply + 1, p, str(action), kind, right, found)

    def _announcement(self, action: Eject, c: int) -> tuple[str, str, Claim]:
        """Reveal down to the announced Oreo; return the cell after it, the ejected piece
        (empty if the announcement was wrong) and the record of the claim."""
        depth, middle = action.depth, MIDDLE[action.claim]
        cone = CONE_PIECES[self.cones[c]]
        s = self.stacks[c]
        tokens, pool_w, pool_b, hidden = self._knowledge(c)
        k = top_large(s)
        possible, certain = oreo_claims(cone + tokens, len(cone), len(s) - k, pool_w, pool_b,
                                        hidden, self.rules._top_only)
        kind = kind_of((depth, middle) in possible, (depth, middle) in certain)
        revealed = _reveal_top(s, depth + 2)
        pile = cone + revealed.translate(REAL)
        n = len(pile)
        i = n - 1 - depth
        right = (max(1, len(cone)) <= i < n - 1
                 and COLOUR[pile[i - 1]] == COLOUR[pile[i + 1]] != COLOUR[pile[i]]
                 and "wb"[COLOUR[pile[i]]] == middle)
        found = " ".join(pile[max(0, i - 1):i + 2]) or "nothing"
        claim = Claim(self.game_ply + 1, self.to_move, str(action), kind, right, found)
        if not right:
            return normalize(revealed), "", claim
        j = len(revealed) - 1 - depth
        return normalize(revealed[:j] + revealed[j + 1:]), revealed[j], claim

    # --- outcome, views, text -------------------------------------------------------------
    def _scores(self) -> tuple[float, ...]:
        return tuple(float(self.cones.count(p)) for p in (0, 1))

    def _winners(self) -> tuple[int, ...]:
        return (self.winner,) if self.winner >= 0 else ()

    def _view(self, player: int) -> LavaView:
        from .view import LavaView  # (view.py imports this module)

        memory = self.rules._memory
        if memory:
            stacks = tuple(_hide_all(s) for s in self.stacks)
            claims = tuple(replace(c, found="") for c in self.claims)
        else:
            table = VIEW_MASK[player]
            stacks = tuple(s.translate(table) for s in self.stacks)
            claims = self.claims
        pool_w, pool_b = self._slot_pools()
        return LavaView(
            game=self.game, player=player, stacks=stacks, cones=self.cones,
            first=self.first if self.phase == PLAY else -1, phase=self.phase,
            to_move=self.to_move, lock=self.lock, plies=self.plies, positions=self.positions,
            winner=self.winner, outcome=self.outcome, claims=claims, pools=(pool_w, pool_b),
            hidden=self._hidden_pool(),
        )

    def _text(self) -> str:
        first = f" · first {NAMES[self.first]}" if self.phase == PLAY else ""
        return self._board_text(f"Lava Flows · {self.game_status()}{first}", ())


_FOUND = {"W": "nothing", "B": "nothing", "w": "white", "0": "white", "3": "white",
          "b": "black", "1": "black", "4": "black"}
_SHOWN = {"W": "W", "B": "B", "w": "w", "0": "w", "3": "w", "b": "b", "1": "b", "4": "b"}
_THEIR_SLOTS = ("345", "012")  # the hiding places each player cannot see into


def _reveal_top(stack: str, count: int) -> str:
    """``stack`` with its top ``count`` real pieces (and any empty hiding place among them)
    revealed: what an announcer sees lifting the pile apart down to the announced Oreo."""
    out = []
    i = len(stack)
    while i > 0 and count > 0:
        i -= 1
        code = stack[i]
        if code in GHOSTS:
            continue
        out.append(code.translate(PUBLIC))
        count -= 1
    return stack[:i] + "".join(reversed(out))


def _pool(joined: str, nothing: str, black: str, white: str) -> str:
    """The sorted contents (``-``, ``b``, ``w``) of one player's unrevealed hiding places."""
    return ("-" * joined.count(nothing) + "b" * joined.count(black)
            + "w" * joined.count(white))


_STATE_FIELDS = ("game", "_cache", "_seed", "_trail", "stacks", "cones", "first", "phase",
                 "to_move", "lock", "plies", "positions", "winner", "outcome", "claims")
_FAST_MAKE = tuple(f.name for f in fields(LavaState)) == _STATE_FIELDS


def _make_state(game: Game, stacks: tuple[str, ...], cones: tuple[int, ...], first: int,
                phase: int, to_move: int, lock: int, plies: int, positions: tuple[str, ...],
                winner: int, outcome: str, claims: tuple[Claim, ...],
                _new: Any = object.__new__, _set: Any = object.__setattr__) -> LavaState:
    """``LavaState(...)`` for the hot loop: the same object, built about twice as fast as by
    the dataclass ``__init__`` (which it falls back to if the state's fields ever change)."""
    if not _FAST_MAKE:  # pragma: no cover - only if the core's State changes
        return LavaState(game=game, stacks=stacks, cones=cones, first=first, phase=phase,
                         to_move=to_move, lock=lock, plies=plies, positions=positions,
                         winner=winner, outcome=outcome, claims=claims)
    state = _new(LavaState)
    _set(state, "game", game)
    _set(state, "_cache", {})
    _set(state, "_seed", None)
    _set(state, "_trail", None)
    _set(state, "stacks", stacks)
    _set(state, "cones", cones)
    _set(state, "first", first)
    _set(state, "phase", phase)
    _set(state, "to_move", to_move)
    _set(state, "lock", lock)
    _set(state, "plies", plies)
    _set(state, "positions", positions)
    _set(state, "winner", winner)
    _set(state, "outcome", outcome)
    _set(state, "claims", claims)
    return state


def _hide_all(stack: str) -> str:
    k = top_large(stack)
    return stack[:k].translate(HIDE_ALL) + stack[k:] if k > 0 else stack
