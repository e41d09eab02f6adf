"""The argument check of the conformance suite (``core/testing/arguments.py``): sound toys
pass, each toy that takes what it should refuse is caught, and it runs for every game with
the rest of ``check_abuse`` (``test_abuse.py``)."""

import pytest
from broken_arguments import (
    AnyFlagNim,
    AnyOptionNim,
    AnyPlayerNim,
    AnySeedNim,
    AnyViewerNim,
    ByTextNim,
    LooseFlagNim,
    LooseQueryNim,
    OwnDrawNim,
)
from toygame import SecretNim, TakeAway

from tabletop.core.testing import ConformanceError
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.arguments import check_arguments


def test_it_is_one_of_the_abuse_checks():
    assert check_arguments in CHECKS


@pytest.mark.parametrize("toy", [SecretNim, TakeAway])
def test_sound_toys_pass(registered, toy):
    check_arguments(registered(toy), seeds=range(3))


@pytest.mark.parametrize("toy, message", [
    (AnyOptionNim, r"draw\(highlights=...\), a misspelt option: taken, not refused"),
    (OwnDrawNim, r"draw\(another game's position\): raised AttributeError \(.*\), not "
                 r"TypeError"),
    (AnyFlagNim, r"seed \d ply \d+, state: draw\(shade='no'\), a bool option: taken, not "
                 r"refused"),
    (AnySeedNim, r"seed \d ply \d+, player \d's view: determinize\('7'\): taken, not refused"),
    (AnyPlayerNim, r"any-player-nim player_name: player_name\('0'\): taken, not refused"),
    (AnyViewerNim, r"any-viewer-nim subjects: describe\(None, 0, 0\): taken, not refused"),
    (ByTextNim, r"by-text-nim subjects: apply\(.*\) was refused without saying it is an "
                r"action of "),
    (LooseQueryNim, r"seed \d ply \d+, state: counter_x\(True\): taken, not refused"),
    (LooseFlagNim, r"seed \d ply \d+, state: bonuses\(reveal='no'\): taken, not refused"),
])
def test_each_toy_that_takes_what_it_should_refuse_is_caught(registered, toy, message):
    with pytest.raises(ConformanceError, match=message):
        check_arguments(registered(toy), seeds=range(3))
