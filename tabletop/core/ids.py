"""Integer actions: every action of a game has a fixed number, the same in every position.

A game declares its ``ActionSpace`` (``Game._action_space``, built once per game and options
in the game's ``actions.py``); states and views get the generic methods from
``IntegerActions``: ``action_id``, ``action_from_id``, ``legal_action_ids`` and
``legal_mask``. An id that is out of range, or whose action is not legal here, is refused
with ``IllegalAction`` saying what is legal, never another exception.

>>> from dataclasses import dataclass
>>> from tabletop.core.game import Action
>>> @dataclass(frozen=True)
... class Take(Action):
...     count: int
>>> space = ActionTable((Take(1), Take(2), Take(3)))
>>> space.size, space.id_of(Take(2)), space.action_at(0)
(3, 1, Take(count=1))
>>> space.id_of(Take(9)) is None, space.action_at(7) is None
(True, True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
import numpy.typing as npt

from .action import Action
from .errors import IllegalAction
from .hooks import wrap_own
from .memos import Bound
from .plain import plain, plain_fields
from .quoting import brief
from .readonly import readonly_array
from .wellformed import action_problem, action_text

if TYPE_CHECKING:
    from .game import Game
    from .legal import LegalActions
    from .metadata import GameFacts


class ActionSpace:
    """A game's numbering of its actions: ``size`` ids, ``0 .. size - 1``.

    ``id_of`` is a pure function of the action (so the same move has the same id in every
    position); ``action_at`` gives the action an id always names, or ``None`` when it names
    none or depends on the position (the state then finds it among its legal actions).
    """

    size: int = 0

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Each space's own ``action_at`` is given ids ``0 .. size - 1`` only (``_in_range``)."""
        super().__init_subclass__(**kwargs)
        if "action_at" in vars(cls):
            wrap_own(cls, "action_at", _in_range)

    def id_of(self, action: Action) -> int | None:
        """The id of ``action``, or ``None`` if it lies outside the integer space."""
        raise NotImplementedError

    def action_at(self, i: int) -> Action | None:
        """The action id ``i`` always names, or ``None`` (also for an id out of range; an id
        that is no int, a bool included, is a ``TypeError``)."""
        raise NotImplementedError


def _in_range(action_at: Callable[[Any, int], Action | None]
              ) -> Callable[[Any, int], Action | None]:
    """A space's ``action_at`` that answers ``None`` for an id out of ``0 .. size - 1``
    itself, and refuses one that is no int (numpy's ints are taken)."""

    @functools.wraps(action_at)
    def checked(space: Any, i: int) -> Action | None:
        found = plain(i)
        if isinstance(found, bool) or not isinstance(found, int):
            raise TypeError(f"an action id is an int, not {brief(i)}")
        found = int(found)  # an int subclass (an IntEnum) too, as ``action_from_id`` takes it
        return action_at(space, found) if 0 <= found < space.size else None

    return checked


class ActionTable(ActionSpace):
    """A fixed table: action ``i`` is ``actions[i]`` (distinct, hashable, built once)."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions = tuple(actions)
        self.size = len(self.actions)
        self._index = {a: i for i, a in enumerate(self.actions)}
        if len(self._index) != self.size:
            raise ValueError("an action table lists an action twice")

    def id_of(self, action: Action) -> int | None:
        try:
            return self._index.get(action)
        except TypeError:  # an unhashable field: no action of the table
            return None

    def action_at(self, i: int) -> Action | None:
        return self.actions[i] if 0 <= i < self.size else None


R = TypeVar("R")
_SPACES: dict[Any, ActionSpace] = {}
#: How many games' spaces ``_SPACES`` keeps: a session sweeping an option (Lacuna's radii,
#: Lava Flows' ply cap) meets a new game at every value, and each space holds every action.
_SPACES_HELD = Bound(64)


def action_space(game: GameFacts) -> ActionSpace:
    """The game's ``ActionSpace``, built once per game and options (kept for the last few
    dozen games met, then built afresh: a long session's sweep of options stays bounded)."""
    key = (type(game), game)
    found = _SPACES.get(key)
    if found is None:
        found = game._action_space()
        if len(_SPACES) >= _SPACES_HELD.size:
            _SPACES.clear()
        _SPACES[key] = found
    return found


def not_an_action(subject: Any, action: object) -> str:
    """Why ``action`` — no ``Action`` and no notation — is refused at ``subject`` (a state
    or view): an integer (numpy's, a 0-d array) is read as the action id a bot built on
    ids or masks returns, and told how to turn it into its action; a list of actions is
    told to give one of them.

    >>> import tabletop
    >>> s = tabletop.load("lascaux", players=3).new(seed=0)
    >>> print(not_an_action(s, 3))
    3 is not an action: an action id is turned into its action by action_from_id(3) (here ...
    >>> not_an_action(s, 99).endswith("by action_from_id, and ids run 0..7")
    True
    >>> not_an_action(s, s.legal_actions())
    'a sequence of 6 actions is not an action: give one of them'
    """
    i = plain(action)
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        i = action.item()
    if isinstance(i, int) and not isinstance(i, bool):
        told = f"{brief(action)} is not an action: an action id is turned into its action by "
        size = subject.game.num_distinct_actions
        if not 0 <= i < size:
            return told + f"action_from_id, and ids run 0..{size - 1}"
        found = subject._by_id().get(int(i))
        here = f"here {str(found)!r}" if found is not None else "no legal action here"
        return told + f"action_from_id({int(i)}) ({here})"
    if isinstance(action, Sequence) and not isinstance(action, str | bytes) and action \
            and all(isinstance(a, Action) for a in action):
        many = f"{len(action)} actions" if len(action) > 1 else "1 action"
        return f"a sequence of {many} is not an action: give one of them"
    return f"{brief(action)} is not an action"


