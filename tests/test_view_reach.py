"""check_view_reach: what a view reaches is the same whatever it hides, for every game; a
toy whose game object keeps a memo filled from full states fails it."""

import pytest
from broken_viewreach import GossipNim, HoldingLavaFlows
from toygame import SecretNim

import tabletop
from tabletop.core.registry import game_class
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.viewreach import check_view_reach

CONFIGS = [(name, players) for name in tabletop.games()
           for players in game_class(name).player_counts]


def test_the_check_is_one_of_the_abuse_checks():
    assert check_view_reach in CHECKS


@pytest.mark.parametrize("name, players", CONFIGS)
def test_every_game_passes(name, players):
    check_view_reach(tabletop.load(name, players=players), seeds=range(2))


def test_the_sound_toy_passes(registered):
    check_view_reach(registered(SecretNim), seeds=range(2))


def test_a_memo_on_the_game_keyed_by_the_secret_is_caught(registered):
    with pytest.raises(ConformanceError, match=r"gossip-nim seed 0 ply \d+: player \d's view "
                                               r"reaches values that depend on what it hides: "
                                               r"\[\"str: 'bonuses"):
        check_view_reach(registered(GossipNim), seeds=range(1))


def test_lava_flows_memos_as_they_were_are_caught(registered):
    with pytest.raises(ConformanceError, match=r"holding-lava-flows seed 0 ply \d+: player \d's "
                                               r"view reaches values that depend on what it "
                                               r"hides"):
        check_view_reach(registered(HoldingLavaFlows), seeds=range(1))
