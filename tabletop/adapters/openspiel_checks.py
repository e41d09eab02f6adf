"""What the OpenSpiel adapter checks of what it is given (``tabletop.adapters.openspiel``):
action ids, players, a resampler's draws, serialized text and its history.

Each refuses in words (``IllegalAction``, ``ValueError``, ``TypeError``, ``InvalidRecord``)
what OpenSpiel itself would take quietly (``True`` as player 1), answer with a C++ check
message, or crash on.

>>> player_arg(np.int64(1), 3, chance=False)
1
>>> player_arg(True, 3, chance=True)
Traceback (most recent call last):
...
ValueError: player must be 0 .. 2 (or -1: chance), not True
>>> draw_seed(0.5)
4503599627370496
"""

from __future__ import annotations

import base64
import binascii
import math
import numbers
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.core.errors import IllegalAction, InvalidRecord
from tabletop.core.ids import action_space, id_hint
from tabletop.core.plain import plain
from tabletop.core.quoting import brief

from .openspiel_unpickle import dict_problem

if TYPE_CHECKING:
    from tabletop.core.game import Game, State

#: OpenSpiel's id of the chance player.
CHANCE = -1
#: The lines of OpenSpiel's serialization of a Python game's state, in order.
TAGS = ("history=", "move_number=", "__dict__=")


def player_arg(player: object, players: int, *, chance: bool) -> int:
    """``player`` as an int ``0 .. players - 1`` (or ``-1``, chance, if ``chance``); numpy's
    ints too. Else a ``ValueError``: a bool is no player (OpenSpiel would read ``True``
    as player 1), nor is a float, a string or a pseudo-player such as ``-4``."""
    found = plain(player)
    if type(found) is int and (0 <= found < players or (chance and found == CHANCE)):
        return found
    also = f" (or {CHANCE}: chance)" if chance else ""
    raise ValueError(f"player must be 0 .. {players - 1}{also}, not {brief(player)}")


def player_checked(method: Callable[..., Any], name: str) -> Callable[..., Any]:
    """OpenSpiel's state method ``name`` (``method``), whose argument is a player, with the
    player checked by the state's ``_player``: a bool, a float or a player outside the game
    is a ``ValueError``. Without a player at the chance node or the end (where no player is
    to move), a ``SpielError`` saying to pass one (OpenSpiel's own says ``player >= 0``)."""

    defaults = name.endswith(("_tensor", "_string"))  # of the player to move by default

    def checked(self: Any, *args: Any) -> Any:
        if not args and defaults and self.current_player() < 0:  # no one to move: say so
            import pyspiel

            node = "the chance node" if self.is_chance_node() else "the end of the game"
            raise pyspiel.SpielError(
                f"{name}() is of the player to move, and at {node} no player is: pass one, "
                f"{name}(player) with player 0 .. {self.num_players() - 1}")
        return method(self, *(self._player(arg) for arg in args))

    checked.__name__ = checked.__qualname__ = name
    checked.__doc__ = (f"OpenSpiel's ``{name}([player])``, the player one of the game's "
                       "(numpy's ints too; a bool is no player).")
    return checked


def action_arg(action: object, size: int, subject: State | None = None) -> int:
    """``action`` as an int if it is one (numpy's integers and 0-d integer arrays too, as
    OpenSpiel takes them); else ``IllegalAction``: a bool, float, string, ``None`` or array
    is no action id (OpenSpiel itself would take ``True`` as 1), nor is a negative int.
    An id of 2**63 or more (more than OpenSpiel's 64-bit ids hold) is refused as out of
    ``0 .. size - 1``; the node's own check says what is legal of the others. An Action or
    notation is told how to get its id at ``subject`` (the tabletop state, if given)."""
    if isinstance(action, np.ndarray) and action.shape == () \
            and np.issubdtype(action.dtype, np.integer):
        action = action.item()
    action = plain(action)
    if isinstance(action, bool) or not isinstance(action, int):
        raise IllegalAction(f"an action id must be an int (numpy's integers too), not "
                            f"{brief(action)}{id_hint(subject, action)}")
    if action < 0:
        raise IllegalAction(f"action id {action} is negative: ids start at 0 "
                            "(legal_actions() lists them)")
    if action >= 2**63:
        raise IllegalAction(f"action id {brief(action)} is out of range 0..{size - 1}")
    return action


