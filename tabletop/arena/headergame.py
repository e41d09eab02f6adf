"""A tournament dataset's header checked against the registry: its game, player count and
options must load as a game, with the options a game of it fills in (what its records hold).
``load(path, verify=True)`` checks so, with or without games stored.

>>> header_game_problem({"game": "lacuna", "players": 3, "options": {}})
"'players' is 3, and lacuna is played by 2 players, not 3"
>>> header_game_problem({"game": "lascaux", "players": 3, "options": {"strict_colour": False}})
''
"""

from __future__ import annotations

import json
from typing import Any

from ..core.errors import InvalidOption, UnknownGame
from ..core.quoting import brief, cut
from ..core.registry import load


def header_game_problem(header: dict[str, Any]) -> str:
    """What is wrong with the game, players and options of ``header`` (already checked for
    their types), as the registry loads them; ``""`` if nothing."""
    name, players, options = header["game"], header["players"], header["options"]
    try:
        load(name)
    except UnknownGame as err:
        return f"'game' is {brief(name)}: {cut(str(err))}"
    try:
        game = load(name, players=players)
    except InvalidOption as err:
        return f"'players' is {brief(players)}, and {cut(str(err))}"
    try:
        game = load(name, players=players, **options)
    except (InvalidOption, TypeError, ValueError) as err:
        return f"'options' are {brief(options)}, and {cut(str(err))}"
    filled = json.loads(json.dumps(dict(game.options)))
    if options != filled:
        return (f"'options' are {brief(options)}, and {name} fills them in as "
                f"{brief(filled)} (what its games' records hold)")
    return ""
