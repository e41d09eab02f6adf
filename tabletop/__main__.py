"""``python -m tabletop``: tabletop in a terminal, without Jupyter.

``python -m tabletop play GAME [--players N] [--seed S] [--setup random] [--bot SEAT=AGENT]
[--option KEY=VALUE]`` plays a game by typing moves (``tabletop.terminal``); GAME is a
registered name (``python -m tabletop games`` lists them) or a saved record's file.
``python -m tabletop show RECORD`` prints a record's final position as text.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .core.choices import unknown
from .core.errors import TabletopError
from .core.printing import say


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tabletop", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("games", help="list the games")
    p = commands.add_parser("play", help="play a game by typing moves")
    p.add_argument("game", help="a game's name, or a record's .json file to go on from")
    p.add_argument("--players", type=int, help="the number of players")
    p.add_argument("--seed", type=int, help="the seed of every chance event")
    p.add_argument("--setup", default="decide", choices=("decide", "random"),
                   help="random: secret setup choices made at random for everyone")
    p.add_argument("--bot", action="append", default=[], metavar="SEAT=AGENT",
                   help="a bot in a seat, e.g. 1=mcts (random, mcts-weak, mcts, mcts-strong)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option (its value read as JSON, or as text)")
    s = commands.add_parser("show", help="print a record's final position as text")
    s.add_argument("record", help="a record's .json file")
    words = sys.argv[1:] if argv is None else argv
    if words and not words[0].startswith("-") and words[0] not in commands.choices:
        say(f"{parser.prog}: error: {unknown('command', words[0], commands.choices)}",
            sys.stderr)
        return 2
    args = parser.parse_args(argv)
    from . import games, load, replay
    from .terminal import play_text
    try:
        if args.command == "games":
            say("\n".join(games()))
            return 0
        if args.command == "show":
            state = replay(_read(args.record))
            say(state)
            return 0
        bots = {_seat(key): name for key, name in _pairs(args.bot, "--bot").items()}
        options: dict[str, Any] = {key: _value(value) for key, value in
                                   _pairs(args.option, "--option").items()}
        if args.players is not None:
            if "players" in options:
                raise ValueError("--players and --option players=... both set the number "
                                 "of players: give one")
            options["players"] = args.players
        if args.game.endswith(".json") or Path(args.game).is_file():
            if options or args.seed is not None or args.setup != "decide":
                parser.error("a record carries its own players, seed, setup and "
                             "options")
            play_text(replay(_read(args.game)), bots=bots)
        else:
            game = load(args.game, **options)  # (an option named like a parameter of
            play_text(game, seed=args.seed, setup=args.setup, bots=bots)  # play_text's: no)
    except (TabletopError, OSError, TypeError, ValueError) as err:
        say(f"{parser.prog}: error: {err}", sys.stderr)
        return 2
    except KeyboardInterrupt:
        say("\nStopped.", sys.stderr)
        return 130
    return 0


def _read(path: str) -> str:
    """A record file's text."""
    return Path(path).read_text(encoding="utf-8")


def _pairs(texts: list[str], flag: str) -> dict[str, str]:
    """The ``KEY=VALUE`` texts of a repeated ``flag``, split; a key given twice is refused
    (``1`` and ``01`` are one seat).

    >>> _pairs(["1=mcts", "01=random"], "--bot")
    Traceback (most recent call last):
    ...
    ValueError: --bot gives seat 1 twice ('1=mcts', then '01=random'): give each once
    """
    pairs: dict[str, str] = {}
    first: dict[str, str] = {}
    for text in texts:
        key, sep, value = text.partition("=")
        if not sep or not key or not value:
            raise ValueError(f"{flag} takes KEY=VALUE, not {text!r}")
        same = f"seat {_seat(key)}" if flag == "--bot" else repr(key)
        if same in first:
            raise ValueError(f"{flag} gives {same} twice ({first[same]!r}, then {text!r}): "
                             f"give each once")
        first[same] = text
        pairs[key] = value
    return pairs


def _seat(text: str) -> Any:
    """A ``--bot`` seat: a player's number (other text is kept, for ``play_text`` to refuse
    naming the number a player's name stands for)."""
    try:
        return int(text)
    except ValueError:
        return text


def _value(text: str) -> object:
    """An option's value: JSON where it reads as JSON (numbers, true/false), else the text."""
    import json

    try:
        return json.loads(text)
    except ValueError:
        return text


if __name__ == "__main__":
    sys.exit(main())
