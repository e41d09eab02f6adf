"""Integer actions and metadata: the checks ``check_game`` runs at every step and game end.

* once: every id the game's space names an action for (``action_at``) is that action's id;
* at a state: every legal action's id is an int in range and round-trips through
  ``action_from_id``; the same action has the same id in every state met (``Ids.seen``);
  an action met earlier, legal here or not, has either no id or one that names it (or
  nothing) here; ``legal_action_ids`` and ``legal_mask`` agree with the legal actions; ids
  out of range or not legal, and malformed actions, are refused with ``IllegalAction``; an
  id given to ``apply`` is refused, naming ``action_from_id``; the mover's view answers the
  same;
* at a game's end: it lasted at most ``game.max_game_length`` plies, and ``returns()`` has
  one float per player within ``min_utility .. max_utility``, adding up to ``utility_sum``
  when the game declares one.

>>> import tabletop
>>> check_action_ids(tabletop.load("lascaux", players=3), seeds=[1])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields, is_dataclass, replace

import numpy as np

from ..errors import IllegalAction
from ..game import Action, Game, State
from ..ids import action_space
from ..quoting import brief
from .common import ConformanceError, fail, random_states


@dataclass
class Ids:
    """What the id checks remember across states: each action's id where first met, and a
    few of the last state's legal actions (hand-built actions for the next state)."""

    seen: dict[Action, tuple[int, str]] = field(default_factory=dict)
    earlier: tuple[Action, ...] = ()


def check_action_ids(game: Game, seeds: Iterable[int] = range(3), every: int = 1) -> None:
    """The id checks at every ``every``-th state of seeded random games, and the metadata
    checks at each game's end."""
    check_space(game)
    ids = Ids()
    for where, state in random_states(game, seeds, every):
        check_ids(state, where, ids)
        if state.is_terminal:
            check_outcome_numbers(state, where)


def check_space(game: Game) -> None:
    """Every id whose action the space names (``action_at``) is that action's id: no id
    names an action that has another."""
    space = action_space(game)
    for i in range(space.size):
        named = space.action_at(i)
        if named is not None and space.id_of(named) != i:
            fail(game.name, f"action_at({i}) names {str(named)!r}, whose id is "
                            f"{space.id_of(named)}")