def sample(probability_sampler: object) -> object:
    """What OpenSpiel's ``probability_sampler`` (a function of no arguments) draws; a
    ``TypeError`` saying what it should be for anything else, such as a tabletop resampler
    (which is for ``ISMCTSBot.set_resampler``).

    >>> sample(lambda: 0.25)
    0.25
    >>> sample(5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: probability_sampler should be a function of no arguments that returns ..., not 5
    """
    said = ("probability_sampler should be a function of no arguments that returns a number "
            "from 0 to 1 (such as random.random)")
    if not callable(probability_sampler):
        raise TypeError(f"{said}, not {brief(probability_sampler)}")
    try:
        return probability_sampler()
    except TypeError as error:
        raise TypeError(f"{said}: called with none, {brief(probability_sampler)} raised "
                        f"TypeError: {error}") from error


def draw_seed(drawn: object) -> int:
    """A seed for ``random.Random`` from what OpenSpiel's ``probability_sampler`` drew (a
    number from 0 to 1); anything else is a ``ValueError`` (a string would be repeated
    2**53 times)."""
    if isinstance(drawn, numbers.Real) and not isinstance(drawn, bool) \
            and math.isfinite(float(drawn)) and 0.0 <= float(drawn) <= 1.0:
        return int(float(drawn) * 2**53)
    raise ValueError(f"probability_sampler() must return a number from 0 to 1, not "
                     f"{brief(drawn)}")


def text_problem(text: str) -> str | None:
    """What makes ``text`` no serialized state of a Python OpenSpiel game (its three lines
    ``history=…``, ``move_number=…``, ``__dict__=`` and base64 of a pickle that names only
    what a tabletop state's does: ``openspiel_unpickle``), or ``None``."""
    lines = text.split("\n")
    if len(lines) != len(TAGS) or not all(map(str.startswith, lines, TAGS)):
        return ("a serialized state has three lines, history=…, move_number=… and "
                f"__dict__=…, not {brief(text)}")
    try:
        raw = base64.b64decode(lines[2][len(TAGS[2]):], validate=True)
    except (binascii.Error, ValueError):
        return "its __dict__= line is not base64"
    return dict_problem(raw)  # before OpenSpiel unpickles it: nothing but a state loads


def history_ids(game: Game, state: State, chance: bool) -> list[int]:
    """The OpenSpiel history of ``state``: its seed (if a chance node drew it) and the id
    of each action of its history."""
    space = action_space(game)
    ids = [space.id_of(action) for action in state.history]
    head = [state.seed] if chance and state.seed is not None else []
    return head + [-1 if i is None else i for i in ids]


def history_problem(found: Sequence[int], move_number: int, expected: Sequence[int]) -> str | None:
    """What makes the OpenSpiel history ``found`` (and its ``move_number``) no history of a
    state whose whole history is ``expected``, or ``None``. ``found`` may be a tail of it
    (a resampled state starts a fresh history, as a state wrapped mid-game once did:
    its text still reads) or empty (a clone, whose history
    OpenSpiel copies after the state)."""
    found = list(found)
    if move_number != len(found):
        return (f"move_number differs: expected {len(found)} (the moves in its history), "
                f"found {move_number}")
    if found and (len(found) > len(expected) or list(expected[-len(found):]) != found):
        return (f"history differs: expected the ids {brief(list(expected))} (or their "
                f"last ones), found {brief(found)}")
    return None


def foreign_game(mine: Game, found: Game) -> str | None:
    """What makes ``found`` another game than ``mine`` (the first of name, players and
    options that differs, expected and found), or ``None`` if they are equal."""
    if found is mine or found == mine:
        return None
    if found.name != mine.name:
        return f"game differs: expected {mine.name!r}, found {found.name!r}"
    if found.players != mine.players:
        return f"players differ: expected {mine.players}, found {found.players}"
    for key in sorted({*mine.options, *found.options}):
        if mine.options.get(key) != found.options.get(key):
            return (f"option {key!r} differs: expected {brief(mine.options.get(key))}, "
                    f"found {brief(found.options.get(key))}")
    return f"game differs: expected {mine!r}, found {found!r}"  # pragma: no cover


