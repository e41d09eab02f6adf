"""A notebook's Interrupt (a ``KeyboardInterrupt``) in the middle of a call, then carrying on
with the same objects: nothing is left half-changed."""

import sys

import pytest
from test_core import played

import tabletop
from tabletop.core.collector import collector_paused
from tabletop.core.testing import check_interrupts
from tabletop.core.timeline import Timeline


class _Stop(KeyboardInterrupt):
    pass


def interrupted(call, at):
    """Run ``call()``, raising a ``KeyboardInterrupt`` as its ``at``-th Python call starts;
    whether it was interrupted (else it ran to its end)."""
    count = 0

    def tracer(frame, event, arg):
        nonlocal count
        count += 1
        if count == at:
            sys.settrace(None)
            raise _Stop
        return None

    # With the collector paused: an interrupt raised in a collector's callback (hypothesis
    # adds one) would only be printed, and the call would run on uninterrupted.
    with collector_paused():
        sys.settrace(tracer)
        try:
            call()
        except _Stop:
            return True
        finally:
            sys.settrace(None)
    return False


def _shape(tl):
    """What a timeline holds: each node's parent, ply and state, each edge's notation."""
    g = tl.graph
    return ({n: (tl.parent(n), g.nodes[n]["ply"], g.nodes[n]["state"]) for n in g},
            {e: g.edges[e]["notation"] for e in g.edges})


def test_a_move_interrupted_anywhere_leaves_the_timeline_as_it_was_or_played(nim):
    """Interrupted while the new state is worked out, its notation written or the tree grown,
    the timeline is as before the move (no node played from nowhere, no number skipped) or
    the move is made; playing the move again (if the cursor did not move) then gives the
    timeline of an uninterrupted move."""
    def fresh():
        tl = Timeline(played(nim))
        tl.play("take 1")
        tl.back()  # a branch next: the tree grows beside node 1
        return tl

    done = fresh()
    done.play("take 2")
    before, after = _shape(fresh()), _shape(done)
    at = 0
    while True:
        at += 1
        tl = fresh()
        if not interrupted(lambda tl=tl: tl.play("take 2"), at):
            break
        shape = _shape(tl)
        assert shape in (before, after), f"interrupted at call {at}: {shape}"
        if tl.cursor == 0:  # not moved yet (the node made or not): the move is played again
            tl.play("take 2")
        assert _shape(tl) == after and tl.cursor == 2 and len(tl) == 3, at
    assert at > 10  # the move makes that many calls: each was interrupted once


def test_a_memo_left_half_filled_by_an_interrupt_is_caught(registered):
    """The toy's memo stores an entry, then fills it: interrupted in between, the game offers
    no take at that pile ever after. Its twin, storing each entry whole, passes."""
    import broken_interrupts
    from toygame import SecretNim

    from tabletop.core.testing import ConformanceError, check_interrupts

    check_interrupts(registered(SecretNim), seeds=range(2))
    check_interrupts(registered(broken_interrupts.WholeFilledNim), seeds=range(3))
    with pytest.raises(ConformanceError, match=r"half-filled-nim seed 0: interrupted at call "
                                               r"\d+, the same game then raised ValueError"):
        check_interrupts(registered(broken_interrupts.HalfFilledNim), seeds=range(3))


@pytest.mark.slow
@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_answers_as_new_after_an_interrupt_anywhere(name):
    check_interrupts(tabletop.load(name), seeds=range(1))


def test_an_interrupt_is_not_lost_in_a_collectors_callback(nim):
    """A collector's callback (hypothesis registers one) is a Python call too: an interrupt
    raised there would only be printed. ``interrupted`` and ``check_interrupts`` count and
    interrupt the move's own calls, with the collector paused, however often it would run."""
    import gc

    def callback(phase, info):
        return None

    threshold = gc.get_threshold()
    gc.callbacks.append(callback)
    gc.set_threshold(1)  # a collection at nearly every allocation
    try:
        for at in range(1, 12):
            tl = Timeline(played(nim))
            assert interrupted(lambda tl=tl: tl.play("take 2"), at), at
        check_interrupts(nim, seeds=range(1))
    finally:
        gc.set_threshold(*threshold)
        gc.callbacks.remove(callback)
