"""What a game must declare before the conformance suite can check it, checked first.

Besides its rules, a game declares its integer actions (``Game._action_space()``), a bound
on its length (``Game.max_game_length``) and its observation tensor
(``Game.observation_shape`` and ``View._observation()``): AI libraries read them, and
``check_game`` checks each at every step. A game that leaves one out fails here with a
``ConformanceError`` naming what to define and why, not with the base class's bare
``NotImplementedError`` from deep inside a check.

It also checks the players' names can be shown (``playernames.py``), the classes its reprs
name can be imported from its package (``exports.py``), the game is
registered under its name (``check_registered``): records name
their game, and the suite replays them with ``tabletop.replay``; and that its
``rule_changes`` are dated, in order (``check_rule_changes``): ``replay`` quotes them when an
older record no longer replays.

>>> import tabletop
>>> check_declarations(tabletop.load("lascaux"))
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from ..errors import UnknownGame
from ..game import Game
from ..registry import game_class
from .common import ConformanceError
from .exports import check_exports
from .playernames import check_player_names

#: What ``check_declarations`` asks for: the name to define, why, and how to read it.
REQUIRED: tuple[tuple[str, str, Callable[[Game, int], object]], ...] = (
    ("Game._action_space()",
     "the game's numbering of its actions (an ActionTable in actions.py): the suite checks "
     "action ids and legal masks, and OpenSpiel and PettingZoo play by them",
     lambda game, seed: game.num_distinct_actions),
    ("Game.max_game_length",
     "a bound on the plies of any game, proven from the rules: the suite checks that every "
     "game ends within it, and the adapters report it",
     lambda game, seed: game.max_game_length),
    ("Game.observation_shape",
     "the shape of every view's tensor: the suite checks each tensor against it",
     lambda game, seed: game.observation_shape),
    ("View._observation()",
     "the view's tensor (built in tensor.py from the view's fields): the suite checks it "
     "hides what the view hides and keeps what the player knows",
     lambda game, seed: game.new(seed=seed).view(0)._observation()),
)


def check_declarations(game: Game, seed: int = 0) -> None:
    """Each of ``REQUIRED`` is defined (the tensor: of player 0's view at ``new(seed)``);
    one that raises ``NotImplementedError`` is a ``ConformanceError`` naming it and why it
    is needed (see ``docs/adding-a-game.md``). Other errors are left to the checks that
    follow, which say where and how."""
    check_registered(game)
    check_rule_changes(game)
    check_player_names(game)
    for name, why, read in REQUIRED:
        try:
            read(game, seed)
        except NotImplementedError as err:
            said = f" ({err})" if str(err) else ""
            raise ConformanceError(
                f"{game.name}: the game must define {name}{said}: {why} (see "
                "docs/adding-a-game.md, 'What the conformance suite needs')") from None
        except Exception:  # noqa: S112  (defined, but wrong: the checks that follow say how)
            continue
    check_exports(game, seed)


def check_registered(game: Game) -> None:
    """``game``'s class is the one registered under its ``name``, else a ``ConformanceError``
    saying how to register it (the suite replays records, which name their game)."""
    cls, name = type(game), game.name
    how = (f"tabletop.core.registry.register({name!r}, {cls.__name__}) before checking it "
           "(records name their game, and the suite replays them)")
    try:
        registered = game_class(name)
    except UnknownGame:
        raise ConformanceError(f"{name}: no game is registered under this name: call "
                               f"{how}") from None
    if registered is not cls:
        raise ConformanceError(f"{name}: the name is registered to {registered.__module__}."
                               f"{registered.__qualname__}, not to {cls.__module__}."
                               f"{cls.__qualname__}: give the class a name of its own, or call "
                               f"{how}")


#: One of ``Game.rule_changes``: the day of the change (``, scores`` after it for a change of
#: the scores alone, which no move's legality depends on), then what changed.
_DATED = re.compile(r"(\d{4}-\d{2}-\d{2})(?:, scores)?: \S.*", re.DOTALL)


def check_rule_changes(game: Game) -> None:
    """``Game.rule_changes`` is a tuple of ``"YYYY-MM-DD: what changed"`` texts (``"YYYY-MM-DD,
    scores: …"`` for a change of the scores alone), oldest first: ``replay`` names them, and
    the last date, when a record fails to replay (a refused move: only those that are not
    of the scores alone).

    >>> import tabletop
    >>> check_rule_changes(tabletop.load("landlock"))
    """
    changes = type(game).rule_changes
    if not isinstance(changes, tuple):
        raise ConformanceError(f"{game.name}: rule_changes should be a tuple of "
                               f"'YYYY-MM-DD: what changed' texts, not {type(changes).__name__}")
    days: list[date] = []
    for change in changes:
        found = _DATED.fullmatch(change) if isinstance(change, str) else None
        day = _day(found.group(1)) if found else None
        if day is None:
            raise ConformanceError(f"{game.name}: rule change {change!r} should read "
                                   "'YYYY-MM-DD: what changed' (replay quotes the date to "
                                   "say which older records it cannot replay)")
        days.append(day)
    if days != sorted(days):
        raise ConformanceError(f"{game.name}: rule_changes should run oldest first, so that "
                               f"replay names the latest; they are dated {days}")


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None
