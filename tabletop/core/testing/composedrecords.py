"""``check_composed_records``: a game started from ``position(...)`` keeps its start.

A puzzle's record holds the builder's call (``"seed": null``, ``"position"``, see
``core.composed``), and ``replay`` builds the start again from it; so the builder must build
the same position from the same arguments every time — nothing drawn at random, nothing
read from outside the call. Every position the builder accepts among
``check_position_builder``'s calls (at most ``POSITIONS`` of them), and a few random plies
on from it per seed, must let play go on (over, or a legal action for the player to move)
and survive ``to_record()``, JSON text and ``replay`` as the same state with the same
history; and ``core.composed.start_of`` (what a widget opened on the state steps back to)
must be the position built.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any

from ..composed import start_of
from ..errors import TabletopError
from ..game import Game, State
from ..quoting import brief
from ..record import replay
from .builders import builder_calls
from .common import fail

#: How many accepted calls are checked, and how many plies are played on from each.
POSITIONS = 12
PLIES = 6


def check_composed_records(game: Game, seeds: Iterable[int] = (0,)) -> None:
    """Raise ``ConformanceError`` if a position ``game.position`` built (or one played on
    from it) has no record, or its record replays to another state or start."""
    build: Callable[..., Any] | None = getattr(game, "position", None)
    if build is None:
        return
    seeds = list(islice(seeds, 3))
    for where, built in islice(_built(game, build), POSITIONS):
        for seed in seeds:
            end = _played(built, seed)
            if not end.is_terminal and not end.legal_actions():
                fail(where, f"after {len(end.history)} plies the game is not over and player "
                     f"{end.current_player} has no legal action: the builder accepted a "
                     f"position that play cannot go on from (refuse it with a ValueError)")
            try:
                text = json.dumps(end.to_record())
                again = replay(text)
            except TabletopError as error:
                fail(where, f"after {len(end.history)} plies its record does not replay: "
                     f"{error} (a position's builder must build the same position from the "
                     f"arguments a record keeps)")
            if again != end or again.history != end.history:
                fail(where, f"after {len(end.history)} plies its record replays to "
                     f"{brief(again)}, not {brief(end)}: the builder built another position "
                     f"from the same arguments (nothing random or from outside the call)")
            if start_of(end) != built:
                fail(where, f"the start rebuilt for a widget is {brief(start_of(end))}, not "
                     f"the position built, {brief(built)}")


def _built(game: Game, build: Callable[..., Any]) -> Iterable[tuple[str, State]]:
    """``(call, state)`` for each call of the builder that builds a state."""
    for argument, junk, call in builder_calls(build):
        try:
            made = call()
        except Exception:  # noqa: BLE001 - refusals are check_position_builder's to judge
            continue
        if isinstance(made, State):
            yield f"{game.name} position({argument}={brief(junk)})", made


def _played(state: State, seed: int) -> State:
    rng = random.Random(seed)
    for _ in range(PLIES):
        if state.is_terminal or not state.legal_actions():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


__all__ = ["check_composed_records"]
