"""Advice taken literally: what tabletop prints, typed back, does what it says.

A user who is refused a move reads the list of what they may play and types one of those
texts; a user who sees a state's repr in a notebook copies it into a cell. Both must work:

* **refusals** (``check_refusal_lists``): at every ``every``-th position of each seeded
  random game, junk text is refused with an ``IllegalAction`` whose list of legal actions
  (``"North may play: a, b, … (40 in all)"``) holds texts that, typed back one by one,
  are accepted by ``parse_action`` and are the position's first legal actions, in order,
  and whose count is the number of legal actions (an action whose notation holds ``", "``
  would make the list unreadable);
* **examples in refusals** (``check_refusal_examples``): at the same positions, actions
  of the game's id space that are illegal there (a seeded sample), typed as text, are
  refused; every example the reason quotes (``… e.g. 'bubble a3 claim black'``), typed
  back in that position, is a legal action (Lava Flows offered ``claim wbw`` where only
  ``claim bwb`` could be announced);
* **option ranges** (``check_option_ranges``): a numeric option given a value far out of
  range is refused saying ``must be a number from A to B`` (or ``a whole number``, or
  ``…, a multiple of S``); when that is all it says, ``A`` and ``B`` alone are accepted and
  a value just outside either is refused (a range that is only part of the rule names
  the rest, as Lacuna's ``mat_radius`` names the flowers' and pawns' sizes);
* **reprs** (``check_reprs``): the repr of the game, of every state and view met and of
  some legal actions, when it reads as a call of its own class (``LascauxState(...)``,
  ``tabletop.load(...)``), is one: evaluated with ``tabletop``, the names the game's package
  exports and those of the class's own module in scope, it gives an equal object of the
  same type. A field left out of the
  repr (a mover kept as a field, a hidden pile) makes that call fail.

>>> import tabletop
>>> check_advice(tabletop.load("lascaux", players=3), seeds=[0])
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import IllegalAction, InvalidOption
from ..game import Game, State
from ..ids import action_space
from .common import fail, random_states

#: Text that is no action of any game, to be refused with the list of legal actions.
JUNK = "xyzzy"

#: The list a refusal ends with: who, the listed texts, and the total when cut short.
LISTED = re.compile(r"may play: (?P<texts>.*?)(?:, … \((?P<total>\d+) in all\))?$", re.S)

#: How many legal actions' reprs are evaluated at each sampled position.
SAMPLED_ACTIONS = 3

#: An example a refusal gives, quoted: ``e.g. 'pass'``.
EXAMPLE = re.compile(r"e\.g\. '(?P<text>[^']+)'")

#: How many actions of the id space are tried, typed as text, at each sampled position.
SAMPLED_IDS = 64


def check_advice(game: Game, seeds: Iterable[int] = range(2), every: int = 5) -> None:
    """The checks of this module: ``check_refusal_lists``, ``check_refusal_examples``,
    ``check_option_ranges`` and ``check_reprs``."""
    seeds = tuple(seeds)
    check_refusal_lists(game, seeds, every)
    check_refusal_examples(game, seeds, every)
    check_option_ranges(game)
    check_reprs(game, seeds, every)


#: A refusal naming a range and nothing else: ``must be a number from 0.5 to 2``.
RANGE = re.compile(r"must be a (?P<kind>whole number|number) from (?P<low>\S+) to "
                   r"(?P<high>[^\s,]+)(?:, a multiple of (?P<step>\S+))?$")

#: Values far outside any option's range, to make a game name it.
FAR = (-10**9, 10**9)


def check_option_ranges(game: Game) -> None:
    """Every range a numeric option's refusal names alone is the accepted range."""
    for key, default in game.options.items():
        if isinstance(default, bool) or not isinstance(default, int | float):
            continue
        for far in FAR:
            found = _named_range(game, key, type(default)(far))
            if found is None:
                continue
            kind, low, high, step = found
            cast = int if kind == "whole number" else float
            margin = 1 if cast is int else float(step or 0) or (high - low) * 1e-6
            for value, accepted in ((low, True), (high, True), (low - margin, False),
                                    (high + margin, False)):
                _check_bound(game, key, cast(value), accepted)


def _named_range(game: Game, key: str, value: Any) -> tuple[str, float, float, str] | None:
    options = {**game.options, key: value}
    try:
        type(game)(game.players, **options)
    except InvalidOption as err:
        found = RANGE.search(str(err))
        if found is None:
            return None
        return found["kind"], float(found["low"]), float(found["high"]), found["step"] or ""
    fail(game.name, f"option {key}={value!r} was accepted")
    return None


def _check_bound(game: Game, key: str, value: float, accepted: bool) -> None:
    options = {**game.options, key: value}
    try:
        type(game)(game.players, **options)
    except InvalidOption as err:
        if accepted:
            fail(game.name, f"option {key}={value!r}, a bound its refusal names, is "
                            f"refused: {err}")
        return
    if not accepted:
        fail(game.name, f"option {key}={value!r}, outside the range its refusal names, is "
                        f"accepted")