def check_ids(state: State, where: str, ids: Ids) -> None:
    """The integer-action contract at ``state`` (``ids`` remembers ids across states)."""
    game = state.game
    size = game.num_distinct_actions
    if type(size) is not int or size <= 0:
        fail(where, f"num_distinct_actions is {size!r}, not a positive int")
    legal = state.legal_actions()
    found: dict[int, Action] = {}
    for action in legal:
        i = _id(state, action, where)
        if type(i) is not int or not 0 <= i < size:
            fail(where, f"{str(action)!r} has id {i!r}, not an int in 0..{size - 1}")
        if i in found:
            fail(where, f"{str(found[i])!r} and {str(action)!r} share the id {i}")
        found[i] = action
        first = ids.seen.setdefault(action, (i, where))
        if first[0] != i:
            fail(where, f"the same action {str(action)!r} has id {i} here and id "
                        f"{first[0]} at {first[1]} (ids must not depend on the position)")
        try:
            back = state.action_from_id(i)
        except IllegalAction as err:
            fail(where, f"action_from_id({i}) refused the legal {str(action)!r}: {err}")
        if back != action:
            fail(where, f"action_from_id({i}) is {str(back)!r}, not {str(action)!r}")
    if state.legal_action_ids() != tuple(sorted(found)):
        fail(where, f"legal_action_ids() {state.legal_action_ids()[:8]} … do not match the "
                    "ids of the legal actions")
    _check_mask(state, sorted(found), size, where)
    _check_refusals(state, found, size, where)
    _check_id_given(state, found, where)
    _check_earlier(state, ids.earlier, where)
    ids.earlier = tuple(legal[:: max(len(legal) // 8, 1)])
    mover = state.current_player
    if mover is not None:
        view = state.view(mover)
        if view.legal_action_ids() != state.legal_action_ids() \
                or not np.array_equal(view.legal_mask(), state.legal_mask()):
            fail(where, "the mover's view has other legal ids or another mask than the state")


def _id(state: State, action: Action, where: str) -> int:
    try:
        return state.action_id(action)
    except IllegalAction as err:
        fail(where, f"the legal action {str(action)!r} has no id: {err}")
    raise AssertionError  # pragma: no cover


def _check_mask(state: State, ids: list[int], size: int, where: str) -> None:
    mask = state.legal_mask()
    if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_ or mask.shape != (size,):
        fail(where, f"legal_mask() is not a numpy bool array of shape ({size},)")
    if mask.flags.writeable:
        fail(where, "legal_mask() can be written to")
    if np.flatnonzero(mask).tolist() != ids:
        fail(where, f"legal_mask() is True at {np.flatnonzero(mask).tolist()[:8]}, the legal "
                    f"ids are {ids[:8]}")


def _check_refusals(state: State, found: dict[int, Action], size: int, where: str) -> None:
    illegal = next((i for i in range(size) if i not in found), None)
    for bad in (-1, size, illegal, "0", 1.5, 10**5000, -(10**5000)):
        if bad is None:
            continue
        try:
            state.action_from_id(bad)  # type: ignore[arg-type]
        except IllegalAction:
            continue
        except Exception as err:  # the contract: IllegalAction, never another exception
            fail(where, f"action_from_id({brief(bad)}) raised {type(err).__name__}, not "
                        "IllegalAction")
        fail(where, f"action_from_id({brief(bad)}) was accepted")


def _check_id_given(state: State, found: dict[int, Action], where: str) -> None:
    """An id given where an action belongs (``apply``: a bot built on ids and masks returns
    one) is refused with ``IllegalAction`` naming ``action_from_id``, never taken for some
    action (a place in the legal list, another numbering)."""
    if not found:
        return
    i = min(found)
    for given in (i, np.int64(i)):
        try:
            state.apply(given)  # type: ignore[arg-type]
        except IllegalAction as err:
            if f"action_from_id({i})" not in str(err):
                fail(where, f"apply({brief(given)}) is refused without saying that "
                            f"action_from_id({i}) turns the id into its action: {err}")
            continue
        except Exception as err:  # the contract: IllegalAction, never another exception
            fail(where, f"apply({brief(given)}) raised {type(err).__name__}, not "
                        "IllegalAction")
        fail(where, f"apply({brief(given)}) was accepted: an action id is no action "
                    f"(action_from_id({i}) is {str(found[i])!r})")


def _check_earlier(state: State, earlier: tuple[Action, ...], where: str) -> None:
    """Actions of the state before, as hand-built actions here: each has no id, or one that
    names it (or no legal action) here; a malformed one is refused with ``IllegalAction``."""
    for action in earlier:
        try:
            i = state.action_id(action)
        except IllegalAction:
            continue
        try:
            back = state.action_from_id(i)
        except IllegalAction:
            continue
        if back != action:
            fail(where, f"action_id({str(action)!r}) is {i}, but action_from_id({i}) is "
                        f"{str(back)!r}: the id names another action")
    sample = next(iter(earlier), None)
    if is_dataclass(sample) and fields(sample):
        broken = replace(sample, **{fields(sample)[0].name: object()})
        try:
            state.action_id(broken)
        except IllegalAction:
            return
        except Exception as err:  # the contract: IllegalAction, never another exception
            fail(where, f"action_id of a malformed {type(sample).__name__} raised "
                        f"{type(err).__name__}, not IllegalAction")
        fail(where, f"action_id of a malformed {type(sample).__name__} was accepted")


def check_outcome_numbers(state: State, where: str) -> None:
    """At a finished game: its length within ``max_game_length``, and its returns."""
    game = state.game
    length, bound = len(state.history), game.max_game_length
    if length > bound:
        fail(where, f"the game lasted {length} plies, more than max_game_length {bound}")
    returns = state.returns()
    if len(returns) != game.players or not all(type(r) is float for r in returns):
        fail(where, f"returns() {returns!r} is not one float per player")
    if not all(game.min_utility <= r <= game.max_utility for r in returns):
        fail(where, f"returns() {returns!r} leave {game.min_utility}..{game.max_utility}")
    total = game.utility_sum
    if total is not None and abs(sum(returns) - total) > 1e-9:
        fail(where, f"returns() {returns!r} do not add up to utility_sum {total}")


__all__ = ["ConformanceError", "Ids", "check_action_ids", "check_ids", "check_outcome_numbers",
           "check_space"]
