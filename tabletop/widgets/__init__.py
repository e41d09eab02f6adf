"""Widgets for notebooks: ``GameWidget`` (play, step, fork, inspect) and ``TreeWidget``.

ipywidgets and ipycanvas only, no custom JavaScript. ``tabletop.play(...)`` is ``play`` here.
"""

from __future__ import annotations

from typing import Any

from .bots import bot_names, make_bot, register_bot
from .game import GameWidget
from .play import play


def __getattr__(name: str) -> Any:
    # TreeWidget is imported on first use: a GameWidget alone doesn't need the tree view.
    if name == "TreeWidget":
        from .tree import TreeWidget

        return TreeWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GameWidget", "TreeWidget", "bot_names", "make_bot", "play", "register_bot"]
