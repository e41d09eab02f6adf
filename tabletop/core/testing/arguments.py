"""``check_arguments``: a game's own methods refuse what they cannot use, when it is given.

Three promises the core keeps for a game written the ordinary way, which a game can still
break by writing around the core:

* **chance**: ``view.determinize(rng)`` takes a ``random.Random`` or an int seed (a
  seed draws what a generator seeded with it draws, and draws it again), and refuses
  anything else with a ``TypeError``;
* **subjects and players**: ``game.draw`` and ``game.parse_action`` take a position of
  this game only, ``game.player_name`` one of its players (numpy's ints included),
  ``game.describe`` an action and two players or ``None``;
* **strangers**: another registered game's action is refused by ``apply`` and
  ``action_id`` (``IllegalAction``) saying whose it is, and ``is_legal`` says no;
* **queries**: every public method of a state or view that takes arguments refuses junk
  for them (one taking a single ``int``, a bool or a huge int; one with ``bool`` flags,
  ``"no"`` for each) with a ``TypeError``,
  ``ValueError`` or the library's own error, never an error from inside or an answer;
* **picture options**: an option the renderer does not declare (a misspelling) is refused,
  as are a ``highlight`` that is no collection (or holds a target that is not hashable), a
  ``last`` that is no action and ``"no"`` for each of the renderer's bool options, each
  with a ``TypeError``, instead of being ignored, read as true or tripping the drawing up.

>>> import tabletop
>>> check_arguments(tabletop.load("landlock"), seeds=range(1))
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Iterable
from types import SimpleNamespace
from typing import Any, cast

import numpy as np

from .. import registry
from ..drawing import flag_options
from ..errors import IllegalAction, TabletopError
from ..game import Game, State, View
from ..parts import part
from .common import fail, random_states

#: What ``determinize`` and ``player_name`` must refuse.
NOT_SEEDS = ("7", 2.5, None, True, np.random.default_rng(1))
NOT_PLAYERS = ("0", 1.0, None, True, -1)
#: Every ``EVERY``-th position of each seeded game (and its end) is checked.
EVERY = 4
#: Methods that answer any object (a question, not an argument to refuse).
ANSWER_ANYTHING = frozenset({"is_legal"})
#: What a query with one ``int`` parameter (a flower, a pawn, a player) must refuse.
NOT_INDEXES = (True, 10**30)


def check_arguments(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Raise ``ConformanceError`` if ``game`` takes an argument it should refuse (or refuses
    one it should take)."""
    _check_names(game)
    draws = _draws(game)
    _check_subjects(game, draws)
    for where, state in random_states(game, tuple(seeds), every=EVERY):
        if draws:
            _check_picture_options(game, state, where)
        mover = state.current_player
        if mover is not None:
            _check_determinize(state.view(mover), where)
        for subject in (state, state.view(0)):
            kind = "view" if isinstance(subject, View) else "state"
            _check_queries(subject, f"{where}, {kind}")


def _refused(where: str, what: str, call: Callable[..., Any], *args: Any,
             kinds: tuple[type[Exception], ...] = (TypeError,), **kwargs: Any) -> None:
    """``call(*args, **kwargs)`` must raise one of ``kinds``; ``what`` says what it was
    given."""
    try:
        call(*args, **kwargs)
    except kinds:
        return
    except Exception as error:  # noqa: BLE001 - the wrong kind of refusal is the finding
        fail(where, f"{what}: raised {type(error).__name__} ({error}), not "
                    f"{' or '.join(k.__name__ for k in kinds)}")
    fail(where, f"{what}: taken, not refused")


def _check_names(game: Game) -> None:
    where = f"{game.name} player_name"
    names = [game.player_name(p) for p in range(game.players)]
    if not all(isinstance(name, str) and name for name in names):
        fail(where, f"names {names!r} are not all non-empty strings")
    if game.player_name(cast(int, np.int64(0))) != names[0]:
        fail(where, "a numpy int 0 is not named as the player 0 is")
    for player in (*NOT_PLAYERS, game.players):
        _refused(where, f"player_name({player!r})", game.player_name, player,
                 kinds=(TypeError, ValueError))


def _stranger(game: Game) -> Any:
    """Something shaped like another game's position."""
    other = SimpleNamespace(name=f"not-{game.name}", players=game.players, options={})
    return SimpleNamespace(game=other, legal_actions=lambda: (), history=(), is_terminal=False)


def _check_subjects(game: Game, draws: bool) -> None:
    where, stranger = f"{game.name} subjects", _stranger(game)
    if draws:
        _refused(where, "draw(another game's position)", game.draw, stranger)
    _refused(where, "parse_action(another game's position)", game.parse_action, stranger,
             "pass")
    action = game.new(seed=0).legal_actions()[0]
    _check_strangers(game, game.new(seed=0), where)
    _refused(where, "describe(None, 0, 0)", game.describe, None, 0, 0)
    for actor, viewer in ((True, None), (game.players, None), (0, "0"), (0, -1)):
        _refused(where, f"describe(action, {actor!r}, {viewer!r})", game.describe, action,
                 actor, viewer, kinds=(TypeError, ValueError))


