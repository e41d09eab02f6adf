"""``check_replace``: a position derived with ``dataclasses.replace`` is what its fields say.

States and views are frozen dataclasses, and ``dataclasses.replace`` is how a user derives
one (a puzzle set up from a game's position, a what-if). A field a game keeps for speed but
works out from the others — whose turn it is, counts, a memo one ply hands to the next —
must then be worked out again, never carried over from the source: carried over, it makes a
position that shows one board and lists another's moves, or names the wrong player. Such a
field is declared ``core.derived.derived()``.

Positions from seeded random games are paired across plies and games; each position ``a``
(its caches filled) is given every compared field of its partner ``b`` by
``dataclasses.replace``, and the result must answer as ``b`` does: equal to it, the same
mover, legal actions and scores, and the same view for every player. Each player's view is
tried the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields, replace
from typing import Any

from ..game import Game, State, View
from .common import fail, random_playout

#: Positions taken from each seeded game, spread over it.
SAMPLES = 6


def check_replace(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Raise ``ConformanceError`` if a state or view of ``game`` made by
    ``dataclasses.replace`` from another's compared fields answers differently from it."""
    samples: list[tuple[str, State]] = []
    for seed in seeds:
        states = list(random_playout(game, seed))
        step = max(1, len(states) // SAMPLES)
        samples += [(f"{game.name} seed {seed} ply {ply}", states[ply])
                    for ply in range(0, len(states), step)]
    shift = min(3, len(samples) - 1)
    for (_, a), (where, b) in zip(samples, samples[shift:] + samples[:shift], strict=True):
        _check_pair(f"{where} (replacing into another position)", a, b)
        for player in range(game.players):
            _check_pair(f"{where}, player {player}'s view (replacing into another view)",
                        a.view(player), b.view(player))


def _check_pair(where: str, source: State | View, target: State | View) -> None:
    """``replace(source, **target's compared fields)`` must answer as ``target``."""
    _use(source)  # its caches and memos filled, so that anything carried over shows
    made = replace(source, **_value_fields(target))
    for what, got, expected in _answers(made, target):
        if got != expected:
            carried = ", ".join(f.name for f in fields(made) if f.init and not f.compare)
            fail(where, f"dataclasses.replace gave every compared field of a position to "
                        f"another, and the result answers {what} with {_brief(got)} where "
                        f"the position itself answers {_brief(expected)}: a field worked "
                        f"out from the others was carried over (of those replace copies "
                        f"uncompared: {carried or 'none'}; declare it derived())")


def _value_fields(position: State | View) -> dict[str, Any]:
    """The fields that make ``position``'s value: taken by the constructor, compared."""
    return {f.name: getattr(position, f.name) for f in fields(position)
            if f.init and f.compare}


def _use(position: State | View) -> None:
    """Ask ``position`` everything ``_answers`` compares, once."""
    for _ in _answers(position, position):
        pass


def _answers(made: State | View, expected: State | View) -> Iterable[tuple[str, Any, Any]]:
    """``(question, made's answer, expected's answer)`` for what a position answers."""
    yield "equality", made == expected, True
    yield "current_player", made.current_player, expected.current_player
    yield "legal_actions()", tuple(made.legal_actions()), tuple(expected.legal_actions())
    if isinstance(made, State) and isinstance(expected, State):
        yield "scores", made.scores, expected.scores
        for player in range(made.game.players):
            mine, theirs = made.view(player), expected.view(player)
            yield f"view({player})", mine, theirs
            yield (f"view({player}).legal_actions()", tuple(mine.legal_actions()),
                   tuple(theirs.legal_actions()))


def _brief(answer: Any) -> str:
    """An answer, cut short for a message."""
    text = repr(answer)
    return text if len(text) <= 120 else text[:117] + "..."