def check_refusal_lists(game: Game, seeds: Iterable[int] = range(2), every: int = 5) -> None:
    """Every text a refusal lists as legal, typed back, is that legal action."""
    for where, state in random_states(game, seeds, every):
        if state.is_terminal:
            continue
        try:
            state.apply(JUNK)
        except IllegalAction as err:
            _check_listed(game, state, str(err), where)
        else:
            fail(where, f"apply({JUNK!r}) was accepted")


def _check_listed(game: Game, state: State, message: str, where: str) -> None:
    legal = state.legal_actions()
    found = LISTED.search(message)
    if found is None:
        fail(where, f"a refusal does not list what may be played (\"… may play: a, b\"): "
                    f"{message!r}")
        return
    texts = found["texts"].split(", ")
    if found["total"] and int(found["total"]) != len(legal):
        fail(where, f"a refusal says {found['total']} actions are legal, but {len(legal)} "
                    f"are: {message!r}")
    if len(texts) > len(legal) or not found["total"] and len(texts) != len(legal):
        fail(where, f"a refusal lists {len(texts)} texts for {len(legal)} legal actions "
                    f"(does an action's notation hold ', '?): {found['texts']!r}")
    for text, action in zip(texts, legal, strict=False):
        try:
            typed = game.parse_action(state, text)
        except IllegalAction as err:
            fail(where, f"{text!r}, listed as legal in a refusal, is refused when typed "
                        f"back: {err.reason}")
            return
        if typed != action:
            fail(where, f"{text!r}, listed as legal in a refusal, typed back is "
                        f"{typed!r}, not the legal action {action!r} it stands for")


def check_refusal_examples(game: Game, seeds: Iterable[int] = range(2),
                           every: int = 5) -> None:
    """Every example a refusal's reason quotes (``e.g. 'text'``), typed back in the refused
    position, is a legal action there."""
    space = action_space(game)
    rng = random.Random(game.name)
    for where, state in random_states(game, seeds, every):
        if state.is_terminal:
            continue
        legal = set(state.legal_actions())
        ids = rng.sample(range(space.size), min(SAMPLED_IDS, space.size))
        for action in filter(None, map(space.action_at, ids)):
            if action in legal:
                continue
            try:  # (accepted: the text names a legal action too, as a symmetric tile's)
                state.apply(str(action))
            except IllegalAction as err:
                for example in EXAMPLE.findall(err.reason):
                    _check_example(game, state, str(action), example, where)


def _check_example(game: Game, state: State, refused: str, example: str, where: str) -> None:
    try:
        typed = game.parse_action(state, example)
    except IllegalAction as err:
        fail(where, f"the refusal of {refused!r} gives the example {example!r}, which is "
                    f"refused in turn: {err.reason}")
        return
    if not state.is_legal(typed):
        fail(where, f"the refusal of {refused!r} gives the example {example!r}, which is "
                    f"not a legal action there")


def check_reprs(game: Game, seeds: Iterable[int] = range(2), every: int = 5) -> None:
    """Every repr that reads as a constructor call rebuilds an equal object."""
    _check_repr(game, game, f"{game.name}: the game")
    for where, state in random_states(game, seeds, every):
        subjects: list[tuple[str, Any]] = [(where, state)]
        subjects += [(f"{where}, view {p}", state.view(p)) for p in range(game.players)]
        actions: Sequence[Any] = state.legal_actions()
        subjects += [(f"{where}, action {str(a)!r}", a) for a in actions[:SAMPLED_ACTIONS]]
        for place, subject in subjects:
            _check_repr(game, subject, place)


def _namespace(game: Game, cls: type) -> dict[str, Any]:
    """``tabletop``, what the game's package exports (``tabletop.games.lava_flows``: its
    ``Claim`` too) and the names of ``cls``'s own module (``…lascaux.actions``' actions)."""
    import tabletop  # (here: the suite is imported by tabletop's own modules)

    package = type(game).__module__.rpartition(".")[0]
    exported: dict[str, Any] = {}
    if package in sys.modules:
        module = sys.modules[package]
        exported = {n: getattr(module, n) for n in getattr(module, "__all__", ())}
    return {**exported, **vars(sys.modules[cls.__module__]), "tabletop": tabletop}


def _check_repr(game: Game, subject: object, where: str) -> None:
    text = repr(subject)
    cls = type(subject)
    if not (text.startswith(f"{cls.__name__}(") or text.startswith("tabletop.load(")):
        return  # not code (``<…>``): nothing to evaluate
    try:
        rebuilt = eval(text, _namespace(game, cls))  # noqa: S307 - our own repr, as typed
    except Exception as err:  # noqa: BLE001 - the finding
        fail(where, f"the repr {_cut(text)} reads as a constructor call, but evaluated with "
                    f"tabletop, the game's package and {cls.__module__} in scope it raises "
                    f"{type(err).__name__}: {err} (a field left out of the repr?)")
        return
    if type(rebuilt) is not cls or rebuilt != subject:
        fail(where, f"the repr {_cut(text)}, evaluated, gives {_cut(repr(rebuilt))}, which "
                    f"is not equal to the {cls.__name__} it was the repr of")


def _cut(text: str, most: int = 160) -> str:
    return text if len(text) <= most else f"{text[:most]}…"
