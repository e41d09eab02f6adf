"""What a session starts from: the state it is given (checked), the timeline that reaches
it, the view and the hot seat's setting."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from ..agents import agent_key
from ..core.choices import did_you_mean, suggestion
from ..core.composed import start_of
from ..core.errors import InvalidOption
from ..core.game import State, View
from ..core.plain import flag, plain, real
from ..core.public import PUBLIC, public_name
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


def human_seat(spec: object) -> bool:
    """Whether ``spec`` leaves a seat to a person: ``None`` or ``"human"``, spelt as agents'
    names are (case and spaces do not count), also as ``("human", {})``; ``"human"`` with
    options is ``InvalidOption``.

    >>> human_seat(" Human"), human_seat(("human", {})), human_seat("random")
    (True, True, False)
    """
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[1], Mapping):
        if not isinstance(spec[0], str) or not human_seat(spec[0]):
            return False
        if spec[1]:
            raise InvalidOption(f"'human' takes no options (a person plays the seat), not "
                                f"{brief(dict(spec[1]))}: give 'human' alone")
        return True
    return spec is None or isinstance(spec, str) and agent_key(spec) == "human"


def seat_refusal(spec: object, agents: Collection[str]) -> str:
    """Why ``spec`` seats no one: no such agent, the nearest of the agents' names and
    ``"human"``, all of the agents, and that ``"human"`` gives the seat to a person.

    >>> seat_refusal("humna", ["random", "mcts"])
    "no agent called 'humna'; did you mean 'human'? known agents: 'random', 'mcts', or an ..."
    """
    if isinstance(spec, tuple) and spec:  # (name, options): the name is what is unknown
        spec = spec[0]
    known = ", ".join(repr(a) for a in agents)
    return (f"no agent called {brief(spec)}; {did_you_mean(spec, [*agents, 'human'])}known "
            f"agents: {known}, or an object with act(view); 'human' leaves the seat to a "
            f"person")


def hot_seat_flag(on: object) -> bool:
    """``on`` as ``hot_seat``'s value: ``True`` or ``False`` (numpy's too), else
    ``InvalidOption``."""
    try:
        return flag(on, "hot_seat")
    except TypeError:
        raise InvalidOption(f"hot_seat must be True or False, not {brief(on)}") from None


def option_number(value: object, rule: str, low: float = 0.0, high: float = float("inf"),
                  above: bool = False) -> float:
    """A widget's numeric option (a delay, a resolution) as a ``float``; else
    ``InvalidOption`` stating ``rule`` (one line in a notebook, as every bad option is).

    >>> option_number(0.5, "agent_delay must be a finite number ≥ 0")
    0.5
    >>> option_number(-1, "agent_delay must be a finite number ≥ 0")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidOption: agent_delay must be a finite number ≥ 0, not -1
    """
    try:
        return real(value, rule, low=low, high=high, above=above)
    except ValueError as err:
        raise InvalidOption(str(err)) from None


def timeline_for(state: State) -> Timeline:
    """A timeline from the start of ``state``'s game to ``state`` (cursor at ``state``).

    A state with a seed is replayed from ``new(seed, start=...)`` — its own start data, as its
    record keeps it (Lacuna's layout), never one the seed would sample now — and one played
    on from a ``position(...)`` call from that call again (``core.composed.start_of``), so
    every earlier ply can be visited; a determinized state becomes the root itself.
    """
    start = start_of(state) if state.history else None
    if start is None:
        return Timeline(state)
    timeline = Timeline(start)
    for action in state.history:
        timeline.play(action)
    return timeline


def view_value(view: object, players: int, bots: Collection[int] = ()) -> int | str | None:
    """``view`` as the widget's view: ``None`` for ``"full"`` (or ``None``), a player,
    ``"public"`` for an audience without a seat (no one's secrets), or for ``"auto"`` the one
    human's view when ``bots`` fill every other seat (else the full state); else
    ``InvalidOption``.

    >>> view_value("auto", 3, bots=[0, 2]), view_value("auto", 3, bots=[2]), view_value(1, 3)
    (1, None, 1)
    >>> view_value("Public", 2)
    'public'
    """
    view = plain(view)
    if public_name(view):
        return PUBLIC
    if isinstance(view, str) and view == "auto":
        humans = [p for p in range(players) if p not in bots]
        return humans[0] if bots and len(humans) == 1 else None
    if view is None or isinstance(view, str) and view == "full":
        return None
    if isinstance(view, int) and not isinstance(view, bool) and 0 <= view < players:
        return view
    raise InvalidOption(f"view must be 'full' (or None) or a player number 0..{players - 1}, "
                        f"not {brief(view)}{suggestion(view, ('full', 'auto', 'public'))} "
                        f"('auto': the one human's view when bots fill the other seats; "
                        f"'public': what an audience without a seat may see)")
