"""Whether a widget can be seen: a widget made in plain ``python``, a script or the IPython
terminal has no Jupyter front end, and would show nothing but its one-line repr.

``tabletop.play`` and ``TreeWidget`` then warn (:class:`NoFrontEnd`, once per line that
calls them, as Python shows warnings) and name what works in a terminal instead:
``python -m tabletop play`` (``tabletop.terminal``), ``print(state)``, ``print(tree)``. In a
notebook, Voilà or any kernel the widget's comm is a kernel's, and nothing is said.

>>> class Unlinked:
...     comm = None
>>> shown_nowhere(Unlinked())
True
>>> terminal_command("landlock", seed=3, setup="decide", bots={1: "mcts"}, options={})
'python -m tabletop play landlock --seed 3 --bot 1=mcts'
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Mapping
from typing import Any

from ..core.warn import warn

__all__ = ["TREE_INSTEAD", "NoFrontEnd", "playing_instead", "shown_nowhere", "terminal_command",
           "warn_if_shown_nowhere"]

#: The start of the warning's text (a filter may match it: ``-W "ignore:No Jupyter front"``).
OPENING = "No Jupyter front end to show this widget"


class NoFrontEnd(UserWarning):
    """A widget was made in a process no Jupyter front end is connected to (plain ``python``,
    a script, the IPython terminal): nothing will draw it."""


def shown_nowhere(widget: Any) -> bool:
    """Whether ``widget`` talks to no front end: its comm is ipywidgets' stand-in for a
    process without a kernel (``comm.DummyComm``), or a kernel comm with no kernel."""
    link = getattr(widget, "comm", None)
    if link is None:
        return True
    if type(link).__name__ == "DummyComm":
        return True
    return getattr(link, "kernel", True) is None


def terminal_command(game: Any, *, seed: int | None, setup: str,
                     bots: Mapping[int, Any] | None, options: Mapping[str, Any]) -> str:
    """The ``python -m tabletop play`` line that plays the same game in a terminal (what a
    command line can say: a name's options and bots given by name)."""
    from ..core.game import Game, State

    if isinstance(game, State):  # its moves so far: a record file carries them
        return "python -m tabletop play RECORD.json (a file of state.to_record())"
    name = game.name if isinstance(game, Game) else game if isinstance(game, str) else "GAME"
    words = ["python", "-m", "tabletop", "play", name]
    if isinstance(game, Game) and game.players != game.player_counts[0]:
        words += ["--players", str(game.players)]
    if "players" in options:
        words += ["--players", str(options["players"])]
    if seed is not None:
        words += ["--seed", str(seed)]
    if setup != "decide":
        words += ["--setup", setup]
    for key, value in options.items():
        if key != "players":
            text = value if isinstance(value, str) else json.dumps(value)
            words += ["--option", f"{key}={text}"]
    for seat, agent in (bots or {}).items():
        if isinstance(agent, str):
            words += ["--bot", f"{seat}={agent}"]
    return shlex.join(words)


def warn_if_shown_nowhere(widget: Any, instead: str) -> None:
    """Warn (:class:`NoFrontEnd`) when ``widget`` has no front end, saying what to do
    ``instead`` in a terminal."""
    if shown_nowhere(widget):
        warn(f"{OPENING}: this Python (plain python, a script or the IPython terminal) has "
             f"no notebook to draw it in, so it shows only its repr. In a terminal, "
             f"{instead} (README, \"Without Jupyter\").", NoFrontEnd)


def playing_instead(command: str) -> str:
    """What a terminal offers instead of the game widget."""
    return (f"play by typing moves with `{command}`, and print(state) (or "
            "print(widget.state)) draws a position as text")


#: What a terminal offers instead of the tree inspector.
TREE_INSTEAD = ("print(tabletop.explore(state, depth=2)) or print(analysis.to_graph()) shows "
                "a tree as indented text")
