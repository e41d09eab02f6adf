"""The OpenSpiel adapter keeps OpenSpiel's contracts where bad input or another game could
slip through, for every game of tabletop: a state rebuilt from text (``deserialize_state``,
``deserialize_game_and_state``, unpickling) must be a state of the game it is attached to;
observers tabletop does not provide are ``None`` (so ``generate_playthrough`` runs); the
game length counts decisions only; an action id is an int, never ``True`` taken as 1.
Skips without OpenSpiel, unless ``CI`` is ``"true"``."""

import os
import pickle
import random

import numpy as np
import pytest

if os.environ.get("CI") == "true":
    import pyspiel
else:
    pyspiel = pytest.importorskip(
        "pyspiel", reason='OpenSpiel is an optional extra: pip install "tabletop[openspiel]"')

from open_spiel.python.algorithms import generate_playthrough
from open_spiel.python.observation import make_observation

import tabletop
from tabletop.adapters import openspiel
from tabletop.core.errors import IllegalAction, InvalidRecord
from tabletop.core.registry import game_class

NAMES = tabletop.games()
#: An option of each game set to a value other than its default.
OTHER_OPTION = {"lacuna": {"mat_radius": 2.0}, "lascaux": {"strict_colour": True},
                "lava-flows": {"ply_cap": 100}, "landlock": {"gnomes": "placed"}}


def _played(game, plies=3, seed=4):
    """A state of ``game`` a few plies in (the seed drawn first at a chance node)."""
    state = game.new_initial_state()
    if state.is_chance_node():
        state.apply_action(seed)
    rng = random.Random(seed)
    for _ in range(plies):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_every_game_has_an_other_option_to_try():
    assert set(OTHER_OPTION) == set(NAMES)
    for name, options in OTHER_OPTION.items():
        assert set(options) <= set(game_class(name).defaults)


def _others(name):
    """``(field, game)``: pyspiel games that differ from ``load_game(name, seed=3)`` in
    that field alone (or, for ``seeds``, whose chance node does not draw seed 3)."""
    other_name = next(other for other in NAMES if other != name)
    yield "game", openspiel.load_game(other_name, seed=3)
    counts = game_class(name).player_counts
    if len(counts) > 1:
        yield "players", openspiel.load_game(name, players=counts[-1], seed=3)
    yield "option", openspiel.load_game(name, seed=3, **OTHER_OPTION[name])
    yield "seed", openspiel.load_game(name, seed=4)
    yield "seed", openspiel.load_game(name, seeds=3)


@pytest.mark.parametrize("name", NAMES)
def test_a_state_of_another_game_is_refused_on_every_path_from_text(name):
    game = openspiel.load_game(name, seed=3)
    state = _played(game)
    text = state.serialize()
    assert game.deserialize_state(text).tabletop == state.tabletop  # its own game takes it
    for field, other in _others(name):
        with pytest.raises(InvalidRecord, match=rf"{field}.* differs?: expected .*, found "):
            other.deserialize_state(text)
        whole = pyspiel.serialize_game_and_state(other, other.new_initial_state())
        head = whole.split("[State]\n")[0]
        with pytest.raises(InvalidRecord, match=rf"{field}.* differs?: expected"):
            pyspiel.deserialize_game_and_state(head + "[State]\n" + text)


@pytest.mark.parametrize("name", NAMES)
def test_a_tampered_pickle_of_a_state_is_refused(name):
    state = _played(openspiel.load_game(name, seed=3))
    data = pickle.dumps(state)
    assert pickle.loads(data).tabletop == state.tabletop
    assert data.count(b"seed=3,") == 1
    with pytest.raises(InvalidRecord, match="seed differs: expected 5 .*, found 3"):
        pickle.loads(data.replace(b"seed=3,", b"seed=5,"))  # the game's, not the record's


@pytest.mark.parametrize("name", NAMES)
def test_a_determinized_state_of_another_game_is_refused(name):
    """A determinized state has no record: it is pickled whole, and checked all the same."""
    game = openspiel.load_game(name)
    state = _played(game)
    drawn = openspiel.resampler(seed=1)(state, state.current_player())
    assert drawn.tabletop.seed is None
    assert game.deserialize_state(drawn.serialize()).tabletop == drawn.tabletop
    other = openspiel.load_game(next(n for n in NAMES if n != name))
    with pytest.raises(InvalidRecord, match="game differs"):
        other.deserialize_state(drawn.serialize())


@pytest.mark.parametrize("name", NAMES)
def test_the_chance_node_is_no_state_of_a_game_with_a_fixed_seed(name):
    text = openspiel.load_game(name).new_initial_state().serialize()
    assert openspiel.load_game(name, seeds=5).deserialize_state(text).is_chance_node()
    with pytest.raises(InvalidRecord, match="seed differs: expected 3 .*, found the chance"):
        openspiel.load_game(name, seed=3).deserialize_state(text)


