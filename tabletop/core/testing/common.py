"""What every conformance check shares: the error it raises, and seeded random positions.

Tests and benchmarks use the same helpers: ``random_states`` for positions met in seeded
random games, ``playout`` to play on at random from a position.

>>> import tabletop
>>> from tabletop.core.testing.common import playout, random_states
>>> game = tabletop.load("lascaux", players=3)
>>> where, state = next(random_states(game, seeds=[7]))
>>> where, state.history
('lascaux seed 7 ply 0', ())
>>> playout(state, seed=7).is_terminal, len(playout(state, seed=7, plies=4).history)
(True, 4)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import fields

from ..errors import IllegalAction
from ..game import Action, Game, State, View
from ..input import ClickInput


class ConformanceError(AssertionError):
    """A game broke the contract; the message says where (seed, ply) and how."""


def fail(where: str, message: str) -> None:
    """Raise ``ConformanceError`` for ``where`` (e.g. ``"lacuna seed 3 ply 12"``)."""
    raise ConformanceError(f"{where}: {message}")


def compared_fields(view: View) -> tuple[tuple[str, object], ...]:
    """``(name, value)`` of every field a view's equality compares."""
    return tuple((f.name, getattr(view, f.name)) for f in fields(view) if f.compare)


def first_difference(a: View, b: View) -> str:
    """The first compared field in which two views differ, in words."""
    return field_difference(compared_fields(a), compared_fields(b))


def field_difference(a: tuple[tuple[str, object], ...],
                     b: tuple[tuple[str, object], ...]) -> str:
    """The first field in which two ``compared_fields`` differ, in words."""
    for (name, x), (_, y) in zip(a, b, strict=False):
        if x != y:
            return f"field {name!r}: {x!r} != {y!r}"
    return "no field differs"


def random_playout(game: Game, seed: int, setup: str = "decide",
                   max_steps: int = 5000) -> Iterator[State]:
    """Every state of one seeded random game, from ``new(seed)`` to its end.

    The moves come from ``random.Random(seed)``, so the same seed plays the same game.
    """
    state = game.new(seed=seed, setup=setup)
    rng = random.Random(seed)
    for _ in range(max_steps):
        yield state
        if state.is_terminal:
            return
        state = state.apply(rng.choice(state.legal_actions()))
    raise ConformanceError(f"{game.name} seed {seed}: not over after {max_steps} steps")


def random_states(game: Game, seeds: Iterable[int] = range(3), every: int = 1,
                  setup: str = "decide") -> Iterator[tuple[str, State]]:
    """``(where, state)`` for every ``every``-th state of seeded random games, and each end.

    ``where`` names the game, seed and ply, for error messages.
    """
    for seed in seeds:
        for ply, state in enumerate(random_playout(game, seed, setup)):
            if ply % every == 0 or state.is_terminal:
                yield f"{game.name} seed {seed} ply {ply}", state


def playout(state: State, seed: int | random.Random = 0, plies: int | None = None,
            until: Callable[[State], bool] | None = None) -> State:
    """The state reached from ``state`` by uniformly random legal actions.

    Plays to the end, or ``plies`` actions at most, or until ``until(state)`` is true (checked
    before each action). ``seed`` is a number for ``random.Random`` or a generator to draw
    from; ``playout(game.new(seed=s), s)`` is the game ``random_states(game, [s])`` walks.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    if plies is None and until is None:  # to the end: the loop benchmarks time
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        return state
    for _ in range(plies if plies is not None else 10**9):
        if state.is_terminal or (until is not None and until(state)):
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def last_seen(state: State, viewer: int | None) -> Action | None:
    """The last action as a picture for ``viewer`` marks it: only if nothing of it is hidden
    from them (``viewer=None``: the full state, always)."""
    steps = state._steps()
    if not steps:
        return None
    action, actor = steps[-1]
    if viewer is None or state.game.describe(action, actor, viewer) == \
            state.game.describe(action, actor, None):
        return action
    return None


def click_input(game: Game) -> type[ClickInput] | None:
    """The game's click input class (its declared ``input_class``), or ``None``."""
    found = getattr(game, "input_class", None)
    return found if isinstance(found, type) and issubclass(found, ClickInput) else None


def input_steps(inp: ClickInput, rng: random.Random, sample: int,
                where: str) -> Iterator[ClickInput]:
    """``inp`` before any click, then after each click along the click paths of ``sample``
    of its legal actions (two paths each at most; each selection once): the steps a person
    goes through. A click on the way to a legal action that is refused is a failure."""
    seen = {inp.selection}
    yield inp
    legal = list(inp.subject.legal_actions())
    for action in rng.sample(legal, min(sample, len(legal))):
        for path in list(inp.paths(action))[:2]:
            inp.reset()
            for target in tuple(path)[:-1]:
                try:
                    done = inp.click(target)
                except IllegalAction as err:
                    fail(where, f"clicking {target!r} on the way to {action} was refused: "
                                f"{err}")
                if done is not None or inp.selection in seen:
                    break
                seen.add(inp.selection)
                yield inp


def mover_subjects(game: Game, seeds: Iterable[int], every: int
                   ) -> Iterator[tuple[str, State | View, Action | None]]:
    """``(where, subject, last action seen)`` for the state and its mover's view at every
    ``every``-th position of seeded random games where someone is to move."""
    for where, state in random_states(game, seeds, every):
        mover = state.current_player
        if mover is None:
            continue
        yield where, state, last_seen(state, None)
        yield (f"{where}, {game.player_name(mover)}'s view", state.view(mover),
               last_seen(state, mover))
