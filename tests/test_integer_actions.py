"""Integer actions, metadata, returns, observation tensors and information states of the four
games, at their smallest and largest player counts."""

import os
import pickle
import random
import subprocess
import sys

import numpy as np
import pytest

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.testing import playout
from tabletop.core.testing.actionids import check_action_ids
from tabletop.core.testing.observations import check_observations

#: (game, players): num_distinct_actions, observation_shape, max_game_length.
EXPECTED = {
    ("lava-flows", 2): (961, (202, 3, 3), 202),
    ("lascaux", 3): (8, (268,), 13407),
    ("lascaux", 5): (8, (398,), 19293),
    ("landlock", 2): (607, (58, 11, 11), 40),
    ("landlock", 4): (607, (58, 11, 11), 40),
    ("lacuna", 2): (8234, (77, 12), 13),
}


@pytest.mark.parametrize("name, players", EXPECTED)
def test_the_declared_numbers(name, players):
    game = tabletop.load(name, players=players)
    actions, shape, length = EXPECTED[name, players]
    assert (game.num_distinct_actions, game.observation_shape, game.max_game_length) == \
        (actions, shape, length)
    assert (game.min_utility, game.max_utility, game.chance) == (-1.0, 1.0, "seed")
    assert game.utility_sum == (None if name == "lascaux" else 0.0)


@pytest.mark.parametrize("name, players", EXPECTED)
def test_ids_and_observations_hold_along_random_games(name, players):
    game = tabletop.load(name, players=players)
    check_action_ids(game, seeds=range(3), every=2)
    check_observations(game, seeds=range(2), every=3)


@pytest.mark.parametrize("name, players", EXPECTED)
def test_no_random_game_outlasts_the_bound(name, players):
    game = tabletop.load(name, players=players)
    lengths = [len(playout(game.new(seed=s, setup="random"), s).history) for s in range(30)]
    assert max(lengths) <= game.max_game_length


def test_the_lava_flows_bound_is_reached_at_a_short_ply_cap():
    """With ``ply_cap=6`` nobody wins in time: games that don't repeat end at the cap."""
    game = tabletop.load("lava-flows", ply_cap=6)
    lengths = {len(playout(game.new(seed=s), s).history) for s in range(20)}
    assert max(lengths) == game.max_game_length == 8


def test_ids_are_the_same_in_another_process():
    code = ("import tabletop; s = tabletop.load('lava-flows').new(seed=4, setup='random'); "
            "print([(str(a), s.action_id(a)) for a in s.legal_actions()])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONHASHSEED": "123"}).stdout
    s = tabletop.load("lava-flows").new(seed=4, setup="random")
    assert out.strip() == str([(str(a), s.action_id(a)) for a in s.legal_actions()])


def test_the_numbering_tables():
    lava = tabletop.load("lava-flows").new(seed=1)
    from tabletop.games.lava_flows.actions import PASS

    assert lava.action_id(PASS) == 960 and lava.action_from_id(0) == lava.legal_actions()[0]
    with pytest.raises(IllegalAction, match="'pass' is not legal here"):
        lava.action_id("pass")  # notation names legal actions only; objects any action
    lascaux = tabletop.load("lascaux").new(seed=1)
    assert [lascaux.action_id(f"choose {c}") for c in ("brown", "blue")] == [0, 5]
    land = tabletop.load("landlock").new(seed=1)
    assert land.legal_action_ids() == (0, 1)
    t = land.apply("land")
    assert set(t.legal_action_ids()) <= {2 + 4 * 60 + r for r in range(4)}  # the middle


def test_refusals_say_what_is_legal():
    s = tabletop.load("lascaux").new(seed=1)
    for bad, says in ((8, "out of range 0..7"), (-1, "out of range"), (6, "'pay'"),
                      (True, "must be an int"), ("3", "must be an int")):
        with pytest.raises(IllegalAction, match=says) as err:
            s.action_from_id(bad)
        assert "may play: choose brown" in str(err.value)
    assert s.action_from_id(np.int64(5)) == s.apply("choose blue").history[-1]
    over = playout(s, 1)
    with pytest.raises(IllegalAction, match="the game is over"):
        over.action_from_id(0)
    assert not over.legal_mask().any() and over.legal_action_ids() == ()


