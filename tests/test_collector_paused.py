"""A search and ``explore`` pause Python's cycle collector, and leave no cyclic garbage."""

from __future__ import annotations

import gc
import random

import pytest

import tabletop
from tabletop.agents import MCTSAgent
from tabletop.agents.mcts import margin_value_of
from tabletop.core.collector import collector_paused
from tabletop.core.testing.cycles import cyclic_garbage
from tabletop.core.tree import explore


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
        found = cyclic_garbage(("tabletop",))  # (another thread's garbage is not counted)
    finally:
        gc.enable()
    assert not found, f"a {name} search left objects in reference cycles: {found}"


@pytest.mark.parametrize("name", tabletop.games())
def test_an_explored_tree_is_freed_without_the_collector(name):
    state = _midgame(name)
    explore(state, depth=1)
    gc.collect()
    gc.disable()
    try:
        for merge in (False, True):
            graph = explore(state, depth=2, max_nodes=3000, merge=merge, infosets_for=0)
            assert graph.number_of_nodes() > 1
            del graph
        found = cyclic_garbage(("tabletop", "networkx"))
    finally:
        gc.enable()
    assert not found, f"a {name} tree left objects in reference cycles: {found}"


def test_the_collector_is_on_after_explore_even_when_it_stops_early():
    state = tabletop.load("lava-flows").new(seed=1, setup="random")
    graph = explore(state, depth=3, max_nodes=50)
    assert not graph.graph["complete"] and gc.isenabled()


def test_a_widget_handles_a_click_with_the_collector_paused_and_restores_it(monkeypatch):
    """A full collection (tens of ms in a kernel) must not land between a click and its
    redraw: the widget's changing methods run with the collector paused, then restore it."""
    widget = tabletop.play("lava-flows", seed=0, agent_delay=0)
    seen = []
    real = widget.session.click
    monkeypatch.setattr(widget.session, "click",
                        lambda x, y: seen.append(gc.isenabled()) or real(x, y))
    widget.click(0, 0)
    assert seen == [False] and gc.isenabled()
    gc.disable()
    try:  # a caller who turned it off keeps it off
        widget.click(0, 0)
        assert not gc.isenabled()
    finally:
        gc.enable()
    widget.close()


# --- the pause is the process's: limited (round 57, loose ends) ------------------------------


def test_pauses_overlapping_in_two_threads_end_when_the_last_ends():
    """A search ending in one thread left the collector on under another's search (and a
    pause begun under another's took the collector for the caller's own "off")."""
    import threading

    first_in, second_in, first_out, second_out = (threading.Event() for _ in range(4))
    seen = {}

    def first():
        with collector_paused():
            first_in.set()
            second_in.wait(60)
        first_out.set()

    def second():
        first_in.wait(60)
        with collector_paused():
            second_in.set()
            first_out.wait(60)
            seen["after the first ended"] = gc.isenabled()
        second_out.set()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert seen == {"after the first ended": False}
    assert gc.isenabled()  # back on once both ended


def test_a_long_search_lets_the_rest_of_the_process_free_its_cyclic_garbage():
    """Another thread's (here: the caller's, made just before) young cyclic garbage is
    collected during a search, not held until it ends; a full pass is still held back."""
    import weakref

    class Cycle:
        pass

    freed = []
    seen = []
    state = tabletop.load("lava-flows").new(seed=1, setup="random")
    MCTSAgent(iterations=20, seed=0).analyse(state)  # first-use tables and memos
    gc.collect()
    junk = Cycle()
    junk.me = junk  # garbage only the cycle collector can free
    weakref.finalize(junk, freed.append, True)
    del junk

    def evaluate(s):
        seen.append((bool(freed), gc.isenabled()))
        return margin_value_of(s.scores)

    MCTSAgent(iterations=4000, rollout_depth=1, evaluate=evaluate, seed=1).analyse(state)
    assert len(seen) > 1000 and not any(on for _, on in seen)  # paused throughout
    assert seen[-1][0], "the cycle made before the search was not freed during it"


def test_breathe_leaves_a_collector_the_caller_turned_off_alone():
    gc.disable()
    try:
        with collector_paused():
            before = gc.get_count()[0]
            from tabletop.core.collector import breathe

            breathe(young=0)
            assert gc.get_count()[0] >= before  # no collection: the caller's choice
    finally:
        gc.enable()
