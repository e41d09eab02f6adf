"""A search pauses Python's cycle collector, and leaves no cyclic garbage behind."""

from __future__ import annotations

import gc
import random

import pytest

import tabletop
from tabletop.agents import MCTSAgent
from tabletop.agents.collector import collector_paused
from tabletop.agents.mcts import margin_value_of


def test_collector_paused_restores_what_it_found():
    assert gc.isenabled()
    with pytest.raises(RuntimeError), collector_paused():
        assert not gc.isenabled()
        raise RuntimeError("a search that fails")
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # off before: left off
    finally:
        gc.enable()


def test_the_collector_is_off_during_a_search_and_on_after():
    seen = []

    def evaluate(state):
        seen.append(gc.isenabled())
        return margin_value_of(state.scores)

    state = tabletop.load("lava-flows").new(seed=1, setup="random")
    MCTSAgent(iterations=30, rollout_depth=2, evaluate=evaluate, seed=1).analyse(state)
    assert seen and not any(seen)
    assert gc.isenabled()


def _midgame(name: str) -> tabletop.State:
    state = tabletop.load(name).new(seed=3, setup="random")
    rng = random.Random(3)
    for _ in range(6):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", tabletop.games())
def test_a_search_leaves_no_cyclic_garbage(name):
    # What makes pausing the collector safe: reference counting frees all a search drops.
    state = _midgame(name)
    view = state.view(state.current_player)
    MCTSAgent(iterations=40, seed=0).analyse(view)  # first-use tables and memos
    gc.collect()
    gc.disable()
    try:
        analysis = MCTSAgent(iterations=300, seed=1).analyse(view)
        del analysis
        found = gc.collect()
    finally:
        gc.enable()
    assert found == 0, f"a {name} search left {found} objects in reference cycles"