def test_masks_are_read_only_and_match_the_ids():
    s = tabletop.load("landlock", players=4).new(seed=2).apply("water")
    mask = s.legal_mask()
    assert mask.dtype == bool and mask.shape == (607,)
    assert np.flatnonzero(mask).tolist() == list(s.legal_action_ids())
    with pytest.raises(ValueError):
        mask[0] = True
    view = s.view(s.current_player)
    assert np.array_equal(view.legal_mask(), mask)
    assert not s.view((s.current_player + 1) % 4).legal_mask().any()


def test_lacuna_numbers_its_listed_placements():
    game = tabletop.load("lacuna")
    s = game.new(seed=7).apply("aside blue")
    ids = s.legal_action_ids()
    assert all(7 <= i < 7 + 6 * 1128 for i in ids)
    a = s.legal_actions()[0]
    assert s.action_from_id(s.action_id(a)) == a
    later = playout(s, 3, plies=4)
    still = [b for b in later.legal_actions() if b in set(s.legal_actions())]
    assert all(later.action_id(b) == s.action_id(b) for b in still)
    off = s.view(s.current_player)
    assert off.legal_action_ids() == ids


def test_lacuna_free_placements_and_positions_outside_the_space():
    game = tabletop.load("lacuna")
    s = game.position([(-0.5, 0, "red"), (0.5, 0, "blue")])
    free = s.legal_actions()
    assert free and all(type(a).__name__ == "PlaceFree" for a in free)
    assert [s.action_from_id(i) for i in s.legal_action_ids()] == sorted(
        free, key=s.action_id)
    from tabletop.games.lacuna.actions import Place, PlaceFree

    with pytest.raises(IllegalAction, match="no integer id"):
        s.action_id(PlaceFree(1, 1))  # a free placement off the listed lattices
    with pytest.raises(IllegalAction, match="id 12 depends on the position, and here names "
                                            "no action"):
        s.action_id(Place(0, 1, 300))  # slot 5 of pair (0, 1): no pair is listed here
    # a point of two lattices has the coarser id; its finer id names no action
    coarse = s.action_id("place free -0.75,-0.5")
    with pytest.raises(IllegalAction) as refused:
        s.action_from_id(6894)
    assert coarse == 6786 and "place free" not in str(refused.value).split("may play")[0]
    with pytest.raises(IllegalAction, match="no integer id"):
        s.action_id(Place(47, 60, 512))  # a flower id no game from new() has


@pytest.mark.parametrize("name, players", [("lascaux", 3), ("landlock", 4), ("lava-flows", 2)])
def test_returns_follow_the_winners(name, players):
    game = tabletop.load(name, players=players)
    for seed in range(6):
        end = playout(game.new(seed=seed, setup="random"), seed)
        winners = set(end.winners)
        expected = tuple(0.0 if not winners or len(winners) == players
                         else 1.0 if p in winners else -1.0 for p in range(players))
        assert end.returns() == expected
        assert game.new(seed=seed).returns() == (0.0,) * players
    if name == "landlock":  # partners share their team's result
        r = end.returns()
        assert r[0] == r[2] and r[1] == r[3]


def test_information_states_keep_the_history_through_determinize():
    game = tabletop.load("lascaux", players=4)
    s = playout(game.new(seed=3), 3, plies=9)
    for p in range(4):
        view = s.view(p)
        info = view.information_state()
        assert all(line in info for line in s.log(p))
        twin = view.determinize(random.Random(p)).view(p)
        assert twin.information_state() == info
        assert np.array_equal(twin.observation(), view.observation())
        on = view.determinize(random.Random(9))
        if on.current_player is not None:  # the history carries on after a move
            after = on.apply(on.legal_actions()[0])
            assert after.view(p).information_state().startswith(info.split("position:")[0]
                                                               .rstrip("\n"))


