"""Malformed actions: every action class, built with wrong-typed and out-of-range fields.

For each kind of action a game offers, the check builds copies of real legal actions with one
field replaced by something no rule expects (``None``, a negative or huge number, a number
over Python's 4,300-digit limit, NaN, a string, a list, a bool) and asks each seeded position
about them: ``is_legal`` must answer a bool, ``False`` for anything of the wrong type;
``apply`` must agree with it, refusing with a short ``IllegalAction``, quickly; the state
must be unchanged; ``action_id`` refuses it with ``IllegalAction``, ``describe`` names it
or refuses it with ``TypeError`` or ``ValueError``, and ``str`` shows it without failing
(``check_misnamed_actions`` reads that text back: it must name no other action).

>>> import tabletop
>>> check_malformed_actions(tabletop.load("lascaux", players=3), seeds=[0])
"""

from __future__ import annotations

import copy
import time
from collections.abc import Iterable, Iterator
from dataclasses import fields, is_dataclass, replace
from typing import Any

from ..errors import IllegalAction
from ..game import Action, Game, State
from .common import fail, random_states

#: Field values no rule of any game expects.
STRANGE_VALUES: tuple[Any, ...] = (
    None, -(2**70), 10**5000, 1e300, float("nan"), float("inf"), 512.0, True, "x" * 10_000,
    [], [1], (), {}, object(),
)

#: How long one refusal may take, in seconds (a generous bound: refusals take microseconds).
TIME_LIMIT = 0.5

#: How long a refusal's message may be, in characters (it lists up to a dozen legal actions).
MESSAGE_LIMIT = 2000


def malformed_variants(action: Action) -> Iterator[tuple[Action, bool]]:
    """Copies of ``action`` with one field replaced, each with whether it must be refused.

    A value of another type than the field's (``None`` for an int, a list for a string), or
    an integer beyond 64 bits, must be refused; a near value of the right type (an index out
    of a table, or a spot no list shows), or two fields of one type swapped (a pair written
    the other way round), may be legal, and then must apply.
    """
    if not is_dataclass(action):
        return
    values = [(f.name, getattr(action, f.name)) for f in fields(action)]
    for i, (first, one) in enumerate(values):
        for second, other in values[i + 1:]:
            if type(one) is type(other) and one != other:
                yield replace(action, **{first: other, second: one}), False
    for f in fields(action):
        value = getattr(action, f.name)
        near: tuple[Any, ...] = ()
        if isinstance(value, int) and not isinstance(value, bool):
            near = (value + 1000, -value - 1, 999, -1)
        elif isinstance(value, str):
            near = (value + "x", value.upper() + "!", "", "zzz")
        for strange in near + STRANGE_VALUES:
            try:
                variant = replace(action, **{f.name: strange})
            except Exception:  # a class that validates its fields: nothing to try
                continue
            yield variant, strange not in near or _huge(strange)


def _huge(value: Any) -> bool:
    return isinstance(value, int) and abs(value) > 2**64


def check_malformed_actions(game: Game, seeds: Iterable[int] = range(2),
                            every: int = 7) -> None:
    """Every malformed variant of every kind of action is refused at seeded positions."""
    samples: dict[type, Action] = {}
    for where, state in random_states(game, seeds, every):
        for action in state.legal_actions():
            samples.setdefault(type(action), action)
        for sample in samples.values():
            for bad, must_refuse in malformed_variants(sample):
                if not _is_listed(state, bad):
                    _answered(state, bad, must_refuse, where)


def _is_listed(state: State, action: Action) -> bool:
    try:
        return action in state.legal_actions()
    except Exception:
        return False


def _answered(state: State, bad: Action, must_refuse: bool, where: str) -> None:
    """``is_legal`` answers a bool, and ``apply`` agrees with it: a legal variant applies,
    any other is refused with a short ``IllegalAction``, quickly, the state unchanged."""
    shown = described(bad)
    before = (copy.deepcopy(state), str(state))
    started = time.perf_counter()
    try:
        answer = state.is_legal(bad)
    except Exception as err:
        fail(where, f"is_legal({shown}) raised {type(err).__name__}: {err}")
    if answer is not False and (must_refuse or answer is not True):
        fail(where, f"is_legal({shown}) answered {answer!r}, not False")
    try:
        state.apply(bad)
    except IllegalAction as err:
        message = str(err)
        if answer:
            fail(where, f"is_legal({shown}) is True but apply refused it: {message}")
        if not message or len(message) > MESSAGE_LIMIT:
            fail(where, f"the refusal of {shown} has a message of {len(message)} characters")
    except Exception as err:
        fail(where, f"apply({shown}) raised {type(err).__name__} instead of IllegalAction: "
                    f"{err}")
    else:
        if not answer:
            fail(where, f"apply({shown}) accepted a malformed action")
    _named(state, bad, shown, where)
    took = time.perf_counter() - started
    if took > TIME_LIMIT:
        fail(where, f"answering {shown} took {took:.2f} s")
    if state != before[0] or str(state) != before[1]:
        fail(where, f"trying {shown} changed the state")


def _named(state: State, bad: Action, shown: str, where: str) -> None:
    """``action_id`` refuses a malformed action with ``IllegalAction`` (or gives the id of
    a legal variant); ``describe`` names it or refuses it with ``TypeError`` or
    ``ValueError`` — never the error of a field (an ``IndexError``, the digit limit); ``str``
    shows it (an error message, a notebook's output)."""
    try:
        text = str(bad)
    except Exception as err:  # noqa: BLE001 - str must not fail
        fail(where, f"str({shown}) raised {type(err).__name__}: {err}")
    if not text:
        fail(where, f"str({shown}) is empty")
    try:
        state.action_id(bad)
    except IllegalAction:
        pass
    except Exception as err:  # noqa: BLE001 - the contract: IllegalAction, nothing else
        fail(where, f"action_id({shown}) raised {type(err).__name__} instead of IllegalAction")
    try:
        said = state.game.describe(bad, state.current_player, None)
    except (TypeError, ValueError):
        return
    except Exception as err:  # noqa: BLE001 - what describe's refusals are
        fail(where, f"describe({shown}) raised {type(err).__name__}, not TypeError or "
                    f"ValueError")
    if not isinstance(said, str):
        fail(where, f"describe({shown}) gave {type(said).__name__}, not text")


def described(action: Action) -> str:
    """``action`` as its class and fields, each cut to 40 characters (one past Python's
    digit limit shown by its type)."""
    parts = []
    for f in fields(action):
        value = getattr(action, f.name)
        try:
            text = repr(value)
        except ValueError:
            text = f"<{type(value).__name__}>"
        parts.append(f"{f.name}={text[:40]}")
    return f"{type(action).__name__}({', '.join(parts)})"
