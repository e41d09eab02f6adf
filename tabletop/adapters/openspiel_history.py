"""The OpenSpiel history of a tabletop state wrapped mid-game (``TabletopState(game, state)``).

OpenSpiel keeps a state's history (``history()``, ``move_number()``, ``full_history()``)
itself, in C++, and adds to it only in ``apply_action``. A state wrapped with a history
would start with none, and so disagree with the same state reached by ``apply_action``
from the start in every query that reads it (``history_str``, ``serialize``, ...).
``replay`` writes it: the seed (the chance node's outcome, when the game has one) and the
id of each action, each with its player, applied through OpenSpiel's own ``apply_action``
while a ``Script`` stands in for the tabletop state (nothing is recomputed).

>>> script = Script([(-1, 7), (0, 3)])
>>> script.current_player, script.apply(script.action_from_id(7)).current_player
(-1, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from tabletop.core.ids import action_space

from .openspiel_checks import CHANCE

if TYPE_CHECKING:
    from tabletop.core.game import State


class Script:
    """Stands in for the tabletop state (and its holder) while ``replay`` applies
    ``steps``, ``(player, id)`` pairs: the player to move is the next step's, and applying
    an id moves on to the next step."""

    __slots__ = ("at", "steps")
    #: No step of a history is at the end (should OpenSpiel ask while applying one).
    is_terminal = False

    def __init__(self, steps: Sequence[tuple[int, int]]) -> None:
        self.steps = steps
        self.at = 0

    @property
    def state(self) -> Script:
        """Itself: the script is the held state too (``_Shared.state``)."""
        return self

    @property
    def current_player(self) -> int:
        return self.steps[self.at][0]

    def action_from_id(self, action: int) -> int:
        return action

    def apply(self, action: int) -> Script:
        self.at += 1
        return self


def steps(state: State, chance: bool) -> list[tuple[int, int]] | None:
    """The ``(player, id)`` of each step of ``state``'s OpenSpiel history: the seed (if
    ``chance`` and it has one), then its actions; ``None`` if an action has no id (Lacuna's
    free placements lie outside the integer space: no ``apply_action`` reaches the state)."""
    space = action_space(state.game)
    head = [(CHANCE, state.seed)] if chance and state.seed is not None else []
    found = [(actor, space.id_of(action)) for action, actor in state._steps()]
    if any(i is None or actor is None for actor, i in found):
        return None
    return head + cast("list[tuple[int, int]]", found)  # (no ``None`` in it: above)


def replay(wrapper: Any, state: State, apply_action: Any) -> None:
    """Write ``state``'s history into the fresh OpenSpiel state ``wrapper`` (whose game has
    a chance node unless it has a fixed seed) by ``apply_action`` (OpenSpiel's own, which
    records each step), then hold nothing: the caller sets the state held."""
    found = steps(state, wrapper.get_game().seed is None)
    if not found:
        return
    wrapper.__dict__["_shared"] = Script(found)
    for _, action in found:
        apply_action(wrapper, action)
