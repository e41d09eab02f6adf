"""A bot developer's agents, written from the docs: ids and masks in, an action out.

A bot built on ``legal_mask`` and ``observation`` naturally returns an action *id*; the
state's refusal must say how to turn it into its action, wherever a bot's move is applied
(``apply``, the arena's forfeit, the widget's message line).
"""

from __future__ import annotations

import numpy as np
import pytest

import tabletop
from tabletop import IllegalAction
from tabletop.arena import arena


class IdBot:
    """Returns the id of its first legal action (the developer forgot ``action_from_id``)."""

    name = "id-bot"

    def act(self, view):
        return np.int64(view.legal_action_ids()[0])


class MaskBot:
    """Masked argmax over a fixed score per id: the fixed version of ``IdBot``."""

    name = "mask-bot"

    def act(self, view):
        scores = np.where(view.legal_mask(), np.arange(view.game.num_distinct_actions), -1)
        return view.action_from_id(int(np.argmax(scores)))


def _first_ids(name):
    players = 3 if name == "lascaux" else 2
    state = tabletop.load(name, players=players).new(seed=0)
    return state, state.legal_action_ids()[0]


@pytest.mark.parametrize("name", tabletop.games())
@pytest.mark.parametrize("wrap", [int, np.int64, np.uint16, np.array])
def test_an_id_given_to_apply_says_how_to_turn_it_into_its_action(name, wrap):
    state, i = _first_ids(name)
    action = state.action_from_id(i)
    for subject in (state, state.view(state.current_player)):
        with pytest.raises(IllegalAction, match=rf"is not an action: an action id is turned "
                                                rf"into its action by action_from_id\({i}\) "
                                                rf"\(here '{action}'\)"):
            subject.apply(wrap(i)) if subject is state else subject.action_id(wrap(i))


@pytest.mark.parametrize("name", tabletop.games())
def test_an_id_out_of_range_and_a_list_of_actions_are_told_apart(name):
    state, _ = _first_ids(name)
    size = state.game.num_distinct_actions
    with pytest.raises(IllegalAction, match=rf"action_from_id, and ids run 0..{size - 1}"):
        state.apply(size)
    with pytest.raises(IllegalAction, match=r"a sequence of \d+ actions? is not an action: "
                                            r"give one of them"):
        state.apply(state.legal_actions())
    with pytest.raises(IllegalAction, match=r"^True is not an action; "):
        state.apply(True)  # a bool is no id (it would be taken for 0 or 1)


def test_the_arena_records_the_hint_in_the_forfeit():
    result = arena("landlock", [IdBot(), MaskBot()], games=2, seed=0, progress=False)
    for game in result.games:
        assert game.error["agent"] == "id-bot"
        assert game.error["kind"] == "error"
        assert "an action id is turned into its action by action_from_id(" \
            in game.error["message"]
    fixed = arena("landlock", [MaskBot(), "random"], games=2, seed=0, progress=False)
    assert all(g.error is None and g.finished for g in fixed.games)


def test_the_widget_tells_the_hint_in_its_message_line():
    widget = tabletop.play("lascaux", players=3, seed=0, bots={1: IdBot(), 2: "random"},
                           agent_delay=0)
    while widget.state.current_player == 0:
        widget.play(widget.state.legal_actions()[0])
    assert widget.state.current_player == 1
    assert "Bot failed" in widget.message and "action_from_id(" in widget.message


@pytest.mark.parametrize("name", tabletop.games())
def test_the_adapters_tell_an_action_given_for_an_id_how_to_get_its_id(name):
    """The mirror: an Action or its notation where an adapter takes an int id says which id."""
    pytest.importorskip("pettingzoo")
    from tabletop.adapters.pettingzoo import raw_env

    players = 3 if name == "lascaux" else 2
    env = raw_env(name, players=players)
    env.reset(seed=0)
    state = env.tabletop
    i = state.legal_action_ids()[0]
    action = state.action_from_id(i)
    told = rf"not .*: tabletop's action_id\('{action}'\) gives its id, {i}$"
    for given in (action, str(action).upper()):
        with pytest.raises(IllegalAction, match=told):
            env.step(given)
    assert env.tabletop is state
    pytest.importorskip("pyspiel")
    from tabletop.adapters import openspiel

    spiel = openspiel.load_game(name, players=players, seed=0).new_initial_state()
    for given in (action, str(action)):
        with pytest.raises(IllegalAction, match=told):
            spiel.apply_action(given)
    with pytest.raises(IllegalAction, match=r"not 'seed 3'$"):  # the chance node: no hint
        openspiel.load_game(name, players=players).new_initial_state().apply_action("seed 3")
