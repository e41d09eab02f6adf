"""``tabletop.play``: a ``GameWidget`` for a game name, a ``Game``, a ``State`` or a record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.choices import did_you_mean
from ..core.errors import InvalidOption
from ..core.game import Game, State
from ..core.quoting import brief
from ..core.record import read
from ..core.registry import game_class, load
from .frontend import playing_instead, terminal_command, warn_if_shown_nowhere
from .game import GameWidget
from .records import read_record

#: Options that go to the widget; any others go to ``tabletop.load`` with the name.
WIDGET_OPTIONS = ("bots", "view", "hot_seat", "agent_delay", "resolution", "panel_delay",
                  "move_time", "paused")
#: ``play``'s own keyword arguments.
PLAY_OPTIONS = ("seed", "setup", "ply")


def play(game: str | Game | State | dict[str, Any], *, seed: int | None = None,
         setup: str = "decide", ply: int | None = None,
         bots: Mapping[int, Any] | None = None, view: int | str | None = "auto",
         hot_seat: bool = False, agent_delay: float = 0.6, resolution: float = 2.0,
         panel_delay: float = 0.05, move_time: float | None = None, paused: bool = False,
         **options: Any) -> GameWidget:
    """The interactive widget.

    ``game`` is a registered name (``players=`` and game options then go to ``load``), a
    ``Game``, a ``State`` (its history stays reachable on the timeline) or a saved record
    (a dict or its JSON text; ``ply=`` opens it there; a bad one raises ``InvalidRecord``
    saying what is wrong). ``seed`` and ``setup`` go to ``game.new`` (with a State or a
    record they are refused: no game starts); ``bots={1: "random"}``, ``view="auto"`` (the
    one human's view when bots fill the other seats), ``"full"``, ``"public"`` (an
    audience's: no one's secrets) or a player, ``hot_seat=True``, ``agent_delay=``,
    ``panel_delay=``, ``move_time=`` (seconds), ``paused=`` (bots wait for "Bot move" or the
    Pause toggle let go) and ``resolution=`` go to the widget (``GameWidget``, whose
    defaults these are).
    """
    widget_kw: dict[str, Any] = dict(bots=bots, view=view, hot_seat=hot_seat,
                                     agent_delay=agent_delay, resolution=resolution,
                                     panel_delay=panel_delay, move_time=move_time,
                                     paused=paused)
    record = _as_record(game)
    if record is None and ply is not None:
        raise InvalidOption("ply= opens a record at that ply: it applies only when play() is "
                            "given a record")
    if record is not None:
        if seed is not None or setup != "decide":
            raise InvalidOption("seed= and setup= start a new game: they apply only when "
                                "play() is given a game's name or a Game, not a record")
        _no_game_options(options, "a record")
        opened = read_record(record, ply)  # a bad record: InvalidRecord before any widget
        # no bot moves before the record is open (as after ``load``): none is thrown away
        widget = GameWidget(opened.end, seed=record.get("seed"), start_bots=False,
                            **widget_kw)
        widget.load(record, ply)
        warn_if_shown_nowhere(widget, playing_instead("python -m tabletop play RECORD.json"))
        return widget
    asked = game  # (for the terminal command, said once the widget has checked its bots)
    if isinstance(game, str):
        _check_options(game, options)
        game = load(game, **options)
    elif options:
        _no_game_options(options, "a Game or a State")
    if isinstance(game, Game):
        state = game.new(seed=seed, setup=setup)
    elif isinstance(game, State):
        if seed is not None:  # (it seeded only the bots, as the state's own seed does)
            raise InvalidOption("seed= starts a new game: it applies only when play() is given "
                                "a game's name or a Game, not a State, whose bots are seeded "
                                "from its own seed")
        if setup != "decide":
            raise InvalidOption("setup= starts a new game: it applies only when play() is given "
                                "a game's name or a Game, not a State")
        state = game
    else:
        raise TypeError(f"play() takes a game name, a Game, a State or a record, not "
                        f"{brief(game)}")
    widget = GameWidget(state, seed=state.seed, **widget_kw)
    command = terminal_command(asked, seed=seed, setup=setup, bots=bots, options=options)
    warn_if_shown_nowhere(widget, playing_instead(command))
    return widget


def _as_record(game: Any) -> dict[str, Any] | None:
    """``game`` as a record, if it is one (a dict, or text that starts like JSON)."""
    if isinstance(game, dict) or isinstance(game, str) and game.lstrip()[:1] in ("{", "["):
        return read(game)
    return None


def _check_options(name: str, options: dict[str, Any]) -> None:
    """Every option is the widget's or the game's: else ``InvalidOption`` naming the nearest.

    >>> _check_options("lascaux", {"bot": {1: "mcts"}})
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidOption: play() has no option 'bot'; did you mean 'bots'? ...
    """
    allowed = ("players", *game_class(name).defaults)  # a wrong name: UnknownGame
    for key in sorted(options, key=str):
        if key not in allowed:
            ours = (*WIDGET_OPTIONS, *PLAY_OPTIONS)
            raise InvalidOption(f"play() has no option {brief(key)}; "
                                f"{did_you_mean(key, (*ours, *allowed))}options: "
                                f"{', '.join(ours)} for the widget, {', '.join(allowed)} "
                                f"for {name}")


def _no_game_options(options: dict[str, Any], what: str) -> None:
    if options:
        names = ", ".join(sorted(options))
        raise InvalidOption(f"game options ({names}) apply only when play() is given a name, "
                            f"not {what}; options for the widget: {', '.join(WIDGET_OPTIONS)}")
