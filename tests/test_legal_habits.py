"""Habits from other libraries at ``legal_actions()``: notation (as ``apply`` takes) and
integer ids (as OpenSpiel's ``legal_actions()`` holds) looked for among the actions are
refused with a ``TypeError`` saying what answers the question, never a quiet ``False``."""

import numpy as np
import pytest

import tabletop
from tabletop.core.testing import random_states

GAMES = tabletop.games()


def _subjects(name):
    """A state part-way through a seeded game, and its mover's view."""
    state = next(s for ply, (_, s) in enumerate(random_states(tabletop.load(name), range(1)))
                 if ply >= 3 and not s.is_terminal)
    return state, state.view(state.current_player)


@pytest.mark.parametrize("name", GAMES)
def test_notation_in_the_legal_actions_names_is_legal(name):
    for subject in _subjects(name):
        legal = subject.legal_actions()
        text = str(legal[-1])
        assert subject.is_legal(text)
        for ask in ("__contains__", "count"):
            with pytest.raises(TypeError, match=r"is notation, not an action: "
                                                r"state\.is_legal\('.+'\) says whether"):
                getattr(legal, ask)(text)
        with pytest.raises(ValueError, match=r"is not among these \d+ legal actions \('.+' is "
                                             r"notation, not an action: state\.is_legal"):
            legal.index(text)
        with pytest.raises(TypeError, match="is notation"):  # as a python-chess user types it
            assert text not in legal


@pytest.mark.parametrize("name", GAMES)
def test_an_action_id_in_the_legal_actions_names_the_legal_ids(name):
    for subject in _subjects(name):
        legal = subject.legal_actions()
        number = subject.action_id(legal[-1])
        assert number in subject.legal_action_ids() and subject.legal_mask()[number]
        for given in (number, np.int64(number), np.uint8(number % 256)):
            with pytest.raises(TypeError, match=r"^\d+ is an action id, not an action: \d+ "
                                                r"in state\.legal_action_ids\(\)"):
                legal.__contains__(given)
        with pytest.raises(TypeError, match=r"^True is not an action"):
            legal.__contains__(True)
        with pytest.raises(ValueError, match=r"legal actions \(\d+ is an action id"):
            legal.index(number)


@pytest.mark.parametrize("name", GAMES)
def test_actions_and_other_objects_are_looked_for_as_in_a_tuple(name):
    for subject in _subjects(name):
        legal = subject.legal_actions()
        built = tuple(legal)
        assert all(a in legal for a in built) and legal.count(built[0]) == 1
        assert legal.index(built[-1]) == len(built) - 1
        assert None not in legal and 1.5 not in legal and object() not in legal


def test_a_finished_game_lists_nothing_and_refuses_nothing():
    state = tabletop.load("lava-flows").new(seed=0)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    assert "pass" not in state.legal_actions() and 0 not in state.legal_actions()


def test_lists_of_anything_but_actions_answer_as_tuples():
    from tabletop.core.legal import LegalActions

    words = LegalActions(2, ("a", "b").__getitem__)
    numbers = LegalActions(2, (7, 8).__getitem__)
    assert "b" in words and "c" not in words and 8 in numbers and numbers.index(8) == 1