def test_new_initial_state_from_text_is_refused():
    game = openspiel.load_game("lascaux", players=3)
    text = _played(game).serialize()
    for start in (text, {"seed": 1}):
        with pytest.raises(ValueError, match="starts from no text or JSON.*deserialize_state"):
            game.new_initial_state(start)


def test_wrapping_a_state_of_another_seed_or_option_is_refused():
    game = openspiel.load_game("lava-flows", seed=3)
    with pytest.raises(ValueError, match="seed differs: expected 3 .*, found 8"):
        openspiel.TabletopState(game, tabletop.load("lava-flows").new(seed=8))
    with pytest.raises(ValueError, match="option 'ply_cap' differs: expected 200, found 90"):
        openspiel.TabletopState(game, tabletop.load("lava-flows", ply_cap=90).new(seed=3))


# --- observers -------------------------------------------------------------------------------

PUBLIC = dict(public_info=True, perfect_recall=False, private_info="NONE")
PRIVATE = dict(public_info=False, perfect_recall=False, private_info="SINGLE_PLAYER")
ALL_PLAYERS = dict(public_info=True, perfect_recall=False, private_info="ALL_PLAYERS")


def _kind(public_info, perfect_recall, private_info):
    return pyspiel.IIGObservationType(public_info=public_info, perfect_recall=perfect_recall,
                                      private_info=getattr(pyspiel.PrivateInfoType,
                                                           private_info))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("kind", [PUBLIC, PRIVATE, ALL_PLAYERS],
                         ids=["public-only", "private-only", "all-players"])
def test_observers_tabletop_does_not_provide_are_none(name, kind):
    game = openspiel.load_game(name)
    assert game.make_py_observer(_kind(**kind)) is None
    assert make_observation(game, _kind(**kind)) is None
    with pytest.raises(ValueError, match="provides no observer with public_info="):
        game.make_observer(_kind(**kind), {})


@pytest.mark.parametrize("name", NAMES)
def test_the_provided_observers_and_bad_parameters(name):
    game = openspiel.load_game(name)
    for recall in (False, True):
        kind = _kind(True, recall, "SINGLE_PLAYER")
        assert game.make_py_observer(kind).recall is recall
        assert game.make_observer(kind, {}) is not None
    assert game.make_py_observer().recall is False
    assert game.make_observer({}) is not None
    with pytest.raises(ValueError, match="take no parameters"):
        game.make_py_observer(_kind(**PUBLIC), {"x": 1})


@pytest.mark.parametrize("name", NAMES)
def test_generate_playthrough_runs(name):
    short = openspiel.short_name(name)
    text = generate_playthrough.playthrough(short, None, seed=1)
    assert text.startswith(f"game: {short}\n")
    for header in ("ObservationTensorShape()", "InformationStateTensor(0)", "ObservationTensor(0)",
                   "MaxGameLength() = ", "IsTerminal() = True", "Returns() = "):
        assert header in text
    assert "PublicObservationString" not in text  # not provided: skipped


# --- the game's length -------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [None, 9])
def test_max_game_length_counts_decisions_not_the_chance_node(name, seed):
    game = openspiel.load_game(name, seed=seed)
    assert game.max_game_length() == game.tabletop.max_game_length
    chance = 1 if seed is None else 0
    assert game.max_chance_nodes_in_history() == chance
    assert game.max_history_length() == game.tabletop.max_game_length + chance


def test_lava_flows_reports_its_own_length():
    assert openspiel.load_game("lava-flows").max_game_length() == 202


# --- action arguments ----------------------------------------------------------------------

NOT_IDS = [True, False, np.bool_(True), 1.0, np.float32(2), "1", None, np.array([1]),
           np.array([1, 2]), np.array(1.0), [1], 2**70]


REFUSED = "action id must be an int|out of range|is not a seed"


def _calls(state, action):
    player = state.current_player()
    return {"apply_action": lambda: state.apply_action(action),
            "apply_action_with_legality_check":
                lambda: state.apply_action_with_legality_check(action),
            "child": lambda: state.child(action),
            "action_to_string": lambda: state.action_to_string(player, action),
            "action_to_string(action)": lambda: state.action_to_string(action)}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("chance", [True, False], ids=["chance-node", "player-node"])
def test_an_action_that_is_no_int_is_refused_and_changes_nothing(name, chance):
    game = openspiel.load_game(name)
    state = game.new_initial_state() if chance else _played(game, plies=1)
    before = (state.history(), state.tabletop)
    for action in NOT_IDS:
        for call, run in _calls(state, action).items():
            with pytest.raises(IllegalAction, match=REFUSED):
                run()
            assert (state.history(), state.tabletop) == before, (call, action)
    for run in _calls(state, -1).values():
        with pytest.raises(IllegalAction, match="-1 is negative"):
            run()
    legal = state.legal_actions()[0]
    for action in (np.int64(legal), np.array(legal), legal):
        assert state.child(action).history() == [*state.history(), legal]
