"""Probe 32, bots: junk given to the agents' constructors and resolvers is refused up front
with a ``ValueError`` or ``TypeError`` naming it — never an error from the insides (an
``islice`` bound, ``inspect``, an import) and never an agent that is not one."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.agents import MCTSAgent, base, make_agent, register_agent, resolve_agent
from tabletop.core.errors import UnknownAgent


@pytest.fixture(autouse=True)
def _registry_as_it_was():
    """Each test's registrations are undone (other tests read ``agent_names()``)."""
    before = dict(base._REGISTRY)
    yield
    base._REGISTRY.clear()
    base._REGISTRY.update(before)


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
