"""What a game's renderer is given: the options it declares, each of a kind it can draw.

Every renderer takes the subject, then keyword-only options: ``highlight`` (the targets to
mark as clickable), ``last`` (the last action, to mark) and its own, each declared in its
signature. ``drawing_options`` checks a call's options against them before the renderer
runs, so a misspelt option is refused with the nearest name instead of being ignored, and a
value of the wrong kind is refused instead of tripping the drawing up or being read as
something else:

* ``highlight`` must be a collection of hashable targets, ``last`` an action of the game
  (its class from the package of the game's class or of a class it derives from) whose
  fields are of their annotated types (as ``apply`` requires), or ``None``; a ``last`` that
  names nothing in the subject (a cell off the board) is left unmarked by the renderer;
* an option annotated (or defaulting to) ``bool`` must be ``True`` or ``False`` (numpy's
  bools too; ``"no"`` is no flag), ``bool | None`` may be ``None`` too;
* another option annotated with plain types (``tuple[int, int] | None``) must be of them
  (numpy's numbers taken as Python's), as ``position(...)``'s arguments are (``builders``);
* an option annotated ``Annotated[kind, check]`` is checked by the renderer's own
  ``check(name, value)``, which returns the value to draw with or raises a ``TypeError`` or
  ``ValueError`` naming ``name`` and what it may be (e.g. Lacuna's colour names).

What depends on the subject drawn (a flower id that exists) the renderer checks itself.

>>> import tabletop
>>> state = tabletop.load("landlock").new(seed=1)
>>> state.svg(network=True)
Traceback (most recent call last):
...
TypeError: landlock pictures have no option 'network'; did you mean 'networks'? options: ...
>>> state.svg(networks="no")
Traceback (most recent call last):
...
TypeError: networks should be True or False, not 'no'
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Annotated, Any

from .action import Action, of_game
from .choices import did_you_mean
from .plain import flag, listlike, plain_inside
from .quoting import brief
from .wellformed import field_problem, fits, plain_types, type_names

if TYPE_CHECKING:
    from .game import Game

#: A renderer's own check of one option: ``check(name, value)`` → the value to draw with.
Check = Callable[[str, Any], Any]
#: The options every renderer takes, checked here whatever their annotations say.
SHARED = ("highlight", "last")
_FLAG_KINDS = ({bool}, {bool, type(None)})


@dataclass(frozen=True)
class Option:
    """One option a renderer declares: the plain types its annotation allows (``None``:
    any) and the renderer's own check, if it declares one."""

    name: str
    kinds: tuple[type, ...] | None = None
    check: Check | None = None

    @property
    def is_flag(self) -> bool:
        """Whether it is a ``bool`` (or ``bool | None``) option with no check of its own."""
        return self.check is None and self.kinds is not None and set(self.kinds) in _FLAG_KINDS

    def checked(self, value: Any) -> Any:
        """``value`` as the renderer is to get it, or the ``TypeError`` / ``ValueError`` that
        says what this option may be."""
        if self.check is not None:
            return self.check(self.name, value)
        if self.kinds is None or (value is None and type(None) in self.kinds):
            return value
        if self.is_flag:
            return flag(value, self.name)
        found = plain_inside(value)
        if not fits(found, self.kinds):
            raise TypeError(f"{self.name} should be {type_names(self.kinds)}, not "
                            f"{brief(value)}")
        return found


_OPTIONS: dict[Callable[..., Any], dict[str, Option] | None] = {}


def drawing_options(game: Game, renderer: Callable[..., Any],
                    options: Mapping[str, Any]) -> Mapping[str, Any]:
    """``options`` as ``renderer`` is to get them, if it declares each of them and each value
    is of its kind; else a ``TypeError`` (or the option's own ``ValueError``) naming what is
    wrong and what there is."""
    known = _declared(renderer)
    for key in options:
        if known is not None and key not in known:
            raise TypeError(f"{game.name} pictures have no option {brief(key)}; "
                            f"{did_you_mean(key, known)}options: {', '.join(known)}")
    checked = dict(options)
    if "highlight" in options:
        checked["highlight"] = _targets(options["highlight"])
    last = options.get("last")
    if last is not None and not (isinstance(last, Action) and of_game(last, game)):
        raise TypeError(f"last should be an action or None (an action of {game.name}), not "
                        f"{brief(last)}")
    problem = None if last is None else field_problem(last)
    if problem is not None:
        raise TypeError(f"last should be a well-formed action of {game.name}; {brief(last)}: "
                        f"{problem}")
    for key, value in options.items():
        if known is not None and key not in SHARED:
            checked[key] = known[key].checked(value)
    return checked


def flag_options(renderer: Callable[..., Any]) -> tuple[str, ...]:
    """The options of ``renderer`` that are flags: ``True`` or ``False`` (or ``None``)."""
    return tuple(name for name, option in (_declared(renderer) or {}).items()
                 if option.is_flag and name not in SHARED)


def _targets(highlight: object) -> tuple[Any, ...]:
    """``highlight``'s targets (read once: a generator is fine), if it is a collection of
    hashable ones; else a ``TypeError``."""
    if not listlike(highlight):
        raise TypeError(f"highlight should be a collection of targets, not {brief(highlight)}")
    targets = tuple(typing.cast(typing.Iterable[Any], highlight))
    for target in targets:
        try:
            hash(target)
        except TypeError:
            raise TypeError(f"highlight should hold targets that are hashable (tuples, "
                            f"strings, numbers), not {brief(target)}") from None
    return targets


def _declared(renderer: Callable[..., Any]) -> dict[str, Option] | None:
    """The keyword options ``renderer`` declares (``None`` if it takes any: ``**options``)."""
    if renderer not in _OPTIONS:
        parameters = list(inspect.signature(renderer).parameters.values())[1:]
        takes_any = any(p.kind is p.VAR_KEYWORD for p in parameters)
        _OPTIONS[renderer] = None if takes_any else {
            p.name: _option(renderer, p) for p in parameters}
    return _OPTIONS[renderer]


def _option(renderer: Callable[..., Any], parameter: inspect.Parameter) -> Option:
    """What ``parameter``'s annotation (or, without one, its ``bool`` default) allows."""
    hint = _hint(renderer, parameter)
    check = None
    if typing.get_origin(hint) is Annotated:
        hint, *extras = typing.get_args(hint)
        check = next((extra for extra in extras if callable(extra)), None)
    if hint is None and isinstance(parameter.default, bool):
        hint = bool
    kinds = None if hint is None or hint is Any else plain_types(hint)
    return Option(parameter.name, kinds, check)


def _hint(renderer: Callable[..., Any], parameter: inspect.Parameter) -> Any:
    """``parameter``'s annotation resolved in ``renderer``'s module (``None`` if it has
    none or it does not resolve: a renderer may import its subject's class only for
    type checkers)."""
    if parameter.annotation is parameter.empty:
        return None
    holder = SimpleNamespace(__annotations__={parameter.name: parameter.annotation})
    space = getattr(inspect.unwrap(renderer), "__globals__", {})
    try:
        return typing.get_type_hints(holder, globalns=space, include_extras=True)[
            parameter.name]
    except Exception:  # noqa: BLE001 - an annotation that does not resolve: none checked
        return None
