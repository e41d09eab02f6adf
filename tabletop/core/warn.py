"""Warnings that point at the user's line.

``warnings.warn(..., stacklevel=2)`` names the caller of the function that warns; when that
function is reached through others of the library (a widget building its tree model, the
arena draining a generator), the warning names a line inside tabletop, which a user can
neither read nor filter by their own module. :func:`warn` names the first line outside
the package instead, however deep the call that warns.

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     warn("the tree stopped early", RuntimeWarning)
>>> caught[0].category.__name__, caught[0].message.args[0]
('RuntimeWarning', 'the tree stopped early')
"""

from __future__ import annotations

import sys
import warnings
from types import FrameType

PACKAGE = "tabletop"


def inside(frame: FrameType, packages: tuple[str, ...] = (PACKAGE,)) -> bool:
    """Whether ``frame`` runs code of one of ``packages`` (by default tabletop itself: not a
    user's module, and not a module of another package that tabletop calls)."""
    name = frame.f_globals.get("__name__", "")
    return isinstance(name, str) and any(name == p or name.startswith(p + ".")
                                         for p in packages)


def outside_level(frame: FrameType | None, through: tuple[str, ...] = ()) -> int:
    """The ``stacklevel`` that names the first frame outside tabletop (and outside the
    packages ``through``, such as a wrapper library between the user and tabletop), counting
    ``frame`` (the caller of :func:`warn`) as level 2; the outermost frame if every one is
    inside.

    >>> outside_level(None)  # no frame to walk: the caller's own level
    2
    """
    level = 2
    packages = (PACKAGE, *through)
    while frame is not None and inside(frame, packages) and frame.f_back is not None:
        frame = frame.f_back
        level += 1
    return level


def warn(message: str, category: type[Warning] = UserWarning) -> None:
    """Issue ``message`` as a warning of ``category``, attributed to the first line outside
    tabletop (the user's call), so that a filter by module or ``-W error`` reports that line."""
    warnings.warn(message, category, stacklevel=outside_level(sys._getframe(1)))
