"""``check_error_copies``: a game's refusals survive pickle and copy, class, words and all.

An exception crosses into another process by pickle: a Dask worker or a process pool that
plays a game sends back the ``IllegalAction`` an agent's move raised, and the notebook that
catches it expects the same class, message and attributes (``reason``) it would meet here.
Pickle (and ``copy``) make an exception again by calling its class with its ``args``; a
game's own error class whose ``__init__`` takes other arguments than its message fails
there (a ``TypeError`` in the pickle, which a process pool reports as a broken worker) or
comes back with other words. So the check provokes each kind of refusal a game makes (a
non-action, text that is no action, an id out of range, a well-formed action that is not
legal, a bad seed and option, a tampered record) at several positions, and copies each.
"""

from __future__ import annotations

import copy
import copyreg
import io
import pickle
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..game import Action, Game, State
from ..ids import action_space
from ..record import replay
from .common import fail, random_states

#: Positions of each seeded game the refusals are provoked at (every ``EVERY``-th ply).
EVERY = 5

#: Action ids tried, from the first, for one the position does not allow.
IDS_TRIED = 64


def copied(error: BaseException, how: str) -> BaseException:
    """``error`` made again by ``how`` (``"pickle"``, ``"copy"`` or ``"deepcopy"``).

    >>> type(copied(ValueError("no"), "pickle")).__name__
    'ValueError'
    """
    if how == "pickle":
        made: BaseException = pickle.loads(plain_dumps(error))
        return made
    return copy.copy(error) if how == "copy" else copy.deepcopy(error)


def plain_dumps(error: BaseException) -> bytes:
    """``pickle.dumps(error)`` as a process that registered no reducer for exceptions makes
    it: importing ``distributed`` registers tblib's for every exception class there is
    (``copyreg``), which would hide, here, a class that a plain process pool cannot send.

    >>> pickle.loads(plain_dumps(ValueError("no")))
    ValueError('no')
    """
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer)
    pickler.dispatch_table = {kind: reduce for kind, reduce in copyreg.dispatch_table.items()
                              if not (isinstance(kind, type) and issubclass(kind, BaseException))}
    pickler.dump(error)
    return buffer.getvalue()


def difference(error: BaseException, again: BaseException) -> str | None:
    """What differs between ``error`` and its copy ``again`` (class, words, ``args`` or an
    attribute), or None.

    >>> difference(ValueError("a"), ValueError("b"))
    "its words: 'b' instead of 'a'"
    """
    if type(again) is not type(error):
        return f"its class: {type(again).__name__} instead of {type(error).__name__}"
    if str(again) != str(error):
        return f"its words: {str(again)!r} instead of {str(error)!r}"
    if again.args != error.args:
        return f"its args: {again.args!r} instead of {error.args!r}"
    mine, theirs = vars(error), vars(again)
    for key in sorted(set(mine) | set(theirs)):
        if key not in theirs or key not in mine or mine[key] != theirs[key]:
            return f"its attribute {key!r}: {theirs.get(key, '(none)')!r} instead of " \
                   f"{mine.get(key, '(none)')!r}"
    return None


def check_copies(where: str, error: BaseException) -> None:
    """Raise ``ConformanceError`` unless ``error`` comes back alike from pickle and copy."""
    for how in ("pickle", "copy", "deepcopy"):
        try:
            again = copied(error, how)
        except Exception as trouble:  # noqa: BLE001 - any failure is the finding
            fail(where, f"{type(error).__name__}({str(error)[:80]!r}) cannot be made again by "
                        f"{how}: {type(trouble).__name__}: {trouble} (an exception is made "
                        "again from its args: pass the message alone to __init__, or define "
                        "__reduce__)")
        problem = difference(error, again)
        if problem is not None:
            fail(where, f"{type(error).__name__} made again by {how} differs in {problem}")


def _refusals(state: State) -> Iterator[tuple[str, Callable[[], Any]]]:
    """``(what, call)`` for each refusal provoked at ``state``."""
    nothing: Any = None  # no action at all, as a careless caller passes it
    yield "apply(None)", lambda: state.apply(nothing)
    yield "apply('zzz')", lambda: state.apply("zzz")
    yield "apply of an unfinished word", lambda: state.apply("take")
    yield "a view's action_id('zzz')", lambda: state.view(0).action_id("zzz")
    space = state.game.num_distinct_actions
    yield f"action_from_id({space})", lambda: state.action_from_id(space)
    unlisted = _unlisted(state)
    if unlisted is not None:
        number, action = unlisted
        yield f"action_from_id({number}), not legal here", lambda: state.action_from_id(number)
        yield f"apply({str(action)!r}), not legal here", lambda: state.apply(action)
        yield f"apply of {str(action)!r} as text", lambda: state.apply(str(action))


def _unlisted(state: State) -> tuple[int, Action] | None:
    """The first id (of the first ``IDS_TRIED``) whose action is not legal at ``state``,
    with its action; None if there is none."""
    legal = set(state.legal_action_ids())
    table = action_space(state.game)
    for number in range(min(state.game.num_distinct_actions, IDS_TRIED)):
        action = table.action_at(number) if number not in legal else None
        if action is not None:
            return number, action
    return None


def _setup_refusals(game: Game, seed: int) -> Iterator[tuple[str, Callable[[], Any]]]:
    """``(what, call)`` for the refusals of a bad seed, option and record."""
    yield "new(seed=-1)", lambda: game.new(seed=-1)
    yield "an option it does not have", lambda: type(game)(game.players, no_such_option=1)
    record = game.new(seed=seed).to_record()
    yield "a record with an action 'zzz'", lambda: replay(dict(record, actions=["zzz"]))
    yield "a record of 0 players", lambda: replay(dict(record, players=0))


def check_error_copies(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Raise ``ConformanceError`` if an error ``game`` raises for a refused action, seed,
    option or record does not come back from pickle, ``copy`` and ``deepcopy`` as the same
    class with the same words and attributes."""
    seeds = tuple(seeds)
    cases: list[tuple[str, Callable[[], Any]]] = []
    for seed in seeds[:1]:
        cases += [(f"{game.name} seed {seed}, {what}", call)
                  for what, call in _setup_refusals(game, seed)]
    for spot, state in random_states(game, seeds, every=EVERY):
        if not state.is_terminal:
            cases += [(f"{spot}, {what}", call) for what, call in _refusals(state)]
    for where, call in cases:
        try:
            call()
        except Exception as error:  # noqa: BLE001 - every error raised is copied
            check_copies(where, error)
