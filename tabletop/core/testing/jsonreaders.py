"""Records read by another language: ``check_json_readers``.

A record is JSON so that programs in other languages can read it too: a JavaScript page that
shows a game, a Rust tool that counts openings. There a record must be strict JSON (RFC 8259:
no ``NaN`` or ``Infinity``, which Python's ``json.dumps`` writes unless told not to; no lone
surrogate, which no UTF-8 file holds) and mean the same: JavaScript's ``JSON.parse`` keeps every
number as a double, so an integer beyond 2**53 - 1 (``MAX_SAFE_INT``) comes back as another
integer — a seed rounded that way replays another game, often without a complaint. And what
such a reader writes back must replay as the record did: JavaScript's ``JSON.stringify``
writes ``2.0`` as ``2`` and ``-0.0`` as ``0`` and drops the spaces; other writers reorder
keys, escape non-ASCII text or end lines with CRLF.

So at positions of seeded games, and of a game ``new()`` seeds itself, the record is
written strictly and checked for numbers a double cannot hold, then read and written again
as JavaScript would (``as_javascript``) and as other writers might (``other_writers``), and
each text must replay to the same state with the same record.

>>> import tabletop
>>> check_json_readers(tabletop.load("lava-flows"), seeds=[1])
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator
from typing import Any

from ..errors import TabletopError
from ..game import Game, State
from ..plain import is_unicode
from ..record import MAX_SAFE_INT, replay
from .common import ConformanceError, fail, playout, random_states

#: Positions checked in each seeded game (its start, its end and this many between).
BETWEEN = 2
#: Plies played in the game ``new()`` seeds itself.
UNSEEDED_PLIES = 12


def check_json_readers(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Check every record ``game`` writes is strict JSON that a reader keeping numbers as
    doubles reads exactly, and that it replays the same when read and written again by such
    a reader or another writer; raise ``ConformanceError`` saying where it does not."""
    for where, state in _positions(game, seeds):
        text = strict_json(state.to_record(), f"{where}: its record")
        for writer, written in (("JavaScript's JSON.parse then JSON.stringify",
                                 as_javascript(text)), *other_writers(text)):
            _check_replays(state, written, f"{where}: its record, written by {writer}")


def _positions(game: Game, seeds: Iterable[int]) -> Iterator[tuple[str, State]]:
    for seed in seeds:
        walked = list(random_states(game, [seed]))
        step = max(1, len(walked) // (BETWEEN + 1))
        yield from walked[:-1:step]
        yield walked[-1]
    unseeded = playout(game.new(), 0, plies=UNSEEDED_PLIES)
    yield f"{game.name} new() with no seed (it drew {unseeded.seed})", unseeded


def strict_json(value: Any, where: str) -> str:
    """``value`` as strict JSON text, after checking every number in it reads exactly as a
    double and every string is Unicode text; ``ConformanceError`` names what is not."""
    for path, item in _leaves(value, "$"):
        if isinstance(item, int) and not isinstance(item, bool) and abs(item) > MAX_SAFE_INT:
            fail(where, f"{path} is {item}, beyond 2**53 - 1: JavaScript's JSON.parse (and "
                        f"any reader keeping numbers as doubles) reads {int(float(item))}")
        if isinstance(item, float) and not math.isfinite(item):
            fail(where, f"{path} is {item}, which strict JSON (RFC 8259) cannot hold")
        if isinstance(item, str) and not is_unicode(item):
            fail(where, f"{path} holds {item!r}, a lone surrogate: not Unicode text")
    try:
        return json.dumps(value, allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError) as err:
        raise ConformanceError(f"{where}: is no strict JSON: {err}") from None


def _leaves(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield path, key
            yield from _leaves(item, f"{path}.{key}")
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            yield from _leaves(item, f"{path}[{i}]")
    else:
        yield path, value


def as_javascript(text: str) -> str:
    """``text`` as JavaScript's ``JSON.stringify(JSON.parse(text))`` writes it: every number
    a double (a larger integer rounded), a whole one written without fraction or sign of
    zero, no spaces, non-ASCII text as it is (exponents may be spelt otherwise: ``1e-07``
    for JavaScript's ``1e-7``, which reads as the same number).

    >>> as_javascript('{"seed": 9007199254740993, "x": [2.0, -0.0, 0.5, 1e300], "n": "é"}')
    '{"seed":9007199254740992,"x":[2,0,0.5,1e+300],"n":"é"}'
    """
    data = json.loads(text, parse_int=float, parse_float=float)
    return json.dumps(_whole(data), separators=(",", ":"), ensure_ascii=False)


def _whole(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _whole(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_whole(item) for item in value]
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        return int(value)  # JSON.stringify(2.0) is "2", and of -0.0 "0"
    return value


def other_writers(text: str) -> list[tuple[str, str]]:
    """``text`` as other JSON writers may write the same data: keys in another order, every
    non-ASCII character escaped, indented with CRLF line ends. (A byte order mark is refused
    by ``replay``, saying so: RFC 8259 lets a reader refuse it, and no writer may add it.)"""
    data = json.loads(text)
    backwards = _reversed_keys(data)
    return [("a writer putting the keys in reverse order",
             json.dumps(backwards, separators=(",", ":"), ensure_ascii=False)),
            ("a writer escaping non-ASCII text, with CRLF lines",
             json.dumps(data, indent=2, ensure_ascii=True).replace("\n", "\r\n"))]


def _reversed_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _reversed_keys(value[key]) for key in reversed(value)}
    if isinstance(value, list):
        return [_reversed_keys(item) for item in value]
    return value


def _check_replays(state: State, text: str, where: str) -> None:
    try:
        again = replay(text)
    except TabletopError as err:
        fail(where, f"no longer replays: {type(err).__name__}: {err}")
    if again != state:
        fail(where, f"replays another game (seed {again.seed}, not {state.seed}): "
                    f"{str(again)!r}")
    before, after = json.dumps(state.to_record()), json.dumps(again.to_record())
    if after != before:  # (1 == 1.0 in Python: the texts tell a float kept as an int)
        fail(where, f"replays to a record written otherwise: {_first_change(before, after)}")


def _first_change(before: str, after: str) -> str:
    """Where two texts first differ, with a little of each from just before there.

    >>> print(_first_change('[1.0, 2]', '[1, 2]'))
    at character 2, '[1.0, 2]' became '[1, 2]'
    """
    at = next((i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b),
              min(len(before), len(after)))
    back = max(0, at - 10)
    return f"at character {at}, {before[back:at + 20]!r} became {after[back:at + 20]!r}"

