"""Whether an action may be played here, and if not, why: the legality checks that states
and views share (``Legality``, a mixin of ``game._Positioned``), and the ``IllegalAction``
they raise, quoting what the caller passed, the game's reason and what is legal.

>>> import tabletop
>>> state = tabletop.load("lava-flows").new(seed=1)
>>> state.is_legal("no such move")
False
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from .action import Action
from .errors import IllegalAction
from .ids import not_an_action
from .legal import LegalActions
from .plain import plain_fields
from .quoting import brief, cut, quote
from .wellformed import action_problem, action_text

if TYPE_CHECKING:
    from .game import Game, State, View

R = TypeVar("R")

#: How many legal actions an ``IllegalAction`` message lists before it summarises.
LISTED_ACTIONS = 12


class Legality:
    """The legality checks and refusals of states and views; the game's hooks
    (``_is_legal``, ``_why_illegal``) and the view's ``_turn_problem`` refine them."""

    __slots__ = ()

    if TYPE_CHECKING:
        game: Game
        _cache: dict[str, Any]

        @property
        def current_player(self) -> int | None: ...
        @property
        def is_terminal(self) -> bool: ...
        def legal_actions(self) -> LegalActions[Action]: ...
        def _cached(self, key: str, compute: Callable[[], R]) -> R: ...

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``action`` (or notation) may be applied now."""
        try:
            self._coerce(action)
        except IllegalAction:
            return False
        return True

    def _is_legal(self, action: Action) -> bool:
        """Legality of an action object; games with actions beyond the list override this."""
        return action in self._legal_set()

    def _legal_set(self) -> frozenset[Action]:
        return self._cached("legal_set", lambda: frozenset(self.legal_actions()))

    def _legal_ids(self, legal: LegalActions[Action]) -> frozenset[int]:
        """The ids of ``legal``'s objects, kept with it (so no thread sees one freed, reused)."""
        kept = self._cache.get("legal_ids")
        if kept is None or kept[0] is not legal:
            kept = self._cache["legal_ids"] = (legal, frozenset(map(id, legal)))
        return kept[1]

    def _why_illegal(self, action: Action) -> str | None:
        """A game's own reason why ``action`` is illegal, if it has a better one."""
        return None

    def _turn_problem(self) -> str | None:
        """Why no action at all may be applied here (a view of a player not to move)."""
        return None

    def _notation_index(self) -> dict[str, Action]:
        return self._cached("notation", lambda: {str(a).lower(): a for a in self.legal_actions()})

    def _legal_summary(self) -> str:
        legal = self.legal_actions()
        if not legal:
            return "the game is over" if self.is_terminal else "no action is legal"
        shown = ", ".join(str(a) for a in legal[:LISTED_ACTIONS])
        more = f", … ({len(legal)} in all)" if len(legal) > LISTED_ACTIONS else ""
        mover = self.current_player
        assert mover is not None  # an action is legal (above): the game is not over
        who = self.game.player_name(mover)
        return f"{who} may play: {shown}{more}"

    def _refusal(self, refused: str) -> IllegalAction:
        """The error for an action refused here: ``refused`` (its reason) and what is legal."""
        return IllegalAction(f"{refused}; {self._legal_summary()}", reason=refused)

    def _coerce(self, action: Action | str) -> Action:
        """The legal Action meant by ``action``, or ``IllegalAction`` explaining why not.

        Anything not listed is refused with ``IllegalAction``, never another exception: a
        malformed action (a field of a wrong type or out of every table) is named as such.
        """
        if isinstance(action, str):  # read, and checked there quoting the text as typed
            return self.game.parse_action(cast("State | View", self), action)  # (one of them)
        return self._checked(action, None)

    def _checked(self, action: object, typed: str | None) -> Action:
        """``action`` if legal here, else ``IllegalAction`` quoting ``typed`` (the text the
        caller typed for it, if any) with the game's reason and what is legal."""
        if not isinstance(action, Action):
            raise self._refusal(not_an_action(self, action))
        legal = self.legal_actions()
        if action is legal._last or (legal.built and id(action) in self._legal_ids(legal)):
            return action  # one of the listed objects: the common case, and the fastest
        if self.is_terminal:
            raise IllegalAction(f"{self._quoted(action, typed)}: the game is over")
        action = plain_fields(action)  # numpy's numbers in a hand-built action: taken
        reason = action_problem(action, self.game) or self._turn_problem()
        if reason is None:
            try:
                if self._is_legal(action):
                    return action
                reason = self._why_illegal(action)
            except Exception as err:  # the rules tripped over a field no table holds
                reason = f"not a well-formed {self.game.name} action: " \
                         f"{type(err).__name__}: {brief(str(err))}"
        because = f" ({cut(reason, 160)})" if reason else ""
        raise self._refusal(f"{self._quoted(action, typed)} is not legal here{because}")

    @staticmethod
    def _quoted(action: Action, typed: str | None) -> str:
        """What the caller passed, quoted short for a refusal (built only when refusing)."""
        return quote(typed.strip()) if typed is not None else quote(action_text(action))
