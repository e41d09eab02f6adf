"""What the rating and plotting functions are given: an ``ArenaResult``, checked without
importing ``results`` (which imports ``ratings`` and ``plots`` for its methods: importing it
back would make a cycle).

>>> arena_result("x", "ratings")
Traceback (most recent call last):
TypeError: ratings takes an ArenaResult (what arena returns, or ...), not 'x'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..core.quoting import brief

if TYPE_CHECKING:
    from .results import ArenaResult

#: Where ``ArenaResult`` is defined.
_MODULE, _NAME = "tabletop.arena.results", "ArenaResult"


def arena_result(result: object, what: str) -> ArenaResult:
    """``result`` if it is an ``ArenaResult`` (or one of its subclasses); else a
    ``TypeError`` saying that ``what`` takes one."""
    if not any(c.__module__ == _MODULE and c.__name__ == _NAME for c in type(result).__mro__):
        raise TypeError(f"{what} takes an ArenaResult (what arena returns, or "
                        f"tabletop.arena.load(path) of a dataset), not {brief(result)}")
    return cast("ArenaResult", result)
