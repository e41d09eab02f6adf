"""numpy's numbers wherever the API takes a number (``core/plain.py``, and the conformance
check ``core/testing/scalars.py``): every game takes them and keeps plain values; a game
that keeps a numpy scalar it was given is caught."""

import json

import numpy as np
import pytest
from broken_scalars import RawNim
from toygame import SecretNim

import tabletop
from tabletop.agents import MCTSAgent, RandomAgent
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.scalars import check_numpy_scalars
from tabletop.core.tree import explore
from tabletop.games.lacuna.actions import SetAside


@pytest.mark.parametrize("name, players", [(name, players) for name in tabletop.games()
                                           for players in tabletop.load(name).player_counts])
def test_every_game_takes_numpy_numbers_and_keeps_plain_ones(name, players):
    check_numpy_scalars(tabletop.load(name, players=players), seeds=range(3))


def test_the_toy_passes_and_a_toy_keeping_a_numpy_scalar_is_caught(registered):
    check_numpy_scalars(registered(SecretNim))
    with pytest.raises(ConformanceError, match=r"holding pile=np\.int64\("):
        check_numpy_scalars(registered(RawNim))


def test_numpy_numbers_everywhere_a_notebook_might_pass_them():
    game = tabletop.load("lava-flows", ply_cap=np.int64(120), memory=np.True_)
    assert game.options["ply_cap"] == 120 and type(game.options["ply_cap"]) is int
    assert type(game.options["memory"]) is bool
    state = game.new(seed=np.uint32(5))
    json.dumps(state.to_record())  # plain values only: no numpy scalar to refuse
    seat = int(np.argmax([0, 1]))  # (an np.int64 before int())
    assert state.view(np.argmax([0, 1])) == state.view(seat)
    graph = explore(state, depth=np.int64(1), max_nodes=np.int32(50))
    assert graph.graph["depth"] == 1 and type(graph.graph["depth"]) is int
    bot = MCTSAgent(iterations=np.int64(5), seed=np.int64(3))
    assert bot.act(state) in state.legal_actions() and type(bot.seed) is int
    assert type(RandomAgent(seed=np.int16(2)).seed) is int
    record = dict(state.to_record(), seed=np.int64(5))  # a record built in Python
    assert tabletop.replay(record) == state and tabletop.replay(record, ply=np.int64(0)) == state
    lacuna = tabletop.load("lacuna").new(seed=1)  # an action built from numpy numbers
    after = lacuna.apply(SetAside(colour=np.int64(2)))
    assert after == lacuna.apply(SetAside(colour=2)) and type(after.history[-1].colour) is int


@pytest.mark.parametrize("call, message", [
    (lambda s: s.view(np.float64(0.0)), "player must be 0..1, not"),
    (lambda s: s.view(np.True_), "player must be 0..1, not"),
    (lambda s: explore(s, depth=np.float32(1)), "depth must be an int ≥ 0, not"),
    (lambda s: explore(s, depth=1, max_nodes=0), "max_nodes must be an int ≥ 1, not"),
    (lambda s: explore(s, depth=1, infosets_for=2), "infosets_for must be a player 0..1"),
])
def test_numbers_that_are_not_whole_are_still_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call(tabletop.load("lava-flows").new(seed=1))


#: Each game's ``position`` builder, given numbers from numpy and the same numbers plain.
POSITIONS = {
    "lacuna": lambda g, n: g.position([(n(-0.5), 0, "red"), (0.5, n(0), n(0))], start=n(1)),
    "landlock": lambda g, n: g.position(["f6 path r0"], first=n(1), to_move=n(1),
                                        tussocks=(n(1), 0), tile="stream"),
    "lascaux": lambda g, n: g.position(table=[n(1), 2], deck=[3, n(4)]),
    "lava-flows": lambda g, n: g.position({"c3": "W w"}, to_move=n(1), plies=n(3)),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_a_position_built_from_numpy_numbers_is_the_plain_one(name):
    def numpy(x):
        return np.float64(x) if isinstance(x, float) else np.int64(x)

    game = tabletop.load(name)
    made = POSITIONS[name](game, numpy)
    assert made == POSITIONS[name](game, lambda x: x)
    assert repr(made) == repr(POSITIONS[name](game, lambda x: x))  # no np.int64 inside


@pytest.mark.parametrize("name", tabletop.games())
def test_the_widget_takes_a_numpy_target_as_the_plain_one(name):
    """A bare numpy number is no target: refused in the message line, as a plain one is; a
    target holding numpy's numbers is the target holding the plain ones."""
    widget = tabletop.play(name, seed=2)
    for stray in (np.int64(1), np.float64(1.0)):
        assert widget.choose(stray) is None and widget.session.message.kind == "error"
    target = widget.session.input.next_targets()[0]
    twin = tuple(np.int64(p) if type(p) is int else p for p in target)
    assert widget.choose(twin) == tabletop.play(name, seed=2).choose(target)
