"""``check_cycles``: what a game makes is freed when its last reference goes, not later.

A state, a view and everything they compute (legal lists, logs, determinizations, records,
pictures) must not refer back to themselves through their caches or memos: a reference
cycle waits for Python's garbage collector, so a loop of playouts or a bot's search would
hold every board it has finished with (a Lacuna layout's arrays among them) until the
collector next runs, and pay for that run. ``MCTSAgent`` pauses the collector while it
searches (``core/collector.py``), which is safe only because of this.

Seeded games are played and looked at in every way once (so that first uses, such as
imports, are over), then again with the collector off, their references dropped; one
collection then must find nothing.
"""

from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Iterable

from ..game import Game
from ..record import replay
from ..tree import explore
from .common import fail, random_playout


def check_cycles(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Play, view, list, determinize, record and draw seeded games of ``game`` with the
    garbage collector off; raise ``ConformanceError`` if any of it made a reference cycle."""
    seeds = tuple(seeds)
    for seed in seeds:  # first uses (imports, per-process tables) happen here, not below
        _exercise(game, seed)
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        for seed in seeds:
            _exercise(game, seed)
        kinds = cyclic_garbage(("tabletop", type(game).__module__.partition(".")[0]))
    finally:
        if enabled:
            gc.enable()
    if kinds:
        shown = ", ".join(f"{count} {kind}" for kind, count in kinds.most_common(4))
        fail(f"{game.name} seeds {list(seeds)}",
             f"playing, viewing, recording and drawing left objects in reference cycles "
             f"(freed only by the garbage collector): {shown}")


def _exercise(game: Game, seed: int) -> None:
    """Everything a user or a bot does with a game, once over: a search's part is the
    rollout hook (``_pick``) and each player's description of a move (its key in their
    tree); ``explore`` pauses the collector too."""
    rng = random.Random(seed)
    states = list(random_playout(game, seed))
    for state in states[:: max(1, len(states) // 8)] + states[-1:]:
        legal = state.legal_actions()
        tuple(legal)
        if legal:
            action, actor = state._pick(rng.random()), state.current_player
            for viewer in (None, *range(game.players)):
                game.describe(action, actor, viewer)
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
    explore(states[len(states) // 2], depth=1, infosets_for=0)


def cyclic_garbage(packages: tuple[str, ...]) -> Counter[str]:
    """One collection, keeping what it frees: the kinds of object found in cycles, counted
    if any is of a type from ``packages`` (the game's own and tabletop; anything else in
    the process, such as another thread's event loop, is not this check's business)."""
    flags = gc.get_debug()
    already = len(gc.garbage)
    gc.set_debug(flags | gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        garbage = gc.garbage[already:]
        del gc.garbage[already:]
    finally:
        gc.set_debug(flags)
    if not any(type(o).__module__.partition(".")[0] in packages for o in garbage):
        return Counter()
    return Counter(type(o).__qualname__ for o in garbage)
