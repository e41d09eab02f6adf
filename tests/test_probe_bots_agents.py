"""Probe 32, bots: junk given to the agents' constructors and resolvers is refused up front
with a ``ValueError`` or ``TypeError`` naming it — never an error from the insides (an
``islice`` bound, ``inspect``, an import) and never an agent that is not one."""

from __future__ import annotations

import math
import pickle

import numpy as np
import pytest

import tabletop
from tabletop.agents import MCTSAgent, RandomAgent, make_agent, register_agent, resolve_agent
from tabletop.core.errors import UnknownAgent

pytestmark = pytest.mark.usefixtures("agent_registry")


@pytest.mark.parametrize(("option", "value"), [
    ("rollout_depth", 10**100), ("rollout_depth", 10**9 + 1),
    ("keep_samples", 10**100), ("widen_from", 10**100),
])
def test_huge_counts_are_refused_when_the_agent_is_made(option, value):
    with pytest.raises(ValueError, match=f"{option} must be .*at most 10\\*\\*9"):
        MCTSAgent(iterations=5, **{option: value})


def test_the_largest_rollout_depth_still_searches():
    s = tabletop.load("landlock").new(seed=1)
    agent = MCTSAgent(iterations=3, seed=1, rollout_depth=10**9)
    assert agent.act(s.view(s.current_player)) in s.legal_actions()


@pytest.mark.parametrize("spec", [int, dict, bytes])
def test_a_builtin_class_is_no_agent(spec):
    with pytest.raises(TypeError, match="which has no act"):
        resolve_agent(spec, seed=1)


def test_a_class_that_cannot_be_built_is_named():
    class Needy:
        def __init__(self, depth):
            self.depth = depth

        def act(self, view):
            return None

    with pytest.raises(TypeError, match="could not be built with no arguments"):
        resolve_agent(Needy, seed=1)


def test_options_are_named_by_strings():
    with pytest.raises(TypeError, match=r"named by strings, such as .*not 1"):
        resolve_agent(("mcts", {1: 2}), seed=1)


@pytest.mark.parametrize("where", ["no_such_module_xyz:Bot", "tabletop:no_such_bot",
                                   "tabletop.core:errors", ".relative:Bot"])
def test_a_name_registered_as_what_cannot_be_imported(where):
    register_agent("probe32-unimportable", where)
    with pytest.raises(ValueError, match="agent 'probe32-unimportable' is registered as"):
        make_agent("probe32-unimportable")


def test_a_factory_that_makes_no_agent_is_refused_by_name():
    register_agent("probe32-five", lambda seed=None: 5)
    with pytest.raises(TypeError, match="agent 'probe32-five'.* made 5, which has no act"):
        make_agent("probe32-five", seed=1)


def test_a_factory_that_does_not_take_a_seed_is_explained():
    register_agent("probe32-noseed", lambda: None)
    with pytest.raises(TypeError, match="agent 'probe32-noseed'.*called with seed="):
        make_agent("probe32-noseed")


def test_unknown_names_are_still_unknown_agents():
    with pytest.raises(UnknownAgent):
        make_agent("probe32-never-registered")


# --- settings set after the agent is made -------------------------------------------------------

SET_LATER = [
    ("iterations", "x", ValueError, "iterations must be a positive int"),
    ("iterations", 10**12, ValueError, r"at most 10\*\*9"),
    ("iterations", None, ValueError, "iterations or seconds"),
    ("seconds", 1e300, ValueError, "seconds must be a finite number > 0 and at most 86,400"),
    ("seconds", "x", ValueError, "seconds must be"),
    ("exploration", "x", ValueError, "exploration must be a finite number"),
    ("rollout_depth", -1, ValueError, "rollout_depth must be an int ≥ 0"),
    ("rollout_depth", 10**100, ValueError, "rollout_depth must be an int ≥ 0"),
    ("widen_from", "x", ValueError, "widen_from must be a positive int"),
    ("evaluate", 5, ValueError, "evaluate must be a function"),
    ("score_weight", 5, ValueError, "score_weight must be a number from 0 to 1"),
    ("keep_samples", "x", ValueError, "keep_samples must be an int ≥ 0"),
    ("seed", "x", ValueError, "seed must be an int"),
    ("rng", None, TypeError, "rng must be a random.Random"),
]


@pytest.mark.parametrize(("name", "value", "kind", "message"), SET_LATER)
def test_a_setting_set_later_is_checked_as_when_made(name, value, kind, message):
    agent = MCTSAgent(iterations=20, seed=1)
    before = dict(vars(agent))
    with pytest.raises(kind, match=message):
        setattr(agent, name, value)
    assert vars(agent) == before  # nothing changed


def test_settings_set_later_are_used():
    s = tabletop.load("landlock").new(seed=1)
    agent = MCTSAgent(iterations=20, seed=1)
    agent.iterations = np.int64(7)
    agent.rollout_depth = math.inf
    agent.seconds = 5
    agent.iterations = None  # seconds alone now
    agent.iterations = 9
    assert agent.analyse(s).iterations == 9 and type(agent.iterations) is int


@pytest.mark.parametrize(("name", "value", "kind"), [("rng", None, TypeError),
                                                     ("seed", -1, ValueError)])
def test_the_random_agent_checks_its_settings_too(name, value, kind):
    agent = RandomAgent(seed=1)
    with pytest.raises(kind):
        setattr(agent, name, value)
    s = tabletop.load("landlock").new(seed=1)
    assert agent.act(s) in s.legal_actions()


def test_a_searched_agent_still_pickles():
    s = tabletop.load("landlock").new(seed=1)
    agent = MCTSAgent(iterations=20, seed=1)
    agent.act(s)
    copy = pickle.loads(pickle.dumps(agent))
    assert copy.iterations == 20 and copy.act(s) == agent.act(s)


@pytest.mark.parametrize("spec", [("mcts", 5), ("mcts", None), ("mcts", [("iterations", 5)])])
def test_a_pair_whose_options_are_no_mapping_is_refused_in_words(spec):
    from tabletop.agents import agent_label
    from tabletop.arena import arena

    assert agent_label(spec) == "tuple"
    with pytest.raises(TypeError, match=r"an agent is a name, \(name, options\)"):
        arena("landlock", [spec, "random"], games=1, progress=False)


@pytest.mark.parametrize(("word", "why"), [("seed", "the agent is seeded where it is made"),
                                           ("name", "the agent's name is the pair's first")])
def test_a_pair_cannot_set_the_seed_or_the_name(word, why):
    with pytest.raises(ValueError, match=f"cannot set '{word}': {why}"):
        resolve_agent(("mcts", {word: 5, "iterations": 5}), seed=1)