def mismatch(game: Any, state: State) -> str | None:
    """What makes ``state`` no state of ``game`` (the first field that differs, expected
    and found), or ``None``: its game, players and options, and its seed (the fixed seed
    of ``seed=``, else one of the chance node's seeds; a determinized state has none)."""
    wrong = foreign_game(game.tabletop, state.game)
    if wrong is not None:
        return wrong
    seed = state.seed
    if seed is not None and game.seed is not None and seed != game.seed:
        return f"seed differs: expected {game.seed} (the game's seed=), found {seed}"
    if seed is not None and game.seed is None and not 0 <= seed < game.seeds:
        return (f"seed differs: expected a chance outcome 0 .. {game.seeds - 1}, "
                f"found {seed}")
    return None


def observation_kind(kind: Any, pyspiel: Any) -> None:
    """Refuse an observer type that is no ``pyspiel.IIGObservationType`` (``TypeError``)."""
    if kind is not None and not isinstance(kind, pyspiel.IIGObservationType):
        raise TypeError(f"iig_obs_type should be a pyspiel.IIGObservationType or None, not "
                        f"{brief(kind)}")


def invalid(error: Exception) -> InvalidRecord:
    """An error met while reading serialized text, as the ``InvalidRecord`` it stands for."""
    if isinstance(error, InvalidRecord):
        return error
    return InvalidRecord(f"the serialized state could not be read: {type(error).__name__}: "
                         f"{brief(str(error))}")


def notation_id(state: Any, text: object, named: Mapping[str, int]) -> int | None:
    """The id of the legal action ``text`` names: ``named`` maps each legal one's
    ``action_to_string`` to its id, read in any case and spacing (``"SEED 3"``), or else
    tabletop's notation as ``state.apply`` reads it (Lacuna's ``@0.5`` as ``@1/2``);
    ``None`` if it names none of them. ``state`` is ``None`` at the chance node.

    >>> notation_id(None, "  SEED 3", {"seed 3": 3})
    3
    """
    if not isinstance(text, str) or not named:
        return None
    spelt = {" ".join(k.split()).lower(): a for k, a in named.items()}
    found = spelt.get(" ".join(text.split()).lower())
    if found is not None or state is None:
        return found
    try:
        found = state.action_id(state.game.parse_action(state, text))
    except IllegalAction:
        return None
    return found if found in named.values() else None


def disagreement(expected: Any, found: Any) -> str | None:
    """The first OpenSpiel query on which the state ``found`` answers otherwise than
    ``expected`` (say, a tabletop state wrapped mid-game and the same state reached by
    ``apply_action`` from the start), expected and found; ``None`` if they agree on all:
    the player, the history (``history``, ``full_history``, ``history_str``,
    ``move_number``, a clone's), the legal actions, returns, text, ``serialize`` and every
    player's information-state and observation strings and tensors."""

    def answers(state: Any) -> dict[str, Any]:
        found = {"current_player": state.current_player(),
                 "is_terminal": state.is_terminal(), "history": state.history(),
                 "full_history": [(p.player, p.action) for p in state.full_history()],
                 "history_str": state.history_str(), "move_number": state.move_number(),
                 "clone().history": state.clone().history(), "str": str(state),
                 "legal_actions": state.legal_actions(), "returns": state.returns(),
                 "serialize": state.serialize()}
        for player in range(state.num_players()):
            for query in ("information_state_string", "information_state_tensor",
                          "observation_string", "observation_tensor"):
                found[f"{query}({player})"] = list(getattr(state, query)(player))
        return found

    mine, theirs = answers(expected), answers(found)
    for query, value in mine.items():
        if theirs[query] != value:
            return f"{query} differs: expected {brief(value)}, found {brief(theirs[query])}"
    return None
