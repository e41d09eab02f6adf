"""The suite's own arguments, checked when given: a game, its seeds, a count.

A check that is given no seeds checks nothing and would pass; a game's name where the game
should be would fail deep inside. Each entry point (``check_game``, ``check_abuse``,
``soak``, ``random_states``) refuses such arguments at once, naming the call.

>>> import tabletop
>>> suite_seeds(range(2), "check_game")
(0, 1)
>>> suite_game("lascaux", "check_game")
Traceback (most recent call last):
...
TypeError: check_game checks a Game (tabletop.load(name)), not 'lascaux'
"""

from __future__ import annotations

from collections.abc import Iterable

from ..game import Game
from ..plain import whole
from ..quoting import brief
from ..record import MAX_SEED


def suite_game(game: object, call: str) -> Game:
    """``game`` if it is a ``Game``; else a ``TypeError`` naming ``call``."""
    if not isinstance(game, Game):
        raise TypeError(f"{call} checks a Game (tabletop.load(name)), not {brief(game)}")
    return game


def suite_seeds(seeds: Iterable[int], call: str) -> tuple[int, ...]:
    """``seeds`` as a tuple of one or more whole numbers from 0 to 2**64 − 1; else a
    ``TypeError`` or ``ValueError`` naming ``call`` (no seeds would check nothing)."""
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Iterable):
        raise TypeError(f"{call}'s seeds should be an iterable of ints (like range(3)), not "
                        f"{brief(seeds)}")
    rule = f"{call}'s seeds should be whole numbers from 0 to 2**64 - 1"
    found = tuple(whole(seed, 0, rule, MAX_SEED) for seed in seeds)
    if not found:
        raise ValueError(f"{call} was given no seeds: it would check nothing")
    return found


def suite_count(value: object, name: str, call: str, least: int = 1) -> int:
    """``value`` as a whole number ≥ ``least``; else a ``ValueError`` naming it."""
    return whole(value, least, f"{call}'s {name} should be a whole number ≥ {least}")
