"""Odd option values: refused up front, or a game that works.

For every option a game declares (and for the player count), the check loads the game with
values no one should pass — NaN, infinities, a number too small or too big to mean anything,
a number of 5,000 digits, the wrong type, ``None``, a list, a long string. Each must either
raise ``InvalidOption`` at once, or give a game that starts, plays, records and replays
(an odd value the game can really use). Anything else — another exception, or one that comes
later from ``new()`` or a move — is a breach.

A number option read on a grid (Lacuna's sizes, multiples of 0.0001) is read give or take
rounding, so ``0.1 * 7`` passes for ``0.7``: ``check_close_options`` loads the game with each
float option one step of the float grid off (``math.nextafter``, either way) and, where that
is accepted and plays exactly as the game itself, wants the two games equal and hashing
alike (the game keeps the value it reads: ``_settled_option``), not two games that differ
only in a digit no rule reads.

A game once made is a value every state of it shares: ``check_frozen`` tries to rebind and
delete each of its attributes (its options, player count, anything its ``__init__`` worked
out from them) and checks each attempt is refused and the game is as it was.

>>> import tabletop
>>> check_options(tabletop.load("lava-flows"), seeds=[0])
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import partial
from typing import Any

from ..errors import InvalidOption
from ..game import Game
from ..quoting import brief
from ..record import replay
from .common import fail, playout

#: Values no option of any game expects.
ODD_VALUES: tuple[Any, ...] = (
    float("nan"), float("inf"), float("-inf"), 1e-300, 1e300, -1, 0, 10**5000, 2.0, True,
    None, "", "x" * 10_000, [], {},
)

#: Plies played with a game an odd value was accepted for.
PLIES = 30


def check_options(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Every option of ``game`` (and its player count), given odd values, is refused with
    ``InvalidOption`` or gives a working game."""
    seed = next(iter(seeds), 0)
    cls = type(game)
    options = dict(game.options)
    for value in ODD_VALUES:
        _try(cls, {**options, "players": value}, seed, f"players={brief(value)}")
        for key in options:
            _try(cls, {**options, "players": game.players, key: value}, seed,
                 f"{key}={brief(value)}")
    check_frozen(game)
    check_close_options(game, seed)


def check_close_options(game: Game, seed: int = 0) -> None:
    """Each float option of ``game`` one float step off its value either is refused, or
    gives a game that plays differently, or an equal game with the same hash."""
    cls = type(game)
    options = dict(game.options)
    for key, value in options.items():
        if type(value) is not float or not math.isfinite(value):
            continue
        for toward in (math.inf, -math.inf):
            close = math.nextafter(value, toward)
            try:
                other = cls(game.players, **{**options, key: close})
            except InvalidOption:
                continue
            if other == game and hash(other) == hash(game):
                continue
            if _played(other, seed) == _played(game, seed):
                fail(game.name, f"option {key}={close!r} is taken, plays exactly as "
                                f"{key}={value!r} and yet makes another game (unequal or "
                                f"hashing apart, writing other records): keep the value the "
                                f"game reads (``_settled_option``)")


def _played(game: Game, seed: int) -> dict[str, Any]:
    """A seeded random game's record, less the options."""
    record = playout(game.new(seed=seed, setup="random"), seed, plies=PLIES).to_record()
    return {k: v for k, v in record.items() if k != "options"}


def check_frozen(game: Game) -> None:
    """No attribute of ``game`` can be rebound or deleted (setting or deleting raises), and
    it still equals, and hashes like, a game loaded afresh with its options."""
    fresh = type(game)(game.players, **game.options)
    for name in _attribute_names(game):
        for change, verb in ((partial(setattr, game, name, MARK), "rebound"),
                             (partial(delattr, game, name), "deleted")):
            try:
                change()
            except (AttributeError, TypeError):
                continue
            fail(game.name, f"game.{name} could be {verb}: a made game must be immutable "
                            "(every state and record of it shares it)")
    if game != fresh or hash(game) != hash(fresh) or repr(game) != repr(fresh):
        fail(game.name, "the game changed when its attributes were set")


#: What ``check_frozen`` writes: a value no game uses.
MARK = object()


def _attribute_names(game: Game) -> list[str]:
    """What a made game holds: its slots and instance dict, and its public attributes."""
    names = list(getattr(game, "__dict__", {}))
    for cls in type(game).__mro__:
        slots = vars(cls).get("__slots__", ())
        names += [slots] if isinstance(slots, str) else list(slots)
    names += [n for n in dir(game) if not n.startswith("_")]
    return [n for n in dict.fromkeys(names) if n not in ("__weakref__", "__dict__")]


def _try(cls: type[Game], kwargs: dict[str, Any], seed: int, what: str) -> None:
    where = f"{cls.name} with {what}"
    try:
        game = cls(**kwargs)
    except InvalidOption as err:
        if not str(err):
            fail(where, "InvalidOption without a message")
        return
    except Exception as err:
        fail(where, f"loading raised {type(err).__name__} instead of InvalidOption: "
                    f"{brief(str(err), 200)}")
    try:
        state = playout(game.new(seed=seed, setup="random"), seed, plies=PLIES)
        again = replay(state.to_record())
        if again != state:
            raise AssertionError("its record replays to another state")
    except Exception as err:
        fail(where, f"the value was accepted, then the game broke: {type(err).__name__}: "
                    f"{brief(str(err), 200)} (refuse it with InvalidOption up front)")
