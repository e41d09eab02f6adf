"""Probe 33, records and notation: typed junk is refused saying what actions look like (every
game, and the conformance check that says so); one walker of JSON-like data for records and
bot thinking."""

import pytest
from broken_probe33_records import FormsNim, GenericNim, ListsNim, UnquotedNim

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.registry import game_class
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.common import playout
from tabletop.core.testing.probe33_records import check_notation_forms

CONFIGS = [(name, players) for name in tabletop.games()
           for players in game_class(name).player_counts]


@pytest.mark.parametrize("name, players", CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
def test_every_game_says_what_actions_look_like(name, players):
    check_notation_forms(tabletop.load(name, players=players), seeds=range(3), every=3)


EXAMPLES = {"lacuna": "'place 0-1 @1/2'", "lascaux": "'choose blue'",
            "lava-flows": "'move a1-b1'", "landlock": "'f6 r1'"}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_junk_is_refused_with_an_example_mid_game_and_at_the_end(name):
    start = tabletop.load(name).new(seed=4)
    for state in (start, playout(start, seed=4)):
        for subject in (state, state.view(0), state.view(1)):
            with pytest.raises(IllegalAction) as refused:
                subject.game.parse_action(subject, "xyzzy")
            assert refused.value.reason.startswith("'xyzzy' is no ")
            assert EXAMPLES[name] in refused.value.reason


def test_the_sound_toy_passes(registered):
    check_notation_forms(registered(FormsNim), seeds=range(3), every=1)


@pytest.mark.parametrize("broken", [GenericNim, ListsNim, UnquotedNim])
def test_each_broken_toy_is_caught(registered, broken):
    with pytest.raises(ConformanceError, match="refused without saying what actions look"):
        check_notation_forms(registered(broken), seeds=range(3), every=1)
