"""Modules split at the 600-line limit keep every name users (and our tests) imported from
them: each is still importable from the old module, as the very object its new module holds,
and a function an arena record names by address (``module:name``) keeps that address."""

import importlib

import pytest

#: The names each module held before it was split (round 53), and where they went.
KEPT = {
    "tabletop.core.game": {"LISTED_ACTIONS": "tabletop.core.legality", "Game": None,
                           "Position": None, "State": None, "View": None, "Action": None},
    "tabletop.agents.mcts": {"Reward": "tabletop.agents.rewards",
                             "outcome": "tabletop.agents.rewards",
                             "score_shares": "tabletop.agents.rewards",
                             "margin_value_of": "tabletop.agents.rewards",
                             "cutoff_value": None, "margin_value": None, "open_slots": None,
                             "WIDEN_FROM": None, "MCTSAgent": None, "_Search": None},
    "tabletop.games.lacuna.position": {"LacunaPosition": None},
    "tabletop.games.lava_flows.rules": {"_BUBBLED": "tabletop.games.lava_flows.bubbles",
                                        "_LOW_KINDS": "tabletop.games.lava_flows.bubbles",
                                        "_bubbled": "tabletop.games.lava_flows.bubbles",
                                        "MAX_PLY_CAP": None, "LavaFlows": None,
                                        "LavaState": None},
}


@pytest.mark.parametrize("module", KEPT)
def test_every_name_is_still_imported_from_where_it_was(module):
    old = importlib.import_module(module)
    for name, home in KEPT[module].items():
        assert hasattr(old, name), f"{module} lost {name}"
        if home is not None:
            public = name.lstrip("_")  # a private name of the old module is public in its new one
            assert getattr(old, name) is getattr(importlib.import_module(home), public)


def test_the_evaluate_functions_keep_the_address_records_name():
    from tabletop.agents import mcts

    for function in (mcts.cutoff_value, mcts.margin_value):
        assert f"{function.__module__}:{function.__qualname__}".startswith(
            "tabletop.agents.mcts:")


def test_states_and_views_check_legality_through_the_shared_mixin():
    import tabletop
    from tabletop.core.legality import Legality

    state = tabletop.load("lava-flows").new(seed=1)
    assert isinstance(state, Legality) and isinstance(state.view(1), Legality)
    assert not state.is_legal("no such move") and state.is_legal(state.legal_actions()[0])
