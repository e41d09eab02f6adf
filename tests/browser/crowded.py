"""Widgets at their most crowded (the same in the notebook and in the test): the longest
refusal a few clicks make, the most choice buttons one click brings up, the longest result.

Each is found by trying the widget's own logic (``Session``) on seeded positions, so a change
to a game's words or buttons keeps these the most crowded cases."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

import tabletop
from tabletop.core.game import State
from tabletop.widgets import GameWidget
from tabletop.widgets.session import Session

SEED = 0


def longest_refusal() -> GameWidget:
    """Lacuna with two flowers picked and another flower clicked: the refusal lists every
    spot on the pair's line (about 250 characters: six lines of the side panel)."""
    state = tabletop.load("lacuna").new(seed=SEED, setup="random")
    best: tuple[int, list[Hashable]] = (0, [])
    for action in list(state.legal_actions())[:150]:
        pair = list(next(iter(Session(state).input.paths(action))))[:2]
        session = _clicked(state, pair)
        stray = next(t for t in session.scene().targets() if t[0] == "flower" and t not in pair)
        session.choose(stray)
        if len(session.message.text) > best[0]:
            best = (len(session.message.text), [*pair, stray])
    return _widget(state, best[1])


def most_buttons() -> GameWidget:
    """Lava Flows after the click that brings up the most choice buttons (a Bubble Up's
    three claims: four rows with Cancel, beside the board)."""
    rng = random.Random(SEED)
    best: tuple[int, State | None, list[Hashable]] = (0, None, [])
    state = tabletop.load("lava-flows").new(seed=SEED, setup="random")
    for _ in range(40):
        if state.is_terminal:
            break
        for target in Session(state).scene().targets():
            count = len(_clicked(state, [target]).buttons())
            if count > best[0]:
                best = (count, state, [target])
        state = state.apply(rng.choice(state.legal_actions()))
    assert best[1] is not None
    return _widget(best[1], best[2])


def longest_result() -> GameWidget:
    """Landlock for four players, finished: "Game over · North and South win (16–14–16–14)"."""
    rng = random.Random(SEED)
    state = tabletop.load("landlock", players=4).new(seed=SEED, setup="random")
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return _widget(state, [])


#: Each case by the tag the test notebook shows it under.
CASES: dict[str, Callable[[], GameWidget]] = {
    "refusal": longest_refusal, "buttons": most_buttons, "result": longest_result,
}


def _clicked(state: State, clicks: list[Hashable]) -> Session:
    session = Session(state)
    for target in clicks:
        session.choose(target)
    return session


def _widget(state: State, clicks: list[Hashable]) -> GameWidget:
    widget = tabletop.play(state, agent_delay=0)
    for target in clicks:
        widget.choose(target)
    return widget
