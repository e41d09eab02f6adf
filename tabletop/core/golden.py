"""Golden playthroughs: a seeded random game written out step by step, to compare later.

Write one with ``python -m tabletop.core.golden GAME --players N --seed S`` (into
``tests/golden/``; add ``--option KEY=VALUE`` for each game option not at its default),
where GAME is a registered name (``lascaux``) or a game class as ``module:Class``
(``mypackage.rules:MyGame``: imported, and registered under its ``name``);
``tests/test_golden.py`` replays every file and compares the text. In Python,
``playthrough(game, seed)`` is the same text. Each step shows the position, every player's
view, the legal actions and the action taken.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import re
from pathlib import Path
from typing import Any, cast

from .errors import InvalidOption, TabletopError, UnknownGame
from .files import write_text
from .game import Game
from .plain import NotJSON, json_object, plain, whole
from .printing import say
from .quoting import brief
from .registry import load, register

HEADER = "# tabletop golden playthrough"


def filename(game: Game, seed: int) -> str:
    """``<game>-<players>p-seed<N>.txt``; each option not at its default adds
    ``-<key>=<value>`` before the seed, so games that differ only in their options write
    different files. A character some system forbids in a file name, in the game's
    registered name or an option's text, is written ``_`` (``my:game`` writes
    ``my_game-2p-seed1.txt``: on Windows the ``:`` would write an unseen stream of a file
    ``my``).

    >>> import tabletop
    >>> filename(tabletop.load("lava-flows", slide="empty"), 3)
    'lava-flows-2p-slide=empty-seed3.txt'
    """
    changed = "".join(f"-{key}={_option_text(value)}"
                      for key, value in sorted(game.options.items())
                      if value != type(game).defaults.get(key))
    return f"{_option_text(game.name)}-{game.players}p{changed}-seed{seed}.txt"


def _option_text(value: object) -> str:
    """An option's value as a file name shows it: JSON, without quotes around a string, and
    ``_`` for each character a file name cannot hold on some system (a path separator among
    them: an option's text never names a file outside ``--out``).

    >>> _option_text("../up/and:away"), _option_text(0.5)
    ('.._up_and_away', '0.5')
    """
    text = value if isinstance(value, str) else json.dumps(value)
    return _UNSAFE.sub("_", text)


#: What a file name must not hold: path separators, Windows' reserved characters, controls.
_UNSAFE = re.compile(r'[/\\:*?"<>|\x00-\x1f\x7f]')


#: Python's spellings of the two bools, read as JSON's ``true`` and ``false`` are.
PYTHON_BOOLS = {"True": True, "False": False}


def option_of(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` of the command line as ``(key, value)``: the value read as JSON
    (``3``, ``true``, ``0.5``), or Python's ``True`` and ``False`` (as a refusal shows a
    default: "like the default False"), else kept as the text.

    >>> option_of("slide=empty"), option_of("dice=1"), option_of("memory=true")
    (('slide', 'empty'), ('dice', 1), ('memory', True))
    >>> option_of("memory=True"), option_of("strict_colour=False")
    (('memory', True), ('strict_colour', False))
    """
    key, equals, value = text.partition("=")
    if not equals or not key.strip():
        raise ValueError(f"--option takes KEY=VALUE (e.g. --option cards=3), not {text!r}")
    if value.strip() in PYTHON_BOOLS:
        return key.strip(), PYTHON_BOOLS[value.strip()]
    try:
        return key.strip(), json.loads(value)
    except ValueError:
        return key.strip(), value


def playthrough(game: Game, seed: int, max_steps: int = 2000) -> str:
    """The text of a random game from ``seed`` (actions chosen by ``Random(seed)``)."""
    if not isinstance(game, Game):
        raise TypeError(f"playthrough needs a Game (tabletop.load(name)), not {brief(game)}")
    max_steps = whole(max_steps, 0, "max_steps must be an int ≥ 0")
    seed = plain(seed)
    if seed is None:  # a random seed: the file could not be played again
        raise InvalidOption("playthrough needs a seed, an int from 0 to 2**64 - 1: its file "
                            "is played again from it")
    state = game.new(seed=seed)
    rng = random.Random(seed)
    settings = {"game": game.name, "players": game.players, "options": dict(game.options),
                "seed": seed}
    out = [HEADER, json.dumps(settings, sort_keys=True)]
    for ply in range(max_steps + 1):
        out.append(f"\n=== ply {ply} · to move: {state.current_player}")
        out.append(str(state))
        for p in range(game.players):
            out.append(f"--- view of player {p}")
            out.append(str(state.view(p)))
        legal = state.legal_actions()
        out.append(f"--- {len(legal)} legal: " + ", ".join(str(a) for a in legal))
        if state.is_terminal:
            out.append(f"--- over · scores {list(state.scores)} · winners {list(state.winners)}")
            break
        action = rng.choice(legal)
        out.append(f"--- play: {action}")
        state = state.apply(action)
    return "\n".join(out) + "\n"


def settings_of(text: str) -> dict[str, Any]:
    """The game settings a golden file was written with (its second line)."""
    lines = text.splitlines()
    if len(lines) < 2 or lines[0] != HEADER:
        raise ValueError("not a golden playthrough file")
    try:
        settings = json.loads(lines[1], object_pairs_hook=json_object)
    except RecursionError:
        raise ValueError("a golden file's settings are nested too deeply") from None
    except NotJSON as twice:
        raise ValueError(f"a golden file's settings (its second line) give the key "
                         f"{brief(twice.found)} twice") from None
    except ValueError as err:  # json.JSONDecodeError
        raise ValueError(f"a golden file's settings (its second line) are not JSON: "
                         f"{err}") from None
    problem = _settings_problem(settings)
    if problem:
        raise ValueError(f"a golden file's settings (its second line) {problem}")
    return cast(dict[str, Any], settings)


def _settings_problem(settings: object) -> str:
    """What is wrong with a golden file's settings ("" if nothing)."""
    if not isinstance(settings, dict) or not {"game", "players", "options", "seed"} <= set(
            settings):
        return "should be an object with 'game', 'players', 'options' and 'seed'"
    if not isinstance(settings["game"], str):
        return f"should name the game, not {brief(settings['game'])}"
    if not isinstance(settings["options"], dict):
        return f"should hold the options as an object, not {brief(settings['options'])}"
    if {"players", "name"} & set(settings["options"]):
        return "should hold the players beside the options, and no option 'players' or 'name'"
    if type(settings["seed"]) is not int:
        return f"should hold an int seed, not {brief(settings['seed'])}"
    return ""


def regenerate(text: str) -> str:
    """The playthrough a golden file describes, played again now."""
    settings = settings_of(text)
    game = load(settings["game"], players=settings["players"], **settings["options"])
    return playthrough(game, settings["seed"])


def game_named(spec: str, players: int | None = None, **options: Any) -> Game:
    """The game a command line names, with ``players`` and ``options``: a registered name,
    or a game class as ``module:Class``, imported and registered under its ``name`` (so its
    golden files replay in this process)."""
    import tabletop  # noqa: F401  (registers the shipped games)

    if ":" in spec:
        cls = game_class_at(spec)
        register(cls.name, cls)
        return load(cls.name, players=players, **options)
    try:
        return load(spec, players=players, **options)
    except UnknownGame as err:
        raise UnknownGame(f"{err} (a game not registered here: name its class as "
                          "module:Class, e.g. mypackage.rules:MyGame)") from None


def game_class_at(spec: str) -> type[Game]:
    """The ``Game`` subclass ``"module:Class"`` names; else a ``ValueError`` saying why."""
    module, _, attr = spec.partition(":")
    if not module or not attr.isidentifier():
        raise ValueError(f"{spec!r} should be module:Class, e.g. mypackage.rules:MyGame")
    try:
        found = getattr(importlib.import_module(module), attr, None)
    except ImportError as err:
        raise ValueError(f"cannot import {module!r} ({err}); run from the folder that holds "
                         "it, or add that folder to PYTHONPATH") from None
    if not (isinstance(found, type) and issubclass(found, Game)):
        raise ValueError(f"{module} has no Game class {attr!r} (found {brief(found)})")
    if not isinstance(found.name, str) or not found.name:
        raise ValueError(f"{spec} has no name to register it under (set its name)")
    return found


def write(path: Path, text: str) -> None:
    """``text`` as the file ``path``: UTF-8 with ``\\n`` line ends whatever the platform's
    defaults (the files are compared byte for byte wherever they are replayed), written to a
    temporary file first and renamed into place, so an interrupted write leaves no file
    that looks like a golden playthrough cut short."""
    write_text(path, text)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tabletop.core.golden", description=__doc__)
    parser.add_argument("game", help="a registered name, or module:Class")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, action="append", default=None)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (repeat for more), e.g. --option cards=3")
    parser.add_argument("--out", type=Path, default=Path("tests/golden"))
    args = parser.parse_args(argv)
    try:
        options = dict(option_of(text) for text in args.option)
        game = game_named(args.game, args.players, **options)
        seeds = args.seed or [1]
        for seed in seeds:  # every seed checked before any file is written
            game.new(seed=seed)
        texts = {filename(game, seed): playthrough(game, seed) for seed in seeds}
    except (TabletopError, ValueError, TypeError) as err:
        raise SystemExit(f"python -m tabletop.core.golden: {err}") from None
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise SystemExit(f"python -m tabletop.core.golden: cannot write to {str(args.out)!r} "
                         f"({err.strerror or err}); --out names a folder") from None
    for name, text in texts.items():
        try:
            write(args.out / name, text)
        except OSError as err:  # the file's own path (a folder of its name, say)
            raise SystemExit(f"python -m tabletop.core.golden: cannot write "
                             f"{str(args.out / name)!r} ({err.strerror or err})") from None
        say(f"wrote {args.out / name}")


if __name__ == "__main__":
    main()
