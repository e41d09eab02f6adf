"""Probe 34 (bots, search trees, tournaments): search trees copy and pickle however deep they
grow, and so do read-only views of their nodes; an agent object whose class was written in
the caller's script plays the same games in a Dask worker as here; ``register_agent``
refuses presets that no ``make_agent`` call could use."""

from __future__ import annotations

import copy
import json
import math
import os
import pickle
import sys

import numpy as np
import pytest
from hygiene import sys_path_kept

import tabletop
import tabletop.arena
from tabletop.agents import MCTSAgent, RandomAgent, make_agent, register_agent
from tabletop.agents.analysis import Node, NodeView
from tabletop.agents.mcts import cutoff_value
from tabletop.arena import arena
from tabletop.arena.play import play_game
from tabletop.arena.results import GameResult
from tabletop.core.errors import UnknownAgent

# --- search trees: copies and pickles at any depth ---------------------------------------------


def chain(depth: int) -> Node:
    """A hand-made search tree: a line of ``depth`` nodes under the root (a search down a
    long game with one move worth following grows such a line)."""
    root = node = Node(None, "", None, 2)
    for i in range(depth):
        child = Node(f"m{i}", f"m{i}", i % 2, 2)
        child.visits, child.total = depth - i, [1.0, 2.0]
        node.children[child.action] = child
        node.slots = [child, None]
        node = child
    return root


def shape(root: Node) -> list[tuple[object, ...]]:
    """Every node's fields, breadth first (walked without recursion)."""
    out, todo = [], [root]
    for node in todo:
        out.append((node.action, node.label, node.actor, node.visits, tuple(node.total),
                    tuple(node.children), [c is not None for c in node.slots]))
        todo.extend(node.children.values())
    return out


def depth_of(root: Node) -> int:
    deepest, todo = 0, [(root, 0)]
    while todo:
        node, d = todo.pop()
        deepest = max(deepest, d)
        todo.extend((c, d + 1) for c in node.children.values())
    return deepest


@pytest.mark.parametrize("how", ["pickle", "deepcopy", "copy"])
def test_a_deep_search_tree_copies_and_pickles(how):
    root = chain(5000)  # far deeper than pickle or deepcopy could recurse
    again = {"pickle": lambda r: pickle.loads(pickle.dumps(r)), "deepcopy": copy.deepcopy,
             "copy": copy.copy}[how](root)
    assert again is not root and depth_of(again) == 5000
    assert shape(again) == shape(root)


def test_a_copied_tree_keeps_its_shared_nodes_shared():
    root = Node(None, "", None, 2)
    shared = Node("x", "x", 0, 2)
    a, b = Node("a", "a", 0, 2), Node("b", "b", 1, 2)
    root.children.update(a=a, b=b)
    a.children["x"] = b.children["x"] = shared  # one node in two players' trees
    again = pickle.loads(pickle.dumps(root))
    assert again.children["a"].children["x"] is again.children["b"].children["x"]
    assert again.children["a"].children["x"] is not shared


def test_a_deep_analysis_deep_copies_and_pickles():
    state = tabletop.load("lascaux", players=3).new(seed=1)
    # no exploration: the search follows one line down the game, some 130 moves deep
    analysis = MCTSAgent(iterations=1500, seed=1, exploration=0.0).analyse(state)
    assert depth_of(analysis._tree) > 100
    for again in (copy.deepcopy(analysis), pickle.loads(pickle.dumps(analysis))):
        assert again.to_json() == analysis.to_json()
        graph, copied = analysis.to_graph(), again.to_graph()
        assert list(graph.edges(data="notation")) == list(copied.edges(data="notation"))
        assert [d["visits"] for _, d in graph.nodes(data=True)] == \
            [d["visits"] for _, d in copied.nodes(data=True)]


@pytest.mark.parametrize("how", ["pickle", "deepcopy", "copy"])
def test_a_read_only_node_copies_and_pickles(how):
    state = tabletop.load("lava-flows").new(seed=1)
    root = MCTSAgent(iterations=40, seed=1).analyse(state).root
    again = {"pickle": lambda r: pickle.loads(pickle.dumps(r)), "deepcopy": copy.deepcopy,
             "copy": copy.copy}[how](root)
    assert isinstance(again, NodeView) and again.visits == root.visits
    assert sorted(map(str, again.children)) == sorted(map(str, root.children))
    with pytest.raises(AttributeError, match="read-only"):
        again.visits = 0


