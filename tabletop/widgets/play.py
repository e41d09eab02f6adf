"""``tabletop.play``: a ``GameWidget`` for a game name, a ``Game``, a ``State`` or a record."""

from __future__ import annotations

import json
from typing import Any

from ..core.errors import InvalidOption
from ..core.game import Game, State
from ..core.record import replay
from ..core.registry import load
from .game import GameWidget

#: Options that go to the widget; any others go to ``tabletop.load`` with the name.
WIDGET_OPTIONS = ("bots", "view", "hot_seat", "bot_delay", "resolution", "panel_delay")


def play(game: str | Game | State | dict[str, Any], *, seed: int | None = None,
         setup: str = "decide", ply: int | None = None, **options: Any) -> GameWidget:
    """The interactive widget.

    ``game`` is a registered name (``players=`` and game options then go to ``load``), a
    ``Game``, a ``State`` (its history stays reachable on the timeline) or a saved record
    (a dict or its JSON text; ``ply=`` opens it there). ``seed`` and ``setup`` go to
    ``game.new``; ``bots={1: "random"}``, ``view="auto"`` (the one human's view when bots
    fill the other seats), ``"full"`` or a player, ``hot_seat=True``,
    ``bot_delay=``, ``panel_delay=`` (seconds) and ``resolution=`` go to the widget.
    """
    widget_kw = {k: options.pop(k) for k in WIDGET_OPTIONS if k in options}
    record = _as_record(game)
    if record is not None:
        _no_game_options(options, "a record")
        widget = GameWidget(replay(record), seed=record.get("seed"), **widget_kw)
        if ply is not None or isinstance(record.get("ply"), int):
            widget.load(record, ply)
        return widget
    if isinstance(game, str):
        game = load(game, **options)
    elif options:
        _no_game_options(options, "a Game or a State")
    if isinstance(game, Game):
        state = game.new(seed=seed, setup=setup)
    elif isinstance(game, State):
        state = game
    else:
        raise TypeError(f"play() takes a game name, a Game, a State or a record, not {game!r}")
    return GameWidget(state, seed=state.seed if seed is None else seed, **widget_kw)


def _as_record(game: Any) -> dict[str, Any] | None:
    if isinstance(game, dict):
        return game
    if isinstance(game, str) and game.lstrip().startswith("{"):
        loaded = json.loads(game)
        return loaded if isinstance(loaded, dict) else None
    return None


def _no_game_options(options: dict[str, Any], what: str) -> None:
    if options:
        names = ", ".join(sorted(options))
        raise InvalidOption(f"game options ({names}) apply only when play() is given a name, "
                            f"not {what}; options for the widget: {', '.join(WIDGET_OPTIONS)}")
