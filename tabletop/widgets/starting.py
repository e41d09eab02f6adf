"""What a session starts from: the state it is given (checked), the timeline that reaches
it, and the hot seat's setting."""

from __future__ import annotations

from ..core.errors import InvalidOption
from ..core.game import State, View
from ..core.plain import flag
from ..core.quoting import brief
from ..core.timeline import Timeline


def shown_state(state: object, shower: str) -> State:
    """``state`` if it is a ``State`` for ``shower`` (``"GameWidget"``…) to show; else a
    ``TypeError`` saying what to pass (a view: its state with ``view=p``)."""
    if isinstance(state, State):
        return state
    if isinstance(state, View):
        raise TypeError(f"{shower} shows a State, not a View: pass the state with the player "
                        f"whose view to draw, {shower}(state, view=p)")
    raise TypeError(f"{shower} shows a State (tabletop.play also takes a game's name, a Game "
                    f"or a record), not {brief(state)}")


def hot_seat_flag(on: object) -> bool:
    """``on`` as ``hot_seat``'s value: ``True`` or ``False`` (numpy's too), else
    ``InvalidOption``."""
    try:
        return flag(on, "hot_seat")
    except TypeError:
        raise InvalidOption(f"hot_seat must be True or False, not {brief(on)}") from None


def timeline_for(state: State) -> Timeline:
    """A timeline from the start of ``state``'s game to ``state`` (cursor at ``state``).

    A state with a seed is replayed from ``new(seed)`` so every earlier ply can be visited;
    a determinized state (no seed) becomes the root itself.
    """
    if state.seed is None or not state.history:
        return Timeline(state)
    timeline = Timeline(state.game.new(seed=state.seed))
    for action in state.history:
        timeline.play(action)
    return timeline