def _check_strangers(game: Game, state: State, where: str) -> None:
    """Another registered game's first action, given to ``state``, is refused by name."""
    own = type(game).__module__.rpartition(".")[0]
    for name in registry.names():
        other = registry.load(name)
        package = type(other).__module__.rpartition(".")[0]
        if not package or package == own:  # (a top-level module's actions tell no game)
            continue
        stranger = other.new(seed=0, setup="random").legal_actions()[0]
        if state.is_legal(stranger):
            fail(where, f"is_legal({stranger!r}), an action of {other.title}: True")
        for method in ("apply", "action_id"):
            try:
                getattr(state, method)(stranger)
            except IllegalAction as refusal:
                if other.title not in str(refusal):
                    fail(where, f"{method}({stranger!r}) was refused without saying it is "
                                f"an action of {other.title}: {refusal}")
            except Exception as error:  # noqa: BLE001 - the wrong kind of refusal
                fail(where, f"{method}({stranger!r}), an action of {other.title}: raised "
                            f"{type(error).__name__} ({error}), not IllegalAction")
            else:
                fail(where, f"{method}({stranger!r}), an action of {other.title}: taken")
        return  # one stranger is enough: the core answers all alike


def _draws(game: Game) -> bool:
    """Whether ``game`` has pictures at all (a game without a renderer draws nothing)."""
    try:
        game.draw(game.new(seed=0))
    except NotImplementedError:
        return False
    return True


def _check_picture_options(game: Game, state: State, where: str) -> None:
    for subject in (state, state.view(0)):
        here = f"{where}, {'view' if isinstance(subject, View) else 'state'}"
        _refused(here, "draw(highlights=...), a misspelt option", game.draw, subject,
                 highlights=())
        _refused(here, "draw(highlight=5)", game.draw, subject, highlight=5)
        _refused(here, "draw(last='pass')", game.draw, subject, last="pass")
        _refused(here, "draw(highlight=[[1, 2]]), an unhashable target", game.draw, subject,
                 highlight=[[1, 2]])
        for name in _flags(game):
            not_a_flag: dict[str, Any] = {name: "no"}
            _refused(here, f"draw({name}='no'), a bool option", game.draw, subject,
                     **not_a_flag)


def _flags(game: Game) -> tuple[str, ...]:
    """The bool options of ``game``'s renderer (none if it draws without one)."""
    renderer = part(type(game), "renderer")
    return () if renderer is None else flag_options(renderer)


def _check_determinize(view: View, where: str) -> None:
    here = f"{where}, player {view.player}'s view"
    determinize: Callable[[Any], State] = view.determinize  # (a seed or a generator)
    for seed in (0, 1, 2):
        drawn = determinize(seed)
        if drawn != determinize(seed):
            fail(here, f"determinize({seed}) drew two different states")
        if drawn != determinize(random.Random(seed)):
            fail(here, f"determinize({seed}) is not what a random.Random({seed}) draws")
    for junk in NOT_SEEDS:
        _refused(here, f"determinize({junk!r})", determinize, junk)


class _Junk:
    """An object of no kind any query takes (hashable, so that it reaches a lookup)."""

    def __repr__(self) -> str:
        return "<junk>"


#: What every public query must refuse, however its parameters are annotated.
_JUNK = _Junk()


def _check_queries(subject: State | View, where: str) -> None:
    """Each public method of ``subject`` that takes arguments refuses junk for them with a
    ``TypeError``, ``ValueError`` or the library's own error, never an error from inside
    (``AttributeError``, ``IndexError``, ``KeyError``…) or an answer; one that takes a single
    ``int`` refuses a bool and a huge int too."""
    refusals = (TypeError, ValueError, TabletopError)
    for name, method, parameters in _queries(subject):
        required = [p for p in parameters if p.default is p.empty]
        if required:
            _refused(where, f"{name}({', '.join(['<junk>'] * len(required))})", method,
                     *[_JUNK] * len(required), kinds=refusals)
        if len(required) == 1 and required[0].annotation in (int, "int", "int | None"):
            for index in NOT_INDEXES:
                _refused(where, f"{name}({index!r})", method, index, kinds=refusals)
        if not required:  # a flag given alone, as a notebook would: "no" is not False
            for flag in (p.name for p in parameters if p.annotation in (bool, "bool")):
                _refused(where, f"{name}({flag}='no')", method, kinds=refusals,
                         **{flag: "no"})


def _queries(subject: object) -> list[tuple[str, Callable[..., Any], list[inspect.Parameter]]]:
    """The public methods of ``subject`` that take parameters, with those (``self`` and
    ``*args``, ``**kwargs`` left out)."""
    found = []
    for name in dir(subject):
        if name.startswith("_") or name in ANSWER_ANYTHING:
            continue
        method = getattr(subject, name, None)
        if not callable(method) or isinstance(method, type):
            continue
        try:
            parameters = inspect.signature(method).parameters.values()
        except (TypeError, ValueError):  # a builtin without a signature
            continue
        named = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        if named:
            found.append((name, method, named))
    return found
