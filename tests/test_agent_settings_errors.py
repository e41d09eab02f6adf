"""An agent's setting refused says so with one class however the agent is made (round 57,
loose ends): ``MCTSAgent(iterations=0)`` raised a bare ``ValueError`` and
``make_agent("mcts", iterations=0)`` an ``InvalidOption``; ``RandomAgent(seed=-1)`` a
``ValueError`` where ``game.new(seed=-1)`` is an ``InvalidOption``. Every agent's setting
is an ``InvalidOption`` now (``SettingError``, with the same words), made or set again."""

import pickle

import pytest

import tabletop
from tabletop.agents import MCTSAgent, RandomAgent, make_agent
from tabletop.agents.settings import SettingError


def _agents():
    yield "random", RandomAgent, {"seed": -1}
    yield "mcts", MCTSAgent, {"iterations": 0}
    yield "mcts", MCTSAgent, {"seconds": -1}
    yield "mcts", MCTSAgent, {"exploration": float("nan")}
    yield "mcts", MCTSAgent, {"seed": 2**70}
    try:
        from tabletop.adapters.openspiel_agent import ISMCTSAgent
    except ImportError:
        return
    yield None, ISMCTSAgent, {"simulations": 0}
    yield None, ISMCTSAgent, {"uct_c": -1}


@pytest.mark.parametrize(("name", "cls", "options"), list(_agents()))
def test_an_agents_setting_is_an_invalid_option_however_the_agent_is_made(name, cls, options):
    with pytest.raises(tabletop.InvalidOption) as made:
        cls(**options)
    assert isinstance(made.value, SettingError) and isinstance(made.value, ValueError)
    again = pickle.loads(pickle.dumps(made.value))
    assert type(again) is SettingError and str(again) == str(made.value)
    if name is not None:
        with pytest.raises(tabletop.InvalidOption) as named:
            make_agent(name, **options)
        assert str(named.value) == f"agent {name!r}: {made.value}"  # same words, named


def test_a_setting_set_again_is_refused_alike_and_the_agent_keeps_its_own():
    agent = MCTSAgent(iterations=10, seed=1)
    for name, value in (("iterations", 0), ("seconds", float("inf")), ("seed", -1),
                        ("keep_samples", -1)):
        with pytest.raises(SettingError, match=rf"^{name} must be"):
            setattr(agent, name, value)
    assert (agent.iterations, agent.seed, agent.seconds) == (10, 1, None)
    with pytest.raises(SettingError, match="not both None"):
        agent.iterations = None
    with pytest.raises(SettingError, match="give a strength, or iterations"):
        MCTSAgent(strength="weak", iterations=5)
