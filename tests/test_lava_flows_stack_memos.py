"""Lava Flows' stack memos hold one budget's worth of entries together (``board.STACKS``):
the hot loop keeps about nine hundred tables (by options, mover, lock, cell and cone), and a
bound for each let a kernel that played every variant hold ~100 MB (benchmarks/memory.py)."""

from __future__ import annotations

import itertools
import random
import sys
from typing import Any

import tabletop
from tabletop.core.memos import small_memos
from tabletop.games.lava_flows import bubbles, knowledge, tables
from tabletop.games.lava_flows.board import Memo

#: Every option set that picks other tables of the hot loop.
VARIANTS = [{"slide": slide, "oreo": oreo, "memory": memory}
            for slide, oreo, memory in itertools.product(("onto", "empty"),
                                                         ("anywhere", "top"), (False, True))]


def dicts_in(value: Any) -> list[dict[Any, Any]]:
    """The dicts nested in tuples and lists (the hot loop's tables are dicts of tuples)."""
    if isinstance(value, dict) and not isinstance(value, Memo):
        return [value]
    if isinstance(value, tuple | list):
        return [inner for item in value for inner in dicts_in(item)]
    return []


def stack_tables() -> list[dict[Any, Any]]:
    """Every table of the game keyed by stacks (or what a stack's shape reads), found from
    where the game keeps them: the hot loop's, the bubbles', the oreo windows', and every
    ``Memo`` of the game's modules."""
    found = [table for by_options in (tables._CELLS, tables._SHAPES, tables._ENTRIES)
             for value in by_options.values() for table in dicts_in(value)]
    found += [bubbles.BUBBLED, knowledge._WINDOWS]
    found += [value for name, module in list(sys.modules.items())
              if name.startswith("tabletop.games.lava_flows.")
              for value in vars(module).values() if isinstance(value, Memo)]
    return list({id(table): table for table in found}.values())


def play_every_variant(games: int) -> None:
    for options in VARIANTS:
        game = tabletop.load("lava-flows", ply_cap=60, **options)
        for seed in range(games):
            rng = random.Random(seed)
            state = game.new(seed=seed, setup="random")
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_actions()))


def test_every_variant_played_keeps_the_stack_memos_within_one_budget():
    """Failed before: each of ~900 tables held up to the bound, together hundreds of times
    it (a bound of 200 held 2,816 entries here)."""
    for table in stack_tables():  # (earlier tests' entries stay until the next miss)
        table.clear()
    with small_memos(200):
        play_every_variant(3)
        held = sum(len(table) for table in stack_tables())
    assert held <= 200, f"the stack memos hold {held} entries together, more than 200"


def test_every_stack_table_is_one_the_budget_empties():
    from tabletop.games.lava_flows.board import STACKS

    shared = {id(table) for table in STACKS.tables}
    missing = [table for table in stack_tables() if id(table) not in shared]
    assert not missing, f"{len(missing)} stack tables outside board.STACKS"


def test_play_is_the_same_whether_the_memos_hold_everything_or_almost_nothing():
    """The budget empties every table at once, the reader's own mid-read included: what
    the game lists and does must not change."""
    def transcript(options: dict[str, Any]) -> list[tuple[str, ...]]:
        game = tabletop.load("lava-flows", ply_cap=40, **options)
        rng, state = random.Random(7), game.new(seed=7, setup="random")
        seen = []
        while not state.is_terminal:
            legal = state.legal_actions()
            seen.append(tuple(map(str, legal)) + (str(state.view(state.current_player)),))
            state = state.apply(rng.choice(legal))
        return seen

    for options in VARIANTS[::3]:
        full = transcript(options)
        with small_memos(1):
            assert transcript(options) == full, options