def test_views_pickle_with_their_history_and_observation():
    s = playout(tabletop.load("landlock").new(seed=5), 5, plies=6)
    view = s.view(1)
    again = pickle.loads(pickle.dumps(view))
    assert again.information_state() == view.information_state()
    assert np.array_equal(again.observation(), view.observation())


def test_lacuna_slot_5_is_the_listed_position_nearest_the_middle():
    """Pawns beside the line take every sample spot of the pair without blocking it: the
    list offers the legal position nearest the middle, with the pair's slot 5."""
    from tabletop.games.lacuna.actions import Place

    game = tabletop.load("lacuna")
    s = game.position([(-0.5, 0, "red"), (0.5, 0, "red")],
                      pawns=[(x, 0.045, i % 2) for i, x in enumerate((-0.5, -0.25, 0, 0.25,
                                                                      0.5))])
    (only,) = s.legal_actions()
    assert only.k not in (0, 256, 512, 768, 1024)
    assert s.legal_action_ids() == (7 + 5,) and s.action_from_id(12) == only
    with pytest.raises(IllegalAction, match="action id 13 .*'place 0-2 @0'.* is not legal"):
        s.action_from_id(13)
    # any other position along the pair has no id: slot 5 is the listed one's alone
    others = [k for k in range(0, 1025, 8) if k != only.k and s.is_legal(Place(0, 1, k))]
    assert others
    for k in others:
        with pytest.raises(IllegalAction, match=f"has no integer id here: id 12 depends on "
                                                f"the position, and here names '{only}'"):
            s.action_id(Place(0, 1, k))
    assert s.action_id(Place(0, 1, only.k)) == 12


@pytest.mark.parametrize("name, make", [
    ("lascaux", lambda a: a.Choose("0")), ("lascaux", lambda a: a.Choose(0.0)),
    ("lascaux", lambda a: a.Choose(False)), ("landlock", lambda a: a.Place(cell=60.0, rot=0)),
    ("landlock", lambda a: a.Place(cell=60, rot=False)),
    ("lacuna", lambda a: a.Place(0, 22, 0.5)), ("lacuna", lambda a: a.SetAside(object())),
])
def test_action_id_refuses_a_malformed_action_as_apply_does(name, make):
    """Fields are checked as ``apply`` checks them: an id is never given to an action
    ``apply`` would refuse as malformed, and the refusal is ``IllegalAction``."""
    import importlib

    action = make(importlib.import_module(f"tabletop.games.{name}.actions"))
    state = tabletop.load(name).new(seed=1)
    with pytest.raises(IllegalAction, match="is not a well-formed"):
        state.action_id(action)
    with pytest.raises(IllegalAction):
        state.apply(action)


def test_action_id_takes_numpys_numbers_as_apply_does():
    from tabletop.games.lacuna.actions import SetAside
    from tabletop.games.lascaux.actions import Choose

    lacuna = tabletop.load("lacuna").new(seed=1)
    assert lacuna.action_id(SetAside(np.int64(3))) == 3
    assert lacuna.apply(SetAside(np.int64(3))) == lacuna.apply(SetAside(3))
    assert tabletop.load("lascaux").new(seed=1).action_id(Choose(np.int64(3))) == 3


@pytest.mark.parametrize("name", tabletop.games())
def test_an_int_subclass_names_the_same_action_everywhere(name):
    """``action_at`` and ``action_from_id`` take what the other takes: an IntEnum id is its
    int; a bool is refused by both."""
    import enum

    from tabletop.core.ids import action_space

    state = tabletop.load(name).new(seed=2, setup="random")
    legal = state.legal_action_ids()[0]
    Id = enum.IntEnum("Id", {"FIRST": legal})
    space = action_space(state.game)
    assert space.action_at(Id.FIRST) == space.action_at(legal) == state.action_from_id(Id.FIRST)
    with pytest.raises(TypeError, match="an action id is an int, not True"):
        space.action_at(True)
