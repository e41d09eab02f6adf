"""``check_cycles``: what a game makes is freed when its last reference goes, not later.

A state, a view and everything they compute (legal lists, logs, determinizations, records,
pictures) must not refer back to themselves through their caches or memos: a reference
cycle waits for Python's garbage collector, so a loop of playouts or a bot's search would
hold every board it has finished with (a Lacuna layout's arrays among them) until the
collector next runs, and pay for that run.

With the collector off, seeded games are played and looked at in every way, their
references dropped, and one collection then must find nothing.
"""

from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Iterable

from ..game import Game
from ..record import replay
from .common import fail, random_playout


def check_cycles(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Play, view, list, determinize, record and draw seeded games of ``game`` with the
    garbage collector off; raise ``ConformanceError`` if any of it made a reference cycle."""
    seeds = tuple(seeds)
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        for seed in seeds:
            _exercise(game, seed)
        kinds = _cyclic_garbage()
    finally:
        if enabled:
            gc.enable()
    if kinds:
        shown = ", ".join(f"{count} {kind}" for kind, count in kinds.most_common(4))
        fail(f"{game.name} seeds {list(seeds)}",
             f"playing, viewing, recording and drawing left objects in reference cycles "
             f"(freed only by the garbage collector): {shown}")


def _exercise(game: Game, seed: int) -> None:
    """Everything a user or a bot does with a game, once over."""
    rng = random.Random(seed)
    states = list(random_playout(game, seed))
    for state in states[:: max(1, len(states) // 8)] + states[-1:]:
        tuple(state.legal_actions())
        str(state)
        for player in range(game.players):
            view = state.view(player)
            tuple(view.legal_actions())
            state.log(player)
            if not state.is_terminal:
                tuple(view.determinize(rng).legal_actions())
    last = states[-1]
    last.scores, last.winners, last._repr_svg_()  # noqa: B018 - read for their caches
    states[0].view(0)._repr_svg_()
    replay(last.to_record())


def _cyclic_garbage() -> Counter[str]:
    """One collection, keeping what it frees: the kinds of object found in cycles."""
    flags = gc.get_debug()
    already = len(gc.garbage)
    gc.set_debug(flags | gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        found = Counter(type(o).__qualname__ for o in gc.garbage[already:])
        del gc.garbage[already:]
    finally:
        gc.set_debug(flags)
    return found