# --- an agent object of the caller's own class, in a worker ------------------------------------


class ScriptBot:
    """A bot as a script or notebook writes it."""

    name = "script"

    def __init__(self, seed=None):
        self.seed = seed

    def act(self, view):
        return view.legal_actions()[-1]


def rebuilt(cls):
    """``cls`` as a worker gets it from cloudpickle when the caller wrote it in ``__main__``:
    the same code, but no class pickle can find by its name."""
    return type(cls.__name__, (), {k: v for k, v in vars(cls).items()
                                   if k not in ("__dict__", "__weakref__")}
                | {"__module__": "__main__", "__qualname__": "ScriptBot"})


def test_an_object_of_a_class_pickle_cannot_name_still_plays_its_games():
    game = tabletop.load("lava-flows")
    here = play_game(game, [ScriptBot(), "random"], ["script", "random"], 0, seed=3)
    bot = rebuilt(ScriptBot)()
    with pytest.raises(pickle.PicklingError):
        pickle.dumps(bot)
    there = play_game(game, [bot, "random"], ["script", "random"], 0, seed=3,
                      errors="forfeit")
    assert there.error is None  # was: "could not be built: PicklingError …", every game
    assert there.record == here.record


def test_an_object_of_a_class_written_in_main_plays_the_same_games_on_dask(monkeypatch):
    distributed = pytest.importorskip("distributed") if os.environ.get("CI") != "true" \
        else __import__("distributed")
    main = sys.modules["__main__"]
    cls = rebuilt(ScriptBot)
    monkeypatch.setattr(main, "ScriptBot", cls, raising=False)  # pickled by value to workers
    agents = {"script": cls(), "random": "random"}
    here = arena("lava-flows", agents, games=4, seed=2, progress=False)
    with sys_path_kept(), distributed.LocalCluster(
            n_workers=1, processes=True, threads_per_worker=1, dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        there = arena("lava-flows", agents, games=4, seed=2, progress=False, executor=client)
    assert [g.error for g in there.games] == [None] * 4
    assert [g.record for g in there.games] == [g.record for g in here.games]


# --- registered presets -----------------------------------------------------------------------


pytestmark = pytest.mark.usefixtures("agent_registry")


def test_a_registered_preset_seed_is_refused_when_registered():
    with pytest.raises(ValueError, match="cannot preset seed="):
        register_agent("probe34-seeded", RandomAgent, seed=3)
    with pytest.raises(ValueError, match="cannot preset seed="):
        register_agent("probe34-seeded", "tabletop.agents:RandomAgent", seed=3)


def test_a_registered_preset_the_factory_does_not_take_is_named_when_registered():
    with pytest.raises(ValueError, match="no option 'iteration'; did you mean 'iterations'"):
        register_agent("probe34-typo", MCTSAgent, iteration=3)
    with pytest.raises(UnknownAgent):  # nothing was registered
        make_agent("probe34-typo")


def test_a_registered_preset_of_a_module_name_is_checked_when_first_made():
    register_agent("probe34-later", "tabletop.agents:MCTSAgent", iteration=3)
    with pytest.raises(ValueError, match="no option 'iteration'"):
        make_agent("probe34-later")
    register_agent("probe34-later", "tabletop.agents:MCTSAgent", iterations=3)
    assert make_agent("probe34-later", seed=1).iterations == 3


# --- an agent's exception that pickle cannot copy ---------------------------------------------


class Odd(Exception):
    """An exception whose ``__init__`` takes other arguments than its ``args``: pickle
    copies it as ``Odd("1 2")``, which fails."""

    def __init__(self, a, b):
        super().__init__(f"{a} {b}")


class OddBot:
    name = "odd"

    def __init__(self, seed=None):
        self.seed = seed

    def act(self, view):
        raise Odd(1, 2)


#: Run in a fresh process: a Dask client (other tests here make one) changes how this
#: process pickles exceptions, and ``Odd`` then copies.
ODD_SCRIPT = """
import pickle, sys
from concurrent.futures import ProcessPoolExecutor
from tabletop.arena import arena
from tabletop.arena.play import AgentError
from test_probe34_bots import Odd, OddBot

try:
    pickle.loads(pickle.dumps(Odd(1, 2)))
    sys.exit("Odd copied")
except TypeError:
    pass
for pool in (None, ProcessPoolExecutor(1)):
    try:  # with a pool, this was BrokenProcessPool: "A child process terminated abruptly"
        arena("lava-flows", [OddBot, "random"], games=2, progress=False, errors="raise",
              executor=pool)
    except AgentError as err:
        assert "agent 'odd' raised Odd: 1 2" in str(err), err
        assert err.arena_fault["agent"] == "odd", err.arena_fault
        assert pickle.loads(pickle.dumps(err)).arena_fault == err.arena_fault
        assert pool is not None or isinstance(err.__cause__, Odd)
    else:
        sys.exit("nothing raised")
    if pool is not None:
        pool.shutdown()
print("ok")
"""


def test_an_exception_pickle_cannot_copy_is_raised_as_an_agent_error_saying_what_it_was():
    import subprocess
    from pathlib import Path

    here = Path(__file__).parent
    path = os.pathsep.join([str(here.parent), str(here), os.environ.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", ODD_SCRIPT], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": path}, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr[-2000:]


# --- agents told apart by every setting --------------------------------------------------------

OTHER_SETTINGS = [
    {"exploration": 5.0}, {"rollout_depth": 0}, {"score_weight": 0.5}, {"keep_samples": 0},
    {"widen_from": None}, {"evaluate": cutoff_value},
]


@pytest.mark.parametrize("setting", OTHER_SETTINGS, ids=lambda s: next(iter(s)))
def test_two_agents_that_differ_in_any_setting_are_not_one_entrant(setting):
    first, other = MCTSAgent(iterations=9, seed=1), MCTSAgent(iterations=9, seed=1, **setting)
    assert repr(first) != repr(other) and next(iter(setting)) in repr(other)
    with pytest.raises(ValueError, match="two different entrants of agents are labelled"):
        arena("lava-flows", [first, other], games=1, progress=False)


def test_random_agents_of_other_seeds_are_not_one_entrant():
    assert repr(RandomAgent()) == "RandomAgent()" and repr(RandomAgent(seed=4)) == \
        "RandomAgent(seed=4)"
    with pytest.raises(ValueError, match="two different entrants of agents are labelled"):
        arena("lava-flows", [RandomAgent(seed=1), RandomAgent(seed=2)], games=1,
              progress=False)


def test_a_dataset_is_not_resumed_with_an_agent_of_other_settings(tmp_path):
    arena("lava-flows", {"bot": MCTSAgent(iterations=5, seed=1), "r": "random"}, games=1,
          progress=False, save=tmp_path)
    other = MCTSAgent(iterations=5, seed=1, exploration=3.0)
    with pytest.raises(ValueError, match="holds another tournament: its agent 'bot'"):
        arena("lava-flows", {"bot": other, "r": "random"}, games=2, progress=False,
              save=tmp_path)


# --- a game's result is read-only all the way down ---------------------------------------------


class NoMove:
    name = "nomove"

    def act(self, view):
        return None


def changes(record, error):
    yield lambda: record["actions"].append("junk")
    yield lambda: record.__setitem__("seed", 3)
    yield lambda: record["options"].clear()
    yield lambda: error.__setitem__("seat", 1)


def test_a_game_results_record_and_error_cannot_be_changed(tmp_path):
    played = arena("lava-flows", [NoMove, "random"], games=2, progress=False, save=tmp_path)
    for result in (played, tabletop.arena.load(tmp_path)):
        g = result.games[0]
        before = (json.dumps(g.record), json.dumps(g.error), result.rows())
        for change in changes(g.record, g.error):
            with pytest.raises(TypeError, match="read-only"):
                change()
        assert (json.dumps(g.record), json.dumps(g.error), result.rows()) == before
    g = arena("lava-flows", ["random", "random"], games=1, progress=False).games[0]
    assert tabletop.replay(g.record).is_terminal  # still a record
    assert pickle.loads(pickle.dumps(g)) == g and copy.deepcopy(g).record == g.record
    mine = g.record.copy()
    mine["actions"] = list(mine["actions"]) + ["junk"]  # a copy changes


def test_a_game_result_built_by_hand_holds_json_data():
    fields = dict(index=0, seed=1, seats=("a", "b"), scores=(1.0, 0.0), winners=(0,),
                  length=1, finished=True, seconds=0.0)
    record = {"actions": ["x"], "seed": np.int64(1)}
    g = GameResult(**fields, record=record)
    assert type(g.record["seed"]) is int
    record["actions"].append("y")  # the caller's dict is not the result's
    assert g.record["actions"] == ["x"]
    for junk in ({"x": {1, 2}}, {"x": object()}, {1: 2}, [], None, {"x": math.nan}):
        with pytest.raises(TypeError, match="a GameResult's record is"):
            GameResult(**fields, record=junk)
    with pytest.raises(TypeError, match="a GameResult's error is"):
        GameResult(**fields, record={}, error={"message": {1}})


# --- the conformance check: bots' secrecy -------------------------------------------------------


def test_bot_secrecy_passes_a_sound_game_and_catches_a_peeking_one(registered):
    from broken_bots import PeekingNim
    from toygame import SecretNim

    from tabletop.core.testing import ConformanceError
    from tabletop.core.testing.agentsecrecy import check_agent_secrecy

    check_agent_secrecy(registered(SecretNim), seeds=range(3))
    peeking = registered(PeekingNim)
    with pytest.raises(ConformanceError, match="can tell hidden information apart by the "
                                               r"determinized states \(a bot's samples\)"):
        check_agent_secrecy(peeking, seeds=range(3))
    # no other check of what a player sees catches it
    from tabletop.core.testing.secrecy import check_secrecy

    check_secrecy(peeking, seeds=range(3), every=1)


def test_bot_secrecy_is_part_of_check_abuse():
    from tabletop.core.testing.abuse import CHECKS
    from tabletop.core.testing.agentsecrecy import check_agent_secrecy

    assert check_agent_secrecy in CHECKS


# --- entrants described the same in every process ------------------------------------------------


def test_a_function_among_an_entrants_options_is_described_without_its_address(tmp_path):
    from tabletop.agents import agent_label
    from tabletop.arena.entrants import describe

    spec = ("mcts", {"iterations": 5, "evaluate": cutoff_value, "junk": object()})
    # a memory address differs in every process: a dataset could never be resumed
    assert "0x" not in describe(spec) and "0x" not in agent_label(spec)
    assert "tabletop.agents.mcts:cutoff_value" in describe(spec)
    assert agent_label(spec[:1] + ({"evaluate": cutoff_value},)) == "mcts(evaluate=cutoff_value)"
    spec = ("mcts", {"iterations": 5, "evaluate": cutoff_value})
    arena("lava-flows", [spec, "random"], games=1, progress=False, save=tmp_path)
    assert len(arena("lava-flows", [spec, "random"], games=2, progress=False,
                     save=tmp_path)) == 2


def test_make_agent_given_a_class_says_to_make_one():
    from tabletop.agents import MCTSAgent, make_agent
    from tabletop.core.errors import UnknownAgent

    with pytest.raises(UnknownAgent, match=r"not the class MCTSAgent: make one "
                                           r"\(MCTSAgent\(\.\.\.\)\), or give it a name"):
        make_agent(MCTSAgent)


def test_a_results_ratings_take_the_prior_the_function_takes():
    from tabletop.arena import arena
    from tabletop.arena.ratings import ratings

    result = arena("lascaux", ["mcts-weak", "random", "random"], games=6, progress=False)
    strong = str(result.ratings(samples=20, prior=3.0))
    assert strong == str(ratings(result, samples=20, prior=3.0))
    assert strong != str(result.ratings(samples=20, prior=0.5))
