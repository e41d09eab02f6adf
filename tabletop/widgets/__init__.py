"""Widgets for notebooks: ``GameWidget`` (play, step, fork, inspect) and ``TreeWidget``.

ipywidgets and ipycanvas only, no custom JavaScript. ``tabletop.play(...)`` is ``play`` here.
A seat's agent (a "bot" in the widget's labels) is any spec ``tabletop.agents.resolve_agent``
reads; ``tabletop.agents.register_agent`` offers a new one for every seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.exports import package_dir
from .game import GameWidget
from .play import play

if TYPE_CHECKING:  # (so a type checker knows the class ``__getattr__`` loads on first use)
    from .tree import TreeWidget


def __getattr__(name: str) -> Any:
    # TreeWidget is imported on first use: a GameWidget alone doesn't need the tree view.
    if name == "TreeWidget":
        from .tree import TreeWidget

        return TreeWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GameWidget", "TreeWidget", "play"]
__dir__ = package_dir(globals())
