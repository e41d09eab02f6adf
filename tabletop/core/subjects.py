"""What a game's own methods take: a position of the game, and one of its players.

``game.draw(subject)`` and ``game.parse_action(subject, text)`` take a state or view of the
same game (another game's would trip its renderer or parser up), and ``game.player_name(p)``
one of its players, and ``game.describe(action, actor, viewer)`` an action and two players
(each may be ``None``: nobody's action, the omniscient viewer); ``Game.__init_subclass__``
wraps each game's own. Anything else is refused with a ``TypeError`` or ``ValueError`` that
says so.

>>> import tabletop
>>> lascaux = tabletop.load("lascaux")
>>> lascaux.draw(tabletop.load("landlock").new(seed=1))
Traceback (most recent call last):
...
TypeError: lascaux.draw() takes a lascaux state or view, not a LandlockState
>>> lascaux.player_name(7)
Traceback (most recent call last):
...
ValueError: player_name() takes a player 0..2, not 7
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from .action import Action, of_game
from .plain import plain_fields, player_of
from .public import viewer_of
from .quoting import brief
from .wellformed import field_problem

if TYPE_CHECKING:
    from .game import Game

R = TypeVar("R")


def own_subject(game: Game, subject: object, method: str) -> None:
    """Refuse ``subject`` unless it is a state or view of ``game``'s kind."""
    found = getattr(subject, "game", None)
    if getattr(found, "name", None) != game.name or not hasattr(subject, "legal_actions"):
        shown = f"a {type(subject).__name__}" if found is not None else brief(subject)
        raise TypeError(f"{game.name}.{method}() takes a {game.name} state or view, not "
                        f"{shown}")


def named_players(method: Callable[[Any, int], R]) -> Callable[[Any, int], R]:
    """A game's ``player_name`` that refuses what is not one of its players."""

    @functools.wraps(method)
    def player_name(game: Any, player: int) -> R:
        rule = f"player_name() takes a player 0..{game.players - 1}"
        return method(game, player_of(player, game.players, rule))

    return player_name


def described(method: Callable[[Any, Any, Any, Any], R]) -> Callable[[Any, Any, Any, Any], R]:
    """A game's ``describe`` that refuses what is not an action, or not a player or ``None``."""

    @functools.wraps(method)
    def describe(game: Any, action: Any, actor: Any, viewer: Any) -> R:
        if not isinstance(action, Action) or not of_game(action, game):
            raise TypeError(f"describe() takes an action of {game.name}, not {brief(action)}")
        players = game.players
        rule = f"describe() takes players 0..{players - 1} or None"
        actor = None if actor is None else player_of(actor, players, f"{rule} as actor")
        # "public": the audience, a seat past the last player's that acts on nothing
        viewer = None if viewer is None else viewer_of(viewer, players,
                                                        f"{rule} as viewer")
        try:
            return method(game, action, actor, viewer)
        except Exception as err:  # a field of a wrong type, or out of every table (cell 999)
            problem = field_problem(plain_fields(action))
            if problem is not None:
                raise TypeError(f"describe() takes a well-formed action of {game.name}: "
                                f"{problem}") from None
            raise ValueError(f"describe() cannot name {brief(action)} in {game.name}'s "
                             f"notation ({type(err).__name__})") from None

    return describe
