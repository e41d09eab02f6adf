"""Widgets for notebooks: ``GameWidget`` (play, step, fork, inspect) and ``TreeWidget``.

ipywidgets and ipycanvas only, no custom JavaScript. ``tabletop.play(...)`` is ``play`` here.
"""

from __future__ import annotations

from importlib.util import find_spec
from typing import Any

from .bots import bot_names, make_bot, register_bot
from .game import GameWidget
from .play import play


def __getattr__(name: str) -> Any:
    # TreeWidget lives in tree.py, built by another engineer: exported lazily once it exists.
    if name == "TreeWidget" and find_spec(f"{__name__}.tree") is not None:
        from .tree import TreeWidget  # type: ignore[import-not-found,unused-ignore]

        return TreeWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GameWidget", "bot_names", "make_bot", "play", "register_bot"]
if find_spec(f"{__name__}.tree") is not None:
    __all__.append("TreeWidget")