def id_hint(subject: Any, action: object) -> str:
    """What an adapter adds when ``action`` — an Action, or notation — is given where an
    int id belongs (the mirror of ``not_an_action``): how to get its id at ``subject``, a
    state or view (``""`` when ``subject`` is ``None`` or the action has no id there).

    >>> import tabletop
    >>> s = tabletop.load("lascaux", players=3).new(seed=0)
    >>> id_hint(s, s.legal_actions()[1])
    ": tabletop's action_id('choose yellow') gives its id, 1"
    >>> id_hint(s, " CHOOSE blue"), id_hint(s, "pay")
    (": tabletop's action_id('choose blue') gives its id, 5", '')
    """
    if subject is None or not isinstance(action, Action | str):
        return ""
    try:
        i = subject.action_id(action)
        named = str(subject.action_from_id(i)) if isinstance(action, str) else str(action)
    except IllegalAction:
        return ""
    return f": tabletop's action_id({named!r}) gives its id, {i}"


class IntegerActions:
    """The integer-action methods of states and views (a mixin of ``game._Positioned``)."""

    __slots__ = ()

    if TYPE_CHECKING:
        game: Game

        def legal_actions(self) -> LegalActions[Action]: ...
        def _cached(self, key: str, compute: Callable[[], R]) -> R: ...
        def _refusal(self, refused: str) -> IllegalAction: ...
        def _coerce(self, action: Action | str) -> Action: ...
        def _turn_problem(self) -> str | None: ...

    def action_id(self, action: Action | str) -> int:
        """The integer of ``action`` (an Action, or notation of a legal one): the same in
        every position. An action outside the integer space raises ``IllegalAction``, and so
        does a malformed one (its fields are checked as ``apply`` checks them) and one whose
        id depends on the position (``action_at`` names no action for it) but names another
        action here: such an id belongs to the legal action the list gives it."""
        if isinstance(action, str):
            action = self._coerce(action)
        if not isinstance(action, Action):
            raise self._refusal(not_an_action(self, action))
        action = plain_fields(action)  # numpy's numbers in a hand-built action: taken
        problem = action_problem(action, self.game)
        if problem is not None:
            raise self._refusal(f"{action_text(action)!r} is not a well-formed "
                                f"{self.game.name} action ({problem})")
        space = action_space(self.game)
        try:
            i = space.id_of(action)
        except Exception:  # a field no table holds
            i = None
        if i is None:
            raise self._refusal(f"{action_text(action)!r} has no integer id in "
                                f"{self.game.name} (it lies outside the integer action space)")
        if space.action_at(i) is None:
            listed = self._by_id().get(i)
            if listed != action:
                names = f"names {str(listed)!r}" if listed is not None else "names no action"
                raise self._refusal(f"{action_text(action)!r} has no integer id here: id {i} "
                                    f"depends on the position, and here {names}")
        return i

    def action_from_id(self, i: int) -> Action:
        """The legal action whose id is ``i``; ``IllegalAction`` if ``i`` is out of range or
        its action is not legal here (saying what is legal)."""
        size = self.game.num_distinct_actions
        i = plain(i)
        if isinstance(i, bool) or not isinstance(i, int):
            raise self._refusal(f"an action id must be an int, not {brief(i)}")
        if not 0 <= i < size:
            raise self._refusal(f"action id {brief(i)} is out of range 0..{size - 1}")
        found: Action | None = self._by_id().get(i)
        if found is None:
            named = action_space(self.game).action_at(i)
            what = f" ({str(named)!r})" if named is not None else ""
            turn = self._turn_problem()  # a view of a player not to move: say whose turn it is
            raise self._refusal(f"action id {i}{what} is not legal here"
                                + (f" ({turn})" if turn else ""))
        return found

    def legal_action_ids(self) -> tuple[int, ...]:
        """The ids of the legal actions, ascending."""
        ids: tuple[int, ...] = self._cached("id_list", lambda: tuple(sorted(self._by_id())))
        return ids

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """A read-only numpy bool array of length ``game.num_distinct_actions``: ``True`` at
        the id of every legal action."""
        def compute() -> npt.NDArray[np.bool_]:
            mask = np.zeros(self.game.num_distinct_actions, dtype=np.bool_)
            mask[list(self.legal_action_ids())] = True
            return readonly_array(mask)
        result: npt.NDArray[np.bool_] = self._cached("mask", compute)
        return result

    def _by_id(self) -> dict[int, Action]:
        """Each legal action by its id (legal actions outside the space are left out)."""
        def compute() -> dict[int, Action]:
            space = action_space(self.game)
            out: dict[int, Action] = {}
            for a in self.legal_actions():
                i = space.id_of(a)
                if i is not None:
                    out.setdefault(i, a)
            return out
        found: dict[int, Action] = self._cached("by_id", compute)
        return found
