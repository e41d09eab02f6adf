"""The widget's "click it again to undo" is a promise: after each partial pick of a move, in
every game, either a click in the middle of what was picked un-picks it, or the message
says to press “Cancel” instead (found from outside: once Lacuna's two flowers were picked,
a click on the second played the end dot drawn over it, while the message said "click it
again to undo")."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.core.testing import random_states
from tabletop.render.scenecanvas import shape_center
from tabletop.widgets.session import Session

AGAIN, CANCEL = "(click it again to undo).", "(press “Cancel” to start again)."


def _session(state: tabletop.State) -> Session:
    session = Session(state)
    session.confirm()
    return session


def _partial_picks(state: tabletop.State, limit: int = 12) -> list[tuple]:
    """Up to ``limit`` first parts of the click paths of the legal actions (each leaves more
    to click), drawn at random from the whole list."""
    inp = _session(state).input
    assert inp is not None
    prefixes = {tuple(path[:n]) for action in state.legal_actions()
                for path in inp.paths(action) for n in range(1, len(path))}
    return random.Random(0).sample(sorted(prefixes, key=repr), min(limit, len(prefixes)))


def _pick(state: tabletop.State, prefix: tuple) -> Session:
    """A session with ``prefix`` picked the way a person picks it: on the board where each
    target is drawn (at its middle when nothing covers it there), else by its button."""
    session = _session(state)
    for target in prefix:
        shape = session.scene().targets().get(target)
        point = shape_center(shape) if shape is not None else None
        if point is not None and session.scene().hit(*point) == target:
            session.click(*point)
        else:
            session.choose(target)
        assert session.input is not None and session.input.selection[-1] == target, (
            f"picking {target!r} after {prefix}: {session.message_line().text}")
    return session


@pytest.mark.parametrize("name", tabletop.games())
def test_each_partial_pick_says_truly_how_to_undo_it(name):
    game = tabletop.load(name)
    checked = {AGAIN: 0, CANCEL: 0}
    for _, state in random_states(game, seeds=[1], every=3, setup="random"):
        if state.is_terminal:
            continue
        for prefix in _partial_picks(state):
            session = _pick(state, prefix)
            text = session.message_line().text
            said = AGAIN if text.endswith(AGAIN) else CANCEL if text.endswith(CANCEL) else None
            assert said is not None, f"{name}, after {prefix}: {text!r}"
            checked[said] += 1
            if said == AGAIN:
                shape = session.scene().targets()[prefix[-1]]
                assert session.click(*shape_center(shape)) is None, (name, prefix, text)
            else:
                session.cancel()
            assert session.input is not None
            assert session.input.selection == (prefix[:-1] if said == AGAIN else ()), (
                f"{name}, after {prefix}: the message said {said!r}, and the selection is "
                f"{session.input.selection}")
            assert len(session.state.history) == len(state.history)  # nothing was played
    if name == "lacuna":  # one flower picked: click it again; two: press Cancel
        assert checked[AGAIN] and checked[CANCEL], checked
    else:  # (Lascaux's every move is one click or button: nothing is ever half picked)
        assert sum(checked.values()) > 0 or name == "lascaux", checked


def test_lacunas_second_flower_is_covered_by_its_end_dot_so_the_message_says_cancel():
    state = tabletop.load("lacuna").new(seed=3, setup="random")
    session = _session(state)
    inp = session.input
    assert inp is not None
    place = next(a for a in state.legal_actions() if getattr(a, "k", None) == 1024)
    first, second, _ = next(iter(inp.paths(place)))
    session = _pick(state, (first, second))
    assert session.message_line().text.endswith(CANCEL)
    centre = shape_center(session.scene().targets()[second])
    assert session.scene().hit(*centre) != second  # the end dot drawn over it
