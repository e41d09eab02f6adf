"""``check_foreign``: actions of the same game under other settings, handed to a position.

A notebook keeps actions around: one drawn from an earlier or later position, from a game
with another seed, another player count or other options (the game's declared
``variants``), a list built at one position and tried at the next. Each is either played
correctly or refused, at every position: ``is_legal(a)`` is a bool, the same for the
state and for the mover's view; ``apply(a)`` plays it exactly when ``is_legal(a)`` says so
(as the listed action equal to it would be played, if one is listed), else raises
``IllegalAction`` and leaves the state as it was; ``action_id(a)`` is an id of this game's
space (the id of a legal one is among ``legal_action_ids()``) or an ``IllegalAction``.
Never another exception from inside the rules, and never an action "legal" that the
rules then cannot play. (Another *game*'s actions are ``check_arguments``' strangers.)

>>> import tabletop
>>> check_foreign(tabletop.load("landlock"), seeds=range(1))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..errors import IllegalAction, InvalidOption
from ..game import Action, Game, State
from ..quoting import brief
from .common import fail, random_states

#: Every ``EVERY``-th position of each seeded game (and its end) is tried.
EVERY = 4
#: At most this many actions are gathered from each other setting, spread over its game.
PER_SETTING = 24
#: The seeds of the other games the actions come from are the checked seeds plus this.
OTHER_SEEDS = 1000


def check_foreign(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Raise ``ConformanceError`` if an action of ``game`` under another setting, or from
    another position, is mishandled at a position of ``game``."""
    seeds = tuple(seeds)
    pool = _pool(game, seeds)
    for where, state in random_states(game, seeds, every=EVERY):
        listed = {a: a for a in state.legal_actions()}
        for label, action in pool:
            _check_one(state, action, listed, f"{where}: {label} {action!r}")


def _settings(game: Game) -> list[tuple[str, Game]]:
    """``game`` itself, its defaults and each variant it declares (those that load)."""
    cls = type(game)
    found: list[tuple[str, Game]] = [("an action of this game", game)]
    declared: list[Mapping[str, Any]] = [{}]
    variants = getattr(cls, "variants", ())
    if isinstance(variants, tuple):
        declared += [v for v in variants if isinstance(v, Mapping)]
    for options in declared:
        try:
            other = cls(**options)
        except InvalidOption:  # (check_variants says so)
            continue
        if other != game and all(other != g for _, g in found):
            shown = ", ".join(f"{k}={v!r}" for k, v in other.options.items()
                              if game.options.get(k) != v)
            if other.players != game.players:
                shown = ", ".join(filter(None, (f"players={other.players}", shown)))
            found.append((f"an action of {game.name} with {shown or 'its defaults'}", other))
    return found


def _pool(game: Game, seeds: tuple[int, ...]) -> list[tuple[str, Action]]:
    """Actions of each setting, played at positions of other seeds (new objects, equal to
    or unlike the ones the checked positions list)."""
    pool: list[tuple[str, Action]] = []
    for label, other in _settings(game):
        gathered: list[Action] = []
        for _, state in random_states(other, [s + OTHER_SEEDS for s in seeds], every=2):
            legal = state.legal_actions()
            if legal:
                step = max(1, len(legal) // 3)
                gathered += [legal[i] for i in range(0, len(legal), step)]
        spread = max(1, len(gathered) // PER_SETTING)
        pool += [(label, a) for a in gathered[::spread][:PER_SETTING]]
    return pool


def _check_one(state: State, action: Action, listed: dict[Action, Action], where: str) -> None:
    before = (state, hash(state), state.current_player, tuple(state.legal_actions()))
    legal = _answer(where, "is_legal", state.is_legal, action)
    if not isinstance(legal, bool):
        fail(where, f"is_legal answered {brief(legal)}, not True or False")
    mover = state.current_player
    if mover is not None:
        seen = _answer(where, "the mover's view's is_legal", state.view(mover).is_legal, action)
        if seen is not legal:
            fail(where, f"is_legal is {legal} for the state, {seen} for the mover's view")
    try:
        after = state.apply(action)
    except IllegalAction:
        if legal:
            fail(where, "is_legal said True, but apply refused it")
    except Exception as error:  # noqa: BLE001 - the wrong kind of refusal is the finding
        fail(where, f"apply raised {type(error).__name__} ({brief(str(error), 120)}), not "
                    f"IllegalAction (is_legal said {legal})")
    else:
        if not legal:
            fail(where, "is_legal said False, but apply played it")
        same = listed.get(action)
        if same is not None and after != state.apply(same):
            fail(where, "apply reached another state than the listed action equal to it")
    if (state, hash(state), state.current_player, tuple(state.legal_actions())) != before:
        fail(where, "the position changed after the action was tried")
    _check_id(state, action, legal, where)


def _check_id(state: State, action: Action, legal: bool, where: str) -> None:
    try:
        i = state.action_id(action)
    except IllegalAction:
        return
    except Exception as error:  # noqa: BLE001 - the wrong kind of refusal is the finding
        fail(where, f"action_id raised {type(error).__name__} ({brief(str(error), 120)}), "
                    "not IllegalAction")
    if type(i) is not int or not 0 <= i < state.game.num_distinct_actions:
        fail(where, f"action_id answered {brief(i)}, not an id 0.."
                    f"{state.game.num_distinct_actions - 1}")
    if legal and i not in state.legal_action_ids():
        fail(where, f"legal here, its id {i} is not among legal_action_ids()")


def _answer(where: str, what: str, call: Callable[[Action], Any], action: Action) -> Any:
    try:
        return call(action)
    except Exception as error:  # noqa: BLE001 - a question: it must answer
        fail(where, f"{what} raised {type(error).__name__} ({brief(str(error), 120)})")
