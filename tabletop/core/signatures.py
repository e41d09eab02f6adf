"""What ``help(game)`` and ``inspect.signature`` show for a game class: its real options.

``Game.__init__`` takes ``players`` and ``**options``, checked against the game's
``defaults``; without more, ``help(LavaFlows)`` and a notebook's call tip would show
``LavaFlows(players=None, **options)`` and hide every option. ``Game.__init_subclass__``
gives each game class the signature its ``defaults`` declare instead:

>>> import inspect
>>> import tabletop
>>> str(inspect.signature(type(tabletop.load("landlock"))))
"(players: 'int | None' = None, *, gnomes: 'str' = 'end') -> 'None'"
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any

KEYWORD = inspect.Parameter.KEYWORD_ONLY


def options_signature(defaults: Mapping[str, Any]) -> inspect.Signature:
    """``(players: int | None = None, *, <option>: <its default's type> = <default>, ...)``,
    in the order ``defaults`` gives them.

    >>> options_signature({"gnomes": "end"})
    <Signature (players: 'int | None' = None, *, gnomes: 'str' = 'end') -> 'None'>
    """
    players = inspect.Parameter("players", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                default=None, annotation="int | None")
    options = [inspect.Parameter(name, KEYWORD, default=value,
                                 annotation=type(value).__name__)
               for name, value in defaults.items()]
    return inspect.Signature([players, *options], return_annotation="None")
