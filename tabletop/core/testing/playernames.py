"""A game's players' names are names every surface can show (``check_player_names``).

``Game.player_name`` is read by the widget's seats bar, turn line, move log and hot-seat
cover, the score breakdown, the tree widget and the texts. So each name is text as
``tabletop.core.names.spelt`` reads a name — non-empty, in Unicode's composed form (NFC),
without surrounding spaces, control characters, text-direction controls or half characters
— and no two players share a name (however their case or accents are typed), or the log and
the seats bar could not say who is who.

>>> import tabletop
>>> check_player_names(tabletop.load("lascaux", players=5))
"""

from __future__ import annotations

from ..game import Game
from ..names import spelt
from .common import ConformanceError, fail


def check_player_names(game: Game) -> None:
    """Every ``game.player_name(p)`` is a showable name and no two are alike; else a
    ``ConformanceError`` naming the player and why."""
    seen: dict[str, int] = {}
    for player in range(game.players):
        where = f"{game.name} player_name({player})"
        name = game.player_name(player)
        try:
            shown = spelt(name, "a player's name")
        except (TypeError, ValueError) as err:
            raise ConformanceError(f"{where}: {err}: it is shown in the seats bar, the turn "
                                   "line, the move log and the pictures") from None
        if shown != name:
            fail(where, f"{ascii(name)} should be written {ascii(shown)} (accents composed, "
                        "no surrounding spaces), as every name typed in is read")
        key = shown.casefold()
        if key in seen:
            fail(where, f"{name!r} is also player {seen[key]}'s name: the move log and the "
                        "seats bar could not tell them apart")
        seen[key] = player
