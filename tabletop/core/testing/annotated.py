"""``check_annotations``: what the API returns is what its type hints promise.

tabletop ships ``py.typed``, so a user's type checker believes every hint: ``scores`` is a
``tuple[float, ...]``, ``current_player`` an ``int | None``, ``action_id`` an ``int``. A
game that hands back a list there, a ``numpy.int64``, a ``bool`` for an ``int`` or a
``numpy.float64`` for a ``float`` (which ``isinstance`` lets through, but a type checker,
``type(x) is float`` and a strict JSON reader do not) breaks code that type-checked.

At positions spread over seeded games, the game, each state, every player's view and a few
legal actions have each public property and method the contract or the game offers called,
and each answer (and each public field and class constant: ``player_counts``, an
``observation_shape`` standing in for the property) compared with its hint
(``typehints.mismatch``; an unannotated override keeps its base's hint). Methods are
called with no arguments, or with those of the table below (``view(p)``, ``log(viewer)``,
``is_legal(a)``, ``action_id(a)``, ``action_from_id(i)``, ``apply(a)``,
``determinize(rng)``, ``parse_action``, ``describe``, ``player_name``, ``draw``, ``new``);
a method that needs other arguments is not called, nor is one that raises (other checks
judge refusals). Iterators are read a few items at a time; a hint that cannot be resolved
at run time is skipped.

>>> import tabletop
>>> check_annotations(tabletop.load("lascaux", players=3), seeds=[0])
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import itertools
import random
import typing
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..game import Action, Game, State, View
from ..memos import memo
from .common import fail, random_states
from .typehints import mismatch, promised, resolved

#: Every how many plies a position is read, and how many of its legal actions.
EVERY = 9
ACTIONS = 3
#: Items of an iterator read.
ITEMS = 4

Calls = dict[str, list[tuple[Any, ...]]]


def check_annotations(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Raise ``ConformanceError`` if a public property or method of ``game``, its states,
    views or actions returns a value its type hint does not allow."""
    seeds = tuple(seeds)
    players = range(game.players)
    first = game.new(seed=seeds[0]) if seeds else None
    _check(game, f"{game.name}", {
        "player_name": [(p,) for p in players],
        "new": [(s,) for s in seeds[:1]],
        **({"draw": [(first,)], "parse_action": [(first, str(a)) for a in _some(first)],
            "describe": [(a, first.current_player, v) for a in _some(first)
                         for v in (None, *players)]} if first is not None else {}),
    })
    for where, state in random_states(game, seeds, every=EVERY):
        actions = _some(state)
        acted: Calls = {
            "is_legal": [(a,) for a in actions] + [(str(a),) for a in actions],
            "action_id": [(a,) for a in actions],
            "action_from_id": [(state.action_id(a),) for a in actions
                               if _has_id(state, a)],
        }
        _check(state, where, {**acted, "apply": [(a,) for a in actions],
                              "view": [(p,) for p in players],
                              "log": [(None,), *((p,) for p in players)]})
        for action in actions:
            _check(action, f"{where}, action {str(action)!r}", {})
        for p in players:
            view = state.view(p)
            mine = acted if view.current_player == p else {}
            _check(view, f"{where}, view of player {p}",
                   {**mine, "determinize": [(random.Random(p),)]})


def _some(state: State) -> tuple[Action, ...]:
    return tuple(state.legal_actions()[:ACTIONS])


def _has_id(state: State, action: Action) -> bool:
    try:
        state.action_id(action)
    except Exception:  # noqa: BLE001 - an action outside the integer space (Lacuna's free ones)
        return False
    return True


def _check(subject: object, where: str, calls: Calls) -> None:
    """Compare every public property, field and method answer of ``subject`` with its hint."""
    kind = type(subject)
    for name, hint in _fields(kind):
        _compare(getattr(subject, name), hint, kind, where, f"{kind.__name__}.{name}")
    for name in dir(kind):
        if name.startswith("_"):
            continue
        member = inspect.getattr_static(subject, name)
        if isinstance(member, property):
            _answer(functools.partial(getattr, subject, name), promised(kind, name), kind,
                    where, f"{kind.__name__}.{name}")
            continue
        if not inspect.isfunction(member):
            if not isinstance(member, (staticmethod, classmethod)) and not callable(member):
                _constant(subject, name, kind, where)
            continue  # (static and class methods: not called)
        for args in calls.get(name, [()] if _no_arguments(member) else []):
            method = getattr(subject, name)
            shown = ", ".join(_short(a) for a in args)
            _answer(functools.partial(method, *args), promised(kind, name), kind, where,
                    f"{kind.__name__}.{name}({shown})")


def _constant(subject: object, name: str, kind: type, where: str) -> None:
    """A class attribute: kept to its annotation (``player_counts: ClassVar[tuple[int,
    ...]]``) or to the property it stands in for (``observation_shape = (6,)``)."""
    hint = _class_hints(kind).get(name, Ellipsis)
    if hint is Ellipsis:
        hint = promised(kind, name)
    if typing.get_origin(hint) is typing.ClassVar:
        hint = (typing.get_args(hint) or (Any,))[0]
    if hint is not Ellipsis:
        _compare(getattr(subject, name), hint, kind, where, f"{kind.__name__}.{name}")


@memo(64)
def _class_hints(kind: type) -> dict[str, Any]:
    return resolved(kind) or {}


def _answer(call: Callable[[], object], hint: object, kind: type, where: str,
            what: str) -> None:
    if hint is Ellipsis:
        return  # no hint, or one that cannot be resolved at run time
    try:
        value = call()
    except Exception:  # noqa: BLE001 - refusals are other checks' business
        return
    _compare(value, hint, kind, where, what)


def _compare(value: object, hint: object, kind: type, where: str, what: str) -> None:
    if typing.get_origin(hint) in (Iterator, Iterable) and isinstance(value, Iterator):
        item = (typing.get_args(hint) or (Any,))[0]
        for i, each in enumerate(itertools.islice(value, ITEMS)):
            problem = mismatch(each, item, kind)
            if problem:
                fail(where, f"{what} yielded, as item {i}, {problem} (its hint: {hint})")
        return
    problem = mismatch(value, hint, kind)
    if problem:
        fail(where, f"{what} returned {problem} (its hint: {_text(hint)})")


def _fields(kind: type) -> list[tuple[str, object]]:
    """The public dataclass fields of ``kind`` with their resolved hints."""
    if not dataclasses.is_dataclass(kind):
        return []
    hints = _class_hints(kind)
    return [(f.name, hints[f.name]) for f in dataclasses.fields(kind)
            if not f.name.startswith("_") and f.name in hints
            and typing.get_origin(hints[f.name]) is not typing.ClassVar]


def _no_arguments(function: Callable[..., object]) -> bool:
    parameters = list(inspect.signature(function).parameters.values())[1:]
    return all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
               for p in parameters)


def _short(value: object) -> str:
    if isinstance(value, (State, View)):
        return type(value).__name__
    return repr(value) if not isinstance(value, Action) else str(value)


def _text(hint: object) -> str:
    """A hint as it is written: ``int | None``, ``tuple[float, ...]``."""
    if isinstance(hint, type) and not typing.get_args(hint):
        return hint.__qualname__
    return str(hint).replace("typing.", "").replace("collections.abc.", "")
